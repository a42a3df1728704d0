using System.Collections.Generic;
using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/tools")]
    public class CommandController : Controller
    {
        private static readonly Regex HostPattern = new Regex(@"^[a-zA-Z0-9.-]{1,253}\z");
        private static readonly HashSet<string> SharedFolders = new HashSet<string> { "public", "reports", "invoices" };

        [HttpGet("ping")]
        public IActionResult Ping()
        {
            string host = Request.Query["host"];
            var args = "/c ping -n 1 " + host;
            // expect: CWE-78
            using var proc = Process.Start("cmd.exe", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("ping/v2")]
        public IActionResult PingV2()
        {
            string host = Request.Query["host"];
            if (!HostPattern.IsMatch(host))
            {
                return BadRequest();
            }
            var args = "/c ping -n 1 " + host;
            // ok: CWE-78
            using var proc = Process.Start("cmd.exe", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("share")]
        public IActionResult ListShare([FromQuery] string dir)
        {
            var script = "ls -la /srv/share/" + dir;
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "/bin/sh", Arguments = "-c \"" + script + "\"", RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("share/v2")]
        public IActionResult ListShareV2([FromQuery] string dir)
        {
            if (!SharedFolders.Contains(dir))
            {
                return NotFound();
            }
            var script = "ls -la /srv/share/" + dir;
            // ok: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "/bin/sh", Arguments = "-c \"" + script + "\"", RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("pdf/render")]
        public IActionResult RenderPage()
        {
            var args = BuildRenderArgs(Request.Query["page"]);
            // expect: CWE-78
            using var proc = Process.Start("/bin/sh", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("pdf/render/v2")]
        public IActionResult RenderPageV2()
        {
            var args = BuildRenderArgs(int.Parse(Request.Query["page"]).ToString());
            // ok: CWE-78
            using var proc = Process.Start("/bin/sh", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("dns")]
        public IActionResult Dns([FromQuery] string domain)
        {
            return Ok(Lookup(domain));
        }

        [HttpGet("dns/v2")]
        public IActionResult DnsV2([FromQuery] string domain)
        {
            return Ok(LookupValidated(domain));
        }

        [HttpPost("archive")]
        public IActionResult Archive()
        {
            var args = ShellCommands.Archive(Request.Form["name"]);
            // expect: CWE-78
            using var proc = Process.Start("/bin/sh", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpPost("archive/nightly")]
        public IActionResult ArchiveNightly()
        {
            var args = ShellCommands.Archive("nightly");
            // ok: CWE-78
            using var proc = Process.Start("/bin/sh", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("usage")]
        public IActionResult Usage([FromHeader(Name = "X-Folder")] string folder)
        {
            var args = ShellCommands.DiskUsage(folder);
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo("/bin/sh", args) { RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("usage/v2")]
        public IActionResult UsageV2([FromHeader(Name = "X-Folder")] string folder)
        {
            var args = ShellCommands.DiskUsage(ShellCommands.DefaultFolder());
            // ok: CWE-78
            using var proc = Process.Start(new ProcessStartInfo("/bin/sh", args) { RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpPost("convert")]
        public IActionResult ConvertImage([FromForm] string format)
        {
            var job = new ConversionJob("C:\\uploads\\current.png", format);
            // expect: CWE-78
            using var proc = Process.Start("cmd.exe", job.CommandLine);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpPost("convert/v2")]
        public IActionResult ConvertImageV2([FromForm] string format)
        {
            var job = new ConversionJob("C:\\uploads\\current.png", "jpg");
            // ok: CWE-78
            using var proc = Process.Start("cmd.exe", job.CommandLine);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("dir")]
        public IActionResult Dir()
        {
            var tokens = new string[3];
            tokens[0] = "/c dir";
            tokens[1] = Request.Query["path"];
            tokens[2] = "C:\\reports";
            // expect: CWE-78
            using var proc = Process.Start("cmd.exe", tokens[0] + " " + tokens[1]);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("dir/reports")]
        public IActionResult DirReports()
        {
            var tokens = new string[3];
            tokens[0] = "/c dir";
            tokens[1] = Request.Query["path"];
            tokens[2] = "C:\\reports";
            // ok: CWE-78
            using var proc = Process.Start("cmd.exe", tokens[0] + " " + tokens[2]);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpPost("maintenance")]
        public IActionResult Maintenance([FromBody] string script)
        {
            var scripts = new Dictionary<string, string>
            {
                ["cleanup"] = "find /tmp/uploads -mtime +7 -delete",
            };
            scripts["custom"] = script;
            // expect: CWE-78
            using var proc = Process.Start("/bin/sh", "-c \"" + scripts["custom"] + "\"");
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpPost("maintenance/cleanup")]
        public IActionResult MaintenanceCleanup([FromBody] string script)
        {
            var scripts = new Dictionary<string, string>
            {
                ["cleanup"] = "find /tmp/uploads -mtime +7 -delete",
            };
            scripts["custom"] = script;
            // ok: CWE-78
            using var proc = Process.Start("/bin/sh", "-c \"" + scripts["cleanup"] + "\"");
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("probe")]
        public IActionResult Probe([FromQuery] string count)
        {
            var sb = new StringBuilder("/c ping 10.0.0.1");
            sb.Append(" -n ").Append(count);
            // expect: CWE-78
            using var proc = Process.Start("cmd.exe", sb.ToString());
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("probe/v2")]
        public IActionResult ProbeV2([FromQuery] string count)
        {
            var sb = new StringBuilder("/c ping 10.0.0.1");
            sb.Append(" -n ").Append(int.Parse(count));
            // ok: CWE-78
            using var proc = Process.Start("cmd.exe", sb.ToString());
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("ipconfig")]
        public IActionResult IpConfig()
        {
            string flag = Request.Query["flag"];
            var args = flag == "all" ? "/c ipconfig /all" : "/c ipconfig /" + flag;
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "cmd.exe", Arguments = args, RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("ipconfig/v2")]
        public IActionResult IpConfigV2()
        {
            string flag = Request.Query["flag"];
            var args = flag == "all" ? "/c ipconfig /all" : "/c ipconfig";
            // ok: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "cmd.exe", Arguments = args, RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("status")]
        public IActionResult Status()
        {
            string tool = Request.Headers["X-Tool"];
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "/bin/sh", Arguments = "-c " + tool, RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("status/v2")]
        public IActionResult StatusV2()
        {
            string tool = Request.Headers["X-Tool"];
            tool = "uptime";
            // ok: CWE-78
            using var proc = Process.Start(new ProcessStartInfo { FileName = "/bin/sh", Arguments = "-c " + tool, RedirectStandardOutput = true, UseShellExecute = false });
            return Ok(proc.StandardOutput.ReadToEnd());
        }

        [HttpGet("reports")]
        public IActionResult Reports()
        {
            var args = "/c dir C:\\reports";
            if (Request.Query.ContainsKey("folder"))
            {
                args = "/c dir C:\\reports\\" + Request.Query["folder"];
            }
            // expect: CWE-78
            using var proc = Process.Start("cmd.exe", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        [HttpGet("reports/v2")]
        public IActionResult ReportsV2()
        {
            var args = "/c dir C:\\reports";
            if (false)
            {
                args = "/c dir C:\\reports\\" + Request.Query["folder"];
            }
            // ok: CWE-78
            using var proc = Process.Start("cmd.exe", args);
            proc.WaitForExit();
            return Ok(proc.ExitCode);
        }

        private static string BuildRenderArgs(string page)
        {
            return $"-c \"pdftoppm -f {page} -l {page} -png /srv/docs/manual.pdf /tmp/page\"";
        }

        private static string Lookup(string domain)
        {
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo("cmd.exe", "/c nslookup " + domain) { RedirectStandardOutput = true, UseShellExecute = false });
            return proc.StandardOutput.ReadToEnd();
        }

        private static string LookupValidated(string domain)
        {
            if (!HostPattern.IsMatch(domain))
            {
                return string.Empty;
            }
            // ok: CWE-78
            using var proc = Process.Start(new ProcessStartInfo("cmd.exe", "/c nslookup " + domain) { RedirectStandardOutput = true, UseShellExecute = false });
            return proc.StandardOutput.ReadToEnd();
        }
    }
}
