namespace Rampart.Samples
{
    public static class ShellCommands
    {
        public static string Archive(string name)
        {
            return "-c \"tar czf /srv/archive/" + name + ".tgz /srv/data\"";
        }

        public static string DiskUsage(string folder)
        {
            return "-c \"du -sh /srv/data/" + folder + "\"";
        }

        public static string DefaultFolder()
        {
            return "exports";
        }
    }
}
