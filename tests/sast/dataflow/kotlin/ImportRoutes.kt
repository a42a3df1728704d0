package com.acme.shop

import io.ktor.http.HttpStatusCode
import io.ktor.server.application.call
import io.ktor.server.request.receiveText
import io.ktor.server.response.respond
import io.ktor.server.routing.Route
import io.ktor.server.routing.post
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse

private const val CATALOG_FEED = "https://feeds.acme.com/catalog.json"

fun Route.importRoutes(http: HttpClient) {
    post("/imports/catalog") {
        val source = call.receiveText().trim()
        // expect: CWE-918
        val request = HttpRequest.newBuilder(URI.create(source)).GET().build()
        val response = http.send(request, HttpResponse.BodyHandlers.ofString())
        call.respond(HttpStatusCode.fromValue(response.statusCode()))
    }

    post("/imports/catalog/default") {
        var source = CATALOG_FEED
        if (false) {
            source = call.receiveText().trim()
        }
        // ok: CWE-918
        val request = HttpRequest.newBuilder(URI.create(source)).GET().build()
        val response = http.send(request, HttpResponse.BodyHandlers.ofString())
        call.respond(HttpStatusCode.fromValue(response.statusCode()))
    }
}
