package com.acme.shop;

public final class HtmlTemplates {

    private HtmlTemplates() {
    }

    public static String banner(String title) {
        return "<section class=\"banner\"><h2>" + title + "</h2></section>";
    }

    public static String maintenanceBanner(String title) {
        return "<section class=\"banner\"><h2>Scheduled maintenance tonight</h2></section>";
    }
}
