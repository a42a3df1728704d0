/* lib/lockfile/lockfile.h - the inventory a scan builds from lockfiles and manifests, and the extractors that add to it */
#ifndef SCAN_SCA_SCA_INT_H
#define SCAN_SCA_SCA_INT_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/sca.h"
#include "model/purl.h"
#include "util/arena.h"

/*
 * Lockfiles are untrusted input: a hostile one must cost no more than its
 * size. Every extractor keeps to these.
 */
#define SCAN_SCA_FILE_MAX ((size_t)64 << 20)   /* bytes of one lockfile or manifest */
#define SCAN_SCA_COMPONENTS_MAX 500000         /* components in one inventory */
#define SCAN_SCA_EDGES_MAX 4000000             /* dependency edges in one inventory */
#define SCAN_SCA_DEPTH_MAX 128                 /* nesting of JSON, TOML, XML, YAML */
#define SCAN_SCA_INCLUDES_MAX 32               /* files one file may pull in (-r, parent POMs) */
#define SCAN_SCA_YAML_NODES_MAX 2000000        /* nodes of a YAML lockfile (pnpm, yarn berry) */

/* The components of every lockfile of one scan. */
typedef struct {
	scan_arena arena;          /* every string and deps array */
	scan_component *items;
	size_t count, cap;
	size_t edges;              /* across all components, for SCAN_SCA_EDGES_MAX */
	bool checked;              /* matched against a vulnerability database that held advisories */
	/* An extractor's parse errors do not fail the scan: each is recorded here. */
	scan_sca_problem *problems;
	size_t nproblems, problems_cap;
} scan_sca_inventory;

void scan_inventory__init(scan_sca_inventory *inv);
/*
 * Record a problem (copied) that does not stop the scan: a lockfile that
 * would not parse, a version that cannot be ordered. file may be NULL for
 * one about the whole scan; message does not repeat file and line.
 */
int scan_inventory__problem(scan_sca_inventory *inv, const char *file, unsigned line, const char *message);
void scan_inventory__dispose(scan_sca_inventory *inv);
/* ASCII white space, as the lockfile formats mean it: blank, tab, CR, LF. */
static inline bool scan_lockfile__is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The components in the order of their files' paths (each file's in the
 * order it declared them, dependency indexes renumbered) and the problems
 * by file and line: workers finishing lockfiles in any order build the same
 * inventory.
 */
int scan_inventory__sort(scan_sca_inventory *inv);

/*
 * One lockfile being read. An extractor adds components with
 * scan_lockfile__add() and edges with scan_lockfile__dep(); edges name their target,
 * and are resolved to component indexes within the same document when it
 * ends (scan_lockfile__doc_end()), so an extractor may name a dependency before
 * the component itself appears.
 */
typedef struct scan_sca_docindex scan_sca_docindex;
typedef struct {
	scan_sca_inventory *inv;
	const char *file;          /* relative to the root; arena copy */
	size_t first;              /* index of this document's first component */
	scan_sca_docindex *index;  /* names and pending edges; private to inventory.c */
	/* Reading files next to this one (go.sum, -r includes, parent POMs). */
	int root_fd;               /* -1: no file system, scan_lockfile__read_sibling() fails */
	unsigned includes;         /* files read so far */
} scan_sca_doc;

/* file is relative to the root behind root_fd (or just a label when -1). */
int scan_lockfile__doc_begin(scan_sca_doc *d, scan_sca_inventory *inv, const char *file, int root_fd);
/*
 * Resolve the document's edges and build each component's deps. An edge
 * whose target is not in the document is dropped (a lockfile may name a
 * package it does not list, such as an optional one for another platform).
 */
int scan_lockfile__doc_end(scan_sca_doc *d);
/* On an extractor's error: drop the document's components and edges. */
void scan_lockfile__doc_abort(scan_sca_doc *d);

/*
 * Add a component; the strings are copied, name and version need not be
 * NUL-terminated. version may be NULL (a declared range without a pin).
 * The purl is built from ecosystem, name and version. Returns the index of
 * the component (>= 0), the index of an equal one already in this document
 * (same ecosystem, name and version: flags are OR-ed, the DIRECT bit wins
 * over TRANSITIVE, DEV and OPTIONAL stay only when every declaration has
 * them) or a negative SCAN_E* code (SCAN_ELIMIT, SCAN_EPARSE for
 * an empty or oversized name or version, SCAN_ENOMEM).
 */
int scan_lockfile__add(scan_sca_doc *d, scan_ecosystem eco, const char *name, size_t name_len,
                       const char *version, size_t version_len, unsigned flags, unsigned line);
int scan_lockfile__set_license(scan_sca_doc *d, int idx, const char *license, size_t len);
/*
 * from depends on the component named `name` at `version` (NULL: at
 * whichever version this document has; the highest index if several).
 */
int scan_lockfile__dep(scan_sca_doc *d, int from, const char *name, size_t name_len,
                       const char *version, size_t version_len);

/*
 * The bytes of a file next to this document: relpath is relative to the
 * document's directory, must stay inside the root, is opened without
 * following symlinks and counts against SCAN_SCA_INCLUDES_MAX. *text is
 * the caller's (free()); NUL-terminated. SCAN_ENOTFOUND when absent.
 */
int scan_lockfile__read_sibling(scan_sca_doc *d, const char *relpath, char **text, size_t *len);
/* Whether a regular file is at relpath (as for scan_lockfile__read_sibling, which it does not count). */
bool scan_lockfile__sibling_exists(scan_sca_doc *d, const char *relpath);
/* One of names (lockfile names) beside d's file or in a directory above it (a workspace root). */
bool scan_lockfile__has_lockfile(scan_sca_doc *d, const char *const *names);
/* The problem "no lockfile: N dependencies ... not resolved (commit lockfiles ...)"; nothing when unpinned is 0. */
int scan_lockfile__unresolved_problem(scan_sca_doc *d, size_t unpinned, const char *lockfiles);

/* Raise SCAN_EPARSE (or code) as "<file>:<line>: <reason>"; line 0 omits it. */
int scan_lockfile__fail(const scan_sca_doc *d, int code, unsigned line, const char *fmt, ...)
	SCAN_PRINTF(4, 5);

/* The 1-based line of byte offset off in text (for formats parsed as a tree). */
unsigned scan_lockfile__line_at(const char *text, size_t off);

/*
 * JSON through cJSON, with what cJSON does not check: a size cap, a depth
 * cap and duplicate keys in an object, all refused with a message naming
 * the document. *out is the caller's (cJSON_Delete).
 */
struct cJSON;
int scan_json__parse(const scan_sca_doc *d, const char *text, size_t len, struct cJSON **out);
/*
 * Two values for one key are read differently by different tools (first
 * wins, last wins), which is how a document hides a package or a range from
 * one of them. *dup: the first member, depth first, whose key an earlier
 * member of its object has; NULL when none. 0, SCAN_ENOMEM, or SCAN_ELIMIT
 * (no message: the caller names the document) when n nests deeper than
 * max_depth.
 */
int scan_json__repeated_key(const struct cJSON *n, unsigned max_depth, const struct cJSON **dup);
/* The string member key of obj, or NULL when it is missing or not a string. Borrowed from obj. */
const char *scan_json__string(const struct cJSON *obj, const char *key);
/*
 * The optional array member key of obj in *out: NULL when missing or
 * null, SCAN_EPARSE ("\"key\" of <what> is not an array") when it is
 * anything else but an array.
 */
int scan_json__array(const scan_sca_doc *d, const struct cJSON *obj, const char *key, const char *what,
                     const struct cJSON **out);
/*
 * Whether s, a string of a JSON document (whose escapes can spell any
 * byte), is fit to keep and to show: 1 to max bytes, no control characters.
 */
bool scan_json__printable(const char *s, size_t max);

/*
 * One extractor per format. Each reads the whole document from text (len
 * bytes, NUL-terminated) into d; returns 0 or a negative SCAN_E* code
 * with a message from scan_lockfile__fail().
 */
typedef int (*scan_sca_extract_fn)(scan_sca_doc *d, const char *text, size_t len);

typedef struct {
	const char *format;         /* its name in extractors.h ("go_mod"), for messages */
	/* true when the file at path (relative, '/'-separated) is this format */
	bool (*matches)(const char *path, const char *base);
	scan_sca_extract_fn extract;
} scan_sca_extractor;

/* The extractor for path, or NULL; base is its last component. */
const scan_sca_extractor *scan_lockfile__extractor_for(const char *path);

#endif
