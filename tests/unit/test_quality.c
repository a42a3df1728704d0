/*
 * tests/unit/test_quality.c - code metrics: every kind the tables name exists
 * in its grammar, the figures of small functions, and hostile trees.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "helpers.h"
#include "parse/tree.h"
#include "quality/dup.h"
#include "quality/dup_keep.h"
#include "quality/quality.h"
#include "scan/buf.h"
#include "scan/quality.h"
#include "scan/scan.h"

/* A renamed node kind in a grammar update would silently zero a metric. */
static void test_tables_match_grammars(void **state)
{
	(void)state;
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		const char *missing[8];
		size_t n = scan_quality__lang_check((scan_lang)l, missing, 8);
		if (n)
			fail_msg("%s: the grammar has no kind '%s'", scan_lang__name((scan_lang)l), missing[0]);
	}
	assert_non_null(scan_quality__lang(SCAN_LANG_PYTHON));
	assert_non_null(scan_quality__lang(SCAN_LANG_TSX));
	assert_null(scan_quality__lang(SCAN_LANG_YAML));
}

static void metrics_of(scan_lang l, const char *code, scan_file_metrics *m, scan_arena *a, scan_parse_state *ps)
{
	const char *why = NULL;
	const TSTree *tree;
	memset(ps, 0, sizeof(*ps));
	tree = scan_parse__parse(ps, l, code, strlen(code), &why);
	assert_null(why);
	assert_non_null(tree);
	assert_int_equal(scan_quality__file_metrics(m, a, l, tree, code, strlen(code)), 0);
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
	scan_parse__dispose(&ps);
	scan_arena__dispose(&a);
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
	tree = scan_parse__parse(&ps, SCAN_LANG_C, src, k, &why);
	assert_null(why);
	assert_non_null(tree);
	assert_int_equal(scan_quality__file_metrics(&m, &a, SCAN_LANG_C, tree, src, k), 0);
	assert_int_equal(m.nfunctions, 1);
	assert_true(m.functions[0].cognitive > 0);
	assert_int_equal(m.lines, 2 * depth + 1);
	scan_parse__dispose(&ps);
	scan_arena__dispose(&a);
	free(src);
}

/* n tokens: `seed` picks the values, one line every `per_line` tokens from line `from`. */
static dup_token *tokens(uint32_t n, uint32_t seed, uint32_t per_line, uint32_t from)
{
	dup_token *t = malloc(n * sizeof(*t));
	assert_non_null(t);
	for (uint32_t i = 0; i < n; i++)
		t[i].hash = (100 + (seed * 7919u + i * 104729u) % 100000u) << 2, t[i].line = from + i / per_line;
	return t;
}

static void test_clones(void **state)
{
	dup_file f[3];
	dup_clone *c;
	size_t n;
	(void)state;
	/* a: 300 tokens; b: 50 others, then a's tokens 100..249, then 50 others */
	f[0].path = "a", f[0].n = 300, f[0].t = tokens(300, 1, 10, 1);
	f[1].path = "b", f[1].n = 250, f[1].t = tokens(250, 2, 10, 1);
	for (uint32_t i = 0; i < 150; i++)
		f[1].t[50 + i].hash = f[0].t[100 + i].hash;
	f[2].path = "c", f[2].n = 120, f[2].t = tokens(120, 3, 60, 1); /* 120 tokens on 2 lines */
	assert_int_equal(scan_dup__find(f, 3, &c, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].a, 0);
	assert_int_equal(c[0].a_start, 100);
	assert_int_equal(c[0].b, 1);
	assert_int_equal(c[0].b_start, 50);
	assert_int_equal(c[0].len, 150); /* extended past the 100-token window to the whole copy */
	free(c);
	/* the same block twice in c, too few lines: not a block */
	for (uint32_t i = 0; i < 60; i++)
		f[2].t[60 + i].hash = f[2].t[i].hash;
	assert_int_equal(scan_dup__find(&f[2], 1, &c, &n), 0);
	assert_int_equal(n, 0);
	free(c);
	for (int i = 0; i < 3; i++)
		free(f[i].t);
}

/* Renamed copies match; a copy within a file does not overlap itself; repetition stays linear. */
static void test_clones_within_a_file(void **state)
{
	dup_file f;
	dup_clone *c;
	size_t n;
	(void)state;
	f.path = "a", f.n = 20000;
	f.t = tokens(f.n, 1, 5, 1);
	for (uint32_t i = 0; i < f.n; i++)
		f.t[i].hash = (100 + i % 200) << 2; /* one 200-token block, a hundred times */
	assert_int_equal(scan_dup__find(&f, 1, &c, &n), 0);
	assert_true(n >= 1);
	for (size_t i = 0; i < n; i++) {
		assert_true(c[i].a_start + c[i].len <= c[i].b_start);
		assert_true(c[i].b_start + c[i].len <= f.n);
	}
	free(c);
	free(f.t);
}

/* A table: `value,` pairs, two a line; the values come from `seed`, one literal in 7 from `odd`. */
static dup_token *table(uint32_t n, uint32_t seed, uint32_t odd)
{
	dup_token *t = malloc(n * sizeof(*t));
	assert_non_null(t);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = i / 2 % 7 == 3 ? odd + i : seed + i;
		t[i].hash = i % 2 ? 44u << 2 : v << 2 | DUP_LIT, t[i].line = 1 + i / 4;
	}
	return t;
}

/* Tables of constants match only when their values do, however alike their shape. */
static void test_tables_match_only_exactly(void **state)
{
	dup_file f[3];
	dup_clone *c;
	size_t n;
	(void)state;
	f[0].path = "a", f[0].n = 400, f[0].t = table(400, 1000, 5000);
	f[1].path = "b", f[1].n = 400, f[1].t = table(400, 2000, 6000); /* other values */
	f[2].path = "c", f[2].n = 400, f[2].t = table(400, 1000, 7000); /* a's, but one value in 7 */
	assert_int_equal(scan_dup__find(f, 3, &c, &n), 0);
	assert_int_equal(n, 0);
	free(c);
	free(f[2].t);
	f[2].t = table(400, 1000, 5000); /* a's table, copied */
	assert_int_equal(scan_dup__find(f, 3, &c, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].a, 0);
	assert_int_equal(c[0].b, 2);
	assert_int_equal(c[0].len, 400);
	free(c);
	for (int i = 0; i < 3; i++)
		free(f[i].t);
}

/* `blocks` declarations of 12 kinds, each with 10 rows of three numbers: data, though of many kinds. */
static dup_token *rows(uint32_t blocks, uint32_t seed, uint32_t *n)
{
	static const uint32_t row[] = { 1, 0, 2, 0, 2, 0, 3, 2 }; /* { v , v , v } , */
	dup_token *t = malloc(blocks * 92 * sizeof(*t));
	uint32_t k = 0, line = 1;
	assert_non_null(t);
	for (uint32_t b = 0; b < blocks; b++) {
		for (uint32_t i = 0; i < 12; i++)
			t[k++] = (dup_token){ (500 + i) << 2, line };
		for (uint32_t r = 0; r < 10; r++, line++)
			for (uint32_t i = 0; i < 8; i++, k++)
				t[k] = (dup_token){ row[i] == 0 ? (uint32_t)DUP_LIT | (seed + k) << 2 : (600 + row[i]) << 2, line };
	}
	*n = k;
	return t;
}

static void test_rows_of_numbers_match_only_exactly(void **state)
{
	dup_file f[2];
	dup_clone *c;
	size_t n;
	(void)state;
	f[0].path = "a", f[0].t = rows(6, 1000, &f[0].n);
	f[1].path = "b", f[1].t = rows(6, 9000, &f[1].n);
	assert_int_equal(scan_dup__find(f, 2, &c, &n), 0);
	assert_int_equal(n, 0);
	free(c);
	free(f[1].t);
	f[1].t = rows(6, 1000, &f[1].n);
	assert_int_equal(scan_dup__find(f, 2, &c, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].len, f[0].n);
	free(c);
	free(f[0].t), free(f[1].t);
}

/*
 * Files handed in in any order keep the longest run, in path order, that fits
 * under the cap: here f00..f99 of 100 + i tokens each, under a cap of 2,000.
 */
static void test_capped_duplication_keeps_the_same_files_in_any_order(void **state)
{
	(void)state;
	for (unsigned order = 0; order < 3; order++) {
		dup_keep k = { .max_tokens = 2000 };
		size_t total = 0, fit = 0;
		for (unsigned i = 0; i < 100; i++) {
			unsigned f = order == 0 ? i : order == 1 ? 99 - i : (i * 37) % 100; /* 37 is prime to 100 */
			char path[16];
			snprintf(path, sizeof(path), "f%02u", f);
			assert_int_equal(scan_quality__dup_keep_add(&k, path, tokens(100 + f, f, 10, 1), 100 + f), 0);
			assert_true(k.tokens <= 2000);
		}
		for (unsigned f = 0; f < 100 && total + 100 + f <= 2000; f++)
			total += 100 + f, fit++;
		scan_quality__dup_keep_sort(&k);
		assert_int_equal(k.n, fit);
		assert_int_equal(k.tokens, total);
		assert_int_equal(k.nleft, 100 - fit);
		for (size_t i = 0; i < k.n; i++) {
			char path[24];
			snprintf(path, sizeof(path), "f%02zu", i);
			assert_string_equal(k.files[i].path, path);
		}
		scan_quality__dup_keep_dispose(&k);
	}
}

/*
 * Winnowing indexes one window in DUP_WINNOW, yet a copy of
 * DUP_MIN_TOKENS + DUP_WINNOW - 1 tokens or more is always found, from its
 * first token to its last, wherever it sits in either file.
 */
static void test_winnowing_finds_every_copy_long_enough(void **state)
{
	(void)state;
	for (uint32_t seed = 1; seed <= 200; seed++) {
		uint32_t len = DUP_MIN_TOKENS + DUP_WINNOW - 1 + seed % 40, from = seed * 7 % 200, to = seed * 13 % 250;
		dup_file f[2];
		dup_clone *c;
		size_t n;
		f[0].path = "a", f[0].n = 400, f[0].t = tokens(400, seed, 5, 1);
		f[1].path = "b", f[1].n = 400, f[1].t = tokens(400, seed + 1000, 5, 1);
		for (uint32_t i = 0; i < len; i++)
			f[1].t[to + i].hash = f[0].t[from + i].hash;
		assert_int_equal(scan_dup__find(f, 2, &c, &n), 0);
		assert_int_equal(n, 1);
		assert_int_equal(c[0].a_start, from);
		assert_int_equal(c[0].b_start, to);
		assert_int_equal(c[0].len, len);
		free(c);
		free(f[0].t), free(f[1].t);
	}
}

/*
 * One long line copied whole: too short in lines at every window. It used to
 * be extended again at each window, 10^11 steps here; the alarm is a hang
 * guard a hundred times the time it takes, not a measure of speed.
 */
static void test_a_long_line_copied_is_not_quadratic(void **state)
{
	dup_file f[2];
	dup_clone *c;
	size_t n;
	(void)state;
	f[0].path = "a", f[0].n = 400000, f[0].t = tokens(400000, 1, 400000, 1);
	f[1].path = "b", f[1].n = 400000, f[1].t = tokens(400000, 1, 400000, 1);
	alarm(60);
	assert_int_equal(scan_dup__find(f, 2, &c, &n), 0);
	alarm(0);
	assert_int_equal(n, 0);
	free(c);
	free(f[0].t), free(f[1].t);
}

/* The stored summary reads back what was written, the duplication counts with it. */
static void test_summary_json_round_trip(void **state)
{
	scan_quality_summary s, r;
	scan_buf b = SCAN_BUF_INIT;
	(void)state;
	memset(&s, 0, sizeof(s));
	s.ncloc = 1234, s.duplicated_lines = 56, s.duplicated_blocks = 7, s.duplication_files_skipped = 89;
	s.cognitive_max = 21, s.new_cognitive_max = -1, s.worst_security = -1, s.worst_reliability = -1;
	s.new_worst_security = -1, s.new_worst_reliability = -1, s.new_coverage_pct = -1.0;
	s.files_parsed = 10, s.files_skipped = 2, s.debt_minutes = 345;
	scan_quality_rate(&s);
	assert_int_equal(scan_quality_summary_write_json(&b, &s, NULL, 0), 0);
	assert_int_equal(scan_quality_summary_parse_json(&r, b.ptr, b.size), 0);
	assert_int_equal(r.ncloc, 1234);
	assert_int_equal(r.duplicated_lines, 56);
	assert_int_equal(r.duplicated_blocks, 7);
	assert_int_equal(r.duplication_files_skipped, 89);
	assert_int_equal(r.cognitive_max, 21);
	assert_int_equal(r.debt_minutes, 345);
	scan_buf_dispose(&b);
}

/* Code, then a table: a copy ends where its table differs, and runs on through one that does not. */
static void test_copies_end_where_their_tables_differ(void **state)
{
	dup_file f[3];
	dup_clone *c;
	size_t n;
	(void)state;
	for (int i = 0; i < 3; i++) {
		dup_token *code = tokens(150, 1, 5, 1), *rows = table(200, i == 1 ? 2000 : 1000, 5000);
		f[i].path = i == 0 ? "a" : i == 1 ? "b" : "c", f[i].n = 350;
		f[i].t = malloc(350 * sizeof(*f[i].t));
		assert_non_null(f[i].t);
		memcpy(f[i].t, code, 150 * sizeof(*code));
		for (uint32_t k = 0; k < 200; k++)
			f[i].t[150 + k] = (dup_token){ rows[k].hash, 31 + rows[k].line };
		free(code), free(rows);
	}
	for (uint32_t k = 0; k < 150; k += 3) /* c renames a's identifiers */
		f[0].t[k].hash = (7000 + k) << 2 | DUP_ID, f[2].t[k].hash = (9000 + k) << 2 | DUP_ID;
	for (uint32_t k = 0; k < 150; k += 3) /* b: a's code, other values in its table */
		f[1].t[k].hash = f[0].t[k].hash;
	assert_int_equal(scan_dup__find(f, 3, &c, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(c[0].a, 0);
	assert_int_equal(c[0].b, 1);
	assert_int_equal(c[0].len, 150); /* the code, none of the table */
	assert_int_equal(c[1].a, 0);
	assert_int_equal(c[1].b, 2);
	assert_int_equal(c[1].len, 350); /* renamed code and the same table: the longer copy, not b */
	free(c);
	for (int i = 0; i < 3; i++)
		free(f[i].t);
}

/* Whether the two sources tokenize to the same keys (renamed copies of each other). */
static bool alike(scan_lang l, const char *one, const char *two)
{
	scan_parse_state ps;
	const char *why = NULL;
	dup_token *t1, *t2;
	uint32_t n1, n2;
	bool same;
	memset(&ps, 0, sizeof(ps));
	assert_int_equal(scan_dup__tokens(&t1, &n1, l, scan_parse__parse(&ps, l, one, strlen(one), &why), one, strlen(one)), 0);
	scan_parse__reset(&ps);
	assert_int_equal(scan_dup__tokens(&t2, &n2, l, scan_parse__parse(&ps, l, two, strlen(two), &why), two, strlen(two)), 0);
	scan_parse__dispose(&ps);
	assert_true(n1 >= 3);
	same = n1 == n2;
	for (uint32_t i = 0; i < n1 && same; i++)
		same = scan_dup__key(t1[i].hash) == scan_dup__key(t2[i].hash);
	free(t1), free(t2);
	return same;
}

/* Literals that hold code are its tokens; a literal as long as a block is a value of its own. */
static void test_what_is_one_literal(void **state)
{
	(void)state;
	assert_true(alike(SCAN_LANG_GO, "package p\nvar f = func() int { return 1 }\n", "package p\nvar g = func() int { return 2 }\n"));
	assert_false(alike(SCAN_LANG_GO, "package p\nvar f = func() int { return a + b }\n", "package p\nvar f = func() int { return a - b }\n"));
	assert_false(alike(SCAN_LANG_GO, "package p\nvar v = T{a: 1, b: 2}\n", "package p\nvar v = T{a: 1}\n"));
	assert_false(alike(SCAN_LANG_KOTLIN, "val f = { x: Int -> x + 1 }\n", "val f = { x: Int -> x * 1 }\n"));
	assert_true(alike(SCAN_LANG_PYTHON, "x = ('a' 'b')\n", "y = ('c' 'd')\n"));
	assert_false(alike(SCAN_LANG_PYTHON, "x = ('a' 'b')\n", "x = ('a' 'b' 'c')\n")); /* each string a token */
	assert_true(alike(SCAN_LANG_PYTHON, "x = '''a\nb\n'''\n", "x = '''c\nd\n'''\n"));
	assert_false(alike(SCAN_LANG_PYTHON, "x = '''a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n'''\n",
	                   "x = '''a\nb\nc\nd\ne\nf\ng\nh\ni\nJ\n'''\n"));
}

static void test_renamed_copies_tokenize_alike(void **state)
{
	const char *one = "int f(int a) { return g(a, \"x\") + 1; }\n";
	const char *two = "int h(int b) { return k(b, \"y\") + 2; }\n";
	const char *three = "int h(int b) { return k(b, \"y\") - 2; }\n";
	scan_parse_state ps;
	const char *why = NULL;
	dup_token *t1, *t2, *t3;
	uint32_t n1, n2, n3;
	bool diff = false;
	(void)state;
	memset(&ps, 0, sizeof(ps));
	assert_int_equal(scan_dup__tokens(&t1, &n1, SCAN_LANG_C, scan_parse__parse(&ps, SCAN_LANG_C, one, strlen(one), &why), one, strlen(one)), 0);
	scan_parse__reset(&ps);
	assert_int_equal(scan_dup__tokens(&t2, &n2, SCAN_LANG_C, scan_parse__parse(&ps, SCAN_LANG_C, two, strlen(two), &why), two, strlen(two)), 0);
	scan_parse__reset(&ps);
	assert_int_equal(scan_dup__tokens(&t3, &n3, SCAN_LANG_C, scan_parse__parse(&ps, SCAN_LANG_C, three, strlen(three), &why), three, strlen(three)), 0);
	assert_true(n1 > 10);
	assert_int_equal(n1, n2);
	assert_int_equal(n1, n3);
	for (uint32_t i = 0; i < n1; i++) {
		assert_int_equal(scan_dup__key(t1[i].hash), scan_dup__key(t2[i].hash));
		assert_int_equal(t1[i].line, t2[i].line);
	}
	assert_memory_not_equal(t1, t2, n1 * sizeof(*t1)); /* but not an exact copy */
	for (uint32_t i = 0; i < n1 && !diff; i++)
		diff = scan_dup__key(t1[i].hash) != scan_dup__key(t3[i].hash);
	assert_true(diff); /* an operator is not renamed */
	free(t1), free(t2), free(t3);
	scan_parse__dispose(&ps);
}

/* Run a shell command in dir; the test fails unless it exits 0. */
static void sh_in(const char *dir, const char *cmd)
{
	scan_buf b = SCAN_BUF_INIT;
	int status;

	scan_buf_printf(&b, "cd '%s' && (%s) >/dev/null 2>&1", dir, cmd);
	assert_false(scan_buf_failed(&b));
	status = system(b.ptr);
	scan_buf_dispose(&b);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/*
 * A branch copies a function whose lines are separated by blank lines: the
 * copy's blank lines are no new lines, so they are no new duplicated lines
 * either. Counting every line of the block's span made new-code duplication
 * 187.5% here (30 "duplicated" of 16 new lines), and the scan's too.
 */
static void test_duplication_is_a_share_of_the_lines(void **state)
{
	char *dir = th_tmpdir();
	scan_buf code = SCAN_BUF_INIT;
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_quality_summary *q;
	(void)state;
	for (int i = 0; i < 14; i++)
		scan_buf_printf(&code, "    value_%d = items[%d] * factor + offset - %d * len(items)\n\n", i, i, i);
	scan_buf_puts(&code, "    return value_0 + value_1 + value_2\n");
	assert_false(scan_buf_failed(&code));
	{
		scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
		scan_buf_printf(&a, "def compute_a(items, factor, offset):\n%s", code.ptr);
		scan_buf_printf(&b, "def compute_b(items, factor, offset):\n%s", code.ptr);
		th_write(dir, "a.py", a.ptr);
		sh_in(dir, "git init -q -b main && git -c user.email=t@t -c user.name=t add a.py && "
		           "git -c user.email=t@t -c user.name=t commit -qm base && git checkout -qb feature");
		th_write(dir, "b.py", b.ptr);
		sh_in(dir, "git add b.py && git -c user.email=t@t -c user.name=t commit -qm copy");
		scan_buf_dispose(&a);
		scan_buf_dispose(&b);
	}
	o.target = dir;
	o.jobs = 1;
	o.analyzers = "quality";
	o.branch = "feature";
	o.default_branch = "main";
	if (scan_run(&r, &o) != 0)
		fail_msg("scan_run: %s", scan_error_last()->message);
	q = scan_result_quality(r);
	assert_true(q->new_code_known);
	assert_int_equal(q->new_lines, 16); /* def, 14 assignments, return */
	assert_int_equal(q->new_duplicated_lines, 16);
	assert_true(q->new_duplication_pct == 100.0);
	assert_int_equal(q->ncloc, 32);
	assert_int_equal(q->duplicated_lines, 32);
	assert_true(q->duplication_pct == 100.0);
	scan_result_free(r);
	scan_buf_dispose(&code);
	th_rmtree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_match_grammars),
		cmocka_unit_test(test_tables_match_only_exactly),
		cmocka_unit_test(test_capped_duplication_keeps_the_same_files_in_any_order),
		cmocka_unit_test(test_rows_of_numbers_match_only_exactly),
		cmocka_unit_test(test_copies_end_where_their_tables_differ),
		cmocka_unit_test(test_nested_functions_are_records_of_their_own),
		cmocka_unit_test(test_deep_trees_are_bounded),
		cmocka_unit_test(test_clones),
		cmocka_unit_test(test_clones_within_a_file),
		cmocka_unit_test(test_winnowing_finds_every_copy_long_enough),
		cmocka_unit_test(test_a_long_line_copied_is_not_quadratic),
		cmocka_unit_test(test_summary_json_round_trip),
		cmocka_unit_test(test_renamed_copies_tokenize_alike),
		cmocka_unit_test(test_what_is_one_literal),
		cmocka_unit_test(test_duplication_is_a_share_of_the_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
