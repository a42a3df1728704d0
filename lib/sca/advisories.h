/*
 * lib/sca/advisories.h - the vulnerability database as matching reads it.
 * Matching defines what it needs; the store implements it
 * (scan_vulndb_reader_open() in lib/store/vulndb.c), so neither the scan
 * nor the analyzers know where the database lives.
 */
#ifndef SCAN_SCA_ADVISORIES_H
#define SCAN_SCA_ADVISORIES_H

#include <stdbool.h>
#include <stdint.h>

/* One affected[] entry of an advisory for the package looked up. Valid during the callback. */
typedef struct {
	int64_t advisory_id;
	const char *osv_id;
	const char *modified, *published;
	const char *summary, *details;
	const char *severity_json;   /* [{"type":..,"score":..}] or NULL */
	const char *db_severity;
	const char *cwes_json, *refs_json;
	const char *ranges_json;     /* {"ranges":[{"type":"ECOSYSTEM","events":[{"introduced":"0"}..]}],"versions":[..]} */
	const char *affected_severity;
} scan_vuln_row;

typedef struct scan_vulndb_reader scan_vulndb_reader;

typedef struct {
	/* Advisories in the database (0: nothing imported). */
	int64_t (*advisory_count)(scan_vulndb_reader *r);
	/* cb for each affected entry of (ecosystem, key); cb returns 0 or an error that stops the walk. */
	int (*each_affected)(scan_vulndb_reader *r, const char *ecosystem, const char *key,
	                     int (*cb)(const scan_vuln_row *row, void *payload), void *payload);
	/* cb for the advisory's id and each alias. */
	int (*each_id)(scan_vulndb_reader *r, int64_t advisory_id, int (*cb)(const char *id, void *payload),
	               void *payload);
	/*
	 * cb for each advisory that carries id (as its own id or an alias), with
	 * its osv id, severity JSON and database severity label (either may be
	 * NULL): the rating of an alias, for an advisory that has none of its own.
	 */
	int (*each_rating)(scan_vulndb_reader *r, const char *id,
	                   int (*cb)(const char *osv_id, const char *severity_json, const char *db_severity,
	                             void *payload),
	                   void *payload);
	/* 1 and the entry's fields when cve is in the KEV catalog, 0 when not. */
	int (*kev)(scan_vulndb_reader *r, const char *cve, bool *ransomware);
	/* 1 with score and percentile, 0 when EPSS has no score for cve. */
	int (*epss)(scan_vulndb_reader *r, const char *cve, double *score, double *percentile);
	void (*free)(scan_vulndb_reader *r);
} scan_vulndb_reader_ops;

/* The head of every implementation. */
struct scan_vulndb_reader {
	const scan_vulndb_reader_ops *ops;
};

#endif
