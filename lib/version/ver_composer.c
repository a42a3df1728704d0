/* lib/version/ver_composer.c - Composer (Packagist) versions */
#include "version/ver_int.h"

/*
 * Composer's versions documentation (getcomposer.org, "Versions and
 * constraints") and its normalisation of a version string:
 * - blanks around it and build metadata after '+' are dropped, and so is
 *   a leading "v" (v1.0.0 == 1.0.0);
 * - one to four numbers, padded to four (1.0 == 1.0.0 == 1.0.0.0);
 * - optionally a stability suffix, with or without a '.', '-' or '_'
 *   before it: stable, alpha/a, beta/b, RC, patch/pl/p (any case), then
 *   numbers separated by nothing, '.' or '-' (1.0.0-beta2, 1.0.0.RC.1);
 * - optionally "dev" at the very end ("1.0.0-dev", "1.0.0-beta2-dev").
 * "stable" is the same as no suffix. Composer then orders normalised
 * versions with PHP's version_compare(): parts in turn, numbers
 * numerically, and the words in the order
 *   dev < alpha < beta < RC < (a number) < patch
 * where a version that runs out of parts compares as a number against the
 * other's remaining word, and below its remaining number. So
 *   1.0.0-dev < 1.0.0-alpha < 1.0.0-beta2 < 1.0.0-RC1 < 1.0.0 < 1.0.0-patch1 < 1.0.0.1
 *
 * Branches are not versions: "dev-main", "dev-feature/x" and the
 * "1.0.x-dev" aliases name whatever commit the branch is at, and have no
 * place in an order; they are refused (SCAN_EPARSE), not sorted lowest,
 * so a branch in a lockfile is reported rather than matched against every
 * range. Date versions such as 20100102 read as one large major number,
 * which orders them the same among themselves.
 */

/* PHP's ranks; a number stands between RC and patch. */
enum { P_DEV, P_ALPHA, P_BETA, P_RC, P_NUMBER, P_PATCH };

static const struct {
	const char *word;
	int8_t rank;
	bool stable;
} stabilities[] = {
	/* Longest first where one spelling is a prefix of another. */
	{ "stable", P_NUMBER, true }, { "beta", P_BETA, false }, { "b", P_BETA, false },
	{ "rc", P_RC, false }, { "alpha", P_ALPHA, false }, { "a", P_ALPHA, false },
	{ "patch", P_PATCH, false }, { "pl", P_PATCH, false }, { "p", P_PATCH, false },
};

static bool word_at(const char *s, size_t i, size_t n, const char *word, size_t *len)
{
	size_t k;

	for (k = 0; word[k]; k++)
		if (i + k >= n || scan_version__lower((unsigned char)s[i + k]) != word[k])
			return false;
	*len = k;
	return true;
}

static const char *token(scan_version__composer *v, size_t off, size_t len, int8_t special)
{
	if (v->n == SCAN_SCA__VER_PARTS_MAX)
		return "too many parts";
	v->t[v->n].off = (uint16_t)off;
	v->t[v->n].len = (uint16_t)len;
	v->t[v->n].special = special;
	v->n++;
	return NULL;
}

/* "dev" ending the version at i, with an optional '.' or '-' before it. */
static bool dev_at_end(const char *s, size_t i, size_t n)
{
	if (i < n && (s[i] == '.' || s[i] == '-'))
		i++;
	return n - i == 3 && scan_version__word_eq(s + i, 3, "dev");
}

const char *scan_version__composer_parse(scan_version__composer *v, const char *s, size_t n)
{
	size_t i = 0, k, len;
	const char *why;
	bool stable = false;

	v->s = s;
	v->n = 0;
	while (n > 0 && scan_version__isblank((unsigned char)s[n - 1]))
		n--;
	while (i < n && scan_version__isblank((unsigned char)s[i]))
		i++;
	if (n - i >= 4 && scan_version__word_eq(s + i, 4, "dev-"))
		return "a branch, not a version";
	for (k = i; k < n; k++)
		if (s[k] == '+')
			break;
	if (k < n) {
		/* Build metadata: dropped, but it has to be there. */
		if (k + 1 == n)
			return "empty build metadata";
		for (size_t j = k + 1; j < n; j++)
			if (scan_version__isblank((unsigned char)s[j]))
				return "unexpected character";
		n = k;
	}
	if (i < n && (s[i] == 'v' || s[i] == 'V'))
		i++;

	for (k = 0; k < 4; k++) {
		len = scan_version__digits_at(s, i, n);
		if (len == 0)
			break;
		if ((why = token(v, i, len, -1)) != NULL)
			return why;
		i += len;
		if (k < 3 && i + 1 < n && s[i] == '.' && scan_version__isdigit((unsigned char)s[i + 1]))
			i++;
		else
			break;
	}
	if (v->n == 0)
		return "expected a number";
	if (i < n && (s[i] == 'x' || s[i] == 'X' || s[i] == '*') )
		return "a branch, not a version";
	if (i + 1 < n && s[i] == '.' && (s[i + 1] == 'x' || s[i + 1] == 'X' || s[i + 1] == '*'))
		return "a branch, not a version";
	while (v->n < 4)
		if ((why = token(v, 0, 0, -1)) != NULL)
			return why;

	if (i < n) {
		size_t j = i;
		int w = -1;

		if (s[j] == '.' || s[j] == '-' || s[j] == '_')
			j++;
		for (size_t q = 0; q < sizeof(stabilities) / sizeof(stabilities[0]); q++)
			if (word_at(s, j, n, stabilities[q].word, &len)) {
				w = (int)q;
				break;
			}
		i = j;
		if (w >= 0) {
			stable = stabilities[w].stable;
			if (!stable && (why = token(v, 0, 0, stabilities[w].rank)) != NULL)
				return why;
			i = j + len;
			/* Numbers, each after nothing, '.' or '-'. */
			for (;;) {
				size_t m = i;

				if (m < n && (s[m] == '.' || s[m] == '-'))
					m++;
				len = scan_version__digits_at(s, m, n);
				if (len == 0)
					break;
				if (!stable && (why = token(v, m, len, -1)) != NULL)
					return why;
				i = m + len;
			}
		}
	}
	if (i < n) {
		if (!dev_at_end(s, i, n))
			return "not a version";
		/* Composer drops everything after "stable", "-dev" included. */
		if (!stable && (why = token(v, 0, 0, P_DEV)) != NULL)
			return why;
		i = n;
	}
	return NULL;
}

int scan_version__composer_order(const scan_version__composer *a, const scan_version__composer *b)
{
	size_t k, n = a->n < b->n ? a->n : b->n;

	for (k = 0; k < n; k++) {
		const struct scan_version__php_token *x = &a->t[k], *y = &b->t[k];
		int c;

		if (x->special < 0 && y->special < 0)
			c = scan_version__digits_cmp(a->s + x->off, x->len, b->s + y->off, y->len);
		else
			c = (x->special < 0 ? P_NUMBER : x->special) - (y->special < 0 ? P_NUMBER : y->special);
		if (c)
			return c;
	}
	if (a->n > n)
		return a->t[k].special < 0 ? 1 : a->t[k].special - P_NUMBER;
	if (b->n > n)
		return b->t[k].special < 0 ? -1 : P_NUMBER - b->t[k].special;
	return 0;
}
