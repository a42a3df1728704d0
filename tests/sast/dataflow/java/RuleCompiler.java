package com.acme.shop;

public final class RuleCompiler {

    private RuleCompiler() {
    }

    public static String compile(String condition) {
        return "(function(order) { return " + condition + "; })(order)";
    }

    public static String defaultRule(String condition) {
        return "(function(order) { return order.total > 100; })(order)";
    }
}
