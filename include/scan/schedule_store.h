/* include/scan/schedule_store.h - scheduled scans and their runs, as stored */
#ifndef SCAN_SCHEDULE_STORE_H
#define SCAN_SCHEDULE_STORE_H

#include <stdbool.h>
#include <time.h>
#include "common.h"
#include "store.h"

/* A scheduled scan (spec 2.5): one per repository and branch. */
typedef struct {
	int64_t id, org_id, repo_id;
	const char *repo_name;       /* read only */
	const char *repo_url;        /* read only: what a run clones */
	const char *cron_expression;
	const char *scan_type;       /* "smart" or "deep" */
	bool is_active;
	bool trigger_on_push;
	const char *trigger_branch;
	time_t last_run;             /* 0: never */
	time_t next_run;             /* UTC; 0: none (paused) */
	int64_t run_count;
	int64_t created_by;          /* a user id; 0: none */
	time_t created_at, updated_at;
} scan_schedule;

/*
 * One execution (spec 2.5's execution record): what fired it, when, and
 * its scan, whose row tells the rest.
 */
typedef struct {
	int64_t id, schedule_id;
	const char *trigger;         /* "schedule" or "push" */
	time_t slot;                 /* the cron slot it ran for (UTC); 0 for a push */
	time_t fired_at;
	int64_t scan_id;             /* 0: the scan was deleted */
	const char *status;          /* the scan's: pending, scanning, completed, failed; "deleted" without one */
	int64_t issues_found;
	int64_t duration_seconds;    /* completed or failed: from queued to done; -1 before */
	const char *error;           /* failed: why */
} scan_schedule_run;

/* Lists: records and their strings owned by the list. get: NULL past the end. */
typedef struct scan_schedule_list scan_schedule_list;
typedef struct scan_schedule_run_list scan_schedule_run_list;
SCAN_EXTERN size_t scan_schedule_list_count(const scan_schedule_list *l);
SCAN_EXTERN const scan_schedule *scan_schedule_list_get(const scan_schedule_list *l, size_t i);
SCAN_EXTERN void scan_schedule_list_free(scan_schedule_list *l);
SCAN_EXTERN size_t scan_schedule_run_list_count(const scan_schedule_run_list *l);
SCAN_EXTERN const scan_schedule_run *scan_schedule_run_list_get(const scan_schedule_run_list *l, size_t i);
SCAN_EXTERN void scan_schedule_run_list_free(scan_schedule_run_list *l);

/*
 * Writes. The store checks only its constraints: the expression, the plan
 * and next_run are the operations' (scan_ops_schedule_*). create and
 * update: SCAN_ENOTFOUND for a repository (or schedule) of another
 * organization, SCAN_EEXIST when the repository has a schedule of that
 * branch already.
 */
SCAN_EXTERN int scan_store_schedule_create(int64_t *id, scan_store *st, int64_t org, const scan_schedule *in);
SCAN_EXTERN int scan_store_schedule_update(scan_store *st, int64_t org, const scan_schedule *in);
SCAN_EXTERN int scan_store_schedule_delete(scan_store *st, int64_t org, int64_t id);

/* Reads, in the organization. repo_id 0: every repository's. get: SCAN_ENOTFOUND. */
SCAN_EXTERN int scan_store_schedules(scan_schedule_list **out, scan_store *st, int64_t org, int64_t repo_id);
SCAN_EXTERN int scan_store_schedule_get(scan_schedule_list **out, scan_store *st, int64_t org, int64_t id);
/* The active schedules of a repository that a push to branch triggers. */
SCAN_EXTERN int scan_store_schedules_on_push(scan_schedule_list **out, scan_store *st, int64_t org,
                                             int64_t repo_id, const char *branch);
/* A schedule's runs, newest first: skip of them, then at most limit. */
SCAN_EXTERN int scan_store_schedule_runs(scan_schedule_run_list **out, scan_store *st, int64_t org, int64_t id,
                                         size_t skip, size_t limit);

/* Active schedules due at now (next_run <= now), across organizations, oldest due first, at most limit. */
SCAN_EXTERN int scan_store_schedules_due(scan_schedule_list **out, scan_store *st, time_t now, unsigned limit);

/*
 * Fire a schedule once for run_key ("2026-03-08T07:00:00Z" for a slot,
 * "push:<delivery>" for a push): in one transaction, the run (unique per
 * schedule and key), its scan queued (scan_store_job_enqueue()'s rows) on
 * the schedule's branch, and for a slot the schedule moved on - last_run
 * now, run_count + 1, next_run next_run - but only while its next_run is
 * still slot. *scan_id is 0 when another process fired that key first (or
 * moved the schedule on): nothing is written then. With f->error the run
 * is recorded failed and no scan is queued.
 */
typedef struct {
	const char *run_key;
	const char *trigger;         /* "schedule" or "push" */
	time_t slot;                 /* "schedule": the next_run that fell due */
	time_t next_run;             /* "schedule": the one after it */
	int tier;                    /* the scan's confidence threshold */
	time_t now;
	const char *error;           /* not NULL: the run failed before a scan could be queued, for this reason */
} scan_schedule_fire;
SCAN_EXTERN int scan_store_schedule_fire(int64_t *scan_id, scan_store *st, const scan_schedule *s,
                                         const scan_schedule_fire *f);

/* Set next_run of a schedule (its zone or expression changed, or it had none); 0 clears it. */
SCAN_EXTERN int scan_store_schedule_set_next(scan_store *st, int64_t org, int64_t id, time_t next_run);

#endif
