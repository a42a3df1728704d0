/* lib/version/ver_semver.c - Semantic Versioning 2.0.0 (npm, crates.io, and Go through ver_go.c) */
#include "version/ver_int.h"

/*
 * https://semver.org/spec/v2.0.0.html:
 *   MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]
 * - the three numbers are non-negative integers without leading zeros (item 2);
 * - the pre-release is dot-separated identifiers of [0-9A-Za-z-], none
 *   empty, a numeric one without leading zeros (item 9);
 * - build metadata is dot-separated identifiers of [0-9A-Za-z-], none
 *   empty, and is ignored by precedence (item 10).
 * Precedence (item 11): the numbers numerically; a pre-release sorts below its
 * release; pre-releases identifier by identifier, numeric ones numerically
 * and below alphanumeric ones, alphanumeric ones in ASCII order, and the
 * shorter list first when one is a prefix of the other.
 *
 * Numbers are compared as digit strings: "1.0.99999999999999999999" is a
 * valid SemVer version, and it must not wrap around.
 */

static bool is_ident_char(int c)
{
	return scan_version__isalnum(c) || c == '-';
}

/* A number of item 2: "0" or digits not starting with '0'. */
static const char *number(const char *s, size_t *i, size_t n, scan_version__span *out)
{
	size_t len = scan_version__digits_at(s, *i, n);

	if (len == 0)
		return "expected a number";
	if (len > 1 && s[*i] == '0')
		return "a number has a leading zero";
	*out = scan_version__mkspan(*i, len);
	*i += len;
	return NULL;
}

/*
 * Dot-separated identifiers from *i up to '+' or the end; numeric ones
 * without leading zeros when strict_numbers.
 */
static const char *identifiers(const char *s, size_t *i, size_t n, bool stop_at_plus, bool strict_numbers)
{
	for (;;) {
		size_t start = *i, digits = 0;

		while (*i < n && is_ident_char((unsigned char)s[*i])) {
			digits += scan_version__isdigit((unsigned char)s[*i]);
			(*i)++;
		}
		if (*i == start)
			return "an empty identifier";
		if (strict_numbers && digits == *i - start && digits > 1 && s[start] == '0')
			return "a numeric identifier has a leading zero";
		if (*i < n && s[*i] == '.') {
			(*i)++;
			continue;
		}
		if (*i == n || (stop_at_plus && s[*i] == '+'))
			return NULL;
		return "unexpected character";
	}
}

const char *scan_version__semver_parse(scan_version__semver *v, const char *s, size_t n, unsigned flags)
{
	size_t i = 0, start;
	const char *why;

	v->s = s;
	v->pre = scan_version__mkspan(0, 0);
	if (flags & SCAN_SCA__SEMVER_NPM) {
		/* node-semver trims, and its loose prefix allows "=" and "v". */
		while (n > 0 && scan_version__isblank((unsigned char)s[n - 1]))
			n--;
		while (i < n && scan_version__isblank((unsigned char)s[i]))
			i++;
		if (i < n && s[i] == '=')
			i++;
		while (i < n && scan_version__isblank((unsigned char)s[i]))
			i++;
		if (i < n && s[i] == 'v')
			i++;
	} else if ((flags & SCAN_SCA__SEMVER_V) && i < n && s[i] == 'v') {
		i++;
	}
	if ((why = number(s, &i, n, &v->major)) != NULL)
		return why;
	if (i >= n || s[i] != '.')
		return "expected MAJOR.MINOR.PATCH";
	i++;
	if ((why = number(s, &i, n, &v->minor)) != NULL)
		return why;
	if (i >= n || s[i] != '.')
		return "expected MAJOR.MINOR.PATCH";
	i++;
	if ((why = number(s, &i, n, &v->patch)) != NULL)
		return why;
	if (i < n && s[i] == '-') {
		start = ++i;
		if ((why = identifiers(s, &i, n, true, true)) != NULL)
			return why;
		v->pre = scan_version__mkspan(start, i - start);
	}
	if (i < n && s[i] == '+') {
		i++;
		if ((why = identifiers(s, &i, n, false, false)) != NULL)
			return why;
	}
	return i == n ? NULL : "unexpected character";
}

/* The identifier starting at s[*i] (before end), stepping past the dot after it. */
static scan_version__span next_ident(const char *s, size_t *i, size_t end, bool *numeric)
{
	size_t start = *i;
	scan_version__span sp;

	*numeric = true;
	while (*i < end && s[*i] != '.') {
		if (!scan_version__isdigit((unsigned char)s[*i]))
			*numeric = false;
		(*i)++;
	}
	sp = scan_version__mkspan(start, *i - start);
	if (*i < end)
		(*i)++;
	return sp;
}

int scan_version__prerelease_cmp(const char *as, scan_version__span a, const char *bs, scan_version__span b, bool fold)
{
	size_t i = a.off, j = b.off, aend = (size_t)a.off + a.len, bend = (size_t)b.off + b.len;

	while (i < aend && j < bend) {
		bool an, bn;
		scan_version__span x = next_ident(as, &i, aend, &an);
		scan_version__span y = next_ident(bs, &j, bend, &bn);
		int c;

		if (an && bn)
			c = scan_version__span_num_cmp(as, x, bs, y);
		else if (an != bn)
			c = an ? -1 : 1;
		else
			c = scan_version__bytes_cmp(as + x.off, x.len, bs + y.off, y.len, fold);
		if (c)
			return c;
	}
	/* All shared identifiers equal: more identifiers sort higher. */
	return (i < aend) - (j < bend);
}

int scan_version__semver_order(const scan_version__semver *a, const scan_version__semver *b)
{
	int c;

	if ((c = scan_version__span_num_cmp(a->s, a->major, b->s, b->major)) != 0 ||
	    (c = scan_version__span_num_cmp(a->s, a->minor, b->s, b->minor)) != 0 ||
	    (c = scan_version__span_num_cmp(a->s, a->patch, b->s, b->patch)) != 0)
		return c;
	if (!a->pre.len || !b->pre.len)
		return (a->pre.len == 0) - (b->pre.len == 0);
	return scan_version__prerelease_cmp(a->s, a->pre, b->s, b->pre, false);
}
