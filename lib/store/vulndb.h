/* lib/store/vulndb.h - the vulnerability database's SQL, for lib/sca */
#ifndef SCAN_STORE_VULNDB_H
#define SCAN_STORE_VULNDB_H

#include <stdbool.h>
#include <stdint.h>
#include "sca/feeds.h"
#include "scan/store.h"

/*
 * Writing: a source ("osv:PyPI", "kev", "epss") is replaced whole inside
 * one transaction, so a failed or interrupted import leaves the previous
 * data as it was.
 */
typedef struct scan_vulndb_writer scan_vulndb_writer;

/* kind: "osv", "kev" or "epss". */
int scan__vulndb_write_begin(scan_vulndb_writer **out, scan_store *st, const char *source,
                             const char *kind, const char *location);
/* The records the source held before this import (0: a new source), as write_end() recorded them. */
int64_t scan__vulndb_write_previous(const scan_vulndb_writer *w);
/* A withdrawn record removes the advisory instead. */
int scan__vulndb_put_osv(scan_vulndb_writer *w, const scan_osv_record *rec);
int scan__vulndb_put_kev(scan_vulndb_writer *w, const scan_kev_entry *e);
int scan__vulndb_put_epss(scan_vulndb_writer *w, const scan_epss_entry *e);
/*
 * Commit (ok) or roll back, and free w in both cases. records and
 * data_version describe the source in `rampart db status`.
 */
int scan__vulndb_write_end(scan_vulndb_writer *w, bool ok, int64_t records, const char *data_version,
                           const char *sha256);

/* Reading, for matching one scan's inventory. */
typedef struct scan_vulndb_reader scan_vulndb_reader;

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

int scan__vulndb_reader_open(scan_vulndb_reader **out, scan_store *st);
void scan__vulndb_reader_free(scan_vulndb_reader *r);
/* Advisories in the database (0: nothing imported). */
int64_t scan__vulndb_advisory_count(scan_vulndb_reader *r);
/* cb for each affected entry of (ecosystem, key); cb returns 0 or an error that stops the walk. */
int scan__vulndb_each_affected(scan_vulndb_reader *r, const char *ecosystem, const char *key,
                               int (*cb)(const scan_vuln_row *row, void *payload), void *payload);
/* cb for the advisory's id and each alias. */
int scan__vulndb_each_id(scan_vulndb_reader *r, int64_t advisory_id,
                         int (*cb)(const char *id, void *payload), void *payload);
/*
 * cb for each advisory that carries id (as its own id or an alias), with its
 * osv id, severity JSON and database severity label (either may be NULL):
 * the rating of an alias, for an advisory that has none of its own.
 */
int scan__vulndb_each_rating(scan_vulndb_reader *r, const char *id,
                             int (*cb)(const char *osv_id, const char *severity_json, const char *db_severity,
                                       void *payload),
                             void *payload);
/* 1 and the entry's fields when cve is in the KEV catalog, 0 when not. */
int scan__vulndb_kev(scan_vulndb_reader *r, const char *cve, bool *ransomware);
/* 1 with score and percentile, 0 when EPSS has no score for cve. */
int scan__vulndb_epss(scan_vulndb_reader *r, const char *cve, double *score, double *percentile);

#endif
