/* lib/version/ver_nuget.c - NuGet package versions */
#include "version/ver_int.h"

/*
 * NuGet's versioning reference (learn.microsoft.com, "Package versioning"):
 *   Major.Minor[.Patch[.Revision]][-Label[.Label]...][+Metadata]
 * - one to four numbers; missing ones are 0 and a fourth 0 is dropped when
 *   normalising, so 1.0 == 1.0.0 == 1.0.0.0; NuGet reads the numbers as
 *   integers, so a leading zero is harmless (1.01 == 1.1);
 * - release labels compare like SemVer 2.0 pre-release identifiers, except
 *   that letters compare case-insensitively (1.0.0-Beta == 1.0.0-beta);
 *   a version with labels sorts below the same version without;
 * - metadata after '+' does not take part in the order.
 * A lone number ("1") is accepted as 1.0 because NuGet's own parser
 * accepts it; "v1.0" and blanks are not NuGet versions.
 */

static bool is_label_char(int c)
{
	return scan_version__isalnum(c) || c == '-';
}

/* Non-empty [0-9A-Za-z-] identifiers separated by dots, up to '+' or the end. */
static const char *labels(const char *s, size_t *i, size_t n, bool stop_at_plus)
{
	for (;;) {
		size_t start = *i;

		while (*i < n && is_label_char((unsigned char)s[*i]))
			(*i)++;
		if (*i == start)
			return "an empty release label";
		if (*i < n && s[*i] == '.') {
			(*i)++;
			continue;
		}
		if (*i == n || (stop_at_plus && s[*i] == '+'))
			return NULL;
		return "unexpected character";
	}
}

const char *scan_version__nuget_parse(scan_version__nuget *v, const char *s, size_t n)
{
	size_t i = 0, k;
	const char *why;

	v->s = s;
	v->pre = scan_version__mkspan(0, 0);
	for (k = 0; k < 4; k++)
		v->num[k] = scan_version__mkspan(0, 0);
	for (k = 0; k < 4; k++) {
		size_t len = scan_version__digits_at(s, i, n);

		if (len == 0)
			return "expected a number";
		v->num[k] = scan_version__mkspan(i, len);
		i += len;
		if (i >= n || s[i] != '.' || k == 3)
			break;
		i++;
	}
	if (i < n && s[i] == '-') {
		size_t start = ++i;
		if ((why = labels(s, &i, n, true)) != NULL)
			return why;
		v->pre = scan_version__mkspan(start, i - start);
	}
	if (i < n && s[i] == '+') {
		i++;
		if ((why = labels(s, &i, n, false)) != NULL)
			return why;
	}
	return i == n ? NULL : "unexpected character";
}

int scan_version__nuget_order(const scan_version__nuget *a, const scan_version__nuget *b)
{
	for (int k = 0; k < 4; k++) {
		int c = scan_version__span_num_cmp(a->s, a->num[k], b->s, b->num[k]);
		if (c)
			return c;
	}
	if (!a->pre.len || !b->pre.len)
		return (a->pre.len == 0) - (b->pre.len == 0);
	return scan_version__prerelease_cmp(a->s, a->pre, b->s, b->pre, true);
}
