using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Text;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("web")]
    public class XssController : Controller
    {
        [HttpGet("search")]
        public IActionResult Search([FromQuery] string q)
        {
            var html = "<p>Results for " + q + "</p>";
            // expect: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("search/v2")]
        public IActionResult SearchV2([FromQuery] string q)
        {
            var html = "<p>Results for " + WebUtility.HtmlEncode(q) + "</p>";
            // ok: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("hello")]
        public async Task Hello()
        {
            string name = Request.Query["name"];
            Response.ContentType = "text/html";
            // expect: CWE-79
            await Response.WriteAsync("<h1>Hello " + name + "</h1>");
        }

        [HttpGet("hello/v2")]
        public async Task HelloV2()
        {
            string name = Request.Query["name"];
            Response.ContentType = "text/html";
            // ok: CWE-79
            await Response.WriteAsync("<h1>Hello " + HtmlEncoder.Default.Encode(name) + "</h1>");
        }

        [HttpGet("error")]
        public IActionResult Error([FromQuery] string message)
        {
            var html = RenderError(message);
            // expect: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("error/v2")]
        public IActionResult ErrorV2([FromQuery] string message)
        {
            var html = RenderError(HtmlEncoder.Default.Encode(message));
            // ok: CWE-79
            return Content(html, "text/html");
        }

        [HttpPost("preview")]
        public IActionResult Preview([FromForm] string body)
        {
            return HtmlPage(body);
        }

        [HttpPost("preview/v2")]
        public IActionResult PreviewV2([FromForm] string body)
        {
            return EncodedHtmlPage(body);
        }

        [HttpGet("badge")]
        public IActionResult Badge([FromQuery] string label)
        {
            var html = HtmlFragments.Badge(label);
            // expect: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("badge/v2")]
        public IActionResult BadgeV2([FromQuery] string label)
        {
            var html = HtmlFragments.EncodedBadge(label);
            // ok: CWE-79
            return Content(html, "text/html");
        }

        [HttpPost("comments")]
        public IActionResult PostComment()
        {
            var comment = new Comment(Request.Form["author"], "Thanks!");
            // expect: CWE-79
            return Content("<li class=\"comment\"><b>" + comment.GetAuthor() + "</b> " + comment.Text + "</li>", "text/html");
        }

        [HttpPost("comments/anonymous")]
        public IActionResult PostAnonymousComment()
        {
            var comment = new Comment("Anonymous", "Thanks!");
            // ok: CWE-79
            return Content("<li class=\"comment\"><b>" + comment.GetAuthor() + "</b> " + comment.Text + "</li>", "text/html");
        }

        [HttpGet("breadcrumb")]
        public IActionResult Breadcrumb([FromQuery] string crumb)
        {
            var items = new List<string> { "Home" };
            items.Add(crumb);
            var html = "<nav>" + items[1] + "</nav>";
            // expect: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("breadcrumb/home")]
        public IActionResult BreadcrumbHome([FromQuery] string crumb)
        {
            var items = new List<string> { "Home" };
            items.Add(crumb);
            var html = "<nav>" + items[0] + "</nav>";
            // ok: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("banner")]
        public IActionResult Banner()
        {
            var prefs = new Dictionary<string, string>();
            prefs["theme"] = "light";
            prefs["banner"] = Request.Query["banner"];
            // expect: CWE-79
            return Content("<div class=\"banner\">" + prefs["banner"] + "</div>", "text/html");
        }

        [HttpGet("banner/theme")]
        public IActionResult BannerTheme()
        {
            var prefs = new Dictionary<string, string>();
            prefs["theme"] = "light";
            prefs["banner"] = Request.Query["banner"];
            // ok: CWE-79
            return Content("<div class=\"banner\">" + prefs["theme"] + "</div>", "text/html");
        }

        [HttpPost("tags")]
        public IActionResult Tags([FromForm] List<string> tags)
        {
            var sb = new StringBuilder("<ul>");
            foreach (var tag in tags)
            {
                sb.AppendFormat("<li>{0}</li>", tag);
            }
            sb.Append("</ul>");
            // expect: CWE-79
            return Content(sb.ToString(), "text/html");
        }

        [HttpPost("tags/v2")]
        public IActionResult TagsV2([FromForm] List<string> tags)
        {
            var sb = new StringBuilder("<ul>");
            foreach (var tag in tags)
            {
                sb.AppendFormat("<li>{0}</li>", HtmlEncoder.Default.Encode(tag));
            }
            sb.Append("</ul>");
            // ok: CWE-79
            return Content(sb.ToString(), "text/html");
        }

        [HttpGet("members")]
        public IActionResult Members([FromQuery] string[] names)
        {
            var html = "<p>Members: " + string.Join(", ", names) + "</p>";
            // expect: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("members/v2")]
        public IActionResult MembersV2([FromQuery] string[] names)
        {
            var html = "<p>Members: " + string.Join(", ", names.Select(n => WebUtility.HtmlEncode(n))) + "</p>";
            // ok: CWE-79
            return Content(html, "text/html");
        }

        [HttpGet("welcome")]
        public IActionResult Welcome([FromQuery] string user)
        {
            var greeting = string.IsNullOrEmpty(user) ? "Welcome, guest" : "Welcome back, " + user;
            // expect: CWE-79
            return Content($"<header>{greeting}</header>", "text/html");
        }

        [HttpGet("welcome/v2")]
        public IActionResult WelcomeV2([FromQuery] string user)
        {
            var greeting = string.IsNullOrEmpty(user) ? "Welcome, guest" : "Welcome back, " + HtmlEncoder.Default.Encode(user);
            // ok: CWE-79
            return Content($"<header>{greeting}</header>", "text/html");
        }

        [HttpGet("notice")]
        public IActionResult Notice()
        {
            string msg = Request.Query["msg"];
            // expect: CWE-79
            return Content("<p class=\"notice\">" + msg + "</p>", "text/html");
        }

        [HttpGet("notice/v2")]
        public IActionResult NoticeV2()
        {
            string msg = Request.Query["msg"];
            msg = "Your changes were saved.";
            // ok: CWE-79
            return Content("<p class=\"notice\">" + msg + "</p>", "text/html");
        }

        [HttpGet("footer")]
        public async Task Footer()
        {
            var html = "<footer>&copy; Example</footer>";
            string note = Request.Query["note"];
            if (!string.IsNullOrEmpty(note))
            {
                html = "<footer>" + note + "</footer>";
            }
            Response.ContentType = "text/html";
            // expect: CWE-79
            await Response.WriteAsync(html);
        }

        [HttpGet("footer/v2")]
        public async Task FooterV2()
        {
            var html = "<footer>&copy; Example</footer>";
            string note = Request.Query["note"];
            if (false)
            {
                html = "<footer>" + note + "</footer>";
            }
            Response.ContentType = "text/html";
            // ok: CWE-79
            await Response.WriteAsync(html);
        }

        private static string RenderError(string message)
        {
            return $"<div class=\"error\">{message}</div>";
        }

        private ContentResult HtmlPage(string body)
        {
            // expect: CWE-79
            return Content("<html><body>" + body + "</body></html>", "text/html");
        }

        private ContentResult EncodedHtmlPage(string body)
        {
            var encoded = WebUtility.HtmlEncode(body);
            // ok: CWE-79
            return Content("<html><body>" + encoded + "</body></html>", "text/html");
        }
    }
}
