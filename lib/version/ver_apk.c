/* lib/version/ver_apk.c - Alpine package versions (apk-tools) */
#include "version/ver_int.h"

/*
 * apk-package(5), "version": number{.number}...{letter}{_suffix{number}}...{~hash}{-r#}
 * - numbers are digit runs; the letter is one lower-case a-z after the
 *   last number;
 * - suffixes, in their order: _alpha < _beta < _pre < _rc < (none) <
 *   _cvs < _svn < _git < _hg < _p, each with an optional number (0);
 * - ~hash is lower-case hex (the commit built from), -r# the package
 *   build number (-r0 when absent).
 * The ordering follows the Gentoo specification apk's started from, which
 * apk-tools' own test vectors agree with:
 * - the first numbers compare numerically; each later pair numerically
 *   too, unless either starts with '0', when they compare as decimal
 *   fractions (as strings, trailing zeros aside): 1.02 < 1.1 < 1.10;
 * - with the shared numbers equal, more numbers sort higher (1.2 < 1.2.1,
 *   1.3_pre1 < 1.3.2);
 * - no letter < a letter, letters alphabetically (1.2 < 1.2a < 1.2b);
 * - suffixes in turn by kind then number; an extra suffix sorts lower if
 *   it is a pre-release one, higher if not (1.0_alpha_pre2 < 1.0_alpha,
 *   1.0 < 1.0_p1);
 * - no hash < a hash, hashes as strings (apk keeps them for reference
 *   only; any consistent order will do);
 * - the build number.
 * apk itself compares versions it cannot parse as plain strings; here
 * they are refused instead.
 */

static const struct {
	const char *word;
	int8_t rank;
} suffixes[] = {
	{ "alpha", -4 }, { "beta", -3 }, { "pre", -2 }, { "rc", -1 },
	{ "cvs", 1 }, { "svn", 2 }, { "git", 3 }, { "hg", 4 }, { "p", 5 },
};

static bool is_hex(int c)
{
	return scan_version__isdigit(c) || (c >= 'a' && c <= 'f');
}

const char *scan_version__apk_parse(scan_version__apk *v, const char *s, size_t n)
{
	size_t i = 0, len;

	v->s = s;
	v->nnum = v->nsuf = 0;
	v->letter = 0;
	v->hash = v->revision = scan_version__mkspan(0, 0);
	for (;;) {
		len = scan_version__digits_at(s, i, n);
		if (len == 0)
			return "expected a number";
		if (v->nnum == SCAN_SCA__VER_PARTS_MAX)
			return "too many numbers";
		v->num[v->nnum++] = scan_version__mkspan(i, len);
		i += len;
		if (i < n && s[i] == '.') {
			i++;
			continue;
		}
		break;
	}
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		v->letter = s[i++];
	while (i < n && s[i] == '_') {
		size_t start = ++i, w;

		while (i < n && s[i] >= 'a' && s[i] <= 'z')
			i++;
		for (w = 0; w < sizeof(suffixes) / sizeof(suffixes[0]); w++)
			if (scan_version__word_eq(s + start, i - start, suffixes[w].word))
				break;
		if (w == sizeof(suffixes) / sizeof(suffixes[0]))
			return "unknown suffix";
		if (v->nsuf == SCAN_SCA__VER_PARTS_MAX)
			return "too many suffixes";
		len = scan_version__digits_at(s, i, n);
		v->suf[v->nsuf].rank = suffixes[w].rank;
		v->suf[v->nsuf].n = scan_version__mkspan(i, len);
		v->nsuf++;
		i += len;
	}
	if (i < n && s[i] == '~') {
		size_t start = ++i;

		while (i < n && is_hex((unsigned char)s[i]))
			i++;
		if (i == start)
			return "empty hash";
		v->hash = scan_version__mkspan(start, i - start);
	}
	if (i + 1 < n && s[i] == '-' && s[i + 1] == 'r') {
		i += 2;
		len = scan_version__digits_at(s, i, n);
		if (len == 0)
			return "expected a number after -r";
		v->revision = scan_version__mkspan(i, len);
		i += len;
	}
	return i == n ? NULL : "unexpected character";
}

/* Strings with their trailing zeros dropped, byte by byte. */
static int fraction_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	while (alen > 0 && a[alen - 1] == '0')
		alen--;
	while (blen > 0 && b[blen - 1] == '0')
		blen--;
	return scan_version__bytes_cmp(a, alen, b, blen, false);
}

int scan_version__apk_order(const scan_version__apk *a, const scan_version__apk *b)
{
	size_t k, n = a->nnum < b->nnum ? a->nnum : b->nnum;
	int c;

	for (k = 0; k < n; k++) {
		scan_version__span x = a->num[k], y = b->num[k];

		if (k > 0 && (a->s[x.off] == '0' || b->s[y.off] == '0'))
			c = fraction_cmp(a->s + x.off, x.len, b->s + y.off, y.len);
		else
			c = scan_version__span_num_cmp(a->s, x, b->s, y);
		if (c)
			return c;
	}
	if (a->nnum != b->nnum)
		return a->nnum < b->nnum ? -1 : 1;
	if (a->letter != b->letter)
		return (unsigned char)a->letter < (unsigned char)b->letter ? -1 : 1;
	n = a->nsuf < b->nsuf ? a->nsuf : b->nsuf;
	for (k = 0; k < n; k++) {
		if (a->suf[k].rank != b->suf[k].rank)
			return a->suf[k].rank - b->suf[k].rank;
		if ((c = scan_version__span_num_cmp(a->s, a->suf[k].n, b->s, b->suf[k].n)) != 0)
			return c;
	}
	if (a->nsuf > n)
		return a->suf[n].rank > 0 ? 1 : -1;
	if (b->nsuf > n)
		return b->suf[n].rank > 0 ? -1 : 1;
	if (a->hash.len != b->hash.len && (!a->hash.len || !b->hash.len))
		return a->hash.len ? 1 : -1;
	if ((c = scan_version__bytes_cmp(a->s + a->hash.off, a->hash.len, b->s + b->hash.off, b->hash.len, false)) != 0)
		return c;
	return scan_version__span_num_cmp(a->s, a->revision, b->s, b->revision);
}
