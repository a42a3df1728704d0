/* include/scan/scan.h - run one scan of a directory, git repository or git URL */
#ifndef SCAN_SCAN_H
#define SCAN_SCAN_H

#include "common.h"
#include "finding.h"
#include "sca.h"

typedef struct {
	uint64_t files_done;
	uint64_t files_total; /* grows while the walker is still listing */
	uint64_t bytes_done;
	double seconds;       /* since the scan started */
} scan_progress;

typedef void (*scan_progress_cb)(const scan_progress *p, void *payload);

/*
 * What a CI service says about the checkout it builds. branch: the first
 * non-empty of GITHUB_HEAD_REF, GITHUB_REF_NAME,
 * CI_MERGE_REQUEST_SOURCE_BRANCH_NAME, CI_COMMIT_REF_NAME, BITBUCKET_BRANCH,
 * BUILDKITE_BRANCH, skipping tag builds and GitHub's pull request refs
 * ("42/merge"), which are not branches. pr_number: from GITHUB_REF
 * ("refs/pull/N/merge" or ".../head"), CI_MERGE_REQUEST_IID or
 * BITBUCKET_PR_ID; a malformed value is no number.
 */
typedef struct {
	const char *branch;   /* NULL: none */
	int64_t pr_number;    /* 0: none */
} scan_ci_facts;

/*
 * The facts from the variables getvar answers (the CLI: getenv); branch is
 * borrowed from its answers. The library reads no environment itself.
 */
SCAN_EXTERN void scan_ci_facts_read(scan_ci_facts *out, scan_getvar_fn getvar, void *ctx);

typedef struct {
	unsigned int version;
	const char *target;         /* directory, local git repository or git URL */
	const char *branch;         /* NULL: the checked-out branch (or CI's) */
	const char *default_branch; /* NULL: detect (origin HEAD, else main, else master) */
	const char *analyzers;      /* comma-separated names, "all" or "none"; NULL: defaults */
	const char *const *excludes; /* extra ignore globs (gitignore syntax) */
	size_t exclude_count;
	bool no_default_excludes;   /* scan node_modules, vendor, build output, bundles too */
	bool follow_symlinks;       /* follow links whose target stays inside the root */
	unsigned jobs;              /* worker threads; 0: online cores */
	unsigned min_confidence;    /* drop findings below this (0-100) */
	uint64_t max_file_size;     /* bytes; larger files are skipped; 0: default */
	const char *scan_type;      /* "smart" or "deep"; NULL: smart */
	int64_t pr_number;          /* 0: none (or CI's) */
	scan_progress_cb progress;  /* called from the calling thread, about 10 times a second */
	void *progress_payload;
	const char *secret_rules_dir; /* secret rules added to the built-in pack; NULL: none */
	bool history;               /* also scan every blob in git history (implied by scan_type "deep") */
	bool verify;                /* ask providers whether found credentials are live (network!) */
	const char *rules_dir;      /* code/IaC rules added to the built-in packs and .rampart/rules; NULL: none */
	bool no_builtin_rules;      /* only rules_dir and .rampart/rules, not the built-in code/IaC packs */
	struct scan_vulndb_reader *vulndb; /* what sca matches against (scan_vulndb_reader_open()); NULL: inventory only */
	/*
	 * VEX documents (CycloneDX VEX, OpenVEX) whose not_affected statements
	 * leave dependency findings out, besides those the tree holds under
	 * .rampart/vex/. A file that cannot be read or parsed fails the scan.
	 */
	const char *const *vex_files;
	size_t vex_count;
	/*
	 * History is read from the repository whose .git directory is at the
	 * scanned root; with this, from the repository enclosing it (a .git
	 * file or link followed, parent directories searched), limited to the
	 * scanned directory's paths.
	 */
	bool history_from_enclosing_repo;
	size_t history_refs_max;    /* refs whose commits history walks; 0: SCAN_HISTORY_REFS_MAX (10,000) */
	size_t history_commits_max; /* commits history walks, the newest; 0: SCAN_HISTORY_COMMITS_MAX (1,000,000) */
	bool no_suppressions;       /* ignore inline suppression markers: every finding is active */
	/*
	 * Test and example code (conventional paths, .rampart/test-paths - the
	 * default branch's on a branch - and test_paths, in gitignore syntax)
	 * is marked in_test; include_tests judges it as production code.
	 */
	bool include_tests;
	const char *const *test_paths;
	size_t test_path_count;
	/*
	 * Asked often (while walking, between files, from the progress loop,
	 * between history commits) whether to stop; true makes scan_run return
	 * SCAN_ECANCELED soon after (within a second: a file being analyzed is
	 * finished first, within its work budget) with no result. May be called
	 * from any of the scan's threads: it must be cheap and thread-safe (read
	 * an atomic flag). NULL: never cancelled.
	 */
	bool (*cancelled)(void *payload);
	void *cancel_payload;
	/*
	 * What the library would otherwise take from the process environment,
	 * which it never reads: the program does (the CLI: RAMPART_GIT_TOKEN or
	 * --token-env, the CI service's variables, TMPDIR, XDG_CACHE_HOME), a
	 * server from its configuration and the request.
	 */
	const char *git_token;      /* https token for cloning, sent as user x-access-token; NULL: none */
	const char *git_token_hint; /* where a token goes, named when a clone needs one ("$RAMPART_GIT_TOKEN") */
	scan_ci_facts ci;           /* the branch of a detached HEAD, the request number of a local checkout */
	const char *tmp_dir;        /* where clones and base snapshots are made; NULL: /tmp */
	const char *cache_dir;      /* where compiled pattern databases are kept between runs; NULL: not kept */
} scan_options;

/* The repository's test and example paths, in gitignore syntax (docs/test-code.md). */
#define SCAN_TEST_PATHS_PATH ".rampart/test-paths"
#define SCAN_TEST_PATHS_MAX (64u << 10)

#define SCAN_OPTIONS_VERSION 1
#define SCAN_DEFAULT_MIN_CONFIDENCE 80
#define SCAN_DEFAULT_MAX_FILE_SIZE ((uint64_t)8 << 20)
#define SCAN_OPTIONS_INIT { SCAN_OPTIONS_VERSION, NULL, NULL, NULL, NULL, NULL, 0, \
	false, false, 0, SCAN_DEFAULT_MIN_CONFIDENCE, 0, NULL, 0, NULL, NULL, NULL, false, false, NULL, false, NULL, NULL, 0, \
	false, 0, 0, false, false, NULL, 0, NULL, NULL, \
	NULL, NULL, { NULL, 0 }, NULL, NULL }

/* Where the scanned code came from. Borrowed strings; optional ones may be NULL. */
typedef struct {
	const char *name;           /* "owner/repo" from the remote, else the directory name */
	const char *url;            /* remote URL without credentials, else the absolute path */
	const char *source;         /* "github", "gitlab", "bitbucket", "git" or "local" */
	const char *branch;         /* NULL for a plain directory scanned without --branch */
	const char *default_branch;
	const char *commit;         /* 40 hex; NULL outside git */
	const char *root;           /* the local directory that was walked */
	bool is_git;
	bool is_baseline_scan;      /* branch == default_branch, or no branch at all */
	int64_t pr_number;          /* 0: none */
	const char *scan_type;      /* "smart" or "deep" */
	time_t started_at, completed_at;
} scan_repo_info;

typedef struct {
	const char *name;
	const char *version;
	uint64_t files;        /* files handed to it */
	uint64_t findings;     /* before --min-confidence */
	double cpu_seconds;    /* time spent inside it, summed over workers */
} scan_analyzer_stats;

/*
 * A file or directory the scan could not look at, whole or in part, and why:
 * not readable, not entered, over the size limit, or not analyzed by an
 * analyzer that needs its syntax tree (or by one of its rules).
 */
typedef struct {
	const char *path;
	const char *reason;         /* "a line longer than 1 MiB (minified or generated)", ... */
} scan_skipped_file;

typedef struct {
	uint64_t files_seen;       /* regular files the walker listed */
	uint64_t files_scanned;    /* read and given to analyzers */
	uint64_t files_binary;
	uint64_t files_too_large;
	uint64_t files_unreadable;
	uint64_t files_ignored;    /* matched .gitignore, .rampartignore, --exclude or defaults */
	uint64_t symlinks_skipped;
	uint64_t bytes_read;
	uint64_t findings_below_confidence;
	double walk_seconds;
	double wall_seconds;
	uint64_t history_commits;    /* history scans: commits walked */
	uint64_t history_blobs;      /* unique blobs read from history */
	uint64_t history_bytes;
	double history_seconds;
	/* Parsing, for the analyzers that work on syntax trees (sast). */
	uint64_t files_parsed;       /* parsed (including files with syntax errors recovered from) */
	uint64_t files_parse_errors; /* of those, files whose tree holds syntax errors */
	uint64_t files_skipped;      /* entries of skipped[]: not (fully) analyzed */
	uint64_t files_parse_skipped; /* in a parsed language but not parsed or matched */
	double parse_coverage_pct;   /* files_parsed / (files_parsed + files_parse_skipped); 100 when both are 0 */
	size_t skipped_count;
	const scan_skipped_file *skipped;
	unsigned jobs;
	size_t analyzer_count;
	const scan_analyzer_stats *analyzers;
} scan_stats;

typedef struct scan_result scan_result;

/*
 * Run a scan. On success *out is the caller's: free it with
 * scan_result_free(). Returns 0, SCAN_EINVAL (bad options, unknown analyzer),
 * SCAN_ENOTFOUND (no such path), SCAN_EIO, SCAN_EGIT (open or clone failed),
 * SCAN_ENOMEM. A clone lives in a private temporary directory removed before
 * this returns.
 */
SCAN_EXTERN int scan_run(scan_result **out, const scan_options *opts);

/* Borrowed: valid until r is freed. */
SCAN_EXTERN const scan_finding_list *scan_result_findings(const scan_result *r);
SCAN_EXTERN const scan_repo_info *scan_result_repo(const scan_result *r);
SCAN_EXTERN const scan_stats *scan_result_stats(const scan_result *r);
SCAN_EXTERN void scan_result_free(scan_result *r); /* NULL is fine */

/*
 * Which findings the branch adds, judged against git instead of a stored
 * baseline (a CI runner starts with no database): the merge base of HEAD
 * and ref (NULL: the default branch, local or origin's) is the baseline. A
 * finding of a file the branch did not change was there before; the base's
 * version of each changed file is scanned with opts (the head's rules) to
 * tell the rest. Sets each finding's is_new_in_pr, which the store then
 * keeps. When there is nothing to compare with (not a work tree, a shallow
 * clone without the merge base) *why says so (static) and nothing changes.
 * Returns 0 or the base scan's error.
 */
SCAN_EXTERN int scan_result_new_from_git(scan_result *r, const scan_options *opts, const char *ref,
                                         const char **why);

/*
 * The dependencies the sca analyzer found in the scanned tree's lockfiles,
 * and the problems it met (a lockfile that would not parse, a version the
 * ecosystem cannot order); NULL and 0 when it did not run. Borrowed.
 */
SCAN_EXTERN const scan_component *scan_result_components(const scan_result *r, size_t *count);
SCAN_EXTERN const scan_sca_problem *scan_result_sca_problems(const scan_result *r, size_t *count);

/* The analyzers compiled in; static storage. */
typedef struct {
	const char *name;
	const char *version;
	const char *description;
	bool default_enabled;
} scan_analyzer_info;

SCAN_EXTERN size_t scan_analyzer_count(void);
SCAN_EXTERN const scan_analyzer_info *scan_analyzer_info_get(size_t i);

#endif
