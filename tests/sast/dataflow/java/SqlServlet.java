package com.acme.shop;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Resource;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

@WebServlet("/users/by-name")
public class SqlServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        String sql = "SELECT id, email FROM users WHERE name = '" + name + "'";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setStatus(rs.next() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/users/find")
class UserFindServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        String sql = "SELECT id, email FROM users WHERE name = ?";
        try (Connection conn = dataSource.getConnection()) {
            // ok: CWE-89
            PreparedStatement stmt = conn.prepareStatement(sql);
            stmt.setString(1, name);
            ResultSet rs = stmt.executeQuery();
            response.setStatus(rs.next() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/products/list")
class ProductListServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sort = request.getParameter("sort");
        String column = sort != null ? sort : "name";
        String sql = "SELECT id, name, price FROM products ORDER BY " + column;
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setIntHeader("X-Has-Results", rs.next() ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/products/catalog")
class ProductCatalogServlet extends HttpServlet {

    private static final boolean CLIENT_SORT_ENABLED = false;

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sort = request.getParameter("sort");
        String column = CLIENT_SORT_ENABLED ? sort : "name";
        String sql = "SELECT id, name, price FROM products ORDER BY " + column;
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setIntHeader("X-Has-Results", rs.next() ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/cart/remove")
class CartRemoveServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] ids = request.getParameterValues("itemId");
        List<String> itemIds = new ArrayList<>();
        for (String id : ids) {
            itemIds.add(id);
        }
        String sql = "DELETE FROM cart_items WHERE id IN (" + String.join(",", itemIds) + ")";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            int removed = stmt.executeUpdate(sql);
            response.setIntHeader("X-Removed", removed);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/cart/clear-items")
class CartClearItemsServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] ids = request.getParameterValues("itemId");
        List<String> itemIds = new ArrayList<>();
        for (String id : ids) {
            itemIds.add(String.valueOf(Integer.parseInt(id)));
        }
        String sql = "DELETE FROM cart_items WHERE id IN (" + String.join(",", itemIds) + ")";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            int removed = stmt.executeUpdate(sql);
            response.setIntHeader("X-Removed", removed);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/stores/nearby")
class StoreNearbyServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> filters = new HashMap<>();
        filters.put("region", request.getCookies()[0].getValue());
        filters.put("status", "OPEN");
        String sql = "SELECT id, city FROM stores WHERE code = '" + filters.get("region") + "'";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setIntHeader("X-Found", rs.next() ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/stores/open")
class StoreOpenServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> filters = new HashMap<>();
        filters.put("region", request.getCookies()[0].getValue());
        filters.put("status", "OPEN");
        String sql = "SELECT id, city FROM stores WHERE code = '" + filters.get("status") + "'";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setIntHeader("X-Found", rs.next() ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/admin/audit")
class AuditLogServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String actor = request.getParameter("actor");
        StringBuilder sql = new StringBuilder("SELECT id, action FROM audit_log WHERE 1 = 1");
        sql.append(" AND actor = '").append(actor).append("'");
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            boolean hasRows = stmt.execute(sql.toString());
            response.setIntHeader("X-Has-Rows", hasRows ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/admin/audit/system")
class SystemAuditServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String actor = request.getParameter("actor");
        actor = "system";
        StringBuilder sql = new StringBuilder("SELECT id, action FROM audit_log WHERE 1 = 1");
        sql.append(" AND actor = '").append(actor).append("'");
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            boolean hasRows = stmt.execute(sql.toString());
            response.setIntHeader("X-Has-Rows", hasRows ? 1 : 0);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/orders/status")
class OrderStatusServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String orderId = request.getParameter("orderId");
        String sql = buildOrderQuery(orderId);
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setStatus(rs.next() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    private String buildOrderQuery(String orderId) {
        return "SELECT id, status FROM orders WHERE id = " + orderId;
    }
}

@WebServlet("/orders/tracking")
class OrderTrackingServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String orderId = request.getParameter("orderId");
        String sql = buildOrderQuery(Integer.parseInt(orderId));
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            ResultSet rs = stmt.executeQuery(sql);
            response.setStatus(rs.next() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    private String buildOrderQuery(int orderId) {
        return "SELECT id, status FROM orders WHERE id = " + orderId;
    }
}

@WebServlet("/admin/sessions/purge")
class SessionPurgeServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String status = request.getParameter("status");
        try (Connection conn = dataSource.getConnection()) {
            int purged = purgeByStatus(conn, status);
            response.setIntHeader("X-Purged", purged);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    private int purgeByStatus(Connection conn, String status) throws SQLException {
        Statement stmt = conn.createStatement();
        // expect: CWE-89
        return stmt.executeUpdate("DELETE FROM user_sessions WHERE status = '" + status + "'");
    }
}

@WebServlet("/admin/sessions/expire")
class SessionExpireServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String status = "EXPIRED";
        try (Connection conn = dataSource.getConnection()) {
            int purged = purgeByStatus(conn, status);
            response.setIntHeader("X-Purged", purged);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    private int purgeByStatus(Connection conn, String status) throws SQLException {
        Statement stmt = conn.createStatement();
        // ok: CWE-89
        return stmt.executeUpdate("DELETE FROM user_sessions WHERE status = '" + status + "'");
    }
}

@WebServlet("/referrals/track")
class ReferralTrackServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = request.getQueryString();
        String code = URLDecoder.decode(query.substring(query.indexOf('=') + 1), StandardCharsets.UTF_8);
        String sql = "INSERT INTO referral_hits (code) VALUES ('" + code + "')";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: CWE-89
            int inserted = stmt.executeUpdate(sql);
            response.setIntHeader("X-Tracked", inserted);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/referrals/count")
class ReferralCountServlet extends HttpServlet {

    @Resource(name = "jdbc/shop")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = request.getQueryString();
        String code = String.valueOf(Long.parseLong(URLDecoder.decode(query.substring(query.indexOf('=') + 1), StandardCharsets.UTF_8)));
        String sql = "INSERT INTO referral_hits (code) VALUES ('" + code + "')";
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // ok: CWE-89
            int inserted = stmt.executeUpdate(sql);
            response.setIntHeader("X-Tracked", inserted);
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}
