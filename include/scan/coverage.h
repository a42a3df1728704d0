/* include/scan/coverage.h - importing line coverage from test tools' reports */
#ifndef SCAN_COVERAGE_H
#define SCAN_COVERAGE_H

#include "common.h"

/*
 * Line coverage as the test tools report it: Cobertura XML (also gcovr --xml
 * and coverage.py `coverage xml`), JaCoCo XML, Clover XML (OpenClover,
 * istanbul, PHPUnit), LCOV tracefiles and Rampart's own JSON. The formats and
 * the rules of this module are documented in docs/coverage.md.
 */
typedef enum {
	SCAN_COV_AUTO = 0,     /* detect from the content */
	SCAN_COV_COBERTURA,
	SCAN_COV_JACOCO,
	SCAN_COV_CLOVER,
	SCAN_COV_LCOV,
	SCAN_COV_NATIVE,       /* Rampart's JSON, named "rampart" */
} scan_cov_format;

typedef struct {
	uint32_t line;         /* 1-based */
	uint32_t hits;         /* 0: coverable, not covered; saturates at UINT32_MAX */
} scan_cov_line;

typedef struct {
	char *path;            /* as the report names it, or the repository path once mapped */
	scan_cov_line *lines;  /* sorted by line, each line once */
	size_t nlines;
} scan_cov_file;

/*
 * A parsed report, the caller's once scan_coverage_parse() returns it; every
 * array and string in it belongs to it and goes with scan_coverage_free().
 * files are sorted by path, each path once. Where a report lists a file or a
 * line twice, the entries are merged by adding their hits (what `lcov -a`
 * does): covered or not is the same under any merge, only the counts differ.
 */
typedef struct {
	scan_cov_format format;    /* the format parsed, never SCAN_COV_AUTO */
	scan_cov_file *files;
	size_t nfiles;
	size_t unmapped;           /* report files scan_coverage_map_paths() dropped */
	char **sources;            /* Cobertura <source> roots, tried when mapping paths */
	size_t nsources;
} scan_cov_report;

/* Larger reports are refused with SCAN_ELIMIT. */
#define SCAN_COV_MAX_BYTES (25u << 20)

/*
 * Parse a report of len bytes (data need not be NUL-terminated). With
 * SCAN_COV_AUTO the format is detected from the content. On success *out is
 * the caller's: free it with scan_coverage_free(); on error *out is NULL.
 * Returns 0, SCAN_ELIMIT (more than SCAN_COV_MAX_BYTES, or a count, depth or
 * length limit of docs/coverage.md), SCAN_EPARSE (malformed, unsafe or
 * unknown input; the message names the format, what is wrong and the line or
 * offset), SCAN_EVERSION (Rampart JSON of a newer version) or SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_coverage_parse(scan_cov_report **out, const char *data, size_t len,
                                    scan_cov_format fmt);

SCAN_EXTERN void scan_coverage_free(scan_cov_report *r); /* NULL is fine */

/* "cobertura", "jacoco", "clover", "lcov", "rampart" or "auto"; static storage. */
SCAN_EXTERN const char *scan_coverage_format_name(scan_cov_format f);

/* The inverse of scan_coverage_format_name(); SCAN_EINVAL for any other name. */
SCAN_EXTERN int scan_coverage_format_parse(scan_cov_format *out, const char *name);

/*
 * Map each report file's path onto one of the repository's files
 * (repo_files: relative paths with '/', as the scanner lists them; borrowed).
 * root is the repository's absolute path, or NULL when unknown. Afterwards
 * every path is one of repo_files; report files that map nowhere or
 * ambiguously are dropped and counted in r->unmapped, and report files that
 * map to the same repository file are merged. Returns 0 or SCAN_ENOMEM
 * (the report is then unchanged).
 */
SCAN_EXTERN int scan_coverage_map_paths(scan_cov_report *r, const char *const *repo_files,
                                        size_t nfiles, const char *root);

#endif
