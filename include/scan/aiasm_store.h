/* include/scan/aiasm_store.h - the AI inventory over time, as stored: runs, assets, findings, BOM generations */
#ifndef SCAN_AIASM_STORE_H
#define SCAN_AIASM_STORE_H

#include <time.h>
#include "aiasm.h"
#include "aibom.h"
#include "store.h"

typedef struct {
	int64_t id, repo_id, scan_id;
	const char *repo_name;
	const char *branch, *commit;
	bool default_branch;
	const char *coverage_status;    /* complete, partial */
	const char *coverage_reasons;   /* JSON array of gaps: {file_path, line_number, reason} */
	const char *canonicalization;
	uint64_t asset_count, finding_count;
	const char *policy_status;      /* passed, failed, not_configured */
	const char *policy_result;      /* JSON, or NULL */
	time_t created_at;
} scan_ai_run_record;

typedef struct {
	int64_t id, repo_id;
	const char *repo_name;
	const char *identity, *canonicalization, *asset_type, *name, *provider;
	const char *risk_level;         /* low, medium, high, critical: its worst open finding's severity */
	const char *status;             /* active: the latest default-branch run saw it; removed */
	const char *approval_status;    /* unreviewed, approved, restricted, denied */
	const char *approval_reason;
	int64_t approval_by;
	time_t approval_at;
	int64_t first_run_id, last_run_id;
	time_t first_seen_at, last_seen_at;
} scan_ai_asset_record;

typedef struct {
	int64_t id, repo_id;
	const char *repo_name;
	const char *rule_id;            /* AI001..AI025 */
	const char *detector;           /* the finding's rule: "ai/AI017", "sast/python.ai-llm-output-sql" */
	const char *owasp_category;     /* LLM01..LLM10 */
	const char *severity, *cwe_id, *title, *file_path, *evidence, *remediation;
	uint32_t line_number;
	bool present;                   /* the latest default-branch run still saw it */
	const char *status;             /* open, acknowledged, accepted_risk, resolved, dismissed */
	const char *status_reason;
	int64_t status_by;
	time_t status_at;
	int64_t first_run_id, last_run_id;
} scan_ai_finding_record;

typedef struct {
	int64_t id, repo_id, generation, run_id, scan_id;
	const char *commit, *coverage_status, *canonicalization;
	time_t created_at;
} scan_ai_generation_record;

/* One kind of record per read; total: the rows the filter matches, before skip and limit. */
typedef struct scan_ai_records {
	scan_ai_run_record *runs;
	scan_ai_asset_record *assets;
	scan_ai_finding_record *findings;
	scan_ai_generation_record *generations;
	size_t count, total;
	void *storage;
} scan_ai_records;

SCAN_EXTERN void scan_ai_records_dispose(scan_ai_records *r);

typedef struct {
	int64_t repo_id;                /* 0: every repository of the organization */
	const char *asset_type, *risk_level, *approval_status, *status, *search;  /* assets */
	const char *severity, *owasp_category, *finding_status;                  /* findings (status: finding_status) */
	const char *coverage_status;                                              /* runs */
	size_t skip, limit;             /* limit 0: every row */
} scan_ai_filter;

SCAN_EXTERN int scan_store_ai_runs(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
SCAN_EXTERN int scan_store_ai_assets(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
SCAN_EXTERN int scan_store_ai_findings(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
/* The repository's authoritative generations, newest first. */
SCAN_EXTERN int scan_store_ai_generations(scan_ai_records *out, scan_store *st, int64_t org, int64_t repo_id);

/*
 * The inventory of one generation (0: the latest), rebuilt from what its
 * run observed, so an old generation exports as it did. *gen describes it.
 * SCAN_ENOTFOUND when the repository has no such generation.
 */
typedef struct scan_ai_snapshot scan_ai_snapshot;
SCAN_EXTERN int scan_store_ai_snapshot(scan_ai_snapshot **out, scan_store *st, int64_t org, int64_t repo_id,
                                       int64_t generation);
SCAN_EXTERN const scan_ai_inventory *scan_ai_snapshot_inventory(const scan_ai_snapshot *s);
SCAN_EXTERN const scan_ai_generation_record *scan_ai_snapshot_generation(const scan_ai_snapshot *s);
SCAN_EXTERN void scan_ai_snapshot_free(scan_ai_snapshot *s);

#endif
