/*
 * tests/unit/test_fingerprint.c - the spec 2.9 fingerprint: the formula
 * against an independent SHA-256, and its four properties, the comment-above
 * one end to end through scan_run().
 */
#include <ctype.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/finding.h"
#include "scan/scan.h"

#define BIDI_RULE "hygiene/bidi-control-character"
/* U+202E RIGHT-TO-LEFT OVERRIDE inside a Python comment. */
#define RLO "\xE2\x80\xAE"

/* The spec's formula, computed without the library: sha256(path|rule|snippet minus whitespace)[:16]. */
static void reference(char out[SCAN_FINGERPRINT_LEN + 1], const char *path, const char *rule,
                      const char *snippet)
{
	static const char hex[] = "0123456789abcdef";
	size_t plen = strlen(path), rlen = strlen(rule), slen = strlen(snippet), n = 0;
	char *msg = malloc(plen + rlen + slen + 3);
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	assert_non_null(msg);
	memcpy(msg + n, path, plen);
	n += plen;
	msg[n++] = '|';
	memcpy(msg + n, rule, rlen);
	n += rlen;
	msg[n++] = '|';
	for (size_t i = 0; i < slen; i++)
		if (!isspace((unsigned char)snippet[i]))
			msg[n++] = snippet[i];
	assert_int_equal(EVP_Digest(msg, n, md, &mdlen, EVP_sha256(), NULL), 1);
	assert_int_equal(mdlen, 32);
	for (int i = 0; i < SCAN_FINGERPRINT_LEN / 2; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[SCAN_FINGERPRINT_LEN] = '\0';
	free(msg);
}

static void check_formula(const char *path, const char *rule, const char *snippet)
{
	char got[SCAN_FINGERPRINT_LEN + 1], want[SCAN_FINGERPRINT_LEN + 1];

	memset(got, 'X', sizeof(got));
	scan_fingerprint(got, path, rule, snippet);
	reference(want, path, rule, snippet);
	assert_int_equal(got[SCAN_FINGERPRINT_LEN], '\0');
	assert_int_equal(strlen(got), SCAN_FINGERPRINT_LEN);
	for (int i = 0; i < SCAN_FINGERPRINT_LEN; i++)
		assert_true(strchr("0123456789abcdef", got[i]) != NULL);
	assert_string_equal(got, want);
}

static void fp(char out[SCAN_FINGERPRINT_LEN + 1], const char *path, const char *rule, const char *snippet)
{
	scan_fingerprint(out, path, rule, snippet);
}

static void test_formula(void **state)
{
	char got[SCAN_FINGERPRINT_LEN + 1];

	(void)state;
	check_formula("src/app.py", BIDI_RULE, "x = 1 # <U+202E> y");
	check_formula("a", "r", "");
	check_formula("", "", "");
	check_formula("dir/f.c", "hygiene/merge-conflict-marker", "<<<<<<< HEAD\n\ta\n=======\n\tb\n>>>>>>> x\n");
	check_formula("f", "r", " \t\r\n\v\f");
	check_formula("f", "r", "\xC3\xA9t\xC3\xA9 \xE2\x80\xAE");
	check_formula("p/with space.py", "rule id", "   lead and trail   ");
	/* Known values, so the formula cannot drift together with the reference
	 * (printf 'a.py|r|x=1' | sha256sum). */
	fp(got, "a.py", "r", "x = 1");
	assert_string_equal(got, "5852fb2e845f6596");
	fp(got, "app.py", BIDI_RULE, "x = 1 # <U+202E> y");
	assert_string_equal(got, "57f0a10e268203e9");
	/* NULL snippet is the empty snippet. */
	{
		char a[SCAN_FINGERPRINT_LEN + 1], b[SCAN_FINGERPRINT_LEN + 1];
		fp(a, "f", "r", NULL);
		fp(b, "f", "r", "");
		assert_string_equal(a, b);
	}
	/* A long snippet. */
	{
		size_t n = 100000;
		char *big = malloc(n + 1);
		assert_non_null(big);
		for (size_t i = 0; i < n; i++)
			big[i] = i % 7 == 0 ? ' ' : (char)('a' + i % 26);
		big[n] = '\0';
		check_formula("big.js", "r", big);
		free(big);
	}
}

static void test_fields_are_separated(void **state)
{
	char a[SCAN_FINGERPRINT_LEN + 1], b[SCAN_FINGERPRINT_LEN + 1];

	(void)state;
	/* The '|' separators keep the three parts apart. */
	fp(a, "ab", "c", "d");
	fp(b, "a", "bc", "d");
	assert_string_not_equal(a, b);
	fp(a, "a", "b", "cd");
	fp(b, "a", "bc", "d");
	assert_string_not_equal(a, b);
}

static void test_whitespace_reflow_keeps_it(void **state)
{
	char a[SCAN_FINGERPRINT_LEN + 1], b[SCAN_FINGERPRINT_LEN + 1];

	(void)state;
	fp(a, "src/x.py", BIDI_RULE, "if a and b: call(x, y)");
	fp(b, "src/x.py", BIDI_RULE, "if  a\tand\n\tb:\r\n    call(x,\fy)\v");
	assert_string_equal(a, b);
	fp(b, "src/x.py", BIDI_RULE, "    if a and b: call(x, y)    \n");
	assert_string_equal(a, b);
	fp(b, "src/x.py", BIDI_RULE, "ifaandb:call(x,y)");
	assert_string_equal(a, b);
	/* Non-whitespace changes are not reflow. */
	fp(b, "src/x.py", BIDI_RULE, "if a and b: call(x; y)");
	assert_string_not_equal(a, b);
}

static void test_rename_and_move_change_it(void **state)
{
	char a[SCAN_FINGERPRINT_LEN + 1], b[SCAN_FINGERPRINT_LEN + 1];

	(void)state;
	fp(a, "src/x.py", BIDI_RULE, "total = price * qty");
	fp(b, "src/x.py", BIDI_RULE, "total = price * quantity");
	assert_string_not_equal(a, b);
	fp(b, "src/y.py", BIDI_RULE, "total = price * qty");
	assert_string_not_equal(a, b);
	fp(b, "lib/src/x.py", BIDI_RULE, "total = price * qty");
	assert_string_not_equal(a, b);
	fp(b, "src/x.py", "hygiene/other", "total = price * qty");
	assert_string_not_equal(a, b);
	/* Paths compare exactly: no case folding. */
	fp(b, "src/X.py", BIDI_RULE, "total = price * qty");
	assert_string_not_equal(a, b);
}

/* --- end to end ------------------------------------------------------------- */

typedef struct {
	char *dir;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));
	char *raw = th_tmpdir();

	f->dir = realpath(raw, NULL);
	free(raw);
	assert_non_null(f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	th_rmtree(f->dir);
	free(f->dir);
	free(f);
	return 0;
}

static scan_result *scan_dir(const char *dir)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	int rc;

	o.target = dir;
	o.jobs = 1;
	rc = scan_run(&r, &o);
	if (rc)
		fail_msg("scan_run: %s", scan_error_last()->message);
	return r;
}

/* The only bidi finding of a result (asserted to be exactly one). */
static const scan_finding *the_bidi_finding(const scan_result *r)
{
	const scan_finding_list *l = scan_result_findings(r);
	const scan_finding *found = NULL;

	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		if (!strcmp(f->rule_id, BIDI_RULE)) {
			assert_null(found);
			found = f;
		}
	}
	assert_non_null(found);
	return found;
}

static void test_end_to_end(void **state)
{
	fixture *fx = *state;
	scan_result *r1, *r2, *r3, *r4;
	const scan_finding *f1, *f2, *f3, *f4;
	char want[SCAN_FINGERPRINT_LEN + 1], *p;

	th_write(fx->dir, "app.py", "x = 1 # " RLO " y\n");
	r1 = scan_dir(fx->dir);
	f1 = the_bidi_finding(r1);
	assert_string_equal(f1->file_path, "app.py");
	assert_int_equal(f1->line_number, 1);
	assert_string_equal(f1->snippet, "x = 1 # <U+202E> y");
	assert_string_equal(f1->fingerprint, "57f0a10e268203e9");
	/* The library's stored fingerprint is the formula over what it stored. */
	reference(want, f1->file_path, f1->rule_id, f1->snippet);
	assert_string_equal(f1->fingerprint, want);

	/* A comment line added above, the line re-indented: same fingerprint, new line number. */
	th_write(fx->dir, "app.py", "# a comment explaining x, added later\n\t    x = 1 # " RLO " y\n");
	r2 = scan_dir(fx->dir);
	f2 = the_bidi_finding(r2);
	assert_int_equal(f2->line_number, 2);
	assert_int_not_equal(f2->line_number, f1->line_number);
	assert_string_equal(f2->fingerprint, f1->fingerprint);

	/* Renaming the identifier on the line changes it. */
	th_write(fx->dir, "app.py", "# a comment explaining x, added later\n\t    renamed = 1 # " RLO " y\n");
	r3 = scan_dir(fx->dir);
	f3 = the_bidi_finding(r3);
	assert_int_equal(f3->line_number, 2);
	assert_string_not_equal(f3->fingerprint, f1->fingerprint);

	/* Moving the original file to another path changes it. */
	p = th_join(fx->dir, "app.py");
	assert_int_equal(unlink(p), 0);
	free(p);
	th_write(fx->dir, "pkg/app.py", "x = 1 # " RLO " y\n");
	r4 = scan_dir(fx->dir);
	f4 = the_bidi_finding(r4);
	assert_string_equal(f4->file_path, "pkg/app.py");
	assert_int_equal(f4->line_number, 1);
	assert_string_not_equal(f4->fingerprint, f1->fingerprint);
	reference(want, "pkg/app.py", BIDI_RULE, f1->snippet);
	assert_string_equal(f4->fingerprint, want);

	scan_result_free(r1);
	scan_result_free(r2);
	scan_result_free(r3);
	scan_result_free(r4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formula),
		cmocka_unit_test(test_fields_are_separated),
		cmocka_unit_test(test_whitespace_reflow_keeps_it),
		cmocka_unit_test(test_rename_and_move_change_it),
		cmocka_unit_test_setup_teardown(test_end_to_end, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
