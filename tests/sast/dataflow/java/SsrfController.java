package com.acme.shop;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
@RequestMapping("/api/fetch")
public class SsrfController {

    private static final Set<String> ALLOWED_PREVIEW_URLS = Set.of("https://www.acme.com/feed.xml", "https://blog.acme.com/rss");
    private static final Set<String> ALLOWED_STATUS_HOSTS = Set.of("inventory.acme.internal", "billing.acme.internal");
    private static final Set<String> ALLOWED_CALLBACKS = Set.of("https://hooks.acme.com/orders", "https://hooks.acme.com/refunds");
    private static final String DEFAULT_CALLBACK = "https://hooks.acme.com/orders";
    private static final String CONFIGURED_ENDPOINT = "https://hooks.acme.com/inventory";
    private static final String PRIMARY_MIRROR = "https://mirror1.acme.com/catalog.json";

    private final RestTemplate rest = new RestTemplate();
    private final HttpClient http = HttpClient.newHttpClient();

    @GetMapping("/preview")
    public ResponseEntity<byte[]> preview(@RequestParam("url") String url) throws IOException {
        String target = url.trim();
        // expect: CWE-918
        try (InputStream in = new URL(target).openStream()) {
            return ResponseEntity.ok(in.readNBytes(65536));
        }
    }

    @GetMapping("/feed")
    public ResponseEntity<byte[]> feed(@RequestParam("url") String url) throws IOException {
        String target = url.trim();
        if (!ALLOWED_PREVIEW_URLS.contains(target)) {
            return ResponseEntity.badRequest().build();
        }
        // ok: CWE-918
        try (InputStream in = new URL(target).openStream()) {
            return ResponseEntity.ok(in.readNBytes(65536));
        }
    }

    @GetMapping("/status")
    public ResponseEntity<String> status(@RequestParam("host") String host) {
        String endpoint = String.format("http://%s/actuator/health", host);
        // expect: CWE-918
        String body = rest.getForObject(endpoint, String.class);
        return ResponseEntity.ok(body == null ? "" : "UP");
    }

    @GetMapping("/health")
    public ResponseEntity<String> health(@RequestParam("host") String host) {
        if (!ALLOWED_STATUS_HOSTS.contains(host)) {
            return ResponseEntity.badRequest().build();
        }
        String endpoint = String.format("http://%s/actuator/health", host);
        // ok: CWE-918
        String body = rest.getForObject(endpoint, String.class);
        return ResponseEntity.ok(body == null ? "" : "UP");
    }

    @PostMapping("/notify")
    public ResponseEntity<Integer> notifyCallback(@RequestParam(value = "callback", required = false) String callback) throws Exception {
        String target = callback != null ? callback : DEFAULT_CALLBACK;
        // expect: CWE-918
        HttpResponse<String> resp = http.send(HttpRequest.newBuilder(URI.create(target)).POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        return ResponseEntity.ok(resp.statusCode());
    }

    @PostMapping("/notify/registered")
    public ResponseEntity<Integer> notifyRegistered(@RequestParam(value = "callback", required = false) String callback) throws Exception {
        String target = ALLOWED_CALLBACKS.contains(callback) ? callback : DEFAULT_CALLBACK;
        // ok: CWE-918
        HttpResponse<String> resp = http.send(HttpRequest.newBuilder(URI.create(target)).POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        return ResponseEntity.ok(resp.statusCode());
    }

    @PostMapping("/webhook/test")
    public ResponseEntity<Integer> testWebhook(@RequestParam("endpoint") String endpoint) throws IOException {
        WebhookClient client = new WebhookClient(endpoint, 2000);
        // expect: CWE-918
        HttpURLConnection conn = (HttpURLConnection) new URL(client.getEndpoint()).openConnection();
        conn.setConnectTimeout(client.getTimeoutMillis());
        return ResponseEntity.ok(conn.getResponseCode());
    }

    @PostMapping("/webhook/ping")
    public ResponseEntity<Integer> pingWebhook(@RequestParam("endpoint") String endpoint) throws IOException {
        WebhookClient client = new WebhookClient(CONFIGURED_ENDPOINT, 2000);
        // ok: CWE-918
        HttpURLConnection conn = (HttpURLConnection) new URL(client.getEndpoint()).openConnection();
        conn.setConnectTimeout(client.getTimeoutMillis());
        return ResponseEntity.ok(conn.getResponseCode());
    }

    @GetMapping("/catalog/mirror")
    public ResponseEntity<String> mirrorCatalog(@RequestHeader("X-Mirror") String mirror) {
        List<String> mirrors = new ArrayList<>();
        mirrors.add(PRIMARY_MIRROR);
        mirrors.add(mirror);
        // expect: CWE-918
        String catalog = rest.getForObject(mirrors.get(1), String.class);
        return ResponseEntity.ok(catalog);
    }

    @GetMapping("/catalog/primary")
    public ResponseEntity<String> primaryCatalog(@RequestHeader("X-Mirror") String mirror) {
        List<String> mirrors = new ArrayList<>();
        mirrors.add(PRIMARY_MIRROR);
        mirrors.add(mirror);
        // ok: CWE-918
        String catalog = rest.getForObject(mirrors.get(0), String.class);
        return ResponseEntity.ok(catalog);
    }

    @GetMapping("/avatar")
    public ResponseEntity<byte[]> avatar(@RequestParam("user") String user) {
        // expect: CWE-918
        byte[] image = rest.getForObject(avatarSource(user), byte[].class);
        return ResponseEntity.ok(image);
    }

    @GetMapping("/avatar/default")
    public ResponseEntity<byte[]> defaultAvatar(@RequestParam("user") String user) {
        // ok: CWE-918
        byte[] image = rest.getForObject(defaultAvatarSource(user), byte[].class);
        return ResponseEntity.ok(image);
    }

    private String avatarSource(String user) {
        return "https://" + user + ".avatars.acme.internal/image.png";
    }

    private String defaultAvatarSource(String user) {
        return "https://avatars.acme.internal/default.png";
    }
}
