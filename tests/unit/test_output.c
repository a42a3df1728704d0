/* tests/unit/test_output.c - the JSON and SARIF writers, fed hostile data */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include "helpers.h"
#include "scan/buf.h"
#include "scan/finding.h"
#include "scan/gate.h"
#include "scan/scan.h"
#include "model/finding_list.h"
#include "cli.h"

#define SARIF_SCHEMA RAMPART_SOURCE_DIR "/../shared/schemas/sarif-schema-2.1.0.json"
#define VALIDATOR RAMPART_SOURCE_DIR "/tests/unit/validate_json_schema.py"
/* Debian's python3-jsonschema; a pyenv python3 earlier on PATH lacks it. */
#define SYSTEM_PYTHON "/usr/bin/python3"

#define T_CREATED ((time_t)1763717700)   /* 2025-11-21T09:35:00Z */
#define T_COMPLETED ((time_t)1763721300) /* 2025-11-21T10:35:00Z */
#define T_FP ((time_t)1763800000)        /* 2025-11-22T08:26:40Z */

/* Invalid UTF-8 of every kind (stray byte, overlong, surrogate, truncated, F5) and a newline. */
#define BAD_PATH "bad\xff\xc0\xaf\ndir/\xed\xa0\x80x\xe2\x82.py\xf5"
#define BAD_PATH_FIXED "bad\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\ndir/" \
	"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdx\xef\xbf\xbd.py\xef\xbf\xbd"
#define NASTY_SNIPPET "q = \"SELECT * FROM t WHERE id='\" + id + \"'\"; // \\d\t\x01\x1b[31m\x7f\r\n"
#define SPACED_PATH "infra/my dir/#main%20.tf"
#define UNICODE_PATH "src/\xc3\xbcn\xc3\xaf/\xe6\x97\xa5\xe6\x9c\xac.py"

typedef struct {
	const char *rule, *title, *path, *snippet, *cwe, *desc, *rem;
	scan_severity sev;
	scan_category cat;
	uint32_t line, end, col;
	double cvss;
	unsigned conf;
	bool is_new, fp;
	const char *fp_reason;
} spec;

static const spec specs[] = {
	{ "hygiene/merge-conflict-marker", "Merge conflict marker", "README.md", "<<<<<<< HEAD", NULL,
	  "A merge conflict marker was committed.", "Resolve the conflict.", SCAN_SEV_LOW,
	  SCAN_CAT_QUALITY, 10, 10, 1, -1.0, 100, true, true, "intentional: \"example\" of a conflict" },
	{ "secrets/generic-api-key", "Hard-coded API key", BAD_PATH, "api_key = \"****\"", NULL,
	  "A credential is stored in source code.", "Move it to a secret store.", SCAN_SEV_HIGH,
	  SCAN_CAT_SECRET, 3, 3, 5, -1.0, 85, true, false, NULL },
	{ "iac/open-ingress", "Ingress open to the world", SPACED_PATH, NULL, "CWE-284",
	  "The security group allows 0.0.0.0/0.\nRestrict it.", NULL, SCAN_SEV_MEDIUM, SCAN_CAT_IAC,
	  0, 0, 0, -1.0, 70, false, false, NULL },
	{ "injection/sql-string-concat", "SQL built by string concatenation", "src/db/query.c",
	  NASTY_SNIPPET, "CWE-89", "User input reaches a SQL query. Use bound parameters instead.",
	  "Use prepared statements with bound parameters.", SCAN_SEV_CRITICAL, SCAN_CAT_SECURITY,
	  42, 44, 9, 9.8, 95, true, false, NULL },
	{ "injection/sql-string-concat", "SQL built by string concatenation", "src/db/other.c",
	  "exec(\"DELETE FROM t WHERE \" + w)", "CWE-89", "User input reaches a SQL query.",
	  "Use prepared statements with bound parameters.", SCAN_SEV_CRITICAL, SCAN_CAT_SECURITY,
	  7, 7, 0, -1.0, 85, false, false, NULL },
	{ "crypto/weak-hash", "Weak hash function", UNICODE_PATH, "md5(x)", "CWE-328",
	  "MD5 is broken for security use", NULL, SCAN_SEV_LOW, SCAN_CAT_SECURITY,
	  1, 1, 3, -1.0, 60, true, false, NULL },
};
#define NSPECS (sizeof(specs) / sizeof(specs[0]))

static const scan_analyzer_stats analyzer_stats[] = {
	{ "hygiene", "1.0.0", 120, 3, 0.25 },
	{ "secrets", "1.2.0", 118, 1, 1.5 },
};

typedef struct {
	scan_finding_list *list;
	scan_gate_report *gate;
	scan_stats stats;
	cli_doc doc;
	char *dir;
} fixture;

static scan_finding_list *make_list(void)
{
	scan_finding_list *l = scan_model__finding_list_new();

	assert_non_null(l);
	for (size_t i = 0; i < NSPECS; i++) {
		const spec *s = &specs[i];
		scan_finding *f = scan_model__finding_list_push(l);

		assert_non_null(f);
		f->rule_id = scan_arena__strdup(&l->arena, s->rule);
		f->title = scan_arena__strdup(&l->arena, s->title);
		f->tool = scan_arena__strdup(&l->arena, "test");
		f->category = s->cat;
		f->file_path = scan_arena__strdup(&l->arena, s->path);
		f->line_number = s->line;
		f->end_line = s->end;
		f->column = s->col;
		f->description = scan_arena__strdup(&l->arena, s->desc);
		f->remediation = scan_arena__strdup(&l->arena, s->rem);
		f->cwe_id = scan_arena__strdup(&l->arena, s->cwe);
		f->severity = s->sev;
		f->cvss_score = s->cvss;
		f->confidence = s->conf;
		f->snippet = scan_arena__strdup(&l->arena, s->snippet);
		scan_fingerprint(f->fingerprint, s->path, s->rule, s->snippet);
		f->is_new_in_pr = s->is_new;
		f->user_marked_fp = s->fp;
		f->fp_marked_at = s->fp ? T_FP : 0;
		f->fp_reason = scan_arena__strdup(&l->arena, s->fp_reason);
	}
	scan_model__finding_list_sort(l);
	return l;
}

/* Counts that fail the default policy: one new critical, one new high, duplication waived. */
static scan_gate_report *make_gate(void)
{
	scan_gate_config cfg = SCAN_GATE_CONFIG_DEFAULTS;
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_waiver w = { 7, "duplication_pct_max", "generated code", 1, 0, 3, T_CREATED, 0, 0 };
	scan_gate_report *r = NULL;

	in.repo_id = 1;
	in.pr_number = 12;
	in.critical = 1;
	in.high = 1;
	in.low = 1;
	in.duplication_pct = 5.0;
	assert_int_equal(scan_gate_evaluate(&r, &cfg, &in, &w, 1, T_COMPLETED), 0);
	assert_int_equal(r->status, SCAN_GATE_FAILED);
	return r;
}

static int setup(void **state)
{
	fixture *fx = calloc(1, sizeof(*fx));

	assert_non_null(fx);
	fx->list = make_list();
	fx->gate = make_gate();
	fx->stats.files_seen = 130;
	fx->stats.files_scanned = 120;
	fx->stats.files_binary = 4;
	fx->stats.files_too_large = 1;
	fx->stats.files_unreadable = 0;
	fx->stats.files_ignored = 5;
	fx->stats.symlinks_skipped = 2;
	fx->stats.bytes_read = 123456789012ull;
	fx->stats.findings_below_confidence = 3;
	fx->stats.walk_seconds = 0.0125;
	fx->stats.wall_seconds = 1.5;
	fx->stats.jobs = 2;
	fx->stats.analyzer_count = 2;
	fx->stats.analyzers = analyzer_stats;
	fx->doc = (cli_doc){
		.scan_id = 17,
		.repo_name = "acme/widgets",
		.repo_url = "https://github.com/acme/widgets.git",
		.source = "github",
		.branch = "feature/x",
		.default_branch = "main",
		.commit = "0123456789abcdef0123456789abcdef01234567",
		.pr_number = 12,
		.scan_type = "smart",
		.is_baseline_scan = false,
		.created_at = T_CREATED,
		.completed_at = T_COMPLETED,
		.findings = fx->list,
		.gate = fx->gate,
		.stats = &fx->stats,
		.root = "/tmp/my repo#1",
	};
	fx->dir = th_tmpdir();
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	fixture *fx = *state;

	th_rmtree(fx->dir);
	free(fx->dir);
	scan_gate_report_free(fx->gate);
	scan_finding_list_free(fx->list);
	free(fx);
	return 0;
}

/* ---- helpers ---- */

/* An independent strict decoder: no overlongs, surrogates or values above U+10FFFF. */
static bool valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = s[i], len;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xE0) == 0xC0) {
			len = 2;
			cp = c & 0x1F;
		} else if ((c & 0xF0) == 0xE0) {
			len = 3;
			cp = c & 0x0F;
		} else if ((c & 0xF8) == 0xF0) {
			len = 4;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (n - i < len)
			return false;
		for (unsigned k = 1; k < len; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false;
		i += len;
	}
	return true;
}

/* The document as text must be valid UTF-8 without raw control characters except newlines. */
static void assert_clean_text(const scan_buf *b)
{
	assert_true(valid_utf8((const unsigned char *)b->ptr, b->size));
	for (size_t i = 0; i < b->size; i++)
		assert_true((unsigned char)b->ptr[i] >= 0x20 || b->ptr[i] == '\n');
}

static char *escaped(const char *s)
{
	scan_buf b = SCAN_BUF_INIT;

	scan_json_quote(&b, s);
	assert_int_equal(scan_buf_failed(&b), 0);
	return scan_buf_detach(&b);
}

static void assert_escapes_to(const char *in, const char *want)
{
	char *got = escaped(in);

	assert_string_equal(got, want);
	free(got);
}

static cJSON *parse_buf(const scan_buf *b)
{
	cJSON *j = cJSON_ParseWithLength(b->ptr, b->size);

	if (!j)
		fail_msg("not JSON near: %.60s", cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "?");
	return j;
}

static cJSON *at(const cJSON *o, const char *key)
{
	cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v)
		fail_msg("missing key '%s'", key);
	return v;
}

static const char *str_at(const cJSON *o, const char *key)
{
	cJSON *v = at(o, key);

	if (!cJSON_IsString(v))
		fail_msg("'%s' is not a string", key);
	return v->valuestring;
}

static double num_at(const cJSON *o, const char *key)
{
	cJSON *v = at(o, key);

	if (!cJSON_IsNumber(v))
		fail_msg("'%s' is not a number", key);
	return v->valuedouble;
}

static bool bool_at(const cJSON *o, const char *key)
{
	cJSON *v = at(o, key);

	if (!cJSON_IsBool(v))
		fail_msg("'%s' is not a boolean", key);
	return cJSON_IsTrue(v);
}

static const cJSON *finding_by_path(const cJSON *findings, const char *path)
{
	const cJSON *f;

	cJSON_ArrayForEach(f, findings)
		if (!strcmp(str_at(f, "file_path"), path))
			return f;
	fail_msg("no finding at '%s'", path);
	return NULL;
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Exit code of validate_json_schema.py on doc: 0 valid, 1 invalid, 2 could not run. */
static int validate(const char *schema, const char *doc)
{
	scan_buf cmd = SCAN_BUF_INIT;
	int status;

	/* Single-quoted for the shell, which the temporary paths allow. */
	assert_null(strchr(doc, '\''));
	assert_null(strchr(schema, '\''));
	scan_buf_printf(&cmd, SYSTEM_PYTHON " '%s' '%s' '%s'", VALIDATOR, schema, doc);
	assert_int_equal(scan_buf_failed(&cmd), 0);
	status = system(cmd.ptr);
	scan_buf_dispose(&cmd);
	assert_true(status != -1 && WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void validate_sarif_text(const char *dir, const char *name, const char *text, size_t len, int want)
{
	char *path = th_join(dir, name);

	write_file(path, text, len);
	assert_int_equal(validate(SARIF_SCHEMA, path), want);
	free(path);
}

/* ---- cli_json_string ---- */

static void test_json_string_escapes(void **state)
{
	(void)state;
	assert_escapes_to(NULL, "null");
	assert_escapes_to("", "\"\"");
	assert_escapes_to("plain", "\"plain\"");
	assert_escapes_to("a\"b\\c/d", "\"a\\\"b\\\\c/d\"");
	assert_escapes_to("\x01\t\n\r\x1f\x7f", "\"\\u0001\\t\\n\\r\\u001f\\u007f\"");
	/* C1 controls and the JavaScript line separators */
	assert_escapes_to("\xc2\x9b" "1m\xe2\x80\xa8\xe2\x80\xa9", "\"\\u009b1m\\u2028\\u2029\"");
	/* valid multi-byte text passes unchanged */
	assert_escapes_to("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xc2\xa0\xef\xbf\xbf\xf4\x8f\xbf\xbf",
	                  "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xc2\xa0\xef\xbf\xbf\xf4\x8f\xbf\xbf\"");
}

#define R "\xef\xbf\xbd"

static void test_json_string_invalid_utf8(void **state)
{
	(void)state;
	assert_escapes_to("\xff", "\"" R "\"");
	assert_escapes_to("a\x80z", "\"a" R "z\"");
	assert_escapes_to("\xf5\xf8\xfe", "\"" R R R "\"");
	/* overlongs: C0/C1 are never leads; E0 and F0 need a high enough second byte */
	assert_escapes_to("\xc0\xaf", "\"" R R "\"");
	assert_escapes_to("\xc1\xbf", "\"" R R "\"");
	assert_escapes_to("\xe0\x80\xaf", "\"" R R R "\"");
	assert_escapes_to("\xf0\x80\x80\xaf", "\"" R R R R "\"");
	/* surrogates and code points above U+10FFFF */
	assert_escapes_to("\xed\xa0\x80", "\"" R R R "\"");
	assert_escapes_to("\xed\xbf\xbf", "\"" R R R "\"");
	assert_escapes_to("\xf4\x90\x80\x80", "\"" R R R R "\"");
	/* a truncated sequence is one U+FFFD, and the byte that cut it survives */
	assert_escapes_to("\xe2\x82", "\"" R "\"");
	assert_escapes_to("\xe2\x82" "A", "\"" R "A\"");
	assert_escapes_to("\xf0\x9f\x98", "\"" R "\"");
	assert_escapes_to("\xf0\x9f\x98\"", "\"" R "\\\"\"");
	assert_escapes_to("\xc3", "\"" R "\"");
}

/* Whatever the bytes, the output parses, is valid UTF-8 and gives back valid input unchanged. */
static void test_json_string_random_bytes(void **state)
{
	static const unsigned char pool[] = {
		'a', '"', '\\', '\n', 0x01, 0x7f, 0x80, 0x9b, 0xa0, 0xaf, 0xbf, 0xc0, 0xc2, 0xc3,
		0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
	};
	unsigned seed = 12345;
	unsigned char in[24];

	(void)state;
	for (int round = 0; round < 20000; round++) {
		size_t n = (seed = seed * 1103515245u + 12345u) >> 16 & 15;
		scan_buf b = SCAN_BUF_INIT;
		cJSON *j;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			in[i] = (seed >> 16) & 1 ? pool[(seed >> 17) % sizeof(pool)] : (unsigned char)(seed >> 20);
			if (!in[i])
				in[i] = 'z';
		}
		in[n] = '\0';
		scan_json_quote(&b, (const char *)in);
		assert_clean_text(&b);
		j = parse_buf(&b);
		assert_true(cJSON_IsString(j));
		if (valid_utf8(in, n))
			assert_string_equal(j->valuestring, (const char *)in);
		else
			assert_non_null(strstr(j->valuestring, R));
		cJSON_Delete(j);
		scan_buf_dispose(&b);
	}
}

/* ---- JSON document ---- */

static void test_json_document(void **state)
{
	fixture *fx = *state;
	scan_buf b = SCAN_BUF_INIT;
	const cJSON *scan, *sum, *findings, *f, *gate, *v, *stats, *policy;
	cJSON *j;

	assert_int_equal(cli_write_json(&b, &fx->doc), 0);
	assert_clean_text(&b);
	assert_non_null(strstr(b.ptr, "\\u001b[31m")); /* the escape byte is escaped, not raw */
	j = parse_buf(&b);

	assert_string_equal(str_at(j, "schema"), "rampart/scan/v1");
	assert_string_equal(str_at(at(j, "tool"), "name"), "rampart");
	assert_string_equal(str_at(at(j, "tool"), "version"), scan_version());

	scan = at(j, "scan");
	assert_int_equal((int)num_at(scan, "id"), 17);
	assert_string_equal(str_at(scan, "repo_name"), "acme/widgets");
	assert_string_equal(str_at(scan, "branch"), "feature/x");
	assert_int_equal((int)num_at(scan, "pr_number"), 12);
	assert_false(bool_at(scan, "is_baseline_scan"));
	assert_string_equal(str_at(scan, "status"), "completed");
	assert_int_equal((int)num_at(scan, "issues_count"), (int)NSPECS);
	assert_string_equal(str_at(scan, "created_at"), "2025-11-21T09:35:00Z");
	assert_string_equal(str_at(scan, "completed_at"), "2025-11-21T10:35:00Z");

	/* The false positive (the one low in README.md) is not counted. */
	sum = at(j, "summary");
	assert_int_equal((int)num_at(sum, "critical"), 2);
	assert_int_equal((int)num_at(sum, "high"), 1);
	assert_int_equal((int)num_at(sum, "medium"), 1);
	assert_int_equal((int)num_at(sum, "low"), 1);
	assert_int_equal((int)num_at(sum, "total"), 5);
	assert_int_equal((int)num_at(at(sum, "new_in_pr"), "critical"), 1);
	assert_int_equal((int)num_at(at(sum, "new_in_pr"), "high"), 1);
	assert_int_equal((int)num_at(at(sum, "new_in_pr"), "medium"), 0);
	assert_int_equal((int)num_at(at(sum, "new_in_pr"), "low"), 1);
	assert_int_equal((int)num_at(at(sum, "new_in_pr"), "total"), 3);

	findings = at(j, "findings");
	assert_int_equal(cJSON_GetArraySize(findings), (int)NSPECS);

	f = finding_by_path(findings, BAD_PATH_FIXED);
	assert_string_equal(str_at(f, "rule_id"), "secrets/generic-api-key");
	assert_string_equal(str_at(f, "category"), "secret");
	assert_string_equal(str_at(f, "severity"), "high");
	assert_true(cJSON_IsNull(at(f, "cwe_id")));
	assert_true(cJSON_IsNull(at(f, "cvss_score")));
	assert_true(cJSON_IsNull(at(f, "id")));
	assert_true(cJSON_IsNull(at(f, "fp_marked_at")));

	f = finding_by_path(findings, "src/db/query.c");
	assert_string_equal(str_at(f, "snippet"), NASTY_SNIPPET);
	assert_string_equal(str_at(f, "cwe_id"), "CWE-89");
	assert_true(num_at(f, "cvss_score") > 9.79 && num_at(f, "cvss_score") < 9.81);
	assert_int_equal((int)num_at(f, "line_number"), 42);
	assert_int_equal((int)num_at(f, "end_line"), 44);
	assert_int_equal((int)num_at(f, "column"), 9);
	assert_int_equal((int)num_at(f, "confidence"), 95);
	assert_int_equal(strlen(str_at(f, "fingerprint")), SCAN_FINGERPRINT_LEN);
	assert_true(bool_at(f, "is_new_in_pr"));

	f = finding_by_path(findings, SPACED_PATH);
	assert_int_equal((int)num_at(f, "line_number"), 0);
	assert_true(cJSON_IsNull(at(f, "remediation")));
	assert_true(cJSON_IsNull(at(f, "snippet")));

	f = finding_by_path(findings, "README.md");
	assert_true(bool_at(f, "user_marked_fp"));
	assert_string_equal(str_at(f, "fp_marked_at"), "2025-11-22T08:26:40Z");
	assert_string_equal(str_at(f, "fp_reason"), "intentional: \"example\" of a conflict");
	assert_string_equal(str_at(f, "category"), "quality");

	assert_string_equal(str_at(finding_by_path(findings, UNICODE_PATH), "rule_id"), "crypto/weak-hash");

	gate = at(j, "gate");
	assert_int_equal((int)num_at(gate, "scan_id"), 17);
	assert_string_equal(str_at(gate, "status"), "failed");
	assert_int_equal(cJSON_GetArraySize(at(gate, "violations")), 2);
	v = cJSON_GetArrayItem(at(gate, "violations"), 0);
	assert_string_equal(str_at(v, "rule"), "new_critical_max");
	assert_int_equal((int)num_at(v, "threshold"), 0);
	assert_int_equal((int)num_at(v, "actual"), 1);
	assert_string_equal(str_at(v, "severity"), "critical");
	assert_null(cJSON_GetObjectItemCaseSensitive(v, "waived"));
	assert_int_equal(cJSON_GetArraySize(at(gate, "waived_violations")), 1);
	v = cJSON_GetArrayItem(at(gate, "waived_violations"), 0);
	assert_string_equal(str_at(v, "rule"), "duplication_pct_max");
	assert_true(num_at(v, "actual") == 5.0 && num_at(v, "threshold") == 3.0);
	assert_true(bool_at(v, "waived"));
	assert_int_equal((int)num_at(v, "waiver_id"), 7);
	assert_string_equal(str_at(v, "waiver_scope"), "repository");
	assert_string_equal(str_at(gate, "policy_version"), "v1");
	policy = at(gate, "policy");
	assert_int_equal(cJSON_GetArraySize(policy), 6);
	assert_string_equal(str_at(policy, "rating_min"), "A");
	assert_true(num_at(policy, "new_coverage_min") == 80.0);
	assert_true(bool_at(gate, "applies_to_new_code_only"));
	assert_string_equal(str_at(gate, "default_branch"), "main");
	assert_string_equal(str_at(gate, "scanned_branch"), "feature/x");
	assert_false(bool_at(gate, "is_baseline_scan"));
	assert_int_equal((int)num_at(at(gate, "new_in_pr"), "total"), 3);

	stats = at(j, "stats");
	assert_true(num_at(stats, "bytes_read") == 123456789012.0);
	assert_int_equal((int)num_at(stats, "jobs"), 2);
	assert_true(num_at(stats, "walk_seconds") == 0.013 || num_at(stats, "walk_seconds") == 0.012);
	assert_int_equal(cJSON_GetArraySize(at(stats, "analyzers")), 2);
	assert_string_equal(str_at(cJSON_GetArrayItem(at(stats, "analyzers"), 1), "name"), "secrets");
	assert_true(num_at(cJSON_GetArrayItem(at(stats, "analyzers"), 1), "cpu_seconds") == 1.5);

	cJSON_Delete(j);
	scan_buf_dispose(&b);
}

/* A scan from the store without a gate: nulls where nothing is known, no stats at all. */
static void test_json_minimal(void **state)
{
	fixture *fx = *state;
	cli_doc doc = { 0 };
	scan_buf b = SCAN_BUF_INIT;
	const cJSON *scan;
	cJSON *j;

	(void)fx;
	doc.repo_name = "local";
	doc.is_baseline_scan = true;
	assert_int_equal(cli_write_json(&b, &doc), 0);
	assert_clean_text(&b);
	j = parse_buf(&b);
	scan = at(j, "scan");
	assert_true(cJSON_IsNull(at(scan, "id")));
	assert_true(cJSON_IsNull(at(scan, "pr_number")));
	assert_true(cJSON_IsNull(at(scan, "commit")));
	assert_true(cJSON_IsNull(at(scan, "created_at")));
	assert_int_equal((int)num_at(scan, "issues_count"), 0);
	assert_int_equal((int)num_at(at(j, "summary"), "total"), 0);
	assert_true(cJSON_IsArray(at(j, "findings")));
	assert_int_equal(cJSON_GetArraySize(at(j, "findings")), 0);
	assert_true(cJSON_IsNull(at(j, "gate")));
	assert_null(cJSON_GetObjectItemCaseSensitive(j, "stats"));
	cJSON_Delete(j);
	scan_buf_dispose(&b);
}

/* A buffer too small for the document fails with its sticky code, for both writers. */
static void test_buffer_limit(void **state)
{
	fixture *fx = *state;
	scan_buf b;

	scan_buf_init(&b, 512);
	assert_int_equal(cli_write_json(&b, &fx->doc), SCAN_ELIMIT);
	scan_buf_dispose(&b);
	scan_buf_init(&b, 512);
	assert_int_equal(cli_write_sarif(&b, &fx->doc), SCAN_ELIMIT);
	scan_buf_dispose(&b);
}

/* ---- SARIF ---- */

static bool has_string(const cJSON *arr, const char *s)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, arr)
		if (cJSON_IsString(e) && !strcmp(e->valuestring, s))
			return true;
	return false;
}

/* GitHub's security-severity: a string holding a number from 0 to 10. */
static bool is_score(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	return end != s && !*end && v >= 0.0 && v <= 10.0;
}

static const cJSON *result_by_uri(const cJSON *results, const char *uri)
{
	const cJSON *r;

	cJSON_ArrayForEach(r, results) {
		const cJSON *loc = cJSON_GetArrayItem(at(r, "locations"), 0);
		if (!strcmp(str_at(at(at(loc, "physicalLocation"), "artifactLocation"), "uri"), uri))
			return r;
	}
	fail_msg("no result at '%s'", uri);
	return NULL;
}

static const cJSON *region_of(const cJSON *r)
{
	return at(at(cJSON_GetArrayItem(at(r, "locations"), 0), "physicalLocation"), "region");
}

static void test_sarif_schema(void **state)
{
	fixture *fx = *state;
	scan_buf b = SCAN_BUF_INIT;
	cJSON *j, *r0;
	char *text;

	assert_int_equal(cli_write_sarif(&b, &fx->doc), 0);
	assert_clean_text(&b);
	validate_sarif_text(fx->dir, "full.sarif", b.ptr, b.size, 0);

	/* The check can fail: a level SARIF does not have ... */
	j = parse_buf(&b);
	r0 = cJSON_GetArrayItem(at(cJSON_GetArrayItem(at(j, "runs"), 0), "results"), 0);
	cJSON_ReplaceItemInObjectCaseSensitive(r0, "level", cJSON_CreateString("fatal"));
	text = cJSON_PrintUnformatted(j);
	assert_non_null(text);
	validate_sarif_text(fx->dir, "bad-level.sarif", text, strlen(text), 1);
	free(text);
	cJSON_Delete(j);

	/* ... and an artifact uri that is not a URI reference. */
	j = parse_buf(&b);
	r0 = cJSON_GetArrayItem(at(cJSON_GetArrayItem(at(j, "runs"), 0), "results"), 0);
	cJSON_ReplaceItemInObjectCaseSensitive(
		at(at(cJSON_GetArrayItem(at(r0, "locations"), 0), "physicalLocation"), "artifactLocation"),
		"uri", cJSON_CreateString("my dir/a b#c#d"));
	text = cJSON_PrintUnformatted(j);
	assert_non_null(text);
	validate_sarif_text(fx->dir, "bad-uri.sarif", text, strlen(text), 1);
	free(text);
	cJSON_Delete(j);

	/* Not JSON at all. */
	validate_sarif_text(fx->dir, "truncated.sarif", b.ptr, b.size / 2, 1);
	scan_buf_dispose(&b);
}

/* Nothing found, no root, an scp-style remote and a baseline scan: still valid. */
static void test_sarif_minimal(void **state)
{
	fixture *fx = *state;
	cli_doc doc = { 0 };
	scan_finding_list *empty = scan_model__finding_list_new();
	scan_buf b = SCAN_BUF_INIT;
	const cJSON *run;
	cJSON *j;

	assert_non_null(empty);
	doc.repo_url = "git@github.com:acme/widgets.git";
	doc.commit = "0123456789abcdef0123456789abcdef01234567";
	doc.root = "relative/dir";
	doc.is_baseline_scan = true;
	doc.findings = empty;
	assert_int_equal(cli_write_sarif(&b, &doc), 0);
	validate_sarif_text(fx->dir, "empty.sarif", b.ptr, b.size, 0);
	j = parse_buf(&b);
	run = cJSON_GetArrayItem(at(j, "runs"), 0);
	assert_int_equal(cJSON_GetArraySize(at(run, "results")), 0);
	assert_int_equal(cJSON_GetArraySize(at(at(at(run, "tool"), "driver"), "rules")), 0);
	assert_null(cJSON_GetObjectItemCaseSensitive(run, "originalUriBaseIds"));
	assert_null(cJSON_GetObjectItemCaseSensitive(run, "versionControlProvenance"));
	assert_true(bool_at(cJSON_GetArrayItem(at(run, "invocations"), 0), "executionSuccessful"));
	cJSON_Delete(j);
	scan_buf_dispose(&b);

	/* A baseline scan with findings: no baselineState, since nothing was compared. */
	doc.findings = fx->list;
	assert_int_equal(cli_write_sarif(&b, &doc), 0);
	validate_sarif_text(fx->dir, "baseline.sarif", b.ptr, b.size, 0);
	j = parse_buf(&b);
	run = cJSON_GetArrayItem(at(j, "runs"), 0);
	assert_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(at(run, "results"), 0), "baselineState"));
	cJSON_Delete(j);
	scan_buf_dispose(&b);
	scan_finding_list_free(empty);
}

static void test_sarif_invariants(void **state)
{
	fixture *fx = *state;
	scan_buf b = SCAN_BUF_INIT;
	const cJSON *run, *driver, *rules, *results, *r, *rule, *props, *region, *e;
	cJSON *j;

	assert_int_equal(cli_write_sarif(&b, &fx->doc), 0);
	j = parse_buf(&b);
	assert_string_equal(str_at(j, "$schema"), "https://json.schemastore.org/sarif-2.1.0.json");
	assert_string_equal(str_at(j, "version"), "2.1.0");
	assert_int_equal(cJSON_GetArraySize(at(j, "runs")), 1);
	run = cJSON_GetArrayItem(at(j, "runs"), 0);
	driver = at(at(run, "tool"), "driver");
	assert_string_equal(str_at(driver, "name"), "Rampart");
	assert_string_equal(str_at(driver, "semanticVersion"), scan_version());
	rules = at(driver, "rules");
	results = at(run, "results");

	/* One rule per distinct id, in order of first appearance in the sorted list. */
	assert_int_equal(cJSON_GetArraySize(rules), 5);
	assert_int_equal(cJSON_GetArraySize(results), (int)NSPECS);
	assert_string_equal(str_at(cJSON_GetArrayItem(rules, 0), "id"), "hygiene/merge-conflict-marker");
	assert_string_equal(str_at(cJSON_GetArrayItem(rules, 0), "name"), "HygieneMergeConflictMarker");

	cJSON_ArrayForEach(rule, rules) {
		props = at(rule, "properties");
		e = at(props, "security-severity");
		assert_true(cJSON_IsString(e));
		assert_true(is_score(e->valuestring));
		assert_non_null(strstr("very-high high medium low", str_at(props, "precision")));
		assert_non_null(str_at(at(rule, "shortDescription"), "text"));
		assert_non_null(str_at(at(rule, "defaultConfiguration"), "level"));
	}

	cJSON_ArrayForEach(r, results) {
		int idx = (int)num_at(r, "ruleIndex");
		const cJSON *pf = at(r, "partialFingerprints");

		assert_true(idx >= 0 && idx < cJSON_GetArraySize(rules));
		assert_string_equal(str_at(cJSON_GetArrayItem(rules, idx), "id"), str_at(r, "ruleId"));
		assert_int_equal(strlen(str_at(pf, "rampartFingerprint/v1")), SCAN_FINGERPRINT_LEN);
		assert_string_equal(str_at(pf, "rampartFingerprint/v1"), str_at(at(r, "properties"), "fingerprint"));
		assert_true(num_at(region_of(r), "startLine") >= 1);
		assert_string_equal(str_at(at(at(cJSON_GetArrayItem(at(r, "locations"), 0),
		                                 "physicalLocation"), "artifactLocation"), "uriBaseId"), "%SRCROOT%");
	}

	/*
	 * The rule speaks for its worst finding: query.c's CVSS score, though
	 * other.c (no score) sorts first. A CWE becomes a tag GitHub links.
	 */
	r = result_by_uri(results, "src/db/query.c");
	rule = cJSON_GetArrayItem(rules, (int)num_at(r, "ruleIndex"));
	props = at(rule, "properties");
	assert_string_equal(str_at(props, "security-severity"), "9.8");
	assert_true(has_string(at(props, "tags"), "security"));
	assert_true(has_string(at(props, "tags"), "external/cwe/cwe-89"));
	assert_string_equal(str_at(props, "problem.severity"), "error");
	assert_string_equal(str_at(props, "precision"), "very-high");
	assert_string_equal(str_at(r, "level"), "error");
	assert_string_equal(str_at(r, "baselineState"), "new");
	/* The message is the finding's own text: viewers show the rule's title beside it. */
	assert_string_equal(str_at(at(r, "message"), "text"), "User input reaches a SQL query.");
	assert_string_equal(str_at(at(rule, "help"), "markdown"),
	                    "**Remediation**: Use prepared statements with bound parameters.");
	region = region_of(r);
	assert_int_equal((int)num_at(region, "startLine"), 42);
	assert_int_equal((int)num_at(region, "endLine"), 44);
	assert_int_equal((int)num_at(region, "startColumn"), 9);
	assert_string_equal(str_at(at(region, "snippet"), "text"), NASTY_SNIPPET);
	assert_null(cJSON_GetObjectItemCaseSensitive(r, "suppressions"));

	/* Same rule elsewhere: same ruleIndex, not new, no column. */
	e = result_by_uri(results, "src/db/other.c");
	assert_int_equal((int)num_at(e, "ruleIndex"), (int)num_at(r, "ruleIndex"));
	assert_string_equal(str_at(e, "baselineState"), "unchanged");
	assert_null(cJSON_GetObjectItemCaseSensitive(region_of(e), "startColumn"));

	/* Spaces, '#' and '%' are percent-encoded; line 0 becomes line 1 without an endLine. */
	r = result_by_uri(results, "infra/my%20dir/%23main%2520.tf");
	region = region_of(r);
	assert_int_equal((int)num_at(region, "startLine"), 1);
	assert_null(cJSON_GetObjectItemCaseSensitive(region, "endLine"));
	assert_null(cJSON_GetObjectItemCaseSensitive(region, "snippet"));
	assert_string_equal(str_at(r, "level"), "warning");
	assert_string_equal(str_at(at(r, "message"), "text"), "The security group allows 0.0.0.0/0.");
	rule = cJSON_GetArrayItem(rules, (int)num_at(r, "ruleIndex"));
	assert_string_equal(str_at(at(rule, "properties"), "security-severity"), "5.5");
	assert_true(has_string(at(at(rule, "properties"), "tags"), "iac"));
	assert_true(has_string(at(at(rule, "properties"), "tags"), "external/cwe/cwe-284"));
	assert_null(cJSON_GetObjectItemCaseSensitive(rule, "help"));

	/* Invalid UTF-8 and the newline travel as percent-encoded bytes. */
	r = result_by_uri(results, "bad%FF%C0%AF%0Adir/%ED%A0%80x%E2%82.py%F5");
	rule = cJSON_GetArrayItem(rules, (int)num_at(r, "ruleIndex"));
	assert_string_equal(str_at(at(rule, "properties"), "security-severity"), "8.0");
	assert_int_equal(cJSON_GetArraySize(at(at(rule, "properties"), "tags")), 2);

	/* UTF-8 in a path is percent-encoded too: URIs are ASCII. */
	r = result_by_uri(results, "src/%C3%BCn%C3%AF/%E6%97%A5%E6%9C%AC.py");
	assert_string_equal(str_at(r, "level"), "note");
	assert_string_equal(str_at(at(r, "message"), "text"), "MD5 is broken for security use");

	/* The false positive is suppressed with its reason, and quality is not tagged security. */
	r = result_by_uri(results, "README.md");
	e = cJSON_GetArrayItem(at(r, "suppressions"), 0);
	assert_string_equal(str_at(e, "kind"), "external");
	assert_string_equal(str_at(e, "status"), "accepted");
	assert_string_equal(str_at(e, "justification"), "intentional: \"example\" of a conflict");
	rule = cJSON_GetArrayItem(rules, (int)num_at(r, "ruleIndex"));
	assert_false(has_string(at(at(rule, "properties"), "tags"), "security"));
	assert_string_equal(str_at(at(rule, "properties"), "problem.severity"), "recommendation");
	assert_string_equal(str_at(at(rule, "properties"), "security-severity"), "3.0");

	assert_string_equal(str_at(at(at(run, "originalUriBaseIds"), "%SRCROOT%"), "uri"),
	                    "file:///tmp/my%20repo%231/");
	e = cJSON_GetArrayItem(at(run, "versionControlProvenance"), 0);
	assert_string_equal(str_at(e, "repositoryUri"), "https://github.com/acme/widgets.git");
	assert_string_equal(str_at(e, "revisionId"), fx->doc.commit);
	assert_string_equal(str_at(e, "branch"), "feature/x");
	e = cJSON_GetArrayItem(at(run, "invocations"), 0);
	assert_string_equal(str_at(e, "startTimeUtc"), "2025-11-21T09:35:00Z");
	assert_string_equal(str_at(e, "endTimeUtc"), "2025-11-21T10:35:00Z");
	assert_null(cJSON_GetObjectItemCaseSensitive(run, "automationDetails"));

	cJSON_Delete(j);
	scan_buf_dispose(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_string_escapes),
		cmocka_unit_test(test_json_string_invalid_utf8),
		cmocka_unit_test(test_json_string_random_bytes),
		cmocka_unit_test_setup_teardown(test_json_document, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_minimal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_buffer_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sarif_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sarif_minimal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sarif_invariants, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
