package com.acme.shop;

import java.util.List;
import java.util.Map;
import javax.persistence.EntityManager;
import javax.persistence.PersistenceContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/users")
public class UserController {

    private static final RowMapper<String> INVOICE_NUMBER = (rs, rowNum) -> rs.getString("number");

    private final JdbcTemplate jdbc;
    private final UserDao userDao;

    @PersistenceContext
    private EntityManager em;

    public UserController(JdbcTemplate jdbc, UserDao userDao) {
        this.jdbc = jdbc;
        this.userDao = userDao;
    }

    @GetMapping("/search")
    public List<Map<String, Object>> search(@RequestParam("name") String name) {
        String sql = "SELECT id, name, email FROM users WHERE name = '" + name + "'";
        // expect: CWE-89
        return jdbc.queryForList(sql);
    }

    @GetMapping("/lookup")
    public List<Map<String, Object>> lookup(@RequestParam("name") String name) {
        String sql = "SELECT id, name, email FROM users WHERE name = ?";
        // ok: CWE-89
        return jdbc.queryForList(sql, name);
    }

    @PostMapping("/{id}/lock")
    public int lock(@PathVariable("id") String id) {
        String sql = String.format("UPDATE users SET status = 'LOCKED' WHERE id = %s", id);
        // expect: CWE-89
        return jdbc.update(sql);
    }

    @PostMapping("/{id}/unlock")
    public int unlock(@PathVariable("id") String id) {
        String sql = String.format("UPDATE users SET status = 'ACTIVE' WHERE id = %s", Integer.parseInt(id));
        // ok: CWE-89
        return jdbc.update(sql);
    }

    @GetMapping("/invoices")
    public List<String> invoices(@RequestHeader("X-Tenant") String tenant) {
        String schema = tenant.isEmpty() ? "public" : tenant;
        String sql = "SELECT number FROM " + schema + ".invoices ORDER BY issued_at DESC";
        // expect: CWE-89
        return jdbc.query(sql, INVOICE_NUMBER);
    }

    @GetMapping("/invoices/recent")
    public List<String> recentInvoices(@RequestHeader("X-Tenant") String tenant) {
        String schema = Sanitizers.isSafeName(tenant) ? tenant : "public";
        String sql = "SELECT number FROM " + schema + ".invoices ORDER BY issued_at DESC";
        // ok: CWE-89
        return jdbc.query(sql, INVOICE_NUMBER);
    }

    @PostMapping("/products/search")
    public List<?> searchProducts(@RequestBody ProductSearchRequest body) {
        String jpql = QueryBuilder.productSearch(body.getKeyword());
        // expect: CWE-89
        return em.createQuery(jpql).getResultList();
    }

    @PostMapping("/products/featured")
    public List<?> featuredProducts(@RequestBody ProductSearchRequest body) {
        String jpql = QueryBuilder.featuredProducts(body.getKeyword());
        // ok: CWE-89
        return em.createQuery(jpql).getResultList();
    }

    @GetMapping("/by-region")
    public List<?> byRegion(@CookieValue("region") String region) {
        SearchCriteria criteria = new SearchCriteria("region", region);
        String sql = "SELECT id, name FROM users WHERE " + criteria.getField() + " = '" + criteria.getTerm() + "'";
        // expect: CWE-89
        return em.createNativeQuery(sql).getResultList();
    }

    @GetMapping("/in-default-region")
    public List<?> inDefaultRegion(@CookieValue("region") String region) {
        SearchCriteria criteria = new SearchCriteria("region", "EU");
        String sql = "SELECT id, name FROM users WHERE " + criteria.getField() + " = '" + criteria.getTerm() + "'";
        // ok: CWE-89
        return em.createNativeQuery(sql).getResultList();
    }

    @GetMapping("/by-email")
    public List<Map<String, Object>> byEmail(@RequestParam("email") String email) {
        String normalized = email.trim().toLowerCase();
        return userDao.findByEmail(normalized);
    }

    @GetMapping("/with-email")
    public List<Map<String, Object>> withEmail(@RequestParam("email") String email) {
        String normalized = email.trim().toLowerCase();
        return userDao.findByEmailAddress(normalized);
    }

    @GetMapping("/by-login")
    public List<?> byLogin(@RequestParam("login") String login) {
        String jpql = "SELECT u FROM User u WHERE u.login = '" + login + "'";
        // expect: CWE-89
        return em.createQuery(jpql).getResultList();
    }

    @GetMapping("/with-login")
    public List<?> withLogin(@RequestParam("login") String login) {
        String jpql = "SELECT u FROM User u WHERE u.login = :login";
        // ok: CWE-89
        return em.createQuery(jpql).setParameter("login", login).getResultList();
    }

    public static class ProductSearchRequest {
        private String keyword;

        public String getKeyword() {
            return keyword;
        }

        public void setKeyword(String keyword) {
            this.keyword = keyword;
        }
    }
}
