package com.example.vault.crypto

import android.util.Base64
import java.security.MessageDigest
import java.security.SecureRandom
import java.util.Random
import javax.crypto.Cipher
import javax.crypto.SecretKey
import javax.crypto.spec.GCMParameterSpec
import javax.crypto.spec.IvParameterSpec
import javax.net.ssl.SSLContext

object CryptoHelper {

    private val secureRandom = SecureRandom()
    private val FIXED_IV = byteArrayOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

    fun encrypt(key: SecretKey, plain: ByteArray): ByteArray {
        val iv = ByteArray(12)
        secureRandom.nextBytes(iv)
        // ok: kotlin.cipher-ecb-mode
        val cipher = Cipher.getInstance("AES/GCM/NoPadding")
        // ok: kotlin.static-iv
        cipher.init(Cipher.ENCRYPT_MODE, key, GCMParameterSpec(128, iv))
        return iv + cipher.doFinal(plain)
    }

    fun decryptLegacy(key: SecretKey, data: ByteArray): ByteArray {
        val cipher = Cipher.getInstance("AES/CBC/PKCS5Padding")
        // expect: kotlin.static-iv
        cipher.init(Cipher.DECRYPT_MODE, key, IvParameterSpec(FIXED_IV))
        return cipher.doFinal(data)
    }

    fun decryptV0(key: SecretKey, data: ByteArray): ByteArray {
        // expect: kotlin.cipher-ecb-mode
        val cipher = Cipher.getInstance("AES")
        cipher.init(Cipher.DECRYPT_MODE, key)
        return cipher.doFinal(data)
    }

    fun decryptOldDevices(key: SecretKey, data: ByteArray): ByteArray {
        // expect: kotlin.cipher-weak-algorithm
        val cipher = Cipher.getInstance("DESede/ECB/PKCS5Padding")
        cipher.init(Cipher.DECRYPT_MODE, key)
        return cipher.doFinal(data)
    }

    fun fileChecksum(bytes: ByteArray): String {
        // expect: kotlin.weak-message-digest
        val md = MessageDigest.getInstance("SHA-1")
        return md.digest(bytes).joinToString("") { "%02x".format(it) }
    }

    fun contentId(bytes: ByteArray): String {
        // ok: kotlin.weak-message-digest
        val md = MessageDigest.getInstance("SHA-256")
        return Base64.encodeToString(md.digest(bytes), Base64.NO_WRAP)
    }

    fun newPairingCode(): String {
        // expect: kotlin.insecure-random-for-secrets
        val rnd = Random()
        return (100000 + rnd.nextInt(900000)).toString()
    }

    fun newRecoveryToken(): String {
        val bytes = ByteArray(32)
        // ok: kotlin.insecure-random-for-secrets
        secureRandom.nextBytes(bytes)
        return Base64.encodeToString(bytes, Base64.URL_SAFE or Base64.NO_WRAP)
    }

    fun backoffMillis(attempt: Int): Long {
        // ok: kotlin.insecure-random-for-secrets
        val jitter = Random().nextInt(250)
        return (1L shl attempt) * 500 + jitter
    }

    fun legacyContext(): SSLContext {
        // expect: kotlin.weak-tls-protocol
        return SSLContext.getInstance("TLSv1.1")
    }

    fun context(): SSLContext {
        // ok: kotlin.weak-tls-protocol
        return SSLContext.getInstance("TLS")
    }
}
