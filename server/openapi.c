/* server/openapi.c - GET /api/openapi.json: the OpenAPI 3.1 document, written from the route table */
#include <string.h>
#include "core.h"

static void lower_method(char *out, srv_method m)
{
	const char *s = srv_method_name(m);
	size_t i = 0;

	for (; s[i]; i++)
		out[i] = (char)(s[i] - 'A' + 'a');
	out[i] = '\0';
}

static void security(scan_json *w, const srv_route *rt)
{
	scan_json_open(w, "security", '[');
	if (rt->auth & SRV_AUTH_PERSON) {
		scan_json_open(w, NULL, '{');
		scan_json_open(w, "bearer", '[');
		scan_json_close(w, ']');
		scan_json_close(w, '}');
		scan_json_open(w, NULL, '{');
		scan_json_open(w, "session", '[');
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	if (rt->auth & SRV_AUTH_KEY) {
		scan_json_open(w, NULL, '{');
		scan_json_open(w, "apiKey", '[');
		if (rt->scope)
			scan_json_str(w, NULL, srv_scope_name(rt->scope));
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static void operation(scan_json *w, const srv_route *rt)
{
	char m[8];

	lower_method(m, rt->method);
	scan_json_open(w, m, '{');
	scan_json_str(w, "summary", rt->summary);
	if (strchr(rt->path, '{') || (rt->flags & SRV_ROUTE_CROSS_TENANT)) {
		scan_json_open(w, "parameters", '[');
		if (rt->flags & SRV_ROUTE_CROSS_TENANT) {
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "name", "org_id");
			scan_json_str(w, "in", "query");
			scan_json_bool(w, "required", false);
			scan_json_str(w, "description", "Another organization's id: SUPER_ADMIN only");
			scan_json_open(w, "schema", '{');
			scan_json_str(w, "type", "integer");
			scan_json_close(w, '}');
			scan_json_close(w, '}');
		}
		for (const char *p = strchr(rt->path, '{'); p; p = strchr(p + 1, '{')) {
			const char *e = strchr(p, '}');
			scan_json_open(w, NULL, '{');
			scan_json_strn(w, "name", p + 1, e ? (size_t)(e - p - 1) : 0);
			scan_json_str(w, "in", "path");
			scan_json_bool(w, "required", true);
			scan_json_open(w, "schema", '{');
			scan_json_str(w, "type", strstr(p, "_id}") || !strncmp(p, "{id}", 4) ? "integer" : "string");
			scan_json_close(w, '}');
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
	}
	if (rt->body_max > 1024) {
		scan_json_open(w, "requestBody", '{');
		scan_json_bool(w, "required", true);
		scan_json_open(w, "content", '{');
		scan_json_open(w, rt->flags & SRV_ROUTE_MULTIPART ? "multipart/form-data" : "application/json", '{');
		scan_json_open(w, "schema", '{');
		scan_json_str(w, "type", "object");
		scan_json_close(w, '}');
		scan_json_close(w, '}');
		scan_json_close(w, '}');
		scan_json_close(w, '}');
	}
	if (rt->auth != SRV_AUTH_PUBLIC)
		security(w, rt);
	else {
		scan_json_open(w, "security", '[');
		scan_json_close(w, ']');
	}
	scan_json_open(w, "responses", '{');
	scan_json_open(w, "200", '{');
	scan_json_str(w, "description", "Success");
	scan_json_close(w, '}');
	scan_json_open(w, "default", '{');
	scan_json_str(w, "description", "An error: {\"detail\": ...}");
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

int srv_openapi(scan_buf *out)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "openapi", "3.1.0");
	scan_json_open(&w, "info", '{');
	scan_json_str(&w, "title", "Rampart");
	scan_json_str(&w, "version", scan_version());
	scan_json_close(&w, '}');
	scan_json_open(&w, "servers", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "url", "/api");
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_open(&w, "paths", '{');
	/* Routes of one path are grouped under it, in table order. */
	for (size_t f = 0; srv_families[f]; f++) {
		for (const srv_route *rt = srv_families[f]; rt->path; rt++) {
			bool seen = false;
			for (size_t g = 0; g <= f && !seen; g++)
				for (const srv_route *q = srv_families[g]; q->path && q != rt && !seen; q++)
					seen = !strcmp(q->path, rt->path);
			if (seen)
				continue;
			scan_json_open(&w, rt->path, '{');
			for (size_t g = f; srv_families[g]; g++)
				for (const srv_route *q = srv_families[g]; q->path; q++)
					if (!strcmp(q->path, rt->path))
						operation(&w, q);
			scan_json_close(&w, '}');
		}
	}
	scan_json_close(&w, '}');
	scan_json_open(&w, "components", '{');
	scan_json_open(&w, "securitySchemes", '{');
	scan_json_open(&w, "bearer", '{');
	scan_json_str(&w, "type", "http");
	scan_json_str(&w, "scheme", "bearer");
	scan_json_str(&w, "bearerFormat", "JWT");
	scan_json_close(&w, '}');
	scan_json_open(&w, "session", '{');
	scan_json_str(&w, "type", "apiKey");
	scan_json_str(&w, "in", "cookie");
	scan_json_str(&w, "name", SRV_SESSION_COOKIE);
	scan_json_close(&w, '}');
	scan_json_open(&w, "apiKey", '{');
	scan_json_str(&w, "type", "apiKey");
	scan_json_str(&w, "in", "header");
	scan_json_str(&w, "name", "X-API-Key");
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}
