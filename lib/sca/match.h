/* lib/sca/match.h - an inventory against the vulnerability database */
#ifndef SCAN_SCA_MATCH_H
#define SCAN_SCA_MATCH_H

#include "scan/finding.h"
#include "lockfile/lockfile.h"
#include "sca/advisories.h"

/*
 * One vulnerability of one component: the advisories that name the same
 * vulnerability (an id of one is an alias of another) merged into one.
 */
typedef struct {
	size_t component;          /* index in the inventory */
	const char *vuln_id;       /* the advisory shown: the first id in order that is not a CVE */
	const char *cve_id;        /* NULL when no advisory names a CVE */
	const char *aliases;       /* the other ids, comma-separated; NULL when none */
	const char *summary, *details;
	const char *fixed_version; /* smallest fixing version above the installed one; NULL: no fix */
	const char *cvss_vector;   /* the vector the score was computed from; NULL when none */
	double cvss_score;         /* computed from cvss_vector; negative when none */
	scan_severity severity;
	bool severity_known;       /* false: unrated, no record of the database rates it (severity high) */
	const char *rated_by;      /* the alias record the rating comes from, when no matched advisory has one */
	const char *cwe_id;
	const char *references;    /* newline-separated urls */
	double epss, epss_percentile; /* negative when unknown */
	bool kev, ransomware;
	double priority;           /* 0-100 */
	const char *priority_label; /* urgent, high, medium, low */
	time_t published;          /* the earliest advisory's publication; 0 unknown */
} scan_sca_vuln;

typedef struct {
	scan_arena arena;
	scan_sca_vuln *items;
	size_t count, cap;
	size_t unorderable;        /* components whose version the ecosystem cannot order */
} scan_sca_matches;

void scan_sca__matches_dispose(scan_sca_matches *m);

/*
 * Match every component with an exact version (registry packages only:
 * local, git and unpinned components have nothing to match) against the
 * database. A version the ecosystem cannot order is recorded as a
 * problem of the inventory, never matched by guess. Sorted by component,
 * then by priority, highest first.
 */
int scan_sca__match(scan_sca_matches *out, scan_sca_inventory *inv, scan_vulndb_reader *r);

/* The documented priority (docs/sca.md) of one vulnerability. */
void scan_sca__prioritise(scan_sca_vuln *v, bool direct);

#endif
