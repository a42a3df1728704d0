using System.Collections.Generic;
using System.Linq;
using System.Text;
using Dapper;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Configuration;

namespace Rampart.Samples.Controllers
{
    [Route("api/sql")]
    public class SqlController : Controller
    {
        private static readonly HashSet<string> AllowedThemes = new HashSet<string> { "light", "dark", "contrast" };

        private readonly AppDbContext _db;
        private readonly string _connectionString;
        private readonly UserRepository _users;

        public SqlController(AppDbContext db, IConfiguration config, UserRepository users)
        {
            _db = db;
            _connectionString = config.GetConnectionString("Main");
            _users = users;
        }

        [HttpGet("users/by-name")]
        public IActionResult UsersByName([FromQuery] string name)
        {
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            var sql = "SELECT Id, Name, Email FROM Users WHERE Name = '" + name + "'";
            // expect: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            return Ok(ReadNames(cmd));
        }

        [HttpGet("users/by-name/v2")]
        public IActionResult UsersByNameV2([FromQuery] string name)
        {
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            var sql = "SELECT Id, Name, Email FROM Users WHERE Name = @name";
            // ok: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            cmd.Parameters.AddWithValue("@name", name);
            return Ok(ReadNames(cmd));
        }

        [HttpPost("orders/delete")]
        public IActionResult DeleteOrder()
        {
            string id = Request.Query["id"];
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // expect: CWE-89
            cmd.CommandText = "DELETE FROM Orders WHERE Id = " + id;
            conn.Open();
            return Ok(cmd.ExecuteNonQuery());
        }

        [HttpPost("orders/delete/v2")]
        public IActionResult DeleteOrderV2()
        {
            int id = int.Parse(Request.Query["id"]);
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // ok: CWE-89
            cmd.CommandText = "DELETE FROM Orders WHERE Id = " + id;
            conn.Open();
            return Ok(cmd.ExecuteNonQuery());
        }

        [HttpGet("orders/by-customer")]
        public IActionResult OrdersByCustomer([FromQuery] string customer)
        {
            var sql = BuildCustomerQuery(customer);
            using var conn = new SqlConnection(_connectionString);
            // expect: CWE-89
            var orders = conn.Query<Order>(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("orders/guest")]
        public IActionResult GuestOrders([FromQuery] string customer)
        {
            var sql = GuestCustomerQuery();
            using var conn = new SqlConnection(_connectionString);
            // ok: CWE-89
            var orders = conn.Query<Order>(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("orders/count")]
        public IActionResult CountByRegion([FromQuery] string region)
        {
            return Ok(CountOrders(region));
        }

        [HttpGet("orders/count/v2")]
        public IActionResult CountByRegionV2([FromQuery] string region)
        {
            return Ok(CountOrdersBound(region));
        }

        [HttpGet("products")]
        public IActionResult Products([FromQuery] string category)
        {
            var sql = QueryBuilder.ProductsByCategory(category);
            // expect: CWE-89
            var products = _db.Products.FromSqlRaw(sql).ToList();
            return Ok(products);
        }

        [HttpGet("products/featured")]
        public IActionResult FeaturedProducts([FromQuery] string category)
        {
            var sql = QueryBuilder.ProductsByCategory("featured");
            // ok: CWE-89
            var products = _db.Products.FromSqlRaw(sql).ToList();
            return Ok(products);
        }

        [HttpGet("orders/recent")]
        public IActionResult RecentOrders([FromQuery] string days)
        {
            var sql = QueryBuilder.RecentOrders(days);
            // expect: CWE-89
            var orders = _db.Orders.FromSqlRaw(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("orders/recent/v2")]
        public IActionResult RecentOrdersV2([FromQuery] string days)
        {
            var sql = QueryBuilder.RecentOrdersChecked(days);
            // ok: CWE-89
            var orders = _db.Orders.FromSqlRaw(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("users/by-email")]
        public IActionResult ByEmail([FromQuery] string email)
        {
            return Ok(_users.FindByEmailRaw(email));
        }

        [HttpGet("users/by-email/v2")]
        public IActionResult ByEmailV2([FromQuery] string email)
        {
            return Ok(_users.FindByEmail(email));
        }

        [HttpGet("users/prefix/{prefix}")]
        public IActionResult ByPrefix([FromRoute] string prefix)
        {
            return Ok(_users.SearchByPrefix(prefix));
        }

        [HttpGet("users/prefix/v2/{prefix}")]
        public IActionResult ByPrefixV2([FromRoute] string prefix)
        {
            return Ok(_users.SearchByPrefixBound(prefix));
        }

        [HttpPost("audit")]
        public IActionResult Audit()
        {
            var entry = new AuditEntry(Request.Headers["X-User"], "login");
            // expect: CWE-89
            _db.Database.ExecuteSqlRaw("INSERT INTO Audit (UserName, Action) VALUES ('" + entry.UserName + "', '" + entry.Action + "')");
            return NoContent();
        }

        [HttpPost("audit/system")]
        public IActionResult AuditSystem()
        {
            var entry = new AuditEntry("system", "login");
            // ok: CWE-89
            _db.Database.ExecuteSqlRaw("INSERT INTO Audit (UserName, Action) VALUES ('" + entry.UserName + "', '" + entry.Action + "')");
            return NoContent();
        }

        [HttpGet("orders/sorted")]
        public IActionResult SortedOrders([FromQuery] string sort)
        {
            var columns = new Dictionary<string, string> { ["default"] = "CreatedAt" };
            columns["requested"] = sort;
            var sql = "SELECT * FROM Orders ORDER BY " + columns["requested"];
            using var conn = new SqlConnection(_connectionString);
            // expect: CWE-89
            return Ok(conn.Query<Order>(sql).ToList());
        }

        [HttpGet("orders/sorted/v2")]
        public IActionResult SortedOrdersV2([FromQuery] string sort)
        {
            var columns = new Dictionary<string, string> { ["default"] = "CreatedAt" };
            columns["requested"] = sort;
            var sql = "SELECT * FROM Orders ORDER BY " + columns["default"];
            using var conn = new SqlConnection(_connectionString);
            // ok: CWE-89
            return Ok(conn.Query<Order>(sql).ToList());
        }

        [HttpGet("users/by-status")]
        public IActionResult UsersByStatus()
        {
            var statuses = new List<string>();
            statuses.Add("active");
            statuses.Add(Request.Query["status"]);
            var sql = "SELECT Id, Name, Email FROM Users WHERE Status = '" + statuses[1] + "'";
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            // expect: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            return Ok(ReadNames(cmd));
        }

        [HttpGet("users/active")]
        public IActionResult ActiveUsers()
        {
            var statuses = new List<string>();
            statuses.Add("active");
            statuses.Add(Request.Query["status"]);
            var sql = "SELECT Id, Name, Email FROM Users WHERE Status = '" + statuses[0] + "'";
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            // ok: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            return Ok(ReadNames(cmd));
        }

        [HttpPost("orders/batch")]
        public IActionResult OrdersBatch([FromBody] string[] ids)
        {
            var sql = "SELECT * FROM Orders WHERE Id IN (" + string.Join(",", ids) + ")";
            using var conn = new SqlConnection(_connectionString);
            // expect: CWE-89
            return Ok(conn.Query<Order>(sql).ToList());
        }

        [HttpPost("orders/batch/v2")]
        public IActionResult OrdersBatchV2([FromBody] string[] ids)
        {
            var sql = "SELECT * FROM Orders WHERE Id IN (" + string.Join(",", ids.Select(id => int.Parse(id))) + ")";
            using var conn = new SqlConnection(_connectionString);
            // ok: CWE-89
            return Ok(conn.Query<Order>(sql).ToList());
        }

        [HttpGet("products/in-stock")]
        public IActionResult InStock([FromQuery] string minStock)
        {
            var sb = new StringBuilder("SELECT Id, Name FROM Products WHERE Discontinued = 0");
            sb.Append(" AND Stock >= ").Append(minStock);
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // expect: CWE-89
            cmd.CommandText = sb.ToString();
            conn.Open();
            return Ok(ReadNames(cmd));
        }

        [HttpGet("products/in-stock/v2")]
        public IActionResult InStockV2([FromQuery] string minStock)
        {
            var sb = new StringBuilder("SELECT Id, Name FROM Products WHERE Discontinued = 0");
            sb.Append(" AND Stock >= ").Append(int.Parse(minStock));
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // ok: CWE-89
            cmd.CommandText = sb.ToString();
            conn.Open();
            return Ok(ReadNames(cmd));
        }

        [HttpPost("users/{id:int}/theme")]
        public IActionResult SetTheme([FromRoute] int id, [FromForm] string theme)
        {
            var sql = string.Format("UPDATE Users SET Theme = '{0}' WHERE Id = {1}", theme, id);
            // expect: CWE-89
            _db.Database.ExecuteSqlRaw(sql);
            return NoContent();
        }

        [HttpPost("users/{id:int}/theme/v2")]
        public IActionResult SetThemeV2([FromRoute] int id, [FromForm] string theme)
        {
            if (!AllowedThemes.Contains(theme))
            {
                return BadRequest();
            }
            var sql = string.Format("UPDATE Users SET Theme = '{0}' WHERE Id = {1}", theme, id);
            // ok: CWE-89
            _db.Database.ExecuteSqlRaw(sql);
            return NoContent();
        }

        [HttpGet("users/by-country")]
        public IActionResult UsersByCountry([FromQuery] string country)
        {
            // expect: CWE-89
            var users = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Country = '{country}'").ToList();
            return Ok(users);
        }

        [HttpGet("users/by-country/v2")]
        public IActionResult UsersByCountryV2([FromQuery] string country)
        {
            // ok: CWE-89
            var users = _db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Country = {country}").ToList();
            return Ok(users);
        }

        [HttpGet("users/sorted")]
        public IActionResult SortedUsers([FromQuery] string sort)
        {
            var column = sort == "name" ? "Name" : sort;
            var sql = "SELECT * FROM Users ORDER BY " + column;
            using var conn = new SqlConnection(_connectionString);
            // expect: CWE-89
            return Ok(conn.Query<User>(sql).ToList());
        }

        [HttpGet("users/sorted/v2")]
        public IActionResult SortedUsersV2([FromQuery] string sort)
        {
            var column = sort == "name" ? "Name" : "CreatedAt";
            var sql = "SELECT * FROM Users ORDER BY " + column;
            using var conn = new SqlConnection(_connectionString);
            // ok: CWE-89
            return Ok(conn.Query<User>(sql).ToList());
        }

        [HttpGet("orders/by-status")]
        public IActionResult OrdersByStatus([FromQuery] string status)
        {
            var sql = "SELECT * FROM Orders WHERE Status = 'open'";
            if (!string.IsNullOrEmpty(status))
            {
                sql = "SELECT * FROM Orders WHERE Status = '" + status + "'";
            }
            // expect: CWE-89
            var orders = _db.Orders.FromSqlRaw(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("orders/open")]
        public IActionResult OpenOrders([FromQuery] string status)
        {
            var sql = "SELECT * FROM Orders WHERE Status = 'open'";
            if (false)
            {
                sql = "SELECT * FROM Orders WHERE Status = '" + status + "'";
            }
            // ok: CWE-89
            var orders = _db.Orders.FromSqlRaw(sql).ToList();
            return Ok(orders);
        }

        [HttpGet("reports/count")]
        public IActionResult ReportCount()
        {
            string table = Request.Cookies["report_table"];
            var sql = "SELECT COUNT(*) FROM " + table;
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            // expect: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            return Ok((int)cmd.ExecuteScalar());
        }

        [HttpGet("reports/count/v2")]
        public IActionResult ReportCountV2()
        {
            string table = Request.Cookies["report_table"];
            table = "Orders";
            var sql = "SELECT COUNT(*) FROM " + table;
            using var conn = new SqlConnection(_connectionString);
            conn.Open();
            // ok: CWE-89
            using var cmd = new SqlCommand(sql, conn);
            return Ok((int)cmd.ExecuteScalar());
        }

        private int CountOrders(string region)
        {
            using var conn = new SqlConnection(_connectionString);
            // expect: CWE-89
            using var cmd = new SqlCommand("SELECT COUNT(*) FROM Orders WHERE Region = '" + region + "'", conn);
            conn.Open();
            return (int)cmd.ExecuteScalar();
        }

        private int CountOrdersBound(string region)
        {
            using var conn = new SqlConnection(_connectionString);
            // ok: CWE-89
            using var cmd = new SqlCommand("SELECT COUNT(*) FROM Orders WHERE Region = @region", conn);
            cmd.Parameters.AddWithValue("@region", region);
            conn.Open();
            return (int)cmd.ExecuteScalar();
        }

        private static string BuildCustomerQuery(string customer)
        {
            return $"SELECT * FROM Orders WHERE Customer = '{customer}'";
        }

        private static string GuestCustomerQuery()
        {
            return "SELECT * FROM Orders WHERE Customer = 'guest'";
        }

        private static List<string> ReadNames(SqlCommand cmd)
        {
            var names = new List<string>();
            using var reader = cmd.ExecuteReader();
            while (reader.Read())
            {
                names.Add(reader.GetString(1));
            }
            return names;
        }
    }
}
