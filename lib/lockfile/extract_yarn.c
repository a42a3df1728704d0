/* lib/lockfile/extract_yarn.c - yarn.lock, classic (v1) and berry (v2 and later) */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "lockfile/js_common.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/number.h"
#include "util/yamltree.h"
#include "util/slice.h"
#include "util/quote.h"

/*
 * Both lockfiles map descriptors to the package they resolved to:
 *
 *   classic, a format of its own (not YAML):       berry, YAML:
 *
 *   "ms@^2.0.0", ms@^2.1.1:                        "ms@npm:^2.0.0, ms@npm:^2.1.1":
 *     version "2.1.3"                                version: 2.1.3
 *     resolved "https://.../ms-2.1.3.tgz#sha1"       resolution: "ms@npm:2.1.3"
 *     dependencies:                                  dependencies:
 *       debug "^4"                                     debug: "npm:^4"
 *
 * An entry's dependency name@range is the descriptor some entry's header
 * lists, which is how edges resolve. The package's own name is the
 * descriptor's (classic; "alias@npm:real@^1" names real) or the
 * resolution's (berry, where "patch:" wraps the package it patches).
 *
 * Berry lists the workspaces as entries ("app@workspace:.", the project
 * itself, is not a component; the others are, LOCAL), so what they depend
 * on is direct. Classic does not: the project's package.json (and those
 * of workspaces given by plain paths) says what is direct; without it the
 * flags stay unset. Neither records dev dependencies: they are those only
 * reachable from devDependencies of the package.json files, when all of
 * them could be read.
 */

#define YARN_LINE_MAX 65536         /* bytes of one classic line */
#define YARN_PATCH_NESTING 4        /* patch:patch:... */
typedef struct {
	scan_slice name, version, resolved, range;
	size_t dep_first, ndeps;
	unsigned line;
	int node;
	bool workspace;            /* berry "name@workspace:path" */
	scan_slice ws_path;
} yent;

typedef struct {
	scan_slice name, range;
	unsigned kind;
	int edge;                  /* the graph edge it resolved to, -1 */
} ydep;

typedef struct {
	scan_slice s;
	int ent;
} ydesc;

typedef struct {
	scan_sca_doc *d;
	yent *ents;
	size_t nents, ents_cap;
	ydep *deps;
	size_t ndeps, deps_cap;
	ydesc *descs;
	size_t ndescs, descs_cap;
	scan_lockfile__js_map desc_map;   /* descriptor -> 2 * descs index (+1: "::" parameters cut off) */
	scan_lockfile__js_graph g;
	scan_buf scratch;
} yarn_ctx;

bool scan_lockfile__is_yarn_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "yarn.lock");
}

static bool ystr_eq(scan_slice a, const char *s, size_t len)
{
	return a.len == len && !memcmp(a.s, s, len);
}

static int ent_new(yarn_ctx *c, unsigned line)
{
	yent *e;

	if (c->nents >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, line, "more than %d entries", SCAN_SCA_COMPONENTS_MAX);
	if (!(e = scan_array_push(&c->ents, &c->nents, &c->ents_cap, sizeof(*c->ents))))
		return SCAN_ENOMEM;
	e->line = line;
	e->node = -1;
	e->dep_first = c->ndeps;
	return (int)c->nents - 1;
}

static int dep_add(yarn_ctx *c, scan_slice name, scan_slice range, unsigned kind, unsigned line)
{
	if (c->ndeps >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, line, "more than %d dependencies", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&c->deps, &c->deps_cap, c->ndeps + 1, sizeof(*c->deps)))
		return SCAN_ENOMEM;
	c->deps[c->ndeps].name = name;
	c->deps[c->ndeps].range = range;
	c->deps[c->ndeps].kind = kind;
	c->deps[c->ndeps].edge = -1;
	c->ndeps++;
	c->ents[c->nents - 1].ndeps++;
	return 0;
}

static int desc_add(yarn_ctx *c, scan_slice s, int ent, unsigned line)
{
	char show[SCAN_QUOTE_LEN];
	size_t name_len;
	int err;

	if (!s.len || !scan_lockfile__js_split_at(s.s, s.len, &name_len) || !name_len)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "'%s' is not a name@range descriptor",
		                           scan_util__quote(show, s.s, s.len));
	if (c->ndescs >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, line, "more than %d descriptors", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&c->descs, &c->descs_cap, c->ndescs + 1, sizeof(*c->descs)))
		return SCAN_ENOMEM;
	/* one descriptor naming two entries would let each tool pick another package */
	{
		size_t cur = 0;
		int v;
		while ((v = scan_lockfile__js_map_next(&c->desc_map, scan_lockfile__js_hash(s.s, s.len), &cur)) >= 0)
			if (!(v & 1) && c->descs[v / 2].s.len == s.len && !memcmp(c->descs[v / 2].s.s, s.s, s.len))
				return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "descriptor '%s' listed twice",
				                           scan_util__quote(show, s.s, s.len));
	}
	c->descs[c->ndescs].s = s;
	c->descs[c->ndescs].ent = ent;
	if ((err = scan_lockfile__js_map_add(&c->desc_map, scan_lockfile__js_hash(s.s, s.len), (int)c->ndescs * 2)) < 0)
		return err;
	c->ndescs++;
	return 0;
}

/* The entry descriptor s names; with loose, also one that has "::" parameters after it. */
static int desc_find(const yarn_ctx *c, const char *s, size_t len, bool loose)
{
	size_t cur = 0;
	int v;

	while ((v = scan_lockfile__js_map_next(&c->desc_map, scan_lockfile__js_hash(s, len), &cur)) >= 0) {
		const ydesc *x = &c->descs[v / 2];
		if (v & 1) {
			if (loose && x->s.len > len && !memcmp(x->s.s, s, len) && !memcmp(x->s.s + len, "::", 2))
				return x->ent;
		} else if (x->s.len == len && !memcmp(x->s.s, s, len)) {
			return x->ent;
		}
	}
	return -1;
}

/*
 * "patch:<url-encoded descriptor of the original>#<patch>": the original's
 * descriptor, decoded into out; its length, 0 when r is no patch.
 */
static size_t patch_inner(const char *r, size_t len, char *out, size_t cap)
{
	size_t n = 0;

	if (!scan_lockfile__js_prefix(r, len, "patch:"))
		return 0;
	for (size_t i = 6; i < len && r[i] != '#' && n < cap; i++) {
		int hi = r[i] == '%' && i + 2 < len ? scan_number__hex_digit(r[i + 1]) : -1;
		int lo = hi >= 0 ? scan_number__hex_digit(r[i + 2]) : -1;
		if (lo < 0) {
			out[n++] = r[i];
			continue;
		}
		out[n++] = (char)(hi * 16 + lo);
		i += 2;
	}
	return n;
}

/* Where a descriptor's range (or a locator's reference) says the package comes from. */
static unsigned source_flags(const char *r, size_t len, int nesting)
{
	char inner[512];
	size_t n, name_len;

	if (scan_lockfile__js_prefix(r, len, "npm:"))
		return 0;
	if ((n = patch_inner(r, len, inner, sizeof(inner)))) {
		/* a patched package comes from where the original does */
		if (nesting >= YARN_PATCH_NESTING || !scan_lockfile__js_split_at(inner, n, &name_len))
			return 0;
		return source_flags(inner + name_len + 1, n - name_len - 1, nesting + 1);
	}
	if (scan_lockfile__js_prefix(r, len, "workspace:") || scan_lockfile__js_prefix(r, len, "file:") ||
	    scan_lockfile__js_prefix(r, len, "link:") || scan_lockfile__js_prefix(r, len, "portal:") ||
	    scan_lockfile__js_prefix(r, len, "exec:") || scan_lockfile__js_prefix(r, len, "./") ||
	    scan_lockfile__js_prefix(r, len, "../") || scan_lockfile__js_prefix(r, len, "/") || scan_lockfile__js_prefix(r, len, "~/"))
		return SCAN_DEP_LOCAL;
	if (scan_lockfile__js_prefix(r, len, "git+") || scan_lockfile__js_prefix(r, len, "git:") ||
	    scan_lockfile__js_prefix(r, len, "git@") || scan_lockfile__js_prefix(r, len, "ssh:") ||
	    scan_lockfile__js_prefix(r, len, "github:") || scan_lockfile__js_prefix(r, len, "gitlab:") ||
	    scan_lockfile__js_prefix(r, len, "bitbucket:"))
		return SCAN_DEP_GIT;
	for (size_t i = 0; i + 4 <= len; i++)
		if (!memcmp(r + i, ".git", 4) && (i + 4 == len || r[i + 4] == '#'))
			return SCAN_DEP_GIT;
	for (size_t i = 0; i + 8 <= len; i++)
		if (!memcmp(r + i, "#commit=", 8) || !memcmp(r + i, "codeload", 8))
			return SCAN_DEP_GIT;
	if (scan_lockfile__js_prefix(r, len, "http:") || scan_lockfile__js_prefix(r, len, "https:"))
		return SCAN_DEP_URL;
	/* "user/repo" is GitHub's shorthand; a semver range never has a slash or a colon */
	if (memchr(r, '/', len) && !memchr(r, ':', len))
		return SCAN_DEP_GIT;
	return 0;
}

/* ---- classic ---- */

/* A quoted classic string at s (JSON escapes), into *out; the bytes consumed, 0 on error. */
static size_t v1_quoted(yarn_ctx *c, const char *s, size_t len, scan_slice *out)
{
	size_t i = 1;
	bool esc = false;
	scan_buf b = SCAN_BUF_INIT;

	while (i < len && s[i] != '"') {
		if (s[i] == '\\') {
			if (i + 1 >= len)
				return 0;
			esc = true;
			i++;
		}
		i++;
	}
	if (i >= len)
		return 0;
	if (!esc) {
		out->s = s + 1;
		out->len = i - 1;
		return i + 1;
	}
	scan_buf_init(&b, YARN_LINE_MAX);
	for (size_t k = 1; k < i; k++) {
		char ch = s[k];
		if (ch == '\\') {
			ch = s[++k];
			if (ch == 'n')
				ch = '\n';
			else if (ch == 't')
				ch = '\t';
			else if (ch == 'u' && k + 4 < i) {
				unsigned v = 0;
				for (int j = 1; j <= 4; j++) {
					int h = scan_number__hex_digit(s[k + j]);
					v = v * 16 + (unsigned)(h < 0 ? 0 : h);
				}
				k += 4;
				/* UTF-8 of a BMP code point (surrogates pass as they are: the name check refuses junk) */
				if (v < 0x80) {
					scan_buf_putc(&b, (char)v);
				} else if (v < 0x800) {
					scan_buf_putc(&b, (char)(0xC0 | (v >> 6)));
					scan_buf_putc(&b, (char)(0x80 | (v & 0x3F)));
				} else {
					scan_buf_putc(&b, (char)(0xE0 | (v >> 12)));
					scan_buf_putc(&b, (char)(0x80 | ((v >> 6) & 0x3F)));
					scan_buf_putc(&b, (char)(0x80 | (v & 0x3F)));
				}
				continue;
			}
		}
		scan_buf_putc(&b, ch);
	}
	if (scan_buf_failed(&b) || !(out->s = scan_arena__strndup(&c->g.arena, b.ptr, b.size))) {
		scan_buf_dispose(&b);
		return 0;
	}
	out->len = b.size;
	scan_buf_dispose(&b);
	return i + 1;
}

/* One token: quoted, or bare up to a space, a comma or (when stop_colon) a colon. */
static size_t v1_token(yarn_ctx *c, const char *s, size_t len, bool stop_colon, scan_slice *out)
{
	size_t i = 0;

	if (len && s[0] == '"')
		return v1_quoted(c, s, len, out);
	while (i < len && s[i] != ' ' && s[i] != ',' && !(stop_colon && s[i] == ':'))
		i++;
	out->s = s;
	out->len = i;
	return i;
}

/* "a@1", "b@2", c@3:  - the descriptors of a header line (the colon is already cut). */
static int v1_header(yarn_ctx *c, const char *s, size_t len, unsigned line)
{
	size_t i = 0;
	int ent = ent_new(c, line), err;
	yent *e;

	if (ent < 0)
		return ent;
	while (i < len) {
		scan_slice d;
		size_t n;
		while (i < len && s[i] == ' ')
			i++;
		if (!(n = v1_token(c, s + i, len - i, false, &d)))
			return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "malformed entry header");
		if ((err = desc_add(c, d, ent, line)) < 0)
			return err;
		i += n;
		while (i < len && s[i] == ' ')
			i++;
		if (i < len && s[i++] != ',')
			return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "malformed entry header");
	}
	if (c->ndescs == 0 || c->descs[c->ndescs - 1].ent != ent)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "entry header without a descriptor");
	/* the package: the descriptor's name, or what an npm: alias points at */
	e = &c->ents[ent];
	{
		scan_slice d = c->descs[c->ndescs - 1].s;
		size_t nl;
		for (size_t k = c->ndescs; k > 0 && c->descs[k - 1].ent == ent; k--)
			d = c->descs[k - 1].s;
		scan_lockfile__js_split_at(d.s, d.len, &nl);
		e->name.s = d.s;
		e->name.len = nl;
		e->range.s = d.s + nl + 1;
		e->range.len = d.len - nl - 1;
		if (scan_lockfile__js_prefix(e->range.s, e->range.len, "npm:") &&
		    scan_lockfile__js_split_at(e->range.s + 4, e->range.len - 4, &nl)) {
			e->name.s = e->range.s + 4;
			e->name.len = nl;
			e->range.s += 4 + nl + 1;
			e->range.len -= 4 + nl + 1;
		}
	}
	return 0;
}

/* key value, key "value", key: (a block) - the part of a line after its indentation. */
static int v1_pair(yarn_ctx *c, const char *s, size_t len, unsigned line, scan_slice *key, scan_slice *value, bool *block)
{
	size_t i = v1_token(c, s, len, true, key);

	*block = false;
	value->s = NULL;
	value->len = 0;
	if (!i || !key->len)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "malformed line");
	if (i < len && s[i] == ':') {
		i++;
		if (i == len) {
			*block = true;
			return 0;
		}
	}
	while (i < len && s[i] == ' ')
		i++;
	if (i == len) {
		char show[SCAN_QUOTE_LEN];
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "'%s' without a value",
		                           scan_util__quote(show, key->s, key->len));
	}
	if (!v1_token(c, s + i, len - i, false, value) && s[i] == '"')
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "unterminated string");
	return 0;
}

static int parse_classic(yarn_ctx *c, const char *text, size_t len)
{
	size_t pos = 0;
	unsigned lineno = 0;
	int in_entry = -1;          /* entry being read */
	unsigned block = 0;         /* 0 none, 1 dependencies, 2 optionalDependencies, 3 another block */
	int err;

	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos, indent = 0;

		pos += n + (nl != NULL);
		lineno++;
		if (n > YARN_LINE_MAX)
			return scan_lockfile__fail(c->d, SCAN_ELIMIT, lineno, "line longer than %d bytes", YARN_LINE_MAX);
		if (memchr(s, '\0', n))
			return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "NUL byte in yarn.lock");
		while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
			n--;
		while (indent < n && s[indent] == ' ')
			indent++;
		if (indent == n || s[indent] == '#')
			continue;
		if (s[indent] == '\t')
			return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "tab in indentation");
		if (indent % 2 || indent / 2 > SCAN_SCA_DEPTH_MAX)
			return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "unexpected indentation");
		s += indent;
		n -= indent;
		if (indent == 0) {
			if (s[n - 1] != ':')
				return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "expected an entry header ending in ':'");
			if ((err = v1_header(c, s, n - 1, lineno)) < 0)
				return err;
			in_entry = (int)c->nents - 1;
			block = 0;
		} else if (in_entry < 0) {
			return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "indented line outside an entry");
		} else if (indent == 2) {
			scan_slice key, value;
			bool is_block;
			yent *e = &c->ents[in_entry];
			if ((err = v1_pair(c, s, n, lineno, &key, &value, &is_block)) < 0)
				return err;
			block = 0;
			if (is_block)
				block = ystr_eq(key, "dependencies", 12) ? 1 : ystr_eq(key, "optionalDependencies", 20) ? 2 : 3;
			else if (ystr_eq(key, "version", 7))
				e->version = value;
			else if (ystr_eq(key, "resolved", 8))
				e->resolved = value;
		} else if (indent == 4 && (block == 1 || block == 2)) {
			scan_slice key, value;
			bool is_block;
			if ((err = v1_pair(c, s, n, lineno, &key, &value, &is_block)) < 0)
				return err;
			if (is_block)
				return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "a block inside dependencies");
			if ((err = dep_add(c, key, value, block == 2 ? SCAN_SCA_JS_OPT : SCAN_SCA_JS_PROD, lineno)) < 0)
				return err;
		} else if (indent == 4 && block == 3) {
			/* a block this reader has no use for (bin, ...) */
		} else if (indent > 4 && block == 3) {
			/* nested deeper inside such a block */
		} else {
			return scan_lockfile__fail(c->d, SCAN_EPARSE, lineno, "unexpected indentation");
		}
	}
	return 0;
}

/* ---- berry ---- */

static scan_slice yscalar(const scan_yaml_node *n)
{
	scan_slice s = { NULL, 0 };

	if (n && n->kind == SCAN_YAML_SCALAR) {
		s.s = n->value;
		s.len = n->len;
	}
	return s;
}

static int parse_berry(yarn_ctx *c, const scan_yaml_node *root)
{
	int err;

	if (!root)
		return 0;
	if (root->kind != SCAN_YAML_MAPPING)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, root->line, "not a yarn.lock: the top is not a mapping");
	for (size_t i = 0; i + 1 < root->len; i += 2) {
		const scan_yaml_node *k = root->items[i], *v = root->items[i + 1], *deps, *meta;
		scan_slice key = yscalar(k), res;
		char show[SCAN_QUOTE_LEN];
		size_t nl;
		int ent;
		yent *e;

		if (!key.s)
			return scan_lockfile__fail(c->d, SCAN_EPARSE, k->line, "entry key is not a string");
		if (ystr_eq(key, "__metadata", 10))
			continue;
		if (v->kind != SCAN_YAML_MAPPING)
			return scan_lockfile__fail(c->d, SCAN_EPARSE, v->line, "entry '%s' is not a mapping",
			                           scan_util__quote(show, key.s, key.len));
		if ((ent = ent_new(c, k->line)) < 0)
			return ent;
		/* "a@npm:^1, a@npm:^1.2": the descriptors, comma-separated */
		for (size_t p = 0; p < key.len;) {
			size_t q = p;
			scan_slice d;
			while (q < key.len && key.s[q] != ',')
				q++;
			d.s = key.s + p;
			d.len = q - p;
			while (d.len && d.s[0] == ' ') {
				d.s++;
				d.len--;
			}
			while (d.len && d.s[d.len - 1] == ' ')
				d.len--;
			if ((err = desc_add(c, d, ent, k->line)) < 0)
				return err;
			p = q + 1;
		}
		e = &c->ents[ent];
		res = yscalar(scan_util__yaml_get(v, "resolution"));
		if (!res.s || !scan_lockfile__js_split_at(res.s, res.len, &nl))
			return scan_lockfile__fail(c->d, SCAN_EPARSE, k->line, "entry '%s' without a name@reference resolution",
			                           scan_util__quote(show, key.s, key.len));
		e->resolved = res;
		e->name.s = res.s;
		e->name.len = nl;
		e->range.s = res.s + nl + 1;
		e->range.len = res.len - nl - 1;
		e->version = yscalar(scan_util__yaml_get(v, "version"));
		if (scan_lockfile__js_prefix(e->range.s, e->range.len, "workspace:")) {
			e->workspace = true;
			e->ws_path.s = e->range.s + 10;
			e->ws_path.len = e->range.len - 10;
		}
		deps = scan_util__yaml_get(v, "dependencies");
		meta = scan_util__yaml_get(v, "dependenciesMeta");
		if (deps && deps->kind != SCAN_YAML_MAPPING)
			return scan_lockfile__fail(c->d, SCAN_EPARSE, deps->line, "dependencies of '%s' are not a mapping",
			                           scan_util__quote(show, key.s, key.len));
		for (size_t j = 0; deps && j + 1 < deps->len; j += 2) {
			scan_slice name = yscalar(deps->items[j]), range = yscalar(deps->items[j + 1]);
			const scan_yaml_node *m;
			unsigned kind = SCAN_SCA_JS_PROD;
			if (!name.s || !range.s)
				return scan_lockfile__fail(c->d, SCAN_EPARSE, deps->items[j]->line, "malformed dependency");
			m = scan_util__yaml_get(scan_util__yaml_get(meta, name.s), "optional");
			if (m && m->kind == SCAN_YAML_SCALAR && !strcmp(m->value, "true"))
				kind = SCAN_SCA_JS_OPT;
			if ((err = dep_add(c, name, range, kind, deps->items[j]->line)) < 0)
				return err;
		}
	}
	/* "x@file:./y::locator=..." is what "x@file:./y" names from the entry the locator says */
	for (size_t i = 0, n = c->ndescs; i < n; i++) {
		const ydesc *x = &c->descs[i];
		const char *cut = NULL;
		for (size_t k = 0; k + 1 < x->s.len && !cut; k++)
			if (x->s.s[k] == ':' && x->s.s[k + 1] == ':')
				cut = x->s.s + k;
		if (cut && (err = scan_lockfile__js_map_add(&c->desc_map, scan_lockfile__js_hash(x->s.s, (size_t)(cut - x->s.s)),
		                                            (int)i * 2 + 1)) < 0)
			return err;
	}
	return 0;
}

/* encodeURIComponent, as yarn writes a locator into a "::locator=" parameter */
static void put_uri_component(scan_buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || strchr("-_.!~*'()", ch)) {
			scan_buf_putc(b, (char)ch);
		} else {
			scan_buf_putc(b, '%');
			scan_buf_putc(b, hex[ch >> 4]);
			scan_buf_putc(b, hex[ch & 15]);
		}
	}
}

/* The entry a dependency of entry `from` resolves to, or -1. */
static int resolve_dep(yarn_ctx *c, const yent *from, scan_slice name, scan_slice range, bool berry)
{
	scan_buf *b = &c->scratch;
	int at;

	scan_buf_clear(b);
	scan_buf_put(b, name.s, name.len);
	scan_buf_putc(b, '@');
	scan_buf_put(b, range.s, range.len);
	if (scan_buf_failed(b))
		return -1;
	if ((at = desc_find(c, b->ptr, b->size, false)) >= 0 || !berry)
		return at;
	{
		size_t base = b->size;
		scan_buf_puts(b, "::locator=");
		put_uri_component(b, from->resolved.s, from->resolved.len);
		if (!scan_buf_failed(b) && (at = desc_find(c, b->ptr, b->size, false)) >= 0)
			return at;
		scan_buf_truncate(b, base);
	}
	return desc_find(c, b->ptr, b->size, true);
}

/* Nodes for the entries and edges for their dependencies. */
static int build_graph(yarn_ctx *c, bool berry)
{
	int err;

	for (size_t i = 0; i < c->nents; i++) {
		yent *e = &c->ents[i];
		scan_lockfile__js_pkg *p;
		int node = scan_lockfile__js_pkg_new(c->d, &c->g, e->line);
		if (node < 0)
			return node;
		e->node = node;
		p = &c->g.pkgs[node];
		p->name = e->name.s;
		p->name_len = e->name.len;
		p->version = e->version.s;
		p->version_len = e->version.len;
		p->flags = source_flags(e->range.s, e->range.len, 0);
		if (!berry && e->resolved.s && !(p->flags & (SCAN_DEP_LOCAL | SCAN_DEP_GIT)))
			p->flags |= source_flags(e->resolved.s, e->resolved.len, 0) & (SCAN_DEP_GIT | SCAN_DEP_LOCAL);
		if (p->flags & SCAN_DEP_GIT)
			p->flags &= ~(unsigned)SCAN_DEP_URL;
		if (e->workspace) {
			p->importer = true;
			p->skip = ystr_eq(e->ws_path, ".", 1);
		}
	}
	/*
	 * Berry installs the patched package where the original's descriptor
	 * is asked for: an edge from the original to each patch of it carries
	 * what reaches the one to the other.
	 */
	for (size_t i = 0; berry && i < c->ndescs; i++) {
		const ydesc *x = &c->descs[i];
		char inner[512];
		size_t name_len, n;
		int base;
		if (!scan_lockfile__js_split_at(x->s.s, x->s.len, &name_len))
			continue;
		n = patch_inner(x->s.s + name_len + 1, x->s.len - name_len - 1, inner, sizeof(inner));
		if (n && (base = desc_find(c, inner, n, true)) >= 0 && base != x->ent &&
		    (err = scan_lockfile__js_edge_add(c->d, &c->g, c->ents[base].node, c->ents[x->ent].node, SCAN_SCA_JS_PROD)) < 0)
			return err;
	}
	for (size_t i = 0; i < c->nents; i++) {
		const yent *e = &c->ents[i];
		for (size_t k = 0; k < e->ndeps; k++) {
			ydep *dep = &c->deps[e->dep_first + k];
			int to = resolve_dep(c, e, dep->name, dep->range, berry);
			if (to < 0)
				continue;
			dep->edge = (int)c->g.nedges;
			if ((err = scan_lockfile__js_edge_add(c->d, &c->g, e->node, c->ents[to].node, dep->kind)) < 0)
				return err;
		}
	}
	return 0;
}

/* A workspace found by its package.json: a component named by it (the strings go to the arena). */
static int workspace_node(yarn_ctx *c, const cJSON *pkg, int node)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(pkg, "name");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(pkg, "version");
	scan_lockfile__js_pkg *p = &c->g.pkgs[node];

	if (!cJSON_IsString(n) || !n->valuestring[0]) {
		p->skip = true;
		return 0;
	}
	p->flags = SCAN_DEP_LOCAL;
	p->name_len = strlen(n->valuestring);
	if (!(p->name = scan_arena__strdup(&c->g.arena, n->valuestring)))
		return scan_error__oom();
	if (cJSON_IsString(v) && v->valuestring[0]) {
		p->version_len = strlen(v->valuestring);
		if (!(p->version = scan_arena__strdup(&c->g.arena, v->valuestring)))
			return scan_error__oom();
	}
	return 0;
}

/*
 * Classic: the project's package.json and those of the workspaces it lists
 * by plain path are importers; a pattern would need a directory listing,
 * which a lockfile reader does not do. *complete: every importer was read.
 */
static int classic_importers(yarn_ctx *c, bool *have, bool *complete)
{
	cJSON *pkgs[SCAN_SCA_INCLUDES_MAX + 1];
	int nodes[SCAN_SCA_INCLUDES_MAX + 1];
	const cJSON *ws;
	size_t n = 0;
	int err = 0;

	*have = *complete = false;
	if (scan_lockfile__js_read_manifest(c->d, "package.json", &pkgs[0]) < 0)
		return 0;
	n = 1;
	*have = *complete = true;
	ws = cJSON_GetObjectItemCaseSensitive(pkgs[0], "workspaces");
	if (cJSON_IsObject(ws))
		ws = cJSON_GetObjectItemCaseSensitive(ws, "packages");
	for (const cJSON *w = cJSON_IsArray(ws) ? ws->child : NULL; w; w = w->next) {
		scan_buf path = SCAN_BUF_INIT;
		if (n > SCAN_SCA_INCLUDES_MAX || !cJSON_IsString(w) || strpbrk(w->valuestring, "*?[]{}!")) {
			*complete = false;
			continue;
		}
		scan_buf_init(&path, 4096);
		scan_buf_puts(&path, w->valuestring);
		scan_buf_puts(&path, "/package.json");
		if (scan_buf_failed(&path) || scan_lockfile__js_read_manifest(c->d, path.ptr, &pkgs[n]) < 0)
			*complete = false;
		else
			n++;
		scan_buf_dispose(&path);
	}
	for (size_t i = 0; i < n && !err; i++) {
		if ((nodes[i] = scan_lockfile__js_pkg_new(c->d, &c->g, 0)) < 0) {
			err = nodes[i];
			break;
		}
		c->g.pkgs[nodes[i]].importer = true;
		c->g.pkgs[nodes[i]].skip = i == 0;
		if (i)
			err = workspace_node(c, pkgs[i], nodes[i]);
	}
	for (size_t i = 0; i < n && !err; i++) {
		for (size_t k = 0; k < 4 && !err; k++) {
			const cJSON *deps = cJSON_GetObjectItemCaseSensitive(pkgs[i], scan_lockfile__js_manifest_groups[k].key);
			for (const cJSON *dep = cJSON_IsObject(deps) ? deps->child : NULL; dep && !err; dep = dep->next) {
				scan_slice name = { dep->string, strlen(dep->string) }, range;
				int to = -1;
				if (!cJSON_IsString(dep))
					continue;
				range.s = dep->valuestring;
				range.len = strlen(dep->valuestring);
				if ((to = resolve_dep(c, NULL, name, range, false)) >= 0)
					to = c->ents[to].node;
				/* workspaces depend on each other with no lockfile entry: by name */
				for (size_t j = 1; j < n && to < 0; j++) {
					const scan_lockfile__js_pkg *p = &c->g.pkgs[nodes[j]];
					if (p->name && p->name_len == name.len && !memcmp(p->name, name.s, name.len))
						to = nodes[j];
				}
				if (to >= 0)
					err = scan_lockfile__js_edge_add(c->d, &c->g, nodes[i], to, scan_lockfile__js_manifest_groups[k].kind);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		cJSON_Delete(pkgs[i]);
	return err;
}

/*
 * Berry: a workspace's entry lists its dependencies and devDependencies
 * alike; its package.json tells them apart. An unreadable one leaves them
 * as production dependencies (what is unknown is not called dev).
 */
static void berry_dev_edges(yarn_ctx *c)
{
	for (size_t i = 0; i < c->nents; i++) {
		const yent *e = &c->ents[i];
		const cJSON *dev, *prod, *opt;
		cJSON *pkg = NULL;
		scan_buf path = SCAN_BUF_INIT;
		int err;

		if (!e->workspace)
			continue;
		scan_buf_init(&path, 4096);
		if (!ystr_eq(e->ws_path, ".", 1)) {
			scan_buf_put(&path, e->ws_path.s, e->ws_path.len);
			scan_buf_putc(&path, '/');
		}
		scan_buf_puts(&path, "package.json");
		err = scan_buf_failed(&path) ? SCAN_ELIMIT : scan_lockfile__js_read_manifest(c->d, path.ptr, &pkg);
		scan_buf_dispose(&path);
		if (err < 0)
			continue;
		dev = cJSON_GetObjectItemCaseSensitive(pkg, "devDependencies");
		prod = cJSON_GetObjectItemCaseSensitive(pkg, "dependencies");
		opt = cJSON_GetObjectItemCaseSensitive(pkg, "optionalDependencies");
		for (size_t k = 0; cJSON_IsObject(dev) && k < e->ndeps; k++) {
			const ydep *dep = &c->deps[e->dep_first + k];
			char name[SCAN_SCA_NAME_MAX + 1];
			if (dep->edge < 0 || dep->name.len > SCAN_SCA_NAME_MAX)
				continue;
			memcpy(name, dep->name.s, dep->name.len);
			name[dep->name.len] = '\0';
			if (cJSON_GetObjectItemCaseSensitive(dev, name) && !cJSON_GetObjectItemCaseSensitive(prod, name) &&
			    !cJSON_GetObjectItemCaseSensitive(opt, name))
				c->g.edges[dep->edge].kind = SCAN_SCA_JS_DEV;
		}
		cJSON_Delete(pkg);
	}
}

int scan_lockfile__extract_yarn_lock(scan_sca_doc *d, const char *text, size_t len)
{
	yarn_ctx c;
	scan_yaml_doc yaml;
	bool berry = false, have = false, complete = false;
	int err;

	memset(&c, 0, sizeof(c));
	memset(&yaml, 0, sizeof(yaml));
	c.d = d;
	scan_buf_init(&c.scratch, 4 * SCAN_SCA_NAME_MAX + 64);
	if (len > SCAN_SCA_FILE_MAX) {
		err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
		goto done;
	}
	/* berry's file is YAML with a __metadata entry; classic's never has one */
	for (size_t i = 0; i + 11 <= len; i++) {
		if ((i == 0 || text[i - 1] == '\n') && !memcmp(text + i, "__metadata:", 11)) {
			berry = true;
			break;
		}
	}
	if (berry) {
		if ((err = scan_util__yaml_parse_limited(&yaml, text, len, d->file, SCAN_SCA_FILE_MAX,
	                                     SCAN_SCA_YAML_NODES_MAX)) < 0)
			goto done;
		err = parse_berry(&c, yaml.root);
	} else {
		err = parse_classic(&c, text, len);
	}
	if (err < 0 || (err = build_graph(&c, berry)) < 0)
		goto done;
	if (berry) {
		berry_dev_edges(&c);
		err = scan_lockfile__js_classify(&c.g, SCAN_SCA_JS_DIRECT | SCAN_SCA_JS_TRANSITIVE | SCAN_SCA_JS_DEV_OPT);
	} else {
		if ((err = classic_importers(&c, &have, &complete)) < 0)
			goto done;
		if (have)
			err = scan_lockfile__js_classify(&c.g, SCAN_SCA_JS_DIRECT |
			                                      (complete ? SCAN_SCA_JS_TRANSITIVE | SCAN_SCA_JS_DEV_OPT : 0));
	}
	if (err < 0)
		goto done;
	err = scan_lockfile__js_emit(d, &c.g);
done:
	scan_util__yaml_dispose(&yaml);
	scan_lockfile__js_map_dispose(&c.desc_map);
	scan_buf_dispose(&c.scratch);
	free(c.ents);
	free(c.deps);
	free(c.descs);
	scan_lockfile__js_graph_dispose(&c.g);
	return err;
}
