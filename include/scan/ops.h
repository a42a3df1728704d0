/*
 * include/scan/ops.h - the operations: where the store meets the rules.
 *
 * Each call is one thing a user does to stored data - record a scan,
 * evaluate its gate, import coverage onto it, waive a gate condition, mark
 * a false positive, triage a dependency finding, check a dependency policy
 * - with the rules that decide it, in one transaction where it writes. The
 * CLI calls these, and so does the server: neither repeats a rule. Every
 * call names the organization it works in (include/scan/tenant.h).
 */
#ifndef SCAN_OPS_H
#define SCAN_OPS_H

#include <signal.h>

#include "common.h"
#include "aiasm_store.h"
#include "aibom.h"
#include "compliance_store.h"
#include "coverage.h"
#include "gate.h"
#include "quality.h"
#include "sca_policy.h"
#include "schedule.h"
#include "schedule_store.h"
#include "location.h"
#include "webhook.h"
#include "webhook_store.h"
#include "notify.h"
#include "notify_store.h"
#include "scan.h"
#include "jobs.h"
#include "store.h"

/*
 * Record a completed scan in one transaction: the repository (created on
 * first sight), the scan row, each finding with is_new_in_pr set by the
 * spec's new-code rules and user_marked_fp carried over from earlier marks
 * of the same fingerprint, the baseline upsert on a default-branch scan, and
 * the gate status. Sets the id, scan_id and flags of the findings in r.
 * Either all of it is stored or none of it.
 */
SCAN_EXTERN int scan_ops_record(int64_t *scan_id, scan_store *st, int64_t org, scan_result *r);

/*
 * The gate of a stored scan recomputed against the organization's current
 * configuration and waivers (and the repository's gate file recorded with
 * the scan), without writing; pr_number 0 keeps the scan's own.
 * SCAN_ENOTFOUND for a scan the organization does not have.
 */
SCAN_EXTERN int scan_ops_gate_evaluate(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id,
                                       int64_t pr_number);

typedef struct {
	unsigned int version;
	scan_cov_format format; /* SCAN_COV_AUTO: detected */
	const char *root;       /* where the report's absolute paths start; NULL: a local scan's root */
} scan_coverage_import_options;
#define SCAN_COVERAGE_IMPORT_OPTIONS_INIT { 1, SCAN_COV_AUTO, NULL }

typedef struct {
	scan_cov_format format;       /* the report's, detected or given */
	size_t records;               /* files stored */
	size_t unmapped;              /* report files that match no scanned file */
	scan_quality_summary quality; /* the scan's summary after the import */
} scan_coverage_import_result;

/*
 * Import a coverage report (data, len bytes, at most SCAN_COV_MAX_BYTES)
 * onto a stored scan: parsed, its paths mapped onto the scan's files,
 * measured per file overall and on the scan's new lines; the coverage
 * replaces any earlier one, and the quality summary (coverage, new
 * coverage, debt, ratings) and the stored gate status follow, in one
 * transaction. SCAN_ENOTFOUND for a scan the organization does not have,
 * SCAN_EINVAL when the scan has no code metrics, SCAN_EPARSE for a report
 * that does not parse.
 */
SCAN_EXTERN int scan_ops_coverage_import(scan_coverage_import_result *out, scan_store *st, int64_t org,
                                         int64_t scan_id, const char *data, size_t len,
                                         const scan_coverage_import_options *opts);

/* How many repositories an organization on plan p may have: free 5, team 50; 0 for enterprise, no limit. */
SCAN_EXTERN unsigned scan_plan_repo_limit(scan_plan p);

typedef struct {
	const char *name;
	const char *url;       /* canonical, as scan_location_check() gives it */
	const char *source;    /* the provider's lower-case name */
	/* set by the import */
	int64_t id;
	bool created;          /* false: the organization had it already, or an earlier item is the same */
} scan_repo_import;

/*
 * Add repositories to the organization in one transaction, skipping the
 * ones it has (by URL) and repeats. When the new ones would take it over
 * its plan's limit nothing is added and SCAN_ELIMIT returned; *count is
 * then the repositories it has, and *limit the plan's (0: none).
 */
SCAN_EXTERN int scan_ops_repos_import(int64_t *count, unsigned *limit, scan_store *st, int64_t org,
                                      scan_repo_import *items, size_t n);

/*
 * Mark (is_fp true, reason required) or unmark a finding as a false
 * positive, by user_id. The mark also sticks to the fingerprint, so later
 * scans of the repository inherit it. SCAN_ENOTFOUND for an issue id the
 * organization does not have.
 */
SCAN_EXTERN int scan_ops_mark_fp(scan_store *st, int64_t org, int64_t user_id, int64_t issue_id, bool is_fp,
                                 const char *reason);

/*
 * Set the triage of the dependency finding issue_id (and so of its
 * vulnerability in that package for the whole repository). SCAN_ENOTFOUND
 * for an unknown id, SCAN_EINVAL for a finding that is not a dependency
 * finding, an unknown status, or a justification over 2000 bytes.
 */
SCAN_EXTERN int scan_ops_triage_set(scan_store *st, int64_t org, int64_t issue_id, const char *status,
                                    const char *justification, int64_t assigned_to);

/*
 * Waive a gate condition: rule must be a policy key and reason non-empty
 * (at most 2000 bytes); pr_number needs a repo_id of the organization;
 * expires_at must be in the future and at most 366 days away. w's
 * created_by_user_id is the author.
 */
SCAN_EXTERN int scan_ops_waiver_add(int64_t *id, scan_store *st, int64_t org, const scan_waiver *w);

/*
 * The dependency policy in force: the policy file's YAML (yaml NULL: no
 * file; name names it in messages) merged onto the default policy, or its
 * rules alone with no_default. *file_rules: how many rules the file had.
 * The file's warnings are the policy's (scan_sca_policy_warning()).
 */
SCAN_EXTERN int scan_ops_policy_load(scan_sca_policy **out, size_t *file_rules, const char *yaml, size_t len,
                                     const char *name, bool no_default);

/*
 * A scanned tree's dependencies (r, with the sca analyzer) against policy
 * p at `now`: license classes judged, and the findings the repository's
 * triage in st (NULL: none) decided need no fix left out.
 */
SCAN_EXTERN int scan_ops_policy_check(scan_sca_policy_report **out, scan_store *st, int64_t org,
                                      const scan_sca_policy *p, const scan_result *r, time_t now);

/* The open dependency findings of a stored scan and their fix deadlines. */
typedef struct {
	scan_sca_sla_status status;   /* breaches index into open */
	const scan_finding **open;    /* the findings on the clock: not triaged as needing no fix */
	size_t nopen;
	scan_finding_list *findings;  /* what open points into */
} scan_sla_view;

/*
 * The SLA of scan_id of repo_id under p's deadlines at `now`: each open
 * finding on the clock since the repository first had it (by fingerprint).
 */
SCAN_EXTERN int scan_ops_sla(scan_sla_view *out, scan_store *st, int64_t org, int64_t repo_id, int64_t scan_id,
                             const scan_sca_policy *p, time_t now);
SCAN_EXTERN void scan_sla_view_dispose(scan_sla_view *v);

/*
 * A queued scan's result, recorded into its pending scan (the one the job
 * names) with the same rules as scan_ops_record(), and the job completed,
 * in one transaction: SCAN_ECANCELED, with nothing stored, when owner's
 * lease on the job ran out and another worker took it over.
 */
SCAN_EXTERN int scan_ops_job_complete(scan_store *st, const scan_job *job, const char *owner, scan_result *r);

/* What a scan worker is: the server's threads and `rampart worker` alike. */
typedef struct {
	unsigned int version;
	const char *owner;               /* unique among the workers of a database: "host:pid:n" */
	unsigned lease_seconds;          /* 0: 60; renewed every third of it while a scan runs */
	unsigned max_attempts;           /* 0: 3 */
	const char *tmp_dir;             /* where clones are made; NULL: /tmp */
	bool allow_local;                /* run jobs whose target is a local path, not a URL */
	unsigned jobs;                   /* threads of each scan; 0: the cores */
	struct scan_vulndb_reader *vulndb; /* for dependency findings; NULL: inventory only */
	/*
	 * Asked while a scan runs: non-zero stops it (the job is given back,
	 * not failed, for another worker) once grace_seconds have passed since
	 * it turned non-zero; a scan that ends within the grace is recorded.
	 */
	volatile sig_atomic_t *stop;
	unsigned grace_seconds;          /* 0: 30 */
	/* Opens the provider tokens jobs carry (scan_seal()); NULL: a job with a token fails. */
	const unsigned char *token_key;
	const char *git_hosts;           /* the hosts a job may clone from (scan_location_policy); NULL: any */
	/* A pull request's scan posts its result back (scan_ops_pr_decorate()): the providers' API roots, NULL: hosted. */
	const char *provider_api[3];     /* indexed by scan_provider */
	const char *public_url;          /* the server's address, for a link to the scan; NULL: none */
} scan_worker_options;
#define SCAN_WORKER_OPTIONS_VERSION 1
#define SCAN_WORKER_OPTIONS_INIT \
	{ SCAN_WORKER_OPTIONS_VERSION, NULL, 0, 0, NULL, false, 0, NULL, NULL, 0, NULL, NULL, { NULL, NULL, NULL }, NULL }

/*
 * Claim one job and run it to its end: completed (recorded), failed (the
 * error is the job's and its scan's), or given back (stop, or the lease
 * lost). *ran is false when there was nothing to claim. The return is an
 * error of the store itself; a scan's own failure is the job's.
 */
SCAN_EXTERN int scan_ops_worker_step(bool *ran, scan_store *st, const scan_worker_options *o);

/* ---------------------------------------------------------------------------
 * Compliance (spec 4.5; docs/compliance.md)
 * ------------------------------------------------------------------------- */

/* Whether framework f is on for the organization: selected (or every framework is) and in its plan. */
SCAN_EXTERN bool scan_ops_compliance_enabled(const scan_compliance_config *c, const scan_framework *f, scan_plan plan);
/* The framework key names: a built-in one, else one of the organization's; NULL when none. */
SCAN_EXTERN const scan_framework *scan_ops_compliance_find(const scan_compliance_config *c, const char *key);
/* Every framework the organization sees: the built-in ones, then its own; *out malloc'd, the items borrowed. */
SCAN_EXTERN int scan_ops_compliance_all(const scan_framework ***out, size_t *n, const scan_compliance_config *c);

/*
 * The changes, each written with its audit entry: who is the actor (user
 * id, email, IP, user agent); the action code and the before/after
 * metadata are the operation's.
 *
 * enable: all (keys null: every framework) or exactly keys. An unknown key
 * is SCAN_EINVAL ("Unknown framework: k"); one the plan does not include
 * SCAN_EPLAN, with *locked that framework.
 * disable: ids replace the framework's not-applicable controls (none:
 * every control on). SCAN_ENOTFOUND for an unknown framework, SCAN_EINVAL
 * "Unknown control: <id>".
 * custom_add: the document (JSON or YAML, docs/compliance.md) checked,
 * SCAN_EINVAL naming what is wrong, SCAN_EEXIST for a key the
 * organization has; *fw (when given) is the framework as read.
 * custom_remove: SCAN_ENOTFOUND for a key the organization does not have.
 */
SCAN_EXTERN int scan_ops_compliance_enable(scan_store *st, int64_t org, scan_plan plan, bool all,
                                           const char *const *keys, size_t n, const scan_audit_entry *who,
                                           const scan_framework **locked);
SCAN_EXTERN int scan_ops_compliance_disable(scan_store *st, int64_t org, const char *key, const char *const *ids,
                                            size_t n, const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_compliance_custom_add(int64_t *id, scan_framework_set **fw, scan_store *st, int64_t org,
                                               const char *document, size_t len, const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_compliance_custom_remove(scan_store *st, int64_t org, const char *key,
                                                  const scan_audit_entry *who);

/* A repository's compliance at one scan: the report and what it points into. */
typedef struct {
	scan_compliance_report *report;
	scan_compliance_data *data;
	scan_compliance_config config;
} scan_compliance_score;

/* How a score is asked for. */
enum {
	SCAN_COMPLIANCE_REFINE = 1u << 0,   /* recommendations refined with the scan (spec 4.5 rule 2) */
	SCAN_COMPLIANCE_ANY_KEY = 1u << 1,  /* key may name a framework not enabled (a framework's controls listed) */
};

/*
 * Every enabled framework (key: that one only) over the repository's latest
 * completed default-branch scan (scan_id 0) or the scan named, at `now`.
 * SCAN_ENOTFOUND for a repository of another organization; SCAN_EINVAL for
 * an unknown key or (without SCAN_COMPLIANCE_ANY_KEY) a framework not
 * enabled.
 */
SCAN_EXTERN int scan_ops_compliance_score(scan_compliance_score *out, scan_store *st, int64_t org, scan_plan plan,
                                          int64_t repo_id, int64_t scan_id, const char *key, unsigned flags,
                                          time_t now);
SCAN_EXTERN void scan_compliance_score_dispose(scan_compliance_score *s);

/* The trend: the score at each completed default-branch scan of the last `days` days (1..3650), oldest first. */
typedef struct {
	scan_compliance_config config;
	const scan_framework **frameworks;   /* the frameworks scored, in the points' order */
	size_t nframeworks;
	scan_compliance_trend_point *points;
	size_t count;
} scan_compliance_trend;

SCAN_EXTERN int scan_ops_compliance_trend(scan_compliance_trend *out, scan_store *st, int64_t org, scan_plan plan,
                                          int64_t repo_id, const char *key, int days, time_t now);
SCAN_EXTERN void scan_compliance_trend_dispose(scan_compliance_trend *t);

/*
 * AI governance (spec 4.6; docs/ai.md), each change written with its audit
 * entry (who: the actor). policy_json: the organization's policy over the
 * default (repo_id 0), or a repository's override and the effective policy.
 * policy_put: body is the policy document with expected_version (the
 * version read, 0 for a first; expected_version >= 0 given here instead); a
 * stale one is SCAN_ECONFLICT, a bad field SCAN_EINVAL naming it. approve: unreviewed, approved, restricted, denied.
 * triage: open, acknowledged, accepted_risk, resolved, dismissed, a reason
 * required for the last three. waiver_add: the scope rules of spec 4.6 and
 * an expiry in the future, at most 366 days ahead.
 */
SCAN_EXTERN int scan_ops_ai_policy_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id);
SCAN_EXTERN int scan_ops_ai_policy_put(long long *version, scan_store *st, int64_t org, int64_t repo_id,
                                       const char *body, size_t len, long long expected_version,
                                       const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_ai_policy_delete(scan_store *st, int64_t org, int64_t repo_id, const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_ai_approve(scan_store *st, int64_t org, int64_t asset_id, const char *status,
                                    const char *reason, const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_ai_triage(scan_store *st, int64_t org, int64_t finding_id, const char *status,
                                   const char *reason, const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_ai_waiver_add(int64_t *id, scan_store *st, const scan_ai_waiver *w, time_t now,
                                       const scan_audit_entry *who);
SCAN_EXTERN int scan_ops_ai_waiver_revoke(scan_store *st, int64_t org, int64_t id, const scan_audit_entry *who);
/*
 * A BOM declaration (spec 2.13, 4.6 rule 3): body a JSON object with
 * supplier_name, component_version, declared_license, download_location
 * (http or https), release_time (ISO 8601), source_kind (manual,
 * repository, upstream, imported_attestation; a non-manual one needs a
 * source_uri or a source_digest), source_digest (64 hex), verified, and
 * expected_version (or given here, >= 0). A new version each time, audited.
 */
SCAN_EXTERN int scan_ops_ai_declare(long long *version, scan_store *st, int64_t org, int64_t asset_id,
                                    const char *body, size_t len, long long expected_version,
                                    const scan_audit_entry *who);

/*
 * The AI attack surface and AI-BOM as the API and the CLI show them (spec
 * 4.6), each a JSON document in out. SCAN_ENOTFOUND for what is not org's
 * (an asset, a repository) and for a repository without a BOM generation.
 */
SCAN_EXTERN void scan_ai_asset_record_json(scan_json *w, const char *key, const scan_ai_asset_record *a);
SCAN_EXTERN void scan_ai_finding_record_json(scan_json *w, const char *key, const scan_ai_finding_record *x);
SCAN_EXTERN void scan_ai_run_record_json(scan_json *w, const char *key, const scan_ai_run_record *x);
/* An asset with its details as last observed, its observations, relationships and findings. */
SCAN_EXTERN int scan_ops_ai_asset_json(scan_buf *out, scan_store *st, int64_t org, int64_t asset_id);
/* Totals of active assets, open findings by OWASP entry and severity, unapproved assets, policy failures, latest run. */
SCAN_EXTERN int scan_ops_ai_summary_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id);
/* Each repository's inventory freshness: current, stale (a scan since without an AI run) or none. */
SCAN_EXTERN int scan_ops_ai_repositories_json(scan_buf *out, scan_store *st, int64_t org);
/* Active assets as nodes (at most limit; truncated says the cut) and their relations as edges. */
SCAN_EXTERN int scan_ops_ai_graph_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id, size_t limit);
/* Assets or findings as CSV, at most 10,000 rows (*truncated: there were more); formula cells defused. */
SCAN_EXTERN int scan_ops_ai_export_csv(scan_buf *out, bool *truncated, scan_store *st, int64_t org, bool findings,
                                       int64_t repo_id);

typedef struct {
	long long generation;
	char commit[41];
	const char *coverage;            /* complete, partial */
	const char *fidelity;            /* full, evidence_capped */
	char sha256[65];                 /* of the document written */
	char filename[128];              /* aibom-<repository>-gen<N>.cdx.json: [A-Za-z0-9._-] only */
	scan_aibom_blocker *blockers;    /* SPDX: what the profiles lack; identities owned here, like the rest */
	size_t nblockers;
	char *strings;                   /* the blockers' identities */
} scan_ai_bom_export_info;

/*
 * A generation (0: the latest) as CycloneDX 1.7 or SPDX 3.0.1, with the
 * organization's verified declarations. SPDX with blockers writes nothing
 * unless allow_incomplete (info->nblockers says why: SPDX_AI_PROFILE_NOT_READY).
 */
SCAN_EXTERN int scan_ops_ai_bom_export(scan_buf *out, scan_ai_bom_export_info *info, scan_store *st, int64_t org,
                                       int64_t repo_id, int64_t generation, bool spdx, bool allow_incomplete);
SCAN_EXTERN void scan_ai_bom_export_info_dispose(scan_ai_bom_export_info *info);
/* The latest generation: identity, coverage, completeness, freshness, fidelity, readiness per format. */
SCAN_EXTERN int scan_ops_ai_bom_status_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id);
SCAN_EXTERN int scan_ops_ai_bom_versions_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id);
SCAN_EXTERN int scan_ops_ai_bom_diff_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id, int64_t from_gen,
                                          int64_t to_gen);
SCAN_EXTERN int scan_ops_ai_declaration_json(scan_buf *out, scan_store *st, int64_t org, int64_t asset_id);

/*
 * Scheduled scans (spec 2.5, 4.3; docs/schedules.md). A plan allows a
 * schedule to fire at most so often (free: daily; team: hourly;
 * enterprise: every 15 minutes) and the organization's active schedules
 * at most so many units a month (free 62, team 1,500, enterprise no
 * limit), a smart scan weighing 1 unit and a deep scan 4.
 */
typedef struct {
	unsigned min_interval_minutes;  /* the shortest gap between two fires the plan allows */
	int64_t monthly_units;          /* 0: no limit */
} scan_schedule_plan;
SCAN_EXTERN scan_schedule_plan scan_plan_schedule_limits(scan_plan p);
SCAN_EXTERN unsigned scan_schedule_units_per_run(const char *scan_type);

#define SCAN_SCHEDULE_ESTIMATE_NEXT 5
/* What a schedule would cost, over the 30 days from now, in the organization's zone. */
typedef struct {
	char timezone[64];
	int64_t runs_per_month;         /* fires in the 30 days */
	unsigned min_interval_minutes;  /* the shortest gap between two of them; 0: fewer than two */
	unsigned units_per_run;
	int64_t projected_units;        /* an active schedule's: runs * units; 0 for a paused one */
	int64_t other_units;            /* the organization's other active schedules' */
	scan_plan plan;
	scan_schedule_plan limits;
	bool within_plan;
	char reason[256];               /* !within_plan: why, in words */
	int required_plan;              /* !within_plan: the least plan that allows it (a scan_plan), -1: none does */
	time_t next_runs[SCAN_SCHEDULE_ESTIMATE_NEXT];
	size_t nnext;
} scan_schedule_estimate;

/*
 * The estimate of a schedule (cron, scan_type, is_active) for the
 * organization from the instant now, leaving out its schedule exclude_id
 * (0: none) from the others; in zone (NULL: the organization's), a
 * preview of its runs elsewhere. SCAN_EINVAL for a bad expression (the
 * message names the field and position), scan type or zone, or one that
 * never fires.
 */
SCAN_EXTERN int scan_ops_schedule_estimate(scan_schedule_estimate *out, scan_store *st, int64_t org,
                                           const char *cron, const char *scan_type, bool is_active,
                                           int64_t exclude_id, const char *zone, time_t now);

/*
 * Create (in->id 0) or replace a schedule: the expression parsed, the
 * scan type and branch checked (SCAN_EINVAL), the plan's frequency and
 * budget (SCAN_ELIMIT, est says by how much), next_run computed in the
 * organization's zone when active. SCAN_EEXIST: the repository has a
 * schedule of that branch; SCAN_ENOTFOUND: no such repository or schedule
 * in the organization. *id is the schedule's.
 */
SCAN_EXTERN int scan_ops_schedule_save(int64_t *id, scan_schedule_estimate *est, scan_store *st, int64_t org,
                                       const scan_schedule *in, time_t now);
/* Pause or resume: a resumed schedule's next run is the first after now (what fell due while paused does not fire). */
SCAN_EXTERN int scan_ops_schedule_toggle(scan_schedule_estimate *est, scan_store *st, int64_t org, int64_t id,
                                         time_t now);

/*
 * Fire every schedule due at now, across organizations, each slot once
 * however many processes tick: a schedule that missed slots while nothing
 * ran fires once, for the latest, and its next run is the first after now.
 * *fired counts the scans this call queued; *failed the schedules it could
 * not fire (a zone the database lacks): each gets a failed run saying why
 * and its next slot.
 */
SCAN_EXTERN int scan_ops_schedules_tick(unsigned *fired, unsigned *failed, scan_store *st, time_t now);

/* The organization's zone set (an IANA name scan_tz_open() reads), and its active schedules' next runs recomputed. */
SCAN_EXTERN int scan_ops_org_set_timezone(scan_store *st, int64_t org, const char *zone, time_t now);

/* ---- Git providers' webhooks (spec 6; docs/webhooks.md) ---- */

#define SCAN_WEBHOOK_SCANS_MAX 16

typedef struct {
	const scan_location_policy *locations; /* what a delivery's repository URL may be (the server's policy) */
	int64_t only_repo;                     /* a repository's own secret verified it: that repository only; 0: any */
} scan_webhook_options;

typedef struct {
	char message[1024];                    /* what was done, in words */
	bool duplicate;                        /* a delivery seen before: nothing done */
	int64_t scan_ids[SCAN_WEBHOOK_SCANS_MAX];
	size_t nscans;
} scan_webhook_outcome;

/*
 * Act on a verified, read delivery: a ping is answered; a delivery id seen
 * before is acknowledged and ignored; a pull request opened, updated with
 * new commits or reopened queues a scan of its head branch, new findings
 * told against its target branch, with a review record, in every
 * organization that imported the repository (only_repo: that one); a push
 * to a branch fires the schedules of that branch with trigger_on_push.
 * Everything else is acknowledged with why it was ignored (a fork's pull
 * request, an unknown repository, a deleted branch). SCAN_EINVAL for a
 * branch name git would not take.
 */
SCAN_EXTERN int scan_ops_webhook_deliver(scan_webhook_outcome *out, scan_store *st, scan_provider p,
                                         const scan_webhook_event *e, const scan_webhook_options *opts, time_t now);

/*
 * Post a completed scan's result to the pull request that asked for it
 * (scan_provider_decorate()): the review's repository must have a provider
 * token (scan_store_repo_integration_put(), sealed with token_key); the
 * verdict is the stored gate, the findings those new in the pull request.
 * What was done - posted, or why not - is recorded on the review and
 * copied into summary; a provider's failure is recorded, not returned.
 * 0 for a scan no pull request asked for.
 */
typedef struct {
	const unsigned char *token_key;
	const char *const *provider_api; /* 3 API roots by scan_provider; NULL, or an entry NULL: hosted */
	const char *public_url;
} scan_decorate_options;
SCAN_EXTERN int scan_ops_pr_decorate(char *summary, size_t cap, scan_store *st, int64_t org, int64_t scan_id,
                                     const scan_decorate_options *o);

/* ---- Outbound notifications (spec 2.11, 4.4; docs/notifications.md) ---- */

typedef struct {
	unsigned version;
	const unsigned char *token_key;  /* seals and opens webhook URLs and signing secrets */
	unsigned allow_targets;          /* scan_addr_class bits a webhook may reach beyond public addresses */
	unsigned max_attempts;           /* a delivery's attempts before it fails; 0: 8 */
	unsigned backoff_seconds;        /* the wait before the first retry, doubled each time, at most an hour; 0: 30 */
	unsigned disable_after;          /* deliveries failed in a row that disable a webhook; 0: 5 */
	long timeout_ms;                 /* one attempt; 0: 10 s */
	const char *public_url;          /* the server's address, for a link to the scan; NULL: none */
	const char *owner;               /* who claims deliveries (host:pid:thread) */
} scan_notify_options;
#define SCAN_NOTIFY_OPTIONS_VERSION 1
#define SCAN_NOTIFY_OPTIONS_INIT { SCAN_NOTIFY_OPTIONS_VERSION, NULL, 0, 0, 0, 0, 0, NULL, NULL }

/* A webhook as a caller writes it: NULL or -1 leaves a field as it is (update) or takes its default (create). */
typedef struct {
	const char *name, *channel_type, *webhook_url;
	bool events_given;
	unsigned events;                 /* SCAN_NOTIFY_* bits, when events_given */
	int on_critical_vuln;            /* -1, 0, 1: the spec's switch for the critical_vulnerability event */
	int is_active;                   /* -1, 0, 1; 1 also clears a disabling and its count */
	bool rotate_secret;              /* a generic webhook's new signing secret */
} scan_notify_hook_input;

/*
 * Create or change a webhook of org, its URL checked against the allowed
 * targets and sealed. A generic webhook's signing secret is made here and
 * handed out once in *secret (malloc'd; NULL when none was made). 0,
 * SCAN_EINVAL with what is wrong, SCAN_ENOTFOUND.
 */
SCAN_EXTERN int scan_ops_notify_hook_create(int64_t *id, char **secret, scan_store *st, int64_t org, int64_t user,
                                            const scan_notify_hook_input *in, const scan_notify_options *o);
SCAN_EXTERN int scan_ops_notify_hook_update(char **secret, scan_store *st, int64_t org, int64_t id,
                                            const scan_notify_hook_input *in, const scan_notify_options *o);

/* Look at the finished scans and failed scheduled runs nobody has, and queue their events: *queued sources. */
SCAN_EXTERN int scan_ops_notify_tick(unsigned *queued, scan_store *st, const scan_notify_options *o, time_t now);
/* Claim one due delivery and attempt it; *sent false when nothing was due. */
SCAN_EXTERN int scan_ops_notify_step(bool *sent, scan_store *st, const scan_notify_options *o);
/* A test event for the webhook, attempted now (later attempts as any delivery's); *delivery_id to read it. */
SCAN_EXTERN int scan_ops_notify_test(int64_t *delivery_id, scan_store *st, int64_t org, int64_t webhook_id,
                                     const scan_notify_options *o);

#endif
