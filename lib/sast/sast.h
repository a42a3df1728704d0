/* lib/sast/sast.h - code rules: the rule model, patterns, and the per-file engine */
#ifndef SCAN_SAST_SAST_H
#define SCAN_SAST_SAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <tree_sitter/api.h>
#include "scan/finding.h"
#include "util/arena.h"
#include "util/rulefiles.h"
#include "walk/lang.h"

/*
 * A rule is a formula over matches. A match is a byte range of the file plus
 * the metavariables bound on the way. Leaves produce matches (a code-like
 * pattern, a raw tree-sitter query, a regex, a Dockerfile instruction);
 * combinators combine them the way Semgrep users expect:
 *
 *   all      every positive member matches the same range; the others filter
 *   any      the union of its members
 *   not      drops results that a member matches at exactly the same range
 *   inside / not-inside   keeps / drops results inside a match of the member
 *   has / not-has         keeps / drops results containing a match of the member
 *   where    metavariable constraints
 *   focus    reports the range bound to a metavariable instead
 *
 * Members of one formula that bind the same metavariable must bind equal
 * text: that is how "same value across patterns" is written.
 */

#define SAST_MV_MAX 24           /* metavariables per rule */
#define SAST_RULES_MAX 8192
#define SAST_PATTERN_MAX 4096    /* bytes of one pattern */
#define SAST_FORMULA_DEPTH_MAX 16

typedef struct sast_pnode sast_pnode;
typedef struct sast_pattern sast_pattern;
typedef struct sast_formula sast_formula;

typedef enum {
	SAST_F_PATTERN, SAST_F_QUERY, SAST_F_REGEX, SAST_F_INSTRUCTION,  /* leaves */
	SAST_F_ALL, SAST_F_ANY,
	SAST_F_NOT, SAST_F_INSIDE, SAST_F_NOT_INSIDE, SAST_F_HAS, SAST_F_NOT_HAS,
	SAST_F_WHERE, SAST_F_FOCUS,
} sast_fkind;

typedef enum { SAST_CMP_NONE, SAST_CMP_LT, SAST_CMP_LE, SAST_CMP_GT, SAST_CMP_GE, SAST_CMP_EQ, SAST_CMP_NE } sast_cmp;

/* One constraint of a where: list, on one metavariable. */
typedef struct {
	int mv;
	pcre2_code *regex, *not_regex;
	sast_cmp cmp;
	double cmp_value;
	int constant;                 /* -1: unset; 0: must not be a literal; 1: must be */
	int equals_mv;                /* -1: unset; else the text must equal that metavariable's */
	pcre2_code *kind_regex;       /* on the bound node's kind */
	/* regex is only literal words, `^(get|post)$`: those words, one of which the bound text holds */
	const char **alts;
	size_t nalts;
	unsigned line;
} sast_where;

/* Dockerfile instruction leaf. */
typedef struct {
	char keyword[16];             /* upper case: "RUN", "FROM", ... */
	bool final_stage;             /* only the last build stage */
	bool last;                    /* only the last such instruction of each stage */
	bool missing;                 /* matches a stage's FROM when the stage has none */
	int16_t args_mv;              /* $ARGS: the arguments, continuation lines joined */
} sast_instruction;

struct sast_formula {
	sast_fkind kind;
	unsigned line;                /* in the rule file */
	sast_formula **kids;
	size_t nkids;
	/* leaves */
	const char *src;              /* pattern, query or regex text */
	const char *atom;             /* patterns: their longest literal word, which every match contains; or NULL */
	sast_pattern *pat[SCAN_LANG__COUNT];
	TSQuery *query[SCAN_LANG__COUNT];
	int16_t *query_mv[SCAN_LANG__COUNT]; /* capture index -> metavariable, -1 none */
	/* a query that only names node kinds, `[(a) (b)] @X`: those symbols, 0-terminated,
	   matched in the engine's tree walk instead of by a query cursor */
	TSSymbol *query_kinds[SCAN_LANG__COUNT];
	/* a one-pattern query rooted at one named kind, `(call ...)`: that symbol; the walk
	   runs the query only at such nodes, so it never needs a cursor over the whole tree */
	TSSymbol query_root[SCAN_LANG__COUNT];
	pcre2_code *re;
	int16_t re_group_mv[32];      /* named group number -> metavariable */
	sast_instruction instr;
	unsigned leaf;                /* slot of this leaf's matches in a file's results */
	/* where: constraints of the enclosing all: on one metavariable this pattern binds,
	   checked as it binds so that `...` before it retries the next position */
	const sast_where **pushed;
	size_t npushed;
	/* a pattern without an atom that binds a metavariable a pushed regex names as
	   literal words: one of those words is in every match */
	const char **alts;
	size_t nalts;
	/* where / focus */
	sast_where *where;
	size_t nwhere;
	int focus_mv;
};

typedef struct {
	bool vulnerable;              /* must match (true) or must not (false) */
	const char *code;
	const char *path;             /* the file name it is scanned as; NULL: one from the language */
	unsigned line;
} sast_fixture;

typedef struct {
	const char *id;               /* as written: "python.subprocess-shell-true" */
	const char *rule_id;          /* "sast/<id>" or "iac/<id>": what findings carry */
	const char *title;
	const char *message;          /* may interpolate $MV */
	const char *remediation;
	const char *cwe;              /* "CWE-78" or NULL */
	const char *owasp;            /* "A03:2021", "LLM05:2025" or NULL */
	const char *ai_rule;          /* category ai: the AI attack-surface rule it detects, "AI011"; else NULL */
	const char *fix;              /* replacement template or NULL */
	const char **references;
	size_t nreferences;
	const char **path_include, **path_exclude;  /* gitignore-style globs */
	size_t ninclude, nexclude;
	uint64_t langs;               /* bit per scan_lang */
	scan_severity severity;
	scan_category category;
	unsigned confidence;
	sast_formula *match;          /* a taint rule: any of the three below, so their leaves are matched */
	sast_formula *taint_sources, *taint_sinks, *taint_sanitizers; /* a taint rule's; sanitizers may be NULL */
	sast_formula *taint_rejects;  /* checks that hold when the value is bad (name.contains("..")); may be NULL */
	/* propagators: each a formula whose match carries data from the range bound to
	   taint_from[i] into the variable bound to taint_to[i] (json.Unmarshal($FROM, $TO)); may be none */
	sast_formula **taint_propagators;
	int16_t *taint_from, *taint_to;
	bool *taint_replaces;         /* the call overwrites taint_to (sprintf, strcpy): what it held is gone */
	bool taint_numbers_carry;     /* numbers-carry: a conversion to a number keeps the data (the rule is about a
	                                 quantity: a size, a count, a token cap), where it otherwise sanitizes */
	size_t ntaint_propagators;
	const char *mv_names[SAST_MV_MAX];
	unsigned nmv;
	uint32_t sensitive;           /* bit per metavariable whose text is masked in findings */
	bool custom;                  /* from --rules or .rampart/rules, not a built-in pack */
	sast_fixture *fixtures;
	size_t nfixtures;
	const char *origin;           /* "file.yaml:12" */
	const char *pack;             /* the file it came from */
	unsigned nleaves;
	const char **atoms;           /* the rule can only match a file containing one of these; none: always try */
	size_t natoms;
} sast_rule;

typedef struct {
	sast_rule *rules;
	size_t count, cap;
	scan_arena arena;
	unsigned nleaves;             /* over every rule */
	/*
	 * Set before loading a pack that is known to be valid (the built-in one,
	 * checked by `rampart rules test` in the test suite): its patterns and
	 * queries are then compiled by the engine for a language only when a
	 * scan meets a file of that language.
	 */
	bool lazy;
} sast_ruleset;

/* Compile leaf f of rule r for language l, once; errors as "reason" in err. */
int scan_sast__leaf_compile(sast_ruleset *set, sast_rule *r, sast_formula *f, scan_lang l, char *err, size_t errlen);
/* The index of metavariable $<name> in r, or -1. */
int scan_sast__mv_lookup(const sast_rule *r, const char *name, size_t len);

/*
 * Loading. Errors are SCAN_EINVAL/SCAN_EPARSE with "origin:line: reason".
 * Patterns are compiled for each language of their rule as they load, so a
 * pattern that does not parse is reported here, with its line.
 */
int scan_sast__load_text(sast_ruleset *set, const char *text, size_t len, const char *origin);
int scan_sast__load_dir(sast_ruleset *set, const char *dir);      /* *.yaml, *.yml, recursively */
int scan_sast__load_builtin(sast_ruleset *set);
void scan_sast__ruleset_dispose(sast_ruleset *set);
/* Language names in rule files: python, javascript (also TS/TSX), typescript, ... */
int scan_sast__lang_from_name(const char *name, uint64_t *mask);

/* The built-in packs, generated from rules/sast and rules/iac at build time. */
extern const scan_embedded_rule_file scan_sast__builtin[];
extern const size_t scan_sast__builtin_count;

/*
 * Literals (at least 3 bytes) one of which every text regex re matches holds,
 * into out[0 .. *n), allocated in arena: `^(get|post)$` gives get and post,
 * `^request\\.(args|form)` gives "request.". *n = 0 when the regex does not
 * say: a flag such as (?i), a branch with no such literal, more than max.
 */
int scan_sast__regex_factors(scan_arena *arena, const char *re, const char **out, size_t max, size_t *n);

/* Patterns (pattern.c). */
/* Call fn for every metavariable the pattern text names ($X, $...X), as the compiler will see them. */
void scan_pattern__each_mv(const char *src, bool php, void (*fn)(void *ud, const char *name, size_t len), void *ud);
/* The longest literal word of a pattern (at least 3 bytes): every match contains it. NULL: none. */
size_t scan_pattern__atom(const char *src, const char **atom);
/* Metavariables must already be in rule's table (scan_pattern__each_mv at load). */
int scan_pattern__compile(sast_pattern **out, scan_lang lang, const char *src, const sast_rule *rule,
                          char *err, size_t errlen);
void scan_pattern__free(sast_pattern *p);
/* The symbol a match must start at; 0 for statement-sequence patterns (tried at every node). */
TSSymbol scan_pattern__root_symbol(const sast_pattern *p);
/* For statement sequences, the symbol their first statement must have; 0: any. */
TSSymbol scan_pattern__first_symbol(const sast_pattern *p);

/* Per-language facts about grammar symbols (langinfo.c). */
#define SAST_SYM_PUNCT     0x01u  /* anonymous delimiter: ( ) , ; { } [ ] */
#define SAST_SYM_PAREN     0x02u  /* parenthesized expression */
#define SAST_SYM_STRING    0x04u  /* a string literal as a whole */
#define SAST_SYM_STRPART   0x08u  /* a constant part of a string (content, escape, quote) */
#define SAST_SYM_NUMBER    0x10u
#define SAST_SYM_CONSTKW   0x20u  /* true, false, null, nil, None ... */
#define SAST_SYM_UNORDERED 0x40u  /* children match as a set (YAML mappings, HCL bodies, JSON objects) */
#define SAST_SYM_CONCAT    0x80u  /* binary/concatenation: constant when its operands are */
#define SAST_SYM_WRAPPER   0x100u /* wraps one statement only at file level (C#'s global_statement) */
#define SAST_SYM_OPTIONAL  0x200u /* may be left out of a pattern: decorators, "async" */
typedef struct {
	const TSLanguage *ts;
	uint32_t nsym;
	uint16_t *flags;
} sast_langinfo;
const sast_langinfo *scan_sast__langinfo(scan_lang lang);  /* NULL: no grammar */

/* Matches (match.c, eval.c). */
typedef struct {
	uint32_t sb, eb;              /* byte range in the file */
	TSNode node;                  /* zero id: not a tree node (regex, Dockerfile) */
	const char *text;             /* when not NULL, the value (Dockerfile arguments) */
	uint32_t len;
} sast_binding;

typedef struct {
	uint32_t sb, eb;
	uint32_t line, end_line, column;  /* 1-based */
	uint32_t bound;               /* bit per metavariable */
	sast_binding b[SAST_MV_MAX];
} sast_match;

/* A taint rule's flow: the source, the steps it went through, the sink (taint.c). */
typedef enum { TAINT_SOURCE, TAINT_STEP, TAINT_CALL, TAINT_SINK } taint_step_kind;

typedef struct {
	uint32_t sb, eb;
	uint32_t line, column, end_line; /* 1-based */
	taint_step_kind kind;
	const char *path, *code;      /* a step in another file: its path and code; NULL: this file's [sb, eb) */
} sast_flow_step;

#define SAST_FLOW_ALIASES 8

typedef struct {
	const sast_flow_step *v;
	size_t n;
	const char *const *aliases;   /* pattern rules whose matches on the flow's lines it stands for */
	size_t naliases;
} sast_flow;

typedef struct {
	sast_match *v;
	size_t n, cap;
	uint64_t *count, *total;      /* when set, every push adds one to each: the rule's and the file's leaf
	                                 matches, for their memory budgets */
} sast_matches;

/* Everything one worker needs to match one file; reused across files. */
typedef struct sast_ctx sast_ctx;

/* Dockerfile instructions (dockerfile.c). */
typedef struct {
	char keyword[16];             /* upper case */
	uint32_t sb, eb;              /* the whole instruction, continuation lines included */
	uint32_t line, end_line;
	const char *args;             /* arguments with continuations joined; NUL-terminated */
	size_t args_len;
	unsigned stage;               /* 0-based FROM count */
} sast_instr;

typedef struct {
	sast_instr *v;
	size_t n, cap;
	unsigned stages;
} sast_dockerfile;

int scan_dockerfile__parse(sast_dockerfile *df, scan_arena *a, const char *data, size_t len);

#endif
