package com.example.notes.data

import android.content.ContentValues
import android.content.Context
import android.database.Cursor
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import androidx.sqlite.db.SimpleSQLiteQuery

class NotesDbHelper(context: Context) : SQLiteOpenHelper(context, "notes.db", null, 3) {
    override fun onCreate(db: SQLiteDatabase) {
        // ok: kotlin.android-sqlite-injection
        db.execSQL("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, folder TEXT)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        // ok: kotlin.android-sqlite-injection
        db.execSQL("ALTER TABLE notes ADD COLUMN folder TEXT DEFAULT 'inbox'")
    }
}

class NotesRepository(private val helper: NotesDbHelper) {

    fun search(term: String): Cursor {
        val db = helper.readableDatabase
        // expect: kotlin.android-sqlite-injection
        return db.rawQuery("SELECT id, title FROM notes WHERE title LIKE '%$term%'", null)
    }

    fun searchSafely(term: String): Cursor {
        val db = helper.readableDatabase
        // ok: kotlin.android-sqlite-injection
        return db.rawQuery("SELECT id, title FROM notes WHERE title LIKE ?", arrayOf("%$term%"))
    }

    fun inFolder(folder: String, orderBy: String): Cursor {
        val db = helper.readableDatabase
        // expect: kotlin.android-sqlite-injection
        return db.query("notes", arrayOf("id", "title"), "folder = '${folder}'", null, null, null, orderBy)
    }

    fun delete(id: String) {
        // expect: kotlin.android-sqlite-injection
        helper.writableDatabase.execSQL("DELETE FROM notes WHERE id = " + id)
    }

    fun deleteSafely(id: Long) {
        // ok: kotlin.android-sqlite-injection
        helper.writableDatabase.delete("notes", "id = ?", arrayOf(id.toString()))
    }

    fun rename(id: Long, title: String) {
        val values = ContentValues().apply { put("title", title) }
        helper.writableDatabase.update("notes", values, "id = ?", arrayOf(id.toString()))
    }

    fun roomQuery(folder: String): SimpleSQLiteQuery {
        // expect: kotlin.android-sqlite-injection
        return SimpleSQLiteQuery("SELECT * FROM notes WHERE folder = '$folder'")
    }

    fun roomQuerySafely(folder: String): SimpleSQLiteQuery {
        // ok: kotlin.android-sqlite-injection
        return SimpleSQLiteQuery("SELECT * FROM notes WHERE folder = ?", arrayOf(folder))
    }
}
