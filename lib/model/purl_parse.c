/* lib/model/purl_parse.c - package URLs read back into type, namespace, name, version, qualifiers, subpath */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "model/purl.h"
#include "util/error.h"
#include "util/number.h"
#include "util/quote.h"

/*
 * The specification parses from the right: '#' subpath, '?' qualifiers,
 * then "pkg:", the type, '@' version, the name and what is left, the
 * namespace. Every part is percent-decoded on its own, after splitting, so
 * an encoded '/', '@' or '?' stays inside its part. Nothing here trusts the
 * text: a '%' must be followed by two hex digits, and a part that decodes
 * to a control character (a newline in a name would break messages and
 * reports downstream) or to NUL is refused.
 */

/* The purl being parsed, for messages; quiet: return codes without raising. */
typedef struct {
	const char *s;
	size_t len;
	bool quiet;
} span;

/* Raise "invalid package URL '<purl>': <reason>" with the purl made printable. */
static int bad(int code, span purl, const char *fmt, ...) SCAN_PRINTF(3, 4);

static int bad(int code, span purl, const char *fmt, ...)
{
	char shown[SCAN_QUOTE_LEN], reason[200];
	va_list ap;

	if (purl.quiet)
		return code;
	scan_util__quote(shown, purl.s, purl.len);
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(code, "invalid package URL '%s': %s", shown, reason);
}

static int oom(span purl)
{
	return purl.quiet ? SCAN_ENOMEM : scan_error__oom();
}

/* Percent-decode s[0..len) into an arena string; what names the part for messages. */
static int decode(scan_arena *a, span purl, const char *s, size_t len, const char *what, const char **out)
{
	char *d = scan_arena__alloc(a, len + 1);
	size_t n = 0;

	if (!d)
		return oom(purl);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '%') {
			int hi = i + 2 < len ? scan_number__hex_digit(s[i + 1]) : -1;
			int lo = i + 2 < len ? scan_number__hex_digit(s[i + 2]) : -1;
			if (hi < 0 || lo < 0)
				return bad(SCAN_EPARSE, purl, "'%%' in the %s is not followed by two hex digits", what);
			c = (unsigned char)(hi * 16 + lo);
			i += 2;
		}
		if (c < 0x20 || c == 0x7f)
			return bad(SCAN_EPARSE, purl, "the %s holds a control character", what);
		d[n++] = (char)c;
	}
	d[n] = '\0';
	*out = d;
	return 0;
}

/* The last c in s[0..len), or NULL. */
static const char *last_of(const char *s, size_t len, char c)
{
	while (len--)
		if (s[len] == c)
			return s + len;
	return NULL;
}

/*
 * Segments of s[0..len) separated by '/', decoded one by one and joined
 * by '/'; empty segments dropped, and "." and ".." too when dots is set
 * (the subpath). *out is NULL when no segment remains.
 */
static int join_segments(scan_arena *a, span purl, const char *s, size_t len, bool dots, const char *what,
                         const char **out)
{
	char *joined = scan_arena__alloc(a, len + 1);
	size_t n = 0;
	int err;

	*out = NULL;
	if (!joined)
		return oom(purl);
	while (len) {
		const char *slash = memchr(s, '/', len);
		size_t seg = slash ? (size_t)(slash - s) : len;
		const char *dec;
		if (seg && (err = decode(a, purl, s, seg, what, &dec)) < 0)
			return err;
		if (seg && !(dots && (!strcmp(dec, ".") || !strcmp(dec, "..")))) {
			size_t dl = strlen(dec);
			if (memchr(dec, '/', dl))
				return bad(SCAN_EPARSE, purl, "a segment of the %s decodes to a '/'", what);
			if (n)
				joined[n++] = '/';
			/* A decoded segment is never longer than its encoded form. */
			memcpy(joined + n, dec, dl);
			n += dl;
		}
		s += seg;
		len -= seg;
		if (len) {
			s++;
			len--;
		}
	}
	joined[n] = '\0';
	*out = n ? joined : NULL;
	return 0;
}

static int cmp_qualifier(const void *x, const void *y)
{
	return strcmp(((const scan_purl_qualifier *)x)->key, ((const scan_purl_qualifier *)y)->key);
}

static bool key_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (!first && ((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_'));
}

/* "k=v&k2=v2": keys lower-cased and checked, values decoded, empty values dropped, sorted. */
static int parse_qualifiers(scan_purl *out, scan_arena *a, span purl, const char *s, size_t len)
{
	scan_purl_qualifier *q;
	size_t cap = 1, n = 0;

	for (size_t i = 0; i < len; i++)
		cap += s[i] == '&';
	if (!(q = scan_arena__alloc(a, cap * sizeof(*q))))
		return oom(purl);
	while (len) {
		const char *amp = memchr(s, '&', len), *eq;
		size_t pair = amp ? (size_t)(amp - s) : len;
		char *key;
		int err;

		if (pair) {
			if (!(eq = memchr(s, '=', pair)) || eq == s)
				return bad(SCAN_EPARSE, purl, "qualifier '%.*s' is not key=value", (int)(pair > 60 ? 60 : pair), s);
			if (!(key = scan_arena__strndup(a, s, (size_t)(eq - s))))
				return oom(purl);
			for (char *k = key; *k; k++) {
				*k = (char)tolower((unsigned char)*k);
				if (!key_char(*k, k == key))
					return bad(SCAN_EPARSE, purl, "qualifier key '%.60s' is not a valid key", key);
			}
			q[n].key = key;
			if ((err = decode(a, purl, eq + 1, pair - (size_t)(eq + 1 - s), "qualifiers", &q[n].value)) < 0)
				return err;
			if (q[n].value[0])
				n++;
		}
		s += pair;
		len -= pair;
		if (len) {
			s++;
			len--;
		}
	}
	if (n > 1)
		qsort(q, n, sizeof(*q), cmp_qualifier);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(q[i - 1].key, q[i].key))
			return bad(SCAN_EPARSE, purl, "qualifier '%.60s' appears twice", q[i].key);
	out->qualifiers = q;
	out->nqualifiers = n;
	return 0;
}

static int parse(scan_purl *out, const char *purl, size_t len, scan_arena *a, bool quiet)
{
	span p = { purl, len, quiet };
	const char *s = purl, *hash, *quest, *colon, *slash, *at, *last_slash;
	size_t rest = len, tlen;
	char *type;
	int err;

	memset(out, 0, sizeof(*out));
	if (len > SCAN_SCA_PURL_MAX)
		return bad(SCAN_ELIMIT, p, "longer than %d bytes", SCAN_SCA_PURL_MAX);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)purl[i] < 0x20 || purl[i] == 0x7f)
			return bad(SCAN_EPARSE, p, "it holds a control character");

	if ((hash = last_of(s, rest, '#'))) {
		size_t sub = rest - (size_t)(hash + 1 - s);
		if ((err = join_segments(a, p, hash + 1, sub, true, "subpath", &out->subpath)) < 0)
			return err;
		rest = (size_t)(hash - s);
	}
	if ((quest = last_of(s, rest, '?'))) {
		if ((err = parse_qualifiers(out, a, p, quest + 1, rest - (size_t)(quest + 1 - s))) < 0)
			return err;
		rest = (size_t)(quest - s);
	}

	if (!(colon = memchr(s, ':', rest)) || colon - s != 3 || strncasecmp(s, "pkg", 3))
		return bad(SCAN_EPARSE, p, "it does not start with 'pkg:'");
	rest -= 4;
	s += 4;
	while (rest && *s == '/')
		s++, rest--;

	if (!(slash = memchr(s, '/', rest)) || slash == s)
		return bad(SCAN_EPARSE, p, slash ? "no type" : "no name after the type");
	tlen = (size_t)(slash - s);
	if (!(type = scan_arena__strndup(a, s, tlen)))
		return oom(p);
	for (size_t i = 0; i < tlen; i++) {
		char c = (char)tolower((unsigned char)type[i]);
		if (!(c >= 'a' && c <= 'z') && !(i && ((c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-')))
			return bad(SCAN_EPARSE, p, "type '%.40s' is not a valid type", type);
		type[i] = c;
	}
	out->type = type;
	rest -= tlen + 1;
	s = slash + 1;

	while (rest && s[rest - 1] == '/')
		rest--;
	/* The version follows the last '@' of the last segment (see the header). */
	last_slash = last_of(s, rest, '/');
	at = last_slash ? last_of(last_slash + 1, rest - (size_t)(last_slash + 1 - s), '@') : last_of(s, rest, '@');
	if (at) {
		size_t vlen = rest - (size_t)(at + 1 - s);
		if (!vlen)
			return bad(SCAN_EPARSE, p, "empty version after '@'");
		if ((err = decode(a, p, at + 1, vlen, "version", &out->version)) < 0)
			return err;
		rest = (size_t)(at - s);
	}
	last_slash = last_of(s, rest, '/');
	{
		const char *name = last_slash ? last_slash + 1 : s;
		size_t nlen = rest - (size_t)(name - s);
		if (!nlen)
			return bad(SCAN_EPARSE, p, "no name");
		if ((err = decode(a, p, name, nlen, "name", &out->name)) < 0)
			return err;
		if (!out->name[0])
			return bad(SCAN_EPARSE, p, "no name");
		if (last_slash && (err = join_segments(a, p, s, (size_t)(last_slash - s), false, "namespace", &out->ns)) < 0)
			return err;
	}
	return 0;
}

int scan_model__purl_parse(scan_purl *out, const char *purl, size_t len, scan_arena *a)
{
	return parse(out, purl, len, a, false);
}

int scan_model__purl_parse_quiet(scan_purl *out, const char *purl, size_t len, scan_arena *a)
{
	return parse(out, purl, len, a, true);
}

const char *scan_model__purl_qualifier(const scan_purl *p, const char *key)
{
	for (size_t i = 0; i < p->nqualifiers; i++)
		if (!strcmp(p->qualifiers[i].key, key))
			return p->qualifiers[i].value;
	return NULL;
}

/* Arena "a<sep>b". */
static const char *join2(scan_arena *a, const char *x, const char *sep, const char *y)
{
	size_t lx = strlen(x), ls = strlen(sep), ly = strlen(y);
	char *s = scan_arena__alloc(a, lx + ls + ly + 1);

	if (!s)
		return NULL;
	memcpy(s, x, lx);
	memcpy(s + lx, sep, ls);
	memcpy(s + lx + ls, y, ly + 1);
	return s;
}

/* The source package of a deb or apk purl: upstream=name[@version], epoch=N. */
static int os_source(scan_purl_package *out, const scan_purl *p, scan_arena *a, bool epoch)
{
	const char *up = scan_model__purl_qualifier(p, "upstream");
	const char *ep = epoch ? scan_model__purl_qualifier(p, "epoch") : NULL;

	out->distro = scan_model__purl_qualifier(p, "distro");
	out->name = p->name;
	out->version = p->version;
	if (up) {
		const char *at = strchr(up, '@');
		if (at != up) {
			if (!(out->name = at ? scan_arena__strndup(a, up, (size_t)(at - up)) : up))
				return scan_error__oom();
			if (strchr(out->name, '/'))
				return scan_util__error(SCAN_EPARSE, "%s package URL whose upstream '%.100s' holds a '/'", p->type,
				                        out->name);
			if (at && at[1]) {
				out->version = at + 1;
				return 0;  /* the source's own version, epoch and all */
			}
		}
	}
	if (ep && out->version && strcmp(ep, "0") && !strchr(out->version, ':') &&
	    !(out->version = join2(a, ep, ":", out->version)))
		return scan_error__oom();
	return 0;
}

int scan_model__purl_package(scan_purl_package *out, const scan_purl *p, scan_arena *a)
{
	const char *t = p->type;
	bool no_ns = false;

	memset(out, 0, sizeof(*out));
	out->name = p->name;
	out->version = p->version;
	/* An encoded '/' in a name would read back as a namespace (Go's module path is all segments anyway). */
	if (strcmp(t, "golang") && strchr(p->name, '/'))
		return scan_util__error(SCAN_EPARSE, "%s package URL whose name '%.100s' holds a '/'", t, p->name);
	if (!strcmp(t, "npm")) {
		out->ecosystem = SCAN_ECO_NPM;
		if (p->ns && strchr(p->ns, '/'))
			return scan_util__error(SCAN_EPARSE, "npm package URL with namespace '%.100s': a scope is one segment", p->ns);
		if (p->ns) {
			const char *scope = p->ns[0] == '@' ? p->ns : join2(a, "@", "", p->ns);
			if (!scope || !(out->name = join2(a, scope, "/", p->name)))
				return scan_error__oom();
		}
	} else if (!strcmp(t, "pypi")) {
		out->ecosystem = SCAN_ECO_PYPI;
		no_ns = true;
	} else if (!strcmp(t, "golang")) {
		size_t n = strlen(p->name);
		out->ecosystem = SCAN_ECO_GO;
		if (p->name[0] == '/' || p->name[n - 1] == '/' || strstr(p->name, "//"))
			return scan_util__error(SCAN_EPARSE, "golang package URL whose name '%.100s' has an empty path segment",
			                        p->name);
		if (p->ns && !(out->name = join2(a, p->ns, "/", p->name)))
			return scan_error__oom();
	} else if (!strcmp(t, "cargo")) {
		out->ecosystem = SCAN_ECO_CARGO;
		no_ns = true;
	} else if (!strcmp(t, "maven")) {
		out->ecosystem = SCAN_ECO_MAVEN;
		if (p->ns && (strchr(p->ns, '/') || strchr(p->ns, ':')))
			return scan_util__error(SCAN_EPARSE, "maven package URL with namespace '%.100s': a group id is one segment",
			                        p->ns);
		if (strchr(p->name, ':'))
			return scan_util__error(SCAN_EPARSE, "maven package URL whose name '%.100s' holds a ':'", p->name);
		if (p->ns && !(out->name = join2(a, p->ns, ":", p->name)))
			return scan_error__oom();
	} else if (!strcmp(t, "gem")) {
		out->ecosystem = SCAN_ECO_RUBYGEMS;
		no_ns = true;
	} else if (!strcmp(t, "nuget")) {
		out->ecosystem = SCAN_ECO_NUGET;
		no_ns = true;
	} else if (!strcmp(t, "composer")) {
		char *lower;
		out->ecosystem = SCAN_ECO_PACKAGIST;
		if (p->ns && strchr(p->ns, '/'))
			return scan_util__error(SCAN_EPARSE, "composer package URL with namespace '%.100s': a vendor is one segment",
			                        p->ns);
		if (p->ns && !(out->name = join2(a, p->ns, "/", p->name)))
			return scan_error__oom();
		if (!(lower = scan_arena__strdup(a, out->name)))
			return scan_error__oom();
		for (char *c = lower; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		out->name = lower;
		/* As extract_composer.c: "v6.4.3" is 6.4.3, as Packagist advisories write it. */
		if (out->version && (out->version[0] == 'v' || out->version[0] == 'V') && out->version[1] >= '0' &&
		    out->version[1] <= '9')
			out->version++;
	} else if (!strcmp(t, "deb") && p->ns && !strcasecmp(p->ns, "debian")) {
		out->ecosystem = SCAN_ECO_DEBIAN;
		return os_source(out, p, a, true);
	} else if (!strcmp(t, "apk") && p->ns && !strcasecmp(p->ns, "alpine")) {
		out->ecosystem = SCAN_ECO_ALPINE;
		return os_source(out, p, a, false);
	} else if (!strcmp(t, "deb") || !strcmp(t, "apk")) {
		return scan_util__error(SCAN_EINVAL, "unsupported package URL type '%s' of '%.60s'", t,
		                        p->ns ? p->ns : "no distribution");
	} else {
		return scan_util__error(SCAN_EINVAL, "unsupported package URL type '%.40s'", t);
	}
	if (no_ns && p->ns)
		return scan_util__error(SCAN_EPARSE, "%s package URL with a namespace ('%.100s')", t, p->ns);
	if (!out->name)
		return scan_error__oom();
	return 0;
}
