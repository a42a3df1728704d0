using System.IO;

namespace Rampart.Samples
{
    public static class StoragePaths
    {
        public const string Root = "/srv/storage";

        public static string Resolve(string relative)
        {
            return Path.Combine(Root, relative);
        }

        public static string ResolveFileName(string relative)
        {
            var name = Path.GetFileName(relative);
            return Path.Combine(Root, name);
        }
    }
}
