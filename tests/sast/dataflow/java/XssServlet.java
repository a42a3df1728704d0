package com.acme.shop;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.text.StringEscapeUtils;
import org.owasp.encoder.Encode;

@WebServlet("/search")
public class XssServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = request.getParameter("q");
        response.setContentType("text/html;charset=UTF-8");
        // expect: CWE-79
        response.getWriter().print("<p>Results for " + query + "</p>");
    }
}

@WebServlet("/search/results")
class SearchResultsServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = Encode.forHtml(request.getParameter("q"));
        response.setContentType("text/html;charset=UTF-8");
        // ok: CWE-79
        response.getWriter().print("<p>Results for " + query + "</p>");
    }
}

@WebServlet("/welcome")
class WelcomeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        StringBuilder html = new StringBuilder("<html><body>");
        html.append("<h1>Welcome back, ").append(name).append("!</h1>");
        html.append("</body></html>");
        response.setContentType("text/html;charset=UTF-8");
        // expect: CWE-79
        response.getWriter().write(html.toString());
    }
}

@WebServlet("/welcome/member")
class MemberWelcomeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        StringBuilder html = new StringBuilder("<html><body>");
        html.append("<h1>Welcome back, ").append(StringEscapeUtils.escapeHtml4(name)).append("!</h1>");
        html.append("</body></html>");
        response.setContentType("text/html;charset=UTF-8");
        // ok: CWE-79
        response.getWriter().write(html.toString());
    }
}

@WebServlet("/login/error")
class LoginErrorServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String error = request.getParameter("error");
        String message = error != null ? error : "Unknown error";
        PrintWriter out = response.getWriter();
        // expect: CWE-79
        out.println("<span class=\"error\">" + message + "</span>");
    }
}

@WebServlet("/login/failed")
class LoginFailedServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String error = request.getParameter("error");
        String message = error != null ? "Invalid username or password" : "Unknown error";
        PrintWriter out = response.getWriter();
        // ok: CWE-79
        out.println("<span class=\"error\">" + message + "</span>");
    }
}

@WebServlet("/catalog/section")
class CatalogSectionServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        List<String> crumbs = new ArrayList<>();
        crumbs.add("Home");
        crumbs.add(request.getParameter("section"));
        PrintWriter out = response.getWriter();
        // expect: CWE-79
        out.print("<nav><a href=\"/\">Home</a> &gt; " + crumbs.get(1) + "</nav>");
    }
}

@WebServlet("/catalog/home")
class CatalogHomeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        List<String> crumbs = new ArrayList<>();
        crumbs.add("Home");
        crumbs.add(request.getParameter("section"));
        PrintWriter out = response.getWriter();
        // ok: CWE-79
        out.print("<nav><a href=\"/\">Home</a> &gt; " + crumbs.get(0) + "</nav>");
    }
}

@WebServlet("/page/title")
class PageTitleServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> page = new HashMap<>();
        page.put("title", request.getParameter("title"));
        page.put("theme", "light");
        PrintWriter out = response.getWriter();
        // expect: CWE-79
        out.write("<header class=\"page\">" + page.get("title") + "</header>");
    }
}

@WebServlet("/page/theme")
class PageThemeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> page = new HashMap<>();
        page.put("title", request.getParameter("title"));
        page.put("theme", "light");
        PrintWriter out = response.getWriter();
        // ok: CWE-79
        out.write("<header class=\"page\">" + page.get("theme") + "</header>");
    }
}

@WebServlet("/comments/preview")
class CommentPreviewServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String comment = request.getParameter("comment");
        String item = renderComment(comment);
        // expect: CWE-79
        response.getWriter().println("<ul class=\"comments\">" + item + "</ul>");
    }

    private String renderComment(String comment) {
        return "<li class=\"comment\">" + comment + "</li>";
    }
}

@WebServlet("/comments/draft")
class CommentDraftServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String comment = request.getParameter("comment");
        String item = renderComment(Encode.forHtml(comment));
        // ok: CWE-79
        response.getWriter().println("<ul class=\"comments\">" + item + "</ul>");
    }

    private String renderComment(String comment) {
        return "<li class=\"comment\">" + comment + "</li>";
    }
}

@WebServlet("/listing")
class ListingServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String page = request.getParameter("page");
        // expect: CWE-79
        response.getWriter().print("<div class=\"pager\">Page " + page + "</div>");
    }
}

@WebServlet("/listing/paged")
class PagedListingServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        int page = Integer.parseInt(request.getParameter("page"));
        // ok: CWE-79
        response.getWriter().print("<div class=\"pager\">Page " + page + "</div>");
    }
}

@WebServlet("/orders/note")
class OrderNoteServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String note = request.getParameter("note");
        String row = String.format("<tr><td>Note</td><td>%s</td></tr>", note);
        // expect: CWE-79
        response.getWriter().write(row);
    }
}

@WebServlet("/orders/memo")
class OrderMemoServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String note = request.getParameter("note");
        String row = String.format("<tr><td>Note</td><td>%s</td></tr>", StringEscapeUtils.escapeHtml4(note));
        // ok: CWE-79
        response.getWriter().write(row);
    }
}

@WebServlet("/notice")
class NoticeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String message = request.getParameter("msg");
        PageWriter.writeNotice(response, message);
    }
}

@WebServlet("/notice/encoded")
class EncodedNoticeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String message = request.getParameter("msg");
        PageWriter.writeEncodedNotice(response, message);
    }
}

@WebServlet("/promo")
class PromoServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String title = request.getParameter("title");
        String banner = HtmlTemplates.banner(title);
        // expect: CWE-79
        response.getWriter().println(banner);
    }
}

@WebServlet("/promo/maintenance")
class MaintenancePromoServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String title = request.getParameter("title");
        String banner = HtmlTemplates.maintenanceBanner(title);
        // ok: CWE-79
        response.getWriter().println(banner);
    }
}

@WebServlet("/tags")
class TagCloudServlet extends HttpServlet {

    private static final boolean SHOW_TAGS = true;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] tags = request.getParameterValues("tag");
        if (SHOW_TAGS) {
            // expect: CWE-79
            response.getWriter().println("<ul><li>" + String.join("</li><li>", tags) + "</li></ul>");
        }
    }
}

@WebServlet("/tags/hidden")
class HiddenTagCloudServlet extends HttpServlet {

    private static final boolean SHOW_TAGS = false;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] tags = request.getParameterValues("tag");
        if (SHOW_TAGS) {
            // ok: CWE-79
            response.getWriter().println("<ul><li>" + String.join("</li><li>", tags) + "</li></ul>");
        }
    }
}
