package com.acme.shop;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import javax.servlet.http.HttpServletRequest;
import org.apache.commons.text.StringEscapeUtils;
import org.owasp.encoder.Encode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/account")
public class LogController {

    private static final Logger log = LoggerFactory.getLogger(LogController.class);
    private static final Logger AUDIT_LOGGER = LoggerFactory.getLogger("audit");
    private static final java.util.logging.Logger julLogger = java.util.logging.Logger.getLogger("shop.uploads");
    private static final boolean LOG_AGENTS = false;

    @PostMapping("/login")
    public ResponseEntity<String> login(@RequestParam("user") String user) {
        String message = "failed login for " + user;
        // expect: CWE-117
        log.warn(message);
        return ResponseEntity.status(401).body("denied");
    }

    @PostMapping("/login/clean")
    public ResponseEntity<String> loginClean(@RequestParam("user") String user) {
        String message = "failed login for " + user.replace("\r", "").replace("\n", "");
        // ok: CWE-117
        log.warn(message);
        return ResponseEntity.status(401).body("denied");
    }

    @GetMapping("/search")
    public ResponseEntity<String> search(@RequestParam("q") String q) {
        // expect: CWE-117
        log.info("search for {}", describe(q));
        return ResponseEntity.ok("[]");
    }

    @GetMapping("/search/redacted")
    public ResponseEntity<String> searchRedacted(@RequestParam("q") String q) {
        // ok: CWE-117
        log.info("search for {}", redact(q));
        return ResponseEntity.ok("[]");
    }

    @GetMapping("/search/trimmed")
    public ResponseEntity<String> searchTrimmed(@RequestParam("q") String q) {
        // expect: CWE-117
        log.info("search for {}", trimmed(q));
        return ResponseEntity.ok("[]");
    }

    @GetMapping("/search/oneline")
    public ResponseEntity<String> searchOneLine(@RequestParam("q") String q) {
        // ok: CWE-117
        log.info("search for {}", oneLine(q));
        return ResponseEntity.ok("[]");
    }

    @PostMapping("/coupon")
    public ResponseEntity<String> coupon(@RequestParam("code") String code) {
        List<String> parts = new ArrayList<>();
        parts.add("checkout");
        parts.add(code);
        // expect: CWE-117
        log.info("coupon {} applied", parts.get(1));
        return ResponseEntity.ok("applied");
    }

    @PostMapping("/coupon/step")
    public ResponseEntity<String> couponStep(@RequestParam("code") String code) {
        List<String> parts = new ArrayList<>();
        parts.add("checkout");
        parts.add(code);
        // ok: CWE-117
        log.info("coupon step {}", parts.get(0));
        return ResponseEntity.ok("applied");
    }

    @GetMapping("/visit")
    public ResponseEntity<String> visit(@RequestHeader("User-Agent") String agent) {
        Map<String, String> entry = new HashMap<>();
        entry.put("agent", agent);
        entry.put("path", "/api/account/visit");
        // expect: CWE-117
        AUDIT_LOGGER.info("visit from {}", entry.get("agent"));
        return ResponseEntity.ok("seen");
    }

    @GetMapping("/visit/path")
    public ResponseEntity<String> visitPath(@RequestHeader("User-Agent") String agent) {
        Map<String, String> entry = new HashMap<>();
        entry.put("agent", agent);
        entry.put("path", "/api/account/visit");
        // ok: CWE-117
        AUDIT_LOGGER.info("visit to {}", entry.get("path"));
        return ResponseEntity.ok("seen");
    }

    @PostMapping("/note")
    public ResponseEntity<String> note(@RequestParam("note") String note) {
        StringBuilder line = new StringBuilder();
        line.append("order note: ");
        line.append(note);
        // expect: CWE-117
        log.debug(line.toString());
        return ResponseEntity.ok("saved");
    }

    @PostMapping("/note/escaped")
    public ResponseEntity<String> noteEscaped(@RequestParam("note") String note) {
        StringBuilder line = new StringBuilder();
        line.append("order note: ");
        line.append(StringEscapeUtils.escapeJava(note));
        // ok: CWE-117
        log.debug(line.toString());
        return ResponseEntity.ok("saved");
    }

    @GetMapping("/referer")
    public ResponseEntity<String> referer(HttpServletRequest request) {
        String header = request.getHeader("Referer");
        String source = header != null ? header : "direct";
        // expect: CWE-117
        log.info("arrived from " + source);
        return ResponseEntity.ok("ok");
    }

    @GetMapping("/referer/encoded")
    public ResponseEntity<String> refererEncoded(HttpServletRequest request) {
        String header = request.getHeader("Referer");
        String source = header != null ? Encode.forJava(header) : "direct";
        // ok: CWE-117
        log.info("arrived from " + source);
        return ResponseEntity.ok("ok");
    }

    @PostMapping("/payment")
    public ResponseEntity<String> payment(@RequestParam("account") String account) {
        // expect: CWE-117
        log.error(String.format("payment failed for account %s", account));
        return ResponseEntity.status(402).body("failed");
    }

    @PostMapping("/payment/numbered")
    public ResponseEntity<String> paymentNumbered(@RequestParam("account") String account) {
        long number = Long.parseLong(account);
        // ok: CWE-117
        log.error(String.format("payment failed for account %d", number));
        return ResponseEntity.status(402).body("failed");
    }

    @PostMapping("/upload")
    public ResponseEntity<String> upload(HttpServletRequest request) {
        String name = request.getParameter("filename");
        // expect: CWE-117
        julLogger.log(Level.WARNING, "rejected upload {0}", name);
        return ResponseEntity.badRequest().body("rejected");
    }

    @PostMapping("/upload/encoded")
    public ResponseEntity<String> uploadEncoded(HttpServletRequest request) {
        String name = URLEncoder.encode(request.getParameter("filename"), StandardCharsets.UTF_8);
        // ok: CWE-117
        julLogger.log(Level.WARNING, "rejected upload {0}", name);
        return ResponseEntity.badRequest().body("rejected");
    }

    @GetMapping("/agent")
    public ResponseEntity<String> agent(@RequestHeader("User-Agent") String agent, @RequestParam("verbose") boolean verbose) {
        if (verbose) {
            // expect: CWE-117
            julLogger.fine("client agent " + agent);
        }
        return ResponseEntity.ok("ok");
    }

    @GetMapping("/agent/quiet")
    public ResponseEntity<String> agentQuiet(@RequestHeader("User-Agent") String agent, @RequestParam("verbose") boolean verbose) {
        if (LOG_AGENTS) {
            // ok: CWE-117
            julLogger.fine("client agent " + agent);
        }
        return ResponseEntity.ok("ok");
    }

    @PostMapping("/reset")
    public ResponseEntity<String> reset(@RequestParam("email") String email) {
        String who = email;
        // expect: CWE-117
        AUDIT_LOGGER.warn("password reset requested for {}", who);
        return ResponseEntity.accepted().body("sent");
    }

    @PostMapping("/reset/anonymous")
    public ResponseEntity<String> resetAnonymous(@RequestParam("email") String email) {
        String who = email;
        who = "<anonymous>";
        // ok: CWE-117
        AUDIT_LOGGER.warn("password reset requested for {}", who);
        return ResponseEntity.accepted().body("sent");
    }

    @PostMapping("/rename")
    public ResponseEntity<String> rename(@RequestParam("handle") String handle) {
        // expect: CWE-117
        log.info("handle changed to {}", handle);
        return ResponseEntity.ok("renamed");
    }

    @PostMapping("/rename/checked")
    public ResponseEntity<String> renameChecked(@RequestParam("handle") String handle) {
        if (!isValidHandle(handle)) {
            return ResponseEntity.badRequest().body("invalid");
        }
        // ok: CWE-117
        log.info("handle changed to {}", handle);
        return ResponseEntity.ok("renamed");
    }

    private String describe(String query) {
        return "query=" + query;
    }

    private String redact(String query) {
        return "query=<redacted>";
    }

    private String trimmed(String query) {
        return query.trim();
    }

    private String oneLine(String query) {
        return query.replaceAll("[\\r\\n]", "_");
    }

    private static boolean isValidHandle(String handle) {
        return handle != null && handle.matches("[a-z0-9_]{3,20}");
    }
}
