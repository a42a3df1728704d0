/* server/routes_keys.c - API keys: list, create (shown once), toggle, revoke */
#include <stdio.h>
#include <string.h>
#include "core.h"

#define KEY_NAME_MAX 100
#define KEY_DAYS_MAX 3650

static void permissions_json(scan_json *w, const char *key, const char *stored)
{
	cJSON *a = stored ? cJSON_Parse(stored) : NULL;
	const cJSON *e;

	scan_json_open(w, key, '[');
	cJSON_ArrayForEach(e, a)
		if (cJSON_IsString(e))
			scan_json_str(w, NULL, e->valuestring);
	scan_json_close(w, ']');
	cJSON_Delete(a);
}

static int list(srv_req *r)
{
	scan_api_key_list *l = NULL;
	scan_json w;
	int rc;

	if ((rc = scan_store_api_keys(&l, srv_store(r), r->who.org)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_api_key_list_count(l); i++) {
		const scan_api_key *k = scan_api_key_list_get(l, i);
		if (k->revoked_at)
			continue;
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "id", k->id);
		scan_json_str(&w, "name", k->name);
		scan_json_str(&w, "key_prefix", k->key_prefix);
		permissions_json(&w, "permissions", k->permissions);
		scan_json_bool(&w, "is_active", k->is_active);
		scan_json_time(&w, "last_used", k->last_used);
		scan_json_int(&w, "use_count", k->use_count);
		scan_json_time(&w, "created_at", k->created_at);
		scan_json_time(&w, "expires_at", k->expires_at);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_api_key_list_free(l);
	return srv_json_end(r, &w);
}

static int create(srv_req *r)
{
	const char *name = NULL;
	const cJSON *perms = NULL, *e;
	int64_t days = 0;
	bool has_days = false;
	const srv_field fields[] = {
		{ "name", SRV_F_STRING, true, false, &name, NULL },
		{ "permissions", SRV_F_STRINGS, false, true, &perms, NULL },
		{ "expires_in_days", SRV_F_INT, false, true, &days, &has_days },
		{ 0 },
	};
	scan_buf pj = SCAN_BUF_INIT;
	scan_json w, pw;
	scan_api_key k;
	char key[SRV_KEY_LEN + 1], hash[65], prefix[SRV_KEY_PREFIX_LEN + 1];
	cJSON *body = NULL;
	unsigned scopes = 0, one;
	time_t now = time(NULL);
	int64_t id;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the API key"))
		goto done;
	if (!*name || strlen(name) > KEY_NAME_MAX) {
		srv_error(r, 422, "Field 'name' must be 1 to %d characters", KEY_NAME_MAX);
		goto done;
	}
	if (has_days && (days < 1 || days > KEY_DAYS_MAX)) {
		srv_error(r, 422, "Field 'expires_in_days' must be from 1 to %d, or null for a key that does not expire",
		          KEY_DAYS_MAX);
		goto done;
	}
	cJSON_ArrayForEach(e, perms) {
		if (srv_scope_parse(&one, e->valuestring) != 0) {
			srv_error(r, 422, "Unknown permission '%.64s'", e->valuestring);
			goto done;
		}
		scopes |= one;
	}
	if (!perms)
		scopes = SRV_SCOPES_DEFAULT;
	scan_json_init(&pw, &pj, false);
	scan_json_open(&pw, NULL, '[');
	for (unsigned b = 1; b; b <<= 1)
		if (scopes & b)
			scan_json_str(&pw, NULL, srv_scope_name(b));
	scan_json_close(&pw, ']');
	if (scan_json_finish(&pw) != 0 || srv_key_new(key) != 0) {
		srv_error(r, 500, "Internal error (request %s)", r->id);
		goto done;
	}
	srv_key_hash(hash, key);
	memcpy(prefix, key, SRV_KEY_PREFIX_LEN);
	prefix[SRV_KEY_PREFIX_LEN] = '\0';
	memset(&k, 0, sizeof(k));
	k.name = name;
	k.key_prefix = prefix;
	k.permissions = pj.ptr;
	k.expires_at = has_days ? now + (time_t)days * 86400 : 0;
	if ((rc = scan_store_api_key_add(&id, srv_store(r), r->who.org, &k, hash)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 201);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "id", id);
	scan_json_str(&w, "name", name);
	scan_json_str(&w, "key", key);
	scan_json_str(&w, "key_prefix", prefix);
	permissions_json(&w, "permissions", pj.ptr);
	scan_json_time(&w, "created_at", now);
	scan_json_time(&w, "expires_at", k.expires_at);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	memset(key, 0, sizeof(key));
	scan_buf_dispose(&pj);
	cJSON_Delete(body);
	return r->status;
}

/* The key of the caller's organization, or a 404 answer. */
static const scan_api_key *find(srv_req *r, scan_api_key_list **l, int64_t id)
{
	int rc = scan_store_api_keys(l, srv_store(r), r->who.org);

	if (rc) {
		srv_lib_error(r, rc);
		return NULL;
	}
	for (size_t i = 0; i < scan_api_key_list_count(*l); i++) {
		const scan_api_key *k = scan_api_key_list_get(*l, i);
		if (k->id == id && !k->revoked_at)
			return k;
	}
	srv_error(r, 404, "API key not found");
	return NULL;
}

static int toggle(srv_req *r)
{
	int64_t id = srv_param_id(r, "key_id");
	scan_api_key_list *l = NULL;
	const scan_api_key *k;
	scan_json w;
	bool active;
	int rc;

	if (!id || !(k = find(r, &l, id)))
		goto done;
	active = !k->is_active;
	if ((rc = scan_store_api_key_set_active(srv_store(r), r->who.org, id, active)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", active ? "API key enabled" : "API key disabled");
	scan_json_bool(&w, "is_active", active);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	scan_api_key_list_free(l);
	return r->status;
}

static int revoke(srv_req *r)
{
	int64_t id = srv_param_id(r, "key_id");
	scan_api_key_list *l = NULL;
	scan_json w;
	int rc;

	if (!id || !find(r, &l, id))
		goto done;
	if ((rc = scan_store_api_key_revoke(srv_store(r), r->who.org, id)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "API key revoked");
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	scan_api_key_list_free(l);
	return r->status;
}

#define ADMIN "Org admin role required"

srv_family srv_routes_keys = {
	{ SRV_GET, "/api-keys", list, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "The organization's API keys (never the keys themselves)", ADMIN, 0 },
	{ SRV_POST, "/api-keys", create, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 16384, 0,
	  "Create an API key; the key is in this response only", ADMIN, 0 },
	{ SRV_DELETE, "/api-keys/{key_id}", revoke, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Revoke an API key: it answers 401 from now on", ADMIN, 0 },
	{ SRV_POST, "/api-keys/{key_id}/toggle", toggle, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 1024, 0,
	  "Disable or enable an API key", ADMIN, 0 },
	{ 0 },
};
