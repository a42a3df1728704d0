/*
 * tests/unit/test_sca_vex.c - VEX documents (OpenVEX 0.0.1 and 0.2.0,
 * CycloneDX VEX standalone and inside a BOM) read into statements, the
 * latest statement winning, the matcher that decides which findings are
 * not_affected, and hostile input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "sca/vex_read.h"
#include "scan/buf.h"
#include "scan/common.h"

#define VEX_FIXTURES RAMPART_SOURCE_DIR "/tests/sca/vex/"
#define N(a) (sizeof(a) / sizeof((a)[0]))
#define NA SCAN_VEX_NOT_AFFECTED
#define AFF SCAN_VEX_AFFECTED
#define FIX SCAN_VEX_FIXED
#define UI SCAN_VEX_UNDER_INVESTIGATION

static bool streq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void dump(const scan_vex_statement *st, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "  { \"%s\", %s%s%s, %d, %s%s%s },\n", st[i].vuln_id, st[i].purl ? "\"" : "",
		        st[i].purl ? st[i].purl : "NULL", st[i].purl ? "\"" : "", st[i].status,
		        st[i].justification ? "\"" : "", st[i].justification ? st[i].justification : "NULL",
		        st[i].justification ? "\"" : "");
}

static void expect_statements(const scan_vex_statement *st, size_t n, const scan_vex_statement *want, size_t nwant)
{
	bool ok = n == nwant;

	for (size_t i = 0; ok && i < n; i++)
		ok = !strcmp(st[i].vuln_id, want[i].vuln_id) && streq(st[i].purl, want[i].purl) &&
		     st[i].status == want[i].status && streq(st[i].justification, want[i].justification);
	if (!ok) {
		fprintf(stderr, "got %zu statements, want %zu:\n", n, nwant);
		dump(st, n);
		fail_msg("statements differ");
	}
}

static void read_fixture(const char *file, scan_arena *a, scan_vex_statement **st, size_t *n)
{
	char path[1024];
	size_t len;
	char *text;
	int err;

	snprintf(path, sizeof(path), VEX_FIXTURES "%s", file);
	if (!(text = th_read(path, &len)))
		fail_msg("cannot read %s", path);
	err = scan_sca__vex_read(file, text, len, a, st, n);
	free(text);
	if (err)
		fail_msg("%s: %d: %s", file, err, scan_error_last()->message);
}

static void expect_fixture(const char *file, const scan_vex_statement *want, size_t nwant)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st;
	size_t n;

	read_fixture(file, &a, &st, &n);
	expect_statements(st, n, want, nwant);
	scan_arena__dispose(&a);
}

#define OCI "pkg:oci/shop-api@sha256%3A3e1b9a7c5d2f4e6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f2a4b6c8d0e1f3a" \
	"?repository_url=registry.example.com%2Fshop%2Fapi"
#define LOG4J "pkg:maven/org.apache.logging.log4j/log4j-core"

/*
 * vexctl-style OpenVEX 0.2.0: a product with a subcomponent, aliases,
 * statement and document timestamps with offsets and nanoseconds, an
 * under_investigation superseded by a later not_affected, an affected
 * superseded by a later fixed written earlier in the document (same
 * product up to qualifiers, purl given in identifiers), a product that is
 * an IRI only (dropped), a statement inheriting the document's time.
 */
static void test_openvex_020(void **state)
{
	static const scan_vex_statement want[] = {
		{ "CVE-2021-44228", OCI, NA, "vulnerable_code_not_in_execute_path" },
		{ "CVE-2021-44228", LOG4J, NA, "vulnerable_code_not_in_execute_path" },
		{ "GHSA-jfh8-c2jp-5v3q", OCI, NA, "vulnerable_code_not_in_execute_path" },
		{ "GHSA-jfh8-c2jp-5v3q", LOG4J, NA, "vulnerable_code_not_in_execute_path" },
		{ "CVE-2023-44487", "pkg:golang/golang.org/x/net@v0.17.0", NA,
		  "vulnerable_code_cannot_be_controlled_by_adversary" },
		{ "CVE-2024-24790", "pkg:golang/stdlib@v1.22.4", FIX, NULL },
		{ "GHSA-rv95-896h-c2vc", "pkg:npm/express@4.18.2", AFF, NULL },
	};

	(void)state;
	expect_fixture("openvex-0.2.0.json", want, N(want));
}

/* OpenVEX 0.0.1: vulnerability and products as strings, statement-level subcomponents, no product. */
static void test_openvex_001(void **state)
{
	static const scan_vex_statement want[] = {
		{ "CVE-2021-44228", "pkg:maven/org.springframework.boot/spring-boot@2.6.0-M3", NA,
		  "vulnerable_code_not_in_execute_path" },
		{ "CVE-2021-44228", "pkg:maven/org.apache.logging.log4j/log4j-api@2.14.1", NA,
		  "vulnerable_code_not_in_execute_path" },
		{ "CVE-2022-22965", NULL, FIX, NULL },
	};

	(void)state;
	expect_fixture("openvex-0.0.1.json", want, N(want));
}

/*
 * A standalone CycloneDX 1.5 VEX: affects by BOM-Link to a purl bom-ref
 * of another BOM (as written, and URL-encoded), by purl; references[] ids as aliases; every state; a
 * BOM-Link whose ref is not a purl (dropped).
 */
static void test_cyclonedx_vex(void **state)
{
	static const scan_vex_statement want[] = {
		{ "CVE-2022-25883", "pkg:npm/semver@7.5.1", NA, "code_not_reachable" },
		{ "GHSA-c2qf-rxjj-qqgw", "pkg:npm/semver@7.5.1", NA, "code_not_reachable" },
		{ "CVE-2023-26136", "pkg:npm/tough-cookie@4.1.2", UI, NULL },
		{ "CVE-2024-29041", "pkg:npm/express@4.18.2", FIX, NULL },
		{ "CVE-2021-23337", "pkg:npm/lodash@4.17.20", AFF, NULL },
		{ "CVE-2021-23337", "pkg:npm/lodash@4.17.19", AFF, NULL },
	};

	(void)state;
	expect_fixture("cyclonedx-vex.cdx.json", want, N(want));
}

/*
 * Dependency-Track's BOM with VEX (CycloneDX 1.4): affects by the UUID
 * bom-ref of a component (its purl is the product), a vulnerability
 * without analysis (no statement), one without affects (every product).
 */
static void test_dtrack(void **state)
{
	static const scan_vex_statement want[] = {
		{ "CVE-2022-42003", "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.4?type=jar", NA,
		  "protected_by_mitigating_control" },
		{ "CVE-2020-36518", "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.4?type=jar", FIX, NULL },
		{ "CVE-2023-99999", NULL, NA, "code_not_present" },
	};

	(void)state;
	expect_fixture("dtrack-bom-vex.json", want, N(want));
}

static void test_suppresses_fixtures(void **state)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st;
	size_t n;

	(void)state;
	read_fixture("openvex-0.2.0.json", &a, &st, &n);
	/* A version-less subcomponent: every version, qualifiers ignored; by id, alias, or case. */
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2021-44228", NULL, LOG4J "@2.14.1"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2021-44228", "", LOG4J "@2.17.0?type=jar#x"));
	assert_true(scan_sca__vex_suppresses(st, n, "GHSA-jfh8-c2jp-5v3q", NULL, LOG4J "@2.14.1"));
	assert_true(scan_sca__vex_suppresses(st, n, "OSV-2021-1", "CVE-2021-45046, cve-2021-44228 ", LOG4J "@2.14.1"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2021-44228", NULL, "pkg:maven/org.apache.logging.log4j/log4j-api@2.14.1"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2021-45046", NULL, LOG4J "@2.14.1"));
	/* The later not_affected won over under_investigation; only at that version. */
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2023-44487", NULL, "pkg:golang/golang.org/x/net@v0.17.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2023-44487", NULL, "pkg:golang/golang.org/x/net@v0.18.0"));
	/* fixed and affected do not suppress. */
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-24790", NULL, "pkg:golang/stdlib@v1.22.4"));
	assert_false(scan_sca__vex_suppresses(st, n, "GHSA-rv95-896h-c2vc", NULL, "pkg:npm/express@4.18.2"));
	/* No purl, or one that does not parse: only statements about every product could apply. */
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2021-44228", NULL, NULL));
	/* A question, not an operation: it raises no message. */
	scan_error_clear();
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2021-44228", NULL, "not a purl"));
	assert_int_equal(scan_error_last()->code, 0);
	scan_arena__dispose(&a);

	a = (scan_arena)SCAN_ARENA_INIT;
	read_fixture("dtrack-bom-vex.json", &a, &st, &n);
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2022-42003", NULL,
	                                     "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.4"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2022-42003", NULL,
	                                      "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.5"));
	/* A statement about every product. */
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2023-99999", NULL, "pkg:npm/anything@1.0.0"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2023-99999", NULL, NULL));
	scan_arena__dispose(&a);
}

static void test_suppresses_rules(void **state)
{
	static const scan_vex_statement st[] = {
		/* The versioned statement is more specific than the version-less one. */
		{ "CVE-2024-0001", "pkg:npm/a", NA, NULL },
		{ "CVE-2024-0001", "pkg:npm/a@2.0.0", AFF, NULL },
		/* An alias contradicting the id at the same level: nothing is suppressed. */
		{ "CVE-2024-0002", "pkg:npm/b@1.0.0", NA, NULL },
		{ "GHSA-0002", "pkg:npm/b@1.0.0", AFF, NULL },
		/* Every product, but a statement about the product itself wins. */
		{ "CVE-2024-0003", NULL, NA, NULL },
		{ "CVE-2024-0003", "pkg:npm/c", UI, NULL },
		/* Folding by type: PyPI per PEP 503, npm case and scope spelling, Maven exact. */
		{ "CVE-2024-0004", "pkg:pypi/Django_REST.framework@3.14.0", NA, NULL },
		{ "CVE-2024-0004", "pkg:npm/@Babel/Core", NA, NULL },
		{ "CVE-2024-0004", "pkg:maven/Org.Example/lib", NA, NULL },
		{ "CVE-2024-0004", "pkg:deb/debian/openssl@3.0.11-1~deb12u2?arch=amd64&distro=debian-12", NA, NULL },
		{ "CVE-2024-0004", "pkg:composer/Symfony/Console@6.4.3", NA, NULL },
	};
	size_t n = N(st);

	(void)state;
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0001", NULL, "pkg:npm/a@1.0.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0001", NULL, "pkg:npm/a@2.0.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0001", NULL, "pkg:pypi/a@1.0.0"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0002", NULL, "pkg:npm/b@1.0.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0002", "GHSA-0002", "pkg:npm/b@1.0.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "GHSA-0002", "CVE-2024-0002", "pkg:npm/b@1.0.0"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0003", NULL, "pkg:npm/other@1"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0003", NULL, "pkg:npm/c@1"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:pypi/django-rest-framework@3.14.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:pypi/django-rest-framework@3.14.1"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:npm/%40babel/core@7.24.0"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:maven/org.example/lib@1"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:maven/Org.Example/lib@1"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:deb/debian/openssl@3.0.11-1~deb12u2"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:deb/debian/openssl@3.0.11-1~deb12u3"));
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-0004", NULL, "pkg:composer/symfony/console@6.4.3"));
	assert_false(scan_sca__vex_suppresses(st, n, "CVE-2024-9999", "CVE-2024-0001x,,", "pkg:npm/a@1.0.0"));
	assert_false(scan_sca__vex_suppresses(NULL, 0, "CVE-2024-0001", NULL, "pkg:npm/a@1.0.0"));
}

/* Ties go to the later statement; timestamps compare across offsets and fractions. */
static void test_latest_wins(void **state)
{
	static const char doc[] =
		"{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"timestamp\": \"2024-01-01T00:00:00Z\", \"statements\": ["
		"{\"vulnerability\": {\"name\": \"CVE-1\"}, \"products\": [{\"@id\": \"pkg:npm/a@1\"}], \"status\": \"affected\","
		" \"timestamp\": \"2024-05-01T12:00:00.5+02:00\"},"
		"{\"vulnerability\": {\"name\": \"CVE-1\"}, \"products\": [{\"@id\": \"pkg:npm/a@1?x=y\"}], \"status\": "
		"\"not_affected\", \"timestamp\": \"2024-05-01T10:00:00.75Z\"},"
		"{\"vulnerability\": {\"name\": \"CVE-2\"}, \"products\": [{\"@id\": \"pkg:npm/b@1\"}], \"status\": \"affected\"},"
		"{\"vulnerability\": {\"name\": \"cve-2\"}, \"products\": [{\"@id\": \"pkg:npm/b@1\"}], \"status\": \"fixed\"},"
		"{\"vulnerability\": {\"name\": \"CVE-3\"}, \"products\": [{\"@id\": \"pkg:npm/c@1\"}], \"status\": \"fixed\","
		" \"timestamp\": \"2024-02-29\"},"
		"{\"vulnerability\": {\"name\": \"CVE-3\"}, \"products\": [{\"@id\": \"pkg:npm/c@1\"}], \"status\": \"affected\","
		" \"timestamp\": \"2024-02-28T23:59:59-00:01\"}]}";
	static const scan_vex_statement want[] = {
		{ "CVE-1", "pkg:npm/a@1?x=y", NA, NULL },
		{ "cve-2", "pkg:npm/b@1", FIX, NULL },
		{ "CVE-3", "pkg:npm/c@1", AFF, NULL },
	};
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st;
	size_t n;

	(void)state;
	assert_int_equal(scan_sca__vex_read("v.json", doc, strlen(doc), &a, &st, &n), 0);
	expect_statements(st, n, want, N(want));
	scan_arena__dispose(&a);
}

static const struct {
	const char *text, *want;
	int code;
} bad_docs[] = {
	{ "", "not valid JSON", SCAN_EPARSE },
	{ "[1]", "not a CycloneDX or OpenVEX document", SCAN_EPARSE },
	{ "{\"bomFormat\": \"SPDX\"}", "not a CycloneDX or OpenVEX document", SCAN_EPARSE },
	{ "{\"@context\": \"https://example.com/ns\"}", "not a CycloneDX or OpenVEX document", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": {\"name\": \"CVE-1\"}, "
	  "\"status\": \"not_affectd\"}]}", "status 'not_affectd' of 'CVE-1' is not an OpenVEX status", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": {\"name\": \"CVE-1\"}}]}",
	  "status '(none)'", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": {\"@id\": \"x\"}, "
	  "\"status\": \"fixed\"}]}", "a statement names no vulnerability", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"\", \"status\": \"fixed\"}]}",
	  "vulnerability id '' is empty", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\\nx\", \"status\": "
	  "\"fixed\"}]}", "vulnerability id '?' is empty, too long or unprintable", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"fixed\","
	  " \"products\": [\"pkg:npm/%zz@1\"]}]}", "v.json: invalid package URL 'pkg:npm/%zz@1'", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"fixed\","
	  " \"products\": [{\"@id\": \"pkg:npm\"}]}]}", "no name after the type", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"timestamp\": \"yesterday\"}",
	  "\"timestamp\" 'yesterday' is not an RFC 3339 timestamp", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"fixed\","
	  " \"timestamp\": \"2023-02-29T00:00:00Z\"}]}", "not an RFC 3339 timestamp", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"fixed\","
	  " \"timestamp\": \"2023-01-01T25:00:00Z\"}]}", "not an RFC 3339 timestamp", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": {}}", "\"statements\" of the document is not an array",
	  SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [7]}", "a statement is not an object", SCAN_EPARSE },
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"fixed\","
	  " \"products\": [{\"@id\": \"pkg:npm/a@1\", \"subcomponents\": \"pkg:npm/b@1\"}]}]}",
	  "\"subcomponents\" of a product is not an array", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"id\": \"CVE-1\", \"analysis\": {\"state\": \"ignored\"}}]}",
	  "analysis state 'ignored' of 'CVE-1' is not a CycloneDX state", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"analysis\": {\"state\": \"not_affected\"}}]}",
	  "a vulnerability with an analysis has no \"id\"", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"id\": \"CVE-1\", \"analysis\": {\"state\": "
	  "\"not_affected\"}, \"affects\": [{\"ref\": \"pkg:npm/a%2\"}]}]}", "not followed by two hex digits", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"id\": \"CVE-1\", \"analysis\": {\"state\": "
	  "\"not_affected\", \"lastUpdated\": \"2024-01-01 12:00\"}}]}", "\"lastUpdated\" '2024-01-01 12:00'", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": {}}", "\"vulnerabilities\" of the document is not an array",
	  SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"components\": [\"x\"]}", "a component is not an object", SCAN_EPARSE },
	/* Duplicate keys: tools disagree on which status stands. */
	{ "{\"@context\": \"https://openvex.dev/ns\", \"statements\": [{\"vulnerability\": \"CVE-1\", \"status\": \"affected\","
	  " \"status\": \"not_affected\"}]}", "duplicate key 'status'", SCAN_EPARSE },
	{ "{\"bomFormat\": \"CycloneDX\", \"bomFormat\": \"CycloneDX\"}", "duplicate key 'bomFormat'", SCAN_EPARSE },
};

static void expect_error(const char *text, size_t len, int code, const char *want)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st = (scan_vex_statement *)(uintptr_t)1;
	size_t n = 77;
	double t0 = th_cpu_seconds();
	int err = scan_sca__vex_read("v.json", text, len, &a, &st, &n);

	if (err != code)
		fail_msg("expected %d, got %d: %s", code, err, err ? scan_error_last()->message : "(no error)");
	assert_int_equal(scan_error_last()->code, code);
	if (!strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_non_null(strstr(scan_error_last()->message, "v.json"));
	assert_null(strchr(scan_error_last()->message, '\n'));
	/* Untouched on failure. */
	assert_true(st == (scan_vex_statement *)(uintptr_t)1);
	assert_int_equal(n, 77);
	if (th_cpu_seconds() - t0 > 2.0)
		fail_msg("took %.2f s to refuse", th_cpu_seconds() - t0);
	scan_arena__dispose(&a);
}

static void test_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(bad_docs); i++)
		expect_error(bad_docs[i].text, strlen(bad_docs[i].text), bad_docs[i].code, bad_docs[i].want);
}

static void test_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st;
	size_t n;
	double t0 = th_cpu_seconds();

	(void)state;
	/* Nesting past the JSON limit. */
	scan_buf_puts(&b, "{\"@context\": \"https://openvex.dev/ns\", \"x\": ");
	for (int i = 0; i < 500; i++)
		scan_buf_putc(&b, '[');
	for (int i = 0; i < 500; i++)
		scan_buf_putc(&b, ']');
	scan_buf_putc(&b, '}');
	expect_error(b.ptr, b.size, SCAN_ELIMIT, "nested deeper");

	/* Components nested within the JSON limit but deep: fine. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"bomFormat\": \"CycloneDX\", \"components\": ");
	for (int i = 0; i < 60; i++)
		scan_buf_printf(&b, "[{\"bom-ref\": \"r%d\", \"purl\": \"pkg:npm/p%d@1\", \"components\": ", i, i);
	scan_buf_puts(&b, "[]");
	for (int i = 0; i < 60; i++)
		scan_buf_puts(&b, "}]");
	scan_buf_puts(&b, ", \"vulnerabilities\": [{\"id\": \"CVE-1\", \"analysis\": {\"state\": \"not_affected\"},"
	                  " \"affects\": [{\"ref\": \"r59\"}]}]}");
	assert_int_equal(scan_sca__vex_read("v.json", b.ptr, b.size, &a, &st, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(st[0].purl, "pkg:npm/p59@1");

	/* 20,000 statements, half of them superseded. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": [");
	for (int i = 0; i < 20000; i++)
		scan_buf_printf(&b, "%s{\"vulnerability\": {\"name\": \"CVE-2024-%d\"}, \"timestamp\": \"2024-01-%02dT00:00:00Z\","
		                " \"products\": [{\"@id\": \"pkg:npm/p%d@1.0.0\"}], \"status\": \"%s\"}",
		                i ? "," : "", i % 10000, 1 + i / 10000, i % 10000, i < 10000 ? "affected" : "not_affected");
	scan_buf_puts(&b, "]}");
	assert_false(scan_buf_failed(&b));
	assert_int_equal(scan_sca__vex_read("v.json", b.ptr, b.size, &a, &st, &n), 0);
	assert_int_equal(n, 10000);
	assert_int_equal(st[1234].status, SCAN_VEX_NOT_AFFECTED);
	assert_true(scan_sca__vex_suppresses(st, n, "CVE-2024-9999", NULL, "pkg:npm/p9999@1.0.0"));

	/* 1,100 aliases x 1,000 products would be 1.1 million statements: refused before any is made. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": [{\"vulnerability\": "
	                  "{\"name\": \"CVE-1\", \"aliases\": [");
	for (int i = 0; i < 1100; i++)
		scan_buf_printf(&b, "%s\"GHSA-%d\"", i ? "," : "", i);
	scan_buf_puts(&b, "]}, \"status\": \"not_affected\", \"products\": [");
	for (int i = 0; i < 1000; i++)
		scan_buf_printf(&b, "%s{\"@id\": \"pkg:npm/p%d@1\"}", i ? "," : "", i);
	scan_buf_puts(&b, "]}]}");
	expect_error(b.ptr, b.size, SCAN_ELIMIT, "more than 1048576 statements");

	/* The same through CycloneDX references x affects. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"id\": \"CVE-1\", \"references\": [");
	for (int i = 0; i < 1100; i++)
		scan_buf_printf(&b, "%s{\"id\": \"GHSA-%d\"}", i ? "," : "", i);
	scan_buf_puts(&b, "], \"analysis\": {\"state\": \"not_affected\"}, \"affects\": [");
	for (int i = 0; i < 1000; i++)
		scan_buf_printf(&b, "%s{\"ref\": \"pkg:npm/p%d@1\"}", i ? "," : "", i);
	scan_buf_puts(&b, "]}]}");
	expect_error(b.ptr, b.size, SCAN_ELIMIT, "more than 1048576 statements");

	scan_buf_dispose(&b);
	scan_arena__dispose(&a);
	if (th_cpu_seconds() - t0 > 3.0)
		fail_msg("took %.2f s", th_cpu_seconds() - t0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_openvex_020),
		cmocka_unit_test(test_openvex_001),
		cmocka_unit_test(test_cyclonedx_vex),
		cmocka_unit_test(test_dtrack),
		cmocka_unit_test(test_suppresses_fixtures),
		cmocka_unit_test(test_suppresses_rules),
		cmocka_unit_test(test_latest_wins),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
