package com.acme.shop;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

@Repository
public class UserDao {

    private final JdbcTemplate jdbc;

    public UserDao(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public List<Map<String, Object>> findByEmail(String email) {
        String sql = "SELECT id, name, email FROM users WHERE email = '" + email + "'";
        // expect: CWE-89
        return jdbc.queryForList(sql);
    }

    public List<Map<String, Object>> findByEmailAddress(String email) {
        String sql = "SELECT id, name, email FROM users WHERE email = ?";
        // ok: CWE-89
        return jdbc.queryForList(sql, email);
    }
}
