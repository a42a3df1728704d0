/*
 * tests/unit/test_treesitter.c - the pinned tree-sitter runtime and a grammar
 * from npm are compiled by CMake and work: the mechanism the SAST and
 * quality analyzers build on.
 */
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>
#include "helpers.h"

const TSLanguage *tree_sitter_json(void);

static void test_parse_json(void **state)
{
	const char *src = "{\"a\": [1, 2, {\"b\": null}], \"c\": \"d\"}";
	TSParser *p = ts_parser_new();
	TSTree *tree;
	TSNode root;
	char *sexp;

	(void)state;
	assert_true(ts_parser_set_language(p, tree_sitter_json()));
	tree = ts_parser_parse_string(p, NULL, src, (uint32_t)strlen(src));
	assert_non_null(tree);
	root = ts_tree_root_node(tree);
	assert_string_equal(ts_node_type(root), "document");
	assert_false(ts_node_has_error(root));
	sexp = ts_node_string(root);
	assert_non_null(strstr(sexp, "(pair key: (string (string_content)) value: (array"));
	free(sexp);
	ts_tree_delete(tree);
	ts_parser_delete(p);
}

static void test_parse_error_is_reported_not_fatal(void **state)
{
	const char *src = "{\"a\": [1, 2,, }";
	TSParser *p = ts_parser_new();
	TSTree *tree;

	(void)state;
	assert_true(ts_parser_set_language(p, tree_sitter_json()));
	tree = ts_parser_parse_string(p, NULL, src, (uint32_t)strlen(src));
	assert_non_null(tree);
	assert_true(ts_node_has_error(ts_tree_root_node(tree)));
	ts_tree_delete(tree);
	ts_parser_delete(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_json),
		cmocka_unit_test(test_parse_error_is_reported_not_fatal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
