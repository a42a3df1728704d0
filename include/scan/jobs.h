/* include/scan/jobs.h - durable scan jobs: queued by the server, run by workers in any process */
#ifndef SCAN_JOBS_H
#define SCAN_JOBS_H

#include <signal.h>
#include <time.h>
#include "common.h"
#include "store.h"

/*
 * A job is the work of one pending scan. Lifecycle (spec 3.1): pending ->
 * scanning (claimed by a worker with a lease, progress 0-100) -> completed
 * or failed (with a message). A worker renews its lease while it runs; a
 * lease that runs out (the worker was killed) makes the job claimable
 * again, and a job claimed max_attempts times without finishing fails. At
 * most one job of a repository and branch is scanning at a time. The
 * scan's findings are recorded exactly once: completion is one transaction
 * that also checks the lease is still the worker's.
 */
typedef struct {
	int64_t id, org_id, repo_id, scan_id;
	const char *target;          /* a git URL or a local path */
	const char *branch;          /* NULL: the repository's default */
	const char *scan_type;       /* "smart" or "deep" */
	int tier;                    /* the confidence threshold, 0-100 */
	const char *status;          /* pending, scanning, completed, failed */
	int progress;                /* 0-100 */
	int attempts;
	const char *error;           /* failed: why */
	const char *git_token_sealed; /* the trigger's provider token, sealed (scan_seal()); NULL: none; cleared at the end */
	int64_t pr_number;           /* a pull request's scan (a provider's webhook); 0: none */
	const char *base_branch;     /* its target branch, whose baseline tells new findings; NULL: the default branch */
	time_t created_at, updated_at;
} scan_job;

typedef struct scan_job_list scan_job_list;
SCAN_EXTERN size_t scan_job_list_count(const scan_job_list *l);
SCAN_EXTERN const scan_job *scan_job_list_get(const scan_job_list *l, size_t i);
SCAN_EXTERN void scan_job_list_free(scan_job_list *l);

/*
 * Queue a scan of repo_id: a scan row with status pending (issues_count 0)
 * and its job, in one transaction. *scan_id is the new scan.
 * SCAN_ENOTFOUND for a repository of another organization.
 */
SCAN_EXTERN int scan_store_job_enqueue(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id,
                                       const char *target, const char *branch, const char *scan_type, int tier,
                                       const char *git_token_sealed);

/*
 * Claim the oldest job a worker may run: pending, or scanning under a lease
 * that ran out, with no other job of its repository and branch scanning
 * under a live lease. A job taken max_attempts times already fails instead
 * ("a worker stopped while running it N times"). The lease is owner's for
 * lease_seconds from now. *out is NULL when there is nothing to do.
 */
SCAN_EXTERN int scan_store_job_claim(scan_job_list **out, scan_store *st, const char *owner, unsigned lease_seconds,
                                     unsigned max_attempts, time_t now);
/* Renew owner's lease and set the progress; SCAN_ENOTFOUND when the lease is no longer owner's. */
SCAN_EXTERN int scan_store_job_renew(scan_store *st, int64_t job_id, const char *owner, unsigned lease_seconds,
                                     int progress, time_t now);
/* The job and its scan fail with message (owner's lease only; SCAN_ENOTFOUND otherwise). */
SCAN_EXTERN int scan_store_job_fail(scan_store *st, int64_t job_id, const char *owner, const char *message, time_t now);
/* Give back every job owner holds: their leases end now, so another worker takes them. */
SCAN_EXTERN int scan_store_job_release(scan_store *st, const char *owner, time_t now);
/* The job of a scan of the organization; SCAN_ENOTFOUND when the scan has none. */
SCAN_EXTERN int scan_store_job_of_scan(scan_job_list **out, scan_store *st, int64_t org, int64_t scan_id);
/* Jobs by status, counted across organizations (for the worker's log and the tests). */
SCAN_EXTERN int scan_store_job_counts(int64_t counts[4], scan_store *st);

#endif
