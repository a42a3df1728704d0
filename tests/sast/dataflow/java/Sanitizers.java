package com.acme.shop;

import java.util.Set;

public final class Sanitizers {

    private static final Set<String> ALLOWED_HOSTS = Set.of("www.acme.com", "shop.acme.com", "static.acme.com");

    private Sanitizers() {
    }

    public static boolean isSafeName(String value) {
        return value != null && value.matches("[A-Za-z0-9_]{1,32}");
    }

    public static boolean isHostname(String value) {
        return value != null && value.matches("[A-Za-z0-9][A-Za-z0-9.-]{0,252}");
    }

    public static String serviceName(String requested) {
        if ("nginx".equals(requested)) {
            return "nginx";
        }
        if ("postgresql".equals(requested)) {
            return "postgresql";
        }
        return "shop-api";
    }

    public static String allowedHost(String host) {
        if (ALLOWED_HOSTS.contains(host)) {
            return host;
        }
        return "www.acme.com";
    }

    public static String escapeLdapFilter(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\':
                    out.append("\\5c");
                    break;
                case '*':
                    out.append("\\2a");
                    break;
                case '(':
                    out.append("\\28");
                    break;
                case ')':
                    out.append("\\29");
                    break;
                case '\0':
                    out.append("\\00");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }
}
