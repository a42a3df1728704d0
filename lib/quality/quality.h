/* lib/quality/quality.h - code metrics from syntax trees (internal) */
#ifndef SCAN_QUALITY_QUALITY_H
#define SCAN_QUALITY_QUALITY_H

#include <stdbool.h>
#include <tree_sitter/api.h>
#include "scan/metrics.h"
#include "util/arena.h"
#include "walk/lang.h"

/* What a node kind means to the metrics. */
typedef enum {
	Q_NONE = 0,
	Q_FUNC,      /* named function or method: a record of its own */
	Q_LAMBDA,    /* anonymous function: part of the enclosing function, one level deeper */
	Q_IF,        /* if, unless, if-modifier */
	Q_ELIF,      /* elif / elsif / else if clause */
	Q_ELSE,      /* else clause (only counted when it belongs to an if) */
	Q_LOOP,
	Q_SWITCH,
	Q_CASE,      /* one arm of a switch: cyclomatic only */
	Q_CATCH,
	Q_TERNARY,
	Q_BINARY,    /* a binary operator node: logical when its operator is && || and or */
	Q_JUMP,      /* break/continue: counted when it names a label */
	Q_GOTO,
	Q_COMMENT,
	Q_PARAMS,    /* the parameter list of a function */
	Q_PAREN,     /* parentheses, looked through in boolean sequences */
	Q_NOT,       /* unary not */
	Q_ROLES
} q_role;

/* What a node is to clone detection. */
typedef enum {
	Q_TOK_PLAIN = 0,  /* a token by its text (keywords, operators), or a node to descend into */
	Q_TOK_SKIP,       /* comments and import lists: not tokens */
	Q_TOK_LITERAL,    /* one token, whatever the value */
	Q_TOK_IDENT,      /* one token, whatever the name */
} q_tok;

/* Per language: each grammar symbol's role. */
typedef struct {
	const TSLanguage *ts;
	uint32_t nsym;
	uint8_t *role;               /* per symbol */
	uint8_t *tok;                /* per symbol, for clone detection: a q_tok */
	TSSymbol label;              /* kind that names a jump's label; 0: any named child */
	bool kotlin_labels;          /* Kotlin writes break@outer as a label token */
} q_lang;

/* The tables of l, built once; NULL for languages without metrics. */
const q_lang *scan_quality__lang(scan_lang l);
/* For tests: the kind names of l's table that its grammar does not know. */
size_t scan_quality__lang_check(scan_lang l, const char **missing, size_t max);

/* Metrics of one parsed file; names live in arena. */
int scan_quality__file_metrics(scan_file_metrics *out, scan_arena *arena, scan_lang l, const TSTree *tree,
                               const char *src, size_t len);

#endif
