/* lib/coverage/coverage_int.h - shared by the coverage report parsers */
#ifndef SCAN_COVERAGE_COVERAGE_INT_H
#define SCAN_COVERAGE_COVERAGE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "scan/coverage.h"
#include "util/number.h"
#include "util/xmlguard.h"

/*
 * A report is untrusted input that may come from any CI job: every count,
 * depth and length is capped so memory and time stay linear in its size.
 */
#define SCAN_COV_FILES_MAX 200000           /* files in one report */
#define SCAN_COV_LINES_MAX (8u << 20)       /* line entries in one report, all files */
#define SCAN_COV_LINE_NUMBER_MAX 10000000u  /* highest line number */
#define SCAN_COV_PATH_MAX 4096              /* bytes of one path, after joining */
#define SCAN_COV_SOURCES_MAX 256            /* Cobertura <source> roots */
#define SCAN_COV_XML_DEPTH_MAX 64           /* nested elements */
#define SCAN_COV_XML_ATTR_MAX 65536         /* bytes of any one attribute value */
#define SCAN_COV_LCOV_LINE_MAX 16384        /* bytes of one tracefile line */

/* The format being parsed, the file being filled, and the running totals. */
typedef struct {
	scan_cov_report *r;
	const char *what;       /* format name for messages */
	bool detected;          /* the format came from SCAN_COV_AUTO */
	size_t files_cap;
	size_t lines_cap;       /* of the last file */
	size_t total_lines;
	size_t sources_cap;
} scan_coverage__builder;

/*
 * Start a new file; its lines follow. A path seen before is merged when the
 * report is finished. `where` is the input line, for messages.
 */
int scan_coverage__add_file(scan_coverage__builder *b, const char *path, size_t len, unsigned long where);
/* Add a line to the last file. Line 0 is not a source line and is skipped. */
int scan_coverage__add_line(scan_coverage__builder *b, uint64_t line, uint64_t hits, unsigned long where);
int scan_coverage__add_source(scan_coverage__builder *b, const char *path, size_t len, unsigned long where);
/* Raise SCAN_EPARSE or SCAN_ELIMIT as "<format>: line N: <reason>". */
int scan_coverage__fail(const scan_coverage__builder *b, int code, unsigned long where, const char *fmt, ...)
	SCAN_PRINTF(4, 5);
/* The message for input that is none of the formats. */
int scan_coverage__unknown(const char *detail);

/* Sort a file's lines and merge duplicates by adding their hits. */
void scan_coverage__file_normalise(scan_cov_file *f);
void scan_coverage__file_dispose(scan_cov_file *f);

/* --- XML: one expat wrapper for the three XML formats ---------------------- */

typedef struct scan_coverage__xml scan_coverage__xml;

/*
 * Handlers return 0 to go on or a negative code whose message they have
 * raised; SCAN_COV__XML_STOP ends the parse early without an error.
 */
#define SCAN_COV__XML_STOP 1
typedef struct {
	int (*start)(scan_coverage__xml *x, const char *name, const char **attrs);
	int (*end)(scan_coverage__xml *x, const char *name);
	int (*text)(scan_coverage__xml *x, const char *s, size_t len); /* may be NULL */
} scan_coverage__xml_handlers;

struct scan_coverage__xml {
	scan_util__xml_guard guard;  /* first: the guard finds itself at the parser's user data */
	void *parser;           /* XML_Parser, kept out of this header */
	const scan_coverage__xml_handlers *h;
	const char *what;
	void *ctx;              /* the format's state */
	size_t depth;           /* of the element being started or ended; the root is 1 */
	int rc;
};

/*
 * Parse data with entities refused, no DTD or external entity ever loaded
 * and depth and attribute lengths bounded (see xml.c). Returns 0, the first
 * handler error, or SCAN_EPARSE / SCAN_ELIMIT raised as "<what>: line N: ...".
 */
int scan_coverage__xml_parse(const char *what, const char *data, size_t len,
                             const scan_coverage__xml_handlers *h, void *ctx);
int scan_coverage__xml_fail(scan_coverage__xml *x, int code, const char *fmt, ...) SCAN_PRINTF(3, 4);
unsigned long scan_coverage__xml_line(const scan_coverage__xml *x);
/* The value of attribute name, or NULL. */
const char *scan_coverage__xml_attr(const char **attrs, const char *name);
/*
 * The attribute as a count. A missing attribute is 0 with *present false
 * (present may be NULL when absence is fine); a malformed one is SCAN_EPARSE.
 */
int scan_coverage__xml_uint(scan_coverage__xml *x, const char *elem, const char **attrs, const char *name,
                            uint64_t *out, bool *present);

/* Which XML format the root element and its first child name; SCAN_EPARSE when none. */
int scan_coverage__xml_detect(scan_cov_format *out, const char *data, size_t len);

/* --- the parsers ----------------------------------------------------------- */

int scan_coverage__parse_cobertura(scan_coverage__builder *b, const char *data, size_t len);
int scan_coverage__parse_jacoco(scan_coverage__builder *b, const char *data, size_t len);
int scan_coverage__parse_clover(scan_coverage__builder *b, const char *data, size_t len);
int scan_coverage__parse_lcov(scan_coverage__builder *b, const char *data, size_t len);
int scan_coverage__parse_native(scan_coverage__builder *b, const char *data, size_t len);

#endif
