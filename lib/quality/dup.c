/* lib/quality/dup.c - token-based clone detection: normalised tokens, rolling hashes, extension */
#include <stdlib.h>
#include <string.h>
#include "quality/dup.h"
#include "quality/quality.h"
#include "util/error.h"

#define DUP_ID 1u
#define DUP_LIT 2u
#define DUP_WALK_DEPTH_MAX 600
#define DUP_CANDIDATES_MAX 32
#define DUP_MIN_DISTINCT 12

typedef struct {
	dup_token *t;
	uint32_t n, cap;
	int rc;
} tok_vec;

static void push(tok_vec *v, uint32_t hash, uint32_t line)
{
	if (v->rc)
		return;
	if (v->n == v->cap) {
		uint32_t cap = v->cap ? 2 * v->cap : 256;
		dup_token *t = cap > v->cap ? realloc(v->t, (size_t)cap * sizeof(*t)) : NULL;
		if (!t) {
			v->rc = SCAN_ENOMEM;
			return;
		}
		v->t = t, v->cap = cap;
	}
	v->t[v->n].hash = hash;
	v->t[v->n++].line = line;
}

static uint32_t fnv(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h < 16 ? h + 16 : h; /* clear of DUP_ID and DUP_LIT */
}

int scan__dup_tokens(dup_token **out, uint32_t *n, scan_lang l, const TSTree *tree, const char *src, size_t len)
{
	const q_lang *q = scan__quality_lang(l);
	tok_vec v = { 0 };
	TSTreeCursor cur;
	unsigned depth = 0;

	*out = NULL, *n = 0;
	if (!q || !tree)
		return 0;
	cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&cur);
		TSSymbol s = ts_node_symbol(node);
		q_tok cls = s < q->nsym && ts_node_is_named(node) ? (q_tok)q->tok[s] : Q_TOK_PLAIN;
		bool descend = false;

		if (cls == Q_TOK_SKIP) {
			/* not tokens */
		} else if (cls == Q_TOK_LITERAL) {
			push(&v, DUP_LIT, ts_node_start_point(node).row + 1);
		} else if (ts_node_child_count(node) == 0) {
			uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
			if (e > b && e <= len)
				push(&v, cls == Q_TOK_IDENT ? DUP_ID : fnv(src + b, e - b), ts_node_start_point(node).row + 1);
		} else {
			descend = depth < DUP_WALK_DEPTH_MAX;
		}
		if (v.rc)
			break;
		if (descend && ts_tree_cursor_goto_first_child(&cur)) {
			depth++;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			depth--;
		}
	}
out:
	ts_tree_cursor_delete(&cur);
	if (v.rc) {
		free(v.t);
		return scan__error_oom();
	}
	*out = v.t, *n = v.n;
	return 0;
}

/* ---- finding clones ---- */

#define B 1000003ull

typedef struct {
	uint64_t hash;
	uint32_t file, pos;
	uint32_t next;               /* slot of the previous window with this hash, +1; 0: none */
} win;

typedef struct {
	uint32_t *head;              /* bucket -> slot + 1 of the latest window in it */
	win *w;
	size_t n, cap;
	uint64_t mask;
} win_index;

static bool same(const dup_file *fa, uint32_t a, const dup_file *fb, uint32_t b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (fa->t[a + i].hash != fb->t[b + i].hash)
			return false;
	return true;
}

/*
 * Tables of constants (enum members, lookup arrays) repeat a few token kinds
 * over and over; once identifiers and literals are normalised, any two look
 * alike. A block of code uses more kinds than that.
 */
static bool is_table(const dup_file *f, uint32_t start, uint32_t len)
{
	uint32_t seen[DUP_MIN_DISTINCT], n = 0;
	for (uint32_t i = 0; i < len && n < DUP_MIN_DISTINCT; i++) {
		uint32_t h = f->t[start + i].hash, k = 0;
		while (k < n && seen[k] != h)
			k++;
		if (k == n)
			seen[n++] = h;
	}
	return n < DUP_MIN_DISTINCT;
}

static int clones_push(dup_clone **v, size_t *n, size_t *cap, const dup_clone *c)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 64;
		dup_clone *nv = realloc(*v, nc * sizeof(*nv));
		if (!nv)
			return scan__error_oom();
		*v = nv, *cap = nc;
	}
	(*v)[(*n)++] = *c;
	return 0;
}

int scan__dup_find(const dup_file *files, size_t nfiles, dup_clone **out, size_t *nout)
{
	win_index ix = { 0 };
	dup_clone *v = NULL;
	size_t nv = 0, cv = 0, total = 0, buckets = 1024;
	uint64_t pow = 1;
	int rc = 0;

	*out = NULL, *nout = 0;
	for (size_t f = 0; f < nfiles; f++)
		total += files[f].n >= DUP_MIN_TOKENS ? files[f].n - DUP_MIN_TOKENS + 1 : 0;
	if (!total)
		return 0;
	if (total > UINT32_MAX - 1)
		return scan__error(SCAN_ELIMIT, "too many tokens for duplication detection");
	while (buckets < total)
		buckets <<= 1;
	ix.mask = buckets - 1;
	if (!(ix.head = calloc(buckets, sizeof(*ix.head))) || !(ix.w = malloc(total * sizeof(*ix.w)))) {
		free(ix.head);
		return scan__error_oom();
	}
	for (unsigned i = 0; i < DUP_MIN_TOKENS - 1; i++)
		pow *= B;
	for (uint32_t f = 0; f < nfiles && !rc; f++) {
		const dup_file *F = &files[f];
		uint64_t h = 0;
		uint32_t skip_to = 0;
		if (F->n < DUP_MIN_TOKENS)
			continue;
		for (uint32_t i = 0; i < DUP_MIN_TOKENS; i++)
			h = h * B + F->t[i].hash;
		for (uint32_t p = 0; p + DUP_MIN_TOKENS <= F->n && !rc; p++) {
			uint64_t b;
			unsigned tries = 0;
			win *me;
			if (p) /* roll: drop token p-1, add token p+MIN-1 */
				h = (h - F->t[p - 1].hash * pow) * B + F->t[p + DUP_MIN_TOKENS - 1].hash;
			b = (h ^ (h >> 29)) & ix.mask;
			if (p >= skip_to) {
				/* a bounded look back: one code base's thousand identical stubs must not go quadratic */
				for (uint32_t s = ix.head[b]; s && tries < DUP_CANDIDATES_MAX; s = ix.w[s - 1].next, tries++) {
					const win *o = &ix.w[s - 1];
					const dup_file *G = &files[o->file];
					uint32_t len = DUP_MIN_TOKENS, room;
					dup_clone c;
					if (o->hash != h || (o->file == f && o->pos + DUP_MIN_TOKENS > p))
						continue;
					if (!same(G, o->pos, F, p, DUP_MIN_TOKENS))
						continue;
					room = F->n - p;
					if (o->file == f && p - o->pos < room)
						room = p - o->pos; /* a copy within the file does not overlap itself */
					if (G->n - o->pos < room)
						room = G->n - o->pos;
					while (len < room && G->t[o->pos + len].hash == F->t[p + len].hash)
						len++;
					if (F->t[p + len - 1].line - F->t[p].line + 1 < DUP_MIN_LINES ||
					    G->t[o->pos + len - 1].line - G->t[o->pos].line + 1 < DUP_MIN_LINES)
						break; /* long enough in tokens but too short in lines: not a block */
					if (is_table(F, p, len))
						break;
					c.a = o->file, c.a_start = o->pos, c.b = f, c.b_start = p, c.len = len;
					rc = clones_push(&v, &nv, &cv, &c);
					skip_to = p + len; /* the rest of this block is the same clone */
					break;
				}
			}
			me = &ix.w[ix.n];
			me->hash = h, me->file = f, me->pos = p, me->next = ix.head[b];
			ix.head[b] = (uint32_t)++ix.n;
		}
	}
	free(ix.head);
	free(ix.w);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v, *nout = nv;
	return 0;
}
