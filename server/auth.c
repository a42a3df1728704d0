/* server/auth.c - the principal of a request: an API key, a bearer token or the session cookie */
#include <civetweb.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "core.h"

static const char *const scope_names[] = {
	"read:scans", "read:repos", "read:findings", "write:findings", "read:ai-bom", "write:scans",
	"read:quality", "write:quality", NULL,
};

const char *srv_scope_name(unsigned scope)
{
	for (unsigned i = 0; scope_names[i]; i++)
		if (scope == 1u << i)
			return scope_names[i];
	return "unknown";
}

int srv_scope_parse(unsigned *out, const char *name)
{
	for (unsigned i = 0; scope_names[i]; i++) {
		if (!strcmp(scope_names[i], name)) {
			*out = 1u << i;
			return 0;
		}
	}
	return -1;
}

static unsigned scopes_of(const char *permissions)
{
	cJSON *a = permissions ? cJSON_Parse(permissions) : NULL;
	const cJSON *e;
	unsigned scopes = 0, one;

	if (!a)
		return SRV_SCOPES_DEFAULT;
	cJSON_ArrayForEach(e, a)
		if (cJSON_IsString(e) && srv_scope_parse(&one, e->valuestring) == 0)
			scopes |= one;
	cJSON_Delete(a);
	return scopes;
}

static int unauthorized(srv_req *r, const char *detail)
{
	srv_header(r, "WWW-Authenticate", "Bearer");
	return srv_error(r, 401, "%s", detail);
}

static int by_key(srv_req *r, const char *key)
{
	scan_api_key_list *l = NULL;
	const scan_api_key *k;
	char hash[65];
	time_t now = time(NULL);
	int rc;

	if (!srv_key_shape(key))
		return unauthorized(r, "Invalid API key");
	srv_key_hash(hash, key);
	if ((rc = scan_store_api_key_by_hash(&l, r->s->store, hash)) == SCAN_ENOTFOUND)
		return unauthorized(r, "Invalid API key");
	if (rc)
		return srv_lib_error(r, rc);
	k = scan_api_key_list_get(l, 0);
	/* The store found it by the hash's index; the comparison that decides is constant-time all the same. */
	if (k->revoked_at)
		rc = unauthorized(r, "API key revoked");
	else if (!k->is_active)
		rc = unauthorized(r, "API key disabled");
	else if (k->expires_at && k->expires_at <= now)
		rc = unauthorized(r, "API key expired");
	if (!rc) {
		r->who.authenticated = true;
		r->who.is_key = true;
		r->who.org = k->org_id;
		r->who.key_id = k->id;
		r->who.role = SCAN_ROLE_VIEWER;
		r->who.scopes = scopes_of(k->permissions);
		if ((rc = scan_store_api_key_used(r->s->store, k->id, now)) != 0)
			rc = srv_lib_error(r, rc);
	}
	scan_api_key_list_free(l);
	return rc;
}

static int by_token(srv_req *r, const char *token)
{
	scan_user_list *l = NULL;
	const scan_user *u;
	srv_claims c;
	const char *why;
	int rc;

	if (srv_jwt_verify(&c, r->s->jwt_key, token, time(NULL), &why) != 0)
		return unauthorized(r, why && !strcmp(why, "expired") ? "Token expired" : "Invalid token");
	/* The role and the account's state are read now: a demotion or a deactivation counts at once. */
	if ((rc = scan_store_user_get(&l, r->s->store, c.org, c.sub)) == SCAN_ENOTFOUND)
		return unauthorized(r, "Invalid token");
	if (rc)
		return srv_lib_error(r, rc);
	u = scan_user_list_get(l, 0);
	if (!u->is_active) {
		rc = unauthorized(r, "Account disabled");
	} else if (u->session_version != c.sv) {
		rc = unauthorized(r, "Signed out");
	} else {
		r->who.authenticated = true;
		r->who.org = u->org_id;
		r->who.user_id = u->id;
		r->who.role = u->role;
		r->who.scopes = ~0u;
		snprintf(r->who.email, sizeof(r->who.email), "%s", u->email);
	}
	scan_user_list_free(l);
	return rc;
}

int srv_authenticate(srv_req *r)
{
	const char *key = mg_get_header(r->conn, "X-API-Key");
	const char *authz = mg_get_header(r->conn, "Authorization");
	const char *cookies = mg_get_header(r->conn, "Cookie");
	char session[SRV_JWT_MAX + 1];

	memset(&r->who, 0, sizeof(r->who));
	if (key)
		return by_key(r, key);
	if (authz) {
		if (strncasecmp(authz, "Bearer ", 7) != 0)
			return unauthorized(r, "Invalid authorization header");
		return by_token(r, authz + 7);
	}
	if (cookies && mg_get_cookie(cookies, SRV_SESSION_COOKIE, session, sizeof(session)) > 0)
		return by_token(r, session);
	return unauthorized(r, "Not authenticated");
}
