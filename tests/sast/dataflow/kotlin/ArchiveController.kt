package com.acme.shop

import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("/api/archives")
class ArchiveController {

    @PostMapping
    fun create(@RequestParam("name") name: String): Int {
        val command = ArchiveCommand(name)
        // expect: CWE-78
        val process = ProcessBuilder("sh", "-c", command.render()).start()
        return process.waitFor()
    }

    @PostMapping("/nightly")
    fun nightly(@RequestParam("name") name: String): Int {
        val command = ArchiveCommand("nightly")
        // ok: CWE-78
        val process = ProcessBuilder("sh", "-c", command.render()).start()
        return process.waitFor()
    }
}
