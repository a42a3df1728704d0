/* lib/lockfile/js_common.h - shared by the npm, yarn and pnpm lockfile extractors */
#ifndef SCAN_SCA_JS_COMMON_H
#define SCAN_SCA_JS_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lockfile/lockfile.h"
#include "scan/map.h"

/*
 * The three JavaScript lockfiles describe the same thing differently, so
 * each extractor first reads its format into one small graph: a node per
 * package as the file lists it (a package may appear several times, at two
 * paths or with two peer contexts), edges resolved to nodes by the format's
 * own rule, and "importer" nodes for the project and its workspaces. The
 * flags that follow from the graph (direct, transitive, dev, optional) are
 * computed here once, then the nodes and edges go to the inventory, where
 * equal name@version nodes merge into one component.
 */

/*
 * Int values >= 0 under 64-bit hashes, several per hash; the caller keeps
 * the keys and checks equality. Over the one map: it holds each hash's
 * first entry, the entries chain the rest in the order they were added.
 */
typedef struct {
	int value;
	size_t next, last;         /* 1 + index of the next (and, in a first entry, the last) entry of its hash; 0: none */
} scan_lockfile__js_entry;

typedef struct {
	scan_map first;            /* hash bytes (in `keys`) -> index of its first entry */
	scan_arena keys;           /* one copy of each hash: entries move as they grow */
	scan_lockfile__js_entry *entries;
	size_t count, cap;
} scan_lockfile__js_map;

uint64_t scan_lockfile__js_hash(const char *s, size_t len);
/* Continue a hash over more bytes: hash(a + b) == js_hash_more(js_hash(a), b). */
uint64_t scan_lockfile__js_hash_more(uint64_t h, const char *s, size_t len);
int scan_lockfile__js_map_add(scan_lockfile__js_map *m, uint64_t hash, int value);
/*
 * The values stored under hash, oldest first: start with *cursor = 0 and
 * call until it returns -1. Values added with the same hash come back in
 * the order they were added.
 */
int scan_lockfile__js_map_next(const scan_lockfile__js_map *m, uint64_t hash, size_t *cursor);
void scan_lockfile__js_map_dispose(scan_lockfile__js_map *m);

/* Edge kinds: how the source declares the target. */
enum {
	SCAN_SCA_JS_PROD = 0,
	SCAN_SCA_JS_OPT = 1,       /* optionalDependencies, dependenciesMeta optional */
	SCAN_SCA_JS_DEV = 2,       /* devDependencies: only meaningful from an importer */
};

typedef struct {
	const char *name, *version;    /* borrowed: the parsed document or the graph's arena */
	size_t name_len, version_len;  /* version NULL: none known */
	const char *license;
	size_t license_len;
	unsigned flags, line;
	bool importer;             /* the project or one of its workspaces: its edges are direct */
	bool skip;                 /* the project itself: an importer that is not a component */
} scan_lockfile__js_pkg;

typedef struct {
	int from, to;
	unsigned kind;
} scan_lockfile__js_edge;

typedef struct {
	scan_lockfile__js_pkg *pkgs;
	size_t npkgs, pkgs_cap;
	scan_lockfile__js_edge *edges;
	size_t nedges, edges_cap;
	scan_arena arena;          /* strings the extractor had to compose or unescape */
} scan_lockfile__js_graph;

/* A new zeroed node; its index or a negative SCAN_E* code (SCAN_ELIMIT past the component cap). */
int scan_lockfile__js_pkg_new(scan_sca_doc *d, scan_lockfile__js_graph *g, unsigned line);
int scan_lockfile__js_edge_add(scan_sca_doc *d, scan_lockfile__js_graph *g, int from, int to, unsigned kind);
void scan_lockfile__js_graph_dispose(scan_lockfile__js_graph *g);

enum {
	/* Targets of an importer's edges are DIRECT, non-importers reached otherwise TRANSITIVE. */
	SCAN_SCA_JS_DIRECT = 1u << 0,
	/* The importers are all known, so a node not named by one is TRANSITIVE. */
	SCAN_SCA_JS_TRANSITIVE = 1u << 1,
	/*
	 * DEV for nodes reached only from importers' dev edges, OPTIONAL for
	 * nodes reached only through optional edges (for formats that do not
	 * record either).
	 */
	SCAN_SCA_JS_DEV_OPT = 1u << 2,
};

/* Set the flags that follow from the graph (what = SCAN_SCA_JS_*). */
int scan_lockfile__js_classify(scan_lockfile__js_graph *g, unsigned what);

/* Add the graph's nodes (all but the skipped) and edges to the document. */
int scan_lockfile__js_emit(scan_sca_doc *d, const scan_lockfile__js_graph *g);

/*
 * The package.json at relpath beside the document, parsed; *out is the
 * caller's (cJSON_Delete). Any failure (absent, unreadable, malformed, the
 * include limit) returns a negative code and leaves *out NULL: a manifest
 * only refines what the lockfile says, so callers go on without it.
 */
struct cJSON;
int scan_lockfile__js_read_manifest(scan_sca_doc *d, const char *relpath, struct cJSON **out);

/* The dependency groups of a package.json, with the edge kind each implies. */
typedef struct {
	const char *key;
	unsigned kind;
} scan_lockfile__js_group;
extern const scan_lockfile__js_group scan_lockfile__js_manifest_groups[4];

/* True when s[0..len) starts with prefix. */
bool scan_lockfile__js_prefix(const char *s, size_t len, const char *prefix);

/*
 * Split "name@rest" at the '@' after the name (a scoped name starts with
 * '@'); false when there is none.
 */
bool scan_lockfile__js_split_at(const char *s, size_t len, size_t *name_len);

#endif
