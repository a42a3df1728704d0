package com.acme.shop

class QueryBuilder(private val entity: String) {

    fun productSearch(keyword: String): String {
        val jpql = StringBuilder("SELECT p FROM $entity p WHERE p.active = true")
        jpql.append(" AND p.name LIKE '%").append(keyword).append("%'")
        jpql.append(" ORDER BY p.name")
        return jpql.toString()
    }

    fun featuredProducts(keyword: String): String {
        return "SELECT p FROM $entity p WHERE p.active = true AND p.featured = true ORDER BY p.name"
    }
}
