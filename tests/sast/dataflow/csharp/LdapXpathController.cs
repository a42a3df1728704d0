using System.Collections.Generic;
using System.DirectoryServices;
using System.Linq;
using System.Text;
using System.Xml;
using System.Xml.XPath;
using Microsoft.AspNetCore.Mvc;

namespace Rampart.Samples.Controllers
{
    [Route("api/directory")]
    public class LdapXpathController : Controller
    {
        private static readonly HashSet<string> KnownGroups = new HashSet<string> { "Engineering", "Finance", "Support" };
        private static readonly HashSet<string> KnownAuthors = new HashSet<string> { "Herbert", "Le Guin", "Asimov" };

        private readonly DirectoryEntry _root = new DirectoryEntry("LDAP://dc=corp,dc=example,dc=com");
        private readonly XmlDocument _catalog;

        public LdapXpathController()
        {
            _catalog = new XmlDocument();
            _catalog.Load("/srv/data/catalog.xml");
        }

        [HttpGet("users")]
        public IActionResult FindUser([FromQuery] string user)
        {
            var filter = "(&(objectClass=user)(sAMAccountName=" + user + "))";
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = filter;
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("users/v2")]
        public IActionResult FindUserV2([FromQuery] string user)
        {
            var filter = "(&(objectClass=user)(sAMAccountName=" + LdapFilter.Escape(user) + "))";
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = filter;
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("groups")]
        public IActionResult GroupMembers([FromQuery] string group)
        {
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = BuildGroupFilter(group);
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("groups/v2")]
        public IActionResult GroupMembersV2([FromQuery] string group)
        {
            if (!KnownGroups.Contains(group))
            {
                return NotFound();
            }
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = BuildGroupFilter(group);
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("mail")]
        public IActionResult ByMail()
        {
            var query = new DirectoryQuery("mail", Request.Query["email"]);
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = query.Filter;
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("mail/v2")]
        public IActionResult ByMailV2()
        {
            var query = new DirectoryQuery("mail", LdapFilter.Escape(Request.Query["email"]));
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = query.Filter;
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("employees")]
        public IActionResult Employee([FromQuery] string number)
        {
            var sb = new StringBuilder("(&(objectClass=person)");
            sb.AppendFormat("(employeeNumber={0})", number);
            sb.Append(')');
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = sb.ToString();
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("employees/v2")]
        public IActionResult EmployeeV2([FromQuery] string number)
        {
            var sb = new StringBuilder("(&(objectClass=person)");
            sb.AppendFormat("(employeeNumber={0})", int.Parse(number));
            sb.Append(')');
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = sb.ToString();
            return Ok(searcher.FindOne()?.Path);
        }

        [HttpGet("people")]
        public IActionResult People([FromQuery] string name)
        {
            var filter = string.IsNullOrEmpty(name) ? "(objectClass=user)" : "(&(objectClass=user)(cn=" + name + "))";
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = filter;
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("people/v2")]
        public IActionResult PeopleV2([FromQuery] string name)
        {
            var filter = string.IsNullOrEmpty(name) ? "(objectClass=user)" : "(&(objectClass=user)(cn=" + LdapFilter.Escape(name) + "))";
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = filter;
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("titles")]
        public IActionResult Titles()
        {
            var clauses = new List<string> { "(objectClass=user)" };
            clauses.Add("(title=" + Request.Query["title"] + ")");
            using var searcher = new DirectorySearcher(_root);
            // expect: CWE-90
            searcher.Filter = clauses[1];
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("titles/all")]
        public IActionResult TitlesAll()
        {
            var clauses = new List<string> { "(objectClass=user)" };
            clauses.Add("(title=" + Request.Query["title"] + ")");
            using var searcher = new DirectorySearcher(_root);
            // ok: CWE-90
            searcher.Filter = clauses[0];
            return Ok(searcher.FindAll().Count);
        }

        [HttpGet("books/by-author")]
        public IActionResult BooksByAuthor([FromQuery] string author)
        {
            var expr = "/catalog/book[author='" + author + "']";
            // expect: CWE-643
            var nodes = _catalog.SelectNodes(expr);
            return Ok(nodes.Count);
        }

        [HttpGet("books/by-author/v2")]
        public IActionResult BooksByAuthorV2([FromQuery] string author)
        {
            if (!KnownAuthors.Contains(author))
            {
                return NotFound();
            }
            var expr = "/catalog/book[author='" + author + "']";
            // ok: CWE-643
            var nodes = _catalog.SelectNodes(expr);
            return Ok(nodes.Count);
        }

        [HttpGet("books/by-id")]
        public IActionResult BookById()
        {
            string id = Request.Query["id"];
            // expect: CWE-643
            var node = _catalog.SelectSingleNode("/catalog/book[@id='" + id + "']/title");
            return Ok(node?.InnerText);
        }

        [HttpGet("books/by-id/v2")]
        public IActionResult BookByIdV2()
        {
            int id = int.Parse(Request.Query["id"]);
            // ok: CWE-643
            var node = _catalog.SelectSingleNode("/catalog/book[@id='" + id + "']/title");
            return Ok(node?.InnerText);
        }

        [HttpGet("books/total")]
        public IActionResult Total([FromQuery] string genre)
        {
            var expr = PriceQuery(genre);
            var navigator = _catalog.CreateNavigator();
            // expect: CWE-643
            var total = navigator.Evaluate(expr);
            return Ok(total);
        }

        [HttpGet("books/total/fiction")]
        public IActionResult TotalFiction([FromQuery] string genre)
        {
            var expr = PriceQuery("fiction");
            var navigator = _catalog.CreateNavigator();
            // ok: CWE-643
            var total = navigator.Evaluate(expr);
            return Ok(total);
        }

        [HttpGet("books/by-title")]
        public IActionResult BookByTitle()
        {
            var query = new CatalogQuery(Request.Query["title"]);
            // expect: CWE-643
            var node = _catalog.SelectSingleNode(query.GetXPath());
            return Ok(node?.InnerText);
        }

        [HttpGet("books/by-title/v2")]
        public IActionResult BookByTitleV2()
        {
            var query = new CatalogQuery("Dune");
            // ok: CWE-643
            var node = _catalog.SelectSingleNode(query.GetXPath());
            return Ok(node?.InnerText);
        }

        [HttpGet("roles")]
        public IActionResult Roles([FromQuery] string user)
        {
            var expr = string.Format("/users/user[name/text()='{0}']/role", user);
            // expect: CWE-643
            var nodes = _catalog.SelectNodes(expr);
            return Ok(nodes.Cast<XmlNode>().Select(n => n.InnerText).ToList());
        }

        [HttpGet("roles/v2")]
        public IActionResult RolesV2([FromQuery] string user)
        {
            var expr = string.Format("/users/user[name/text()='{0}']/role", user.All(char.IsLetterOrDigit) ? user : "guest");
            // ok: CWE-643
            var nodes = _catalog.SelectNodes(expr);
            return Ok(nodes.Cast<XmlNode>().Select(n => n.InnerText).ToList());
        }

        [HttpGet("books/filter")]
        public IActionResult Filter()
        {
            var parts = new Dictionary<string, string> { ["default"] = "price > 0" };
            parts["requested"] = Request.Query["filter"];
            var navigator = _catalog.CreateNavigator();
            // expect: CWE-643
            var count = navigator.Evaluate("count(/catalog/book[" + parts["requested"] + "])");
            return Ok(count);
        }

        [HttpGet("books/filter/default")]
        public IActionResult FilterDefault()
        {
            var parts = new Dictionary<string, string> { ["default"] = "price > 0" };
            parts["requested"] = Request.Query["filter"];
            var navigator = _catalog.CreateNavigator();
            // ok: CWE-643
            var count = navigator.Evaluate("count(/catalog/book[" + parts["default"] + "])");
            return Ok(count);
        }

        private static string BuildGroupFilter(string group)
        {
            return $"(&(objectClass=user)(memberOf=cn={group},ou=Groups,dc=corp,dc=example,dc=com))";
        }

        private static string PriceQuery(string genre)
        {
            return $"sum(/catalog/book[genre='{genre}']/price)";
        }
    }
}
