/* lib/lockfile/extract_python.c - requirements*.txt, poetry.lock, Pipfile.lock, uv.lock, pyproject.toml */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "lockfile/lockgraph.h"
#include "lockfile/toml.h"
#include "scan/buf.h"
#include "util/array.h"
#include "util/error.h"

/*
 * Names are kept as each file writes them; the purl normalises them
 * (PEP 503), and so does every comparison of names between two files
 * (a pyproject.toml's "Django" is a poetry.lock's "django").
 */

/* ---- PEP 508 requirements ---------------------------------------------- */

typedef struct {
	const char *name;
	size_t name_len;
	const char *version;        /* the pinned version, or NULL */
	size_t version_len;
	unsigned flags;             /* SCAN_DEP_UNPINNED, _URL, _GIT, _LOCAL */
} pyreq;

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_ws(char c)
{
	return c == ' ' || c == '\t';
}

static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && is_ws(*p))
		p++;
	return p;
}

static size_t trim_len(const char *s, size_t len)
{
	while (len && (is_ws(s[len - 1]) || s[len - 1] == '\r'))
		len--;
	return len;
}

static bool has_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !strncasecmp(s + len - n, suffix, n);
}

static bool has_prefix(const char *s, size_t len, const char *prefix)
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

static bool is_name(const char *s, size_t len)
{
	return len && name_at(s, s + len) == len;
}

/* PEP 440 version text (and the local "+abc" part); '*' only where a wildcard may be. */
static bool is_version(const char *s, size_t len, bool wildcard)
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

		p = skip_ws(p, end);
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			size_t n = strlen(ops[i]);
			if ((size_t)(end - p) >= n && !memcmp(p, ops[i], n)) {
				oplen = n;
				break;
			}
		}
		if (!oplen)
			return "invalid version specifier";
		p = skip_ws(p + oplen, end);
		v = p;
		while (p < end && !is_ws(*p) && *p != ',')
			p++;
		if (oplen == 3) {
			/* Arbitrary equality: the text is the version. */
			if (p == v || p - v > SCAN_SCA_VERSION_MAX)
				return "invalid version specifier";
		} else if (!is_version(v, (size_t)(p - v), true)) {
			return "invalid version in a specifier";
		}
		if (!r->version && (oplen == 3 || (i == 1 && !memchr(v, '*', (size_t)(p - v))))) {
			r->version = v;
			r->version_len = (size_t)(p - v);
		}
		p = skip_ws(p, end);
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
		if (r->name && !scan_sca__pep503_eq(seg, (size_t)(d1 - seg), r->name, r->name_len))
			return;
		if (!r->name && is_name(seg, (size_t)(d1 - seg))) {
			r->name = seg;
			r->name_len = (size_t)(d1 - seg);
		}
		if (r->name && is_version(d1 + 1, (size_t)(d2 - d1 - 1), false)) {
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
		if (r->name ? !scan_sca__pep503_eq(seg, k, r->name, r->name_len)
		            : !(seg[k + 1] >= '0' && seg[k + 1] <= '9') || !is_name(seg, k))
			continue;
		if (!is_version(seg + k + 1, n - k - 1, false))
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
static void classify_url(const char *u, size_t n, pyreq *r, bool *skip)
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
	if (has_prefix(u, scheme_len, "git+") || (scheme_len == 3 && has_prefix(u, 3, "git"))) {
		r->flags |= SCAN_DEP_GIT;
		vcs = true;
	} else if (has_prefix(u, scheme_len, "hg+") || has_prefix(u, scheme_len, "svn+") ||
	           has_prefix(u, scheme_len, "bzr+")) {
		r->flags |= SCAN_DEP_URL;
		vcs = true;
	} else if (!sep || (scheme_len == 4 && has_prefix(u, 4, "file"))) {
		r->flags |= SCAN_DEP_LOCAL;
	} else {
		r->flags |= SCAN_DEP_URL;
	}
	if (!sep && has_prefix(u, n, "file:"))
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
		if (rest + rest_len > at + 1 && is_version(at + 1, (size_t)(rest + rest_len - at - 1), false)) {
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
	if (!r->name && is_name(seg, seg_len)) {
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
static const char *parse_pep508(const char *s, size_t len, pyreq *r)
{
	const char *p = s, *end = s + len, *q, *spec_end;
	size_t n;
	bool skip;

	memset(r, 0, sizeof(*r));
	p = skip_ws(p, end);
	if (!(n = name_at(p, end)))
		return "invalid requirement (no package name)";
	r->name = p;
	r->name_len = n;
	p = skip_ws(p + n, end);
	if (p < end && *p == '[') {
		for (q = p + 1; q < end && *q != ']'; q++)
			if (!is_alnum(*q) && !(*q && strchr("-_., \t", *q)))
				return "invalid extras";
		if (q == end)
			return "unterminated extras";
		p = skip_ws(q + 1, end);
	}
	if (p < end && *p == '@') {
		p = skip_ws(p + 1, end);
		for (q = p; q < end && !is_ws(*q);)
			q++;
		if (q == p)
			return "missing URL after '@'";
		classify_url(p, (size_t)(q - p), r, &skip);
		p = skip_ws(q, end);
		if (p < end && *p != ';')
			return "invalid requirement (text after the URL)";
		return NULL;
	}
	spec_end = memchr(p, ';', (size_t)(end - p));
	if (!spec_end)
		spec_end = end;
	spec_end = p + trim_len(p, (size_t)(spec_end - p));
	if (p < spec_end && *p == '(') {
		if (spec_end[-1] != ')')
			return "unterminated version specifier";
		p++;
		spec_end--;
	}
	if (skip_ws(p, spec_end) < spec_end) {
		const char *why = parse_specs(p, spec_end, r);
		if (why)
			return why;
	}
	if (!r->version)
		r->flags |= SCAN_DEP_UNPINNED;
	return NULL;
}

/* ---- requirements.txt -------------------------------------------------- */

/*
 * pip's requirements file format: one requirement per line; a line ending
 * in a backslash continues on the next (unless it is a comment line); '#'
 * at the start or after whitespace starts a comment; options after a
 * requirement (--hash=...) and option lines (--index-url, -i, ...) are
 * not requirements. -r/--requirement and -c/--constraint read another
 * file relative to this one; a constraints file pins the versions of what
 * is required elsewhere but requires nothing itself. -e/--editable takes a
 * path or VCS URL. Every requirement is direct; what an included file
 * requires is reported at the line of the -r that pulled it in. An
 * include that cannot be read (missing, outside the tree, a URL, no file
 * system) is skipped: pip would fail, but what this file says still holds.
 */

bool scan_sca__is_requirements(const char *path, const char *base)
{
	size_t n = strlen(base), plen = strlen(path);
	const char *parent;

	if (n < 5 || strcasecmp(base + n - 4, ".txt"))
		return false;
	for (size_t i = 0; i + 12 <= n - 4; i++)
		if (!strncasecmp(base + i, "requirements", 12))
			return true;
	if (!strncasecmp(base, "constraints", 11))
		return true;
	/* requirements/base.txt, requirements/dev.txt */
	if (plen < n + 13)
		return false;
	parent = path + plen - n - 1;
	return *parent == '/' && !strncasecmp(parent - 12, "requirements", 12) &&
	       (parent - 12 == path || parent[-13] == '/');
}

typedef struct {
	const char *name, *version;
	size_t name_len, version_len;
	unsigned flags, line;
} rq_item;

typedef struct {
	scan_sca_doc *d;
	scan_arena arena;          /* copies of names, versions and paths read */
	rq_item *reqs, *cons;
	size_t nreqs, reqs_cap, ncons, cons_cap;
	const char **seen;         /* files read, by their normalised path from the root */
	size_t nseen, seen_cap;
} rq_ctx;

static int rq_push(rq_ctx *c, bool constraint, const pyreq *r, unsigned line)
{
	rq_item **v = constraint ? &c->cons : &c->reqs, *it;
	size_t *n = constraint ? &c->ncons : &c->nreqs, *cap = constraint ? &c->cons_cap : &c->reqs_cap;

	if (*n >= SCAN_SCA_COMPONENTS_MAX)
		return scan_sca__fail(c->d, SCAN_ELIMIT, line, "more than %d requirements", SCAN_SCA_COMPONENTS_MAX);
	if (!(it = scan__array_push(v, n, cap, sizeof(**v))))
		return SCAN_ENOMEM;
	it->flags = r->flags;
	it->line = line;
	it->name_len = r->name_len;
	if (!(it->name = scan__arena_strndup(&c->arena, r->name, r->name_len)))
		return scan__error_oom();
	if (r->version) {
		it->version_len = r->version_len;
		if (!(it->version = scan__arena_strndup(&c->arena, r->version, r->version_len)))
			return scan__error_oom();
	}
	return 0;
}

/* dir (a file's path, its last component dropped) joined with rel, '.' and '..' resolved lexically. */
static int join_norm(const char *file, const char *rel, size_t rel_len, scan_buf *out)
{
	const char *slash = strrchr(file, '/');
	scan_buf in = SCAN_BUF_INIT;
	const char *p, *end;
	int err;

	scan_buf_init(&in, 8192);
	if (slash) {
		scan_buf_put(&in, file, (size_t)(slash - file));
		scan_buf_putc(&in, '/');
	}
	scan_buf_put(&in, rel, rel_len);
	scan_buf_clear(out);
	for (p = in.ptr, end = in.ptr + in.size; p < end;) {
		const char *s = p;
		size_t len;
		while (p < end && *p != '/')
			p++;
		len = (size_t)(p - s);
		if (p < end)
			p++;
		if (!len || (len == 1 && s[0] == '.'))
			continue;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			/* Drop the last component, unless there is none or it is "..". */
			size_t at = out->size;
			while (at && out->ptr[at - 1] != '/')
				at--;
			if (out->size && strcmp(out->ptr + at, "..")) {
				scan_buf_truncate(out, at ? at - 1 : 0);
				continue;
			}
		}
		if (out->size)
			scan_buf_putc(out, '/');
		scan_buf_put(out, s, len);
	}
	err = scan_buf_failed(&in) ? scan_buf_failed(&in) : scan_buf_failed(out);
	scan_buf_dispose(&in);
	/* SCAN_ELIMIT: longer than any path; the caller skips it. */
	return err == SCAN_ENOMEM ? scan__error_oom() : err;
}

static int rq_file(rq_ctx *c, const char *rel, const char *text, size_t len, bool constraint, unsigned top_line);

static int rq_include(rq_ctx *c, const char *from, const char *target, size_t tlen, bool constraint,
                      unsigned line)
{
	scan_buf path = SCAN_BUF_INIT, key = SCAN_BUF_INIT;
	char *text = NULL;
	const char *copy;
	size_t len = 0;
	int err = 0;

	if (!tlen || memmem(target, tlen, "://", 3))
		return 0;
	scan_buf_init(&path, 8192);
	scan_buf_init(&key, 8192);
	/* Files are told apart by their path from the root: "../req/b.txt" may be "b.txt". */
	if ((err = join_norm(from, target, tlen, &path)) < 0 || !path.size ||
	    (err = join_norm(c->d->file, path.ptr, path.size, &key)) < 0) {
		if (err == SCAN_ELIMIT)
			err = 0;   /* no file has so long a path */
		goto done;
	}
	for (size_t i = 0; i < c->nseen; i++)
		if (!strcmp(c->seen[i], key.ptr))
			goto done;   /* read already: a cycle, or a file two others include */
	if (scan__array_reserve(&c->seen, &c->seen_cap, c->nseen + 1, sizeof(*c->seen))) {
		err = SCAN_ENOMEM;
		goto done;
	}
	if (!(copy = scan__arena_strndup(&c->arena, key.ptr, key.size))) {
		err = scan__error_oom();
		goto done;
	}
	c->seen[c->nseen++] = copy;
	if (!(copy = scan__arena_strndup(&c->arena, path.ptr, path.size))) {
		err = scan__error_oom();
		goto done;
	}
	err = scan_sca__read_sibling(c->d, copy, &text, &len);
	if (err == SCAN_ENOTFOUND || err == SCAN_EINVAL) {
		err = 0;
		goto done;
	}
	if (err < 0)
		goto done;
	err = rq_file(c, copy, text, len, constraint, line);
done:
	free(text);
	scan_buf_dispose(&path);
	scan_buf_dispose(&key);
	return err;
}

/* One logical line, comments and continuations already handled. */
static int rq_line(rq_ctx *c, const char *rel, const char *s, size_t len, bool constraint, unsigned line)
{
	const char *end = s + len, *p;
	const char *why;
	pyreq r;
	bool skip = false;

	if (*s == '-') {
		/* -r file, -rfile, --requirement file, --requirement=file; likewise -c and -e. */
		static const struct {
			const char *shrt, *lng;
			int kind;
		} opts[] = { { "-r", "--requirement", 'r' }, { "-c", "--constraint", 'c' }, { "-e", "--editable", 'e' } };
		const char *v = NULL;
		int kind = 0;

		for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]) && !kind; i++) {
			size_t ln = strlen(opts[i].lng);
			if (len >= ln && !memcmp(s, opts[i].lng, ln) && (len == ln || s[ln] == '=' || is_ws(s[ln]))) {
				v = s + ln + (len > ln);
				kind = opts[i].kind;
			} else if (len >= 2 && !memcmp(s, opts[i].shrt, 2)) {
				v = s + 2;
				kind = opts[i].kind;
			}
		}
		if (!kind)
			return 0;   /* --index-url, -i, --extra-index-url, --hash, ...: not requirements */
		v = skip_ws(v, end);
		if (kind == 'e') {
			size_t n = 0;
			if (constraint)
				return 0;
			while (v + n < end && !is_ws(v[n]))
				n++;
			/* "./pkg[extra]" */
			if (n && v[n - 1] == ']' && memchr(v, '[', n) && !memmem(v, n, "://", 3))
				n = (size_t)((const char *)memchr(v, '[', n) - v);
			if (!n)
				return scan_sca__fail(c->d, SCAN_EPARSE, line, "-e without a path or URL");
			memset(&r, 0, sizeof(r));
			classify_url(v, n, &r, &skip);
			return skip ? 0 : rq_push(c, false, &r, line);
		}
		return rq_include(c, rel, v, (size_t)(end - v), constraint || kind == 'c', line);
	}
	/* Per-requirement options (--hash, --config-settings) start at the first word beginning with '-'. */
	for (p = s + 1; p < end; p++)
		if (*p == '-' && is_ws(p[-1])) {
			len = trim_len(s, (size_t)(p - s));
			end = s + len;
			break;
		}
	/* A URL or a path: pip tells them from names by "://", "file:" or a path separator or dot at the start. */
	for (p = s; p < end && !is_ws(*p) && *p != ';' && *p != '[' && *p != '=' && *p != '<' && *p != '>' &&
	            *p != '!' && *p != '~' && *p != '@';)
		p++;
	if (memmem(s, (size_t)(p - s), "://", 3) || has_prefix(s, len, "file:") || *s == '.' || *s == '/' ||
	    *s == '~' || memchr(s, '/', (size_t)(p - s)) || memchr(s, '\\', (size_t)(p - s))) {
		size_t n = 0;
		while (n < len && !is_ws(s[n]) && s[n] != ';')
			n++;
		if (n && s[n - 1] == ']' && memchr(s, '[', n) && !memmem(s, n, "://", 3))
			n = (size_t)((const char *)memchr(s, '[', n) - s);
		memset(&r, 0, sizeof(r));
		classify_url(s, n, &r, &skip);
		return skip ? 0 : rq_push(c, constraint, &r, line);
	}
	if ((why = parse_pep508(s, len, &r)) != NULL) {
		char shown[64];
		size_t n = len < 60 ? len : 60;
		for (size_t i = 0; i < n; i++)
			shown[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
		shown[n] = '\0';
		return scan_sca__fail(c->d, SCAN_EPARSE, line, "%s: '%s'", why, shown);
	}
	return rq_push(c, constraint, &r, line);
}

/* A physical line that is only a comment ends a continuation, as in pip. */
static bool comment_line(const char *s, size_t len)
{
	const char *p = skip_ws(s, s + len);

	return p < s + len && *p == '#';
}

/* Cut a comment: '#' at the start or after whitespace. */
static size_t strip_comment(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] == '#' && (i == 0 || is_ws(s[i - 1])))
			return i;
	return len;
}

static int rq_file(rq_ctx *c, const char *rel, const char *text, size_t len, bool constraint, unsigned top_line)
{
	scan_buf logical = SCAN_BUF_INIT;
	size_t pos = 0;
	unsigned lineno = 0, start = 0;
	int err = 0;

	scan_buf_init(&logical, SCAN_SCA_FILE_MAX);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len || logical.size) {
		const char *s = text + pos, *nl;
		size_t n, m;
		bool more;

		if (pos >= len) {
			more = false;   /* a backslash on the last line continues into nothing */
			n = 0;
		} else {
			nl = memchr(s, '\n', len - pos);
			n = nl ? (size_t)(nl - s) : len - pos;
			pos += n + (nl != NULL);
			lineno++;
			if (n && s[n - 1] == '\r')
				n--;
			more = n && s[n - 1] == '\\' && !comment_line(s, n);
		}
		if (!logical.size)
			start = lineno;
		if (more) {
			scan_buf_put(&logical, s, n - 1);
			continue;
		}
		if (comment_line(s, n) && logical.size)
			n = 0;
		scan_buf_put(&logical, s, n);
		if ((err = scan_buf_failed(&logical)) != 0) {
			err = err == SCAN_ENOMEM ? scan__error_oom()
			                         : scan_sca__fail(c->d, SCAN_ELIMIT, start, "line too long");
			break;
		}
		m = trim_len(logical.ptr, strip_comment(logical.ptr, logical.size));
		s = skip_ws(logical.ptr, logical.ptr + m);
		m -= (size_t)(s - logical.ptr);
		if (m && (err = rq_line(c, rel, s, m, constraint, top_line ? top_line : start)) < 0)
			break;
		scan_buf_clear(&logical);
	}
	scan_buf_dispose(&logical);
	return err;
}

static bool is_name_sep(char c)
{
	return c == '-' || c == '_' || c == '.';
}

/* Sort constraints by normalised name to pin unpinned requirements in O(n log n). */
static int cmp_item_pep503(const void *a, const void *b)
{
	const rq_item *x = a, *y = b;
	size_t i = 0, j = 0;

	while (i < x->name_len && j < y->name_len) {
		char p = x->name[i], q = y->name[j];
		bool ps = is_name_sep(p), qs = is_name_sep(q);
		if (ps)
			while (i + 1 < x->name_len && is_name_sep(x->name[i + 1]))
				i++;
		if (qs)
			while (j + 1 < y->name_len && is_name_sep(y->name[j + 1]))
				j++;
		p = ps ? '-' : (p >= 'A' && p <= 'Z') ? (char)(p - 'A' + 'a') : p;
		q = qs ? '-' : (q >= 'A' && q <= 'Z') ? (char)(q - 'A' + 'a') : q;
		if (p != q)
			return (unsigned char)p < (unsigned char)q ? -1 : 1;
		i++;
		j++;
	}
	return (i < x->name_len) - (j < y->name_len);
}

int scan_sca__extract_requirements(scan_sca_doc *d, const char *text, size_t len)
{
	rq_ctx c;
	const char *base = strrchr(d->file, '/');
	int err;

	memset(&c, 0, sizeof(c));
	c.d = d;
	base = base ? base + 1 : d->file;
	if (!(c.seen = malloc(8 * sizeof(*c.seen)))) {
		err = scan__error_oom();
		goto done;
	}
	c.seen_cap = 8;
	{
		scan_buf key = SCAN_BUF_INIT;
		scan_buf_init(&key, 8192);
		err = join_norm("", d->file, strlen(d->file), &key);
		if (err == SCAN_ELIMIT)
			err = scan_sca__fail(d, SCAN_ELIMIT, 0, "path too long");
		if (!err && !(c.seen[c.nseen++] = scan__arena_strndup(&c.arena, key.ptr, key.size)))
			err = scan__error_oom();
		scan_buf_dispose(&key);
		if (err < 0)
			goto done;
	}
	if ((err = rq_file(&c, base, text, len, false, 0)) < 0)
		goto done;
	if (c.ncons)
		qsort(c.cons, c.ncons, sizeof(*c.cons), cmp_item_pep503);
	for (size_t i = 0; i < c.nreqs; i++) {
		rq_item *it = &c.reqs[i];
		const rq_item *k;
		if (it->version || (it->flags & (SCAN_DEP_URL | SCAN_DEP_GIT | SCAN_DEP_LOCAL)))
			continue;
		k = c.ncons ? bsearch(it, c.cons, c.ncons, sizeof(*c.cons), cmp_item_pep503) : NULL;
		if (k && k->version) {
			it->version = k->version;
			it->version_len = k->version_len;
			it->flags &= ~(unsigned)SCAN_DEP_UNPINNED;
		}
	}
	for (size_t i = 0; i < c.nreqs; i++) {
		const rq_item *it = &c.reqs[i];
		int idx = scan_sca__add(d, SCAN_ECO_PYPI, it->name, it->name_len, it->version, it->version_len,
		                        it->flags | SCAN_DEP_DIRECT, it->line);
		if (idx < 0) {
			err = idx;
			goto done;
		}
	}
done:
	free(c.reqs);
	free(c.cons);
	free(c.seen);
	scan__arena_dispose(&c.arena);
	return err;
}

/* ---- pyproject.toml ---------------------------------------------------- */

/*
 * Declared dependencies, from any of:
 *  [project] dependencies / optional-dependencies    PEP 621, PEP 508 strings
 *  [dependency-groups]                               PEP 735: strings, {include-group = "x"}
 *  [tool.poetry.dependencies]                        name = "^1.2" | { version, optional, git, path, url } | [ ... ]
 *  [tool.poetry.dev-dependencies], [tool.poetry.group.<g>.dependencies]
 *  [tool.uv] dev-dependencies, [tool.pdm.dev-dependencies]
 * "python" in Poetry's tables is the interpreter. Groups and dev tables
 * are development dependencies (Poetry's "main" group is not).
 */

typedef struct {
	pyreq r;
	unsigned cls;              /* SCAN_SCA_EDGE_* */
	unsigned line;
} pydecl;

typedef int (*pydecl_fn)(void *ctx, const pydecl *decl);

typedef struct {
	scan_sca_doc *d;
	const scan_toml_doc *t;
	bool strict;               /* a malformed entry fails the document; else it is skipped */
	pydecl_fn fn;
	void *ctx;
} pywalk;

static int decl_fail(const pywalk *w, unsigned line, const char *why)
{
	return w->strict ? scan_sca__fail(w->d, SCAN_EPARSE, line, "%s", why) : 0;
}

/*
 * Whether to walk n, an optional container that must be of kind: 1 to
 * walk it, 0 to pass over it (absent, or malformed and not strict), or
 * the error of a malformed one.
 */
static int walk_container(const pywalk *w, const scan_toml_node *n, scan_toml_kind kind, const char *why)
{
	if (!n)
		return 0;
	if (n->kind != kind)
		return decl_fail(w, n->line, why);
	return 1;
}

static int walk_pep508(const pywalk *w, const scan_toml_node *item, unsigned cls, unsigned extra_flags)
{
	pydecl decl;
	const char *why;

	if (item->kind != SCAN_TOML_STRING)
		return decl_fail(w, item->line, "a dependency is not a string");
	if ((why = parse_pep508(item->str, item->len, &decl.r)) != NULL)
		return decl_fail(w, item->line, why);
	decl.r.flags |= extra_flags;
	decl.cls = cls;
	decl.line = item->line;
	return w->fn(w->ctx, &decl);
}

/* An array of PEP 508 strings (tables, such as PEP 735's include-group, are skipped). */
static int walk_pep508_list(const pywalk *w, const scan_toml_node *arr, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, arr, SCAN_TOML_ARRAY, "dependencies are not an array");

	if (err <= 0)
		return err;
	for (const scan_toml_node *it = arr->child; it; it = it->next)
		if (it->kind != SCAN_TOML_TABLE && (err = walk_pep508(w, it, cls, extra_flags)) < 0)
			return err;
	return 0;
}

/* A table of arrays of PEP 508 strings (optional-dependencies, dependency-groups). */
static int walk_pep508_groups(const pywalk *w, const scan_toml_node *tab, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, tab, SCAN_TOML_TABLE, "dependency groups are not a table");

	if (err <= 0)
		return err;
	for (const scan_toml_node *g = tab->child; g; g = g->next)
		if ((err = walk_pep508_list(w, g, cls, extra_flags)) < 0)
			return err;
	return 0;
}

/* Poetry's "1.2.3" and "==1.2.3" pin; "^1.2", "~1.2", ">=1,<2", "1.*" and "*" do not. */
static void poetry_constraint(const char *s, size_t len, pyreq *r)
{
	const char *end = s + len;

	s = skip_ws(s, end);
	len = trim_len(s, (size_t)(end - s));
	if (len > 2 && !memcmp(s, "==", 2)) {
		const char *v = skip_ws(s + 2, s + len);
		len -= (size_t)(v - s);
		s = v;
	}
	if (len && s[0] >= '0' && s[0] <= '9' && is_version(s, len, false)) {
		r->version = s;
		r->version_len = len;
	}
}

/* name = "^1.2" | { version = "1.2", optional = true, git = "...", rev = "..." } | [ either, ... ] */
static int walk_poetry_value(const pywalk *w, const scan_toml_node *key, const scan_toml_node *v, unsigned cls,
                             unsigned extra_flags)
{
	pydecl decl;

	memset(&decl, 0, sizeof(decl));
	decl.r.name = key->key;
	decl.r.name_len = key->key_len;
	decl.r.flags = extra_flags;
	decl.cls = cls;
	decl.line = v->line;
	if (v->kind == SCAN_TOML_STRING) {
		poetry_constraint(v->str, v->len, &decl.r);
	} else if (v->kind == SCAN_TOML_TABLE) {
		const scan_toml_node *opt = scan_sca__toml_get_kind(w->t, v, "optional", SCAN_TOML_BOOL);
		const char *s;
		size_t n;

		if (opt && opt->integer) {
			decl.r.flags |= SCAN_DEP_OPTIONAL;
			if (decl.cls == SCAN_SCA_EDGE_MAIN)
				decl.cls = SCAN_SCA_EDGE_OPTIONAL;
		}
		if (scan_sca__toml_string(w->t, v, "git", NULL)) {
			decl.r.flags |= SCAN_DEP_GIT;
			if ((s = scan_sca__toml_string(w->t, v, "rev", &n)) || (s = scan_sca__toml_string(w->t, v, "tag", &n))) {
				decl.r.version = s;
				decl.r.version_len = n;
			}
		} else if (scan_sca__toml_string(w->t, v, "path", NULL)) {
			decl.r.flags |= SCAN_DEP_LOCAL;
		} else if ((s = scan_sca__toml_string(w->t, v, "url", &n))) {
			bool skip;
			classify_url(s, n, &decl.r, &skip);
		} else if ((s = scan_sca__toml_string(w->t, v, "version", &n))) {
			poetry_constraint(s, n, &decl.r);
		}
	} else if (v->kind == SCAN_TOML_ARRAY) {
		/* Multiple constraints, one per Python version or platform. */
		for (const scan_toml_node *it = v->child; it; it = it->next) {
			int err;
			if (it->kind == SCAN_TOML_ARRAY)
				return decl_fail(w, it->line, "nested array in a dependency");
			if ((err = walk_poetry_value(w, key, it, cls, extra_flags)) < 0)
				return err;
		}
		return 0;
	} else {
		return decl_fail(w, v->line, "a dependency is not a string, table or array");
	}
	if (!decl.r.version && !(decl.r.flags & (SCAN_DEP_LOCAL | SCAN_DEP_URL)))
		decl.r.flags |= SCAN_DEP_UNPINNED;
	return w->fn(w->ctx, &decl);
}

static int walk_poetry_table(const pywalk *w, const scan_toml_node *tab, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, tab, SCAN_TOML_TABLE, "poetry dependencies are not a table");

	if (err <= 0)
		return err;
	for (const scan_toml_node *e = tab->child; e; e = e->next) {
		if (e->key_len == 6 && !strncasecmp(e->key, "python", 6))
			continue;
		if (!is_name(e->key, e->key_len)) {
			if ((err = decl_fail(w, e->line, "invalid package name")) < 0)
				return err;
			continue;
		}
		if ((err = walk_poetry_value(w, e, e, cls, extra_flags)) < 0)
			return err;
	}
	return 0;
}

static int pyproject_walk(const pywalk *w)
{
	const scan_toml_doc *t = w->t;
	const scan_toml_node *project = scan_sca__toml_get_kind(t, t->root, "project", SCAN_TOML_TABLE);
	const scan_toml_node *poetry = scan_sca__toml_path(t, t->root, "tool.poetry");
	const scan_toml_node *groups;
	int err;

	if ((err = walk_pep508_list(w, scan_sca__toml_get(t, project, "dependencies"), SCAN_SCA_EDGE_MAIN, 0)) < 0 ||
	    (err = walk_pep508_groups(w, scan_sca__toml_get(t, project, "optional-dependencies"),
	                              SCAN_SCA_EDGE_OPTIONAL, SCAN_DEP_OPTIONAL)) < 0 ||
	    (err = walk_pep508_groups(w, scan_sca__toml_get(t, t->root, "dependency-groups"), SCAN_SCA_EDGE_DEV,
	                              SCAN_DEP_DEV)) < 0 ||
	    (err = walk_pep508_list(w, scan_sca__toml_path(t, t->root, "tool.uv.dev-dependencies"),
	                            SCAN_SCA_EDGE_DEV, SCAN_DEP_DEV)) < 0 ||
	    (err = walk_pep508_groups(w, scan_sca__toml_path(t, t->root, "tool.pdm.dev-dependencies"),
	                              SCAN_SCA_EDGE_DEV, SCAN_DEP_DEV)) < 0)
		return err;
	if (poetry && poetry->kind == SCAN_TOML_TABLE) {
		if ((err = walk_poetry_table(w, scan_sca__toml_get(t, poetry, "dependencies"), SCAN_SCA_EDGE_MAIN, 0)) < 0 ||
		    (err = walk_poetry_table(w, scan_sca__toml_get(t, poetry, "dev-dependencies"), SCAN_SCA_EDGE_DEV,
		                             SCAN_DEP_DEV)) < 0)
			return err;
		groups = scan_sca__toml_get_kind(t, poetry, "group", SCAN_TOML_TABLE);
		for (const scan_toml_node *g = groups ? groups->child : NULL; g; g = g->next) {
			bool is_main = g->key_len == 4 && !memcmp(g->key, "main", 4);
			if (g->kind != SCAN_TOML_TABLE)
				continue;
			if ((err = walk_poetry_table(w, scan_sca__toml_get(t, g, "dependencies"),
			                             is_main ? SCAN_SCA_EDGE_MAIN : SCAN_SCA_EDGE_DEV,
			                             is_main ? 0 : SCAN_DEP_DEV)) < 0)
				return err;
		}
	}
	return 0;
}

bool scan_sca__is_pyproject(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "pyproject.toml");
}

typedef struct {
	scan_sca_doc *d;
	size_t unpinned;
} pyproject_ctx;

/* A name in [project] dependencies and in a group is neither dev nor optional: scan_sca__add() merges so. */
static int pyproject_add(void *ctx, const pydecl *decl)
{
	pyproject_ctx *p = ctx;
	int idx = scan_sca__add(p->d, SCAN_ECO_PYPI, decl->r.name, decl->r.name_len, decl->r.version,
	                        decl->r.version_len, decl->r.flags | SCAN_DEP_DIRECT, decl->line);

	p->unpinned += idx >= 0 && (decl->r.flags & SCAN_DEP_UNPINNED);
	return idx < 0 ? idx : 0;
}

/* The lockfiles of Python's project managers that pin a pyproject.toml, beside it or at a workspace's root. */
static const char *const python_locks[] = { "poetry.lock", "uv.lock", "pdm.lock", "pylock.toml", "Pipfile.lock",
	                                        NULL };

int scan_sca__extract_pyproject(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t;
	pyproject_ctx pc = { d, 0 };
	pywalk w;
	int err;

	if ((err = scan_sca__toml_parse(&t, text, len, d->file)) < 0)
		goto done;
	w.d = d;
	w.t = &t;
	w.strict = true;
	w.fn = pyproject_add;
	w.ctx = &pc;
	if ((err = pyproject_walk(&w)) >= 0 && !scan_sca__has_lockfile(d, python_locks))
		err = scan_sca__unresolved_problem(d, pc.unpinned, "poetry.lock, uv.lock or pdm.lock");
done:
	scan_sca__toml_dispose(&t);
	return err;
}

/*
 * The project's own declarations, from the pyproject.toml beside a
 * lockfile, as edges from the project; *found when it could be read. A
 * missing or malformed one only means the lockfile's flags stay unknown.
 */
typedef struct {
	scan_sca_doc *d;
	scan_sca_graph *g;
} project_ctx;

static int project_edge(void *ctx, const pydecl *decl)
{
	project_ctx *pc = ctx;

	return scan_sca__graph_edge(pc->d, pc->g, SCAN_SCA_GRAPH_PROJECT, decl->r.name, decl->r.name_len, NULL, 0,
	                            NULL, 0, decl->cls);
}

static int sibling_toml(scan_sca_doc *d, const char *name, char **text, scan_toml_doc *t, bool *found)
{
	size_t len;
	int err;

	*found = false;
	memset(t, 0, sizeof(*t));
	err = scan_sca__read_sibling(d, name, text, &len);
	if (err == SCAN_ENOTFOUND || err == SCAN_EINVAL)
		return 0;
	if (err < 0)
		return err;
	err = scan_sca__toml_parse(t, *text, len, name);
	if (err == SCAN_EPARSE || err == SCAN_ELIMIT)
		return 0;
	if (err < 0)
		return err;
	*found = true;
	return 0;
}

/* The edges borrow t's strings: the caller disposes of t and frees *text after emitting the graph. */
static int project_edges(scan_sca_doc *d, scan_sca_graph *g, scan_toml_doc *t, char **text, bool *found)
{
	project_ctx pc = { d, g };
	pywalk w;
	int err;

	if ((err = sibling_toml(d, "pyproject.toml", text, t, found)) < 0 || !*found)
		return err;
	w.d = d;
	w.t = t;
	w.strict = false;
	w.fn = project_edge;
	w.ctx = &pc;
	return pyproject_walk(&w);
}

/* ---- poetry.lock ------------------------------------------------------- */

/*
 * [[package]]
 * name = "requests"
 * version = "2.31.0"
 * category = "main"              (lock-version 1.x: "main" or "dev")
 * optional = false
 * groups = ["main", "dev"]       (lock-version 2.1, Poetry 2)
 * [package.dependencies]
 * idna = ">=2.5,<4"              or { version = "*", markers = "..." } or [ {...}, {...} ]
 * [package.source]
 * type = "git" | "directory" | "file" | "url" | "legacy"
 * Which packages the project names is in pyproject.toml, not the lock.
 * Whether a package is dev-only: the lock's category or groups when it
 * has them (lock-version 2.0 has neither), else derived from the
 * pyproject.toml's groups; unknown without it.
 */

bool scan_sca__is_poetry_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "poetry.lock");
}

static bool array_has_string(const scan_toml_node *a, const char *s)
{
	size_t n = strlen(s);

	for (const scan_toml_node *it = a ? a->child : NULL; it; it = it->next)
		if (it->kind == SCAN_TOML_STRING && it->len == n && !memcmp(it->str, s, n))
			return true;
	return false;
}

static int poetry_package(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, const scan_toml_node *p,
                          bool *lock_says_dev)
{
	scan_sca_graph_pkg pkg;
	const scan_toml_node *opt, *src, *groups;
	const char *category, *type;
	size_t n;
	int err;

	if ((err = scan_sca__graph_toml_pkg(d, t, p, true, &pkg)) < 0)
		return err;
	if ((category = scan_sca__toml_string(t, p, "category", &n))) {
		*lock_says_dev = true;
		if (n == 3 && !memcmp(category, "dev", 3))
			pkg.flags |= SCAN_DEP_DEV;
	}
	if ((groups = scan_sca__toml_get_kind(t, p, "groups", SCAN_TOML_ARRAY))) {
		*lock_says_dev = true;
		if (!array_has_string(groups, "main"))
			pkg.flags |= SCAN_DEP_DEV;
	}
	if ((opt = scan_sca__toml_get_kind(t, p, "optional", SCAN_TOML_BOOL)) && opt->integer)
		pkg.flags |= SCAN_DEP_OPTIONAL;
	src = scan_sca__toml_get_kind(t, p, "source", SCAN_TOML_TABLE);
	if ((type = scan_sca__toml_string(t, src, "type", &n))) {
		if (n == 3 && !memcmp(type, "git", 3))
			pkg.flags |= SCAN_DEP_GIT;
		else if ((n == 9 && !memcmp(type, "directory", 9)) || (n == 4 && !memcmp(type, "file", 4)))
			pkg.flags |= SCAN_DEP_LOCAL;
		else if (n == 3 && !memcmp(type, "url", 3))
			pkg.flags |= SCAN_DEP_URL;
	}
	return scan_sca__graph_add(d, g, &pkg);
}

int scan_sca__extract_poetry_lock(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t, pt;
	scan_sca_graph g;
	const scan_toml_node *packages, *p;
	bool lock_says_dev = false, project = false;
	char *ptext = NULL;
	size_t from = 0;
	int err;

	memset(&pt, 0, sizeof(pt));
	scan_sca__graph_init(&g, SCAN_ECO_PYPI, true);
	if ((err = scan_sca__toml_parse(&t, text, len, d->file)) < 0)
		goto done;
	packages = scan_sca__toml_get(&t, t.root, "package");
	if (packages && packages->kind != SCAN_TOML_ARRAY) {
		err = scan_sca__fail(d, SCAN_EPARSE, packages->line, "'package' is not an array of tables");
		goto done;
	}
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = poetry_package(d, &t, &g, p, &lock_says_dev)) < 0)
			goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next, from++) {
		const scan_toml_node *deps = scan_sca__toml_get_kind(&t, p, "dependencies", SCAN_TOML_TABLE);
		for (const scan_toml_node *e = deps ? deps->child : NULL; e; e = e->next)
			if ((err = scan_sca__graph_edge(d, &g, from, e->key, e->key_len, NULL, 0, NULL, 0,
			                                SCAN_SCA_EDGE_MAIN)) < 0)
				goto done;
	}
	if ((err = project_edges(d, &g, &pt, &ptext, &project)) < 0)
		goto done;
	err = scan_sca__graph_emit(d, &g, SCAN_SCA_DERIVE_DIRECT | (lock_says_dev ? 0 : SCAN_SCA_DERIVE_DEV));
done:
	scan_sca__graph_dispose(&g);
	scan_sca__toml_dispose(&t);
	scan_sca__toml_dispose(&pt);
	free(ptext);
	return err;
}

/* ---- uv.lock ----------------------------------------------------------- */

/*
 * version = 1
 * revision = 3
 * [manifest]                        (workspaces) members = [...], requirements, dependency-groups
 * [[package]]
 * name = "anyio"
 * version = "4.4.0"                 (absent for a local package with a dynamic version)
 * source = { registry = "https://pypi.org/simple" }
 *          { git = "https://github.com/o/r?tag=v1#<commit>" } | { url = "..." }
 *          { path = "..." } | { directory = "..." } | { editable = "." } | { virtual = "." }
 * dependencies = [{ name = "idna" }, { name = "numpy", version = "1.26.4", marker = "..." }]
 * [package.optional-dependencies]   extra = [{ name = ... }]
 * [package.dev-dependencies]        group = [{ name = ... }]
 * The project and workspace members are editable or virtual: local roots,
 * whose dependencies are the direct ones. Early uv wrote [[distribution]].
 */

bool scan_sca__is_uv_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "uv.lock");
}

static int uv_edges(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, size_t from,
                    const scan_toml_node *arr, unsigned cls)
{
	if (!arr)
		return 0;
	if (arr->kind != SCAN_TOML_ARRAY)
		return scan_sca__fail(d, SCAN_EPARSE, arr->line, "dependencies are not an array");
	for (const scan_toml_node *e = arr->child; e; e = e->next) {
		const char *name, *version;
		size_t nlen, vlen = 0;
		int err;

		if (e->kind != SCAN_TOML_TABLE || !(name = scan_sca__toml_string(t, e, "name", &nlen)))
			return scan_sca__fail(d, SCAN_EPARSE, e->line, "a dependency is not a table with a name");
		version = scan_sca__toml_string(t, e, "version", &vlen);
		if ((err = scan_sca__graph_edge(d, g, from, name, nlen, version, vlen, NULL, 0, cls)) < 0)
			return err;
	}
	return 0;
}

static int uv_edge_groups(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, size_t from,
                          const scan_toml_node *tab, unsigned cls)
{
	int err;

	if (!tab)
		return 0;
	if (tab->kind != SCAN_TOML_TABLE)
		return scan_sca__fail(d, SCAN_EPARSE, tab->line, "dependency groups are not a table");
	for (const scan_toml_node *grp = tab->child; grp; grp = grp->next)
		if ((err = uv_edges(d, t, g, from, grp, cls)) < 0)
			return err;
	return 0;
}

static int uv_package(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, const scan_toml_node *p,
                      const scan_toml_node *members)
{
	scan_sca_graph_pkg pkg;
	const scan_toml_node *src;
	int err;

	/* The version may be absent for a local package (a dynamic one): checked below. */
	if ((err = scan_sca__graph_toml_pkg(d, t, p, false, &pkg)) < 0)
		return err;
	src = scan_sca__toml_get_kind(t, p, "source", SCAN_TOML_TABLE);
	if (scan_sca__toml_get(t, src, "editable") || scan_sca__toml_get(t, src, "virtual")) {
		pkg.flags |= SCAN_DEP_LOCAL;
		pkg.root = true;
	} else if (scan_sca__toml_get(t, src, "path") || scan_sca__toml_get(t, src, "directory")) {
		pkg.flags |= SCAN_DEP_LOCAL;
	} else if (scan_sca__toml_get(t, src, "git")) {
		pkg.flags |= SCAN_DEP_GIT;
	} else if (scan_sca__toml_get(t, src, "url")) {
		pkg.flags |= SCAN_DEP_URL;
	} else if (!pkg.version) {
		return scan_sca__fail(d, SCAN_EPARSE, p->line, "package without a version");
	}
	for (const scan_toml_node *m = members ? members->child : NULL; m; m = m->next)
		if (m->kind == SCAN_TOML_STRING && scan_sca__pep503_eq(m->str, m->len, pkg.name, pkg.name_len))
			pkg.root = true;
	return scan_sca__graph_add(d, g, &pkg);
}

int scan_sca__extract_uv_lock(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t;
	scan_sca_graph g;
	const scan_toml_node *packages, *manifest, *members, *p;
	size_t from = 0;
	int err;

	scan_sca__graph_init(&g, SCAN_ECO_PYPI, true);
	if ((err = scan_sca__toml_parse(&t, text, len, d->file)) < 0)
		goto done;
	packages = scan_sca__toml_get(&t, t.root, "package");
	if (!packages)
		packages = scan_sca__toml_get(&t, t.root, "distribution");
	if (packages && packages->kind != SCAN_TOML_ARRAY) {
		err = scan_sca__fail(d, SCAN_EPARSE, packages->line, "'package' is not an array of tables");
		goto done;
	}
	manifest = scan_sca__toml_get_kind(&t, t.root, "manifest", SCAN_TOML_TABLE);
	members = scan_sca__toml_get_kind(&t, manifest, "members", SCAN_TOML_ARRAY);
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = uv_package(d, &t, &g, p, members)) < 0)
			goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next, from++) {
		if ((err = uv_edges(d, &t, &g, from, scan_sca__toml_get(&t, p, "dependencies"), SCAN_SCA_EDGE_MAIN)) < 0 ||
		    (err = uv_edge_groups(d, &t, &g, from, scan_sca__toml_get(&t, p, "optional-dependencies"),
		                          SCAN_SCA_EDGE_OPTIONAL)) < 0 ||
		    (err = uv_edge_groups(d, &t, &g, from, scan_sca__toml_get(&t, p, "dev-dependencies"),
		                          SCAN_SCA_EDGE_DEV)) < 0)
			goto done;
	}
	/* A virtual workspace root without a project keeps its requirements in the manifest. */
	if ((err = uv_edges(d, &t, &g, SCAN_SCA_GRAPH_PROJECT, scan_sca__toml_get(&t, manifest, "requirements"),
	                    SCAN_SCA_EDGE_MAIN)) < 0 ||
	    (err = uv_edge_groups(d, &t, &g, SCAN_SCA_GRAPH_PROJECT,
	                          scan_sca__toml_get(&t, manifest, "dependency-groups"), SCAN_SCA_EDGE_DEV)) < 0)
		goto done;
	err = scan_sca__graph_emit(d, &g, SCAN_SCA_DERIVE_DIRECT | SCAN_SCA_DERIVE_DEV);
done:
	scan_sca__graph_dispose(&g);
	scan_sca__toml_dispose(&t);
	return err;
}

/* ---- Pipfile.lock ------------------------------------------------------ */

/*
 * {
 *   "_meta": { "hash": {...}, "pipfile-spec": 6, "requires": {...}, "sources": [...] },
 *   "default": { "requests": { "hashes": [...], "markers": "...", "version": "==2.31.0" },
 *                "mylib": { "editable": true, "path": "." },
 *                "flask": { "git": "https://github.com/pallets/flask.git", "ref": "<commit>" } },
 *   "develop": { ... }
 * }
 * The lock lists the whole closure flat, without edges, so it cannot say
 * which packages the project names: the Pipfile beside it can ([packages],
 * [dev-packages]); without it, neither DIRECT nor TRANSITIVE is set.
 */

bool scan_sca__is_pipfile_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "Pipfile.lock");
}

/* The names a Pipfile declares. */
typedef struct {
	scan_toml_doc t;
	const scan_toml_node *tables[2];   /* [packages], [dev-packages] */
	bool found;
} pipfile;

static bool pipfile_declares(const pipfile *pf, const char *name, size_t len)
{
	for (int i = 0; i < 2; i++)
		for (const scan_toml_node *e = pf->tables[i] ? pf->tables[i]->child : NULL; e; e = e->next)
			if (scan_sca__pep503_eq(e->key, e->key_len, name, len))
				return true;
	return false;
}

/*
 * The line of "name": in the section, searching on from *from: keys
 * appear in the text in the order cJSON gives them. One miss (an escaped
 * key) stops the search, so a hostile file costs one pass.
 */
static unsigned key_line(const char *text, size_t len, const char *name, size_t *from, unsigned *line_at,
                         size_t *line_off, bool *lost)
{
	size_t n = strlen(name), at = *from;

	if (!n)
		return 0;   /* "" (or "\u0000..."): nothing to search for, and no progress if searched */
	while (!*lost && at < len) {
		const char *hit = memmem(text + at, len - at, name, n), *p;
		if (!hit) {
			*lost = true;
			break;
		}
		at = (size_t)(hit - text) + n;
		if (hit == text || hit[-1] != '"' || at >= len || text[at] != '"')
			continue;
		p = text + at + 1;
		while (p < text + len && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
			p++;
		if (p >= text + len || *p != ':')
			continue;
		/* Count newlines only once over the whole file. */
		for (size_t i = *line_off; i < (size_t)(hit - text); i++)
			*line_at += text[i] == '\n';
		*line_off = (size_t)(hit - text);
		*from = at;
		return *line_at;
	}
	return 0;
}

/* One in "default" and "develop" is not dev: scan_sca__add() merges so. */
static int pipfile_entry(scan_sca_doc *d, const cJSON *e, bool dev, const pipfile *pf, unsigned line)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "version");
	const cJSON *git = cJSON_GetObjectItemCaseSensitive(e, "git");
	const cJSON *ref = cJSON_GetObjectItemCaseSensitive(e, "ref");
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(e, "path");
	const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file");
	const char *name = e->string, *version = NULL;
	size_t name_len = strlen(name), version_len = 0;
	unsigned flags = dev ? SCAN_DEP_DEV : 0;
	int idx;

	if (!cJSON_IsObject(e))
		return scan_sca__fail(d, SCAN_EPARSE, line, "entry '%.100s' is not an object", name);
	if (cJSON_IsString(git)) {
		flags |= SCAN_DEP_GIT;
		if (cJSON_IsString(ref) && ref->valuestring[0]) {
			version = ref->valuestring;
			version_len = strlen(version);
		}
	} else if (cJSON_IsString(path)) {
		flags |= SCAN_DEP_LOCAL;
	} else if (cJSON_IsString(file)) {
		pyreq r;
		bool skip;
		memset(&r, 0, sizeof(r));
		r.name = name;
		r.name_len = name_len;
		classify_url(file->valuestring, strlen(file->valuestring), &r, &skip);
		flags |= r.flags & (SCAN_DEP_URL | SCAN_DEP_LOCAL);
		version = r.version;
		version_len = r.version_len;
	} else if (cJSON_IsString(v)) {
		version = v->valuestring;
		version_len = strlen(version);
		if (version_len > 3 && !memcmp(version, "===", 3))
			version += 3, version_len -= 3;
		else if (version_len > 2 && !memcmp(version, "==", 2))
			version += 2, version_len -= 2;
		else
			version = NULL, version_len = 0;   /* "*": not a lock's version */
	}
	if (!version && !(flags & (SCAN_DEP_LOCAL | SCAN_DEP_URL)))
		flags |= SCAN_DEP_UNPINNED;
	if (pf->found)
		flags |= pipfile_declares(pf, name, name_len) ? SCAN_DEP_DIRECT : SCAN_DEP_TRANSITIVE;
	idx = scan_sca__add(d, SCAN_ECO_PYPI, name, name_len, version, version_len, flags, line);
	return idx < 0 ? idx : 0;
}

int scan_sca__extract_pipfile_lock(scan_sca_doc *d, const char *text, size_t len)
{
	static const char *const sections[] = { "default", "develop" };
	cJSON *root = NULL;
	pipfile pf;
	char *pftext = NULL;
	int err;

	memset(&pf, 0, sizeof(pf));
	if ((err = scan_sca__json_parse(d, text, len, &root)) < 0)
		goto done;
	if (!cJSON_IsObject(root)) {
		err = scan_sca__fail(d, SCAN_EPARSE, 1, "not a Pipfile.lock (the top level is not an object)");
		goto done;
	}
	if ((err = sibling_toml(d, "Pipfile", &pftext, &pf.t, &pf.found)) < 0)
		goto done;
	if (pf.found) {
		pf.tables[0] = scan_sca__toml_get_kind(&pf.t, pf.t.root, "packages", SCAN_TOML_TABLE);
		pf.tables[1] = scan_sca__toml_get_kind(&pf.t, pf.t.root, "dev-packages", SCAN_TOML_TABLE);
	}
	for (int s = 0; s < 2; s++) {
		const cJSON *sec = cJSON_GetObjectItemCaseSensitive(root, sections[s]), *e;
		size_t from = 0, line_off = 0;
		unsigned line_at = 1;
		bool lost = false;

		if (!sec)
			continue;
		if (!cJSON_IsObject(sec)) {
			err = scan_sca__fail(d, SCAN_EPARSE, 0, "'%s' is not an object", sections[s]);
			goto done;
		}
		/* Search from the section's own key on. */
		key_line(text, len, sections[s], &from, &line_at, &line_off, &lost);
		cJSON_ArrayForEach(e, sec) {
			unsigned line = key_line(text, len, e->string, &from, &line_at, &line_off, &lost);
			if ((err = pipfile_entry(d, e, s == 1, &pf, line)) < 0)
				goto done;
		}
	}
done:
	cJSON_Delete(root);
	scan_sca__toml_dispose(&pf.t);
	free(pftext);
	return err;
}
