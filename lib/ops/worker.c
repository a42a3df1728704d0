/* lib/ops/worker.c - a scan worker's step: claim a job, run its scan under the lease, record it once */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/jobs.h"
#include "scan/location.h"
#include "scan/seal.h"
#include "scan/ops.h"
#include "util/error.h"

typedef struct {
	scan_store *st;
	const scan_worker_options *o;
	const scan_job *job;
	time_t renewed;
	time_t stop_seen;           /* when *stop was first seen non-zero; 0: not yet */
	atomic_bool lost;           /* the lease is no longer ours */
	atomic_bool stopping;       /* the grace after a stop is over */
} running;

static unsigned lease_of(const scan_worker_options *o)
{
	return o->lease_seconds ? o->lease_seconds : 60;
}

/* Called by scan_run() about ten times a second, from the thread that called it. */
static void on_progress(const scan_progress *p, void *payload)
{
	running *run = payload;
	time_t now = time(NULL);
	unsigned lease = lease_of(run->o);
	int pct = p->files_total ? (int)(p->files_done * 99 / p->files_total) : 0;

	if (run->o->stop && *run->o->stop) {
		if (!run->stop_seen)
			run->stop_seen = now;
		if (now - run->stop_seen >= (time_t)(run->o->grace_seconds ? run->o->grace_seconds : 30))
			atomic_store(&run->stopping, true);
	}
	if (now - run->renewed < (time_t)(lease / 3 ? lease / 3 : 1))
		return;
	run->renewed = now;
	if (scan_store_job_renew(run->st, run->job->id, run->o->owner, lease, pct, now) == SCAN_ENOTFOUND)
		atomic_store(&run->lost, true);
}

static bool is_cancelled(void *payload)
{
	running *run = payload;

	return atomic_load(&run->lost) || atomic_load(&run->stopping);
}

int scan_ops_worker_step(bool *ran, scan_store *st, const scan_worker_options *o)
{
	scan_job_list *l = NULL;
	scan_options so = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_job *job;
	running run;
	scan_location loc;
	scan_location_policy policy = { o->allow_local, o->git_hosts };
	char message[512], *token = NULL;
	time_t now = time(NULL);
	int rc, src;

	*ran = false;
	if (!o || o->version != SCAN_WORKER_OPTIONS_VERSION || !o->owner)
		return scan_util__error(SCAN_EINVAL, "scan worker options: version %u, owner %s", o ? o->version : 0,
		                        o && o->owner ? "set" : "missing");
	if ((rc = scan_store_job_claim(&l, st, o->owner, lease_of(o), o->max_attempts, now)) != 0 || !l)
		return rc;
	*ran = true;
	job = scan_job_list_get(l, 0);
	/*
	 * The import's rule again, on what the store holds: a repository the
	 * CLI recorded (an ssh remote, a local path) or a row written around
	 * the API is not cloned unless an import would have taken it.
	 */
	if (scan_location_check(&loc, job->target, &policy) != 0) {
		snprintf(message, sizeof(message), "cannot scan this repository: %s", scan_error_last()->message);
		rc = scan_store_job_fail(st, job->id, o->owner, message, now);
		goto done;
	}
	/* The trigger's provider token, for this clone only: opened here, cleared once the scan is over. */
	if (job->git_token_sealed) {
		if (!o->token_key) {
			rc = scan_store_job_fail(st, job->id, o->owner, "the scan carries a provider token and this worker has no"
			                         " key to open it (rampart worker --token-key)", now);
			goto done;
		}
		if (scan_unseal(&token, o->token_key, job->git_token_sealed) != 0) {
			snprintf(message, sizeof(message), "cannot open the scan's provider token: %s", scan_error_last()->message);
			rc = scan_store_job_fail(st, job->id, o->owner, message, now);
			goto done;
		}
		so.git_token = token;
	}
	memset(&run, 0, sizeof(run));
	run.st = st;
	run.o = o;
	run.job = job;
	run.renewed = now;
	atomic_init(&run.lost, false);
	atomic_init(&run.stopping, false);
	so.target = job->target;
	so.branch = job->branch;
	so.scan_type = job->scan_type;
	so.min_confidence = job->tier > 0 && job->tier <= 100 ? (unsigned)job->tier : 0;
	so.jobs = o->jobs;
	so.vulndb = o->vulndb;
	so.tmp_dir = o->tmp_dir;
	so.progress = on_progress;
	so.progress_payload = &run;
	so.cancelled = is_cancelled;
	so.cancel_payload = &run;
	src = scan_run(&r, &so);
	now = time(NULL);
	if (atomic_load(&run.lost)) {
		rc = 0; /* another worker has the job now: nothing of ours is stored */
	} else if (src == SCAN_ECANCELED || (src == 0 && atomic_load(&run.stopping))) {
		rc = scan_store_job_release(st, o->owner, now);
	} else if (src != 0) {
		snprintf(message, sizeof(message), "%s", scan_error_last()->message);
		rc = scan_store_job_fail(st, job->id, o->owner, message, now);
	} else if ((rc = scan_ops_job_complete(st, job, o->owner, r)) == SCAN_ECANCELED) {
		rc = 0; /* taken over while we recorded: the other worker records it */
	} else if (!rc && job->pr_number) {
		/* Recorded: the pull request hears of it. What the provider said is the review's, not the job's. */
		scan_decorate_options d = { o->token_key, o->provider_api, o->public_url };
		char summary[512];
		rc = scan_ops_pr_decorate(summary, sizeof(summary), st, job->org_id, job->scan_id, &d);
	} else if (rc) {
		/* The store refused the result (full disk, a dropped connection): the job fails with why. */
		snprintf(message, sizeof(message), "cannot record the scan: %s", scan_error_last()->message);
		src = rc;
		rc = scan_store_job_fail(st, job->id, o->owner, message, now);
		if (!rc)
			rc = src;
	}
done:
	if (token) {
		explicit_bzero(token, strlen(token));
		free(token);
	}
	scan_result_free(r);
	scan_job_list_free(l);
	return rc;
}
