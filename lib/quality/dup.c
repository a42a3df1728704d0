/* lib/quality/dup.c - token-based clone detection: normalised tokens, rolling hashes, extension */
#include <stdlib.h>
#include <string.h>
#include "parse/tree.h"
#include "quality/dup.h"
#include "quality/quality.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/hash.h"

#define DUP_WALK_DEPTH_MAX 600
#define DUP_CANDIDATES_MAX 32
#define DUP_MIN_DISTINCT 10

typedef struct {
	dup_token *t;
	uint32_t n;
	size_t cap;
	int rc;
} tok_vec;

static void push(tok_vec *v, uint32_t hash, uint32_t line)
{
	if (v->rc)
		return;
	/* the count is handed on as a uint32_t */
	if (v->n == UINT32_MAX || scan_array_reserve(&v->t, &v->cap, (size_t)v->n + 1, sizeof(*v->t))) {
		v->rc = SCAN_ENOMEM;
		return;
	}
	v->t[v->n].hash = hash;
	v->t[v->n++].line = line;
}

/* The token's hash: kind in the low two bits, its text above them. */
static uint32_t token_hash(uint32_t kind, const char *s, size_t n)
{
	uint32_t h = scan_hash__bytes32(SCAN_HASH32_SEED, s, n);

	h = h << 2 | kind;
	return h ? h : 4; /* an operator's key is never 0, nor DUP_ID or DUP_LIT */
}

int scan_dup__tokens(dup_token **out, uint32_t *n, scan_lang l, const TSTree *tree, const char *src, size_t len)
{
	const q_lang *q = scan_quality__lang(l);
	tok_vec v = { 0 };
	TSTreeCursor cur;
	uint32_t depth = 0;

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
		} else if (cls == Q_TOK_LITERAL || ts_node_child_count(node) == 0) {
			uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
			uint32_t row = ts_node_start_point(node).row, kind = cls == Q_TOK_IDENT ? DUP_ID : 0;
			/* a literal as long as a block (a table in one string) is a copy only when it is the same */
			if (cls == Q_TOK_LITERAL && ts_node_end_point(node).row - row + 1 < DUP_MIN_LINES)
				kind = DUP_LIT;
			if (e > b && e <= len)
				push(&v, token_hash(kind, src + b, e - b), row + 1);
			else if (cls == Q_TOK_LITERAL)
				push(&v, DUP_LIT, row + 1);
		} else {
			descend = depth < DUP_WALK_DEPTH_MAX;
		}
		if (v.rc || !scan_parse__walk_next(&cur, descend, &depth))
			break;
	}
	ts_tree_cursor_delete(&cur);
	if (v.rc) {
		free(v.t);
		return scan_error__oom();
	}
	*out = v.t, *n = v.n;
	return 0;
}

/* ---- finding clones ---- */

#define B 1000003ull

typedef struct {
	uint32_t hash;               /* the high half of the window's hash; the low half chose the bucket */
	uint32_t file, pos;
	uint32_t next;               /* slot of the previous window in this bucket, +1; 0: none */
} win;

typedef struct {
	uint32_t *head;              /* bucket -> slot + 1 of the latest window in it */
	win *w;
	size_t n, cap;
	uint64_t mask;
} win_index;

static uint64_t bucket_of(const win_index *ix, uint64_t h)
{
	return (h ^ (h >> 29)) & ix->mask;
}

static int index_add(win_index *ix, uint64_t h, uint32_t file, uint32_t pos)
{
	uint64_t b = bucket_of(ix, h);
	/* head[] and next hold a slot + 1 as a uint32_t */
	if (ix->n + 1 >= UINT32_MAX)
		return scan_error__oom();
	if (scan_array_reserve(&ix->w, &ix->cap, ix->n + 1, sizeof(*ix->w)))
		return SCAN_ENOMEM;
	ix->w[ix->n] = (win){ (uint32_t)(h >> 32), file, pos, ix->head[b] };
	ix->head[b] = (uint32_t)++ix->n;
	return 0;
}

/* Token x matches y: exactly, or by key (names and values normalised). */
static bool token_match(uint32_t x, uint32_t y, bool exact)
{
	return exact ? x == y : scan_dup__key(x) == scan_dup__key(y);
}

static bool same(const dup_file *fa, uint32_t a, const dup_file *fb, uint32_t b, uint32_t n, bool exact)
{
	for (uint32_t i = 0; i < n; i++)
		if (!token_match(fa->t[a + i].hash, fb->t[b + i].hash, exact))
			return false;
	return true;
}

/*
 * Tables of constants (enum members, lookup arrays) repeat a few token kinds
 * over and over; once identifiers and literals are normalised, any two look
 * alike. A block of code uses more kinds than that. The kinds of the window
 * are counted as it slides, in 256 slots, so two kinds may now and then
 * share one: a window counted as a table is then only held to an exact copy.
 */
typedef struct {
	uint8_t count[256];          /* a window has DUP_MIN_TOKENS < 256 tokens */
	unsigned kinds, literals;
} kind_count;

static unsigned kind_slot(uint32_t hash)
{
	return (scan_dup__key(hash) * 2654435761u) >> 24;
}

static void kind_add(kind_count *k, uint32_t hash)
{
	if (k->count[kind_slot(hash)]++ == 0)
		k->kinds++;
	k->literals += (hash & 3u) == DUP_LIT;
}

static void kind_drop(kind_count *k, uint32_t hash)
{
	if (--k->count[kind_slot(hash)] == 0)
		k->kinds--;
	k->literals -= (hash & 3u) == DUP_LIT;
}

/* Few kinds, or values as much as a quarter of it (rows of numbers between a few headers): data. */
static bool is_table(const kind_count *k)
{
	return k->kinds < DUP_MIN_DISTINCT || 4 * k->literals >= DUP_MIN_TOKENS;
}

/*
 * How many tokens the copy at G[a], F[b] runs for, its first window of
 * DUP_MIN_TOKENS known to match and k the kinds of F's. The window slides
 * on with it: where it is a table the tokens must be exact, and a copy that
 * ends in a table that differs ends where the table does, not after the
 * look-alike rows up to the first window counted as one.
 */
static uint32_t extend(const dup_file *G, uint32_t a, const dup_file *F, uint32_t b, uint32_t room, kind_count k)
{
	uint32_t len = DUP_MIN_TOKENS, table_at = 0;
	bool began_as_table = is_table(&k), in_table = began_as_table;

	for (; len < room; len++) {
		uint32_t x = G->t[a + len].hash, y = F->t[b + len].hash;
		if (scan_dup__key(x) != scan_dup__key(y))
			return len;
		kind_drop(&k, F->t[b + len - DUP_MIN_TOKENS].hash);
		kind_add(&k, y);
		if (!is_table(&k)) {
			in_table = false;
		} else {
			if (!in_table)
				in_table = true, table_at = len;
			if (x != y)
				break;
		}
	}
	if (len == room || (began_as_table && !table_at))
		return len;
	/* the table began inside the window that first counted as one: cut at its first difference */
	for (uint32_t i = table_at >= DUP_MIN_TOKENS ? table_at - DUP_MIN_TOKENS + 1 : 0; i < len; i++)
		if (G->t[a + i].hash != F->t[b + i].hash)
			return i;
	return len;
}

/*
 * How far before a match at G[a], F[b] the copy began (windows are indexed
 * one in DUP_WINNOW, so a copy may be found a few tokens in), not reaching
 * back before F's from.
 */
static uint32_t extend_back(const dup_file *G, uint32_t a, const dup_file *F, uint32_t b, uint32_t from, bool table)
{
	uint32_t back = 0;
	while (back < DUP_MIN_TOKENS && back < a && b - back > from) {
		if (!token_match(G->t[a - back - 1].hash, F->t[b - back - 1].hash, table))
			break;
		back++;
	}
	return back;
}

/*
 * A copy long enough in tokens but too short in lines (minified code on a few
 * long lines) stays so all along its diagonal (one offset between the two
 * files): each later window on it would extend to the same end, so it is
 * remembered, or one long line copied twice would cost its length squared.
 */
typedef struct {
	int64_t diagonal;            /* the other copy's position minus this one's */
	uint32_t file, end;          /* the other copy's file; where the copy ended in this one */
} short_copy;

#define DUP_SHORT_COPIES (2 * DUP_CANDIDATES_MAX)

static bool on_short_copy(const short_copy *v, unsigned n, uint32_t file, int64_t diagonal, uint32_t p)
{
	for (unsigned i = 0; i < n && i < DUP_SHORT_COPIES; i++)
		if (v[i].file == file && v[i].diagonal == diagonal && p < v[i].end)
			return true;
	return false;
}

static int clones_push(dup_clone **v, size_t *n, size_t *cap, const dup_clone *c)
{
	if (scan_array_reserve(v, cap, *n + 1, sizeof(**v)))
		return SCAN_ENOMEM;
	(*v)[(*n)++] = *c;
	return 0;
}

int scan_dup__find(const dup_file *files, size_t nfiles, dup_clone **out, size_t *nout)
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
		return scan_util__error(SCAN_ELIMIT, "too many tokens for duplication detection");
	while (buckets < 2 * total / (DUP_WINNOW + 1)) /* the share of windows winnowing indexes */
		buckets <<= 1;
	ix.mask = buckets - 1;
	if (!(ix.head = calloc(buckets, sizeof(*ix.head))))
		return scan_error__oom();
	for (unsigned i = 0; i < DUP_MIN_TOKENS - 1; i++)
		pow *= B;
	for (uint32_t f = 0; f < nfiles && !rc; f++) {
		const dup_file *F = &files[f];
		uint64_t hk = 0, hx = 0; /* rolling hashes of the window's keys and of its exact tokens */
		uint32_t skip_to = 0, last = UINT32_MAX;
		short_copy shorts[DUP_SHORT_COPIES];
		unsigned nshort = 0;
		uint64_t ring[DUP_WINNOW]; /* the hashes of windows p - DUP_WINNOW + 1 .. p, at pos % DUP_WINNOW */
		kind_count kc;
		if (F->n < DUP_MIN_TOKENS)
			continue;
		memset(&kc, 0, sizeof(kc));
		for (uint32_t i = 0; i < DUP_MIN_TOKENS; i++) {
			hk = hk * B + scan_dup__key(F->t[i].hash);
			hx = hx * B + F->t[i].hash;
			kind_add(&kc, F->t[i].hash);
		}
		for (uint32_t p = 0; p + DUP_MIN_TOKENS <= F->n && !rc; p++) {
			uint64_t b, h;
			unsigned tries = 0;
			uint32_t lo, pick;
			bool table;
			if (p) { /* roll: drop token p-1, add token p+MIN-1 */
				uint32_t in = F->t[p + DUP_MIN_TOKENS - 1].hash, gone = F->t[p - 1].hash;
				hk = (hk - scan_dup__key(gone) * pow) * B + scan_dup__key(in);
				hx = (hx - gone * pow) * B + in;
				kind_drop(&kc, gone);
				kind_add(&kc, in);
			}
			/* a table is indexed by its exact tokens, so its copy is not lost among look-alikes */
			table = is_table(&kc);
			h = table ? hx : hk;
			b = bucket_of(&ix, h);
			if (p >= skip_to) {
				/*
				 * The longest copy among the candidates, so a block repeated with small
				 * changes is reported against its closest copy. A bounded look back: one
				 * code base's thousand identical stubs must not go quadratic.
				 */
				const win *best = NULL;
				uint32_t best_len = 0, best_back = 0;
				for (uint32_t s = ix.head[b]; s && tries < DUP_CANDIDATES_MAX; s = ix.w[s - 1].next, tries++) {
					const win *o = &ix.w[s - 1];
					const dup_file *G = &files[o->file];
					uint32_t len, room, back;
					if (o->hash != (uint32_t)(h >> 32) || (o->file == f && o->pos + DUP_MIN_TOKENS > p) ||
					    on_short_copy(shorts, nshort, o->file, (int64_t)o->pos - p, p))
						continue;
					if (!same(G, o->pos, F, p, DUP_MIN_TOKENS, table))
						continue;
					room = F->n - p;
					if (o->file == f && p - o->pos < room)
						room = p - o->pos; /* a copy within the file does not overlap itself */
					if (G->n - o->pos < room)
						room = G->n - o->pos;
					if ((len = extend(G, o->pos, F, p, room, kc)) < DUP_MIN_TOKENS)
						continue;
					back = extend_back(G, o->pos, F, p, skip_to, table);
					if (o->file == f && len + back > p - o->pos)
						back = p - o->pos - len; /* nor when it began a little earlier */
					if (len + back <= best_len)
						continue;
					if (F->t[p + len - 1].line - F->t[p - back].line + 1 < DUP_MIN_LINES ||
					    G->t[o->pos + len - 1].line - G->t[o->pos - back].line + 1 < DUP_MIN_LINES) {
						/* long enough in tokens but too short in lines: not a block */
						shorts[nshort++ % DUP_SHORT_COPIES] = (short_copy){ (int64_t)o->pos - p, o->file, p + len };
						continue;
					}
					best = o, best_len = len + back, best_back = back;
				}
				if (best) {
					dup_clone c = { best->file, best->pos - best_back, f, p - best_back, best_len };
					rc = clones_push(&v, &nv, &cv, &c);
					skip_to = p - best_back + best_len; /* the rest of this block is the same clone */
				}
			}
			/* index the least hash of the last DUP_WINNOW windows (the latest of equals), once */
			ring[p % DUP_WINNOW] = h;
			lo = p >= DUP_WINNOW - 1 ? p - (DUP_WINNOW - 1) : 0;
			pick = lo;
			for (uint32_t q = lo + 1; q <= p; q++)
				if (ring[q % DUP_WINNOW] <= ring[pick % DUP_WINNOW])
					pick = q;
			if (pick != last && !rc) {
				rc = index_add(&ix, ring[pick % DUP_WINNOW], f, pick);
				last = pick;
			}
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
