using System;
using System.Data;
using System.Diagnostics;
using System.IdentityModel.Tokens.Jwt;
using System.Security.Claims;
using System.Threading.Tasks;
using Dapper;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.IdentityModel.Tokens;

namespace Shop.Web.Auth
{
    public class TokenService
    {
        private readonly SecurityKey _key;
        private readonly IDbConnection _db;

        public TokenService(SecurityKey key, IDbConnection db)
        {
            _key = key;
            _db = db;
        }

        public ClaimsPrincipal GetPrincipalFromExpiredToken(string token)
        {
            var parameters = new TokenValidationParameters
            {
                IssuerSigningKey = _key,
                ValidateIssuerSigningKey = true,
                // ok: csharp.jwt-validation-disabled
                ValidateLifetime = false,
            };
            return new JwtSecurityTokenHandler().ValidateToken(token, parameters, out _);
        }

        public TokenValidationParameters PartnerParameters()
        {
            var p = new TokenValidationParameters { IssuerSigningKey = _key };
            // expect: csharp.jwt-validation-disabled
            p.RequireSignedTokens = false;
            return p;
        }

        public async Task<RefreshToken> FindRefreshToken(string value)
        {
            // ok: csharp.sql-injection-command-text
            return await _db.QueryFirstOrDefaultAsync<RefreshToken>("SELECT * FROM RefreshTokens WHERE Value = @value", new { value });
        }

        public async Task RevokeAll(string userId)
        {
            // expect: csharp.sql-injection-command-text
            await _db.ExecuteAsync("UPDATE RefreshTokens SET Revoked = 1 WHERE UserId = '" + userId + "'");
        }

        public void RotateSigningKeys()
        {
            // ok: csharp.process-start-injection
            Process.Start("/usr/local/bin/rotate-keys", "--all");
        }
    }

    public class BadgeRenderer
    {
        public IHtmlContent Render(string userName)
        {
            // ok: csharp.html-raw-non-constant
            return new HtmlString("<span class=\"badge\">" + System.Net.WebUtility.HtmlEncode(userName) + "</span>");
        }
    }

    public class SessionController : Controller
    {
        public IActionResult Resume(string returnUrl)
        {
            // ok: csharp.open-redirect
            return LocalRedirect(returnUrl);
        }

        public IActionResult Back()
        {
            // ok: csharp.open-redirect
            return Redirect(Url.Action("Index", "Home"));
        }

        public IActionResult Partner(string target)
        {
            // expect: csharp.open-redirect
            return new RedirectResult(target);
        }
    }
}
