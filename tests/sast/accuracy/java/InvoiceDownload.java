package com.example.shop.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** Serves invoices from a fixed directory, with a containment check. */
public class InvoiceDownload extends HttpServlet {

    private static final Path BASE = Paths.get("/srv/shop/invoices").toAbsolutePath().normalize();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String requested = request.getParameter("file");
        // ok: java.path-traversal-request
        Path target = BASE.resolve(Paths.get(requested)).normalize();
        if (!target.startsWith(BASE) || !Files.isRegularFile(target)) {
            response.sendError(404);
            return;
        }
        // ok: java.http-header-injection
        response.setHeader("Content-Disposition", "attachment; filename=\"" + target.getFileName() + "\"");
        // ok: java.http-header-injection
        response.setHeader("Cache-Control", "private, max-age=60");
        Files.copy(target, response.getOutputStream());
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String next = request.getParameter("next");
        if (next == null || !next.startsWith("/") || next.startsWith("//")) {
            next = "/invoices";
        }
        // ok: java.open-redirect-servlet
        response.sendRedirect(next);
    }
}
