/* include/scan/vulndb_update.h - `rampart db update`: download the feeds, then import them */
#ifndef SCAN_VULNDB_UPDATE_H
#define SCAN_VULNDB_UPDATE_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/buf.h"
#include "scan/common.h"
#include "scan/vulndb.h"

typedef enum {
	SCAN_VULNDB_FEED_OSV = 1,   /* an OSV all.zip export of one ecosystem */
	SCAN_VULNDB_FEED_KEV,       /* the CISA KEV catalog (JSON) */
	SCAN_VULNDB_FEED_EPSS,      /* FIRST EPSS scores (CSV, plain or gzip) */
} scan_vulndb_feed_kind;

typedef struct {
	scan_vulndb_feed_kind kind;
	const char *ecosystem;      /* OSV: the export's ecosystem as OSV names it ("PyPI"); NULL otherwise */
	const char *url;
} scan_vulndb_feed;

/*
 * The default feeds, static storage: OSV's public export
 * https://osv-vulnerabilities.storage.googleapis.com/<Ecosystem>/all.zip of
 * every ecosystem of scan/sca.h, the KEV catalog from cisa.gov and the
 * current EPSS scores from FIRST's EPSS host (epss.empiricalsecurity.com).
 */
SCAN_EXTERN const scan_vulndb_feed *scan_vulndb_default_feeds(size_t *count);

/* A parsed feed list; every string is the list's own. */
typedef struct {
	scan_vulndb_feed *feeds;
	size_t count;
	size_t cap;                    /* allocated entries; start from a zeroed list */
} scan_vulndb_feed_list;

/*
 * Parse a feed list, as written in a config file or an environment variable:
 *
 *   osv:PyPI=https://mirror.example/osv/PyPI/all.zip
 *   kev=https://mirror.example/kev.json
 *   epss=https://mirror.example/epss_scores-current.csv.gz
 *   default
 *
 * Entries are one per line when text holds a newline, else separated by
 * commas ("default,kev=https://..."). Blank entries and lines starting with
 * '#' are skipped; spaces around an entry and around '=' are too. "default"
 * adds the default feeds. A later entry for the same source (osv:<Ecosystem>,
 * kev, epss) replaces an earlier one, so "default,epss=URL" changes one URL.
 * The URL must be https (http is refused here too; tests build their list in
 * code). out is the caller's: scan_vulndb_feed_list_dispose(), also after an
 * error. Returns 0, SCAN_EINVAL (with the entry's number in the message) or
 * SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_vulndb_feeds_parse(scan_vulndb_feed_list *out, const char *text);
SCAN_EXTERN void scan_vulndb_feed_list_dispose(scan_vulndb_feed_list *l);

typedef struct {
	unsigned int version;
	const char *cache_dir;           /* required (the CLI: scan_user_dir_path(SCAN_DIR_CACHE, "feeds")); created when missing */
	const scan_vulndb_feed *feeds;   /* NULL: scan_vulndb_default_feeds() */
	size_t nfeeds;
	bool allow_http;                 /* plain http URLs too: for tests on 127.0.0.1 only */
	bool force;                      /* import every feed, even one the store already holds */
	uint64_t max_bytes;              /* of one download; 0: 2 GB */
	/*
	 * The import step, replaceable so tests can watch it without a store.
	 * import NULL: scan_vulndb_import(). imported NULL: whether the store's
	 * source `source` ("osv:PyPI", "kev", "epss") was imported from a file
	 * with the same SHA-256 as path (scan_vulndb_sources()).
	 */
	int (*import)(void *ctx, scan_store *st, const char *path, scan_vulndb_import_report *rep);
	bool (*imported)(void *ctx, scan_store *st, const char *source, const char *path);
	void *hook_ctx;
	bool allow_shrink;               /* the default import replaces a source even with far fewer records */
} scan_vulndb_update_config;
#define SCAN_VULNDB_UPDATE_CONFIG_INIT { 1, NULL, NULL, 0, false, false, 0, NULL, NULL, NULL, false }

typedef enum {
	SCAN_VULNDB_UPDATED = 1,         /* downloaded (or found in the cache) and imported */
	SCAN_VULNDB_NOT_MODIFIED,        /* the server said 304 and the store holds that file */
	SCAN_VULNDB_FAILED,              /* the store keeps this source's previous data */
} scan_vulndb_update_status;

typedef struct {
	const char *name;                /* "osv:PyPI", "kev", "epss" */
	const char *url;
	const char *path;                /* the file in the cache */
	scan_vulndb_update_status status;
	int code;                        /* FAILED: the SCAN_E* code */
	const char *message;             /* FAILED: one line; NULL otherwise */
	int64_t records;                 /* UPDATED: advisories, KEV entries or EPSS scores stored */
	uint64_t downloaded;             /* body bytes received in this run */
	bool resumed;                    /* an interrupted download was continued */
	scan_vulndb_import_report import; /* UPDATED: the import's counts */
} scan_vulndb_update_entry;

typedef struct {
	scan_vulndb_update_entry *entries; /* one per feed, in the order given */
	size_t count;
	size_t updated, not_modified, failed;
} scan_vulndb_update_report;

/* "updated", "not modified", "failed". */
SCAN_EXTERN const char *scan_vulndb_update_status_name(scan_vulndb_update_status s);

/*
 * Download every feed into the cache (a download cut short is resumed by the
 * next run; an unchanged feed is not downloaded again), then import each
 * file that changed, or that the store does not hold yet, with one
 * transaction per source. A feed that fails to download or import keeps
 * its previous data and the others go on. A file whose content is not what
 * its kind expects (an HTML error page for a zip) is refused before the
 * import. Two updates of one cache do not run at once: the second fails.
 * rep is the caller's: scan_vulndb_update_report_dispose(), whatever the
 * result. cfg NULL: SCAN_VULNDB_UPDATE_CONFIG_INIT.
 * Returns 0 when every feed is updated or not modified; otherwise the code
 * of the first failure (the message counts the failures and quotes the
 * first), or SCAN_EINVAL / SCAN_EIO / SCAN_ENOMEM before any download.
 */
SCAN_EXTERN int scan_vulndb_update(scan_store *st, const scan_vulndb_update_config *cfg,
                                   scan_vulndb_update_report *rep);
SCAN_EXTERN void scan_vulndb_update_report_dispose(scan_vulndb_update_report *rep);

#endif
