/*
 * tests/unit/test_suppress.c - inline suppression markers: the parser of one
 * comment (markers, ids, codes, reasons) and the line check (comments of
 * each language, the line above, strings, syntax trees).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "parse/language.h"
#include "analyzers/suppress.h"

#define SHELL "sast/python.subprocess-shell-true"
#define SQLI "sast/python.sql-injection"

static bool parse(scan_suppression *s, const char *c, const char *rule, const char *cwe)
{
	memset(s, 0, sizeof(*s));
	return scan_suppress__parse(s, c, strlen(c), rule, cwe);
}

static void assert_reason(const scan_suppression *s, const char *want)
{
	if (!want) {
		assert_null(s->reason);
		return;
	}
	assert_non_null(s->reason);
	assert_int_equal(s->reason_len, strlen(want));
	assert_memory_equal(s->reason, want, s->reason_len);
}

static void test_rampart_ignore(void **state)
{
	scan_suppression s;

	(void)state;
	assert_true(parse(&s, " rampart:ignore", SHELL, "CWE-78"));
	assert_string_equal(s.kind, "rampart:ignore");
	assert_reason(&s, NULL);
	assert_true(parse(&s, " rampart:ignore -- the command is a constant ", SHELL, "CWE-78"));
	assert_reason(&s, "the command is a constant");
	assert_true(parse(&s, " rampart:ignore test fixture only", SHELL, "CWE-78"));
	assert_reason(&s, "test fixture only");
	/* ids: the whole id, the rule's own id, its last part, or the CWE */
	assert_true(parse(&s, "rampart:ignore sast/python.subprocess-shell-true", SHELL, "CWE-78"));
	assert_true(parse(&s, "rampart:ignore python.subprocess-shell-true -- reviewed", SHELL, "CWE-78"));
	assert_reason(&s, "reviewed");
	assert_true(parse(&s, "rampart:ignore python.sql-injection,python.subprocess-shell-true reviewed", SHELL, NULL));
	assert_reason(&s, "reviewed");
	assert_true(parse(&s, "rampart:ignore python.sql-injection, CWE-78", SHELL, "CWE-78"));
	/* an id of another rule silences nothing */
	assert_false(parse(&s, "rampart:ignore python.sql-injection -- reviewed", SHELL, "CWE-78"));
	assert_false(parse(&s, "rampart:ignore CWE-89", SHELL, "CWE-78"));
	/* a word that only starts like the marker */
	assert_false(parse(&s, "rampart:ignored", SHELL, "CWE-78"));
	assert_false(parse(&s, "xrampart:ignore", SHELL, "CWE-78"));
}

static void test_other_tools(void **state)
{
	scan_suppression s;

	(void)state;
	/* bandit: bare nosec silences anything; with ids only those (codes map to CWEs) */
	assert_true(parse(&s, " nosec", SQLI, "CWE-89"));
	assert_string_equal(s.kind, "nosec");
	assert_true(parse(&s, " nosec B608", SQLI, "CWE-89"));
	assert_true(parse(&s, " nosec B602, B608 -- built from constants", SQLI, "CWE-89"));
	assert_reason(&s, "built from constants");
	assert_false(parse(&s, " nosec B602", SQLI, "CWE-89"));
	assert_false(parse(&s, " nosec B999", SQLI, "CWE-89"));
	assert_false(parse(&s, " nosecurity", SQLI, "CWE-89"));
	/* gosec writes #nosec G204 */
	assert_true(parse(&s, " #nosec G204 -- fixed argv", "sast/go.exec-command", "CWE-78"));
	assert_false(parse(&s, " #nosec G201", "sast/go.exec-command", "CWE-78"));
	/* semgrep */
	assert_true(parse(&s, " nosemgrep", SQLI, "CWE-89"));
	assert_string_equal(s.kind, "nosemgrep");
	assert_true(parse(&s, " nosemgrep: python.sql-injection", SQLI, "CWE-89"));
	assert_true(parse(&s, " nosemgrep: my-rule, python.sql-injection because", SQLI, "CWE-89"));
	assert_reason(&s, "because");
	assert_false(parse(&s, " nosemgrep: python.lang.security.audit.formatted-sql-query", SQLI, "CWE-89"));
	/* Sonar: no ids, the rest is the reason */
	assert_true(parse(&s, " NOSONAR false alarm", SQLI, "CWE-89"));
	assert_string_equal(s.kind, "NOSONAR");
	assert_reason(&s, "false alarm");
	assert_false(parse(&s, " nosonar", SQLI, "CWE-89"));
	/* noqa: only with a matching code; a bare noqa is about style */
	assert_false(parse(&s, " noqa", SQLI, "CWE-89"));
	assert_false(parse(&s, " NOQA", SQLI, "CWE-89"));
	assert_false(parse(&s, " noqa: E501", SQLI, "CWE-89"));
	assert_true(parse(&s, " noqa: E501,S608", SQLI, "CWE-89"));
	assert_string_equal(s.kind, "noqa");
	assert_true(parse(&s, " noqa: B608", SQLI, "CWE-89"));
	assert_true(parse(&s, " NOQA: CWE-89", SQLI, "CWE-89"));
	assert_true(parse(&s, " noqa: python.sql-injection", SQLI, NULL));
	/* two markers: the first that silences wins */
	assert_true(parse(&s, " noqa: E501 NOSONAR legacy", SQLI, "CWE-89"));
	assert_string_equal(s.kind, "NOSONAR");
}

static bool check(scan_suppression *s, const char *src, scan_lang lang, uint32_t line, const char *rule,
                  const char *cwe)
{
	scan_line_index idx = { 0 };

	assert_int_equal(scan_suppress__check(s, &idx, src, strlen(src), lang, NULL, line, rule, cwe), 0);
	scan_analyzers__line_index_dispose(&idx);
	return s->kind != NULL;
}

static void test_lines(void **state)
{
	scan_suppression s;
	const char *py =
		"run(cmd)  # nosec\n"                   /* 1 */
		"# rampart:ignore -- reviewed\n"        /* 2 */
		"run(cmd)\n"                            /* 3 */
		"x = '# nosec'; run(cmd)\n"             /* 4 */
		"y = 1  # nosec\n"                      /* 5: not comment-only */
		"run(cmd)\n"                            /* 6 */
		"run(\"a\\\"# nosec\")\n"               /* 7: escaped quote, still a string */
		"\n"                                    /* 8 */
		"run(cmd)\n";                           /* 9: two lines below a marker */
	const char *js =
		"exec(cmd); // nosemgrep\n"             /* 1 */
		"/* NOSONAR */ exec(cmd);\n"            /* 2 */
		"const s = `// nosec`; exec(s);\n"      /* 3 */
		"// rampart:ignore python.other -- no\n"/* 4 */
		"exec(cmd);\n";                         /* 5 */
	const char *tf =
		"resource \"a\" \"b\" {\n"              /* 1 */
		"  acl = \"public-read\" # nosec\n"     /* 2 */
		"  # rampart:ignore\n"                  /* 3 */
		"  x = \"// nosec\"\n"                  /* 4 */
		"}\n";                                  /* 5 */

	(void)state;
	assert_true(check(&s, py, SCAN_LANG_PYTHON, 1, SHELL, "CWE-78"));
	assert_true(check(&s, py, SCAN_LANG_PYTHON, 3, SHELL, "CWE-78"));
	assert_string_equal(s.kind, "rampart:ignore");
	assert_reason(&s, "reviewed");
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 4, SHELL, "CWE-78"));
	assert_true(check(&s, py, SCAN_LANG_PYTHON, 5, SHELL, "CWE-78"));
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 6, SHELL, "CWE-78"));
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 7, SHELL, "CWE-78"));
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 9, SHELL, "CWE-78"));
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 0, SHELL, "CWE-78"));
	assert_false(check(&s, py, SCAN_LANG_PYTHON, 99, SHELL, "CWE-78"));
	/* '//' is no comment in Python, '#' none in JavaScript */
	assert_false(check(&s, "run(cmd)  // nosec\n", SCAN_LANG_PYTHON, 1, SHELL, "CWE-78"));
	assert_false(check(&s, "run(cmd)  # nosec\n", SCAN_LANG_JAVASCRIPT, 1, SHELL, "CWE-78"));
	assert_false(check(&s, "{\"a\": 1} // nosec\n", SCAN_LANG_JSON, 1, SHELL, "CWE-78"));

	assert_true(check(&s, js, SCAN_LANG_JAVASCRIPT, 1, SHELL, "CWE-78"));
	assert_string_equal(s.kind, "nosemgrep");
	assert_true(check(&s, js, SCAN_LANG_JAVASCRIPT, 2, SHELL, "CWE-78"));
	assert_string_equal(s.kind, "NOSONAR");
	assert_false(check(&s, js, SCAN_LANG_JAVASCRIPT, 3, SHELL, "CWE-78"));
	assert_false(check(&s, js, SCAN_LANG_JAVASCRIPT, 5, SHELL, "CWE-78"));

	assert_true(check(&s, tf, SCAN_LANG_HCL, 2, "iac/terraform.aws.s3-public-acl", "CWE-284"));
	assert_true(check(&s, tf, SCAN_LANG_HCL, 4, "iac/terraform.aws.s3-public-acl", "CWE-284"));
	assert_false(check(&s, tf, SCAN_LANG_HCL, 5, "iac/terraform.aws.s3-public-acl", "CWE-284"));

	/* other comment forms */
	assert_true(check(&s, "SELECT 1 -- nosec\n", SCAN_LANG_SQL, 1, "x/y", NULL));
	assert_true(check(&s, "<a href=x> <!-- rampart:ignore -->\n", SCAN_LANG_HTML, 1, "x/y", NULL));
	assert_true(check(&s, "# nosec\nRUN curl x | sh\n", SCAN_LANG_DOCKERFILE, 2, "x/y", NULL));
	assert_false(check(&s, "RUN echo # nosec\n", SCAN_LANG_DOCKERFILE, 1, "x/y", NULL));
	assert_false(check(&s, "echo a#nosec\n", SCAN_LANG_BASH, 1, "x/y", NULL));
	assert_true(check(&s, "echo a # nosec\n", SCAN_LANG_BASH, 1, "x/y", NULL));
	/* no newline at the end, CRLF */
	assert_true(check(&s, "a()\r\nrun(cmd) # nosec", SCAN_LANG_PYTHON, 2, SHELL, NULL));
	assert_true(check(&s, "# nosec\r\nrun(cmd)\r\n", SCAN_LANG_PYTHON, 2, SHELL, NULL));
}

/* With the syntax tree, a marker in a multi-line string is no comment. */
static void test_tree(void **state)
{
	const char *py =
		"s = '''\n"
		"# nosec\n"
		"'''\n"
		"run(cmd)  # nosec\n";
	TSParser *p = ts_parser_new();
	TSTree *t;
	scan_line_index idx = { 0 };
	scan_suppression s;

	(void)state;
	assert_true(ts_parser_set_language(p, scan_parse__ts_language(SCAN_LANG_PYTHON)));
	assert_non_null(t = ts_parser_parse_string(p, NULL, py, (uint32_t)strlen(py)));
	assert_int_equal(scan_suppress__check(&s, &idx, py, strlen(py), SCAN_LANG_PYTHON, t, 3, SHELL, NULL), 0);
	assert_null(s.kind);
	assert_int_equal(scan_suppress__check(&s, &idx, py, strlen(py), SCAN_LANG_PYTHON, t, 4, SHELL, NULL), 0);
	assert_string_equal(s.kind, "nosec");
	/* without the tree the line lexer takes line 2 for a comment: why the tree is used */
	assert_int_equal(scan_suppress__check(&s, &idx, py, strlen(py), SCAN_LANG_PYTHON, NULL, 3, SHELL, NULL), 0);
	assert_non_null(s.kind);
	scan_analyzers__line_index_dispose(&idx);
	ts_tree_delete(t);
	ts_parser_delete(p);
}

/* A long reason is cut; a long id list is bounded. */
static void test_limits(void **state)
{
	char *c = malloc(4096);
	scan_suppression s;
	size_t n;

	(void)state;
	assert_non_null(c);
	n = (size_t)snprintf(c, 4096, "rampart:ignore -- ");
	memset(c + n, 'a', 4096 - n - 1);
	c[4095] = '\0';
	assert_true(parse(&s, c, SHELL, NULL));
	assert_int_equal(s.reason_len, SCAN_SUPPRESS_REASON_MAX);
	n = (size_t)snprintf(c, 4096, "nosec");
	for (int i = 0; i < SCAN_SUPPRESS_IDS_MAX; i++)
		n += (size_t)snprintf(c + n, 4096 - n, " B%03d,", 100 + i);
	snprintf(c + n, 4096 - n, " B608");
	assert_false(parse(&s, c, SQLI, "CWE-89")); /* B608 is past the ids looked at */
	c[n] = '\0';
	memcpy(c + 5, " B608,", 6);              /* the first id */
	assert_true(parse(&s, c, SQLI, "CWE-89"));
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rampart_ignore),
		cmocka_unit_test(test_other_tools),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
