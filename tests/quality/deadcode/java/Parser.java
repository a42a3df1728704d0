package com.example.billing;

import java.util.Iterator;

/** Reads "key=value" lines; unreachable statements and labels. */
final class Parser {
    int parse(Iterator<String> lines) {
        int pairs = 0;
        scan:
        while (lines.hasNext()) {
            String line = lines.next();
            switch (line.isEmpty() ? 0 : line.charAt(0)) {
                case '#':
                    continue scan;
                case 0:
                    break;
                default:
                    pairs++;
            }
            if (line.equals("END")) {
                break;
            }
        }
        return pairs;
    }

    String kind(int code) {
        switch (code) {
            case 1:
                return "one";
            case 2: {
                return "two";
            }
            default:
                throw new IllegalArgumentException("code " + code);
        }
    }

    int loop(int[] values) {
        int i = 0;
        while (true) {
            if (i >= values.length) {
                return i;
            }
            i++;
            continue;
            i--; // expect: unreachable-code
        }
    }

    void close(AutoCloseable in) throws Exception {
        try (AutoCloseable resource = in) {
            Object o = resource;
            if (o instanceof String s) {
                return;
            }
        } catch (RuntimeException e) {
            throw e;
        }
        for (int k = 0; k < 1; k++) {
        }
        Class<?> loaded = StringBuilder.class;
    }

    private int helper(int x) {
        throw new UnsupportedOperationException();
    }

    int use() {
        return helper(1);
    }
}
