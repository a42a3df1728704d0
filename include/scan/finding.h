/* include/scan/finding.h - the finding model (spec 2.2) and its fingerprint */
#ifndef SCAN_FINDING_H
#define SCAN_FINDING_H

#include <time.h>
#include "common.h"
#include "json.h"

typedef enum {
	SCAN_SEV_LOW = 0,
	SCAN_SEV_MEDIUM,
	SCAN_SEV_HIGH,
	SCAN_SEV_CRITICAL,
} scan_severity;

typedef enum {
	SCAN_CAT_SECURITY = 0,
	SCAN_CAT_SECRET,
	SCAN_CAT_IAC,
	SCAN_CAT_QUALITY,
	SCAN_CAT_SCA,
	SCAN_CAT_AI,
	SCAN_CAT__COUNT
} scan_category;

/* "critical", "high", ...; static storage. */
SCAN_EXTERN const char *scan_severity_name(scan_severity s);
/* 0 and *out set, or SCAN_EINVAL for an unknown name (case-insensitive). */
SCAN_EXTERN int scan_severity_parse(scan_severity *out, const char *name);
SCAN_EXTERN const char *scan_category_name(scan_category c);
SCAN_EXTERN int scan_category_parse(scan_category *out, const char *name);

#define SCAN_FINGERPRINT_LEN 16

/*
 * What an SCA finding (category sca) says about the vulnerable package,
 * spec 2.11. Optional strings are NULL when absent; scores are negative
 * when unknown.
 */
typedef struct {
	const char *vuln_id;           /* the advisory: "GHSA-...", "PYSEC-...", "GO-..." */
	const char *cve_id;            /* NULL when the vulnerability has no CVE id */
	const char *aliases;           /* the vulnerability's other ids, comma-separated */
	const char *ecosystem;         /* "PyPI", "npm"... */
	const char *package_name;
	const char *installed_version;
	const char *fixed_version;     /* the smallest fixing version above the installed one */
	const char *purl;
	double epss_score;             /* 0..1 */
	double epss_percentile;        /* 0..1 */
	bool kev_listed;               /* in CISA's known-exploited catalog */
	bool direct;                   /* the project declares the package itself */
	double risk_score;             /* priority score 0-100 (docs/sca.md) */
	const char *priority_label;    /* "urgent", "high", "medium", "low" */
	time_t published;              /* the earliest publication of the advisories; 0 unknown */
	const char *cvss_vector;       /* the vector cvss_score was computed from; NULL none */
	/*
	 * No record of the database rates the vulnerability: severity is high
	 * (an unknown is not shown as harmless) and every output says unrated.
	 */
	bool unrated;
	const char *rated_by;          /* the alias record severity and CVSS come from, the advisory having none; else NULL */
} scan_finding_sca;

/*
 * One finding. A read-only view: every pointer is borrowed from the list or
 * result that holds the finding and is valid until that is freed. Optional
 * strings are NULL when absent, never "".
 */
/* One step of a code finding's data flow, in the finding's file. */
typedef struct {
	const char *kind;      /* "source", "step" (an assignment, a collection, a builder), "call", "sink" */
	uint32_t line, column, end_line; /* 1-based */
	const char *code;      /* the code there, its first line, credentials masked */
	const char *file_path; /* a step in another file (a deep scan's flow across files); NULL: the finding's */
} scan_flow_step;

typedef struct {
	int64_t id;            /* row id in the store; 0 before it is saved */
	int64_t scan_id;       /* 0 before it is saved */
	const char *rule_id;   /* "hygiene/merge-conflict-marker" */
	const char *title;
	const char *tool;      /* the analyzer that produced it */
	scan_category category;
	const char *file_path; /* relative to the scanned root, '/'-separated */
	uint32_t line_number;  /* 1-based; 0 for a finding about a whole file */
	uint32_t end_line;
	uint32_t column;       /* 1-based, in bytes; 0 when unknown */
	const char *description;
	const char *remediation;
	const char *cwe_id;    /* "CWE-798" */
	scan_severity severity;
	double cvss_score;     /* negative when not applicable */
	unsigned confidence;   /* 0-100 */
	const char *snippet;   /* the code the fingerprint covers; secrets masked */
	const char *secret_hash; /* secrets: SHA-256 hex of the secret, to match it across files; else NULL */
	const char *commit;    /* history scans: the commit that introduced it (40 hex); else NULL */
	time_t commit_time;    /* that commit's author time; 0 when commit is NULL */
	bool in_head;          /* false: only in history, gone from the scanned tree */
	const char *verified;  /* secrets with --verify: "live", "dead" or "unknown"; else NULL */
	const scan_finding_sca *sca; /* category sca; NULL otherwise */
	char fingerprint[SCAN_FINGERPRINT_LEN + 1];
	bool is_new_in_pr;
	bool user_marked_fp;
	time_t fp_marked_at;   /* 0 when not marked */
	const char *fp_reason;
	/*
	 * Silenced by a marker in a comment on its line or the line above
	 * (docs/rules.md "Inline suppression"): kept in the result, the store and
	 * every output, but not counted by the gate or --fail-on.
	 */
	bool suppressed;
	const char *suppression_kind;   /* the marker: "rampart:ignore", "nosec", "nosemgrep", "NOSONAR", "noqa"; NULL when not suppressed */
	const char *suppression_reason; /* the free text after the marker; NULL when none */
	uint32_t end_column;   /* 1-based byte column just past the match on end_line; 0 when unknown */
	/*
	 * Code and IaC rules with a `fix:` template: the code that replaces the
	 * match (line/column to end_line/end_column), metavariables filled in and
	 * credentials masked like every other text; NULL otherwise.
	 */
	const char *fix;
	/*
	 * In test or example code (docs/test-code.md): not counted by the gate,
	 * --fail-on or the quality ratings, unless a secret; a code or IaC
	 * finding's severity is one step lower than the rule's.
	 */
	bool in_test;
	/*
	 * A taint rule's finding: how the data went from its source to the
	 * sink, in order (the last step is the sink, at the finding's line);
	 * NULL and 0 for every other finding.
	 */
	const scan_flow_step *dataflow;
	size_t ndataflow;
	/*
	 * Category ai: the AI attack-surface rule it detects ("AI011") and that
	 * rule's entry of the OWASP Top 10 for LLM Applications 2025 ("LLM05");
	 * NULL for every other finding.
	 */
	const char *ai_rule;
	const char *owasp;
} scan_finding;

/*
 * Whether the gate, --fail-on and the counts of what to act on include f:
 * not a false positive, not suppressed, and not in test code unless it is a
 * secret (a real credential in a test is still a leak).
 */
SCAN_EXTERN bool scan_finding_counts(const scan_finding *f);

/* An immutable list of findings, sorted by file, line, rule. */
typedef struct scan_finding_list scan_finding_list;

SCAN_EXTERN size_t scan_finding_list_count(const scan_finding_list *l);
/* Borrowed: valid until l is freed. i must be < count. */
SCAN_EXTERN const scan_finding *scan_finding_list_get(const scan_finding_list *l, size_t i);
SCAN_EXTERN void scan_finding_list_free(scan_finding_list *l); /* NULL is fine */

/*
 * The spec 2.9 fingerprint: the first 16 hex characters of
 * SHA-256(file_path "|" rule_id "|" snippet-without-whitespace), written with
 * its NUL into out. A reflow or a comment above the code keeps it; renaming
 * an identifier in the snippet or moving the file changes it.
 */
SCAN_EXTERN void scan_fingerprint(char out[SCAN_FINGERPRINT_LEN + 1], const char *file_path,
                                  const char *rule_id, const char *snippet);

/* The finding as one JSON object: every field, the SCA ones for a dependency finding. */
SCAN_EXTERN void scan_finding_json(scan_json *w, const scan_finding *f);

#endif
