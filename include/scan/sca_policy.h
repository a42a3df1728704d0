/* include/scan/sca_policy.h - SCA security policy, ignore rules, triage and SLA (spec 2.11, 4.4) */
#ifndef SCAN_SCA_POLICY_H
#define SCAN_SCA_POLICY_H

#include <time.h>
#include "scan/buf.h"
#include "scan/common.h"
#include "scan/finding.h"
#include "scan/sca.h"

/*
 * Pure logic: nothing here reads files, touches the store or prints. The
 * caller reads .rampart-policy.yml, collects components and findings, and
 * renders the report. docs/sca-policy.md describes the file format.
 *
 * ---------------------------------------------------------------------------
 * The model
 * ---------------------------------------------------------------------------
 * A policy is a name, fail_on_violation and an ordered list of rules. A rule
 * tests one condition_type with one operator against one value and, when it
 * matches, takes one action:
 *
 *   condition     operators         value               tested on
 *   severity      == > >= in        severity name(s)    each SCA finding
 *   cvss          == > >=           number 0..10        each SCA finding
 *   epss          == > >=           number 0..1         each SCA finding
 *   kev           ==                true | false        each SCA finding
 *   age           == > >=           whole days >= 0     each SCA finding
 *   package       == in contains    name(s)             each component
 *   license       == in contains    id(s) or class      each component
 *   outdated_pct  == > >=           percent 0..100      all components
 *   direct_vuln   == (true), > >=   true | count        all SCA findings
 *
 * severity: `==` one severity, `>` and `>=` by the order low < medium <
 *   high < critical, `in` a list of severities.
 * cvss, epss: the finding's score; a negative score is unknown.
 * kev: the finding's kev_listed.
 * age: whole days since the advisory was published, floor((now -
 *   published) / 86400), so `age > 30` is a vulnerability known for more
 *   than 30 days and still open. A publication time of 0 is unknown.
 * package: the component's name, case-insensitive. `==` the value, `in` any
 *   of the list, `contains` a substring (a string or a list: any of them).
 *   A package rule is about the package being used at all, so it is tested
 *   on components; an allow rule on package also exempts the findings whose
 *   package_name it names.
 * license: the component's license, an SPDX expression. Each license id in
 *   it is compared case-insensitively; a value "GPL-3.0" also matches
 *   "GPL-3.0-only", "GPL-3.0-or-later" and "GPL-3.0+" (a value that is
 *   itself -only/-or-later/+ matches exactly). `contains` is a substring of
 *   the id. "X WITH exception" is tested as X. The value words "permissive",
 *   "copyleft" and "unknown" test the component's license class (given by
 *   the caller) instead of its ids. AND and OR: for block and warn a
 *   component matches when it cannot avoid a matching license: "A AND B"
 *   when A or B matches, "A OR B" only when both do (the user may pick the
 *   other). For allow it matches when it can be used under matching
 *   licenses only: "A AND B" when both match, "A OR B" when either does. A
 *   license that is not a valid expression ("Apache License 2.0") is one id,
 *   the whole text. No license (NULL, "", NOASSERTION) is unknown.
 * outdated_pct: 100 x the components known to be outdated / the components
 *   (local, workspace members excluded). A component is known to be
 *   outdated when the caller gives its latest_version and the component's
 *   version orders below it by its ecosystem's rules. Rampart works offline:
 *   when no component has a latest_version the rule is NOT_EVALUATED.
 * direct_vuln: the number of SCA findings on direct dependencies
 *   (sca->direct): `== true` is violated by one, `> N` by more than N,
 *   `>= N` by N or more.
 *
 * Not evaluated: a rule whose candidates (findings or components) all lack
 * the data it tests (every cvss unknown, no license known, no publication
 * time) is NOT_EVALUATED, never passed; with some known it is evaluated on
 * those and the others are counted as unknown. A rule with no candidates at
 * all (no findings) passes, except outdated_pct as said.
 *
 * Violations: a per-item rule (all but outdated_pct and direct_vuln) gives
 * one violation per matching finding or component. With max_count >= 0 (a
 * Rampart extension, also what max_critical sets) it gives instead one
 * violation when more than max_count items match, actual = the count.
 *
 * Order of evaluation: first every enabled allow rule, whatever its place,
 * marks the items it matches as exempt; then block and warn rules run in
 * list order over the items that are not exempt. An exempt finding is
 * invisible to finding rules (severity, cvss, epss, kev, age, direct_vuln),
 * an exempt component to component rules (license, package, outdated_pct).
 * Allow rules on outdated_pct or direct_vuln are refused at validation:
 * they have no items to exempt. Before all of that, findings that the
 * caller marks suppressed (triage, stored ignore rules) or that an active
 * ignore rule of the policy matches, and components an ignore rule matches,
 * are left out entirely.
 *
 * Verdict: the report fails when fail_on_violation is set and there is at
 * least one block violation; warn violations never fail it.
 */

typedef enum {
	SCAN_SCA_COND_SEVERITY = 0,
	SCAN_SCA_COND_LICENSE,
	SCAN_SCA_COND_AGE,
	SCAN_SCA_COND_EPSS,
	SCAN_SCA_COND_KEV,
	SCAN_SCA_COND_PACKAGE,
	SCAN_SCA_COND_CVSS,
	SCAN_SCA_COND_OUTDATED_PCT,
	SCAN_SCA_COND_DIRECT_VULN,
	SCAN_SCA_COND__COUNT
} scan_sca_condition;

typedef enum {
	SCAN_SCA_OP_EQ = 0,   /* "==" */
	SCAN_SCA_OP_GT,       /* ">" */
	SCAN_SCA_OP_GE,       /* ">=" */
	SCAN_SCA_OP_IN,       /* "in" */
	SCAN_SCA_OP_CONTAINS, /* "contains" */
	SCAN_SCA_OP__COUNT
} scan_sca_operator;

typedef enum {
	SCAN_SCA_ACTION_BLOCK = 0,
	SCAN_SCA_ACTION_WARN,
	SCAN_SCA_ACTION_ALLOW,
	SCAN_SCA_ACTION__COUNT
} scan_sca_action;

/* "severity", "==", "block"...; static storage ("?" when out of range). */
SCAN_EXTERN const char *scan_sca_condition_name(scan_sca_condition c);
SCAN_EXTERN const char *scan_sca_operator_name(scan_sca_operator op);
SCAN_EXTERN const char *scan_sca_action_name(scan_sca_action a);
/* Whether operator op may be used with condition c (the table above). */
SCAN_EXTERN bool scan_sca_operator_applies(scan_sca_condition c, scan_sca_operator op);

typedef enum {
	SCAN_SCA_VALUE_STRING = 0,
	SCAN_SCA_VALUE_NUMBER,
	SCAN_SCA_VALUE_BOOL,
	SCAN_SCA_VALUE_LIST,       /* of strings */
} scan_sca_value_kind;

typedef struct {
	scan_sca_value_kind kind;
	const char *string;        /* STRING */
	double number;             /* NUMBER */
	bool boolean;              /* BOOL */
	const char *const *list;   /* LIST */
	size_t count;              /* LIST */
} scan_sca_value;

/* One rule. Strings are borrowed from the policy that holds it. */
typedef struct {
	const char *id;            /* stable; the merge key */
	const char *name;          /* the id when the file gives none */
	const char *description;   /* NULL when none */
	scan_sca_condition condition;
	scan_sca_operator op;
	scan_sca_value value;
	scan_sca_action action;
	bool enabled;
	int64_t max_count;         /* -1: each match is a violation; else see above */
	unsigned line;             /* where the file declares it; 0 built-in or JSON */
} scan_sca_rule;

/*
 * The ids the simple policy keys become (replacing a rule of the same id
 * on merge, like any rule):
 *   fail_on_severity: S      -> "fail-on-severity": severity >= S, block
 *   blocked_licenses: [L...] -> "blocked-licenses": license in [L...], block
 *   max_critical: N          -> "max-critical": severity == critical, block,
 *                               max_count N (fails on more than N)
 * A file that sets a simple key and also has a rule with its id is refused.
 */
#define SCAN_SCA_RULE_FAIL_ON_SEVERITY "fail-on-severity"
#define SCAN_SCA_RULE_BLOCKED_LICENSES "blocked-licenses"
#define SCAN_SCA_RULE_MAX_CRITICAL "max-critical"

/*
 * The default policy, "Rampart default", fail_on_violation true:
 *   block-critical   severity == critical                         block
 *   block-kev        kev == true                                  block
 *   block-high-cvss  cvss >= 9.0                                  block
 *   block-licenses   license in [AGPL-1.0, AGPL-3.0, GPL-1.0,
 *                    GPL-2.0, GPL-3.0, SSPL-1.0] (and their
 *                    -only / -or-later / + forms)                 block
 *   warn-high-epss   epss >= 0.5                                  warn
 *   warn-outdated    outdated_pct > 30                            warn
 * block-high-cvss catches a finding whose severity label says less than
 * its score (an advisory's own label kept when the CVSS band disagrees).
 */
#define SCAN_SCA_POLICY_DEFAULT_NAME "Rampart default"

/* The repository policy file, at the root of the scanned tree. */
#define SCAN_SCA_POLICY_FILE ".rampart-policy.yml"
#define SCAN_SCA_POLICY_FILE_ALT ".rampart-policy.yaml"

/* Limits of a policy document (untrusted: it comes with the repository). */
#define SCAN_SCA_POLICY_MAX_BYTES ((size_t)1 << 20)
#define SCAN_SCA_POLICY_RULES_MAX 1000
#define SCAN_SCA_POLICY_IGNORES_MAX 10000
#define SCAN_SCA_POLICY_LIST_MAX 1000       /* items of one list value */
#define SCAN_SCA_POLICY_ID_MAX 128          /* bytes: letters, digits, . _ - : */
#define SCAN_SCA_POLICY_STRING_MAX 1024     /* bytes of a name, value or reason */
#define SCAN_SCA_POLICY_TEXT_MAX 8192       /* bytes of a description */

/*
 * Ignore rules (spec 2.11): suppress findings or components.
 *   cve:      the finding's cve_id, its advisory id (sca->vuln_id) or one of
 *             its aliases (sca->aliases, comma-separated); case-insensitive
 *   package:  the package name (finding sca->package_name, component name),
 *             case-insensitive; "name@version" also needs the exact version
 *             (the last '@' not at the start splits, so "@scope/pkg@1.0")
 *   path:     a glob over the finding's file_path or the component's file
 *             (lib/walk/ignore.h syntax: '*' and '?' stay inside a segment,
 *             "**" is any depth); a pattern without '/' matches the file
 *             name in any directory, as in .gitignore; a leading "/" or
 *             "./" anchors to the root
 *   license:  a component whose license has an id the value matches (the
 *             license matching above; any id, whatever AND/OR)
 *   severity: findings of exactly that severity
 * A rule with expires_at != 0 stops matching at that time (now >=
 * expires_at); an expired rule never matches.
 */
typedef enum {
	SCAN_SCA_IGNORE_CVE = 0,
	SCAN_SCA_IGNORE_PACKAGE,
	SCAN_SCA_IGNORE_PATH,
	SCAN_SCA_IGNORE_LICENSE,
	SCAN_SCA_IGNORE_SEVERITY,
	SCAN_SCA_IGNORE__COUNT
} scan_sca_ignore_type;

typedef struct {
	scan_sca_ignore_type type;
	const char *value;
	const char *reason;        /* NULL when none (the file requires one) */
	time_t expires_at;         /* 0: never */
	unsigned line;             /* in the policy file; 0 otherwise */
} scan_sca_ignore_rule;

SCAN_EXTERN const char *scan_sca_ignore_type_name(scan_sca_ignore_type t); /* "cve"... */
/* 0 and *out, or SCAN_EINVAL (no message) for an unknown name; case-sensitive. */
SCAN_EXTERN int scan_sca_ignore_type_parse(scan_sca_ignore_type *out, const char *name);
/*
 * Validate one rule as the API receives it: a known type, a non-empty value
 * of at most SCAN_SCA_POLICY_STRING_MAX bytes, a severity name for
 * severity. SCAN_EINVAL with a message otherwise.
 */
SCAN_EXTERN int scan_sca_ignore_check(const scan_sca_ignore_rule *r);
SCAN_EXTERN bool scan_sca_ignore_active(const scan_sca_ignore_rule *r, time_t now);
/* Whether r (active at now) matches f. cve, package: only findings with sca set. */
SCAN_EXTERN bool scan_sca_ignore_matches_finding(const scan_sca_ignore_rule *r, const scan_finding *f, time_t now);
/* Whether r matches c. cve and severity rules never match a component. */
SCAN_EXTERN bool scan_sca_ignore_matches_component(const scan_sca_ignore_rule *r, const scan_component *c, time_t now);

/* ---------------------------------------------------------------------------
 * Parsing, defaults, merging
 * ------------------------------------------------------------------------- */

typedef struct scan_sca_policy scan_sca_policy;  /* opaque, immutable once built */

typedef struct {
	unsigned int version;
	time_t now;      /* for the expired-ignore warnings; 0: time(NULL) */
} scan_sca_policy_options;
#define SCAN_SCA_POLICY_OPTIONS_INIT { 1, 0 }

/*
 * Parse a policy document (the .rampart-policy.yml format, README.md).
 * origin names it in messages ("<origin>:<line>: rule 'x': ..."). On
 * success *out is the caller's (scan_sca_policy_free()). Returns 0,
 * SCAN_EPARSE (not YAML), SCAN_EINVAL (YAML that is not a valid policy:
 * unknown keys, conditions, operators, actions, wrong value types,
 * duplicate ids, an operator not valid for the condition), SCAN_ELIMIT or
 * SCAN_ENOMEM; the first problem is the message. An empty document is a
 * policy with no rules. opts may be NULL.
 */
SCAN_EXTERN int scan_sca_policy_parse_yaml(scan_sca_policy **out, const char *text, size_t len,
                                           const char *origin, const scan_sca_policy_options *opts);
/*
 * The same structure as a JSON object (the API's POST body, the store's
 * copy); messages have no line: "<origin>: rule 'x': ...". JSON strings
 * are strings, numbers numbers, so "0.5" is not a number.
 */
SCAN_EXTERN int scan_sca_policy_parse_json(scan_sca_policy **out, const char *json, size_t len,
                                           const char *origin, const scan_sca_policy_options *opts);
/* The default policy above. */
SCAN_EXTERN int scan_sca_policy_default(scan_sca_policy **out);
/*
 * base overlaid by file (spec 4.4): a file rule replaces the base rule of
 * the same id in place, file rules with new ids are appended in file order;
 * the file's name and fail_on_violation replace the base's when the file
 * sets them; ignore rules and warnings are base's then file's. *out is a
 * new policy (the inputs are unchanged and may be freed).
 */
SCAN_EXTERN int scan_sca_policy_merge(scan_sca_policy **out, const scan_sca_policy *base,
                                      const scan_sca_policy *file);
SCAN_EXTERN void scan_sca_policy_free(scan_sca_policy *p);  /* NULL is fine */

/* Borrowed: valid until p is freed. */
SCAN_EXTERN const char *scan_sca_policy_name(const scan_sca_policy *p);  /* "" when unnamed */
SCAN_EXTERN bool scan_sca_policy_fail_on_violation(const scan_sca_policy *p);
SCAN_EXTERN size_t scan_sca_policy_rule_count(const scan_sca_policy *p);
SCAN_EXTERN const scan_sca_rule *scan_sca_policy_rule(const scan_sca_policy *p, size_t i);
SCAN_EXTERN const scan_sca_rule *scan_sca_policy_find_rule(const scan_sca_policy *p, const char *id);
SCAN_EXTERN size_t scan_sca_policy_ignore_count(const scan_sca_policy *p);
SCAN_EXTERN const scan_sca_ignore_rule *scan_sca_policy_ignore(const scan_sca_policy *p, size_t i);
/* Problems that do not invalidate the file: an ignore rule already expired. */
SCAN_EXTERN size_t scan_sca_policy_warning_count(const scan_sca_policy *p);
SCAN_EXTERN const char *scan_sca_policy_warning(const scan_sca_policy *p, size_t i);

/*
 * Appends the policy as the JSON object scan_sca_policy_parse_json() reads:
 * name (when set), fail_on_violation, rules (simple keys already turned into
 * rules), ignore. Parsing it back gives the same policy.
 */
SCAN_EXTERN int scan_sca_policy_write_json(scan_buf *out, const scan_sca_policy *p);

/* ---------------------------------------------------------------------------
 * Evaluation
 * ------------------------------------------------------------------------- */

/* The license class of a component, as the caller classifies it. */
enum {
	SCAN_SCA_LICENSE_PERMISSIVE = 0,
	SCAN_SCA_LICENSE_COPYLEFT = 1,
	SCAN_SCA_LICENSE_UNKNOWN = 2,
};

/* One scan's data; every array is parallel to components or to findings. */
typedef struct {
	unsigned int version;
	const scan_component *components;
	size_t ncomponents;
	const int *license_class;          /* SCAN_SCA_LICENSE_*; NULL: all unknown */
	const char *const *latest_version; /* NULL, or NULL entries: not known */
	const scan_finding *const *findings; /* only category sca with ->sca set are used */
	size_t nfindings;
	const time_t *published;           /* advisory publication; NULL, or 0 entries: unknown */
	const bool *suppressed;            /* triage or stored ignore rules; NULL: none */
	time_t now;
} scan_sca_policy_input;
#define SCAN_SCA_POLICY_INPUT_INIT { 1, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL, 0 }

typedef enum {
	SCAN_SCA_RULE_PASSED = 0,
	SCAN_SCA_RULE_VIOLATED,
	SCAN_SCA_RULE_NOT_EVALUATED,
	SCAN_SCA_RULE_DISABLED,
} scan_sca_rule_status;

SCAN_EXTERN const char *scan_sca_rule_status_name(scan_sca_rule_status s); /* "passed"... */

#define SCAN_SCA_NO_INDEX ((size_t)-1)

typedef struct {
	const scan_sca_rule *rule;    /* borrowed from the policy */
	scan_sca_rule_status status;
	size_t candidates;            /* findings or components the rule looked at */
	size_t matched;               /* of them, matching (allow: exempted) */
	size_t unknown;               /* of them, lacking the data the rule tests */
	const char *note;             /* NOT_EVALUATED, DISABLED: why; else NULL */
} scan_sca_rule_result;

typedef struct {
	const char *rule_id;
	scan_sca_condition condition;
	scan_sca_action action;       /* BLOCK or WARN */
	const char *threshold;        /* the rule's value as text: "9", "critical", "GPL-3.0, AGPL-3.0" */
	const char *actual;           /* what was found: "9.8", "GPL-3.0-only", "45.0" (percent), "3" (count) */
	const char *package;          /* NULL for a count or percentage */
	const char *version;          /* the installed version; NULL when none */
	const char *license;          /* license rules: the component's license; else NULL */
	const char *vuln_id;          /* finding rules: the CVE id, else the advisory id */
	size_t finding;               /* index into the input's findings, or SCAN_SCA_NO_INDEX */
	size_t component;             /* index into the input's components, or SCAN_SCA_NO_INDEX */
} scan_sca_violation;

#define SCAN_SCA_POLICY_VIOLATIONS_MAX 10000 /* kept in full; the rest only counted */

typedef struct {
	const char *policy_name;      /* borrowed from the policy */
	bool fail_on_violation;
	bool failed;                  /* fail_on_violation and blocking > 0 */
	size_t blocking;              /* block violations, all counted */
	size_t warnings;              /* warn violations, all counted */
	size_t rule_count;            /* every rule of the policy, in order */
	const scan_sca_rule_result *rules;
	size_t violation_count;       /* at most SCAN_SCA_POLICY_VIOLATIONS_MAX */
	const scan_sca_violation *violations; /* by rule, then by item */
	size_t violations_dropped;    /* over the cap, counted in blocking/warnings */
	size_t ignored_findings;      /* left out: suppressed or matched by an ignore rule */
	size_t ignored_components;    /* left out by an ignore rule */
} scan_sca_policy_report;

/*
 * Evaluate p over one scan. On success *out is the caller's
 * (scan_sca_policy_report_free()); its strings are its own, its rule
 * pointers are borrowed from p, so it must not outlive p. Returns 0 or
 * SCAN_ENOMEM. A violation is a result, not an error.
 */
SCAN_EXTERN int scan_sca_policy_evaluate(scan_sca_policy_report **out, const scan_sca_policy *p,
                                         const scan_sca_policy_input *in);
SCAN_EXTERN void scan_sca_policy_report_free(scan_sca_policy_report *r); /* NULL is fine */

/* ---------------------------------------------------------------------------
 * Triage (spec 2.11)
 * ------------------------------------------------------------------------- */

typedef enum {
	SCAN_SCA_TRIAGE_OPEN = 0,
	SCAN_SCA_TRIAGE_ACCEPTED_RISK,
	SCAN_SCA_TRIAGE_NOT_APPLICABLE,
	SCAN_SCA_TRIAGE_FALSE_POSITIVE,
	SCAN_SCA_TRIAGE_WONT_FIX,
	SCAN_SCA_TRIAGE_IN_PROGRESS,
	SCAN_SCA_TRIAGE_FIXED,
	SCAN_SCA_TRIAGE__COUNT
} scan_sca_triage;

SCAN_EXTERN const char *scan_sca_triage_name(scan_sca_triage t);   /* "accepted_risk"... */
/* 0 and *out, or SCAN_EINVAL with a message listing the states; exact spelling. */
SCAN_EXTERN int scan_sca_triage_parse(scan_sca_triage *out, const char *name);
/*
 * Whether a finding in state t is left out of the policy gate: accepted_risk,
 * not_applicable, false_positive and wont_fix are decisions that it needs no
 * fix, so they suppress; open and in_progress still need one, so they do
 * not. fixed is for a finding no longer present in the latest scan: if the
 * finding is present again, the fix did not hold and it counts (not
 * suppressed).
 */
SCAN_EXTERN bool scan_sca_triage_suppresses(scan_sca_triage t);

/* ---------------------------------------------------------------------------
 * SLA (spec 2.11, GET /sca/sla-status)
 * ------------------------------------------------------------------------- */

typedef struct {
	int64_t critical_days, high_days, medium_days, low_days;
} scan_sca_sla_policy;

/* Defaults: 7, 30, 90 and 180 days. */
#define SCAN_SCA_SLA_DEFAULTS { 7, 30, 90, 180 }
#define SCAN_SCA_SLA_DAYS_MAX 36500

/*
 * {critical_days, high_days, medium_days, low_days}: keys given replace the
 * defaults, each a whole number 0..SCAN_SCA_SLA_DAYS_MAX; an unknown key or
 * another type is SCAN_EINVAL, text that is not a JSON object SCAN_EPARSE.
 */
SCAN_EXTERN int scan_sca_sla_parse_json(scan_sca_sla_policy *out, const char *json, size_t len);
SCAN_EXTERN int scan_sca_sla_write_json(scan_buf *out, const scan_sca_sla_policy *p);
SCAN_EXTERN int64_t scan_sca_sla_days(const scan_sca_sla_policy *p, scan_severity s);

typedef struct {
	scan_severity severity;
	time_t first_seen;         /* 0 (or negative): unknown, counted in unknown */
} scan_sca_sla_item;

typedef struct {
	size_t finding;            /* index into the items */
	scan_severity severity;
	time_t due;                /* first_seen + days x 86400 */
	int64_t days_overdue;      /* whole days started past due: 1 second late is 1 */
} scan_sca_sla_breach;

typedef struct {
	size_t compliant;          /* now <= due (a finding first seen in the future too) */
	size_t overdue;            /* now > due */
	size_t unknown;            /* first_seen unknown */
	scan_sca_sla_breach *breaches; /* overdue of them: earliest due (most overdue) first, then by index */
} scan_sca_sla_status;

/*
 * Due time: first_seen + days x 86400 (days of the item's severity). The
 * finding is compliant up to and including the due second and overdue
 * after it; days_overdue = ceil((now - due) / 86400). Callers pass only the
 * findings still open (leave out triage-suppressed ones). out->breaches is
 * the caller's: scan_sca_sla_status_dispose(). Returns 0 or SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_sca_sla_evaluate(scan_sca_sla_status *out, const scan_sca_sla_policy *p,
                                      const scan_sca_sla_item *items, size_t n, time_t now);
SCAN_EXTERN void scan_sca_sla_status_dispose(scan_sca_sla_status *s);

/* The policy's SLA (the file's `sla:` key, else SCAN_SCA_SLA_DEFAULTS). Borrowed from p. */
SCAN_EXTERN const scan_sca_sla_policy *scan_sca_policy_sla(const scan_sca_policy *p);

#endif
