/*
 * tests/unit/test_redact.c - the one redaction step: credentials of the
 * finding's file, or of its own text, and sensitive captures, masked whole
 * or cut, whatever the confidence or allow comment.
 */
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "analyzers/redact.h"
#include "secrets/rules.h"

/* Synthetic credentials (a valid GitHub checksum; never real ones). */
#define GHP "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"
#define AWS_ID "AKIAF2KJNEMVUB5VB2AA"
#define AWS_KEY "uwKm1nxWDQfDp+BxG3qfvMbtDSRuXPbgh4kXwbVB"

typedef struct {
	scan_secret_ruleset set;
	scan_secret_engine *engine;
	scan_redactor *r;
	scan_buf out;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	assert_int_equal(scan_secrets__load_builtin(&f->set), 0);
	assert_int_equal(scan_secrets__engine_new(&f->engine, &f->set, NULL), 0);
	assert_int_equal(scan_analyzers__redactor_new(&f->r, f->engine), 0);
	scan_buf_init(&f->out, SCAN_BUF_MAX_DEFAULT);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_analyzers__redactor_free(f->r);
	scan_secrets__engine_free(f->engine);
	scan_secrets__ruleset_dispose(&f->set);
	scan_buf_dispose(&f->out);
	free(f);
	return 0;
}

static const char *redact(fixture *f, const char *s, bool *changed)
{
	assert_int_equal(scan_analyzers__redact(f->r, &f->out, s, strlen(s), changed), 0);
	return f->out.ptr;
}

static void prepare_file(fixture *f, const char *data)
{
	scan_analyzers__redactor_set_file(f->r, "src/app.py", (const unsigned char *)data, strlen(data));
	assert_int_equal(scan_analyzers__redactor_prepare(f->r, NULL, NULL, 0, NULL, 0), 0);
}

/* Every credential of the file, on any line of a snippet, allowed or not. */
static void test_file_credentials(void **state)
{
	fixture *f = *state;
	static const char file[] =
		"import os\n"
		"k = (\"" AWS_ID "\", \"" AWS_KEY "\")\n"
		"os.system(\"curl -H " GHP " \" + host)  # rampart:allow\n";
	bool changed;

	prepare_file(f, file);
	assert_string_equal(redact(f, file + 10, &changed),
	                    "k = (\"AKIA****\", \"uwKm****\")\n"
	                    "os.system(\"curl -H ghp_**** \" + host)  # rampart:allow\n");
	assert_true(changed);
	/* A message naming the token, and text holding none. */
	assert_string_equal(redact(f, "token " GHP " in a call", &changed), "token ghp_**** in a call");
	assert_string_equal(redact(f, "os.system runs a shell", &changed), "os.system runs a shell");
	assert_false(changed);
}

/* A snippet cut inside a credential, at either end, loses the fragment too. */
static void test_cut_credentials(void **state)
{
	fixture *f = *state;
	static const char file[] = "t = \"" GHP "\"\n";
	bool changed;

	prepare_file(f, file);
	assert_string_equal(redact(f, "t = \"ghp_Ky9Pf34qY6Nb3w", &changed), "t = \"ghp_****");
	assert_string_equal(redact(f, "Nb3wWD25RQ4F5ZR3qa7y3gm1IL\" # end", &changed), "****\" # end");
	assert_true(changed);
	/* Short accidental overlaps stay. */
	assert_string_equal(redact(f, "x = \"ghp_K", &changed), "x = \"ghp_K");
	assert_false(changed);
}

/* With no file (a finalize step), a finding's own text is searched. */
static void test_text_credentials(void **state)
{
	fixture *f = *state;
	const char *texts[2] = { "token = \"" GHP "\"", "title" };
	size_t lens[2] = { strlen(texts[0]), strlen(texts[1]) };
	bool changed;

	scan_analyzers__redactor_set_file(f->r, NULL, NULL, 0);
	assert_int_equal(scan_analyzers__redactor_prepare(f->r, texts, lens, 2, NULL, 0), 0);
	assert_string_equal(redact(f, texts[0], &changed), "token = \"ghp_****\"");
	assert_true(changed);
}

/* A sensitive capture is masked for its own finding only; tiny ones are ignored. */
static void test_sensitive_values(void **state)
{
	fixture *f = *state;
	static const char file[] = "SECRET_KEY = 'not-a-known-format-value'\n";
	scan_slice v[2] = { { "not-a-known-format-value", 24 }, { "ab", 2 } };
	bool changed;

	scan_analyzers__redactor_set_file(f->r, "settings.py", (const unsigned char *)file, strlen(file));
	assert_int_equal(scan_analyzers__redactor_prepare(f->r, NULL, NULL, 0, v, 2), 0);
	assert_string_equal(redact(f, file, &changed), "SECRET_KEY = 'not-****'\n");
	assert_string_equal(redact(f, "a tab", &changed), "a tab");
	assert_int_equal(scan_analyzers__redactor_prepare(f->r, NULL, NULL, 0, NULL, 0), 0);
	assert_string_equal(redact(f, file, &changed), file);
	assert_false(changed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_file_credentials, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cut_credentials, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_credentials, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sensitive_values, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
