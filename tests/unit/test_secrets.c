/*
 * tests/unit/test_secrets.c - the secrets engine: rule loading errors, the
 * Hyperscan + PCRE2 pass, validators, false-alarm filters, dedupe, masking.
 */
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "secrets/engine.h"
#include "secrets/rules.h"
#include "scan/scan.h"

/* Synthetic tokens with a valid CRC32-base62 checksum (never real credentials). */
#define GHP1 "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"
#define GHP2 "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"

static const char rules_yaml[] =
	"provider: Test\n"
	"rules:\n"
	"  - id: gh-classic\n"
	"    name: GitHub personal access token\n"
	"    pattern: '\\b(ghp_[A-Za-z0-9]{36})\\b'\n"
	"    keywords: [ghp_]\n"
	"    min_entropy: 3.0\n"
	"    validator: crc32-base62\n"
	"    severity: critical\n"
	"    confidence: 95\n"
	"    remediation: revoke it\n"
	"    examples:\n"
	"      positive: ['t = \"" GHP1 "\"', 'x: " GHP2 "']\n"
	"      negative: ['t = \"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"', 'none']\n"
	"  - id: aws-secret\n"
	"    name: AWS secret access key\n"
	"    pattern: '[\"''= ]([A-Za-z0-9/+]{40})[\"'' \\n]'\n"
	"    keywords: [aws]\n"
	"    context: '(?i)aws.{0,20}secret'\n"
	"    min_entropy: 4.0\n"
	"    severity: critical\n"
	"    confidence: 80\n"
	"    remediation: rotate it\n"
	"    examples:\n"
	"      positive: [a, b]\n"
	"      negative: [c, d]\n"
	"  - id: generic-password\n"
	"    name: Password in code\n"
	"    pattern: '(?i)password\\s*[=:]\\s*[\"'']([^\"''\\s]{8,})[\"'']'\n"
	"    keywords: [password]\n"
	"    min_entropy: 2.5\n"
	"    generic: true\n"
	"    severity: high\n"
	"    confidence: 70\n"
	"    remediation: move it to a secret manager\n"
	"    examples:\n"
	"      positive: [a, b]\n"
	"      negative: [c, d]\n"
	"  - id: pem-key\n"
	"    name: Private key\n"
	"    pattern: '-----BEGIN [A-Z ]{0,20}PRIVATE KEY-----'\n"
	"    secret_group: 0\n"
	"    keywords: ['private key']\n"
	"    validator: pem-private-key\n"
	"    severity: critical\n"
	"    confidence: 95\n"
	"    remediation: replace the key\n"
	"    examples:\n"
	"      positive: [a, b]\n"
	"      negative: [c, d]\n";

typedef struct {
	scan_secret_ruleset set;
	scan_secret_engine *engine;
	scan_secret_scratch *scratch;
} fixture;

typedef struct {
	char ids[16][64];
	unsigned lines[16], conf[16];
	size_t start[16], end[16];
	size_t n;
} hits;

static int collect(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	hits *h = payload;

	(void)in;
	if (h->n < 16) {
		snprintf(h->ids[h->n], sizeof(h->ids[0]), "%s", m->rule->id);
		h->lines[h->n] = m->line;
		h->conf[h->n] = m->confidence;
		h->start[h->n] = m->start;
		h->end[h->n] = m->end;
	}
	h->n++;
	return 0;
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	assert_int_equal(scan_secrets__load_text(&f->set, rules_yaml, strlen(rules_yaml), "test.yaml"), 0);
	assert_int_equal(f->set.count, 4);
	assert_int_equal(scan_secrets__engine_new(&f->engine, &f->set, NULL), 0);
	assert_int_equal(scan_secrets__scratch_new(&f->scratch, f->engine), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_secrets__scratch_free(f->scratch);
	scan_secrets__engine_free(f->engine);
	scan_secrets__ruleset_dispose(&f->set);
	free(f);
	return 0;
}

static hits scan_text(fixture *f, const char *path, const char *text)
{
	hits h;
	scan_secret_input in = { path, (const unsigned char *)text, strlen(text), false };

	memset(&h, 0, sizeof(h));
	assert_int_equal(scan_secrets__scan(f->engine, f->scratch, &in, collect, &h), 0);
	return h;
}

static void test_provider_token_found(void **state)
{
	hits h = scan_text(*state, "app/config.py", "import os\n\nTOKEN = \"" GHP1 "\"\n");

	assert_int_equal(h.n, 1);
	assert_string_equal(h.ids[0], "gh-classic");
	assert_int_equal(h.lines[0], 3);
	assert_int_equal(h.conf[0], 95);
	assert_int_equal(h.end[0] - h.start[0], 40);
}

static void test_checksum_and_placeholders_rejected(void **state)
{
	/* Last character changed: the CRC no longer matches. */
	hits h = scan_text(*state, "a.py", "t = \"ghp_Ky9Pf34qY6Nb3wWD25RQ4F5ZR3qa7y3gm1IM\"\n"
	                                   "u = \"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"\n"
	                                   "v = \"ghp_000000000000000000000000000000000000\"\n");
	assert_int_equal(h.n, 0);
}

static void test_test_path_lowers_confidence(void **state)
{
	hits h = scan_text(*state, "tests/fixtures/auth_test.py", "TOKEN = '" GHP2 "'\n");

	assert_int_equal(h.n, 1);
	assert_int_equal(h.conf[0], 85);
}

static void test_allow_comment(void **state)
{
	hits h = scan_text(*state, "a.py", "TOKEN = '" GHP2 "'  # rampart:allow revoked in 2024\n"
	                                   "TOKEN2 = '" GHP1 "'\n");

	assert_int_equal(h.n, 1);
	assert_int_equal(h.lines[0], 2);
}

static void test_context_rule(void **state)
{
	const char *with = "aws_secret_access_key = \"Zq8/3kT+Lw0pX9aB7cD2eF4gH6iJ1kM5nO0pQr8s\"\n";
	const char *without = "checksum_blob = \"Zq8/3kT+Lw0pX9aB7cD2eF4gH6iJ1kM5nO0pQr8s\"\n# aws is elsewhere\n\n\n";
	hits h = scan_text(*state, "x.env", with);

	assert_int_equal(h.n, 1);
	assert_string_equal(h.ids[0], "aws-secret");
	h = scan_text(*state, "x.env", without);
	assert_int_equal(h.n, 0);
}

static void test_generic_filters(void **state)
{
	hits h = scan_text(*state, "db.py", "password = \"Tr0ub4dor&3xK!\"\n"
	                                    "password = \"${DB_PASSWORD}\"\n"
	                                    "password = \"changeme123\"\n"
	                                    "password = \"123e4567-e89b-12d3-a456-426614174000\"\n"
	                                    "password = \"password_field\"\n"
	                                    "password = os.environ[\"DB_PASSWORD\"]\n");
	assert_int_equal(h.n, 1);
	assert_int_equal(h.lines[0], 1);
}

static void test_provider_beats_generic(void **state)
{
	hits h = scan_text(*state, "a.yaml", "password: \"" GHP1 "\"\n");

	assert_int_equal(h.n, 1);
	assert_string_equal(h.ids[0], "gh-classic");
}

static void test_pem_block(void **state)
{
	char key[2048];
	const char *body = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
	                   "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n";

	snprintf(key, sizeof(key), "KEY = '''\n-----BEGIN RSA PRIVATE KEY-----\n%s-----END RSA PRIVATE KEY-----\n'''\n", body);
	hits h = scan_text(*state, "k.py", key);
	assert_int_equal(h.n, 1);
	assert_int_equal(h.lines[0], 2);
	/* The secret spans the whole block, so its hash identifies the key, not the header. */
	assert_true(h.end[0] - h.start[0] > strlen(body));
	h = scan_text(*state, "k.py", "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n");
	assert_int_equal(h.n, 0);
	h = scan_text(*state, "k.py", "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----\n");
	assert_int_equal(h.n, 0);
}

static void test_mask(void **state)
{
	char out[96];

	(void)state;
	scan_secrets__mask(out, sizeof(out), (const unsigned char *)GHP1, 40);
	assert_string_equal(out, "ghp_****");
	scan_secrets__mask(out, sizeof(out), (const unsigned char *)"hunter22", 8);
	assert_string_equal(out, "hu****");
	scan_secrets__mask(out, sizeof(out), (const unsigned char *)"-----BEGIN EC PRIVATE KEY-----\nMHc", 34);
	assert_string_equal(out, "-----BEGIN EC PRIVATE KEY-----****");
}

static void test_entropy_and_validators(void **state)
{
	(void)state;
	assert_true(scan_secrets__entropy((const unsigned char *)"aaaaaaaa", 8) == 0.0);
	assert_true(scan_secrets__entropy((const unsigned char *)"abcdefgh", 8) == 3.0);
	assert_int_equal(scan_secrets__validate(SECRET_VALIDATOR_AWS_KEY_ID, (const unsigned char *)"AKIAQYLPMN5HHHFPZAM2", 20, NULL, 0, NULL), 1);
	assert_int_equal(scan_secrets__validate(SECRET_VALIDATOR_AWS_KEY_ID, (const unsigned char *)"AKIAQYLPMN5HHHFPZAM1", 20, NULL, 0, NULL), 0);
	/* {"alg":"HS256","typ":"JWT"} . {"sub":"1"} . sig */
	const char *jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVlLWhlcmU";
	assert_int_equal(scan_secrets__validate(SECRET_VALIDATOR_JWT, (const unsigned char *)jwt, strlen(jwt), NULL, 0, NULL), 1);
	assert_int_equal(scan_secrets__validate(SECRET_VALIDATOR_JWT, (const unsigned char *)"eyJhbGciOi.eyJz.c2ln", 20, NULL, 0, NULL), 0);
	assert_int_equal(scan_secrets__validate(SECRET_VALIDATOR_BASE64, (const unsigned char *)"YWRtaW46czNjcjN0UGFzcw==", 24, NULL, 0, NULL), 1);
	assert_true(scan_secrets__is_test_path("src/__tests__/a.js"));
	assert_true(scan_secrets__is_test_path("pkg/auth_test.go"));
	assert_false(scan_secrets__is_test_path("src/contest/main.go"));
}

static void test_loader_errors(void **state)
{
	scan_secret_ruleset set;
	const char *cases[][2] = {
		{ "rules:\n  - id: Bad_Id\n", "test.yaml:2:" },
		{ "provider: X\nrules:\n  - id: a\n    name: n\n    pattern: p\n    remediation: r\n    severity: high\n    confidence: 50\n", "examples" },
		{ "provider: X\nrules:\n  - id: a\n    name: n\n    pattern: p\n    remediation: r\n    severity: extreme\n    confidence: 50\n    examples: {positive: [a, b], negative: [c, d]}\n", "unknown severity 'extreme'" },
		{ "provider: X\nrules:\n  - &x {id: a}\n", "anchors and aliases" },
		{ "rules: [\n", "test.yaml:" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&set, 0, sizeof(set));
		assert_true(scan_secrets__load_text(&set, cases[i][0], strlen(cases[i][0]), "test.yaml") < 0);
		assert_non_null(strstr(scan_error_last()->message, cases[i][1]));
		assert_int_equal(set.count, 0);
		scan_secrets__ruleset_dispose(&set);
	}
	/* A pattern PCRE2 refuses names the rule. */
	const char *bad = "provider: X\nrules:\n  - id: broken\n    name: n\n    pattern: '(unclosed'\n"
	                  "    keywords: [x]\n    remediation: r\n    severity: high\n    confidence: 50\n"
	                  "    examples: {positive: [a, b], negative: [c, d]}\n";
	scan_secret_engine *e = NULL;
	memset(&set, 0, sizeof(set));
	assert_int_equal(scan_secrets__load_text(&set, bad, strlen(bad), "bad.yaml"), 0);
	assert_int_equal(scan_secrets__engine_new(&e, &set, NULL), SCAN_EINVAL);
	assert_non_null(strstr(scan_error_last()->message, "broken"));
	scan_secrets__ruleset_dispose(&set);
}

static void test_db_cache(void **state)
{
	fixture *f = *state;
	char *dir = th_tmpdir(), *cache = th_join(dir, "rampart"), path[4096];
	scan_secret_engine *e = NULL;
	scan_secret_scratch *s = NULL;
	struct dirent *de;
	DIR *d;
	hits h;
	scan_secret_input in = { "a.py", (const unsigned char *)"T = \"" GHP1 "\"\n", 0, false };

	in.len = strlen((const char *)in.data);
	/* The fixture's engine was compiled before the cache was pointed here: compile, then save. */
	assert_int_equal(scan_secrets__engine_new(&e, &f->set, cache), 0);
	scan_secrets__engine_free(e);
	assert_non_null(d = opendir(cache));
	path[0] = '\0';
	while ((de = readdir(d)) != NULL)
		if (!strncmp(de->d_name, "hs-", 3))
			snprintf(path, sizeof(path), "%s/%s", cache, de->d_name);
	closedir(d);
	assert_true(path[0] != '\0');

	/* Loaded from the cache, the engine finds the same. */
	assert_int_equal(scan_secrets__engine_new(&e, &f->set, cache), 0);
	assert_int_equal(scan_secrets__scratch_new(&s, e), 0);
	memset(&h, 0, sizeof(h));
	assert_int_equal(scan_secrets__scan(e, s, &in, collect, &h), 0);
	assert_int_equal(h.n, 1);
	scan_secrets__scratch_free(s);
	scan_secrets__engine_free(e);

	/* A corrupt cache is ignored, not trusted: the engine compiles again. */
	{
		size_t len;
		char *bytes = th_read(path, &len);
		for (size_t i = 20; i < len; i += 97)
			bytes[i] ^= 0x5A;
		FILE *fp = fopen(path, "wb");
		fwrite(bytes, 1, len, fp);
		fclose(fp);
		free(bytes);
	}
	assert_int_equal(scan_secrets__engine_new(&e, &f->set, cache), 0);
	assert_int_equal(scan_secrets__scratch_new(&s, e), 0);
	memset(&h, 0, sizeof(h));
	assert_int_equal(scan_secrets__scan(e, s, &in, collect, &h), 0);
	assert_int_equal(h.n, 1);
	scan_secrets__scratch_free(s);
	scan_secrets__engine_free(e);

	/* One that others could have written is not read at all. */
	chmod(path, 0666);
	assert_int_equal(scan_secrets__engine_new(&e, &f->set, cache), 0);
	scan_secrets__engine_free(e);
	th_rmtree(dir);
	free(dir);
	free(cache);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_provider_token_found, setup, teardown),
		cmocka_unit_test_setup_teardown(test_checksum_and_placeholders_rejected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_test_path_lowers_confidence, setup, teardown),
		cmocka_unit_test_setup_teardown(test_allow_comment, setup, teardown),
		cmocka_unit_test_setup_teardown(test_context_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_generic_filters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_provider_beats_generic, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pem_block, setup, teardown),
		cmocka_unit_test(test_mask),
		cmocka_unit_test(test_entropy_and_validators),
		cmocka_unit_test(test_loader_errors),
		cmocka_unit_test_setup_teardown(test_db_cache, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
