/* lib/lockfile/lockgraph.c - resolve a lockfile's edges by name, classify, and add the components */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lockfile/lockgraph.h"
#include "scan/array.h"
#include "scan/map.h"
#include "util/error.h"

/* Candidate packages looked at while resolving edges, in all: a few per edge in real lockfiles. */
#define GRAPH_STEPS_MAX ((size_t)8 * SCAN_SCA_EDGES_MAX)

struct scan_sca_graph_edge {
	size_t from;             /* package index or SCAN_SCA_GRAPH_PROJECT */
	const char *name, *version, *source;
	size_t name_len, version_len, source_len;
	unsigned cls;
};

/* A resolved edge. */
typedef struct {
	size_t from, to, seq;
	unsigned cls;
} link;

void scan_lockfile__graph_init(scan_sca_graph *g, scan_ecosystem eco, bool pep503)
{
	memset(g, 0, sizeof(*g));
	g->eco = eco;
	g->pep503 = pep503;
}

void scan_lockfile__graph_dispose(scan_sca_graph *g)
{
	if (!g)
		return;
	free(g->pkgs);
	free(g->edges);
	memset(g, 0, sizeof(*g));
}

int scan_lockfile__graph_toml_pkg(scan_sca_doc *d, const scan_toml_doc *t, const scan_toml_node *p, bool need_version,
                                  scan_sca_graph_pkg *pkg)
{
	memset(pkg, 0, sizeof(*pkg));
	pkg->line = p->line;
	if (p->kind != SCAN_TOML_TABLE)
		return scan_lockfile__fail(d, SCAN_EPARSE, p->line, "a package entry is not a table");
	if (!(pkg->name = scan_toml__string(t, p, "name", &pkg->name_len)))
		return scan_lockfile__fail(d, SCAN_EPARSE, p->line, "package without a name");
	pkg->version = scan_toml__string(t, p, "version", &pkg->version_len);
	if (!pkg->version && need_version)
		return scan_lockfile__fail(d, SCAN_EPARSE, p->line, "package without a version");
	return 0;
}

static char fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_sep(char c)
{
	return c == '-' || c == '_' || c == '.';
}

/* The next character of the PEP 503 form of s[*i..len): lowercase, runs of -_. as one '-'. */
static char pep503_next(const char *s, size_t len, size_t *i)
{
	char c = s[(*i)++];

	if (!is_sep(c))
		return fold(c);
	while (*i < len && is_sep(s[*i]))
		(*i)++;
	return '-';
}

bool scan_lockfile__pep503_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen && j < blen)
		if (pep503_next(a, alen, &i) != pep503_next(b, blen, &j))
			return false;
	return i == alen && j == blen;
}

/*
 * The name as packages are matched by it: its PEP 503 form written into
 * out (at least len bytes), or the name itself.
 */
static const char *name_key(const scan_sca_graph *g, const char *s, size_t len, char *out, size_t *keylen)
{
	size_t i = 0, n = 0;

	if (!g->pep503) {
		*keylen = len;
		return s;
	}
	while (i < len)
		out[n++] = pep503_next(s, len, &i);
	*keylen = n;
	return out;
}

int scan_lockfile__graph_add(scan_sca_doc *d, scan_sca_graph *g, const scan_sca_graph_pkg *pkg)
{
	if (g->npkgs >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, pkg->line, "more than %d packages", SCAN_SCA_COMPONENTS_MAX);
	if (scan_array_reserve(&g->pkgs, &g->pkgs_cap, g->npkgs + 1, sizeof(*g->pkgs)))
		return SCAN_ENOMEM;
	g->pkgs[g->npkgs] = *pkg;
	return (int)g->npkgs++;
}

int scan_lockfile__graph_edge(scan_sca_doc *d, scan_sca_graph *g, size_t from, const char *name, size_t name_len,
                              const char *version, size_t version_len, const char *source, size_t source_len,
                              unsigned cls)
{
	scan_sca_graph_edge *e;

	if (!name_len)
		return 0;
	if (g->nedges >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&g->edges, &g->edges_cap, g->nedges + 1, sizeof(*g->edges)))
		return SCAN_ENOMEM;
	e = &g->edges[g->nedges++];
	e->from = from;
	e->name = name;
	e->name_len = name_len;
	e->version = version_len ? version : NULL;
	e->version_len = version_len;
	e->source = source_len ? source : NULL;
	e->source_len = source_len;
	e->cls = cls;
	return 0;
}

/* A package's source matches an edge's when equal, or equal up to a "#commit" the edge leaves out. */
static bool source_match(const scan_sca_graph_pkg *p, const scan_sca_graph_edge *e)
{
	if (!e->source)
		return true;
	if (!p->source || p->source_len < e->source_len || memcmp(p->source, e->source, e->source_len))
		return false;
	return p->source_len == e->source_len || p->source[e->source_len] == '#';
}

static bool is_root(const scan_sca_graph *g, size_t from)
{
	return from == SCAN_SCA_GRAPH_PROJECT || g->pkgs[from].root;
}

static int cmp_link_from(const void *a, const void *b)
{
	const link *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The best class by which each package is reached from the roots: edges
 * from roots carry their class, edges between other packages keep it. A
 * root reached from another root is not walked through: its own edges are
 * roots' edges already. All of class 0 first, then 1, then 2, so each
 * package is visited once: O(packages + edges).
 */
static int classify(const scan_sca_graph *g, const link *links, size_t nlinks, unsigned char *level)
{
	size_t *first = calloc(g->npkgs + 1, sizeof(size_t));
	size_t *queue = malloc((g->npkgs + 1) * sizeof(size_t));
	size_t i;

	if (!first || !queue) {
		free(first);
		free(queue);
		return scan_error__oom();
	}
	/* links are sorted by from; PROJECT ((size_t)-1) sorts last. */
	for (i = 0; i < nlinks && links[i].from != SCAN_SCA_GRAPH_PROJECT; i++)
		first[links[i].from + 1]++;
	for (i = 0; i < g->npkgs; i++)
		first[i + 1] += first[i];
	memset(level, 3, g->npkgs);
	for (unsigned cls = 0; cls < 3; cls++) {
		size_t head = 0, tail = 0;
		for (i = 0; i < nlinks; i++) {
			const link *l = &links[i];
			if (is_root(g, l->from) && l->cls == cls && level[l->to] > cls) {
				level[l->to] = (unsigned char)cls;
				queue[tail++] = l->to;
			}
		}
		while (head < tail) {
			size_t p = queue[head++];
			if (g->pkgs[p].root)
				continue;
			for (size_t k = first[p]; k < first[p + 1]; k++) {
				size_t q = links[k].to;
				if (level[q] > cls) {
					level[q] = (unsigned char)cls;
					queue[tail++] = q;
				}
			}
		}
	}
	free(first);
	free(queue);
	return 0;
}

int scan_lockfile__graph_emit(scan_sca_doc *d, scan_sca_graph *g, unsigned derive)
{
	size_t *chain = NULL, nlinks = 0, links_cap = 0, i, steps = 0, names_len = 0, keylen, at0;
	scan_map first = SCAN_MAP_INIT;   /* package name -> its first package, the chain links the others */
	char *names = NULL, *edge_key = NULL;
	link *links = NULL;
	int *idx = NULL;
	unsigned char *level = NULL, *direct = NULL;
	bool has_roots = false;
	int err = 0;

	for (i = 0; i < g->npkgs; i++)
		names_len += g->pkgs[i].name_len;
	chain = calloc(g->npkgs + 1, sizeof(size_t));
	idx = calloc(g->npkgs + 1, sizeof(int));
	level = calloc(g->npkgs + 1, 1);
	direct = calloc(g->npkgs + 1, 1);
	names = malloc(names_len + 1);
	edge_key = malloc(SCAN_SCA_NAME_MAX + 1);
	if (!chain || !idx || !level || !direct || !names || !edge_key) {
		err = scan_error__oom();
		goto done;
	}
	/* Inserted newest first, so each chain lists the packages of a name in document order. */
	names_len = 0;
	for (i = g->npkgs; i-- > 0;) {
		const char *key = name_key(g, g->pkgs[i].name, g->pkgs[i].name_len, names + names_len, &keylen);
		names_len += g->pkgs[i].name_len;
		if ((err = scan_map_put_bytes(&first, key, keylen, NULL, 0, i, &at0)) < 0)
			goto done;
		chain[i] = err ? at0 + 1 : 0;
		if (err)
			scan_map_set_bytes(&first, key, keylen, NULL, 0, i);
		err = 0;
		has_roots |= g->pkgs[i].root;
	}
	for (i = 0; i < g->nedges; i++) {
		const scan_sca_graph_edge *e = &g->edges[i];
		const char *key = e->name_len <= SCAN_SCA_NAME_MAX ? name_key(g, e->name, e->name_len, edge_key, &keylen) : NULL;
		size_t at = key && scan_map_get_bytes(&first, key, keylen, NULL, 0, &at0) ? at0 + 1 : 0;

		has_roots |= e->from == SCAN_SCA_GRAPH_PROJECT;
		for (; at; at = chain[at - 1]) {
			const scan_sca_graph_pkg *p = &g->pkgs[at - 1];
			/*
			 * Candidates that do not match cost time but add no link:
			 * many versions of one name and edges naming none of them.
			 */
			if (++steps > GRAPH_STEPS_MAX) {
				err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "dependency graph too costly to resolve");
				goto done;
			}
			if (at - 1 == e->from)
				continue;
			if (e->version && (!p->version || p->version_len != e->version_len ||
			                   memcmp(p->version, e->version, e->version_len)))
				continue;
			if (!source_match(p, e))
				continue;
			/* Several packages of one name fan an edge out: bound the total. */
			if (nlinks >= SCAN_SCA_EDGES_MAX) {
				err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
				goto done;
			}
			if (scan_array_reserve(&links, &links_cap, nlinks + 1, sizeof(*links))) {
				err = SCAN_ENOMEM;
				goto done;
			}
			links[nlinks].from = e->from;
			links[nlinks].to = at - 1;
			links[nlinks].cls = e->cls;
			links[nlinks].seq = nlinks;
			nlinks++;
		}
	}
	/* By source, each source's links in the order the lockfile gave them. */
	if (nlinks)
		qsort(links, nlinks, sizeof(*links), cmp_link_from);
	if (has_roots && (derive & SCAN_SCA_DERIVE_DIRECT)) {
		for (i = 0; i < nlinks; i++)
			if (is_root(g, links[i].from))
				direct[links[i].to] = 1;
		for (i = 0; i < g->npkgs; i++) {
			if (direct[i])
				g->pkgs[i].flags |= SCAN_DEP_DIRECT;
			else if (!g->pkgs[i].root)
				g->pkgs[i].flags |= SCAN_DEP_TRANSITIVE;
		}
	}
	if (has_roots && (derive & SCAN_SCA_DERIVE_DEV)) {
		if ((err = classify(g, links, nlinks, level)) < 0)
			goto done;
		for (i = 0; i < g->npkgs; i++) {
			if (g->pkgs[i].root)
				continue;
			if (level[i] == SCAN_SCA_EDGE_OPTIONAL)
				g->pkgs[i].flags |= SCAN_DEP_OPTIONAL;
			else if (level[i] == SCAN_SCA_EDGE_DEV)
				g->pkgs[i].flags |= SCAN_DEP_DEV;
		}
	}
	for (i = 0; i < g->npkgs; i++) {
		const scan_sca_graph_pkg *p = &g->pkgs[i];
		if ((idx[i] = scan_lockfile__add(d, g->eco, p->name, p->name_len, p->version, p->version_len, p->flags,
		                                 p->line)) < 0) {
			err = idx[i];
			goto done;
		}
	}
	for (i = 0; i < nlinks; i++) {
		const scan_sca_graph_pkg *to = &g->pkgs[links[i].to];
		if (links[i].from == SCAN_SCA_GRAPH_PROJECT)
			continue;
		if ((err = scan_lockfile__dep(d, idx[links[i].from], to->name, to->name_len, to->version, to->version_len)) < 0)
			goto done;
	}
done:
	scan_map_dispose(&first);
	free(names);
	free(edge_key);
	free(chain);
	free(idx);
	free(level);
	free(direct);
	free(links);
	return err;
}
