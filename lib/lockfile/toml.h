/* lib/lockfile/toml.h - a bounded TOML 1.0 document tree for Cargo.lock, uv.lock, poetry.lock, pyproject.toml */
#ifndef SCAN_SCA_TOML_H
#define SCAN_SCA_TOML_H

#include <stddef.h>
#include <stdint.h>
#include "lockfile/lockfile.h"
#include "scan/map.h"
#include "util/arena.h"

/*
 * Lockfiles are untrusted: a hostile one must cost no more than a bounded
 * multiple of its size. The input, the nesting of tables and arrays (a
 * header's or dotted key's parts count as levels too) and the number of
 * nodes are capped. A node is about 80 bytes; a real uv.lock of 800
 * packages with their wheels has some 100,000.
 */
#define SCAN_TOML_INPUT_MAX SCAN_SCA_FILE_MAX
#define SCAN_TOML_DEPTH_MAX SCAN_SCA_DEPTH_MAX
#define SCAN_TOML_NODES_MAX 1000000

typedef enum {
	SCAN_TOML_TABLE,     /* a table, inline table or array-of-tables element */
	SCAN_TOML_ARRAY,     /* an array, or an array of tables ([[x]]) */
	SCAN_TOML_STRING,
	SCAN_TOML_INTEGER,
	SCAN_TOML_FLOAT,
	SCAN_TOML_BOOL,
	SCAN_TOML_DATETIME,  /* offset or local date-time, local date or local time */
} scan_toml_kind;

typedef struct scan_toml_node scan_toml_node;
struct scan_toml_node {
	scan_toml_node *next;   /* the next entry of the parent table or item of the parent array */
	scan_toml_node *child;  /* TABLE, ARRAY: the first entry or item, in document order */
	scan_toml_node *last;   /* TABLE, ARRAY: the last one */
	const scan_toml_node *parent; /* the table holding this entry; NULL for array items and the root */
	/*
	 * The entry's key in its parent table, decoded and NUL-terminated (a
	 * quoted key may hold a NUL: use key_len); NULL for array items and the
	 * root.
	 */
	const char *key;
	size_t key_len;
	/*
	 * STRING: the value, escapes decoded, NUL-terminated (may hold NULs:
	 * use len). INTEGER, FLOAT, BOOL, DATETIME: the text as written
	 * ("1_000", "inf", "1979-05-27T07:32:00Z"). NULL for TABLE and ARRAY.
	 */
	const char *str;
	size_t len;             /* bytes of str; TABLE, ARRAY: number of entries or items */
	int64_t integer;        /* INTEGER: the value; BOOL: 1 for true, 0 for false */
	unsigned line;          /* 1-based: a table's header, an entry's key, an item's start */
	unsigned short depth;   /* 0 for the root */
	unsigned char kind;     /* scan_toml_kind */
	unsigned char flags;    /* private to toml.c: how a table was defined */
};

typedef struct {
	scan_arena arena;             /* every node and string */
	scan_toml_node *root;         /* a TABLE; NULL after a failed parse */
	/*
	 * Private: (table, key) -> index of the entry in `entries`, so lookups
	 * and duplicate checks are not linear.
	 */
	scan_map by_key;
	scan_toml_node **entries;
	size_t nentries, cap_entries, nodes;
} scan_toml_doc;

/*
 * Parse text (len bytes; need not be NUL-terminated; a UTF-8 BOM is
 * skipped). Duplicate keys, tables defined twice and every other violation
 * of TOML 1.0 are errors. On error returns SCAN_EPARSE, SCAN_ELIMIT or
 * SCAN_ENOMEM with the message "<origin>:<line>: <reason>" and leaves
 * doc->root NULL. Call scan_toml__dispose() in every case.
 */
int scan_toml__parse(scan_toml_doc *doc, const char *text, size_t len, const char *origin);
void scan_toml__dispose(scan_toml_doc *doc);

/* The entry key of table (NULL when table is NULL or not a TABLE), or NULL. */
const scan_toml_node *scan_toml__get(const scan_toml_doc *doc, const scan_toml_node *table,
                                     const char *key);
/* Like scan_toml__get(), but NULL unless the entry is of kind. */
const scan_toml_node *scan_toml__get_kind(const scan_toml_doc *doc, const scan_toml_node *table,
                                          const char *key, scan_toml_kind kind);
/*
 * Follow a dotted path of bare keys ("tool.poetry.dependencies") from
 * table through tables; the last part may name any kind. NULL when a part
 * is missing or an intermediate is not a table.
 */
const scan_toml_node *scan_toml__path(const scan_toml_doc *doc, const scan_toml_node *table,
                                      const char *path);
/* The string value of key in table, or NULL when missing or not a string. */
const char *scan_toml__string(const scan_toml_doc *doc, const scan_toml_node *table,
                              const char *key, size_t *len);

#endif
