using System.Text.Encodings.Web;

namespace Rampart.Samples
{
    public static class HtmlFragments
    {
        public static string Badge(string label)
        {
            return "<span class=\"badge\">" + label + "</span>";
        }

        public static string EncodedBadge(string label)
        {
            var text = HtmlEncoder.Default.Encode(label);
            return "<span class=\"badge\">" + text + "</span>";
        }
    }
}
