/* server/request.c - what handlers use to read a request and write a response */
#include <civetweb.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

int srv_error(srv_req *r, int status, const char *fmt, ...)
{
	char detail[512];
	va_list ap;
	scan_json w;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	scan_buf_clear(&r->out);
	srv_json_begin(r, &w, status);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "detail", detail);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

void srv_json_begin(srv_req *r, scan_json *w, int status)
{
	r->status = status;
	r->content_type = "application/json";
	scan_buf_clear(&r->out);
	scan_json_init(w, &r->out, false);
}

int srv_json_end(srv_req *r, scan_json *w)
{
	if (scan_json_finish(w) != 0) {
		scan_buf_clear(&r->out);
		scan_buf_puts(&r->out, "{\"detail\":\"Internal error\"}");
		r->status = 500;
	}
	return r->status;
}

static bool header_safe(const char *s)
{
	for (; *s; s++)
		if (*s == '\r' || *s == '\n' || (unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

void srv_header(srv_req *r, const char *name, const char *value)
{
	/* A value with a line break would end the header and start another: such a header is not sent. */
	if (!header_safe(name) || !header_safe(value) || strchr(name, ':'))
		return;
	scan_buf_printf(&r->headers, "%s: %s\r\n", name, value);
}

const char *srv_request_header(const srv_req *r, const char *name)
{
	return mg_get_header(r->conn, name);
}

const char *srv_provider_token(const srv_req *r, const char *source, const char **header)
{
	static const char *const names[][2] = {
		{ "github", "X-GitHub-Token" },
		{ "gitlab", "X-GitLab-Token" },
		{ "bitbucket", "X-Bitbucket-Token" },
	};
	const char *v;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (source && !strcmp(source, names[i][0])) {
			*header = names[i][1];
			return srv_request_header(r, names[i][1]);
		}
	*header = names[0][1];
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((v = srv_request_header(r, names[i][1])) != NULL) {
			*header = names[i][1];
			return v;
		}
	return NULL;
}

const char *srv_param(const srv_req *r, const char *name)
{
	for (size_t i = 0; i < r->nparams; i++)
		if (!strcmp(r->params[i].name, name))
			return r->params[i].value;
	return NULL;
}

int64_t srv_param_id(srv_req *r, const char *name)
{
	const char *s = srv_param(r, name);
	char *end;
	long long v;

	if (!s || !*s || *s < '0' || *s > '9' || strlen(s) > 18)
		goto bad;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v <= 0)
		goto bad;
	return v;
bad:
	srv_error(r, 404, "Not found");
	return 0;
}

bool srv_query(const srv_req *r, const char *name, char *out, size_t outlen)
{
	if (!r->query)
		return false;
	return mg_get_var(r->query, strlen(r->query), name, out, outlen) >= 0;
}

static bool query_int(srv_req *r, const char *name, long long min, long long max, long long *out)
{
	char v[32], *end;
	long long x;

	if (!r->query)
		return true;
	switch (mg_get_var(r->query, strlen(r->query), name, v, sizeof(v))) {
	case -1:
		return true; /* absent */
	case -2:
		srv_error(r, 422, "Query parameter '%s' must be an integer from %lld to %lld", name, min, max);
		return false;
	}
	errno = 0;
	x = strtoll(v, &end, 10);
	if (!*v || *end || errno || x < min || x > max) {
		srv_error(r, 422, "Query parameter '%s' must be an integer from %lld to %lld", name, min, max);
		return false;
	}
	*out = x;
	return true;
}

bool srv_target_org(srv_req *r, int64_t *org)
{
	long long want = 0;
	scan_org_list *l = NULL;
	int rc;

	*org = r->who.org;
	if (!query_int(r, "org_id", 1, INT64_MAX, &want))
		return false;
	if (!want || want == r->who.org)
		return true;
	if (!srv_role_at_least(r, SCAN_ROLE_SUPER_ADMIN) || !(r->route->flags & SRV_ROUTE_CROSS_TENANT)) {
		srv_error(r, 403, "Only a super admin reads another organization");
		return false;
	}
	if ((rc = scan_store_org_get(&l, srv_store(r), want)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Organization not found");
		else
			srv_lib_error(r, rc);
		return false;
	}
	scan_org_list_free(l);
	*org = want;
	return true;
}

bool srv_paging(srv_req *r, size_t *skip, size_t *limit, size_t def, size_t max)
{
	long long s = 0, l = (long long)def;

	if (!query_int(r, "skip", 0, 1000000000LL, &s) || !query_int(r, "limit", 1, (long long)max, &l))
		return false;
	*skip = (size_t)s;
	*limit = (size_t)l;
	return true;
}

bool srv_query_bool(srv_req *r, const char *name, bool def, bool *out)
{
	char v[8];

	*out = def;
	if (!srv_query(r, name, v, sizeof(v)))
		return true;
	if (!strcmp(v, "true") || !strcmp(v, "1")) {
		*out = true;
		return true;
	}
	if (!strcmp(v, "false") || !strcmp(v, "0")) {
		*out = false;
		return true;
	}
	srv_error(r, 422, "Query parameter '%s' must be true or false", name);
	return false;
}

bool srv_query_id(srv_req *r, const char *name, int64_t *out)
{
	char v[32], *end;

	*out = 0;
	if (!srv_query(r, name, v, sizeof(v)))
		return true;
	*out = strtoll(v, &end, 10);
	if (!*v || *end || *out <= 0) {
		srv_error(r, 422, "Query parameter '%s' must be a positive integer", name);
		return false;
	}
	return true;
}

scan_store *srv_store(srv_req *r)
{
	return r->s->store;
}

const srv_config *srv_cfg(srv_req *r)
{
	return &r->s->cfg;
}

int srv_lib_error(srv_req *r, int rc)
{
	switch (rc) {
	case SCAN_ENOTFOUND:
		return srv_error(r, 404, "Not found");
	case SCAN_EEXIST:
		return srv_error(r, 409, "Already exists");
	case SCAN_ECONFLICT:
		return srv_error(r, 409, "%s", scan_error_last()->message);
	case SCAN_EINVAL:
	case SCAN_EPARSE:
		return srv_error(r, 422, "%s", scan_error_last()->message);
	case SCAN_ELIMIT:
		return srv_error(r, 400, "%s", scan_error_last()->message);
	default:
		/* The library's message may name paths or SQL: it goes to the log, the client gets the request id. */
		fprintf(stderr, "rampart serve: request %s: %s\n", r->id, scan_error_last()->message);
		return srv_error(r, 500, "Internal error (request %s)", r->id);
	}
}

scan_audit_entry srv_actor(srv_req *r)
{
	scan_audit_entry e;

	memset(&e, 0, sizeof(e));
	e.user_id = r->who.user_id;
	e.actor_email = r->who.email[0] ? r->who.email : NULL;
	e.ip = r->ip;
	e.user_agent = srv_request_header(r, "User-Agent");
	return e;
}

bool srv_role_at_least(const srv_req *r, scan_role min)
{
	return r->who.authenticated && !r->who.is_key && r->who.role >= min;
}

void srv_json_copy(scan_json *w, const char *key, const cJSON *v)
{
	const cJSON *c;

	if (!v || cJSON_IsNull(v)) {
		scan_json_null(w, key);
	} else if (cJSON_IsBool(v)) {
		scan_json_bool(w, key, cJSON_IsTrue(v));
	} else if (cJSON_IsNumber(v)) {
		scan_json_num(w, key, v->valuedouble);
	} else if (cJSON_IsString(v)) {
		scan_json_str(w, key, v->valuestring);
	} else if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
		char open = cJSON_IsArray(v) ? '[' : '{';
		scan_json_open(w, key, open);
		cJSON_ArrayForEach(c, v)
			srv_json_copy(w, open == '{' ? c->string : NULL, c);
		scan_json_close(w, open == '[' ? ']' : '}');
	}
}
