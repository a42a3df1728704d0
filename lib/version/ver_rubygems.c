/* lib/version/ver_rubygems.c - RubyGems versions (Gem::Version) */
#include "version/ver_int.h"

/*
 * Gem::Version's documentation (rubygems.org guides, "Patterns" and the
 * class reference):
 * - a version is digits, then '.'-separated alphanumeric parts, then
 *   optionally '-' and '.'-separated parts of [0-9A-Za-z-]; blanks around
 *   it are ignored;
 * - each '-' reads as ".pre." (1.0.0-rc1 is 1.0.0.pre.rc1);
 * - the version is cut into segments, each a run of digits (a number) or
 *   of letters (a string), so 1.0.b1 is 1, 0, "b", 1;
 * - a version with any letter is a prerelease and sorts below the
 *   release: 1.0.a < 1.0 < 1.0.1;
 * - trailing zeros do not count, in the release part and in the
 *   prerelease part separately: 1.0.0 == 1.0 == 1, 1.0.a == 1.a.0;
 * - segments compare in turn, a missing one being 0: numbers numerically,
 *   strings byte by byte (case-sensitive, as Ruby compares strings), and a
 *   string below a number.
 * An empty string, which Gem::Version reads as "0", is refused: no lockfile
 * or advisory means version 0 by it.
 */

#define PRE_OFF UINT16_MAX /* the "pre" of a '-' */

static const char *segment(scan_version__rubygems *v, size_t off, size_t len, bool num)
{
	if (v->n == SCAN_SCA__VER_PARTS_MAX)
		return "too many segments";
	v->seg[v->n].off = (uint16_t)off;
	v->seg[v->n].len = (uint16_t)len;
	v->seg[v->n].num = num;
	v->n++;
	return NULL;
}

/* [0-9A-Za-z] parts ('-' too after the first '-') separated by single dots. */
static const char *check(const char *s, size_t i, size_t n)
{
	size_t digits = scan_version__digits_at(s, i, n);
	bool dash = false;

	if (digits == 0)
		return "expected a number first";
	i += digits;
	while (i < n) {
		size_t start;

		if (s[i] == '-' && !dash) {
			dash = true;
		} else if (s[i] != '.') {
			return "unexpected character";
		}
		start = ++i;
		while (i < n && (scan_version__isalnum((unsigned char)s[i]) || (dash && s[i] == '-')))
			i++;
		if (i == start)
			return "an empty part";
	}
	return NULL;
}

static bool is_zero(const scan_version__rubygems *v, const struct scan_version__gem_seg *g)
{
	return g->num && scan_version__digits_cmp(v->s + g->off, g->len, "", 0) == 0;
}

const char *scan_version__rubygems_parse(scan_version__rubygems *v, const char *s, size_t n)
{
	size_t i = 0, first_string, keep, out;
	const char *why;

	v->s = s;
	v->n = 0;
	while (n > 0 && scan_version__isblank((unsigned char)s[n - 1]))
		n--;
	while (i < n && scan_version__isblank((unsigned char)s[i]))
		i++;
	if ((why = check(s, i, n)) != NULL)
		return why;
	while (i < n) {
		size_t start = i;

		if (s[i] == '-') {
			if ((why = segment(v, PRE_OFF, 3, false)) != NULL)
				return why;
			i++;
		} else if (scan_version__isdigit((unsigned char)s[i])) {
			i += scan_version__digits_at(s, i, n);
			if ((why = segment(v, start, i - start, true)) != NULL)
				return why;
		} else if (scan_version__isalpha((unsigned char)s[i])) {
			while (i < n && scan_version__isalpha((unsigned char)s[i]))
				i++;
			if ((why = segment(v, start, i - start, false)) != NULL)
				return why;
		} else {
			i++;    /* a dot */
		}
	}

	/* Canonical form: trailing zeros dropped from both parts. */
	for (first_string = 0; first_string < v->n && v->seg[first_string].num; first_string++)
		;
	keep = first_string;
	while (keep > 0 && is_zero(v, &v->seg[keep - 1]))
		keep--;
	out = keep;
	for (size_t k = first_string; k < v->n; k++)
		v->seg[out++] = v->seg[k];
	while (out > keep && is_zero(v, &v->seg[out - 1]))
		out--;
	v->n = (uint8_t)out;
	return NULL;
}

static const char *text(const scan_version__rubygems *v, const struct scan_version__gem_seg *g)
{
	return g->off == PRE_OFF ? "pre" : v->s + g->off;
}

int scan_version__rubygems_order(const scan_version__rubygems *a, const scan_version__rubygems *b)
{
	static const struct scan_version__gem_seg zero = { 0, 0, true };
	size_t n = a->n > b->n ? a->n : b->n;

	for (size_t k = 0; k < n; k++) {
		const struct scan_version__gem_seg *x = k < a->n ? &a->seg[k] : &zero;
		const struct scan_version__gem_seg *y = k < b->n ? &b->seg[k] : &zero;
		int c;

		if (x->num != y->num)
			return x->num ? 1 : -1;
		if (x->num)
			c = scan_version__digits_cmp(x == &zero ? "" : a->s + x->off, x->len,
			                             y == &zero ? "" : b->s + y->off, y->len);
		else
			c = scan_version__bytes_cmp(text(a, x), x->len, text(b, y), y->len, false);
		if (c)
			return c;
	}
	return 0;
}
