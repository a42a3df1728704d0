package com.acme.shop;

import java.io.IOException;
import java.io.PrintWriter;
import javax.servlet.http.HttpServletResponse;
import org.owasp.encoder.Encode;

public final class PageWriter {

    private PageWriter() {
    }

    public static void writeNotice(HttpServletResponse response, String message) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        // expect: CWE-79
        out.println("<div class=\"notice\">" + message + "</div>");
    }

    public static void writeEncodedNotice(HttpServletResponse response, String message) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        // ok: CWE-79
        out.println("<div class=\"notice\">" + Encode.forHtml(message) + "</div>");
    }
}
