using System.Collections.Generic;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("account")]
    public class RedirectController : Controller
    {
        private static readonly HashSet<string> Tenants = new HashSet<string> { "acme", "globex", "initech" };

        [HttpGet("login/done")]
        public IActionResult LoginDone()
        {
            string returnUrl = Request.Query["returnUrl"];
            // expect: CWE-601
            return Redirect(returnUrl);
        }

        [HttpGet("login/done/v2")]
        public IActionResult LoginDoneV2()
        {
            string returnUrl = Request.Query["returnUrl"];
            if (!Url.IsLocalUrl(returnUrl))
            {
                return Redirect("/");
            }
            // ok: CWE-601
            return Redirect(returnUrl);
        }

        [HttpGet("welcome")]
        public IActionResult Welcome([FromQuery] string returnUrl)
        {
            var target = BuildReturnUrl(returnUrl);
            // expect: CWE-601
            return Redirect(target);
        }

        [HttpGet("welcome/v2")]
        public IActionResult WelcomeV2([FromQuery] string returnUrl)
        {
            var target = BuildReturnUrl("/account/profile");
            // ok: CWE-601
            return Redirect(target);
        }

        [HttpGet("mail/click")]
        public IActionResult MailClick([FromQuery] string url)
        {
            var target = UrlPolicy.WithTracking(url);
            // expect: CWE-601
            return Redirect(target);
        }

        [HttpGet("mail/click/v2")]
        public IActionResult MailClickV2([FromQuery] string url)
        {
            var target = UrlPolicy.WithTracking(UrlPolicy.LocalOnly(url));
            // ok: CWE-601
            return Redirect(target);
        }

        [HttpPost("continue")]
        public IActionResult Continue()
        {
            var targets = new Dictionary<string, string> { ["home"] = "/", ["help"] = "/help" };
            targets["next"] = Request.Form["next"];
            // expect: CWE-601
            return Redirect(targets["next"]);
        }

        [HttpPost("continue/help")]
        public IActionResult ContinueHelp()
        {
            var targets = new Dictionary<string, string> { ["home"] = "/", ["help"] = "/help" };
            targets["next"] = Request.Form["next"];
            // ok: CWE-601
            return Redirect(targets["help"]);
        }

        [HttpGet("logout")]
        public IActionResult Logout([FromQuery] string next)
        {
            var destination = string.IsNullOrEmpty(next) ? "/" : next;
            // expect: CWE-601
            return Redirect(destination);
        }

        [HttpGet("logout/v2")]
        public IActionResult LogoutV2([FromQuery] string next)
        {
            var destination = Url.IsLocalUrl(next) ? next : "/";
            // ok: CWE-601
            return Redirect(destination);
        }

        [HttpGet("sso")]
        public IActionResult SingleSignOn([FromQuery] string tenant)
        {
            var url = $"https://{tenant}.example.com/login";
            // expect: CWE-601
            return Redirect(url);
        }

        [HttpGet("sso/v2")]
        public IActionResult SingleSignOnV2([FromQuery] string tenant)
        {
            if (!Tenants.Contains(tenant))
            {
                return BadRequest();
            }
            var url = $"https://{tenant}.example.com/login";
            // ok: CWE-601
            return Redirect(url);
        }

        [HttpGet("back")]
        public IActionResult Back()
        {
            var history = new List<string> { "/account", Request.Query["from"] };
            // expect: CWE-601
            return Redirect(history[1]);
        }

        [HttpGet("back/v2")]
        public IActionResult BackV2()
        {
            var history = new List<string> { "/account", Request.Query["from"] };
            // ok: CWE-601
            return Redirect(history[0]);
        }

        private static string BuildReturnUrl(string returnUrl)
        {
            return returnUrl + (returnUrl.Contains('?') ? "&" : "?") + "welcome=1";
        }
    }
}
