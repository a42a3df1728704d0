/* include/scan/metrics.h - code metrics of a scan: per file and per function */
#ifndef SCAN_METRICS_H
#define SCAN_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "scan/common.h"

/*
 * One function, method, or top-level lambda. Lambdas and anonymous
 * functions inside a function count toward that function (one nesting level
 * deeper); named functions nested in a function are their own records.
 */
typedef struct {
	const char *name;             /* "Class.method" is not attempted: the declared name, or "<anonymous>" */
	uint32_t line, end_line;
	uint32_t code_lines;          /* lines of the function holding code */
	uint32_t cyclomatic;          /* McCabe: 1 + decision points (docs/metrics.md) */
	uint32_t cognitive;           /* SonarSource cognitive complexity */
	uint32_t params;
	uint32_t nesting;             /* deepest nesting of control structures */
} scan_function_metrics;

typedef struct {
	const char *path;
	const char *language;
	uint32_t lines;               /* every line */
	uint32_t code_lines;          /* lines with at least one token that is not a comment */
	uint32_t comment_lines;       /* lines with (part of) a comment; a line may be both */
	uint32_t blank_lines;         /* only white space */
	uint32_t cyclomatic, cognitive; /* sums over the functions */
	uint32_t duplicated_lines;    /* lines in a block repeated elsewhere in the scan (or in this file) */
	uint32_t duplicated_blocks;   /* such blocks */
	bool duplication_skipped;     /* not compared: the scan's tokens were over duplication's limit */
	/* new code (lines added or changed on the branch); 0 and -1 when unknown */
	uint32_t new_lines;           /* non-blank new lines */
	uint32_t new_duplicated_lines;
	int32_t new_cognitive_max;    /* the most complex function with a new line; -1: none */
	uint32_t nfunctions;
	const scan_function_metrics *functions; /* in source order */
	bool in_test;                 /* test or example code: measured, but left out of the scan's summary */
	bool generated;               /* generated code: measured, no quality findings, left out of the summary */
} scan_file_metrics;

typedef struct scan_result scan_result;

/* Borrowed from r, sorted by path; *n = 0 when the quality analyzer did not run. */
SCAN_EXTERN const scan_file_metrics *scan_result_metrics(const scan_result *r, size_t *n);

#endif
