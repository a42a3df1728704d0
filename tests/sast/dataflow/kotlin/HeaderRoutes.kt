package com.acme.shop

import io.ktor.server.application.call
import io.ktor.server.response.header
import io.ktor.server.response.respondText
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import java.net.URLEncoder
import javax.servlet.annotation.WebServlet
import javax.servlet.http.HttpServlet
import javax.servlet.http.HttpServletRequest
import javax.servlet.http.HttpServletResponse

private const val DEFAULT_ORIGIN = "https://www.acme.com"
private val ALLOWED_ORIGINS = setOf("https://www.acme.com", "https://shop.acme.com")

private fun attachmentFor(fileName: String): String {
    return "attachment; filename=\"$fileName\""
}

private fun genericAttachment(fileName: String): String {
    return "attachment; filename=\"statement.pdf\""
}

fun Route.headerRoutes() {
    get("/content/lang") {
        val lang = call.request.queryParameters["lang"] ?: "en"
        val contentLanguage = lang
        // expect: CWE-113
        call.response.header("Content-Language", contentLanguage)
        call.respondText("ok")
    }

    get("/content/lang/clean") {
        val lang = call.request.queryParameters["lang"] ?: "en"
        val contentLanguage = lang.replace("\r", "").replace("\n", "")
        // ok: CWE-113
        call.response.header("Content-Language", contentLanguage)
        call.respondText("ok")
    }

    get("/statements/download") {
        val name = call.parameters["name"] ?: "statement"
        // expect: CWE-113
        call.response.header("Content-Disposition", attachmentFor(name))
        call.respondText("%PDF-1.7")
    }

    get("/statements/download/generic") {
        val name = call.parameters["name"] ?: "statement"
        // ok: CWE-113
        call.response.header("Content-Disposition", genericAttachment(name))
        call.respondText("%PDF-1.7")
    }

    get("/api/trace") {
        val trace = mutableMapOf("service" to "shop-api")
        trace["requestId"] = call.request.headers["X-Request-Id"] ?: "none"
        // expect: CWE-113
        call.response.header("X-Request-Id", trace.getValue("requestId"))
        call.respondText("{}")
    }

    get("/api/trace/service") {
        val trace = mutableMapOf("service" to "shop-api")
        trace["requestId"] = call.request.headers["X-Request-Id"] ?: "none"
        // ok: CWE-113
        call.response.header("X-Served-By", trace.getValue("service"))
        call.respondText("{}")
    }

    get("/api/cors/catalog") {
        val origin = call.request.headers["Origin"] ?: DEFAULT_ORIGIN
        val allowed = if (origin.isNotEmpty()) origin else DEFAULT_ORIGIN
        // expect: CWE-113
        call.response.headers.append("Access-Control-Allow-Origin", allowed)
        call.respondText("[]")
    }

    get("/api/cors/orders") {
        val origin = call.request.headers["Origin"] ?: DEFAULT_ORIGIN
        val allowed = if (origin in ALLOWED_ORIGINS) origin else DEFAULT_ORIGIN
        // ok: CWE-113
        call.response.headers.append("Access-Control-Allow-Origin", allowed)
        call.respondText("[]")
    }

    get("/catalog/page") {
        val cursor = call.request.queryParameters["cursor"] ?: "0"
        val link = StringBuilder()
        link.append("</catalog/page?cursor=").append(cursor).append(">; rel=\"next\"")
        // expect: CWE-113
        call.response.header("Link", link.toString())
        call.respondText("[]")
    }

    get("/catalog/page/encoded") {
        val cursor = call.request.queryParameters["cursor"] ?: "0"
        val link = StringBuilder()
        link.append("</catalog/page?cursor=").append(URLEncoder.encode(cursor, "UTF-8")).append(">; rel=\"next\"")
        // ok: CWE-113
        call.response.header("Link", link.toString())
        call.respondText("[]")
    }

    get("/account/timeout") {
        var delay = "30"
        if (call.parameters["delay"] != null) {
            delay = call.parameters["delay"] ?: "30"
        }
        // expect: CWE-113
        call.response.header("Refresh", "$delay; url=/account/login")
        call.respondText("session expiring")
    }

    get("/account/timeout/fixed") {
        var delay = "30"
        if (false) {
            delay = call.parameters["delay"] ?: "30"
        }
        // ok: CWE-113
        call.response.header("Refresh", "$delay; url=/account/login")
        call.respondText("session expiring")
    }
}

@WebServlet("/cdn/asset")
class AssetCacheTagServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val tags = mutableListOf("assets")
        tags.add(req.getParameter("bucket"))
        // expect: CWE-113
        resp.addHeader("X-Cache-Tag", tags[1])
        resp.writer.write("cached")
    }
}

@WebServlet("/cdn/asset/global")
class GlobalAssetCacheTagServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val tags = mutableListOf("assets")
        tags.add(req.getParameter("bucket"))
        // ok: CWE-113
        resp.addHeader("X-Cache-Tag", tags[0])
        resp.writer.write("cached")
    }
}

@WebServlet("/tenant/banner")
class TenantBannerServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        var tenant = req.getParameter("tenant")
        // expect: CWE-113
        resp.setHeader("X-Tenant", tenant)
        resp.writer.write("banner")
    }
}

@WebServlet("/tenant/banner/default")
class DefaultTenantBannerServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        var tenant = req.getParameter("tenant")
        tenant = "default"
        // ok: CWE-113
        resp.setHeader("X-Tenant", tenant)
        resp.writer.write("banner")
    }
}
