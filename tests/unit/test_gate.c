/* tests/unit/test_gate.c - policy parsing and the gate evaluation with its waiver scope ladder */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/gate.h"

#define NOW ((time_t)1800000000)

static const scan_gate_policy defaults = SCAN_GATE_POLICY_DEFAULTS;

static void assert_policy_equal(const scan_gate_policy *a, const scan_gate_policy *b)
{
	assert_int_equal(a->new_critical_max, b->new_critical_max);
	assert_int_equal(a->new_high_max, b->new_high_max);
	assert_true(a->duplication_pct_max == b->duplication_pct_max);
	assert_int_equal(a->complexity_new_max, b->complexity_new_max);
	assert_int_equal(a->rating_min, b->rating_min);
	assert_true(a->new_coverage_min == b->new_coverage_min);
}

static int parse(scan_gate_policy *p, const char *json)
{
	return scan_gate_policy_parse_json(p, json, strlen(json));
}

/* A policy that differs from the defaults in every field, to see what a failed parse touches. */
static scan_gate_policy sentinel(void)
{
	scan_gate_policy p = { 77, 77, 77.0, 77, 'E', 7.0 };
	return p;
}

/* --- parsing -------------------------------------------------------------- */

static void test_parse_defaults_and_unknown_keys(void **state)
{
	scan_gate_policy p = sentinel();

	(void)state;
	assert_int_equal(parse(&p, "{}"), 0);
	assert_policy_equal(&p, &defaults);

	p = sentinel();
	assert_int_equal(parse(&p, "{\"new_high_max\": 2, \"bogus\": [1, {\"x\": null}], \"other\": \"s\"}"), 0);
	assert_int_equal(p.new_high_max, 2);
	/* Unset keys are the defaults, not what *out held before. */
	assert_int_equal(p.new_critical_max, 0);
	assert_true(p.duplication_pct_max == 3.0);
	assert_int_equal(p.complexity_new_max, 15);
	assert_int_equal(p.rating_min, 'A');
	assert_true(p.new_coverage_min == 80.0);

	/* An unknown key of any type is dropped, even one that looks like a policy key. */
	assert_int_equal(parse(&p, "{\"NEW_HIGH_MAX\": \"x\", \"new_high_max \": true}"), 0);
	assert_policy_equal(&p, &defaults);
}

static void test_parse_all_keys(void **state)
{
	scan_gate_policy p;

	(void)state;
	assert_int_equal(parse(&p, "{\"new_critical_max\": 1, \"new_high_max\": 2, \"duplication_pct_max\": 4.5,"
	                           " \"complexity_new_max\": 20, \"rating_min\": \"C\", \"new_coverage_min\": 60}"), 0);
	assert_int_equal(p.new_critical_max, 1);
	assert_int_equal(p.new_high_max, 2);
	assert_true(p.duplication_pct_max == 4.5);
	assert_int_equal(p.complexity_new_max, 20);
	assert_int_equal(p.rating_min, 'C');
	assert_true(p.new_coverage_min == 60.0);

	/* Bounds that are still valid. */
	assert_int_equal(parse(&p, "{\"new_high_max\": 0, \"duplication_pct_max\": 0,"
	                           " \"new_coverage_min\": 100, \"complexity_new_max\": 1e9}"), 0);
	assert_int_equal(p.new_high_max, 0);
	assert_true(p.duplication_pct_max == 0.0);
	assert_true(p.new_coverage_min == 100.0);
	assert_int_equal(p.complexity_new_max, 1000000000);
	/* 2.0 is a whole number. */
	assert_int_equal(parse(&p, "{\"new_high_max\": 2.0}"), 0);
	assert_int_equal(p.new_high_max, 2);
}

static void test_parse_null_keeps_default(void **state)
{
	scan_gate_policy p = sentinel();

	(void)state;
	assert_int_equal(parse(&p, "{\"new_critical_max\": null, \"new_high_max\": null, \"duplication_pct_max\": null,"
	                           " \"complexity_new_max\": null, \"rating_min\": null, \"new_coverage_min\": null}"), 0);
	assert_policy_equal(&p, &defaults);
}

static void test_parse_rating_letters(void **state)
{
	scan_gate_policy p;
	char json[64];

	(void)state;
	for (char c = 'A'; c <= 'E'; c++) {
		snprintf(json, sizeof(json), "{\"rating_min\": \"%c\"}", c);
		assert_int_equal(parse(&p, json), 0);
		assert_int_equal(p.rating_min, c);
		snprintf(json, sizeof(json), "{\"rating_min\": \"%c\"}", c + ('a' - 'A'));
		assert_int_equal(parse(&p, json), 0);
		assert_int_equal(p.rating_min, c); /* lower case is accepted and stored upper case */
	}
	static const char *const bad[] = {
		"\"F\"", "\"Z\"", "\"@\"", "\"f\"", "\"\"", "\"AB\"", "\"A \"", "1", "true", "[\"A\"]", "{}",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = sentinel();
		snprintf(json, sizeof(json), "{\"rating_min\": %s}", bad[i]);
		assert_int_equal(parse(&p, json), SCAN_EINVAL);
		assert_int_equal(p.rating_min, 'E'); /* *out untouched on failure */
	}
}

static void test_parse_wrong_types_and_ranges(void **state)
{
	static const char *const bad[] = {
		"{\"new_critical_max\": \"1\"}",
		"{\"new_critical_max\": -1}",
		"{\"new_critical_max\": 1.5}",
		"{\"new_critical_max\": true}",
		"{\"new_high_max\": [1]}",
		"{\"new_high_max\": {}}",
		"{\"new_high_max\": 1e10}",
		"{\"complexity_new_max\": -0.5}",
		"{\"complexity_new_max\": false}",
		"{\"duplication_pct_max\": -0.1}",
		"{\"duplication_pct_max\": 100.5}",
		"{\"duplication_pct_max\": \"3\"}",
		"{\"new_coverage_min\": 101}",
		"{\"new_coverage_min\": -1}",
		"{\"new_coverage_min\": \"80%\"}",
		"{\"new_coverage_min\": 1e400}",
		/* A bad key after good ones still fails the whole parse. */
		"{\"new_high_max\": 3, \"rating_min\": \"B\", \"new_coverage_min\": 200}",
	};
	scan_gate_policy p;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = sentinel();
		if (parse(&p, bad[i]) != SCAN_EINVAL)
			fail_msg("expected SCAN_EINVAL for %s", bad[i]);
		assert_int_equal(scan_error_last()->code, SCAN_EINVAL);
		assert_true(strlen(scan_error_last()->message) > 0);
		assert_int_equal(p.new_high_max, 77); /* untouched */
	}
}

static void test_parse_not_an_object(void **state)
{
	static const char *const bad[] = {
		"", " ", "[]", "[{\"new_high_max\": 1}]", "null", "1", "\"{}\"", "true",
		"{", "{\"new_high_max\": }", "{'new_high_max': 1}", "{\"a\":1,}", "new_high_max=1",
	};
	scan_gate_policy p;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = sentinel();
		if (parse(&p, bad[i]) != SCAN_EPARSE)
			fail_msg("expected SCAN_EPARSE for '%s'", bad[i]);
		assert_int_equal(p.new_high_max, 77);
	}
	/* len bounds the text: a valid object followed by bytes outside len. */
	p = sentinel();
	assert_int_equal(scan_gate_policy_parse_json(&p, "{\"new_high_max\": 4}xxxx", 19), 0);
	assert_int_equal(p.new_high_max, 4);
	/* Not NUL-terminated within len. */
	{
		char raw[4] = { '{', '}', 'x', 'x' };
		assert_int_equal(scan_gate_policy_parse_json(&p, raw, 2), 0);
	}
}

/*
 * Text after the object is not "a JSON object". cJSON_ParseWithLength
 * without require_null_terminated stops after the first value and
 * ignores the rest.
 */
static void test_parse_trailing_garbage(void **state)
{
	scan_gate_policy p = sentinel();

	(void)state;
	/* Regression test for a bug once in lib/gate/policy.c scan_gate_policy_parse_json. */
	assert_int_equal(parse(&p, "{} garbage"), SCAN_EPARSE);
	assert_int_equal(parse(&p, "{}{\"new_high_max\": 9}"), SCAN_EPARSE);
}

static void test_parse_size_limit(void **state)
{
	size_t limit = (size_t)1 << 20;
	char *big = malloc(limit + 2);
	scan_gate_policy p = sentinel();

	(void)state;
	assert_non_null(big);
	/* Exactly 1 MiB: an object padded with whitespace parses. */
	memset(big, ' ', limit + 1);
	big[0] = '{';
	memcpy(big + 1, "\"new_high_max\": 5", 17);
	big[limit - 1] = '}';
	big[limit] = '\0';
	assert_int_equal(scan_gate_policy_parse_json(&p, big, limit), 0);
	assert_int_equal(p.new_high_max, 5);
	/* One byte more is SCAN_ELIMIT, before any parsing. */
	big[limit] = ' ';
	big[limit + 1] = '\0';
	p = sentinel();
	assert_int_equal(scan_gate_policy_parse_json(&p, big, limit + 1), SCAN_ELIMIT);
	assert_int_equal(p.new_high_max, 77);
	free(big);
}

/* --- set, is_key, write ---------------------------------------------------- */

static void test_policy_set(void **state)
{
	scan_gate_policy p = SCAN_GATE_POLICY_DEFAULTS;

	(void)state;
	assert_int_equal(scan_gate_policy_set(&p, "new_critical_max", "3"), 0);
	assert_int_equal(p.new_critical_max, 3);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "0"), 0);
	assert_int_equal(p.new_high_max, 0);
	assert_int_equal(scan_gate_policy_set(&p, "complexity_new_max", "25"), 0);
	assert_int_equal(p.complexity_new_max, 25);
	assert_int_equal(scan_gate_policy_set(&p, "duplication_pct_max", "2.5"), 0);
	assert_true(p.duplication_pct_max == 2.5);
	assert_int_equal(scan_gate_policy_set(&p, "new_coverage_min", "100"), 0);
	assert_true(p.new_coverage_min == 100.0);
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", "d"), 0);
	assert_int_equal(p.rating_min, 'D');
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", "B"), 0);
	assert_int_equal(p.rating_min, 'B');

	/* Errors leave the policy alone. */
	scan_gate_policy before = p;
	assert_int_equal(scan_gate_policy_set(&p, "unknown_key", "1"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "", "1"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, NULL, "1"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", ""), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", NULL), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "two"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "2x"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "1.5"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "-1"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "inf"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "nan"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_high_max", "1e300"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "duplication_pct_max", "100.01"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "new_coverage_min", "-5"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", "F"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", ""), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", "AA"), SCAN_EINVAL);
	assert_int_equal(scan_gate_policy_set(&p, "rating_min", NULL), SCAN_EINVAL);
	assert_policy_equal(&p, &before);
}

static void test_policy_is_key(void **state)
{
	static const char *const keys[] = {
		"new_critical_max", "new_high_max", "duplication_pct_max",
		"complexity_new_max", "rating_min", "new_coverage_min",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		assert_true(scan_gate_policy_is_key(keys[i]));
	assert_false(scan_gate_policy_is_key("new_medium_max"));
	assert_false(scan_gate_policy_is_key(""));
	assert_false(scan_gate_policy_is_key(NULL));
	assert_false(scan_gate_policy_is_key("NEW_HIGH_MAX"));
}

static void roundtrip(const scan_gate_policy *in)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_gate_policy out = sentinel();

	int rc;

	assert_int_equal(scan_gate_policy_write_json(&b, in), 0);
	rc = parse(&out, b.ptr);
	scan_buf_dispose(&b); /* before any assertion can leave */
	assert_int_equal(rc, 0);
	assert_policy_equal(&out, in);
}

static void test_policy_write_roundtrip(void **state)
{
	scan_gate_policy p = SCAN_GATE_POLICY_DEFAULTS;
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	roundtrip(&p);
	p.new_critical_max = 1;
	p.new_high_max = 1000000000;
	p.duplication_pct_max = 0.5;
	p.complexity_new_max = 0;
	p.rating_min = 'E';
	p.new_coverage_min = 0;
	roundtrip(&p);
	p.duplication_pct_max = 100;
	p.new_coverage_min = 12.25;
	roundtrip(&p);

	/* write appends to what the buffer holds. */
	scan_buf_puts(&b, "policy=");
	assert_int_equal(scan_gate_policy_write_json(&b, &p), 0);
	assert_memory_equal(b.ptr, "policy={", 8);
	assert_int_equal(b.ptr[b.size - 1], '}');
	scan_buf_dispose(&b);

	/* A failed buffer reports its error. */
	scan_buf_init(&b, 10);
	assert_int_equal(scan_gate_policy_write_json(&b, &p), SCAN_ELIMIT);
	scan_buf_dispose(&b);
}

/*
 * Values the policy setter accepts must come back unchanged, or a stored
 * gate configuration differs from the one put.
 */
static void test_policy_write_roundtrip_precision(void **state)
{
	scan_gate_policy p = SCAN_GATE_POLICY_DEFAULTS;

	(void)state;
	assert_int_equal(scan_gate_policy_set(&p, "new_coverage_min", "99.99999"), 0);
	/* Regression test for a bug once in lib/gate/policy.c scan_gate_policy_write_json. */
	roundtrip(&p);
}

/* --- evaluation -------------------------------------------------------------- */

static scan_gate_config config(void)
{
	scan_gate_config c = SCAN_GATE_CONFIG_DEFAULTS;
	return c;
}

static scan_gate_report *evaluate(const scan_gate_config *cfg, const scan_gate_input *in,
                                  const scan_waiver *w, size_t nw)
{
	scan_gate_report *r = NULL;

	assert_int_equal(scan_gate_evaluate(&r, cfg, in, w, nw, NOW), 0);
	assert_non_null(r);
	return r;
}

static const scan_gate_violation *find_violation(const scan_gate_report *r, const char *rule)
{
	for (size_t i = 0; i < r->violation_count; i++)
		if (!strcmp(r->violations[i].rule, rule))
			return &r->violations[i];
	return NULL;
}

static void test_status_names(void **state)
{
	(void)state;
	assert_string_equal(scan_gate_status_name(SCAN_GATE_PASSED), "passed");
	assert_string_equal(scan_gate_status_name(SCAN_GATE_FAILED), "failed");
	assert_string_equal(scan_gate_status_name(SCAN_GATE_NOT_CONFIGURED), "not_configured");
}

static void test_disabled_is_not_configured(void **state)
{
	scan_gate_config cfg = config();
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_gate_report *r;

	(void)state;
	cfg.enabled = false;
	in.critical = 100;
	in.high = 100;
	in.duplication_pct = 90;
	in.rating = 'E';
	in.new_coverage_pct = 0;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_NOT_CONFIGURED);
	assert_int_equal(r->violation_count, 0);
	assert_int_equal(r->waived_count, 0);
	assert_false(r->config.enabled);
	scan_gate_report_free(r);
	scan_gate_report_free(NULL);
}

static void test_clean_input_passes(void **state)
{
	scan_gate_config cfg = config();
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_gate_report *r;

	(void)state;
	/* Nothing measured but findings, and none of those: passed. */
	in.medium = 50;
	in.low = 50; /* medium and low findings are not gated */
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_PASSED);
	assert_int_equal(r->violation_count, 0);
	assert_null(r->violations);
	assert_int_equal(r->config.policy.new_high_max, 0);
	scan_gate_report_free(r);
}

typedef enum { M_CRITICAL, M_HIGH, M_DUP, M_COMPLEXITY, M_RATING, M_COVERAGE } metric;

/* An input where only metric m is measured, at value v. */
static scan_gate_input input_with(metric m, double v)
{
	scan_gate_input in = SCAN_GATE_INPUT_INIT;

	switch (m) {
	case M_CRITICAL: in.critical = (uint64_t)v; break;
	case M_HIGH: in.high = (uint64_t)v; break;
	case M_DUP: in.duplication_pct = v; break;
	case M_COMPLEXITY: in.max_complexity_new = v; break;
	case M_RATING: in.rating = (char)v; break;
	case M_COVERAGE: in.new_coverage_pct = v; break;
	}
	return in;
}

static void check_threshold(const scan_gate_config *cfg, metric m, const char *rule, double pass,
                            double fail, const char *severity, double threshold, double actual)
{
	scan_gate_input in = input_with(m, pass);
	scan_gate_report *r = evaluate(cfg, &in, NULL, 0);
	const scan_gate_violation *v;

	if (r->status != SCAN_GATE_PASSED)
		fail_msg("%s should pass at %g", rule, pass);
	assert_int_equal(r->violation_count, 0);
	scan_gate_report_free(r);

	in = input_with(m, fail);
	r = evaluate(cfg, &in, NULL, 0);
	if (r->status != SCAN_GATE_FAILED)
		fail_msg("%s should fail at %g", rule, fail);
	assert_int_equal(r->violation_count, 1);
	assert_int_equal(r->waived_count, 0);
	v = find_violation(r, rule);
	assert_non_null(v);
	assert_string_equal(v->severity, severity);
	assert_true(fabs(v->threshold - threshold) < 1e-9);
	assert_true(fabs(v->actual - actual) < 1e-9);
	assert_false(v->waived);
	assert_int_equal(v->waiver_id, 0);
	assert_null(v->waiver_scope);
	scan_gate_report_free(r);
}

static void test_thresholds_defaults(void **state)
{
	scan_gate_config cfg = config();

	(void)state;
	check_threshold(&cfg, M_CRITICAL, "new_critical_max", 0, 1, "critical", 0, 1);
	check_threshold(&cfg, M_HIGH, "new_high_max", 0, 1, "high", 0, 1);
	check_threshold(&cfg, M_DUP, "duplication_pct_max", 3.0, 4.0, "medium", 3.0, 4.0);
	check_threshold(&cfg, M_COMPLEXITY, "complexity_new_max", 15, 16, "medium", 15, 16);
	/* Ratings: 'A' is best; the threshold and actual are reported as 1..5. */
	check_threshold(&cfg, M_RATING, "rating_min", 'A', 'B', "medium", 1, 2);
	/* Coverage is a minimum: it fails one below. */
	check_threshold(&cfg, M_COVERAGE, "new_coverage_min", 80.0, 79.0, "medium", 80.0, 79.0);
}

static void test_thresholds_custom(void **state)
{
	scan_gate_config cfg = config();

	(void)state;
	cfg.policy.new_critical_max = 2;
	cfg.policy.new_high_max = 5;
	cfg.policy.duplication_pct_max = 10.0;
	cfg.policy.complexity_new_max = 30;
	cfg.policy.rating_min = 'C';
	cfg.policy.new_coverage_min = 50.0;
	check_threshold(&cfg, M_CRITICAL, "new_critical_max", 2, 3, "critical", 2, 3);
	check_threshold(&cfg, M_HIGH, "new_high_max", 5, 6, "high", 5, 6);
	check_threshold(&cfg, M_DUP, "duplication_pct_max", 10.0, 11.0, "medium", 10.0, 11.0);
	check_threshold(&cfg, M_COMPLEXITY, "complexity_new_max", 30, 31, "medium", 30, 31);
	check_threshold(&cfg, M_RATING, "rating_min", 'C', 'D', "medium", 3, 4);
	check_threshold(&cfg, M_COVERAGE, "new_coverage_min", 50.0, 49.0, "medium", 50.0, 49.0);

	/* Better than the threshold passes too. */
	scan_gate_input in = input_with(M_RATING, 'A');
	scan_gate_report *r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_PASSED);
	scan_gate_report_free(r);
	in = input_with(M_COVERAGE, 100.0);
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_PASSED);
	scan_gate_report_free(r);
	/* Fractions just over the threshold fail. */
	in = input_with(M_DUP, 10.001);
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_FAILED);
	scan_gate_report_free(r);
}

static void test_not_measured_never_fails(void **state)
{
	scan_gate_config cfg = config();
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_gate_report *r;

	(void)state;
	/* The strictest policy: any measured value fails, unmeasured ones do not. */
	cfg.policy.duplication_pct_max = 0;
	cfg.policy.complexity_new_max = 0;
	cfg.policy.rating_min = 'A';
	cfg.policy.new_coverage_min = 100;
	in.duplication_pct = -1;
	in.max_complexity_new = -1;
	in.rating = 0;
	in.new_coverage_pct = -1;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_PASSED);
	scan_gate_report_free(r);
	in.duplication_pct = -0.001;
	in.max_complexity_new = -100;
	in.new_coverage_pct = -50;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_PASSED);
	scan_gate_report_free(r);
	/* SCAN_GATE_INPUT_INIT is "nothing measured". */
	scan_gate_input init = SCAN_GATE_INPUT_INIT;
	assert_true(init.duplication_pct < 0 && init.max_complexity_new < 0 && init.new_coverage_pct < 0);
	assert_int_equal(init.rating, 0);
	/* 0 is measured: 0% coverage fails a minimum of 100. */
	in.new_coverage_pct = 0;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_FAILED);
	assert_non_null(find_violation(r, "new_coverage_min"));
	scan_gate_report_free(r);
}

static void test_all_six_fail_together(void **state)
{
	scan_gate_config cfg = config();
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_gate_report *r;

	(void)state;
	in.critical = 1;
	in.high = 2;
	in.duplication_pct = 50;
	in.max_complexity_new = 99;
	in.rating = 'E';
	in.new_coverage_pct = 10;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_int_equal(r->status, SCAN_GATE_FAILED);
	assert_int_equal(r->violation_count, 6);
	assert_non_null(find_violation(r, "new_critical_max"));
	assert_non_null(find_violation(r, "new_high_max"));
	assert_non_null(find_violation(r, "duplication_pct_max"));
	assert_non_null(find_violation(r, "complexity_new_max"));
	assert_non_null(find_violation(r, "rating_min"));
	assert_non_null(find_violation(r, "new_coverage_min"));
	assert_true(find_violation(r, "new_high_max")->actual == 2);
	assert_true(find_violation(r, "rating_min")->actual == 5);
	scan_gate_report_free(r);
}

/* --- waivers ---------------------------------------------------------------- */

static scan_waiver waiver(int64_t id, const char *rule, int64_t repo, int64_t pr)
{
	scan_waiver w = { 0 };

	w.id = id;
	w.rule = rule;
	w.reason = "accepted risk";
	w.repo_id = repo;
	w.pr_number = pr;
	w.created_at = NOW - 100;
	return w;
}

/* An input failing only new_high_max, in repo 7, PR 42 (0: not a PR). */
static scan_gate_input high_input(int64_t repo, int64_t pr)
{
	scan_gate_input in = SCAN_GATE_INPUT_INIT;

	in.repo_id = repo;
	in.pr_number = pr;
	in.high = 1;
	return in;
}

/* The waiver that applies to new_high_max, or 0 when it is not waived. */
static int64_t waived_by(const scan_gate_input *in, const scan_waiver *w, size_t nw, const char **scope)
{
	scan_gate_config cfg = config();
	scan_gate_report *r = evaluate(&cfg, in, w, nw);
	int64_t id = 0;

	*scope = NULL;
	if (r->waived_count) {
		assert_int_equal(r->waived_count, 1);
		assert_int_equal(r->violation_count, 0);
		assert_int_equal(r->status, SCAN_GATE_PASSED);
		assert_true(r->waived[0].waived);
		assert_string_equal(r->waived[0].rule, "new_high_max");
		assert_string_equal(r->waived[0].severity, "high");
		assert_true(r->waived[0].actual == 1);
		id = r->waived[0].waiver_id;
		*scope = r->waived[0].waiver_scope;
		assert_non_null(*scope);
	} else {
		assert_int_equal(r->violation_count, 1);
		assert_int_equal(r->status, SCAN_GATE_FAILED);
		assert_false(r->violations[0].waived);
		assert_null(r->violations[0].waiver_scope);
	}
	scan_gate_report_free(r);
	return id;
}

static void test_waiver_pr_scope(void **state)
{
	scan_waiver w = waiver(1, "new_high_max", 7, 42);
	scan_gate_input in;
	const char *scope;

	(void)state;
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 1);
	assert_string_equal(scope, "pull_request");
	in = high_input(7, 43); /* another PR of the repo */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	in = high_input(7, 0); /* the repo, not a PR */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	in = high_input(8, 42); /* same PR number, other repo */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
}

static void test_waiver_repo_scope(void **state)
{
	scan_waiver w = waiver(2, "new_high_max", 7, 0);
	scan_gate_input in;
	const char *scope;

	(void)state;
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 2);
	assert_string_equal(scope, "repository");
	in = high_input(7, 1);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 2);
	in = high_input(7, 0);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 2);
	in = high_input(8, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	in = high_input(0, 0);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
}

static void test_waiver_org_scope(void **state)
{
	scan_waiver w = waiver(3, "new_high_max", 0, 0);
	scan_gate_input in;
	const char *scope;

	(void)state;
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 3);
	assert_string_equal(scope, "organization");
	in = high_input(8, 0);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 3);
	in = high_input(0, 0);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 3);
}

static void test_waiver_pr_without_repo_never_matches(void **state)
{
	scan_waiver w = waiver(4, "new_high_max", 0, 42);
	scan_gate_input in;
	const char *scope;

	(void)state;
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	in = high_input(0, 42);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	in = high_input(0, 0);
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
}

static void test_waiver_most_specific_wins(void **state)
{
	scan_waiver w[3];
	scan_gate_input in;
	const char *scope;

	(void)state;
	/* Order in the array must not matter: org first, PR last, and reversed. */
	w[0] = waiver(10, "new_high_max", 0, 0);
	w[1] = waiver(11, "new_high_max", 7, 0);
	w[2] = waiver(12, "new_high_max", 7, 42);
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, w, 3, &scope), 12);
	assert_string_equal(scope, "pull_request");
	in = high_input(7, 41);
	assert_int_equal(waived_by(&in, w, 3, &scope), 11);
	assert_string_equal(scope, "repository");
	in = high_input(9, 42);
	assert_int_equal(waived_by(&in, w, 3, &scope), 10);
	assert_string_equal(scope, "organization");

	w[0] = waiver(12, "new_high_max", 7, 42);
	w[1] = waiver(11, "new_high_max", 7, 0);
	w[2] = waiver(10, "new_high_max", 0, 0);
	in = high_input(7, 42);
	assert_int_equal(waived_by(&in, w, 3, &scope), 12);
	in = high_input(7, 0);
	assert_int_equal(waived_by(&in, w, 3, &scope), 11);

	/* Between two of the same scope, the newest (largest id) is the one shown. */
	w[0] = waiver(20, "new_high_max", 7, 0);
	w[1] = waiver(25, "new_high_max", 7, 0);
	w[2] = waiver(21, "new_high_max", 7, 0);
	in = high_input(7, 0);
	assert_int_equal(waived_by(&in, w, 3, &scope), 25);
}

static void test_waiver_other_rule_does_not_apply(void **state)
{
	scan_waiver w[2];
	scan_gate_input in = high_input(7, 42);
	const char *scope;
	scan_gate_config cfg = config();
	scan_gate_report *r;

	(void)state;
	w[0] = waiver(30, "new_critical_max", 7, 42);
	w[1] = waiver(31, "new_coverage_min", 0, 0);
	assert_int_equal(waived_by(&in, w, 2, &scope), 0);
	/* A waiver with no rule at all is ignored, not a crash. */
	w[0].rule = NULL;
	assert_int_equal(waived_by(&in, w, 1, &scope), 0);

	/* Two violations, one waived: still failed, each list holds its own. */
	in.critical = 3;
	w[0] = waiver(32, "new_critical_max", 0, 0);
	r = evaluate(&cfg, &in, w, 1);
	assert_int_equal(r->status, SCAN_GATE_FAILED);
	assert_int_equal(r->violation_count, 1);
	assert_string_equal(r->violations[0].rule, "new_high_max");
	assert_int_equal(r->waived_count, 1);
	assert_string_equal(r->waived[0].rule, "new_critical_max");
	assert_int_equal(r->waived[0].waiver_id, 32);
	scan_gate_report_free(r);
}

static void test_waiver_expired_and_revoked_ignored(void **state)
{
	scan_waiver w = waiver(40, "new_high_max", 7, 0), ws[2];
	scan_gate_input in = high_input(7, 42);
	const char *scope;

	(void)state;
	w.expires_at = NOW - 1;
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	w.expires_at = NOW; /* expires_at <= now: expired */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	w.expires_at = NOW + 1;
	assert_int_equal(waived_by(&in, &w, 1, &scope), 40);
	w.expires_at = 0; /* never */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 40);

	w.revoked_at = NOW - 1000;
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);
	w.revoked_at = NOW + 1000; /* revoked at all is revoked */
	assert_int_equal(waived_by(&in, &w, 1, &scope), 0);

	/* An expired PR waiver does not shadow a live org waiver. */
	ws[0] = waiver(41, "new_high_max", 7, 42);
	ws[0].expires_at = NOW - 10;
	ws[1] = waiver(42, "new_high_max", 0, 0);
	assert_int_equal(waived_by(&in, ws, 2, &scope), 42);
	assert_string_equal(scope, "organization");
	/* Nor a revoked one. */
	ws[0].expires_at = 0;
	ws[0].revoked_at = NOW - 10;
	assert_int_equal(waived_by(&in, ws, 2, &scope), 42);
}

static void test_evaluate_keeps_config(void **state)
{
	scan_gate_config cfg = config();
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_gate_report *r;

	(void)state;
	cfg.block_merge_on_fail = false;
	cfg.applies_to_new_code_only = false;
	cfg.configured = true;
	cfg.policy.new_high_max = 9;
	r = evaluate(&cfg, &in, NULL, 0);
	assert_false(r->config.block_merge_on_fail);
	assert_false(r->config.applies_to_new_code_only);
	assert_true(r->config.configured);
	assert_int_equal(r->config.policy.new_high_max, 9);
	scan_gate_report_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_defaults_and_unknown_keys),
		cmocka_unit_test(test_parse_all_keys),
		cmocka_unit_test(test_parse_null_keeps_default),
		cmocka_unit_test(test_parse_rating_letters),
		cmocka_unit_test(test_parse_wrong_types_and_ranges),
		cmocka_unit_test(test_parse_not_an_object),
		cmocka_unit_test(test_parse_trailing_garbage),
		cmocka_unit_test(test_parse_size_limit),
		cmocka_unit_test(test_policy_set),
		cmocka_unit_test(test_policy_is_key),
		cmocka_unit_test(test_policy_write_roundtrip),
		cmocka_unit_test(test_policy_write_roundtrip_precision),
		cmocka_unit_test(test_status_names),
		cmocka_unit_test(test_disabled_is_not_configured),
		cmocka_unit_test(test_clean_input_passes),
		cmocka_unit_test(test_thresholds_defaults),
		cmocka_unit_test(test_thresholds_custom),
		cmocka_unit_test(test_not_measured_never_fails),
		cmocka_unit_test(test_all_six_fail_together),
		cmocka_unit_test(test_waiver_pr_scope),
		cmocka_unit_test(test_waiver_repo_scope),
		cmocka_unit_test(test_waiver_org_scope),
		cmocka_unit_test(test_waiver_pr_without_repo_never_matches),
		cmocka_unit_test(test_waiver_most_specific_wins),
		cmocka_unit_test(test_waiver_other_rule_does_not_apply),
		cmocka_unit_test(test_waiver_expired_and_revoked_ignored),
		cmocka_unit_test(test_evaluate_keeps_config),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
