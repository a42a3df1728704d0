/* lib/sast/taint.h - taint rules: flows from sources to sinks that pass no sanitizer */
#ifndef SCAN_SAST_TAINT_H
#define SCAN_SAST_TAINT_H

#include "sast/match.h"
#include "sast/sast.h"

/*
 * The roles a grammar's node kinds play for the taint engine (taint_lang.c):
 * which kinds assign, call, branch, loop, return, define a function, name
 * a variable... A kind with no role is an expression whose value is
 * tainted when any of its parts is (concatenation, formatting,
 * interpolation, casts, arithmetic) or a statement whose parts run in order.
 */
typedef enum {
	TR_NONE = 0,
	TR_FUNC,        /* a named function or method: a unit of its own, with a summary */
	TR_LAMBDA,      /* an anonymous function: its body runs where it is written */
	TR_ASSIGN,      /* left/right (or name/value): the left takes the right's taint */
	TR_AUGASSIGN,   /* left op= right: the left keeps its taint and adds the right's */
	TR_RETURN,
	TR_IF,          /* condition; consequence; alternative(s) */
	TR_ELSE,        /* an else branch: the if has one */
	TR_ELIF,        /* an else-if branch: the if has no else by it */
	TR_TERNARY,     /* condition ? a : b (Python: a if condition else b) */
	TR_LOOP,        /* runs its body any number of times */
	TR_FOREACH,     /* binds each element of a collection */
	TR_CALL,        /* function + arguments, or receiver + name + arguments */
	TR_NEW,         /* a constructor call */
	TR_MEMBER,      /* object.property */
	TR_SUBSCRIPT,   /* object[index] */
	TR_IDENT,       /* a variable */
	TR_SELF,        /* this, self */
	TR_LIST,        /* a list or array literal: elements by position */
	TR_DICT,        /* a map literal: pair children, key and value */
	TR_PAIR,
	TR_CLEAN,       /* never tainted: a literal, a type, a comment */
	TR_BLOCKFUNC,   /* a class or module body: walked, its named functions left to their own units */
	TR_COUNT
} taint_role;

typedef struct {
	const TSLanguage *ts;
	uint8_t *role;                /* per symbol */
	const char *const *numeric;   /* functions whose result is a number: they sanitize */
	bool ternary_python;          /* conditional_expression as a if c else b */
} taint_lang;

const taint_lang *scan_taint__lang(scan_lang lang); /* NULL: no model for the language */

/* Called for each flow found; the match is the sink's (its bindings render the message). */
typedef int (*taint_emit_fn)(void *ud, const sast_rule *r, const sast_match *sink, const sast_flow *flow);

/*
 * Run rule r's taint analysis over one file: sources, sinks and sanitizers
 * are the results of its formulas. Counts its work against the rule's
 * budget (scan_sast__budget_ok) and stops early when over it.
 */
int scan_taint__run(sast_ctx *c, const sast_rule *r, const TSTree *tree, const sast_matches *sources,
                    const sast_matches *sinks, const sast_matches *sanitizers, taint_emit_fn emit, void *ud);

#endif
