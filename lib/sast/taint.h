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
	bool implicit_return;         /* a body's last expression is its value (Ruby, Rust) */
	bool ruby_new;                /* Foo.new(x) runs Foo#initialize */
	bool shift_appends;           /* s << x appends x to s (Ruby, C++ streams) */
	bool if_value;                /* an if is an expression: its value is its branches' (Kotlin, Rust) */
	bool dollar_names;            /* "$name" in a string reads name (Kotlin) */
	bool else_token;              /* an if's else branch is known only by the "else" before it (Kotlin) */
} taint_lang;

const taint_lang *scan_taint__lang(scan_lang lang); /* NULL: no model for the language */
/* The child that plays field name in n, where n's grammar has no such field (Kotlin's); null: none. */
TSNode scan_taint__field_alias(TSNode n, const char *name);

/* Called for each flow found; the match is the sink's (its bindings render the message). */
typedef int (*taint_emit_fn)(void *ud, const sast_rule *r, const sast_match *sink, const sast_flow *flow);

/* A trail that crosses files: its steps carry their file and code (taint_world.c). */
typedef struct {
	const char *path, *code;
	uint32_t line, column, end_line;
	taint_step_kind kind;
} taint_gstep;

typedef struct {
	const taint_gstep *v;
	size_t n;
} taint_gtrail;

#define TAINT_WORLD_IN 16            /* parameters whose incoming request data is remembered */

typedef struct taint_world taint_world;
int scan_taint__world_new(taint_world **out);
void scan_taint__world_free(taint_world *w);
/* A file defines name: the parameters that reach its return value, and request data that does. */
void scan_taint__world_define(taint_world *w, const char *rule, const char *name, size_t len, uint64_t ret_params,
                              uint64_t recv_params, const taint_gtrail *ret);
/* A file passes request data into parameter param of name, which it does not define. */
void scan_taint__world_pass(taint_world *w, const char *rule, const char *name, size_t len, unsigned param,
                            const taint_gtrail *trail);
/* After the first pass: what name does (false: no file defines it), and what others pass it. */
bool scan_taint__world_summary(taint_world *w, const char *rule, const char *name, size_t len, uint64_t *ret_params,
                               uint64_t *recv_params, taint_gtrail *ret);
uint64_t scan_taint__world_incoming(taint_world *w, const char *rule, const char *name, size_t len,
                                    taint_gtrail in[TAINT_WORLD_IN]);
/* The flows of rule in path wait for the second pass; whether they do. */
void scan_taint__world_hold(taint_world *w, const char *path, const char *rule);
bool scan_taint__world_held(taint_world *w, const char *path, const char *rule);

/*
 * How far a file's analysis reaches: alone (world NULL, a smart scan), or
 * in a deep scan's first pass (it teaches the world, and keeps back the
 * flows that depend on other files) or second pass (it applies what the
 * world learnt).
 */
/*
 * What a file's functions do to data for a rule with no source and no sink
 * in the file: it depends only on where the rule's sanitizers and
 * propagators matched, and rules share most of them, so a deep scan's first
 * pass works it out once per file and set of matches and tells the world
 * for each rule that has that set.
 */
typedef struct taint_summaries {
	struct {
		const char *name;        /* in the file's text */
		size_t len;
		uint64_t ret_params, recv_params;
	} *v;
	size_t n, cap;
	uint64_t *san;               /* the sanitizer matches, (start << 32 | end), sorted; then the propagators' */
	size_t nsan, san_cap;
} taint_summaries;

typedef struct {
	taint_world *world;
	int pass;
	const char *path;            /* the file's, for the steps other files import */
	bool again;                  /* out, first pass: the file's flows wait for the second */
	taint_summaries *record;     /* first pass: also keep what the functions do here */
} taint_scope;

/*
 * A deep scan's second pass, for a file without rule r's sources: does
 * another file pass request data to one of its functions? false: its flows
 * need not be followed again. (A call here to a function elsewhere that
 * returns request data is not enough on its own: functions are known by
 * name, and in the Go standard library alone that linked every err of a
 * Write call to http.Response.Write.)
 */
bool scan_taint__may_flow_in(sast_ctx *c, const sast_rule *r, const TSTree *tree, taint_world *world);

/* A propagator's match: the call at [sb, eb) carries the data of [from_sb, from_eb) into `to`. */
typedef struct {
	uint32_t sb, eb;
	uint32_t from_sb, from_eb;
	TSNode to;
	bool replaces;               /* the call overwrites `to` first */
} taint_prop;

typedef struct {
	taint_prop *v;
	size_t n;
} taint_props;

/*
 * Run rule r's taint analysis over one file: sources, sinks and sanitizers
 * are the results of its formulas, props its propagators' (sorted by sb).
 * Counts its work against the rule's budget (scan_sast__budget_ok) and
 * stops early when over it.
 */
int scan_taint__run(sast_ctx *c, const sast_rule *r, const TSTree *tree, const sast_matches *sources,
                    const sast_matches *sinks, const sast_matches *sanitizers, const sast_matches *rejects,
                    const taint_props *props,
                    taint_scope *scope, taint_emit_fn emit, void *ud);

#endif
