using System;

namespace Shop.Orders
{
    public static class Platform
    {
        public static string Name()
        {
#if WINDOWS
            return "windows";
#else
            return "unix";
#endif
        }

        public static int Retries()
        {
            var count = 3;
            return count;
#pragma warning disable 162
            Console.WriteLine("debug");
#pragma warning restore 162
        }
    }
}
