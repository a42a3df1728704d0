/* server/http.c - one request: limits, route, credential, handler, response, access log */
#include <civetweb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "core.h"

const char *srv_method_name(srv_method m)
{
	static const char *const names[] = { "GET", "POST", "PUT", "PATCH", "DELETE" };

	return names[m];
}

static bool method_parse(srv_method *out, const char *s)
{
	for (int m = SRV_GET; m <= SRV_DELETE; m++) {
		if (!strcmp(s, srv_method_name((srv_method)m))) {
			*out = (srv_method)m;
			return true;
		}
	}
	return false;
}

/* One segment of pattern against one of path: a literal, or {name} capturing it. */
static bool match_path(srv_req *r, const char *pattern, const char *path)
{
	r->nparams = 0;
	while (*pattern && *path) {
		const char *pe = strchr(pattern + 1, '/'), *se = strchr(path + 1, '/');
		size_t plen = pe ? (size_t)(pe - pattern) : strlen(pattern);
		size_t slen = se ? (size_t)(se - path) : strlen(path);

		if (pattern[0] != '/' || path[0] != '/')
			return false;
		if (pattern[1] == '{') {
			if (slen < 2 || slen - 1 >= sizeof(r->params[0].value) || r->nparams == SRV_PARAMS_MAX)
				return false;
			r->params[r->nparams].name = NULL;
			memcpy(r->params[r->nparams].value, path + 1, slen - 1);
			r->params[r->nparams].value[slen - 1] = '\0';
			r->nparams++;
		} else if (plen != slen || memcmp(pattern, path, plen) != 0) {
			return false;
		}
		pattern += plen;
		path += slen;
	}
	/* A trailing slash is the same resource. */
	return !*pattern && (!*path || !strcmp(path, "/"));
}

/* Parameter names from the pattern, once it matched: "{scan_id}" -> "scan_id" (kept in a static table). */
static void name_params(srv_req *r, const char *pattern)
{
	static __thread char names[SRV_PARAMS_MAX][64];
	size_t k = 0;

	for (const char *p = strchr(pattern, '{'); p && k < r->nparams; p = strchr(p + 1, '{')) {
		const char *e = strchr(p, '}');
		size_t n = e ? (size_t)(e - p - 1) : 0;
		if (n >= sizeof(names[0]))
			n = sizeof(names[0]) - 1;
		memcpy(names[k], p + 1, n);
		names[k][n] = '\0';
		r->params[k].name = names[k];
		k++;
	}
}

const srv_route *srv_route_match(srv_req *r, srv_method method, const char *path, bool *path_known)
{
	*path_known = false;
	for (size_t f = 0; srv_families[f]; f++) {
		for (const srv_route *rt = srv_families[f]; rt->path; rt++) {
			if (!match_path(r, rt->path, path))
				continue;
			*path_known = true;
			if (rt->method == method) {
				name_params(r, rt->path);
				return rt;
			}
		}
	}
	r->nparams = 0;
	return NULL;
}

static bool listed(const char *list, const char *item)
{
	size_t n = strlen(item);

	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		while (len && (*p == ' ')) {
			p++;
			len--;
		}
		while (len && p[len - 1] == ' ')
			len--;
		if (len == n && !memcmp(p, item, n))
			return true;
		p = e ? e + 1 : NULL;
	}
	return false;
}

/*
 * The client's address: the peer's, unless the peer is a trusted proxy;
 * then the nearest X-Forwarded-For address that is not one (a client can
 * write anything to the left of what the proxies append).
 */
static void client_ip(srv_req *r, char *out, size_t outlen)
{
	const struct mg_request_info *ri = mg_get_request_info(r->conn);
	const char *xff = mg_get_header(r->conn, "X-Forwarded-For");

	snprintf(out, outlen, "%s", ri->remote_addr);
	/* Through the TLS listener: the client its relay stands for, over HTTPS. */
	if (r->s->tls && !strcmp(ri->remote_addr, "127.0.0.1") && srv_tls_client(r->s, ri->remote_port, out, outlen))
		r->tls = true;
	if (!xff || !r->s->cfg.trusted_proxies || !listed(r->s->cfg.trusted_proxies, out))
		return;
	for (size_t end = strlen(xff); end > 0;) {
		size_t start = end;
		char addr[64];
		while (start > 0 && xff[start - 1] != ',')
			start--;
		size_t a = start, b = end;
		while (a < b && xff[a] == ' ')
			a++;
		while (b > a && xff[b - 1] == ' ')
			b--;
		if (b - a && b - a < sizeof(addr)) {
			memcpy(addr, xff + a, b - a);
			addr[b - a] = '\0';
			snprintf(out, outlen, "%s", addr);
			if (!listed(r->s->cfg.trusted_proxies, addr))
				return;
		}
		end = start ? start - 1 : 0;
	}
}

/* A body announced larger than the route takes is refused before anything else is done. */
static int body_announced(srv_req *r, size_t max)
{
	const struct mg_request_info *ri = mg_get_request_info(r->conn);

	if (ri->content_length > 0 && (unsigned long long)ri->content_length > max)
		return srv_error(r, 400, "Request body too large (limit %zu bytes)", max);
	return 0;
}

/* The body, whole, once the caller is known: refused again while it streams past max. */
static int read_body(srv_req *r, size_t max)
{
	char chunk[16384];
	int n;

	if (!max)
		return 0; /* a route without a body: whatever came is not read */
	while ((n = mg_read(r->conn, chunk, sizeof(chunk))) > 0) {
		if (r->body.size + (size_t)n > max)
			return srv_error(r, 400, "Request body too large (limit %zu bytes)", max);
		scan_buf_put(&r->body, chunk, (size_t)n);
	}
	if (scan_buf_failed(&r->body))
		return srv_error(r, 500, "Internal error (request %s)", r->id);
	return 0;
}

static int authorize(srv_req *r, const srv_route *rt)
{
	int rc;

	if (rt->auth == SRV_AUTH_PUBLIC)
		return 0;
	if ((rc = srv_authenticate(r)) != 0)
		return rc;
	if (r->who.is_key) {
		if (!(rt->auth & SRV_AUTH_KEY))
			return srv_error(r, 403, "This route needs a signed-in user, not an API key");
		if (rt->scope && !(r->who.scopes & rt->scope))
			return srv_error(r, 403, "API key lacks the scope %s", srv_scope_name(rt->scope));
		return 0;
	}
	if (!(rt->auth & SRV_AUTH_PERSON))
		return srv_error(r, 403, "This route takes an API key");
	if (r->who.role < rt->min_role)
		return srv_error(r, 403, "%s", rt->role_detail ? rt->role_detail : "Insufficient permission");
	return 0;
}

static void cors(srv_req *r, bool *preflight)
{
	const char *origin = mg_get_header(r->conn, "Origin");

	*preflight = false;
	if (!origin || !r->s->cfg.cors_origins || !listed(r->s->cfg.cors_origins, origin))
		return;
	srv_header(r, "Access-Control-Allow-Origin", origin);
	srv_header(r, "Vary", "Origin");
	srv_header(r, "Access-Control-Allow-Credentials", "true");
	if (!strcmp(mg_get_request_info(r->conn)->request_method, "OPTIONS")) {
		srv_header(r, "Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE");
		srv_header(r, "Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key");
		srv_header(r, "Access-Control-Max-Age", "600");
		*preflight = true;
	}
}

/* A small response goes out whole in one write; a larger body follows its head in a second. */
#define RESPONSE_ONE_WRITE 65536

/*
 * The status line, headers and body written by us, not through
 * civetweb's header calls: those send each header line in a write of
 * its own, a TCP segment each on a TCP_NODELAY socket, which was most of
 * a small response's cost.
 */
static void send_response(srv_req *r)
{
	const char *conn_hdr = mg_get_header(r->conn, "Connection");
	const struct mg_request_info *ri = mg_get_request_info(r->conn);
	bool close_after = (conn_hdr && !strcasecmp(conn_hdr, "close")) ||
	                   (ri->http_version && !strcmp(ri->http_version, "1.0") &&
	                    !(conn_hdr && !strcasecmp(conn_hdr, "keep-alive")));
	scan_buf out = SCAN_BUF_INIT;
	char date[64];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S GMT", &tm);
	scan_buf_printf(&out, "HTTP/1.1 %d %s\r\n", r->status, mg_get_response_code_text(r->conn, r->status));
	/* A 204 has no body, and says nothing of one (RFC 9110 8.6). */
	if (r->status != 204)
		scan_buf_printf(&out, "Content-Type: %s\r\nContent-Length: %zu\r\n",
		                r->content_type ? r->content_type : "application/json", r->out.size);
	scan_buf_printf(&out,
	                "X-Request-Id: %s\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nDate: %s\r\n"
	                "Connection: %s\r\n",
	                r->id, date, close_after ? "close" : "keep-alive");
	if (r->headers.size)
		scan_buf_put(&out, r->headers.ptr, r->headers.size);
	scan_buf_puts(&out, "\r\n");
	if (r->out.size <= RESPONSE_ONE_WRITE)
		scan_buf_put(&out, r->out.ptr, r->out.size);
	if (!scan_buf_failed(&out)) {
		mg_write(r->conn, out.ptr, out.size);
		if (r->out.size > RESPONSE_ONE_WRITE)
			mg_write(r->conn, r->out.ptr, r->out.size);
	}
	scan_buf_dispose(&out);
}

static void handle(srv_req *r)
{
	const struct mg_request_info *ri = mg_get_request_info(r->conn);
	const srv_route *rt;
	srv_method method;
	bool known, preflight;
	unsigned wait;
	time_t now = time(NULL);

	cors(r, &preflight);
	if (preflight) {
		r->status = 204;
		return;
	}
	if ((wait = srv_rate_take(&r->s->rate, SRV_RATE_DEFAULT, r->ip, now)) != 0)
		goto limited;
	if (!method_parse(&method, ri->request_method)) {
		srv_error(r, 405, "Method not allowed");
		return;
	}
	if (!(rt = srv_route_match(r, method, r->path, &known))) {
		if (known)
			srv_error(r, 405, "Method not allowed");
		else
			srv_error(r, 404, "Not found");
		return;
	}
	r->route = rt;
	if (rt->rate != SRV_RATE_DEFAULT && (wait = srv_rate_take(&r->s->rate, rt->rate, r->ip, now)) != 0)
		goto limited;
	if (body_announced(r, rt->body_max) || authorize(r, rt) || read_body(r, rt->body_max))
		return;
	if (!rt->handler(r) && !r->status)
		srv_error(r, 500, "Internal error (request %s)", r->id);
	/*
	 * A request that may have changed something answers only once this
	 * process's cache forgets what it kept: the caller's next request must
	 * read the change (another process's cache drops it on the database's
	 * notification).
	 */
	if (method != SRV_GET)
		scan_store_cache_flush(r->s->store);
	return;
limited:
	{
		char s[16];
		snprintf(s, sizeof(s), "%u", wait);
		srv_header(r, "Retry-After", s);
		srv_error(r, 429, "Too many requests; retry in %u seconds", wait);
	}
}

int srv_http_request(struct mg_connection *conn, void *data)
{
	const struct mg_request_info *ri = mg_get_request_info(conn);
	srv_req r;
	char ip[64];
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(&r, 0, sizeof(r));
	r.s = data;
	r.conn = conn;
	r.body = (scan_buf)SCAN_BUF_INIT;
	r.out = (scan_buf)SCAN_BUF_INIT;
	r.headers = (scan_buf)SCAN_BUF_INIT;
	srv_random_hex(r.id, 16);
	r.path = ri->local_uri ? ri->local_uri : "/";
	if (!strncmp(r.path, "/api", 4))
		r.path += 4;
	r.query = ri->query_string;
	r.tls = ri->is_ssl;
	client_ip(&r, ip, sizeof(ip));
	r.ip = ip;
	if (strncmp(ri->local_uri ? ri->local_uri : "", "/api", 4) != 0 ||
	    (ri->local_uri[4] != '/' && ri->local_uri[4] != '\0'))
		srv_error(&r, 404, "Not found");
	else
		handle(&r);
	send_response(&r);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	srv_access_log(r.s, &r, (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
	scan_buf_dispose(&r.body);
	scan_buf_dispose(&r.out);
	scan_buf_dispose(&r.headers);
	return r.status;
}

void srv_access_log(srv *s, const srv_req *r, double ms)
{
	scan_buf line = SCAN_BUF_INIT;
	scan_json w;
	char ts[32], who[48] = "";
	time_t now = time(NULL);
	struct tm tm;

	if (!s->access_log)
		return;
	gmtime_r(&now, &tm);
	strftime(ts, sizeof(ts), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (r->who.is_key)
		snprintf(who, sizeof(who), "key:%lld", (long long)r->who.key_id);
	else if (r->who.authenticated)
		snprintf(who, sizeof(who), "user:%lld", (long long)r->who.user_id);
	/* The route's template, not the path: ids and anything a client typed stay out of the log. */
	scan_json_init(&w, &line, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "ts", ts);
	scan_json_str(&w, "request_id", r->id);
	scan_json_str(&w, "method", mg_get_request_info(r->conn)->request_method);
	scan_json_str(&w, "route", r->route ? r->route->path : NULL);
	scan_json_int(&w, "status", r->status);
	scan_json_num_fmt(&w, "duration_ms", ms, -2);
	if (r->who.authenticated)
		scan_json_int(&w, "org", r->who.org);
	else
		scan_json_null(&w, "org");
	scan_json_str(&w, "principal", *who ? who : NULL);
	scan_json_str(&w, "ip", r->ip);
	scan_json_close(&w, '}');
	if (scan_json_finish(&w) == 0) {
		pthread_mutex_lock(&s->log_lock);
		fprintf(s->access_log, "%s\n", line.ptr);
		fflush(s->access_log);
		pthread_mutex_unlock(&s->log_lock);
	}
	scan_buf_dispose(&line);
}
