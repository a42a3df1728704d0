/* lib/store/notify.c - notification webhooks, the outbox of their deliveries, and what each attempt did */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/notify.h"
#include "scan/notify_store.h"
#include "store/store_int.h"
#include "util/error.h"

SCAN_STORE_LIST(scan_notify_hook, scan_notify_hook)
SCAN_STORE_LIST(scan_notify_delivery, scan_notify_delivery)
SCAN_STORE_LIST(scan_notify_attempt, scan_notify_attempt)
SCAN_STORE_LIST(scan_notify_source, scan_notify_source)
SCAN_STORE_LIST(scan_notify_vuln, scan_notify_vuln)

/* ---- webhooks ---- */

static void bind_hook(scan_db_stmt *s, const scan_notify_hook *in)
{
	scan_db__bind_text(s, 1, in->name);
	scan_db__bind_text(s, 2, in->channel_type);
	scan_db__bind_text(s, 3, in->url_sealed);
	scan_db__bind_text(s, 4, in->url_display);
	scan_db__bind_text(s, 5, in->secret_sealed);
	scan_db__bind_int64(s, 6, in->events);
	scan_db__bind_int64(s, 7, in->is_active);
	scan_db__bind_text(s, 8, in->disabled_reason);
	scan_db__bind_int64(s, 9, in->consecutive_failures);
}

int scan_store_notify_hook_create(int64_t *id, scan_store *st, int64_t org, const scan_notify_hook *in, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	*id = 0;
	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO notification_webhooks (name, channel_type, url_sealed, url_display, secret_sealed, events,"
	        " is_active, disabled_reason, consecutive_failures, org_id, created_by_user_id, created_at, updated_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12) RETURNING id")) != 0)
		return rc;
	bind_hook(s, in);
	scan_db__bind_int64(s, 10, org);
	scan_db__bind_id(s, 11, in->created_by);
	scan_db__bind_time(s, 12, now);
	if (scan_db__step(s) == SCAN_DB_ROW)
		*id = scan_db__column_int64(s, 0);
	else
		rc = scan_db__error(db, "cannot create the notification webhook");
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_hook_update(scan_store *st, int64_t org, const scan_notify_hook *in, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE notification_webhooks SET name = ?1, channel_type = ?2, url_sealed = ?3, url_display = ?4,"
	        " secret_sealed = ?5, events = ?6, is_active = ?7, disabled_reason = ?8, consecutive_failures = ?9,"
	        " updated_at = ?12 WHERE id = ?11 AND org_id = ?10")) != 0)
		return rc;
	bind_hook(s, in);
	scan_db__bind_int64(s, 10, org);
	scan_db__bind_int64(s, 11, in->id);
	scan_db__bind_time(s, 12, now);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot update the notification webhook");
	else if (scan_db__changes(db) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "Webhook not found");
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_hook_delete(scan_store *st, int64_t org, int64_t id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s, "DELETE FROM notification_webhooks WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, id);
	scan_db__bind_int64(s, 2, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot delete the notification webhook");
	else if (scan_db__changes(db) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "Webhook not found");
	scan_db__finalize(s);
	return rc;
}

static void read_hook(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_notify_hook *x = item;

	x->id = scan_db__column_int64(s, 0);
	x->org_id = scan_db__column_int64(s, 1);
	x->name = scan_db__col_text(s, 2, a, oom);
	x->channel_type = scan_db__col_text(s, 3, a, oom);
	x->url_sealed = scan_db__col_text(s, 4, a, oom);
	x->url_display = scan_db__col_text(s, 5, a, oom);
	x->secret_sealed = scan_db__col_text(s, 6, a, oom);
	x->events = (unsigned)scan_db__column_int64(s, 7);
	x->is_active = scan_db__column_int64(s, 8) != 0;
	x->disabled_reason = scan_db__col_text(s, 9, a, oom);
	x->consecutive_failures = scan_db__column_int64(s, 10);
	x->created_by = scan_db__column_int64(s, 11);
	x->created_at = scan_db__col_time(s, 12);
	x->updated_at = scan_db__col_time(s, 13);
	x->last_delivery_at = scan_db__col_time(s, 14);
	x->last_delivery_status = scan_db__col_text(s, 15, a, oom);
}

int scan_store_notify_hooks(scan_notify_hook_list **out, scan_store *st, int64_t org, int64_t id)
{
	scan_notify_hook_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT w.id, w.org_id, w.name, w.channel_type, w.url_sealed, w.url_display, w.secret_sealed, w.events,"
	          " w.is_active, w.disabled_reason, w.consecutive_failures, w.created_by_user_id, w.created_at, w.updated_at,"
	          " d.created_at, d.status"
	          " FROM notification_webhooks w LEFT JOIN notification_deliveries d ON d.id ="
	          "  (SELECT MAX(e.id) FROM notification_deliveries e WHERE e.webhook_id = w.id)"
	          " WHERE w.org_id = ?1 AND (?2 = 0 OR w.id = ?2) ORDER BY w.id", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, id);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_hook, "cannot read notification webhooks");
	scan_db__finalize(s);
	if (!rc && id && !l->count)
		rc = scan_util__error(SCAN_ENOTFOUND, "Webhook not found");
	if (rc) {
		scan_notify_hook_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

/* ---- the outbox ---- */

int scan_store_notify_enqueue(int64_t *id, scan_store *st, int64_t org, int64_t webhook_id, const char *event,
                              const char *event_key, const char *payload, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	*id = 0;
	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO notification_deliveries (webhook_id, org_id, event, event_key, payload, status, attempts,"
	        " next_attempt_at, created_at)"
	        " SELECT w.id, w.org_id, ?3, ?4, ?5, 'pending', 0, ?6, ?6 FROM notification_webhooks w"
	        " WHERE w.id = ?1 AND w.org_id = ?2 RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, webhook_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_text(s, 3, event);
	scan_db__bind_text(s, 4, event_key);
	scan_db__bind_text(s, 5, payload);
	scan_db__bind_time(s, 6, now);
	switch (scan_db__step(s)) {
	case SCAN_DB_ROW: *id = scan_db__column_int64(s, 0); break;
	case SCAN_DB_DONE: rc = scan_util__error(SCAN_ENOTFOUND, "Webhook not found"); break;
	default: rc = scan_db__error(db, "cannot queue the notification");
	}
	scan_db__finalize(s);
	return rc;
}

static void read_source(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_notify_source *x = item;

	x->scan_id = scan_db__column_int64(s, 0);
	x->run_id = scan_db__column_int64(s, 1);
	x->org_id = scan_db__column_int64(s, 2);
	x->repo_id = scan_db__column_int64(s, 3);
	x->schedule_id = scan_db__column_int64(s, 4);
	x->repo_name = scan_db__col_text(s, 5, a, oom);
	x->branch = scan_db__col_text(s, 6, a, oom);
	x->status = scan_db__col_text(s, 7, a, oom);
	x->scan_type = scan_db__col_text(s, 8, a, oom);
	x->commit_sha = scan_db__col_text(s, 9, a, oom);
	x->error = scan_db__col_text(s, 10, a, oom);
	x->gate_status = scan_db__col_text(s, 11, a, oom);
	x->cron_expression = scan_db__col_text(s, 12, a, oom);
	x->pr_number = scan_db__column_int64(s, 13);
	x->issues_count = scan_db__column_int64(s, 14);
	x->new_issues = scan_db__column_int64(s, 15);
	x->finished_at = scan_db__col_time(s, 16);
}

int scan_store_notify_sources(scan_notify_source_list **out, scan_store *st, size_t limit)
{
	static const char *const sql[] = {
		/* Finished scans, with the scheduled run that queued one. */
		"SELECT s.id, COALESCE(r.id, 0), s.org_id, s.repo_id, COALESCE(r.schedule_id, 0), p.name, s.branch, s.status,"
		" s.scan_type, s.commit_sha, s.error, g.status, c.cron_expression, COALESCE(s.pr_number, 0), s.issues_count,"
		" (SELECT COUNT(*) FROM scan_issues i WHERE i.scan_id = s.id AND i.is_new_in_pr = 1),"
		" COALESCE(s.completed_at, s.created_at)"
		" FROM scans s JOIN repositories p ON p.id = s.repo_id"
		" LEFT JOIN quality_gate_results g ON g.scan_id = s.id"
		" LEFT JOIN scheduled_scan_runs r ON r.scan_id = s.id"
		" LEFT JOIN scheduled_scans c ON c.id = r.schedule_id"
		" WHERE s.notified = 0 AND s.status IN ('completed', 'failed') ORDER BY s.id LIMIT ?1",
		/* Scheduled runs that never got a scan. */
		"SELECT 0, r.id, r.org_id, c.repo_id, c.id, p.name, c.trigger_branch, 'failed', c.scan_type, NULL, r.error,"
		" NULL, c.cron_expression, 0, 0, 0, r.fired_at"
		" FROM scheduled_scan_runs r JOIN scheduled_scans c ON c.id = r.schedule_id"
		" JOIN repositories p ON p.id = c.repo_id"
		" WHERE r.notified = 0 AND r.scan_id IS NULL AND r.error IS NOT NULL ORDER BY r.id LIMIT ?1",
	};
	scan_notify_source_list *l = NULL;
	int rc = 0;

	*out = NULL;
	for (size_t q = 0; q < 2 && !rc; q++) {
		scan_db_stmt *s = NULL;
		if (!l) {
			if (!(l = scan_store__new_list(sizeof(*l), st, &s, sql[q], &rc)))
				return rc;
		} else if ((rc = scan_db__prepare(scan_store__conn(st), &s, sql[q])) != 0) {
			break;
		}
		scan_db__bind_int64(s, 1, (int64_t)limit);
		rc = SCAN_STORE_READ_LIST(st, s, l, read_source, "cannot read what to notify of");
		scan_db__finalize(s);
	}
	if (rc) {
		scan_notify_source_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

static void read_vuln(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_notify_vuln *x = item;

	x->vuln_id = scan_db__col_text(s, 0, a, oom);
	x->cve_id = scan_db__col_text(s, 1, a, oom);
	x->ecosystem = scan_db__col_text(s, 2, a, oom);
	x->package_name = scan_db__col_text(s, 3, a, oom);
	x->installed_version = scan_db__col_text(s, 4, a, oom);
	x->fixed_version = scan_db__col_text(s, 5, a, oom);
	x->cvss_score = scan_db__column_is_null(s, 6) ? -1 : scan_db__column_double(s, 6);
	x->kev_listed = scan_db__column_int64(s, 7) != 0;
}

int scan_store_notify_new_criticals(scan_notify_vuln_list **out, scan_store *st, int64_t scan_id)
{
	scan_notify_vuln_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT i.vuln_id, i.cve_id, i.ecosystem, i.package_name, i.installed_version, i.fixed_version,"
	          " i.cvss_score, COALESCE(i.kev_listed, 0)"
	          " FROM scan_issues i JOIN scans s ON s.id = i.scan_id"
	          " LEFT JOIN sca_triage t ON t.repo_id = s.repo_id AND t.vuln_id = i.vuln_id"
	          "  AND t.ecosystem = i.ecosystem AND t.package_name = i.package_name"
	          " WHERE i.scan_id = ?1 AND i.category = 'sca' AND i.severity = 'critical' AND i.user_marked_fp = 0"
	          " AND i.suppressed = 0 AND (t.status IS NULL OR t.status IN ('open', 'in_progress'))"
	          " AND NOT EXISTS (SELECT 1 FROM scan_issues p WHERE p.fingerprint = i.fingerprint AND p.scan_id ="
	          "  (SELECT MAX(o.id) FROM scans o WHERE o.repo_id = s.repo_id AND o.status = 'completed'"
	          "   AND COALESCE(o.branch, '') = COALESCE(s.branch, '') AND o.id < s.id))"
	          " ORDER BY COALESCE(i.kev_listed, 0) DESC, COALESCE(i.cvss_score, -1) DESC, i.id", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_vuln, "cannot read a scan's critical vulnerabilities");
	scan_db__finalize(s);
	if (rc) {
		scan_notify_vuln_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

typedef struct {
	const scan_notify_source *src;
	const scan_notify_event *ev;
	size_t n;
	time_t now;
} emit_args;

static int emit_body(scan_store *st, void *ctx)
{
	emit_args *a = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	for (size_t i = 0; i < a->n; i++) {
		if ((rc = scan_db__prepare(db, &s,
		        "INSERT INTO notification_deliveries (webhook_id, org_id, event, event_key, payload, status,"
		        " attempts, next_attempt_at, created_at)"
		        " SELECT w.id, w.org_id, ?1, ?2, ?3, 'pending', 0, ?4, ?4 FROM notification_webhooks w"
		        " WHERE w.org_id = ?5 AND w.is_active = 1 AND (w.events & ?6) <> 0 AND w.created_at < ?7"
		        " ON CONFLICT (webhook_id, event_key) DO NOTHING")) != 0)
			return rc;
		scan_db__bind_text(s, 1, scan_notify_event_name(a->ev[i].event));
		scan_db__bind_text(s, 2, a->ev[i].key);
		scan_db__bind_text(s, 3, a->ev[i].payload);
		scan_db__bind_time(s, 4, a->now);
		scan_db__bind_int64(s, 5, a->src->org_id);
		scan_db__bind_int64(s, 6, a->ev[i].event);
		scan_db__bind_time(s, 7, a->src->finished_at ? a->src->finished_at : a->now);
		rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot queue a notification");
		scan_db__finalize(s);
		s = NULL;
		if (rc)
			return rc;
	}
	if ((rc = scan_db__prepare(db, &s, a->src->scan_id ? "UPDATE scans SET notified = 1 WHERE id = ?1"
	                                   : "UPDATE scheduled_scan_runs SET notified = 1 WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, a->src->scan_id ? a->src->scan_id : a->src->run_id);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot mark a notification's source");
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_emit(scan_store *st, const scan_notify_source *src, const scan_notify_event *ev, size_t n,
                           time_t now)
{
	emit_args a = { src, ev, n, now };

	return scan_store_transact(st, emit_body, &a);
}

static void read_delivery(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_notify_delivery *x = item;

	x->id = scan_db__column_int64(s, 0);
	x->webhook_id = scan_db__column_int64(s, 1);
	x->org_id = scan_db__column_int64(s, 2);
	x->event = scan_db__col_text(s, 3, a, oom);
	x->event_key = scan_db__col_text(s, 4, a, oom);
	x->payload = scan_db__col_text(s, 5, a, oom);
	x->status = scan_db__col_text(s, 6, a, oom);
	x->attempts = scan_db__column_int64(s, 7);
	x->next_attempt_at = scan_db__col_time(s, 8);
	x->created_at = scan_db__col_time(s, 9);
	x->finished_at = scan_db__col_time(s, 10);
	x->last_status_code = scan_db__column_int64(s, 11);
	x->last_error = scan_db__col_text(s, 12, a, oom);
	x->channel_type = scan_db__col_text(s, 13, a, oom);
	x->url_sealed = scan_db__col_text(s, 14, a, oom);
	x->secret_sealed = scan_db__col_text(s, 15, a, oom);
}

#define DELIVERY_COLUMNS \
	"d.id, d.webhook_id, d.org_id, d.event, d.event_key, d.payload, d.status, d.attempts, d.next_attempt_at," \
	" d.created_at, d.finished_at, d.last_status_code, d.last_error"

typedef struct {
	const char *owner;
	unsigned lease;
	int64_t delivery_id;
	time_t now;
	scan_notify_delivery_list *out;
} claim_args;

static int claim_body(scan_store *st, void *ctx)
{
	claim_args *a = ctx;
	scan_db *db = scan_store__conn(st);
	bool pg = scan_db__engine(db) == SCAN_DB_POSTGRES;
	scan_db_stmt *s = NULL;
	int64_t id;
	int rc, step;

	/*
	 * The outer conditions again: under PostgreSQL's read committed, a
	 * second claimer that waited on the row sees it leased and takes nothing.
	 */
	if ((rc = scan_db__prepare(db, &s, a->delivery_id
	        ? "UPDATE notification_deliveries SET lease_owner = ?1, lease_until = ?2"
	          " WHERE id = ?4 AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?3) RETURNING id"
	        : pg
	        ? "UPDATE notification_deliveries SET lease_owner = ?1, lease_until = ?2"
	          " WHERE id = (SELECT d.id FROM notification_deliveries d JOIN notification_webhooks w ON w.id = d.webhook_id"
	          "  WHERE d.status = 'pending' AND d.next_attempt_at <= ?3 AND (d.lease_until IS NULL OR d.lease_until < ?3)"
	          "  AND w.is_active = 1 ORDER BY d.next_attempt_at, d.id LIMIT 1 FOR UPDATE OF d SKIP LOCKED)"
	          " AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?3) AND ?4 = 0 RETURNING id"
	        : "UPDATE notification_deliveries SET lease_owner = ?1, lease_until = ?2"
	          " WHERE id = (SELECT d.id FROM notification_deliveries d JOIN notification_webhooks w ON w.id = d.webhook_id"
	          "  WHERE d.status = 'pending' AND d.next_attempt_at <= ?3 AND (d.lease_until IS NULL OR d.lease_until < ?3)"
	          "  AND w.is_active = 1 ORDER BY d.next_attempt_at, d.id LIMIT 1)"
	          " AND ?4 = 0 RETURNING id")) != 0)
		return rc;
	scan_db__bind_text(s, 1, a->owner);
	scan_db__bind_time(s, 2, a->now + (time_t)a->lease);
	scan_db__bind_time(s, 3, a->now);
	scan_db__bind_int64(s, 4, a->delivery_id);
	step = scan_db__step(s);
	id = step == SCAN_DB_ROW ? scan_db__column_int64(s, 0) : 0;
	scan_db__finalize(s);
	s = NULL;
	if (step == SCAN_DB_DONE)
		return 0;
	if (step != SCAN_DB_ROW)
		return scan_db__error(db, "cannot claim a notification");
	if (!(a->out = scan_store__new_list(sizeof(*a->out), st, &s,
	          "SELECT " DELIVERY_COLUMNS ", w.channel_type, w.url_sealed, w.secret_sealed"
	          " FROM notification_deliveries d JOIN notification_webhooks w ON w.id = d.webhook_id WHERE d.id = ?1",
	          &rc)))
		return rc;
	scan_db__bind_int64(s, 1, id);
	rc = SCAN_STORE_READ_LIST(st, s, a->out, read_delivery, "cannot read a notification");
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_claim(scan_notify_delivery_list **out, scan_store *st, const char *owner,
                            unsigned lease_seconds, int64_t delivery_id, time_t now)
{
	claim_args a = { owner, lease_seconds ? lease_seconds : 60, delivery_id, now, NULL };
	int rc;

	*out = NULL;
	if ((rc = scan_store_transact(st, claim_body, &a)) != 0 || !a.out || !a.out->count) {
		scan_notify_delivery_list_free(a.out);
		return rc;
	}
	*out = a.out;
	return 0;
}

typedef struct {
	bool *disabled;
	const scan_notify_delivery *d;
	const char *owner;
	const scan_notify_attempt *at;
	time_t next;
	bool give_up;
	unsigned disable_after;
	time_t now;
} attempted_args;

static int attempted_body(scan_store *st, void *ctx)
{
	attempted_args *a = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	const char *status = !a->at->error ? "delivered" : a->give_up ? "failed" : "pending";
	int64_t attempt = 0, failures = 0;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE notification_deliveries SET attempts = attempts + 1, status = ?1, next_attempt_at = ?2,"
	        " lease_owner = NULL, lease_until = NULL, last_status_code = ?3, last_error = ?4, finished_at = ?5"
	        " WHERE id = ?6 AND lease_owner = ?7 AND status = 'pending' RETURNING attempts")) != 0)
		return rc;
	scan_db__bind_text(s, 1, status);
	scan_db__bind_time(s, 2, strcmp(status, "pending") ? a->now : a->next);
	scan_db__bind_id(s, 3, a->at->status_code);
	scan_db__bind_text(s, 4, a->at->error);
	scan_db__bind_time(s, 5, strcmp(status, "pending") ? a->now : 0);
	scan_db__bind_int64(s, 6, a->d->id);
	scan_db__bind_text(s, 7, a->owner);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		attempt = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	if (step == SCAN_DB_DONE)
		return scan_util__error(SCAN_ENOTFOUND, "the lease of notification %lld is no longer this process's",
		                        (long long)a->d->id);
	if (step != SCAN_DB_ROW)
		return scan_db__error(db, "cannot record a notification's attempt");
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO notification_attempts (delivery_id, attempt, status_code, duration_ms, error, attempted_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6)")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, a->d->id);
	scan_db__bind_int64(s, 2, attempt);
	scan_db__bind_id(s, 3, a->at->status_code);
	scan_db__bind_int64(s, 4, a->at->duration_ms);
	scan_db__bind_text(s, 5, a->at->error);
	scan_db__bind_time(s, 6, a->at->attempted_at ? a->at->attempted_at : a->now);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record a notification's attempt");
	scan_db__finalize(s);
	s = NULL;
	if (rc || !strcmp(status, "pending"))
		return rc;
	/* A delivery that ended: its webhook's run of failures goes on, or is over. */
	if ((rc = scan_db__prepare(db, &s, !a->at->error
	        ? "UPDATE notification_webhooks SET consecutive_failures = 0 WHERE id = ?1 RETURNING consecutive_failures"
	        : "UPDATE notification_webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = ?1"
	          " RETURNING consecutive_failures")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, a->d->webhook_id);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		failures = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	if (step != SCAN_DB_ROW && step != SCAN_DB_DONE)
		return scan_db__error(db, "cannot count a webhook's failures");
	if (!a->at->error || !a->disable_after || failures < (int64_t)a->disable_after)
		return 0;
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE notification_webhooks SET is_active = 0, disabled_reason = ?1, updated_at = ?2"
	        " WHERE id = ?3 AND is_active = 1")) != 0)
		return rc;
	{
		char reason[200];
		snprintf(reason, sizeof(reason), "disabled after %lld deliveries in a row failed", (long long)failures);
		scan_db__bind_text(s, 1, reason);
	}
	scan_db__bind_time(s, 2, a->now);
	scan_db__bind_int64(s, 3, a->d->webhook_id);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot disable a webhook");
	else
		*a->disabled = scan_db__changes(db) > 0;
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_attempted(bool *disabled, scan_store *st, const scan_notify_delivery *d, const char *owner,
                                const scan_notify_attempt *at, time_t next_attempt_at, bool give_up,
                                unsigned disable_after, time_t now)
{
	attempted_args a = { disabled, d, owner, at, next_attempt_at, give_up, disable_after, now };

	*disabled = false;
	return scan_store_transact(st, attempted_body, &a);
}

int scan_store_notify_prune(scan_store *st, time_t before)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "DELETE FROM notification_deliveries WHERE status <> 'pending' AND finished_at < ?1")) != 0)
		return rc;
	scan_db__bind_time(s, 1, before);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot forget old notifications");
	scan_db__finalize(s);
	return rc;
}

int scan_store_notify_deliveries(scan_notify_delivery_list **out, scan_store *st, int64_t org, int64_t webhook_id,
                                 int64_t delivery_id, size_t skip, size_t limit)
{
	scan_notify_delivery_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT " DELIVERY_COLUMNS ", NULL, NULL, NULL FROM notification_deliveries d"
	          " WHERE d.org_id = ?1 AND d.webhook_id = ?2 AND (?3 = 0 OR d.id = ?3)"
	          " ORDER BY d.id DESC LIMIT ?4 OFFSET ?5", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, webhook_id);
	scan_db__bind_int64(s, 3, delivery_id);
	scan_db__bind_int64(s, 4, (int64_t)limit);
	scan_db__bind_int64(s, 5, (int64_t)skip);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_delivery, "cannot read notifications");
	scan_db__finalize(s);
	if (rc) {
		scan_notify_delivery_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

static void read_attempt(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_notify_attempt *x = item;

	x->delivery_id = scan_db__column_int64(s, 0);
	x->attempt = scan_db__column_int64(s, 1);
	x->status_code = scan_db__column_int64(s, 2);
	x->duration_ms = scan_db__column_int64(s, 3);
	x->error = scan_db__col_text(s, 4, a, oom);
	x->attempted_at = scan_db__col_time(s, 5);
}

int scan_store_notify_attempts(scan_notify_attempt_list **out, scan_store *st, int64_t org, int64_t webhook_id,
                               int64_t min_delivery, int64_t max_delivery)
{
	scan_notify_attempt_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT a.delivery_id, a.attempt, a.status_code, a.duration_ms, a.error, a.attempted_at"
	          " FROM notification_attempts a JOIN notification_deliveries d ON d.id = a.delivery_id"
	          " WHERE d.org_id = ?1 AND d.webhook_id = ?2 AND a.delivery_id BETWEEN ?3 AND ?4"
	          " ORDER BY a.delivery_id, a.attempt", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, webhook_id);
	scan_db__bind_int64(s, 3, min_delivery);
	scan_db__bind_int64(s, 4, max_delivery);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_attempt, "cannot read notification attempts");
	scan_db__finalize(s);
	if (rc) {
		scan_notify_attempt_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}
