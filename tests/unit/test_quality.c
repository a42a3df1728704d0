/*
 * tests/unit/test_quality.c - code metrics: every kind the tables name exists
 * in its grammar, the figures of small functions, and hostile trees.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "parse/tree.h"
#include "quality/quality.h"

/* A renamed node kind in a grammar update would silently zero a metric. */
static void test_tables_match_grammars(void **state)
{
	(void)state;
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		const char *missing[8];
		size_t n = scan__quality_lang_check((scan_lang)l, missing, 8);
		if (n)
			fail_msg("%s: the grammar has no kind '%s'", scan_lang__name((scan_lang)l), missing[0]);
	}
	assert_non_null(scan__quality_lang(SCAN_LANG_PYTHON));
	assert_non_null(scan__quality_lang(SCAN_LANG_TSX));
	assert_null(scan__quality_lang(SCAN_LANG_YAML));
}

static void metrics_of(scan_lang l, const char *code, scan_file_metrics *m, scan_arena *a, scan_parse_state *ps)
{
	const char *why = NULL;
	const TSTree *tree;
	memset(ps, 0, sizeof(*ps));
	tree = scan__parse(ps, l, code, strlen(code), &why);
	assert_null(why);
	assert_non_null(tree);
	assert_int_equal(scan__file_metrics(m, a, l, tree, code, strlen(code)), 0);
}

static void test_nested_functions_are_records_of_their_own(void **state)
{
	const char *py =
		"def outer(a, b):\n"
		"    def inner(x):\n"
		"        if x:\n"
		"            return 1\n"
		"    if a and b:\n"
		"        return inner(a)\n";
	scan_arena a = SCAN_ARENA_INIT;
	scan_parse_state ps;
	scan_file_metrics m;
	(void)state;
	metrics_of(SCAN_LANG_PYTHON, py, &m, &a, &ps);
	assert_int_equal(m.nfunctions, 2);
	assert_string_equal(m.functions[0].name, "outer");
	assert_int_equal(m.functions[0].cognitive, 2); /* if + and; inner's if is not outer's */
	assert_int_equal(m.functions[0].params, 2);
	assert_string_equal(m.functions[1].name, "inner");
	assert_int_equal(m.functions[1].cognitive, 1);
	assert_int_equal(m.functions[1].line, 2);
	assert_int_equal(m.cognitive, 3);
	scan__parse_dispose(&ps);
	scan__arena_dispose(&a);
}

/* Deep nesting from a hostile file must neither overflow the stack nor stall. */
static void test_deep_trees_are_bounded(void **state)
{
	size_t depth = 20000, n = depth * 16 + 64, k = 0; /* short lines: not taken for minified */
	char *src = malloc(n);
	scan_arena a = SCAN_ARENA_INIT;
	scan_parse_state ps;
	scan_file_metrics m;
	const char *why = NULL;
	const TSTree *tree;
	(void)state;
	assert_non_null(src);
	k += (size_t)snprintf(src + k, n - k, "void f(){");
	for (size_t i = 0; i < depth; i++)
		k += (size_t)snprintf(src + k, n - k, "if(a&&b){\n");
	for (size_t i = 0; i < depth; i++)
		src[k++] = '}', src[k++] = '\n';
	src[k++] = '}';
	src[k] = '\0';
	memset(&ps, 0, sizeof(ps));
	tree = scan__parse(&ps, SCAN_LANG_C, src, k, &why);
	assert_null(why);
	assert_non_null(tree);
	assert_int_equal(scan__file_metrics(&m, &a, SCAN_LANG_C, tree, src, k), 0);
	assert_int_equal(m.nfunctions, 1);
	assert_true(m.functions[0].cognitive > 0);
	assert_int_equal(m.lines, 2 * depth + 1);
	scan__parse_dispose(&ps);
	scan__arena_dispose(&a);
	free(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_match_grammars),
		cmocka_unit_test(test_nested_functions_are_records_of_their_own),
		cmocka_unit_test(test_deep_trees_are_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
