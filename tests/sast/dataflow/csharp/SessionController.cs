using System.Collections.Generic;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("session")]
    public class SessionController : Controller
    {
        [HttpPost("profile")]
        public IActionResult Profile()
        {
            string name = Request.Form["displayName"];
            // expect: CWE-501
            HttpContext.Session.SetString("DisplayName", name);
            return NoContent();
        }

        [HttpPost("profile/v2")]
        public IActionResult ProfileV2()
        {
            string name = Request.Form["displayName"];
            name = "Guest";
            // ok: CWE-501
            HttpContext.Session.SetString("DisplayName", name);
            return NoContent();
        }

        [HttpGet("theme")]
        public IActionResult Theme()
        {
            var theme = ThemeFromRequest();
            // expect: CWE-501
            HttpContext.Session.SetString("Theme", theme);
            return NoContent();
        }

        [HttpGet("theme/default")]
        public IActionResult ThemeDefault()
        {
            var theme = DefaultTheme();
            // ok: CWE-501
            HttpContext.Session.SetString("Theme", theme);
            return NoContent();
        }

        [HttpGet("impersonate")]
        public IActionResult Impersonate()
        {
            var context = new UserContext(Request.Headers["X-User-Id"]);
            // expect: CWE-501
            HttpContext.Session.SetString("UserId", context.UserId);
            return NoContent();
        }

        [HttpGet("impersonate/anonymous")]
        public IActionResult ImpersonateAnonymous()
        {
            var context = new UserContext("anonymous");
            // ok: CWE-501
            HttpContext.Session.SetString("UserId", context.UserId);
            return NoContent();
        }

        [HttpPost("signup")]
        public IActionResult Signup()
        {
            var profile = new Dictionary<string, string> { ["plan"] = "free" };
            profile["email"] = Request.Form["email"];
            // expect: CWE-501
            HttpContext.Session.SetString("Profile", profile["email"]);
            return NoContent();
        }

        [HttpPost("signup/plan")]
        public IActionResult SignupPlan()
        {
            var profile = new Dictionary<string, string> { ["plan"] = "free" };
            profile["email"] = Request.Form["email"];
            // ok: CWE-501
            HttpContext.Session.SetString("Profile", profile["plan"]);
            return NoContent();
        }

        [HttpGet("logging")]
        public IActionResult Logging([FromQuery] bool debug)
        {
            string requested = Request.Query["level"];
            string level = debug ? requested : "Info";
            // expect: CWE-501
            HttpContext.Session.SetString("LogLevel", level);
            return NoContent();
        }

        [HttpGet("logging/v2")]
        public IActionResult LoggingV2([FromQuery] bool debug)
        {
            string requested = Request.Query["level"];
            string level = debug ? "Verbose" : "Info";
            // ok: CWE-501
            HttpContext.Session.SetString("LogLevel", level);
            return NoContent();
        }

        [HttpGet("landing")]
        public IActionResult Landing()
        {
            var origin = "direct";
            string referrer = Request.Query["ref"];
            if (!string.IsNullOrEmpty(referrer))
            {
                origin = referrer;
            }
            // expect: CWE-501
            HttpContext.Session.SetString("Origin", origin);
            return NoContent();
        }

        [HttpGet("landing/v2")]
        public IActionResult LandingV2()
        {
            var origin = "direct";
            string referrer = Request.Query["ref"];
            if (false)
            {
                origin = referrer;
            }
            // ok: CWE-501
            HttpContext.Session.SetString("Origin", origin);
            return NoContent();
        }

        [HttpPost("greeting")]
        public IActionResult Greeting([FromForm] string first, [FromForm] string last)
        {
            var display = string.Format("{0} {1}", first, last);
            // expect: CWE-501
            HttpContext.Session.SetString("Greeting", display);
            return NoContent();
        }

        [HttpPost("greeting/v2")]
        public IActionResult GreetingV2([FromForm] string first, [FromForm] string last)
        {
            var display = string.Format("{0} {1}", "Valued", "Customer");
            // ok: CWE-501
            HttpContext.Session.SetString("Greeting", display);
            return NoContent();
        }

        [HttpPost("role")]
        public IActionResult Role([FromBody] string role)
        {
            Remember("Role", role);
            return NoContent();
        }

        [HttpPost("role/v2")]
        public IActionResult RoleV2([FromBody] string role)
        {
            RememberDefaultRole("Role");
            return NoContent();
        }

        private string ThemeFromRequest()
        {
            return Request.Cookies["theme"];
        }

        private static string DefaultTheme()
        {
            return "light";
        }

        private void Remember(string key, string value)
        {
            // expect: CWE-501
            HttpContext.Session.SetString(key, value);
        }

        private void RememberDefaultRole(string key)
        {
            var value = "reader";
            // ok: CWE-501
            HttpContext.Session.SetString(key, value);
        }
    }
}
