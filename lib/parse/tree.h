/* lib/parse/tree.h - one syntax tree per file, parsed on first use and shared by every analyzer */
#ifndef SCAN_PARSE_TREE_H
#define SCAN_PARSE_TREE_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>
#include "parse/notebook.h"
#include "walk/lang.h"

/*
 * A file costs at most this much parser work (tree-sitter reports progress
 * every 100 operations; a budget in work, not time, so a result does not
 * depend on the machine's load): a base plus some per byte, so large files
 * are parsed whole and only pathological ones are skipped, with a reason.
 */
#define SCAN_PARSE_STEPS_BASE 200000ull
#define SCAN_PARSE_STEPS_PER_KB 64ull
/*
 * Minified or generated code is skipped up front, by its shape: most of the
 * file is in long lines, and those lines are dense with code punctuation.
 * A long comment or string line (a license blob, a data URI) is neither.
 */
#define SCAN_PARSE_LONG_LINE 1000u                   /* bytes: a "long" line */
#define SCAN_PARSE_MINIFIED_MIN ((size_t)4 << 10)    /* smaller files are never "minified" */
#define SCAN_PARSE_MINIFIED_SHARE 50u                /* % of the bytes in long lines... */
#define SCAN_PARSE_MINIFIED_PUNCT 10u                /* ...with at least 1 in this many bytes ;{}(),=+-*<>&| */

/* A Jupyter notebook's code view: read and parsed once per file, like a tree. */
typedef struct {
	scan_notebook nb;
	TSTree *tree;             /* the code, as Python */
	bool tried;
	const char *skip_reason;  /* NULL, static, or why */
	char why[256];
} scan_parse_notebook;

/* One worker's parser and the current file's tree. */
typedef struct {
	TSParser *parser;
	TSTree *tree;
	bool tried;               /* something asked for this file's tree */
	bool has_error;           /* the tree holds syntax errors the parser recovered from */
	const char *skip_reason;  /* not analyzed, and why (static string) */
	scan_lang lang;
	uint64_t steps, steps_max;  /* progress reports of the current parse, and its budget */
	scan_parse_notebook *notebook; /* the current file's, when an analyzer asked; kept for the next file */
} scan_parse_state;

/*
 * Parse data as lang once; later calls for the same file return the same
 * tree. Returns NULL with *reason set when the file is skipped (minified,
 * over its work budget, no grammar); the reason is kept for the scan's stats.
 * Languages parsed by hand (Dockerfile) return NULL with *reason NULL and
 * count as parsed.
 */
const TSTree *scan_parse__parse(scan_parse_state *ps, scan_lang lang, const char *data, size_t len, const char **reason);
/*
 * A notebook file's code cells (parse/notebook.h) read once and parsed as
 * Python once, within the same work budget as a file, for every analyzer
 * that asks; *tree is that code's. NULL with *reason (starting with
 * SCAN_NOTEBOOK_SKIP) when the notebook cannot be read or its code not
 * parsed; NULL with *reason NULL when it holds no Python code (no code
 * cells, another kernel). The file's own tree (its JSON) is unaffected.
 */
const scan_notebook *scan_parse__notebook(scan_parse_state *ps, const char *data, size_t len, const TSTree **tree,
                                          const char **reason);
/* An analyzer gave up on a parsed file (over its own budget): count it as skipped. */
void scan_parse__skip(scan_parse_state *ps, const char *reason);
/* Forget the current file's tree; the parser is kept. */
void scan_parse__reset(scan_parse_state *ps);
void scan_parse__dispose(scan_parse_state *ps);
/* Why a file of this text is skipped as minified or generated; NULL when it is not. */
const char *scan_parse__minified(const char *data, size_t len);
/* Does Rampart parse files of this language (with a grammar or by hand)? */
bool scan_parse__supported(scan_lang lang);

/*
 * One step of a preorder walk with a cursor (a deep file costs heap, not
 * stack): into the current node's first child when descend, else to the
 * next node after its subtree. *depth follows the moves. false when the
 * walk is over: the cursor is back at the node it started from.
 */
bool scan_parse__walk_next(TSTreeCursor *cur, bool descend, uint32_t *depth);

#endif
