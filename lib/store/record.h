/*
 * lib/store/record.h - what the store offers the operations layer (lib/ops)
 * beyond its public calls: the rows of one scan, written as given (the
 * operations layer decides each finding's flags, the gate result and the
 * license classes, and calls these inside one scan_store_transact()), and
 * the stored inputs and result of a scan's gate.
 */
#ifndef SCAN_STORE_RECORD_H
#define SCAN_STORE_RECORD_H

#include "run/result.h"
#include "scan/aiasm.h"
#include "scan/store.h"
#include "util/arena.h"

/* A fingerprint the repository already knows: a false-positive mark (with its reason) or a baseline entry. */
typedef struct {
	const char *fingerprint, *reason;
	time_t marked_at;
} scan_known_fingerprint;

typedef struct {
	scan_known_fingerprint *items; /* sorted by fingerprint */
	size_t count, cap;
} scan_known_fingerprints;

/* The repository of org by URL, created on first sight and updated after. */
int scan_store__repo_upsert(int64_t *repo_id, scan_store *st, int64_t org, const scan_repo_info *ri);
/* The scan's row: completed, with its stats and times. */
int scan_store__scan_insert(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id, const scan_result *r);
/* A queued scan's row, completed with r's facts. */
int scan_store__scan_complete(scan_store *st, int64_t org, int64_t scan_id, const scan_result *r);
/* A pending scan of the repository and its job, inside the caller's transaction (scan_store_job_enqueue()). */
int scan_store__job_insert(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id, const char *target,
                           const char *branch, const char *scan_type, int tier, const char *git_token_sealed,
                           int64_t pr_number, const char *base_branch);
/* The job is done: SCAN_ECANCELED when its lease is no longer owner's (another worker records it). */
int scan_store__job_finish(scan_store *st, int64_t job_id, const char *owner, time_t now);
/* Whether repo_id has baseline fingerprints on branch. */
int scan_store__baseline_exists(bool *out, scan_store *st, int64_t repo_id, const char *branch);
/* The repository's false-positive marks, or its baseline on branch; strings in a. */
int scan_store__fp_marks(scan_known_fingerprints *out, scan_store *st, int64_t repo_id, scan_arena *a);
int scan_store__baseline_fingerprints(scan_known_fingerprints *out, scan_store *st, int64_t repo_id,
                                      const char *branch, scan_arena *a);
/*
 * The findings as they are (flags decided), each one's id and scan_id set;
 * with baseline_branch, their fingerprints upserted into that branch's
 * baseline too.
 */
int scan_store__findings_insert(scan_store *st, int64_t repo_id, int64_t scan_id, scan_finding_list *findings,
                                const char *baseline_branch);
/* What the scan could not look at. */
int scan_store__skipped_insert(scan_store *st, int64_t scan_id, const scan_stats *ss);
/* The quality summary, metrics, new lines and repository gate policy of a scan being recorded (quality.c). */
int scan_store__quality_record(scan_store *st, int64_t scan_id, const scan_result *r);
/* The scan's components and their edges, license_types[i] the class of component i (dependencies.c). */
int scan_store__dependencies_record(scan_store *st, int64_t scan_id, const scan_result *r,
                                    const char *const *license_types);

/* One scan's AI run, as the operations layer decided it (policy_status and _result its verdict). */
typedef struct {
	int64_t org, repo_id, scan_id;
	const char *branch, *commit;
	bool default_branch;            /* the inventory over time, findings' triage and BOM generations move */
	const scan_ai_inventory *inv;
	const scan_finding_list *findings; /* the scan's: those of category ai are the run's */
	const char *policy_status;      /* passed, failed, not_configured */
	const char *policy_result;      /* JSON or NULL */
	time_t now;
	bool policy_gate;               /* the verdict fails the scan when it failed */
} scan_store_ai_run;

/*
 * Record the run; on the default branch also its assets (upserted by
 * identity, the rest marked removed), their observations and relations,
 * its AI findings (the rest no longer present) and a new BOM generation.
 */
int scan_store__ai_run_record(int64_t *run_id, scan_store *st, const scan_store_ai_run *rec);

/* The repository's gate file as recorded with the scan (JSON; *out NULL when it had none). */
int scan_store__repo_policy(char **out, scan_store *st, int64_t org, int64_t scan_id);
/* The gate result of a scan, replacing any earlier one. */
int scan_store__gate_save(scan_store *st, int64_t scan_id, const scan_gate_report *r, time_t now);
/*
 * critical, high, medium, low, total of the scan's findings that count
 * (scan_finding_counts(): no false positives, no suppressed ones, no test
 * code but its secrets), of all or of the new ones only.
 */
int scan_store__count_findings(uint64_t counts[5], scan_store *st, int64_t org, int64_t scan_id, bool new_only);

/* A path and a text stored with it (a file's new-line ranges). */
typedef struct {
	const char *path, *text;
} scan_path_text;

/* The coverage of one file of a scan, as measured. */
typedef struct {
	const char *path;
	uint64_t lines, covered, new_lines, new_covered;
} scan_coverage_row;

/* Every file's new-line ranges of a scan, sorted by path; strings in a, *out the caller's. */
int scan_store__new_lines(scan_path_text **out, size_t *n, scan_store *st, int64_t scan_id, scan_arena *a);
/* The scan's coverage replaced by rows (in one report format). */
int scan_store__coverage_replace(scan_store *st, int64_t org, int64_t scan_id, const scan_coverage_row *rows,
                                 size_t n, const char *report_format);
/* The scan's quality summary replaced by q, keeping the analyzer versions recorded with it. */
int scan_store__quality_update(scan_store *st, int64_t org, int64_t scan_id, const scan_quality_summary *q);

/* Repositories by import (repos.c): the organization's row locked for the transaction, with its plan. */
int scan_store__org_lock(scan_plan *plan, scan_store *st, int64_t org);
int scan_store__repo_count(int64_t *n, scan_store *st, int64_t org);
/* *id 0 when the organization has no repository at url. */
int scan_store__repo_by_url(int64_t *id, scan_store *st, int64_t org, const char *url);
int scan_store__repo_insert(int64_t *id, scan_store *st, int64_t org, const char *name, const char *url,
                            const char *source);

/* The rows of the calls of include/scan/ops.h of the same names, which validate first. */
int scan_store__mark_fp(scan_store *st, int64_t org, int64_t user_id, int64_t issue_id, bool is_fp, const char *reason);
int scan_store__triage_set(scan_store *st, int64_t org, int64_t issue_id, const char *status,
                           const char *justification, int64_t assigned_to);
/* SCAN_ENOTFOUND when w->repo_id is not a repository of org. */
int scan_store__waiver_insert(int64_t *id, scan_store *st, int64_t org, const scan_waiver *w);

#endif
