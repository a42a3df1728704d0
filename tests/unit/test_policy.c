/*
 * tests/unit/test_policy.c - the SCA policy (lib/policy): the policy file
 * and its errors, merging, the default policy's verdicts, every condition
 * and operator, allow precedence, ignore rules and their expiry, triage,
 * and SLA arithmetic at day boundaries.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "scan/sca_policy.h"
#include "policy/policy_int.h"
#include "scan/buf.h"
#include "util/timefmt.h"

#define FIXTURES RAMPART_SOURCE_DIR "/tests/policy/"
#define ORIGIN ".rampart-policy.yml"
#define DAY 86400
/* 2025-11-21T00:00:00Z: every test runs at the same instant. */
#define NOW ((time_t)1763683200)

/* ---- helpers ------------------------------------------------------------- */

static scan_sca_policy *parse_text(const char *yaml)
{
	scan_sca_policy_options opts = SCAN_SCA_POLICY_OPTIONS_INIT;
	scan_sca_policy *p = NULL;
	int rc;

	opts.now = NOW;
	rc = scan_sca_policy_parse_yaml(&p, yaml, strlen(yaml), ORIGIN, &opts);
	if (rc)
		fail_msg("parse failed (%d): %s", rc, scan_error_last()->message);
	return p;
}

static char *read_fixture(const char *name, size_t *len)
{
	char path[1024];
	char *data;

	snprintf(path, sizeof(path), FIXTURES "%s", name);
	if (!(data = th_read(path, len)))
		fail_msg("cannot read %s", path);
	return data;
}

static scan_sca_policy *parse_fixture(const char *name)
{
	scan_sca_policy *p;
	size_t len;
	char *data = read_fixture(name, &len);

	p = parse_text(data);
	free(data);
	return p;
}

/* The parse of yaml must fail with code and exactly message. */
static void expect_error(const char *yaml, int code, const char *message)
{
	scan_sca_policy_options opts = SCAN_SCA_POLICY_OPTIONS_INIT;
	scan_sca_policy *p = NULL;
	int rc;

	opts.now = NOW;
	rc = scan_sca_policy_parse_yaml(&p, yaml, strlen(yaml), ORIGIN, &opts);
	if (rc == 0)
		fail_msg("parse succeeded, expected: %s", message);
	assert_null(p);
	assert_int_equal(rc, code);
	assert_string_equal(scan_error_last()->message, message);
}

static void expect_json_error(const char *json, int code, const char *message)
{
	scan_sca_policy *p = NULL;
	int rc = scan_sca_policy_parse_json(&p, json, strlen(json), "api", NULL);

	if (rc == 0)
		fail_msg("parse succeeded, expected: %s", message);
	assert_null(p);
	assert_int_equal(rc, code);
	assert_string_equal(scan_error_last()->message, message);
}

static char *to_json(const scan_sca_policy *p)
{
	scan_buf b = SCAN_BUF_INIT;

	assert_int_equal(scan_sca_policy_write_json(&b, p), 0);
	return scan_buf_detach(&b);
}

/* A finding of category sca, with its own sca block. */
typedef struct {
	scan_finding f;
	scan_finding_sca s;
} tfinding;

static void mkfinding(tfinding *t, const char *pkg, const char *version, const char *cve, const char *vuln_id,
                      scan_severity sev, double cvss, double epss, bool kev, bool direct)
{
	memset(t, 0, sizeof(*t));
	t->s.vuln_id = vuln_id;
	t->s.cve_id = cve;
	t->s.ecosystem = "npm";
	t->s.package_name = pkg;
	t->s.installed_version = version;
	t->s.epss_score = epss;
	t->s.epss_percentile = -1;
	t->s.kev_listed = kev;
	t->s.direct = direct;
	t->f.rule_id = "sca/x";
	t->f.title = "vulnerable dependency";
	t->f.category = SCAN_CAT_SCA;
	t->f.file_path = "web/package-lock.json";
	t->f.severity = sev;
	t->f.cvss_score = cvss;
	t->f.sca = &t->s;
}

static scan_component mkcomponent(const char *name, const char *version, const char *license)
{
	scan_component c;

	memset(&c, 0, sizeof(c));
	c.ecosystem = SCAN_ECO_NPM;
	c.name = name;
	c.version = version;
	c.purl = "pkg:npm/x";
	c.license = license;
	c.file = "web/package-lock.json";
	c.flags = SCAN_DEP_TRANSITIVE;
	return c;
}

/*
 * The shared scan of most evaluation tests:
 *   F0 lodash    high      cvss 7.4  epss 0.02  direct  published 40 days ago
 *   F1 minimist  critical  cvss 9.8  epss 0.71  KEV     published 10 days ago
 *   F2 Django    medium    no cvss   no epss    direct  publication unknown
 *   F3 left-pad  low       cvss 3.1  epss 0.5           published 30 days 1 hour ago
 *   C0 lodash MIT (permissive)       C1 minimist GPL-3.0-or-later (copyleft)
 *   C2 Django "MIT OR GPL-2.0-only" (permissive)   C3 left-pad, no license
 *   C4 event-stream "LGPL-2.1-only WITH Classpath-exception-2.0" (copyleft)
 */
typedef struct {
	tfinding tf[4];
	const scan_finding *fp[4];
	time_t published[4];
	scan_component comp[5];
	int classes[5];
	scan_sca_policy_input in;
} fixture;

static void fixture_init(fixture *x)
{
	memset(x, 0, sizeof(*x));
	mkfinding(&x->tf[0], "lodash", "4.17.20", "CVE-2021-23337", "GHSA-35jh-r3h4-6jhm", SCAN_SEV_HIGH, 7.4, 0.02,
	          false, true);
	mkfinding(&x->tf[1], "minimist", "1.2.5", "CVE-2021-44906", "GHSA-xvch-5gv4-984h", SCAN_SEV_CRITICAL, 9.8,
	          0.71, true, false);
	mkfinding(&x->tf[2], "Django", "3.2.0", NULL, "PYSEC-2023-1", SCAN_SEV_MEDIUM, -1, -1, false, true);
	mkfinding(&x->tf[3], "left-pad", "1.0.0", NULL, "GHSA-aaaa-bbbb-cccc", SCAN_SEV_LOW, 3.1, 0.5, false, false);
	x->tf[0].s.aliases = "SNYK-JS-LODASH-1040724";
	x->tf[1].s.aliases = "PYSEC-0000-1, GO-2022-0001";
	for (int i = 0; i < 4; i++)
		x->fp[i] = &x->tf[i].f;
	x->published[0] = NOW - 40 * DAY;
	x->published[1] = NOW - 10 * DAY;
	x->published[2] = 0;
	x->published[3] = NOW - 30 * DAY - 3600;
	x->comp[0] = mkcomponent("lodash", "4.17.20", "MIT");
	x->comp[1] = mkcomponent("minimist", "1.2.5", "GPL-3.0-or-later");
	x->comp[2] = mkcomponent("Django", "3.2.0", "MIT OR GPL-2.0-only");
	x->comp[3] = mkcomponent("left-pad", "1.0.0", NULL);
	x->comp[4] = mkcomponent("event-stream", "3.3.6", "LGPL-2.1-only WITH Classpath-exception-2.0");
	x->classes[0] = SCAN_SCA_LICENSE_PERMISSIVE;
	x->classes[1] = SCAN_SCA_LICENSE_COPYLEFT;
	x->classes[2] = SCAN_SCA_LICENSE_PERMISSIVE;
	x->classes[3] = SCAN_SCA_LICENSE_UNKNOWN;
	x->classes[4] = SCAN_SCA_LICENSE_COPYLEFT;
	x->in = (scan_sca_policy_input)SCAN_SCA_POLICY_INPUT_INIT;
	x->in.components = x->comp;
	x->in.ncomponents = 5;
	x->in.license_class = x->classes;
	x->in.findings = x->fp;
	x->in.nfindings = 4;
	x->in.published = x->published;
	x->in.now = NOW;
}

static scan_sca_policy_report *evaluate(const scan_sca_policy *p, const scan_sca_policy_input *in)
{
	scan_sca_policy_report *r = NULL;
	int rc = scan_sca_policy_evaluate(&r, p, in);

	if (rc)
		fail_msg("evaluate failed (%d): %s", rc, scan_error_last()->message);
	return r;
}

static const scan_sca_rule_result *result_of(const scan_sca_policy_report *r, const char *id)
{
	for (size_t i = 0; i < r->rule_count; i++)
		if (!strcmp(r->rules[i].rule->id, id))
			return &r->rules[i];
	fail_msg("no result for rule %s", id);
	return NULL;
}

static size_t violations_of(const scan_sca_policy_report *r, const char *id)
{
	size_t n = 0;

	for (size_t i = 0; i < r->violation_count; i++)
		n += !strcmp(r->violations[i].rule_id, id);
	return n;
}

static const scan_sca_violation *violation_of(const scan_sca_policy_report *r, const char *id, size_t nth)
{
	for (size_t i = 0; i < r->violation_count; i++)
		if (!strcmp(r->violations[i].rule_id, id) && nth-- == 0)
			return &r->violations[i];
	fail_msg("no violation %zu of rule %s", nth, id);
	return NULL;
}

/* ---- names --------------------------------------------------------------- */

static void test_names_and_operator_table(void **state)
{
	(void)state;
	assert_string_equal(scan_sca_condition_name(SCAN_SCA_COND_OUTDATED_PCT), "outdated_pct");
	assert_string_equal(scan_sca_condition_name(SCAN_SCA_COND_DIRECT_VULN), "direct_vuln");
	assert_string_equal(scan_sca_condition_name((scan_sca_condition)99), "?");
	assert_string_equal(scan_sca_operator_name(SCAN_SCA_OP_GE), ">=");
	assert_string_equal(scan_sca_operator_name(SCAN_SCA_OP_CONTAINS), "contains");
	assert_string_equal(scan_sca_action_name(SCAN_SCA_ACTION_ALLOW), "allow");
	assert_string_equal(scan_sca_rule_status_name(SCAN_SCA_RULE_NOT_EVALUATED), "not_evaluated");
	assert_string_equal(scan_sca_ignore_type_name(SCAN_SCA_IGNORE_SEVERITY), "severity");
	assert_true(scan_sca_operator_applies(SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_IN));
	assert_true(scan_sca_operator_applies(SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_GT));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_CONTAINS));
	assert_true(scan_sca_operator_applies(SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_CONTAINS));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_GE));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND_KEV, SCAN_SCA_OP_GT));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND_CVSS, SCAN_SCA_OP_IN));
	assert_true(scan_sca_operator_applies(SCAN_SCA_COND_DIRECT_VULN, SCAN_SCA_OP_GE));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND_PACKAGE, SCAN_SCA_OP_GT));
	assert_false(scan_sca_operator_applies(SCAN_SCA_COND__COUNT, SCAN_SCA_OP_EQ));
}

/* ---- the policy file ----------------------------------------------------- */

static void check_rule(const scan_sca_rule *r, const char *id, scan_sca_condition c, scan_sca_operator op,
                       scan_sca_action a, unsigned line)
{
	assert_non_null(r);
	assert_string_equal(r->id, id);
	assert_int_equal(r->condition, c);
	assert_int_equal(r->op, op);
	assert_int_equal(r->action, a);
	assert_int_equal(r->line, line);
}

static void test_valid_fixture(void **state)
{
	scan_sca_policy *p = parse_fixture("valid.yml");
	const scan_sca_rule *r;
	const scan_sca_ignore_rule *ig;
	time_t t;

	(void)state;
	assert_string_equal(scan_sca_policy_name(p), "Payments service");
	assert_true(scan_sca_policy_fail_on_violation(p));
	assert_int_equal(scan_sca_policy_rule_count(p), 15);
	assert_int_equal(scan_sca_policy_warning_count(p), 0);

	r = scan_sca_policy_rule(p, 0);
	check_rule(r, "block-critical", SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_BLOCK, 10);
	assert_string_equal(r->name, "Block critical vulnerabilities");
	assert_string_equal(r->description, "Replaces the default rule of the same id.");
	assert_int_equal(r->value.kind, SCAN_SCA_VALUE_STRING);
	assert_string_equal(r->value.string, "critical");
	assert_true(r->enabled);
	assert_int_equal(r->max_count, -1);

	r = scan_sca_policy_rule(p, 1);
	check_rule(r, "no-event-stream", SCAN_SCA_COND_PACKAGE, SCAN_SCA_OP_IN, SCAN_SCA_ACTION_BLOCK, 18);
	assert_string_equal(r->name, "no-event-stream"); /* the id when unnamed */
	assert_null(r->description);
	assert_int_equal(r->value.kind, SCAN_SCA_VALUE_LIST);
	assert_int_equal(r->value.count, 2);
	assert_string_equal(r->value.list[0], "event-stream");
	assert_string_equal(r->value.list[1], "flatmap-stream");

	r = scan_sca_policy_rule(p, 2);
	check_rule(r, "old-vulns", SCAN_SCA_COND_AGE, SCAN_SCA_OP_GT, SCAN_SCA_ACTION_WARN, 23);
	assert_int_equal(r->value.kind, SCAN_SCA_VALUE_NUMBER);
	assert_true(r->value.number == 30);

	r = scan_sca_policy_rule(p, 3);
	check_rule(r, "epss-watch", SCAN_SCA_COND_EPSS, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_WARN, 28);
	assert_false(r->enabled);
	assert_true(r->value.number == 0.2);

	r = scan_sca_policy_rule(p, 4);
	check_rule(r, "allow-lodash", SCAN_SCA_COND_PACKAGE, SCAN_SCA_OP_EQ, SCAN_SCA_ACTION_ALLOW, 34);
	assert_string_equal(r->value.string, "lodash");

	r = scan_sca_policy_rule(p, 5);
	check_rule(r, "kev", SCAN_SCA_COND_KEV, SCAN_SCA_OP_EQ, SCAN_SCA_ACTION_BLOCK, 39);
	assert_int_equal(r->value.kind, SCAN_SCA_VALUE_BOOL);
	assert_true(r->value.boolean);

	r = scan_sca_policy_rule(p, 6);
	check_rule(r, "direct", SCAN_SCA_COND_DIRECT_VULN, SCAN_SCA_OP_GT, SCAN_SCA_ACTION_WARN, 44);
	assert_int_equal(r->value.kind, SCAN_SCA_VALUE_NUMBER);
	assert_true(r->value.number == 2);

	r = scan_sca_policy_rule(p, 7);
	check_rule(r, "gpl-like", SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_CONTAINS, SCAN_SCA_ACTION_WARN, 49);
	assert_string_equal(r->value.string, "GPL");

	r = scan_sca_policy_rule(p, 8);
	check_rule(r, "copyleft", SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_IN, SCAN_SCA_ACTION_WARN, 54);
	assert_int_equal(r->value.count, 2);
	assert_string_equal(r->value.list[0], "copyleft");

	r = scan_sca_policy_rule(p, 9);
	check_rule(r, "outdated", SCAN_SCA_COND_OUTDATED_PCT, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_WARN, 59);
	assert_true(r->value.number == 50);

	r = scan_sca_policy_rule(p, 10);
	check_rule(r, "cvss-high", SCAN_SCA_COND_CVSS, SCAN_SCA_OP_GT, SCAN_SCA_ACTION_BLOCK, 64);
	assert_true(r->value.number == 8.5);
	assert_int_equal(r->max_count, 3);

	r = scan_sca_policy_rule(p, 11);
	check_rule(r, "severities", SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_IN, SCAN_SCA_ACTION_ALLOW, 70);
	assert_string_equal(r->value.list[0], "medium"); /* canonical spelling */
	assert_string_equal(r->value.list[1], "low");

	/* The simple keys, after the rules, at the lines of their keys. */
	r = scan_sca_policy_rule(p, 12);
	check_rule(r, SCAN_SCA_RULE_FAIL_ON_SEVERITY, SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_BLOCK, 5);
	assert_string_equal(r->value.string, "high");
	r = scan_sca_policy_rule(p, 13);
	check_rule(r, SCAN_SCA_RULE_BLOCKED_LICENSES, SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_IN, SCAN_SCA_ACTION_BLOCK, 6);
	assert_int_equal(r->value.count, 2);
	assert_string_equal(r->value.list[0], "AGPL-3.0");
	assert_string_equal(r->value.list[1], "SSPL-1.0");
	r = scan_sca_policy_rule(p, 14);
	check_rule(r, SCAN_SCA_RULE_MAX_CRITICAL, SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_EQ, SCAN_SCA_ACTION_BLOCK, 7);
	assert_string_equal(r->value.string, "critical");
	assert_int_equal(r->max_count, 0);
	assert_null(scan_sca_policy_rule(p, 15));
	assert_ptr_equal(scan_sca_policy_find_rule(p, "kev"), scan_sca_policy_rule(p, 5));
	assert_null(scan_sca_policy_find_rule(p, "nope"));

	assert_int_equal(scan_sca_policy_ignore_count(p), 3);
	ig = scan_sca_policy_ignore(p, 0);
	assert_int_equal(ig->type, SCAN_SCA_IGNORE_CVE);
	assert_string_equal(ig->value, "CVE-2023-1234");
	assert_string_equal(ig->reason, "Not reachable; the vulnerable parser is never called.");
	assert_int_equal(scan_util__time_parse(&t, "2099-12-31T00:00:00Z"), 0);
	assert_int_equal(ig->expires_at, t);
	assert_int_equal(ig->line, 77);
	ig = scan_sca_policy_ignore(p, 1);
	assert_int_equal(ig->type, SCAN_SCA_IGNORE_PATH);
	assert_string_equal(ig->value, "examples/**");
	assert_int_equal(ig->expires_at, 0);
	ig = scan_sca_policy_ignore(p, 2);
	assert_int_equal(ig->type, SCAN_SCA_IGNORE_PACKAGE);
	assert_string_equal(ig->value, "@babel/core@7.0.0");
	assert_int_equal(scan_util__time_parse(&t, "2099-01-01T12:00:00Z"), 0);
	assert_int_equal(ig->expires_at, t);
	assert_null(scan_sca_policy_ignore(p, 3));
	scan_sca_policy_free(p);
}

static void test_empty_documents(void **state)
{
	scan_sca_policy *p = parse_fixture("empty.yml");

	(void)state;
	assert_string_equal(scan_sca_policy_name(p), "");
	assert_true(scan_sca_policy_fail_on_violation(p)); /* the default */
	assert_int_equal(scan_sca_policy_rule_count(p), 0);
	assert_int_equal(scan_sca_policy_ignore_count(p), 0);
	scan_sca_policy_free(p);
	p = parse_text("rules:\nignore: []\nblocked_licenses: []\n");
	assert_int_equal(scan_sca_policy_rule_count(p), 0); /* an empty list blocks nothing */
	scan_sca_policy_free(p);
	scan_sca_policy_free(NULL);
}

/*
 * Every tests/policy/invalid/<case>.yml starts with "# expect: <message>"; the
 * parse must fail with exactly that message ("PARSE": libyaml's own
 * message, with code SCAN_EPARSE). A new case is a new file.
 */
static void test_invalid_fixtures(void **state)
{
	DIR *d = opendir(FIXTURES "invalid");
	struct dirent *e;
	int n = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		char name[512], want[512];
		const char *nl = NULL;
		size_t len;
		char *text;
		scan_sca_policy *p = NULL;
		int rc;

		if (e->d_name[0] == '.' || !strstr(e->d_name, ".yml"))
			continue;
		snprintf(name, sizeof(name), "invalid/%s", e->d_name);
		text = read_fixture(name, &len);
		if (strncmp(text, "# expect: ", 10) || !(nl = strchr(text, '\n'))) {
			fail_msg("%s: no '# expect: ' line", name);
			return;
		}
		snprintf(want, sizeof(want), "%.*s", (int)(nl - text - 10), text + 10);
		rc = scan_sca_policy_parse_yaml(&p, text, len, ORIGIN, NULL);
		if (rc == 0)
			fail_msg("%s: parsed, expected: %s", name, want);
		assert_null(p);
		if (!strcmp(want, "PARSE")) {
			assert_int_equal(rc, SCAN_EPARSE);
			assert_true(!strncmp(scan_error_last()->message, ORIGIN ":5: ", strlen(ORIGIN ":5: ")));
		} else if (strcmp(scan_error_last()->message, want)) {
			fail_msg("%s:\n  want %s\n  got  %s", name, want, scan_error_last()->message);
		}
		assert_null(strchr(scan_error_last()->message, '\n'));
		free(text);
		n++;
	}
	closedir(d);
	assert_true(n >= 30);
}

static void test_error_codes_and_limits(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	char *big;

	(void)state;
	expect_error("rules: [\n", SCAN_EPARSE, ORIGIN ":2: did not find expected node content");
	expect_error("rules:\n  - id: a\n    condition_type: kev\n    operator: ==\n    value: true\n    action: block\n"
	             "    max_count: 1.5\n",
	             SCAN_EINVAL, ORIGIN ":7: rule 'a': max_count must be a whole number from 0 to 1000000000, not 1.5");
	expect_error("rules:\n  - id: a\n    condition_type: kev\n    operator: ==\n    value: true\n    action: allow\n"
	             "    max_count: 1\n",
	             SCAN_EINVAL, ORIGIN ":7: rule 'a': max_count does not apply to an allow rule");
	expect_error("rules:\n  - id: a\n    condition_type: license\n    operator: contains\n    value: copyleft\n"
	             "    action: warn\n",
	             SCAN_EINVAL, ORIGIN ":5: rule 'a': 'copyleft' is a license class: use '==' or 'in' with it");
	/* A key with a newline is shown on one line. */
	expect_error("\"a\\nb\": 1\n", SCAN_EINVAL, ORIGIN ":1: unknown key 'a\\x0ab'");
	/* A NUL inside a value. */
	expect_error("name: \"a\\0b\"\n", SCAN_EINVAL, ORIGIN ":1: name contains a NUL byte");
	/* Too many rules. */
	scan_buf_puts(&b, "rules:\n");
	for (int i = 0; i <= SCAN_SCA_POLICY_RULES_MAX; i++)
		scan_buf_printf(&b, "  - {id: r%d, condition_type: kev, operator: \"==\", value: true, action: block}\n", i);
	expect_error(b.ptr, SCAN_ELIMIT, ORIGIN ":2: more than 1000 rules");
	scan_buf_clear(&b);
	/* A list value too long. */
	scan_buf_puts(&b, "blocked_licenses: [");
	for (int i = 0; i <= SCAN_SCA_POLICY_LIST_MAX; i++)
		scan_buf_printf(&b, "%sL%d", i ? ", " : "", i);
	scan_buf_puts(&b, "]\n");
	expect_error(b.ptr, SCAN_ELIMIT, ORIGIN ":1: blocked_licenses: value has more than 1000 items");
	scan_buf_clear(&b);
	/* An id one byte too long. */
	scan_buf_puts(&b, "rules:\n  - id: ");
	for (int i = 0; i <= SCAN_SCA_POLICY_ID_MAX; i++)
		scan_buf_putc(&b, 'x');
	scan_buf_puts(&b, "\n    condition_type: kev\n    operator: ==\n    value: true\n    action: block\n");
	expect_error(b.ptr, SCAN_EINVAL,
	             ORIGIN ":2: rule 1: id 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' must be 1 to "
	                    "128 letters, digits, '.', '_', '-' or ':'");
	scan_buf_clear(&b);
	/* A name too long. */
	scan_buf_puts(&b, "name: ");
	for (int i = 0; i <= SCAN_SCA_POLICY_STRING_MAX; i++)
		scan_buf_putc(&b, 'n');
	expect_error(b.ptr, SCAN_ELIMIT, ORIGIN ":1: name is longer than 1024 bytes");
	scan_buf_clear(&b);
	/* Deep nesting stops in the tree builder. */
	scan_buf_puts(&b, "name: ");
	for (int i = 0; i < 100; i++)
		scan_buf_putc(&b, '[');
	expect_error(b.ptr, SCAN_ELIMIT, ORIGIN ":1: nesting deeper than 64 levels");
	scan_buf_dispose(&b);
	/* The whole file. */
	big = calloc(1, SCAN_SCA_POLICY_MAX_BYTES + 2);
	memset(big, '#', SCAN_SCA_POLICY_MAX_BYTES + 1);
	expect_error(big, SCAN_ELIMIT, ORIGIN ": larger than 1024 KiB");
	free(big);
}

static void test_value_shapes(void **state)
{
	scan_sca_policy *p;
	const char *json;

	(void)state;
	/* YAML numbers in every plain form, and quoted text that only looks like one. */
	p = parse_text("rules:\n"
	               "  - {id: a, condition_type: epss, operator: \">\", value: 1e-1, action: warn}\n"
	               "  - {id: b, condition_type: cvss, operator: \">\", value: .5, action: warn}\n"
	               "  - {id: c, condition_type: package, operator: ==, value: 1.0, action: warn}\n"
	               "  - {id: d, condition_type: package, operator: in, value: [\"x\", 2, true], action: warn}\n");
	assert_true(scan_sca_policy_rule(p, 0)->value.number == 0.1);
	assert_true(scan_sca_policy_rule(p, 1)->value.number == 0.5);
	assert_string_equal(scan_sca_policy_rule(p, 2)->value.string, "1.0"); /* a package named "1.0" */
	assert_string_equal(scan_sca_policy_rule(p, 3)->value.list[2], "true");
	scan_sca_policy_free(p);

	expect_error("rules:\n  - {id: a, condition_type: cvss, operator: ==, value: 1e, action: warn}\n", SCAN_EINVAL,
	             ORIGIN ":2: rule 'a': value must be a number for condition 'cvss', not a string");
	expect_error("rules:\n  - {id: a, condition_type: cvss, operator: ==, value: {x: 1}, action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': value must not be a mapping");
	expect_error("rules:\n  - {id: a, condition_type: package, operator: in, value: [], action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': value must not be an empty list");
	expect_error("rules:\n  - {id: a, condition_type: package, operator: in, value: [[x]], action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': value must be a list of strings, not of lists");
	expect_error("rules:\n  - {id: a, condition_type: package, operator: in, value: [~], action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': a list item must be a string, not null");
	expect_error("rules:\n  - {id: a, condition_type: kev, operator: ==, value: 1, action: warn}\n", SCAN_EINVAL,
	             ORIGIN ":2: rule 'a': value must be true or false for condition 'kev', not a number");
	expect_error("rules:\n  - {id: a, condition_type: direct_vuln, operator: \">\", value: -1, action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': value -1 is out of range for condition 'direct_vuln' (0 to 1e+09)");
	expect_error("rules:\n  - {id: a, condition_type: outdated_pct, operator: \">\", value: 10, action: warn,"
	             " max_count: 1}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': max_count does not apply to this condition");
	expect_error("? [a]\n: b\n", SCAN_EINVAL, ORIGIN ":1: keys must be strings");
	expect_error("ignore: {type: cve}\n", SCAN_EINVAL, ORIGIN ":1: ignore must be a list of ignore rules");
	expect_error("ignore:\n  - cve\n", SCAN_EINVAL,
	             ORIGIN ":2: ignore rule 1: expected a mapping with type, value and reason");
	expect_error("ignore:\n  - {type: severity, value: urgent, reason: r}\n", SCAN_EINVAL,
	             ORIGIN ":2: ignore rule 1: unknown severity 'urgent' (expected low, medium, high or critical)");
	expect_error("ignore:\n  - {type: cve, value: '', reason: r}\n", SCAN_EINVAL,
	             ORIGIN ":2: ignore rule 1: value must not be empty");
	expect_error("name: [a]\n", SCAN_EINVAL, ORIGIN ":1: name must be a string, not a list");
	expect_error("rules:\n  - {id: a, condition_type: package, operator: contains, value: \"\", action: warn}\n",
	             SCAN_EINVAL, ORIGIN ":2: rule 'a': value must not be empty");
	expect_error("blocked_licenses: [MIT, '']\n", SCAN_EINVAL,
	             ORIGIN ":1: blocked_licenses: a list item must not be empty");

	/* expires: null is "never"; 1970-01-01 is long expired, not "never". */
	p = parse_text("ignore:\n  - {type: cve, value: X-1, reason: r, expires: ~}\n"
	               "  - {type: cve, value: X-2, reason: r, expires: 1970-01-01}\n");
	assert_int_equal(scan_sca_policy_ignore(p, 0)->expires_at, 0);
	assert_int_equal(scan_sca_policy_ignore(p, 1)->expires_at, 1);
	assert_int_equal(scan_sca_policy_warning_count(p), 1);
	scan_sca_policy_free(p);

	/* JSON null is null; a JSON warning has no line. */
	expect_json_error("{\"rules\":[{\"id\":\"a\",\"condition_type\":\"kev\",\"operator\":\"==\",\"value\":null,"
	                  "\"action\":\"block\"}]}",
	                  SCAN_EINVAL, "api: rule 'a': value must not be empty");
	json = "{\"ignore\":[{\"type\":\"cve\",\"value\":\"X-1\",\"reason\":\"r\",\"expires\":\"2020-02-02\"}]}";
	assert_int_equal(scan_sca_policy_parse_json(&p, json, strlen(json), "api", NULL), 0);
	assert_string_equal(scan_sca_policy_warning(p, 0),
	                    "api: ignore rule 1 (cve X-1) expired on 2020-02-02T00:00:00Z and no longer applies");
	scan_sca_policy_free(p);
}

static void test_expired_ignore_warns(void **state)
{
	scan_sca_policy *p = parse_fixture("expired-ignore.yml");

	(void)state;
	assert_int_equal(scan_sca_policy_ignore_count(p), 2);
	assert_int_equal(scan_sca_policy_warning_count(p), 1);
	assert_string_equal(scan_sca_policy_warning(p, 0),
	                    ORIGIN ":2: ignore rule 1 (cve GHSA-aaaa-bbbb-cccc) expired on 2024-01-31T00:00:00Z and no "
	                           "longer applies");
	assert_null(scan_sca_policy_warning(p, 1));
	assert_false(scan_sca_ignore_active(scan_sca_policy_ignore(p, 0), NOW));
	assert_true(scan_sca_ignore_active(scan_sca_policy_ignore(p, 1), NOW));
	scan_sca_policy_free(p);
}

/* ---- JSON ---------------------------------------------------------------- */

static void test_json_round_trip(void **state)
{
	scan_sca_policy *p = parse_fixture("valid.yml"), *back = NULL;
	char *a, *b;

	(void)state;
	a = to_json(p);
	assert_int_equal(scan_sca_policy_parse_json(&back, a, strlen(a), "api", NULL), 0);
	b = to_json(back);
	assert_string_equal(a, b);
	assert_int_equal(scan_sca_policy_rule_count(back), 15);
	assert_true(scan_sca_policy_find_rule(back, "cvss-high")->value.number == 8.5);
	assert_int_equal(scan_sca_policy_find_rule(back, "max-critical")->max_count, 0);
	assert_int_equal(scan_sca_policy_rule(back, 0)->line, 0);
	assert_int_equal(scan_sca_policy_ignore(back, 2)->expires_at, scan_sca_policy_ignore(p, 2)->expires_at);
	free(a);
	free(b);
	scan_sca_policy_free(back);
	scan_sca_policy_free(p);

	p = parse_text("name: x\nrules:\n  - {id: a, condition_type: kev, operator: ==, value: true, action: block}\n");
	a = to_json(p);
	assert_string_equal(a, "{\"name\":\"x\",\"rules\":[{\"id\":\"a\",\"condition_type\":\"kev\",\"operator\":\"==\","
	                       "\"value\":true,\"action\":\"block\",\"enabled\":true}]}");
	free(a);
	scan_sca_policy_free(p);
}

static void test_json_input(void **state)
{
	const char *body = "{\"name\":\"org\",\"fail_on_violation\":false,\"max_critical\":2,"
	                   "\"rules\":[{\"id\":\"e\",\"condition_type\":\"epss\",\"operator\":\">\",\"value\":0.1,"
	                   "\"action\":\"warn\"}],"
	                   "\"ignore\":[{\"rule_type\":\"package\",\"value\":\"lodash\",\"reason\":\"r\","
	                   "\"expires_at\":\"2099-01-01\"}]}";
	scan_sca_policy *p = NULL;

	(void)state;
	assert_int_equal(scan_sca_policy_parse_json(&p, body, strlen(body), "api", NULL), 0);
	assert_string_equal(scan_sca_policy_name(p), "org");
	assert_false(scan_sca_policy_fail_on_violation(p));
	assert_int_equal(scan_sca_policy_rule_count(p), 2);
	assert_true(scan_sca_policy_rule(p, 0)->value.number == 0.1);
	assert_int_equal(scan_sca_policy_rule(p, 1)->max_count, 2);
	assert_int_equal(scan_sca_policy_ignore(p, 0)->type, SCAN_SCA_IGNORE_PACKAGE);
	assert_int_equal(scan_sca_policy_ignore(p, 0)->expires_at, (time_t)4070908800);
	scan_sca_policy_free(p);

	expect_json_error("{\"rules\":[{\"id\":\"x\",\"condition_type\":\"license\",\"operator\":\">\",\"value\":\"MIT\","
	                  "\"action\":\"block\"}]}",
	                  SCAN_EINVAL, "api: rule 'x': operator '>' does not apply to condition 'license'");
	expect_json_error("{\"rules\":[{\"id\":\"x\",\"condition_type\":\"epss\",\"operator\":\">\",\"value\":\"0.5\","
	                  "\"action\":\"warn\"}]}",
	                  SCAN_EINVAL, "api: rule 'x': value must be a number for condition 'epss', not a string");
	expect_json_error("{\"name\":\"a\",\"name\":\"b\"}", SCAN_EINVAL, "api: duplicate key 'name'");
	expect_json_error("{\"rules\":[{\"id\":\"k\",\"condition_type\":\"kev\",\"operator\":\"==\",\"value\":true,"
	                  "\"action\":\"block\"},{\"id\":\"k\",\"condition_type\":\"kev\",\"operator\":\"==\","
	                  "\"value\":true,\"action\":\"warn\"}]}",
	                  SCAN_EINVAL, "api: rule 'k': duplicate id");
	expect_json_error("{\"rules\":", SCAN_EPARSE, "api: not a JSON document");
	expect_json_error("[1]", SCAN_EINVAL, "api: expected a mapping with name, fail_on_violation and rules");
	{
		scan_buf b = SCAN_BUF_INIT;
		for (int i = 0; i < 100; i++)
			scan_buf_puts(&b, "{\"a\":");
		scan_buf_puts(&b, "1");
		for (int i = 0; i < 100; i++)
			scan_buf_putc(&b, '}');
		expect_json_error(b.ptr, SCAN_ELIMIT, "api: nesting deeper than 64 levels");
		scan_buf_dispose(&b);
	}
}

/* ---- the default policy and merging -------------------------------------- */

static void test_default_policy(void **state)
{
	scan_sca_policy *p = NULL;
	const scan_sca_rule *r;

	(void)state;
	assert_int_equal(scan_sca_policy_default(&p), 0);
	assert_string_equal(scan_sca_policy_name(p), "Rampart default");
	assert_true(scan_sca_policy_fail_on_violation(p));
	assert_int_equal(scan_sca_policy_rule_count(p), 6);
	check_rule(scan_sca_policy_rule(p, 0), "block-critical", SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_EQ,
	           SCAN_SCA_ACTION_BLOCK, 0);
	check_rule(scan_sca_policy_rule(p, 1), "block-kev", SCAN_SCA_COND_KEV, SCAN_SCA_OP_EQ, SCAN_SCA_ACTION_BLOCK, 0);
	r = scan_sca_policy_rule(p, 2);
	check_rule(r, "block-high-cvss", SCAN_SCA_COND_CVSS, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_BLOCK, 0);
	assert_true(r->value.number == 9.0);
	r = scan_sca_policy_rule(p, 3);
	check_rule(r, "block-licenses", SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_IN, SCAN_SCA_ACTION_BLOCK, 0);
	assert_int_equal(r->value.count, 6);
	r = scan_sca_policy_rule(p, 4);
	check_rule(r, "warn-high-epss", SCAN_SCA_COND_EPSS, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_WARN, 0);
	assert_true(r->value.number == 0.5);
	r = scan_sca_policy_rule(p, 5);
	check_rule(r, "warn-outdated", SCAN_SCA_COND_OUTDATED_PCT, SCAN_SCA_OP_GT, SCAN_SCA_ACTION_WARN, 0);
	assert_true(r->value.number == 30);
	scan_sca_policy_free(p);
}

/* sla: keys left out keep their defaults; a file's sla replaces the base's on merge and survives JSON. */
static void test_sla_key(void **state)
{
	scan_sca_policy *base = NULL, *file = parse_text("sla:\n  critical_days: 3\n  low_days: 365\n"), *m = NULL,
	                *back = NULL;
	const scan_sca_sla_policy *sla;
	scan_buf json = SCAN_BUF_INIT;

	(void)state;
	assert_int_equal(scan_sca_policy_default(&base), 0);
	sla = scan_sca_policy_sla(base);
	assert_true(sla->critical_days == 7 && sla->high_days == 30 && sla->medium_days == 90 && sla->low_days == 180);
	sla = scan_sca_policy_sla(file);
	assert_true(sla->critical_days == 3 && sla->high_days == 30 && sla->medium_days == 90 && sla->low_days == 365);
	assert_int_equal(scan_sca_policy_merge(&m, base, file), 0);
	sla = scan_sca_policy_sla(m);
	assert_true(sla->critical_days == 3 && sla->low_days == 365);
	assert_int_equal(scan_sca_policy_write_json(&json, m), 0);
	assert_int_equal(scan_sca_policy_parse_json(&back, json.ptr, json.size, "json", NULL), 0);
	sla = scan_sca_policy_sla(back);
	assert_true(sla->critical_days == 3 && sla->high_days == 30 && sla->low_days == 365);
	expect_error("sla: {critical_days: -1}\n", SCAN_EINVAL,
	             ".rampart-policy.yml:1: sla: critical_days must be a whole number from 0 to 36500, not -1");
	expect_error("sla: {urgent_days: 1}\n", SCAN_EINVAL, ".rampart-policy.yml:1: sla: unknown key 'urgent_days'");
	expect_error("sla: 7\n", SCAN_EINVAL,
	             ".rampart-policy.yml:1: sla must be a mapping of critical_days, high_days, medium_days and low_days");
	scan_buf_dispose(&json);
	scan_sca_policy_free(m);
	scan_sca_policy_free(back);
	scan_sca_policy_free(base);
	scan_sca_policy_free(file);
}

static void test_merge_by_id(void **state)
{
	scan_sca_policy *base = NULL, *file = parse_fixture("override.yml"), *m = NULL, *m2 = NULL, *bare;
	const scan_sca_rule *r;

	(void)state;
	assert_int_equal(scan_sca_policy_default(&base), 0);
	assert_int_equal(scan_sca_policy_merge(&m, base, file), 0);
	/* The inputs are unchanged and the result owns its copies. */
	r = scan_sca_policy_find_rule(base, "block-high-cvss");
	assert_int_equal(r->action, SCAN_SCA_ACTION_BLOCK);
	assert_true(r->value.number == 9.0);
	scan_sca_policy_free(file);

	assert_string_equal(scan_sca_policy_name(m), "Relaxed for the prototype");
	assert_false(scan_sca_policy_fail_on_violation(m));
	assert_int_equal(scan_sca_policy_rule_count(m), 7);
	assert_string_equal(scan_sca_policy_rule(m, 0)->id, "block-critical");
	assert_string_equal(scan_sca_policy_rule(m, 1)->id, "block-kev");
	/* Replaced in place. */
	r = scan_sca_policy_rule(m, 2);
	check_rule(r, "block-high-cvss", SCAN_SCA_COND_CVSS, SCAN_SCA_OP_GE, SCAN_SCA_ACTION_WARN, 5);
	assert_true(r->value.number == 9.5);
	assert_string_equal(scan_sca_policy_rule(m, 3)->id, "block-licenses");
	assert_int_equal(scan_sca_policy_rule(m, 3)->value.count, 6);
	assert_string_equal(scan_sca_policy_rule(m, 4)->id, "warn-high-epss");
	r = scan_sca_policy_rule(m, 5);
	assert_string_equal(r->id, "warn-outdated");
	assert_false(r->enabled);
	/* Appended. */
	r = scan_sca_policy_rule(m, 6);
	check_rule(r, "ban-left-pad", SCAN_SCA_COND_PACKAGE, SCAN_SCA_OP_EQ, SCAN_SCA_ACTION_BLOCK, 16);
	assert_string_equal(r->value.string, "left-pad");

	/* A file that names nothing keeps the base's name and fail_on_violation. */
	bare = parse_text("rules:\n  - {id: extra, condition_type: kev, operator: ==, value: true, action: warn}\n");
	assert_int_equal(scan_sca_policy_merge(&m2, m, bare), 0);
	scan_sca_policy_free(bare);
	scan_sca_policy_free(base);
	assert_string_equal(scan_sca_policy_name(m2), "Relaxed for the prototype");
	assert_false(scan_sca_policy_fail_on_violation(m2));
	assert_int_equal(scan_sca_policy_rule_count(m2), 8);
	assert_string_equal(scan_sca_policy_rule(m2, 7)->id, "extra");
	scan_sca_policy_free(m);
	scan_sca_policy_free(m2);
}

/* ---- the default policy's verdicts --------------------------------------- */

static void test_default_verdict_clean(void **state)
{
	scan_sca_policy *p = NULL;
	scan_sca_policy_report *r;
	fixture x;

	(void)state;
	fixture_init(&x);
	x.in.nfindings = 1;
	x.fp[0] = &x.tf[3].f; /* only the low finding */
	x.published[0] = x.published[3];
	x.comp[0].license = NULL;
	x.in.ncomponents = 1;
	assert_int_equal(scan_sca_policy_default(&p), 0);
	r = evaluate(p, &x.in);
	assert_string_equal(r->policy_name, "Rampart default");
	assert_false(r->failed);
	assert_int_equal(r->blocking, 0);
	assert_int_equal(r->warnings, 1); /* epss 0.5 >= 0.5 */
	assert_int_equal(r->rule_count, 6);
	assert_int_equal(result_of(r, "block-critical")->status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(result_of(r, "block-critical")->candidates, 1);
	assert_int_equal(result_of(r, "block-kev")->status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(result_of(r, "block-high-cvss")->status, SCAN_SCA_RULE_PASSED);
	/* No license and no latest version known: not evaluated, not passed. */
	assert_int_equal(result_of(r, "block-licenses")->status, SCAN_SCA_RULE_NOT_EVALUATED);
	assert_int_equal(result_of(r, "warn-outdated")->status, SCAN_SCA_RULE_NOT_EVALUATED);
	assert_string_equal(result_of(r, "warn-outdated")->note, "no component has a known latest version");
	assert_int_equal(result_of(r, "warn-high-epss")->status, SCAN_SCA_RULE_VIOLATED);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_default_verdict_failing(void **state)
{
	const char *latest[5] = { "4.17.21", "1.2.5", NULL, "1.10.0", NULL };
	scan_sca_policy *p = NULL, *file, *relaxed = NULL;
	scan_sca_policy_report *r;
	const scan_sca_violation *v;
	fixture x;

	(void)state;
	fixture_init(&x);
	x.comp[3].version = "1.9.0";
	x.in.latest_version = latest;
	assert_int_equal(scan_sca_policy_default(&p), 0);
	r = evaluate(p, &x.in);
	assert_true(r->failed);
	assert_true(r->fail_on_violation);

	assert_int_equal(violations_of(r, "block-critical"), 1);
	v = violation_of(r, "block-critical", 0);
	assert_int_equal(v->action, SCAN_SCA_ACTION_BLOCK);
	assert_int_equal(v->condition, SCAN_SCA_COND_SEVERITY);
	assert_string_equal(v->threshold, "critical");
	assert_string_equal(v->actual, "critical");
	assert_string_equal(v->package, "minimist");
	assert_string_equal(v->version, "1.2.5");
	assert_string_equal(v->vuln_id, "CVE-2021-44906");
	assert_int_equal(v->finding, 1);
	assert_int_equal(v->component, SCAN_SCA_NO_INDEX);
	assert_null(v->license);

	assert_int_equal(violations_of(r, "block-kev"), 1);
	assert_string_equal(violation_of(r, "block-kev", 0)->actual, "true");
	assert_string_equal(violation_of(r, "block-kev", 0)->threshold, "true");

	assert_int_equal(violations_of(r, "block-high-cvss"), 1);
	v = violation_of(r, "block-high-cvss", 0);
	assert_string_equal(v->threshold, "9");
	assert_string_equal(v->actual, "9.8");

	/* GPL-3.0-or-later and nothing else: "MIT OR GPL-2.0-only" can be taken as MIT. */
	assert_int_equal(violations_of(r, "block-licenses"), 1);
	v = violation_of(r, "block-licenses", 0);
	assert_string_equal(v->threshold, "AGPL-1.0, AGPL-3.0, GPL-1.0, GPL-2.0, GPL-3.0, SSPL-1.0");
	assert_string_equal(v->actual, "GPL-3.0-or-later");
	assert_string_equal(v->license, "GPL-3.0-or-later");
	assert_string_equal(v->package, "minimist");
	assert_int_equal(v->component, 1);
	assert_int_equal(v->finding, SCAN_SCA_NO_INDEX);
	assert_int_equal(result_of(r, "block-licenses")->unknown, 1);

	assert_int_equal(violations_of(r, "warn-high-epss"), 2); /* 0.71 and 0.5; Django unknown */
	assert_int_equal(violation_of(r, "warn-high-epss", 0)->action, SCAN_SCA_ACTION_WARN);
	assert_string_equal(violation_of(r, "warn-high-epss", 0)->actual, "0.71");
	assert_int_equal(result_of(r, "warn-high-epss")->unknown, 1);

	/* lodash 4.17.20 < 4.17.21 and left-pad 1.9.0 < 1.10.0: 2 of 5 known outdated = 40%. */
	assert_int_equal(violations_of(r, "warn-outdated"), 1);
	v = violation_of(r, "warn-outdated", 0);
	assert_string_equal(v->threshold, "30");
	assert_string_equal(v->actual, "40.0");
	assert_null(v->package);
	assert_int_equal(result_of(r, "warn-outdated")->matched, 2);
	assert_int_equal(result_of(r, "warn-outdated")->unknown, 2);

	assert_int_equal(r->blocking, 4);
	assert_int_equal(r->warnings, 3);
	assert_int_equal(r->violation_count, 7);
	assert_int_equal(r->violations_dropped, 0);
	/* Ordered by rule, then item. */
	assert_string_equal(r->violations[0].rule_id, "block-critical");
	assert_string_equal(r->violations[6].rule_id, "warn-outdated");
	scan_sca_policy_report_free(r);

	/* The same scan under the relaxed repository file: violations, but no failure. */
	file = parse_fixture("override.yml");
	assert_int_equal(scan_sca_policy_merge(&relaxed, p, file), 0);
	r = evaluate(relaxed, &x.in);
	assert_false(r->failed);
	assert_int_equal(result_of(r, "block-high-cvss")->status, SCAN_SCA_RULE_VIOLATED);
	assert_int_equal(violation_of(r, "block-high-cvss", 0)->action, SCAN_SCA_ACTION_WARN);
	assert_int_equal(result_of(r, "warn-outdated")->status, SCAN_SCA_RULE_DISABLED);
	assert_int_equal(result_of(r, "ban-left-pad")->status, SCAN_SCA_RULE_VIOLATED);
	assert_int_equal(violation_of(r, "ban-left-pad", 0)->component, 3);
	assert_int_equal(r->blocking, 4); /* critical, kev, license, left-pad */
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(relaxed);
	scan_sca_policy_free(file);
	scan_sca_policy_free(p);
}

/* ---- each condition and operator ----------------------------------------- */

/*
 * One warn rule over the shared fixture; want_f and want_c are bit masks of
 * the findings and components it must flag, status its expected result.
 */
static void check_case(const char *cond, const char *op, const char *value, unsigned want_f, unsigned want_c,
                       scan_sca_rule_status status)
{
	char yaml[512];
	scan_sca_policy *p;
	scan_sca_policy_report *r;
	unsigned got_f = 0, got_c = 0;
	fixture x;

	fixture_init(&x);
	snprintf(yaml, sizeof(yaml),
	         "rules:\n  - id: t\n    condition_type: %s\n    operator: \"%s\"\n    value: %s\n    action: warn\n", cond,
	         op, value);
	p = parse_text(yaml);
	r = evaluate(p, &x.in);
	for (size_t i = 0; i < r->violation_count; i++) {
		if (r->violations[i].finding != SCAN_SCA_NO_INDEX)
			got_f |= 1u << r->violations[i].finding;
		if (r->violations[i].component != SCAN_SCA_NO_INDEX)
			got_c |= 1u << r->violations[i].component;
	}
	if (got_f != want_f || got_c != want_c || r->rules[0].status != status)
		fail_msg("%s %s %s: findings %#x (want %#x), components %#x (want %#x), status %s (want %s)", cond, op, value,
		         got_f, want_f, got_c, want_c, scan_sca_rule_status_name(r->rules[0].status),
		         scan_sca_rule_status_name(status));
	assert_false(r->failed); /* warn never fails */
	assert_int_equal(r->blocking, 0);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

#define F(i) (1u << (i))
#define C(i) (1u << (i))
#define V SCAN_SCA_RULE_VIOLATED
#define P SCAN_SCA_RULE_PASSED

static void test_conditions_findings(void **state)
{
	(void)state;
	check_case("severity", "==", "high", F(0), 0, V);
	check_case("severity", "==", "HIGH", F(0), 0, V);
	check_case("severity", ">", "high", F(1), 0, V);
	check_case("severity", ">=", "high", F(0) | F(1), 0, V);
	check_case("severity", ">", "critical", 0, 0, P);
	check_case("severity", "in", "[low, medium]", F(2) | F(3), 0, V);
	check_case("cvss", "==", "9.8", F(1), 0, V);
	check_case("cvss", ">", "7.4", F(1), 0, V);
	check_case("cvss", ">=", "7.4", F(0) | F(1), 0, V);
	check_case("cvss", ">=", "10", 0, 0, P);
	check_case("epss", ">=", "0.5", F(1) | F(3), 0, V);
	check_case("epss", ">", "0.5", F(1), 0, V);
	check_case("epss", "==", "0.02", F(0), 0, V);
	check_case("kev", "==", "true", F(1), 0, V);
	check_case("kev", "==", "false", F(0) | F(2) | F(3), 0, V);
	/* F3 is 30 days and an hour old: 30 whole days, not more than 30. */
	check_case("age", ">", "30", F(0), 0, V);
	check_case("age", ">=", "30", F(0) | F(3), 0, V);
	check_case("age", "==", "10", F(1), 0, V);
	check_case("age", ">", "365", 0, 0, P);
}

static void test_conditions_components(void **state)
{
	(void)state;
	check_case("package", "==", "LODASH", 0, C(0), V);
	check_case("package", "in", "[left-pad, event-stream]", 0, C(3) | C(4), V);
	check_case("package", "contains", "mini", 0, C(1), V);
	check_case("package", "contains", "[pad, STREAM]", 0, C(3) | C(4), V);
	check_case("package", "==", "express", 0, 0, P);
	/* -or-later, -only and + forms of a bare id. */
	check_case("license", "==", "GPL-3.0", 0, C(1), V);
	check_case("license", "==", "gpl-3.0-or-later", 0, C(1), V);
	check_case("license", "==", "GPL-3.0-only", 0, 0, P);
	/* "MIT OR GPL-2.0-only" is only bound when both alternatives are listed. */
	check_case("license", "in", "[GPL-2.0, GPL-3.0]", 0, C(1), V);
	check_case("license", "in", "[MIT, GPL-2.0]", 0, C(0) | C(2), V);
	/* WITH: tested as the license it qualifies. */
	check_case("license", "==", "LGPL-2.1", 0, C(4), V);
	check_case("license", "==", "Classpath-exception-2.0", 0, 0, P);
	check_case("license", "contains", "GPL", 0, C(1) | C(4), V);
	/* Classes come from the caller. */
	check_case("license", "==", "copyleft", 0, C(1) | C(4), V);
	check_case("license", "in", "[permissive]", 0, C(0) | C(2), V);
	check_case("license", "==", "unknown", 0, C(3), V);
	check_case("license", "in", "[copyleft, MIT]", 0, C(0) | C(1) | C(4), V);
}

#undef F
#undef C
#undef V
#undef P

static void test_direct_vuln(void **state)
{
	static const struct {
		const char *op, *value;
		bool violated;
		const char *threshold;
	} cases[] = {
		{ "==", "true", true, "true" },
		{ ">", "1", true, "1" },
		{ ">", "2", false, "2" },
		{ ">=", "2", true, "2" },
		{ ">=", "3", false, "3" },
	};
	fixture x;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char yaml[256];
		scan_sca_policy *p;
		scan_sca_policy_report *r;

		fixture_init(&x);
		snprintf(yaml, sizeof(yaml), "rules:\n  - {id: d, condition_type: direct_vuln, operator: \"%s\", value: %s, "
		                             "action: block}\n", cases[i].op, cases[i].value);
		p = parse_text(yaml);
		r = evaluate(p, &x.in);
		assert_int_equal(r->rules[0].matched, 2); /* lodash and Django are direct */
		assert_int_equal(r->rules[0].candidates, 4);
		assert_int_equal(r->failed, cases[i].violated);
		if (cases[i].violated) {
			assert_int_equal(r->violation_count, 1);
			assert_string_equal(r->violations[0].threshold, cases[i].threshold);
			assert_string_equal(r->violations[0].actual, "2");
			assert_null(r->violations[0].package);
		} else {
			assert_int_equal(r->violation_count, 0);
			assert_int_equal(r->rules[0].status, SCAN_SCA_RULE_PASSED);
		}
		scan_sca_policy_report_free(r);
		scan_sca_policy_free(p);
	}
}

static void test_max_count(void **state)
{
	scan_sca_policy *p;
	scan_sca_policy_report *r;
	tfinding extra;
	const scan_finding *fp[5];
	time_t pub[5] = { 0 };
	fixture x;

	(void)state;
	fixture_init(&x);
	p = parse_text("max_critical: 0\n");
	r = evaluate(p, &x.in);
	assert_true(r->failed);
	assert_int_equal(r->violation_count, 1);
	assert_string_equal(r->violations[0].rule_id, "max-critical");
	assert_string_equal(r->violations[0].threshold, "0");
	assert_string_equal(r->violations[0].actual, "1");
	assert_int_equal(r->violations[0].finding, SCAN_SCA_NO_INDEX);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);

	p = parse_text("max_critical: 1\n");
	r = evaluate(p, &x.in);
	assert_false(r->failed);
	assert_int_equal(r->rules[0].status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(r->rules[0].matched, 1);
	scan_sca_policy_report_free(r);

	/* A second critical finding: 2 > 1. */
	mkfinding(&extra, "ws", "7.4.5", "CVE-2024-37890", "GHSA-3h5v-q93c-6h6q", SCAN_SEV_CRITICAL, 9.1, 0.3, false,
	          false);
	for (int i = 0; i < 4; i++)
		fp[i] = x.fp[i];
	fp[4] = &extra.f;
	x.in.findings = fp;
	x.in.nfindings = 5;
	x.in.published = pub;
	r = evaluate(p, &x.in);
	assert_true(r->failed);
	assert_string_equal(r->violations[0].threshold, "1");
	assert_string_equal(r->violations[0].actual, "2");
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_allow_precedence(void **state)
{
	scan_sca_policy *p;
	scan_sca_policy_report *r;
	scan_component extra[6];
	fixture x;

	(void)state;
	fixture_init(&x);
	/* The allow rules stand after the block rules and still exempt. */
	p = parse_text("rules:\n"
	               "  - {id: high, condition_type: severity, operator: \">=\", value: high, action: block}\n"
	               "  - {id: gpl, condition_type: license, operator: contains, value: GPL, action: block}\n"
	               "  - {id: allow-minimist, condition_type: package, operator: ==, value: minimist, action: allow}\n"
	               "  - {id: allow-mit, condition_type: license, operator: in, value: [MIT], action: allow}\n");
	r = evaluate(p, &x.in);
	/* minimist's finding and component are exempt: only lodash's high finding remains. */
	assert_int_equal(violations_of(r, "high"), 1);
	assert_string_equal(violation_of(r, "high", 0)->package, "lodash");
	/* "MIT OR GPL-2.0-only" may be used as MIT: exempt; LGPL with exception is not. */
	assert_int_equal(violations_of(r, "gpl"), 1);
	assert_string_equal(violation_of(r, "gpl", 0)->package, "event-stream");
	assert_int_equal(result_of(r, "allow-minimist")->status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(result_of(r, "allow-minimist")->matched, 2); /* one finding, one component */
	assert_int_equal(result_of(r, "allow-mit")->matched, 2);      /* lodash, Django */
	assert_int_equal(result_of(r, "gpl")->candidates, 2);         /* left-pad (unknown), event-stream */
	assert_int_equal(result_of(r, "gpl")->unknown, 1);
	assert_int_equal(r->blocking, 2);
	scan_sca_policy_report_free(r);

	/* "MIT AND GPL-3.0" cannot be used under MIT alone: not exempt. */
	memcpy(extra, x.comp, sizeof(x.comp));
	extra[5] = mkcomponent("dual", "1.0.0", "(MIT AND GPL-3.0)");
	x.in.components = extra;
	x.in.ncomponents = 6;
	x.in.license_class = NULL;
	r = evaluate(p, &x.in);
	assert_int_equal(violations_of(r, "gpl"), 2);
	assert_string_equal(violation_of(r, "gpl", 1)->package, "dual");
	assert_string_equal(violation_of(r, "gpl", 1)->license, "(MIT AND GPL-3.0)");
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);

	/* A disabled allow rule exempts nothing. */
	fixture_init(&x);
	p = parse_text("rules:\n"
	               "  - {id: allow-all, condition_type: severity, operator: \">=\", value: low, action: allow,"
	               " enabled: false}\n"
	               "  - {id: crit, condition_type: severity, operator: ==, value: critical, action: block}\n");
	r = evaluate(p, &x.in);
	assert_true(r->failed);
	assert_int_equal(r->rules[0].status, SCAN_SCA_RULE_DISABLED);
	assert_string_equal(r->rules[0].note, "disabled");
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);

	/* An allow on severity exempts the finding from every finding rule, direct_vuln included. */
	p = parse_text("rules:\n"
	               "  - {id: ok-high, condition_type: severity, operator: ==, value: high, action: allow}\n"
	               "  - {id: d, condition_type: direct_vuln, operator: ==, value: true, action: warn}\n");
	r = evaluate(p, &x.in);
	assert_int_equal(result_of(r, "d")->matched, 1); /* Django only: lodash's high finding is exempt */
	assert_int_equal(result_of(r, "d")->candidates, 3);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_not_evaluated(void **state)
{
	scan_sca_policy *p = NULL;
	scan_sca_policy_report *r;
	const char *latest[5] = { NULL, NULL, NULL, NULL, NULL };
	fixture x;

	(void)state;
	fixture_init(&x);
	/* Django's finding alone: no CVSS, no EPSS, no publication date. */
	x.fp[0] = &x.tf[2].f;
	x.in.nfindings = 1;
	x.published[0] = 0;
	x.in.components = &x.comp[3]; /* left-pad, no license */
	x.in.ncomponents = 1;
	x.in.license_class = NULL;
	x.in.latest_version = latest; /* present, but every entry unknown */
	p = parse_text("rules:\n"
	               "  - {id: cvss, condition_type: cvss, operator: \">=\", value: 7, action: block}\n"
	               "  - {id: epss, condition_type: epss, operator: \">=\", value: 0.1, action: block}\n"
	               "  - {id: age, condition_type: age, operator: \">\", value: 30, action: block}\n"
	               "  - {id: lic, condition_type: license, operator: in, value: [GPL-3.0], action: block}\n"
	               "  - {id: cls, condition_type: license, operator: ==, value: copyleft, action: block}\n"
	               "  - {id: old, condition_type: outdated_pct, operator: \">\", value: 10, action: block}\n"
	               "  - {id: sev, condition_type: severity, operator: ==, value: critical, action: block}\n"
	               "  - {id: kev, condition_type: kev, operator: ==, value: true, action: block}\n");
	r = evaluate(p, &x.in);
	assert_false(r->failed);
	for (size_t i = 0; i < 6; i++) {
		if (r->rules[i].status != SCAN_SCA_RULE_NOT_EVALUATED)
			fail_msg("rule %s: %s", r->rules[i].rule->id, scan_sca_rule_status_name(r->rules[i].status));
		assert_non_null(r->rules[i].note);
	}
	assert_int_equal(result_of(r, "cvss")->unknown, 1);
	assert_string_equal(result_of(r, "cvss")->note, "no finding or component has the data this rule tests");
	assert_string_equal(result_of(r, "old")->note, "no component has a known latest version");
	assert_int_equal(result_of(r, "sev")->status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(result_of(r, "kev")->status, SCAN_SCA_RULE_PASSED);
	scan_sca_policy_report_free(r);

	/* No findings at all: finding rules pass (nothing to violate), outdated_pct still not evaluated. */
	x.in.nfindings = 0;
	x.in.ncomponents = 0;
	x.in.latest_version = NULL;
	r = evaluate(p, &x.in);
	assert_int_equal(result_of(r, "cvss")->status, SCAN_SCA_RULE_PASSED);
	assert_int_equal(result_of(r, "cvss")->candidates, 0);
	assert_int_equal(result_of(r, "old")->status, SCAN_SCA_RULE_NOT_EVALUATED);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_outdated_pct(void **state)
{
	scan_component comp[5];
	const char *latest[5] = { "2.0.0", "3.1.0", "1.10.0", "5.0.0", "not a version" };
	scan_sca_policy *p;
	scan_sca_policy_report *r;
	scan_sca_policy_input in = SCAN_SCA_POLICY_INPUT_INIT;

	(void)state;
	comp[0] = mkcomponent("a", "1.0.0", NULL);  /* behind */
	comp[1] = mkcomponent("b", "3.1.0", NULL);  /* current */
	comp[2] = mkcomponent("c", "1.9.3", NULL);  /* behind: 1.9.3 < 1.10.0 */
	comp[3] = mkcomponent("d", "0.1.0", NULL);  /* a workspace member: not counted */
	comp[3].flags = SCAN_DEP_LOCAL;
	comp[4] = mkcomponent("e", "1.0.0", NULL);  /* latest does not order: unknown */
	in.components = comp;
	in.ncomponents = 5;
	in.latest_version = latest;
	in.now = NOW;
	p = parse_text("rules:\n  - {id: o, condition_type: outdated_pct, operator: \">=\", value: 50, action: warn}\n");
	r = evaluate(p, &in);
	assert_int_equal(r->rules[0].candidates, 4);
	assert_int_equal(r->rules[0].matched, 2);
	assert_int_equal(r->rules[0].unknown, 1);
	assert_int_equal(r->rules[0].status, SCAN_SCA_RULE_VIOLATED);
	assert_string_equal(r->violations[0].actual, "50.0");
	assert_string_equal(r->violations[0].threshold, "50");
	assert_int_equal(r->warnings, 1);
	assert_false(r->failed);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_suppressed_and_ignored(void **state)
{
	bool suppressed[4] = { false, true, false, false };
	scan_sca_policy *p;
	scan_sca_policy_report *r;
	fixture x;

	(void)state;
	fixture_init(&x);
	/* Triage suppressed the critical finding. */
	x.in.suppressed = suppressed;
	p = parse_text("rules:\n  - {id: crit, condition_type: severity, operator: ==, value: critical, action: block}\n");
	r = evaluate(p, &x.in);
	assert_false(r->failed);
	assert_int_equal(r->ignored_findings, 1);
	assert_int_equal(r->rules[0].candidates, 3);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);

	/* The policy's own ignore rules: by alias, and a license ignore on the component; one expired. */
	x.in.suppressed = NULL;
	p = parse_text("rules:\n"
	               "  - {id: crit, condition_type: severity, operator: ==, value: critical, action: block}\n"
	               "  - {id: gpl, condition_type: license, operator: contains, value: GPL, action: block}\n"
	               "ignore:\n"
	               "  - {type: cve, value: go-2022-0001, reason: not reachable}\n"
	               "  - {type: license, value: LGPL-2.1, reason: dynamic linking only}\n"
	               "  - {type: package, value: minimist, reason: expired, expires: 2025-01-01}\n");
	assert_int_equal(scan_sca_policy_warning_count(p), 1);
	r = evaluate(p, &x.in);
	assert_int_equal(violations_of(r, "crit"), 0);
	assert_int_equal(violations_of(r, "gpl"), 1); /* minimist: its ignore rule expired */
	assert_string_equal(violation_of(r, "gpl", 0)->package, "minimist");
	assert_int_equal(r->ignored_findings, 1);
	assert_int_equal(r->ignored_components, 1);
	assert_true(r->failed);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);

	/* Findings of other categories, or without sca, are not looked at. */
	fixture_init(&x);
	x.tf[1].f.category = SCAN_CAT_SECURITY;
	x.tf[0].f.sca = NULL;
	p = parse_text("rules:\n  - {id: any, condition_type: severity, operator: \">=\", value: low, action: block}\n");
	r = evaluate(p, &x.in);
	assert_int_equal(r->rules[0].candidates, 2);
	assert_int_equal(r->violation_count, 2);
	assert_int_equal(r->ignored_findings, 0);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
}

static void test_violation_cap(void **state)
{
	size_t n = SCAN_SCA_POLICY_VIOLATIONS_MAX + 5;
	tfinding *tf = calloc(n, sizeof(*tf));
	const scan_finding **fp = calloc(n, sizeof(*fp));
	scan_sca_policy_input in = SCAN_SCA_POLICY_INPUT_INIT;
	scan_sca_policy *p;
	scan_sca_policy_report *r;

	(void)state;
	for (size_t i = 0; i < n; i++) {
		mkfinding(&tf[i], "pkg", "1.0.0", NULL, "GHSA-x", SCAN_SEV_CRITICAL, 9.9, 0.9, false, false);
		fp[i] = &tf[i].f;
	}
	in.findings = fp;
	in.nfindings = n;
	in.now = NOW;
	p = parse_text("rules:\n  - {id: crit, condition_type: severity, operator: ==, value: critical, action: block}\n");
	r = evaluate(p, &in);
	assert_int_equal(r->violation_count, SCAN_SCA_POLICY_VIOLATIONS_MAX);
	assert_int_equal(r->violations_dropped, 5);
	assert_int_equal(r->blocking, n);
	assert_int_equal(r->violations[SCAN_SCA_POLICY_VIOLATIONS_MAX - 1].finding, SCAN_SCA_POLICY_VIOLATIONS_MAX - 1);
	scan_sca_policy_report_free(r);
	scan_sca_policy_free(p);
	free(fp);
	free(tf);
}

/* ---- license expressions ------------------------------------------------- */

static bool leaf_in(const char *id, size_t len, const void *ctx)
{
	for (const char *const *v = ctx; *v; v++)
		if (scan_policy__license_id_matches(*v, id, len))
			return true;
	return false;
}

static bool lic(const char *expr, scan_policy__lic_mode mode, const char *v1, const char *v2)
{
	const char *values[3] = { v1, v2, NULL };
	return scan_policy__license_eval(expr, mode, leaf_in, values);
}

static void test_license_expressions(void **state)
{
	const scan_policy__lic_mode B = SCAN_POLICY__LIC_BOUND, U = SCAN_POLICY__LIC_USABLE, A = SCAN_POLICY__LIC_ANY;
	char deep[200];

	(void)state;
	assert_true(lic("MIT", B, "mit", NULL));
	assert_true(lic("GPL-2.0+", B, "GPL-2.0", NULL));
	assert_false(lic("GPL-2.0+", B, "GPL-2.0-only", NULL));
	assert_false(lic("GPL-2.0-or-laterx", B, "GPL-2.0", NULL));
	/* Precedence: AND binds tighter than OR. */
	assert_false(lic("MIT OR Apache-2.0 AND GPL-3.0", B, "GPL-3.0", NULL));
	assert_true(lic("MIT OR Apache-2.0 AND GPL-3.0", B, "GPL-3.0", "MIT"));
	assert_true(lic("(MIT OR Apache-2.0) AND GPL-3.0", B, "GPL-3.0", NULL));
	assert_true(lic("MIT OR (Apache-2.0 AND GPL-3.0)", U, "MIT", NULL));
	assert_false(lic("(MIT OR Apache-2.0) AND GPL-3.0", U, "MIT", NULL));
	assert_true(lic("(MIT OR Apache-2.0) AND GPL-3.0", U, "Apache-2.0", "GPL-3.0"));
	assert_true(lic("mit or gpl-3.0", A, "GPL-3.0", NULL)); /* lowercase operators */
	assert_true(lic("GPL-2.0-or-later WITH Bison-exception-2.2", B, "GPL-2.0", NULL));
	assert_false(lic("GPL-2.0-or-later WITH Bison-exception-2.2", B, "Bison-exception-2.2", NULL));
	assert_true(lic("LicenseRef-Proprietary", B, "licenseref-proprietary", NULL));
	/* Not expressions: the whole text is the id. */
	assert_true(lic("  Apache License 2.0 ", B, "Apache License 2.0", NULL));
	assert_false(lic("Apache License 2.0", B, "Apache", NULL));
	assert_true(lic("MIT/X11", B, "MIT/X11", NULL));
	assert_false(lic("MIT/X11", B, "MIT", NULL));
	assert_false(lic("(MIT", B, "MIT", NULL));
	assert_false(lic("MIT AND", B, "MIT", NULL));
	assert_false(lic("MIT WITH", B, "MIT", NULL));
	assert_false(lic("()", B, "MIT", NULL));
	assert_true(lic("((((MIT))))", B, "MIT", NULL));
	/* Deeper than the parser goes: one opaque id. */
	memset(deep, '(', 60);
	memcpy(deep + 60, "MIT", 3);
	memset(deep + 63, ')', 60);
	deep[123] = '\0';
	assert_false(lic(deep, B, "MIT", NULL));
	assert_true(scan_policy__license_known("MIT"));
	assert_false(scan_policy__license_known(NULL));
	assert_false(scan_policy__license_known("  "));
	assert_false(scan_policy__license_known("NOASSERTION"));
}

/* ---- ignore rules -------------------------------------------------------- */

static void test_ignore_matching(void **state)
{
	scan_sca_ignore_rule ir = { SCAN_SCA_IGNORE_CVE, "cve-2021-44906", "r", 0, 0 };
	scan_component c = mkcomponent("@babel/core", "7.0.0", "MIT AND BSD-2-Clause");
	fixture x;
	const scan_finding *f0, *f1;

	(void)state;
	fixture_init(&x);
	f0 = x.fp[0];
	f1 = x.fp[1];
	/* cve: the CVE id, the advisory id, an alias (spaces after commas ignored). */
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_false(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "GHSA-xvch-5gv4-984h";
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	ir.value = "GO-2022-0001";
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	ir.value = "PYSEC-0000-1";
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	ir.value = "GO-2022";
	assert_false(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_false(scan_sca_ignore_matches_component(&ir, &x.comp[1], NOW));
	/* Expiry: active before expires_at, never from it on. */
	ir.value = "CVE-2021-44906";
	ir.expires_at = NOW + 1;
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	ir.expires_at = NOW;
	assert_false(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_false(scan_sca_ignore_active(&ir, NOW));
	ir.expires_at = 0;
	assert_true(scan_sca_ignore_active(&ir, NOW));

	/* package, and name@version (scoped npm names keep their '@'). */
	ir.type = SCAN_SCA_IGNORE_PACKAGE;
	ir.value = "Minimist";
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_true(scan_sca_ignore_matches_component(&ir, &x.comp[1], NOW));
	ir.value = "minimist@1.2.5";
	assert_true(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	ir.value = "minimist@1.2.6";
	assert_false(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_false(scan_sca_ignore_matches_component(&ir, &x.comp[1], NOW));
	ir.value = "@babel/core";
	assert_true(scan_sca_ignore_matches_component(&ir, &c, NOW));
	ir.value = "@babel/core@7.0.0";
	assert_true(scan_sca_ignore_matches_component(&ir, &c, NOW));
	ir.value = "@babel/core@7.0.1";
	assert_false(scan_sca_ignore_matches_component(&ir, &c, NOW));
	ir.value = "@babel";
	assert_false(scan_sca_ignore_matches_component(&ir, &c, NOW));

	/* path: globs over the lockfile path. */
	ir.type = SCAN_SCA_IGNORE_PATH;
	ir.value = "web/**";
	assert_true(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	assert_true(scan_sca_ignore_matches_component(&ir, &c, NOW));
	ir.value = "package-lock.json"; /* a bare name: any directory */
	assert_true(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "/package-lock.json"; /* anchored: only the root's */
	assert_false(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "./web/package-lock.json";
	assert_true(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "**/*.json";
	assert_true(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "*/x/*.json";
	assert_false(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "web/*.lock";
	assert_false(scan_sca_ignore_matches_finding(&ir, f0, NOW));

	/* license: any id of the component's license. */
	ir.type = SCAN_SCA_IGNORE_LICENSE;
	ir.value = "BSD-2-Clause";
	assert_true(scan_sca_ignore_matches_component(&ir, &c, NOW));
	assert_false(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	ir.value = "GPL-3.0";
	assert_true(scan_sca_ignore_matches_component(&ir, &x.comp[1], NOW));
	assert_false(scan_sca_ignore_matches_component(&ir, &x.comp[3], NOW)); /* no license */

	/* severity: exactly that severity. */
	ir.type = SCAN_SCA_IGNORE_SEVERITY;
	ir.value = "high";
	assert_true(scan_sca_ignore_matches_finding(&ir, f0, NOW));
	assert_false(scan_sca_ignore_matches_finding(&ir, f1, NOW));
	assert_false(scan_sca_ignore_matches_component(&ir, &c, NOW));

	/* Validation as the API receives a rule. */
	assert_int_equal(scan_sca_ignore_check(&ir), 0);
	ir.value = "severe";
	assert_int_equal(scan_sca_ignore_check(&ir), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "unknown severity 'severe' (expected low, medium, high or critical)");
	ir.value = "";
	assert_int_equal(scan_sca_ignore_check(&ir), SCAN_EINVAL);
	ir.type = (scan_sca_ignore_type)42;
	ir.value = "x";
	assert_int_equal(scan_sca_ignore_check(&ir), SCAN_EINVAL);
	{
		scan_sca_ignore_type t;
		assert_int_equal(scan_sca_ignore_type_parse(&t, "license"), 0);
		assert_int_equal(t, SCAN_SCA_IGNORE_LICENSE);
		assert_int_equal(scan_sca_ignore_type_parse(&t, "CVE"), SCAN_EINVAL);
	}
}

/* ---- triage -------------------------------------------------------------- */

static void test_triage(void **state)
{
	static const struct {
		const char *name;
		bool suppresses;
	} states[] = {
		{ "open", false }, { "accepted_risk", true }, { "not_applicable", true }, { "false_positive", true },
		{ "wont_fix", true }, { "in_progress", false }, { "fixed", false },
	};
	scan_sca_triage t;

	(void)state;
	for (size_t i = 0; i < sizeof(states) / sizeof(states[0]); i++) {
		assert_int_equal(scan_sca_triage_parse(&t, states[i].name), 0);
		assert_int_equal(t, (scan_sca_triage)i);
		assert_string_equal(scan_sca_triage_name(t), states[i].name);
		assert_int_equal(scan_sca_triage_suppresses(t), states[i].suppresses);
	}
	assert_int_equal(scan_sca_triage_parse(&t, "ignored"), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message,
	                    "unknown triage status 'ignored' (expected open, accepted_risk, not_applicable, false_positive, "
	                    "wont_fix, in_progress or fixed)");
	assert_int_equal(scan_sca_triage_parse(&t, "Open"), SCAN_EINVAL);
	assert_int_equal(scan_sca_triage_parse(&t, NULL), SCAN_EINVAL);
}

/* ---- SLA ----------------------------------------------------------------- */

static void test_sla_day_boundaries(void **state)
{
	scan_sca_sla_policy p = SCAN_SCA_SLA_DEFAULTS;
	const time_t t0 = NOW - 400 * (time_t)DAY; /* first seen */
	scan_sca_sla_item item = { SCAN_SEV_CRITICAL, t0 };
	static const struct {
		time_t after;   /* now - first_seen */
		bool overdue;
		int64_t days;
	} cases[] = {
		{ 0, false, 0 },
		{ 7 * DAY - 1, false, 0 },
		{ 7 * DAY, false, 0 },          /* the due second itself: still compliant */
		{ 7 * DAY + 1, true, 1 },       /* one second late: one day overdue */
		{ 8 * DAY - 1, true, 1 },
		{ 8 * DAY, true, 1 },
		{ 8 * DAY + 1, true, 2 },
		{ 37 * DAY, true, 30 },
	};
	scan_sca_sla_status st;

	(void)state;
	assert_int_equal(p.critical_days, 7);
	assert_int_equal(p.high_days, 30);
	assert_int_equal(p.medium_days, 90);
	assert_int_equal(p.low_days, 180);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(scan_sca_sla_evaluate(&st, &p, &item, 1, t0 + cases[i].after), 0);
		if (st.overdue != (size_t)cases[i].overdue || st.compliant != (size_t)!cases[i].overdue)
			fail_msg("case %zu: overdue %zu compliant %zu", i, st.overdue, st.compliant);
		if (cases[i].overdue) {
			assert_int_equal(st.breaches[0].days_overdue, cases[i].days);
			assert_int_equal(st.breaches[0].due, t0 + 7 * DAY);
			assert_int_equal(st.breaches[0].severity, SCAN_SEV_CRITICAL);
			assert_int_equal(st.breaches[0].finding, 0);
		}
		scan_sca_sla_status_dispose(&st);
	}
	/* A zero-day SLA: due the moment it is seen. */
	p.critical_days = 0;
	assert_int_equal(scan_sca_sla_evaluate(&st, &p, &item, 1, t0), 0);
	assert_int_equal(st.compliant, 1);
	scan_sca_sla_status_dispose(&st);
	assert_int_equal(scan_sca_sla_evaluate(&st, &p, &item, 1, t0 + 1), 0);
	assert_int_equal(st.overdue, 1);
	assert_int_equal(st.breaches[0].days_overdue, 1);
	scan_sca_sla_status_dispose(&st);
}

static void test_sla_mixed(void **state)
{
	scan_sca_sla_policy p = SCAN_SCA_SLA_DEFAULTS;
	scan_sca_sla_item items[] = {
		{ SCAN_SEV_HIGH, NOW - 31 * DAY },     /* 1 day over 30 */
		{ SCAN_SEV_LOW, NOW - 100 * DAY },     /* within 180 */
		{ SCAN_SEV_MEDIUM, NOW - 120 * DAY },  /* 30 days over 90 */
		{ SCAN_SEV_CRITICAL, 0 },              /* unknown */
		{ SCAN_SEV_CRITICAL, NOW + DAY },      /* first seen in the future (clock skew) */
		{ SCAN_SEV_CRITICAL, NOW - 7 * DAY - 5 }, /* 1 day over, due latest of the overdue */
	};
	scan_sca_sla_status st;

	(void)state;
	assert_int_equal(scan_sca_sla_evaluate(&st, &p, items, 6, NOW), 0);
	assert_int_equal(st.compliant, 2);
	assert_int_equal(st.overdue, 3);
	assert_int_equal(st.unknown, 1);
	/* Most overdue first. */
	assert_int_equal(st.breaches[0].finding, 2);
	assert_int_equal(st.breaches[0].days_overdue, 30);
	assert_int_equal(st.breaches[0].severity, SCAN_SEV_MEDIUM);
	assert_int_equal(st.breaches[1].finding, 0);
	assert_int_equal(st.breaches[1].days_overdue, 1);
	assert_int_equal(st.breaches[2].finding, 5);
	assert_int_equal(st.breaches[2].days_overdue, 1);
	scan_sca_sla_status_dispose(&st);
	scan_sca_sla_status_dispose(&st); /* idempotent */
	assert_int_equal(scan_sca_sla_evaluate(&st, &p, NULL, 0, NOW), 0);
	assert_int_equal(st.compliant + st.overdue + st.unknown, 0);
	scan_sca_sla_status_dispose(&st);
	assert_int_equal(scan_sca_sla_days(&p, SCAN_SEV_MEDIUM), 90);
}

static void test_sla_json(void **state)
{
	scan_sca_sla_policy p;
	scan_buf b = SCAN_BUF_INIT;
	const char *s;

	(void)state;
	s = "{\"critical_days\": 3, \"low_days\": 365}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), 0);
	assert_int_equal(p.critical_days, 3);
	assert_int_equal(p.high_days, 30);
	assert_int_equal(p.medium_days, 90);
	assert_int_equal(p.low_days, 365);
	assert_int_equal(scan_sca_sla_write_json(&b, &p), 0);
	assert_string_equal(b.ptr, "{\"critical_days\":3,\"high_days\":30,\"medium_days\":90,\"low_days\":365}");
	scan_buf_dispose(&b);
	s = "{\"critical_days\": 1.5}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message,
	                    "SLA policy: critical_days must be a whole number of days from 0 to 36500");
	s = "{\"high_days\": \"30\"}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	s = "{\"high_days\": -1}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	s = "{\"high_days\": 1e300}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	s = "{\"urgent_days\": 1}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "SLA policy: unknown key 'urgent_days' (expected critical_days, "
	                                                "high_days, medium_days or low_days)");
	s = "{\"low_days\": 1, \"low_days\": 2}";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EINVAL);
	s = "[]";
	assert_int_equal(scan_sca_sla_parse_json(&p, s, strlen(s)), SCAN_EPARSE);
	assert_int_equal(scan_sca_sla_parse_json(&p, "{", 1), SCAN_EPARSE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_operator_table),
		cmocka_unit_test(test_valid_fixture),
		cmocka_unit_test(test_empty_documents),
		cmocka_unit_test(test_invalid_fixtures),
		cmocka_unit_test(test_error_codes_and_limits),
		cmocka_unit_test(test_value_shapes),
		cmocka_unit_test(test_expired_ignore_warns),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_json_input),
		cmocka_unit_test(test_default_policy),
		cmocka_unit_test(test_merge_by_id),
		cmocka_unit_test(test_sla_key),
		cmocka_unit_test(test_default_verdict_clean),
		cmocka_unit_test(test_default_verdict_failing),
		cmocka_unit_test(test_conditions_findings),
		cmocka_unit_test(test_conditions_components),
		cmocka_unit_test(test_direct_vuln),
		cmocka_unit_test(test_max_count),
		cmocka_unit_test(test_allow_precedence),
		cmocka_unit_test(test_not_evaluated),
		cmocka_unit_test(test_outdated_pct),
		cmocka_unit_test(test_suppressed_and_ignored),
		cmocka_unit_test(test_violation_cap),
		cmocka_unit_test(test_license_expressions),
		cmocka_unit_test(test_ignore_matching),
		cmocka_unit_test(test_triage),
		cmocka_unit_test(test_sla_day_boundaries),
		cmocka_unit_test(test_sla_mixed),
		cmocka_unit_test(test_sla_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
