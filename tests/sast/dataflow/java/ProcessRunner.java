package com.acme.shop;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public final class ProcessRunner {

    private ProcessRunner() {
    }

    public static String runShell(String commandLine) throws IOException {
        // expect: CWE-78
        Process process = new ProcessBuilder("sh", "-c", commandLine).redirectErrorStream(true).start();
        return drain(process.getInputStream());
    }

    public static String runStatus(String commandLine) throws IOException {
        // ok: CWE-78
        Process process = new ProcessBuilder("sh", "-c", commandLine).redirectErrorStream(true).start();
        return drain(process.getInputStream());
    }

    private static String drain(InputStream in) throws IOException {
        try (InputStream stream = in) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
