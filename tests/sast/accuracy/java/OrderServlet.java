package com.example.shop.web;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;
import org.owasp.encoder.Encode;

public class OrderServlet extends HttpServlet {

    private static final Path INVOICE_DIR = Paths.get("/srv/shop/invoices");
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String action = request.getParameter("action");
        if ("search".equals(action)) {
            search(request, response);
        } else if ("invoice".equals(action)) {
            invoice(request, response);
        } else {
            showOrder(request, response);
        }
    }

    private void search(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String customer = request.getParameter("customer");
        String sort = request.getParameter("sort");
        response.setContentType("text/html");
        PrintWriter out = response.getWriter();
        try (Connection conn = dataSource.getConnection()) {
            Statement stmt = conn.createStatement();
            // expect: java.jdbc-statement-sqli
            ResultSet rs = stmt.executeQuery("SELECT id, total FROM orders WHERE customer = '" + customer + "' ORDER BY " + sort);
            // expect: java.servlet-reflected-xss
            out.println("<h2>Orders for " + customer + "</h2>");
            // ok: java.servlet-reflected-xss
            out.println("<p>Sorted by " + Encode.forHtml(sort) + "</p>");
            while (rs.next()) {
                out.println("<li>" + rs.getLong("id") + ": " + rs.getBigDecimal("total") + "</li>");
            }
        } catch (SQLException e) {
            response.sendError(500);
        }
    }

    private void showOrder(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long id = Long.parseLong(request.getParameter("id"));
        try (Connection conn = dataSource.getConnection()) {
            // ok: java.jdbc-prepare-statement-concat
            PreparedStatement ps = conn.prepareStatement("SELECT status FROM orders WHERE id = ?");
            ps.setLong(1, id);
            // ok: java.jdbc-statement-sqli
            ResultSet rs = ps.executeQuery();
            rs.next();
            response.setContentType("text/plain");
            // ok: java.servlet-reflected-xss
            response.getWriter().write("status: " + rs.getString(1) + " for " + request.getParameter("id"));
        } catch (SQLException e) {
            response.sendError(500);
        }
    }

    private void invoice(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("file");
        // expect: java.http-header-injection
        response.setHeader("Content-Disposition", "attachment; filename=" + name);
        // expect: java.path-traversal-request
        File legacy = new File("/srv/shop/invoices/" + name);
        if (legacy.exists()) {
            Files.copy(legacy.toPath(), response.getOutputStream());
            return;
        }
        response.sendError(404);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String returnTo = request.getParameter("returnTo");
        updateCart(request);
        if (returnTo == null) {
            // ok: java.open-redirect-servlet
            response.sendRedirect("/cart?updated=" + URLEncoder.encode(request.getParameter("sku"), StandardCharsets.UTF_8));
            return;
        }
        // expect: java.open-redirect-servlet
        response.sendRedirect(returnTo);
    }

    private void updateCart(HttpServletRequest request) {
        // expect: java.taint-trust-boundary
        request.getSession().setAttribute("lastSku", request.getParameter("sku"));
    }
}
