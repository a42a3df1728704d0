/* tests/fuzz/fuzz_sca_policy.c - .rampart-policy.yml (and its JSON form) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/sca_policy.h"
#include "scan/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input is parsed as a YAML policy file and as a JSON body. A refusal
 * must carry a documented code and a one-line message. Whatever is
 * accepted must write back as JSON that parses to the same JSON again,
 * merge over the default policy, and evaluate over a small fixed scan
 * (whose one license string is the input itself, so license expressions
 * get fuzzed too) to a report whose counts agree with each other.
 */

#define NOW ((time_t)1763683200)

static void check_error(int rc)
{
	const char *m = scan_error_last()->message;

	if (rc != SCAN_EPARSE && rc != SCAN_EINVAL && rc != SCAN_ELIMIT && rc != SCAN_ENOMEM)
		abort();
	if (!m[0] || strchr(m, '\n'))
		abort();
}

static void check_report(const scan_sca_policy *p, const scan_sca_policy_input *in)
{
	scan_sca_policy_report *r = NULL;
	size_t blocking = 0, warnings = 0;

	if (scan_sca_policy_evaluate(&r, p, in) != 0)
		return; /* out of memory only */
	if (r->rule_count != scan_sca_policy_rule_count(p))
		abort();
	if (r->failed != (scan_sca_policy_fail_on_violation(p) && r->blocking > 0))
		abort();
	if (r->violation_count + r->violations_dropped != r->blocking + r->warnings)
		abort();
	for (size_t i = 0; i < r->violation_count; i++) {
		const scan_sca_violation *v = &r->violations[i];
		if (v->action == SCAN_SCA_ACTION_BLOCK)
			blocking++;
		else if (v->action == SCAN_SCA_ACTION_WARN)
			warnings++;
		else
			abort();
		if (!v->rule_id || !v->threshold || !v->actual)
			abort();
		if (v->finding != SCAN_SCA_NO_INDEX && v->finding >= in->nfindings)
			abort();
		if (v->component != SCAN_SCA_NO_INDEX && v->component >= in->ncomponents)
			abort();
	}
	if (blocking != r->blocking || warnings != r->warnings)
		abort();
	for (size_t i = 0; i < r->rule_count; i++) {
		const scan_sca_rule_result *res = &r->rules[i];
		/* Each candidate is matched, unknown or neither. */
		if (res->rule != scan_sca_policy_rule(p, i) || res->matched + res->unknown > res->candidates)
			abort();
		if (!res->rule->enabled && res->status != SCAN_SCA_RULE_DISABLED)
			abort();
	}
	scan_sca_policy_report_free(r);
}

static void check_policy(const scan_sca_policy *p, const scan_sca_policy_input *in)
{
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	scan_sca_policy *back = NULL, *def = NULL, *merged = NULL;

	if (scan_sca_policy_write_json(&a, p) != 0)
		goto done;
	if (scan_sca_policy_parse_json(&back, a.ptr, a.size, "fuzz", NULL) != 0) {
		if (scan_error_last()->code != SCAN_ENOMEM)
			abort(); /* what we write must read back */
		goto done;
	}
	if (scan_sca_policy_write_json(&b, back) != 0)
		goto done;
	if (a.size != b.size || memcmp(a.ptr, b.ptr, a.size))
		abort();
	if (scan_sca_policy_rule_count(back) != scan_sca_policy_rule_count(p))
		abort();
	for (size_t i = 0; i < scan_sca_policy_rule_count(p); i++)
		if (strcmp(scan_sca_policy_rule(p, i)->id, scan_sca_policy_rule(back, i)->id))
			abort();
	check_report(p, in);
	if (scan_sca_policy_default(&def) == 0 && scan_sca_policy_merge(&merged, def, p) == 0) {
		if (scan_sca_policy_rule_count(merged) < scan_sca_policy_rule_count(def))
			abort();
		check_report(merged, in);
	}
done:
	scan_sca_policy_free(merged);
	scan_sca_policy_free(def);
	scan_sca_policy_free(back);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_sca_policy_options opts = SCAN_SCA_POLICY_OPTIONS_INIT;
	scan_sca_policy *p = NULL;
	scan_finding_sca s[2];
	scan_finding f[2];
	const scan_finding *fp[2] = { &f[0], &f[1] };
	time_t published[2] = { NOW - 40 * 86400, 0 };
	scan_component c[2];
	int classes[2] = { SCAN_SCA_LICENSE_COPYLEFT, SCAN_SCA_LICENSE_UNKNOWN };
	const char *latest[2] = { "2.0.0", NULL };
	scan_sca_policy_input in = SCAN_SCA_POLICY_INPUT_INIT;
	char *license = malloc(size + 1);
	int rc;

	if (!license)
		return 0;
	memcpy(license, data, size);
	license[size] = '\0'; /* stops at the first NUL: a C string either way */
	memset(s, 0, sizeof(s));
	memset(f, 0, sizeof(f));
	memset(c, 0, sizeof(c));
	s[0].vuln_id = "GHSA-35jh-r3h4-6jhm";
	s[0].cve_id = "CVE-2021-23337";
	s[0].aliases = "SNYK-JS-LODASH-1040724, PYSEC-0000-1";
	s[0].package_name = "lodash";
	s[0].installed_version = "4.17.20";
	s[0].epss_score = 0.7;
	s[0].kev_listed = true;
	s[0].direct = true;
	s[1].vuln_id = "PYSEC-2023-1";
	s[1].package_name = "@scope/pkg";
	s[1].installed_version = "1.0.0";
	s[1].epss_score = -1;
	for (int i = 0; i < 2; i++) {
		f[i].category = SCAN_CAT_SCA;
		f[i].rule_id = "sca/x";
		f[i].file_path = i ? "sub/dir/package-lock.json" : "package-lock.json";
		f[i].severity = i ? SCAN_SEV_MEDIUM : SCAN_SEV_CRITICAL;
		f[i].cvss_score = i ? -1 : 9.8;
		f[i].sca = &s[i];
	}
	c[0].ecosystem = SCAN_ECO_NPM;
	c[0].name = "lodash";
	c[0].version = "1.0.0";
	c[0].purl = "pkg:npm/lodash@1.0.0";
	c[0].license = license;
	c[0].file = "package-lock.json";
	c[1] = c[0];
	c[1].name = "@scope/pkg";
	c[1].license = "MIT OR (GPL-2.0-only WITH Classpath-exception-2.0 AND Apache-2.0)";
	c[1].flags = SCAN_DEP_DIRECT;
	in.components = c;
	in.ncomponents = 2;
	in.license_class = classes;
	in.latest_version = latest;
	in.findings = fp;
	in.nfindings = 2;
	in.published = published;
	in.now = NOW;

	opts.now = NOW;
	rc = scan_sca_policy_parse_yaml(&p, (const char *)data, size, "fuzz.yml", &opts);
	if (rc)
		check_error(rc);
	else
		check_policy(p, &in);
	scan_sca_policy_free(p);
	p = NULL;
	rc = scan_sca_policy_parse_json(&p, (const char *)data, size, "fuzz", &opts);
	if (rc)
		check_error(rc);
	else
		check_policy(p, &in);
	scan_sca_policy_free(p);
	/* The default policy over the fuzzed license expression. */
	if (scan_sca_policy_default(&p) == 0)
		check_report(p, &in);
	scan_sca_policy_free(p);
	free(license);
	return 0;
}
