/* tests/unit/test_ignore.c - gitignore rules and the glob matcher */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "scan/common.h"
#include "walk/ignore.h"

static bool glob(const char *p, const char *t)
{
	return scan_glob__match(p, strlen(p), t, strlen(t), true);
}

static bool glob_flat(const char *p, const char *t)
{
	return scan_glob__match(p, strlen(p), t, strlen(t), false);
}

static scan_ignore *ignore_of(const char *text)
{
	scan_ignore *ig;

	assert_int_equal(scan_ignore__new(&ig), 0);
	assert_int_equal(scan_ignore__add_text(ig, "", text, strlen(text)), 0);
	return ig;
}

static void add(scan_ignore *ig, const char *base, const char *text)
{
	assert_int_equal(scan_ignore__add_text(ig, base, text, strlen(text)), 0);
}

static bool file(const scan_ignore *ig, const char *path)
{
	return scan_ignore__match(ig, path, false);
}

static bool dir(const scan_ignore *ig, const char *path)
{
	return scan_ignore__match(ig, path, true);
}

static double seconds_since(clock_t start)
{
	return (double)(clock() - start) / CLOCKS_PER_SEC;
}

/* --- the glob matcher ---------------------------------------------------- */

static void test_glob_star_and_question(void **state)
{
	(void)state;
	assert_true(glob("*", "abc"));
	assert_true(glob("*", ""));
	assert_true(glob("a*c", "ac"));
	assert_true(glob("a*c", "abbbc"));
	assert_false(glob("a*c", "abcd"));
	assert_true(glob("*.log", "x.log"));
	assert_false(glob("*.log", "x.log.1"));
	assert_true(glob("a?c", "abc"));
	assert_false(glob("a?c", "ac"));
	assert_false(glob("a?c", "abbc"));
	assert_true(glob("???", "abc"));
	assert_true(glob("", ""));
	assert_false(glob("", "a"));
	assert_false(glob("a", ""));
	/* '*', '?' never cross '/' in pathname mode, and do without it. */
	assert_false(glob("a*c", "a/c"));
	assert_false(glob("a?c", "a/c"));
	assert_true(glob_flat("a*c", "ab/xc"));
	assert_true(glob_flat("a?c", "a/c"));
	assert_true(glob("*/*", "a/b"));
	assert_false(glob("*/*", "a/b/c"));
	assert_true(glob("a/*", "a/"));
	/* "**" not a whole segment is an ordinary star. */
	assert_true(glob("a**b", "axxb"));
	assert_false(glob("a**b", "a/b"));
	assert_true(glob("**x", "abx"));
	assert_false(glob("**x", "a/x"));
	assert_true(glob("x**", "xyz"));
	assert_false(glob("x**", "x/y"));
	assert_false(glob("a/**b", "a/x/b"));
	assert_true(glob("a/**b", "a/xb"));
}

static void test_glob_classes(void **state)
{
	(void)state;
	assert_true(glob("[abc]", "b"));
	assert_false(glob("[abc]", "d"));
	assert_true(glob("[a-c]x", "bx"));
	assert_false(glob("[a-c]x", "dx"));
	assert_true(glob("[!a-c]x", "dx"));
	assert_false(glob("[!a-c]x", "ax"));
	assert_true(glob("[^a-c]x", "dx"));
	assert_false(glob("[^a-c]x", "cx"));
	assert_true(glob("[0-9a-f]", "e"));
	assert_false(glob("[0-9a-f]", "g"));
	/* ']' first is a member; '-' first or last is a member. */
	assert_true(glob("[]a]", "]"));
	assert_true(glob("[]a]", "a"));
	assert_true(glob("[!]a]", "b"));
	assert_false(glob("[!]a]", "]"));
	assert_true(glob("[a-]", "-"));
	assert_true(glob("[-a]", "-"));
	assert_true(glob("[a-c-e]", "-"));
	assert_true(glob("[a-c-e]", "e"));
	assert_false(glob("[a-c-e]", "d"));
	/* Escapes inside a class. */
	assert_true(glob("[\\]]x", "]x"));
	assert_true(glob("[\\!a]", "!"));
	assert_true(glob("[a\\-c]", "-"));
	assert_false(glob("[a\\-c]", "b"));
	assert_true(glob("[\\a-\\c]", "b"));
	/* A reversed range is empty. */
	assert_false(glob("[z-a]", "z"));
	assert_false(glob("[z-a]", "m"));
	/* '[' alone inside a class is a member. */
	assert_true(glob("[[]", "["));
	/* POSIX classes, ASCII. */
	assert_true(glob("a[[:digit:]]", "a7"));
	assert_false(glob("a[[:digit:]]", "ab"));
	assert_true(glob("[[:alpha:]-9]", "Q"));
	assert_true(glob("[[:alpha:]-9]", "-"));
	assert_true(glob("[[:space:]]", "\t"));
	assert_true(glob("[[:upper:][:digit:]]", "5"));
	assert_false(glob("[![:lower:]]", "q"));
	assert_true(glob("[[:xdigit:]][[:punct:]]", "F!"));
	/* A class never matches '/' in pathname mode. */
	assert_false(glob("a[/]b", "a/b"));
	assert_false(glob("a[!x]b", "a/b"));
	assert_true(glob_flat("a[!x]b", "a/b"));
	/* Bytes above 0x7f compare as unsigned. */
	assert_true(glob("[\x80-\xff]", "\xe9"));
	assert_false(glob("[a-z]", "\xe9"));
}

static void test_glob_invalid_never_matches(void **state)
{
	(void)state;
	assert_false(glob("[abc", "[abc"));
	assert_false(glob("[abc", "a"));
	assert_false(glob("[]", "]"));
	assert_false(glob("[!]", "x"));
	assert_false(glob("a[\\]", "a]"));
	assert_false(glob("x[[:nope:]]", "xa"));
	assert_false(glob("x[[:nope:]]", "x[[:nope:]]"));
	assert_false(glob("a\\", "a\\"));
	assert_false(glob("a\\", "a"));
	assert_false(glob_flat("[abc", "a"));
}

static void test_glob_escapes(void **state)
{
	(void)state;
	assert_true(glob("\\*", "*"));
	assert_false(glob("\\*", "a"));
	assert_true(glob("a\\?", "a?"));
	assert_false(glob("a\\?", "ab"));
	assert_true(glob("\\[a]", "[a]"));
	assert_false(glob("\\[a]", "a"));
	assert_true(glob("\\\\", "\\"));
	assert_true(glob("\\a\\b", "ab"));
	assert_true(glob("*\\*", "x*"));
	assert_false(glob("*\\*", "xy"));
	/* An escaped '/' is still a separator. */
	assert_true(glob("a\\/b", "a/b"));
	assert_true(glob("**\\/b", "x/y/b"));
}

static void test_glob_double_star(void **state)
{
	(void)state;
	/* Leading: any number of directories, including none. */
	assert_true(glob("**/foo", "foo"));
	assert_true(glob("**/foo", "a/foo"));
	assert_true(glob("**/foo", "a/b/c/foo"));
	assert_false(glob("**/foo", "a/foo/b"));
	assert_false(glob("**/foo", "xfoo"));
	assert_true(glob("**/a/b", "x/a/b"));
	assert_true(glob("**/a/b", "a/b"));
	assert_false(glob("**/a/b", "a/x/b"));
	/* Trailing: everything inside, not the directory itself. */
	assert_true(glob("abc/**", "abc/x"));
	assert_true(glob("abc/**", "abc/x/y/z"));
	assert_false(glob("abc/**", "abc"));
	assert_false(glob("abc/**", "abcd/x"));
	/* Middle: zero or more directories. */
	assert_true(glob("a/**/b", "a/b"));
	assert_true(glob("a/**/b", "a/x/b"));
	assert_true(glob("a/**/b", "a/x/y/b"));
	assert_false(glob("a/**/b", "a/x/y/c"));
	assert_false(glob("a/**/b", "ab"));
	assert_false(glob("a/**/b", "x/a/b"));
	assert_true(glob("a/**/b/**/c", "a/b/c"));
	assert_true(glob("a/**/b/**/c", "a/1/b/2/3/c"));
	assert_true(glob("a/**/*.c", "a/x/y.c"));
	assert_false(glob("a/**/*.c", "a/x/y.h"));
	/* Consecutive and lone. */
	assert_true(glob("**/**/x", "x"));
	assert_true(glob("**/**/x", "a/b/x"));
	assert_true(glob("x/**/**", "x/a"));
	assert_false(glob("x/**/**", "x"));
	assert_true(glob("**", "a"));
	assert_true(glob("**", "a/b/c"));
	/* Not whole segments: ordinary stars. */
	assert_true(glob_flat("**", "a/b"));
	assert_true(glob_flat("a/**/b", "a/x/y/b"));
}

/* A reference matcher: the plain recursive definition, exponential, for
 * cross-checking the bounded one on small random inputs. Patterns are built
 * only from a, b, '/', '*', '?', "[ab]", "[!a]", "[a-b]" and "\a". */
static bool ref_match(const char *p, const char *t, bool seg_start)
{
	if (!*p)
		return !*t;
	if (seg_start && p[0] == '*' && p[1] == '*' && (p[2] == '/' || !p[2])) {
		if (!p[2])
			return true;
		for (const char *s = t;; s++) {
			if ((s == t || s[-1] == '/') && ref_match(p + 3, s, true))
				return true;
			if (!*s)
				return false;
		}
	}
	if (*p == '*') {
		for (const char *s = t;; s++) {
			if (ref_match(p + 1, s, false))
				return true;
			if (!*s || *s == '/')
				return false;
		}
	}
	if (!*t)
		return false;
	if (*p == '?')
		return *t != '/' && ref_match(p + 1, t + 1, false);
	if (*p == '[') {
		bool neg = p[1] == '!', in;
		const char *q = p + 1 + neg;
		const char *close = strchr(q, ']');

		if (close - q == 3 && q[1] == '-')
			in = *t >= q[0] && *t <= q[2];
		else
			in = memchr(q, *t, (size_t)(close - q)) != NULL;
		return *t != '/' && in != neg && ref_match(close + 1, t + 1, false);
	}
	if (*p == '\\')
		return *t == p[1] && ref_match(p + 2, t + 1, false);
	return *t == *p && ref_match(p + 1, t + 1, *p == '/');
}

static void test_glob_matches_reference(void **state)
{
	static const char *const ptok[] = { "a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "[a-b]", "\\a", "**/", "/**" };
	static const char tchar[] = "ab/c";
	unsigned int seed = 12345;
	(void)state;

	for (int iter = 0; iter < 50000; iter++) {
		char p[64] = "", t[16];
		size_t pn = 0, tn;
		int ntok;

		seed = seed * 1103515245u + 12345u;
		ntok = 1 + (int)((seed >> 16) % 6);
		for (int k = 0; k < ntok; k++) {
			const char *tok;
			size_t len;

			seed = seed * 1103515245u + 12345u;
			tok = ptok[(seed >> 16) % (sizeof(ptok) / sizeof(ptok[0]))];
			len = strlen(tok);
			memcpy(p + pn, tok, len);
			pn += len;
		}
		p[pn] = '\0';
		seed = seed * 1103515245u + 12345u;
		tn = (seed >> 16) % 9;
		for (size_t k = 0; k < tn; k++) {
			seed = seed * 1103515245u + 12345u;
			t[k] = tchar[(seed >> 16) % 4];
		}
		t[tn] = '\0';
		if (glob(p, t) != ref_match(p, t, true))
			fail_msg("pattern '%s' text '%s': matcher %d, reference %d", p, t, glob(p, t),
			         ref_match(p, t, true));
	}
}

static void test_glob_bounded(void **state)
{
	static const char stars[] = "*a*a*a*a*a*a*a*a*a*b";
	size_t tlen = 20000, plen;
	char *text = malloc(tlen + 1), *pat;
	clock_t start = clock();
	(void)state;

	assert_non_null(text);
	memset(text, 'a', tlen);
	text[tlen] = '\0';
	assert_false(glob(stars, text));
	assert_false(glob_flat(stars, text));
	text[tlen - 1] = 'b';
	assert_true(glob(stars, text));

	/* Hundreds of "**" segments against hundreds of directories. */
	plen = 3 * 600 + 1;
	pat = malloc(plen + 1);
	assert_non_null(pat);
	for (size_t i = 0; i < 600; i++)
		memcpy(pat + 3 * i, "**/", 3);
	memcpy(pat + plen - 1, "b", 2);
	/* "a/a/.../a/c": 10000 segments. */
	for (size_t i = 0; i + 1 < tlen; i += 2) {
		text[i] = 'a';
		text[i + 1] = '/';
	}
	text[tlen - 1] = '\0';
	text[tlen - 2] = 'c';
	assert_false(glob(pat, text));
	text[tlen - 2] = 'b';
	assert_true(glob(pat, text));

	/* "**" between starry segments that almost match everywhere. */
	for (size_t i = 0; i < 600; i++)
		memcpy(pat + 3 * i, i % 2 ? "**/" : "*a/", 3);
	memcpy(pat + plen - 1, "b", 2);
	text[tlen - 2] = 'c';
	assert_false(glob(pat, text));

	/* The longest pattern, all stars and singles, against a long name. */
	free(pat);
	pat = malloc(SCAN_IGNORE_PATTERN_MAX + 1);
	assert_non_null(pat);
	for (size_t i = 0; i < SCAN_IGNORE_PATTERN_MAX; i++)
		pat[i] = i % 2 ? 'a' : '*';
	pat[SCAN_IGNORE_PATTERN_MAX - 1] = 'b';
	pat[SCAN_IGNORE_PATTERN_MAX] = '\0';
	memset(text, 'a', 4096);
	text[4096] = '\0';
	assert_false(glob(pat, text));
	assert_true(seconds_since(start) < 3.0);
	free(pat);
	free(text);
}

static void test_ignore_bounded(void **state)
{
	char text[1024], path[4200];
	size_t n = 0;
	scan_ignore *ig;
	clock_t start = clock();
	(void)state;

	n += (size_t)snprintf(text + n, sizeof(text) - n, "*a*a*a*a*a*a*a*a*a*b\n");
	for (int i = 0; i < 100; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "**/");
	n += (size_t)snprintf(text + n, sizeof(text) - n, "b\n");
	assert_true(n < sizeof(text) - 1);
	ig = ignore_of(text);
	memset(path, 'a', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	assert_false(file(ig, path));
	for (size_t i = 1; i < sizeof(path) - 1; i += 2)
		path[i] = '/';
	assert_false(file(ig, path));
	assert_true(seconds_since(start) < 3.0);
	scan_ignore__free(ig);
}

/* --- the rule stack ------------------------------------------------------ */

static void test_comments_and_blank_lines(void **state)
{
	scan_ignore *ig = ignore_of("# a comment\n\n   \n#*.c\n\\#hash\nx#y\n");
	(void)state;

	assert_int_equal(scan_ignore__depth(ig), 2);
	assert_false(file(ig, "a.c"));
	assert_false(file(ig, "# a comment"));
	assert_true(file(ig, "#hash"));
	assert_false(file(ig, "hash"));
	assert_true(file(ig, "x#y"));
	scan_ignore__free(ig);
}

static void test_negation_and_last_match_wins(void **state)
{
	scan_ignore *ig = ignore_of("*.log\n!keep.log\n\\!bang\n!#notcomment\n");
	(void)state;

	assert_true(file(ig, "a.log"));
	assert_true(file(ig, "d/a.log"));
	assert_false(file(ig, "keep.log"));
	assert_false(file(ig, "d/keep.log"));
	assert_true(file(ig, "!bang"));
	assert_false(file(ig, "bang"));
	scan_ignore__free(ig);

	/* Order matters: a later positive rule overrides an earlier negation. */
	ig = ignore_of("!keep.log\n*.log\n");
	assert_true(file(ig, "keep.log"));
	scan_ignore__free(ig);

	/* A negation with nothing to undo excludes nothing. */
	ig = ignore_of("!x\n!\n");
	assert_false(file(ig, "x"));
	assert_false(file(ig, "!"));
	assert_int_equal(scan_ignore__depth(ig), 1);
	scan_ignore__free(ig);
}

static void test_trailing_spaces(void **state)
{
	scan_ignore *ig = ignore_of("a   \nb\\ \nc\\ \\  \nd\\\\ \ne f\n\tg\t\n");
	(void)state;

	assert_true(file(ig, "a"));
	assert_false(file(ig, "a "));
	assert_true(file(ig, "b "));
	assert_false(file(ig, "b"));
	assert_true(file(ig, "c  "));
	assert_true(file(ig, "d\\"));
	assert_true(file(ig, "e f"));
	/* Only spaces are trimmed: tabs are part of the pattern. */
	assert_true(file(ig, "\tg\t"));
	assert_false(file(ig, "g"));
	scan_ignore__free(ig);

	/* A line of only spaces is blank; an escaped space alone is a name. */
	ig = ignore_of("    \n\\ \n");
	assert_int_equal(scan_ignore__depth(ig), 1);
	assert_true(file(ig, " "));
	scan_ignore__free(ig);
}

static void test_escapes_in_rules(void **state)
{
	scan_ignore *ig = ignore_of("\\*star\nq\\?\n\\[x]\nback\\\\slash\ndangling\\\n");
	(void)state;

	assert_true(file(ig, "*star"));
	assert_false(file(ig, "xstar"));
	assert_true(file(ig, "q?"));
	assert_false(file(ig, "qq"));
	assert_true(file(ig, "[x]"));
	assert_false(file(ig, "x"));
	assert_true(file(ig, "back\\slash"));
	/* "dangling\" escapes nothing: skipped. */
	assert_false(file(ig, "dangling\\"));
	assert_false(file(ig, "dangling"));
	assert_int_equal(scan_ignore__depth(ig), 4);
	scan_ignore__free(ig);
}

static void test_directory_only(void **state)
{
	scan_ignore *ig = ignore_of("build/\n/out/\nlogs/*/\na//\n");
	(void)state;

	assert_true(dir(ig, "build"));
	assert_true(dir(ig, "src/build"));
	assert_false(file(ig, "build"));
	assert_false(file(ig, "src/build"));
	assert_true(dir(ig, "out"));
	assert_false(dir(ig, "src/out"));
	assert_false(file(ig, "out"));
	assert_true(dir(ig, "logs/x"));
	assert_false(file(ig, "logs/x"));
	/* Only one trailing '/' is removed, as git does: "a//" matches nothing. */
	assert_false(dir(ig, "a"));
	scan_ignore__free(ig);

	/* A negated directory-only rule re-includes directories only. */
	ig = ignore_of("tmp*\n!tmpkeep/\n");
	assert_false(dir(ig, "tmpkeep"));
	assert_true(file(ig, "tmpkeep"));
	scan_ignore__free(ig);
}

static void test_anchoring(void **state)
{
	scan_ignore *ig = ignore_of("/root.txt\ndoc/*.txt\nname\na/b\n*.o\nsrc/gen*\n");
	(void)state;

	/* A leading '/' anchors. */
	assert_true(file(ig, "root.txt"));
	assert_false(file(ig, "x/root.txt"));
	/* A middle '/' anchors. */
	assert_true(file(ig, "doc/a.txt"));
	assert_false(file(ig, "doc/sub/a.txt"));
	assert_false(file(ig, "x/doc/a.txt"));
	assert_true(file(ig, "a/b"));
	assert_false(file(ig, "x/a/b"));
	/* No '/' but a trailing one: the basename at any depth. */
	assert_true(file(ig, "name"));
	assert_true(file(ig, "x/y/name"));
	assert_true(dir(ig, "x/name"));
	assert_false(file(ig, "x/name2"));
	assert_true(file(ig, "deep/er/f.o"));
	assert_false(file(ig, "f.o/x"));
	assert_true(file(ig, "src/generated.c"));
	assert_false(file(ig, "src/gen/x.c"));
	assert_false(file(ig, "y/src/gen.c"));
	scan_ignore__free(ig);

	/* Only the first '/' of "//x" goes: the rest anchors to an empty segment. */
	ig = ignore_of("//x\n/\n");
	assert_false(file(ig, "x"));
	assert_int_equal(scan_ignore__depth(ig), 1);
	scan_ignore__free(ig);
}

static void test_anchored_shortcuts(void **state)
{
	/* The precomputed literal, prefix and suffix forms must agree with the glob. */
	scan_ignore *ig = ignore_of("/*.c\n/pre*\nd/*.h\nd/lit\n*/x\n");
	(void)state;

	assert_true(file(ig, "a.c"));
	assert_false(file(ig, "d/a.c"));
	assert_true(file(ig, "prefix"));
	assert_false(file(ig, "pre/y"));
	assert_true(file(ig, "d/a.h"));
	assert_false(file(ig, "d/e/a.h"));
	assert_false(file(ig, "a.h"));
	assert_true(file(ig, "d/lit"));
	assert_false(file(ig, "d/lit2"));
	assert_true(file(ig, "q/x"));
	assert_false(file(ig, "q/r/x"));
	scan_ignore__free(ig);
}

static void test_double_star_rules(void **state)
{
	scan_ignore *ig = ignore_of("**/cache\nvendor/**\nsrc/**/gen\n**/tmp/**/*.bak\n");
	(void)state;

	assert_true(dir(ig, "cache"));
	assert_true(file(ig, "a/b/cache"));
	assert_true(file(ig, "vendor/x"));
	assert_true(file(ig, "vendor/x/y"));
	assert_false(dir(ig, "vendor"));
	assert_false(file(ig, "a/vendor/x"));
	assert_true(file(ig, "src/gen"));
	assert_true(file(ig, "src/a/b/gen"));
	assert_false(file(ig, "x/src/gen"));
	assert_true(file(ig, "tmp/a.bak"));
	assert_true(file(ig, "x/tmp/y/z/a.bak"));
	assert_false(file(ig, "x/tmp/y/z/a.bik"));
	scan_ignore__free(ig);
}

static void test_classes_in_rules(void **state)
{
	scan_ignore *ig = ignore_of("*.[oa]\nfile[0-9]\n[!x]y\n[[:upper:]]*.md\nbroken[\n");
	(void)state;

	assert_true(file(ig, "lib.a"));
	assert_true(file(ig, "d/main.o"));
	assert_false(file(ig, "main.c"));
	assert_true(file(ig, "file7"));
	assert_false(file(ig, "filex"));
	assert_true(file(ig, "ay"));
	assert_false(file(ig, "xy"));
	assert_true(file(ig, "README.md"));
	assert_false(file(ig, "readme.md"));
	/* An unterminated class is never a match, not even for itself. */
	assert_false(file(ig, "broken["));
	assert_false(file(ig, "broken"));
	scan_ignore__free(ig);
}

static void test_nested_bases(void **state)
{
	scan_ignore *ig;
	size_t root, sub;
	(void)state;

	assert_int_equal(scan_ignore__new(&ig), 0);
	root = scan_ignore__depth(ig);
	add(ig, "", "*.log\n/top\n");
	sub = scan_ignore__depth(ig);
	add(ig, "sub", "!keep.log\n/local\ndeep/x\n");

	assert_true(file(ig, "a.log"));
	assert_true(file(ig, "keep.log"));
	assert_true(file(ig, "other/keep.log"));
	assert_false(file(ig, "sub/keep.log"));
	assert_false(file(ig, "sub/d/keep.log"));
	assert_true(file(ig, "sub/a.log"));
	/* Anchored to their own directory. */
	assert_true(file(ig, "sub/local"));
	assert_false(file(ig, "local"));
	assert_false(file(ig, "sub/d/local"));
	assert_true(file(ig, "sub/deep/x"));
	assert_false(file(ig, "deep/x"));
	assert_false(file(ig, "top/sub/deep/x"));
	assert_true(file(ig, "top"));
	assert_false(file(ig, "sub/top"));
	/* A base applies below "sub/" only: not to sub itself, nor to "subx". */
	assert_false(dir(ig, "sub"));
	assert_true(file(ig, "subx/keep.log"));

	/* Leaving sub drops its rules. */
	scan_ignore__pop(ig, sub);
	assert_int_equal(scan_ignore__depth(ig), 2);
	assert_true(file(ig, "sub/keep.log"));
	assert_false(file(ig, "sub/local"));

	/* A second level, then a sibling reusing the popped space. */
	add(ig, "a", "*.tmp\n");
	add(ig, "a/b", "!x.tmp\n");
	assert_true(file(ig, "a/y.tmp"));
	assert_false(file(ig, "a/b/x.tmp"));
	assert_true(file(ig, "a/bx/x.tmp"));
	assert_true(file(ig, "a/b/y.tmp"));
	scan_ignore__pop(ig, sub);
	add(ig, "c", "*.tmp\n");
	assert_false(file(ig, "a/y.tmp"));
	assert_true(file(ig, "c/y.tmp"));

	scan_ignore__pop(ig, root);
	assert_int_equal(scan_ignore__depth(ig), 0);
	assert_false(file(ig, "a.log"));
	/* Popping to a depth at or above the top changes nothing. */
	scan_ignore__pop(ig, 5);
	assert_int_equal(scan_ignore__depth(ig), 0);
	scan_ignore__free(ig);
}

static void test_base_with_trailing_slash_and_null(void **state)
{
	scan_ignore *ig;
	(void)state;

	assert_int_equal(scan_ignore__new(&ig), 0);
	add(ig, "d/", "x\n");
	assert_int_equal(scan_ignore__add_text(ig, NULL, "y\n", 2), 0);
	assert_true(file(ig, "d/x"));
	assert_false(file(ig, "x"));
	assert_true(file(ig, "y"));
	/* An empty text adds nothing. */
	assert_int_equal(scan_ignore__add_text(ig, "", "", 0), 0);
	assert_int_equal(scan_ignore__depth(ig), 2);
	scan_ignore__free(ig);
	scan_ignore__free(NULL);
}

static void test_line_endings(void **state)
{
	static const char text[] = "\xef\xbb\xbf" "first\r\n*.c\r\n!keep.c\r\ntrail  \r\nlast";
	scan_ignore *ig = ignore_of(text);
	(void)state;

	assert_int_equal(scan_ignore__depth(ig), 5);
	assert_true(file(ig, "first"));
	assert_true(file(ig, "a.c"));
	assert_false(file(ig, "a.c\r"));
	assert_false(file(ig, "keep.c"));
	assert_true(file(ig, "trail"));
	assert_true(file(ig, "last"));
	scan_ignore__free(ig);

	/* A lone '\r' inside a line is part of the name. */
	ig = ignore_of("a\rb\n");
	assert_true(file(ig, "a\rb"));
	scan_ignore__free(ig);
}

static void test_invalid_utf8_and_bytes(void **state)
{
	static const char text[] = "\xff\xfe*\n\xc3\n?\xa9x\n";
	scan_ignore *ig = ignore_of(text);
	(void)state;

	assert_true(file(ig, "\xff\xfe"));
	assert_true(file(ig, "d/\xff\xfe.txt"));
	assert_false(file(ig, "\xff"));
	assert_true(file(ig, "\xc3"));
	/* '?' is one byte, not one character. */
	assert_true(file(ig, "\xc3\xa9x"));
	assert_false(file(ig, "\xe2\x82\xac\xa9x"));
	scan_ignore__free(ig);

	/* A NUL inside a line is a byte of the pattern that no path contains. */
	ig = ignore_of("ok\n");
	assert_int_equal(scan_ignore__add_text(ig, "", "a\0b\nc\n", 6), 0);
	assert_false(file(ig, "a"));
	assert_true(file(ig, "c"));
	assert_true(file(ig, "ok"));
	scan_ignore__free(ig);
}

static void test_odd_names(void **state)
{
	scan_ignore *ig = ignore_of("-rf\nwith space\n -lead\n*.tmp\nnl?name\n");
	(void)state;

	assert_true(file(ig, "-rf"));
	assert_true(file(ig, "d/-rf"));
	assert_true(file(ig, "with space"));
	assert_false(file(ig, "with"));
	assert_true(file(ig, " -lead"));
	assert_true(file(ig, "new\nline.tmp"));
	assert_true(file(ig, "nl\nname"));
	assert_true(file(ig, "a b/c d.tmp"));
	scan_ignore__free(ig);
}

static void test_add_rule(void **state)
{
	scan_ignore *ig;
	(void)state;

	assert_int_equal(scan_ignore__new(&ig), 0);
	assert_int_equal(scan_ignore__add_rule(ig, "*.min.js"), 0);
	assert_int_equal(scan_ignore__add_rule(ig, "!keep.min.js"), 0);
	assert_int_equal(scan_ignore__add_rule(ig, "gen/"), 0);
	/* One rule: a newline is part of the name, not a line break. */
	assert_int_equal(scan_ignore__add_rule(ig, "a\nb"), 0);
	assert_int_equal(scan_ignore__add_rule(ig, ""), 0);
	assert_int_equal(scan_ignore__add_rule(ig, "# comment"), 0);
	assert_int_equal(scan_ignore__depth(ig), 4);
	assert_true(file(ig, "x/y.min.js"));
	assert_false(file(ig, "x/keep.min.js"));
	assert_true(dir(ig, "a/gen"));
	assert_false(file(ig, "a/gen"));
	assert_true(file(ig, "a\nb"));
	assert_false(file(ig, "a"));
	scan_ignore__free(ig);
}

static void test_pattern_max(void **state)
{
	size_t len = SCAN_IGNORE_PATTERN_MAX + 1;
	char *text = malloc(2 * len + 64), *name = malloc(len + 1);
	size_t n = 0;
	scan_ignore *ig;
	(void)state;

	assert_non_null(text);
	assert_non_null(name);
	/* One byte too long: skipped. */
	memset(text, 'a', len);
	n = len;
	text[n++] = '\n';
	/* Exactly the limit, plus trailing spaces that do not count: kept. */
	memset(text + n, 'b', SCAN_IGNORE_PATTERN_MAX);
	n += SCAN_IGNORE_PATTERN_MAX;
	memcpy(text + n, "   \nshort\n", 10);
	n += 10;

	assert_int_equal(scan_ignore__new(&ig), 0);
	assert_int_equal(scan_ignore__add_text(ig, "", text, n), 0);
	assert_int_equal(scan_ignore__depth(ig), 2);
	memset(name, 'a', len);
	name[len] = '\0';
	assert_false(file(ig, name));
	memset(name, 'b', SCAN_IGNORE_PATTERN_MAX);
	name[SCAN_IGNORE_PATTERN_MAX] = '\0';
	assert_true(file(ig, name));
	assert_true(file(ig, "short"));
	scan_ignore__free(ig);
	free(text);
	free(name);
}

static void test_rules_max(void **state)
{
	size_t n = (size_t)SCAN_IGNORE_RULES_MAX + 1;
	char *text = malloc(2 * n);
	scan_ignore *ig;
	(void)state;

	assert_non_null(text);
	for (size_t i = 0; i < n; i++) {
		text[2 * i] = 'x';
		text[2 * i + 1] = '\n';
	}
	assert_int_equal(scan_ignore__new(&ig), 0);
	add(ig, "", "keep\n");
	/* Over the limit: an error, and the stack is left as it was. */
	assert_int_equal(scan_ignore__add_text(ig, "", text, 2 * n), SCAN_ELIMIT);
	assert_int_equal(scan_error_last()->code, SCAN_ELIMIT);
	assert_int_equal(scan_ignore__depth(ig), 1);
	assert_true(file(ig, "keep"));
	assert_false(file(ig, "x"));
	/* Exactly up to the limit is fine. */
	assert_int_equal(scan_ignore__add_text(ig, "", text, 2 * (n - 2)), 0);
	assert_int_equal(scan_ignore__depth(ig), SCAN_IGNORE_RULES_MAX);
	assert_true(file(ig, "x"));
	assert_int_equal(scan_ignore__add_rule(ig, "one-more"), SCAN_ELIMIT);
	assert_int_equal(scan_ignore__depth(ig), SCAN_IGNORE_RULES_MAX);
	scan_ignore__free(ig);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glob_star_and_question),
		cmocka_unit_test(test_glob_classes),
		cmocka_unit_test(test_glob_invalid_never_matches),
		cmocka_unit_test(test_glob_escapes),
		cmocka_unit_test(test_glob_double_star),
		cmocka_unit_test(test_glob_matches_reference),
		cmocka_unit_test(test_glob_bounded),
		cmocka_unit_test(test_ignore_bounded),
		cmocka_unit_test(test_comments_and_blank_lines),
		cmocka_unit_test(test_negation_and_last_match_wins),
		cmocka_unit_test(test_trailing_spaces),
		cmocka_unit_test(test_escapes_in_rules),
		cmocka_unit_test(test_directory_only),
		cmocka_unit_test(test_anchoring),
		cmocka_unit_test(test_anchored_shortcuts),
		cmocka_unit_test(test_double_star_rules),
		cmocka_unit_test(test_classes_in_rules),
		cmocka_unit_test(test_nested_bases),
		cmocka_unit_test(test_base_with_trailing_slash_and_null),
		cmocka_unit_test(test_line_endings),
		cmocka_unit_test(test_invalid_utf8_and_bytes),
		cmocka_unit_test(test_odd_names),
		cmocka_unit_test(test_add_rule),
		cmocka_unit_test(test_pattern_max),
		cmocka_unit_test(test_rules_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
