/* tests/unit/test_compliance.c - the condition language, the framework files, every built-in control's outcomes, scores by hand */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "compliance/compliance_int.h"
#include "compliance/expr.h"
#include "scan/compliance.h"

#define NOW ((time_t)1800000000)
#define DAY 86400

/* --- the condition language ------------------------------------------------ */

static bool eval_text(const char *text, const int64_t *v, uint64_t known, bool *k)
{
	scan_cexpr *e = NULL;
	bool r;

	assert_int_equal(scan_compliance__expr_parse(&e, text, strlen(text)), 0);
	r = scan_compliance__expr_eval(e, v, known, k);
	scan_compliance__expr_free(e);
	return r;
}

static void test_expr_evaluates(void **state)
{
	int64_t v[SCAN_FACT__COUNT] = { 0 };
	bool k;

	(void)state;
	v[SCAN_FACT_CRITICAL] = 0, v[SCAN_FACT_HIGH] = 2, v[SCAN_FACT_DAYS_SINCE_SCAN] = 15;
	assert_true(eval_text("critical == 0 && high <= 2", v, ~0ull, &k) && k);
	assert_false(eval_text("critical == 0 && high < 2", v, ~0ull, &k));
	assert_true(k);
	assert_false(eval_text("days_since_scan <= 14", v, ~0ull, &k));
	assert_true(eval_text("!(days_since_scan <= 14) || false", v, ~0ull, &k));
	assert_true(eval_text("high + critical - -1 == 3", v, ~0ull, &k));
	assert_true(eval_text("1 || 0 && 0", v, ~0ull, &k));          /* && binds tighter */
	assert_true(eval_text("9223372036854775807 + 1 > 0", v, ~0ull, &k)); /* saturates */
	assert_true(eval_text("- 9223372036854775807 - 9 < 0", v, ~0ull, &k));
	assert_true(eval_text("true", v, 0, &k) && k);                 /* names no fact: always known */
	/* A fact the scan did not measure makes the condition unknown, whatever else it says. */
	assert_false(eval_text("critical == 0 || true", v, ~(1ull << SCAN_FACT_CRITICAL), &k));
	assert_false(k);
}

static void expect_error(const char *text, int code, const char *where)
{
	scan_cexpr *e = NULL;

	assert_int_equal(scan_compliance__expr_parse(&e, text, strlen(text)), code);
	assert_null(e);
	if (!strstr(scan_error_last()->message, where))
		fail_msg("'%s': message '%s' lacks '%s'", text, scan_error_last()->message, where);
}

static void test_expr_errors_name_their_byte(void **state)
{
	char big[SCAN_CEXPR_TEXT_MAX + 8], deep[200];

	(void)state;
	expect_error("crit == 0", SCAN_EINVAL, "at byte 0: unknown name");
	expect_error("critical ==", SCAN_EINVAL, "at byte 11:");
	expect_error("critical = 0", SCAN_EINVAL, "at byte 9:");
	expect_error("high < = 2", SCAN_EINVAL, "at byte 7:");
	expect_error("(high", SCAN_EINVAL, "at byte 5: ')' expected");
	expect_error("12abc", SCAN_EINVAL, "at byte 2: a number runs into a name");
	expect_error("99999999999999999999", SCAN_EINVAL, "at byte 0: the number is too large");
	expect_error("high & low", SCAN_EINVAL, "at byte 5");
	expect_error("", SCAN_EINVAL, "at byte 0");
	memset(big, ' ', sizeof(big));
	big[sizeof(big) - 1] = '\0';
	big[0] = '1';
	expect_error(big, SCAN_ELIMIT, "longer than");
	for (size_t i = 0; i < 40; i++)
		deep[i] = '(';
	deep[40] = '1';
	for (size_t i = 41; i < 81; i++)
		deep[i] = ')';
	deep[81] = '\0';
	expect_error(deep, SCAN_ELIMIT, "nested too deep");
	/* Terms are capped: 300 ones added up (599 bytes, under the length limit). */
	{
		char *many = malloc(300 * 4 + 1);
		size_t n = 0;
		for (int i = 0; i < 300; i++)
			n += (size_t)snprintf(many + n, 300 * 4 + 1 - n, i ? "+1" : "1");
		expect_error(many, SCAN_ELIMIT, "too many terms");
		free(many);
	}
}

/* --- the framework files ---------------------------------------------------- */

static size_t words(const char *s)
{
	size_t n = 0;
	bool in = false;

	for (; *s; s++) {
		if (*s == ' ')
			in = false;
		else if (!in)
			in = true, n++;
	}
	return n;
}

static void test_builtin_frameworks_are_complete(void **state)
{
	static const struct { const char *key; size_t controls; scan_plan plan; } want[] = {
		{ "soc2", 10, SCAN_PLAN_TEAM }, { "iso27001", 13, SCAN_PLAN_TEAM }, { "owasp", 10, SCAN_PLAN_FREE },
		{ "owasp2025", 10, SCAN_PLAN_FREE }, { "pcidss", 15, SCAN_PLAN_ENTERPRISE },
		{ "hipaa", 11, SCAN_PLAN_ENTERPRISE }, { "nist_csf", 12, SCAN_PLAN_FREE },
	};
	const scan_framework_set *set;

	(void)state;
	assert_int_equal(scan_compliance_builtin(&set), 0);
	assert_int_equal(scan_framework_set_count(set), 7);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const scan_framework *f = scan_framework_set_find(set, want[i].key);
		assert_non_null(f);
		assert_int_equal(f->count, want[i].controls);
		assert_int_equal(f->requires_plan, want[i].plan);
		assert_false(f->custom);
		assert_true(f->name && *f->name && f->edition && f->source && f->description);
		for (size_t j = 0; j < f->count; j++) {
			const scan_control *c = &f->controls[j];
			if (!c->id || !*c->id || !c->name || !c->description || !c->category || !c->reason)
				fail_msg("%s control %zu lacks a field", f->key, j);
			if (words(c->name) > 8)
				fail_msg("%s %s: name over 8 words: %s", f->key, c->id, c->name);
			assert_true((unsigned)c->check < SCAN_CHECK__COUNT);
			assert_true(c->recommendation <= SCAN_REC_REQUIRED);
			assert_null(c->pass_expr);
			assert_ptr_equal(scan_framework_control(f, c->id), c);
		}
	}
	/* The free plan sees frameworks it cannot enable. */
	assert_false(scan_compliance_plan_allows(SCAN_PLAN_FREE, scan_framework_set_find(set, "soc2")));
	assert_true(scan_compliance_plan_allows(SCAN_PLAN_TEAM, scan_framework_set_find(set, "soc2")));
	assert_false(scan_compliance_plan_allows(SCAN_PLAN_TEAM, scan_framework_set_find(set, "pcidss")));
	assert_true(scan_compliance_plan_allows(SCAN_PLAN_ENTERPRISE, scan_framework_set_find(set, "hipaa")));
}

static void expect_invalid(const char *doc, const char *where)
{
	scan_framework_set *set = NULL;

	assert_int_not_equal(scan_compliance_framework_parse(&set, doc, strlen(doc), "doc", SCAN_FRAMEWORK_CUSTOM), 0);
	assert_null(set);
	if (!strstr(scan_error_last()->message, where))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, where);
}

#define CONTROL(extra) "{\"id\": \"C1\", \"name\": \"n\", \"check_type\": \"secrets\", \"pass_condition\": \"total == 0\"" extra "}"

static void test_custom_framework_validation(void **state)
{
	const char *ok = "{\"name\": \"Internal\", \"key\": \"internal\", \"controls\": [" CONTROL(", \"partial_condition\":"
	                 " \"in_test == total\"") ", {\"id\": \"C2\", \"name\": \"Scanned\", \"category\": \"Ops\","
	                 " \"description\": \"d\", \"check_type\": \"scan_recency\", \"pass_condition\": \"days_since_scan"
	                 " <= 14\"}]}";
	scan_framework_set *set = NULL;
	const scan_framework *f;

	(void)state;
	assert_int_equal(scan_compliance_framework_parse(&set, ok, strlen(ok), "body", SCAN_FRAMEWORK_CUSTOM), 0);
	f = scan_framework_set_get(set, 0);
	assert_string_equal(f->key, "internal");
	assert_int_equal(f->count, 2);
	assert_true(f->custom);
	assert_int_equal(f->controls[1].check, SCAN_CHECK_SCAN_RECENCY);
	assert_non_null(f->controls[0].partial_expr);
	assert_int_equal(f->controls[0].recommendation, SCAN_REC_RECOMMENDED);
	scan_framework_set_free(set);

	expect_invalid("{\"name\": \"x\", \"key\": \"soc2\", \"controls\": [" CONTROL("") "]}", "key: is a built-in");
	expect_invalid("{\"name\": \"x\", \"key\": \"Bad Key\", \"controls\": [" CONTROL("") "]}", "key: must be 1 to 32");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": []}", "controls: must be a non-empty list");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"colour\": 1, \"controls\": [" CONTROL("") "]}",
	               "unknown key 'colour'");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [" CONTROL(", \"check_type\": \"x\"") "]}",
	               "given twice");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [{\"id\": \"C1\", \"name\": \"n\","
	               " \"check_type\": \"tls\", \"pass_condition\": \"1\"}]}", "controls[0].check_type: unknown");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [{\"id\": \"C1\", \"name\": \"n\","
	               " \"check_type\": \"secrets\", \"pass_condition\": \"total <\"}]}",
	               "controls[0].pass_condition: at byte 7");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [{\"id\": \"C1\", \"name\": \"n\","
	               " \"check_type\": \"secrets\"}]}", "controls[0].pass_condition: required");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [" CONTROL("") ", " CONTROL("") "]}",
	               "controls[1].id: a control with this id comes before");
	expect_invalid("{\"name\": \"x\", \"key\": \"k\", \"controls\": [" CONTROL(", \"filter\": {\"cwe\": [\"CWE-x\"]}")
	               "]}", "filter.cwe: not a CWE id");
	expect_invalid("[1, 2]", "must be a mapping");
	expect_invalid("a: &x 1\nb: *x\n", "alias");
}

/* --- every built-in control, every outcome ----------------------------------- */

static const char *const python[] = { "python" };

/* A repository where every check passes: scanned yesterday by every analyzer, gate passed, reviews done. */
static scan_compliance_facts clean_facts(void)
{
	scan_compliance_facts x;

	memset(&x, 0, sizeof(x));
	x.now = NOW;
	x.scanned = true;
	x.repo_id = 7, x.scan_id = 70, x.repo_name = "acme/shop", x.commit = "0123456789abcdef0123456789abcdef01234567";
	x.branch = "main";
	x.scanned_at = NOW - DAY;
	x.ran = SCAN_RAN_SECRETS | SCAN_RAN_SAST | SCAN_RAN_SCA | SCAN_RAN_QUALITY;
	x.sast_languages = x.has_iac = x.has_dependencies = x.sca_checked = true;
	x.languages = python, x.nlanguages = 1;
	x.gate = SCAN_GATE_FACT_PASSED, x.gate_block_merge = true;
	x.reviews_known = true, x.prs = 10, x.prs_reviewed = 10;
	x.rating = 'A';
	return x;
}

/* A finding the control is about: its filter's first CWE, or its check type's kind. */
static scan_compliance_finding about(const scan_control *c, scan_severity sev)
{
	scan_compliance_finding f;
	size_t nfam;
	const int *fam = scan_compliance__family(c->check, &nfam);

	memset(&f, 0, sizeof(f));
	f.id = 1000 + sev;
	f.severity = sev;
	f.confidence = 90;
	f.rule_id = "test/rule";
	switch (c->check) {
	case SCAN_CHECK_SECRETS: f.category = "secret", f.cwe = 798; break;
	case SCAN_CHECK_SCA_VULNS: f.category = "sca"; break;
	case SCAN_CHECK_IAC_ISSUES: f.category = "iac", f.cwe = 284; break;
	default: f.category = "security", f.cwe = fam ? fam[0] : 89; break;
	}
	if (c->ncwe)
		f.cwe = c->cwe[0];
	return f;
}

static scan_outcome outcome_of(const scan_control *c, const scan_compliance_facts *x)
{
	scan_framework fw;
	scan_compliance_report *r = NULL;
	const scan_framework *p = &fw;
	scan_outcome o;

	memset(&fw, 0, sizeof(fw));
	fw.key = "one", fw.name = "one", fw.controls = c, fw.count = 1;
	assert_int_equal(scan_compliance_evaluate(&r, &p, 1, NULL, 0, x, true), 0);
	o = scan_compliance_report_get(r, 0)->controls[0].outcome;
	scan_compliance_report_free(r);
	return o;
}

static void expect_outcome(const scan_framework *fw, const scan_control *c, const scan_compliance_facts *x,
                           scan_outcome want, const char *case_name)
{
	scan_outcome got = outcome_of(c, x);

	if (got != want)
		fail_msg("%s %s (%s), %s: %s, expected %s", fw->key, c->id, scan_check_type_name(c->check), case_name,
		         scan_outcome_name(got), scan_outcome_name(want));
}

/* Facts that make c come out as want; false when the check type has no such outcome. */
static bool facts_for(scan_compliance_facts *x, scan_compliance_finding *f, const scan_control *c, scan_outcome want)
{
	*x = clean_facts();
	if (want == SCAN_OUTCOME_PASS)
		return true;
	switch (c->check) {
	case SCAN_CHECK_SECRETS:
		if (want == SCAN_OUTCOME_NO_DATA)
			x->ran &= ~(SCAN_RAN_SECRETS | SCAN_RAN_SAST);
		*f = about(c, SCAN_SEV_CRITICAL);
		f->in_test = want == SCAN_OUTCOME_PARTIAL;
		break;
	case SCAN_CHECK_SAST_SECURITY:
	case SCAN_CHECK_SAST_CRYPTO:
	case SCAN_CHECK_SAST_AUTH:
		if (want == SCAN_OUTCOME_NO_DATA)
			x->ran &= ~SCAN_RAN_SAST;
		*f = about(c, want == SCAN_OUTCOME_FAIL ? SCAN_SEV_CRITICAL
		            : c->check == SCAN_CHECK_SAST_SECURITY ? SCAN_SEV_HIGH : SCAN_SEV_MEDIUM);
		break;
	case SCAN_CHECK_IAC_ISSUES:
		if (want == SCAN_OUTCOME_NO_DATA)
			x->has_iac = false;
		*f = about(c, want == SCAN_OUTCOME_FAIL ? SCAN_SEV_HIGH : SCAN_SEV_MEDIUM);
		break;
	case SCAN_CHECK_SCA_VULNS:
		if (want == SCAN_OUTCOME_NO_DATA)
			x->sca_checked = false;
		*f = about(c, want == SCAN_OUTCOME_FAIL ? SCAN_SEV_CRITICAL : SCAN_SEV_HIGH);
		break;
	case SCAN_CHECK_SCAN_RECENCY:
		if (want == SCAN_OUTCOME_NO_DATA)
			return false; /* never scanned is a fail, not a gap in the data (notes 1.2) */
		x->scanned_at = NOW - (want == SCAN_OUTCOME_PARTIAL ? 20 : 40) * DAY;
		return true;
	case SCAN_CHECK_QUALITY_GATES:
		x->gate = want == SCAN_OUTCOME_NO_DATA ? SCAN_GATE_FACT_NONE
		        : want == SCAN_OUTCOME_FAIL ? SCAN_GATE_FACT_FAILED : SCAN_GATE_FACT_PASSED;
		x->gate_waived = want == SCAN_OUTCOME_PARTIAL;
		return true;
	case SCAN_CHECK_PR_REVIEWS:
		x->reviews_known = want != SCAN_OUTCOME_NO_DATA;
		x->prs_reviewed = want == SCAN_OUTCOME_PARTIAL ? 6 : 2;
		return true;
	case SCAN_CHECK_CODE_QUALITY:
		x->rating = want == SCAN_OUTCOME_NO_DATA ? 0 : want == SCAN_OUTCOME_PARTIAL ? 'C' : 'E';
		return true;
	default:
		return false;
	}
	x->findings = f, x->nfindings = 1;
	return true;
}

static void test_every_builtin_control_every_outcome(void **state)
{
	static const scan_outcome outcomes[] = { SCAN_OUTCOME_PASS, SCAN_OUTCOME_PARTIAL, SCAN_OUTCOME_FAIL,
	                                         SCAN_OUTCOME_NO_DATA };
	const scan_framework_set *set;
	size_t checked = 0;

	(void)state;
	assert_int_equal(scan_compliance_builtin(&set), 0);
	for (size_t i = 0; i < scan_framework_set_count(set); i++) {
		const scan_framework *fw = scan_framework_set_get(set, i);
		for (size_t j = 0; j < fw->count; j++) {
			const scan_control *c = &fw->controls[j];
			scan_compliance_facts x;
			scan_compliance_finding f, g;
			for (size_t k = 0; k < 4; k++) {
				if (!facts_for(&x, &f, c, outcomes[k])) {
					/* scan recency: a repository never scanned fails */
					x = clean_facts();
					x.scanned = false;
					expect_outcome(fw, c, &x, SCAN_OUTCOME_FAIL, "never scanned");
					continue;
				}
				expect_outcome(fw, c, &x, outcomes[k], scan_outcome_name(outcomes[k]));
				checked++;
			}
			/* The same failing finding, marked a false positive, is left out and listed. */
			if (scan_compliance__is_finding_check(c->check)) {
				assert_true(facts_for(&x, &f, c, SCAN_OUTCOME_FAIL));
				f.excluded = "false_positive";
				expect_outcome(fw, c, &x, SCAN_OUTCOME_PASS, "excluded finding");
				/* A finding outside a filter does not count. */
				if (c->ncwe) {
					g = about(c, SCAN_SEV_CRITICAL);
					g.cwe = 1; /* in no filter */
					x = clean_facts();
					x.findings = &g, x.nfindings = 1;
					expect_outcome(fw, c, &x, SCAN_OUTCOME_PASS, "finding outside the filter");
				}
			}
			/* No scan at all: nothing but recency can be judged. */
			x = clean_facts();
			x.scanned = false;
			expect_outcome(fw, c, &x, c->check == SCAN_CHECK_SCAN_RECENCY ? SCAN_OUTCOME_FAIL : SCAN_OUTCOME_NO_DATA,
			               "no scan");
		}
	}
	assert_true(checked > 280); /* 81 controls, nearly four outcomes each */
}

/* --- two repositories, scored by hand ----------------------------------------- */

static const scan_framework *builtin(const char *key)
{
	const scan_framework_set *set;

	assert_int_equal(scan_compliance_builtin(&set), 0);
	return scan_framework_set_find(set, key);
}

static const scan_control_result *result_of(const scan_compliance_report *r, const char *key, const char *id)
{
	const scan_control_result *c = scan_compliance_report_result(r, key, id);

	if (!c)
		fail_msg("no control %s %s", key, id);
	return c;
}

/*
 * "shop": a Python web service scanned 2 days ago by every analyzer, with
 * an AWS key in app code (secret, CWE-798, critical, confidence 90), a SQL
 * injection (security, CWE-89, critical), a vulnerable dependency (sca,
 * high, within SLA, not KEV), the gate passed and blocking, rating B, no
 * infrastructure code, and no pull-request records.
 *
 * SOC 2 (10 controls):
 *   CC3.2 quality B pass | CC4.1 2 days pass | CC5.2 gate pass | CC6.1 key fail
 *   CC6.3 auth filter without 798 pass | CC6.6 no IaC no_data | CC6.7 crypto pass
 *   CC6.8 high dependency partial | CC7.1 SQLi critical fail | CC8.1 reviews no_data
 *   -> 5 pass, 1 partial, 2 fail over 8: (5 + 0.5) / 8 = 68.75 -> 68.8
 * PCI DSS (15):
 *   2.2.1 no_data | 3.5.1 pass | 4.2.1 pass | 6.2.1 pass | 6.2.3 no_data | 6.2.4 fail
 *   6.3.1 pass | 6.3.2 partial | 6.3.3 partial | 6.4.3 pass | 6.5.5 fail | 7.2.1 pass
 *   8.3.1 (filter has CWE-798) fail | 8.3.2 pass | 8.6.2 fail
 *   -> 7 pass, 2 partial, 4 fail over 13: (7 + 1) / 13 = 61.538 -> 61.5
 * Summary: 12 pass, 3 partial, 6 fail: 13.5 / 21 = 64.29 -> 64.3, weak.
 *   Risk areas: secrets 3 failing (2 frameworks), sast_security 2 (2), sast_auth 1 (1),
 *   sca_vulns 0 failing and 3 partial (2).
 */
static void test_score_shop(void **state)
{
	scan_compliance_facts x = clean_facts();
	scan_compliance_finding f[3];
	scan_compliance_report *r = NULL;
	const scan_framework *fws[2] = { builtin("soc2"), builtin("pcidss") };
	const scan_compliance_summary *s;
	const scan_framework_result *soc2, *pci;
	const scan_control_result *c;

	(void)state;
	memset(f, 0, sizeof(f));
	f[0] = (scan_compliance_finding){ .id = 11, .rule_id = "secrets/aws-access-key-id", .category = "secret",
	                                  .severity = SCAN_SEV_CRITICAL, .cwe = 798, .confidence = 90 };
	f[1] = (scan_compliance_finding){ .id = 12, .rule_id = "sast/python.taint-sql-injection", .category = "security",
	                                  .severity = SCAN_SEV_CRITICAL, .cwe = 89, .confidence = 90 };
	f[2] = (scan_compliance_finding){ .id = 13, .rule_id = "sca/GHSA-x", .category = "sca",
	                                  .severity = SCAN_SEV_HIGH, .confidence = 100 };
	x.findings = f, x.nfindings = 3;
	x.scanned_at = NOW - 2 * DAY;
	x.rating = 'B';
	x.has_iac = false;
	x.reviews_known = false;
	assert_int_equal(scan_compliance_evaluate(&r, fws, 2, NULL, 0, &x, true), 0);
	soc2 = scan_compliance_report_get(r, 0);
	pci = scan_compliance_report_get(r, 1);
	assert_int_equal(soc2->pass, 5);
	assert_int_equal(soc2->partial, 1);
	assert_int_equal(soc2->fail, 2);
	assert_int_equal(soc2->no_data, 2);
	assert_true(fabs(soc2->score - 68.8) < 1e-9);
	assert_int_equal(pci->pass, 7);
	assert_int_equal(pci->partial, 2);
	assert_int_equal(pci->fail, 4);
	assert_int_equal(pci->no_data, 2);
	assert_true(fabs(pci->score - 61.5) < 1e-9);
	s = scan_compliance_report_summary(r);
	assert_int_equal(s->passing, 12);
	assert_int_equal(s->partial, 3);
	assert_int_equal(s->failing, 6);
	assert_int_equal(s->total_controls, 21);
	assert_int_equal(s->not_assessed, 4);
	assert_true(fabs(s->overall_score - 64.3) < 1e-9);
	assert_string_equal(s->posture, "weak");
	assert_int_equal(s->nrisk_areas, 4);
	assert_int_equal(s->risk_areas[0].check, SCAN_CHECK_SECRETS);
	assert_int_equal(s->risk_areas[0].failing, 3);
	assert_int_equal(s->risk_areas[0].frameworks, 2);
	assert_int_equal(s->risk_areas[1].check, SCAN_CHECK_SAST_SECURITY);
	assert_int_equal(s->risk_areas[1].failing, 2);
	assert_int_equal(s->risk_areas[2].check, SCAN_CHECK_SAST_AUTH);
	assert_int_equal(s->risk_areas[3].check, SCAN_CHECK_SCA_VULNS);
	assert_int_equal(s->risk_areas[3].partial, 3);
	assert_string_equal(s->recommendation, "First remove the hard-coded credentials from the code and rotate them:"
	                    " it fails 3 controls in 2 frameworks.");
	/* Evidence: the key decided CC6.1; refinement: findings make a control required, no IaC makes CC6.6 optional. */
	c = result_of(r, "soc2", "CC6.1");
	assert_int_equal(c->ndecisive, 1);
	assert_int_equal(c->decisive[0], 11);
	assert_int_equal(c->counts[SCAN_SEV_CRITICAL], 1);
	c = result_of(r, "soc2", "CC7.1");
	assert_int_equal(c->decisive[0], 12);
	assert_int_equal(c->recommendation, SCAN_REC_REQUIRED);
	assert_non_null(strstr(c->recommendation_reason, "1 open finding under this control (1 critical)"));
	c = result_of(r, "soc2", "CC6.6");
	assert_int_equal(c->outcome, SCAN_OUTCOME_NO_DATA);
	assert_int_equal(c->recommendation, SCAN_REC_OPTIONAL);
	assert_non_null(strstr(c->recommendation_reason, "no infrastructure code"));
	c = result_of(r, "soc2", "CC3.2"); /* optional, code domain, Python present */
	assert_int_equal(c->recommendation, SCAN_REC_RECOMMENDED);
	c = result_of(r, "pcidss", "8.3.1");
	assert_int_equal(c->outcome, SCAN_OUTCOME_FAIL);
	assert_int_equal(c->decisive[0], 11);
	scan_compliance_report_free(r);

	/* Without refinement the static recommendations stand. */
	assert_int_equal(scan_compliance_evaluate(&r, fws, 2, NULL, 0, &x, false), 0);
	c = result_of(r, "soc2", "CC6.6");
	assert_int_equal(c->recommendation, SCAN_REC_RECOMMENDED);
	scan_compliance_report_free(r);

	/* The key removed and the dependency bumped: SOC 2 goes to (7 + 0) / 8 = 87.5. */
	x.findings = &f[1], x.nfindings = 1;
	assert_int_equal(scan_compliance_evaluate(&r, fws, 1, NULL, 0, &x, true), 0);
	assert_true(fabs(scan_compliance_report_get(r, 0)->score - 87.5) < 1e-9);
	scan_compliance_report_free(r);
}

/*
 * "infra": Go and Terraform, scanned 20 days ago; a public bucket (iac,
 * CWE-284, high) and an unencrypted volume (iac, CWE-311, medium); a SQL
 * injection marked a false positive; the gate failed; rating C; no
 * dependencies; 6 of 10 pull requests reviewed. CC6.6 and A09 disabled.
 *
 * OWASP 2021 (10): A01 pass (IaC findings are not code) | A02 pass | A03 pass
 *   (the SQLi left out) | A04 pass | A05 IaC high fail | A06 no dependencies
 *   no_data | A07 pass | A08 pass | A09 disabled | A10 pass
 *   -> 7 pass, 1 fail over 8 = 87.5
 * NIST CSF (12): ID.RA-01 pass | ID.RA-07 60% partial | ID.RA-09 no_data |
 *   ID.IM-01 C partial | PR.AA-01 pass | PR.AA-05 pass | PR.DS-01 pass | PR.DS-02 pass |
 *   PR.PS-01 fail | PR.PS-02 no_data | PR.PS-06 gate failed fail | DE.CM-09 20 days partial
 *   -> 5 pass, 3 partial, 2 fail over 10: 6.5 / 10 = 65
 * Summary: 12 pass, 3 partial, 3 fail: 13.5 / 18 = 75, moderate; risk areas
 *   iac_issues 2 failing (2 frameworks), quality_gates 1, then scan_recency,
 *   pr_reviews, code_quality with one partial each.
 */
static void test_score_infra(void **state)
{
	static const char *const langs[] = { "go", "hcl" };
	static const char *const off_owasp[] = { "A09:2021" };
	const scan_compliance_disabled disabled[] = { { "owasp", off_owasp, 1 } };
	scan_compliance_facts x = clean_facts();
	scan_compliance_finding f[3];
	scan_compliance_report *r = NULL;
	const scan_framework *fws[2] = { builtin("owasp"), builtin("nist_csf") };
	const scan_compliance_summary *s;
	const scan_framework_result *owasp, *nist;
	const scan_control_result *c;

	(void)state;
	f[0] = (scan_compliance_finding){ .id = 21, .rule_id = "iac/terraform.s3-public", .category = "iac",
	                                  .severity = SCAN_SEV_HIGH, .cwe = 284, .confidence = 90 };
	f[1] = (scan_compliance_finding){ .id = 22, .rule_id = "iac/terraform.ebs-unencrypted", .category = "iac",
	                                  .severity = SCAN_SEV_MEDIUM, .cwe = 311, .confidence = 90 };
	f[2] = (scan_compliance_finding){ .id = 23, .rule_id = "sast/go.sqli", .category = "security",
	                                  .severity = SCAN_SEV_CRITICAL, .cwe = 89, .confidence = 80,
	                                  .excluded = "false_positive" };
	x.findings = f, x.nfindings = 3;
	x.languages = langs, x.nlanguages = 2;
	x.scanned_at = NOW - 20 * DAY;
	x.gate = SCAN_GATE_FACT_FAILED;
	x.rating = 'C';
	x.has_dependencies = false;
	x.prs_reviewed = 6;
	assert_int_equal(scan_compliance_evaluate(&r, fws, 2, disabled, 1, &x, true), 0);
	owasp = scan_compliance_report_get(r, 0);
	nist = scan_compliance_report_get(r, 1);
	assert_int_equal(owasp->pass, 7);
	assert_int_equal(owasp->fail, 1);
	assert_int_equal(owasp->no_data, 1);
	assert_int_equal(owasp->disabled, 1);
	assert_true(fabs(owasp->score - 87.5) < 1e-9);
	assert_int_equal(nist->pass, 5);
	assert_int_equal(nist->partial, 3);
	assert_int_equal(nist->fail, 2);
	assert_int_equal(nist->no_data, 2);
	assert_true(fabs(nist->score - 65.0) < 1e-9);
	s = scan_compliance_report_summary(r);
	assert_int_equal(s->total_controls, 18);
	assert_int_equal(s->disabled, 1);
	assert_true(fabs(s->overall_score - 75.0) < 1e-9);
	assert_string_equal(s->posture, "moderate");
	assert_int_equal(s->nrisk_areas, 5);
	assert_int_equal(s->risk_areas[0].check, SCAN_CHECK_IAC_ISSUES);
	assert_int_equal(s->risk_areas[0].failing, 2);
	assert_int_equal(s->risk_areas[1].check, SCAN_CHECK_QUALITY_GATES);
	assert_int_equal(s->risk_areas[2].check, SCAN_CHECK_SCAN_RECENCY);
	assert_int_equal(s->risk_areas[3].check, SCAN_CHECK_PR_REVIEWS);
	assert_int_equal(s->risk_areas[4].check, SCAN_CHECK_CODE_QUALITY);
	/* The false positive is listed, not counted. */
	c = result_of(r, "owasp", "A03:2021");
	assert_int_equal(c->outcome, SCAN_OUTCOME_PASS);
	assert_int_equal(c->excluded, 1);
	assert_int_equal(c->nexcluded_ids, 1);
	assert_int_equal(c->excluded_ids[0], 23);
	c = result_of(r, "owasp", "A05:2021");
	assert_int_equal(c->decisive[0], 21);
	assert_int_equal(c->counts[SCAN_SEV_MEDIUM], 1);
	assert_int_equal(c->recommendation, SCAN_REC_REQUIRED);
	c = result_of(r, "owasp", "A09:2021");
	assert_int_equal(c->outcome, SCAN_OUTCOME_DISABLED);
	scan_compliance_report_free(r);
}

/* Custom controls: the condition decides, over the control's own facts; an unmeasured fact is no_data. */
static void test_custom_conditions(void **state)
{
	const char *doc = "key: acme\nname: ACME\ncontrols:\n"
	                  "  - {id: S1, name: Few highs, check_type: sast_security, pass_condition: 'critical == 0 && high <= 1',"
	                  " partial_condition: 'critical == 0'}\n"
	                  "  - {id: O1, name: Fresh, check_type: scan_recency, pass_condition: 'days_since_scan <= 14'}\n"
	                  "  - {id: R1, name: Reviews, check_type: pr_reviews, pass_condition: 'review_pct >= 50'}\n";
	scan_framework_set *set = NULL;
	const scan_framework *fw;
	scan_compliance_facts x = clean_facts();
	scan_compliance_finding f[2];
	scan_compliance_report *r = NULL;

	(void)state;
	assert_int_equal(scan_compliance_framework_parse(&set, doc, strlen(doc), "acme.yaml", SCAN_FRAMEWORK_CUSTOM), 0);
	fw = scan_framework_set_get(set, 0);
	f[0] = (scan_compliance_finding){ .id = 1, .category = "security", .severity = SCAN_SEV_HIGH, .cwe = 89 };
	f[1] = (scan_compliance_finding){ .id = 2, .category = "security", .severity = SCAN_SEV_HIGH, .cwe = 79 };
	x.findings = f, x.nfindings = 2;
	x.scanned_at = NOW - 10 * DAY;
	x.reviews_known = false;
	assert_int_equal(scan_compliance_evaluate(&r, &fw, 1, NULL, 0, &x, true), 0);
	assert_int_equal(result_of(r, "acme", "S1")->outcome, SCAN_OUTCOME_PARTIAL);
	assert_int_equal(result_of(r, "acme", "O1")->outcome, SCAN_OUTCOME_PASS);
	assert_int_equal(result_of(r, "acme", "R1")->outcome, SCAN_OUTCOME_NO_DATA);
	assert_true(fabs(scan_compliance_report_get(r, 0)->score - 75.0) < 1e-9);
	scan_compliance_report_free(r);
	x.nfindings = 1;
	x.scanned_at = NOW - 15 * DAY;
	assert_int_equal(scan_compliance_evaluate(&r, &fw, 1, NULL, 0, &x, true), 0);
	assert_int_equal(result_of(r, "acme", "S1")->outcome, SCAN_OUTCOME_PASS);
	assert_int_equal(result_of(r, "acme", "O1")->outcome, SCAN_OUTCOME_FAIL);
	scan_compliance_report_free(r);
	scan_framework_set_free(set);
}

/* A gate that passed only under a waiver is partial, and the reason names the waived conditions. */
static void test_gate_waiver_named(void **state)
{
	static const char *const waived[] = { "new_high_max", "rating_min" };
	const scan_framework *soc2 = builtin("soc2");
	scan_compliance_facts x = clean_facts();
	scan_compliance_report *r = NULL;
	const scan_control_result *c;

	(void)state;
	x.gate_waived = 2;
	x.gate_waived_rules = waived;
	assert_int_equal(scan_compliance_evaluate(&r, &soc2, 1, NULL, 0, &x, true), 0);
	c = result_of(r, "soc2", "CC5.2");
	assert_int_equal(c->outcome, SCAN_OUTCOME_PARTIAL);
	assert_string_equal(c->why, "The gate passed, but 2 conditions passed only under a waiver: new_high_max, rating_min.");
	scan_compliance_report_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_expr_evaluates),
		cmocka_unit_test(test_expr_errors_name_their_byte),
		cmocka_unit_test(test_builtin_frameworks_are_complete),
		cmocka_unit_test(test_custom_framework_validation),
		cmocka_unit_test(test_every_builtin_control_every_outcome),
		cmocka_unit_test(test_score_shop),
		cmocka_unit_test(test_score_infra),
		cmocka_unit_test(test_custom_conditions),
		cmocka_unit_test(test_gate_waiver_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
