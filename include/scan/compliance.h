/* include/scan/compliance.h - compliance frameworks, their controls evaluated over one scan's facts, and scores (spec 2.12, 4.5) */
#ifndef SCAN_COMPLIANCE_H
#define SCAN_COMPLIANCE_H

#include <time.h>
#include "common.h"
#include "finding.h"
#include "json.h"
#include "tenant.h"

/*
 * A framework is data: its controls, each naming the kind of evidence that
 * decides it (check_type) and, optionally, which findings it is about (a
 * CWE filter). The built-in frameworks are compiled in from
 * rules/compliance/ (one YAML file each); an organization adds its own, whose controls
 * carry a pass_condition in the expression language of docs/compliance.md.
 * Evaluation is pure: the facts of a repository's latest completed
 * default-branch scan in, an outcome per control out. The store gathers
 * the facts (scan_store_compliance_facts()); nothing here reads it.
 */

typedef enum {
	SCAN_CHECK_SECRETS = 0,
	SCAN_CHECK_SAST_SECURITY,
	SCAN_CHECK_SAST_CRYPTO,
	SCAN_CHECK_SAST_AUTH,
	SCAN_CHECK_SCAN_RECENCY,
	SCAN_CHECK_QUALITY_GATES,
	SCAN_CHECK_PR_REVIEWS,
	SCAN_CHECK_SCA_VULNS,
	SCAN_CHECK_CODE_QUALITY,
	SCAN_CHECK_IAC_ISSUES,
	SCAN_CHECK__COUNT
} scan_check_type;

typedef enum {
	SCAN_OUTCOME_PASS = 0,
	SCAN_OUTCOME_PARTIAL,
	SCAN_OUTCOME_FAIL,
	SCAN_OUTCOME_NO_DATA,   /* the scan did not run what the control needs: never a pass, not scored */
	SCAN_OUTCOME_DISABLED,  /* marked not applicable by the organization: not scored */
} scan_outcome;

typedef enum { SCAN_REC_OPTIONAL = 0, SCAN_REC_RECOMMENDED, SCAN_REC_REQUIRED } scan_recommendation;

/* What part of a repository a control is about, for recommendation refinement. */
typedef enum {
	SCAN_DOMAIN_CODE = 0,   /* any programming language */
	SCAN_DOMAIN_WEB,        /* code of web services */
	SCAN_DOMAIN_IAC,        /* infrastructure code */
	SCAN_DOMAIN_DEPENDENCIES,
	SCAN_DOMAIN_PROCESS,    /* scan cadence, gate, reviews */
} scan_control_domain;

SCAN_EXTERN const char *scan_check_type_name(scan_check_type t);
SCAN_EXTERN int scan_check_type_parse(scan_check_type *out, const char *name);
SCAN_EXTERN const char *scan_outcome_name(scan_outcome o);       /* "pass", "partial", "fail", "no_data", "disabled" */
SCAN_EXTERN const char *scan_recommendation_name(scan_recommendation r);

struct scan_cexpr;

typedef struct {
	const char *id, *name, *category, *description;
	scan_check_type check;
	const int *cwe;                /* the finding filter: CWE numbers; none: the check type's whole population */
	size_t ncwe;
	scan_control_domain domain;
	bool automated;                /* false: a code scanner gives supporting evidence only */
	scan_recommendation recommendation;
	const char *reason;            /* why that default */
	const char *pass_condition;    /* custom controls: the expression; NULL for built-in ones */
	const char *partial_condition; /* custom controls, optional */
	const struct scan_cexpr *pass_expr, *partial_expr;
} scan_control;

typedef struct {
	const char *key, *name, *edition, *description, *source;
	scan_plan requires_plan;       /* the least plan that includes it (custom: free) */
	bool custom;
	int64_t id;                    /* custom frameworks: the stored record's id */
	time_t created_at;
	const scan_control *controls;
	size_t count;
} scan_framework;

/* A set of frameworks and everything they point to, owned by the set. */
typedef struct scan_framework_set scan_framework_set;
SCAN_EXTERN size_t scan_framework_set_count(const scan_framework_set *s);
SCAN_EXTERN const scan_framework *scan_framework_set_get(const scan_framework_set *s, size_t i);
SCAN_EXTERN const scan_framework *scan_framework_set_find(const scan_framework_set *s, const char *key);
SCAN_EXTERN const scan_control *scan_framework_control(const scan_framework *f, const char *id);
SCAN_EXTERN void scan_framework_set_free(scan_framework_set *s);
/* An empty set; NULL with the error raised. */
SCAN_EXTERN scan_framework_set *scan_framework_set_new(void);
/* The stored record's id and creation time of framework i (a custom one read back from the store). */
SCAN_EXTERN void scan_framework_set_stamp(scan_framework_set *s, size_t i, int64_t id, time_t created_at);

/* The built-in frameworks, loaded once; static storage, never freed. SCAN_EINVAL only for a broken build. */
SCAN_EXTERN int scan_compliance_builtin(const scan_framework_set **out);

/* Which schema a framework document is read with (docs/compliance.md). */
typedef enum {
	SCAN_FRAMEWORK_BUILTIN = 0, /* a built-in file: edition, source, requires_plan; no conditions */
	SCAN_FRAMEWORK_CUSTOM,      /* an organization's: a key no built-in has, a pass_condition on every control */
	SCAN_FRAMEWORK_ANY,         /* the one the document is: built-in when it names requires_plan (a file checked alone) */
} scan_framework_kind;

/*
 * Read frameworks from text: YAML (a built-in file) or JSON (a custom
 * framework as the API takes it), one framework per document. Strict:
 * an unknown or missing key, a bad check_type, a duplicate control id or a
 * pass_condition that does not parse is SCAN_EINVAL with a message naming
 * where ("<origin>: controls[2].pass_condition: at byte 9: ..."); text that
 * is not YAML or JSON, SCAN_EPARSE. Into set *out, created when NULL.
 */
SCAN_EXTERN int scan_compliance_framework_parse(scan_framework_set **out, const char *text, size_t len,
                                                const char *origin, scan_framework_kind kind);

/* The plan an organization needs for the framework, and whether plan has it. */
SCAN_EXTERN bool scan_compliance_plan_allows(scan_plan plan, const scan_framework *f);

/* ---- facts: what the store knows of one repository's latest completed default-branch scan ---- */

typedef struct {
	int64_t id;
	const char *rule_id;
	const char *file;              /* may be NULL */
	unsigned line;
	const char *category;          /* "security", "secret", "iac", "quality", "sca", "ai" */
	scan_severity severity;
	int cwe;                       /* 0: none */
	int confidence;                /* 0-100 */
	bool in_test;                  /* in test or fixture code */
	bool kev;                      /* sca: listed in CISA KEV */
	bool malicious;                /* sca: a malicious-package advisory */
	bool sla_breached;             /* sca: open past its severity's SLA */
	const char *excluded;          /* NULL: counts; else why not: "false_positive", "suppressed", "triaged" */
} scan_compliance_finding;

typedef enum { SCAN_GATE_FACT_NONE = 0, SCAN_GATE_FACT_PASSED, SCAN_GATE_FACT_FAILED, SCAN_GATE_FACT_NOT_CONFIGURED } scan_gate_fact;

/* The analyzers a scan ran, a bit each. */
enum {
	SCAN_RAN_SECRETS = 1u << 0,
	SCAN_RAN_SAST = 1u << 1,
	SCAN_RAN_SCA = 1u << 2,
	SCAN_RAN_QUALITY = 1u << 3,
};

typedef struct {
	time_t now;
	bool scanned;                  /* false: the repository has no completed default-branch scan */
	int64_t repo_id, scan_id;
	const char *repo_name, *commit, *branch;
	time_t scanned_at;
	unsigned ran;                  /* SCAN_RAN_* */
	bool sast_languages;           /* some file is in a language the code rules cover */
	bool has_iac;                  /* some file is infrastructure code */
	bool has_dependencies;         /* the sca analyzer found components */
	bool sca_checked;              /* ... and matched them against a vulnerability database */
	const char *const *languages;  /* the programming languages of the scanned files */
	size_t nlanguages;
	bool schedule_active;          /* an active schedule of the default branch */
	bool schedule_last_ok;         /* its last run completed */
	time_t schedule_last_run;      /* 0: never ran */
	scan_gate_fact gate;
	bool gate_block_merge;
	size_t gate_waived;            /* conditions that passed only because a waiver covered them */
	const char *const *gate_waived_rules; /* their policy keys (gate_waived of them) */
	bool reviews_known;            /* pull-request reviews are recorded for the repository (a webhook) */
	unsigned prs, prs_reviewed;    /* pull requests opened in the last 90 days, and those reviewed */
	char rating;                   /* the worse of maintainability and reliability, 'A'..'E'; 0: not computed */
	const scan_compliance_finding *findings;
	size_t nfindings;
} scan_compliance_facts;

/* ---- evaluation and scores ---- */

/* An organization's selection: which frameworks are on, which controls are not applicable. */
typedef struct {
	const char *key;
	const char *const *ids;
	size_t count;
} scan_compliance_disabled;

#define SCAN_COMPLIANCE_EVIDENCE_IDS 50 /* finding ids kept per list of a control's evidence */

typedef struct {
	const scan_control *control;
	scan_outcome outcome;
	const char *why;               /* one sentence */
	uint64_t counts[4];            /* open findings of the control by severity (SCAN_SEV_*) */
	uint64_t in_test;              /* of those, in test code */
	uint64_t excluded;             /* left out: false positives, suppressed, triaged */
	uint64_t kev, malicious, sla_breached;
	const int64_t *decisive;       /* the findings that decided the outcome, at most SCAN_COMPLIANCE_EVIDENCE_IDS */
	size_t ndecisive;
	const int64_t *excluded_ids;
	size_t nexcluded_ids;
	scan_recommendation recommendation;
	const char *recommendation_reason;
} scan_control_result;

typedef struct {
	const scan_framework *framework;
	const scan_control_result *controls;
	size_t count;
	double score;                  /* 0-100, one decimal; < 0: no control assessed */
	unsigned pass, partial, fail, no_data, disabled;
} scan_framework_result;

typedef struct {
	scan_check_type check;
	unsigned failing, partial;     /* controls, across the frameworks */
	unsigned frameworks;           /* frameworks with a failing or partial control of this kind */
} scan_risk_area;

typedef struct {
	double overall_score;          /* over every assessed control of every framework; < 0: none */
	unsigned total_controls;       /* assessed: passing + partial + failing */
	unsigned passing, partial, failing, not_assessed, disabled;
	const char *posture;           /* "strong" >= 90, "moderate" >= 70, "weak" >= 50, "critical", "not_assessed" */
	const scan_risk_area *risk_areas;
	size_t nrisk_areas;
	const char *recommendation;
} scan_compliance_summary;

typedef struct scan_compliance_report scan_compliance_report;

/*
 * Evaluate frameworks fws[0..n) over facts. disabled lists, per framework
 * key, the controls marked not applicable. refine: recommendations are
 * refined with the facts (spec 4.5 rule 2); otherwise the static ones.
 */
SCAN_EXTERN int scan_compliance_evaluate(scan_compliance_report **out, const scan_framework *const *fws, size_t n,
                                         const scan_compliance_disabled *disabled, size_t ndisabled,
                                         const scan_compliance_facts *facts, bool refine);
SCAN_EXTERN size_t scan_compliance_report_count(const scan_compliance_report *r);
SCAN_EXTERN const scan_framework_result *scan_compliance_report_get(const scan_compliance_report *r, size_t i);
SCAN_EXTERN const scan_compliance_summary *scan_compliance_report_summary(const scan_compliance_report *r);
SCAN_EXTERN const scan_compliance_facts *scan_compliance_report_facts(const scan_compliance_report *r);
/* The result of control id of framework key in r, or NULL. */
SCAN_EXTERN const scan_control_result *scan_compliance_report_result(const scan_compliance_report *r, const char *key,
                                                                    const char *id);
/* Whether d (NULL: none) marks control id not applicable. */
SCAN_EXTERN bool scan_compliance_disabled_has(const scan_compliance_disabled *d, const char *id);
SCAN_EXTERN void scan_compliance_report_free(scan_compliance_report *r);

/* ---- JSON the CLI and the API share ---- */

/* A framework entry of GET /compliance/frameworks (spec 2.12). */
SCAN_EXTERN void scan_compliance_framework_json(scan_json *w, const char *key, const scan_framework *f, bool enabled,
                                                scan_plan plan, size_t disabled_count);
/* The members enabled_keys (null: every framework) and default_all_enabled of the object being written. */
SCAN_EXTERN void scan_compliance_selection_json(scan_json *w, bool all, const char *const *keys, size_t n);
/*
 * A framework's controls (spec 4.5): framework_key, framework_name, custom,
 * enabled, controls[] (spec 2.12: each marked disabled when d lists it, its
 * recommendation refined from r when given), disabled_count.
 */
SCAN_EXTERN void scan_compliance_controls_json(scan_json *w, const char *key, const scan_framework *f, bool enabled,
                                               const scan_compliance_disabled *d, const scan_compliance_report *r);
/* A custom framework as a document scan_compliance_framework_parse() reads back the same. */
SCAN_EXTERN void scan_compliance_framework_document(scan_json *w, const char *key, const scan_framework *f);
/* A custom framework record: id, key, name, controls[], created_at. */
SCAN_EXTERN void scan_compliance_custom_json(scan_json *w, const char *key, const scan_framework *f);
/* The score record of spec 2.12. */
SCAN_EXTERN void scan_compliance_report_json(scan_json *w, const char *key, const scan_compliance_report *r);
/* One point of a trend: the scan and the scores at it (scores[i]: the trend's framework i; < 0: not assessed). */
typedef struct {
	int64_t scan_id;
	time_t completed_at;
	char commit[41];
	uint64_t total_issues;         /* open findings */
	double overall_score;
	double *scores;
} scan_compliance_trend_point;

/* The point of report r (its facts and scores), scores malloc'd: free(p->scores). */
SCAN_EXTERN int scan_compliance_trend_point_of(scan_compliance_trend_point *p, const scan_compliance_report *r);
/* The point as JSON: scan_id, completed_at, commit, total_issues, overall_score, scores {key: score}. */
SCAN_EXTERN void scan_compliance_trend_point_json(scan_json *w, const char *key, const scan_compliance_trend_point *p,
                                                  const scan_framework *const *fws, size_t n);

#endif
