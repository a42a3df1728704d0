using System;
using System.Collections.Generic;
using System.Linq;

namespace Rampart.Samples
{
    public static class UrlPolicy
    {
        private static readonly HashSet<string> AllowedHosts = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "api.partner.example.com",
            "images.example.com",
        };

        public static bool IsAllowedHost(Uri uri)
        {
            return uri.IsAbsoluteUri && uri.Scheme == Uri.UriSchemeHttps && AllowedHosts.Contains(uri.Host);
        }

        public static string WithTracking(string url)
        {
            return url + (url.Contains('?') ? "&" : "?") + "src=mail";
        }

        public static string LocalOnly(string url)
        {
            if (string.IsNullOrEmpty(url) || url[0] != '/' || url.StartsWith("//") || url.StartsWith("/\\") || url.Any(char.IsControl))
            {
                return "/";
            }
            return url;
        }

        public static string StatusPage()
        {
            return "https://status.example.com/api/summary";
        }
    }
}
