package com.acme.shop;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchResult;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

@WebServlet("/directory/user")
public class LdapXpathServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String user = request.getParameter("user");
        String filter = "(uid=" + user + ")";
        try {
            DirContext ctx = LdapDirectory.connect();
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/member")
class DirectoryMemberServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String user = request.getParameter("user");
        String filter = "(uid=" + Sanitizers.escapeLdapFilter(user) + ")";
        try {
            DirContext ctx = LdapDirectory.connect();
            // ok: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/by-mail")
class DirectoryByMailServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String mail = request.getParameter("mail");
        String filter = String.format("(&(objectClass=person)(mail=%s))", mail);
        try {
            DirContext ctx = LdapDirectory.connect();
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/with-mail")
class DirectoryWithMailServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String mail = request.getParameter("mail");
        String filter = String.format("(&(objectClass=person)(mail=%s))", Sanitizers.escapeLdapFilter(mail));
        try {
            DirContext ctx = LdapDirectory.connect();
            // ok: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/group")
class DirectoryGroupServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String requested = request.getParameter("group");
        String group = requested != null ? requested : "staff";
        try {
            DirContext ctx = LdapDirectory.connect();
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.GROUPS_BASE, "(cn=" + group + ")", LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/team")
class DirectoryTeamServlet extends HttpServlet {

    private static final Set<String> KNOWN_GROUPS = Set.of("staff", "support", "warehouse", "finance");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String requested = request.getParameter("group");
        String group = KNOWN_GROUPS.contains(requested) ? requested : "staff";
        try {
            DirContext ctx = LdapDirectory.connect();
            // ok: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.GROUPS_BASE, "(cn=" + group + ")", LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/department")
class DirectoryDepartmentServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] terms = {request.getHeader("X-Department"), "inetOrgPerson"};
        String filter = "(&(objectClass=" + terms[1] + ")(departmentNumber=" + terms[0] + "))";
        try {
            DirContext ctx = LdapDirectory.connect();
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/people")
class DirectoryPeopleServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] terms = {request.getHeader("X-Department"), "inetOrgPerson"};
        String filter = "(&(objectClass=" + terms[1] + ")(departmentNumber=" + terms[1] + "))";
        try {
            DirContext ctx = LdapDirectory.connect();
            // ok: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(LdapDirectory.PEOPLE_BASE, filter, LdapDirectory.subtree());
            response.setStatus(results.hasMore() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/exists")
class DirectoryExistsServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String uid = request.getParameter("uid");
        try {
            LdapDirectory directory = new LdapDirectory(LdapDirectory.connect());
            response.setStatus(directory.uidExists(uid) ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/directory/registered")
class DirectoryRegisteredServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String uid = request.getParameter("uid");
        try {
            LdapDirectory directory = new LdapDirectory(LdapDirectory.connect());
            response.setStatus(directory.uidRegistered(uid) ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/price")
class CatalogPriceServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sku = request.getParameter("sku");
        String expression = "/catalog/product[@sku='" + sku + "']/price";
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // expect: CWE-643
            String price = xpath.evaluate(expression, doc);
            response.setHeader("X-Price-Found", String.valueOf(!price.isEmpty()));
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/price-check")
class CatalogPriceCheckServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sku = request.getParameter("sku");
        if (!Sanitizers.isSafeName(sku)) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        String expression = "/catalog/product[@sku='" + sku + "']/price";
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // ok: CWE-643
            String price = xpath.evaluate(expression, doc);
            response.setHeader("X-Price-Found", String.valueOf(!price.isEmpty()));
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/supplier")
class CatalogSupplierServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String supplier = request.getParameter("supplier");
        StringBuilder expression = new StringBuilder("/catalog/product");
        expression.append("[supplier/@id=").append(supplier).append("]");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // expect: CWE-643
            XPathExpression compiled = xpath.compile(expression.toString());
            NodeList products = (NodeList) compiled.evaluate(doc, XPathConstants.NODESET);
            response.setIntHeader("X-Products", products.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/supplier-products")
class CatalogSupplierProductsServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String supplier = request.getParameter("supplier");
        StringBuilder expression = new StringBuilder("/catalog/product");
        expression.append("[supplier/@id=").append(Integer.parseInt(supplier)).append("]");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // ok: CWE-643
            XPathExpression compiled = xpath.compile(expression.toString());
            NodeList products = (NodeList) compiled.evaluate(doc, XPathConstants.NODESET);
            response.setIntHeader("X-Products", products.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/category")
class CatalogCategoryServlet extends HttpServlet {

    private static final boolean CATEGORY_FILTER_ENABLED = true;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String requested = request.getParameter("category");
        String category = CATEGORY_FILTER_ENABLED ? requested : "books";
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // expect: CWE-643
            Double count = (Double) xpath.evaluate("count(//product[@category='" + category + "'])", doc, XPathConstants.NUMBER);
            response.setIntHeader("X-Count", count.intValue());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/category-count")
class CatalogCategoryCountServlet extends HttpServlet {

    private static final boolean CATEGORY_FILTER_ENABLED = false;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String requested = request.getParameter("category");
        String category = CATEGORY_FILTER_ENABLED ? requested : "books";
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // ok: CWE-643
            Double count = (Double) xpath.evaluate("count(//product[@category='" + category + "'])", doc, XPathConstants.NUMBER);
            response.setIntHeader("X-Count", count.intValue());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/stock")
class CatalogStockServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> criteria = new HashMap<>();
        criteria.put("warehouse", request.getParameter("warehouse"));
        criteria.put("status", "in-stock");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // expect: CWE-643
            NodeList items = (NodeList) xpath.evaluate("//item[@state='" + criteria.get("warehouse") + "']", doc, XPathConstants.NODESET);
            response.setIntHeader("X-Items", items.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/available")
class CatalogAvailableServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> criteria = new HashMap<>();
        criteria.put("warehouse", request.getParameter("warehouse"));
        criteria.put("status", "in-stock");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // ok: CWE-643
            NodeList items = (NodeList) xpath.evaluate("//item[@state='" + criteria.get("status") + "']", doc, XPathConstants.NODESET);
            response.setIntHeader("X-Items", items.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/reviews")
class CatalogReviewsServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String author = request.getParameter("author");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // expect: CWE-643
            NodeList reviews = (NodeList) xpath.evaluate(reviewQuery(author), doc, XPathConstants.NODESET);
            response.setIntHeader("X-Reviews", reviews.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }

    private String reviewQuery(String author) {
        return "//review[author='" + author + "' and @published='true']";
    }
}

@WebServlet("/catalog/reviews/published")
class PublishedReviewsServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String author = request.getParameter("author");
        try {
            Document doc = XmlParsers.loadCatalog();
            XPath xpath = XPathFactory.newInstance().newXPath();
            // ok: CWE-643
            NodeList reviews = (NodeList) xpath.evaluate(reviewQuery(author), doc, XPathConstants.NODESET);
            response.setIntHeader("X-Reviews", reviews.getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }

    private String reviewQuery(String author) {
        return "//review[@published='true']";
    }
}
