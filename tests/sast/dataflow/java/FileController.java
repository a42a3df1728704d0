package com.acme.shop;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.commons.io.FilenameUtils;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
@RequestMapping("/api/files")
public class FileController {

    private static final Path UPLOADS = Paths.get("/srv/shop/uploads").toAbsolutePath().normalize();
    private static final String IMPORT_DIR = "/srv/shop/imports";

    @DeleteMapping
    public ResponseEntity<Void> delete(@RequestParam("name") String name) throws IOException {
        Path target = UPLOADS.resolve(name).normalize();
        // expect: CWE-22
        Files.deleteIfExists(target);
        return ResponseEntity.noContent().build();
    }

    @DeleteMapping("/upload")
    public ResponseEntity<Void> deleteUpload(@RequestParam("name") String name) throws IOException {
        Path target = UPLOADS.resolve(name).normalize();
        if (!target.startsWith(UPLOADS)) {
            return ResponseEntity.badRequest().build();
        }
        // ok: CWE-22
        Files.deleteIfExists(target);
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/import")
    public ResponseEntity<Void> importFile(@RequestParam("file") MultipartFile file) throws IOException {
        String name = file.getOriginalFilename();
        // expect: CWE-22
        file.transferTo(new File(IMPORT_DIR, name));
        return ResponseEntity.accepted().build();
    }

    @PostMapping("/import/batch")
    public ResponseEntity<Void> importBatch(@RequestParam("file") MultipartFile file) throws IOException {
        String name = FilenameUtils.getName(file.getOriginalFilename());
        // ok: CWE-22
        file.transferTo(new File(IMPORT_DIR, name));
        return ResponseEntity.accepted().build();
    }
}
