/* lib/store/vulndb.h - writing the vulnerability database, for lib/vulndb (reading is lib/sca/advisories.h) */
#ifndef SCAN_STORE_VULNDB_H
#define SCAN_STORE_VULNDB_H

#include <stdbool.h>
#include <stdint.h>
#include "feeds/feeds.h"
#include "scan/store.h"

/*
 * Writing: a source ("osv:PyPI", "kev", "epss") is replaced whole inside
 * one transaction, so a failed or interrupted import leaves the previous
 * data as it was.
 */
typedef struct scan_vulndb_writer scan_vulndb_writer;

/* kind: "osv", "kev" or "epss". */
int scan_store__vulndb_write_begin(scan_vulndb_writer **out, scan_store *st, const char *source,
                                   const char *kind, const char *location);
/* The records the source held before this import (0: a new source), as write_end() recorded them. */
int64_t scan_store__vulndb_write_previous(const scan_vulndb_writer *w);
/* A withdrawn record removes the advisory instead. */
int scan_store__vulndb_put_osv(scan_vulndb_writer *w, const scan_osv_record *rec);
int scan_store__vulndb_put_kev(scan_vulndb_writer *w, const scan_kev_entry *e);
int scan_store__vulndb_put_epss(scan_vulndb_writer *w, const scan_epss_entry *e);
/*
 * Commit (ok) or roll back, and free w in both cases. records and
 * data_version describe the source in `rampart db status`.
 */
int scan_store__vulndb_write_end(scan_vulndb_writer *w, bool ok, int64_t records, const char *data_version,
                                 const char *sha256);

#endif
