package com.acme.shop;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;

@WebServlet("/account/role")
public class SessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String role = request.getParameter("role");
        HttpSession session = request.getSession();
        // expect: CWE-501
        session.setAttribute("role", role);
        response.sendRedirect("/account");
    }
}

@WebServlet("/account/guest")
class GuestSessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String role = "viewer";
        HttpSession session = request.getSession();
        // ok: CWE-501
        session.setAttribute("role", role);
        response.sendRedirect("/account");
    }
}

@WebServlet("/account/language")
class LanguageServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String header = request.getHeader("X-Preferred-Language");
        String lang = header != null ? header : "en";
        // expect: CWE-501
        request.getSession().setAttribute("lang", lang);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/locale")
class LocaleServlet extends HttpServlet {

    private static final Set<String> SUPPORTED = Set.of("en", "de", "fr", "es");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String header = request.getHeader("X-Preferred-Language");
        String lang = SUPPORTED.contains(header) ? header : "en";
        // ok: CWE-501
        request.getSession().setAttribute("lang", lang);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/greeting")
class GreetingSessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String nickname = request.getParameter("nickname");
        String greeting = new StringBuilder("Hi ").append(nickname).append("!").toString();
        // expect: CWE-501
        request.getSession().setAttribute("greeting", greeting);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/greeting/default")
class DefaultGreetingSessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String nickname = request.getParameter("nickname");
        nickname = "there";
        String greeting = new StringBuilder("Hi ").append(nickname).append("!").toString();
        // ok: CWE-501
        request.getSession().setAttribute("greeting", greeting);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/preferences")
class PreferencesServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> prefs = new HashMap<>();
        prefs.put("currency", request.getParameter("currency"));
        prefs.put("pageSize", "25");
        HttpSession session = request.getSession();
        // expect: CWE-501
        session.setAttribute("currency", prefs.get("currency"));
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/preferences/paging")
class PagingPreferencesServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> prefs = new HashMap<>();
        prefs.put("currency", request.getParameter("currency"));
        prefs.put("pageSize", "25");
        HttpSession session = request.getSession();
        // ok: CWE-501
        session.setAttribute("pageSize", prefs.get("pageSize"));
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/profile")
class ProfileSessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        UserProfile profile = new UserProfile(request.getParameter("displayName"), "basic");
        // expect: CWE-501
        request.getSession().setAttribute("displayName", profile.getDisplayName());
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/account/profile/tier")
class ProfileTierSessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        UserProfile profile = new UserProfile(request.getParameter("displayName"), "basic");
        // ok: CWE-501
        request.getSession().setAttribute("displayName", profile.getTier());
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}

@WebServlet("/search/remember")
class RememberSearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = request.getParameter("q");
        // expect: CWE-501
        request.getSession().setAttribute("lastSearch", normalizeSearch(query));
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    private String normalizeSearch(String query) {
        return query == null ? "" : query.trim().toLowerCase();
    }
}

@WebServlet("/search/reset")
class ResetSearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String query = request.getParameter("q");
        // ok: CWE-501
        request.getSession().setAttribute("lastSearch", normalizeSearch(query));
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    private String normalizeSearch(String query) {
        return "";
    }
}
