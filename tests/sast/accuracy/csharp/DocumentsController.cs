using System;
using System.IO;
using System.Net.Http;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;

namespace Shop.Web.Controllers
{
    [Authorize]
    public class DocumentsController : Controller
    {
        private const string Root = "/srv/documents";
        private readonly HttpClient _http;

        public DocumentsController(HttpClient http) => _http = http;

        public IActionResult Download(string name)
        {
            // expect: csharp.path-traversal-action-parameter
            return PhysicalFile(Path.Combine(Root, name), "application/pdf");
        }

        public IActionResult DownloadChecked(string name)
        {
            var full = Path.GetFullPath(Path.Combine(Root, name));
            if (!full.StartsWith(Root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
                return BadRequest();
            // ok: csharp.path-traversal-action-parameter
            return PhysicalFile(full, "application/pdf");
        }

        public IActionResult Preview(string name)
        {
            // ok: csharp.path-traversal-action-parameter
            var text = System.IO.File.ReadAllText(Path.Combine(Root, Path.GetFileName(name)));
            return Content(text);
        }

        public async Task<IActionResult> Mirror(string url)
        {
            // Known limitation: an action parameter used as an outgoing URL is not tracked
            // (only Request.Query/Form/... values are); this SSRF is missed.
            // expect: csharp.ssrf-request-url
            var body = await _http.GetStringAsync(url);
            return Content(body);
        }

        [HttpPost]
        [Authorize(Roles = "Admin")]
        public IActionResult DeleteAll()
        {
            foreach (var f in Directory.GetFiles(Root))
            {
                // ok: csharp.path-traversal-request
                System.IO.File.Delete(f);
            }
            return Ok();
        }

        [HttpGet]
        // expect: csharp.allow-anonymous-sensitive-action
        [AllowAnonymous]
        public IActionResult AdminExport()
        {
            return PhysicalFile(Path.Combine(Root, "export.zip"), "application/zip");
        }
    }

    public class ArchiveJob
    {
        // Not a controller: the path comes from configuration.
        public void Rotate(string logPath)
        {
            // ok: csharp.path-traversal-action-parameter
            System.IO.File.Move(logPath, logPath + ".1");
        }
    }
}
