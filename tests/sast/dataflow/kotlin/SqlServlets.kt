package com.acme.shop

import javax.annotation.Resource
import javax.servlet.annotation.WebServlet
import javax.servlet.http.HttpServlet
import javax.servlet.http.HttpServletRequest
import javax.servlet.http.HttpServletResponse
import javax.sql.DataSource

@WebServlet("/admin/audit")
class AuditLogServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val actor = req.getParameter("actor")
        val sql = StringBuilder("SELECT id, action FROM audit_log WHERE 1 = 1")
        sql.append(" AND actor = '").append(actor).append("'")
        val conn = dataSource.connection
        // expect: CWE-89
        val hasRows = conn.createStatement().execute(sql.toString())
        resp.setIntHeader("X-Has-Rows", if (hasRows) 1 else 0)
        conn.close()
    }
}

@WebServlet("/admin/audit/system")
class SystemAuditServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        var actor = req.getParameter("actor")
        actor = "system"
        val sql = StringBuilder("SELECT id, action FROM audit_log WHERE 1 = 1")
        sql.append(" AND actor = '").append(actor).append("'")
        val conn = dataSource.connection
        // ok: CWE-89
        val hasRows = conn.createStatement().execute(sql.toString())
        resp.setIntHeader("X-Has-Rows", if (hasRows) 1 else 0)
        conn.close()
    }
}

@WebServlet("/orders/status")
class OrderStatusServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val orderId = req.getParameter("orderId")
        val sql = buildOrderQuery(orderId)
        val conn = dataSource.connection
        // expect: CWE-89
        val rs = conn.createStatement().executeQuery(sql)
        resp.status = if (rs.next()) HttpServletResponse.SC_OK else HttpServletResponse.SC_NOT_FOUND
        conn.close()
    }

    private fun buildOrderQuery(orderId: String): String {
        return "SELECT id, status FROM orders WHERE id = $orderId"
    }
}

@WebServlet("/orders/tracking")
class OrderTrackingServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val orderId = req.getParameter("orderId").toLong()
        val sql = buildTrackingQuery(orderId)
        val conn = dataSource.connection
        // ok: CWE-89
        val rs = conn.createStatement().executeQuery(sql)
        resp.status = if (rs.next()) HttpServletResponse.SC_OK else HttpServletResponse.SC_NOT_FOUND
        conn.close()
    }

    private fun buildTrackingQuery(orderId: Long): String {
        return "SELECT id, status FROM orders WHERE id = $orderId"
    }
}

@WebServlet("/stores/nearby")
class StoreNearbyServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val filters = mutableMapOf<String, String>()
        filters["region"] = req.getHeader("X-Region") ?: "EU"
        filters["status"] = "OPEN"
        val sql = "SELECT id, city FROM stores WHERE region = '${filters["region"]}'"
        val conn = dataSource.connection
        // expect: CWE-89
        val rs = conn.createStatement().executeQuery(sql)
        resp.setIntHeader("X-Found", if (rs.next()) 1 else 0)
        conn.close()
    }
}

@WebServlet("/stores/open")
class StoreOpenServlet : HttpServlet() {

    @Resource(name = "jdbc/shop")
    private lateinit var dataSource: DataSource

    override fun doGet(req: HttpServletRequest, resp: HttpServletResponse) {
        val filters = mutableMapOf<String, String>()
        filters["region"] = req.getHeader("X-Region") ?: "EU"
        filters["status"] = "OPEN"
        val sql = "SELECT id, city FROM stores WHERE status = '${filters["status"]}'"
        val conn = dataSource.connection
        // ok: CWE-89
        val rs = conn.createStatement().executeQuery(sql)
        resp.setIntHeader("X-Found", if (rs.next()) 1 else 0)
        conn.close()
    }
}
