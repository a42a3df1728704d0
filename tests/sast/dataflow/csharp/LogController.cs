using System;
using System.Collections.Generic;
using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Web;
using log4net;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
using Serilog;

namespace Rampart.Samples.Controllers
{
    [Route("api/account")]
    public class LogController : Controller
    {
        private static readonly ILog _auditLog = LogManager.GetLogger("audit");

        private readonly ILogger<LogController> _logger;

        public LogController(ILogger<LogController> logger)
        {
            _logger = logger;
        }

        [HttpPost("login")]
        public IActionResult Login([FromForm] string user)
        {
            var message = "Failed login for " + user;
            // expect: CWE-117
            _logger.LogWarning(message);
            return Unauthorized();
        }

        [HttpPost("login/clean")]
        public IActionResult LoginClean([FromForm] string user)
        {
            var message = "Failed login for " + user.Replace("\r", "").Replace("\n", "");
            // ok: CWE-117
            _logger.LogWarning(message);
            return Unauthorized();
        }

        [HttpGet("search")]
        public IActionResult Search([FromQuery] string q)
        {
            // expect: CWE-117
            _logger.LogInformation("Search for {Query}", Describe(q));
            return Ok();
        }

        [HttpGet("search/redacted")]
        public IActionResult SearchRedacted([FromQuery] string q)
        {
            // ok: CWE-117
            _logger.LogInformation("Search for {Query}", Redact(q));
            return Ok();
        }

        [HttpGet("search/trimmed")]
        public IActionResult SearchTrimmed([FromQuery] string q)
        {
            // expect: CWE-117
            _logger.LogInformation("Search for {Query}", Trimmed(q));
            return Ok();
        }

        [HttpGet("search/oneline")]
        public IActionResult SearchOneLine([FromQuery] string q)
        {
            // ok: CWE-117
            _logger.LogInformation("Search for {Query}", OneLine(q));
            return Ok();
        }

        [HttpPost("coupon")]
        public IActionResult Coupon(string code)
        {
            var parts = new List<string>();
            parts.Add("checkout");
            parts.Add(code);
            // expect: CWE-117
            _logger.LogInformation("Coupon {Code} applied", parts[1]);
            return Ok();
        }

        [HttpPost("coupon/step")]
        public IActionResult CouponStep(string code)
        {
            var parts = new List<string>();
            parts.Add("checkout");
            parts.Add(code);
            // ok: CWE-117
            _logger.LogInformation("Coupon step {Step}", parts[0]);
            return Ok();
        }

        [HttpGet("visit")]
        public IActionResult Visit()
        {
            var entry = new Dictionary<string, string> { ["path"] = "/api/account/visit" };
            entry["agent"] = Request.Headers["User-Agent"];
            // expect: CWE-117
            _auditLog.Info("Visit from " + entry["agent"]);
            return Ok();
        }

        [HttpGet("visit/path")]
        public IActionResult VisitPath()
        {
            var entry = new Dictionary<string, string> { ["path"] = "/api/account/visit" };
            entry["agent"] = Request.Headers["User-Agent"];
            // ok: CWE-117
            _auditLog.Info("Visit to " + entry["path"]);
            return Ok();
        }

        [HttpPost("note")]
        public IActionResult Note([FromBody] string note)
        {
            var line = new StringBuilder();
            line.Append("Order note: ");
            line.Append(note);
            // expect: CWE-117
            _logger.LogDebug(line.ToString());
            return Ok();
        }

        [HttpPost("note/encoded")]
        public IActionResult NoteEncoded([FromBody] string note)
        {
            var line = new StringBuilder();
            line.Append("Order note: ");
            line.Append(WebUtility.UrlEncode(note));
            // ok: CWE-117
            _logger.LogDebug(line.ToString());
            return Ok();
        }

        [HttpGet("referer")]
        public IActionResult Referer()
        {
            string referer = Request.Headers["Referer"];
            var source = string.IsNullOrEmpty(referer) ? "direct" : referer;
            // expect: CWE-117
            Log.Information("Arrived from {Source}", source);
            return Ok();
        }

        [HttpGet("referer/encoded")]
        public IActionResult RefererEncoded()
        {
            string referer = Request.Headers["Referer"];
            var source = string.IsNullOrEmpty(referer) ? "direct" : HttpUtility.UrlEncode(referer);
            // ok: CWE-117
            Log.Information("Arrived from {Source}", source);
            return Ok();
        }

        [HttpPost("payment")]
        public IActionResult Payment([FromForm] string account)
        {
            // expect: CWE-117
            _logger.LogError(string.Format("Payment failed for account {0}", account));
            return StatusCode(402);
        }

        [HttpPost("payment/numbered")]
        public IActionResult PaymentNumbered([FromForm] string account)
        {
            var number = long.Parse(account);
            // ok: CWE-117
            _logger.LogError(string.Format("Payment failed for account {0}", number));
            return StatusCode(402);
        }

        [HttpPost("upload")]
        public IActionResult Upload()
        {
            string name = Request.Form["filename"];
            // expect: CWE-117
            Log.Warning($"Rejected upload {name}");
            return BadRequest();
        }

        [HttpPost("upload/anonymous")]
        public IActionResult UploadAnonymous()
        {
            string name = Request.Form["filename"];
            name = "upload.bin";
            // ok: CWE-117
            Log.Warning($"Rejected upload {name}");
            return BadRequest();
        }

        [HttpGet("agent")]
        public IActionResult Agent(bool verbose)
        {
            string agent = Request.Headers["User-Agent"];
            if (verbose)
            {
                // expect: CWE-117
                _auditLog.Debug("Client agent " + agent);
            }
            return Ok();
        }

        [HttpGet("agent/quiet")]
        public IActionResult AgentQuiet(bool verbose)
        {
            string agent = Request.Headers["User-Agent"];
            if (false)
            {
                // ok: CWE-117
                _auditLog.Debug("Client agent " + agent);
            }
            return Ok();
        }

        [HttpPost("reset")]
        public IActionResult Reset([FromForm] string email)
        {
            // expect: CWE-117
            _logger.Log(LogLevel.Warning, "Password reset requested for {Email}", email);
            return Accepted();
        }

        [HttpPost("reset/serialized")]
        public IActionResult ResetSerialized([FromForm] string email)
        {
            // ok: CWE-117
            _logger.Log(LogLevel.Warning, "Password reset requested for {Email}", JsonSerializer.Serialize(email));
            return Accepted();
        }

        [HttpPost("rename")]
        public IActionResult Rename([FromForm] string handle)
        {
            // expect: CWE-117
            _logger.LogInformation("Handle changed to {Handle}", handle);
            return Ok();
        }

        [HttpPost("rename/checked")]
        public IActionResult RenameChecked([FromForm] string handle)
        {
            if (!IsValidHandle(handle))
            {
                return BadRequest();
            }
            // ok: CWE-117
            _logger.LogInformation("Handle changed to {Handle}", handle);
            return Ok();
        }

        private static string Describe(string query)
        {
            return "query=" + query;
        }

        private static string Redact(string query)
        {
            return "query=<redacted>";
        }

        private static string Trimmed(string query)
        {
            return query.Trim();
        }

        private static string OneLine(string query)
        {
            return Regex.Replace(query, @"[\r\n]", "_");
        }

        private static bool IsValidHandle(string handle)
        {
            return handle != null && Regex.IsMatch(handle, "^[a-z0-9_]{3,20}$");
        }
    }
}
