package com.acme.shop;

public class UserProfile {

    private final String displayName;
    private final String tier;

    public UserProfile(String displayName, String tier) {
        this.displayName = displayName;
        this.tier = tier;
    }

    public String getDisplayName() {
        return displayName;
    }

    public String getTier() {
        return tier;
    }
}
