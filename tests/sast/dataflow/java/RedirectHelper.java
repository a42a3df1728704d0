package com.acme.shop;

public final class RedirectHelper {

    private RedirectHelper() {
    }

    public static String withCampaign(String target, String campaign) {
        StringBuilder url = new StringBuilder(target);
        url.append(target.contains("?") ? '&' : '?');
        url.append("utm_campaign=").append(campaign);
        return url.toString();
    }

    public static String landingPage(String target, String campaign) {
        return "/welcome?utm_campaign=newsletter";
    }
}
