namespace Rampart.Samples
{
    public static class QueryBuilder
    {
        public static string ProductsByCategory(string category)
        {
            return "SELECT * FROM Products WHERE Category = '" + category + "'";
        }

        public static string RecentOrders(string days)
        {
            return $"SELECT * FROM Orders WHERE CreatedAt >= DATEADD(day, -{days}, GETDATE()) ORDER BY CreatedAt";
        }

        public static string RecentOrdersChecked(string days)
        {
            var count = int.Parse(days);
            return $"SELECT * FROM Orders WHERE CreatedAt >= DATEADD(day, -{count}, GETDATE()) ORDER BY CreatedAt";
        }
    }
}
