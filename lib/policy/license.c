/* lib/policy/license.c - license expressions and name matching for policy and ignore rules */
#include <string.h>
#include "policy/policy_int.h"
#include "sbom/license_expr.h"
#include "walk/ignore.h"

/*
 * License expressions are read by the one SPDX expression reader
 * (sbom/license_expr.h); what is here is what a policy makes of them. A
 * text that is not an expression is one id: free text such as "Apache
 * License 2.0" or "MIT/X11" still matches a value equal to it.
 */

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool scan_policy__eq_ci(const char *a, size_t alen, const char *b)
{
	size_t i;

	for (i = 0; i < alen && b[i]; i++)
		if (lower(a[i]) != lower(b[i]))
			return false;
	return i == alen && !b[i];
}

bool scan_policy__contains_ci(const char *hay, size_t haylen, const char *needle)
{
	size_t n = strlen(needle);

	if (n > haylen)
		return false;
	for (size_t i = 0; i + n <= haylen; i++) {
		size_t k = 0;
		while (k < n && lower(hay[i + k]) == lower(needle[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

typedef struct {
	scan_policy__lic_leaf leaf;
	const void *ctx;
} lic_eval;

static int eval_leaf(void *ctx, const char *id, size_t len)
{
	const lic_eval *e = ctx;

	return e->leaf(id, len, e->ctx);
}

static int eval_both(void *ctx, int a, int b)
{
	(void)ctx;
	return a && b;
}

static int eval_either(void *ctx, int a, int b)
{
	(void)ctx;
	return a || b;
}

/*
 * The policy's reading, as before the reader was shared: '/' is not OR
 * ("MIT/X11" is one id), an id is any run of id characters and '+'
 * ("GPL+2"), only space, tab, CR and LF are blanks, and "(A OR B) WITH x"
 * reads as the group. "X WITH exception" is tested as X: the exception
 * narrows X, it is not another license.
 */
#define LIC_FLAGS SCAN_LICENSE_EXPR_GROUP_WITH

/* Indexed by scan_policy__lic_mode: BOUND cannot avoid a match, USABLE can use matches only, ANY has one. */
static const scan_license_expr_ops lic_ops[] = {
	[SCAN_POLICY__LIC_BOUND] = { LIC_FLAGS, eval_leaf, NULL, eval_either, eval_both },
	[SCAN_POLICY__LIC_USABLE] = { LIC_FLAGS, eval_leaf, NULL, eval_both, eval_either },
	[SCAN_POLICY__LIC_ANY] = { LIC_FLAGS, eval_leaf, NULL, eval_either, eval_either },
};

bool scan_policy__license_known(const char *expr)
{
	size_t a = 0, b;

	if (!expr)
		return false;
	b = strlen(expr);
	while (a < b && is_space(expr[a]))
		a++;
	while (b > a && is_space(expr[b - 1]))
		b--;
	return b > a && !scan_policy__eq_ci(expr + a, b - a, "NOASSERTION");
}

bool scan_policy__license_eval(const char *expr, scan_policy__lic_mode mode, scan_policy__lic_leaf leaf,
                               const void *ctx)
{
	lic_eval e = { leaf, ctx };
	size_t a = 0, b = strlen(expr);
	int v = scan_license__expr_eval(&lic_ops[mode], &e, NULL, expr, b);

	if (v >= 0)
		return v != 0;
	/* Not an expression: the whole text, trimmed, is the one id. */
	while (a < b && is_space(expr[a]))
		a++;
	while (b > a && is_space(expr[b - 1]))
		b--;
	return leaf(expr + a, b - a, ctx);
}

bool scan_policy__license_id_matches(const char *value, const char *id, size_t len)
{
	static const char *const suffixes[] = { "-only", "-or-later", "+" };
	size_t vlen = strlen(value);

	if (scan_policy__eq_ci(id, len, value))
		return true;
	if (len <= vlen)
		return false;
	/* A value that already says -only, -or-later or + means exactly that. */
	for (size_t k = 0; k < sizeof(suffixes) / sizeof(suffixes[0]); k++) {
		size_t n = strlen(suffixes[k]);
		if (vlen >= n && scan_policy__eq_ci(value + vlen - n, n, suffixes[k]))
			return false;
	}
	for (size_t i = 0; i < vlen; i++)
		if (lower(id[i]) != lower(value[i]))
			return false;
	for (size_t k = 0; k < sizeof(suffixes) / sizeof(suffixes[0]); k++)
		if (scan_policy__eq_ci(id + vlen, len - vlen, suffixes[k]))
			return true;
	return false;
}

bool scan_policy__path_matches(const char *pattern, const char *path)
{
	const char *base;
	bool anchored = false;

	if (!pattern || !path)
		return false;
	if (!strncmp(pattern, "./", 2))
		pattern += 2, anchored = true;
	else if (pattern[0] == '/')
		pattern++, anchored = true;
	if (!strncmp(path, "./", 2))
		path += 2;
	if (!anchored && !strchr(pattern, '/')) {
		/* As in .gitignore: a bare name is a file name in any directory. */
		base = strrchr(path, '/');
		path = base ? base + 1 : path;
	}
	return scan_glob__match(pattern, strlen(pattern), path, strlen(path), true);
}
