namespace Rampart.Samples
{
    public static class ScriptTemplates
    {
        public static string Discount(string percent)
        {
            return "price => price * (1m - " + percent + "m / 100m)";
        }

        public static string DiscountChecked(string percent)
        {
            var value = int.Parse(percent);
            return "price => price * (1m - " + value + "m / 100m)";
        }
    }
}
