/* lib/analyzers/suppress.h - inline suppression markers in comments (docs/rules.md "Inline suppression") */
#ifndef SCAN_SCAN_SUPPRESS_H
#define SCAN_SCAN_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>
#include "walk/lang.h"

/* Reasons longer than this are cut (on a UTF-8 boundary). */
#define SCAN_SUPPRESS_REASON_MAX 512
/* Ids after one marker that are looked at; more are ignored. */
#define SCAN_SUPPRESS_IDS_MAX 32

/* What silenced a finding. */
typedef struct {
	const char *kind;    /* "rampart:ignore", "nosec", "nosemgrep", "NOSONAR", "noqa" (static); NULL: not suppressed */
	const char *reason;  /* into the text given; NULL when the marker has none */
	size_t reason_len;
} scan_suppression;

/* Line starts of the current file, built on the first finding that needs them. */
typedef struct {
	const char *data;    /* the file indexed; borrowed */
	size_t len;
	size_t *starts;      /* starts[i]: offset of line i + 1 */
	size_t n, cap;
} scan_line_index;

/*
 * Does a marker in the comment text c[0..n) (delimiters removed or not)
 * silence a finding of rule_id with cwe_id (may be NULL)? Fills *out and
 * returns true when it does.
 */
bool scan_suppress__parse(scan_suppression *out, const char *c, size_t n, const char *rule_id, const char *cwe_id);

/*
 * Is the finding of rule_id at line (1-based) of data[0..len), in lang,
 * silenced by a marker in a comment on that line, or on the line above
 * when that line holds nothing but a comment? tree (may be NULL) is the
 * file's syntax tree: when given, a comment the line lexer finds must be a
 * comment node too. idx caches line starts across calls for one file.
 * Returns 0 (out->kind NULL when not silenced) or SCAN_ENOMEM.
 */
int scan_suppress__check(scan_suppression *out, scan_line_index *idx, const char *data, size_t len, scan_lang lang,
                         const TSTree *tree, uint32_t line, const char *rule_id, const char *cwe_id);

/* Index the lines of data (again only when data changed): 0 or SCAN_ENOMEM. */
int scan_analyzers__line_index(scan_line_index *idx, const char *data, size_t len);
void scan_analyzers__line_index_dispose(scan_line_index *idx);

#endif
