package com.acme.shop;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@WebServlet("/content/lang")
public class HeaderServlets extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String lang = request.getParameter("lang");
        String contentLanguage = lang;
        // expect: CWE-113
        response.setHeader("Content-Language", contentLanguage);
        response.getWriter().write("ok");
    }
}

@WebServlet("/content/lang/clean")
class CleanLanguageHeaderServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String lang = request.getParameter("lang");
        String contentLanguage = lang.replaceAll("[\\r\\n]", "");
        // ok: CWE-113
        response.setHeader("Content-Language", contentLanguage);
        response.getWriter().write("ok");
    }
}

@WebServlet("/invoices/download")
class InvoiceDownloadServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        response.setContentType("application/pdf");
        // expect: CWE-113
        response.setHeader("Content-Disposition", attachmentFor(name));
        response.getOutputStream().write(new byte[0]);
    }

    private static String attachmentFor(String fileName) {
        return "attachment; filename=\"" + fileName + "\"";
    }
}

@WebServlet("/invoices/download/generic")
class GenericInvoiceDownloadServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        response.setContentType("application/pdf");
        // ok: CWE-113
        response.setHeader("Content-Disposition", genericAttachment(name));
        response.getOutputStream().write(new byte[0]);
    }

    private static String genericAttachment(String fileName) {
        return "attachment; filename=\"invoice.pdf\"";
    }
}

@WebServlet("/api/trace")
class RequestTraceServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> trace = new HashMap<>();
        trace.put("requestId", request.getParameter("requestId"));
        trace.put("service", "shop-api");
        // expect: CWE-113
        response.setHeader("X-Request-Id", trace.get("requestId"));
        response.getWriter().write("{}");
    }
}

@WebServlet("/api/trace/service")
class ServiceTraceServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> trace = new HashMap<>();
        trace.put("requestId", request.getParameter("requestId"));
        trace.put("service", "shop-api");
        // ok: CWE-113
        response.setHeader("X-Served-By", trace.get("service"));
        response.getWriter().write("{}");
    }
}

@WebServlet("/api/cors/catalog")
class CatalogCorsServlet extends HttpServlet {

    private static final String DEFAULT_ORIGIN = "https://www.acme.com";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String origin = request.getHeader("Origin");
        String allowed = origin != null ? origin : DEFAULT_ORIGIN;
        // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
        response.addHeader("Access-Control-Allow-Origin", allowed);
        response.getWriter().write("[]");
    }
}

@WebServlet("/api/cors/orders")
class OrdersCorsServlet extends HttpServlet {

    private static final String DEFAULT_ORIGIN = "https://www.acme.com";
    private static final Set<String> ALLOWED_ORIGINS = Set.of("https://www.acme.com", "https://shop.acme.com");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String origin = request.getHeader("Origin");
        String allowed = ALLOWED_ORIGINS.contains(origin) ? origin : DEFAULT_ORIGIN;
        // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
        response.addHeader("Access-Control-Allow-Origin", allowed);
        response.getWriter().write("[]");
    }
}

@WebServlet("/catalog/page")
class CatalogPageLinkServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String cursor = request.getParameter("cursor");
        StringBuilder link = new StringBuilder();
        link.append("</catalog/page?cursor=").append(cursor).append(">; rel=\"next\"");
        // expect: CWE-113
        response.setHeader("Link", link.toString());
        response.getWriter().write("[]");
    }
}

@WebServlet("/catalog/page/encoded")
class EncodedCatalogPageLinkServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String cursor = request.getParameter("cursor");
        StringBuilder link = new StringBuilder();
        link.append("</catalog/page?cursor=").append(URLEncoder.encode(cursor, StandardCharsets.UTF_8)).append(">; rel=\"next\"");
        // ok: CWE-113
        response.setHeader("Link", link.toString());
        response.getWriter().write("[]");
    }
}

@WebServlet("/account/timeout")
class SessionTimeoutServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String delay = "30";
        if (request.getParameter("delay") != null) {
            delay = request.getParameter("delay");
        }
        // expect: CWE-113
        response.setHeader("Refresh", delay + "; url=/account/login");
        response.getWriter().write("session expiring");
    }
}

@WebServlet("/account/timeout/fixed")
class FixedSessionTimeoutServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String delay = "30";
        if (false) {
            delay = request.getParameter("delay");
        }
        // ok: CWE-113
        response.setHeader("Refresh", delay + "; url=/account/login");
        response.getWriter().write("session expiring");
    }
}

@WebServlet("/cdn/asset")
class AssetCacheTagServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        List<String> tags = new ArrayList<>();
        tags.add("assets");
        tags.add(request.getParameter("bucket"));
        // expect: CWE-113
        response.addHeader("X-Cache-Tag", tags.get(1));
        response.getWriter().write("cached");
    }
}

@WebServlet("/cdn/asset/global")
class GlobalAssetCacheTagServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        List<String> tags = new ArrayList<>();
        tags.add("assets");
        tags.add(request.getParameter("bucket"));
        // ok: CWE-113
        response.addHeader("X-Cache-Tag", tags.get(0));
        response.getWriter().write("cached");
    }
}

@WebServlet("/tenant/banner")
class TenantBannerServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String tenant = request.getParameter("tenant");
        // expect: CWE-113
        response.setHeader("X-Tenant", tenant);
        response.getWriter().write("banner");
    }
}

@WebServlet("/tenant/banner/default")
class DefaultTenantBannerServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String tenant = request.getParameter("tenant");
        tenant = "default";
        // ok: CWE-113
        response.setHeader("X-Tenant", tenant);
        response.getWriter().write("banner");
    }
}

@RestController
@RequestMapping("/api/exports")
class ExportHeadersController {

    private static final byte[] EMPTY = new byte[0];

    @GetMapping("/csv")
    public ResponseEntity<byte[]> csv(@RequestParam("name") String name) {
        // expect: CWE-113
        return ResponseEntity.ok().header("Content-Disposition", "attachment; filename=" + name + ".csv").body(EMPTY);
    }

    @GetMapping("/csv/checked")
    public ResponseEntity<byte[]> csvChecked(@RequestParam("name") String name) {
        if (!Sanitizers.isSafeName(name)) {
            return ResponseEntity.badRequest().build();
        }
        // ok: CWE-113
        return ResponseEntity.ok().header("Content-Disposition", "attachment; filename=" + name + ".csv").body(EMPTY);
    }

    @GetMapping("/summary")
    public ResponseEntity<byte[]> summary(@RequestParam("lang") String lang) {
        HttpHeaders headers = new HttpHeaders();
        // expect: CWE-113
        headers.set("Content-Language", lang);
        return new ResponseEntity<>(EMPTY, headers, HttpStatus.OK);
    }

    @GetMapping("/summary/encoded")
    public ResponseEntity<byte[]> summaryEncoded(@RequestParam("lang") String lang) {
        HttpHeaders headers = new HttpHeaders();
        // ok: CWE-113
        headers.set("Content-Language", URLEncoder.encode(lang, StandardCharsets.UTF_8));
        return new ResponseEntity<>(EMPTY, headers, HttpStatus.OK);
    }
}
