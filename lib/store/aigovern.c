/* lib/store/aigovern.c - AI policies (versioned), asset approvals, finding triage and waivers, each change audited */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/aiasm_store.h"
#include "scan/array.h"
#include "store/store_int.h"
#include "util/error.h"

/* A change and its audit entry, in one transaction. */
typedef struct {
	int64_t org, repo_id, id, user_id;
	const char *doc, *status, *reason;
	long long expected_version, version;
	const scan_ai_waiver *waiver;
	const scan_audit_entry *audit;
	int (*apply)(scan_store *st, void *c);
} change;

static int with_audit(scan_store *st, void *ctx)
{
	change *c = ctx;
	int64_t id;
	int rc = c->apply(st, c);

	return rc || !c->audit ? rc : scan_store_audit_add(&id, st, c->org, c->audit);
}

static int run(scan_store *st, change *c)
{
	return scan_store_transact(st, with_audit, c);
}

int scan_store_ai_policy_get(char **doc, long long *version, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	*doc = NULL;
	*version = 0;
	if ((rc = scan_db__prepare(db, &s, "SELECT document, version FROM ai_policies WHERE org_id = ?1 AND repo_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		if (!(*doc = strdup(scan_db__column_text(s, 0))))
			rc = scan_error__oom();
		*version = scan_db__column_int64(s, 1);
	} else if (step == SCAN_DB_DONE) {
		rc = scan_util__error(SCAN_ENOTFOUND, repo_id ? "the repository has no AI policy override"
		                                              : "the organization has no AI policy of its own");
	} else {
		rc = scan_db__error(db, "cannot read the AI policy");
	}
	scan_db__finalize(s);
	return rc;
}

/* The repository must be the organization's: an override of another tenant's repository is not found. */
static int repo_of_org(scan_store *st, int64_t org, int64_t repo_id)
{
	return repo_id ? scan_store__repo_in_org(st, org, repo_id) : 0;
}

static int policy_put(scan_store *st, void *ctx)
{
	change *c = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	long long current = 0;
	int rc, step;

	if ((rc = repo_of_org(st, c->org, c->repo_id)) != 0 ||
	    (rc = scan_db__prepare(db, &s, "SELECT version FROM ai_policies WHERE org_id = ?1 AND repo_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->org);
	scan_db__bind_int64(s, 2, c->repo_id);
	if ((step = scan_db__step(s)) == SCAN_DB_ROW)
		current = scan_db__column_int64(s, 0);
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI policy");
	scan_db__finalize(s);
	s = NULL;
	if (rc)
		return rc;
	if (current != c->expected_version)
		return scan_util__error(SCAN_ECONFLICT, "The policy is at version %lld, not %lld: read it again and "
		                                        "resend with expected_version %lld", current, c->expected_version,
		                        current);
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_policies (org_id, repo_id, version, document, updated_by, updated_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
	        " ON CONFLICT (org_id, repo_id) DO UPDATE SET version = excluded.version, document = excluded.document,"
	        "  updated_by = excluded.updated_by, updated_at = excluded.updated_at")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->org);
	scan_db__bind_int64(s, 2, c->repo_id);
	scan_db__bind_int64(s, 3, current + 1);
	scan_db__bind_text(s, 4, c->doc);
	scan_db__bind_id(s, 5, c->user_id);
	scan_db__bind_time(s, 6, time(NULL));
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot write the AI policy");
	scan_db__finalize(s);
	c->version = current + 1;
	return rc;
}

int scan_store_ai_policy_put(long long *version, scan_store *st, int64_t org, int64_t repo_id, const char *doc,
                             long long expected_version, int64_t user_id, const scan_audit_entry *audit)
{
	change c = { .org = org, .repo_id = repo_id, .doc = doc, .expected_version = expected_version,
		         .user_id = user_id, .audit = audit, .apply = policy_put };
	int rc = run(st, &c);

	if (!rc && version)
		*version = c.version;
	return rc;
}

/* The parameters a statement of update_one() takes after ?1 org and ?2 id. */
enum { BIND_NONE, BIND_USER, BIND_DECISION };

/*
 * One statement over (?1 org, ?2 id) that must change one row, SCAN_ENOTFOUND
 * when it changes none; BIND_USER adds ?3 the user and ?4 the time,
 * BIND_DECISION ?3 the status, ?4 the reason, ?5 the user and ?6 the time.
 */
static int update_one(scan_store *st, const char *sql, int binds, change *c, const char *missing)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(db, &s, sql)) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->org);
	scan_db__bind_int64(s, 2, c->id);
	if (binds == BIND_USER) {
		scan_db__bind_id(s, 3, c->user_id);
		scan_db__bind_time(s, 4, time(NULL));
	} else if (binds == BIND_DECISION) {
		scan_db__bind_text(s, 3, c->status);
		scan_db__bind_text(s, 4, c->reason);
		scan_db__bind_id(s, 5, c->user_id);
		scan_db__bind_time(s, 6, time(NULL));
	}
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot write the change");
	else if (!scan_db__changes(db))
		rc = scan_util__error(SCAN_ENOTFOUND, "%s", missing);
	scan_db__finalize(s);
	return rc;
}

static int policy_delete(scan_store *st, void *ctx)
{
	change *c = ctx;

	c->id = c->repo_id;
	return update_one(st, "DELETE FROM ai_policies WHERE org_id = ?1 AND repo_id = ?2 AND repo_id <> 0", BIND_NONE, c,
	                  "the repository has no AI policy override");
}

int scan_store_ai_policy_delete(scan_store *st, int64_t org, int64_t repo_id, const scan_audit_entry *audit)
{
	change c = { .org = org, .repo_id = repo_id, .audit = audit, .apply = policy_delete };
	return run(st, &c);
}

static int approval_set(scan_store *st, void *ctx)
{
	return update_one(st,
	                  "UPDATE ai_assets SET approval_status = ?3, approval_reason = ?4, approval_by = ?5,"
	                  " approval_at = ?6 WHERE org_id = ?1 AND id = ?2",
	                  BIND_DECISION, ctx, "AI asset not found");
}

int scan_store_ai_approval_set(scan_store *st, int64_t org, int64_t asset_id, const char *status, const char *reason,
                               int64_t user_id, const scan_audit_entry *audit)
{
	change c = { .org = org, .id = asset_id, .status = status, .reason = reason, .user_id = user_id,
		         .audit = audit, .apply = approval_set };
	return run(st, &c);
}

static int triage_set(scan_store *st, void *ctx)
{
	return update_one(st,
	                  "UPDATE ai_findings SET status = ?3, status_reason = ?4, status_by = ?5,"
	                  " status_at = ?6 WHERE org_id = ?1 AND id = ?2",
	                  BIND_DECISION, ctx, "AI finding not found");
}

int scan_store_ai_triage_set(scan_store *st, int64_t org, int64_t finding_id, const char *status, const char *reason,
                             int64_t user_id, const scan_audit_entry *audit)
{
	change c = { .org = org, .id = finding_id, .status = status, .reason = reason, .user_id = user_id,
		         .audit = audit, .apply = triage_set };
	return run(st, &c);
}

/* ---- waivers ---- */

static int waiver_add(scan_store *st, void *ctx)
{
	change *c = ctx;
	const scan_ai_waiver *w = c->waiver;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = repo_of_org(st, w->org_id, w->repo_id)) != 0)
		return rc;
	if (w->finding_id) {
		/* the finding must be the organization's, and of the repository named */
		if ((rc = scan_db__prepare(db, &s, "SELECT 1 FROM ai_findings WHERE id = ?1 AND org_id = ?2 AND repo_id = ?3")) != 0)
			return rc;
		scan_db__bind_int64(s, 1, w->finding_id);
		scan_db__bind_int64(s, 2, w->org_id);
		scan_db__bind_int64(s, 3, w->repo_id);
		rc = scan_db__step(s) == SCAN_DB_ROW ? 0 : scan_util__error(SCAN_ENOTFOUND, "AI finding not found in the repository");
		scan_db__finalize(s);
		s = NULL;
		if (rc)
			return rc;
	}
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_waivers (org_id, scope, repo_id, finding_id, rule_id, reason, expires_at, created_by,"
	        " created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, w->org_id);
	scan_db__bind_text(s, 2, w->scope);
	scan_db__bind_id(s, 3, w->repo_id);
	scan_db__bind_id(s, 4, w->finding_id);
	scan_db__bind_text(s, 5, w->rule_id);
	scan_db__bind_text(s, 6, w->reason);
	scan_db__bind_time(s, 7, w->expires_at);
	scan_db__bind_id(s, 8, w->created_by);
	scan_db__bind_time(s, 9, time(NULL));
	if (scan_db__step(s) != SCAN_DB_ROW)
		rc = scan_db__error(db, "cannot record the AI waiver");
	else
		c->id = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	return rc;
}

int scan_store_ai_waiver_add(int64_t *id, scan_store *st, const scan_ai_waiver *w, const scan_audit_entry *audit)
{
	change c = { .org = w->org_id, .waiver = w, .audit = audit, .apply = waiver_add };
	int rc = run(st, &c);

	if (!rc && id)
		*id = c.id;
	return rc;
}

static int waiver_revoke(scan_store *st, void *ctx)
{
	change *c = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s, "SELECT revoked_at FROM ai_waivers WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->id);
	scan_db__bind_int64(s, 2, c->org);
	step = scan_db__step(s);
	if (step == SCAN_DB_DONE)
		rc = scan_util__error(SCAN_ENOTFOUND, "AI waiver not found");
	else if (step != SCAN_DB_ROW)
		rc = scan_db__error(db, "cannot read the AI waiver");
	else if (!scan_db__column_is_null(s, 0))
		rc = scan_util__error(SCAN_EINVAL, "the AI waiver is revoked already");
	scan_db__finalize(s);
	if (rc)
		return rc;
	return update_one(st,
	                  "UPDATE ai_waivers SET revoked_at = ?4, revoked_by = ?3"
	                  " WHERE org_id = ?1 AND id = ?2",
	                  BIND_USER, c, "AI waiver not found");
}

int scan_store_ai_waiver_revoke(scan_store *st, int64_t org, int64_t id, int64_t user_id, const scan_audit_entry *audit)
{
	change c = { .org = org, .id = id, .user_id = user_id, .audit = audit, .apply = waiver_revoke };
	return run(st, &c);
}

typedef struct {
	scan_arena arena;
	size_t cap;
} waiver_storage;

void scan_ai_waiver_list_dispose(scan_ai_waiver_list *l)
{
	waiver_storage *s = l->storage;

	if (s) {
		scan_arena__dispose(&s->arena);
		free(s);
	}
	free(l->items);
	memset(l, 0, sizeof(*l));
}

int scan_store_ai_waivers(scan_ai_waiver_list *out, scan_store *st, int64_t org, bool active_only, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	waiver_storage *ws = calloc(1, sizeof(*ws));
	int rc, step, oom = 0;

	memset(out, 0, sizeof(*out));
	if (!(out->storage = ws))
		return scan_error__oom();
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT id, org_id, scope, repo_id, finding_id, rule_id, reason, expires_at, created_at, revoked_at,"
	        " created_by FROM ai_waivers WHERE org_id = ?1"
	        " AND (?2 = 0 OR (revoked_at IS NULL AND expires_at > ?3)) ORDER BY id DESC")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, active_only);
	scan_db__bind_time(s, 3, now);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_waiver *w;
		if (scan_array_reserve(&out->items, &ws->cap, out->count + 1, sizeof(*out->items))) {
			oom = 1;
			break;
		}
		w = &out->items[out->count++];
		memset(w, 0, sizeof(*w));
		w->id = scan_db__column_int64(s, 0);
		w->org_id = scan_db__column_int64(s, 1);
		w->scope = scan_db__col_text(s, 2, &ws->arena, &oom);
		w->repo_id = scan_db__column_int64(s, 3);
		w->finding_id = scan_db__column_int64(s, 4);
		w->rule_id = scan_db__col_text(s, 5, &ws->arena, &oom);
		w->reason = scan_db__col_text(s, 6, &ws->arena, &oom);
		w->expires_at = scan_db__col_time(s, 7);
		w->created_at = scan_db__col_time(s, 8);
		w->revoked_at = scan_db__col_time(s, 9);
		w->created_by = scan_db__column_int64(s, 10);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI waivers");
done:
	scan_db__finalize(s);
	if (rc)
		scan_ai_waiver_list_dispose(out);
	return rc;
}
