package com.acme.notes

import android.content.Intent
import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity
import java.io.File

class NoteSearchActivity : AppCompatActivity() {

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val term = intent.getStringExtra("term") ?: ""
        val db = openOrCreateDatabase("notes.db", MODE_PRIVATE, null)
        // expect: CWE-89
        val cursor = db.rawQuery("SELECT _id, title FROM notes WHERE title LIKE '%$term%'", null)
        setResult(RESULT_OK, Intent().putExtra("count", cursor.count))
        cursor.close()
        finish()
    }
}

class NoteLookupActivity : AppCompatActivity() {

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val term = intent.getStringExtra("term") ?: ""
        val db = openOrCreateDatabase("notes.db", MODE_PRIVATE, null)
        // ok: CWE-89
        val cursor = db.rawQuery("SELECT _id, title FROM notes WHERE title LIKE ?", arrayOf("%$term%"))
        setResult(RESULT_OK, Intent().putExtra("count", cursor.count))
        cursor.close()
        finish()
    }
}

class NoteExportActivity : AppCompatActivity() {

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val noteId = intent.getStringExtra("noteId") ?: return
        // expect: CWE-22
        val content = File(filesDir, "notes/$noteId.txt").readText()
        setResult(RESULT_OK, Intent().putExtra("content", content))
        finish()
    }
}

class NoteShareActivity : AppCompatActivity() {

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val noteId = intent.getStringExtra("noteId")?.toLong() ?: return
        // ok: CWE-22
        val content = File(filesDir, "notes/$noteId.txt").readText()
        setResult(RESULT_OK, Intent().putExtra("content", content))
        finish()
    }
}
