package com.example.vault.net

import java.io.ByteArrayInputStream
import java.io.InputStream
import java.io.ObjectInputFilter
import java.io.ObjectInputStream
import java.net.Socket
import java.security.cert.X509Certificate
import javax.net.ssl.HostnameVerifier
import javax.net.ssl.SSLContext
import javax.net.ssl.SSLSession
import javax.net.ssl.X509TrustManager
import javax.xml.parsers.DocumentBuilderFactory
import okhttp3.OkHttpClient
import okhttp3.internal.tls.OkHostnameVerifier
import org.w3c.dom.Document

class SyncClient {

    private val labTrustManager = object : X509TrustManager {
        override fun checkClientTrusted(chain: Array<X509Certificate>, authType: String) {}

        // expect: kotlin.trustmanager-accept-all
        override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) {}

        override fun getAcceptedIssuers(): Array<X509Certificate> = arrayOf()
    }

    fun labClient(): OkHttpClient {
        val ctx = SSLContext.getInstance("TLS")
        ctx.init(null, arrayOf(labTrustManager), null)
        return OkHttpClient.Builder()
            .sslSocketFactory(ctx.socketFactory, labTrustManager)
            // expect: kotlin.hostname-verifier-accept-all
            .hostnameVerifier { _, _ -> true }
            .build()
    }

    fun pinnedClient(): OkHttpClient {
        return OkHttpClient.Builder()
            // ok: kotlin.hostname-verifier-accept-all
            .hostnameVerifier { host, session -> host.endsWith(".example.com") && OkHostnameVerifier.verify(host, session) }
            .build()
    }

    fun receiveSnapshot(socket: Socket): Any? {
        // expect: kotlin.objectinputstream-untrusted
        val ois = ObjectInputStream(socket.inputStream)
        return ois.readObject()
    }

    fun receiveFiltered(socket: Socket): Any? {
        // ok: kotlin.objectinputstream-untrusted
        val ois = ObjectInputStream(socket.inputStream)
        ois.objectInputFilter = ObjectInputFilter.Config.createFilter("com.example.vault.Snapshot;!*")
        return ois.readObject()
    }

    fun parseManifest(input: InputStream): Document {
        // expect: kotlin.xxe-documentbuilderfactory
        val dbf = DocumentBuilderFactory.newInstance()
        return dbf.newDocumentBuilder().parse(input)
    }

    fun parseManifestSafely(input: InputStream): Document {
        // ok: kotlin.xxe-documentbuilderfactory
        val dbf = DocumentBuilderFactory.newInstance()
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)
        return dbf.newDocumentBuilder().parse(input)
    }
}

class StrictVerifier(private val delegate: HostnameVerifier) : HostnameVerifier {
    // ok: kotlin.hostname-verifier-accept-all
    override fun verify(hostname: String?, session: SSLSession?): Boolean = delegate.verify(hostname, session)
}

class LabVerifier : HostnameVerifier {
    // expect: kotlin.hostname-verifier-accept-all
    override fun verify(hostname: String?, session: SSLSession?): Boolean = true
}
