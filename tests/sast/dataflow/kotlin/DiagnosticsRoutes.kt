package com.acme.shop

import io.ktor.http.HttpStatusCode
import io.ktor.server.application.call
import io.ktor.server.request.receiveParameters
import io.ktor.server.response.respond
import io.ktor.server.response.respondText
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import io.ktor.server.routing.post

private val ALLOWED_PING_HOSTS = setOf("db.acme.internal", "cache.acme.internal", "queue.acme.internal")

fun Route.diagnosticsRoutes() {
    get("/diag/ping") {
        val host = call.request.queryParameters["host"] ?: "localhost"
        // expect: CWE-78
        val process = Runtime.getRuntime().exec("ping -c 1 $host")
        call.respondText(process.inputStream.bufferedReader().readText())
    }

    get("/diag/ping-internal") {
        val host = call.request.queryParameters["host"] ?: "localhost"
        if (!ALLOWED_PING_HOSTS.contains(host)) {
            call.respond(HttpStatusCode.BadRequest)
            return@get
        }
        // ok: CWE-78
        val process = Runtime.getRuntime().exec("ping -c 1 $host")
        call.respondText(process.inputStream.bufferedReader().readText())
    }

    get("/diag/grep") {
        val pattern = call.parameters["q"] ?: "ERROR"
        // expect: CWE-78
        val process = ProcessBuilder("sh", "-c", "grep -c '$pattern' /var/log/shop/app.log").start()
        call.respondText(process.inputStream.bufferedReader().readText())
    }

    get("/diag/errors") {
        var pattern = "ERROR"
        if (false) {
            pattern = call.parameters["q"] ?: "ERROR"
        }
        // ok: CWE-78
        val process = ProcessBuilder("sh", "-c", "grep -c '$pattern' /var/log/shop/app.log").start()
        call.respondText(process.inputStream.bufferedReader().readText())
    }

    post("/diag/thumbnail") {
        val form = call.receiveParameters()
        val sizes = mutableListOf("64x64")
        sizes.add(form["size"] ?: "128x128")
        // expect: CWE-78
        val process = ProcessBuilder("sh", "-c", "convert /srv/img/logo.png -resize ${sizes[1]} /tmp/thumb.png").start()
        call.respondText("exit ${process.waitFor()}")
    }

    post("/diag/icon") {
        val form = call.receiveParameters()
        val sizes = mutableListOf("64x64")
        sizes.add(form["size"] ?: "128x128")
        // ok: CWE-78
        val process = ProcessBuilder("sh", "-c", "convert /srv/img/logo.png -resize ${sizes[0]} /tmp/thumb.png").start()
        call.respondText("exit ${process.waitFor()}")
    }
}
