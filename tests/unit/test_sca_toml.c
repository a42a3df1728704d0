/*
 * tests/unit/test_sca_toml.c - the TOML 1.0 reader behind Cargo.lock,
 * uv.lock, poetry.lock and pyproject.toml: every value kind, the table
 * rules, and hostile input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "lockfile/toml.h"
#include "scan/buf.h"
#include "scan/common.h"

/* Hostile inputs must fail long before this; generous for sanitizer builds. */
#define FAST_SECONDS 20.0

static void parse_ok(scan_toml_doc *doc, const char *s)
{
	int rc = scan_toml__parse(doc, s, strlen(s), "t.toml");

	if (rc)
		fail_msg("parse failed (%d): %s", rc, scan_error_last()->message);
	assert_non_null(doc->root);
}

/* The parse must fail with code, and the message contain want. */
static void expect_error_n(const char *s, size_t len, int code, const char *want)
{
	scan_toml_doc doc;
	int rc = scan_toml__parse(&doc, s, len, "t.toml");

	if (rc != code)
		fail_msg("expected %d, got %d (%s) for: %.80s", code, rc, rc ? scan_error_last()->message : "ok", s);
	assert_null(doc.root);
	assert_int_equal(scan_error_last()->code, code);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
	scan_toml__dispose(&doc);
}

static void expect_error(const char *s, int code, const char *want)
{
	expect_error_n(s, strlen(s), code, want);
}

static const scan_toml_node *path(const scan_toml_doc *doc, const char *p)
{
	const scan_toml_node *n = scan_toml__path(doc, doc->root, p);

	if (!n)
		fail_msg("no '%s'", p);
	return n;
}

static void assert_string(const scan_toml_doc *doc, const char *p, const char *want, size_t want_len)
{
	const scan_toml_node *n = path(doc, p);

	assert_int_equal(n->kind, SCAN_TOML_STRING);
	if (n->len != want_len || memcmp(n->str, want, want_len))
		fail_msg("%s: got '%s' (%zu bytes), want '%s'", p, n->str, n->len, want);
	assert_int_equal(n->str[n->len], '\0');
}

#define ASSERT_STRING(doc, p, lit) assert_string(doc, p, lit, sizeof(lit) - 1)

static void assert_scalar(const scan_toml_doc *doc, const char *p, scan_toml_kind kind, const char *text)
{
	const scan_toml_node *n = path(doc, p);

	assert_int_equal(n->kind, kind);
	assert_string_equal(n->str, text);
	assert_int_equal(n->len, strlen(text));
}

static void test_strings(void **state)
{
	scan_toml_doc doc;
	(void)state;

	/* "\/" is a JSON escape, not a TOML 1.0 one. */
	expect_error("esc = \"\\/\"\n", SCAN_EPARSE, "invalid escape");

	parse_ok(&doc,
	         "basic = \"I'm a string. \\\"You can quote me\\\". Name\\tJos\\u00E9\\nLocation\\tSF.\"\n"
	         "esc = \"\\b\\f\\r\\\\x\"\n"
	         "big = \"\\U0001F600!\"\n"
	         "nul = \"a\\u0000b\"\n"
	         "ml = \"\"\"\nRoses are red\nViolets are blue\"\"\"\n"
	         "ml_join = \"\"\"\\\n       The quick brown \\\n\n\n       fox.\\\n       \"\"\"\n"
	         "ml_quotes = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"\n"
	         "ml_end = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"\n"
	         "lit = 'C:\\Users\\nodejs\\templates'\n"
	         "lit_quoted = 'Tom \"Dubs\" Preston-Werner'\n"
	         "mll = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n"
	         "mll_end = ''''That,' she said, 'is still pointless.''''\n"
	         "tab = \"a\tb\"\n"
	         "utf8 = \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"\n"
	         "empty = \"\"\n"
	         "crlf = \"\"\"a\r\nb\"\"\"\n");
	ASSERT_STRING(&doc, "basic", "I'm a string. \"You can quote me\". Name\tJos\xc3\xa9\nLocation\tSF.");
	ASSERT_STRING(&doc, "esc", "\b\f\r\\x");
	ASSERT_STRING(&doc, "big", "\xf0\x9f\x98\x80!");
	ASSERT_STRING(&doc, "nul", "a\0b");
	ASSERT_STRING(&doc, "ml", "Roses are red\nViolets are blue");
	ASSERT_STRING(&doc, "ml_join", "The quick brown fox.");
	ASSERT_STRING(&doc, "ml_quotes", "Here are two quotation marks: \"\". Simple enough.");
	ASSERT_STRING(&doc, "ml_end", "\"This,\" she said, \"is just a pointless statement.\"");
	ASSERT_STRING(&doc, "lit", "C:\\Users\\nodejs\\templates");
	ASSERT_STRING(&doc, "lit_quoted", "Tom \"Dubs\" Preston-Werner");
	ASSERT_STRING(&doc, "mll", "The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n");
	ASSERT_STRING(&doc, "mll_end", "'That,' she said, 'is still pointless.'");
	ASSERT_STRING(&doc, "tab", "a\tb");
	ASSERT_STRING(&doc, "utf8", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	ASSERT_STRING(&doc, "empty", "");
	ASSERT_STRING(&doc, "crlf", "a\r\nb");
	/* Line numbers count the newlines inside multi-line strings. */
	assert_int_equal(path(&doc, "ml")->line, 5);
	assert_int_equal(path(&doc, "ml_join")->line, 8);
	assert_int_equal(path(&doc, "lit")->line, 16);
	scan_toml__dispose(&doc);
}

static void test_numbers_booleans_dates(void **state)
{
	scan_toml_doc doc;
	(void)state;

	parse_ok(&doc, "int1 = +99\nint2 = 42\nint3 = 0\nint4 = -17\nint5 = 1_000\n"
	               "hex = 0xDEAD_beef\noct = 0o755\nbin = 0b1101_0110\n"
	               "max = 9223372036854775807\nmin = -9223372036854775808\n"
	               "f1 = +1.0\nf2 = -0.01\nf3 = 5e+22\nf4 = 1e06\nf5 = -2E-2\nf6 = 224_617.445_991_228\n"
	               "f7 = inf\nf8 = -inf\nf9 = nan\nf10 = +nan\n"
	               "t = true\nf = false\n"
	               "odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00.999999-07:00\n"
	               "odt3 = 1979-05-27 07:32:00z\nldt = 1979-05-27T07:32:00\n"
	               "ld = 1979-05-27 # a date, then a comment\nlt = 00:32:00.999999\nleap = 2000-02-29\n");
	assert_int_equal(path(&doc, "int1")->integer, 99);
	assert_int_equal(path(&doc, "int4")->integer, -17);
	assert_int_equal(path(&doc, "int5")->integer, 1000);
	assert_int_equal(path(&doc, "hex")->integer, 0xDEADBEEF);
	assert_int_equal(path(&doc, "oct")->integer, 0755);
	assert_int_equal(path(&doc, "bin")->integer, 0xD6);
	assert_true(path(&doc, "max")->integer == INT64_MAX);
	assert_true(path(&doc, "min")->integer == INT64_MIN);
	assert_scalar(&doc, "int5", SCAN_TOML_INTEGER, "1_000");
	assert_scalar(&doc, "f1", SCAN_TOML_FLOAT, "+1.0");
	assert_scalar(&doc, "f4", SCAN_TOML_FLOAT, "1e06");
	assert_scalar(&doc, "f6", SCAN_TOML_FLOAT, "224_617.445_991_228");
	assert_scalar(&doc, "f8", SCAN_TOML_FLOAT, "-inf");
	assert_scalar(&doc, "f10", SCAN_TOML_FLOAT, "+nan");
	assert_scalar(&doc, "t", SCAN_TOML_BOOL, "true");
	assert_int_equal(path(&doc, "t")->integer, 1);
	assert_int_equal(path(&doc, "f")->integer, 0);
	assert_scalar(&doc, "odt1", SCAN_TOML_DATETIME, "1979-05-27T07:32:00Z");
	assert_scalar(&doc, "odt2", SCAN_TOML_DATETIME, "1979-05-27T00:32:00.999999-07:00");
	assert_scalar(&doc, "odt3", SCAN_TOML_DATETIME, "1979-05-27 07:32:00z");
	assert_scalar(&doc, "ldt", SCAN_TOML_DATETIME, "1979-05-27T07:32:00");
	assert_scalar(&doc, "ld", SCAN_TOML_DATETIME, "1979-05-27");
	assert_scalar(&doc, "lt", SCAN_TOML_DATETIME, "00:32:00.999999");
	assert_scalar(&doc, "leap", SCAN_TOML_DATETIME, "2000-02-29");
	scan_toml__dispose(&doc);

	expect_error("a = 012\n", SCAN_EPARSE, "leading zero");
	expect_error("a = 9223372036854775808\n", SCAN_EPARSE, "64-bit range");
	expect_error("a = -9223372036854775809\n", SCAN_EPARSE, "64-bit range");
	expect_error("a = 0x8000000000000000\n", SCAN_EPARSE, "64-bit range");
	expect_error("a = 1__000\n", SCAN_EPARSE, NULL);
	expect_error("a = 1_\n", SCAN_EPARSE, NULL);
	expect_error("a = +0x10\n", SCAN_EPARSE, NULL);
	expect_error("a = 0X10\n", SCAN_EPARSE, NULL);
	expect_error("a = .7\n", SCAN_EPARSE, NULL);
	expect_error("a = 7.\n", SCAN_EPARSE, NULL);
	expect_error("a = 3.e+20\n", SCAN_EPARSE, NULL);
	expect_error("a = Inf\n", SCAN_EPARSE, NULL);
	expect_error("a = True\n", SCAN_EPARSE, NULL);
	expect_error("a = truex\n", SCAN_EPARSE, NULL);
	expect_error("a = 2001-02-29\n", SCAN_EPARSE, "invalid date");
	expect_error("a = 1979-13-01\n", SCAN_EPARSE, "invalid date");
	expect_error("a = 1979-05-27T07:32\n", SCAN_EPARSE, "invalid time");
	expect_error("a = 1979-05-27T24:00:00\n", SCAN_EPARSE, "invalid time");
	expect_error("a = 1979-05-27T07:32:00+7:00\n", SCAN_EPARSE, "offset");
	expect_error("a = 07:32:00Z\n", SCAN_EPARSE, NULL);
}

static void test_table_entries(void **state)
{
	scan_toml_doc doc;
	const scan_toml_node *t, *e, *dog, *site;
	const char *want[] = { "name", "physical", "site", "", "3", "dog", "j", "x", "fruit", "inline" };
	size_t i = 0;
	(void)state;

	parse_ok(&doc, "# comment\n"
	               "name = \"Orange\"\n"
	               "physical.color = \"orange\"\n"
	               "physical . shape = \"round\"\n"
	               "site.\"google.com\" = true\n"
	               "\"\" = 'blank'\n"
	               "3.14159 = \"pi\"\n"
	               "[dog.\"tater.man\"]\n"
	               "type.name = \"pug\"\n"
	               "[ j . \"\xca\x9e\" . 'l' ]\n"
	               "[x.y.z.w]\n"
	               "[x]\n"
	               "k = 1\n"
	               "[fruit.apple.texture]\n"
	               "smooth = true\n"
	               "[fruit]\n"
	               "apple.color = \"red\"\n"
	               "apple.taste.sweet = true\n"
	               "[inline]\n"
	               "point = { x = 1, y = 2, z.w = 3 }\n"
	               "empty = {}\n");
	/* Entries in document order, with their keys decoded. */
	for (e = doc.root->child; e; e = e->next, i++) {
		assert_true(i < sizeof(want) / sizeof(want[0]));
		assert_string_equal(e->key, want[i]);
	}
	assert_int_equal(i, sizeof(want) / sizeof(want[0]));
	assert_int_equal(doc.root->len, i);
	ASSERT_STRING(&doc, "physical.color", "orange");
	ASSERT_STRING(&doc, "physical.shape", "round");
	ASSERT_STRING(&doc, "3.14159", "pi");
	assert_string_equal(scan_toml__string(&doc, doc.root, "", NULL), "blank");
	site = path(&doc, "site");
	assert_int_equal(scan_toml__get_kind(&doc, site, "google.com", SCAN_TOML_BOOL)->integer, 1);
	dog = scan_toml__get(&doc, path(&doc, "dog"), "tater.man");
	assert_non_null(dog);
	assert_int_equal(dog->line, 8);
	assert_string_equal(scan_toml__string(&doc, scan_toml__get(&doc, dog, "type"), "name", NULL), "pug");
	t = scan_toml__get(&doc, path(&doc, "j"), "\xca\x9e");
	assert_non_null(scan_toml__get_kind(&doc, t, "l", SCAN_TOML_TABLE));
	/* [x] defined after [x.y.z.w] created it implicitly; its line is the header's. */
	assert_int_equal(path(&doc, "x")->line, 12);
	assert_int_equal(path(&doc, "x.k")->integer, 1);
	assert_non_null(path(&doc, "x.y.z.w"));
	/* A table created implicitly by a header may be defined by dotted keys later. */
	ASSERT_STRING(&doc, "fruit.apple.color", "red");
	assert_int_equal(path(&doc, "fruit.apple.texture.smooth")->integer, 1);
	assert_int_equal(path(&doc, "fruit.apple.taste.sweet")->integer, 1);
	assert_int_equal(path(&doc, "inline.point.z.w")->integer, 3);
	assert_int_equal(path(&doc, "inline.point")->len, 3);
	assert_int_equal(path(&doc, "inline.empty")->kind, SCAN_TOML_TABLE);
	assert_int_equal(path(&doc, "inline.empty")->len, 0);
	/* Lookups that miss. */
	assert_null(scan_toml__path(&doc, doc.root, "name.x"));
	assert_null(scan_toml__path(&doc, doc.root, "nothing"));
	assert_null(scan_toml__get(&doc, path(&doc, "name"), "x"));
	assert_null(scan_toml__get(&doc, NULL, "x"));
	assert_null(scan_toml__get_kind(&doc, doc.root, "name", SCAN_TOML_INTEGER));
	assert_null(scan_toml__string(&doc, doc.root, "x", NULL));
	scan_toml__dispose(&doc);
}

static void test_arrays_and_arrays_of_tables(void **state)
{
	scan_toml_doc doc;
	const scan_toml_node *a, *it, *fruits, *f;
	(void)state;

	parse_ok(&doc, "integers = [ 1, 2, 3 ]\n"
	               "nested = [ [ 1, 2 ], [\"a\", 'b'] ]\n"
	               "mixed = [ 0.1, \"x\", { k = 1 }, [ ] ]\n"
	               "multi = [\n"
	               "  1, # one\n"
	               "  # nothing\n"
	               "  2,\n"
	               "]\n"
	               "[[fruits]]\n"
	               "name = \"apple\"\n"
	               "[fruits.physical]\n"
	               "color = \"red\"\n"
	               "[[fruits.varieties]]\n"
	               "name = \"red delicious\"\n"
	               "[[fruits.varieties]]\n"
	               "name = \"granny smith\"\n"
	               "\n"
	               "[[fruits]]\n"
	               "name = \"banana\"\n"
	               "[[fruits.varieties]]\n"
	               "name = \"plantain\"\n");
	a = path(&doc, "integers");
	assert_int_equal(a->kind, SCAN_TOML_ARRAY);
	assert_int_equal(a->len, 3);
	assert_int_equal(a->child->integer, 1);
	assert_int_equal(a->last->integer, 3);
	assert_null(a->child->key);
	a = path(&doc, "nested");
	assert_int_equal(a->len, 2);
	assert_int_equal(a->last->kind, SCAN_TOML_ARRAY);
	assert_string_equal(a->last->last->str, "b");
	a = path(&doc, "mixed");
	assert_int_equal(a->len, 4);
	it = a->child->next->next;
	assert_int_equal(it->kind, SCAN_TOML_TABLE);
	assert_int_equal(scan_toml__get(&doc, it, "k")->integer, 1);
	assert_int_equal(a->last->kind, SCAN_TOML_ARRAY);
	assert_int_equal(a->last->len, 0);
	a = path(&doc, "multi");
	assert_int_equal(a->len, 2);
	assert_int_equal(a->line, 4);
	assert_int_equal(a->child->line, 5);
	assert_int_equal(a->last->line, 7);

	fruits = path(&doc, "fruits");
	assert_int_equal(fruits->kind, SCAN_TOML_ARRAY);
	assert_int_equal(fruits->len, 2);
	f = fruits->child;
	assert_int_equal(f->line, 9);
	assert_string_equal(scan_toml__string(&doc, f, "name", NULL), "apple");
	assert_string_equal(scan_toml__string(&doc, scan_toml__get(&doc, f, "physical"), "color", NULL), "red");
	a = scan_toml__get(&doc, f, "varieties");
	assert_int_equal(a->len, 2);
	assert_string_equal(scan_toml__string(&doc, a->last, "name", NULL), "granny smith");
	assert_int_equal(a->last->line, 15);
	f = fruits->last;
	assert_int_equal(f->line, 18);
	assert_string_equal(scan_toml__string(&doc, f, "name", NULL), "banana");
	a = scan_toml__get(&doc, f, "varieties");
	assert_int_equal(a->len, 1);
	assert_string_equal(scan_toml__string(&doc, a->child, "name", NULL), "plantain");
	scan_toml__dispose(&doc);
}

static void test_bom_crlf_and_empty(void **state)
{
	scan_toml_doc doc;
	(void)state;

	parse_ok(&doc, "\xEF\xBB\xBF" "a = 1\r\n[t]\r\nb = \"x\" # c\r\n");
	assert_int_equal(path(&doc, "a")->integer, 1);
	ASSERT_STRING(&doc, "t.b", "x");
	assert_int_equal(path(&doc, "t.b")->line, 3);
	scan_toml__dispose(&doc);
	parse_ok(&doc, "");
	assert_null(doc.root->child);
	scan_toml__dispose(&doc);
	parse_ok(&doc, "\n# only a comment\n   \t\n");
	assert_int_equal(doc.root->len, 0);
	scan_toml__dispose(&doc);
	/* A lone CR is not a newline. */
	expect_error("a = 1\rb = 2\n", SCAN_EPARSE, "expected a newline");
}

static void test_duplicates_and_redefinitions(void **state)
{
	(void)state;
	expect_error("name = \"Tom\"\nname = \"Pradyun\"\n", SCAN_EPARSE, "t.toml:2: duplicate key 'name'");
	expect_error("spelling = \"favorite\"\n\"spelling\" = \"favourite\"\n", SCAN_EPARSE, "duplicate key");
	expect_error("a.b = 1\na.b = 2\n", SCAN_EPARSE, "duplicate key 'b'");
	expect_error("fruit.apple = 1\nfruit.apple.smooth = true\n", SCAN_EPARSE, "not a table");
	expect_error("[fruit]\napple = \"red\"\n[fruit]\norange = \"orange\"\n", SCAN_EPARSE,
	             "t.toml:3: table 'fruit' is defined twice");
	expect_error("[fruit]\napple = \"red\"\n[fruit.apple]\n", SCAN_EPARSE, "not a table");
	expect_error("[fruit]\napple.color = \"red\"\n[fruit.apple]\n", SCAN_EPARSE, "defined twice");
	expect_error("[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n", SCAN_EPARSE, "defined by a header");
	expect_error("[a.b]\n[a]\nb = 1\n", SCAN_EPARSE, "duplicate key 'b'");
	expect_error("[product]\ntype = { name = \"Nail\" }\ntype.edible = false\n", SCAN_EPARSE, "inline table");
	expect_error("a = {}\n[a.b]\n", SCAN_EPARSE, "inline table");
	expect_error("a = { x = 1, x = 2 }\n", SCAN_EPARSE, "duplicate key 'x'");
	expect_error("a = { x = {y = 1}, x.z = 2 }\n", SCAN_EPARSE, "inline table");
	expect_error("fruits = []\n[[fruits]]\n", SCAN_EPARSE, "not an array of tables");
	expect_error("[fruit.physical]\n[[fruit]]\n", SCAN_EPARSE, "not an array of tables");
	expect_error("[[fruits]]\n[fruits]\n", SCAN_EPARSE, "is not a table");
	expect_error("[[a]]\nb.c = 1\n[a.b]\n", SCAN_EPARSE, "defined twice");
	expect_error("a = [ { b = 1 } ]\n[a.c]\n", SCAN_EPARSE, "not a table");
	/* Keys that differ only by their spelling are one key. */
	expect_error("\"a\\u0062\" = 1\nab = 2\n", SCAN_EPARSE, "duplicate key");
}

static void test_syntax_errors(void **state)
{
	(void)state;
	expect_error("= \"no key\"\n", SCAN_EPARSE, "expected a key");
	expect_error("key\n", SCAN_EPARSE, "expected '='");
	expect_error("key = \n", SCAN_EPARSE, "expected a value");
	expect_error("a = 1 b = 2\n", SCAN_EPARSE, "expected a newline");
	expect_error("[a] x = 1\n", SCAN_EPARSE, "expected a newline");
	expect_error("[a\n", SCAN_EPARSE, "']'");
	expect_error("[[a]\n", SCAN_EPARSE, "']]'");
	expect_error("[[a] ]\n", SCAN_EPARSE, "']]'");
	expect_error("[]\n", SCAN_EPARSE, "expected a key");
	expect_error("a = \"abc\n", SCAN_EPARSE, "t.toml:1: unterminated string");
	expect_error("a = \"abc", SCAN_EPARSE, "unterminated string");
	expect_error("a = 'abc\n", SCAN_EPARSE, "unterminated string");
	expect_error("x = 1\na = \"\"\"abc\n\n", SCAN_EPARSE, "t.toml:4: unterminated string");
	expect_error("a = '''abc''''''\n", SCAN_EPARSE, NULL);
	expect_error("a = \"\\x41\"\n", SCAN_EPARSE, "invalid escape");
	expect_error("a = \"\\uD800\"\n", SCAN_EPARSE, "Unicode scalar");
	expect_error("a = \"\\U00110000\"\n", SCAN_EPARSE, "Unicode scalar");
	expect_error("a = \"\\u12\"\n", SCAN_EPARSE, NULL);
	expect_error("a = \"\x01\"\n", SCAN_EPARSE, "control character");
	expect_error("a = 'x\x7f'\n", SCAN_EPARSE, "control character");
	expect_error("a = 1 # \x01\n", SCAN_EPARSE, "control character in a comment");
	expect_error("a = \"\xc0\xaf\"\n", SCAN_EPARSE, "invalid UTF-8");         /* overlong */
	expect_error("a = \"\xed\xa0\x80\"\n", SCAN_EPARSE, "invalid UTF-8");     /* a surrogate */
	expect_error("a = \"\xe2\x82\"\n", SCAN_EPARSE, "invalid UTF-8");         /* cut short */
	expect_error("# \xff\n", SCAN_EPARSE, "invalid UTF-8");
	expect_error("\"\"\"k\"\"\" = 1\n", SCAN_EPARSE, "multi-line string cannot be a key");
	expect_error("a = [1,,2]\n", SCAN_EPARSE, NULL);
	expect_error("a = [,]\n", SCAN_EPARSE, NULL);
	expect_error("a = [1 2]\n", SCAN_EPARSE, "expected ',' or ']'");
	expect_error("a = [1,\n", SCAN_EPARSE, "unterminated array");
	expect_error("a = { x = 1, }\n", SCAN_EPARSE, "trailing comma");
	expect_error("a = { x = 1\n, y = 2 }\n", SCAN_EPARSE, "one line");
	expect_error_n("a = 1\0", 6, SCAN_EPARSE, NULL);
	expect_error("k\xc3\xa9 = 1\n", SCAN_EPARSE, NULL);   /* bare keys are ASCII */
}

/* n copies of unit between prefix and suffix, NUL-terminated. */
static char *repeat(const char *prefix, const char *unit, size_t n, const char *suffix, size_t *len)
{
	size_t pl = strlen(prefix), ul = strlen(unit), sl = strlen(suffix);
	char *s = malloc(pl + ul * n + sl + 1), *p = s;

	assert_non_null(s);
	memcpy(p, prefix, pl);
	p += pl;
	for (size_t i = 0; i < n; i++, p += ul)
		memcpy(p, unit, ul);
	memcpy(p, suffix, sl);
	p += sl;
	*p = '\0';
	*len = (size_t)(p - s);
	return s;
}

static void test_depth_limits(void **state)
{
	scan_toml_doc doc;
	char *s;
	size_t len, n;
	(void)state;

	/* Just within the limit: the root is depth 0, a = [...] is 1. */
	n = SCAN_TOML_DEPTH_MAX;
	s = repeat("a = ", "[", n, "", &len);
	s = realloc(s, len + n + 2);
	memset(s + len, ']', n);
	s[len + n] = '\n';
	s[len + n + 1] = '\0';
	parse_ok(&doc, s);
	scan_toml__dispose(&doc);
	free(s);

	s = repeat("a = ", "[", 100000, "", &len);
	expect_error(s, SCAN_ELIMIT, "nested deeper than 128");
	free(s);
	s = repeat("a = ", "{ b = ", 100000, "", &len);
	expect_error(s, SCAN_ELIMIT, "nested deeper");
	free(s);
	s = repeat("a", ".a", 100000, " = 1\n", &len);
	expect_error(s, SCAN_ELIMIT, "key of more than");
	free(s);
	s = repeat("[a", ".a", 100000, "]\n", &len);
	expect_error(s, SCAN_ELIMIT, "key of more than");
	free(s);
	/* Depth adds up across headers, dotted keys and values. */
	s = repeat("[a", ".a", 100, "]\nb.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b = [[[[1]]]]\n", &len);
	expect_error(s, SCAN_ELIMIT, "nested deeper");
	free(s);
}

static void test_size_and_count_limits(void **state)
{
	scan_toml_doc doc;
	double t0;
	char *s;
	size_t len;
	(void)state;

	/* Larger than the cap: refused before a byte is read. */
	s = calloc(SCAN_TOML_INPUT_MAX + 2, 1);
	assert_non_null(s);
	expect_error_n(s, SCAN_TOML_INPUT_MAX + 1, SCAN_ELIMIT, "larger than 64 MB");
	free(s);

	/* Too many values. */
	t0 = th_cpu_seconds();
	s = repeat("a = [", "0,", SCAN_TOML_NODES_MAX, "]\n", &len);
	expect_error(s, SCAN_ELIMIT, "more than 1000000 values");
	free(s);
	assert_true(th_cpu_seconds() - t0 < 4 * FAST_SECONDS);

	/* Many keys in one table and many tables: lookups are hashed, not linear. */
	{
		scan_buf b = SCAN_BUF_INIT;
		t0 = th_cpu_seconds();
		for (int i = 0; i < 100000; i++)
			scan_buf_printf(&b, "k%d = %d\n", i, i);
		for (int i = 0; i < 20000; i++)
			scan_buf_printf(&b, "[[package]]\nname = \"p%d\"\n", i);
		assert_int_equal(scan_buf_failed(&b), 0);
		parse_ok(&doc, b.ptr);
		assert_int_equal(doc.root->len, 100001);
		assert_int_equal(path(&doc, "k99999")->integer, 99999);
		assert_int_equal(path(&doc, "package")->len, 20000);
		scan_toml__dispose(&doc);
		/* A duplicate at the end is still found. */
		scan_buf_puts(&b, "[k5]\n");
		expect_error(b.ptr, SCAN_EPARSE, "not a table");
		scan_buf_dispose(&b);
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
	}

	/* A long string is fine. */
	s = repeat("a = \"", "xxxxxxxxxxxxxxxx", 1 << 16, "\"\n", &len);
	parse_ok(&doc, s);
	assert_int_equal(path(&doc, "a")->len, (size_t)16 << 16);
	scan_toml__dispose(&doc);
	free(s);
}

static void test_dispose_twice_and_null(void **state)
{
	scan_toml_doc doc;
	(void)state;

	parse_ok(&doc, "a = 1\n");
	scan_toml__dispose(&doc);
	scan_toml__dispose(&doc);
	scan_toml__dispose(NULL);
	expect_error("a = [\n", SCAN_EPARSE, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_numbers_booleans_dates),
		cmocka_unit_test(test_table_entries),
		cmocka_unit_test(test_arrays_and_arrays_of_tables),
		cmocka_unit_test(test_bom_crlf_and_empty),
		cmocka_unit_test(test_duplicates_and_redefinitions),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_depth_limits),
		cmocka_unit_test(test_size_and_count_limits),
		cmocka_unit_test(test_dispose_twice_and_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
