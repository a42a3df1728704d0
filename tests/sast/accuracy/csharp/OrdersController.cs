using System;
using System.Data.SqlClient;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

namespace Shop.Web.Controllers
{
    [Authorize]
    public class OrdersController : Controller
    {
        private readonly ShopContext _db;
        private readonly HttpClient _http;
        private readonly string _connectionString;
        private const string InvoiceRoot = "/srv/invoices";

        public OrdersController(ShopContext db, HttpClient http, string connectionString)
        {
            _db = db;
            _http = http;
            _connectionString = connectionString;
        }

        public IActionResult Search(string customer, string sort)
        {
            using var conn = new SqlConnection(_connectionString);
            // expect: csharp.sql-injection-command-text
            var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + customer + "'", conn);
            // ok: csharp.sql-injection-command-text
            var safe = new SqlCommand("SELECT * FROM Orders WHERE Customer = @customer", conn);
            safe.Parameters.AddWithValue("@customer", customer);
            // expect: csharp.sql-injection-command-text
            safe.CommandText = $"SELECT * FROM Orders ORDER BY {sort}";
            conn.Open();
            return View(cmd.ExecuteReader());
        }

        public int CountByRegion(string region, string channel)
        {
            using var conn = new SqlConnection(_connectionString);
            var sql = "SELECT COUNT(*) FROM Orders WHERE Region = '" + region + "'";
            // expect: csharp.sql-injection-command-text
            using var byRegion = new SqlCommand(sql, conn);
            var safeSql = "SELECT COUNT(*) FROM Orders WHERE Channel = @channel";
            // ok: csharp.sql-injection-command-text
            using var byChannel = new SqlCommand(safeSql, conn);
            byChannel.Parameters.AddWithValue("@channel", channel);
            conn.Open();
            return (int) byRegion.ExecuteScalar() + (int) byChannel.ExecuteScalar();
        }

        public async Task<IActionResult> ByStatus(string status)
        {
            // expect: csharp.ef-raw-sql-injection
            var raw = await _db.Orders.FromSqlRaw($"SELECT * FROM Orders WHERE Status = '{status}'").ToListAsync();
            // ok: csharp.ef-raw-sql-injection
            var interpolated = await _db.Orders.FromSqlInterpolated($"SELECT * FROM Orders WHERE Status = {status}").ToListAsync();
            // ok: csharp.ef-raw-sql-injection
            var parameterised = await _db.Orders.FromSqlRaw("SELECT * FROM Orders WHERE Status = {0}", status).ToListAsync();
            return View(raw.Concat(interpolated).Concat(parameterised));
        }

        public IActionResult Invoice()
        {
            // expect: csharp.path-traversal-request
            var pdf = System.IO.File.ReadAllBytes(Path.Combine(InvoiceRoot, Request.Query["file"]));
            return File(pdf, "application/pdf");
        }

        public IActionResult InvoiceSafe()
        {
            var requested = Path.GetFileName(Request.Query["file"].ToString());
            // ok: csharp.path-traversal-request
            var pdf = System.IO.File.ReadAllBytes(Path.Combine(InvoiceRoot, requested));
            return File(pdf, "application/pdf");
        }

        public async Task<IActionResult> TrackShipment()
        {
            var carrierUrl = Request.Query["tracking"].ToString();
            // expect: csharp.ssrf-request-url
            var status = await _http.GetStringAsync(carrierUrl);
            // ok: csharp.ssrf-request-url
            var health = await _http.GetStringAsync("https://carrier.example.com/health");
            return Content(status + health);
        }

        [AllowAnonymous]
        public IActionResult Login(string returnUrl)
        {
            if (Url.IsLocalUrl(returnUrl))
            {
                // ok: csharp.open-redirect
                return Redirect(returnUrl);
            }
            return RedirectToAction("Index");
        }

        [AllowAnonymous]
        public IActionResult Logout(string next)
        {
            HttpContext.Session.Clear();
            // expect: csharp.open-redirect
            return Redirect(next);
        }

        public async Task<IActionResult> Edit(int id)
        {
            var order = await _db.Orders.FindAsync(id);
            // expect: csharp.tryupdatemodel-without-allowlist
            if (await TryUpdateModelAsync(order))
            {
                await _db.SaveChangesAsync();
            }
            // ok: csharp.tryupdatemodel-without-allowlist
            await TryUpdateModelAsync<Order>(order, "", o => o.ShippingAddress, o => o.Notes);
            return View(order);
        }

        [HttpPost]
        // expect: csharp.allow-anonymous-sensitive-action
        [AllowAnonymous]
        public async Task<IActionResult> DeleteAll()
        {
            _db.Orders.RemoveRange(_db.Orders);
            await _db.SaveChangesAsync();
            return Ok();
        }

        // ok: csharp.allow-anonymous-sensitive-action
        [AllowAnonymous]
        public IActionResult Help() => View();

        public async Task Echo()
        {
            var term = Request.Query["q"];
            // expect: csharp.response-write-request-data
            await Response.WriteAsync("<p>You searched for " + term + "</p>");
            // ok: csharp.response-write-request-data
            await Response.WriteAsync("<p>" + System.Net.WebUtility.HtmlEncode(term) + "</p>");
        }
    }
}
