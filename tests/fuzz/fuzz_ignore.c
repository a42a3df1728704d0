/* tests/fuzz/fuzz_ignore.c - gitignore rules and globs against fuzzed paths */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "walk/ignore.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input: gitignore text, a NUL, then paths separated by '\n'. A path ending
 * in '/' is asked as a directory. The rules are added twice, at the root and
 * under the base "d", and popped again, so every path is judged against
 * both; the first line is also tried as a bare glob in both modes.
 *
 * Small inputs over a, b, '/', '*', '?', '.' are cross-checked with the plain
 * recursive definition of the glob, which is exponential and so only runs
 * on short patterns.
 */

#define REF_MAX 12

static bool ref_match(const char *p, const char *pe, const char *t, const char *te, bool seg_start)
{
	if (p == pe)
		return t == te;
	if (seg_start && pe - p >= 2 && p[0] == '*' && p[1] == '*' && (pe - p == 2 || p[2] == '/')) {
		if (pe - p == 2)
			return true;
		for (const char *s = t;; s++) {
			if ((s == t || s[-1] == '/') && ref_match(p + 3, pe, s, te, true))
				return true;
			if (s == te)
				return false;
		}
	}
	if (*p == '*') {
		for (const char *s = t;; s++) {
			if (ref_match(p + 1, pe, s, te, false))
				return true;
			if (s == te || *s == '/')
				return false;
		}
	}
	if (t == te)
		return false;
	if (*p == '?')
		return *t != '/' && ref_match(p + 1, pe, t + 1, te, false);
	return *t == *p && ref_match(p + 1, pe, t + 1, te, *p == '/');
}

static bool ref_eligible(const char *p, size_t n)
{
	if (n > REF_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strchr("ab/*?.", p[i]) || p[i] == '\0')
			return false;
	return true;
}

static void check_path(const scan_ignore *ig, const char *rules, size_t first_len,
                       const char *path, size_t len)
{
	char *copy = malloc(len + 1);
	bool is_dir = len > 0 && path[len - 1] == '/';
	bool g;

	if (!copy)
		return;
	memcpy(copy, path, len);
	copy[len] = '\0';
	(void)scan_ignore__match(ig, copy, is_dir);
	g = scan_glob__match(rules, first_len, path, len, true);
	(void)scan_glob__match(rules, first_len, path, len, false);
	if (ref_eligible(rules, first_len) && len <= REF_MAX && !memchr(path, '\0', len) &&
	    g != ref_match(rules, rules + first_len, path, path + len, true))
		abort();
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data;
	const char *nul = memchr(in, '\0', size);
	size_t rules_len = nul ? (size_t)(nul - in) : size;
	const char *nl = memchr(in, '\n', rules_len);
	size_t first_len = nl ? (size_t)(nl - in) : rules_len;
	scan_ignore *ig = NULL;
	size_t pos;

	if (scan_ignore__new(&ig) != 0)
		return 0;
	if (scan_ignore__add_text(ig, "", in, rules_len) != 0)
		goto done;
	if (scan_ignore__add_text(ig, "d", in, rules_len) != 0)
		goto done;
	pos = nul ? rules_len + 1 : size;
	while (pos < size) {
		const char *path = in + pos;
		const char *end = memchr(path, '\n', size - pos);
		size_t len = end ? (size_t)(end - path) : size - pos;

		check_path(ig, in, first_len, path, len);
		pos += len + 1;
	}
	scan_ignore__pop(ig, scan_ignore__depth(ig) / 2);
	scan_ignore__pop(ig, 0);
	if (scan_ignore__depth(ig) != 0)
		abort();
	/* The first line as one --exclude style rule. */
	{
		char *rule = malloc(first_len + 1);

		if (rule) {
			memcpy(rule, in, first_len);
			rule[first_len] = '\0';
			(void)scan_ignore__add_rule(ig, rule);
			(void)scan_ignore__match(ig, "d/x", false);
			free(rule);
		}
	}
done:
	scan_ignore__free(ig);
	return 0;
}
