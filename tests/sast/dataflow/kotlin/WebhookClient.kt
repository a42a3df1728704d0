package com.acme.shop

class WebhookClient(private val endpoint: String, val timeoutMillis: Int = 2000) {

    fun eventsUrl(): String {
        return endpoint.trimEnd('/') + "/events"
    }
}
