using System;
using System.Net;
using System.Net.Http;
using System.Text;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.IdentityModel.Tokens;

namespace Shop.Web
{
    public class Startup
    {
        private readonly IConfiguration _config;

        public Startup(IConfiguration config) => _config = config;

        public void ConfigureServices(IServiceCollection services)
        {
            var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(_config["Jwt:Key"]));
            services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)
                .AddJwtBearer(o =>
                {
                    o.TokenValidationParameters = new TokenValidationParameters
                    {
                        ValidateIssuer = true,
                        ValidIssuer = _config["Jwt:Issuer"],
                        // ok: csharp.jwt-validation-disabled
                        ValidateIssuerSigningKey = true,
                        IssuerSigningKey = key,
                        // expect: csharp.jwt-validation-disabled
                        ValidateLifetime = false,
                        // ok: csharp.jwt-validation-disabled
                        ValidateAudience = false,
                    };
                });

            services.AddCors(o =>
            {
                // expect: csharp.cors-any-origin-with-credentials
                o.AddPolicy("partners", b => b.AllowAnyOrigin().AllowAnyMethod().AllowCredentials());
                // ok: csharp.cors-any-origin-with-credentials
                o.AddPolicy("spa", b => b.WithOrigins("https://shop.contoso.com").AllowCredentials());
                // ok: csharp.cors-any-origin-with-credentials
                o.AddPolicy("public", b => b.AllowAnyOrigin().AllowAnyHeader());
            });

            services.ConfigureApplicationCookie(o =>
            {
                o.Cookie.HttpOnly = true;
                // ok: csharp.cookie-insecure-flags
                o.Cookie.SecurePolicy = CookieSecurePolicy.Always;
            });

            services.AddHttpClient("carrier").ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
            {
                // expect: csharp.certificate-validation-disabled
                ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => true
            });

            services.AddHttpClient("legacy-erp").ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
            {
                // expect: csharp.dangerous-accept-any-certificate
                ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator
            });

            // expect: csharp.weak-tls-protocol
            ServicePointManager.SecurityProtocol = SecurityProtocolType.Tls | SecurityProtocolType.Tls12;
            // ok: csharp.weak-tls-protocol
            ServicePointManager.SecurityProtocol = SecurityProtocolType.Tls12 | SecurityProtocolType.Tls13;
        }

        public void Configure(IApplicationBuilder app, IWebHostEnvironment env)
        {
            if (env.IsDevelopment())
            {
                // ok: csharp.developer-exception-page
                app.UseDeveloperExceptionPage();
            }
            else
            {
                app.UseExceptionHandler("/Error");
                app.UseHsts();
            }

            app.Use(async (context, next) =>
            {
                // expect: csharp.cookie-insecure-flags
                context.Response.Cookies.Append("theme", "dark", new CookieOptions { HttpOnly = true, Secure = false });
                // ok: csharp.cookie-insecure-flags
                context.Response.Cookies.Append("sid", Guid.NewGuid().ToString(), new CookieOptions { HttpOnly = true, Secure = true });
                await next();
            });

            app.UseCors("spa");
            app.UseAuthentication();
            app.UseAuthorization();
        }

        public void ConfigureDiagnostics(IApplicationBuilder app)
        {
            // expect: csharp.developer-exception-page
            app.UseDeveloperExceptionPage();
        }
    }
}
