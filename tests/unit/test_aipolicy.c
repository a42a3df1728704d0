/* tests/unit/test_aipolicy.c - the AI policy: its document, inheritance, and the verdict it gives a run */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "aiasset/policy.h"

static void expect_refused(const char *json, const char *says)
{
	scan_ai_policy p;

	assert_int_equal(scan_aiasset__policy_parse(&p, json, strlen(json)), SCAN_EINVAL);
	if (!strstr(scan_error_last()->message, says))
		fail_msg("'%s' is refused with '%s', not '%s'", json, scan_error_last()->message, says);
	scan_aiasset__policy_dispose(&p);
}

static void test_parse(void **state)
{
	scan_ai_policy p;
	const char *doc = "{\"version\": 3, \"expected_version\": 3, \"enabled\": true, \"allowlist_enforced\": true,"
	                  " \"allowed_providers\": [\"openai\", \"anthropic\"], \"denied_models\": [\"gpt-3.5*\"],"
	                  " \"max_critical_findings\": 0, \"max_high_findings\": null, \"gate_enabled\": true}";
	(void)state;

	assert_int_equal(scan_aiasset__policy_parse(&p, doc, strlen(doc)), 0);
	assert_int_equal(p.enabled, SCAN_AI_ON);
	assert_int_equal(p.require_model_pinning, SCAN_AI_UNSET); /* absent: inherited */
	assert_int_equal(p.nallowed, 2);
	assert_string_equal(p.denied_models[0], "gpt-3.5*");
	assert_int_equal(p.max_critical_findings, 0);
	assert_int_equal(p.max_high_findings, SCAN_AI_LIMIT_NONE);
	scan_aiasset__policy_dispose(&p);

	expect_refused("[]", "not a JSON object");
	expect_refused("{\"enabled\": 1}", "Field 'enabled' must be true or false");
	expect_refused("{\"colour\": true}", "Unknown field 'colour'");
	expect_refused("{\"allowed_providers\": [\"skynet\"]}", "unknown provider 'skynet'");
	expect_refused("{\"allowed_providers\": \"openai\"}", "must be an array");
	expect_refused("{\"denied_models\": [\"\"]}", "non-empty string");
	expect_refused("{\"max_high_findings\": -1}", "whole number");
	expect_refused("{\"max_high_findings\": 1.5}", "whole number");
}

static void test_inheritance(void **state)
{
	scan_ai_policy def, org, repo, eff, eff2;
	scan_buf out = SCAN_BUF_INIT;
	scan_json w;
	const char *o = "{\"require_model_pinning\": true, \"denied_models\": [\"x\"]}";
	const char *r = "{\"require_model_pinning\": false, \"max_critical_findings\": 3}";
	(void)state;

	scan_aiasset__policy_default(&def);
	assert_int_equal(scan_aiasset__policy_parse(&org, o, strlen(o)), 0);
	assert_int_equal(scan_aiasset__policy_parse(&repo, r, strlen(r)), 0);
	scan_aiasset__policy_overlay(&eff, &def, &org);
	assert_int_equal(eff.require_model_pinning, SCAN_AI_ON);
	assert_int_equal(eff.block_prompt_injection, SCAN_AI_ON); /* the default's */
	scan_aiasset__policy_overlay(&eff2, &eff, &repo);
	assert_int_equal(eff2.require_model_pinning, SCAN_AI_OFF);  /* the repository's */
	assert_int_equal(eff2.max_critical_findings, 3);
	assert_int_equal(eff2.ndenied, 1);                          /* the organization's, inherited */
	scan_json_init(&w, &out, false);
	scan_json_open(&w, NULL, '{');
	scan_aiasset__policy_fields_json(&w, &repo); /* an override says only what it sets */
	scan_json_close(&w, '}');
	assert_int_equal(scan_json_finish(&w), 0);
	assert_string_equal(out.ptr, "{\"require_model_pinning\":false,\"max_critical_findings\":3}");
	scan_buf_dispose(&out);
	scan_aiasset__policy_dispose(&org);
	scan_aiasset__policy_dispose(&repo);
}

static const scan_ai_asset assets[] = {
	{ .identity = "model|anthropic|claude-3-5-sonnet-latest", .type = "model", .name = "claude-3-5-sonnet-latest",
	  .provider = "anthropic", .pinning = "floating" },
	{ .identity = "model|openai|gpt-3.5-turbo", .type = "model", .name = "GPT-3.5-turbo", .provider = "openai",
	  .pinning = "floating" },
	{ .identity = "provider|anthropic|anthropic", .type = "provider", .name = "Anthropic", .provider = "anthropic" },
	{ .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI", .provider = "openai" },
};
static const scan_ai_gap gaps[] = { { "a.py", 3, "unresolved" } };
static const scan_ai_inventory inv = { assets, 4, NULL, 0, gaps, 1, true };

static bool has(const scan_ai_verdict *v, const char *rule, const char *identity)
{
	for (size_t i = 0; i < v->count; i++)
		if (!strcmp(v->violations[i].rule, rule) &&
		    (!identity || (v->violations[i].identity && !strcmp(v->violations[i].identity, identity))))
			return true;
	return false;
}

static void test_verdict(void **state)
{
	scan_ai_policy def, org, eff;
	scan_ai_verdict v;
	const char *o = "{\"allowlist_enforced\": true, \"allowed_providers\": [\"openai\"], \"denied_models\": [\"gpt-3.5*\"],"
	                " \"require_model_pinning\": true, \"require_approved_assets\": true, \"fail_on_coverage_gap\": true,"
	                " \"max_high_findings\": 1, \"gate_enabled\": true}";
	const char *const approval[] = { "approved", "approved", "denied", NULL };
	scan_ai_policy_finding findings[] = {
		{ "AI010", "LLM01", SCAN_SEV_MEDIUM, true },
		{ "AI001", "LLM02", SCAN_SEV_CRITICAL, false }, /* triaged: does not count */
		{ "AI012", "LLM05", SCAN_SEV_HIGH, true },
		{ "AI013", "LLM05", SCAN_SEV_HIGH, true },
	};
	scan_ai_policy_facts f = { &inv, approval, findings, 4 };
	(void)state;

	scan_aiasset__policy_default(&def);
	assert_int_equal(scan_aiasset__policy_parse(&org, o, strlen(o)), 0);
	scan_aiasset__policy_overlay(&eff, &def, &org);
	assert_int_equal(scan_aiasset__policy_evaluate(&v, &eff, &f), 0);
	assert_string_equal(v.status, "failed");
	assert_true(v.gate);
	assert_true(has(&v, "AI003", "model|anthropic|claude-3-5-sonnet-latest"));
	assert_true(has(&v, "AI003", "provider|anthropic|anthropic"));
	assert_false(has(&v, "AI003", "provider|openai|openai"));
	assert_true(has(&v, "AI004", "model|openai|gpt-3.5-turbo"));    /* the glob, without case */
	assert_true(has(&v, "AI002", "model|anthropic|claude-3-5-sonnet-latest"));
	assert_true(has(&v, "AI005", "provider|anthropic|anthropic"));  /* denied */
	assert_true(has(&v, "AI005", "provider|openai|openai"));        /* unreviewed */
	assert_false(has(&v, "AI005", "model|openai|gpt-3.5-turbo"));   /* approved */
	assert_true(has(&v, "block_prompt_injection", NULL));
	assert_false(has(&v, "block_sensitive_data_exposure", NULL));   /* its only finding is triaged */
	assert_false(has(&v, "max_critical_findings", NULL));
	assert_true(has(&v, "max_high_findings", NULL));                /* two high, one allowed */
	assert_true(has(&v, "fail_on_coverage_gap", NULL));
	scan_aiasset__verdict_dispose(&v);

	/* The default policy: nothing but the blocking rules, and no gate. */
	findings[0].counts = false;
	assert_int_equal(scan_aiasset__policy_evaluate(&v, &def, &f), 0);
	assert_string_equal(v.status, "passed");
	assert_false(v.gate);
	scan_aiasset__verdict_dispose(&v);

	/* Disabled: no verdict at all. */
	def.enabled = SCAN_AI_OFF;
	assert_int_equal(scan_aiasset__policy_evaluate(&v, &def, &f), 0);
	assert_string_equal(v.status, "not_configured");
	assert_int_equal(v.count, 0);
	scan_aiasset__verdict_dispose(&v);
	scan_aiasset__policy_dispose(&org);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_inheritance),
		cmocka_unit_test(test_verdict),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
