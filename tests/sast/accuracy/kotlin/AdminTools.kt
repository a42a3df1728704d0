package com.example.vault.admin

import java.sql.Connection
import java.sql.ResultSet

object Secrets {
    // expect: kotlin.hardcoded-secret
    const val STRIPE_SECRET_KEY = "sk_live_51HxAbCdEfGhIjKlMnOpQrSt"
    // ok: kotlin.hardcoded-secret
    const val API_KEY_HEADER = "X-Api-Key"
    // ok: kotlin.hardcoded-secret
    val apiKey: String = System.getenv("VAULT_API_KEY") ?: ""
}

class AdminTools(private val conn: Connection) {

    fun diskUsage(path: String): Process {
        // expect: kotlin.runtime-exec-non-constant
        return Runtime.getRuntime().exec("du -sh $path")
    }

    fun uptime(): Process {
        // ok: kotlin.runtime-exec-non-constant
        return Runtime.getRuntime().exec("uptime")
    }

    fun archive(dir: String): Process {
        // expect: kotlin.processbuilder-shell-injection
        return ProcessBuilder("bash", "-c", "tar czf /backups/vault.tgz ${dir}").start()
    }

    fun archiveSafely(dir: String): Process {
        // ok: kotlin.processbuilder-shell-injection
        return ProcessBuilder("tar", "czf", "/backups/vault.tgz", dir).start()
    }

    fun findUser(email: String): ResultSet {
        // expect: kotlin.jdbc-sql-injection
        return conn.createStatement().executeQuery("SELECT id, role FROM users WHERE email = '$email'")
    }

    fun findUserSafely(email: String): ResultSet {
        // ok: kotlin.jdbc-sql-injection
        val ps = conn.prepareStatement("SELECT id, role FROM users WHERE email = ?")
        ps.setString(1, email)
        return ps.executeQuery()
    }
}
