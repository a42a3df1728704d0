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
	bool policy_gate;               /* the policy's gate was on: a failed verdict fails the scan */
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
	const char *fingerprint;        /* the scan findings' it stands for, run after run */
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
	int64_t scan_id;                /* runs: only this scan's; 0: every scan */
	int64_t id;                     /* assets, findings: only this one; 0: every one */
	size_t skip, limit;             /* limit 0: every row */
} scan_ai_filter;

SCAN_EXTERN int scan_store_ai_runs(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
/* The run of one scan (out->count 0 when the ai analyzer did not run in it). */
SCAN_EXTERN int scan_store_ai_run_of_scan(scan_ai_records *out, scan_store *st, int64_t org, int64_t scan_id);
SCAN_EXTERN int scan_store_ai_assets(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
SCAN_EXTERN int scan_store_ai_findings(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f);
/* What one run saw of an asset: the asset's fields then (JSON, scan_ai_asset_json()). */
typedef struct {
	int64_t run_id, scan_id;
	const char *commit;
	time_t created_at;
	const char *fields;
} scan_ai_observation_record;

/* An asset's observations, newest first, at most limit (0: all). */
SCAN_EXTERN int scan_store_ai_observations(scan_ai_observation_record **out, size_t *n, void **storage,
                                           scan_store *st, int64_t org, int64_t asset_id, size_t limit);

/* A relation of a run, by asset ids and identities. */
typedef struct {
	int64_t from_id, to_id;
	const char *from_identity, *kind, *to_identity;
} scan_ai_relation_record;

/*
 * The relations of the latest default-branch run of each repository
 * (repo_id 0: of every repository of org; asset_id: only those touching
 * it), sorted by from, kind, to.
 */
SCAN_EXTERN int scan_store_ai_relations(scan_ai_relation_record **out, size_t *n, void **storage, scan_store *st,
                                        int64_t org, int64_t repo_id, int64_t asset_id);
SCAN_EXTERN void scan_ai_storage_free(void *storage);

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

/* ---- governance: policy, approvals, triage, waivers; each change audited in its transaction ---- */

/*
 * A policy document as stored (repo_id 0: the organization's), *doc
 * malloc'd JSON and *version its version; SCAN_ENOTFOUND when there is none.
 */
SCAN_EXTERN int scan_store_ai_policy_get(char **doc, long long *version, scan_store *st, int64_t org, int64_t repo_id);
/*
 * Replace it: expected_version is the version read (0 when there was
 * none); another answers SCAN_ECONFLICT. *version: the new one. The
 * document is the caller's, checked (scan_ops_ai_policy_put).
 */
SCAN_EXTERN int scan_store_ai_policy_put(long long *version, scan_store *st, int64_t org, int64_t repo_id,
                                         const char *doc, long long expected_version, int64_t user_id,
                                         const scan_audit_entry *audit);
/* Delete a repository's override (it inherits again); SCAN_ENOTFOUND when it has none. */
SCAN_EXTERN int scan_store_ai_policy_delete(scan_store *st, int64_t org, int64_t repo_id, const scan_audit_entry *audit);

/* An asset's approval: unreviewed, approved, restricted, denied. SCAN_ENOTFOUND outside org. */
SCAN_EXTERN int scan_store_ai_approval_set(scan_store *st, int64_t org, int64_t asset_id, const char *status,
                                           const char *reason, int64_t user_id, const scan_audit_entry *audit);
/* A finding's triage: open, acknowledged, accepted_risk, resolved, dismissed. SCAN_ENOTFOUND outside org. */
SCAN_EXTERN int scan_store_ai_triage_set(scan_store *st, int64_t org, int64_t finding_id, const char *status,
                                         const char *reason, int64_t user_id, const scan_audit_entry *audit);

typedef struct {
	int64_t id, org_id;
	const char *scope;             /* organization, repository, finding */
	int64_t repo_id, finding_id;   /* 0: none */
	const char *rule_id;           /* AI0xx or NULL (every rule, in its scope) */
	const char *reason;
	time_t expires_at, created_at, revoked_at;
	int64_t created_by;
} scan_ai_waiver;

typedef struct {
	scan_ai_waiver *items;
	size_t count;
	void *storage;
} scan_ai_waiver_list;

SCAN_EXTERN int scan_store_ai_waiver_add(int64_t *id, scan_store *st, const scan_ai_waiver *w,
                                         const scan_audit_entry *audit);
/* SCAN_ENOTFOUND when it is not org's, SCAN_EINVAL when revoked already. */
SCAN_EXTERN int scan_store_ai_waiver_revoke(scan_store *st, int64_t org, int64_t id, int64_t user_id,
                                            const scan_audit_entry *audit);
/* active_only: not revoked and not expired at now. */
SCAN_EXTERN int scan_store_ai_waivers(scan_ai_waiver_list *out, scan_store *st, int64_t org, bool active_only, time_t now);
SCAN_EXTERN void scan_ai_waiver_list_dispose(scan_ai_waiver_list *l);

/*
 * BOM declarations (spec 2.13): what an organization states about an asset,
 * every version kept. get: the latest of an asset of org (SCAN_ENOTFOUND
 * for an asset outside org; *version 0 and an empty declaration when it has
 * none). put: a new version; expected_version is the one read (0 first),
 * another answers SCAN_ECONFLICT. The declaration is the caller's, checked
 * (scan_ops_ai_declare).
 */
typedef struct {
	scan_ai_declaration *items;     /* sorted by identity: the writers' input */
	size_t count;
	void *storage;
} scan_ai_declaration_list;

SCAN_EXTERN int scan_store_ai_declaration_get(scan_ai_declaration_list *out, scan_store *st, int64_t org,
                                              int64_t asset_id);
SCAN_EXTERN int scan_store_ai_declaration_put(long long *version, scan_store *st, int64_t org, int64_t asset_id,
                                              const scan_ai_declaration *d, long long expected_version,
                                              int64_t user_id, const scan_audit_entry *audit);
/* The latest declaration of every asset of a repository, sorted by identity. */
SCAN_EXTERN int scan_store_ai_declarations(scan_ai_declaration_list *out, scan_store *st, int64_t org, int64_t repo_id);
SCAN_EXTERN void scan_ai_declaration_list_dispose(scan_ai_declaration_list *l);

#endif
