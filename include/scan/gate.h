/* include/scan/gate.h - quality gate policy, waivers and evaluation (spec 2.6-2.8) */
#ifndef SCAN_GATE_H
#define SCAN_GATE_H

#include <time.h>
#include "common.h"
#include "buf.h"
#include "json.h"

/*
 * Policy thresholds. The defaults follow SonarQube's "Sonar way" for new code:
 * no new critical or high finding, duplication on new code at most 3%, no new
 * function above cognitive complexity 15, maintainability rating A, coverage
 * of new code at least 80%.
 */
typedef struct {
	int64_t new_critical_max;
	int64_t new_high_max;
	double duplication_pct_max;
	int64_t complexity_new_max;
	char rating_min;            /* 'A'..'E' */
	double new_coverage_min;    /* percent */
} scan_gate_policy;

#define SCAN_GATE_POLICY_VERSION "v1"
#define SCAN_GATE_POLICY_DEFAULTS { 0, 0, 3.0, 15, 'A', 80.0 }

typedef struct {
	bool enabled;                 /* false: every scan's status is not_configured */
	bool block_merge_on_fail;
	bool applies_to_new_code_only;
	bool configured;              /* false when the organization has no stored row */
	scan_gate_policy policy;
} scan_gate_config;

#define SCAN_GATE_CONFIG_DEFAULTS { true, true, true, false, SCAN_GATE_POLICY_DEFAULTS }

/*
 * Parse a policy object. Unknown keys are dropped and unset keys keep their
 * defaults, as the spec says; a known key of the wrong type or range is
 * SCAN_EINVAL, text that is not a JSON object SCAN_EPARSE.
 */
SCAN_EXTERN int scan_gate_policy_parse_json(scan_gate_policy *out, const char *json, size_t len);
/* Appends the policy as a JSON object. */
SCAN_EXTERN int scan_gate_policy_write_json(scan_buf *out, const scan_gate_policy *p);
/* The same, as the member key (NULL: a value) of a document being written. */
SCAN_EXTERN void scan_gate_policy_json(scan_json *w, const char *key, const scan_gate_policy *p);
/* Sets one key from its text form ("new_high_max", "2"). SCAN_EINVAL for an unknown key or bad value. */
SCAN_EXTERN int scan_gate_policy_set(scan_gate_policy *p, const char *key, const char *value);
SCAN_EXTERN bool scan_gate_policy_is_key(const char *key);

/*
 * A repository's own gate file, .rampart/quality_gate.yaml:
 *
 *     version: 1
 *     policy:
 *       new_coverage_min: 90
 *       complexity_new_max: 10
 *
 * set has bit i for each key of the policy given (in the order of spec 2.6:
 * new_critical_max, new_high_max, duplication_pct_max, complexity_new_max,
 * rating_min, new_coverage_min); unknown policy keys are dropped as in a
 * stored policy.
 */
typedef struct {
	scan_gate_policy policy;
	unsigned set;
} scan_gate_repo_policy;

#define SCAN_REPO_POLICY_PATH ".rampart/quality_gate.yaml"
#define SCAN_REPO_POLICY_MAX (64u << 10)

/* SCAN_EPARSE / SCAN_EINVAL with "origin line N: reason" for a malformed file. */
SCAN_EXTERN int scan_gate_repo_policy_parse_yaml(scan_gate_repo_policy *out, const char *text, size_t len, const char *origin);
/* The keys set, as a JSON object (how the store keeps it with the scan). */
SCAN_EXTERN int scan_gate_repo_policy_write_json(scan_buf *out, const scan_gate_repo_policy *rp);
SCAN_EXTERN int scan_gate_repo_policy_parse_json(scan_gate_repo_policy *out, const char *json, size_t len);
/*
 * The policy a scan is gated by. Without a stored organization policy
 * (org_configured false) the repository's keys replace the defaults; over a
 * stored one a repository can only tighten: the lower maximum, the higher
 * coverage minimum, the better rating. Loosening takes a waiver, which is
 * recorded and expires.
 */
SCAN_EXTERN void scan_gate_policy_apply_repo(scan_gate_policy *eff, const scan_gate_repo_policy *rp, bool org_configured);

/* A quality waiver (spec 2.8). repo_id 0: organization-wide; pr_number 0: not PR-scoped. */
typedef struct {
	int64_t id;
	const char *rule;      /* a policy key */
	const char *reason;
	int64_t repo_id;
	int64_t pr_number;
	int64_t created_by_user_id;
	time_t created_at;
	time_t expires_at;     /* 0: never */
	time_t revoked_at;     /* 0: not revoked */
} scan_waiver;

/* What the evaluation measures on one scan; a negative metric is "not measured". */
typedef struct {
	int64_t repo_id;
	int64_t pr_number;                 /* 0: not a pull request */
	uint64_t critical, high, medium, low; /* findings in scope, false positives excluded */
	double duplication_pct;
	double max_complexity_new;
	char rating;                       /* 0: not rated */
	double new_coverage_pct;
} scan_gate_input;

#define SCAN_GATE_INPUT_INIT { 0, 0, 0, 0, 0, 0, -1.0, -1.0, 0, -1.0 }

typedef enum {
	SCAN_GATE_PASSED = 0,
	SCAN_GATE_FAILED,
	SCAN_GATE_NOT_CONFIGURED,
} scan_gate_status;

SCAN_EXTERN const char *scan_gate_status_name(scan_gate_status s);

typedef struct {
	const char *rule;      /* static storage: a policy key */
	double threshold;
	double actual;
	const char *severity;  /* static storage */
	bool waived;
	int64_t waiver_id;     /* the most specific waiver that matched; 0 when not waived */
	const char *waiver_scope; /* "pull_request", "repository" or "organization"; NULL */
} scan_gate_violation;

/* Every condition of the policy, as evaluated: what `rampart gate` shows as a table. */
typedef enum {
	SCAN_COND_PASSED = 0,
	SCAN_COND_FAILED,
	SCAN_COND_WAIVED,
	SCAN_COND_NOT_MEASURED,        /* e.g. coverage without a report, new code without a reference */
} scan_condition_status;

typedef struct {
	const char *rule;              /* static storage: a policy key */
	double threshold;
	double actual;                 /* meaningless when not measured */
	scan_condition_status status;
} scan_gate_condition;

SCAN_EXTERN const char *scan_condition_status_name(scan_condition_status s); /* "passed", "failed", ... */

typedef struct {
	scan_gate_status status;
	size_t condition_count;        /* every policy key, in policy order; 0 when not configured */
	scan_gate_condition *conditions;
	size_t violation_count;        /* not waived */
	scan_gate_violation *violations; /* NULL when none, as every empty list here */
	size_t waived_count;
	scan_gate_violation *waived;
	scan_gate_config config;       /* the configuration evaluated */
} scan_gate_report;

/*
 * Evaluate the gate. Waivers that are revoked or expired at `now` are ignored;
 * of the rest the most specific scope matching the input wins (pull request,
 * then repository, then organization). *out is the caller's: free it with
 * scan_gate_report_free().
 */
SCAN_EXTERN int scan_gate_evaluate(scan_gate_report **out, const scan_gate_config *cfg,
                                   const scan_gate_input *in, const scan_waiver *waivers,
                                   size_t waiver_count, time_t now);
SCAN_EXTERN void scan_gate_report_free(scan_gate_report *r); /* NULL is fine */

/* The scan a gate report is about, as its JSON names it (spec 2.7). */
typedef struct {
	int64_t scan_id;
	const char *default_branch, *scanned_branch;
	bool is_baseline_scan;
	unsigned long long new_in_pr[4];   /* by scan_severity: the findings new in the pull request that count */
} scan_gate_scan;

/*
 * The report as the spec's gate status: status, violations,
 * waived_violations, conditions, policy and the scan's branches and new
 * findings. g NULL writes null (a gate not computed yet).
 */
SCAN_EXTERN void scan_gate_report_json(scan_json *w, const char *key, const scan_gate_report *g, const scan_gate_scan *scan);
/* The configuration as spec 2.6 has it (with policy_version and configured). */
SCAN_EXTERN void scan_gate_config_json(scan_json *w, const char *key, int64_t org, const scan_gate_config *cfg);
/* A waiver as spec 2.8 has it; expired is judged at now. */
SCAN_EXTERN void scan_waiver_json(scan_json *w, const char *key, const scan_waiver *v, time_t now);
SCAN_EXTERN void scan_gate_violations_json(scan_json *w, const char *key, const scan_gate_violation *v, size_t n);

#endif
