/* lib/aiasset/policy.c - the AI policy document, its inheritance and its verdict on one run */
#include <fnmatch.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "aiasset/modelid.h"
#include "aiasset/policy.h"
#include "scan/array.h"
#include "util/error.h"

static const struct {
	const char *name;
	size_t offset;
} flags[] = {
	{ "enabled", offsetof(scan_ai_policy, enabled) },
	{ "allowlist_enforced", offsetof(scan_ai_policy, allowlist_enforced) },
	{ "require_model_pinning", offsetof(scan_ai_policy, require_model_pinning) },
	{ "require_approved_assets", offsetof(scan_ai_policy, require_approved_assets) },
	{ "block_prompt_injection", offsetof(scan_ai_policy, block_prompt_injection) },
	{ "block_sensitive_data_exposure", offsetof(scan_ai_policy, block_sensitive_data_exposure) },
	{ "fail_on_coverage_gap", offsetof(scan_ai_policy, fail_on_coverage_gap) },
	{ "gate_enabled", offsetof(scan_ai_policy, gate_enabled) },
};

#define FLAG(p, i) (*(scan_ai_flag *)((char *)(p) + flags[i].offset))
#define CFLAG(p, i) (*(const scan_ai_flag *)((const char *)(p) + flags[i].offset))

static void unset(scan_ai_policy *p)
{
	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		FLAG(p, i) = SCAN_AI_UNSET;
	p->max_critical_findings = p->max_high_findings = SCAN_AI_LIMIT_UNSET;
}

void scan_aiasset__policy_default(scan_ai_policy *p)
{
	unset(p);
	/* On, blocking what a model can be made to leak or obey, failing nothing until the gate is turned on. */
	p->enabled = SCAN_AI_ON;
	p->allowlist_enforced = SCAN_AI_OFF;
	p->require_model_pinning = SCAN_AI_OFF;
	p->require_approved_assets = SCAN_AI_OFF;
	p->block_prompt_injection = SCAN_AI_ON;
	p->block_sensitive_data_exposure = SCAN_AI_ON;
	p->fail_on_coverage_gap = SCAN_AI_OFF;
	p->gate_enabled = SCAN_AI_OFF;
	p->max_critical_findings = 0;
	p->max_high_findings = SCAN_AI_LIMIT_NONE;
	p->has_allowed = p->has_denied = true;
}

void scan_aiasset__policy_dispose(scan_ai_policy *p)
{
	scan_arena__dispose(&p->arena);
	unset(p);
}

static int list(scan_ai_policy *p, const cJSON *v, const char *name, const char ***out, size_t *n, bool providers)
{
	const cJSON *x;
	size_t k = 0, count;

	if (!cJSON_IsArray(v))
		return scan_util__error(SCAN_EINVAL, "Field '%s' must be an array of strings", name);
	count = (size_t)cJSON_GetArraySize(v);
	if (count > SCAN_AI_POLICY_LIST_MAX)
		return scan_util__error(SCAN_EINVAL, "Field '%s' has more than %d entries", name, SCAN_AI_POLICY_LIST_MAX);
	if (count && !(*out = scan_arena__alloc(&p->arena, count * sizeof(**out))))
		return scan_error__oom();
	cJSON_ArrayForEach(x, v) {
		scan_ai_provider prov;
		if (!cJSON_IsString(x) || !x->valuestring[0] || strlen(x->valuestring) > SCAN_AI_POLICY_ITEM_MAX)
			return scan_util__error(SCAN_EINVAL, "Field '%s' holds a non-empty string of at most %d characters at %zu",
			                        name, SCAN_AI_POLICY_ITEM_MAX, k);
		if (providers && !scan_aiasset__provider_parse(&prov, x->valuestring))
			return scan_util__error(SCAN_EINVAL, "Field '%s': unknown provider '%.60s' (openai, azure_openai, "
			                        "anthropic, google, bedrock, mistral, cohere, ollama, huggingface, litellm)",
			                        name, x->valuestring);
		if (!((*out)[k++] = scan_arena__strdup(&p->arena, x->valuestring)))
			return scan_error__oom();
	}
	*n = k;
	return 0;
}

static int limit(const cJSON *v, const char *name, long long *out)
{
	if (cJSON_IsNull(v)) {
		*out = SCAN_AI_LIMIT_NONE;
		return 0;
	}
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e9 || v->valuedouble != (double)(long long)v->valuedouble)
		return scan_util__error(SCAN_EINVAL, "Field '%s' must be a whole number from 0, or null for no limit", name);
	*out = (long long)v->valuedouble;
	return 0;
}

int scan_aiasset__policy_parse(scan_ai_policy *out, const char *json, size_t len)
{
	cJSON *doc;
	const cJSON *v;
	int rc = 0;

	unset(out);
	if (len > SCAN_AI_POLICY_MAX)
		return scan_util__error(SCAN_EINVAL, "the policy is over %zu bytes", SCAN_AI_POLICY_MAX);
	if (!(doc = cJSON_ParseWithLength(json, len)) || !cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		return scan_util__error(SCAN_EINVAL, "the policy is not a JSON object");
	}
	cJSON_ArrayForEach(v, doc) {
		const char *k = v->string;
		size_t i;
		for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
			if (!strcmp(k, flags[i].name))
				break;
		if (i < sizeof(flags) / sizeof(flags[0])) {
			if (!cJSON_IsBool(v)) {
				rc = scan_util__error(SCAN_EINVAL, "Field '%s' must be true or false", k);
				break;
			}
			FLAG(out, i) = cJSON_IsTrue(v) ? SCAN_AI_ON : SCAN_AI_OFF;
		} else if (!strcmp(k, "allowed_providers")) {
			if ((rc = list(out, v, k, &out->allowed_providers, &out->nallowed, true)) != 0)
				break;
			out->has_allowed = true;
		} else if (!strcmp(k, "denied_models")) {
			if ((rc = list(out, v, k, &out->denied_models, &out->ndenied, false)) != 0)
				break;
			out->has_denied = true;
		} else if (!strcmp(k, "max_critical_findings")) {
			if ((rc = limit(v, k, &out->max_critical_findings)) != 0)
				break;
		} else if (!strcmp(k, "max_high_findings")) {
			if ((rc = limit(v, k, &out->max_high_findings)) != 0)
				break;
		} else if (strcmp(k, "version") && strcmp(k, "expected_version")) {
			rc = scan_util__error(SCAN_EINVAL, "Unknown field '%.60s' in the AI policy", k);
			break;
		}
	}
	cJSON_Delete(doc);
	return rc;
}

void scan_aiasset__policy_overlay(scan_ai_policy *out, const scan_ai_policy *base, const scan_ai_policy *over)
{
	scan_ai_policy r = *base;

	memset(&r.arena, 0, sizeof(r.arena)); /* borrowed lists; the result owns nothing */
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (CFLAG(over, i) != SCAN_AI_UNSET)
			FLAG(&r, i) = CFLAG(over, i);
	if (over->max_critical_findings != SCAN_AI_LIMIT_UNSET)
		r.max_critical_findings = over->max_critical_findings;
	if (over->max_high_findings != SCAN_AI_LIMIT_UNSET)
		r.max_high_findings = over->max_high_findings;
	if (over->has_allowed)
		r.allowed_providers = over->allowed_providers, r.nallowed = over->nallowed, r.has_allowed = true;
	if (over->has_denied)
		r.denied_models = over->denied_models, r.ndenied = over->ndenied, r.has_denied = true;
	*out = r;
}

void scan_aiasset__policy_fields_json(scan_json *w, const scan_ai_policy *p)
{
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (CFLAG(p, i) != SCAN_AI_UNSET)
			scan_json_bool(w, flags[i].name, CFLAG(p, i) == SCAN_AI_ON);
	if (p->has_allowed) {
		scan_json_open(w, "allowed_providers", '[');
		for (size_t i = 0; i < p->nallowed; i++)
			scan_json_str(w, NULL, p->allowed_providers[i]);
		scan_json_close(w, ']');
	}
	if (p->has_denied) {
		scan_json_open(w, "denied_models", '[');
		for (size_t i = 0; i < p->ndenied; i++)
			scan_json_str(w, NULL, p->denied_models[i]);
		scan_json_close(w, ']');
	}
	if (p->max_critical_findings == SCAN_AI_LIMIT_NONE)
		scan_json_null(w, "max_critical_findings");
	else if (p->max_critical_findings != SCAN_AI_LIMIT_UNSET)
		scan_json_int(w, "max_critical_findings", p->max_critical_findings);
	if (p->max_high_findings == SCAN_AI_LIMIT_NONE)
		scan_json_null(w, "max_high_findings");
	else if (p->max_high_findings != SCAN_AI_LIMIT_UNSET)
		scan_json_int(w, "max_high_findings", p->max_high_findings);
}

/* ---- the verdict ---- */

static int violate(scan_ai_verdict *v, const char *rule, const char *identity, const char *fmt, ...)
	SCAN_PRINTF(4, 5);

static int violate(scan_ai_verdict *v, const char *rule, const char *identity, const char *fmt, ...)
{
	scan_ai_violation *x;
	va_list ap;

	if (scan_array_reserve(&v->violations, &v->cap, v->count + 1, sizeof(*v->violations)))
		return SCAN_ENOMEM;
	x = &v->violations[v->count++];
	x->rule = rule;
	x->identity = identity;
	va_start(ap, fmt);
	vsnprintf(x->message, sizeof(x->message), fmt, ap);
	va_end(ap);
	return 0;
}

static bool on(scan_ai_flag f)
{
	return f == SCAN_AI_ON;
}

/* Whether id matches one of the globs, without case (ids and globs are short: a copy on the stack). */
static const char *denied(const scan_ai_policy *p, const char *id)
{
	char a[SCAN_AI_POLICY_ITEM_MAX + 1], b[256];

	snprintf(b, sizeof(b), "%s", id);
	for (char *c = b; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	for (size_t i = 0; i < p->ndenied; i++) {
		snprintf(a, sizeof(a), "%s", p->denied_models[i]);
		for (char *c = a; *c; c++)
			*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
		if (fnmatch(a, b, 0) == 0)
			return p->denied_models[i];
	}
	return NULL;
}

static bool allowed(const scan_ai_policy *p, const char *provider)
{
	for (size_t i = 0; i < p->nallowed; i++)
		if (!strcmp(p->allowed_providers[i], provider))
			return true;
	return false;
}

static int asset_rules(scan_ai_verdict *v, const scan_ai_policy *p, const scan_ai_policy_facts *f)
{
	const scan_ai_inventory *inv = f->inv;
	int rc = 0;

	for (size_t i = 0; inv && i < inv->nassets && !rc; i++) {
		const scan_ai_asset *a = &inv->assets[i];
		bool model = !strcmp(a->type, "model");
		const char *glob;
		if (on(p->allowlist_enforced) && a->provider && (model || !strcmp(a->type, "provider")) &&
		    !allowed(p, a->provider))
			rc = violate(v, "AI003", a->identity, "%s '%.80s' is served by %s, which is not an allowed provider",
			             a->type, a->name, a->provider);
		if (!rc && model && (glob = denied(p, a->name)))
			rc = violate(v, "AI004", a->identity, "model '%.80s' is denied (%.60s)", a->name, glob);
		if (!rc && model && on(p->require_model_pinning) && a->pinning && !strcmp(a->pinning, "floating"))
			rc = violate(v, "AI002", a->identity, "model '%.80s' is not pinned to a snapshot", a->name);
		if (!rc && on(p->require_approved_assets) && (!f->approval || !f->approval[i] ||
		                                               strcmp(f->approval[i], "approved")))
			rc = violate(v, "AI005", a->identity, "%s '%.80s' is %s, not approved", a->type, a->name,
			             f->approval && f->approval[i] ? f->approval[i] : "unreviewed");
	}
	return rc;
}

int scan_aiasset__policy_evaluate(scan_ai_verdict *out, const scan_ai_policy *p, const scan_ai_policy_facts *f)
{
	unsigned long long critical = 0, high = 0, injection = 0, sensitive = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	out->gate = on(p->gate_enabled);
	if (!on(p->enabled)) {
		out->status = "not_configured";
		return 0;
	}
	if ((rc = asset_rules(out, p, f)) != 0)
		return rc;
	for (size_t i = 0; i < f->nfindings; i++) {
		const scan_ai_policy_finding *x = &f->findings[i];
		if (!x->counts)
			continue;
		critical += x->severity == SCAN_SEV_CRITICAL;
		high += x->severity == SCAN_SEV_HIGH;
		injection += x->owasp && !strcmp(x->owasp, "LLM01");
		/* what a model may leak: credentials and personal data (LLM02), secrets in prompts (AI019) */
		sensitive += (x->owasp && !strcmp(x->owasp, "LLM02")) || (x->ai_rule && !strcmp(x->ai_rule, "AI019"));
	}
	if (on(p->block_prompt_injection) && injection &&
	    (rc = violate(out, "block_prompt_injection", NULL, "%llu open prompt-injection finding%s (LLM01)", injection,
	                  injection == 1 ? "" : "s")) != 0)
		return rc;
	if (on(p->block_sensitive_data_exposure) && sensitive &&
	    (rc = violate(out, "block_sensitive_data_exposure", NULL, "%llu open sensitive-data finding%s (LLM02, AI019)",
	                  sensitive, sensitive == 1 ? "" : "s")) != 0)
		return rc;
	if (on(p->fail_on_coverage_gap) && f->inv && f->inv->ngaps &&
	    (rc = violate(out, "fail_on_coverage_gap", NULL, "coverage is partial: %zu gap%s", f->inv->ngaps,
	                  f->inv->ngaps == 1 ? "" : "s")) != 0)
		return rc;
	if (p->max_critical_findings >= 0 && critical > (unsigned long long)p->max_critical_findings &&
	    (rc = violate(out, "max_critical_findings", NULL, "%llu open critical AI finding%s, at most %lld allowed",
	                  critical, critical == 1 ? "" : "s", p->max_critical_findings)) != 0)
		return rc;
	if (p->max_high_findings >= 0 && high > (unsigned long long)p->max_high_findings &&
	    (rc = violate(out, "max_high_findings", NULL, "%llu open high AI finding%s, at most %lld allowed", high,
	                  high == 1 ? "" : "s", p->max_high_findings)) != 0)
		return rc;
	out->status = out->count ? "failed" : "passed";
	return 0;
}

void scan_aiasset__verdict_dispose(scan_ai_verdict *v)
{
	free(v->violations);
	memset(v, 0, sizeof(*v));
}

void scan_aiasset__verdict_json(scan_json *w, const char *key, const scan_ai_verdict *v)
{
	scan_json_open(w, key, '{');
	scan_json_str(w, "status", v->status);
	scan_json_bool(w, "gate_enabled", v->gate);
	scan_json_open(w, "violations", '[');
	for (size_t i = 0; i < v->count; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "rule", v->violations[i].rule);
		scan_json_str_opt(w, "identity", v->violations[i].identity);
		scan_json_str(w, "message", v->violations[i].message);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}
