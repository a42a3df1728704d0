package com.acme.shop

import java.io.File
import java.io.FileInputStream
import java.io.FileOutputStream
import java.nio.file.Path
import java.nio.file.Paths
import org.springframework.http.HttpStatus
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.server.ResponseStatusException

@RestController
@RequestMapping("/api/files")
class FileController {

    private val reports = ReportStore("/srv/shop/reports")

    @GetMapping("/download")
    fun download(@RequestParam name: String): ByteArray {
        // expect: CWE-22
        return File(DOWNLOAD_DIR, name).readBytes()
    }

    @GetMapping("/download/checked")
    fun downloadChecked(@RequestParam name: String): ByteArray {
        if (name.contains("..")) throw ResponseStatusException(HttpStatus.BAD_REQUEST)
        // ok: CWE-22
        return File(DOWNLOAD_DIR, name).readBytes()
    }

    @GetMapping("/attachments/{name}")
    fun attachment(@PathVariable name: String): ByteArray {
        val target = ATTACHMENTS.resolve(name).normalize()
        // expect: CWE-22
        return FileInputStream(target.toFile()).use { it.readBytes() }
    }

    @GetMapping("/attachments/checked/{name}")
    fun attachmentChecked(@PathVariable name: String): ByteArray {
        val target = ATTACHMENTS.resolve(name).normalize()
        if (!target.startsWith(ATTACHMENTS)) throw ResponseStatusException(HttpStatus.FORBIDDEN)
        // ok: CWE-22
        return FileInputStream(target.toFile()).use { it.readBytes() }
    }

    @PostMapping("/exports")
    fun export(@RequestParam customer: String, @RequestBody csv: String) {
        // expect: CWE-22
        FileOutputStream(StoragePaths.customerExport(customer)).use { it.write(csv.toByteArray()) }
    }

    @PostMapping("/exports/shared")
    fun exportShared(@RequestParam customer: String, @RequestBody csv: String) {
        // ok: CWE-22
        FileOutputStream(StoragePaths.sharedExport(customer)).use { it.write(csv.toByteArray()) }
    }

    @GetMapping("/pages/{page}")
    fun page(@PathVariable page: String): String {
        val parts = mapOf("body" to page, "layout" to "default.html")
        // expect: CWE-22
        return File(TEMPLATE_DIR, parts["body"]).readText()
    }

    @GetMapping("/pages/{page}/layout")
    fun pageLayout(@PathVariable page: String): String {
        val parts = mapOf("body" to page, "layout" to "default.html")
        // ok: CWE-22
        return File(TEMPLATE_DIR, parts["layout"]).readText()
    }

    @GetMapping("/reports")
    fun report(@RequestParam id: String): String {
        return reports.open("$id.txt")
    }

    @GetMapping("/reports/archived")
    fun archivedReport(@RequestParam id: String): String {
        return reports.openArchived("${id.toInt()}.txt")
    }

    companion object {
        private const val DOWNLOAD_DIR = "/srv/shop/downloads"
        private const val TEMPLATE_DIR = "/srv/shop/templates"
        private val ATTACHMENTS: Path = Paths.get("/srv/shop/attachments").toAbsolutePath().normalize()
    }
}
