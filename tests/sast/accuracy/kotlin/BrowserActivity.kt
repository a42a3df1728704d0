package com.example.notes.ui

import android.annotation.SuppressLint
import android.content.Context
import android.content.Intent
import android.content.SharedPreferences
import android.os.Bundle
import android.webkit.JavascriptInterface
import android.webkit.WebView
import androidx.appcompat.app.AppCompatActivity
import com.example.notes.BuildConfig

class BrowserActivity : AppCompatActivity() {

    private lateinit var web: WebView

    @SuppressLint("SetJavaScriptEnabled")
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        web = WebView(this)
        setContentView(web)
        web.settings.javaScriptEnabled = true
        // ok: kotlin.webview-file-access
        web.settings.allowFileAccess = false
        // expect: kotlin.webview-file-access
        web.settings.allowUniversalAccessFromFileURLs = true
        // expect: kotlin.webview-javascript-interface
        web.addJavascriptInterface(NotesBridge(this), "NotesApp")
        if (BuildConfig.DEBUG) {
            // ok: kotlin.webview-debugging-enabled
            WebView.setWebContentsDebuggingEnabled(true)
        }
        web.loadUrl(intent.getStringExtra("url") ?: "https://notes.example.com/help")
    }

    fun prefs(): SharedPreferences {
        // ok: kotlin.world-readable-storage
        return getSharedPreferences("ui", Context.MODE_PRIVATE)
    }

    fun sharedExport(): SharedPreferences {
        // expect: kotlin.world-readable-storage
        return getSharedPreferences("export", Context.MODE_WORLD_READABLE)
    }

    fun announceLogin(sessionToken: String) {
        val intent = Intent("com.example.notes.SESSION_STARTED")
        intent.putExtra("session_token", sessionToken)
        // expect: kotlin.implicit-broadcast-sensitive-extra
        sendBroadcast(intent)
    }

    fun announceLoginPrivately(sessionToken: String) {
        val intent = Intent("com.example.notes.SESSION_STARTED")
        intent.putExtra("session_token", sessionToken)
        intent.setPackage(packageName)
        // ok: kotlin.implicit-broadcast-sensitive-extra
        sendBroadcast(intent)
    }

    fun announceTheme(theme: String) {
        val intent = Intent("com.example.notes.THEME_CHANGED")
        intent.putExtra("theme", theme)
        // ok: kotlin.implicit-broadcast-sensitive-extra
        sendBroadcast(intent)
    }
}

class NotesBridge(private val context: Context) {
    @JavascriptInterface
    fun noteCount(): Int = 0
}

class DebugApp : android.app.Application() {
    override fun onCreate() {
        super.onCreate()
        // expect: kotlin.webview-debugging-enabled
        WebView.setWebContentsDebuggingEnabled(true)
    }
}
