package com.acme.shop;

public final class QueryBuilder {

    private QueryBuilder() {
    }

    public static String productSearch(String keyword) {
        StringBuilder jpql = new StringBuilder("SELECT p FROM Product p WHERE p.active = true");
        jpql.append(" AND p.name LIKE '%").append(keyword).append("%'");
        jpql.append(" ORDER BY p.name");
        return jpql.toString();
    }

    public static String featuredProducts(String keyword) {
        return "SELECT p FROM Product p WHERE p.active = true AND p.featured = true ORDER BY p.name";
    }
}
