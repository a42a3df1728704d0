/* lib/util/yamltree.h - a bounded YAML document tree for rule files */
#ifndef SCAN_UTIL_YAMLTREE_H
#define SCAN_UTIL_YAMLTREE_H

#include <stdbool.h>
#include <stddef.h>
#include "util/arena.h"

/*
 * Rule packs and config files are small, but a hostile one must not cost
 * more than its size: depth, node count and scalar length are bounded, and
 * anchors/aliases are refused outright (an alias bomb is exponential to walk).
 */
#define SCAN_YAML_DEPTH_MAX 64
#define SCAN_YAML_NODES_MAX 200000
#define SCAN_YAML_INPUT_MAX ((size_t)8 << 20)

typedef enum { SCAN_YAML_SCALAR, SCAN_YAML_SEQUENCE, SCAN_YAML_MAPPING } scan_yaml_kind;

typedef struct scan_yaml_node scan_yaml_node;
struct scan_yaml_node {
	scan_yaml_kind kind;
	unsigned line;              /* 1-based, where the node starts */
	const char *value;          /* SCALAR: NUL-terminated; NULL otherwise */
	size_t len;                 /* SCALAR: bytes (may hold NULs); children otherwise */
	bool plain;                 /* SCALAR: unquoted, so "null", "true", "3" keep YAML meaning */
	scan_yaml_node **items;     /* SEQUENCE: items; MAPPING: key, value, key, value... */
};

typedef struct {
	scan_arena arena;
	scan_yaml_node *root;       /* NULL for an empty document */
} scan_yaml_doc;

/*
 * Parse the first document of text. On error returns SCAN_EPARSE or
 * SCAN_ELIMIT with a message "<origin>:<line>: <reason>" and leaves *doc
 * empty. scan_util__yaml_dispose() in every case.
 */
int scan_util__yaml_parse(scan_yaml_doc *doc, const char *text, size_t len, const char *origin);
/*
 * The same with the caller's caps on input bytes and nodes, for documents
 * that are large by nature (a pnpm lockfile of a big monorepo). Depth stays
 * at SCAN_YAML_DEPTH_MAX.
 */
int scan_util__yaml_parse_limited(scan_yaml_doc *doc, const char *text, size_t len, const char *origin,
                                  size_t input_max, size_t nodes_max);
void scan_util__yaml_dispose(scan_yaml_doc *doc);

/* The value of key in a mapping, or NULL. */
const scan_yaml_node *scan_util__yaml_get(const scan_yaml_node *map, const char *key);
size_t scan_util__yaml_count(const scan_yaml_node *n);  /* sequence items or mapping pairs */

#endif
