/* lib/aiasset/inventory.c - assets merged by identity, evidence and relations kept in an order of their own */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/inventory.h"
#include "scan/array.h"
#include "scan/buf.h"
#include "util/error.h"

#define SNIPPET_MAX 200

void scan_aiasset__builder_init(scan_ai_builder *b)
{
	memset(b, 0, sizeof(*b));
}

void scan_aiasset__builder_dispose(scan_ai_builder *b)
{
	scan_map_dispose(&b->index);
	scan_map_dispose(&b->relation_index);
	free(b->slots);
	free(b->pending);
	free(b->gaps);
	free(b->assets);
	free(b->relations);
	scan_arena__dispose(&b->arena);
	memset(b, 0, sizeof(*b));
}

int scan_aiasset__identity(scan_buf *out, const char *type, const char *provider, const char *key, bool fold_case)
{
	size_t start;

	scan_buf_clear(out);
	if (scan_buf_printf(out, "%s|%s|", type, provider ? provider : ""))
		return SCAN_ENOMEM;
	start = out->size;
	if (scan_buf_puts(out, key ? key : ""))
		return SCAN_ENOMEM;
	for (size_t i = start; fold_case && i < out->size; i++)
		if (out->ptr[i] >= 'A' && out->ptr[i] <= 'Z')
			out->ptr[i] = (char)(out->ptr[i] - 'A' + 'a');
	return 0;
}

static const char *dup(scan_ai_builder *b, const char *s)
{
	return s ? scan_arena__strdup(&b->arena, s) : NULL;
}

static int copy_strings(scan_ai_builder *b, scan_ai_asset *d, const scan_ai_asset *a)
{
	const char **dst[] = { &d->name, &d->provider, &d->version, &d->pinning, &d->pinning_reason, &d->sha256,
	                       &d->hash_skipped, &d->transport, &d->package };
	const char *const src[] = { a->name, a->provider, a->version, a->pinning, a->pinning_reason, a->sha256,
	                            a->hash_skipped, a->transport, a->package };

	for (size_t i = 0; i < sizeof(src) / sizeof(src[0]); i++) {
		if (*dst[i] || !src[i])
			continue;
		if (!(*dst[i] = dup(b, src[i])))
			return scan_error__oom();
	}
	return 0;
}

int scan_aiasset__add(scan_ai_builder *b, const scan_ai_asset *a, size_t *slot)
{
	size_t at;
	scan_ai_asset *d;
	int rc;

	if (scan_map_get(&b->index, a->identity, NULL, &at)) {
		d = &b->slots[at].a;
		/* Evidence of another kind corroborates: a manifest and an import say more than either. */
		if ((a->declared && !d->declared) || (a->used_in_code && !d->used_in_code)) {
			unsigned hi = a->confidence > d->confidence ? a->confidence : d->confidence;
			d->confidence = hi + 10 > 100 ? 100 : hi + 10;
		} else if (a->confidence > d->confidence) {
			d->confidence = a->confidence;
		}
		d->declared |= a->declared;
		d->used_in_code |= a->used_in_code;
		if (!d->size)
			d->size = a->size;
		*slot = at;
		return copy_strings(b, d, a);
	}
	if (b->nslots >= SCAN_AI_ASSETS_MAX) {
		if (!b->full)
			rc = scan_aiasset__gap(b, NULL, 0, "more AI assets than the inventory keeps; the rest were not listed");
		else
			rc = 0;
		b->full = true;
		return rc ? rc : SCAN_ELIMIT;
	}
	if (scan_array_reserve(&b->slots, &b->slots_cap, b->nslots + 1, sizeof(*b->slots)))
		return SCAN_ENOMEM;
	d = &b->slots[b->nslots].a;
	memset(&b->slots[b->nslots], 0, sizeof(b->slots[b->nslots]));
	if (!(d->identity = dup(b, a->identity)) || !(d->type = dup(b, a->type)))
		return scan_error__oom();
	d->confidence = a->confidence > 100 ? 100 : a->confidence;
	d->declared = a->declared;
	d->used_in_code = a->used_in_code;
	d->size = a->size;
	if ((rc = copy_strings(b, d, a)) != 0)
		return rc;
	if ((rc = scan_map_put(&b->index, d->identity, NULL, b->nslots, NULL)) < 0)
		return rc;
	*slot = b->nslots++;
	return 0;
}

static int cmp_evidence(const scan_ai_evidence *x, const scan_ai_evidence *y)
{
	int c = strcmp(x->file_path ? x->file_path : "", y->file_path ? y->file_path : "");
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->signal, y->signal);
}

int scan_aiasset__evidence(scan_ai_builder *b, size_t slot, const char *file_path, uint32_t line, const char *signal,
                           const char *snippet)
{
	scan_ai_slot *s = &b->slots[slot];
	scan_ai_evidence e = { file_path, line, signal, NULL };
	size_t n = s->a.nevidence, at;

	/* The same place seen twice (two signals on one line of one kind) is one piece of evidence. */
	for (size_t i = 0; i < n; i++)
		if (!cmp_evidence(&s->ev[i], &e))
			return 0;
	s->a.nevidence_total++;
	for (at = n; at > 0 && cmp_evidence(&e, &s->ev[at - 1]) < 0; at--)
		;
	if (at >= SCAN_AI_EVIDENCE_MAX)
		return 0;
	if (!(e.file_path = dup(b, file_path)) || !(e.signal = dup(b, signal)))
		return scan_error__oom();
	if (snippet) {
		size_t len = strcspn(snippet, "\r\n");
		while (len && (*snippet == ' ' || *snippet == '\t'))
			snippet++, len--;
		if (len > SNIPPET_MAX)
			len = SNIPPET_MAX;
		if (!(e.snippet = scan_arena__strndup(&b->arena, snippet, len)))
			return scan_error__oom();
	}
	if (n == SCAN_AI_EVIDENCE_MAX)
		n--; /* the largest falls off */
	memmove(&s->ev[at + 1], &s->ev[at], (n - at) * sizeof(e));
	s->ev[at] = e;
	s->a.nevidence = n + 1;
	return 0;
}

int scan_aiasset__relate(scan_ai_builder *b, const char *from, const char *kind, const char *to)
{
	scan_ai_pending_relation *p;
	size_t existing, fklen = strlen(from) + strlen(kind) + 2;
	char *fk;
	int rc;

	if (!strcmp(from, to))
		return 0;
	if (b->npending >= SCAN_AI_RELATIONS_MAX)
		return 0;
	if (scan_array_reserve(&b->pending, &b->pending_cap, b->npending + 1, sizeof(*b->pending)))
		return SCAN_ENOMEM;
	p = &b->pending[b->npending];
	if (!(p->from = dup(b, from)) || !(p->kind = dup(b, kind)) || !(p->to = dup(b, to)))
		return scan_error__oom();
	/* from|kind as the first part of the key, to as the second */
	if (!(fk = scan_arena__alloc(&b->arena, fklen)))
		return scan_error__oom();
	snprintf(fk, fklen, "%s|%s", from, kind);
	if ((rc = scan_map_put(&b->relation_index, fk, p->to, b->npending, &existing)) < 0)
		return rc;
	if (rc == 1)
		return 0; /* known already */
	b->npending++;
	return 0;
}

int scan_aiasset__gap(scan_ai_builder *b, const char *file_path, uint32_t line, const char *reason)
{
	scan_ai_gap *g;

	if (b->ngaps >= SCAN_AI_GAPS_MAX) {
		b->gaps_dropped++;
		return 0;
	}
	if (scan_array_reserve(&b->gaps, &b->gaps_cap, b->ngaps + 1, sizeof(*b->gaps)))
		return SCAN_ENOMEM;
	g = &b->gaps[b->ngaps];
	g->file_path = dup(b, file_path);
	g->line = line;
	if (!(g->reason = dup(b, reason)) || (file_path && !g->file_path))
		return scan_error__oom();
	b->ngaps++;
	return 0;
}

bool scan_aiasset__find(const scan_ai_builder *b, const char *identity, size_t *slot)
{
	return scan_map_get(&b->index, identity, NULL, slot);
}

static int cmp_asset(const void *x, const void *y)
{
	return strcmp(((const scan_ai_asset *)x)->identity, ((const scan_ai_asset *)y)->identity);
}

static int cmp_relation_ptr(const scan_ai_relation *x, const scan_ai_relation *y)
{
	int c;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if ((c = strcmp(x->kind, y->kind)))
		return c;
	return x->to < y->to ? -1 : x->to > y->to;
}

static int cmp_relation(const void *x, const void *y)
{
	return cmp_relation_ptr(x, y);
}

static int cmp_gap(const void *x, const void *y)
{
	const scan_ai_gap *a = x, *b = y;
	int c = strcmp(a->file_path ? a->file_path : "", b->file_path ? b->file_path : "");
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return strcmp(a->reason, b->reason);
}

/* The index of identity among the sorted assets, or (size_t)-1. */
static size_t sorted_index(const scan_ai_asset *v, size_t n, const char *identity)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v[mid].identity, identity);
		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (size_t)-1;
}

int scan_aiasset__finish(scan_ai_builder *b, const scan_ai_inventory **out)
{
	size_t k = 0;

	if (b->nslots && !(b->assets = calloc(b->nslots, sizeof(*b->assets))))
		return scan_error__oom();
	for (size_t i = 0; i < b->nslots; i++) {
		b->assets[i] = b->slots[i].a;
		b->assets[i].evidence = b->slots[i].ev;
	}
	if (b->nslots > 1)
		qsort(b->assets, b->nslots, sizeof(*b->assets), cmp_asset);
	if (b->npending && !(b->relations = calloc(b->npending, sizeof(*b->relations))))
		return scan_error__oom();
	for (size_t i = 0; i < b->npending; i++) {
		size_t f = sorted_index(b->assets, b->nslots, b->pending[i].from);
		size_t t = sorted_index(b->assets, b->nslots, b->pending[i].to);
		if (f == (size_t)-1 || t == (size_t)-1)
			continue;
		b->relations[k].from = f;
		b->relations[k].to = t;
		b->relations[k].kind = b->pending[i].kind;
		k++;
	}
	b->nrelations = k;
	if (k > 1)
		qsort(b->relations, k, sizeof(*b->relations), cmp_relation);
	if (b->ngaps > 1)
		qsort(b->gaps, b->ngaps, sizeof(*b->gaps), cmp_gap);
	if (b->gaps_dropped) {
		/* Which gaps were kept depends on arrival; their number does not, and it is said. */
		char msg[96];
		b->ngaps = SCAN_AI_GAPS_MAX - 1;
		snprintf(msg, sizeof(msg), "%zu more gaps not listed", b->gaps_dropped + 1);
		if (scan_aiasset__gap(b, NULL, 0, msg))
			return scan_error__oom();
	}
	b->inv.assets = b->assets;
	b->inv.nassets = b->nslots;
	b->inv.relations = b->relations;
	b->inv.nrelations = b->nrelations;
	b->inv.gaps = b->gaps;
	b->inv.ngaps = b->ngaps;
	*out = &b->inv;
	return 0;
}

const char *scan_ai_coverage_status(const scan_ai_inventory *inv)
{
	return inv && !inv->ngaps ? "complete" : "partial";
}
