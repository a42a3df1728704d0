/* include/scan/vulndb.h - the offline vulnerability database in the store */
#ifndef SCAN_VULNDB_H
#define SCAN_VULNDB_H

#include <stdbool.h>
#include <time.h>
#include "common.h"
#include "store.h"

/*
 * The database holds OSV advisories (one source per ecosystem export, or
 * per imported directory), the CISA KEV catalog and FIRST EPSS scores.
 * Each source is replaced whole in one transaction: an import that fails
 * part-way leaves the previous data usable.
 */
typedef struct {
	const char *name;          /* "osv:PyPI", "kev", "epss" */
	const char *kind;          /* "osv", "kev", "epss" */
	const char *location;      /* the path or URL it was imported from */
	time_t imported_at;
	int64_t records;
	const char *data_version;  /* newest advisory modified time, KEV catalogVersion, EPSS score date */
	const char *sha256;        /* of the imported file; NULL for a directory */
} scan_vulndb_source;

typedef struct scan_vulndb_source_list scan_vulndb_source_list;
SCAN_EXTERN int scan_vulndb_sources(scan_vulndb_source_list **out, scan_store *st);
SCAN_EXTERN size_t scan_vulndb_source_list_count(const scan_vulndb_source_list *l);
/* Borrowed: valid until l is freed. */
SCAN_EXTERN const scan_vulndb_source *scan_vulndb_source_list_get(const scan_vulndb_source_list *l, size_t i);
SCAN_EXTERN void scan_vulndb_source_list_free(scan_vulndb_source_list *l);

/*
 * The database opened for one scan's lookups (scan_options.vulndb): its
 * statements are prepared on the calling thread's connection, so the scan
 * runs on that thread and the reader is freed there after it.
 */
typedef struct scan_vulndb_reader scan_vulndb_reader;
SCAN_EXTERN int scan_vulndb_reader_open(scan_vulndb_reader **out, scan_store *st);
SCAN_EXTERN void scan_vulndb_reader_free(scan_vulndb_reader *r); /* NULL is fine */

typedef struct {
	size_t sources;            /* sources replaced */
	size_t advisories;         /* OSV records stored */
	size_t withdrawn;          /* OSV records skipped as withdrawn */
	size_t skipped;            /* archive entries skipped: unsafe names, not .json */
	size_t invalid;            /* OSV records refused as malformed (the import goes on) */
	char first_invalid[256];   /* the message of the first of them */
	size_t kev, epss;          /* entries stored */
} scan_vulndb_import_report;

/*
 * A source is not replaced by an import that leaves it far smaller than it
 * was, since a broken export or a wrong file is likelier than a feed that
 * lost most of its records: an import of fewer than 1/SCAN_VULNDB_SHRINK_RATIO
 * of the records the source held, when it held at least
 * SCAN_VULNDB_SHRINK_FLOOR, fails unless allow_shrink.
 */
#define SCAN_VULNDB_SHRINK_RATIO 2
#define SCAN_VULNDB_SHRINK_FLOOR 100

typedef struct {
	unsigned int version;
	bool allow_shrink;         /* replace a source even with far fewer records than it held */
} scan_vulndb_import_options;
#define SCAN_VULNDB_IMPORT_OPTIONS_INIT { 1, false }

/*
 * Import what path holds, detected from its content: an OSV record, a
 * directory of OSV .json records, an OSV all.zip, a tree laid out like
 * OSV's export bucket (<Ecosystem>/all.zip), the KEV JSON catalog, or an
 * EPSS CSV (plain or gzip). The file is read, not mapped: one that changes
 * while it is read is an error, not a crash. A source is replaced only by
 * at least one valid record (an archive whose records are all malformed,
 * or that holds no .json entry, is SCAN_EPARSE) and, without
 * opts->allow_shrink, not by far fewer records than it held (SCAN_ELIMIT,
 * see above). opts NULL: SCAN_VULNDB_IMPORT_OPTIONS_INIT. Returns 0,
 * SCAN_ENOTFOUND, SCAN_EPARSE, SCAN_ELIMIT, SCAN_EIO or SCAN_ESTORE; on any
 * error nothing of the failed source is changed.
 */
SCAN_EXTERN int scan_vulndb_import(scan_store *st, const char *path, const scan_vulndb_import_options *opts,
                                   scan_vulndb_import_report *report);

#endif
