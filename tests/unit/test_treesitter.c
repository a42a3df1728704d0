/*
 * tests/unit/test_treesitter.c - every pinned grammar, compiled from its npm
 * package, parses a small program of its language without error, and a
 * broken one with an error that does not stop the parse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "parse/language.h"

static const struct {
	scan_lang lang;
	const char *src;
	const char *root;
} samples[] = {
	{ SCAN_LANG_PYTHON, "import os\n\ndef f(x):\n    return os.path.join(x, 'a')\n", "module" },
	{ SCAN_LANG_JAVASCRIPT, "const f = (x) => { return `a${x}`; };\nmodule.exports = f;\n", "program" },
	{ SCAN_LANG_TYPESCRIPT, "export function f(x: number): string { return String(x); }\n", "program" },
	{ SCAN_LANG_TSX, "export const A = (p: {n: string}) => <div>{p.n}</div>;\n", "program" },
	{ SCAN_LANG_JAVA, "class A { int f(int x) { return x + 1; } }\n", "program" },
	{ SCAN_LANG_GO, "package main\n\nfunc f(x int) int { return x + 1 }\n", "source_file" },
	{ SCAN_LANG_C, "int f(int x) { return x + 1; }\n", "translation_unit" },
	{ SCAN_LANG_CPP, "template <typename T> T f(T x) { return x + 1; }\n", "translation_unit" },
	{ SCAN_LANG_CSHARP, "class A { int F(int x) { return x + 1; } }\n", "compilation_unit" },
	{ SCAN_LANG_RUBY, "def f(x)\n  x + 1\nend\n", "program" },
	{ SCAN_LANG_PHP, "<?php\nfunction f($x) { return $x + 1; }\n", "program" },
	{ SCAN_LANG_KOTLIN, "fun f(x: Int): Int = x + 1\n", "source_file" },
	{ SCAN_LANG_RUST, "fn f(x: i32) -> i32 { x + 1 }\n", "source_file" },
	{ SCAN_LANG_BASH, "f() { echo \"$1\" | grep -q x; }\n", "program" },
	{ SCAN_LANG_HCL, "resource \"aws_s3_bucket\" \"b\" {\n  acl = \"private\"\n}\n", "config_file" },
	{ SCAN_LANG_YAML, "on: [push]\njobs:\n  a:\n    runs-on: ubuntu-latest\n", "stream" },
	{ SCAN_LANG_JSON, "{\"a\": [1, 2, {\"b\": null}]}", "document" },
};

static TSTree *parse(TSParser *p, const char *src)
{
	return ts_parser_parse_string(p, NULL, src, (uint32_t)strlen(src));
}

static void test_every_grammar(void **state)
{
	TSParser *p = ts_parser_new();

	(void)state;
	for (size_t i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
		const TSLanguage *l = scan_parse__ts_language(samples[i].lang);
		TSTree *t;
		TSNode root;
		assert_non_null(l);
		/* Each grammar's ABI is one this runtime reads. */
		if (!ts_parser_set_language(p, l)) {
			printf("%s: ABI %u not supported\n", scan_lang__name(samples[i].lang), ts_language_abi_version(l));
			fail();
		}
		assert_non_null(t = parse(p, samples[i].src));
		root = ts_tree_root_node(t);
		if (ts_node_has_error(root) || strcmp(ts_node_type(root), samples[i].root)) {
			char *sexp = ts_node_string(root);
			printf("%s: %s\n", scan_lang__name(samples[i].lang), sexp);
			free(sexp);
			fail();
		}
		ts_tree_delete(t);
	}
	ts_parser_delete(p);
}

static void test_errors_are_local(void **state)
{
	TSParser *p = ts_parser_new();
	TSTree *t;
	TSNode root;

	(void)state;
	assert_true(ts_parser_set_language(p, scan_parse__ts_language(SCAN_LANG_PYTHON)));
	/* A broken line in the middle: the error is reported and the functions around it still parse. */
	t = parse(p, "def a():\n    return 1\n\nx = = = (\n\ndef b():\n    return 2\n");
	root = ts_tree_root_node(t);
	assert_true(ts_node_has_error(root));
	{
		char *sexp = ts_node_string(root);
		assert_non_null(strstr(sexp, "function_definition name: (identifier)"));
		free(sexp);
	}
	ts_tree_delete(t);
	assert_null(scan_parse__ts_language(SCAN_LANG_MARKDOWN));
	ts_parser_delete(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_grammar),
		cmocka_unit_test(test_errors_are_local),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
