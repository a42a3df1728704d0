/* lib/parse/tree.h - one syntax tree per file, parsed on first use and shared by every analyzer */
#ifndef SCAN_PARSE_TREE_H
#define SCAN_PARSE_TREE_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>
#include "walk/lang.h"

/*
 * A file costs at most this to parse; past it the file is skipped with a
 * reason rather than stalling a worker. Minified or generated code (very long
 * lines) is skipped up front: its findings would be noise and its trees huge.
 */
#define SCAN_PARSE_MS_MAX 5000u
#define SCAN_PARSE_LINE_MAX ((size_t)1 << 20)       /* one line longer than this: skipped */
#define SCAN_PARSE_MINIFIED_MIN ((size_t)64 << 10)  /* files this large are checked for... */
#define SCAN_PARSE_MINIFIED_AVG 500u                /* ...an average line longer than this */

/* One worker's parser and the current file's tree. */
typedef struct {
	TSParser *parser;
	TSTree *tree;
	bool tried;               /* something asked for this file's tree */
	bool has_error;           /* the tree holds syntax errors the parser recovered from */
	const char *skip_reason;  /* not analyzed, and why (static string) */
	scan_lang lang;
	uint64_t deadline_ns;
} scan_parse_state;

/*
 * Parse data as lang once; later calls for the same file return the same
 * tree. Returns NULL with *reason set when the file is skipped (too long
 * lines, over time, no grammar); the reason is kept for the scan's stats.
 * Languages parsed by hand (Dockerfile) return NULL with *reason NULL and
 * count as parsed.
 */
const TSTree *scan__parse(scan_parse_state *ps, scan_lang lang, const char *data, size_t len, const char **reason);
/* An analyzer gave up on a parsed file (over its own budget): count it as skipped. */
void scan__parse_skip(scan_parse_state *ps, const char *reason);
/* Forget the current file's tree; the parser is kept. */
void scan__parse_reset(scan_parse_state *ps);
void scan__parse_dispose(scan_parse_state *ps);
/* Does Rampart parse files of this language (with a grammar or by hand)? */
bool scan__parse_supported(scan_lang lang);

#endif
