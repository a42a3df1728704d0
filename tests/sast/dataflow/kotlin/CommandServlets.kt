package com.acme.shop

import javax.servlet.annotation.WebServlet
import javax.servlet.http.HttpServlet
import javax.servlet.http.HttpServletRequest
import javax.servlet.http.HttpServletResponse

private val HOSTNAME_PATTERN = Regex("^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$")

private fun isValidHostname(value: String?): Boolean = value != null && HOSTNAME_PATTERN.matches(value)

@WebServlet("/admin/dns")
class DnsLookupServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val domain = req.getParameter("domain")
        val cmd = StringBuilder("nslookup ")
        cmd.append(domain)
        // expect: CWE-78
        val process = ProcessBuilder("sh", "-c", cmd.toString()).start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }
}

@WebServlet("/admin/dns/checked")
class CheckedDnsLookupServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val domain = req.getParameter("domain")
        if (!isValidHostname(domain)) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST)
            return
        }
        val cmd = StringBuilder("nslookup ")
        cmd.append(domain)
        // ok: CWE-78
        val process = ProcessBuilder("sh", "-c", cmd.toString()).start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }
}

@WebServlet("/admin/disk-usage")
class DiskUsageServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val share = req.getParameter("share")
        // expect: CWE-78
        val process = ProcessBuilder("bash", "-c", diskUsageCommand(share)).start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }

    private fun diskUsageCommand(share: String): String {
        return "du -sh /srv/shares/$share"
    }
}

@WebServlet("/admin/disk-usage/public")
class PublicDiskUsageServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val share = req.getParameter("share")
        // ok: CWE-78
        val process = ProcessBuilder("bash", "-c", publicUsageCommand(share)).start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }

    private fun publicUsageCommand(share: String): String {
        return "du -sh /srv/shares/public"
    }
}

@WebServlet("/admin/traceroute")
class TracerouteServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val host = req.getParameter("host")
        val target = if (host.isNullOrBlank()) "localhost" else host
        // expect: CWE-78
        val process = ProcessBuilder("sh", "-c", "traceroute -m 10 $target").start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }
}

@WebServlet("/admin/traceroute/gateway")
class GatewayTracerouteServlet : HttpServlet() {

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val host = req.getParameter("host")
        var target = if (host.isNullOrBlank()) "localhost" else host
        target = "gateway.acme.internal"
        // ok: CWE-78
        val process = ProcessBuilder("sh", "-c", "traceroute -m 10 $target").start()
        resp.writer.write(process.inputStream.bufferedReader().readText())
    }
}
