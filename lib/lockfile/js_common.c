/* lib/lockfile/js_common.c - the graph the JavaScript lockfile extractors share */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/js_common.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/hash.h"

const scan_lockfile__js_group scan_lockfile__js_manifest_groups[4] = {
	{ "dependencies", SCAN_SCA_JS_PROD },
	{ "optionalDependencies", SCAN_SCA_JS_OPT },
	/* npm 7 and later install peers; for the project they are as good as its own */
	{ "peerDependencies", SCAN_SCA_JS_PROD },
	{ "devDependencies", SCAN_SCA_JS_DEV },
};

uint64_t scan_lockfile__js_hash_more(uint64_t h, const char *s, size_t len)
{
	return scan_hash__bytes(h, s, len);
}

uint64_t scan_lockfile__js_hash(const char *s, size_t len)
{
	return scan_hash__bytes(SCAN_HASH_SEED, s, len);
}

int scan_lockfile__js_map_add(scan_lockfile__js_map *m, uint64_t hash, int value)
{
	scan_lockfile__js_entry *e;
	size_t first;
	uint64_t *key;
	int err;

	if (scan_array_reserve(&m->entries, &m->cap, m->count + 1, sizeof(*m->entries)))
		return SCAN_ENOMEM;
	e = &m->entries[m->count];
	e->value = value, e->next = e->last = 0;
	if (scan_map_get_bytes(&m->first, &hash, sizeof(hash), NULL, 0, &first)) {
		scan_lockfile__js_entry *f = &m->entries[first];
		m->entries[f->last ? f->last - 1 : first].next = m->count + 1;
		f->last = m->count + 1;
	} else {
		if (!(key = scan_arena__alloc(&m->keys, sizeof(*key))))
			return scan_error__oom();
		*key = hash;
		if ((err = scan_map_put_bytes(&m->first, key, sizeof(*key), NULL, 0, m->count, NULL)) < 0)
			return err;
	}
	m->count++;
	return 0;
}

int scan_lockfile__js_map_next(const scan_lockfile__js_map *m, uint64_t hash, size_t *cursor)
{
	size_t at;

	if (!*cursor) {
		if (!scan_map_get_bytes(&m->first, &hash, sizeof(hash), NULL, 0, &at))
			return -1;
	} else if (*cursor == SIZE_MAX) {
		return -1;
	} else {
		at = *cursor - 1;
	}
	/* The cursor is 1 + the index of the next entry, or SIZE_MAX past the last. */
	*cursor = m->entries[at].next ? m->entries[at].next : SIZE_MAX;
	return m->entries[at].value;
}

void scan_lockfile__js_map_dispose(scan_lockfile__js_map *m)
{
	scan_map_dispose(&m->first);
	scan_arena__dispose(&m->keys);
	free(m->entries);
	memset(m, 0, sizeof(*m));
}

int scan_lockfile__js_pkg_new(scan_sca_doc *d, scan_lockfile__js_graph *g, unsigned line)
{
	scan_lockfile__js_pkg *p;

	if (g->npkgs >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, line, "more than %d packages", SCAN_SCA_COMPONENTS_MAX);
	if (!(p = scan_array_push(&g->pkgs, &g->npkgs, &g->pkgs_cap, sizeof(*g->pkgs))))
		return SCAN_ENOMEM;
	p->line = line;
	return (int)g->npkgs - 1;
}

int scan_lockfile__js_edge_add(scan_sca_doc *d, scan_lockfile__js_graph *g, int from, int to, unsigned kind)
{
	if (g->nedges >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&g->edges, &g->edges_cap, g->nedges + 1, sizeof(*g->edges)))
		return SCAN_ENOMEM;
	g->edges[g->nedges].from = from;
	g->edges[g->nedges].to = to;
	g->edges[g->nedges].kind = kind;
	g->nedges++;
	return 0;
}

void scan_lockfile__js_graph_dispose(scan_lockfile__js_graph *g)
{
	free(g->pkgs);
	free(g->edges);
	scan_arena__dispose(&g->arena);
	memset(g, 0, sizeof(*g));
}

/* Breadth-first from the marked nodes of seen[], through edges whose kind passes. */
static void reach(const scan_lockfile__js_graph *g, const size_t *off, const int *adj, unsigned char *seen,
                  int *queue, bool through_optional)
{
	size_t head = 0, tail = 0;

	for (size_t i = 0; i < g->npkgs; i++)
		if (seen[i])
			queue[tail++] = (int)i;
	while (head < tail) {
		int n = queue[head++];
		/* an importer's own edges are roots of their own kind, not continued from here */
		if (g->pkgs[n].importer)
			continue;
		for (size_t k = off[n]; k < off[n + 1]; k++) {
			const scan_lockfile__js_edge *e = &g->edges[adj[k]];
			if (seen[e->to] || (!through_optional && e->kind == SCAN_SCA_JS_OPT))
				continue;
			seen[e->to] = 1;
			queue[tail++] = e->to;
		}
	}
}

static int classify_dev_opt(scan_lockfile__js_graph *g)
{
	size_t n = g->npkgs;
	size_t *off = calloc(n + 1, sizeof(*off));
	int *adj = malloc((g->nedges ? g->nedges : 1) * sizeof(*adj));
	int *queue = malloc((n ? n : 1) * sizeof(*queue));
	unsigned char *prod = calloc(n ? n : 1, 1), *any = calloc(n ? n : 1, 1), *dev = calloc(n ? n : 1, 1);
	int err = 0;

	if (!off || !adj || !queue || !prod || !any || !dev) {
		err = scan_error__oom();
		goto done;
	}
	/* adjacency by source, in the order the edges were added */
	for (size_t i = 0; i < g->nedges; i++)
		off[g->edges[i].from + 1]++;
	for (size_t i = 0; i < n; i++)
		off[i + 1] += off[i];
	{
		size_t *fill = malloc((n ? n : 1) * sizeof(*fill));
		if (!fill) {
			err = scan_error__oom();
			goto done;
		}
		memcpy(fill, off, n * sizeof(*fill));
		for (size_t i = 0; i < g->nedges; i++)
			adj[fill[g->edges[i].from]++] = (int)i;
		free(fill);
	}
	/* roots: what the importers name, by the kind of the naming */
	for (size_t i = 0; i < g->nedges; i++) {
		const scan_lockfile__js_edge *e = &g->edges[i];
		if (!g->pkgs[e->from].importer || g->pkgs[e->to].importer)
			continue;
		if (e->kind == SCAN_SCA_JS_DEV)
			dev[e->to] = 1;
		else
			any[e->to] = 1;
		if (e->kind == SCAN_SCA_JS_PROD)
			prod[e->to] = 1;
	}
	reach(g, off, adj, prod, queue, false);
	reach(g, off, adj, any, queue, true);
	reach(g, off, adj, dev, queue, true);
	for (size_t i = 0; i < n; i++) {
		scan_lockfile__js_pkg *p = &g->pkgs[i];
		if (p->importer)
			continue;
		if (dev[i] && !any[i])
			p->flags |= SCAN_DEP_DEV;
		if (any[i] && !prod[i])
			p->flags |= SCAN_DEP_OPTIONAL;
	}
done:
	free(off);
	free(adj);
	free(queue);
	free(prod);
	free(any);
	free(dev);
	return err;
}

int scan_lockfile__js_classify(scan_lockfile__js_graph *g, unsigned what)
{
	if (what & SCAN_SCA_JS_DIRECT) {
		for (size_t i = 0; i < g->nedges; i++)
			if (g->pkgs[g->edges[i].from].importer)
				g->pkgs[g->edges[i].to].flags |= SCAN_DEP_DIRECT;
		for (size_t i = 0; i < g->npkgs; i++)
			if (g->pkgs[i].importer)
				g->pkgs[i].flags |= SCAN_DEP_DIRECT;
	}
	if (what & SCAN_SCA_JS_TRANSITIVE)
		for (size_t i = 0; i < g->npkgs; i++)
			if (!(g->pkgs[i].flags & SCAN_DEP_DIRECT))
				g->pkgs[i].flags |= SCAN_DEP_TRANSITIVE;
	if (what & SCAN_SCA_JS_DEV_OPT)
		return classify_dev_opt(g);
	return 0;
}

int scan_lockfile__js_emit(scan_sca_doc *d, const scan_lockfile__js_graph *g)
{
	int *comp = malloc((g->npkgs ? g->npkgs : 1) * sizeof(*comp));
	/* per component of the document: 1 some node of it is not dev, 2 some node is not optional */
	unsigned char *plain = calloc(g->npkgs ? g->npkgs : 1, 1);
	int err = 0;

	if (!comp || !plain) {
		err = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < g->npkgs; i++) {
		const scan_lockfile__js_pkg *p = &g->pkgs[i];
		comp[i] = -1;
		if (p->skip)
			continue;
		/* DIRECT and TRANSITIVE never both: the inventory keeps DIRECT when equal packages merge */
		err = scan_lockfile__add(d, SCAN_ECO_NPM, p->name, p->name_len, p->version, p->version_len,
		                         p->flags & SCAN_DEP_DIRECT ? p->flags & ~(unsigned)SCAN_DEP_TRANSITIVE : p->flags,
		                         p->line);
		if (err < 0)
			goto done;
		comp[i] = err;
		plain[(size_t)err - d->first] |= (p->flags & SCAN_DEP_DEV ? 0 : 1) | (p->flags & SCAN_DEP_OPTIONAL ? 0 : 2);
		if (p->license && (err = scan_lockfile__set_license(d, comp[i], p->license, p->license_len)) < 0)
			goto done;
	}
	/*
	 * A package several nodes stand for (two locations, two peer contexts)
	 * is dev or optional only when every one of them is.
	 */
	for (size_t k = d->first; k < d->inv->count; k++) {
		if (plain[k - d->first] & 1)
			d->inv->items[k].flags &= ~(unsigned)SCAN_DEP_DEV;
		if (plain[k - d->first] & 2)
			d->inv->items[k].flags &= ~(unsigned)SCAN_DEP_OPTIONAL;
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const scan_lockfile__js_edge *e = &g->edges[i];
		const scan_lockfile__js_pkg *to = &g->pkgs[e->to];
		if (comp[e->from] < 0 || comp[e->to] < 0 || e->from == e->to)
			continue;
		err = scan_lockfile__dep(d, comp[e->from], to->name, to->name_len, to->version, to->version_len);
		if (err < 0)
			goto done;
	}
	err = 0;
done:
	free(comp);
	free(plain);
	return err;
}

int scan_lockfile__js_read_manifest(scan_sca_doc *d, const char *relpath, cJSON **out)
{
	char *text = NULL;
	size_t len = 0;
	int err;

	*out = NULL;
	if ((err = scan_lockfile__read_sibling(d, relpath, &text, &len)) < 0)
		return err;
	err = scan_json__parse(d, text, len, out);
	free(text);
	if (err < 0)
		return err;
	if (!cJSON_IsObject(*out)) {
		cJSON_Delete(*out);
		*out = NULL;
		return SCAN_EPARSE;
	}
	return 0;
}

bool scan_lockfile__js_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

bool scan_lockfile__js_split_at(const char *s, size_t len, size_t *name_len)
{
	const char *at = len > 1 ? memchr(s + 1, '@', len - 1) : NULL;

	if (!at)
		return false;
	*name_len = (size_t)(at - s);
	return true;
}
