/* lib/sbom/sbom_int.h - shared by the SBOM and VEX writers */
#ifndef SCAN_SBOM_SBOM_INT_H
#define SCAN_SBOM_SBOM_INT_H

#include <stdint.h>
#include "scan/json.h"
#include "scan/map.h"
#include "scan/sbom.h"

/* ---- JSON: the one writer (include/scan/json.h), and two shapes the formats repeat ---- */

/* A string member that is a followed by b (b may be NULL). */
void scan_sbom__json_cat(scan_json *w, const char *key, const char *a, const char *b);
/* {"name": name, "value": value}, the property shape of CycloneDX. */
void scan_sbom__json_property(scan_json *w, const char *name, const char *value);

/* ---- identifiers and time ---- */

#define SCAN_SBOM_UUID_LEN 37  /* 36 characters and the NUL */
/* A random (version 4) UUID in lowercase; SCAN_EIO when no random bytes are to be had. */
int scan_sbom__uuid(char out[SCAN_SBOM_UUID_LEN]);
/* A UUID of name (version 8, from its SHA-256): the same name, the same id, for documents that must not change. */
void scan_sbom__uuid_named(char out[SCAN_SBOM_UUID_LEN], const char *name);
#define SCAN_SBOM_TIME_LEN 21  /* "2025-11-21T09:35:00Z" and the NUL */
/* RFC 3339 UTC; t == 0 is now. SCAN_EINVAL outside years 1970-9999. */
int scan_sbom__time(char out[SCAN_SBOM_TIME_LEN], time_t t);

/* ---- the inventory as one node per purl ---- */

typedef struct {
	size_t first;           /* input index of its first component: name, version, ecosystem */
	unsigned flags;         /* SCAN_DEP_* of every occurrence: DIRECT if any is, DEV and OPTIONAL
	                           only if all are, the rest if any is */
	const char *license;    /* the first occurrence's that has one; NULL when none */
	bool root_dep;          /* the project depends on it directly */
	size_t *deps;           /* node indexes, ascending, distinct, never itself */
	size_t ndeps;
	const char **files;     /* its lockfiles, sorted, distinct */
	size_t nfiles;
} scan_sbom_node;

typedef struct {
	scan_sbom_node *nodes;
	size_t count;
	size_t *node_of;        /* input index -> node index */
	scan_map by_purl;  /* purl -> node index */
	size_t *edge_pool;
	const char **file_pool;
} scan_sbom_graph;

/*
 * Merge the components by purl and resolve their dependencies.
 * root_dep: a DIRECT component; when a lockfile says neither DIRECT nor
 * TRANSITIVE, one nothing else depends on. 0, SCAN_EINVAL, SCAN_ELIMIT or
 * SCAN_ENOMEM with a message.
 */
int scan_sbom__graph_build(scan_sbom_graph *g, const scan_component *c, size_t n);
void scan_sbom__graph_dispose(scan_sbom_graph *g);

/* The group/name split CycloneDX uses: Maven "g:a", npm "@scope/name", Composer "vendor/name". */
void scan_sbom__split_name(const scan_component *c, const char **group, size_t *group_len, const char **name);

/* ---- triage states (vex.c) ---- */

typedef struct {
	const char *triage;         /* the spec's triage status */
	const char *cdx_state;      /* CycloneDX impactAnalysisState */
	bool will_not_fix;          /* CycloneDX response ["will_not_fix"] */
	const char *openvex_status; /* OpenVEX status */
} scan_vex_state;

/* The mapping of a triage status, or NULL (with SCAN_EINVAL raised) for an unknown one. */
const scan_vex_state *scan_vex__state(const char *triage);
/* vulnerabilities[].analysis of a decision whose state is s. */
void scan_vex__cdx_analysis(scan_json *w, const scan_vex_decision *d, const scan_vex_state *s);
/*
 * The decisions keyed by (vuln_id, purl), the latest per key. Returns 0,
 * SCAN_EINVAL for an incomplete decision or an unknown state, SCAN_ENOMEM.
 */
int scan_vex__index(scan_map *m, const scan_vex_decision *d, size_t n);

/* The source of a vulnerability id: GitHub for GHSA-, NVD for CVE-, OSV for the rest. */
void scan_sbom__vuln_source(scan_json *w, const char *key, const char *id);

#endif
