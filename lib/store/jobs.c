/* lib/store/jobs.c - the durable scan queue: enqueue, claim under a lease, renew, fail, release */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/array.h"
#include "scan/jobs.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/arena.h"
#include "util/error.h"

struct scan_job_list {
	scan_job *items;
	size_t count, cap;
	scan_arena arena;
};

size_t scan_job_list_count(const scan_job_list *l)
{
	return l ? l->count : 0;
}

const scan_job *scan_job_list_get(const scan_job_list *l, size_t i)
{
	return l && i < l->count ? &l->items[i] : NULL;
}

void scan_job_list_free(scan_job_list *l)
{
	if (!l)
		return;
	free(l->items);
	scan_arena__dispose(&l->arena);
	free(l);
}

#define JOB_COLUMNS \
	"j.id, j.org_id, j.repo_id, j.scan_id, j.target, j.branch, s.scan_type, s.tier, j.status, j.progress," \
	" j.attempts, j.error, j.created_at, j.updated_at, j.git_token_sealed, s.pr_number, j.base_branch"

static int read_jobs(scan_job_list **out, scan_store *st, scan_db_stmt *s)
{
	scan_job_list *l = calloc(1, sizeof(*l));
	int step, oom = 0, rc = 0;

	*out = NULL;
	if (!l)
		return scan_error__oom();
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_job *j = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*j));
		if (!j) {
			oom = 1;
			break;
		}
		j->id = scan_db__column_int64(s, 0);
		j->org_id = scan_db__column_int64(s, 1);
		j->repo_id = scan_db__column_int64(s, 2);
		j->scan_id = scan_db__column_int64(s, 3);
		j->target = scan_db__col_text(s, 4, &l->arena, &oom);
		j->branch = scan_db__col_text(s, 5, &l->arena, &oom);
		j->scan_type = scan_db__col_text(s, 6, &l->arena, &oom);
		j->tier = scan_db__column_int(s, 7);
		j->status = scan_db__col_text(s, 8, &l->arena, &oom);
		j->progress = scan_db__column_int(s, 9);
		j->attempts = scan_db__column_int(s, 10);
		j->error = scan_db__col_text(s, 11, &l->arena, &oom);
		j->created_at = scan_db__col_time(s, 12);
		j->updated_at = scan_db__col_time(s, 13);
		j->git_token_sealed = scan_db__col_text(s, 14, &l->arena, &oom);
		j->pr_number = scan_db__column_int64(s, 15);
		j->base_branch = scan_db__col_text(s, 16, &l->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read scan jobs");
	if (rc) {
		scan_job_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

/* Inside the caller's transaction: the pending scan row and its job. */
int scan_store__job_insert(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id, const char *target,
                           const char *branch, const char *scan_type, int tier, const char *git_token_sealed,
                           int64_t pr_number, const char *base_branch)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	char *default_branch = NULL;
	time_t now = time(NULL);
	int rc, step;

	if ((rc = scan_db__prepare(db, &s, "SELECT default_branch FROM repositories WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	if ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		const char *b = scan_db__column_text(s, 0);
		if (b && !(default_branch = strdup(b)))
			rc = scan_error__oom();
	} else {
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "no repository %lld", (long long)repo_id)
		                          : scan_db__error(db, "cannot read the repository");
	}
	scan_db__finalize(s);
	s = NULL;
	if (rc)
		goto done;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO scans (repo_id, org_id, status, scan_type, tier, issues_count, branch, default_branch,"
	        " is_baseline_scan, created_at, pr_number) VALUES (?1, ?2, 'pending', ?3, ?4, 0, ?5, ?6, ?7, ?8, ?9)"
	        " RETURNING id")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_text(s, 3, scan_type ? scan_type : "smart");
	scan_db__bind_int64(s, 4, tier);
	scan_db__bind_text(s, 5, branch ? branch : default_branch);
	scan_db__bind_text(s, 6, default_branch);
	scan_db__bind_int64(s, 7, !branch || (default_branch && !strcmp(branch, default_branch)));
	scan_db__bind_time(s, 8, now);
	scan_db__bind_id(s, 9, pr_number);
	if (scan_db__step(s) != SCAN_DB_ROW) {
		rc = scan_db__error(db, "cannot queue the scan");
		goto done;
	}
	*scan_id = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO scan_jobs (org_id, repo_id, scan_id, target, branch, status, created_at, updated_at,"
	        " git_token_sealed, base_branch) VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?6,"
	        /* No token of the trigger: the repository's own clones it (a schedule, a pull request). */
	        " COALESCE(?7, (SELECT token_sealed FROM repository_integrations WHERE repo_id = ?2)), ?8)")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	scan_db__bind_int64(s, 3, *scan_id);
	scan_db__bind_text(s, 4, target);
	scan_db__bind_text(s, 5, branch ? branch : default_branch);
	scan_db__bind_time(s, 6, now);
	scan_db__bind_text(s, 7, git_token_sealed);
	scan_db__bind_text(s, 8, base_branch);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot queue the scan");
done:
	scan_db__finalize(s);
	free(default_branch);
	return rc;
}

typedef struct {
	int64_t org, repo_id;
	const char *target, *branch, *scan_type;
	int tier;
	const char *git_token_sealed;
	int64_t scan_id;
} enqueue_args;

static int enqueue_body(scan_store *st, void *ctx)
{
	enqueue_args *a = ctx;

	return scan_store__job_insert(&a->scan_id, st, a->org, a->repo_id, a->target, a->branch, a->scan_type, a->tier,
	                              a->git_token_sealed, 0, NULL);
}

int scan_store_job_enqueue(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id, const char *target,
                           const char *branch, const char *scan_type, int tier, const char *git_token_sealed)
{
	enqueue_args a = { org, repo_id, target, branch, scan_type ? scan_type : "smart", tier, git_token_sealed, 0 };
	int rc;

	*scan_id = 0;
	if ((rc = scan_store_transact(st, enqueue_body, &a)) != 0)
		return rc;
	*scan_id = a.scan_id;
	return 0;
}

/* Mark the scans of the given jobs failed with message. */
static int fail_scans(scan_db *db, const int64_t *scan_ids, size_t n, const char *message, time_t now)
{
	scan_db_stmt *s = NULL;
	int rc;

	if (!n)
		return 0;
	if ((rc = scan_db__prepare(db, &s, "UPDATE scans SET status = 'failed', error = ?1, completed_at = ?2 WHERE id = ?3")) != 0)
		return rc;
	for (size_t i = 0; i < n && !rc; i++) {
		scan_db__reset(s);
		scan_db__bind_text(s, 1, message);
		scan_db__bind_time(s, 2, now);
		scan_db__bind_int64(s, 3, scan_ids[i]);
		if (scan_db__step(s) != SCAN_DB_DONE)
			rc = scan_db__error(db, "cannot mark a scan failed");
	}
	scan_db__finalize(s);
	return rc;
}

typedef struct {
	const char *owner;
	unsigned lease_seconds, max_attempts;
	time_t now;
	scan_job_list *out;
} claim_args;

static int claim_body(scan_store *st, void *ctx)
{
	claim_args *a = ctx;
	scan_db *db = scan_store__conn(st);
	bool pg = scan_db__engine(db) == SCAN_DB_POSTGRES;
	scan_db_stmt *s = NULL;
	int64_t *dead = NULL;
	size_t ndead = 0, dead_cap = 0;
	char message[128];
	int rc = 0, step;

	scan_job_list_free(a->out);
	a->out = NULL;
	/*
	 * One claim at a time on PostgreSQL (SQLite has one writer anyway), so
	 * two workers cannot start two jobs of the same repository and branch;
	 * SKIP LOCKED passes over jobs whose rows other transactions hold.
	 */
	if (pg && (rc = scan_db__exec(db, "SELECT pg_advisory_xact_lock(7270001)")) != 0)
		return rc;
	/* Jobs whose workers died too often fail, with their scans. */
	snprintf(message, sizeof(message), "a worker stopped while running this scan %u times; giving up", a->max_attempts);
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scan_jobs SET status = 'failed', error = ?1, lease_owner = NULL, git_token_sealed = NULL,"
	        " updated_at = ?2"
	        " WHERE status = 'scanning' AND lease_until < ?2 AND attempts >= ?3 RETURNING scan_id")) != 0)
		return rc;
	scan_db__bind_text(s, 1, message);
	scan_db__bind_time(s, 2, a->now);
	scan_db__bind_int64(s, 3, a->max_attempts);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		if (scan_array_reserve(&dead, &dead_cap, ndead + 1, sizeof(*dead))) {
			rc = SCAN_ENOMEM;
			break;
		}
		dead[ndead++] = scan_db__column_int64(s, 0);
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot expire scan jobs");
	scan_db__finalize(s);
	s = NULL;
	if (rc || (rc = fail_scans(db, dead, ndead, message, a->now)) != 0)
		goto done;
	if ((rc = scan_db__prepare(db, &s, pg
	        ? "UPDATE scan_jobs SET status = 'scanning', lease_owner = ?1, lease_until = ?2, attempts = attempts + 1,"
	          " updated_at = ?3 WHERE id = (SELECT j.id FROM scan_jobs j WHERE (j.status = 'pending' OR"
	          " (j.status = 'scanning' AND j.lease_until < ?3)) AND NOT EXISTS (SELECT 1 FROM scan_jobs k"
	          " WHERE k.repo_id = j.repo_id AND COALESCE(k.branch, '') = COALESCE(j.branch, '') AND k.id <> j.id"
	          " AND k.status = 'scanning' AND k.lease_until >= ?3) ORDER BY j.id LIMIT 1 FOR UPDATE SKIP LOCKED)"
	          " RETURNING id"
	        : "UPDATE scan_jobs SET status = 'scanning', lease_owner = ?1, lease_until = ?2, attempts = attempts + 1,"
	          " updated_at = ?3 WHERE id = (SELECT j.id FROM scan_jobs j WHERE (j.status = 'pending' OR"
	          " (j.status = 'scanning' AND j.lease_until < ?3)) AND NOT EXISTS (SELECT 1 FROM scan_jobs k"
	          " WHERE k.repo_id = j.repo_id AND COALESCE(k.branch, '') = COALESCE(j.branch, '') AND k.id <> j.id"
	          " AND k.status = 'scanning' AND k.lease_until >= ?3) ORDER BY j.id LIMIT 1)"
	          " RETURNING id")) != 0)
		goto done;
	scan_db__bind_text(s, 1, a->owner);
	scan_db__bind_time(s, 2, a->now + (time_t)a->lease_seconds);
	scan_db__bind_time(s, 3, a->now);
	step = scan_db__step(s);
	if (step == SCAN_DB_DONE) {
		scan_db__finalize(s);
		s = NULL;
		goto done; /* nothing to do */
	}
	if (step != SCAN_DB_ROW) {
		rc = scan_db__error(db, "cannot claim a scan job");
		goto done;
	}
	{
		int64_t id = scan_db__column_int64(s, 0);
		scan_db__finalize(s);
		s = NULL;
		if ((rc = scan_db__prepare(db, &s,
		        "UPDATE scans SET status = 'scanning' WHERE id = (SELECT scan_id FROM scan_jobs WHERE id = ?1)")) != 0)
			goto done;
		scan_db__bind_int64(s, 1, id);
		if (scan_db__step(s) != SCAN_DB_DONE) {
			rc = scan_db__error(db, "cannot start a scan");
			goto done;
		}
		scan_db__finalize(s);
		s = NULL;
		if ((rc = scan_db__prepare(db, &s, "SELECT " JOB_COLUMNS " FROM scan_jobs j JOIN scans s ON s.id = j.scan_id"
		                                   " WHERE j.id = ?1")) != 0)
			goto done;
		scan_db__bind_int64(s, 1, id);
		rc = read_jobs(&a->out, st, s);
	}
done:
	scan_db__finalize(s);
	free(dead);
	return rc;
}

int scan_store_job_claim(scan_job_list **out, scan_store *st, const char *owner, unsigned lease_seconds,
                         unsigned max_attempts, time_t now)
{
	claim_args a = { owner, lease_seconds ? lease_seconds : 60, max_attempts ? max_attempts : 3, now, NULL };
	int rc;

	*out = NULL;
	if ((rc = scan_store_transact(st, claim_body, &a)) != 0) {
		scan_job_list_free(a.out);
		return rc;
	}
	if (a.out && !a.out->count) {
		scan_job_list_free(a.out);
		a.out = NULL;
	}
	*out = a.out;
	return 0;
}

int scan_store_job_renew(scan_store *st, int64_t job_id, const char *owner, unsigned lease_seconds, int progress,
                         time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scan_jobs SET lease_until = ?1, progress = ?2, updated_at = ?3"
	        " WHERE id = ?4 AND lease_owner = ?5 AND status = 'scanning'")) != 0)
		return rc;
	scan_db__bind_time(s, 1, now + (time_t)lease_seconds);
	scan_db__bind_int64(s, 2, progress < 0 ? 0 : progress > 100 ? 100 : progress);
	scan_db__bind_time(s, 3, now);
	scan_db__bind_int64(s, 4, job_id);
	scan_db__bind_text(s, 5, owner);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot renew a scan job's lease");
	else if (scan_db__changes(db) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "the lease of scan job %lld is no longer this worker's", (long long)job_id);
	scan_db__finalize(s);
	return rc;
}

typedef struct {
	int64_t job_id;
	const char *owner, *message;
	time_t now;
} fail_args;

static int fail_body(scan_store *st, void *ctx)
{
	fail_args *a = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int64_t scan_id;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scan_jobs SET status = 'failed', error = ?1, lease_owner = NULL, git_token_sealed = NULL,"
	        " updated_at = ?2"
	        " WHERE id = ?3 AND lease_owner = ?4 AND status = 'scanning' RETURNING scan_id")) != 0)
		return rc;
	scan_db__bind_text(s, 1, a->message);
	scan_db__bind_time(s, 2, a->now);
	scan_db__bind_int64(s, 3, a->job_id);
	scan_db__bind_text(s, 4, a->owner);
	step = scan_db__step(s);
	scan_id = step == SCAN_DB_ROW ? scan_db__column_int64(s, 0) : 0;
	scan_db__finalize(s);
	if (step == SCAN_DB_DONE)
		return scan_util__error(SCAN_ENOTFOUND, "the lease of scan job %lld is no longer this worker's",
		                        (long long)a->job_id);
	if (step != SCAN_DB_ROW)
		return scan_db__error(db, "cannot fail a scan job");
	return fail_scans(db, &scan_id, 1, a->message, a->now);
}

int scan_store_job_fail(scan_store *st, int64_t job_id, const char *owner, const char *message, time_t now)
{
	fail_args a = { job_id, owner, message, now };

	return scan_store_transact(st, fail_body, &a);
}

int scan_store_job_release(scan_store *st, const char *owner, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	/* Given back, not lost: the attempt does not count, and the lease is over now. */
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scan_jobs SET lease_until = ?1, attempts = attempts - 1, lease_owner = NULL, updated_at = ?2"
	        " WHERE lease_owner = ?3 AND status = 'scanning'")) != 0)
		return rc;
	scan_db__bind_time(s, 1, now - 1);
	scan_db__bind_time(s, 2, now);
	scan_db__bind_text(s, 3, owner);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot release scan jobs");
	scan_db__finalize(s);
	return rc;
}

int scan_store_job_of_scan(scan_job_list **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT " JOB_COLUMNS " FROM scan_jobs j"
	                                                    " JOIN scans s ON s.id = j.scan_id"
	                                                    " WHERE j.scan_id = ?1 AND j.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	rc = read_jobs(out, st, s);
	scan_db__finalize(s);
	if (!rc && !(*out)->count) {
		scan_job_list_free(*out);
		*out = NULL;
		rc = scan_util__error(SCAN_ENOTFOUND, "scan %lld has no job", (long long)scan_id);
	}
	return rc;
}

int scan_store_job_counts(int64_t counts[4], scan_store *st)
{
	static const char *const names[] = { "pending", "scanning", "completed", "failed" };
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	memset(counts, 0, 4 * sizeof(*counts));
	if ((rc = scan_db__prepare(db, &s, "SELECT status, count(*) FROM scan_jobs GROUP BY status")) != 0)
		return rc;
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		const char *name = scan_db__column_text(s, 0);
		for (int i = 0; i < 4; i++)
			if (name && !strcmp(name, names[i]))
				counts[i] = scan_db__column_int64(s, 1);
	}
	if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot count scan jobs");
	scan_db__finalize(s);
	return rc;
}

int scan_store__job_finish(scan_store *st, int64_t job_id, const char *owner, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE scan_jobs SET status = 'completed', progress = 100, lease_owner = NULL, git_token_sealed = NULL,"
	        " updated_at = ?1"
	        " WHERE id = ?2 AND lease_owner = ?3 AND status = 'scanning'")) != 0)
		return rc;
	scan_db__bind_time(s, 1, now);
	scan_db__bind_int64(s, 2, job_id);
	scan_db__bind_text(s, 3, owner);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot complete a scan job");
	else if (scan_db__changes(db) == 0)
		/* Another worker took the job over (this one's lease ran out): it records the scan, not us. */
		rc = scan_util__error(SCAN_ECANCELED, "scan job %lld was taken over by another worker", (long long)job_id);
	scan_db__finalize(s);
	return rc;
}
