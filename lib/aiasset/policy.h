/* lib/aiasset/policy.h - the AI policy of spec 2.13: its document, inheritance, and a run's verdict */
#ifndef SCAN_AIASSET_POLICY_H
#define SCAN_AIASSET_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/aiasm.h"
#include "scan/finding.h"
#include "scan/json.h"
#include "util/arena.h"

#define SCAN_AI_POLICY_MAX ((size_t)64 << 10)
#define SCAN_AI_POLICY_LIST_MAX 500
#define SCAN_AI_POLICY_ITEM_MAX 200

/* A boolean field: absent (an override inherits it), false or true. */
typedef enum { SCAN_AI_UNSET = -1, SCAN_AI_OFF = 0, SCAN_AI_ON = 1 } scan_ai_flag;

/* A limit: absent, no limit (null), or a count. */
#define SCAN_AI_LIMIT_UNSET (-2)
#define SCAN_AI_LIMIT_NONE (-1)

typedef struct {
	scan_ai_flag enabled, allowlist_enforced, require_model_pinning, require_approved_assets, block_prompt_injection,
	    block_sensitive_data_exposure, fail_on_coverage_gap, gate_enabled;
	long long max_critical_findings, max_high_findings;
	const char **allowed_providers;  /* provider keys: openai, anthropic, ... */
	size_t nallowed;
	bool has_allowed;
	const char **denied_models;      /* exact ids or globs (*, ?), compared without case */
	size_t ndenied;
	bool has_denied;
	scan_arena arena;
} scan_ai_policy;

/* The organization's policy when it has stored none (docs/ai.md lists the values). */
void scan_aiasset__policy_default(scan_ai_policy *p);
/*
 * Read a policy document (a JSON object with the fields of spec 2.13;
 * version and expected_version are the store's and pass through). As an
 * override every field is optional; the organization's lacks none only
 * after merging with the default. Unknown fields, wrong types, unknown
 * providers, empty or long globs are refused: SCAN_EINVAL with the field
 * named. scan_aiasset__policy_dispose() in every case.
 */
int scan_aiasset__policy_parse(scan_ai_policy *out, const char *json, size_t len);
void scan_aiasset__policy_dispose(scan_ai_policy *p);
/* base with each field over sets (an override, or an organization's over the default); lists are borrowed. */
void scan_aiasset__policy_overlay(scan_ai_policy *out, const scan_ai_policy *base, const scan_ai_policy *over);
/* The policy's fields as members of the object open in w (unset ones left out). */
void scan_aiasset__policy_fields_json(scan_json *w, const scan_ai_policy *p);

/* One AI finding as the policy counts it. */
typedef struct {
	const char *ai_rule, *owasp;
	scan_severity severity;
	bool counts;                     /* open or acknowledged, and not waived */
} scan_ai_policy_finding;

typedef struct {
	const scan_ai_inventory *inv;
	const char *const *approval;     /* approval[i]: asset i's status; NULL: every asset unreviewed */
	const scan_ai_policy_finding *findings;
	size_t nfindings;
} scan_ai_policy_facts;

typedef struct {
	const char *rule;                /* AI003, AI004, AI005 for an asset; else the knob: "max_critical_findings" */
	const char *identity;            /* the asset, or NULL */
	char message[240];
} scan_ai_violation;

typedef struct {
	const char *status;              /* passed, failed, not_configured (the policy is disabled) */
	bool gate;                       /* gate_enabled: a failed verdict fails the scan */
	scan_ai_violation *violations;
	size_t count, cap;
} scan_ai_verdict;

int scan_aiasset__policy_evaluate(scan_ai_verdict *out, const scan_ai_policy *effective,
                                  const scan_ai_policy_facts *facts);
void scan_aiasset__verdict_dispose(scan_ai_verdict *v);
/* {"status", "gate_enabled", "violations": [{rule, identity, message}]} */
void scan_aiasset__verdict_json(scan_json *w, const char *key, const scan_ai_verdict *v);

#endif
