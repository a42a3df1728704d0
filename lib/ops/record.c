/*
 * lib/ops/record.c - recording a completed scan: the store's rows with the
 * rules that decide them - new-in-PR by the baseline (spec appendix),
 * false-positive marks carried by fingerprint, the baseline upsert of a
 * default-branch scan, license classes, and the gate result (spec 3.1) -
 * in one transaction.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ops/ops_int.h"
#include "scan/jobs.h"
#include "scan/license.h"
#include "scan/ops.h"
#include "store/record.h"
#include "util/error.h"

typedef struct {
	int64_t org;
	scan_result *r;
	int64_t scan_id;
	const scan_job *job;      /* a queued scan's job: its row is completed, not a new one made */
	const char *owner;
} recording;

static int cmp_known(const void *a, const void *b)
{
	return strcmp(((const scan_known_fingerprint *)a)->fingerprint, ((const scan_known_fingerprint *)b)->fingerprint);
}

static const scan_known_fingerprint *find_known(const scan_known_fingerprints *set, const char *fingerprint)
{
	scan_known_fingerprint key = { fingerprint, NULL, 0 };

	return set->count ? bsearch(&key, set->items, set->count, sizeof(*set->items), cmp_known) : NULL;
}

/* Spec appendix rules 2 and 3; a default-branch scan moves no finding to new. Judged against git, kept. */
static void decide_flags(scan_result *r, bool baseline_exists, const scan_known_fingerprints *baseline,
                         const scan_known_fingerprints *marks)
{
	for (size_t i = 0; i < scan_finding_list_count(r->findings); i++) {
		scan_finding *f = scan_model__finding_list_at(r->findings, i);
		const scan_known_fingerprint *mark;
		if (r->new_from_git) {
			/* is_new_in_pr as scan_result_new_from_git() set it */
		} else if (r->repo.is_baseline_scan) {
			f->is_new_in_pr = false;
		} else {
			f->is_new_in_pr = !baseline_exists || !find_known(baseline, f->fingerprint);
		}
		if ((mark = find_known(marks, f->fingerprint)) != NULL) {
			f->user_marked_fp = true;
			f->fp_reason = mark->reason; /* in the result's arena */
			f->fp_marked_at = mark->marked_at;
		}
	}
}

/* What the store keeps for each component's license: its class by name. */
static int license_types(const char ***out, const scan_result *r)
{
	size_t n;
	const scan_component *comp = scan_result_components(r, &n);

	*out = NULL;
	if (!n)
		return 0;
	if (!(*out = calloc(n, sizeof(**out))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++)
		(*out)[i] = scan_license_type(comp[i].license ? scan_license_classify(comp[i].license) : SCAN_LICENSE_UNKNOWN);
	return 0;
}

static int record_body(scan_store *st, void *ctx)
{
	recording *rec = ctx;
	scan_result *r = rec->r;
	scan_known_fingerprints marks = { 0 }, baseline = { 0 };
	scan_arena baseline_arena = SCAN_ARENA_INIT; /* the baseline's fingerprints, needed only while recording */
	const char **licenses = NULL;
	int64_t repo_id = 0, scan_id = 0;
	bool baseline_exists = false;
	const char *base = r->repo.default_branch;
	int rc = 0;

	if (rec->job) {
		/* Exactly once: the job must still be this worker's, and is done in the same transaction. */
		repo_id = rec->job->repo_id;
		scan_id = rec->job->scan_id;
		if ((rc = scan_store__job_finish(st, rec->job->id, rec->owner, time(NULL))) != 0 ||
		    (rc = scan_store__scan_complete(st, rec->org, scan_id, r)) != 0)
			goto done;
	} else if ((rc = scan_store__repo_upsert(&repo_id, st, rec->org, &r->repo)) != 0 ||
	           (rc = scan_store__scan_insert(&scan_id, st, rec->org, repo_id, r)) != 0) {
		goto done;
	}
	/* A pull request's scan is new against its target branch, where that branch has a baseline of its own. */
	if (rec->job && rec->job->base_branch &&
	    (rc = scan_store__baseline_exists(&baseline_exists, st, repo_id, rec->job->base_branch)) == 0 &&
	    baseline_exists)
		base = rec->job->base_branch;
	if (rc || (rc = scan_store__baseline_exists(&baseline_exists, st, repo_id, base)) != 0 ||
	    (rc = scan_store__fp_marks(&marks, st, repo_id, &r->findings->arena)) != 0 ||
	    (baseline_exists && !r->repo.is_baseline_scan && !r->new_from_git &&
	     (rc = scan_store__baseline_fingerprints(&baseline, st, repo_id, base, &baseline_arena)) != 0))
		goto done;
	decide_flags(r, baseline_exists, &baseline, &marks);
	if ((rc = license_types(&licenses, r)) != 0 ||
	    (rc = scan_store__findings_insert(st, repo_id, scan_id, r->findings,
	                                      r->repo.is_baseline_scan ? r->repo.default_branch : NULL)) != 0 ||
	    (rc = scan_store__skipped_insert(st, scan_id, &r->stats)) != 0 ||
	    (rc = scan_store__quality_record(st, scan_id, r)) != 0 ||
	    (rc = scan_store__dependencies_record(st, scan_id, r, licenses)) != 0)
		goto done;
	/* Spec 3.1: the gate status is computed and stored when the scan completes. */
	if ((rc = scan_ops__gate_refresh(st, rec->org, scan_id)) != 0)
		goto done;
	if (scan_result_ai(r)) {
		/* The AI policy's verdict, from the decisions and waivers stored before this run. */
		scan_store_ai_run run = { rec->org, repo_id, scan_id, r->repo.branch, r->repo.commit,
		                          r->repo.is_baseline_scan, scan_result_ai(r), r->findings, NULL, NULL, time(NULL),
		                          false };
		char *verdict = NULL;
		if ((rc = scan_ops__ai_verdict(&verdict, &run.policy_status, &run.policy_gate, st, rec->org, repo_id,
		                               scan_result_ai(r), r->findings)) == 0) {
			run.policy_result = verdict;
			rc = scan_store__ai_run_record(NULL, st, &run);
		}
		free(verdict);
		if (rc)
			goto done;
	}
	rec->scan_id = scan_id;
done:
	free(licenses);
	free(marks.items);
	free(baseline.items);
	scan_arena__dispose(&baseline_arena);
	return rc;
}

static int record(int64_t *scan_id_out, scan_store *st, int64_t org, scan_result *r, const scan_job *job,
                  const char *owner)
{
	recording rec = { org, r, 0, job, owner };
	int rc;

	if ((rc = scan_store_transact(st, record_body, &rec)) != 0) {
		/* Nothing was stored: the findings must not claim ids that do not exist. */
		for (size_t i = 0; i < scan_finding_list_count(r->findings); i++) {
			scan_finding *f = scan_model__finding_list_at(r->findings, i);
			f->id = 0;
			f->scan_id = 0;
		}
		return rc;
	}
	if (scan_id_out)
		*scan_id_out = rec.scan_id;
	return 0;
}

int scan_ops_record(int64_t *scan_id_out, scan_store *st, int64_t org, scan_result *r)
{
	return record(scan_id_out, st, org, r, NULL, NULL);
}

int scan_ops_job_complete(scan_store *st, const scan_job *job, const char *owner, scan_result *r)
{
	return record(NULL, st, job->org_id, r, job, owner);
}
