using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/fetch")]
    public class SsrfController : Controller
    {
        private const string DefaultAvatar = "https://images.example.com/avatars/default.png";
        private static readonly HashSet<string> KnownServices = new HashSet<string> { "billing", "inventory", "search" };

        private readonly HttpClient _http;

        public SsrfController(HttpClient http)
        {
            _http = http;
        }

        [HttpGet("preview")]
        public async Task<IActionResult> Preview()
        {
            string url = Request.Query["url"];
            // expect: CWE-918
            var response = await _http.GetAsync(url);
            return StatusCode((int)response.StatusCode);
        }

        [HttpGet("preview/v2")]
        public async Task<IActionResult> PreviewV2()
        {
            string url = Request.Query["url"];
            if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || !UrlPolicy.IsAllowedHost(uri))
            {
                return BadRequest();
            }
            // ok: CWE-918
            var response = await _http.GetAsync(url);
            return StatusCode((int)response.StatusCode);
        }

        [HttpGet("feed")]
        public IActionResult Feed([FromQuery] string host)
        {
            var feedUrl = BuildFeedUrl(host);
            // expect: CWE-918
            var request = WebRequest.Create(feedUrl);
            using var response = request.GetResponse();
            return Ok(response.ContentLength);
        }

        [HttpGet("feed/v2")]
        public IActionResult FeedV2([FromQuery] string host)
        {
            var feedUrl = BuildFeedUrl("feeds.example.com");
            // ok: CWE-918
            var request = WebRequest.Create(feedUrl);
            using var response = request.GetResponse();
            return Ok(response.ContentLength);
        }

        [HttpPost("webhooks/test")]
        public async Task<IActionResult> TestWebhook()
        {
            var target = new WebhookTarget(Request.Form["callback"]);
            var payload = new StringContent("{\"event\":\"ping\"}", Encoding.UTF8, "application/json");
            // expect: CWE-918
            var response = await _http.PostAsync(target.Endpoint, payload);
            return StatusCode((int)response.StatusCode);
        }

        [HttpPost("webhooks/test/v2")]
        public async Task<IActionResult> TestWebhookV2()
        {
            var target = new WebhookTarget("https://hooks.example.com/notify");
            var payload = new StringContent("{\"event\":\"ping\"}", Encoding.UTF8, "application/json");
            // ok: CWE-918
            var response = await _http.PostAsync(target.Endpoint, payload);
            return StatusCode((int)response.StatusCode);
        }

        [HttpGet("status")]
        public async Task<IActionResult> Status()
        {
            var url = Request.Headers["X-Status-Url"].ToString();
            // expect: CWE-918
            var body = await _http.GetStringAsync(url);
            return Ok(body.Length);
        }

        [HttpGet("status/v2")]
        public async Task<IActionResult> StatusV2()
        {
            var url = UrlPolicy.StatusPage();
            // ok: CWE-918
            var body = await _http.GetStringAsync(url);
            return Ok(body.Length);
        }

        [HttpGet("callback")]
        public async Task<IActionResult> Callback()
        {
            var endpoints = new Dictionary<string, string> { ["status"] = "https://status.example.com/api" };
            endpoints["user"] = Request.Headers["X-Callback"];
            // expect: CWE-918
            var body = await _http.GetStringAsync(endpoints["user"]);
            return Ok(body.Length);
        }

        [HttpGet("callback/v2")]
        public async Task<IActionResult> CallbackV2()
        {
            var endpoints = new Dictionary<string, string> { ["status"] = "https://status.example.com/api" };
            endpoints["user"] = Request.Headers["X-Callback"];
            // ok: CWE-918
            var body = await _http.GetStringAsync(endpoints["status"]);
            return Ok(body.Length);
        }

        [HttpGet("health")]
        public IActionResult Health([FromQuery] string service)
        {
            var url = $"http://{service}:8080/health";
            // expect: CWE-918
            var request = WebRequest.Create(url);
            using var response = (HttpWebResponse)request.GetResponse();
            return Ok((int)response.StatusCode);
        }

        [HttpGet("health/v2")]
        public IActionResult HealthV2([FromQuery] string service)
        {
            if (!KnownServices.Contains(service))
            {
                return NotFound();
            }
            var url = $"http://{service}:8080/health";
            // ok: CWE-918
            var request = WebRequest.Create(url);
            using var response = (HttpWebResponse)request.GetResponse();
            return Ok((int)response.StatusCode);
        }

        [HttpGet("package")]
        public async Task<IActionResult> Package([FromQuery] bool useMirror, [FromQuery] string mirror)
        {
            var url = useMirror ? mirror : "https://cdn.example.com/pkg.zip";
            // expect: CWE-918
            var bytes = await _http.GetByteArrayAsync(url);
            return File(bytes, "application/zip");
        }

        [HttpGet("package/v2")]
        public async Task<IActionResult> PackageV2([FromQuery] bool useMirror, [FromQuery] string mirror)
        {
            var url = useMirror ? "https://mirror.example.com/pkg.zip" : "https://cdn.example.com/pkg.zip";
            // ok: CWE-918
            var bytes = await _http.GetByteArrayAsync(url);
            return File(bytes, "application/zip");
        }

        [HttpGet("avatar")]
        public async Task<IActionResult> Avatar([FromQuery] string avatarUrl)
        {
            var url = DefaultAvatar;
            if (!string.IsNullOrEmpty(avatarUrl))
            {
                url = avatarUrl;
            }
            // expect: CWE-918
            var bytes = await _http.GetByteArrayAsync(url);
            return File(bytes, "image/png");
        }

        [HttpGet("avatar/v2")]
        public async Task<IActionResult> AvatarV2([FromQuery] string avatarUrl)
        {
            var url = DefaultAvatar;
            if (false)
            {
                url = avatarUrl;
            }
            // ok: CWE-918
            var bytes = await _http.GetByteArrayAsync(url);
            return File(bytes, "image/png");
        }

        [HttpGet("proxy")]
        public async Task<IActionResult> Proxy()
        {
            var sb = new StringBuilder("http://");
            sb.Append(Request.Query["backend"]).Append("/api/items");
            // expect: CWE-918
            var response = await _http.GetAsync(sb.ToString());
            return StatusCode((int)response.StatusCode);
        }

        [HttpGet("proxy/v2")]
        public async Task<IActionResult> ProxyV2()
        {
            var sb = new StringBuilder("http://");
            sb.Append("inventory.internal").Append("/api/items");
            // ok: CWE-918
            var response = await _http.GetAsync(sb.ToString());
            return StatusCode((int)response.StatusCode);
        }

        private static string BuildFeedUrl(string host)
        {
            return "https://" + host + "/rss.xml";
        }
    }
}
