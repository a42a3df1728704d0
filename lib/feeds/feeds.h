/* lib/feeds/feeds.h - reading the vulnerability feeds: OSV records, zip archives, KEV, EPSS */
#ifndef SCAN_SCA_FEEDS_H
#define SCAN_SCA_FEEDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "version/version.h"
#include "util/arena.h"

/* Feeds are downloaded from the internet: every count and size is bounded. */
#define SCAN_FEED_FILE_MAX ((size_t)4 << 30)        /* bytes of one imported file (read whole, not mapped) */
#define SCAN_FEED_RECORD_MAX ((size_t)8 << 20)      /* bytes of one OSV record */
#define SCAN_OSV_EVENTS_MAX 1024                    /* range events of one OSV record, all ranges together */
#define SCAN_FEED_ZIP_ENTRIES_MAX 2000000           /* entries in one archive */
#define SCAN_FEED_ZIP_ENTRY_MAX ((size_t)64 << 20)  /* inflated bytes of one entry */
#define SCAN_FEED_ZIP_RATIO_MAX 200                 /* inflated/compressed bytes of one entry */
#define SCAN_FEED_INFLATED_MAX ((uint64_t)16 << 30) /* inflated bytes of one archive, all entries */
#define SCAN_FEED_CSV_MAX ((size_t)512 << 20)       /* inflated bytes of an EPSS file */

/* --- OSV records (https://ossf.github.io/osv-schema/) --------------------- */

typedef struct {
	const char *ecosystem;     /* as written: "PyPI", "Debian:12" */
	const char *name;
	const char *purl;          /* NULL when absent */
	scan_osv_range *ranges;
	size_t nranges;
	const char **versions;     /* the explicit affected versions */
	size_t nversions;
	const char *severity;      /* ecosystem_specific / database_specific "severity", NULL when none */
} scan_osv_affected;

typedef struct {
	const char *type;          /* "CVSS_V3", "CVSS_V4", "CVSS_V2", "Ubuntu"... */
	const char *score;         /* the vector (or the label, for non-CVSS types) */
} scan_osv_severity;

typedef struct {
	scan_arena arena;          /* every string and array below */
	const char *id;
	const char *modified, *published, *withdrawn; /* RFC 3339 as written; NULL when absent */
	const char *summary, *details;
	const char **aliases;
	size_t naliases;
	scan_osv_severity *severity;
	size_t nseverity;
	const char *db_severity;   /* database_specific.severity ("HIGH" in GitHub's records) */
	const char **cwes;         /* database_specific.cwe_ids */
	size_t ncwes;
	const char **references;   /* urls */
	size_t nreferences;
	scan_osv_affected *affected;
	size_t naffected;
} scan_osv_record;

/*
 * Parse one OSV record of len bytes; origin names it in messages ("PyPI/all.zip:PYSEC-1.json").
 * Tolerant where real feeds deviate harmlessly from the schema (unknown
 * fields, abbreviated git hashes), strict on what matching relies on (id,
 * affected package, range events). scan_osv__dispose() in every case.
 * Returns 0, SCAN_EPARSE, SCAN_ELIMIT or SCAN_ENOMEM.
 */
int scan_osv__parse(scan_osv_record *rec, const char *text, size_t len, const char *origin);
void scan_osv__dispose(scan_osv_record *rec);

/* --- zip archives (OSV's all.zip exports) -------------------------------- */

typedef struct scan_zip scan_zip;

/*
 * Open an archive held in memory (data stays the caller's and must outlive
 * the handle). Reads the central directory only; refuses more than
 * SCAN_FEED_ZIP_ENTRIES_MAX entries, entries outside the data, zip64 sizes
 * beyond the limits and encrypted entries.
 */
int scan_zip__open(scan_zip **out, const unsigned char *data, size_t len, const char *origin);
size_t scan_zip__count(const scan_zip *z);
/*
 * Entry i's name (borrowed) and inflated size as recorded. A name that is
 * absolute, has a ".." segment or a backslash is reported with *safe false
 * (an importer skips it; nothing is ever written from a name).
 */
int scan_zip__entry(const scan_zip *z, size_t i, const char **name, uint64_t *size, bool *safe);
/*
 * Inflate entry i (stored or deflate) into *out (malloc'd, NUL-terminated,
 * the caller's). Stops with SCAN_ELIMIT past max bytes, past
 * SCAN_FEED_ZIP_RATIO_MAX times the compressed size, or when the archive's
 * running total passes SCAN_FEED_INFLATED_MAX; SCAN_EPARSE on a bad CRC or
 * stream.
 */
int scan_zip__read(scan_zip *z, size_t i, size_t max, char **out, size_t *len);
void scan_zip__free(scan_zip *z);

/* --- CISA Known Exploited Vulnerabilities (JSON catalog) ----------------- */

typedef struct {
	const char *cve;           /* "CVE-2021-44228" */
	const char *vendor, *product, *name;
	const char *date_added;    /* YYYY-MM-DD */
	const char *due_date;
	bool ransomware;           /* knownRansomwareCampaignUse == "Known" */
} scan_kev_entry;

typedef struct {
	scan_arena arena;
	const char *catalog_version, *date_released;
	scan_kev_entry *entries;
	size_t count;
} scan_kev_catalog;

int scan_kev__parse(scan_kev_catalog *cat, const char *text, size_t len, const char *origin);
void scan_kev__dispose(scan_kev_catalog *cat);

/* --- FIRST EPSS (CSV, plain or gzip) -------------------------------------- */

typedef struct {
	const char *cve;
	double epss;               /* 0..1 */
	double percentile;         /* 0..1 */
} scan_epss_entry;

typedef struct {
	scan_arena arena;
	const char *model_version, *score_date; /* from the "#model_version:...,score_date:..." line; NULL when absent */
	scan_epss_entry *entries;
	size_t count;
} scan_epss_file;

/* data is plain CSV or gzip (detected from the magic bytes). */
int scan_epss__parse(scan_epss_file *f, const unsigned char *data, size_t len, const char *origin);
void scan_epss__dispose(scan_epss_file *f);

#endif
