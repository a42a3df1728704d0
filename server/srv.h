/* server/srv.h - what the server's files share: the request, the route table, the principal */
#ifndef RAMPART_SERVER_SRV_H
#define RAMPART_SERVER_SRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <cjson/cJSON.h>
#include "scan/buf.h"
#include "scan/json.h"
#include "scan/store.h"
#include "scan/tenant.h"
#include "server.h"

/*
 * A request goes: civetweb's thread -> http.c (request id, rate limit,
 * route match, body cap, authentication, authorization) -> the route's
 * handler (parse, call the library, render) -> http.c (send, access log).
 * Handlers never write to the connection; they fill the response in the
 * request and return.
 */

typedef struct srv srv;

typedef enum { SRV_GET, SRV_POST, SRV_PUT, SRV_PATCH, SRV_DELETE } srv_method;

/* Who may call a route (any of). */
enum {
	SRV_AUTH_PUBLIC = 0,          /* no credential needed */
	SRV_AUTH_PERSON = 1u << 0,    /* a signed-in person: session cookie or bearer JWT */
	SRV_AUTH_KEY = 1u << 1,       /* an API key holding the route's scope */
};
#define SRV_AUTH_ANY (SRV_AUTH_PERSON | SRV_AUTH_KEY)

/* Rate classes (spec §8): per client address, per minute. */
typedef enum { SRV_RATE_DEFAULT = 0, SRV_RATE_TRIGGER, SRV_RATE_LOGIN, SRV_RATE_CLASSES } srv_rate;

/* API-key scopes (spec §2.4 and the later route families), a bit each. */
typedef enum {
	SRV_SCOPE_READ_SCANS = 1u << 0,
	SRV_SCOPE_READ_REPOS = 1u << 1,
	SRV_SCOPE_READ_FINDINGS = 1u << 2,
	SRV_SCOPE_WRITE_FINDINGS = 1u << 3,
	SRV_SCOPE_READ_AI_BOM = 1u << 4,
	SRV_SCOPE_WRITE_SCANS = 1u << 5,
	SRV_SCOPE_READ_QUALITY = 1u << 6,
	SRV_SCOPE_WRITE_QUALITY = 1u << 7,
} srv_scope;
#define SRV_SCOPES_DEFAULT (SRV_SCOPE_READ_SCANS | SRV_SCOPE_READ_REPOS)
/* "read:scans" and so on; parse: 0, or -1 for an unknown name. */
const char *srv_scope_name(unsigned scope);
int srv_scope_parse(unsigned *out, const char *name);

typedef struct srv_req srv_req;

typedef struct {
	srv_method method;
	const char *path;             /* "/scans/{scan_id}/issues" below /api: {x} is one segment */
	int (*handler)(srv_req *r);
	unsigned auth;                /* SRV_AUTH_* */
	scan_role min_role;           /* the least role of a person (VIEWER: any) */
	unsigned scope;               /* the scope a key needs (SRV_AUTH_KEY routes) */
	size_t body_max;              /* 0: no body */
	srv_rate rate;
	const char *summary;          /* one line, for the OpenAPI document */
	const char *role_detail;      /* the 403 detail when the role is short; NULL: "Insufficient permission" */
	unsigned flags;               /* SRV_ROUTE_* */
} srv_route;

/* A SUPER_ADMIN may name another organization (query org_id): the route reads it with srv_target_org(). */
#define SRV_ROUTE_CROSS_TENANT (1u << 0)
/* The body is multipart/form-data, not JSON. */
#define SRV_ROUTE_MULTIPART (1u << 1)

/* One route family per file: its routes end with a route whose path is NULL. */
typedef const srv_route srv_family[];

/* Who is calling, resolved from the credential. */
typedef struct {
	bool authenticated;
	bool is_key;
	int64_t org;
	int64_t user_id;              /* 0 for a key */
	int64_t key_id;               /* 0 for a person */
	scan_role role;               /* a key acts as VIEWER, its scopes say the rest */
	unsigned scopes;
	char email[256];
} srv_principal;

#define SRV_PARAMS_MAX 4
#define SRV_BODY_MAX ((size_t)2 << 20)
#define SRV_UPLOAD_MAX ((size_t)25 << 20)
#define SRV_JSON_DEPTH_MAX 32
#define SRV_SESSION_COOKIE "rampart_session"

struct srv_req {
	srv *s;
	struct mg_connection *conn;
	const srv_route *route;
	char id[33];                  /* request id: 32 hex digits */
	const char *path;             /* below /api, decoded */
	const char *query;            /* may be NULL */
	const char *ip;               /* the client, after trusted proxies */
	bool tls;
	struct {
		const char *name;
		char value[128];
	} params[SRV_PARAMS_MAX];
	size_t nparams;
	scan_buf body;                /* the request body, read whole (under the route's cap) */
	srv_principal who;
	/* the response */
	int status;
	const char *content_type;     /* static; "application/json" unless set */
	scan_buf out;
	scan_buf headers;             /* extra "Name: value\r\n" lines */
};

/* ---- helpers for handlers (http.c, request.c) ---- */

/* A JSON error body {"detail": ...} with status; returns status. */
int srv_error(srv_req *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Start a JSON response with status; the writer writes into r->out. */
void srv_json_begin(srv_req *r, scan_json *w, int status);
/* Finish it: 500 when the writer failed. Returns the status. */
int srv_json_end(srv_req *r, scan_json *w);
/* A parsed JSON value (a stored document's part) written as the member key (NULL: a value). */
void srv_json_copy(scan_json *w, const char *key, const cJSON *v);
/*
 * The Git provider token a request carries (spec 4.1), from the header
 * named for source: X-GitHub-Token, X-GitLab-Token or X-Bitbucket-Token;
 * for another source, whichever of them is there. NULL when none; *header
 * is the header's name (or the one expected).
 */
const char *srv_provider_token(const srv_req *r, const char *source, const char **header);
/* A request header's value; NULL when absent. */
const char *srv_request_header(const srv_req *r, const char *name);
/* Add a response header line (name and value checked for CR/LF). */
void srv_header(srv_req *r, const char *name, const char *value);

/* The path parameter name as a positive id; 0 after a 404 answer (an id that cannot exist is not found). */
int64_t srv_param_id(srv_req *r, const char *name);
const char *srv_param(const srv_req *r, const char *name);
/*
 * The organization a cross-tenant route reads: the caller's, or the one
 * query org_id names - for a SUPER_ADMIN only (403 for anyone else, 404
 * when there is no such organization). false after that answer.
 */
bool srv_target_org(srv_req *r, int64_t *org);
/* A query parameter copied into out (decoded); false when absent. */
bool srv_query(const srv_req *r, const char *name, char *out, size_t outlen);
/*
 * skip and limit (spec §4): integers, skip >= 0, 1 <= limit <= max; absent:
 * 0 and def. false after a 422 answer naming the parameter.
 */
bool srv_paging(srv_req *r, size_t *skip, size_t *limit, size_t def, size_t max);
/* A boolean query parameter ("true"/"false"/"1"/"0"); false after a 422 answer. */
bool srv_query_bool(srv_req *r, const char *name, bool def, bool *out);
/* A positive integer query parameter, 0 when absent; false after a 422 answer. */
bool srv_query_id(srv_req *r, const char *name, int64_t *out);

/* ---- the strict JSON reader (jsonin.c) ---- */

typedef enum {
	SRV_F_STRING,     /* const char * borrowed from the parsed document */
	SRV_F_INT,        /* int64_t */
	SRV_F_NUMBER,     /* double */
	SRV_F_BOOL,       /* bool */
	SRV_F_OBJECT,     /* const cJSON * */
	SRV_F_STRINGS,    /* const cJSON * of an array of strings */
	SRV_F_SCALAR,     /* const cJSON * of a string or a number: the handler decides */
} srv_ftype;

typedef struct {
	const char *name;
	srv_ftype type;
	bool required;
	bool nullable;    /* null is allowed and leaves the field absent */
	void *out;
	bool *present;    /* may be NULL */
} srv_field;

/*
 * Parse r->body as one JSON value (depth at most SRV_JSON_DEPTH_MAX); the
 * caller deletes *out. false after a 400/422 answer.
 */
bool srv_body_json(srv_req *r, cJSON **out);
/*
 * Read object o against fields (NULL-name terminated): a member not in the
 * list, a missing required one or one of the wrong type is a 422 whose
 * detail names it. false after that answer.
 */
bool srv_read_fields(srv_req *r, const cJSON *o, const srv_field *fields, const char *where);

/* ---- the server (server.c) ---- */

scan_store *srv_store(srv_req *r);
const srv_config *srv_cfg(srv_req *r);
/* 500 for a library error, after logging it with the request id; the code maps where it means a 4xx. */
int srv_lib_error(srv_req *r, int rc);
/* Who is changing what, for the audit log: the caller's user id and email, address and user agent. */
scan_audit_entry srv_actor(srv_req *r);
/* The caller's role reaches min (a key never does beyond VIEWER). */
bool srv_role_at_least(const srv_req *r, scan_role min);

#endif
