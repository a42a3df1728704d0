/* lib/lockfile/extract_python.c - pip's requirements*.txt, with the files it includes */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/extractors.h"
#include "lockfile/pep508.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

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

bool scan_lockfile__is_requirements(const char *path, const char *base)
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
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, line, "more than %d requirements", SCAN_SCA_COMPONENTS_MAX);
	if (!(it = scan_array_push(v, n, cap, sizeof(**v))))
		return SCAN_ENOMEM;
	it->flags = r->flags;
	it->line = line;
	it->name_len = r->name_len;
	if (!(it->name = scan_arena__strndup(&c->arena, r->name, r->name_len)))
		return scan_error__oom();
	if (r->version) {
		it->version_len = r->version_len;
		if (!(it->version = scan_arena__strndup(&c->arena, r->version, r->version_len)))
			return scan_error__oom();
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
	return err == SCAN_ENOMEM ? scan_error__oom() : err;
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
	if (scan_array_reserve(&c->seen, &c->seen_cap, c->nseen + 1, sizeof(*c->seen))) {
		err = SCAN_ENOMEM;
		goto done;
	}
	if (!(copy = scan_arena__strndup(&c->arena, key.ptr, key.size))) {
		err = scan_error__oom();
		goto done;
	}
	c->seen[c->nseen++] = copy;
	if (!(copy = scan_arena__strndup(&c->arena, path.ptr, path.size))) {
		err = scan_error__oom();
		goto done;
	}
	err = scan_lockfile__read_sibling(c->d, copy, &text, &len);
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
			if (len >= ln && !memcmp(s, opts[i].lng, ln) && (len == ln || s[ln] == '=' || scan_lockfile__py_is_ws(s[ln]))) {
				v = s + ln + (len > ln);
				kind = opts[i].kind;
			} else if (len >= 2 && !memcmp(s, opts[i].shrt, 2)) {
				v = s + 2;
				kind = opts[i].kind;
			}
		}
		if (!kind)
			return 0;   /* --index-url, -i, --extra-index-url, --hash, ...: not requirements */
		v = scan_lockfile__py_skip_ws(v, end);
		if (kind == 'e') {
			size_t n = 0;
			if (constraint)
				return 0;
			while (v + n < end && !scan_lockfile__py_is_ws(v[n]))
				n++;
			/* "./pkg[extra]" */
			if (n && v[n - 1] == ']' && memchr(v, '[', n) && !memmem(v, n, "://", 3))
				n = (size_t)((const char *)memchr(v, '[', n) - v);
			if (!n)
				return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "-e without a path or URL");
			memset(&r, 0, sizeof(r));
			scan_lockfile__py_classify_url(v, n, &r, &skip);
			return skip ? 0 : rq_push(c, false, &r, line);
		}
		return rq_include(c, rel, v, (size_t)(end - v), constraint || kind == 'c', line);
	}
	/* Per-requirement options (--hash, --config-settings) start at the first word beginning with '-'. */
	for (p = s + 1; p < end; p++)
		if (*p == '-' && scan_lockfile__py_is_ws(p[-1])) {
			len = scan_lockfile__py_trim_len(s, (size_t)(p - s));
			end = s + len;
			break;
		}
	/* A URL or a path: pip tells them from names by "://", "file:" or a path separator or dot at the start. */
	for (p = s; p < end && !scan_lockfile__py_is_ws(*p) && *p != ';' && *p != '[' && *p != '=' && *p != '<' && *p != '>' &&
	            *p != '!' && *p != '~' && *p != '@';)
		p++;
	if (memmem(s, (size_t)(p - s), "://", 3) || scan_lockfile__py_has_prefix(s, len, "file:") || *s == '.' || *s == '/' ||
	    *s == '~' || memchr(s, '/', (size_t)(p - s)) || memchr(s, '\\', (size_t)(p - s))) {
		size_t n = 0;
		while (n < len && !scan_lockfile__py_is_ws(s[n]) && s[n] != ';')
			n++;
		if (n && s[n - 1] == ']' && memchr(s, '[', n) && !memmem(s, n, "://", 3))
			n = (size_t)((const char *)memchr(s, '[', n) - s);
		memset(&r, 0, sizeof(r));
		scan_lockfile__py_classify_url(s, n, &r, &skip);
		return skip ? 0 : rq_push(c, constraint, &r, line);
	}
	if ((why = scan_pep508__parse(s, len, &r)) != NULL) {
		char shown[64];
		size_t n = len < 60 ? len : 60;
		for (size_t i = 0; i < n; i++)
			shown[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
		shown[n] = '\0';
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "%s: '%s'", why, shown);
	}
	return rq_push(c, constraint, &r, line);
}

/* A physical line that is only a comment ends a continuation, as in pip. */
static bool comment_line(const char *s, size_t len)
{
	const char *p = scan_lockfile__py_skip_ws(s, s + len);

	return p < s + len && *p == '#';
}

/* Cut a comment: '#' at the start or after whitespace. */
static size_t strip_comment(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] == '#' && (i == 0 || scan_lockfile__py_is_ws(s[i - 1])))
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
			err = err == SCAN_ENOMEM ? scan_error__oom()
			                         : scan_lockfile__fail(c->d, SCAN_ELIMIT, start, "line too long");
			break;
		}
		m = scan_lockfile__py_trim_len(logical.ptr, strip_comment(logical.ptr, logical.size));
		s = scan_lockfile__py_skip_ws(logical.ptr, logical.ptr + m);
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

int scan_lockfile__extract_requirements(scan_sca_doc *d, const char *text, size_t len)
{
	rq_ctx c;
	const char *base = strrchr(d->file, '/');
	int err;

	memset(&c, 0, sizeof(c));
	c.d = d;
	base = base ? base + 1 : d->file;
	if (!(c.seen = malloc(8 * sizeof(*c.seen)))) {
		err = scan_error__oom();
		goto done;
	}
	c.seen_cap = 8;
	{
		scan_buf key = SCAN_BUF_INIT;
		scan_buf_init(&key, 8192);
		err = join_norm("", d->file, strlen(d->file), &key);
		if (err == SCAN_ELIMIT)
			err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "path too long");
		if (!err && !(c.seen[c.nseen++] = scan_arena__strndup(&c.arena, key.ptr, key.size)))
			err = scan_error__oom();
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
		int idx = scan_lockfile__add(d, SCAN_ECO_PYPI, it->name, it->name_len, it->version, it->version_len,
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
	scan_arena__dispose(&c.arena);
	return err;
}
