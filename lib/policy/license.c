/* lib/policy/license.c - license expressions and name matching for policy and ignore rules */
#include <string.h>
#include "policy/policy_int.h"
#include "walk/ignore.h"

/*
 * An SPDX license expression (SPDX specification, annex "SPDX license
 * expressions"): ids joined by AND and OR, "id WITH exception", and
 * parentheses; WITH binds tighter than AND, AND tighter than OR. Operators
 * are matched case-insensitively because lockfiles copy what authors wrote
 * ("MIT or Apache-2.0"). The expression is evaluated as it is parsed; any
 * deviation from the grammar makes the whole text one id, so free text
 * such as "Apache License 2.0" or "MIT/X11" still matches a value equal to
 * it. Nesting is bounded so a hostile license string cannot exhaust the
 * stack.
 */

#define LIC_DEPTH_MAX 32
#define LIC_LEN_MAX 4096

typedef struct {
	const char *s;
	size_t len, pos;
	scan_policy__lic_mode mode;
	scan_policy__lic_leaf leaf;
	const void *ctx;
	unsigned depth;
	bool bad;
	/* the token under the cursor */
	const char *tok;
	size_t toklen;
} lexer;

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

/* Characters of an SPDX idstring, plus ':' of DocumentRef-x:LicenseRef-y. */
static bool is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
	       c == '-' || c == '+' || c == ':';
}

static void next(lexer *lx)
{
	while (lx->pos < lx->len && is_space(lx->s[lx->pos]))
		lx->pos++;
	lx->tok = lx->s + lx->pos;
	lx->toklen = 0;
	if (lx->pos == lx->len)
		return;
	if (lx->s[lx->pos] == '(' || lx->s[lx->pos] == ')') {
		lx->toklen = 1;
		lx->pos++;
		return;
	}
	while (lx->pos < lx->len && !is_space(lx->s[lx->pos]) && lx->s[lx->pos] != '(' && lx->s[lx->pos] != ')') {
		if (!is_id_char(lx->s[lx->pos]))
			lx->bad = true;
		lx->pos++;
		lx->toklen++;
	}
}

static bool tok_is(const lexer *lx, const char *word)
{
	return lx->toklen && scan_policy__eq_ci(lx->tok, lx->toklen, word);
}

static bool tok_is_operator(const lexer *lx)
{
	return tok_is(lx, "AND") || tok_is(lx, "OR") || tok_is(lx, "WITH");
}

static bool parse_or(lexer *lx);

/* primary [WITH exception] */
static bool parse_with(lexer *lx)
{
	bool v = false;

	if (lx->bad || !lx->toklen) {
		lx->bad = true;
		return false;
	}
	if (lx->toklen == 1 && lx->tok[0] == '(') {
		if (++lx->depth > LIC_DEPTH_MAX) {
			lx->bad = true;
			return false;
		}
		next(lx);
		v = parse_or(lx);
		if (lx->bad || lx->toklen != 1 || lx->tok[0] != ')') {
			lx->bad = true;
			return false;
		}
		lx->depth--;
		next(lx);
	} else if (lx->tok[0] == ')' || tok_is_operator(lx)) {
		lx->bad = true;
		return false;
	} else {
		v = lx->leaf(lx->tok, lx->toklen, lx->ctx);
		next(lx);
	}
	/* "X WITH exception" is tested as X: the exception narrows X, it is not another license. */
	if (tok_is(lx, "WITH")) {
		next(lx);
		if (!lx->toklen || lx->tok[0] == '(' || lx->tok[0] == ')' || tok_is_operator(lx)) {
			lx->bad = true;
			return false;
		}
		next(lx);
	}
	return v;
}

static bool parse_and(lexer *lx)
{
	bool v = parse_with(lx);

	while (!lx->bad && tok_is(lx, "AND")) {
		bool w;
		next(lx);
		w = parse_with(lx);
		v = lx->mode == SCAN_POLICY__LIC_USABLE ? (v && w) : (v || w);
	}
	return v;
}

static bool parse_or(lexer *lx)
{
	bool v = parse_and(lx);

	while (!lx->bad && tok_is(lx, "OR")) {
		bool w;
		next(lx);
		w = parse_and(lx);
		v = lx->mode == SCAN_POLICY__LIC_BOUND ? (v && w) : (v || w);
	}
	return v;
}

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
	lexer lx;
	size_t a = 0, b = strlen(expr);
	bool v;

	memset(&lx, 0, sizeof(lx));
	lx.s = expr;
	lx.len = b;
	lx.mode = mode;
	lx.leaf = leaf;
	lx.ctx = ctx;
	if (b <= LIC_LEN_MAX) {
		next(&lx);
		v = parse_or(&lx);
		if (!lx.bad && !lx.toklen)
			return v;
	}
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
