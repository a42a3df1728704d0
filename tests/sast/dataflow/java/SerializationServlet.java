package com.acme.shop;

import java.beans.XMLDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.io.serialization.ValidatingObjectInputStream;

@WebServlet("/cart/restore")
public class SerializationServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        InputStream in = request.getInputStream();
        try {
            // expect: CWE-502
            Object cart = new ObjectInputStream(in).readObject();
            response.setIntHeader("X-Loaded", cart != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/cart/reset")
class CartResetServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        InputStream in = getServletContext().getResourceAsStream("/WEB-INF/default-cart.ser");
        try {
            // ok: CWE-502
            Object cart = new ObjectInputStream(in).readObject();
            response.setIntHeader("X-Loaded", cart != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/cart/from-cookie")
class CartCookieServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Cookie[] cookies = request.getCookies();
        byte[] data = Base64.getDecoder().decode(cookies[0].getValue());
        try {
            // expect: CWE-502
            Object cart = new ObjectInputStream(new ByteArrayInputStream(data)).readObject();
            response.setIntHeader("X-Loaded", cart != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/cart/from-cookie/checked")
class CheckedCartCookieServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Cookie[] cookies = request.getCookies();
        byte[] data = Base64.getDecoder().decode(cookies[0].getValue());
        try {
            // ok: CWE-502
            Object cart = new ValidatingObjectInputStream(new ByteArrayInputStream(data)).accept(CartState.class).readObject();
            response.setIntHeader("X-Loaded", cart != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/settings/import")
class SettingsImportServlet extends HttpServlet {

    private static final boolean LEGACY_XML_IMPORT = true;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (LEGACY_XML_IMPORT) {
            // expect: CWE-502
            Object settings = new XMLDecoder(request.getInputStream()).readObject();
            response.setIntHeader("X-Loaded", settings != null ? 1 : 0);
        }
        response.setStatus(HttpServletResponse.SC_ACCEPTED);
    }
}

@WebServlet("/settings/upload")
class SettingsUploadServlet extends HttpServlet {

    private static final boolean LEGACY_XML_IMPORT = false;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (LEGACY_XML_IMPORT) {
            // ok: CWE-502
            Object settings = new XMLDecoder(request.getInputStream()).readObject();
            response.setIntHeader("X-Loaded", settings != null ? 1 : 0);
        }
        response.setStatus(HttpServletResponse.SC_ACCEPTED);
    }
}

@WebServlet("/wishlist/restore")
class WishlistRestoreServlet extends HttpServlet {

    private static final byte[] EMPTY_WISHLIST = Base64.getDecoder().decode("rO0ABXNyABNqYXZhLnV0aWwuQXJyYXlMaXN0eIHSHZnHYZ0DAAFJAARzaXpleHAAAAAAdwQAAAAAeA==");

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, byte[]> blobs = new HashMap<>();
        blobs.put("payload", request.getInputStream().readAllBytes());
        blobs.put("template", EMPTY_WISHLIST);
        try {
            // expect: CWE-502
            Object wishlist = new ObjectInputStream(new ByteArrayInputStream(blobs.get("payload"))).readObject();
            response.setIntHeader("X-Loaded", wishlist != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/wishlist/new")
class WishlistNewServlet extends HttpServlet {

    private static final byte[] EMPTY_WISHLIST = Base64.getDecoder().decode("rO0ABXNyABNqYXZhLnV0aWwuQXJyYXlMaXN0eIHSHZnHYZ0DAAFJAARzaXpleHAAAAAAdwQAAAAAeA==");

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, byte[]> blobs = new HashMap<>();
        blobs.put("payload", request.getInputStream().readAllBytes());
        blobs.put("template", EMPTY_WISHLIST);
        try {
            // ok: CWE-502
            Object wishlist = new ObjectInputStream(new ByteArrayInputStream(blobs.get("template"))).readObject();
            response.setIntHeader("X-Loaded", wishlist != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/session/resume")
class SessionResumeServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] blob = Base64.getDecoder().decode(request.getParameter("state"));
        try {
            Object state = SessionCodec.decode(blob);
            response.setIntHeader("X-Loaded", state != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/session/resume-cart")
class SessionResumeCartServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] blob = Base64.getDecoder().decode(request.getParameter("state"));
        try {
            Object state = SessionCodec.decodeCart(blob);
            response.setIntHeader("X-Loaded", state != null ? 1 : 0);
        } catch (ClassNotFoundException e) {
            throw new ServletException(e);
        }
    }
}
