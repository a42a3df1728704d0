/* lib/version/ver_dpkg.c - Debian package versions (Debian Policy 5.6.12) */
#include <string.h>
#include "version/ver_int.h"

/*
 * Debian Policy 5.6.12, "Version": [epoch:]upstream_version[-debian_revision]
 * - epoch: an unsigned integer, 0 when absent; it sorts first;
 * - upstream_version: alphanumerics and . + - ~ (a hyphen only when there
 *   is a revision, which starts after the last one), starting with a
 *   digit; dpkg also lets ':' through after the epoch, and so does this;
 * - debian_revision: alphanumerics and + . ~; absent is the same as "0".
 * upstream_version and then debian_revision compare left to right, in
 * alternating runs: the longest run of non-digits, character by character
 * with letters before non-letters and '~' before everything, the end of
 * the run included (1.0~rc1 < 1.0 < 1.0a < 1.0+b1); then the longest run
 * of digits, numerically, an empty run counting as 0.
 * Blanks around the version are ignored, as dpkg does.
 */

static bool upstream_char(int c)
{
	return scan_version__isalnum(c) || c == '.' || c == '+' || c == '-' || c == '~' || c == ':';
}

static bool revision_char(int c)
{
	return scan_version__isalnum(c) || c == '.' || c == '+' || c == '~';
}

const char *scan_version__dpkg_parse(scan_version__dpkg *v, const char *s, size_t n)
{
	size_t i = 0, colon, hyphen;

	v->s = s;
	v->epoch = v->revision = scan_version__mkspan(0, 0);
	while (n > 0 && scan_version__isblank((unsigned char)s[n - 1]))
		n--;
	while (i < n && scan_version__isblank((unsigned char)s[i]))
		i++;
	for (colon = i; colon < n && s[colon] != ':'; colon++)
		;
	if (colon < n) {
		size_t len = scan_version__digits_at(s, i, colon);

		if (colon == i)
			return "empty epoch";
		if (len != colon - i)
			return "the epoch is not a number";
		v->epoch = scan_version__mkspan(i, len);
		i = colon + 1;
	}
	for (hyphen = n; hyphen > i && s[hyphen - 1] != '-'; hyphen--)
		;
	if (hyphen > i) {
		if (hyphen == n)
			return "empty revision";
		for (size_t k = hyphen; k < n; k++)
			if (!revision_char((unsigned char)s[k]))
				return "invalid character in the revision";
		v->revision = scan_version__mkspan(hyphen, n - hyphen);
		n = hyphen - 1;
	}
	if (i == n)
		return "empty upstream version";
	if (!scan_version__isdigit((unsigned char)s[i]))
		return "the upstream version does not start with a digit";
	for (size_t k = i; k < n; k++)
		if (!upstream_char((unsigned char)s[k]))
			return "invalid character in the upstream version";
	v->upstream = scan_version__mkspan(i, n - i);
	return NULL;
}

/* The policy's lexical weight: '~' lowest, then the end, letters, others. */
static int weight(const char *s, size_t i, size_t end)
{
	int c;

	if (i >= end)
		return 0;
	c = (unsigned char)s[i];
	if (c == '~')
		return -1;
	if (scan_version__isdigit(c))
		return 0;
	return scan_version__isalpha(c) ? c : c + 256;
}

static int part_cmp(const char *as, scan_version__span a, const char *bs, scan_version__span b)
{
	size_t i = a.off, j = b.off, aend = (size_t)a.off + a.len, bend = (size_t)b.off + b.len;

	while (i < aend || j < bend) {
		size_t di, dj;

		/* Non-digit runs: a digit or the end weighs the same as "nothing left". */
		while ((i < aend && !scan_version__isdigit((unsigned char)as[i])) ||
		       (j < bend && !scan_version__isdigit((unsigned char)bs[j]))) {
			int x = weight(as, i, aend), y = weight(bs, j, bend);

			if (x != y)
				return x - y;
			if (i < aend && !scan_version__isdigit((unsigned char)as[i]))
				i++;
			if (j < bend && !scan_version__isdigit((unsigned char)bs[j]))
				j++;
		}
		di = scan_version__digits_at(as, i, aend);
		dj = scan_version__digits_at(bs, j, bend);
		{
			int c = scan_version__digits_cmp(as + i, di, bs + j, dj);
			if (c)
				return c;
		}
		i += di;
		j += dj;
	}
	return 0;
}

int scan_version__dpkg_order(const scan_version__dpkg *a, const scan_version__dpkg *b)
{
	int c;

	if ((c = scan_version__span_num_cmp(a->s, a->epoch, b->s, b->epoch)) != 0 ||
	    (c = part_cmp(a->s, a->upstream, b->s, b->upstream)) != 0)
		return c;
	return part_cmp(a->s, a->revision, b->s, b->revision);
}
