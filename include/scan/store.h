/* include/scan/store.h - the store: scans, findings, baseline, waivers, gate */
#ifndef SCAN_STORE_H
#define SCAN_STORE_H

#include "common.h"
#include "buf.h"
#include "finding.h"
#include "coverage.h"
#include "gate.h"
#include "quality.h"
#include "scan.h"
#include "tenant.h"

typedef struct scan_store scan_store;

/*
 * Open (creating when missing) the database at path: a SQLite file, or a
 * postgresql:// URL. The file's directory must exist, else SCAN_EINVAL with
 * nothing created (unless the options say to create it: the CLI's default
 * location, scan_user_dir_path(SCAN_DIR_DATA)). Pending schema migrations
 * are applied in one transaction. A file that is not a database, or is corrupt, is
 * SCAN_ESTORE and is left untouched; a schema newer than this binary is
 * SCAN_EVERSION. *out is the caller's: scan_store_free().
 */
SCAN_EXTERN int scan_store_open(scan_store **out, const char *path);

typedef struct {
	unsigned int version;
	/*
	 * The caller only reads (lists findings, evaluates a gate, shows the
	 * vulnerability database): an existing database of this binary's schema
	 * is opened read-only, so a write-protected file or directory still
	 * works; a missing or older one is created or upgraded as by a writer.
	 * A write through such a handle fails with SCAN_ESTORE (PostgreSQL: the
	 * server refuses it, on every thread's connection).
	 */
	bool read_only;
	/* Create the file's missing directories (private, 0700): for a location of the program's own choosing. */
	bool create_dirs;
} scan_store_options;
#define SCAN_STORE_OPTIONS_INIT { 1, false, false }

/*
 * scan_store_open() with options (NULL: the defaults). Either way the path
 * must name a regular file or nothing yet: a symbolic link, device, FIFO or
 * directory is refused with SCAN_EINVAL before anything is written.
 */
SCAN_EXTERN int scan_store_open_ext(scan_store **out, const char *path, const scan_store_options *opts);
SCAN_EXTERN void scan_store_free(scan_store *st); /* NULL is fine */
/* Borrowed: valid until st is freed. */
SCAN_EXTERN const char *scan_store_path(const scan_store *st);
/* Whether target names a database server (a postgresql:// URL) rather than a SQLite file. */
SCAN_EXTERN bool scan_store_is_server(const char *target);
/* The schema version the binary writes, and the one the open database has. */
SCAN_EXTERN int scan_store_schema_version(const scan_store *st);

/*
 * The store is storage: records in, records out, confined to the
 * organization each call names. The rules that decide what is written -
 * which findings are new, what the gate says, whether a waiver is valid -
 * are the operations layer's (include/scan/ops.h), which writes through it.
 *
 * Runs body in a transaction on the calling thread's connection and commits
 * it (a failed body or commit is rolled back, and its code returned). When
 * the engine undoes the transaction for another's sake (a PostgreSQL
 * deadlock or serialization failure), body runs again from the start, at
 * most SCAN_STORE_ATTEMPTS times in all: it must do nothing outside the
 * database that a second run would repeat wrongly.
 */
#define SCAN_STORE_ATTEMPTS 4

/*
 * PostgreSQL: keep the users and scans this process reads in memory, each
 * until the database announces a change to it - by any process, at
 * commit (lib/store/cache.c). For a server, whose every request reads its
 * caller's user; another process's change reaches this one's cache as
 * fast as the notification does. SQLite: nothing is kept (returns 0).
 * Reads inside a transaction never use it.
 */
SCAN_EXTERN int scan_store_cache_start(scan_store *st);
/* Drop all that is kept: this process changed something and must read its own writes. */
SCAN_EXTERN void scan_store_cache_flush(scan_store *st);
/* Whether the cache is listening (false while its connection is down: reads go to the database). */
SCAN_EXTERN bool scan_store_cache_live(scan_store *st);
SCAN_EXTERN int scan_store_transact(scan_store *st, int (*body)(scan_store *st, void *ctx), void *ctx);

typedef struct {
	int64_t id, repo_id, org_id;
	const char *repo_name, *repo_url;
	const char *status;       /* pending, scanning, completed, failed */
	const char *scan_type;    /* smart, deep */
	int64_t issues_count;
	const char *branch, *default_branch, *commit; /* may be NULL */
	int64_t pr_number;
	bool is_baseline_scan;
	time_t created_at, completed_at;
	int64_t job_id;           /* a scan queued over the API: its job; 0 for a scan the CLI recorded */
	int job_progress, job_attempts;
	const char *job_error;    /* a failed job's reason; NULL otherwise */
} scan_scan_record;

typedef struct scan_scan_list scan_scan_list;
SCAN_EXTERN size_t scan_scan_list_count(const scan_scan_list *l);
SCAN_EXTERN const scan_scan_record *scan_scan_list_get(const scan_scan_list *l, size_t i);
SCAN_EXTERN void scan_scan_list_free(scan_scan_list *l);

/* Whether the store holds a baseline of the repository (by URL) on branch: the default-branch scans' findings. */
SCAN_EXTERN int scan_store_has_baseline(bool *out, scan_store *st, int64_t org, const char *repo_url, const char *branch);

/* One scan by id; SCAN_ENOTFOUND when there is none. */
SCAN_EXTERN int scan_store_scan_get(scan_scan_list **out, scan_store *st, int64_t org, int64_t scan_id);
/* The id of the repository's latest completed scan, of any branch (spec 4.1's report); SCAN_ENOTFOUND when none. */
SCAN_EXTERN int scan_store_latest_completed(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id);

/*
 * What a stored scan could not look at, whole or in part, sorted by path.
 * *out (NULL when *n is 0) is the caller's: scan_store_skipped_free().
 */
SCAN_EXTERN int scan_store_skipped(scan_skipped_file **out, size_t *n, scan_store *st, int64_t org, int64_t scan_id);
SCAN_EXTERN void scan_store_skipped_free(scan_skipped_file *v, size_t n); /* NULL is fine */
/* Newest first; repo_id 0: every repository; limit 0: all. */
SCAN_EXTERN int scan_store_scans(scan_scan_list **out, scan_store *st, int64_t org, int64_t repo_id, size_t limit);
/* The same, a page: skip offset scans first. */
SCAN_EXTERN int scan_store_scans_page(scan_scan_list **out, scan_store *st, int64_t org, int64_t repo_id, size_t offset,
                                      size_t limit);

typedef struct {
	int64_t id;
	const char *name, *url, *source;
	int64_t total_issues;
	const char *latest_scan_status, *latest_scan_type; /* NULL before the first scan */
	const char *default_branch;
} scan_repo_record;

typedef struct scan_repo_list scan_repo_list;
SCAN_EXTERN size_t scan_repo_list_count(const scan_repo_list *l);
SCAN_EXTERN const scan_repo_record *scan_repo_list_get(const scan_repo_list *l, size_t i);
SCAN_EXTERN void scan_repo_list_free(scan_repo_list *l);
SCAN_EXTERN int scan_store_repos(scan_repo_list **out, scan_store *st, int64_t org);
/*
 * Delete a repository with everything of it: scans, findings, baseline,
 * dependencies, queued jobs. SCAN_ENOTFOUND for another organization's.
 */
SCAN_EXTERN int scan_store_repo_delete(scan_store *st, int64_t org, int64_t repo_id);
/* By id ("12") or by name or URL; SCAN_ENOTFOUND, or SCAN_EINVAL when a name is ambiguous. */
SCAN_EXTERN int scan_store_repo_find(int64_t *repo_id, scan_store *st, int64_t org, const char *id_or_name);

typedef struct {
	unsigned int version;
	bool has_min_severity;
	scan_severity min_severity;
	bool new_only;
	bool include_fp;          /* false: findings marked false positive are left out */
	const char *rule_id;      /* exact */
	const char *path_prefix;
	bool has_category;
	scan_category category;
	/* A page: skip offset findings of the ordered list, then at most limit (0: all). */
	size_t offset, limit;
} scan_finding_filter;
#define SCAN_FINDING_FILTER_INIT { 1, false, SCAN_SEV_LOW, false, true, NULL, NULL, false, SCAN_CAT_SECURITY, 0, 0 }

SCAN_EXTERN int scan_store_findings(scan_finding_list **out, scan_store *st, int64_t org, int64_t scan_id,
                                    const scan_finding_filter *filter);


/* Fingerprints in the baseline of repo_id's default branch (*branch: borrowed until the next call). */
SCAN_EXTERN int scan_store_baseline_count(int64_t *count, scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch);
/* Clears it; the next default-branch scan fills it again. */
SCAN_EXTERN int scan_store_baseline_rebuild(int64_t *cleared, scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch);

/* The organization's gate configuration; defaults with configured false when none is stored. */
SCAN_EXTERN int scan_store_gate_config(scan_gate_config *out, scan_store *st, int64_t org);
SCAN_EXTERN int scan_store_gate_config_put(scan_store *st, int64_t org, const scan_gate_config *cfg);

/*
 * Triage decisions about dependency findings (spec 2.11): one per
 * repository, vulnerability and package, so a decision holds across
 * rescans and version bumps that leave the package vulnerable.
 */
typedef struct {
	int64_t id, repo_id;
	const char *vuln_id;       /* the finding's advisory id */
	const char *cve_id;        /* NULL when none */
	const char *ecosystem, *package_name;
	const char *purl;          /* of the finding triaged (its installed version) */
	const char *status;        /* open, accepted_risk, not_applicable, false_positive, wont_fix, in_progress, fixed */
	const char *justification; /* NULL when none */
	int64_t assigned_to;       /* 0: nobody */
	time_t updated_at;
} scan_triage;

typedef struct scan_triage_list scan_triage_list;
SCAN_EXTERN size_t scan_triage_list_count(const scan_triage_list *l);
SCAN_EXTERN const scan_triage *scan_triage_list_get(const scan_triage_list *l, size_t i);
SCAN_EXTERN void scan_triage_list_free(scan_triage_list *l);

/* The decisions of a repository, by vulnerability then package. */
SCAN_EXTERN int scan_store_triage_list(scan_triage_list **out, scan_store *st, int64_t org, int64_t repo_id);

/*
 * When each finding of a stored scan was first seen in its repository:
 * the start of the earliest scan of the repository with the same
 * fingerprint (the SLA clock, spec 2.11). out[i] is for the i-th of
 * findings (0 when the store has no such finding).
 */
SCAN_EXTERN int scan_store_first_seen(time_t *out, scan_store *st, int64_t org, int64_t scan_id,
                                      const scan_finding_list *findings);

/* Waivers (added by scan_ops_waiver_add()). */
typedef struct scan_waiver_list scan_waiver_list;
SCAN_EXTERN size_t scan_waiver_list_count(const scan_waiver_list *l);
SCAN_EXTERN const scan_waiver *scan_waiver_list_get(const scan_waiver_list *l, size_t i);
SCAN_EXTERN void scan_waiver_list_free(scan_waiver_list *l);

SCAN_EXTERN int scan_store_waivers(scan_waiver_list **out, scan_store *st, int64_t org, int64_t repo_id,
                                   bool include_expired, bool include_revoked);
/* SCAN_ENOTFOUND for an unknown id; revoking twice keeps the first revoked_at. */
SCAN_EXTERN int scan_store_waiver_revoke(time_t *revoked_at, scan_store *st, int64_t org, int64_t id);

/*
 * The gate status stored when the scan completed (SCAN_ENOTFOUND when none
 * was); scan_ops_gate_evaluate() computes it again against today's
 * configuration and waivers.
 */
SCAN_EXTERN int scan_store_gate_stored(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id);

/*
 * The quality summary stored with a scan: as JSON (*out malloc'd, NULL when
 * the quality analyzer did not run), or read back into *out (*found false
 * then).
 */
SCAN_EXTERN int scan_store_quality_json(char **out, scan_store *st, int64_t org, int64_t scan_id);
SCAN_EXTERN int scan_store_quality(scan_quality_summary *out, bool *found, scan_store *st, int64_t org, int64_t scan_id);

/* The files a scan has metrics for (sorted; *out and each path malloc'd): where coverage maps to. */
SCAN_EXTERN int scan_store_scan_files(char ***out, size_t *n, scan_store *st, int64_t org, int64_t scan_id);
SCAN_EXTERN void scan_store_scan_files_free(char **v, size_t n);

/* Coverage imported onto a scan (spec 2.10), one row per repository file. */
typedef struct {
	const char *file_path;
	uint64_t lines_total, lines_covered;
	uint64_t new_lines_total, new_lines_covered; /* on the scan's new lines */
	const char *report_format;
} scan_coverage_record;

typedef struct scan_coverage_list scan_coverage_list;
SCAN_EXTERN size_t scan_coverage_list_count(const scan_coverage_list *l);
SCAN_EXTERN const scan_coverage_record *scan_coverage_list_get(const scan_coverage_list *l, size_t i);
SCAN_EXTERN void scan_coverage_list_free(scan_coverage_list *l);

/* By path; empty when none was imported, SCAN_ENOTFOUND for a scan the organization does not have. */
SCAN_EXTERN int scan_store_coverage(scan_coverage_list **out, scan_store *st, int64_t org, int64_t scan_id);

/*
 * The organization's security posture (spec 4.1 security stats): the
 * findings of each repository's latest completed scan, of its default
 * branch when it has one, without quality findings and findings marked
 * false positive.
 */
#define SCAN_STATS_HISTORY_DAYS 30
typedef struct {
	char name[16];                   /* a category's name */
	uint64_t count;
} scan_type_count;

typedef struct {
	uint64_t by_severity[4];         /* indexed by scan_severity */
	uint64_t total;
	uint64_t secrets;                /* category secret */
	int compliance_score;            /* max(0, 100 - critical*20 - high*10 - medium*2) */
	bool has_scans;                  /* any completed scan */
	scan_type_count by_type[SCAN_CAT__COUNT]; /* most first; ntypes of them */
	size_t ntypes;
	struct {
		char date[11];           /* YYYY-MM-DD, UTC */
		uint64_t issues;         /* of each repository's last default-branch scan completed that day */
	} history[SCAN_STATS_HISTORY_DAYS + 1]; /* the last 30 days with a completed scan, oldest first */
	size_t nhistory;
} scan_security_stats;

SCAN_EXTERN int scan_store_security_stats(scan_security_stats *out, scan_store *st, int64_t org, time_t now);

/*
 * Remediation advice for an issue that has none (AI enrichment): the
 * organization's issue only; *set false when it had advice already or is
 * not the organization's.
 */
SCAN_EXTERN int scan_store_issue_remediation_fill(bool *set, scan_store *st, int64_t org, int64_t issue_id,
                                                  const char *text);

SCAN_EXTERN int scan_store_new_counts(uint64_t counts[5], scan_store *st, int64_t org, int64_t scan_id);

#endif
