package com.example.files;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.beans.XMLDecoder;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;
import org.apache.http.ssl.SSLContexts;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.multipart.MultipartFile;

// expect: java.spring-crossorigin-any-origin
@CrossOrigin(origins = "*")
@RestController
@RequestMapping("/files")
public class UploadController {

    private final Path storage = Path.of("/srv/files");
    private final HttpClient http = HttpClient.newHttpClient();

    @PostMapping("/bundle")
    public void unpack(@RequestParam MultipartFile bundle) throws IOException {
        try (ZipInputStream zis = new ZipInputStream(bundle.getInputStream())) {
            ZipEntry entry;
            while ((entry = zis.getNextEntry()) != null) {
                // expect: java.zip-slip
                File out = new File(storage.toFile(), entry.getName());
                Files.copy(zis, out.toPath());
            }
        }
    }

    @PostMapping("/bundle-safe")
    public void unpackSafely(@RequestParam MultipartFile bundle) throws IOException {
        try (ZipInputStream zis = new ZipInputStream(bundle.getInputStream())) {
            ZipEntry entry;
            while ((entry = zis.getNextEntry()) != null) {
                // ok: java.zip-slip
                Path out = storage.resolve(entry.getName()).normalize();
                if (!out.startsWith(storage)) {
                    throw new IOException("entry outside target: " + entry.getName());
                }
                Files.copy(zis, out);
            }
        }
    }

    @PostMapping("/settings")
    public Object importSettings(@RequestBody InputStream body) {
        // expect: java.xmldecoder-deserialization
        XMLDecoder decoder = new XMLDecoder(body);
        return decoder.readObject();
    }

    @GetMapping("/mirror")
    public String mirror(@RequestParam String source) throws Exception {
        // expect: java.ssrf-url-from-request
        HttpRequest req = HttpRequest.newBuilder(URI.create(source)).GET().build();
        return http.send(req, HttpResponse.BodyHandlers.ofString()).body();
    }

    @GetMapping("/status")
    public String status() throws Exception {
        // ok: java.ssrf-url-from-request
        HttpRequest req = HttpRequest.newBuilder(URI.create("https://status.example.com/api")).build();
        return http.send(req, HttpResponse.BodyHandlers.ofString()).body();
    }

    @PostMapping("/prefs")
    public void prefs(@RequestParam String theme, @RequestParam String sid, HttpServletResponse response) {
        // ok: java.cookie-missing-httponly
        Cookie themeCookie = new Cookie("theme", theme);
        themeCookie.setSecure(true);
        response.addCookie(themeCookie);
        // expect: java.cookie-missing-httponly
        Cookie tracking = new Cookie("upload_session", sid);
        tracking.setSecure(true);
        response.addCookie(tracking);
    }

    static javax.net.ssl.SSLContext mirrorSsl() throws Exception {
        // expect: java.trust-all-certificates
        return SSLContexts.custom().loadTrustMaterial(null, (chain, authType) -> true).build();
    }

    public static class Envelope {
        // expect: java.jackson-class-type-info
        @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS, property = "@class")
        public Object payload;

        // ok: java.jackson-class-type-info
        @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
        @JsonSubTypes({@JsonSubTypes.Type(value = Invoice.class, name = "invoice")})
        public Document document;
    }
}
