using System;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.EntityFrameworkCore;

namespace Rampart.Samples
{
    public static class ToolEndpoints
    {
        public static void MapToolEndpoints(this WebApplication app)
        {
            app.MapGet("/min/docs", (string name) =>
            {
                var path = Path.Combine("/srv/docs", name);
                // expect: CWE-22
                var text = File.ReadAllText(path);
                return Results.Text(text);
            });

            app.MapGet("/min/docs/v2", (string name) =>
            {
                var path = Path.Combine("/srv/docs", Path.GetFileName(name));
                // ok: CWE-22
                var text = File.ReadAllText(path);
                return Results.Text(text);
            });

            app.MapGet("/min/out", (HttpRequest request) =>
            {
                string to = request.Query["to"];
                // expect: CWE-601
                return Results.Redirect(to);
            });

            app.MapGet("/min/out/v2", (HttpRequest request) =>
            {
                string to = UrlPolicy.LocalOnly(request.Query["to"]);
                // ok: CWE-601
                return Results.Redirect(to);
            });

            app.MapGet("/min/title", (string q) =>
            {
                var html = "<h1>" + q + "</h1>";
                // expect: CWE-79
                return Results.Content(html, "text/html");
            });

            app.MapGet("/min/title/v2", (string q) =>
            {
                var html = "<h1>" + HtmlEncoder.Default.Encode(q) + "</h1>";
                // ok: CWE-79
                return Results.Content(html, "text/html");
            });

            app.MapGet("/min/port-check", (string port) =>
            {
                var args = "-c \"nc -z localhost " + port + "\"";
                // expect: CWE-78
                using var proc = Process.Start("/bin/sh", args);
                proc.WaitForExit();
                return Results.Ok(proc.ExitCode);
            });

            app.MapGet("/min/port-check/v2", (int port) =>
            {
                var args = "-c \"nc -z localhost " + port + "\"";
                // ok: CWE-78
                using var proc = Process.Start("/bin/sh", args);
                proc.WaitForExit();
                return Results.Ok(proc.ExitCode);
            });

            app.MapPost("/min/sessions/revoke", (string token, AppDbContext db) =>
            {
                // expect: CWE-89
                var count = db.Database.ExecuteSqlRaw("DELETE FROM Sessions WHERE Token = '" + token + "'");
                return Results.Ok(count);
            });

            app.MapPost("/min/sessions/revoke/v2", (string token, AppDbContext db) =>
            {
                // ok: CWE-89
                var count = db.Database.ExecuteSqlRaw("DELETE FROM Sessions WHERE Token = {0}", token);
                return Results.Ok(count);
            });

            app.MapGet("/min/unfurl", async (string url, IHttpClientFactory factory) =>
            {
                var client = factory.CreateClient();
                // expect: CWE-918
                var html = await client.GetStringAsync(url);
                return Results.Ok(html.Length);
            });

            app.MapGet("/min/unfurl/v2", async (string url, IHttpClientFactory factory) =>
            {
                if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || !UrlPolicy.IsAllowedHost(uri))
                {
                    return Results.BadRequest();
                }
                var client = factory.CreateClient();
                // ok: CWE-918
                var html = await client.GetStringAsync(url);
                return Results.Ok(html.Length);
            });

            app.MapPost("/min/lang", (HttpContext context, string lang) =>
            {
                // expect: CWE-501
                context.Session.SetString("Language", lang);
                return Results.NoContent();
            });

            app.MapPost("/min/lang/v2", (HttpContext context, string lang) =>
            {
                // ok: CWE-501
                context.Session.SetString("Language", "en-US");
                return Results.NoContent();
            });
        }
    }
}
