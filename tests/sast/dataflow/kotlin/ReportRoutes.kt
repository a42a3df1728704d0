package com.acme.shop

import io.ktor.http.HttpStatusCode
import io.ktor.server.application.call
import io.ktor.server.response.respond
import io.ktor.server.response.respondText
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import java.sql.Connection

fun Route.reportRoutes(database: Connection) {
    get("/reports/{id}") {
        val id = call.parameters["id"] ?: return@get call.respond(HttpStatusCode.BadRequest)
        val statement = database.createStatement()
        // expect: CWE-89
        val rs = statement.executeQuery("SELECT title, body FROM reports WHERE id = ${id}")
        call.respondText(if (rs.next()) rs.getString("body") else "")
    }

    get("/reports/{id}/summary") {
        val id = call.parameters["id"]?.toInt() ?: return@get call.respond(HttpStatusCode.BadRequest)
        val statement = database.createStatement()
        // ok: CWE-89
        val rs = statement.executeQuery("SELECT title, summary FROM reports WHERE id = ${id}")
        call.respondText(if (rs.next()) rs.getString("summary") else "")
    }
}
