/* lib/store/tenant.c - organizations, users, API keys and the audit log */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "store/store_int.h"
#include "util/error.h"

#define ORG_NAME_MAX 200
#define EMAIL_MAX 320
#define AUDIT_TEXT_MAX 4096

SCAN_STORE_LIST(scan_org, scan_org)
SCAN_STORE_LIST(scan_user, scan_user)
SCAN_STORE_LIST(scan_api_key, scan_api_key)
SCAN_STORE_LIST(scan_audit, scan_audit_entry)

static const char *const plan_names[] = { "free", "team", "enterprise" };

/* The names the API and CLI use, and the ones the first schema stored (its CHECK still holds). */
static const struct {
	const char *name, *stored;
} roles[] = {
	{ "VIEWER", "ORG_VIEWER" },
	{ "MEMBER", "ORG_MEMBER" },
	{ "ORG_ADMIN", "ORG_ADMIN" },
	{ "ORG_OWNER", "ORG_OWNER" },
	{ "SUPER_ADMIN", "SUPER_ADMIN" },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const char *scan_plan_name(scan_plan p)
{
	return (unsigned)p < COUNT(plan_names) ? plan_names[p] : "free";
}

int scan_plan_parse(scan_plan *out, const char *name)
{
	for (size_t i = 0; name && i < COUNT(plan_names); i++)
		if (!strcmp(name, plan_names[i])) {
			*out = (scan_plan)i;
			return 0;
		}
	return scan_util__error(SCAN_EINVAL, "unknown plan: use free, team or enterprise");
}

const char *scan_role_name(scan_role r)
{
	return (unsigned)r < COUNT(roles) ? roles[r].name : "VIEWER";
}

int scan_role_parse(scan_role *out, const char *name)
{
	for (size_t i = 0; name && i < COUNT(roles); i++)
		if (!strcmp(name, roles[i].name)) {
			*out = (scan_role)i;
			return 0;
		}
	return scan_util__error(SCAN_EINVAL, "unknown role: use SUPER_ADMIN, ORG_OWNER, ORG_ADMIN, MEMBER or VIEWER");
}

static scan_role role_of_stored(const char *stored)
{
	for (size_t i = 0; stored && i < COUNT(roles); i++)
		if (!strcmp(stored, roles[i].stored))
			return (scan_role)i;
	return SCAN_ROLE_VIEWER; /* a name a newer rampart wrote: the least it may mean */
}

/* A parameter of a list query: text, else a number (0: left unbound). */
typedef struct {
	const char *text;
	int64_t num;
} qparam;

#define NUM(n) ((qparam){ NULL, (n) })
#define TEXT(t) ((qparam){ (t), 0 })
#define NONE NUM(0)

static void bind_param(scan_db_stmt *s, int i, qparam p)
{
	if (p.text)
		scan_db__bind_text(s, i, p.text);
	else if (p.num)
		scan_db__bind_int64(s, i, p.num);
}

/*
 * name_query(): the list of sql's rows, with ?1 and ?2 bound; missing (not
 * NULL) is the SCAN_ENOTFOUND message when there are none. One definition
 * per list type, as SCAN_STORE_LIST defines the lists.
 */
#define LIST_QUERY(name, read, what)                                                                    \
	static int name##_query(name##_list **out, scan_store *st, const char *sql, qparam a, qparam b,   \
	                        const char *missing)                                                      \
	{                                                                                                 \
		name##_list *l = NULL;                                                                    \
		scan_db_stmt *s = NULL;                                                                   \
		int rc;                                                                                   \
                                                                                                          \
		*out = NULL;                                                                              \
		if (!(l = scan_store__new_list(sizeof(*l), st, &s, sql, &rc)))                                        \
			return rc;                                                                        \
		bind_param(s, 1, a);                                                                      \
		bind_param(s, 2, b);                                                                      \
		rc = SCAN_STORE_READ_LIST(st, s, l, read, what);                                                     \
		scan_db__finalize(s);                                                                     \
		if (!rc && missing && !l->count)                                                          \
			rc = scan_util__error(SCAN_ENOTFOUND, "%s", missing);                                  \
		if (rc) {                                                                                 \
			name##_list_free(l);                                                              \
			return rc;                                                                        \
		}                                                                                         \
		*out = l;                                                                                 \
		return 0;                                                                                 \
	}

/*
 * Steps an INSERT ... RETURNING id into *id and finalizes s: 0, 1 when the
 * statement inserted nothing (a conflict, an unknown organization), or the
 * error, what naming the record.
 */
static int insert_id(int64_t *id, scan_store *st, scan_db_stmt *s, const char *what)
{
	int rc = 0, step = scan_db__step(s);

	if (step == SCAN_DB_ROW) {
		*id = scan_db__column_int64(s, 0);
		scan_db__reset(s);
	} else if (step == SCAN_DB_DONE) {
		rc = 1;
	} else {
		rc = scan_db__error(scan_store__conn(st), what);
	}
	scan_db__finalize(s);
	return rc;
}

/* Organizations */

#define ORG_COLUMNS "SELECT id, name, plan, timezone, created_at FROM organizations"

static void read_org(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_org *o = item;

	o->id = scan_db__column_int64(s, 0);
	o->name = scan_db__col_text(s, 1, a, oom);
	if (scan_plan_parse(&o->plan, scan_db__column_text(s, 2)) != 0)
		o->plan = SCAN_PLAN_FREE;
	o->timezone = scan_db__col_text(s, 3, a, oom);
	o->created_at = scan_db__col_time(s, 4);
}

LIST_QUERY(scan_org, read_org, "cannot read organizations")

int scan_store_org_create(int64_t *id, scan_store *st, const char *name, scan_plan plan)
{
	scan_db_stmt *s = NULL;
	int rc;

	if (!name || !*name || strlen(name) > ORG_NAME_MAX)
		return scan_util__error(SCAN_EINVAL, "an organization needs a name of 1 to %d bytes", ORG_NAME_MAX);
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO organizations (name, plan, created_at) VALUES (?1, ?2, ?3)"
	        " ON CONFLICT (name) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_text(s, 1, name);
	scan_db__bind_text(s, 2, scan_plan_name(plan));
	scan_db__bind_time(s, 3, time(NULL));
	if ((rc = insert_id(id, st, s, "cannot create the organization")) == 1)
		rc = scan_util__error(SCAN_EEXIST, "an organization named '%s' exists", name);
	return rc;
}

int scan_store_org_get(scan_org_list **out, scan_store *st, int64_t org)
{
	char missing[64];

	snprintf(missing, sizeof(missing), "no organization %lld", (long long)org);
	return scan_org_query(out, st, ORG_COLUMNS " WHERE id = ?1", NUM(org ? org : -1), NONE, missing);
}

int scan_store_orgs(scan_org_list **out, scan_store *st)
{
	return scan_org_query(out, st, ORG_COLUMNS " ORDER BY id", NONE, NONE, NULL);
}

/* Runs a one-row UPDATE of the organization's record; SCAN_ENOTFOUND when it matched nothing. */
static int update_one(scan_store *st, scan_db_stmt *s, const char *what, const char *missing, int64_t id)
{
	int rc = 0;

	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), what);
	else if (scan_db__changes(scan_store__conn(st)) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "no %s %lld", missing, (long long)id);
	scan_db__finalize(s);
	return rc;
}

int scan_store_org_set_plan(scan_store *st, int64_t org, scan_plan plan)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "UPDATE organizations SET plan = ?2 WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, scan_plan_name(plan));
	return update_one(st, s, "cannot change the plan", "organization", org);
}

int scan_store_org_set_timezone(scan_store *st, int64_t org, const char *zone)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "UPDATE organizations SET timezone = ?2 WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, zone);
	return update_one(st, s, "cannot change the time zone", "organization", org);
}

/* Users */

#define USER_COLUMNS \
	"SELECT id, org_id, email, role, password_hash, is_active, created_at, session_version FROM users"

static void read_user(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_user *u = item;

	u->id = scan_db__column_int64(s, 0);
	u->org_id = scan_db__column_int64(s, 1);
	u->email = scan_db__col_text(s, 2, a, oom);
	u->role = role_of_stored(scan_db__column_text(s, 3));
	u->password_hash = scan_db__col_text(s, 4, a, oom);
	u->is_active = scan_db__column_int(s, 5) != 0;
	u->created_at = scan_db__col_time(s, 6);
	u->session_version = scan_db__column_int64(s, 7);
}

int scan_store_user_create(int64_t *id, scan_store *st, int64_t org, const char *email, scan_role role,
                           const char *password_hash)
{
	scan_db_stmt *s = NULL;
	int rc;

	if (!email || !strchr(email, '@') || strlen(email) > EMAIL_MAX)
		return scan_util__error(SCAN_EINVAL, "a user needs an email address of at most %d bytes", EMAIL_MAX);
	if ((unsigned)role >= COUNT(roles))
		return scan_util__error(SCAN_EINVAL, "unknown role");
	/* The organization is looked up by the statement: an unknown one inserts nothing. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO users (org_id, email, role, password_hash, created_at)"
	        " SELECT id, ?2, ?3, ?4, ?5 FROM organizations WHERE id = ?1"
	        " ON CONFLICT (email) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, email);
	scan_db__bind_text(s, 3, roles[role].stored);
	scan_db__bind_text(s, 4, password_hash);
	scan_db__bind_time(s, 5, time(NULL));
	if ((rc = insert_id(id, st, s, "cannot create the user")) == 1) {
		scan_org_list *o = NULL;
		/* Nothing inserted: either the organization or the email is the reason. */
		if ((rc = scan_store_org_get(&o, st, org)) == 0)
			rc = scan_util__error(SCAN_EEXIST, "a user with this email exists");
		scan_org_list_free(o);
	}
	return rc;
}

LIST_QUERY(scan_user, read_user, "cannot read users")

int scan_store_user_by_email(scan_user_list **out, scan_store *st, const char *email)
{
	return scan_user_query(out, st, USER_COLUMNS " WHERE email = ?1", TEXT(email ? email : ""), NONE, "no such user");
}

static void *copy_users(const void *from)
{
	const scan_user_list *l = from;
	scan_user_list *c = calloc(1, sizeof(*c));
	int oom = 0;

	if (!c || !(c->items = malloc(l->count * sizeof(*c->items) + 1))) {
		free(c);
		return NULL;
	}
	c->count = c->cap = l->count;
	for (size_t i = 0; i < l->count; i++) {
		scan_user *u = &c->items[i];
		*u = l->items[i];
		if (u->email && !(u->email = scan_arena__strdup(&c->arena, u->email)))
			oom = 1;
		if (u->password_hash && !(u->password_hash = scan_arena__strdup(&c->arena, u->password_hash)))
			oom = 1;
	}
	if (oom) {
		scan_user_list_free(c);
		return NULL;
	}
	return c;
}

static void free_users(void *l)
{
	scan_user_list_free(l);
}

static const scan_store_cache_type user_cache = { copy_users, free_users };

/* Every request of a signed-in user reads this: a server's store keeps it (cache.c). */
int scan_store_user_get(scan_user_list **out, scan_store *st, int64_t org, int64_t user_id)
{
	uint64_t generation;
	int rc;

	if ((*out = scan_store__cache_get(st, &user_cache, 'u', user_id, &generation)) != NULL) {
		if ((*out)->items[0].org_id == org)
			return 0;
		scan_user_list_free(*out);
		*out = NULL;
		return scan_util__error(SCAN_ENOTFOUND, "no such user");
	}
	rc = scan_user_query(out, st, USER_COLUMNS " WHERE org_id = ?1 AND id = ?2", NUM(org), NUM(user_id ? user_id : -1),
	                     "no such user");
	if (!rc)
		scan_store__cache_put(st, &user_cache, 'u', user_id, generation, *out);
	return rc;
}

int scan_store_users(scan_user_list **out, scan_store *st, int64_t org)
{
	return scan_user_query(out, st, USER_COLUMNS " WHERE org_id = ?1 ORDER BY id", NUM(org), NONE, NULL);
}

int scan_store_user_sessions_end(scan_store *st, int64_t org, int64_t user_id)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE users SET session_version = session_version + 1 WHERE org_id = ?1 AND id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, user_id);
	return update_one(st, s, "cannot end the sessions", "user", user_id);
}

/* API keys */

#define KEY_COLUMNS \
	"SELECT id, org_id, name, key_prefix, permissions, is_active, last_used, use_count, created_at," \
	" expires_at, revoked_at FROM api_keys"

static void read_key(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_api_key *k = item;

	k->id = scan_db__column_int64(s, 0);
	k->org_id = scan_db__column_int64(s, 1);
	k->name = scan_db__col_text(s, 2, a, oom);
	k->key_prefix = scan_db__col_text(s, 3, a, oom);
	k->permissions = scan_db__col_text(s, 4, a, oom);
	k->is_active = scan_db__column_int(s, 5) != 0;
	k->last_used = scan_db__col_time(s, 6);
	k->use_count = scan_db__column_int64(s, 7);
	k->created_at = scan_db__col_time(s, 8);
	k->expires_at = scan_db__col_time(s, 9);
	k->revoked_at = scan_db__col_time(s, 10);
}

LIST_QUERY(scan_api_key, read_key, "cannot read API keys")

int scan_store_api_key_add(int64_t *id, scan_store *st, int64_t org, const scan_api_key *k, const char *key_hash)
{
	scan_db_stmt *s = NULL;
	int rc;

	if (!k->name || !*k->name || strlen(k->name) > ORG_NAME_MAX)
		return scan_util__error(SCAN_EINVAL, "an API key needs a name of 1 to %d bytes", ORG_NAME_MAX);
	if (!key_hash || !*key_hash || !k->key_prefix)
		return scan_util__error(SCAN_EINVAL, "an API key is stored as its hash and prefix");
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO api_keys (org_id, name, key_hash, key_prefix, permissions, created_at, expires_at)"
	        " SELECT id, ?2, ?3, ?4, coalesce(CAST(?5 AS TEXT), '[\"read:scans\",\"read:repos\"]'), ?6, ?7"
	        " FROM organizations WHERE id = ?1 RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, k->name);
	scan_db__bind_text(s, 3, key_hash);
	scan_db__bind_text(s, 4, k->key_prefix);
	scan_db__bind_text(s, 5, k->permissions);
	scan_db__bind_time(s, 6, time(NULL));
	scan_db__bind_time(s, 7, k->expires_at);
	if ((rc = insert_id(id, st, s, "cannot save the API key")) == 1)
		rc = scan_util__error(SCAN_ENOTFOUND, "no organization %lld", (long long)org);
	return rc;
}

int scan_store_api_keys(scan_api_key_list **out, scan_store *st, int64_t org)
{
	return scan_api_key_query(out, st, KEY_COLUMNS " WHERE org_id = ?1 ORDER BY id", NUM(org), NONE, NULL);
}

int scan_store_api_key_by_hash(scan_api_key_list **out, scan_store *st, const char *key_hash)
{
	return scan_api_key_query(out, st, KEY_COLUMNS " WHERE key_hash = ?1", TEXT(key_hash ? key_hash : ""), NONE,
	                          "no such API key");
}

int scan_store_api_key_set_active(scan_store *st, int64_t org, int64_t key_id, bool active)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE api_keys SET is_active = ?3 WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, key_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_int64(s, 3, active);
	return update_one(st, s, "cannot change the API key", "API key", key_id);
}

int scan_store_api_key_revoke(scan_store *st, int64_t org, int64_t key_id)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE api_keys SET is_active = 0, revoked_at = coalesce(revoked_at, ?3)"
	        " WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, key_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_time(s, 3, time(NULL));
	return update_one(st, s, "cannot revoke the API key", "API key", key_id);
}

int scan_store_api_key_used(scan_store *st, int64_t key_id, time_t now)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE api_keys SET use_count = use_count + 1, last_used = ?2 WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, key_id);
	scan_db__bind_time(s, 2, now);
	return update_one(st, s, "cannot count the API key's use", "API key", key_id);
}

/* The audit log */

static void read_audit(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_audit_entry *e = item;

	e->id = scan_db__column_int64(s, 0);
	e->org_id = scan_db__column_int64(s, 1);
	e->actor_email = scan_db__col_text(s, 2, a, oom);
	e->ip = scan_db__col_text(s, 3, a, oom);
	e->user_agent = scan_db__col_text(s, 4, a, oom);
	e->action = scan_db__col_text(s, 5, a, oom);
	e->metadata = scan_db__col_text(s, 6, a, oom);
	e->created_at = scan_db__col_time(s, 7);
	e->user_id = scan_db__column_int64(s, 8);
}

static bool too_long(const char *s)
{
	return s && strlen(s) > AUDIT_TEXT_MAX;
}

int scan_store_audit_add(int64_t *id, scan_store *st, int64_t org, const scan_audit_entry *e)
{
	scan_db_stmt *s = NULL;
	int rc;

	if (!e->action || !*e->action)
		return scan_util__error(SCAN_EINVAL, "an audit entry needs an action");
	if (too_long(e->actor_email) || too_long(e->ip) || too_long(e->user_agent) || too_long(e->action) ||
	    (e->metadata && strlen(e->metadata) > 16 * AUDIT_TEXT_MAX))
		return scan_util__error(SCAN_ELIMIT, "an audit entry's fields are at most %d bytes", AUDIT_TEXT_MAX);
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO audit_log (org_id, actor_email, ip, user_agent, action, metadata, created_at, user_id)"
	        " SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM organizations WHERE id = ?1 RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, e->actor_email);
	scan_db__bind_text(s, 3, e->ip);
	scan_db__bind_text(s, 4, e->user_agent);
	scan_db__bind_text(s, 5, e->action);
	scan_db__bind_text(s, 6, e->metadata);
	scan_db__bind_time(s, 7, e->created_at ? e->created_at : time(NULL));
	scan_db__bind_id(s, 8, e->user_id);
	if ((rc = insert_id(id, st, s, "cannot write the audit log")) == 1)
		rc = scan_util__error(SCAN_ENOTFOUND, "no organization %lld", (long long)org);
	return rc;
}

LIST_QUERY(scan_audit, read_audit, "cannot read the audit log")

int scan_store_audit(scan_audit_list **out, scan_store *st, int64_t org, size_t limit)
{
	return scan_audit_query(out, st,
	                        "SELECT id, org_id, actor_email, ip, user_agent, action, metadata, created_at, user_id FROM audit_log"
	                        " WHERE org_id = ?1 ORDER BY id DESC LIMIT ?2",
	                        NUM(org), NUM(limit ? (int64_t)limit : INT64_MAX), NULL);
}

void scan_audit_entry_json(scan_json *w, const char *key, const scan_audit_entry *e)
{
	cJSON *meta = e->metadata ? cJSON_Parse(e->metadata) : NULL;

	scan_json_open(w, key, '{');
	scan_json_int(w, "id", e->id);
	scan_json_id(w, "user_id", e->user_id);
	scan_json_str(w, "actor_email", e->actor_email);
	scan_json_str(w, "ip", e->ip);
	scan_json_str(w, "user_agent", e->user_agent);
	scan_json_str(w, "action", e->action);
	/* The operations write the metadata with the one JSON writer; anything else is shown as the text it is. */
	if (cJSON_IsObject(meta))
		scan_json_raw(w, "metadata", e->metadata);
	else
		scan_json_str(w, "metadata", e->metadata);
	scan_json_time(w, "created_at", e->created_at);
	scan_json_close(w, '}');
	cJSON_Delete(meta);
}
