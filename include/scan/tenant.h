/* include/scan/tenant.h - organizations, their users and API keys, and the audit log */
#ifndef SCAN_TENANT_H
#define SCAN_TENANT_H

#include <time.h>
#include "common.h"
#include "json.h"

/*
 * Every record of the store belongs to one organization, and every call
 * that reads or writes one names it (the `org` argument): the query
 * confines itself to that organization, so an id of another one is simply
 * not found. The CLI works in SCAN_STORE_LOCAL_ORG as SCAN_STORE_LOCAL_USER;
 * the server takes both from the credential of the request.
 */
#define SCAN_STORE_LOCAL_ORG 1
#define SCAN_STORE_LOCAL_USER 1

typedef struct scan_store scan_store;

typedef enum {
	SCAN_PLAN_FREE = 0,
	SCAN_PLAN_TEAM,
	SCAN_PLAN_ENTERPRISE,
} scan_plan;

/* Ordered by what a role may do: a role may do all that the ones before it may. */
typedef enum {
	SCAN_ROLE_VIEWER = 0,
	SCAN_ROLE_MEMBER,
	SCAN_ROLE_ORG_ADMIN,
	SCAN_ROLE_ORG_OWNER,
	SCAN_ROLE_SUPER_ADMIN,
} scan_role;

/* "free", "team", "enterprise"; parse: 0 or SCAN_EINVAL naming the choices. */
SCAN_EXTERN const char *scan_plan_name(scan_plan p);
SCAN_EXTERN int scan_plan_parse(scan_plan *out, const char *name);
/* "VIEWER", "MEMBER", "ORG_ADMIN", "ORG_OWNER", "SUPER_ADMIN". */
SCAN_EXTERN const char *scan_role_name(scan_role r);
SCAN_EXTERN int scan_role_parse(scan_role *out, const char *name);

typedef struct {
	int64_t id;
	const char *name;
	scan_plan plan;
	const char *timezone; /* IANA name; "UTC" unless set */
	time_t created_at;
} scan_org;

typedef struct {
	int64_t id, org_id;
	const char *email;
	scan_role role;
	const char *password_hash; /* NULL: cannot sign in with a password */
	bool is_active;
	time_t created_at;
	int64_t session_version;   /* raised by signing out: tokens signed under an older one no longer count */
} scan_user;

/*
 * An API key as stored: only a hash of the key is kept (the caller hashes;
 * the key is shown once, at creation), with its first characters to tell
 * keys apart in lists.
 */
typedef struct {
	int64_t id, org_id;
	const char *name;
	const char *key_prefix;
	const char *permissions; /* JSON array of scope names */
	bool is_active;
	time_t last_used;        /* 0: never */
	int64_t use_count;
	time_t created_at;
	time_t expires_at;       /* 0: never */
	time_t revoked_at;       /* 0: not revoked */
} scan_api_key;

/* One change, as the audit log keeps it; metadata is a JSON object (or NULL). */
typedef struct {
	int64_t id, org_id;
	int64_t user_id;             /* 0: no person (the CLI's local user, a key) */
	const char *actor_email, *ip, *user_agent;
	const char *action;
	const char *metadata;
	time_t created_at;
} scan_audit_entry;

/*
 * Lists: records and their strings owned by the list, valid until it is
 * freed. get: NULL past the end.
 */
typedef struct scan_org_list scan_org_list;
typedef struct scan_user_list scan_user_list;
typedef struct scan_api_key_list scan_api_key_list;
typedef struct scan_audit_list scan_audit_list;
SCAN_EXTERN size_t scan_org_list_count(const scan_org_list *l);
SCAN_EXTERN const scan_org *scan_org_list_get(const scan_org_list *l, size_t i);
SCAN_EXTERN void scan_org_list_free(scan_org_list *l);
SCAN_EXTERN size_t scan_user_list_count(const scan_user_list *l);
SCAN_EXTERN const scan_user *scan_user_list_get(const scan_user_list *l, size_t i);
SCAN_EXTERN void scan_user_list_free(scan_user_list *l);
SCAN_EXTERN size_t scan_api_key_list_count(const scan_api_key_list *l);
SCAN_EXTERN const scan_api_key *scan_api_key_list_get(const scan_api_key_list *l, size_t i);
SCAN_EXTERN void scan_api_key_list_free(scan_api_key_list *l);
SCAN_EXTERN size_t scan_audit_list_count(const scan_audit_list *l);
SCAN_EXTERN const scan_audit_entry *scan_audit_list_get(const scan_audit_list *l, size_t i);
SCAN_EXTERN void scan_audit_list_free(scan_audit_list *l);

/* Organizations. create: SCAN_EEXIST when the name is taken, SCAN_EINVAL for an empty name or one over 200 bytes. */
SCAN_EXTERN int scan_store_org_create(int64_t *id, scan_store *st, const char *name, scan_plan plan);
SCAN_EXTERN int scan_store_org_get(scan_org_list **out, scan_store *st, int64_t org); /* SCAN_ENOTFOUND */
SCAN_EXTERN int scan_store_orgs(scan_org_list **out, scan_store *st);
SCAN_EXTERN int scan_store_org_set_plan(scan_store *st, int64_t org, scan_plan plan);
/* The zone is not checked here: scan_ops_org_set_timezone() does, and moves the schedules with it. */
SCAN_EXTERN int scan_store_org_set_timezone(scan_store *st, int64_t org, const char *zone);

/*
 * Users. An email belongs to one user of one organization: create answers
 * SCAN_EEXIST when it is taken anywhere (sign-in finds the user by email
 * alone). SCAN_ENOTFOUND for an unknown organization.
 */
SCAN_EXTERN int scan_store_user_create(int64_t *id, scan_store *st, int64_t org, const char *email, scan_role role,
                                       const char *password_hash);
/* By email, across organizations (sign-in); SCAN_ENOTFOUND when none. */
SCAN_EXTERN int scan_store_user_by_email(scan_user_list **out, scan_store *st, const char *email);
SCAN_EXTERN int scan_store_user_get(scan_user_list **out, scan_store *st, int64_t org, int64_t user_id);
SCAN_EXTERN int scan_store_users(scan_user_list **out, scan_store *st, int64_t org);
/* End every session of the user: the session version goes up. SCAN_ENOTFOUND for another organization's user. */
SCAN_EXTERN int scan_store_user_sessions_end(scan_store *st, int64_t org, int64_t user_id);

/*
 * API keys. add: k's name, key_prefix, permissions (NULL: the default
 * scopes) and expires_at are stored with key_hash; the rest is the store's.
 * by_hash finds a key across organizations (the key names its
 * organization); a revoked, disabled or expired key is still returned, for
 * the caller to refuse. set_active and revoke: SCAN_ENOTFOUND for a key of
 * another organization. used counts one use at `now`.
 */
SCAN_EXTERN int scan_store_api_key_add(int64_t *id, scan_store *st, int64_t org, const scan_api_key *k,
                                       const char *key_hash);
SCAN_EXTERN int scan_store_api_keys(scan_api_key_list **out, scan_store *st, int64_t org);
SCAN_EXTERN int scan_store_api_key_by_hash(scan_api_key_list **out, scan_store *st, const char *key_hash);
SCAN_EXTERN int scan_store_api_key_set_active(scan_store *st, int64_t org, int64_t key_id, bool active);
SCAN_EXTERN int scan_store_api_key_revoke(scan_store *st, int64_t org, int64_t key_id);
SCAN_EXTERN int scan_store_api_key_used(scan_store *st, int64_t key_id, time_t now);

/* The audit log: append (e's org_id and id are ignored), and the newest first (limit 0: all). */
SCAN_EXTERN int scan_store_audit_add(int64_t *id, scan_store *st, int64_t org, const scan_audit_entry *e);
SCAN_EXTERN int scan_store_audit(scan_audit_list **out, scan_store *st, int64_t org, size_t limit);
/* An entry as the CLI and the API show it: id, user_id, actor_email, ip, user_agent, action, metadata, created_at. */
SCAN_EXTERN void scan_audit_entry_json(scan_json *w, const char *key, const scan_audit_entry *e);

#endif
