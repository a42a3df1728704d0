package com.example.auth.web;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwts;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.crypto.SecretKey;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class SessionController extends HttpServlet {

    private final JWTVerifier verifier;
    private final SecretKey jwsKey;

    public SessionController(SecretKey jwsKey, String issuerSecret) {
        this.jwsKey = jwsKey;
        // ok: java.jwt-hardcoded-secret
        this.verifier = JWT.require(Algorithm.HMAC256(issuerSecret)).withIssuer("https://id.example.com").build();
    }

    static String legacyToken(String user) {
        // expect: java.jwt-hardcoded-secret
        return JWT.create().withSubject(user).sign(Algorithm.HMAC256("legacy-signing-secret"));
    }

    String subjectOf(String token) {
        // expect: java.jwt-decode-without-verify
        DecodedJWT jwt = JWT.decode(token);
        return jwt.getSubject();
    }

    String verifiedSubject(String token) {
        // ok: java.jwt-decode-without-verify
        String kid = JWT.decode(token).getKeyId();
        return kid == null ? null : verifier.verify(token).getSubject();
    }

    Claims legacyClaims(String token) {
        // expect: java.jwt-unverified-parse
        return Jwts.parserBuilder().build().parseClaimsJwt(token).getBody();
    }

    Claims claims(String token) {
        // ok: java.jwt-unverified-parse
        return Jwts.parser().verifyWith(jwsKey).build().parseSignedClaims(token).getPayload();
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String token = issue(req.getParameter("user"));
        // expect: java.cookie-missing-secure
        Cookie session = new Cookie("SESSION", token);
        session.setHttpOnly(true);
        session.setPath("/");
        resp.addCookie(session);

        // expect: java.cors-reflected-origin
        resp.setHeader("Access-Control-Allow-Origin", req.getHeader("Origin"));
        resp.setHeader("Access-Control-Allow-Credentials", "true");
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) {
        // ok: java.cookie-missing-secure
        Cookie clear = new Cookie("SESSION", "");
        clear.setMaxAge(0);
        clear.setPath("/");
        resp.addCookie(clear);
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) {
        // ok: java.cookie-missing-secure
        Cookie remember = new Cookie("REMEMBER", issue(req.getRemoteUser()));
        remember.setSecure(true);
        remember.setHttpOnly(true);
        resp.addCookie(remember);
        // expect: java.cookie-flag-disabled
        remember.setSecure(false);
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String avatar = req.getParameter("avatarUrl");
        // expect: java.ssrf-url-from-request
        try (InputStream in = new URL(avatar).openStream()) {
            in.transferTo(resp.getOutputStream());
        }
    }

    static Connection auditDb() throws SQLException {
        // expect: java.hardcoded-db-password
        return DriverManager.getConnection("jdbc:postgresql://audit-db:5432/audit", "audit", "Audit#2023!");
    }

    static Connection mainDb() throws SQLException {
        // ok: java.hardcoded-db-password
        return DriverManager.getConnection(System.getenv("DB_URL"), System.getenv("DB_USER"), System.getenv("DB_PASSWORD"));
    }

    private String issue(String user) {
        return Jwts.builder().subject(user).signWith(jwsKey).compact();
    }
}
