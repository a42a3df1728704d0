package com.acme.shop

import java.io.File

class ReportStore(private val root: String) {

    fun open(name: String): String {
        // expect: CWE-22
        return File(root, name).readText()
    }

    fun openArchived(name: String): String {
        // ok: CWE-22
        return File(root, name).readText()
    }
}
