/* lib/sast/engine.h - run a rule set over one file at a time */
#ifndef SCAN_SAST_ENGINE_H
#define SCAN_SAST_ENGINE_H

#include "sast/sast.h"
#include "scan/buf.h"

/*
 * The engine indexes every leaf pattern by the grammar symbol its match must
 * start at, so one walk of a file's tree tries, at each node, only the
 * patterns that can start there - for all rules at once. Rules are also
 * pre-filtered per file by literal atoms (an identifier a match must
 * contain), found by one Hyperscan pass.
 *
 * The engine is read-only once built and shared by every worker; each
 * worker has its own sast_ctx.
 */
typedef struct sast_engine sast_engine;

/*
 * Work budgets, in matching steps (not time, so a result does not depend on
 * the machine's load), each a base plus some per KiB of the file. One rule
 * past its own budget is dropped for the file; the built-in rules and the
 * user's (--rules, .rampart/rules) each have a pool, so one cannot use up
 * the other's; the file as a whole is given up only past both and the walk.
 */
#define SAST_RULE_STEPS_BASE 4000000ull
#define SAST_RULE_STEPS_PER_KB 2000ull
#define SAST_POOL_STEPS_BASE 20000000ull
#define SAST_POOL_STEPS_PER_KB 8000ull
/*
 * Memory for one file's leaf matches: a base plus a multiple of its size,
 * capped. A rule whose matches take more than a share of it is dropped for
 * the file (its memory given back); past the whole, the file is given up.
 */
#define SAST_MATCH_MEM_RULE_SHARE 4u
#define SAST_MATCH_MEM_BASE ((uint64_t)64 << 20)
#define SAST_MATCH_MEM_PER_BYTE 32ull
#define SAST_MATCH_MEM_MAX ((uint64_t)512 << 20)
/* A leaf's match array larger than this is freed after its file, not kept for the next. */
#define SAST_LEAF_KEEP 4096u

/* Languages are indexed (and, for a lazy set, compiled) on their first file. */
int scan_sast__engine_new(sast_engine **out, sast_ruleset *rs);
void scan_sast__engine_free(sast_engine *e);
bool scan_sast__engine_wants(const sast_engine *e, scan_lang lang);

int scan_sast__ctx_new(sast_ctx **out, sast_engine *e);
void scan_sast__ctx_free(sast_ctx *c);
/* After scan_sast__scan_file: the i-th rule dropped for the file (over its budget), and why; false past the last. */
bool scan_sast__ctx_dropped(const sast_ctx *c, size_t i, const sast_rule **rule, const char **why);

/*
 * Can any rule match this file (its path filters pass and it holds one of
 * the rule's literal words)? When not, the file need not even be parsed.
 */
bool scan_sast__file_may_match(sast_ctx *c, scan_lang lang, const char *path, const char *data, size_t len);

/* Called for every result of every rule (flow: a taint rule's, else NULL); a non-zero return stops the file. */
typedef int (*sast_emit_fn)(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow);

/*
 * Match every rule of lang against one file. tree is the file's parse tree
 * (NULL for languages without a grammar, such as Dockerfile). Returns 0, or
 * SCAN_ELIMIT when the file exceeded its budget (*skip_reason says which;
 * no result of the file is emitted then), or an error of emit.
 */
int scan_sast__scan_file(sast_ctx *c, scan_lang lang, const char *path, const char *data, size_t len,
                         const TSTree *tree, sast_emit_fn emit, void *ud, const char **skip_reason);

/* A message template with $X replaced by what X bound (one line, shortened). */
void scan_sast__render(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src);
/* A fix template with $X replaced by all X bound (every line, as in the file): code to put in place of the match. */
void scan_sast__render_fix(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src);
/* The text a binding stands for. */
void scan_sast__binding_text(const sast_binding *b, const char *src, const char **s, size_t *n);

#endif
