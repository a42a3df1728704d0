/*
 * tests/unit/test_sbom.c - the SBOM and VEX writers (lib/sbom): exact
 * content of CycloneDX 1.5/1.6 and SPDX 2.3 documents built from a
 * hand-made inventory (one package in two lockfiles, a dependency graph,
 * every license form, hostile bytes), their vulnerabilities and triage,
 * CycloneDX VEX and OpenVEX; every document also validated against the
 * official schemas in RAMPART_SCHEMA_DIR.
 */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "helpers.h"
#include "scan/license.h"
#include "scan/sbom.h"
#include "scan/buf.h"

#ifndef RAMPART_SCHEMA_DIR
#define RAMPART_SCHEMA_DIR RAMPART_SOURCE_DIR "/../shared/schemas"
#endif
#define VALIDATOR RAMPART_SOURCE_DIR "/tests/unit/validate_json_schema.py"
/* Debian's python3-jsonschema; a pyenv python3 earlier on PATH lacks it. */
#define SYSTEM_PYTHON "/usr/bin/python3"
#define CDX15 RAMPART_SCHEMA_DIR "/bom-1.5.schema.json"
#define CDX16 RAMPART_SCHEMA_DIR "/bom-1.6.schema.json"
#define SPDX23 RAMPART_SCHEMA_DIR "/spdx-2.3.schema.json"

#define T_CREATED ((time_t)1763717700)  /* 2025-11-21T09:35:00Z */
#define T_TRIAGE ((time_t)1763800000)   /* 2025-11-22T08:26:40Z */
#define T_LATER ((time_t)1763900000)    /* 2025-11-23T12:13:20Z */

#define LOG4J_PURL "pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1"
#define QS_PURL "pkg:npm/qs@6.11.0"
#define HOSTILE_PURL "pkg:cargo/we%22ird%0A@1.0.0"

/* ---- the inventory ---- */

static const size_t express_deps[] = { 1, 2 }, body_deps[] = { 2, 2, 1 }, express2_deps[] = { 5 },
                    requests_deps[] = { 8 };

/*
 * Two npm lockfiles share express and qs; requirements.txt says neither
 * direct nor transitive; one license of each form; a name and a license
 * that are not UTF-8.
 */
static const scan_component inventory[] = {
	/* 0 */ { SCAN_ECO_NPM, "express", "4.18.2", "pkg:npm/express@4.18.2", "MIT", "web/package-lock.json", 12,
	          SCAN_DEP_DIRECT, express_deps, 2 },
	/* 1 */ { SCAN_ECO_NPM, "body-parser", "1.20.1", "pkg:npm/body-parser@1.20.1", "mit",
	          "web/package-lock.json", 40, SCAN_DEP_TRANSITIVE, body_deps, 3 },
	/* 2 */ { SCAN_ECO_NPM, "qs", "6.11.0", QS_PURL, "BSD-3-Clause", "web/package-lock.json", 80,
	          SCAN_DEP_TRANSITIVE, NULL, 0 },
	/* 3 */ { SCAN_ECO_NPM, "@types/node", "20.0.0", "pkg:npm/%40types/node@20.0.0", "MIT",
	          "web/package-lock.json", 90, SCAN_DEP_DIRECT | SCAN_DEP_DEV, NULL, 0 },
	/* 4 */ { SCAN_ECO_NPM, "express", "4.18.2", "pkg:npm/express@4.18.2", NULL, "api/package-lock.json", 7,
	          SCAN_DEP_TRANSITIVE, express2_deps, 1 },
	/* 5 */ { SCAN_ECO_NPM, "debug", "2.6.9", "pkg:npm/debug@2.6.9", "MIT", "api/package-lock.json", 20,
	          SCAN_DEP_TRANSITIVE, NULL, 0 },
	/* 6 */ { SCAN_ECO_NPM, "qs", "6.11.0", QS_PURL, "BSD-3-Clause", "api/package-lock.json", 30,
	          SCAN_DEP_DIRECT | SCAN_DEP_DEV, NULL, 0 },
	/* 7 */ { SCAN_ECO_PYPI, "requests", "2.31.0", "pkg:pypi/requests@2.31.0", "Apache License 2.0",
	          "requirements.txt", 1, 0, requests_deps, 1 },
	/* 8 */ { SCAN_ECO_PYPI, "urllib3", "1.26.5", "pkg:pypi/urllib3@1.26.5",
	          "License :: OSI Approved :: MIT License", "requirements.txt", 2, 0, NULL, 0 },
	/* 9 */ { SCAN_ECO_MAVEN, "org.apache.logging.log4j:log4j-core", "2.14.1", LOG4J_PURL,
	          "Apache-2.0 AND (MIT OR GPL-2.0-only WITH Classpath-exception-2.0)", "pom.xml", 30, SCAN_DEP_DIRECT,
	          NULL, 0 },
	/* 10 */ { SCAN_ECO_GO, "golang.org/x/text", "v0.3.7", "pkg:golang/golang.org/x/text@v0.3.7", NULL, "go.mod",
	           5, SCAN_DEP_TRANSITIVE | SCAN_DEP_OPTIONAL, NULL, 0 },
	/* 11 */ { SCAN_ECO_CARGO, "custom", "0.1.0", "pkg:cargo/custom@0.1.0", "Custom-Thing OR Weird",
	           "Cargo.lock", 3, SCAN_DEP_TRANSITIVE, NULL, 0 },
	/* 12 */ { SCAN_ECO_CARGO, "we\"ird\n", "1.0.0", HOSTILE_PURL, "Propri\xe9taire \x01", "Cargo.lock", 9,
	           SCAN_DEP_TRANSITIVE | SCAN_DEP_GIT, NULL, 0 },
	/* 13 */ { SCAN_ECO_CARGO, "refd", "2.0.0", "pkg:cargo/refd@2.0.0", "LicenseRef-Acme OR MIT", "Cargo.lock", 12,
	           SCAN_DEP_TRANSITIVE, NULL, 0 },
	/* 14 */ { SCAN_ECO_CARGO, "custom2", "0.2.0", "pkg:cargo/custom2@0.2.0", "Custom Thing or Weird",
	           "Cargo.lock", 15, SCAN_DEP_TRANSITIVE, NULL, 0 },
};
#define N_INVENTORY (sizeof(inventory) / sizeof(inventory[0]))

/* ---- findings ---- */

static const scan_finding_sca log4j_sca = {
	"GHSA-jfh8-c2jp-5v3q", "CVE-2021-44228", "CVE-2021-44228, GHSA-7rjr-3q55-vv33,,CVE-2021-44228", "Maven",
	"org.apache.logging.log4j:log4j-core", "2.14.1", "2.15.0", LOG4J_PURL, 0.94358, 0.99957, true, true, 98.5,
	"urgent", 0, NULL, false, NULL,
};
static const scan_finding_sca qs_sca = {
	"GHSA-hrpp-h998-j3pp", "CVE-2022-24999", NULL, "npm", "qs", "6.11.0", NULL, QS_PURL, -1, -1, false, true,
	41, "medium", 0, NULL, false, NULL,
};

static scan_finding finding_log4j, finding_qs_web, finding_qs_api, finding_sast, finding_sca_bare;
static const scan_finding *findings[5];
static const char *vectors[5];

static void make_findings(void)
{
	memset(&finding_log4j, 0, sizeof(finding_log4j));
	finding_log4j.rule_id = "sca/GHSA-jfh8-c2jp-5v3q";
	finding_log4j.title = "log4j-core 2.14.1: Remote code injection in Log4j";
	finding_log4j.category = SCAN_CAT_SCA;
	finding_log4j.file_path = "pom.xml";
	finding_log4j.description = "Remote code injection in Log4j";
	finding_log4j.remediation = "Upgrade org.apache.logging.log4j:log4j-core to 2.15.0 or later.";
	finding_log4j.cwe_id = "CWE-502, CWE-400,CWE-502, CWE-0, CWE-x";
	finding_log4j.severity = SCAN_SEV_CRITICAL;
	finding_log4j.cvss_score = 10.0;
	finding_log4j.sca = &log4j_sca;

	memset(&finding_qs_web, 0, sizeof(finding_qs_web));
	finding_qs_web.rule_id = "sca/GHSA-hrpp-h998-j3pp";
	finding_qs_web.title = "qs 6.11.0: qs vulnerable to Prototype Pollution";
	finding_qs_web.category = SCAN_CAT_SCA;
	finding_qs_web.file_path = "web/package-lock.json";
	finding_qs_web.severity = SCAN_SEV_HIGH;
	finding_qs_web.cvss_score = 7.5;
	finding_qs_web.sca = &qs_sca;
	finding_qs_api = finding_qs_web;
	finding_qs_api.file_path = "api/package-lock.json";

	memset(&finding_sast, 0, sizeof(finding_sast));
	finding_sast.rule_id = "python/sql-injection";
	finding_sast.category = SCAN_CAT_SECURITY;
	finding_sast.severity = SCAN_SEV_HIGH;
	finding_sast.cvss_score = -1;
	finding_sca_bare = finding_sast;
	finding_sca_bare.category = SCAN_CAT_SCA; /* sca NULL: not a vulnerability to export */

	findings[0] = &finding_log4j;
	findings[1] = &finding_qs_web;
	findings[2] = &finding_sast;
	findings[3] = &finding_qs_api;
	findings[4] = &finding_sca_bare;
	vectors[0] = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H";
	vectors[1] = NULL;
	vectors[3] = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H";
}

static const scan_vex_decision triage[] = {
	{ "CVE-2021-44228", LOG4J_PURL, "accepted_risk", "internal tool, not reachable from outside", T_TRIAGE },
};

static scan_sbom_input make_input(bool vulns)
{
	scan_sbom_input in;

	make_findings();
	memset(&in, 0, sizeof(in));
	in.components = inventory;
	in.ncomponents = N_INVENTORY;
	in.findings = findings;
	in.nfindings = 5;
	in.root_name = "shop";
	in.created = T_CREATED;
	in.tool_version = "0.1.0";
	in.vulns = vulns;
	in.cvss_vectors = vectors;
	in.triage = triage;
	in.ntriage = 1;
	return in;
}

/* ---- JSON helpers ---- */

static cJSON *parse(const scan_buf *b)
{
	cJSON *j = cJSON_ParseWithLength(b->ptr, b->size);

	if (!j)
		fail_msg("not JSON: %.300s", b->ptr);
	return j;
}

static cJSON *get(const cJSON *o, const char *key)
{
	cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v)
		fail_msg("no member '%s'", key);
	return v;
}

static const char *str(const cJSON *o, const char *key)
{
	cJSON *v = get(o, key);

	if (!cJSON_IsString(v))
		fail_msg("member '%s' is not a string", key);
	return v->valuestring;
}

static bool has(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key) != NULL;
}

/* The element of array arr whose string member key is val. */
static cJSON *find(const cJSON *arr, const char *key, const char *val)
{
	cJSON *it;

	cJSON_ArrayForEach(it, arr) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(it, key);
		if (cJSON_IsString(v) && !strcmp(v->valuestring, val))
			return it;
	}
	fail_msg("no element with %s '%s'", key, val);
	return NULL;
}

/* arr is exactly the strings of want (NULL-terminated), in order. */
static void assert_strings(const cJSON *arr, const char *const *want)
{
	size_t n = 0;
	cJSON *it;

	assert_true(cJSON_IsArray(arr));
	cJSON_ArrayForEach(it, arr) {
		assert_true(cJSON_IsString(it));
		if (!want[n])
			fail_msg("extra element '%s'", it->valuestring);
		assert_string_equal(it->valuestring, want[n]);
		n++;
	}
	if (want[n])
		fail_msg("missing element '%s'", want[n]);
}

/* The properties of a CycloneDX object as "name=value" strings, in order. */
static void assert_properties(const cJSON *o, const char *const *want)
{
	cJSON *props = get(o, "properties"), *it;
	size_t n = 0;
	char buf[512];

	cJSON_ArrayForEach(it, props) {
		assert_int_equal(cJSON_GetArraySize(it), 2);
		snprintf(buf, sizeof(buf), "%s=%s", str(it, "name"), str(it, "value"));
		if (!want[n])
			fail_msg("extra property '%s'", buf);
		assert_string_equal(buf, want[n]);
		n++;
	}
	if (want[n])
		fail_msg("missing property '%s'", want[n]);
}

static bool is_uuid(const char *s)
{
	if (strlen(s) != 36)
		return false;
	for (int i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return false;
		} else if (!strchr("0123456789abcdef", s[i])) {
			return false;
		}
	}
	return s[14] == '4' && strchr("89ab", s[19]);
}

/* ---- schema validation ---- */

static char *tmpdir;

static int setup(void **state)
{
	(void)state;
	tmpdir = th_tmpdir();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	th_rmtree(tmpdir);
	free(tmpdir);
	return 0;
}

/* Exit code of validate_json_schema.py: 0 valid, 1 invalid, 2 could not run. */
static int validate(const char *schema, const scan_buf *doc, const char *name)
{
	scan_buf cmd = SCAN_BUF_INIT;
	char *path = th_join(tmpdir, name);
	int status;

	th_write_bytes(tmpdir, name, doc->ptr, doc->size);
	assert_null(strchr(path, '\''));
	scan_buf_printf(&cmd, SYSTEM_PYTHON " '%s' '%s' '%s'", VALIDATOR, schema, path);
	assert_int_equal(scan_buf_failed(&cmd), 0);
	status = system(cmd.ptr);
	scan_buf_dispose(&cmd);
	free(path);
	assert_true(status != -1 && WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* ---- CycloneDX ---- */

static void check_components(const cJSON *bom, bool v16)
{
	cJSON *comps = get(bom, "components"), *c, *lic;

	/* fifteen inputs, thirteen packages: express and qs are each in two lockfiles */
	assert_int_equal(cJSON_GetArraySize(comps), 13);
	assert_string_equal(str(cJSON_GetArrayItem(comps, 0), "bom-ref"), "pkg:npm/express@4.18.2");
	assert_string_equal(str(cJSON_GetArrayItem(comps, 4), "bom-ref"), "pkg:npm/debug@2.6.9");
	assert_string_equal(str(cJSON_GetArrayItem(comps, 12), "bom-ref"), "pkg:cargo/custom2@0.2.0");

	c = find(comps, "bom-ref", "pkg:npm/express@4.18.2");
	assert_string_equal(str(c, "type"), "library");
	assert_string_equal(str(c, "name"), "express");
	assert_string_equal(str(c, "version"), "4.18.2");
	assert_string_equal(str(c, "purl"), "pkg:npm/express@4.18.2");
	assert_false(has(c, "scope"));
	assert_false(has(c, "group"));
	lic = cJSON_GetArrayItem(get(c, "licenses"), 0);
	assert_string_equal(str(get(lic, "license"), "id"), "MIT");
	assert_int_equal(has(get(lic, "license"), "acknowledgement"), v16);
	if (v16)
		assert_string_equal(str(get(lic, "license"), "acknowledgement"), "declared");
	assert_properties(c, (const char *const[]){ "rampart:file=api/package-lock.json",
	                                            "rampart:file=web/package-lock.json", "rampart:ecosystem=npm",
	                                            "rampart:direct=true", "rampart:license_type=permissive", NULL });

	/* lower-case "mit" is the listed MIT */
	c = find(comps, "bom-ref", "pkg:npm/body-parser@1.20.1");
	assert_string_equal(str(get(cJSON_GetArrayItem(get(c, "licenses"), 0), "license"), "id"), "MIT");

	/* DIRECT wins over TRANSITIVE; DEV only when every lockfile says so */
	c = find(comps, "bom-ref", QS_PURL);
	assert_false(has(c, "scope"));
	assert_properties(c, (const char *const[]){ "rampart:file=api/package-lock.json",
	                                            "rampart:file=web/package-lock.json", "rampart:ecosystem=npm",
	                                            "rampart:direct=true", "rampart:license_type=permissive", NULL });

	c = find(comps, "bom-ref", "pkg:npm/%40types/node@20.0.0");
	assert_string_equal(str(c, "group"), "@types");
	assert_string_equal(str(c, "name"), "node");
	assert_string_equal(str(c, "scope"), "excluded");
	assert_properties(c, (const char *const[]){ "rampart:file=web/package-lock.json", "rampart:ecosystem=npm",
	                                            "rampart:direct=true", "rampart:dev=true",
	                                            "rampart:license_type=permissive", NULL });

	/* free text that names one license is its id */
	c = find(comps, "bom-ref", "pkg:pypi/requests@2.31.0");
	assert_string_equal(str(get(cJSON_GetArrayItem(get(c, "licenses"), 0), "license"), "id"), "Apache-2.0");
	assert_properties(c, (const char *const[]){ "rampart:file=requirements.txt", "rampart:ecosystem=PyPI",
	                                            "rampart:license_type=permissive", NULL });
	c = find(comps, "bom-ref", "pkg:pypi/urllib3@1.26.5");
	assert_string_equal(str(get(cJSON_GetArrayItem(get(c, "licenses"), 0), "license"), "id"), "MIT");

	c = find(comps, "bom-ref", LOG4J_PURL);
	assert_string_equal(str(c, "group"), "org.apache.logging.log4j");
	assert_string_equal(str(c, "name"), "log4j-core");
	lic = get(c, "licenses");
	assert_int_equal(cJSON_GetArraySize(lic), 1);
	assert_string_equal(str(cJSON_GetArrayItem(lic, 0), "expression"),
	                    "Apache-2.0 AND (MIT OR GPL-2.0-only WITH Classpath-exception-2.0)");
	assert_int_equal(has(cJSON_GetArrayItem(lic, 0), "acknowledgement"), v16);

	/* no license: no licenses, no license_type; OPTIONAL */
	c = find(comps, "bom-ref", "pkg:golang/golang.org/x/text@v0.3.7");
	assert_false(has(c, "licenses"));
	assert_string_equal(str(c, "scope"), "optional");
	assert_properties(c, (const char *const[]){ "rampart:file=go.mod", "rampart:ecosystem=Go",
	                                            "rampart:direct=false", "rampart:optional=true", NULL });

	/* unknown ids: a name, kept as written */
	c = find(comps, "bom-ref", "pkg:cargo/custom@0.1.0");
	assert_string_equal(str(get(cJSON_GetArrayItem(get(c, "licenses"), 0), "license"), "name"),
	                    "Custom-Thing OR Weird");

	/* not UTF-8 and control bytes: replaced and escaped, never passed through */
	c = find(comps, "bom-ref", HOSTILE_PURL);
	assert_string_equal(str(c, "name"), "we\"ird\n");
	assert_string_equal(str(get(cJSON_GetArrayItem(get(c, "licenses"), 0), "license"), "name"),
	                    "Propri\xef\xbf\xbdtaire \x01");
	assert_properties(c, (const char *const[]){ "rampart:file=Cargo.lock", "rampart:ecosystem=crates.io",
	                                            "rampart:direct=false", "rampart:git=true",
	                                            "rampart:license_type=unknown", NULL });

	c = find(comps, "bom-ref", "pkg:cargo/refd@2.0.0");
	assert_string_equal(str(cJSON_GetArrayItem(get(c, "licenses"), 0), "expression"), "LicenseRef-Acme OR MIT");
}

static void check_dependencies(const cJSON *bom)
{
	cJSON *deps = get(bom, "dependencies");

	/* the root, express, body-parser, requests: only components with dependencies */
	assert_int_equal(cJSON_GetArraySize(deps), 4);
	assert_string_equal(str(cJSON_GetArrayItem(deps, 0), "ref"), "rampart:root");
	/* DIRECT ones, and requests: requirements.txt says neither, and nothing depends on it */
	assert_strings(get(find(deps, "ref", "rampart:root"), "dependsOn"),
	               (const char *const[]){ "pkg:npm/express@4.18.2", QS_PURL, "pkg:npm/%40types/node@20.0.0",
	                                      "pkg:pypi/requests@2.31.0", LOG4J_PURL, NULL });
	/* the union over both lockfiles */
	assert_strings(get(find(deps, "ref", "pkg:npm/express@4.18.2"), "dependsOn"),
	               (const char *const[]){ "pkg:npm/body-parser@1.20.1", QS_PURL, "pkg:npm/debug@2.6.9", NULL });
	/* a duplicate edge once, an edge to itself not at all */
	assert_strings(get(find(deps, "ref", "pkg:npm/body-parser@1.20.1"), "dependsOn"),
	               (const char *const[]){ QS_PURL, NULL });
	assert_strings(get(find(deps, "ref", "pkg:pypi/requests@2.31.0"), "dependsOn"),
	               (const char *const[]){ "pkg:pypi/urllib3@1.26.5", NULL });
}

static void check_vulnerabilities(const cJSON *bom)
{
	cJSON *vulns = get(bom, "vulnerabilities"), *v, *r, *a;

	/* the SAST finding and the SCA one without details are not vulnerabilities; qs twice is once */
	assert_int_equal(cJSON_GetArraySize(vulns), 2);
	v = cJSON_GetArrayItem(vulns, 0);
	assert_string_equal(str(v, "id"), "GHSA-jfh8-c2jp-5v3q");
	assert_string_equal(str(get(v, "source"), "name"), "GitHub Advisories");
	assert_string_equal(str(get(v, "source"), "url"), "https://github.com/advisories/GHSA-jfh8-c2jp-5v3q");
	r = get(v, "references");
	assert_int_equal(cJSON_GetArraySize(r), 2);
	assert_string_equal(str(cJSON_GetArrayItem(r, 0), "id"), "CVE-2021-44228");
	assert_string_equal(str(get(cJSON_GetArrayItem(r, 0), "source"), "url"),
	                    "https://nvd.nist.gov/vuln/detail/CVE-2021-44228");
	assert_string_equal(str(cJSON_GetArrayItem(r, 1), "id"), "GHSA-7rjr-3q55-vv33");
	r = cJSON_GetArrayItem(get(v, "ratings"), 0);
	assert_int_equal(cJSON_GetArraySize(get(v, "ratings")), 1);
	assert_true(get(r, "score")->valuedouble == 10.0);
	assert_string_equal(str(r, "severity"), "critical");
	assert_string_equal(str(r, "method"), "CVSSv31");
	assert_string_equal(str(r, "vector"), "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H");
	r = get(v, "cwes");
	assert_int_equal(cJSON_GetArraySize(r), 2);
	assert_int_equal(cJSON_GetArrayItem(r, 0)->valueint, 502);
	assert_int_equal(cJSON_GetArrayItem(r, 1)->valueint, 400);
	assert_string_equal(str(v, "description"), "Remote code injection in Log4j");
	assert_string_equal(str(v, "recommendation"), "Upgrade org.apache.logging.log4j:log4j-core to 2.15.0 or later.");
	/* triage accepted_risk, keyed by the CVE alias */
	a = get(v, "analysis");
	assert_string_equal(str(a, "state"), "exploitable");
	assert_strings(get(a, "response"), (const char *const[]){ "will_not_fix", NULL });
	assert_false(has(a, "justification"));
	assert_string_equal(str(a, "detail"), "internal tool, not reachable from outside");
	assert_string_equal(str(a, "lastUpdated"), "2025-11-22T08:26:40Z");
	a = cJSON_GetArrayItem(get(v, "affects"), 0);
	assert_int_equal(cJSON_GetArraySize(get(v, "affects")), 1);
	assert_string_equal(str(a, "ref"), LOG4J_PURL);
	assert_string_equal(str(cJSON_GetArrayItem(get(a, "versions"), 0), "version"), "2.14.1");
	assert_string_equal(str(cJSON_GetArrayItem(get(a, "versions"), 0), "status"), "affected");
	assert_string_equal(str(cJSON_GetArrayItem(get(a, "versions"), 1), "version"), "2.15.0");
	assert_string_equal(str(cJSON_GetArrayItem(get(a, "versions"), 1), "status"), "unaffected");
	assert_properties(v, (const char *const[]){ "rampart:epss_score=0.94358", "rampart:epss_percentile=0.99957",
	                                            "rampart:kev=true", "rampart:fixed_version=2.15.0",
	                                            "rampart:risk_score=98.5", "rampart:priority=urgent", NULL });

	v = cJSON_GetArrayItem(vulns, 1);
	assert_string_equal(str(v, "id"), "GHSA-hrpp-h998-j3pp");
	assert_int_equal(cJSON_GetArraySize(get(v, "references")), 1);
	r = cJSON_GetArrayItem(get(v, "ratings"), 0);
	assert_true(get(r, "score")->valuedouble == 7.5);
	assert_string_equal(str(r, "severity"), "high");
	/* the first finding's vector is the one that counts: none, so no method */
	assert_false(has(r, "method"));
	assert_false(has(v, "cwes"));
	assert_string_equal(str(v, "description"), "qs 6.11.0: qs vulnerable to Prototype Pollution");
	assert_false(has(v, "recommendation"));
	assert_false(has(v, "analysis"));
	a = cJSON_GetArrayItem(get(v, "affects"), 0);
	assert_string_equal(str(a, "ref"), QS_PURL);
	assert_int_equal(cJSON_GetArraySize(get(a, "versions")), 1);
	/* EPSS unknown: no EPSS properties */
	assert_properties(v, (const char *const[]){ "rampart:kev=false", "rampart:risk_score=41",
	                                            "rampart:priority=medium", NULL });
}

static void test_cyclonedx_content(void **state)
{
	scan_sbom_input in = make_input(true);
	scan_buf out = SCAN_BUF_INIT;
	cJSON *bom, *md, *tool;

	(void)state;
	for (int v = 5; v <= 6; v++) {
		scan_buf_clear(&out);
		assert_int_equal(scan_sbom_cyclonedx(&out, &in, (scan_cyclonedx_version)v), 0);
		bom = parse(&out);
		assert_string_equal(str(bom, "bomFormat"), "CycloneDX");
		assert_string_equal(str(bom, "specVersion"), v == 5 ? "1.5" : "1.6");
		assert_string_equal(str(bom, "$schema"), v == 5 ? "http://cyclonedx.org/schema/bom-1.5.schema.json"
		                                                : "http://cyclonedx.org/schema/bom-1.6.schema.json");
		assert_int_equal(get(bom, "version")->valueint, 1);
		assert_true(!strncmp(str(bom, "serialNumber"), "urn:uuid:", 9) && is_uuid(str(bom, "serialNumber") + 9));
		md = get(bom, "metadata");
		assert_string_equal(str(md, "timestamp"), "2025-11-21T09:35:00Z");
		assert_string_equal(str(cJSON_GetArrayItem(get(md, "lifecycles"), 0), "phase"), "pre-build");
		tool = cJSON_GetArrayItem(get(get(md, "tools"), "components"), 0);
		assert_string_equal(str(tool, "type"), "application");
		assert_string_equal(str(tool, "name"), "rampart");
		assert_string_equal(str(tool, "version"), "0.1.0");
		assert_string_equal(str(get(md, "component"), "bom-ref"), "rampart:root");
		assert_string_equal(str(get(md, "component"), "name"), "shop");
		assert_string_equal(str(get(md, "component"), "type"), "application");
		check_components(bom, v == 6);
		check_dependencies(bom);
		check_vulnerabilities(bom);
		cJSON_Delete(bom);
	}
	/* without vulns: no vulnerabilities at all */
	in.vulns = false;
	scan_buf_clear(&out);
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_6), 0);
	bom = parse(&out);
	assert_false(has(bom, "vulnerabilities"));
	cJSON_Delete(bom);
	scan_buf_dispose(&out);
}

static void test_cyclonedx_schema(void **state)
{
	scan_sbom_input in;
	scan_buf out = SCAN_BUF_INIT;
	char name[64];

	(void)state;
	for (int vulns = 0; vulns <= 1; vulns++) {
		for (int v = 5; v <= 6; v++) {
			in = make_input(vulns);
			scan_buf_clear(&out);
			assert_int_equal(scan_sbom_cyclonedx(&out, &in, (scan_cyclonedx_version)v), 0);
			snprintf(name, sizeof(name), "bom-1.%d-%d.json", v, vulns);
			assert_int_equal(validate(v == 5 ? CDX15 : CDX16, &out, name), 0);
		}
	}
	/* the empty inventory, no root name, no tool version, created now */
	memset(&in, 0, sizeof(in));
	in.vulns = true;
	scan_buf_clear(&out);
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_5), 0);
	assert_int_equal(validate(CDX15, &out, "empty-1.5.json"), 0);
	scan_buf_clear(&out);
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_6), 0);
	assert_int_equal(validate(CDX16, &out, "empty-1.6.json"), 0);
	/* the validator does reject: a license id not on the list */
	scan_buf_clear(&out);
	scan_buf_puts(&out, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.6\",\"components\":[{\"type\":\"library\","
	              "\"name\":\"x\",\"licenses\":[{\"license\":{\"id\":\"Not-A-License\"}}]}]}");
	assert_int_equal(validate(CDX16, &out, "bad-license.json"), 1);
	scan_buf_dispose(&out);
}

/* ---- SPDX ---- */

static const char *package_by_name(const cJSON *pkgs, const char *name, const char *key)
{
	return str(find(pkgs, "name", name), key);
}

/*
 * What the schema cannot check: every licenseDeclared is NOASSERTION, a
 * listed id or an expression of listed ids, or a LicenseRef- the document
 * defines; SPDXIDs are unique idstrings; relationships name elements of
 * the document.
 */
static void check_spdx_semantics(const cJSON *doc)
{
	cJSON *pkgs = get(doc, "packages"), *refs = cJSON_GetObjectItemCaseSensitive(doc, "hasExtractedLicensingInfos");
	cJSON *p, *r;

	cJSON_ArrayForEach(p, pkgs) {
		const char *id = str(p, "SPDXID"), *decl = str(p, "licenseDeclared");
		scan_license_info info;
		cJSON *q;
		int seen = 0;

		assert_true(!strncmp(id, "SPDXRef-", 8) && strlen(id) > 8);
		assert_int_equal(strspn(id + 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-"),
		                 strlen(id + 8));
		cJSON_ArrayForEach(q, pkgs)
			seen += !strcmp(str(q, "SPDXID"), id);
		assert_int_equal(seen, 1);
		if (!strcmp(decl, "NOASSERTION"))
			continue;
		if (!strncmp(decl, "LicenseRef-", 11)) {
			assert_non_null(refs);
			find(refs, "licenseId", decl);
			assert_int_equal(strspn(decl + 11, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-"),
			                 strlen(decl + 11));
			continue;
		}
		assert_int_equal(scan_license_analyze(&info, NULL, decl), 0);
		assert_true(info.form == SCAN_LICENSE_ID || info.form == SCAN_LICENSE_EXPRESSION);
		assert_false(info.has_ref);
	}
	cJSON_ArrayForEach(r, get(doc, "relationships")) {
		const char *from = str(r, "spdxElementId"), *to = str(r, "relatedSpdxElement");
		if (strcmp(from, "SPDXRef-DOCUMENT"))
			find(pkgs, "SPDXID", from);
		find(pkgs, "SPDXID", to);
	}
}

static void test_spdx(void **state)
{
	scan_sbom_input in = make_input(true);
	scan_buf out = SCAN_BUF_INIT;
	cJSON *doc, *pkgs, *p, *refs, *rel;
	const char *ns;
	char rels[64][160];
	size_t nrels = 0;

	(void)state;
	assert_int_equal(scan_sbom_spdx(&out, &in), 0);
	doc = parse(&out);
	assert_string_equal(str(doc, "spdxVersion"), "SPDX-2.3");
	assert_string_equal(str(doc, "dataLicense"), "CC0-1.0");
	assert_string_equal(str(doc, "SPDXID"), "SPDXRef-DOCUMENT");
	assert_string_equal(str(doc, "name"), "shop");
	ns = str(doc, "documentNamespace");
	assert_true(!strncmp(ns, "https://rampart.invalid/spdx/shop-", 34) && is_uuid(ns + 34));
	assert_string_equal(str(get(doc, "creationInfo"), "created"), "2025-11-21T09:35:00Z");
	assert_strings(get(get(doc, "creationInfo"), "creators"), (const char *const[]){ "Tool: rampart-0.1.0", NULL });

	pkgs = get(doc, "packages");
	assert_int_equal(cJSON_GetArraySize(pkgs), 14);
	p = cJSON_GetArrayItem(pkgs, 0);
	assert_string_equal(str(p, "SPDXID"), "SPDXRef-Root");
	assert_string_equal(str(p, "name"), "shop");
	assert_string_equal(str(p, "primaryPackagePurpose"), "APPLICATION");
	p = cJSON_GetArrayItem(pkgs, 1);
	assert_string_equal(str(p, "SPDXID"), "SPDXRef-Package-1");
	assert_string_equal(str(p, "name"), "express");
	assert_string_equal(str(p, "versionInfo"), "4.18.2");
	assert_string_equal(str(p, "downloadLocation"), "NOASSERTION");
	assert_true(cJSON_IsFalse(get(p, "filesAnalyzed")));
	assert_string_equal(str(p, "licenseConcluded"), "NOASSERTION");
	assert_string_equal(str(p, "licenseDeclared"), "MIT");
	assert_string_equal(str(p, "primaryPackagePurpose"), "LIBRARY");
	assert_string_equal(str(p, "comment"), "declared in api/package-lock.json, web/package-lock.json");
	p = cJSON_GetArrayItem(get(p, "externalRefs"), 0);
	assert_string_equal(str(p, "referenceCategory"), "PACKAGE-MANAGER");
	assert_string_equal(str(p, "referenceType"), "purl");
	assert_string_equal(str(p, "referenceLocator"), "pkg:npm/express@4.18.2");
	assert_string_equal(package_by_name(pkgs, "org.apache.logging.log4j:log4j-core", "licenseDeclared"),
	                    "Apache-2.0 AND (MIT OR GPL-2.0-only WITH Classpath-exception-2.0)");
	assert_string_equal(package_by_name(pkgs, "requests", "licenseDeclared"), "Apache-2.0");
	assert_string_equal(package_by_name(pkgs, "golang.org/x/text", "licenseDeclared"), "NOASSERTION");
	/* text, an expression with a reference of another document, not UTF-8: each its own LicenseRef */
	assert_string_equal(package_by_name(pkgs, "custom", "licenseDeclared"), "LicenseRef-Custom-Thing-OR-Weird");
	assert_string_equal(package_by_name(pkgs, "custom2", "licenseDeclared"),
	                    "LicenseRef-Custom-Thing-or-Weird");
	assert_string_equal(package_by_name(pkgs, "refd", "licenseDeclared"), "LicenseRef-LicenseRef-Acme-OR-MIT");
	assert_string_equal(package_by_name(pkgs, "we\"ird\n", "licenseDeclared"), "LicenseRef-Propri-taire");
	refs = get(doc, "hasExtractedLicensingInfos");
	assert_int_equal(cJSON_GetArraySize(refs), 4);
	assert_string_equal(str(find(refs, "licenseId", "LicenseRef-Custom-Thing-OR-Weird"), "extractedText"),
	                    "Custom-Thing OR Weird");
	assert_string_equal(str(find(refs, "licenseId", "LicenseRef-Propri-taire"), "extractedText"),
	                    "Propri\xef\xbf\xbdtaire \x01");

	/* relationships, as "from TYPE to" */
	cJSON_ArrayForEach(rel, get(doc, "relationships")) {
		assert_true(nrels < 64);
		snprintf(rels[nrels++], sizeof(rels[0]), "%s %s %s", str(rel, "spdxElementId"), str(rel, "relationshipType"),
		         str(rel, "relatedSpdxElement"));
	}
	{
		static const char *const want[] = {
			"SPDXRef-DOCUMENT DESCRIBES SPDXRef-Root",
			"SPDXRef-Root DEPENDS_ON SPDXRef-Package-1",    /* express */
			"SPDXRef-Root DEPENDS_ON SPDXRef-Package-3",    /* qs: DIRECT in one lockfile, DEV in one only */
			"SPDXRef-Package-4 DEV_DEPENDENCY_OF SPDXRef-Root", /* @types/node */
			"SPDXRef-Root DEPENDS_ON SPDXRef-Package-6",    /* requests */
			"SPDXRef-Root DEPENDS_ON SPDXRef-Package-8",    /* log4j */
			"SPDXRef-Package-1 DEPENDS_ON SPDXRef-Package-2",
			"SPDXRef-Package-1 DEPENDS_ON SPDXRef-Package-3",
			"SPDXRef-Package-1 DEPENDS_ON SPDXRef-Package-5",
			"SPDXRef-Package-2 DEPENDS_ON SPDXRef-Package-3",
			"SPDXRef-Package-6 DEPENDS_ON SPDXRef-Package-7",
		};
		assert_int_equal(nrels, sizeof(want) / sizeof(want[0]));
		for (size_t i = 0; i < nrels; i++)
			assert_string_equal(rels[i], want[i]);
	}
	check_spdx_semantics(doc);
	cJSON_Delete(doc);
	assert_int_equal(validate(SPDX23, &out, "spdx.json"), 0);

	/* empty */
	memset(&in, 0, sizeof(in));
	scan_buf_clear(&out);
	assert_int_equal(scan_sbom_spdx(&out, &in), 0);
	doc = parse(&out);
	assert_string_equal(str(doc, "name"), "project");
	assert_int_equal(cJSON_GetArraySize(get(doc, "packages")), 1);
	assert_false(has(doc, "hasExtractedLicensingInfos"));
	assert_strings(get(get(doc, "creationInfo"), "creators"), (const char *const[]){ "Tool: rampart", NULL });
	check_spdx_semantics(doc);
	cJSON_Delete(doc);
	assert_int_equal(validate(SPDX23, &out, "spdx-empty.json"), 0);
	scan_buf_dispose(&out);
}

/* Two free texts that make one LicenseRef name: the second gets a suffix no name can have. */
static void test_spdx_ref_collision(void **state)
{
	static const scan_component c[] = {
		{ SCAN_ECO_NPM, "a", "1", "pkg:npm/a@1", "Acme License!", NULL, 0, 0, NULL, 0 },
		{ SCAN_ECO_NPM, "b", "1", "pkg:npm/b@1", "Acme License?", NULL, 0, 0, NULL, 0 },
		{ SCAN_ECO_NPM, "c", "1", "pkg:npm/c@1", "Acme License!", NULL, 0, 0, NULL, 0 },
		{ SCAN_ECO_NPM, "d", "1", "pkg:npm/d@1", "\xe2\x98\x83", NULL, 0, 0, NULL, 0 },
	};
	scan_sbom_input in;
	scan_buf out = SCAN_BUF_INIT;
	cJSON *doc, *pkgs;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.components = c;
	in.ncomponents = 4;
	in.created = T_CREATED;
	assert_int_equal(scan_sbom_spdx(&out, &in), 0);
	doc = parse(&out);
	pkgs = get(doc, "packages");
	assert_string_equal(package_by_name(pkgs, "a", "licenseDeclared"), "LicenseRef-Acme-License");
	assert_string_equal(package_by_name(pkgs, "b", "licenseDeclared"), "LicenseRef-Acme-License--2");
	assert_string_equal(package_by_name(pkgs, "c", "licenseDeclared"), "LicenseRef-Acme-License");
	assert_string_equal(package_by_name(pkgs, "d", "licenseDeclared"), "LicenseRef-unnamed");
	assert_int_equal(cJSON_GetArraySize(get(doc, "hasExtractedLicensingInfos")), 3);
	assert_false(has(cJSON_GetArrayItem(pkgs, 1), "comment"));
	check_spdx_semantics(doc);
	cJSON_Delete(doc);
	assert_int_equal(validate(SPDX23, &out, "spdx-refs.json"), 0);
	scan_buf_dispose(&out);
}

/* ---- VEX ---- */

static const scan_vex_decision decisions[] = {
	{ "CVE-2021-44228", LOG4J_PURL, "not_applicable", "code_not_reachable", T_TRIAGE },
	{ "CVE-2022-24999", QS_PURL, "false_positive", "the lockfile pins a patched fork", T_TRIAGE },
	{ "GHSA-aaaa-bbbb-cccc", QS_PURL, "accepted_risk", NULL, T_TRIAGE },
	{ "GHSA-dddd-eeee-ffff", QS_PURL, "wont_fix", "end of life", 0 },
	{ "CVE-2023-0001", "pkg:pypi/requests@2.31.0", "fixed", "patched in a fork", T_TRIAGE },
	{ "CVE-2023-0002", "pkg:pypi/requests@2.31.0", "in_progress", NULL, T_TRIAGE },
	{ "CVE-2023-0003", "pkg:pypi/requests@2.31.0", "open", NULL, 0 },
	{ "CVE-2023-0004", "pkg:pypi/requests@2.31.0", "not_applicable", "vulnerable_code_cannot_be_controlled_by_adversary",
	  T_TRIAGE },
	{ "CVE-2023-0005", "pkg:npm/%40types/node@20.0.0", "not_applicable", "protected_by_compiler", T_TRIAGE },
	/* a later decision about the same pair replaces the earlier one, wherever it comes */
	{ "CVE-2022-24999", QS_PURL, "open", NULL, T_LATER },
	{ "CVE-2023-0001", "pkg:pypi/requests@2.31.0", "open", NULL, 1 },
};
#define N_DECISIONS (sizeof(decisions) / sizeof(decisions[0]))

static scan_vex_input make_vex(void)
{
	scan_vex_input in;

	memset(&in, 0, sizeof(in));
	in.decisions = decisions;
	in.ndecisions = N_DECISIONS;
	in.root_name = "shop";
	in.created = T_CREATED;
	in.tool_version = "0.1.0";
	return in;
}

static void test_vex_cyclonedx(void **state)
{
	scan_vex_input in = make_vex();
	scan_buf out = SCAN_BUF_INIT;
	cJSON *bom, *comps, *vulns, *v, *a;
	static const struct {
		const char *id, *state, *justification, *detail, *updated;
		bool will_not_fix;
	} want[] = {
		{ "CVE-2021-44228", "not_affected", "code_not_reachable", NULL, "2025-11-22T08:26:40Z", false },
		{ "GHSA-aaaa-bbbb-cccc", "exploitable", NULL, NULL, "2025-11-22T08:26:40Z", true },
		{ "GHSA-dddd-eeee-ffff", "exploitable", NULL, "end of life", NULL, true },
		{ "CVE-2023-0001", "resolved", NULL, "patched in a fork", "2025-11-22T08:26:40Z", false },
		{ "CVE-2023-0002", "in_triage", NULL, NULL, "2025-11-22T08:26:40Z", false },
		{ "CVE-2023-0003", "in_triage", NULL, NULL, NULL, false },
		/* an OpenVEX label CycloneDX has no word for: the detail */
		{ "CVE-2023-0004", "not_affected", NULL, "vulnerable_code_cannot_be_controlled_by_adversary",
		  "2025-11-22T08:26:40Z", false },
		{ "CVE-2023-0005", "not_affected", "protected_by_compiler", NULL, "2025-11-22T08:26:40Z", false },
		{ "CVE-2022-24999", "in_triage", NULL, NULL, "2025-11-23T12:13:20Z", false },
	};

	(void)state;
	assert_int_equal(scan_vex_cyclonedx(&out, &in), 0);
	bom = parse(&out);
	assert_string_equal(str(bom, "specVersion"), "1.6");
	assert_string_equal(str(get(get(bom, "metadata"), "component"), "name"), "shop");
	comps = get(bom, "components");
	assert_int_equal(cJSON_GetArraySize(comps), 4);
	v = find(comps, "bom-ref", LOG4J_PURL);
	assert_string_equal(str(v, "group"), "org.apache.logging.log4j");
	assert_string_equal(str(v, "name"), "log4j-core");
	assert_string_equal(str(v, "version"), "2.14.1");
	assert_string_equal(str(v, "purl"), LOG4J_PURL);
	v = find(comps, "bom-ref", "pkg:npm/%40types/node@20.0.0");
	assert_string_equal(str(v, "group"), "@types");
	assert_string_equal(str(v, "name"), "node");
	v = find(comps, "bom-ref", "pkg:pypi/requests@2.31.0");
	assert_false(has(v, "group"));
	vulns = get(bom, "vulnerabilities");
	assert_int_equal(cJSON_GetArraySize(vulns), sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		v = cJSON_GetArrayItem(vulns, (int)i);
		assert_string_equal(str(v, "id"), want[i].id);
		a = get(v, "analysis");
		assert_string_equal(str(a, "state"), want[i].state);
		if (want[i].justification)
			assert_string_equal(str(a, "justification"), want[i].justification);
		else
			assert_false(has(a, "justification"));
		if (want[i].detail)
			assert_string_equal(str(a, "detail"), want[i].detail);
		else
			assert_false(has(a, "detail"));
		if (want[i].updated)
			assert_string_equal(str(a, "lastUpdated"), want[i].updated);
		else
			assert_false(has(a, "lastUpdated"));
		if (want[i].will_not_fix)
			assert_strings(get(a, "response"), (const char *const[]){ "will_not_fix", NULL });
		else
			assert_false(has(a, "response"));
		find(comps, "bom-ref", str(cJSON_GetArrayItem(get(v, "affects"), 0), "ref"));
	}
	assert_string_equal(str(get(cJSON_GetArrayItem(vulns, 0), "source"), "name"), "NVD");
	cJSON_Delete(bom);
	assert_int_equal(validate(CDX16, &out, "vex.json"), 0);

	/* no decisions: still a valid document */
	memset(&in, 0, sizeof(in));
	scan_buf_clear(&out);
	assert_int_equal(scan_vex_cyclonedx(&out, &in), 0);
	assert_int_equal(validate(CDX16, &out, "vex-empty.json"), 0);
	scan_buf_dispose(&out);
}

static void test_openvex(void **state)
{
	scan_vex_input in = make_vex();
	scan_buf out = SCAN_BUF_INIT;
	cJSON *doc, *st, *s, *prod;
	static const struct {
		const char *name, *status, *justification, *impact, *action, *notes, *timestamp;
	} want[] = {
		{ "CVE-2021-44228", "not_affected", "vulnerable_code_not_in_execute_path", NULL, NULL, NULL,
		  "2025-11-22T08:26:40Z" },
		{ "GHSA-aaaa-bbbb-cccc", "affected", NULL, NULL, "Risk accepted: no fix is planned.", NULL,
		  "2025-11-22T08:26:40Z" },
		{ "GHSA-dddd-eeee-ffff", "affected", NULL, NULL, "end of life", NULL, NULL },
		{ "CVE-2023-0001", "fixed", NULL, NULL, NULL, "patched in a fork", "2025-11-22T08:26:40Z" },
		{ "CVE-2023-0002", "under_investigation", NULL, NULL, NULL, NULL, "2025-11-22T08:26:40Z" },
		{ "CVE-2023-0003", "under_investigation", NULL, NULL, NULL, NULL, NULL },
		{ "CVE-2023-0004", "not_affected", "vulnerable_code_cannot_be_controlled_by_adversary", NULL, NULL, NULL,
		  "2025-11-22T08:26:40Z" },
		{ "CVE-2023-0005", "not_affected", "inline_mitigations_already_exist", NULL, NULL, NULL,
		  "2025-11-22T08:26:40Z" },
		{ "CVE-2022-24999", "under_investigation", NULL, NULL, NULL, NULL, "2025-11-23T12:13:20Z" },
	};
	static const char *const statement_keys[] = { "vulnerability", "timestamp", "products", "status",
	                                              "justification", "impact_statement", "action_statement",
	                                              "status_notes", NULL };

	(void)state;
	in.author = "security@example.com";
	assert_int_equal(scan_vex_openvex(&out, &in), 0);
	doc = parse(&out);
	assert_string_equal(str(doc, "@context"), "https://openvex.dev/ns/v0.2.0");
	assert_true(!strncmp(str(doc, "@id"), "urn:uuid:", 9) && is_uuid(str(doc, "@id") + 9));
	assert_string_equal(str(doc, "author"), "security@example.com");
	assert_string_equal(str(doc, "timestamp"), "2025-11-21T09:35:00Z");
	assert_int_equal(get(doc, "version")->valueint, 1);
	assert_string_equal(str(doc, "tooling"), "Rampart 0.1.0");
	st = get(doc, "statements");
	assert_int_equal(cJSON_GetArraySize(st), sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		cJSON *k;
		s = cJSON_GetArrayItem(st, (int)i);
		/* only fields OpenVEX defines */
		cJSON_ArrayForEach(k, s) {
			bool known = false;
			for (size_t j = 0; statement_keys[j] && !known; j++)
				known = !strcmp(k->string, statement_keys[j]);
			if (!known)
				fail_msg("statement field '%s' is not OpenVEX", k->string);
		}
		assert_string_equal(str(get(s, "vulnerability"), "name"), want[i].name);
		assert_string_equal(str(s, "status"), want[i].status);
#define OPT(field, key) \
		if (want[i].field) assert_string_equal(str(s, key), want[i].field); else assert_false(has(s, key))
		OPT(justification, "justification");
		OPT(impact, "impact_statement");
		OPT(action, "action_statement");
		OPT(notes, "status_notes");
		OPT(timestamp, "timestamp");
#undef OPT
		/* a not_affected statement carries a justification or an impact statement; affected an action */
		if (!strcmp(want[i].status, "not_affected"))
			assert_true(has(s, "justification") || has(s, "impact_statement"));
		if (!strcmp(want[i].status, "affected"))
			assert_true(has(s, "action_statement"));
		prod = cJSON_GetArrayItem(get(s, "products"), 0);
		assert_int_equal(cJSON_GetArraySize(get(s, "products")), 1);
		assert_string_equal(str(prod, "@id"), str(get(prod, "identifiers"), "purl"));
	}
	cJSON_Delete(doc);

	/* prose for a false positive is the impact statement; a fixed @id and the default author */
	{
		static const scan_vex_decision fp[] = {
			{ "CVE-2022-24999", QS_PURL, "false_positive", "the lockfile pins a patched fork", 0 },
			{ "CVE-2022-25000", QS_PURL, "false_positive", NULL, 0 },
			{ "CVE-2022-25001", QS_PURL, "not_applicable", "", 0 },
			/* a CycloneDX label OpenVEX has no word for: the impact statement */
			{ "CVE-2022-25002", QS_PURL, "not_applicable", "requires_configuration", 0 },
		};
		scan_vex_input one;
		memset(&one, 0, sizeof(one));
		one.decisions = fp;
		one.ndecisions = 4;
		one.created = T_CREATED;
		one.doc_id = "https://openvex.dev/docs/example/vex-rampart-1";
		scan_buf_clear(&out);
		assert_int_equal(scan_vex_openvex(&out, &one), 0);
		doc = parse(&out);
		assert_string_equal(str(doc, "@id"), "https://openvex.dev/docs/example/vex-rampart-1");
		assert_string_equal(str(doc, "author"), "Rampart");
		assert_string_equal(str(doc, "tooling"), "Rampart");
		s = cJSON_GetArrayItem(get(doc, "statements"), 0);
		assert_string_equal(str(s, "status"), "not_affected");
		assert_false(has(s, "justification"));
		assert_string_equal(str(s, "impact_statement"), "the lockfile pins a patched fork");
		s = cJSON_GetArrayItem(get(doc, "statements"), 1);
		assert_string_equal(str(s, "impact_statement"), "Marked as a false positive in triage.");
		s = cJSON_GetArrayItem(get(doc, "statements"), 2);
		assert_string_equal(str(s, "impact_statement"), "Marked as not applicable in triage.");
		s = cJSON_GetArrayItem(get(doc, "statements"), 3);
		assert_false(has(s, "justification"));
		assert_string_equal(str(s, "impact_statement"), "requires_configuration");
		cJSON_Delete(doc);
		/* and in CycloneDX it is the justification */
		scan_buf_clear(&out);
		assert_int_equal(scan_vex_cyclonedx(&out, &one), 0);
		doc = parse(&out);
		s = get(cJSON_GetArrayItem(get(doc, "vulnerabilities"), 3), "analysis");
		assert_string_equal(str(s, "justification"), "requires_configuration");
		assert_false(has(s, "detail"));
		s = get(cJSON_GetArrayItem(get(doc, "vulnerabilities"), 0), "analysis");
		assert_string_equal(str(s, "state"), "false_positive");
		assert_string_equal(str(s, "detail"), "the lockfile pins a patched fork");
		cJSON_Delete(doc);
	}
	scan_buf_dispose(&out);
}

/* ---- errors and bounds ---- */

static void test_errors(void **state)
{
	static const size_t bad_dep[] = { 7 };
	scan_component c[2] = {
		{ SCAN_ECO_NPM, "a", "1", "pkg:npm/a@1", NULL, NULL, 0, 0, bad_dep, 1 },
		{ SCAN_ECO_NPM, "b", "1", "pkg:npm/b@1", NULL, NULL, 0, 0, NULL, 0 },
	};
	scan_vex_decision bad_state[] = { { "CVE-1", "pkg:npm/a@1", "ignored", NULL, 0 } };
	scan_vex_decision no_purl[] = { { "CVE-1", NULL, "open", NULL, 0 } };
	scan_sbom_input in;
	scan_vex_input vin;
	scan_buf out = SCAN_BUF_INIT, small;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.components = c;
	in.ncomponents = 2;
	in.created = T_CREATED;
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_6), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "component 0 depends on component 7 of 2");
	assert_int_equal(scan_sbom_spdx(&out, &in), SCAN_EINVAL);
	c[0].ndeps = 0;
	c[1].purl = NULL;
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_6), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "component 1 has no name or purl");
	c[1].purl = "pkg:npm/b@1";
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, (scan_cyclonedx_version)7), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "unsupported CycloneDX version 1.7");
	in.created = (time_t)-5;
	assert_int_equal(scan_sbom_spdx(&out, &in), SCAN_EINVAL);
	in.created = T_CREATED;
	in.triage = bad_state;
	in.ntriage = 1;
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_5), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "unknown triage state 'ignored'");
	in.triage = NULL;
	in.ntriage = 0;

	memset(&vin, 0, sizeof(vin));
	vin.decisions = bad_state;
	vin.ndecisions = 1;
	assert_int_equal(scan_vex_openvex(&out, &vin), SCAN_EINVAL);
	assert_int_equal(scan_vex_cyclonedx(&out, &vin), SCAN_EINVAL);
	vin.decisions = no_purl;
	assert_int_equal(scan_vex_openvex(&out, &vin), SCAN_EINVAL);
	assert_string_equal(scan_error_last()->message, "triage decision 0 has no vulnerability id or purl");
	assert_int_equal(out.size, 0);

	/* the output's cap holds, with a message */
	scan_buf_init(&small, 200);
	assert_int_equal(scan_sbom_cyclonedx(&small, &in, SCAN_CYCLONEDX_1_6), SCAN_ELIMIT);
	assert_string_equal(scan_error_last()->message, "document larger than the output limit of 200 bytes");
	/* and a failed buffer is refused up front */
	assert_int_equal(scan_sbom_spdx(&small, &in), SCAN_ELIMIT);
	scan_buf_dispose(&small);
	scan_buf_dispose(&out);
}

/* Thousands of components in a chain, each in two lockfiles: merged, linked, valid. */
static void test_large(void **state)
{
	enum { COUNT = 4000 };
	scan_component *c = calloc(2 * COUNT, sizeof(*c));
	size_t *deps = calloc(2 * COUNT, sizeof(size_t));
	char (*purls)[32] = calloc(COUNT, sizeof(*purls));
	scan_sbom_input in;
	scan_buf out = SCAN_BUF_INIT;
	cJSON *bom;

	(void)state;
	assert_non_null(c);
	assert_non_null(deps);
	assert_non_null(purls);
	for (size_t i = 0; i < 2 * COUNT; i++) {
		size_t k = i % COUNT;
		snprintf(purls[k], sizeof(purls[k]), "pkg:npm/p%zu@1.0.0", k);
		c[i].ecosystem = SCAN_ECO_NPM;
		c[i].name = purls[k] + 8;
		c[i].version = "1.0.0";
		c[i].purl = purls[k];
		c[i].license = k % 3 ? "MIT" : "GPL-3.0-or-later OR Apache-2.0";
		c[i].file = i < COUNT ? "a/package-lock.json" : "b/package-lock.json";
		c[i].flags = k == 0 ? SCAN_DEP_DIRECT : SCAN_DEP_TRANSITIVE;
		if (k + 1 < COUNT) {
			deps[i] = i + 1;
			c[i].deps = &deps[i];
			c[i].ndeps = 1;
		}
	}
	memset(&in, 0, sizeof(in));
	in.components = c;
	in.ncomponents = 2 * COUNT;
	in.root_name = "big";
	in.created = T_CREATED;
	assert_int_equal(scan_sbom_cyclonedx(&out, &in, SCAN_CYCLONEDX_1_6), 0);
	bom = parse(&out);
	assert_int_equal(cJSON_GetArraySize(get(bom, "components")), COUNT);
	/* the root and every component but the last */
	assert_int_equal(cJSON_GetArraySize(get(bom, "dependencies")), COUNT);
	cJSON_Delete(bom);
	assert_int_equal(validate(CDX16, &out, "big.json"), 0);
	scan_buf_clear(&out);
	assert_int_equal(scan_sbom_spdx(&out, &in), 0);
	assert_int_equal(validate(SPDX23, &out, "big-spdx.json"), 0);
	scan_buf_dispose(&out);
	free(c);
	free(deps);
	free(purls);
}

/* Every document has a fresh serial number. */
static void test_serial_numbers_differ(void **state)
{
	scan_sbom_input in;
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	cJSON *ja, *jb;

	(void)state;
	memset(&in, 0, sizeof(in));
	assert_int_equal(scan_sbom_cyclonedx(&a, &in, SCAN_CYCLONEDX_1_6), 0);
	assert_int_equal(scan_sbom_cyclonedx(&b, &in, SCAN_CYCLONEDX_1_6), 0);
	ja = parse(&a);
	jb = parse(&b);
	assert_string_not_equal(str(ja, "serialNumber"), str(jb, "serialNumber"));
	cJSON_Delete(ja);
	cJSON_Delete(jb);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cyclonedx_content),
		cmocka_unit_test_setup_teardown(test_cyclonedx_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spdx, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spdx_ref_collision, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vex_cyclonedx, setup, teardown),
		cmocka_unit_test(test_openvex),
		cmocka_unit_test(test_errors),
		cmocka_unit_test_setup_teardown(test_large, setup, teardown),
		cmocka_unit_test(test_serial_numbers_differ),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
