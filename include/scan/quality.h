/* include/scan/quality.h - ratings, technical debt and new-code measures of a scan (spec 2.10) */
#ifndef SCAN_QUALITY_H
#define SCAN_QUALITY_H

#include <stdbool.h>
#include <stdint.h>
#include "buf.h"
#include "json.h"
#include "common.h"
#include "finding.h"

/* What technical debt is made of (spec 2.10 findings_by_type). */
typedef enum {
	SCAN_DEBT_COMPLEXITY = 0,   /* cognitive complexity, long functions, long parameter lists */
	SCAN_DEBT_DEAD_CODE,
	SCAN_DEBT_DUPLICATION,
	SCAN_DEBT_COVERAGE_GAP,     /* a file below the coverage threshold */
	SCAN_DEBT__COUNT
} scan_debt_type;

SCAN_EXTERN const char *scan_debt_type_name(scan_debt_type t); /* "complexity", "dead_code", ... */

/* SonarQube's development cost: 30 minutes per line of code; an engineer day is 8 hours. */
#define SCAN_DEBT_MINUTES_PER_LINE 30
#define SCAN_DEBT_MINUTES_PER_DAY (8 * 60)
/* A file with less line coverage than this is a coverage gap; each missing line costs 2 minutes. */
#define SCAN_COVERAGE_GAP_PCT 80.0
#define SCAN_COVERAGE_GAP_MINUTES_PER_LINE 2

/*
 * The remediation cost of one finding in minutes, and its debt type, from
 * its rule (docs/metrics.md has the table). 0 with *type unset for findings
 * that are not maintainability debt (security, secrets, ...).
 */
SCAN_EXTERN unsigned scan_debt_minutes(const scan_finding *f, scan_debt_type *type);

/*
 * Everything the ratings are computed from, and the ratings. A percentage
 * or maximum that could not be measured is negative; a rating that could
 * not be given is 0.
 */
typedef struct {
	/* code */
	uint64_t ncloc;               /* code lines of the files with metrics */
	uint64_t duplicated_lines, duplicated_blocks;
	double duplication_pct;       /* 100 * duplicated_lines / ncloc */
	uint64_t duplication_files_skipped; /* files not compared: over duplication's token limit */
	int64_t cognitive_max;        /* the most complex function; -1: no functions */
	uint64_t test_files;          /* files of test or example code: measured, left out of every figure here */
	uint64_t generated_files;     /* generated files (not test code): the same */
	/* new code: lines added or changed since the merge base with the default branch */
	bool new_code_known;
	char new_code_base[41];       /* merge-base commit; "" when unknown */
	uint64_t new_lines;           /* non-blank new lines in files with metrics */
	uint64_t new_duplicated_lines;
	double new_duplication_pct;
	int64_t new_cognitive_max;    /* the most complex function touching new code; -1: none */
	/* debt */
	uint64_t debt_minutes;
	uint64_t new_debt_minutes;    /* of findings on new lines */
	uint64_t findings_by_type[SCAN_DEBT__COUNT];
	int worst_security;           /* scan_severity of the worst open security/secret/IaC/SCA finding; -1 none */
	int worst_reliability;        /* of the worst reliability finding (unreachable code); -1 none */
	int new_worst_security, new_worst_reliability;
	/* coverage, once a report is imported */
	bool has_coverage;
	uint64_t cov_files, cov_lines, cov_covered;
	double coverage_pct;
	uint64_t new_cov_lines, new_cov_covered; /* coverable new lines, and those covered */
	uint64_t coverage_debt_minutes; /* the part of debt_minutes that is coverage gaps */
	double new_coverage_pct;      /* negative without a report or without new coverable lines */
	/* parsing */
	uint64_t files_parsed, files_skipped;
	uint64_t files_parse_errors;  /* of files_parsed, those whose tree holds syntax errors */
	double parse_coverage_pct;    /* files with syntax errors count as parsed */
	/* ratings: 'A'..'E', 0 not rated */
	char maintainability, reliability, security, coverage, duplication, quality;
	char new_maintainability, new_reliability, new_security, new_quality;
} scan_quality_summary;

/*
 * Fill in the percentages and ratings from the counts:
 * - maintainability from the debt ratio debt / (ncloc * 30 min): A <= 5%,
 *   B < 10%, C < 20%, D < 50%, else E (SonarQube's grid); new code uses its
 *   own debt and lines;
 * - reliability and security from the worst open finding: none A, low B,
 *   medium C, high D, critical E;
 * - coverage: A >= 80%, B >= 70%, C >= 50%, D >= 30%, else E;
 * - duplication: A < 3%, B < 5%, C < 10%, D < 20%, else E;
 * - quality: the worst of maintainability, reliability and security.
 */
SCAN_EXTERN void scan_quality_rate(scan_quality_summary *s);

/* Letter for a debt ratio (debt minutes / development minutes). */
SCAN_EXTERN char scan_quality_debt_rating(double ratio);

/*
 * The summary as a JSON object with spec 2.10's names: ratings, tech_debt,
 * code, new_code, coverage (null without a report); tool_versions from the
 * n analyzers given (names and versions; may be 0). Appends to out.
 */
typedef struct {
	const char *name, *version;
} scan_tool_version;
SCAN_EXTERN int scan_quality_summary_write_json(scan_buf *out, const scan_quality_summary *s,
                                                const scan_tool_version *tools, size_t ntools);
/* The same, as the member key (NULL: a value) of a document being written. */
SCAN_EXTERN void scan_quality_summary_json(scan_json *w, const char *key, const scan_quality_summary *s,
                                           const scan_tool_version *tools, size_t ntools);

/* Read back what write_json wrote (ratings are recomputed by the caller). SCAN_EPARSE on other text. */
SCAN_EXTERN int scan_quality_summary_parse_json(scan_quality_summary *out, const char *json, size_t len);

typedef struct scan_result scan_result;
/* Borrowed from r: the scan's quality measures; NULL when the quality analyzer did not run. */
SCAN_EXTERN const scan_quality_summary *scan_result_quality(const scan_result *r);

#endif
