/* lib/aiasset/rules.h - the AI attack-surface rules: id, OWASP LLM entry, severity, CWE */
#ifndef SCAN_AIASSET_RULES_H
#define SCAN_AIASSET_RULES_H

#include <stdbool.h>
#include "scan/finding.h"

typedef struct {
	const char *id;          /* "AI017" */
	const char *owasp;       /* "LLM03" (OWASP Top 10 for LLM Applications, 2025 numbering) */
	scan_severity severity;  /* the default */
	const char *cwe;         /* NULL when none fits */
	const char *title;       /* what it finds, in a few words */
	const char *where;       /* "analyzer" (configuration, files, inventory), "rules" (code: rules/sast/ai), "policy" */
} scan_ai_rule;

/* The rule with this id ("AI017", or a finding's "ai/AI017"), or NULL. */
const scan_ai_rule *scan_aiasset__rule(const char *id);
/* Whether a secrets rule finds an AI provider's credential: its findings are AI001 too. */
bool scan_aiasset__ai_secret_rule(const char *rule_id);
/* All of them, in id order. */
const scan_ai_rule *scan_aiasset__rules(size_t *n);

#endif
