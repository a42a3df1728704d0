/* lib/store/schedules.c - scheduled scans, their runs, and firing one exactly once */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/array.h"
#include "scan/schedule_store.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

SCAN_STORE_LIST(scan_schedule, scan_schedule)
SCAN_STORE_LIST(scan_schedule_run, scan_schedule_run)

#define SCHEDULE_COLUMNS \
	"SELECT sc.id, sc.org_id, sc.repo_id, rp.name, rp.url, sc.cron_expression, sc.scan_type, sc.is_active," \
	" sc.trigger_on_push, sc.trigger_branch, sc.last_run, sc.next_run, sc.run_count, sc.created_by_user_id," \
	" sc.created_at, sc.updated_at FROM scheduled_scans sc JOIN repositories rp ON rp.id = sc.repo_id"

static void read_schedule(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_schedule *x = item;

	x->id = scan_db__column_int64(s, 0);
	x->org_id = scan_db__column_int64(s, 1);
	x->repo_id = scan_db__column_int64(s, 2);
	x->repo_name = scan_db__col_text(s, 3, a, oom);
	x->repo_url = scan_db__col_text(s, 4, a, oom);
	x->cron_expression = scan_db__col_text(s, 5, a, oom);
	x->scan_type = scan_db__col_text(s, 6, a, oom);
	x->is_active = scan_db__column_int(s, 7) != 0;
	x->trigger_on_push = scan_db__column_int(s, 8) != 0;
	x->trigger_branch = scan_db__col_text(s, 9, a, oom);
	x->last_run = scan_db__col_time(s, 10);
	x->next_run = scan_db__col_time(s, 11);
	x->run_count = scan_db__column_int64(s, 12);
	x->created_by = scan_db__column_int64(s, 13);
	x->created_at = scan_db__col_time(s, 14);
	x->updated_at = scan_db__col_time(s, 15);
}

/* The schedules sql selects, with params bound in order (a text where text is not NULL, else the number). */
static int schedule_query(scan_schedule_list **out, scan_store *st, const char *sql, const int64_t *nums,
                          const char *const *texts, int nparams, const char *missing)
{
	scan_schedule_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s, sql, &rc)))
		return rc;
	for (int i = 0; i < nparams; i++) {
		if (texts && texts[i])
			scan_db__bind_text(s, i + 1, texts[i]);
		else
			scan_db__bind_int64(s, i + 1, nums[i]);
	}
	rc = SCAN_STORE_READ_LIST(st, s, l, read_schedule, "cannot read scheduled scans");
	scan_db__finalize(s);
	if (!rc && missing && !l->count)
		rc = scan_util__error(SCAN_ENOTFOUND, "%s", missing);
	if (rc) {
		scan_schedule_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_schedules(scan_schedule_list **out, scan_store *st, int64_t org, int64_t repo_id)
{
	int64_t nums[2] = { org, repo_id };

	return schedule_query(out, st,
	                      repo_id ? SCHEDULE_COLUMNS " WHERE sc.org_id = ?1 AND sc.repo_id = ?2 ORDER BY sc.id"
	                              : SCHEDULE_COLUMNS " WHERE sc.org_id = ?1 ORDER BY sc.id",
	                      nums, NULL, repo_id ? 2 : 1, NULL);
}

int scan_store_schedule_get(scan_schedule_list **out, scan_store *st, int64_t org, int64_t id)
{
	int64_t nums[2] = { org, id };

	return schedule_query(out, st, SCHEDULE_COLUMNS " WHERE sc.org_id = ?1 AND sc.id = ?2", nums, NULL, 2,
	                      "Scheduled scan not found");
}

int scan_store_schedules_on_push(scan_schedule_list **out, scan_store *st, int64_t org, int64_t repo_id,
                                 const char *branch)
{
	int64_t nums[3] = { org, repo_id, 0 };
	const char *texts[3] = { NULL, NULL, branch };

	return schedule_query(out, st,
	                      SCHEDULE_COLUMNS " WHERE sc.org_id = ?1 AND sc.repo_id = ?2 AND sc.trigger_branch = ?3"
	                                       " AND sc.is_active = 1 AND sc.trigger_on_push = 1 ORDER BY sc.id",
	                      nums, texts, 3, NULL);
}

int scan_store_schedules_due(scan_schedule_list **out, scan_store *st, time_t now, unsigned limit)
{
	scan_schedule_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          SCHEDULE_COLUMNS " WHERE sc.is_active = 1 AND sc.next_run IS NOT NULL AND sc.next_run <= ?1"
	                           " ORDER BY sc.next_run, sc.id LIMIT ?2", &rc)))
		return rc;
	scan_db__bind_time(s, 1, now);
	scan_db__bind_int64(s, 2, limit ? limit : 100);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_schedule, "cannot read due schedules");
	scan_db__finalize(s);
	if (rc) {
		scan_schedule_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

static int duplicate(const scan_schedule *in)
{
	return scan_util__error(SCAN_EEXIST, "A schedule already exists for this repository and branch '%s'",
	                        in->trigger_branch);
}

/* SCAN_EEXIST when a schedule other than in's has in's repository and branch. */
static int branch_free(scan_store *st, const scan_schedule *in)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "SELECT 1 FROM scheduled_scans WHERE repo_id = ?1 AND trigger_branch = ?2 AND id <> ?3")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, in->repo_id);
	scan_db__bind_text(s, 2, in->trigger_branch);
	scan_db__bind_int64(s, 3, in->id);
	step = scan_db__step(s);
	rc = step == SCAN_DB_DONE ? 0 : step == SCAN_DB_ROW ? duplicate(in) : scan_db__error(db, "cannot read schedules");
	scan_db__finalize(s);
	return rc;
}

/* Steps a write of one schedule that returns its id, and finalizes s: SCAN_ENOTFOUND when it touched none. */
static int one_changed(scan_db *db, scan_db_stmt *s, const char *what)
{
	int rc = 0;

	switch (scan_db__step(s)) {
	case SCAN_DB_ROW:
		break;
	case SCAN_DB_DONE:
		rc = scan_util__error(SCAN_ENOTFOUND, "Scheduled scan not found");
		break;
	default:
		rc = scan_db__error(db, what);
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store_schedule_create(int64_t *id, scan_store *st, int64_t org, const scan_schedule *in)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	time_t now = time(NULL);
	int rc;

	*id = 0;
	if (!db)
		return SCAN_EIO;
	if ((rc = scan_store__repo_in_org(st, org, in->repo_id)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO scheduled_scans (org_id, repo_id, cron_expression, scan_type, is_active, trigger_on_push,"
	        " trigger_branch, next_run, created_by_user_id, created_at, updated_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)"
	        " ON CONFLICT (repo_id, trigger_branch) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, in->repo_id);
	scan_db__bind_text(s, 3, in->cron_expression);
	scan_db__bind_text(s, 4, in->scan_type);
	scan_db__bind_int64(s, 5, in->is_active);
	scan_db__bind_int64(s, 6, in->trigger_on_push);
	scan_db__bind_text(s, 7, in->trigger_branch);
	scan_db__bind_time(s, 8, in->next_run);
	scan_db__bind_id(s, 9, in->created_by);
	scan_db__bind_time(s, 10, now);
	switch (scan_db__step(s)) {
	case SCAN_DB_ROW:
		*id = scan_db__column_int64(s, 0);
		break;
	case SCAN_DB_DONE:
		rc = duplicate(in);
		break;
	default:
		rc = scan_db__error(db, "cannot create the scheduled scan");
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store_schedule_update(scan_store *st, int64_t org, const scan_schedule *in)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_store__repo_in_org(st, org, in->repo_id)) != 0 || (rc = branch_free(st, in)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scheduled_scans SET repo_id = ?3, cron_expression = ?4, scan_type = ?5, is_active = ?6,"
	        " trigger_on_push = ?7, trigger_branch = ?8, next_run = ?9, updated_at = ?10"
	        " WHERE id = ?1 AND org_id = ?2 RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, in->id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_int64(s, 3, in->repo_id);
	scan_db__bind_text(s, 4, in->cron_expression);
	scan_db__bind_text(s, 5, in->scan_type);
	scan_db__bind_int64(s, 6, in->is_active);
	scan_db__bind_int64(s, 7, in->trigger_on_push);
	scan_db__bind_text(s, 8, in->trigger_branch);
	scan_db__bind_time(s, 9, in->next_run);
	scan_db__bind_time(s, 10, time(NULL));
	return one_changed(db, s, "cannot update the scheduled scan");
}

/* UPDATE or DELETE of one schedule of org (?1 id, ?2 org, ?3 a time): SCAN_ENOTFOUND when none changed. */
static int change_one(scan_store *st, const char *sql, int64_t org, int64_t id, time_t t, bool bind_t)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s, sql)) != 0)
		return rc;
	scan_db__bind_int64(s, 1, id);
	scan_db__bind_int64(s, 2, org);
	if (bind_t)
		scan_db__bind_time(s, 3, t);
	return one_changed(db, s, "cannot change the scheduled scan");
}

int scan_store_schedule_delete(scan_store *st, int64_t org, int64_t id)
{
	return change_one(st, "DELETE FROM scheduled_scans WHERE id = ?1 AND org_id = ?2 RETURNING id", org, id, 0,
	                  false);
}

int scan_store_schedule_set_next(scan_store *st, int64_t org, int64_t id, time_t next_run)
{
	return change_one(st, "UPDATE scheduled_scans SET next_run = ?3 WHERE id = ?1 AND org_id = ?2 RETURNING id", org,
	                  id, next_run, true);
}

static void read_run(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_schedule_run *x = item;
	time_t created, completed;

	x->id = scan_db__column_int64(s, 0);
	x->schedule_id = scan_db__column_int64(s, 1);
	x->trigger = scan_db__col_text(s, 2, a, oom);
	x->slot = scan_db__col_time(s, 3);
	x->fired_at = scan_db__col_time(s, 4);
	x->scan_id = scan_db__column_int64(s, 5);
	x->status = x->scan_id ? scan_db__col_text(s, 6, a, oom) : scan_db__column_text(s, 11) ? "failed" : "deleted";
	x->issues_found = scan_db__column_int64(s, 7);
	created = scan_db__col_time(s, 8);
	completed = scan_db__col_time(s, 9);
	x->duration_seconds = completed && created && completed >= created ? (int64_t)(completed - created) : -1;
	x->error = scan_db__col_text(s, x->scan_id ? 10 : 11, a, oom);
}

int scan_store_schedule_runs(scan_schedule_run_list **out, scan_store *st, int64_t org, int64_t id, size_t skip,
                             size_t limit)
{
	scan_schedule_run_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT r.id, r.schedule_id, r.trigger, r.slot, r.fired_at, r.scan_id, s.status, s.issues_count,"
	          " s.created_at, s.completed_at, s.error, r.error"
	          " FROM scheduled_scan_runs r LEFT JOIN scans s ON s.id = r.scan_id"
	          " WHERE r.schedule_id = ?1 AND r.org_id = ?2 ORDER BY r.id DESC LIMIT ?3 OFFSET ?4", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_int64(s, 3, (int64_t)limit);
	scan_db__bind_int64(s, 4, (int64_t)skip);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_run, "cannot read the schedule's runs");
	scan_db__finalize(s);
	if (rc) {
		scan_schedule_run_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

typedef struct {
	const scan_schedule *s;
	const scan_schedule_fire *f;
	int64_t scan_id;
} fire_args;

static int fire_body(scan_store *st, void *ctx)
{
	fire_args *a = ctx;
	const scan_schedule_fire *f = a->f;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int64_t run_id = 0, scan_id = 0;
	bool slot = !strcmp(f->trigger, "schedule");
	int rc, step;

	a->scan_id = 0;
	/*
	 * The schedule moves on first, and only from the slot that fell due:
	 * of two processes firing the same slot, the second finds next_run
	 * moved (PostgreSQL: it waits on the first's row lock, then sees the
	 * committed value) and writes nothing.
	 */
	if (slot) {
		if ((rc = scan_db__prepare(db, &s,
		        "UPDATE scheduled_scans SET last_run = ?3, run_count = run_count + 1, next_run = ?4"
		        " WHERE id = ?1 AND is_active = 1 AND next_run = ?2 RETURNING id")) != 0)
			return rc;
		scan_db__bind_int64(s, 1, a->s->id);
		scan_db__bind_time(s, 2, f->slot);
		scan_db__bind_time(s, 3, f->now);
		scan_db__bind_time(s, 4, f->next_run);
		step = scan_db__step(s);
		scan_db__finalize(s);
		s = NULL;
		if (step == SCAN_DB_DONE)
			return 0;
		if (step != SCAN_DB_ROW)
			return scan_db__error(db, "cannot move the schedule on");
	}
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO scheduled_scan_runs (schedule_id, org_id, run_key, trigger, slot, fired_at, error)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (schedule_id, run_key) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, a->s->id);
	scan_db__bind_int64(s, 2, a->s->org_id);
	scan_db__bind_text(s, 3, f->run_key);
	scan_db__bind_text(s, 4, f->trigger);
	scan_db__bind_time(s, 5, slot ? f->slot : 0);
	scan_db__bind_time(s, 6, f->now);
	scan_db__bind_text(s, 7, f->error);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		run_id = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	if (step == SCAN_DB_DONE)
		return 0; /* fired already under this key: a replayed push */
	if (step != SCAN_DB_ROW)
		return scan_db__error(db, "cannot record the schedule's run");
	if (f->error)
		return 0;
	if ((rc = scan_store__job_insert(&scan_id, st, a->s->org_id, a->s->repo_id, a->s->repo_url, a->s->trigger_branch,
	                                 a->s->scan_type, f->tier, NULL, 0, NULL)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s, "UPDATE scheduled_scan_runs SET scan_id = ?2 WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, run_id);
	scan_db__bind_int64(s, 2, scan_id);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the schedule's run");
	scan_db__finalize(s);
	if (!rc && !slot) {
		if ((rc = scan_db__prepare(db, &s,
		        "UPDATE scheduled_scans SET last_run = ?2, run_count = run_count + 1 WHERE id = ?1")) != 0)
			return rc;
		scan_db__bind_int64(s, 1, a->s->id);
		scan_db__bind_time(s, 2, f->now);
		rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the schedule's run");
		scan_db__finalize(s);
	}
	if (!rc)
		a->scan_id = scan_id;
	return rc;
}

int scan_store_schedule_fire(int64_t *scan_id, scan_store *st, const scan_schedule *s, const scan_schedule_fire *f)
{
	fire_args a = { s, f, 0 };
	int rc;

	*scan_id = 0;
	if ((rc = scan_store_transact(st, fire_body, &a)) != 0)
		return rc;
	*scan_id = a.scan_id;
	return 0;
}
