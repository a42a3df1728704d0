package com.acme.shop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;

public final class FileStore {

    private static final String ROOT = "/srv/shop/documents";

    private FileStore() {
    }

    public static byte[] read(String name) throws IOException {
        // expect: CWE-22
        return Files.readAllBytes(Paths.get(ROOT, name));
    }

    public static byte[] readFlat(String name) throws IOException {
        // ok: CWE-22
        return Files.readAllBytes(Paths.get(ROOT, name));
    }
}
