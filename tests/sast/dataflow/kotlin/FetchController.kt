package com.acme.shop

import java.net.HttpURLConnection
import java.net.URL
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.client.RestTemplate

@RestController
@RequestMapping("/api/fetch")
class FetchController(private val rest: RestTemplate) {

    @GetMapping("/preview")
    fun preview(@RequestParam url: String): String {
        // expect: CWE-918
        return URL(url).readText()
    }

    @GetMapping("/feed")
    fun feed(@RequestParam url: String): String {
        if (!isAllowedUrl(url)) return ""
        // ok: CWE-918
        return URL(url).readText()
    }

    @GetMapping("/status/{host}")
    fun status(@PathVariable host: String): String {
        // expect: CWE-918
        val body = rest.getForObject("http://$host/actuator/health", String::class.java)
        return if (body == null) "DOWN" else "UP"
    }

    @GetMapping("/health/{host}")
    fun health(@PathVariable host: String): String {
        if (!ALLOWED_STATUS_HOSTS.contains(host)) return "UNKNOWN"
        // ok: CWE-918
        val body = rest.getForObject("http://$host/actuator/health", String::class.java)
        return if (body == null) "DOWN" else "UP"
    }

    @GetMapping("/catalog/mirror")
    fun mirrorCatalog(@RequestHeader("X-Mirror") mirror: String): String? {
        val mirrors = mutableListOf(PRIMARY_MIRROR)
        mirrors.add(mirror)
        // expect: CWE-918
        return rest.getForObject(mirrors[1], String::class.java)
    }

    @GetMapping("/catalog/primary")
    fun primaryCatalog(@RequestHeader("X-Mirror") mirror: String): String? {
        val mirrors = mutableListOf(PRIMARY_MIRROR)
        mirrors.add(mirror)
        // ok: CWE-918
        return rest.getForObject(mirrors[0], String::class.java)
    }

    @PostMapping("/webhook/test")
    fun testWebhook(@RequestParam endpoint: String): Int {
        val client = WebhookClient(endpoint)
        // expect: CWE-918
        val conn = URL(client.eventsUrl()).openConnection() as HttpURLConnection
        conn.connectTimeout = client.timeoutMillis
        return conn.responseCode
    }

    @PostMapping("/webhook/ping")
    fun pingWebhook(@RequestParam endpoint: String): Int {
        val client = WebhookClient(CONFIGURED_ENDPOINT)
        // ok: CWE-918
        val conn = URL(client.eventsUrl()).openConnection() as HttpURLConnection
        conn.connectTimeout = client.timeoutMillis
        return conn.responseCode
    }

    @PostMapping("/notify")
    fun notifyCallback(@RequestHeader(value = "X-Callback", defaultValue = "") callback: String, @RequestBody payload: String): String? {
        val target = if (callback.isNotEmpty()) callback else DEFAULT_CALLBACK
        // expect: CWE-918
        return rest.postForObject(target, payload, String::class.java)
    }

    @PostMapping("/notify/registered")
    fun notifyRegistered(@RequestHeader(value = "X-Callback", defaultValue = "") callback: String, @RequestBody payload: String): String? {
        val target = if (callback in ALLOWED_CALLBACKS) callback else DEFAULT_CALLBACK
        // ok: CWE-918
        return rest.postForObject(target, payload, String::class.java)
    }

    @GetMapping("/avatar")
    fun avatar(@RequestParam user: String): ByteArray? {
        // expect: CWE-918
        return rest.getForObject(avatarUrl(user), ByteArray::class.java)
    }

    @GetMapping("/avatar/default")
    fun defaultAvatar(@RequestParam user: String): ByteArray? {
        // ok: CWE-918
        return rest.getForObject(defaultAvatarUrl(user), ByteArray::class.java)
    }

    private fun avatarUrl(user: String): String {
        return "https://$user.avatars.acme.internal/image.png"
    }

    private fun defaultAvatarUrl(user: String): String {
        return "https://avatars.acme.internal/default.png"
    }

    private fun isAllowedUrl(url: String): Boolean {
        return ALLOWED_FEED_PREFIXES.any { url.startsWith(it) }
    }

    companion object {
        private val ALLOWED_FEED_PREFIXES = listOf("https://www.acme.com/feeds/", "https://blog.acme.com/rss/")
        private val ALLOWED_STATUS_HOSTS = setOf("inventory.acme.internal", "billing.acme.internal")
        private val ALLOWED_CALLBACKS = setOf("https://hooks.acme.com/orders", "https://hooks.acme.com/refunds")
        private const val DEFAULT_CALLBACK = "https://hooks.acme.com/orders"
        private const val CONFIGURED_ENDPOINT = "https://hooks.acme.com/inventory"
        private const val PRIMARY_MIRROR = "https://mirror1.acme.com/catalog.json"
    }
}
