/* lib/sast/match.h - matching one pattern at one node, and the worker state it needs */
#ifndef SCAN_SAST_MATCH_H
#define SCAN_SAST_MATCH_H

#include <hs/hs.h>
#include <time.h>
#include "sast/pattern_int.h"
#include "sast/sast.h"

/*
 * The significant children of recently listed nodes: many patterns are tried
 * at the same node, and listing children through a tree cursor is most of
 * what a failed attempt costs.
 */
#define SAST_KIDS_CACHE 256
#define SAST_KIDS_CACHED 12
typedef struct {
	const void *id;
	uint64_t gen;
	uint32_t n;
	TSNode kids[SAST_KIDS_CACHED];
} sast_kids_entry;

struct sast_ctx {
	struct sast_engine *engine;
	const sast_ruleset *engine_rules; /* the engine's */
	const char *src;              /* the file */
	size_t len;
	const sast_langinfo *li;
	scan_lang lang_id;             /* of the file */
	TSTreeCursor cur;             /* the matcher's, reset for every node it lists */
	bool has_cur;
	TSNode *stk;                  /* children being matched, level after level */
	size_t top, cap;
	uint8_t *used;                /* unordered matching: target children taken */
	size_t used_top, used_cap;
	sast_match *m;                /* the match being built */
	const sast_where *const *pushed; /* the pattern's early constraints */
	size_t npushed;
	uint64_t steps, steps_max;    /* the whole file's */
	uint32_t rule;                /* the rule being matched, SAST_NO_RULE for shared work */
	uint64_t *rule_steps;         /* per rule, this file */
	uint64_t rule_steps_max;
	uint64_t pool_steps[2], pool_steps_max; /* built-in rules, the user's */
	uint64_t leaf_matches, leaf_matches_max; /* this file's, and its memory budget in matches */
	uint64_t *rule_matches, rule_matches_max; /* per rule, and each rule's budget */
	uint32_t *dropped;            /* rules dropped for this file, in order */
	const char **dropped_why;     /* per dropped entry */
	size_t ndropped;
	bool exhausted;
	const char *why;              /* why the file was given up */
	sast_matches *leaf;           /* per leaf slot, reused across files */
	scan_arena arena;             /* combinator results of one file */
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	TSQueryCursor *qc;
	uint8_t *active;              /* per rule, for this file */
	hs_scratch_t *scratch;
	bool scratch_for[SCAN_LANG__COUNT]; /* scratch is big enough for that language's atoms */
	sast_dockerfile df;
	sast_kids_entry *kids;         /* SAST_KIDS_CACHE entries */
	uint64_t gen;                  /* of the current file: older entries are stale */
	uint64_t *seen;                /* the engine's walk: per depth, sequence starts met below */
	size_t seen_cap;
	/* the first walk's nodes where a second-phase leaf may match, in walk order:
	   the second phase visits them instead of walking the tree again */
	TSNode *later;
	size_t nlater, later_cap;
	bool later_whole;             /* false: the list ran out of memory; walk again */
	bool keep_duplicates;         /* rules test: a pattern rule's match on a taint rule's flow is kept */
	/* a deep scan's taint rules (taint.h): set by the caller before each file */
	struct taint_world *world;    /* NULL: each file alone */
	/* a deep scan's first pass: summaries shared by the rules with no source or sink in the file */
	struct taint_summaries *shared;
	size_t nshared, shared_cap;
	int pass;                     /* 1, or 2: only the taint rules whose flows waited */
	const char *path;             /* the file's */
	bool again;                   /* out: some taint rule's flows wait for the second pass */
	/* where each leaf atom of the file's language occurs (engine.c) */
	uint32_t **atom_pos;
	size_t *atom_npos, *atom_cappos, natom_slots;
	bool atoms_indexed;
};

/* Results of one pattern rooted at t (all of them, for statement sequences) go to out. */
int scan_match__pattern(sast_ctx *c, const sast_pattern *p, TSNode t, sast_matches *out);
int scan_sast__matches_push(sast_matches *v, const sast_match *m);
/* Line, column and end line of m from its byte range, for matches without a tree node. */
void scan_sast__set_lines(const sast_ctx *c, sast_match *m);
bool scan_sast__is_constant(const sast_ctx *c, TSNode n, unsigned depth);
#define SAST_NO_RULE UINT32_MAX
/* Step budgets: false once the current rule (or the file) has cost too much. */
bool scan_sast__budget_ok(sast_ctx *c);
/* Drop the rule for this file, with a reason (static), unless it is already dropped. */
void scan_sast__drop_rule(sast_ctx *c, uint32_t rule, const char *why);

/* A constraint that looks at one binding only (not equals:). */
bool scan_sast__where_binding_ok(sast_ctx *c, const sast_where *w, const sast_binding *b);

/* Evaluate a rule's formula from the leaf results of the file (eval.c). */
int scan_sast__eval(sast_ctx *c, const sast_rule *r, const sast_formula *f, sast_matches *out, unsigned depth);

#endif
