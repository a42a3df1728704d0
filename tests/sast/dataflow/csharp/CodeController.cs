using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.Scripting;

namespace Rampart.Samples.Controllers
{
    [Route("api/rules")]
    public class CodeController : Controller
    {
        private static readonly Regex ArithmeticOnly = new Regex(@"^[0-9+\-*/ ().]{1,64}\z");
        private static readonly Dictionary<string, string> PresetRules = new Dictionary<string, string>
        {
            ["weekend"] = "DateTime.UtcNow.DayOfWeek == DayOfWeek.Saturday || DateTime.UtcNow.DayOfWeek == DayOfWeek.Sunday",
            ["business-hours"] = "DateTime.UtcNow.Hour >= 8 && DateTime.UtcNow.Hour < 18",
        };

        private static readonly ScriptOptions Options = ScriptOptions.Default.WithImports("System");

        [HttpGet("power")]
        public async Task<IActionResult> Power([FromQuery] string exponent)
        {
            var code = "Math.Pow(2, " + exponent + ")";
            // expect: CWE-95
            var result = await CSharpScript.EvaluateAsync<double>(code, Options);
            return Ok(result);
        }

        [HttpGet("power/v2")]
        public async Task<IActionResult> PowerV2([FromQuery] string exponent)
        {
            var code = "Math.Pow(2, " + int.Parse(exponent) + ")";
            // ok: CWE-95
            var result = await CSharpScript.EvaluateAsync<double>(code, Options);
            return Ok(result);
        }

        [HttpPost("check")]
        public async Task<IActionResult> Check([FromForm] string rule)
        {
            return Ok(await RunRule(rule));
        }

        [HttpPost("check/preset")]
        public async Task<IActionResult> CheckPreset([FromForm] string rule)
        {
            return Ok(await RunPresetRule(rule));
        }

        [HttpGet("discount")]
        public async Task<IActionResult> Discount([FromQuery] string percent, [FromQuery] decimal price)
        {
            var code = ScriptTemplates.Discount(percent);
            // expect: CWE-95
            var apply = await CSharpScript.EvaluateAsync<Func<decimal, decimal>>(code, Options);
            return Ok(apply(price));
        }

        [HttpGet("discount/v2")]
        public async Task<IActionResult> DiscountV2([FromQuery] string percent, [FromQuery] decimal price)
        {
            var code = ScriptTemplates.DiscountChecked(percent);
            // ok: CWE-95
            var apply = await CSharpScript.EvaluateAsync<Func<decimal, decimal>>(code, Options);
            return Ok(apply(price));
        }

        [HttpPost("snippet")]
        public async Task<IActionResult> Snippet()
        {
            var snippets = new List<string> { "DateTime.UtcNow.Year", Request.Form["snippet"] };
            // expect: CWE-95
            var value = await CSharpScript.EvaluateAsync<object>(snippets[1], Options);
            return Ok(value?.ToString());
        }

        [HttpPost("snippet/year")]
        public async Task<IActionResult> SnippetYear()
        {
            var snippets = new List<string> { "DateTime.UtcNow.Year", Request.Form["snippet"] };
            // ok: CWE-95
            var value = await CSharpScript.EvaluateAsync<object>(snippets[0], Options);
            return Ok(value?.ToString());
        }

        [HttpGet("calc")]
        public async Task<IActionResult> Calc([FromQuery] string expression)
        {
            var code = string.IsNullOrWhiteSpace(expression) ? "0" : expression;
            // expect: CWE-95
            var value = await CSharpScript.EvaluateAsync<double>(code, Options);
            return Ok(value);
        }

        [HttpGet("calc/v2")]
        public async Task<IActionResult> CalcV2([FromQuery] string expression)
        {
            var code = ArithmeticOnly.IsMatch(expression ?? string.Empty) ? expression : "0";
            // ok: CWE-95
            var value = await CSharpScript.EvaluateAsync<double>(code, Options);
            return Ok(value);
        }

        [HttpGet("square")]
        public async Task<IActionResult> Square([FromQuery] string x)
        {
            var sb = new StringBuilder();
            sb.Append("var x = ").Append(x).Append("; x * x");
            // expect: CWE-95
            var value = await CSharpScript.EvaluateAsync<double>(sb.ToString(), Options);
            return Ok(value);
        }

        [HttpGet("square/v2")]
        public async Task<IActionResult> SquareV2([FromQuery] string x)
        {
            var sb = new StringBuilder();
            sb.Append("var x = ").Append("12.5").Append("; x * x");
            // ok: CWE-95
            var value = await CSharpScript.EvaluateAsync<double>(sb.ToString(), Options);
            return Ok(value);
        }

        private static async Task<bool> RunRule(string rule)
        {
            // expect: CWE-95
            return await CSharpScript.EvaluateAsync<bool>(rule, Options);
        }

        private static async Task<bool> RunPresetRule(string name)
        {
            if (!PresetRules.TryGetValue(name, out var rule))
            {
                return false;
            }
            // ok: CWE-95
            return await CSharpScript.EvaluateAsync<bool>(rule, Options);
        }
    }
}
