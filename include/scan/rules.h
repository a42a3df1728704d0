/* include/scan/rules.h - the code and IaC rule packs: list, inspect, test and validate */
#ifndef SCAN_RULES_H
#define SCAN_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "common.h"
#include "finding.h"

typedef struct scan_rules scan_rules;

/*
 * Load the built-in packs (builtin), then every YAML rule file under
 * extra_dir, then <repo_root>/.rampart/rules when it exists - the same set a
 * scan uses. NULL skips a source. Errors say "file:line: reason".
 */
SCAN_EXTERN int scan_rules_load(scan_rules **out, bool builtin, const char *extra_dir, const char *repo_root);
SCAN_EXTERN void scan_rules_free(scan_rules *rs);  /* NULL is fine */
SCAN_EXTERN size_t scan_rules_count(const scan_rules *rs);

/* One rule, borrowed from the set. */
typedef struct {
	const char *id;             /* "python.subprocess-shell-true" */
	const char *rule_id;        /* what findings carry: "sast/<id>" or "iac/<id>" */
	const char *title;
	const char *message;        /* a template: $X stands for what X matched */
	const char *remediation;    /* may be NULL */
	const char *cwe;            /* may be NULL */
	const char *owasp;          /* may be NULL; "LLM01:2025".."LLM10:2025" for category ai */
	const char *ai_rule;        /* category ai: "AI001".."AI099"; else NULL */
	const char *fix;            /* replacement template; may be NULL */
	const char *const *references;
	size_t reference_count;
	const char *languages;      /* "javascript,typescript,tsx" */
	const char *origin;         /* "python/injection.yaml:12" */
	scan_severity severity;
	scan_category category;
	unsigned confidence;
	size_t vulnerable_fixtures, safe_fixtures;
	bool taint;                 /* a taint rule (sources to sinks), not a pattern rule */
} scan_rule_info;

SCAN_EXTERN int scan_rules_get(const scan_rules *rs, size_t i, scan_rule_info *out);
/* Index of the rule with this id (with or without the "sast/" or "iac/" prefix), or -1. */
SCAN_EXTERN long scan_rules_find(const scan_rules *rs, const char *id);

/* The outcome of one fixture of one rule. */
typedef struct {
	const char *rule_id;
	size_t fixture;             /* 0-based, in the order written */
	unsigned line;              /* where the fixture is written */
	bool vulnerable;            /* it must match (true) or must not */
	bool passed;
	unsigned matches;
	unsigned first_line;        /* of the first match, 1-based; 0 for none */
	const char *problem;        /* when it failed: "no match", "matched safe code", ...; else NULL */
} scan_rule_test_result;

typedef void (*scan_rule_test_cb)(const scan_rule_test_result *r, void *payload);

/*
 * Run every fixture of rule i (or of every rule when i is (size_t)-1) and
 * report each through cb. A rule with no vulnerable or no safe fixture fails
 * too. *failed gets the number of failures. Returns 0 unless something
 * broke (out of memory).
 */
SCAN_EXTERN int scan_rules_test(const scan_rules *rs, size_t i, scan_rule_test_cb cb, void *payload, size_t *failed);

/*
 * The rules the ai analyzer applies itself (AI001, AI002, AI010, AI017 to
 * AI020, AI023: configuration, prompts, model ids, found without a rule
 * pack) against their fixtures, rules/ai/ compiled in: each fixture is
 * written alone to a new directory under tmp_dir (NULL: /tmp) and scanned
 * with the ai and secrets analyzers; a vulnerable one must give a finding
 * of its rule, a safe one none. rule: "AI017" or "ai/AI017" for that
 * rule's (SCAN_ENOTFOUND when it has none), NULL for all. *rules tested,
 * *failed fixtures.
 */
SCAN_EXTERN int scan_ai_rules_test(const char *rule, const char *tmp_dir, scan_rule_test_cb cb, void *payload,
                                   size_t *rules, size_t *failed);

/*
 * Check the rule file at path, or every rule file under a directory, each on
 * its own: cb gets one "file:line: reason" per bad file. *bad counts them.
 */
typedef void (*scan_rule_problem_cb)(const char *message, void *payload);
SCAN_EXTERN int scan_rules_validate(const char *path, scan_rule_problem_cb cb, void *payload, size_t *files, size_t *bad);

/*
 * The syntax tree of a file as the rules see it: one node per line,
 * indented, with its kind, field name, position and - for leaves - text.
 * For writing patterns and queries.
 */
SCAN_EXTERN int scan_rules_dump_tree(const char *path, char **out);

#endif
