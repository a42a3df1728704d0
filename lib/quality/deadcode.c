/* lib/quality/deadcode.c - the walk, the use counts and the verdicts shared by every language's dead-code rules */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "parse/language.h"
#include "quality/deadcode.h"
#include "scan/array.h"
#include "scan/map.h"
#include "util/error.h"

/*
 * Uses are counted, never resolved: every identifier with the same text as
 * a declared name counts as a use of it, wherever the scope rules would
 * send it. Counting too many uses only hides a finding; counting too few
 * would report live code, so anything unsure (words in comments and
 * strings, parse errors, nodes below the frame limit) counts as a use.
 */

/* Occurrences of one file kept at most; past that the file gets no verdicts on names. */
#define DC_OCC_MAX (1u << 24)
/* Longer names are no one's identifiers: neither counted nor reported. */
#define DC_NAME_MAX 256
/* Statements of a body looked at to call it a stub. */
#define DC_STUB_STMTS 3

typedef struct {
	uint32_t off, len;
} dc_name;

typedef struct {
	uint32_t name, off;
	uint8_t flags;
} dc_occ;

typedef struct {
	uint32_t off;
	uint8_t flags;
} dc_at;

typedef struct {
	dc_name *names;
	size_t nnames, cap_names;
	scan_map by_text;            /* a name's bytes (borrowed from the source) -> its index */
	dc_occ *occ;
	size_t nocc, cap_occ;
	uint32_t *first;             /* after the walk: per name, its first entry in at */
	dc_at *at;                   /* occurrences grouped by name, each group in source order */
} dc_uses;

/* ---- tables ---- */

typedef struct {
	uint8_t *kind, *flags;
	uint32_t nsym;
	bool ok;
} dc_table;

static dc_table tables[SCAN_LANG__COUNT];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static const dc_lang *lang_of(scan_lang l)
{
	switch (l) {
	case SCAN_LANG_PYTHON: return &scan_quality__dc_python;
	case SCAN_LANG_JAVASCRIPT: case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX: return &scan_quality__dc_javascript;
	case SCAN_LANG_JAVA: return &scan_quality__dc_java;
	case SCAN_LANG_GO: return &scan_quality__dc_go;
	case SCAN_LANG_CSHARP: return &scan_quality__dc_csharp;
	default: return NULL;
	}
}

static uint8_t sym_flags(const char *name)
{
	uint8_t f = 0;
	size_t n;
	if (strstr(name, "identifier"))
		f |= DC_SYM_IDENT;
	if (strstr(name, "comment"))
		f |= DC_SYM_COMMENT;
	if (strstr(name, "string"))
		f |= DC_SYM_STRING; /* leaves only: string_content, string_fragment, ... */
	if (!strcmp(name, "ERROR") || !strncmp(name, "preproc_", 8))
		f |= DC_SYM_RAW;
	n = strlen(name);
	if ((n > 10 && !strcmp(name + n - 10, "_statement")) || !strcmp(name, "block"))
		f |= DC_SYM_STMT;
	return f;
}

static bool is_ts(scan_lang l)
{
	return l == SCAN_LANG_TYPESCRIPT || l == SCAN_LANG_TSX;
}

static bool has_jsx(scan_lang l)
{
	return l == SCAN_LANG_JAVASCRIPT || l == SCAN_LANG_TSX;
}

static uint8_t kind_named(const struct dc_kind_name *k, const char *name)
{
	for (; k && k->name; k++)
		if (!strcmp(k->name, name))
			return (uint8_t)k->kind;
	return DK_NONE;
}

static void build(void)
{
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		const dc_lang *dl = lang_of((scan_lang)l);
		const TSLanguage *ts = dl ? scan_parse__ts_language((scan_lang)l) : NULL;
		dc_table *t = &tables[l];
		if (!ts)
			continue;
		t->nsym = ts_language_symbol_count(ts);
		t->kind = calloc(t->nsym ? t->nsym : 1, 1);
		t->flags = calloc(t->nsym ? t->nsym : 1, 1);
		if (!t->kind || !t->flags) {
			free(t->kind), free(t->flags);
			t->kind = t->flags = NULL;
			continue; /* no table: the language gets no dead-code rules, as if unknown */
		}
		/* By name over every symbol: aliases share a name but not an id. */
		for (TSSymbol s = 0; s < t->nsym; s++) {
			const char *name = ts_language_symbol_name(ts, s);
			if (!name || ts_language_symbol_type(ts, s) != TSSymbolTypeRegular)
				continue;
			t->flags[s] = sym_flags(name);
			t->kind[s] = kind_named(dl->kinds, name);
			if (!t->kind[s] && is_ts((scan_lang)l))
				t->kind[s] = kind_named(dl->ts_kinds, name);
			if (!t->kind[s] && has_jsx((scan_lang)l))
				t->kind[s] = kind_named(dl->jsx_kinds, name);
		}
		t->ok = true;
	}
}

bool scan_quality__dc_tables(scan_lang l, const uint8_t **kind_of, const uint8_t **sym_flags, uint32_t *nsym)
{
	pthread_once(&tables_once, build);
	if (l <= 0 || l >= SCAN_LANG__COUNT || !tables[l].ok)
		return false;
	*kind_of = tables[l].kind, *sym_flags = tables[l].flags, *nsym = tables[l].nsym;
	return true;
}

size_t scan_quality__dead_code_lang_check(scan_lang l, const char **missing, size_t max)
{
	const dc_lang *dl = lang_of(l);
	const TSLanguage *ts = dl ? scan_parse__ts_language(l) : NULL;
	size_t n = 0;
	if (!ts)
		return 0;
	for (int pass = 0; pass < 3; pass++) {
		const struct dc_kind_name *k = pass == 0 ? dl->kinds : pass == 1 ? (is_ts(l) ? dl->ts_kinds : NULL)
		                                                              : (has_jsx(l) ? dl->jsx_kinds : NULL);
		for (; k && k->name; k++)
			if (!ts_language_symbol_for_name(ts, k->name, (uint32_t)strlen(k->name), true) && n < max)
				missing[n++] = k->name;
	}
	return n;
}

/* ---- the occurrence table ---- */

static int64_t find_name(const dc_uses *u, const char *s, size_t n)
{
	size_t k;

	return scan_map_get_bytes(&u->by_text, s, n, NULL, 0, &k) ? (int64_t)k : -1;
}

/* One use of src[off, off + n). */
static void add_use(dc_ctx *c, uint32_t off, uint32_t n, uint8_t flags)
{
	dc_uses *u = c->uses;
	int64_t k;

	if (c->rc || c->no_uses || !n || n > DC_NAME_MAX)
		return;
	if (u->nocc >= DC_OCC_MAX) {
		c->no_uses = true; /* counts would be short: say nothing about names */
		return;
	}
	k = find_name(u, c->src + off, n);
	if (k < 0) {
		if (scan_array_reserve(&u->names, &u->cap_names, u->nnames + 1, sizeof(*u->names)) ||
		    scan_map_put_bytes(&u->by_text, c->src + off, n, NULL, 0, u->nnames, NULL) < 0)
			goto oom;
		u->names[u->nnames] = (dc_name){ off, n };
		k = (int64_t)u->nnames++;
	}
	if (scan_array_reserve(&u->occ, &u->cap_occ, u->nocc + 1, sizeof(*u->occ)))
		goto oom;
	u->occ[u->nocc++] = (dc_occ){ (uint32_t)k, off, flags };
	return;
oom:
	c->rc = SCAN_ENOMEM;
}

/* Group occurrences by name (a counting sort keeps each group in source order). */
static int index_uses(dc_uses *u)
{
	if (!(u->first = calloc(u->nnames + 1, sizeof(*u->first))) ||
	    !(u->at = malloc((u->nocc ? u->nocc : 1) * sizeof(*u->at))))
		return SCAN_ENOMEM;
	for (size_t i = 0; i < u->nocc; i++)
		u->first[u->occ[i].name + 1]++;
	for (size_t k = 0; k < u->nnames; k++)
		u->first[k + 1] += u->first[k];
	{
		uint32_t *fill = malloc((u->nnames ? u->nnames : 1) * sizeof(*fill));
		if (!fill)
			return SCAN_ENOMEM;
		memcpy(fill, u->first, u->nnames * sizeof(*fill));
		for (size_t i = 0; i < u->nocc; i++)
			u->at[fill[u->occ[i].name]++] = (dc_at){ u->occ[i].off, u->occ[i].flags };
		free(fill);
	}
	free(u->occ);
	u->occ = NULL;
	return 0;
}

static bool word_byte(unsigned char ch, bool dollar)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
	       ch >= 0x80 || (dollar && ch == '$');
}

static bool has_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++) {
		size_t j = 0;
		while (j < k && (s[i + j] | 0x20) == needle[j])
			j++;
		if (j == k)
			return true;
	}
	return false;
}

static bool has_ci_prefix(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	if (n < k)
		return false;
	for (size_t i = 0; i < k; i++)
		if ((s[i] | 0x20) != prefix[i])
			return false;
	return true;
}

/*
 * A directive that turns a linter's unused or unreachable checks off for the
 * file: pylint: disable=unused-import, eslint-disable no-unused-vars,
 * noinspection UnusedDeclaration; in Java and C# also the strings of
 * @SuppressWarnings("unused") and [SuppressMessage(...)]. The author chose.
 */
static void suppressions(dc_ctx *c, const char *s, size_t n, bool string)
{
	bool directive = string || has_ci(s, n, "disable") || has_ci(s, n, "noinspection") || has_ci(s, n, "suppress");
	if (!directive)
		return;
	if (has_ci(s, n, "unused"))
		c->suppress_unused = true;
	if (has_ci(s, n, "unreachable"))
		c->suppress_unreachable = true;
}

/* Every word of src[sb, eb) as a use: names in comments, strings and text the parser gave up on. */
static void add_words(dc_ctx *c, uint32_t sb, uint32_t eb, uint8_t flags)
{
	const unsigned char *s = (const unsigned char *)c->src;
	uint32_t i = sb;
	if (eb > c->len)
		eb = (uint32_t)c->len;
	if (flags == DC_OCC_COMMENT || (flags == DC_OCC_STRING && c->lang->suppress_strings))
		suppressions(c, c->src + sb, eb - sb, flags == DC_OCC_STRING);
	while (i < eb) {
		uint32_t b;
		while (i < eb && !word_byte(s[i], c->lang->dollar))
			i++;
		b = i;
		while (i < eb && word_byte(s[i], c->lang->dollar))
			i++;
		if (i > b && !(s[b] >= '0' && s[b] <= '9'))
			add_use(c, b, i - b, flags);
	}
}

static int64_t lookup(const dc_ctx *c, const char *s, size_t n)
{
	const dc_uses *u = c->uses;
	if (!n || n > DC_NAME_MAX)
		return -1;
	return find_name(u, s, n);
}

/* The first entry of name k at or after byte from. */
static uint32_t lower_bound(const dc_uses *u, int64_t k, uint32_t from)
{
	uint32_t lo = u->first[k], hi = u->first[k + 1];
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (u->at[mid].off < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool scan_quality__dc_used(const dc_ctx *c, uint32_t sb, uint32_t eb, uint32_t from, uint32_t to, uint8_t ignore)
{
	const dc_uses *u = c->uses;
	int64_t k = lookup(c, c->src + sb, eb - sb);
	if (k < 0)
		return false;
	for (uint32_t i = lower_bound(u, k, from); i < u->first[k + 1] && u->at[i].off < to; i++)
		if (u->at[i].off != sb && !(u->at[i].flags & ignore))
			return true;
	return false;
}

bool scan_quality__dc_mentions(const dc_ctx *c, const char *s, uint32_t from, uint32_t to, uint8_t ignore)
{
	const dc_uses *u = c->uses;
	int64_t k = lookup(c, s, strlen(s));
	if (k < 0)
		return false;
	for (uint32_t i = lower_bound(u, k, from); i < u->first[k + 1] && u->at[i].off < to; i++)
		if (!(u->at[i].flags & ignore))
			return true;
	return false;
}

static void uses_free(dc_uses *u)
{
	free(u->names);
	scan_map_dispose(&u->by_text);
	free(u->occ);
	free(u->first);
	free(u->at);
}

/* ---- helpers for the language hooks ---- */

bool scan_quality__dc_text_is(const dc_ctx *c, TSNode n, const char *s)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t k = strlen(s);
	return e <= c->len && e - b == k && !memcmp(c->src + b, s, k);
}

bool scan_quality__dc_text_in(const dc_ctx *c, TSNode n, const char *const *words)
{
	for (const char *const *w = words; *w; w++)
		if (scan_quality__dc_text_is(c, n, *w))
			return true;
	return false;
}

bool scan_quality__dc_is_callee(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand,
                                TSFieldId member_name)
{
	if (!parent)
		return false;
	if (parent->kind == DK_CALL && leaf->field == c->f_function)
		return true;
	return parent->kind == DK_MEMBER && leaf->field == member_name && parent->field == c->f_function && grand &&
	       grand->kind == DK_CALL;
}

bool scan_quality__dc_text_starts(const dc_ctx *c, TSNode n, const char *s)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t k = strlen(s);
	return e <= c->len && e - b >= k && !memcmp(c->src + b, s, k);
}

uint8_t scan_quality__dc_flags(const dc_ctx *c, TSSymbol s)
{
	if (s == (TSSymbol)-1)
		return DC_SYM_RAW; /* ERROR: not in the grammar's symbol table */
	return s < c->nsym ? c->sym_flags[s] : 0;
}

uint8_t scan_quality__dc_kind(const dc_ctx *c, TSNode n)
{
	TSSymbol s;
	if (ts_node_is_null(n) || !ts_node_is_named(n))
		return DK_NONE;
	s = ts_node_symbol(n);
	return s < c->nsym ? c->kind_of[s] : DK_NONE;
}

int32_t scan_quality__dc_scope(dc_ctx *c, TSNode n, TSNode name, uint32_t flags)
{
	dc_scope *s;
	if (scan_array_reserve(&c->scopes, &c->cap_scopes, c->nscopes + 1, sizeof(*c->scopes))) {
		c->rc = SCAN_ENOMEM;
		return -1;
	}
	s = &c->scopes[c->nscopes];
	s->sb = ts_node_start_byte(n), s->eb = ts_node_end_byte(n);
	s->name_sb = s->name_eb = 0;
	if (!ts_node_is_null(name))
		s->name_sb = ts_node_start_byte(name), s->name_eb = ts_node_end_byte(name);
	s->flags = flags;
	return (int32_t)c->nscopes++;
}

dc_cand *scan_quality__dc_cand(dc_ctx *c, dead_kind kind, TSNode name, TSNode what, uint32_t scope_sb, uint32_t scope_eb)
{
	dc_cand *d;
	uint32_t nb = ts_node_start_byte(name), ne = ts_node_end_byte(name);
	if (ts_node_is_null(name) || ne <= nb || ne - nb > DC_NAME_MAX || ne > c->len)
		return NULL;
	if (scan_array_reserve(&c->cands, &c->cap_cands, c->ncands + 1, sizeof(*c->cands))) {
		c->rc = SCAN_ENOMEM;
		return NULL;
	}
	d = &c->cands[c->ncands++];
	memset(d, 0, sizeof(*d));
	d->kind = (uint8_t)kind;
	d->name_sb = nb, d->name_eb = ne;
	d->sb = ts_node_start_byte(what), d->eb = ts_node_end_byte(what);
	d->sp = ts_node_start_point(what), d->ep = ts_node_end_point(what);
	d->scope_sb = scope_sb, d->scope_eb = scope_eb;
	d->fn = -1;
	return d;
}

void scan_quality__dc_params(dc_ctx *c, TSNode method, int32_t scope, bool (*skip)(dc_ctx *c, TSNode param))
{
	TSNode ps = ts_node_child_by_field_id(method, c->f_parameters);
	TSTreeCursor cur;

	if (ts_node_is_null(ps))
		return;
	cur = ts_tree_cursor_new(ps);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur), name;
			dc_cand *d;
			if (scan_quality__dc_kind(c, k) != DK_PARAM || skip(c, k))
				continue;
			name = ts_node_child_by_field_id(k, c->f_name);
			if (scan_quality__dc_kind(c, name) != DK_IDENT || scan_quality__dc_unused_by_name(c, name))
				continue;
			if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_PARAMETER, name, name, ts_node_start_byte(method),
			                               ts_node_end_byte(method))))
				d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = scope;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
}

bool scan_quality__dc_unused_by_name(const dc_ctx *c, TSNode name)
{
	uint32_t b = ts_node_start_byte(name), e = ts_node_end_byte(name);
	if (e > c->len || e <= b)
		return true;
	return c->src[b] == '_' || has_ci_prefix(c->src + b, e - b, "dummy") || has_ci_prefix(c->src + b, e - b, "unused") ||
	       has_ci_prefix(c->src + b, e - b, "ignore");
}

bool scan_quality__dc_stub_body(const dc_ctx *c, TSNode body)
{
	TSTreeCursor cur;
	unsigned stmts = 0;
	bool stub = true;

	if (ts_node_is_null(body))
		return true;
	if (scan_quality__dc_kind(c, body) == DK_ARROW_BODY) {
		TSNode e = ts_node_named_child(body, 0);
		return ts_node_is_null(e) || scan_quality__dc_kind(c, e) == DK_THROW_EXPR;
	}
	cur = ts_tree_cursor_new(body);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			uint8_t kind = scan_quality__dc_kind(c, k);
			if (!ts_node_is_named(k) || (scan_quality__dc_flags(c, ts_node_symbol(k)) & DC_SYM_COMMENT))
				continue;
			if (++stmts > DC_STUB_STMTS) {
				stub = false;
				break;
			}
			if (kind == DK_BLOCK) { /* Go: the statement list inside the braces */
				stub = scan_quality__dc_stub_body(c, k);
				break;
			}
			if (kind == DK_PASS || kind == DK_THROW || kind == DK_EMPTY)
				continue;
			if (kind == DK_EXPR_STMT) {
				TSNode e = ts_node_named_child(k, 0);
				uint8_t ek = scan_quality__dc_kind(c, e);
				if (ek == DK_STRING || ek == DK_ELLIPSIS || ek == DK_THROW_EXPR)
					continue; /* a docstring, ..., or a throw expression */
			}
			stub = false;
			break;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return stub;
}

/* ---- the walk ---- */

typedef struct {
	dead_item *v;
	size_t n, cap;
} dc_items;

static void add_item(dc_ctx *c, dc_items *out, dead_kind kind, uint32_t sb, uint32_t eb, TSPoint sp, TSPoint ep,
                     uint32_t name_sb, uint32_t name_eb)
{
	dead_item *it;
	if (scan_array_reserve(&out->v, &out->cap, out->n + 1, sizeof(*out->v))) {
		c->rc = SCAN_ENOMEM;
		return;
	}
	it = &out->v[out->n++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->sb = sb, it->eb = eb;
	it->line = sp.row + 1, it->column = sp.column + 1, it->end_line = ep.row + 1;
	if (name_eb > name_sb)
		it->name = c->src + name_sb, it->name_len = name_eb - name_sb;
}

/* A child of a block: is it unreachable? The first such statement opens the block's one report. */
static void watch_stmt(dc_ctx *c, dc_frame *b, const dc_frame *f)
{
	dc_stmt k = c->lang->stmt(c, b, f);
	switch (k) {
	case DC_NOT_STMT: case DC_SKIP:
		return;
	case DC_RESET:
		b->jumped = false;
		return;
	case DC_STMT: case DC_JUMP:
		if (b->jumped) {
			if (!b->dead && !b->dead_eb) {
				b->dead = true;
				b->dead_sb = f->sb, b->dead_sp = ts_node_start_point(f->node);
			}
			if (b->dead)
				b->dead_eb = f->eb, b->dead_ep = ts_node_end_point(f->node);
		}
		if (k == DC_JUMP)
			b->jumped = true;
		return;
	}
}

/* A marker on the line of the report or the line above: the author knows (noqa, NOSONAR, eslint-disable, ...). */
static bool line_suppressed(const dc_ctx *c, uint32_t at)
{
	static const char *const marks[] = { "noqa", "nosonar", "nolint", "eslint-disable", "pylint:", "noinspection" };
	uint32_t b = at, e = at;
	unsigned lines = 0;
	while (b > 0 && lines < 2) {
		if (c->src[b - 1] == '\n')
			lines++;
		if (lines < 2)
			b--;
	}
	while (e < c->len && c->src[e] != '\n')
		e++;
	for (size_t i = 0; i < sizeof(marks) / sizeof(*marks); i++)
		if (has_ci(c->src + b, e - b, marks[i]))
			return true;
	return false;
}

static void leave_frame(dc_ctx *c, dc_frame *f, dc_items *out)
{
	/* One report per block; a parse error inside may have moved statements around. */
	if (f->block && f->dead && !f->in_raw && !ts_node_has_error(f->node) && !line_suppressed(c, f->dead_sb))
		add_item(c, out, DEAD_UNREACHABLE, f->dead_sb, f->dead_eb, f->dead_sp, f->dead_ep, 0, 0);
	f->dead = false;
}

/* Entering the node under the cursor at depth. */
static void enter_node(dc_ctx *c, TSTreeCursor *cur, uint32_t depth)
{
	TSNode n = ts_tree_cursor_current_node(cur);
	TSSymbol s = ts_node_symbol(n);
	uint8_t fl = scan_quality__dc_flags(c, s);
	bool leaf = ts_node_child_count(n) == 0;
	dc_frame *parent = depth ? &c->frames[(depth <= DC_DEPTH_MAX ? depth : DC_DEPTH_MAX) - 1] : NULL;
	dc_frame *f = NULL;
	bool raw_above = parent && parent->in_raw, import_above = parent && parent->in_import;

	if (depth < DC_DEPTH_MAX) {
		f = &c->frames[depth];
		memset(f, 0, sizeof(*f));
		f->node = n, f->sym = s, f->named = ts_node_is_named(n);
		f->field = ts_tree_cursor_current_field_id(cur);
		f->kind = f->named && s < c->nsym ? c->kind_of[s] : DK_NONE;
		f->sb = ts_node_start_byte(n), f->eb = ts_node_end_byte(n);
		f->fn = parent ? parent->fn : -1;
		f->cls = parent ? parent->cls : -1;
		f->in_import = import_above;
		f->in_raw = raw_above || (fl & DC_SYM_RAW);
		f->prev = parent ? parent->last : DK_NONE;
		if (parent && parent->block && f->named && !(fl & DC_SYM_COMMENT) && !parent->in_raw)
			watch_stmt(c, parent, f);
		if (c->lang->enter)
			c->lang->enter(c, f, parent);
		if (parent && f->named && !(fl & DC_SYM_COMMENT))
			parent->last = f->kind;
	}
	if (fl & DC_SYM_RAW) {
		if (!raw_above)
			add_words(c, ts_node_start_byte(n), ts_node_end_byte(n), 0);
		return;
	}
	if (!leaf)
		return;
	if (fl & DC_SYM_COMMENT) {
		add_words(c, ts_node_start_byte(n), ts_node_end_byte(n), DC_OCC_COMMENT);
	} else if ((fl & DC_SYM_STRING) && !import_above) {
		add_words(c, ts_node_start_byte(n), ts_node_end_byte(n), DC_OCC_STRING);
	} else if (!ts_node_is_named(n)) {
		/* a keyword that is also a name here (C#'s var, Java's record, ...) may be lexed as the keyword */
		uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
		bool word = e - b >= 2 && e <= c->len;
		for (uint32_t i = b; word && i < e; i++)
			word = word_byte((unsigned char)c->src[i], c->lang->dollar);
		if (word)
			add_use(c, b, e - b, 0);
	} else if ((fl & DC_SYM_IDENT) && !(f ? f->in_import : import_above)) {
		bool call = f && c->lang->is_call &&
		            c->lang->is_call(c, f, parent, depth >= 2 ? &c->frames[depth - 2] : NULL);
		add_use(c, ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n), call ? DC_OCC_CALL : 0);
	}
}

static void walk(dc_ctx *c, TSNode root, dc_items *out)
{
	TSTreeCursor cur = ts_tree_cursor_new(root);
	uint32_t depth = 0;

	enter_node(c, &cur, 0);
	while (!c->rc) {
		if (ts_tree_cursor_goto_first_child(&cur)) {
			enter_node(c, &cur, ++depth);
			continue;
		}
		for (;;) {
			if (depth < DC_DEPTH_MAX)
				leave_frame(c, &c->frames[depth], out);
			if (ts_tree_cursor_goto_next_sibling(&cur)) {
				enter_node(c, &cur, depth);
				break;
			}
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			depth--;
		}
	}
out:
	ts_tree_cursor_delete(&cur);
}

/* ---- verdicts ---- */

static bool poisoned(const dc_ctx *c, int32_t fn)
{
	const dc_scope *s;
	if (fn < 0 || (size_t)fn >= c->nscopes)
		return false;
	s = &c->scopes[fn];
	if (s->flags & DC_SCOPE_POISON)
		return true;
	if (!c->lang->poison)
		return false;
	for (const char *const *p = c->lang->poison; *p; p++)
		if (scan_quality__dc_mentions(c, *p, s->sb, s->eb, DC_OCC_COMMENT))
			return true;
	return false;
}

/* "identity_" + kind: a string naming the head of a function's name up to an underscore finds it by reflection. */
static bool named_by_prefix(const dc_ctx *c, const dc_cand *d)
{
	const dc_uses *u = c->uses;
	for (uint32_t e = d->name_sb + 2; e < d->name_eb; e++) {
		int64_t k;
		if (c->src[e] != '_' || (k = lookup(c, c->src + d->name_sb, e + 1 - d->name_sb)) < 0)
			continue;
		for (uint32_t i = u->first[k]; i < u->first[k + 1]; i++)
			if (u->at[i].flags & DC_OCC_STRING)
				return true;
	}
	return false;
}

static void decide(dc_ctx *c, const dc_cand *d, dc_items *out)
{
	if (d->dropped || scan_quality__dc_used(c, d->name_sb, d->name_eb, d->scope_sb, d->scope_eb, d->ignore))
		return;
	if (d->kind == DEAD_UNUSED_PRIVATE_FUNCTION && named_by_prefix(c, d))
		return;
	if (d->kind == DEAD_UNUSED_LOCAL || d->kind == DEAD_UNUSED_PARAMETER) {
		if (poisoned(c, d->fn))
			return;
	}
	if (d->kind == DEAD_UNUSED_PARAMETER && d->fn >= 0) {
		/*
		 * Only where the function is called, and only called: a function
		 * used as a value may have its signature chosen by whoever calls it
		 * back, and an uncalled one is dead whole.
		 */
		const dc_scope *s = &c->scopes[d->fn];
		if (!s->name_eb || !scan_quality__dc_used(c, s->name_sb, s->name_eb, 0, (uint32_t)c->len, DC_OCC_COMMENT) ||
		    scan_quality__dc_used(c, s->name_sb, s->name_eb, 0, (uint32_t)c->len, DC_OCC_CALL | DC_OCC_COMMENT))
			return;
	}
	if (line_suppressed(c, d->sb))
		return;
	add_item(c, out, (dead_kind)d->kind, d->sb, d->eb, d->sp, d->ep, d->name_sb, d->name_eb);
}

static int cmp_item(const void *a, const void *b)
{
	const dead_item *x = a, *y = b;
	if (x->sb != y->sb)
		return x->sb < y->sb ? -1 : 1;
	return (int)x->kind - (int)y->kind;
}

static void set_fields(dc_ctx *c, const TSLanguage *ts)
{
#define F(v, s) c->v = ts_language_field_id_for_name(ts, s, (uint32_t)strlen(s))
	F(f_name, "name"); F(f_body, "body"); F(f_function, "function"); F(f_value, "value");
	F(f_left, "left"); F(f_right, "right"); F(f_alias, "alias"); F(f_attribute, "attribute");
	F(f_definition, "definition"); F(f_initializer, "initializer"); F(f_declarator, "declarator");
	F(f_parameters, "parameters"); F(f_object, "object"); F(f_property, "property"); F(f_type, "type");
	F(f_pattern, "pattern"); F(f_label, "label"); F(f_kind, "kind"); F(f_decorator, "decorator");
	F(f_module_name, "module_name"); F(f_source, "source"); F(f_init, "init"); F(f_operand, "operand");
	F(f_field, "field"); F(f_expression, "expression");
#undef F
}

/* Walk one file for lang dl; items land in out, unsorted. */
static int run(scan_lang l, const dc_lang *dl, const TSTree *tree, const char *src, size_t len, const char *path,
               dc_items *out)
{
	dc_uses uses = { 0 };
	dc_ctx c = { 0 };
	const dc_table *t;
	size_t first_item = out->n;
	int rc = 0;

	pthread_once(&tables_once, build);
	t = &tables[l];
	if (!t->ok || !tree || len >= UINT32_MAX)
		return 0;
	c.lang = dl, c.l = l, c.src = src, c.len = len, c.path = path ? path : "";
	c.kind_of = t->kind, c.sym_flags = t->flags, c.nsym = t->nsym;
	c.uses = &uses;
	set_fields(&c, ts_tree_language(tree));
	if (!(c.frames = malloc(DC_DEPTH_MAX * sizeof(*c.frames)))) {
		rc = scan_error__oom();
		goto done;
	}
	walk(&c, ts_tree_root_node(tree), out);
	if (!c.rc && !c.no_uses)
		c.rc = index_uses(&uses);
	if (c.rc) {
		rc = scan_error__oom();
		goto done;
	}
	if (c.suppress_unreachable) {
		size_t k = first_item;
		for (size_t i = first_item; i < out->n; i++)
			if (out->v[i].kind != DEAD_UNREACHABLE)
				out->v[k++] = out->v[i];
		out->n = k;
	}
	if (!c.no_uses) {
		if (dl->finish)
			dl->finish(&c);
		if (!c.suppress_unused)
			for (size_t i = 0; i < c.ncands && !c.rc; i++)
				decide(&c, &c.cands[i], out);
		if (c.rc) {
			rc = scan_error__oom();
			goto done;
		}
	}
done:
	uses_free(&uses);
	free(c.frames);
	free(c.scopes);
	free(c.cands);
	return rc;
}

static int emit_all(dc_items *items, dead_emit_fn emit, void *ud)
{
	uint32_t dead_end = 0;
	int rc = 0;
	if (items->n > 1)
		qsort(items->v, items->n, sizeof(*items->v), cmp_item);
	for (size_t i = 0; i < items->n && !rc; i++) {
		const dead_item *it = &items->v[i];
		/* a local declared in unreachable code is part of that finding */
		if (it->kind == DEAD_UNREACHABLE && it->eb > dead_end)
			dead_end = it->eb;
		else if (it->kind == DEAD_UNUSED_LOCAL && it->sb < dead_end)
			continue;
		rc = emit(ud, it);
	}
	return rc;
}

int scan_quality__dead_code(scan_lang l, const TSTree *tree, const char *src, size_t len, const char *path,
                            dead_emit_fn emit, void *ud)
{
	const dc_lang *dl = lang_of(l);
	dc_items items = { 0 };
	int rc;

	if (!dl)
		return 0;
	if ((rc = run(l, dl, tree, src, len, path, &items)) == 0)
		rc = emit_all(&items, emit, ud);
	free(items.v);
	return rc;
}
