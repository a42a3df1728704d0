/* server/routes_auth.c - sign in and out: POST /auth/login, POST /auth/logout, GET /auth/me */
#include <stdio.h>
#include <string.h>
#include "core.h"

static void session_cookie(srv_req *r, const char *token, unsigned max_age)
{
	char v[SRV_JWT_MAX + 160];

	snprintf(v, sizeof(v), "%s=%s; Path=/api; Max-Age=%u; HttpOnly; SameSite=Lax%s", SRV_SESSION_COOKIE, token, max_age,
	         r->tls ? "; Secure" : "");
	srv_header(r, "Set-Cookie", v);
}

static int login(srv_req *r)
{
	const char *email = NULL, *password = NULL;
	const srv_field fields[] = {
		{ "email", SRV_F_STRING, true, false, &email, NULL },
		{ "password", SRV_F_STRING, true, false, &password, NULL },
		{ 0 },
	};
	scan_user_list *l = NULL;
	const scan_user *u = NULL;
	scan_buf token = SCAN_BUF_INIT;
	cJSON *body = NULL;
	char account[300];
	srv_claims c;
	scan_json w;
	unsigned wait;
	time_t now = time(NULL);
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the login request"))
		goto done;
	if (strlen(email) > 254 || strlen(password) > 1024) {
		srv_error(r, 422, "Invalid email or password");
		goto done;
	}
	/* Per account as well as per address: guessing one account's password from many addresses is slow too. */
	snprintf(account, sizeof(account), "account:%s", email);
	if ((wait = srv_rate_take(&r->s->rate, SRV_RATE_LOGIN, account, now)) != 0) {
		char s[16];
		snprintf(s, sizeof(s), "%u", wait);
		srv_header(r, "Retry-After", s);
		srv_error(r, 429, "Too many sign-in attempts; retry in %u seconds", wait);
		goto done;
	}
	rc = scan_store_user_by_email(&l, srv_store(r), email);
	if (rc && rc != SCAN_ENOTFOUND) {
		srv_lib_error(r, rc);
		goto done;
	}
	u = rc ? NULL : scan_user_list_get(l, 0);
	/* The same answer, after the same work, for an unknown email, a wrong password and a disabled account. */
	if (!srv_password_check(u ? u->password_hash : NULL, password) || !u->is_active) {
		srv_error(r, 401, "Invalid email or password");
		goto done;
	}
	c.sub = u->id;
	c.sv = u->session_version;
	c.org = u->org_id;
	c.iat = c.nbf = now;
	c.exp = now + (time_t)srv_cfg(r)->token_ttl;
	srv_random_hex(c.jti, 16);
	if (srv_jwt_sign(&token, r->s->jwt_key, &c) != 0) {
		srv_error(r, 500, "Internal error (request %s)", r->id);
		goto done;
	}
	session_cookie(r, token.ptr, srv_cfg(r)->token_ttl);
	r->who.authenticated = true;
	r->who.org = u->org_id;
	r->who.user_id = u->id;
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "access_token", token.ptr);
	scan_json_str(&w, "token_type", "bearer");
	scan_json_int(&w, "expires_in", srv_cfg(r)->token_ttl);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	scan_buf_dispose(&token);
	scan_user_list_free(l);
	cJSON_Delete(body);
	return r->status;
}

/* Every session of the user ends, the one signing out with it: a copied token is worth nothing afterwards. */
static int logout(srv_req *r)
{
	scan_json w;
	int rc;

	if ((rc = scan_store_user_sessions_end(srv_store(r), r->who.org, r->who.user_id)) != 0)
		return srv_lib_error(r, rc);
	session_cookie(r, "", 0);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Signed out");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int me(srv_req *r)
{
	scan_json w;

	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "id", r->who.user_id);
	scan_json_str(&w, "email", r->who.email);
	scan_json_int(&w, "org_id", r->who.org);
	scan_json_str(&w, "role", scan_role_name(r->who.role));
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

srv_family srv_routes_auth = {
	{ SRV_POST, "/auth/login", login, SRV_AUTH_PUBLIC, 0, 0, 4096, SRV_RATE_LOGIN,
	  "Sign in with email and password: a bearer token and the session cookie", NULL, 0 },
	{ SRV_POST, "/auth/logout", logout, SRV_AUTH_PERSON, SCAN_ROLE_VIEWER, 0, 1024, 0,
	  "Sign out: end every session of the user and clear the cookie", NULL, 0 },
	{ SRV_GET, "/auth/me", me, SRV_AUTH_PERSON, SCAN_ROLE_VIEWER, 0, 0, 0, "The signed-in user", NULL, 0 },
	{ 0 },
};
