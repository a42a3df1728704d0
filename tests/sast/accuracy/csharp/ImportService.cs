using System;
using System.Diagnostics;
using System.DirectoryServices;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Text.Json;
using System.Xml;
using Microsoft.AspNetCore.Html;
using Newtonsoft.Json;

namespace Shop.Core.Import
{
    public class ImportService
    {
        private readonly DirectoryEntry _root;

        public ImportService(DirectoryEntry root) => _root = root;

        public object LoadSnapshot(Stream stream)
        {
            // expect: csharp.binaryformatter
            var formatter = new BinaryFormatter();
            return formatter.Deserialize(stream);
        }

        public Order ParseOrder(string json)
        {
            // ok: csharp.binaryformatter
            return System.Text.Json.JsonSerializer.Deserialize<Order>(json);
        }

        public object ParseEnvelope(string json)
        {
            // expect: csharp.json-typenamehandling
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
            return JsonConvert.DeserializeObject(json, settings);
        }

        public Order ParseEnvelopeSafe(string json)
        {
            // ok: csharp.json-typenamehandling
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };
            return JsonConvert.DeserializeObject<Order>(json, settings);
        }

        public XmlDocument LoadCatalog(string xml)
        {
            var doc = new XmlDocument();
            // expect: csharp.xml-resolver-enabled
            doc.XmlResolver = new XmlUrlResolver();
            doc.LoadXml(xml);
            return doc;
        }

        public XmlReader OpenFeed(Stream s, bool trusted)
        {
            var settings = new XmlReaderSettings();
            // ok: csharp.xml-resolver-enabled
            settings.XmlResolver = null;
            if (trusted)
            {
                // expect: csharp.xml-dtd-processing-enabled
                settings.DtdProcessing = DtdProcessing.Parse;
            }
            else
            {
                // ok: csharp.xml-dtd-processing-enabled
                settings.DtdProcessing = DtdProcessing.Prohibit;
            }
            return XmlReader.Create(s, settings);
        }

        public XmlNode FindProduct(XmlDocument catalog, string sku)
        {
            // expect: csharp.xpath-injection
            return catalog.SelectSingleNode("//product[@sku='" + sku + "']");
        }

        public XmlNodeList Discounted(XmlDocument catalog)
        {
            // ok: csharp.xpath-injection
            return catalog.SelectNodes("//product[@discount='true']");
        }

        public SearchResult FindBuyer(string account)
        {
            var searcher = new DirectorySearcher(_root);
            // expect: csharp.ldap-injection
            searcher.Filter = $"(&(objectClass=user)(sAMAccountName={account}))";
            return searcher.FindOne();
        }

        public SearchResult FindGroup()
        {
            // ok: csharp.ldap-injection
            var searcher = new DirectorySearcher(_root, "(&(objectClass=group)(cn=buyers))");
            return searcher.FindOne();
        }

        public void Convert(string inputFile, string format)
        {
            // expect: csharp.process-shell-arguments
            var psi = new ProcessStartInfo
            {
                FileName = "/bin/sh",
                Arguments = "-c \"convert " + inputFile + " out." + format + "\"",
                UseShellExecute = false,
            };
            Process.Start(psi);
        }

        public void ConvertSafe(string inputFile)
        {
            // ok: csharp.process-shell-arguments
            var psi = new ProcessStartInfo { FileName = "convert", UseShellExecute = false };
            psi.ArgumentList.Add(inputFile);
            psi.ArgumentList.Add("out.png");
            // ok: csharp.process-start-injection
            Process.Start(psi);
        }

        public void OpenWith(string tool, string file)
        {
            // expect: csharp.process-start-injection
            Process.Start(tool, file);
        }

        public IHtmlContent RenderDescription(Product p)
        {
            // expect: csharp.html-raw-non-constant
            return new HtmlString("<div class=\"desc\">" + p.Description + "</div>");
        }

        public IHtmlContent RenderFooter()
        {
            // ok: csharp.html-raw-non-constant
            return new HtmlString("<footer>&copy; Contoso</footer>");
        }
    }
}
