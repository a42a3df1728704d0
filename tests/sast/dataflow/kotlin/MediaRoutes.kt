package com.acme.shop

import io.ktor.http.HttpStatusCode
import io.ktor.server.application.call
import io.ktor.server.response.respond
import io.ktor.server.response.respondFile
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import java.io.File

private const val MEDIA_DIR = "/srv/shop/media"
private val SAFE_MEDIA_NAME = Regex("^[A-Za-z0-9_-]+\\.(png|jpg|mp4)$")

private fun isSafeFileName(name: String): Boolean = SAFE_MEDIA_NAME.matches(name)

fun Route.mediaRoutes() {
    get("/media") {
        val name = call.request.queryParameters["file"] ?: return@get call.respond(HttpStatusCode.NotFound)
        // expect: CWE-22
        call.respondFile(File("$MEDIA_DIR/$name"))
    }

    get("/media/checked") {
        val name = call.request.queryParameters["file"] ?: return@get call.respond(HttpStatusCode.NotFound)
        if (!isSafeFileName(name)) return@get call.respond(HttpStatusCode.BadRequest)
        // ok: CWE-22
        call.respondFile(File("$MEDIA_DIR/$name"))
    }
}
