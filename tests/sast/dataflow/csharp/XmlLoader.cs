using System.Xml;

namespace Rampart.Samples
{
    public static class XmlLoader
    {
        public static XmlDocument LoadTrusting(string xml)
        {
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.LoadXml(xml);
            return doc;
        }

        public static XmlDocument LoadHardened(string xml)
        {
            var doc = new XmlDocument { XmlResolver = null };
            // ok: CWE-611
            doc.LoadXml(xml);
            return doc;
        }
    }
}
