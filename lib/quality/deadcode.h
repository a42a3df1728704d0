/* lib/quality/deadcode.h - dead code from syntax trees: unused names, unreachable statements (internal) */
#ifndef SCAN_QUALITY_DEADCODE_H
#define SCAN_QUALITY_DEADCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>
#include "walk/lang.h"

typedef enum {
	DEAD_UNUSED_IMPORT,
	DEAD_UNUSED_PRIVATE_FUNCTION,
	DEAD_UNUSED_LOCAL,
	DEAD_UNUSED_PARAMETER,
	DEAD_UNREACHABLE,
} dead_kind;

typedef struct {
	dead_kind kind;
	uint32_t sb, eb;                 /* bytes reported: the import, the unused name, or the first to the
	                                    last unreachable statement of a block */
	uint32_t line, column, end_line; /* 1-based; column counts bytes */
	const char *name;                /* the unused name, pointing into src; NULL for unreachable code */
	size_t name_len;
} dead_item;

/* Called once per item, in source order; nonzero stops the pass and is returned. */
typedef int (*dead_emit_fn)(void *ud, const dead_item *it);

/*
 * Everything dead in one parsed file that the file alone can prove: see
 * docs/metrics.md for what each language reports and skips. path is used
 * for its name only (__init__.py re-exports). Languages without support
 * return 0 and emit nothing, and so does a file over the size limits.
 * Returns 0, SCAN_ENOMEM, or what emit returned.
 */
int scan_quality__dead_code(scan_lang l, const TSTree *tree, const char *src, size_t len, const char *path,
                            dead_emit_fn emit, void *ud);

/*
 * Go: an unexported function can be called from any file of its package
 * (one directory), so one file cannot decide it. The caller runs both of
 * these over every .go file of a directory (tests and other build tags
 * included) and reports the candidates no file of the directory refers to.
 *
 * scan_quality__dead_code_go_decls emits DEAD_UNUSED_PRIVATE_FUNCTION candidates:
 * unexported top-level functions with a body, not init or main, not named
 * with an underscore, not documented as called from elsewhere ("linkname",
 * "called by", "called from", "assembly"). Methods are never candidates
 * (they may satisfy an interface); neither is anything in a file with a
 * //go:linkname or cgo //export directive.
 *
 * scan_quality__dead_code_go_refs calls ref(ud, name, len) for each identifier in
 * the file that is not the name of a function or method declaration: calls,
 * values, the field part of selectors (x.m), and the names a //go:linkname
 * directive mentions. A function that only calls itself is kept. Names
 * point into src. A nonzero ref stops the pass and is returned.
 *
 * A directory with assembly (.s) files may call its Go functions from
 * there, and a testdata directory is no package: callers should not report
 * candidates in either.
 */
int scan_quality__dead_code_go_decls(const TSTree *tree, const char *src, size_t len, const char *path,
                                     dead_emit_fn emit, void *ud);
int scan_quality__dead_code_go_refs(const TSTree *tree, const char *src, size_t len,
                                    int (*ref)(void *ud, const char *name, size_t len), void *ud);

/* For tests: node kinds the rules of l name that its grammar does not know. */
size_t scan_quality__dead_code_lang_check(scan_lang l, const char **missing, size_t max);

/* ------------------------------------------------------------------------
 * Between deadcode.c and the per-language deadcode_<lang>.c files only.
 * deadcode.c walks the tree once with a cursor, counts every identifier,
 * and runs the unreachable-statement machine; each language's hooks say
 * what its node kinds mean and note candidate declarations, which are
 * decided after the walk against the counted uses.
 * ------------------------------------------------------------------------ */

/* Frames kept for the walk; nodes deeper still are walked but only counted as uses. */
#define DC_DEPTH_MAX 512

/* The node kinds any rule looks at, across languages; per-language tables map kind names to these. */
typedef enum {
	DK_NONE = 0,
	/* statements and blocks */
	DK_BLOCK, DK_MODULE, DK_SWITCH_CASE, DK_RETURN, DK_THROW, DK_BREAK, DK_CONTINUE, DK_YIELD_STMT,
	DK_LABELED, DK_EMPTY, DK_EXPR_STMT, DK_SWITCH_LABEL, DK_FOR, DK_TRY, DK_IF,
	/* declarations */
	DK_FUNCTION, DK_METHOD, DK_CONSTRUCTOR, DK_LAMBDA, DK_LOCAL_FUNCTION, DK_CLASS, DK_CLASS_BODY,
	DK_TYPE_DECL, DK_DECORATED, DK_DECORATOR, DK_ANNOTATION, DK_MODIFIERS, DK_MODIFIER,
	DK_ACCESSIBILITY, DK_EXPLICIT_IFACE, DK_PARAMS, DK_PARAM, DK_DEFAULT_PARAM, DK_TYPED_PARAM,
	DK_TYPED_DEFAULT_PARAM, DK_SPLAT_PARAM, DK_VAR_DECL, DK_LOCAL_DECL, DK_DECLARATOR, DK_EXPORT,
	DK_GLOBAL, DK_ASSIGN, DK_ARROW_BODY,
	/* imports */
	DK_IMPORT, DK_IMPORT_FROM, DK_FUTURE_IMPORT, DK_IMPORT_CLAUSE, DK_IMPORT_SPEC, DK_NAMESPACE_IMPORT,
	DK_NAMED_IMPORTS, DK_ALIASED_IMPORT, DK_DOTTED_NAME, DK_SCOPED_IDENT, DK_WILDCARD, DK_PACKAGE,
	/* expressions */
	DK_CALL, DK_MEMBER, DK_METHOD_REF, DK_YIELD, DK_PASS, DK_ELLIPSIS, DK_STRING, DK_WITH,
	DK_IDENT, DK_PRIVATE_IDENT, DK_JSX, DK_PREPROC, DK_THROW_EXPR, DK_TYPE_ONLY,
	DK__COUNT
} dc_kind;

/* Per symbol: how the walk treats it, whatever the rules. */
enum {
	DC_SYM_IDENT = 1,    /* a leaf of this kind is a use of its text */
	DC_SYM_COMMENT = 2,  /* its words count as uses for imports and functions */
	DC_SYM_STRING = 4,   /* likewise */
	DC_SYM_RAW = 8,      /* preprocessor lines and parse errors: words, and no verdicts inside */
	DC_SYM_STMT = 16,    /* *_statement or block: for blocks that list statements among other children */
};

/* What a child of a block is to the unreachable-code machine. */
typedef enum {
	DC_NOT_STMT = 0,     /* not a statement (a case label, a comment, a keyword) */
	DC_STMT,             /* an ordinary statement: unreachable after a jump */
	DC_JUMP,             /* return, throw, raise, break, continue */
	DC_RESET,            /* a label: reachable again from here */
	DC_SKIP,             /* never reported (hoisted declarations, types, empty statements) */
} dc_stmt;

typedef struct {
	TSNode node;
	TSSymbol sym;
	TSFieldId field;      /* the field this node fills in its parent, 0 for none */
	uint8_t kind;         /* a dc_kind */
	uint8_t prev;         /* dc_kind of the previous named sibling that is not a comment */
	uint8_t last;         /* dc_kind of the latest named child entered (becomes a child's prev) */
	bool named;
	bool in_import;       /* identifiers below bind names: they are not uses */
	bool in_raw;          /* below a parse error or a preprocessor line */
	bool block;           /* children are statements: watch for jumps */
	bool jumped;          /* a jump was seen among the children since the last label */
	bool dead;            /* an unreachable region was found */
	uint32_t sb, eb;
	int32_t fn;           /* nearest enclosing function scope (index in dc_ctx.scopes), -1 for none */
	int32_t cls;          /* nearest enclosing class scope, -1 for none */
	uint32_t dead_sb, dead_eb;
	TSPoint dead_sp, dead_ep;
	uint32_t aux;         /* per-language scratch */
} dc_frame;

/* Functions and classes: where a use of a name declared in them can be. */
enum {
	DC_SCOPE_STUB = 1,     /* the body does nothing but raise or pass: parameters say nothing */
	DC_SCOPE_PARAMS = 2,   /* the signature is private to the file: parameters are candidates */
	DC_SCOPE_CLASS = 4,
	DC_SCOPE_POISON = 8,   /* reads locals by name (JavaScript's with): no verdicts on its locals */
};

typedef struct {
	uint32_t sb, eb;
	uint32_t name_sb, name_eb; /* 0, 0 when anonymous */
	uint32_t flags;
} dc_scope;

/* Occurrence flags: where a use was seen. */
enum {
	DC_OCC_COMMENT = 1,
	DC_OCC_STRING = 2,
	DC_OCC_CALL = 4,     /* the callee of a call: does not pin the function's signature */
};

typedef struct {
	uint8_t kind;              /* a dead_kind */
	bool dropped;              /* ruled out before the uses were counted */
	uint8_t ignore;            /* DC_OCC_* occurrences that are not uses of this name */
	uint8_t tag;               /* per-language */
	uint32_t name_sb, name_eb;
	uint32_t sb, eb;           /* reported */
	TSPoint sp, ep;
	uint32_t scope_sb, scope_eb; /* where a use would be */
	int32_t fn;                /* parameters: the function whose name must not be used as a value;
	                              locals: the function poisoned by eval and friends; else -1 */
} dc_cand;

typedef struct dc_ctx dc_ctx;

/* A language's rules. Hooks see the frame of the node entered and its parent's (NULL at the root). */
typedef struct {
	const struct dc_kind_name { const char *name; dc_kind kind; } *kinds;
	const struct dc_kind_name *ts_kinds;  /* TypeScript and TSX only; may be NULL */
	const struct dc_kind_name *jsx_kinds; /* JavaScript and TSX only; may be NULL */
	dc_stmt (*stmt)(dc_ctx *c, const dc_frame *block, const dc_frame *f);
	void (*enter)(dc_ctx *c, dc_frame *f, dc_frame *parent);
	/* Is the identifier leaf the callee of a call? parent and grand may be NULL. */
	bool (*is_call)(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand);
	void (*finish)(dc_ctx *c);           /* after the walk, before the verdicts: drop what the file rules out */
	const char *const *poison;           /* names whose use in a function hides its locals and parameters */
	bool dollar;                         /* $ is a word character */
	bool suppress_strings;               /* "unused" in a string is a suppression (annotation arguments) */
} dc_lang;

extern const dc_lang scan_quality__dc_python, scan_quality__dc_javascript, scan_quality__dc_java, scan_quality__dc_go, scan_quality__dc_csharp;

struct dc_ctx {
	const dc_lang *lang;
	scan_lang l;
	const char *src;
	size_t len;
	const char *path;
	const uint8_t *kind_of;      /* per symbol: a dc_kind */
	const uint8_t *sym_flags;    /* per symbol: DC_SYM_* */
	uint32_t nsym;
	TSFieldId f_name, f_body, f_function, f_value, f_left, f_right, f_alias, f_attribute,
	          f_definition, f_initializer, f_declarator, f_parameters, f_object, f_property,
	          f_type, f_pattern, f_label, f_kind, f_decorator, f_module_name, f_source,
	          f_init, f_operand, f_field, f_expression;
	dc_frame *frames;            /* DC_DEPTH_MAX of them */
	dc_scope *scopes;
	size_t nscopes, cap_scopes;
	dc_cand *cands;
	size_t ncands, cap_cands;
	bool suppress_unused;        /* a comment or string speaks of unused code: trust the author */
	bool suppress_unreachable;   /* likewise for unreachable code */
	bool no_uses;                /* the counts are incomplete: report unreachable code only */
	bool is_module;              /* JavaScript: an import or export at the top */
	bool has_jsx;
	uint32_t aux;                /* per-language scratch */
	void *uses;                  /* the occurrence table (deadcode.c) */
	int rc;
};

/* Helpers for the language hooks (deadcode.c). */
bool scan_quality__dc_text_is(const dc_ctx *c, TSNode n, const char *s);
bool scan_quality__dc_text_starts(const dc_ctx *c, TSNode n, const char *s);
/* Whether n's text is one of words (NULL-terminated). */
bool scan_quality__dc_text_in(const dc_ctx *c, TSNode n, const char *const *words);
/* leaf names the callee of a call: f(...) directly, or x.f(...) as the member_name field of a member access. */
bool scan_quality__dc_is_callee(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand,
                                TSFieldId member_name);
uint8_t scan_quality__dc_kind(const dc_ctx *c, TSNode n);
uint8_t scan_quality__dc_flags(const dc_ctx *c, TSSymbol s); /* DC_SYM_* of a symbol, ERROR included */
/* A scope for node n named by name (may be a null node); its index, or -1 when out of memory. */
int32_t scan_quality__dc_scope(dc_ctx *c, TSNode n, TSNode name, uint32_t flags);
/* A candidate: the unused name is name, the report spans what; uses are looked for in [scope_sb, scope_eb). */
dc_cand *scan_quality__dc_cand(dc_ctx *c, dead_kind kind, TSNode name, TSNode what, uint32_t scope_sb, uint32_t scope_eb);
/* Occurrences of the text [sb, eb) in [from, to), not counting the one at sb nor those flagged in ignore. */
bool scan_quality__dc_used(const dc_ctx *c, uint32_t sb, uint32_t eb, uint32_t from, uint32_t to, uint8_t ignore);
/* Whether the word s occurs in [from, to), not counting occurrences flagged in ignore. */
bool scan_quality__dc_mentions(const dc_ctx *c, const char *s, uint32_t from, uint32_t to, uint8_t ignore);
/* Named to be unused: _x, dummy, unused..., ignored... (pylint's dummy-variables convention). */
bool scan_quality__dc_unused_by_name(const dc_ctx *c, TSNode name);
/*
 * Parameter candidates of a method whose parameters sit in its `parameters`
 * field, each a DK_PARAM with a `name` (Java, C#); skip says which to leave
 * out (annotated, attributed). Uses are looked for in the whole method.
 */
void scan_quality__dc_params(dc_ctx *c, TSNode method, int32_t scope, bool (*skip)(dc_ctx *c, TSNode param));
/* True for a body that does nothing: empty, pass, ..., a docstring, or only raises/throws. */
bool scan_quality__dc_stub_body(const dc_ctx *c, TSNode body);
/* The kind and flag tables of l (for passes that do not need the whole walk); false without them. */
bool scan_quality__dc_tables(scan_lang l, const uint8_t **kind_of, const uint8_t **sym_flags, uint32_t *nsym);

#endif
