/* lib/lockfile/lockgraph.h - a lockfile's packages and edges, classified before they become components */
#ifndef SCAN_SCA_LOCKGRAPH_H
#define SCAN_SCA_LOCKGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include "lockfile/lockfile.h"
#include "lockfile/toml.h"

/*
 * Lockfiles name a package's dependencies by name (and sometimes version
 * or source), and only the whole graph says which packages the project
 * names itself, which are reached only through development dependencies
 * and which only through extras. An extractor adds every package and edge
 * here, then scan_lockfile__graph_emit() resolves the edges, derives the flags
 * it is asked for and adds the components and their deps to the document.
 */

/* The class of an edge from a root (a workspace member or the project). */
enum {
	SCAN_SCA_EDGE_MAIN = 0,
	SCAN_SCA_EDGE_OPTIONAL = 1,   /* an extra: [project.optional-dependencies] */
	SCAN_SCA_EDGE_DEV = 2,        /* a development group */
};

/* What scan_lockfile__graph_emit() derives. */
enum {
	SCAN_SCA_DERIVE_DIRECT = 1u << 0,  /* DIRECT for what roots name, TRANSITIVE for the rest */
	SCAN_SCA_DERIVE_DEV = 1u << 1,     /* DEV / OPTIONAL for what only dev / optional edges reach */
};

/* From this "package", an edge is the project's own declaration (a manifest beside the lockfile). */
#define SCAN_SCA_GRAPH_PROJECT ((size_t)-1)

typedef struct {
	/* Borrowed: each string must outlive the graph; none need be NUL-terminated. */
	const char *name;
	size_t name_len;
	const char *version;     /* NULL: none (a local package without one) */
	size_t version_len;
	const char *source;      /* where it comes from, to tell apart equal names and versions; may be NULL */
	size_t source_len;
	unsigned flags;          /* SCAN_DEP_* known from the lockfile itself */
	unsigned line;
	bool root;               /* a workspace member: its edges are the direct dependencies */
} scan_sca_graph_pkg;

typedef struct scan_sca_graph_edge scan_sca_graph_edge;
typedef struct {
	scan_ecosystem eco;
	bool pep503;             /* names compare as PEP 503 normalises them */
	/* Private. */
	scan_sca_graph_pkg *pkgs;
	size_t npkgs, pkgs_cap;
	scan_sca_graph_edge *edges;
	size_t nedges, edges_cap;
} scan_sca_graph;

void scan_lockfile__graph_init(scan_sca_graph *g, scan_ecosystem eco, bool pep503);
void scan_lockfile__graph_dispose(scan_sca_graph *g);

/*
 * Begin *pkg from p, an entry of the [[package]] array of a TOML lockfile
 * (Cargo.lock, poetry.lock, uv.lock): zeroed, with its line, name and
 * version (NULL when absent). SCAN_EPARSE when p is not a table, has no
 * name, or has no version and need_version.
 */
int scan_lockfile__graph_toml_pkg(scan_sca_doc *d, const scan_toml_doc *t, const scan_toml_node *p, bool need_version,
                                  scan_sca_graph_pkg *pkg);

/* Add a package; returns its index (>= 0) or a negative SCAN_E* code. */
int scan_lockfile__graph_add(scan_sca_doc *d, scan_sca_graph *g, const scan_sca_graph_pkg *pkg);

/*
 * from (a package index, or SCAN_SCA_GRAPH_PROJECT) depends on name, at
 * version and from source when given (a source matches a package's equal
 * one or one that adds "#fragment"). Without a version the edge reaches
 * every package of that name. cls matters only for edges from roots.
 * The strings are borrowed like a package's.
 */
int scan_lockfile__graph_edge(scan_sca_doc *d, scan_sca_graph *g, size_t from, const char *name, size_t name_len,
                              const char *version, size_t version_len, const char *source, size_t source_len,
                              unsigned cls);

/* Resolve, derive (SCAN_SCA_DERIVE_*), and add everything to d. */
int scan_lockfile__graph_emit(scan_sca_doc *d, scan_sca_graph *g, unsigned derive);

/* PEP 503: whether a and b name the same Python package. */
bool scan_lockfile__pep503_eq(const char *a, size_t alen, const char *b, size_t blen);

#endif
