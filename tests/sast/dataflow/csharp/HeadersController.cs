using System;
using System.Collections.Generic;
using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/headers")]
    public class HeadersController : Controller
    {
        private const string DefaultOrigin = "https://www.example.com";

        private static readonly HashSet<string> AllowedOrigins = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "https://www.example.com",
            "https://shop.example.com",
        };

        [HttpGet("lang")]
        public IActionResult Language([FromQuery] string lang)
        {
            var contentLanguage = lang;
            // expect: CWE-113
            Response.Headers["Content-Language"] = contentLanguage;
            return Ok();
        }

        [HttpGet("lang/clean")]
        public IActionResult LanguageClean([FromQuery] string lang)
        {
            var contentLanguage = lang.Replace("\r", "").Replace("\n", "");
            // ok: CWE-113
            Response.Headers["Content-Language"] = contentLanguage;
            return Ok();
        }

        [HttpGet("statement")]
        public IActionResult Statement([FromQuery] string name)
        {
            // expect: CWE-113
            Response.Headers.Append("Content-Disposition", AttachmentFor(name));
            return File(Array.Empty<byte>(), "application/pdf");
        }

        [HttpGet("statement/generic")]
        public IActionResult StatementGeneric([FromQuery] string name)
        {
            // ok: CWE-113
            Response.Headers.Append("Content-Disposition", GenericAttachment(name));
            return File(Array.Empty<byte>(), "application/pdf");
        }

        [HttpGet("trace")]
        public IActionResult Trace()
        {
            var trace = new Dictionary<string, string> { ["service"] = "shop-api" };
            trace["requestId"] = Request.Headers["X-Request-Id"];
            // expect: CWE-113
            Response.Headers["X-Request-Id"] = trace["requestId"];
            return Ok();
        }

        [HttpGet("trace/service")]
        public IActionResult TraceService()
        {
            var trace = new Dictionary<string, string> { ["service"] = "shop-api" };
            trace["requestId"] = Request.Headers["X-Request-Id"];
            // ok: CWE-113
            Response.Headers["X-Served-By"] = trace["service"];
            return Ok();
        }

        [HttpGet("cors/catalog")]
        public IActionResult CatalogCors()
        {
            string origin = Request.Headers["Origin"];
            var allowed = string.IsNullOrEmpty(origin) ? DefaultOrigin : origin;
            // expect: CWE-113
            Response.Headers.Add("Access-Control-Allow-Origin", allowed);
            return Ok();
        }

        [HttpGet("cors/orders")]
        public IActionResult OrdersCors()
        {
            string origin = Request.Headers["Origin"];
            var allowed = !AllowedOrigins.Contains(origin) ? DefaultOrigin : origin;
            // ok: CWE-113
            Response.Headers.Add("Access-Control-Allow-Origin", allowed);
            return Ok();
        }

        [HttpGet("catalog/page")]
        public IActionResult CatalogPage([FromQuery] string cursor)
        {
            var link = new StringBuilder();
            link.Append("</api/headers/catalog/page?cursor=").Append(cursor).Append(">; rel=\"next\"");
            // expect: CWE-113
            Response.Headers.Append("Link", link.ToString());
            return Ok();
        }

        [HttpGet("catalog/page/encoded")]
        public IActionResult CatalogPageEncoded([FromQuery] string cursor)
        {
            var link = new StringBuilder();
            link.Append("</api/headers/catalog/page?cursor=").Append(Uri.EscapeDataString(cursor)).Append(">; rel=\"next\"");
            // ok: CWE-113
            Response.Headers.Append("Link", link.ToString());
            return Ok();
        }

        [HttpGet("timeout")]
        public IActionResult Timeout([FromQuery] string seconds)
        {
            var delay = "30";
            if (!string.IsNullOrEmpty(seconds))
            {
                delay = seconds;
            }
            // expect: CWE-113
            Response.Headers["Refresh"] = delay + "; url=/account/login";
            return Ok();
        }

        [HttpGet("timeout/fixed")]
        public IActionResult TimeoutFixed([FromQuery] string seconds)
        {
            var delay = "30";
            if (false)
            {
                delay = seconds;
            }
            // ok: CWE-113
            Response.Headers["Refresh"] = delay + "; url=/account/login";
            return Ok();
        }

        [HttpGet("asset")]
        public IActionResult Asset([FromQuery] string bucket)
        {
            var tags = new List<string>();
            tags.Add("assets");
            tags.Add(bucket);
            // expect: CWE-113
            Response.Headers.Add("X-Cache-Tag", tags[1]);
            return Ok();
        }

        [HttpGet("asset/global")]
        public IActionResult AssetGlobal([FromQuery] string bucket)
        {
            var tags = new List<string>();
            tags.Add("assets");
            tags.Add(bucket);
            // ok: CWE-113
            Response.Headers.Add("X-Cache-Tag", tags[0]);
            return Ok();
        }

        [HttpGet("tenant")]
        public IActionResult Tenant()
        {
            string tenant = Request.Query["tenant"];
            // expect: CWE-113
            Response.Headers.Append("X-Tenant", tenant);
            return Ok();
        }

        [HttpGet("tenant/default")]
        public IActionResult TenantDefault()
        {
            string tenant = Request.Query["tenant"];
            tenant = "default";
            // ok: CWE-113
            Response.Headers.Append("X-Tenant", tenant);
            return Ok();
        }

        private static string AttachmentFor(string fileName)
        {
            return "attachment; filename=\"" + fileName + "\"";
        }

        private static string GenericAttachment(string fileName)
        {
            return "attachment; filename=\"statement.pdf\"";
        }
    }
}
