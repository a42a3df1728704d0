/* lib/lockfile/extract_go.c - go.mod, with go.sum beside it for old modules */
#include <stdlib.h>
#include <string.h>
#include "lockfile/extractors.h"
#include "scan/buf.h"
#include "util/arena.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * go.mod (https://go.dev/ref/mod#go-mod-file) is line-oriented: a verb and
 * its arguments on one line, or a verb and "(" opening a block whose lines
 * each carry the arguments, closed by ")". Tokens are bare words, "quoted"
 * or `raw` strings, "=>" and parentheses; "//" starts a comment, which is
 * how "// indirect" marks a requirement the main module does not import.
 *
 * What becomes a component:
 *  - each require, DIRECT or (with "// indirect") TRANSITIVE. A replace
 *    directive that matches it (same path, and same version when the left
 *    side names one; a versioned replace wins over an unversioned one) puts
 *    the replacement in its place: "=> other/module v1.2.3" reports that
 *    module at that version, since its code is what gets built; "=> ../dir"
 *    reports the required path with no version and SCAN_DEP_LOCAL, since a
 *    directory has no release an advisory could name.
 *  - the standard library, as OSV's Go database names it: "stdlib", at the
 *    version of the toolchain directive when there is one (the go command
 *    uses at least that toolchain), else of the go directive. Both give a
 *    minimum, not the toolchain that builds the binary, so the component
 *    carries SCAN_DEP_UNPINNED besides its version. The version is written
 *    as Go's semver ("go1.21rc2" -> "v1.21.0-rc.2", "1.22" -> "v1.22.0"),
 *    with the "v" like every other Go component; OSV's records drop the "v"
 *    for stdlib and modules alike.
 *  - The main module (the module line) is the project itself, not a
 *    dependency; exclude, retract, godebug, tool and ignore name nothing
 *    that is built (an excluded version is never selected) and unknown
 *    verbs of later Go releases are skipped.
 *
 * go.sum is not an inventory: it holds hashes of every module whose go.mod
 * was read during version selection ("/go.mod" lines) and of stale versions
 * no longer selected, so reading it as one over-reports. Since Go 1.17 a
 * module's go.mod lists every module that provides a package to its build
 * (module graph pruning), so go.sum is not read at all. Before 1.17 go.mod
 * lists only direct requirements; then the modules go.sum holds a content
 * hash for (not only "/go.mod"), at the highest such version per path
 * (minimal version selection picks the highest), are added as TRANSITIVE
 * with line 0 (they are not declared in go.mod) - except paths go.mod
 * requires, replaced paths, and replacements already reported for a
 * require. Reading go.sum needs the file system (root_fd); without it an
 * old module reports what its go.mod names.
 */

#define GOMOD_LINE_MAX 65536   /* bytes of one go.mod or go.sum line */
#define GOMOD_ARGS_MAX 8       /* tokens kept per line; no directive needs more */
#define GOMOD_PRUNED_MINOR 17  /* go 1.17: go.mod lists the whole build */

enum { T_WORD, T_STRING, T_LPAREN, T_RPAREN, T_ARROW };

typedef struct {
	int kind;
	const char *s;
	size_t len;
} gotok;

typedef struct {
	const char *path, *version;
	unsigned line;
	bool indirect;
} gomod_require;

typedef struct {
	const char *old, *oldver;  /* oldver NULL: every version */
	const char *repl, *replver; /* replver NULL: repl is a directory */
	unsigned line;
	size_t order;              /* in the file: of two for one module@version (which go refuses) the last wins */
	bool applied;              /* to a require of go.mod */
} gomod_replace;

typedef struct {
	const char *path, *version;
} gomod_pair;

typedef struct {
	scan_sca_doc *d;
	scan_arena arena;          /* the strings below */
	gomod_require *req;
	size_t nreq, req_cap;
	gomod_replace *rep;
	size_t nrep, rep_cap;
	gomod_pair *excl;
	size_t nexcl, excl_cap;
	const char *go_version, *toolchain; /* as written, NULL when absent */
	unsigned go_line, toolchain_line;
} gomod;

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Grow *items (of size elem) to hold one more; counts stay under SCAN_SCA_COMPONENTS_MAX. */
static int grow(const scan_sca_doc *d, void **items, size_t *cap, size_t count, size_t elem, unsigned line)
{
	if (count < *cap)
		return 0;
	if (count >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, line, "more than %d entries", SCAN_SCA_COMPONENTS_MAX);
	if (scan_array_reserve(items, cap, count + 1, elem))
		return SCAN_ENOMEM;
	return 0;
}

/*
 * Split s[0..n) into tokens; decoded strings are written to scratch (at
 * least n bytes, as decoding only shrinks). *comment is the text after
 * "//", NULL when none. *ntok counts every token, kept or not.
 */
static int lex_line(const gomod *m, const char *s, size_t n, unsigned line, char *scratch,
                    gotok *tok, size_t *ntok, const char **comment, size_t *comment_len)
{
	size_t i = 0, out = 0, k = 0;

	*comment = NULL;
	*comment_len = 0;
	while (i < n) {
		gotok t = { T_WORD, s + i, 0 };
		char c = s[i];

		if (is_space(c)) {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			*comment = s + i + 2;
			*comment_len = n - i - 2;
			break;
		}
		if (c == '/' && i + 1 < n && s[i + 1] == '*')
			return scan_lockfile__fail(m->d, SCAN_EPARSE, line, "go.mod files use // comments, not /* */");
		if (c == '(' || c == ')') {
			t.kind = c == '(' ? T_LPAREN : T_RPAREN;
			t.len = 1;
			i++;
		} else if (c == '=' && i + 1 < n && s[i + 1] == '>') {
			t.kind = T_ARROW;
			t.len = 2;
			i += 2;
		} else if (c == '"' || c == '`') {
			/* "..." takes Go escapes (module paths need none; \x keeps x), `...` none. */
			size_t start = out;
			bool closed = false;

			for (i++; i < n; i++) {
				if (s[i] == c) {
					closed = true;
					i++;
					break;
				}
				if (c == '"' && s[i] == '\\' && i + 1 < n)
					i++;
				scratch[out++] = s[i];
			}
			if (!closed)
				return scan_lockfile__fail(m->d, SCAN_EPARSE, line, "unterminated string");
			t.kind = T_STRING;
			t.s = scratch + start;
			t.len = out - start;
		} else {
			size_t j = i;
			while (j < n && !is_space(s[j]) && s[j] != '(' && s[j] != ')' && s[j] != '"' &&
			       s[j] != '`' && !(s[j] == '/' && j + 1 < n && (s[j + 1] == '/' || s[j + 1] == '*')))
				j++;
			t.len = j - i;
			i = j;
		}
		if (k < GOMOD_ARGS_MAX)
			tok[k] = t;
		k++;
	}
	*ntok = k;
	return 0;
}

static bool tok_is(const gotok *t, const char *word)
{
	return t->kind == T_WORD && t->len == strlen(word) && !memcmp(t->s, word, t->len);
}

static bool is_arg(const gotok *t)
{
	return t->kind == T_WORD || t->kind == T_STRING;
}

static const char *dup_tok(gomod *m, const gotok *t)
{
	char *s = scan_arena__strndup(&m->arena, t->s, t->len);

	if (!s)
		scan_error__oom();
	return s;
}

/* golang.org/x/mod's IsDirectoryPath: a replacement that is a directory, not a module. */
static bool is_dir_path(const char *p)
{
	return !strcmp(p, ".") || !strcmp(p, "..") || !strncmp(p, "./", 2) || !strncmp(p, "../", 3) ||
	       p[0] == '/' || !strncmp(p, ".\\", 2) || !strncmp(p, "..\\", 3) || p[0] == '\\' ||
	       (((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= 'a' && p[0] <= 'z')) && p[1] == ':' &&
	        (p[2] == '\\' || p[2] == '/'));
}

/* "// indirect" or "// indirect; reason", as the go command writes and reads it. */
static bool is_indirect(const char *c, size_t n)
{
	while (n && is_space(*c))
		c++, n--;
	while (n && is_space(c[n - 1]))
		n--;
	return (n == 8 && !memcmp(c, "indirect", 8)) || (n > 8 && !memcmp(c, "indirect;", 9));
}

/* One directive: verb with args (tokens after the verb, or a block line). */
static int directive(gomod *m, const gotok *verb, const gotok *arg, size_t nargs, bool indirect, unsigned line)
{
	scan_sca_doc *d = m->d;
	size_t kept = nargs < GOMOD_ARGS_MAX - 1 ? nargs : GOMOD_ARGS_MAX - 1;
	int err;

	for (size_t i = 0; i < kept; i++)
		if (arg[i].kind == T_LPAREN || arg[i].kind == T_RPAREN)
			return scan_lockfile__fail(d, SCAN_EPARSE, line, "unexpected '%c'", arg[i].kind == T_LPAREN ? '(' : ')');
	if (tok_is(verb, "require") || tok_is(verb, "exclude")) {
		bool req = tok_is(verb, "require");
		if (nargs != 2 || !is_arg(&arg[0]) || !is_arg(&arg[1]) || !arg[0].len || !arg[1].len)
			return scan_lockfile__fail(d, SCAN_EPARSE, line, "malformed %s (expected a module path and a version)",
			                           req ? "require" : "exclude");
		if (req) {
			gomod_require *r;
			if ((err = grow(d, (void **)&m->req, &m->req_cap, m->nreq, sizeof(*m->req), line)) < 0)
				return err;
			r = &m->req[m->nreq];
			if (!(r->path = dup_tok(m, &arg[0])) || !(r->version = dup_tok(m, &arg[1])))
				return SCAN_ENOMEM;
			r->line = line;
			r->indirect = indirect;
			m->nreq++;
		} else {
			gomod_pair *x;
			if ((err = grow(d, (void **)&m->excl, &m->excl_cap, m->nexcl, sizeof(*m->excl), line)) < 0)
				return err;
			x = &m->excl[m->nexcl];
			if (!(x->path = dup_tok(m, &arg[0])) || !(x->version = dup_tok(m, &arg[1])))
				return SCAN_ENOMEM;
			m->nexcl++;
		}
	} else if (tok_is(verb, "replace")) {
		/* old [v] => new [v] */
		size_t arrow = nargs >= 3 && nargs <= 5 ? (arg[1].kind == T_ARROW ? 1 : 2) : 0;
		gomod_replace *r;

		if (!arrow || arg[arrow].kind != T_ARROW || nargs - arrow - 1 < 1 || nargs - arrow - 1 > 2)
			return scan_lockfile__fail(d, SCAN_EPARSE, line, "malformed replace (expected 'module [version] => module [version]')");
		for (size_t i = 0; i < nargs; i++)
			if (i != arrow && (!is_arg(&arg[i]) || !arg[i].len))
				return scan_lockfile__fail(d, SCAN_EPARSE, line, "malformed replace (expected 'module [version] => module [version]')");
		if ((err = grow(d, (void **)&m->rep, &m->rep_cap, m->nrep, sizeof(*m->rep), line)) < 0)
			return err;
		r = &m->rep[m->nrep];
		memset(r, 0, sizeof(*r));
		if (!(r->old = dup_tok(m, &arg[0])) || (arrow == 2 && !(r->oldver = dup_tok(m, &arg[1]))) ||
		    !(r->repl = dup_tok(m, &arg[arrow + 1])) ||
		    (nargs - arrow - 1 == 2 && !(r->replver = dup_tok(m, &arg[arrow + 2]))))
			return SCAN_ENOMEM;
		if (is_dir_path(r->repl) ? r->replver != NULL : r->replver == NULL)
			return scan_lockfile__fail(d, SCAN_EPARSE, line, r->replver
			                           ? "a directory replacement takes no version"
			                           : "a module replacement needs a version (or a directory path starting with ./ or ../)");
		r->line = line;
		r->order = m->nrep++;
	} else if (tok_is(verb, "go") || tok_is(verb, "toolchain")) {
		bool go = tok_is(verb, "go");
		if (nargs != 1 || !is_arg(&arg[0]) || !arg[0].len)
			return scan_lockfile__fail(d, SCAN_EPARSE, line, "malformed %s directive", go ? "go" : "toolchain");
		/* The go command refuses a repeated one; the first is as good a reading as any. */
		if (go && !m->go_version) {
			if (!(m->go_version = dup_tok(m, &arg[0])))
				return SCAN_ENOMEM;
			m->go_line = line;
		} else if (!go && !m->toolchain) {
			if (!(m->toolchain = dup_tok(m, &arg[0])))
				return SCAN_ENOMEM;
			m->toolchain_line = line;
		}
	}
	/* module, retract, godebug, tool, ignore and verbs of later releases: nothing to report. */
	return 0;
}

static int parse_gomod(gomod *m, const char *text, size_t len)
{
	char *scratch = malloc(GOMOD_LINE_MAX + 1);
	gotok tok[GOMOD_ARGS_MAX], block_verb = { T_WORD, NULL, 0 };
	unsigned line = 0, block_line = 0;
	size_t pos = 0;
	int err = 0;

	if (!scratch)
		return scan_error__oom();
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos), *comment;
		size_t n = nl ? (size_t)(nl - s) : len - pos, ntok = 0, clen = 0;

		pos += n + (nl != NULL);
		line++;
		if (n > GOMOD_LINE_MAX) {
			err = scan_lockfile__fail(m->d, SCAN_ELIMIT, line, "line longer than %d bytes", GOMOD_LINE_MAX);
			goto done;
		}
		if (memchr(s, '\0', n)) {
			err = scan_lockfile__fail(m->d, SCAN_EPARSE, line, "NUL byte in go.mod");
			goto done;
		}
		if ((err = lex_line(m, s, n, line, scratch, tok, &ntok, &comment, &clen)) < 0)
			goto done;
		if (!ntok)
			continue;
		if (block_verb.s) {
			if (tok[0].kind == T_RPAREN) {
				if (ntok != 1) {
					err = scan_lockfile__fail(m->d, SCAN_EPARSE, line, "unexpected text after ')'");
					goto done;
				}
				block_verb.s = NULL;
				continue;
			}
			if ((err = directive(m, &block_verb, tok, ntok, comment && is_indirect(comment, clen), line)) < 0)
				goto done;
			continue;
		}
		if (tok[0].kind != T_WORD) {
			err = scan_lockfile__fail(m->d, SCAN_EPARSE, line, "expected a directive");
			goto done;
		}
		if (ntok >= 2 && tok[1].kind == T_LPAREN) {
			if (ntok == 3 && tok[2].kind == T_RPAREN)
				continue;   /* "require ()" */
			if (ntok != 2) {
				err = scan_lockfile__fail(m->d, SCAN_EPARSE, line, "unexpected text after '('");
				goto done;
			}
			block_verb = tok[0];   /* a word: points into text, which outlives the block */
			block_line = line;
			continue;
		}
		if ((err = directive(m, &tok[0], tok + 1, ntok - 1, comment && is_indirect(comment, clen), line)) < 0)
			goto done;
	}
	if (block_verb.s)
		err = scan_lockfile__fail(m->d, SCAN_EPARSE, block_line, "block opened with '(' is not closed");
done:
	free(scratch);
	return err;
}

/* --- versions ------------------------------------------------------------ */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits at *p (at most 9, no leading zero unless "0"), advancing; -1 when none. */
static long take_num(const char **p)
{
	const char *s = *p;
	long v = 0;
	size_t n = 0;

	while (is_digit(s[n]) && n < 9)
		v = v * 10 + (s[n++] - '0');
	if (!n || is_digit(s[n]) || (n > 1 && s[0] == '0'))
		return -1;
	*p = s + n;
	return v;
}

/*
 * A Go release as the go and toolchain directives write it ("1.21",
 * "1.21.3", "1.21rc2", "1.19beta1"; the toolchain prefixes "go" and may
 * suffix "-custom" or "+auto") to semver, as golang.org/x/vuln does:
 * "v1.21.0", "v1.21.3", "v1.21.0-rc.2". False when it is not one.
 */
static bool go_release_semver(const char *v, bool toolchain, scan_buf *out)
{
	long major, minor = 0, patch = 0, pre = -1;
	const char *kind = NULL;

	if (toolchain) {
		if (strncmp(v, "go", 2))
			return false;
		v += 2;
	}
	if ((major = take_num(&v)) < 0)
		return false;
	if (*v == '.') {
		v++;
		if ((minor = take_num(&v)) < 0)
			return false;
		if (*v == '.') {
			v++;
			if ((patch = take_num(&v)) < 0)
				return false;
		}
	}
	if (!strncmp(v, "rc", 2) || !strncmp(v, "beta", 4) || !strncmp(v, "alpha", 5)) {
		kind = v[0] == 'r' ? "rc" : v[0] == 'b' ? "beta" : "alpha";
		v += strlen(kind);
		if ((pre = take_num(&v)) < 0)
			return false;
	}
	if (*v && !(toolchain && (*v == '-' || *v == '+')))
		return false;
	scan_buf_printf(out, "v%ld.%ld.%ld", major, minor, patch);
	if (kind)
		scan_buf_printf(out, "-%s.%ld", kind, pre);
	return !scan_buf_failed(out);
}

/* A numeric or alphanumeric identifier of semver: numbers by value (length first, no leading zeros). */
static int cmp_ident(const char *a, size_t an, const char *b, size_t bn)
{
	bool anum = an > 0, bnum = bn > 0;
	int c;

	for (size_t i = 0; i < an; i++)
		anum &= is_digit(a[i]);
	for (size_t i = 0; i < bn; i++)
		bnum &= is_digit(b[i]);
	if (anum != bnum)
		return anum ? -1 : 1;
	if (anum && an != bn)
		return an < bn ? -1 : 1;
	c = memcmp(a, b, an < bn ? an : bn);
	if (c)
		return c;
	return an < bn ? -1 : an > bn;
}

/*
 * Split a Go module version "vX.Y.Z[-pre][+build]" into its three numbers
 * and its prerelease; false when it is not semver (go.sum never holds one).
 */
static bool split_semver(const char *v, const char **num, size_t *numlen, const char **pre, size_t *prelen)
{
	const char *p = v + 1;
	int dots = 0;

	if (v[0] != 'v')
		return false;
	*num = p;
	for (;;) {
		size_t n = 0;
		while (is_digit(p[n]))
			n++;
		if (!n || (n > 1 && p[0] == '0'))
			return false;
		p += n;
		if (*p != '.' || dots == 2)
			break;
		dots++;
		p++;
	}
	if (dots != 2)
		return false;
	*numlen = (size_t)(p - *num);
	*pre = NULL;
	*prelen = 0;
	if (*p == '-') {
		*pre = ++p;
		while (*p && *p != '+')
			p++;
		*prelen = (size_t)(p - *pre);
		if (!*prelen)
			return false;
	}
	return *p == '\0' || *p == '+';
}

/* Semver precedence of two valid Go module versions (build metadata, "+incompatible", ignored). */
static int semver_cmp(const char *a, const char *b)
{
	const char *an, *ap, *bn, *bp;
	size_t anl, apl, bnl, bpl;
	int c;

	if (!split_semver(a, &an, &anl, &ap, &apl) || !split_semver(b, &bn, &bnl, &bp, &bpl))
		return strcmp(a, b);
	for (int i = 0; i < 3; i++) {
		size_t x = strspn(an, "0123456789"), y = strspn(bn, "0123456789");
		if ((c = cmp_ident(an, x, bn, y)))
			return c;
		an += x + 1;
		bn += y + 1;
	}
	if (!ap || !bp)
		return ap ? -1 : bp ? 1 : 0;
	while (apl && bpl) {
		const char *ad = memchr(ap, '.', apl), *bd = memchr(bp, '.', bpl);
		size_t x = ad ? (size_t)(ad - ap) : apl, y = bd ? (size_t)(bd - bp) : bpl;
		if ((c = cmp_ident(ap, x, bp, y)))
			return c;
		ap += x, apl -= x;
		bp += y, bpl -= y;
		if (apl && bpl)
			ap++, apl--, bp++, bpl--;
	}
	return apl ? 1 : bpl ? -1 : 0;
}

/* --- go.sum --------------------------------------------------------------- */

typedef struct {
	const char *path, *version;
} sum_entry;

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Path ascending, then version descending: the first of each path is the one MVS selects. */
static int cmp_sum(const void *a, const void *b)
{
	const sum_entry *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : semver_cmp(y->version, x->version);
}

static int cmp_pair(const void *a, const void *b)
{
	const gomod_pair *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->version, y->version);
}

/* m->excl is sorted by cmp_pair. */
static bool excluded(const gomod *m, const char *path, const char *version)
{
	gomod_pair key = { path, version };

	return m->nexcl && bsearch(&key, m->excl, m->nexcl, sizeof(*m->excl), cmp_pair);
}

/* Whether the go directive predates module graph pruning (or is missing). */
static bool before_pruning(const gomod *m)
{
	const char *v = m->go_version;
	long major, minor = 0;

	if (!v)
		return true;
	if ((major = take_num(&v)) < 0)
		return false;
	if (*v == '.') {
		v++;
		if ((minor = take_num(&v)) < 0)
			return false;
	}
	return major == 1 && minor < GOMOD_PRUNED_MINOR;
}

static int read_gosum(gomod *m)
{
	scan_sca_doc *d = m->d;
	scan_buf label = SCAN_BUF_INIT;
	const char *slash = strrchr(d->file, '/');
	const char **known = NULL;
	sum_entry *sum = NULL;
	size_t nknown = 0, nsum = 0, sum_cap = 0, pos = 0, len = 0;
	unsigned line = 0;
	char *text = NULL;
	int err;

	err = scan_lockfile__read_sibling(d, "go.sum", &text, &len);
	if (err == SCAN_ENOTFOUND) {
		err = 0;    /* no go.sum: go.mod alone */
		goto done;
	}
	if (err < 0)
		goto done;
	if (slash)
		scan_buf_put(&label, d->file, (size_t)(slash - d->file) + 1);
	scan_buf_puts(&label, "go.sum");
	if (scan_buf_failed(&label)) {
		err = scan_error__oom();
		goto done;
	}
	/*
	 * go.mod's word is final for the paths it requires, the replacements it
	 * reported for them, and every replaced path. A replacement of a module
	 * go.mod does not require is built in its place: go.sum's hash of it
	 * counts like any other.
	 */
	if (!(known = malloc((m->nreq + 2 * m->nrep + 1) * sizeof(*known)))) {
		err = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < m->nreq; i++)
		known[nknown++] = m->req[i].path;
	for (size_t i = 0; i < m->nrep; i++) {
		known[nknown++] = m->rep[i].old;
		if (m->rep[i].replver && m->rep[i].applied)
			known[nknown++] = m->rep[i].repl;
	}
	if (nknown)
		qsort(known, nknown, sizeof(*known), cmp_str_ptr);
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos), *f[4];
		size_t n = nl ? (size_t)(nl - s) : len - pos, fl[4], nf = 0, i = 0;

		pos += n + (nl != NULL);
		line++;
		if (n && s[n - 1] == '\r')
			n--;
		if (n > GOMOD_LINE_MAX) {
			err = scan_util__error(SCAN_ELIMIT, "%s:%u: line longer than %d bytes", label.ptr, line, GOMOD_LINE_MAX);
			goto done;
		}
		while (i < n && nf < 4) {
			size_t j;
			while (i < n && is_space(s[i]))
				i++;
			if (i == n)
				break;
			for (j = i; j < n && !is_space(s[j]); j++)
				;
			f[nf] = s + i;
			fl[nf++] = j - i;
			i = j;
		}
		if (!nf)
			continue;
		if (nf != 3 || memchr(s, '\0', n)) {
			err = scan_util__error(SCAN_EPARSE, "%s:%u: malformed line (expected 'module version hash')",
			                       label.ptr, line);
			goto done;
		}
		/* "/go.mod" hashes are of modules whose go.mod was only read, not built. */
		if (fl[1] >= 7 && !memcmp(f[1] + fl[1] - 7, "/go.mod", 7))
			continue;
		if ((err = grow(d, (void **)&sum, &sum_cap, nsum, sizeof(*sum), 0)) < 0)
			goto done;
		if (!(sum[nsum].path = scan_arena__strndup(&m->arena, f[0], fl[0])) ||
		    !(sum[nsum].version = scan_arena__strndup(&m->arena, f[1], fl[1]))) {
			err = scan_error__oom();
			goto done;
		}
		{
			const char *num, *pre;
			size_t numlen, prelen;
			/* Not a module version: nothing MVS could select. */
			if (!split_semver(sum[nsum].version, &num, &numlen, &pre, &prelen))
				continue;
		}
		if (bsearch(&sum[nsum].path, known, nknown, sizeof(*known), cmp_str_ptr) ||
		    excluded(m, sum[nsum].path, sum[nsum].version))
			continue;
		nsum++;
	}
	if (nsum)
		qsort(sum, nsum, sizeof(*sum), cmp_sum);
	for (size_t i = 0; i < nsum; i++) {
		int idx;
		if (i && !strcmp(sum[i].path, sum[i - 1].path))
			continue;
		idx = scan_lockfile__add(d, SCAN_ECO_GO, sum[i].path, strlen(sum[i].path), sum[i].version,
		                         strlen(sum[i].version), SCAN_DEP_TRANSITIVE, 0);
		if (idx < 0) {
			err = idx;
			goto done;
		}
	}
	err = 0;
done:
	free(text);
	free(known);
	free(sum);
	scan_buf_dispose(&label);
	return err;
}

/* --- components ----------------------------------------------------------- */

static int cmp_replace(const void *a, const void *b)
{
	const gomod_replace *x = a, *y = b;
	int c = strcmp(x->old, y->old);

	return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

/* The replace directive that applies to path@version, or NULL. */
static gomod_replace *find_replace(gomod *m, const char *path, const char *version)
{
	gomod_replace *any = NULL, *exact = NULL;
	size_t lo = 0, hi = m->nrep;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(m->rep[mid].old, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m->nrep && !strcmp(m->rep[lo].old, path); lo++) {
		if (!m->rep[lo].oldver)
			any = &m->rep[lo];
		else if (!strcmp(m->rep[lo].oldver, version))
			exact = &m->rep[lo];
	}
	return exact ? exact : any;
}

static int add_stdlib(gomod *m)
{
	scan_buf v = SCAN_BUF_INIT;
	const char *from = m->go_version;
	unsigned line = m->go_line;
	bool toolchain = false;
	int idx;

	/* "toolchain default" names no version; then the go line is all there is. */
	if (m->toolchain && strcmp(m->toolchain, "default")) {
		from = m->toolchain;
		line = m->toolchain_line;
		toolchain = true;
	}
	if (!from)
		return 0;
	scan_buf_init(&v, SCAN_SCA_VERSION_MAX);
	if (!go_release_semver(from, toolchain, &v)) {
		bool oom = scan_buf_failed(&v) == SCAN_ENOMEM;
		scan_buf_dispose(&v);
		if (oom)
			return scan_error__oom();
		return scan_lockfile__fail(m->d, SCAN_EPARSE, line, "invalid %s version '%.100s'",
		                           toolchain ? "toolchain" : "go", from);
	}
	idx = scan_lockfile__add(m->d, SCAN_ECO_GO, "stdlib", 6, v.ptr, v.size,
	                         SCAN_DEP_DIRECT | SCAN_DEP_UNPINNED, line);
	scan_buf_dispose(&v);
	return idx < 0 ? idx : 0;
}

bool scan_lockfile__is_go_mod(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "go.mod");
}

int scan_lockfile__extract_go_mod(scan_sca_doc *d, const char *text, size_t len)
{
	gomod m;
	int err;

	memset(&m, 0, sizeof(m));
	m.d = d;
	if (len > SCAN_SCA_FILE_MAX) {
		err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
		goto done;
	}
	if ((err = parse_gomod(&m, text, len)) < 0)
		goto done;
	if (m.nrep)
		qsort(m.rep, m.nrep, sizeof(*m.rep), cmp_replace);
	if (m.nexcl)
		qsort(m.excl, m.nexcl, sizeof(*m.excl), cmp_pair);
	for (size_t i = 0; i < m.nreq; i++) {
		const gomod_require *r = &m.req[i];
		gomod_replace *rp = find_replace(&m, r->path, r->version);
		unsigned flags = r->indirect ? SCAN_DEP_TRANSITIVE : SCAN_DEP_DIRECT;
		const char *name = r->path, *version = r->version;
		int idx;

		if (rp)
			rp->applied = true;
		if (rp && !rp->replver) {
			version = NULL;
			flags |= SCAN_DEP_LOCAL;
		} else if (rp) {
			name = rp->repl;
			version = rp->replver;
		}
		idx = scan_lockfile__add(d, SCAN_ECO_GO, name, strlen(name), version, version ? strlen(version) : 0,
		                         flags, r->line);
		if (idx < 0) {
			err = idx;
			goto done;
		}
	}
	if ((err = add_stdlib(&m)) < 0)
		goto done;
	if (before_pruning(&m) && (err = read_gosum(&m)) < 0)
		goto done;
	err = 0;
done:
	free(m.req);
	free(m.rep);
	free(m.excl);
	scan_arena__dispose(&m.arena);
	return err;
}
