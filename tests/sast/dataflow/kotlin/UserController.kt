package com.acme.shop

import javax.persistence.EntityManager
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("/api/users")
class UserController(private val jdbc: JdbcTemplate, private val em: EntityManager) {

    @GetMapping("/by-name")
    fun byName(@RequestParam name: String): List<Map<String, Any>> {
        val sql = "SELECT id, email FROM users WHERE name = '$name'"
        // expect: CWE-89
        return jdbc.queryForList(sql)
    }

    @GetMapping("/by-login")
    fun byLogin(@RequestParam login: String): List<Map<String, Any>> {
        if (!isValidLogin(login)) return emptyList()
        val sql = "SELECT id, email FROM users WHERE login = '$login'"
        // ok: CWE-89
        return jdbc.queryForList(sql)
    }

    @GetMapping("/products/search")
    fun searchProducts(@RequestParam("q") keyword: String): List<Any?> {
        val jpql = QueryBuilder("Product").productSearch(keyword)
        // expect: CWE-89
        return em.createQuery(jpql).resultList
    }

    @GetMapping("/products/featured")
    fun featuredProducts(@RequestParam("q") keyword: String): List<Any?> {
        val jpql = QueryBuilder("Product").featuredProducts(keyword)
        // ok: CWE-89
        return em.createQuery(jpql).resultList
    }

    private fun isValidLogin(value: String): Boolean = LOGIN_PATTERN.matches(value)

    companion object {
        private val LOGIN_PATTERN = Regex("^[a-z0-9_]{3,32}$")
    }
}
