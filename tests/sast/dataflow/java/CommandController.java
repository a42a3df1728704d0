package com.acme.shop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/admin/tools")
public class CommandController {

    private static final boolean CUSTOM_DIR_ALLOWED = false;

    @GetMapping("/ping")
    public ResponseEntity<String> ping(@RequestParam("host") String host) throws Exception {
        String cmd = "ping -c 1 " + host;
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @GetMapping("/traceroute")
    public ResponseEntity<String> traceroute(@RequestParam("host") String host) throws Exception {
        if (!Sanitizers.isHostname(host)) {
            return ResponseEntity.badRequest().build();
        }
        String cmd = "ping -c 1 " + host;
        // ok: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @GetMapping("/disk-usage")
    public ResponseEntity<String> diskUsage(@RequestParam(value = "dir", required = false) String dir) throws Exception {
        String target = dir != null ? dir : "/var/lib/shop";
        // expect: CWE-78
        Process p = new ProcessBuilder("sh", "-c", "du -sh " + target).start();
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @GetMapping("/disk-summary")
    public ResponseEntity<String> diskSummary(@RequestParam(value = "dir", required = false) String dir) throws Exception {
        String target = CUSTOM_DIR_ALLOWED ? dir : "/var/lib/shop";
        // ok: CWE-78
        Process p = new ProcessBuilder("sh", "-c", "du -sh " + target).start();
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/backup")
    public ResponseEntity<String> backup(@RequestParam("label") String label) throws Exception {
        StringBuilder cmd = new StringBuilder("tar -czf /backups/shop-");
        cmd.append(label).append(".tgz /srv/shop/data");
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd.toString()});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/backup/numbered")
    public ResponseEntity<String> numberedBackup(@RequestParam("label") String label) throws Exception {
        StringBuilder cmd = new StringBuilder("tar -czf /backups/shop-");
        cmd.append(Long.parseLong(label)).append(".tgz /srv/shop/data");
        // ok: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd.toString()});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/export/post-process")
    public ResponseEntity<String> exportPostProcess(@RequestParam("step") String step) throws Exception {
        List<String> steps = new ArrayList<>();
        steps.add("gzip -9 /srv/exports/latest.csv");
        steps.add(step);
        // expect: CWE-78
        Process p = new ProcessBuilder("sh", "-c", steps.get(1)).start();
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/export/compress")
    public ResponseEntity<String> exportCompress(@RequestParam("step") String step) throws Exception {
        List<String> steps = new ArrayList<>();
        steps.add("gzip -9 /srv/exports/latest.csv");
        steps.add(step);
        // ok: CWE-78
        Process p = new ProcessBuilder("sh", "-c", steps.get(0)).start();
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/images/recompress")
    public ResponseEntity<String> recompress(@RequestParam("quality") String quality) throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("quality", quality);
        options.put("format", "jpg");
        String cmd = "convert /srv/img/in.png -quality " + options.get("quality") + " /srv/img/out.jpg";
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/images/convert")
    public ResponseEntity<String> convert(@RequestParam("quality") String quality) throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("quality", quality);
        options.put("format", "jpg");
        String cmd = "convert /srv/img/in.png -quality " + options.get("format") + " /srv/img/out.jpg";
        // ok: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", cmd});
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @GetMapping("/service/status")
    public ResponseEntity<String> serviceStatus(@RequestParam("service") String service) throws Exception {
        String output = ProcessRunner.runShell("systemctl status " + service);
        return ResponseEntity.ok(output.length() + " bytes");
    }

    @GetMapping("/service/health")
    public ResponseEntity<String> serviceHealth(@RequestParam("service") String service) throws Exception {
        String output = ProcessRunner.runStatus("systemctl status " + Sanitizers.serviceName(service));
        return ResponseEntity.ok(output.length() + " bytes");
    }

    @GetMapping("/version")
    public ResponseEntity<String> version(@RequestHeader("X-Tool") String tool) throws Exception {
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(versionCommand(tool));
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @GetMapping("/runtime-version")
    public ResponseEntity<String> runtimeVersion(@RequestHeader("X-Tool") String tool) throws Exception {
        // ok: CWE-78
        Process p = Runtime.getRuntime().exec(runtimeVersionCommand(tool));
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/thumbnails")
    public ResponseEntity<String> thumbnail(@RequestParam("imageId") String imageId) throws Exception {
        Process p = makeThumbnail(imageId);
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    @PostMapping("/thumbnails/regenerate")
    public ResponseEntity<String> regenerateThumbnail(@RequestParam("imageId") String imageId) throws Exception {
        Process p = makeThumbnailById(String.valueOf(Integer.parseInt(imageId)));
        return ResponseEntity.ok("exit=" + p.waitFor());
    }

    private String versionCommand(String tool) {
        return tool + " --version";
    }

    private String runtimeVersionCommand(String tool) {
        return "java --version";
    }

    private Process makeThumbnail(String imageId) throws Exception {
        // expect: CWE-78
        return Runtime.getRuntime().exec(new String[] {"sh", "-c", "convert /srv/img/" + imageId + ".jpg -resize 128x128 /srv/thumbs/" + imageId + ".jpg"});
    }

    private Process makeThumbnailById(String imageId) throws Exception {
        // ok: CWE-78
        return Runtime.getRuntime().exec(new String[] {"sh", "-c", "convert /srv/img/" + imageId + ".jpg -resize 128x128 /srv/thumbs/" + imageId + ".jpg"});
    }
}
