using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/files")]
    public class FileController : Controller
    {
        private const string Root = "/srv/files";
        private const string UploadRoot = "/srv/uploads";
        private const string ReportRoot = "/srv/reports";
        private const string TemplateRoot = "/srv/templates";
        private static readonly HashSet<string> PublicFiles = new HashSet<string> { "terms.pdf", "privacy.pdf", "pricing.pdf" };

        [HttpGet("notes")]
        public IActionResult Notes([FromQuery] string name)
        {
            var path = Path.Combine(Root, name);
            // expect: CWE-22
            var text = System.IO.File.ReadAllText(path);
            return Ok(text);
        }

        [HttpGet("notes/v2")]
        public IActionResult NotesV2([FromQuery] string name)
        {
            var path = Path.Combine(Root, Path.GetFileName(name));
            // ok: CWE-22
            var text = System.IO.File.ReadAllText(path);
            return Ok(text);
        }

        [HttpGet("download")]
        public IActionResult Download([FromQuery] string file)
        {
            var path = Root + "/public/" + file;
            // expect: CWE-22
            var stream = System.IO.File.OpenRead(path);
            return File(stream, "application/octet-stream");
        }

        [HttpGet("download/v2")]
        public IActionResult DownloadV2([FromQuery] string file)
        {
            if (!PublicFiles.Contains(file))
            {
                return NotFound();
            }
            var path = Root + "/public/" + file;
            // ok: CWE-22
            var stream = System.IO.File.OpenRead(path);
            return File(stream, "application/octet-stream");
        }

        [HttpPost("delete")]
        public IActionResult Delete()
        {
            string name = Request.Form["file"];
            var full = Path.GetFullPath(Path.Combine(UploadRoot, name));
            // expect: CWE-22
            System.IO.File.Delete(full);
            return NoContent();
        }

        [HttpPost("delete/v2")]
        public IActionResult DeleteV2()
        {
            string name = Request.Form["file"];
            var full = Path.GetFullPath(Path.Combine(UploadRoot, name));
            if (!full.StartsWith(UploadRoot + Path.DirectorySeparatorChar, StringComparison.Ordinal))
            {
                return BadRequest();
            }
            // ok: CWE-22
            System.IO.File.Delete(full);
            return NoContent();
        }

        [HttpGet("reports")]
        public IActionResult Report([FromQuery] string name)
        {
            // expect: CWE-22
            return PhysicalFile(ResolveReport(name), "application/pdf");
        }

        [HttpGet("reports/v2")]
        public IActionResult ReportV2([FromQuery] string name)
        {
            // ok: CWE-22
            return PhysicalFile(ResolveReport(Path.GetFileName(name)), "application/pdf");
        }

        [HttpGet("templates")]
        public IActionResult Template([FromQuery] string template)
        {
            return Ok(ReadTemplate(template));
        }

        [HttpGet("templates/v2")]
        public IActionResult TemplateV2([FromQuery] string template)
        {
            return Ok(ReadTemplateByName(template));
        }

        [HttpGet("storage")]
        public IActionResult Storage([FromQuery] string doc)
        {
            var path = StoragePaths.Resolve(doc);
            // expect: CWE-22
            var bytes = System.IO.File.ReadAllBytes(path);
            return File(bytes, "application/octet-stream");
        }

        [HttpGet("storage/v2")]
        public IActionResult StorageV2([FromQuery] string doc)
        {
            var path = StoragePaths.ResolveFileName(doc);
            // ok: CWE-22
            var bytes = System.IO.File.ReadAllBytes(path);
            return File(bytes, "application/octet-stream");
        }

        [HttpGet("attachments")]
        public IActionResult AttachmentFile()
        {
            var attachment = new Attachment(Request.Query["name"]);
            // expect: CWE-22
            var stream = System.IO.File.OpenRead(attachment.StoragePath);
            return File(stream, "application/octet-stream");
        }

        [HttpGet("attachments/readme")]
        public IActionResult AttachmentReadme()
        {
            var attachment = new Attachment("readme.txt");
            // ok: CWE-22
            var stream = System.IO.File.OpenRead(attachment.StoragePath);
            return File(stream, "application/octet-stream");
        }

        [HttpGet("avatar")]
        public IActionResult Avatar()
        {
            var paths = new Dictionary<string, string> { ["logo"] = "/srv/static/logo.png" };
            paths["custom"] = Request.Cookies["avatar"];
            // expect: CWE-22
            var bytes = System.IO.File.ReadAllBytes(paths["custom"]);
            return File(bytes, "image/png");
        }

        [HttpGet("avatar/default")]
        public IActionResult AvatarDefault()
        {
            var paths = new Dictionary<string, string> { ["logo"] = "/srv/static/logo.png" };
            paths["custom"] = Request.Cookies["avatar"];
            // ok: CWE-22
            var bytes = System.IO.File.ReadAllBytes(paths["logo"]);
            return File(bytes, "image/png");
        }

        [HttpGet("docs")]
        public IActionResult Docs([FromQuery] string name)
        {
            var candidates = new List<string> { Path.Combine(Root, "default.txt"), Path.Combine(Root, name) };
            // expect: CWE-22
            var text = System.IO.File.ReadAllText(candidates[1]);
            return Ok(text);
        }

        [HttpGet("docs/default")]
        public IActionResult DocsDefault([FromQuery] string name)
        {
            var candidates = new List<string> { Path.Combine(Root, "default.txt"), Path.Combine(Root, name) };
            // ok: CWE-22
            var text = System.IO.File.ReadAllText(candidates[0]);
            return Ok(text);
        }

        [HttpGet("exports")]
        public IActionResult Export([FromQuery] string period)
        {
            var path = $"{Root}/exports/{period}.csv";
            // expect: CWE-22
            var bytes = System.IO.File.ReadAllBytes(path);
            return File(bytes, "text/csv");
        }

        [HttpGet("exports/v2")]
        public IActionResult ExportV2([FromQuery] string period)
        {
            var path = $"{Root}/exports/{Path.GetFileName(period)}.csv";
            // ok: CWE-22
            var bytes = System.IO.File.ReadAllBytes(path);
            return File(bytes, "text/csv");
        }

        [HttpGet("archive")]
        public IActionResult Archive([FromQuery] string year)
        {
            var sb = new StringBuilder(Root);
            sb.Append("/archive/").Append(year).Append("/index.json");
            // expect: CWE-22
            var json = System.IO.File.ReadAllText(sb.ToString());
            return Ok(json);
        }

        [HttpGet("archive/v2")]
        public IActionResult ArchiveV2([FromQuery] string year)
        {
            var sb = new StringBuilder(Root);
            sb.Append("/archive/").Append(int.Parse(year)).Append("/index.json");
            // ok: CWE-22
            var json = System.IO.File.ReadAllText(sb.ToString());
            return Ok(json);
        }

        [HttpGet("page")]
        public IActionResult Page([FromQuery] string name)
        {
            var file = string.IsNullOrEmpty(name) ? "index.txt" : name;
            // expect: CWE-22
            return PhysicalFile(Path.Combine(Root, file), "text/plain");
        }

        [HttpGet("page/v2")]
        public IActionResult PageV2([FromQuery] string name)
        {
            var file = string.IsNullOrEmpty(name) ? "index.txt" : Path.GetFileName(name);
            // ok: CWE-22
            return PhysicalFile(Path.Combine(Root, file), "text/plain");
        }

        [HttpGet("custom")]
        public IActionResult Custom()
        {
            var path = Path.Combine(Root, "default.txt");
            string custom = Request.Headers["X-Custom-File"];
            if (!string.IsNullOrEmpty(custom))
            {
                path = Path.Combine(Root, custom);
            }
            // expect: CWE-22
            var text = System.IO.File.ReadAllText(path);
            return Ok(text);
        }

        [HttpGet("custom/v2")]
        public IActionResult CustomV2()
        {
            var path = Path.Combine(Root, "default.txt");
            string custom = Request.Headers["X-Custom-File"];
            if (false)
            {
                path = Path.Combine(Root, custom);
            }
            // ok: CWE-22
            var text = System.IO.File.ReadAllText(path);
            return Ok(text);
        }

        [HttpPost("logs")]
        public IActionResult AppendLog([FromForm] string channel, [FromForm] string line)
        {
            string logName = channel + ".log";
            // expect: CWE-22
            System.IO.File.AppendAllText(Path.Combine("/var/log/app", logName), line + Environment.NewLine);
            return NoContent();
        }

        [HttpPost("logs/v2")]
        public IActionResult AppendLogV2([FromForm] string channel, [FromForm] string line)
        {
            string logName = channel + ".log";
            logName = "app.log";
            // ok: CWE-22
            System.IO.File.AppendAllText(Path.Combine("/var/log/app", logName), line + Environment.NewLine);
            return NoContent();
        }

        private static string ResolveReport(string name)
        {
            return Path.Combine(ReportRoot, name + ".pdf");
        }

        private static string ReadTemplate(string template)
        {
            var path = Path.Combine(TemplateRoot, template);
            // expect: CWE-22
            return System.IO.File.ReadAllText(path);
        }

        private static string ReadTemplateByName(string template)
        {
            var path = Path.Combine(TemplateRoot, Path.GetFileName(template));
            // ok: CWE-22
            return System.IO.File.ReadAllText(path);
        }
    }
}
