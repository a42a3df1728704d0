package com.example.auth.crypto;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

public final class TokenCrypto {

    private static final byte[] LEGACY_IV = "fedcba9876543210".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom SECURE = new SecureRandom();
    private static final Random JITTER = new Random();

    private final SecretKey key;

    public TokenCrypto(String base64Key) {
        // ok: java.hardcoded-crypto-key
        this.key = new SecretKeySpec(Base64.getDecoder().decode(base64Key), "AES");
    }

    public byte[] encrypt(byte[] plain) throws Exception {
        byte[] iv = new byte[12];
        SECURE.nextBytes(iv);
        // ok: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        // ok: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        byte[] body = c.doFinal(plain);
        byte[] out = new byte[iv.length + body.length];
        System.arraycopy(iv, 0, out, 0, iv.length);
        System.arraycopy(body, 0, out, iv.length, body.length);
        return out;
    }

    public byte[] decryptLegacy(byte[] data) throws Exception {
        // expect: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES");
        c.init(Cipher.DECRYPT_MODE, key);
        return c.doFinal(data);
    }

    public byte[] decryptV1(byte[] data) throws Exception {
        // expect: java.cipher-weak-algorithm
        Cipher c = Cipher.getInstance("DESede/CBC/PKCS5Padding");
        // ok: java.static-iv
        c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(data, 0, 8));
        return c.doFinal(data, 8, data.length - 8);
    }

    public byte[] decryptV2(byte[] data) throws Exception {
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // expect: java.static-iv
        c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(LEGACY_IV));
        return c.doFinal(data);
    }

    public static SecretKeySpec webhookKey() {
        // expect: java.hardcoded-crypto-key
        return new SecretKeySpec("wh-9f8e7d6c5b4a3210".getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    public static String newSessionId() {
        byte[] b = new byte[32];
        // ok: java.insecure-random-for-secrets
        SECURE.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    public static String newResetToken() {
        // expect: java.insecure-random-for-secrets
        long n = JITTER.nextLong();
        return Long.toHexString(n);
    }

    public static long retryDelayMillis(int attempt) {
        // ok: java.insecure-random-for-secrets
        return (1L << attempt) * 100 + JITTER.nextInt(50);
    }

    public static String etag(byte[] body) throws Exception {
        // expect: java.weak-message-digest
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body));
    }

    public static String hashPassword(String password, byte[] salt) throws Exception {
        // expect: java.weak-password-hash
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(salt);
        return HexFormat.of().formatHex(md.digest(password.getBytes(StandardCharsets.UTF_8)));
    }

    public static String contentHash(byte[] body) throws Exception {
        // ok: java.weak-message-digest
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    }

    public static KeyPair signingKeys() throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
        // expect: java.weak-asymmetric-key-size
        kpg.initialize(1024);
        return kpg.generateKeyPair();
    }

    public static KeyPair ecKeys() throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("EC");
        // ok: java.weak-asymmetric-key-size
        kpg.initialize(256);
        return kpg.generateKeyPair();
    }
}
