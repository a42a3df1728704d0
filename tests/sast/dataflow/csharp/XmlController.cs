using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using System.Xml;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/xml")]
    public class XmlController : Controller
    {
        [HttpPost("import")]
        public async Task<IActionResult> Import()
        {
            using var body = new StreamReader(Request.Body);
            var xml = await body.ReadToEndAsync();
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.LoadXml(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("import/v2")]
        public async Task<IActionResult> ImportV2()
        {
            using var body = new StreamReader(Request.Body);
            var xml = await body.ReadToEndAsync();
            var doc = new XmlDocument { XmlResolver = null };
            // ok: CWE-611
            doc.LoadXml(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("validate")]
        public async Task<IActionResult> Validate()
        {
            using var body = new StreamReader(Request.Body);
            var xml = await body.ReadToEndAsync();
            var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Parse, XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            using var reader = XmlReader.Create(new StringReader(xml), settings);
            var count = 0;
            while (reader.Read())
            {
                count++;
            }
            return Ok(count);
        }

        [HttpPost("validate/v2")]
        public async Task<IActionResult> ValidateV2()
        {
            using var body = new StreamReader(Request.Body);
            var xml = await body.ReadToEndAsync();
            var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = new XmlUrlResolver() };
            // ok: CWE-611
            using var reader = XmlReader.Create(new StringReader(xml), settings);
            var count = 0;
            while (reader.Read())
            {
                count++;
            }
            return Ok(count);
        }

        [HttpPost("invoice")]
        public IActionResult Invoice([FromForm] string payload)
        {
            var doc = CreateDocument();
            // expect: CWE-611
            doc.LoadXml(payload);
            return Ok(doc.SelectSingleNode("/invoice/total")?.InnerText);
        }

        [HttpPost("invoice/v2")]
        public IActionResult InvoiceV2([FromForm] string payload)
        {
            var doc = CreateHardenedDocument();
            // ok: CWE-611
            doc.LoadXml(payload);
            return Ok(doc.SelectSingleNode("/invoice/total")?.InnerText);
        }

        [HttpPost("config")]
        public IActionResult Config([FromForm] string xml)
        {
            var doc = XmlLoader.LoadTrusting(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("config/v2")]
        public IActionResult ConfigV2([FromForm] string xml)
        {
            var doc = XmlLoader.LoadHardened(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("documents")]
        public IActionResult Documents()
        {
            var docs = new Dictionary<string, string>();
            docs["upload"] = Request.Form["document"];
            docs["template"] = "<invoice><total>0</total></invoice>";
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.LoadXml(docs["upload"]);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("documents/template")]
        public IActionResult DocumentsTemplate()
        {
            var docs = new Dictionary<string, string>();
            docs["upload"] = Request.Form["document"];
            docs["template"] = "<invoice><total>0</total></invoice>";
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // ok: CWE-611
            doc.LoadXml(docs["template"]);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("feed")]
        public IActionResult Feed([FromForm] string feed, [FromQuery] bool strict)
        {
            var settings = new XmlReaderSettings { DtdProcessing = strict ? DtdProcessing.Prohibit : DtdProcessing.Parse, XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            using var reader = XmlReader.Create(new StringReader(feed), settings);
            reader.MoveToContent();
            return Ok(reader.Name);
        }

        [HttpPost("feed/v2")]
        public IActionResult FeedV2([FromForm] string feed, [FromQuery] bool strict)
        {
            var settings = new XmlReaderSettings { DtdProcessing = strict ? DtdProcessing.Prohibit : DtdProcessing.Ignore, XmlResolver = new XmlUrlResolver() };
            // ok: CWE-611
            using var reader = XmlReader.Create(new StringReader(feed), settings);
            reader.MoveToContent();
            return Ok(reader.Name);
        }

        [HttpPost("settings")]
        public IActionResult Settings()
        {
            string xml = Request.Form["settings"];
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.LoadXml(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        [HttpPost("settings/v2")]
        public IActionResult SettingsV2()
        {
            string xml = Request.Form["settings"];
            xml = "<settings><theme>light</theme></settings>";
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // ok: CWE-611
            doc.LoadXml(xml);
            return Ok(doc.DocumentElement?.Name);
        }

        private static XmlDocument CreateDocument()
        {
            return new XmlDocument { XmlResolver = new XmlUrlResolver() };
        }

        private static XmlDocument CreateHardenedDocument()
        {
            return new XmlDocument { XmlResolver = null };
        }
    }
}
