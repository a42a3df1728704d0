package com.acme.shop;

import java.io.IOException;
import java.util.Set;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/logout")
public class RedirectServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.getSession().invalidate();
        String next = request.getParameter("next");
        // expect: CWE-601
        response.sendRedirect(next);
    }
}

@WebServlet("/signout")
class SignOutServlet extends HttpServlet {

    private static final Set<String> ALLOWED_TARGETS = Set.of("/", "/home", "/login", "/catalog");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.getSession().invalidate();
        String next = request.getParameter("next");
        if (!ALLOWED_TARGETS.contains(next)) {
            next = "/home";
        }
        // ok: CWE-601
        response.sendRedirect(next);
    }
}

@WebServlet("/checkout/start")
class CheckoutStartServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String host = request.getParameter("storefront");
        StringBuilder url = new StringBuilder("https://");
        url.append(host).append("/checkout");
        // expect: CWE-601
        response.sendRedirect(url.toString());
    }
}

@WebServlet("/checkout/begin")
class CheckoutBeginServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String host = request.getParameter("storefront");
        StringBuilder url = new StringBuilder("https://");
        url.append(Sanitizers.allowedHost(host)).append("/checkout");
        // ok: CWE-601
        response.sendRedirect(url.toString());
    }
}
