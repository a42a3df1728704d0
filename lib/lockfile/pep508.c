/* lib/lockfile/pep508.c - Python requirements (PEP 508): name, version pin, URL or path */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/extractors.h"
#include "lockfile/lockgraph.h"
#include "lockfile/pep508.h"
#include "util/error.h"

/* ---- PEP 508 requirements ---------------------------------------------- */


static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool scan_lockfile__py_is_ws(char c)
{
	return c == ' ' || c == '\t';
}

const char *scan_lockfile__py_skip_ws(const char *p, const char *end)
{
	while (p < end && scan_lockfile__py_is_ws(*p))
		p++;
	return p;
}

size_t scan_lockfile__py_trim_len(const char *s, size_t len)
{
	while (len && (scan_lockfile__py_is_ws(s[len - 1]) || s[len - 1] == '\r'))
		len--;
	return len;
}

static bool has_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !strncasecmp(s + len - n, suffix, n);
}

bool scan_lockfile__py_has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !strncasecmp(s, prefix, n);
}

/* Bytes of the PEP 508 name at p: letters and digits, with -_. inside; 0 when none. */
static size_t name_at(const char *p, const char *end)
{
	size_t n = 0;

	if (p >= end || !is_alnum(*p))
		return 0;
	while (p + n < end && (is_alnum(p[n]) || p[n] == '-' || p[n] == '_' || p[n] == '.'))
		n++;
	while (!is_alnum(p[n - 1]))
		n--;
	return n;
}

bool scan_lockfile__py_is_name(const char *s, size_t len)
{
	return len && name_at(s, s + len) == len;
}

/* PEP 440 version text (and the local "+abc" part); '*' only where a wildcard may be. */
bool scan_lockfile__py_is_version(const char *s, size_t len, bool wildcard)
{
	if (!len || len > SCAN_SCA_VERSION_MAX)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!is_alnum(s[i]) && !(s[i] && strchr("._+!-", s[i])) && !(wildcard && s[i] == '*'))
			return false;
	return true;
}

/*
 * "op version, op version": whether one clause pins an exact version
 * (== without a wildcard, or ===). Returns NULL or why it is not a
 * specifier.
 */
static const char *parse_specs(const char *p, const char *end, pyreq *r)
{
	static const char *const ops[] = { "===", "==", "!=", "<=", ">=", "~=", "<", ">" };

	for (;;) {
		const char *v;
		size_t oplen = 0, i;

		p = scan_lockfile__py_skip_ws(p, end);
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			size_t n = strlen(ops[i]);
			if ((size_t)(end - p) >= n && !memcmp(p, ops[i], n)) {
				oplen = n;
				break;
			}
		}
		if (!oplen)
			return "invalid version specifier";
		p = scan_lockfile__py_skip_ws(p + oplen, end);
		v = p;
		while (p < end && !scan_lockfile__py_is_ws(*p) && *p != ',')
			p++;
		if (oplen == 3) {
			/* Arbitrary equality: the text is the version. */
			if (p == v || p - v > SCAN_SCA_VERSION_MAX)
				return "invalid version specifier";
		} else if (!scan_lockfile__py_is_version(v, (size_t)(p - v), true)) {
			return "invalid version in a specifier";
		}
		if (!r->version && (oplen == 3 || (i == 1 && !memchr(v, '*', (size_t)(p - v))))) {
			r->version = v;
			r->version_len = (size_t)(p - v);
		}
		p = scan_lockfile__py_skip_ws(p, end);
		if (p == end)
			return NULL;
		if (*p != ',')
			return "invalid version specifier";
		p++;
	}
}

/* The name and version a wheel or sdist file name gives, matched against name when known. */
static void archive_version(const char *seg, size_t n, pyreq *r)
{
	static const char *const sdists[] = { ".tar.gz", ".tgz", ".zip", ".tar.bz2", ".tar.xz" };
	size_t i;

	if (has_suffix(seg, n, ".whl")) {
		/* {name}-{version}(-{build})?-{python}-{abi}-{platform}.whl */
		const char *d1 = memchr(seg, '-', n), *d2;
		if (!d1 || !(d2 = memchr(d1 + 1, '-', (size_t)(seg + n - d1 - 1))))
			return;
		if (r->name && !scan_lockfile__pep503_eq(seg, (size_t)(d1 - seg), r->name, r->name_len))
			return;
		if (!r->name && scan_lockfile__py_is_name(seg, (size_t)(d1 - seg))) {
			r->name = seg;
			r->name_len = (size_t)(d1 - seg);
		}
		if (r->name && scan_lockfile__py_is_version(d1 + 1, (size_t)(d2 - d1 - 1), false)) {
			r->version = d1 + 1;
			r->version_len = (size_t)(d2 - d1 - 1);
		}
		return;
	}
	for (i = 0; i < sizeof(sdists) / sizeof(sdists[0]); i++)
		if (has_suffix(seg, n, sdists[i]))
			break;
	if (i == sizeof(sdists) / sizeof(sdists[0]))
		return;
	n -= strlen(sdists[i]);
	/* {name}-{version}: with the name known, the first '-' after it; else the last '-' before a digit. */
	for (size_t k = n; k-- > 1;) {
		if (seg[k] != '-' || k + 1 >= n)
			continue;
		if (r->name ? !scan_lockfile__pep503_eq(seg, k, r->name, r->name_len)
		            : !(seg[k + 1] >= '0' && seg[k + 1] <= '9') || !scan_lockfile__py_is_name(seg, k))
			continue;
		if (!scan_lockfile__py_is_version(seg + k + 1, n - k - 1, false))
			return;
		if (!r->name) {
			r->name = seg;
			r->name_len = k;
		}
		r->version = seg + k + 1;
		r->version_len = n - k - 1;
		return;
	}
}

/*
 * A URL or path requirement: "git+https://host/org/repo.git@v1.2#egg=name",
 * "https://host/pkg-1.0-py3-none-any.whl", "./libs/pkg", "file:../x.tar.gz".
 * r->name may already be set ("name @ url"). *skip when nothing names a
 * package ("-e ." is the project itself).
 */
void scan_lockfile__py_classify_url(const char *u, size_t n, pyreq *r, bool *skip)
{
	const char *sep = NULL, *hash, *rest, *seg, *at = NULL;
	size_t scheme_len = 0, rest_len, seg_len;
	bool vcs = false;

	*skip = false;
	for (size_t i = 0; i + 3 <= n; i++) {
		if (!memcmp(u + i, "://", 3)) {
			sep = u + i;
			break;
		}
		if (!is_alnum(u[i]) && u[i] != '+' && u[i] != '-' && u[i] != '.')
			break;
	}
	if (sep)
		scheme_len = (size_t)(sep - u);
	/* #egg=name&subdirectory=x */
	if ((hash = memchr(u, '#', n))) {
		const char *f = hash + 1, *fend = u + n;
		while (f < fend) {
			const char *amp = memchr(f, '&', (size_t)(fend - f));
			size_t plen = (size_t)((amp ? amp : fend) - f);
			if (!r->name && plen > 4 && !memcmp(f, "egg=", 4) && name_at(f + 4, f + plen)) {
				r->name = f + 4;
				r->name_len = name_at(f + 4, f + plen);
			}
			f += plen + (amp != NULL);
		}
		n = (size_t)(hash - u);
	}
	if (scan_lockfile__py_has_prefix(u, scheme_len, "git+") || (scheme_len == 3 && scan_lockfile__py_has_prefix(u, 3, "git"))) {
		r->flags |= SCAN_DEP_GIT;
		vcs = true;
	} else if (scan_lockfile__py_has_prefix(u, scheme_len, "hg+") || scan_lockfile__py_has_prefix(u, scheme_len, "svn+") ||
	           scan_lockfile__py_has_prefix(u, scheme_len, "bzr+")) {
		r->flags |= SCAN_DEP_URL;
		vcs = true;
	} else if (!sep || (scheme_len == 4 && scan_lockfile__py_has_prefix(u, 4, "file"))) {
		r->flags |= SCAN_DEP_LOCAL;
	} else {
		r->flags |= SCAN_DEP_URL;
	}
	if (!sep && scan_lockfile__py_has_prefix(u, n, "file:"))
		rest = u + 5;
	else
		rest = sep ? sep + 3 : u;
	rest_len = (size_t)(u + n - rest);
	if (sep) {
		/* The host ends at the first '/'; a '@' before it is a user, after it a VCS ref. */
		const char *slash = memchr(rest, '/', rest_len), *q;
		if (!vcs && (q = memchr(rest, '?', rest_len)))
			rest_len = (size_t)(q - rest);
		if (vcs && slash)
			for (q = rest + rest_len; q > slash; q--)
				if (q[-1] == '@') {
					at = q - 1;
					break;
				}
	}
	if (at) {
		if (rest + rest_len > at + 1 && scan_lockfile__py_is_version(at + 1, (size_t)(rest + rest_len - at - 1), false)) {
			r->version = at + 1;
			r->version_len = (size_t)(rest + rest_len - at - 1);
		}
		rest_len = (size_t)(at - rest);
	}
	while (rest_len && (rest[rest_len - 1] == '/' || rest[rest_len - 1] == '\\'))
		rest_len--;
	seg = rest + rest_len;
	while (seg > rest && seg[-1] != '/' && seg[-1] != '\\')
		seg--;
	seg_len = (size_t)(rest + rest_len - seg);
	if (vcs) {
		if (!r->version)
			r->flags |= SCAN_DEP_UNPINNED;
		if (!r->name && has_suffix(seg, seg_len, ".git"))
			seg_len -= 4;
	} else {
		archive_version(seg, seg_len, r);
	}
	if (!r->name && scan_lockfile__py_is_name(seg, seg_len)) {
		r->name = seg;
		r->name_len = seg_len;
	}
	if (!r->name)
		*skip = true;
}

/*
 * name [extras] (specifiers | @ url) [; marker], the marker ignored.
 * Returns NULL or why s is not a requirement.
 */
const char *scan_pep508__parse(const char *s, size_t len, pyreq *r)
{
	const char *p = s, *end = s + len, *q, *spec_end;
	size_t n;
	bool skip;

	memset(r, 0, sizeof(*r));
	p = scan_lockfile__py_skip_ws(p, end);
	if (!(n = name_at(p, end)))
		return "invalid requirement (no package name)";
	r->name = p;
	r->name_len = n;
	p = scan_lockfile__py_skip_ws(p + n, end);
	if (p < end && *p == '[') {
		for (q = p + 1; q < end && *q != ']'; q++)
			if (!is_alnum(*q) && !(*q && strchr("-_., \t", *q)))
				return "invalid extras";
		if (q == end)
			return "unterminated extras";
		p = scan_lockfile__py_skip_ws(q + 1, end);
	}
	if (p < end && *p == '@') {
		p = scan_lockfile__py_skip_ws(p + 1, end);
		for (q = p; q < end && !scan_lockfile__py_is_ws(*q);)
			q++;
		if (q == p)
			return "missing URL after '@'";
		scan_lockfile__py_classify_url(p, (size_t)(q - p), r, &skip);
		p = scan_lockfile__py_skip_ws(q, end);
		if (p < end && *p != ';')
			return "invalid requirement (text after the URL)";
		return NULL;
	}
	spec_end = memchr(p, ';', (size_t)(end - p));
	if (!spec_end)
		spec_end = end;
	spec_end = p + scan_lockfile__py_trim_len(p, (size_t)(spec_end - p));
	if (p < spec_end && *p == '(') {
		if (spec_end[-1] != ')')
			return "unterminated version specifier";
		p++;
		spec_end--;
	}
	if (scan_lockfile__py_skip_ws(p, spec_end) < spec_end) {
		const char *why = parse_specs(p, spec_end, r);
		if (why)
			return why;
	}
	if (!r->version)
		r->flags |= SCAN_DEP_UNPINNED;
	return NULL;
}
