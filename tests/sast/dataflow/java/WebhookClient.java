package com.acme.shop;

public class WebhookClient {

    private final String endpoint;
    private final int timeoutMillis;

    public WebhookClient(String endpoint, int timeoutMillis) {
        this.endpoint = endpoint;
        this.timeoutMillis = timeoutMillis;
    }

    public String getEndpoint() {
        return endpoint;
    }

    public int getTimeoutMillis() {
        return timeoutMillis;
    }
}
