/* lib/version/ver_maven.c - Maven artifact versions (the POM reference's version order) */
#include <string.h>
#include "version/ver_int.h"

/*
 * The POM reference's "Version Order Specification", which documents
 * Maven's ComparableVersion:
 * - the version is split into tokens at '.', at '-' and at transitions
 *   between digits and other characters; the separator is kept as the
 *   token's prefix, and a transition counts as '-'; an empty token is "0";
 * - a qualifier (a token that is not a number) sorts the same after '.'
 *   as after '-' (".qualifier" = "-qualifier"), so its prefix is '-';
 * - trailing "null" tokens (0, "", "final", "ga"; "release" is the same as
 *   "" in ComparableVersion) are trimmed from the end, and again before
 *   each remaining '-' token: 1.0.0 = 1, 1.0-foo = 1-foo, 1-0 = 1;
 * - the shorter token list is padded with nulls taking the prefix of the
 *   other side: 0 against ".N", "" against "-N" and qualifiers;
 * - tokens compare as: a qualifier < "-number" < ".number"; numbers
 *   numerically; qualifiers in the order
 *     alpha < beta < milestone < rc = cr < snapshot < "" = ga = final = release < sp
 *   then any other word, case-insensitively among themselves; a, b and m
 *   stand for alpha, beta and milestone when a digit follows directly.
 * Everything is case-insensitive, so 1.0-ALPHA1 = 1.0-alpha1; 1-1 < 1.1;
 * 1.0-alpha1 < 1.0-SNAPSHOT < 1.0 = 1.0.0 = 1-0 = 1.0-GA < 1.0-sp.
 *
 * '_' is not a separator: the POM reference lists it, Maven's
 * ComparableVersion does not, and the latter decides what Maven builds.
 * Maven accepts nearly any string as a version; this refuses what cannot
 * be one in a POM: blanks, control bytes, unresolved ${properties},
 * range syntax and the characters Maven forbids in versions.
 */

enum {
	Q_ALPHA, Q_BETA, Q_MILESTONE, Q_RC, Q_SNAPSHOT, Q_RELEASE, Q_SP, Q_OTHER,
};

static int8_t qualifier(const char *s, size_t len, bool digit_follows)
{
	static const struct {
		const char *word;
		int8_t rank;
	} words[] = {
		{ "alpha", Q_ALPHA }, { "beta", Q_BETA }, { "milestone", Q_MILESTONE },
		{ "rc", Q_RC }, { "cr", Q_RC }, { "snapshot", Q_SNAPSHOT },
		{ "ga", Q_RELEASE }, { "final", Q_RELEASE }, { "release", Q_RELEASE }, { "sp", Q_SP },
	};

	if (digit_follows && len == 1) {
		switch (scan_version__lower((unsigned char)s[0])) {
		case 'a': return Q_ALPHA;
		case 'b': return Q_BETA;
		case 'm': return Q_MILESTONE;
		}
	}
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (scan_version__word_eq(s, len, words[k].word))
			return words[k].rank;
	return Q_OTHER;
}

static bool forbidden(unsigned char c)
{
	return c <= 0x20 || c == 0x7f || strchr("${}[](),/\\:\"<>|?*", c) != NULL;
}

static const char *emit(scan_version__maven *v, size_t start, size_t end, char prefix, bool digit_follows)
{
	scan_version__mvn_token *t;

	if (v->n == SCAN_SCA__VER_PARTS_MAX)
		return "too many components";
	t = &v->t[v->n++];
	t->off = (uint16_t)start;
	t->len = (uint16_t)(end - start);
	t->prefix = prefix;
	t->qual = -1;           /* an empty token is the number 0 */
	if (end > start && !scan_version__isdigit((unsigned char)v->s[start])) {
		t->prefix = '-';
		t->qual = qualifier(v->s + start, end - start, digit_follows);
	}
	return NULL;
}

static bool is_null(const scan_version__maven *v, const scan_version__mvn_token *t)
{
	if (t->qual >= 0)
		return t->qual == Q_RELEASE;
	return scan_version__digits_cmp(v->s + t->off, t->len, "", 0) == 0;
}

static void trim(scan_version__maven *v)
{
	size_t n = v->n;

	while (n > 0 && is_null(v, &v->t[n - 1]))
		n--;
	/* Then the nulls before each remaining '-' token, from the end. */
	for (size_t j = n; j-- > 1;) {
		size_t k = j;

		if (v->t[j].prefix != '-')
			continue;
		while (k > 0 && is_null(v, &v->t[k - 1]))
			k--;
		if (k < j) {
			memmove(&v->t[k], &v->t[j], (n - j) * sizeof(v->t[0]));
			n -= j - k;
			j = k;
		}
	}
	v->n = (uint8_t)n;
}

const char *scan_version__maven_parse(scan_version__maven *v, const char *s, size_t n)
{
	size_t start = 0;
	char prefix = '.';
	const char *why;

	v->s = s;
	v->n = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (forbidden(c))
			return "a blank, control or reserved character";
		if (c == '.' || c == '-') {
			if ((why = emit(v, start, i, prefix, false)) != NULL)
				return why;
			prefix = (char)c;
			start = i + 1;
		} else if (i > start && scan_version__isdigit(c) != scan_version__isdigit((unsigned char)s[i - 1])) {
			if ((why = emit(v, start, i, prefix, scan_version__isdigit(c))) != NULL)
				return why;
			prefix = '-';
			start = i;
		}
	}
	if ((why = emit(v, start, n, prefix, false)) != NULL)
		return why;
	trim(v);
	return NULL;
}

/* A qualifier < "-number" < ".number". */
static int kind(const scan_version__mvn_token *t)
{
	return t->qual >= 0 ? 0 : t->prefix == '-' ? 1 : 2;
}

static int token_cmp(const char *as, const scan_version__mvn_token *x, const char *bs, const scan_version__mvn_token *y)
{
	int kx = kind(x), ky = kind(y);

	if (kx != ky)
		return kx - ky;
	if (kx != 0)
		return scan_version__digits_cmp(as + x->off, x->len, bs + y->off, y->len);
	if (x->qual != y->qual)
		return x->qual - y->qual;
	if (x->qual == Q_OTHER)
		return scan_version__bytes_cmp(as + x->off, x->len, bs + y->off, y->len, true);
	return 0;
}

int scan_version__maven_order(const scan_version__maven *a, const scan_version__maven *b)
{
	static const scan_version__mvn_token pad_number = { 0, 0, '.', -1 };
	static const scan_version__mvn_token pad_qualifier = { 0, 0, '-', Q_RELEASE };
	size_t n = a->n > b->n ? a->n : b->n;

	for (size_t k = 0; k < n; k++) {
		const scan_version__mvn_token *x = k < a->n ? &a->t[k] : NULL;
		const scan_version__mvn_token *y = k < b->n ? &b->t[k] : NULL;
		int c;

		if (!x)
			x = y->prefix == '.' ? &pad_number : &pad_qualifier;
		if (!y)
			y = x->prefix == '.' ? &pad_number : &pad_qualifier;
		if ((c = token_cmp(a->s, x, b->s, y)) != 0)
			return c;
	}
	return 0;
}
