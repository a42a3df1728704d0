/*
 * tests/unit/test_store.c - the store (include/scan/store.h) on temporary
 * databases: opening and refusing files, gate configuration, waivers,
 * recording scans with the baseline and false-positive marks, queries, and
 * all-or-nothing recording. With RAMPART_TEST_DATABASE_URL set (tests/db/pg.sh)
 * the same tests run on PostgreSQL, each on a database of its own; the ones
 * about SQLite files and their locks are skipped there.
 */
#include <sqlite3.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/ops.h"
#include "scan/store.h"
#include "scan/buf.h"
#include "scan/vulndb.h"
#include "store/store_int.h"

#define BIDI_RULE "hygiene/bidi-control-character"
#define CONFLICT_RULE "hygiene/merge-conflict-marker"
#define RLO "\xE2\x80\xAE"
#define BIDI_A "x = 1 # " RLO " y\n"
#define BIDI_B "y = 2 # " RLO " z\n"
#define BIDI_C "z = 3 # " RLO " w\n"
#define CONFLICT "def f():\n<<<<<<< HEAD\n    return 1\n=======\n    return 2\n>>>>>>> other\n"
#define DAY 86400

typedef struct {
	char *tmp;   /* real path of a private directory */
	char *repo;  /* tmp/repo: the tree scanned */
	char *db;    /* tmp/db/rampart.db */
	scan_store *st;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));
	char *raw = th_tmpdir();

	/* A plain directory scan must not pick up a pull request from a CI environment. */
	unsetenv("GITHUB_REF");
	unsetenv("CI_MERGE_REQUEST_IID");
	unsetenv("BITBUCKET_PR_ID");
	f->tmp = realpath(raw, NULL);
	free(raw);
	assert_non_null(f->tmp);
	f->repo = th_join(f->tmp, "repo");
	assert_int_equal(mkdir(f->repo, 0755), 0);
	f->db = th_pg_url() ? th_pg_fresh_db() : th_join(f->tmp, "db/rampart.db");
	{
		char *dir = th_join(f->tmp, "db");
		assert_int_equal(mkdir(dir, 0700), 0);
		free(dir);
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_store_free(f->st);
	th_rmtree(f->tmp);
	free(f->tmp);
	free(f->repo);
	free(f->db);
	free(f);
	return 0;
}

static scan_store *open_store(fixture *f)
{
	int rc;

	if (!f->st && (rc = scan_store_open(&f->st, f->db)) != 0)
		fail_msg("scan_store_open: %d %s", rc, scan_error_last()->message);
	return f->st;
}

static scan_result *scan_dir(const char *dir, const char *branch, const char *default_branch)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	int rc;

	o.target = dir;
	o.jobs = 1;
	o.branch = branch;
	o.default_branch = default_branch;
	if ((rc = scan_run(&r, &o)) != 0)
		fail_msg("scan_run: %d %s", rc, scan_error_last()->message);
	return r;
}

/* Scan dir and record it; returns the scan id. *out keeps the result when given. */
static int64_t record(scan_store *st, const char *dir, const char *branch, scan_result **out)
{
	scan_result *r = scan_dir(dir, branch, branch ? "main" : NULL);
	int64_t id = 0;
	int rc;

	if ((rc = scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r)) != 0)
		fail_msg("scan_ops_record: %d %s", rc, scan_error_last()->message);
	assert_true(id > 0);
	if (out)
		*out = r;
	else
		scan_result_free(r);
	return id;
}

static int64_t repo_id_of(scan_store *st, const char *dir)
{
	int64_t id = 0;

	assert_int_equal(scan_store_repo_find(&id, st, SCAN_STORE_LOCAL_ORG, dir), 0);
	assert_true(id > 0);
	return id;
}

/* Findings of a scan, with a filter (NULL: all). */
static scan_finding_list *findings(scan_store *st, int64_t scan_id, const scan_finding_filter *flt)
{
	scan_finding_list *l = NULL;

	assert_int_equal(scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, scan_id, flt), 0);
	assert_non_null(l);
	return l;
}

static const scan_finding *by_path(const scan_finding_list *l, const char *path)
{
	for (size_t i = 0; i < scan_finding_list_count(l); i++)
		if (!strcmp(scan_finding_list_get(l, i)->file_path, path))
			return scan_finding_list_get(l, i);
	return NULL;
}

static const scan_finding *result_by_path(const scan_result *r, const char *path)
{
	return by_path(scan_result_findings(r), path);
}

static size_t count_with(scan_store *st, int64_t scan_id, const scan_finding_filter *flt)
{
	scan_finding_list *l = findings(st, scan_id, flt);
	size_t n = scan_finding_list_count(l);

	scan_finding_list_free(l);
	return n;
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* --- opening ----------------------------------------------------------------- */

static void test_open_creates_schema(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	scan_store *st, *st2;
	int version;

	assert_false(exists(f->db));
	{
		/* A path the caller names is created only in a directory that exists. */
		char *dir = th_join(f->tmp, "db");
		assert_int_equal(rmdir(dir), 0);
		assert_int_equal(scan_store_open(&st, f->db), SCAN_EINVAL);
		assert_non_null(strstr(scan_error_last()->message, "does not exist"));
		assert_false(exists(dir));
		assert_int_equal(mkdir(dir, 0700), 0);
		free(dir);
	}
	st = open_store(f);
	assert_true(exists(f->db));
	version = scan_store_schema_version(st);
	assert_true(version > 0);
	assert_string_equal(scan_store_path(st), f->db);
	scan_store_free(st);
	f->st = NULL;
	assert_int_equal(th_db_count(f->db, "PRAGMA user_version"), version);
	assert_int_equal(th_db_count(f->db, "PRAGMA application_id"), 0x52414D50);
	int64_t tables = th_db_count(f->db, "SELECT count(*) FROM sqlite_master");
	assert_true(tables > 5);
	/* The local organization and user exist. */
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM organizations WHERE id = 1"), 1);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM users WHERE id = 1"), 1);

	/* Reopening changes nothing; two handles at once are fine. */
	assert_int_equal(scan_store_open(&st, f->db), 0);
	assert_int_equal(scan_store_open(&st2, f->db), 0);
	assert_int_equal(scan_store_schema_version(st), version);
	assert_int_equal(scan_store_schema_version(st2), version);
	scan_store_free(st2);
	scan_store_free(st);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM sqlite_master"), tables);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM organizations"), 1);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM users"), 1);

	/* An empty file is an empty database: it is initialised. */
	{
		char *empty = th_join(f->tmp, "empty.db");
		th_write(f->tmp, "empty.db", "");
		assert_int_equal(scan_store_open(&st, empty), 0);
		assert_int_equal(scan_store_schema_version(st), version);
		scan_store_free(st);
		free(empty);
	}
	st = NULL;
	assert_int_equal(scan_store_open(&st, ""), SCAN_EINVAL);
	assert_null(st);
	scan_store_free(NULL);
}

/*
 * No default location in the library (the CLI finds one): a NULL path is
 * refused. Missing directories are created only when the options say so,
 * private.
 */
static void test_create_dirs(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files */
	fixture *f = *state;
	scan_store_options o = SCAN_STORE_OPTIONS_INIT;
	scan_store *st = NULL;
	char *p = th_join(f->tmp, "data/rampart/r.db"), *d = th_join(f->tmp, "data");
	struct stat sb;

	assert_int_equal(scan_store_open(&st, NULL), SCAN_EINVAL);
	assert_int_equal(scan_store_open(&st, p), SCAN_EINVAL);
	assert_false(exists(d));
	o.create_dirs = true;
	assert_int_equal(scan_store_open_ext(&st, p, &o), 0);
	assert_string_equal(scan_store_path(st), p);
	scan_store_free(st);
	assert_true(exists(p));
	assert_int_equal(stat(d, &sb), 0);
	assert_int_equal(sb.st_mode & 077, 0);
	free(p);
	free(d);
}

static void check_refused_unchanged(const char *path, int want_rc)
{
	size_t before_len, after_len;
	char *before = th_read(path, &before_len), *after;
	char side[4096];
	scan_store *st = NULL;
	int rc;

	assert_non_null(before);
	rc = scan_store_open(&st, path);
	assert_int_equal(rc, want_rc);
	assert_null(st);
	assert_int_equal(scan_error_last()->code, want_rc);
	after = th_read(path, &after_len);
	assert_non_null(after);
	assert_int_equal(after_len, before_len);
	assert_memory_equal(after, before, before_len);
	/* No journal or WAL was left beside it. */
	snprintf(side, sizeof(side), "%s-wal", path);
	assert_false(exists(side));
	snprintf(side, sizeof(side), "%s-journal", path);
	assert_false(exists(side));
	free(before);
	free(after);
}

static void test_refuses_random_bytes(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	unsigned char bytes[8192];
	unsigned seed = 12345;
	char *p;

	for (size_t i = 0; i < sizeof(bytes); i++) {
		seed = seed * 1103515245u + 12345u;
		bytes[i] = (unsigned char)(seed >> 16);
	}
	th_write_bytes(f->tmp, "random.db", bytes, sizeof(bytes));
	p = th_join(f->tmp, "random.db");
	check_refused_unchanged(p, SCAN_ESTORE);
	free(p);
	/* A short text file too. */
	th_write(f->tmp, "notes.txt", "these are my notes, not a database\n");
	p = th_join(f->tmp, "notes.txt");
	check_refused_unchanged(p, SCAN_ESTORE);
	free(p);
}

static void test_refuses_foreign_sqlite(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	char *p;

	p = th_join(f->tmp, "foreign.db");
	(void)state;
	th_db_exec(p, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);"
	            "INSERT INTO notes (body) VALUES ('keep me');");
	check_refused_unchanged(p, SCAN_ESTORE);
	assert_int_equal(th_db_count(p, "SELECT count(*) FROM notes"), 1);
	assert_int_equal(th_db_count(p, "SELECT count(*) FROM sqlite_master"), 1);
	free(p);

	/* Another application's id, even with no tables, is not ours either. */
	p = th_join(f->tmp, "other-app.db");
	th_db_exec(p, "PRAGMA application_id = 1234; PRAGMA user_version = 1;");
	check_refused_unchanged(p, SCAN_ESTORE);
	free(p);
}

static void test_refuses_newer_schema(void **state)
{
	fixture *f = *state;
	char sql[64];
	int version;

	version = scan_store_schema_version(open_store(f));
	scan_store_free(f->st);
	f->st = NULL;
	snprintf(sql, sizeof(sql), th_pg_url() ? "UPDATE rampart_schema SET version = %d" : "PRAGMA user_version = %d;",
	         version + 1);
	th_db_exec(f->db, sql);
	assert_int_equal(th_db_count(f->db, th_pg_url() ? "SELECT version FROM rampart_schema" : "PRAGMA user_version"),
	                 version + 1);
	{
		scan_store *st = NULL;
		assert_int_equal(scan_store_open(&st, f->db), SCAN_EVERSION);
		assert_null(st);
		assert_non_null(strstr(scan_error_last()->message, "newer"));
	}
	/* Nothing was migrated down or touched. */
	assert_int_equal(th_db_count(f->db, th_pg_url() ? "SELECT version FROM rampart_schema" : "PRAGMA user_version"),
	                 version + 1);
}

/* PostgreSQL: a database holding someone else's tables is refused, and left as it was. */
static void test_refuses_foreign_database_pg(void **state)
{
	fixture *f = *state;
	scan_store *st = NULL;

	if (!th_pg_url())
		skip(); /* test_refuses_foreign_sqlite is SQLite's */
	th_db_exec(f->db, "CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'keep me')");
	assert_int_equal(scan_store_open(&st, f->db), SCAN_ESTORE);
	assert_null(st);
	assert_non_null(strstr(scan_error_last()->message, "not a rampart database"));
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM notes"), 1);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"), 1);
}

/*
 * Migration 10 turns the times an older schema kept as seconds since the
 * epoch into text: a database of schema 9 with such rows reads back the
 * same instants, and "never imported" stays never.
 */
static void test_migration_keeps_epoch_times(void **state)
{
	fixture *f = *state;
	scan_store *st = NULL;
	scan_triage_list *tl = NULL;
	scan_vulndb_source_list *vl = NULL;
	scan_finding_list *fl = NULL;
	scan_buf sql = SCAN_BUF_INIT;

	for (int i = 0; i < 9; i++) {
		scan_buf_clear(&sql);
		if (th_pg_url())
			assert_int_equal(scan_store__migration_postgres(&sql, i), 0);
		else
			scan_buf_puts(&sql, scan_store__migrations[i]);
		th_db_exec(f->db, sql.ptr);
	}
	th_db_exec(f->db, th_pg_url() ? "CREATE TABLE rampart_schema (application TEXT NOT NULL, version INTEGER NOT NULL);"
	                                "INSERT INTO rampart_schema VALUES ('rampart', 9)"
	                              : "PRAGMA application_id = 1380011344; PRAGMA user_version = 9;");
	th_db_exec(f->db,
	           "INSERT INTO repositories (id, org_id, name, url, source, created_at)"
	           "  VALUES (5, 1, 'r', '/r', 'local', '2026-01-01T00:00:00Z');"
	           "INSERT INTO scans (id, repo_id, org_id, status, created_at) VALUES (6, 5, 1, 'completed', '2026-01-01T00:00:00Z');"
	           "INSERT INTO scan_issues (id, scan_id, rule_id, title, tool, category, file_path, line_number, severity,"
	           "  confidence, fingerprint, vuln_id, published)"
	           "  VALUES (7, 6, 'x', 'x', 'osv', 'sca', 'package-lock.json', 1, 'high', 90, 'abcdefabcdefabcd',"
	           "  'GHSA-1', 1700000000);"
	           "INSERT INTO sca_triage (repo_id, vuln_id, ecosystem, package_name, purl, status, updated_at)"
	           "  VALUES (5, 'GHSA-1', 'npm', 'a', 'pkg:npm/a@1', 'fixed', 1750000000);"
	           "INSERT INTO vuln_sources (name, kind, location, imported_at, records) VALUES ('kev', 'kev', 'k', 1760000000, 3);"
	           "INSERT INTO vuln_sources (name, kind, location, imported_at, records) VALUES ('epss', 'epss', 'e', 0, 0);");
	assert_int_equal(scan_store_open(&st, f->db), 0);
	assert_int_equal(scan_store_schema_version(st), scan_store__migration_count);
	assert_int_equal(scan_store_findings(&fl, st, SCAN_STORE_LOCAL_ORG, 6, NULL), 0);
	assert_int_equal(scan_finding_list_count(fl), 1);
	assert_int_equal(scan_finding_list_get(fl, 0)->sca->published, 1700000000);
	assert_int_equal(scan_store_triage_list(&tl, st, SCAN_STORE_LOCAL_ORG, 5), 0);
	assert_int_equal(scan_triage_list_count(tl), 1);
	assert_int_equal(scan_triage_list_get(tl, 0)->updated_at, 1750000000);
	assert_int_equal(scan_vulndb_sources(&vl, st), 0);
	assert_int_equal(scan_vulndb_source_list_count(vl), 1); /* epss was never imported */
	assert_int_equal(scan_vulndb_source_list_get(vl, 0)->imported_at, 1760000000);
	scan_vulndb_source_list_free(vl);
	scan_triage_list_free(tl);
	scan_finding_list_free(fl);
	scan_store_free(st);
	scan_buf_dispose(&sql);
}

/* A database path must be a regular file or nothing: the rest is refused before anything is written. */
static void test_refuses_non_regular_path(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	char *fifo = th_join(f->tmp, "fifo"), *dir = th_join(f->tmp, "dir"), *link = th_join(f->tmp, "link.db");
	char *dangling = th_join(f->tmp, "dangling.db"), *target = th_join(f->tmp, "target.db");
	scan_store_options ro = SCAN_STORE_OPTIONS_INIT;
	struct {
		const char *path, *says;
	} cases[] = {
		{ fifo, "is a FIFO, not a regular file" },
		{ dir, "is a directory, not a regular file" },
		{ link, "is a symbolic link" },
		{ dangling, "is a symbolic link" },
		{ "/dev/null", "is a character device, not a regular file" },
	};
	struct stat sb;

	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(mkdir(dir, 0700), 0);
	th_write(f->tmp, "target.db", "");
	assert_int_equal(symlink("target.db", link), 0);
	assert_int_equal(symlink("missing.db", dangling), 0);
	ro.read_only = true;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int mode = 0; mode < 2; mode++) {
			scan_store *st = NULL;
			int rc = scan_store_open_ext(&st, cases[i].path, mode ? &ro : NULL);
			if (rc != SCAN_EINVAL || !strstr(scan_error_last()->message, cases[i].says))
				fail_msg("%s: %d %s", cases[i].path, rc, scan_error_last()->message);
			assert_null(st);
		}
	/* Each was left as it was. */
	assert_int_equal(lstat(fifo, &sb), 0);
	assert_true(S_ISFIFO(sb.st_mode));
	assert_int_equal(lstat(target, &sb), 0);
	assert_int_equal(sb.st_size, 0);
	free(target);
	target = th_join(f->tmp, "missing.db");
	assert_false(exists(target));
	assert_int_equal(stat("/dev/null", &sb), 0);
	assert_true(S_ISCHR(sb.st_mode));
	free(fifo);
	free(dir);
	free(link);
	free(dangling);
	free(target);
}

typedef struct {
	scan_store *st;
	int rc;
} ro_write;

static void *write_from_thread(void *arg)
{
	ro_write *j = arg;
	int64_t id;

	j->rc = scan_store_org_create(&id, j->st, "written-through-a-reader", SCAN_PLAN_FREE);
	return NULL;
}

/*
 * read_only: an existing database is read through a handle that cannot
 * write; a missing one (an empty PostgreSQL database) is created.
 */
static void test_open_read_only(void **state)
{
	fixture *f = *state;
	const char *version_sql = th_pg_url() ? "SELECT version FROM rampart_schema" : "PRAGMA user_version";
	scan_store_options ro = SCAN_STORE_OPTIONS_INIT;
	scan_store *st = NULL;
	scan_waiver w;
	int64_t id = 0;
	scan_gate_config cfg;

	ro.read_only = true;
	/* missing: created and migrated as by a writer */
	assert_int_equal(scan_store_open_ext(&st, f->db, &ro), 0);
	assert_true(scan_store_schema_version(st) > 0);
	scan_store_free(st);
	assert_true(th_db_count(f->db, version_sql) > 0);
	/* existing: reads work, a write fails and changes nothing, on every thread's connection */
	assert_int_equal(scan_store_open_ext(&st, f->db, &ro), 0);
	assert_int_equal(scan_store_gate_config(&cfg, st, SCAN_STORE_LOCAL_ORG), 0);
	memset(&w, 0, sizeof(w));
	w.rule = "new_high_max";
	w.reason = "r";
	w.expires_at = time(NULL) + DAY;
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_ESTORE);
	{
		pthread_t t;
		ro_write job = { st, 0 };
		assert_int_equal(pthread_create(&t, NULL, write_from_thread, &job), 0);
		assert_int_equal(pthread_join(t, NULL), 0);
		assert_int_equal(job.rc, SCAN_ESTORE);
	}
	scan_store_free(st);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM quality_waivers"), 0);
	/* an older schema (here the empty one of an empty file) is upgraded first, as a writer would */
	if (!th_pg_url()) {
		char *empty = th_join(f->tmp, "empty.db");
		th_write(f->tmp, "empty.db", "");
		assert_int_equal(scan_store_open_ext(&st, empty, &ro), 0);
		scan_store_free(st);
		assert_true(th_db_count(empty, "PRAGMA user_version") > 0);
		free(empty);
	}
}

/* --- gate configuration -------------------------------------------------------- */

static void test_gate_config(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	scan_gate_config cfg, defaults = SCAN_GATE_CONFIG_DEFAULTS;

	memset(&cfg, 0x5A, sizeof(cfg));
	assert_int_equal(scan_store_gate_config(&cfg, st, SCAN_STORE_LOCAL_ORG), 0);
	assert_false(cfg.configured);
	assert_int_equal(cfg.enabled, defaults.enabled);
	assert_int_equal(cfg.block_merge_on_fail, defaults.block_merge_on_fail);
	assert_int_equal(cfg.applies_to_new_code_only, defaults.applies_to_new_code_only);
	assert_int_equal(cfg.policy.new_critical_max, 0);
	assert_int_equal(cfg.policy.new_high_max, 0);
	assert_true(cfg.policy.duplication_pct_max == 3.0);
	assert_int_equal(cfg.policy.complexity_new_max, 15);
	assert_int_equal(cfg.policy.rating_min, 'A');
	assert_true(cfg.policy.new_coverage_min == 80.0);

	cfg.enabled = false;
	cfg.block_merge_on_fail = false;
	cfg.applies_to_new_code_only = false;
	cfg.configured = false; /* an input the store ignores */
	cfg.policy.new_critical_max = 2;
	cfg.policy.new_high_max = 7;
	cfg.policy.duplication_pct_max = 12.5;
	cfg.policy.complexity_new_max = 40;
	cfg.policy.rating_min = 'C';
	cfg.policy.new_coverage_min = 55.5;
	assert_int_equal(scan_store_gate_config_put(st, SCAN_STORE_LOCAL_ORG, &cfg), 0);
	{
		scan_gate_config got;
		assert_int_equal(scan_store_gate_config(&got, st, SCAN_STORE_LOCAL_ORG), 0);
		assert_true(got.configured);
		assert_false(got.enabled);
		assert_false(got.block_merge_on_fail);
		assert_false(got.applies_to_new_code_only);
		assert_int_equal(got.policy.new_critical_max, 2);
		assert_int_equal(got.policy.new_high_max, 7);
		assert_true(got.policy.duplication_pct_max == 12.5);
		assert_int_equal(got.policy.complexity_new_max, 40);
		assert_int_equal(got.policy.rating_min, 'C');
		assert_true(got.policy.new_coverage_min == 55.5);
	}
	/* A second put replaces the first. */
	cfg.enabled = true;
	cfg.policy.new_high_max = 1;
	assert_int_equal(scan_store_gate_config_put(st, SCAN_STORE_LOCAL_ORG, &cfg), 0);
	{
		scan_gate_config got;
		assert_int_equal(scan_store_gate_config(&got, st, SCAN_STORE_LOCAL_ORG), 0);
		assert_true(got.enabled);
		assert_int_equal(got.policy.new_high_max, 1);
		assert_int_equal(got.policy.rating_min, 'C');
	}
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM quality_gate_configs"), 1);
	/* It survives reopening. */
	scan_store_free(f->st);
	f->st = NULL;
	{
		scan_gate_config got;
		assert_int_equal(scan_store_gate_config(&got, open_store(f), SCAN_STORE_LOCAL_ORG), 0);
		assert_true(got.configured);
		assert_int_equal(got.policy.new_high_max, 1);
	}
}

/* --- waivers ------------------------------------------------------------------ */

static scan_waiver waiver(const char *rule, int64_t repo, int64_t pr, time_t expires)
{
	scan_waiver w = { 0 };

	w.rule = rule;
	w.reason = "accepted for the release";
	w.repo_id = repo;
	w.pr_number = pr;
	w.expires_at = expires;
	w.created_by_user_id = SCAN_STORE_LOCAL_USER;
	return w;
}

static void test_waiver_add_validation(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	time_t now = time(NULL);
	int64_t repo, id = -1;
	scan_waiver w;

	record(st, f->repo, NULL, NULL);
	repo = repo_id_of(st, f->repo);

	w = waiver("new_medium_max", 0, 0, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver(NULL, 0, 0, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 0, now + DAY);
	w.reason = "";
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w.reason = NULL;
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 42, now + DAY); /* a PR needs a repository */
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", repo, -1, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 0, now - 60); /* past */
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 0, now - 400 * (time_t)DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 0, now + 367 * (time_t)DAY); /* more than 366 days */
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", 0, 0, 0); /* an expiry is required */
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_EINVAL);
	w = waiver("new_high_max", repo + 100, 0, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_ENOTFOUND);
	w = waiver("new_high_max", repo + 100, 7, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), SCAN_ENOTFOUND);
	assert_int_equal(id, -1); /* untouched by every failure */
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM quality_waivers"), 0);

	/* The valid ones: each scope, up to 366 days ahead. */
	w = waiver("new_high_max", 0, 0, now + 366 * (time_t)DAY - 60);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	assert_true(id > 0);
	w = waiver("rating_min", repo, 0, now + DAY);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	w = waiver("new_coverage_min", repo, 12, now + 60);
	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM quality_waivers"), 3);
}

static const scan_waiver *waiver_by_id(const scan_waiver_list *l, int64_t id)
{
	for (size_t i = 0; i < scan_waiver_list_count(l); i++)
		if (scan_waiver_list_get(l, i)->id == id)
			return scan_waiver_list_get(l, i);
	return NULL;
}

static size_t waiver_count(scan_store *st, int64_t repo, bool expired, bool revoked)
{
	scan_waiver_list *l = NULL;
	size_t n;

	assert_int_equal(scan_store_waivers(&l, st, SCAN_STORE_LOCAL_ORG, repo, expired, revoked), 0);
	n = scan_waiver_list_count(l);
	scan_waiver_list_free(l);
	return n;
}

static void test_waiver_list_filters(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	time_t now = time(NULL), revoked_at = 0;
	int64_t repo1, repo2, w_org, w_r1, w_r2, w_pr, w_exp;
	scan_waiver_list *l = NULL;
	scan_waiver w;
	char *dir2 = th_join(f->tmp, "repo2");
	char sql[256];

	assert_int_equal(mkdir(dir2, 0755), 0);
	record(st, f->repo, NULL, NULL);
	record(st, dir2, NULL, NULL);
	repo1 = repo_id_of(st, f->repo);
	repo2 = repo_id_of(st, dir2);
	assert_int_not_equal(repo1, repo2);

	/* After the scans, which may be slow under a sanitizer on a busy machine. */
	now = time(NULL);
	w = waiver("new_high_max", 0, 0, now + 10 * DAY);
	assert_int_equal(scan_ops_waiver_add(&w_org, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	w = waiver("new_high_max", repo1, 0, now + 10 * DAY);
	w.reason = "repo one";
	assert_int_equal(scan_ops_waiver_add(&w_r1, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	w = waiver("new_critical_max", repo2, 0, now + 10 * DAY);
	assert_int_equal(scan_ops_waiver_add(&w_r2, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	w = waiver("new_high_max", repo1, 5, now + 10 * DAY);
	assert_int_equal(scan_ops_waiver_add(&w_pr, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	w = waiver("new_high_max", repo1, 0, now + 10 * DAY);
	assert_int_equal(scan_ops_waiver_add(&w_exp, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	/* Let one expire: the store refuses a past expiry, so age it in place. */
	snprintf(sql, sizeof(sql), "UPDATE quality_waivers SET expires_at = '2001-01-01T00:00:00Z' WHERE id = %lld",
	         (long long)w_exp);
	th_db_exec(f->db, sql);

	/* Fields come back as written. */
	assert_int_equal(scan_store_waivers(&l, st, SCAN_STORE_LOCAL_ORG, 0, true, true), 0);
	assert_int_equal(scan_waiver_list_count(l), 5);
	{
		const scan_waiver *g = waiver_by_id(l, w_r1);
		assert_non_null(g);
		assert_string_equal(g->rule, "new_high_max");
		assert_string_equal(g->reason, "repo one");
		assert_int_equal(g->repo_id, repo1);
		assert_int_equal(g->pr_number, 0);
		assert_int_equal(g->created_by_user_id, 1);
		assert_true(g->created_at >= now && g->created_at <= time(NULL));
		assert_true(g->expires_at == now + 10 * DAY);
		assert_int_equal(g->revoked_at, 0);
		g = waiver_by_id(l, w_pr);
		assert_int_equal(g->pr_number, 5);
		g = waiver_by_id(l, w_org);
		assert_int_equal(g->repo_id, 0);
		g = waiver_by_id(l, w_exp);
		assert_true(g->expires_at < now);
	}
	/* Ordered by id. */
	for (size_t i = 1; i < scan_waiver_list_count(l); i++)
		assert_true(scan_waiver_list_get(l, i - 1)->id < scan_waiver_list_get(l, i)->id);
	assert_null(scan_waiver_list_get(l, 5));
	scan_waiver_list_free(l);
	scan_waiver_list_free(NULL);

	/* Expired ones only on request. */
	assert_int_equal(waiver_count(st, 0, false, false), 4);
	assert_int_equal(waiver_count(st, 0, true, false), 5);
	/* A repository filter keeps that repository's and the organization's. */
	assert_int_equal(waiver_count(st, repo1, false, false), 3); /* org, r1, pr */
	assert_int_equal(waiver_count(st, repo1, true, false), 4);
	assert_int_equal(waiver_count(st, repo2, false, false), 2); /* org, r2 */
	assert_int_equal(scan_store_waivers(&l, st, SCAN_STORE_LOCAL_ORG, repo2, false, false), 0);
	assert_non_null(waiver_by_id(l, w_org));
	assert_non_null(waiver_by_id(l, w_r2));
	scan_waiver_list_free(l);

	/* Revoked ones only on request. */
	assert_int_equal(scan_store_waiver_revoke(&revoked_at, st, SCAN_STORE_LOCAL_ORG, w_r1), 0);
	assert_true(revoked_at >= now - 5 && revoked_at <= time(NULL) + 5);
	assert_int_equal(waiver_count(st, repo1, false, false), 2);
	assert_int_equal(waiver_count(st, repo1, false, true), 3);
	assert_int_equal(waiver_count(st, repo1, true, true), 4);
	assert_int_equal(waiver_count(st, 0, false, false), 3);
	assert_int_equal(scan_store_waivers(&l, st, SCAN_STORE_LOCAL_ORG, repo1, false, true), 0);
	assert_true(waiver_by_id(l, w_r1)->revoked_at == revoked_at);
	scan_waiver_list_free(l);
	free(dir2);
}

static void test_waiver_revoke(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	time_t first = 0, second = 0, before = time(NULL);
	struct timespec pause = { 1, 200000000L };
	int64_t id;
	scan_waiver w = waiver("new_high_max", 0, 0, before + DAY);

	assert_int_equal(scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	assert_int_equal(scan_store_waiver_revoke(&first, st, SCAN_STORE_LOCAL_ORG, id), 0);
	assert_true(first >= before && first <= time(NULL));
	/* Timestamps have whole seconds: wait for the clock to move before revoking again. */
	nanosleep(&pause, NULL);
	assert_int_equal(scan_store_waiver_revoke(&second, st, SCAN_STORE_LOCAL_ORG, id), 0);
	assert_true(second == first);
	assert_int_equal(scan_store_waiver_revoke(&second, st, SCAN_STORE_LOCAL_ORG, id + 1000), SCAN_ENOTFOUND);
	assert_true(second == first);
}

/* --- recording, baseline, new code --------------------------------------------- */

static void test_record_baseline_and_new(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	scan_result *r;
	scan_scan_list *sl = NULL;
	scan_buf branch = SCAN_BUF_INIT;
	int64_t s1, s2, s3, s4, repo, count = -1, cleared = -1;
	uint64_t counts[5];
	const scan_finding *fa, *fb;

	th_write(f->repo, "a.py", BIDI_A);

	/* A plain directory without --branch is a default-branch scan of branch NULL. */
	s1 = record(st, f->repo, NULL, &r);
	assert_true(scan_result_repo(r)->is_baseline_scan);
	assert_null(scan_result_repo(r)->branch);
	assert_string_equal(scan_result_repo(r)->default_branch, "main");
	fa = result_by_path(r, "a.py");
	assert_non_null(fa);
	assert_true(fa->id > 0);
	assert_int_equal(fa->scan_id, s1);
	assert_false(fa->is_new_in_pr); /* a default-branch scan moves nothing to new */
	scan_result_free(r);
	repo = repo_id_of(st, f->repo);
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(count, 1);
	assert_string_equal(branch.ptr, "main");

	assert_int_equal(scan_store_scan_get(&sl, st, SCAN_STORE_LOCAL_ORG, s1), 0);
	assert_int_equal(scan_scan_list_count(sl), 1);
	{
		const scan_scan_record *sr = scan_scan_list_get(sl, 0);
		assert_int_equal(sr->id, s1);
		assert_int_equal(sr->repo_id, repo);
		assert_int_equal(sr->org_id, SCAN_STORE_LOCAL_ORG);
		assert_true(sr->is_baseline_scan);
		assert_null(sr->branch);
		assert_string_equal(sr->default_branch, "main");
		assert_string_equal(sr->status, "completed");
		assert_string_equal(sr->scan_type, "smart");
		assert_int_equal(sr->issues_count, 1);
		assert_string_equal(sr->repo_url, f->repo);
		assert_string_equal(sr->repo_name, "repo");
		assert_int_equal(sr->pr_number, 0);
		assert_true(sr->created_at > 0 && sr->completed_at >= sr->created_at);
	}
	scan_scan_list_free(sl);
	sl = (scan_scan_list *)(uintptr_t)1;
	assert_int_equal(scan_store_scan_get(&sl, st, SCAN_STORE_LOCAL_ORG, s1 + 100), SCAN_ENOTFOUND);
	assert_null(sl);
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s1), 0);
	assert_int_equal(counts[4], 0);

	/* A feature branch adds b.py: only that finding is new. */
	th_write(f->repo, "b.py", BIDI_B);
	s2 = record(st, f->repo, "feature", &r);
	assert_false(scan_result_repo(r)->is_baseline_scan);
	assert_string_equal(scan_result_repo(r)->branch, "feature");
	fa = result_by_path(r, "a.py");
	fb = result_by_path(r, "b.py");
	assert_false(fa->is_new_in_pr);
	assert_true(fb->is_new_in_pr);
	assert_int_equal(fb->scan_id, s2);
	scan_result_free(r);
	{
		scan_finding_list *l = findings(st, s2, NULL);
		assert_int_equal(scan_finding_list_count(l), 2);
		assert_false(by_path(l, "a.py")->is_new_in_pr);
		assert_true(by_path(l, "b.py")->is_new_in_pr);
		scan_finding_list_free(l);
	}
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s2), 0);
	assert_int_equal(counts[0], 0); /* critical */
	assert_int_equal(counts[1], 1); /* high: the bidi finding of b.py */
	assert_int_equal(counts[2], 0);
	assert_int_equal(counts[3], 0);
	assert_int_equal(counts[4], 1);
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s2 + 100), SCAN_ENOTFOUND);
	/* A feature scan does not touch the baseline. */
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(count, 1);
	/* The gate was stored with the scan: one new high fails the default policy. */
	{
		scan_gate_report *g = NULL;
		assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s2), 0);
		assert_int_equal(g->status, SCAN_GATE_FAILED);
		assert_int_equal(g->violation_count, 1);
		assert_string_equal(g->violations[0].rule, "new_high_max");
		assert_true(g->violations[0].actual == 1);
		scan_gate_report_free(g);
		assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s1), 0);
		assert_int_equal(g->status, SCAN_GATE_PASSED);
		scan_gate_report_free(g);
		assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s2 + 100), SCAN_ENOTFOUND);
	}

	/* The next default-branch scan adds b.py to the baseline. */
	record(st, f->repo, NULL, NULL);
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(count, 2);
	th_write(f->repo, "c.py", BIDI_C);
	s3 = record(st, f->repo, "feature", &r);
	assert_false(result_by_path(r, "a.py")->is_new_in_pr);
	assert_false(result_by_path(r, "b.py")->is_new_in_pr);
	assert_true(result_by_path(r, "c.py")->is_new_in_pr);
	scan_result_free(r);

	/* Rebuild clears it; with no baseline, everything on a branch is new. */
	assert_int_equal(scan_store_baseline_rebuild(&cleared, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(cleared, 2);
	assert_string_equal(branch.ptr, "main");
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(count, 0);
	s4 = record(st, f->repo, "feature", NULL);
	assert_int_equal(count_with(st, s4, NULL), 3);
	{
		scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
		flt.new_only = true;
		assert_int_equal(count_with(st, s4, &flt), 3);
		assert_int_equal(count_with(st, s3, &flt), 1);
	}
	/* The next default-branch scan fills it again. */
	record(st, f->repo, NULL, NULL);
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo, &branch), 0);
	assert_int_equal(count, 3);
	/* An unknown repository. */
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo + 100, &branch), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_baseline_rebuild(&cleared, st, SCAN_STORE_LOCAL_ORG, repo + 100, &branch), SCAN_ENOTFOUND);

	/* Listing scans: newest first, per repository, with a limit. */
	assert_int_equal(scan_store_scans(&sl, st, SCAN_STORE_LOCAL_ORG, repo, 0), 0);
	assert_int_equal(scan_scan_list_count(sl), 6);
	assert_true(scan_scan_list_get(sl, 0)->id > scan_scan_list_get(sl, 5)->id);
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_scans(&sl, st, SCAN_STORE_LOCAL_ORG, repo, 2), 0);
	assert_int_equal(scan_scan_list_count(sl), 2);
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_scans(&sl, st, SCAN_STORE_LOCAL_ORG, repo + 100, 0), 0);
	assert_int_equal(scan_scan_list_count(sl), 0);
	scan_scan_list_free(sl);
	scan_buf_dispose(&branch);
}

static void test_mark_fp(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	scan_result *r;
	int64_t s2, s3, s4, issue;
	uint64_t counts[5];
	scan_gate_report *g = NULL;
	const scan_finding *fb;

	th_write(f->repo, "a.py", BIDI_A);
	record(st, f->repo, NULL, NULL);
	th_write(f->repo, "b.py", BIDI_B);
	s2 = record(st, f->repo, "feature", NULL);
	{
		scan_finding_list *l = findings(st, s2, NULL);
		issue = by_path(l, "b.py")->id;
		assert_true(by_path(l, "b.py")->is_new_in_pr);
		assert_false(by_path(l, "b.py")->user_marked_fp);
		assert_null(by_path(l, "b.py")->fp_reason);
		scan_finding_list_free(l);
	}

	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue, true, ""), SCAN_EINVAL);
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue, true, NULL), SCAN_EINVAL);
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue + 1000, true, "why"), SCAN_ENOTFOUND);
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue + 1000, false, NULL), SCAN_ENOTFOUND);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM fp_marks"), 0);

	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue, true, "test fixture, not real code"), 0);
	{
		scan_finding_list *l = findings(st, s2, NULL);
		const scan_finding *m = by_path(l, "b.py");
		assert_true(m->user_marked_fp);
		assert_string_equal(m->fp_reason, "test fixture, not real code");
		assert_true(m->fp_marked_at > 0);
		assert_false(by_path(l, "a.py")->user_marked_fp);
		scan_finding_list_free(l);
	}
	/* Marked findings leave the counts and the gate. */
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s2), 0);
	assert_int_equal(counts[1], 0);
	assert_int_equal(counts[4], 0);
	assert_int_equal(scan_ops_gate_evaluate(&g, st, SCAN_STORE_LOCAL_ORG, s2, 0), 0);
	assert_int_equal(g->status, SCAN_GATE_PASSED);
	scan_gate_report_free(g);
	/* The stored result is what was computed when the scan completed. */
	assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s2), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	scan_gate_report_free(g);

	/* The mark carries over to the next scan of the repository. */
	s3 = record(st, f->repo, "feature", &r);
	fb = result_by_path(r, "b.py");
	assert_true(fb->user_marked_fp);
	assert_string_equal(fb->fp_reason, "test fixture, not real code");
	assert_true(fb->fp_marked_at > 0);
	assert_true(fb->is_new_in_pr);
	assert_false(result_by_path(r, "a.py")->user_marked_fp);
	scan_result_free(r);
	{
		scan_finding_list *l = findings(st, s3, NULL);
		assert_true(by_path(l, "b.py")->user_marked_fp);
		assert_string_equal(by_path(l, "b.py")->fp_reason, "test fixture, not real code");
		issue = by_path(l, "b.py")->id;
		scan_finding_list_free(l);
	}
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s3), 0);
	assert_int_equal(counts[4], 0);
	assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s3), 0);
	assert_int_equal(g->status, SCAN_GATE_PASSED);
	scan_gate_report_free(g);
	/* include_fp false leaves it out. */
	{
		scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
		assert_int_equal(count_with(st, s3, &flt), 2);
		flt.include_fp = false;
		assert_int_equal(count_with(st, s3, &flt), 1);
	}

	/* Unmarking clears it everywhere, and later scans no longer inherit it. */
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue, false, NULL), 0);
	{
		scan_finding_list *l = findings(st, s2, NULL);
		assert_false(by_path(l, "b.py")->user_marked_fp);
		assert_null(by_path(l, "b.py")->fp_reason);
		assert_int_equal(by_path(l, "b.py")->fp_marked_at, 0);
		scan_finding_list_free(l);
	}
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM fp_marks"), 0);
	s4 = record(st, f->repo, "feature", &r);
	assert_false(result_by_path(r, "b.py")->user_marked_fp);
	assert_null(result_by_path(r, "b.py")->fp_reason);
	scan_result_free(r);
	assert_int_equal(scan_store_new_counts(counts, st, SCAN_STORE_LOCAL_ORG, s4), 0);
	assert_int_equal(counts[1], 1);
	assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, s4), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	scan_gate_report_free(g);
}

static void test_mark_is_per_repository(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	char *other = th_join(f->tmp, "other");
	int64_t s1, s2, issue;
	scan_result *r;

	/* The same relative path and line in two repositories: same fingerprint. */
	assert_int_equal(mkdir(other, 0755), 0);
	th_write(f->repo, "a.py", BIDI_A);
	th_write(other, "a.py", BIDI_A);
	s1 = record(st, f->repo, NULL, NULL);
	s2 = record(st, other, NULL, NULL);
	{
		scan_finding_list *l1 = findings(st, s1, NULL), *l2 = findings(st, s2, NULL);
		assert_string_equal(by_path(l1, "a.py")->fingerprint, by_path(l2, "a.py")->fingerprint);
		issue = by_path(l1, "a.py")->id;
		scan_finding_list_free(l1);
		scan_finding_list_free(l2);
	}
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, issue, true, "only here"), 0);
	{
		scan_finding_list *l2 = findings(st, s2, NULL);
		assert_false(by_path(l2, "a.py")->user_marked_fp);
		scan_finding_list_free(l2);
	}
	record(st, other, NULL, &r);
	assert_false(result_by_path(r, "a.py")->user_marked_fp);
	scan_result_free(r);
	free(other);
}

/* --- queries ----------------------------------------------------------------- */

static void test_findings_filters(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	scan_finding_filter flt;
	scan_finding_list *l;
	scan_result *r;
	int64_t s1, s2;

	th_write(f->repo, "a.py", BIDI_A);
	th_write(f->repo, "sub/c.py", CONFLICT);
	th_write(f->repo, "sub/d.py", BIDI_B);
	s1 = record(st, f->repo, NULL, &r);
	assert_int_equal(scan_finding_list_count(scan_result_findings(r)), 3);

	/* What comes back is what was recorded. */
	l = findings(st, s1, NULL);
	assert_int_equal(scan_finding_list_count(l), 3);
	assert_string_equal(scan_finding_list_get(l, 0)->file_path, "a.py");
	assert_string_equal(scan_finding_list_get(l, 1)->file_path, "sub/c.py");
	assert_string_equal(scan_finding_list_get(l, 2)->file_path, "sub/d.py");
	for (size_t i = 0; i < 3; i++) {
		const scan_finding *got = scan_finding_list_get(l, i);
		const scan_finding *mem = result_by_path(r, got->file_path);
		assert_int_equal(got->id, mem->id);
		assert_int_equal(got->scan_id, s1);
		assert_string_equal(got->rule_id, mem->rule_id);
		assert_string_equal(got->title, mem->title);
		assert_string_equal(got->tool, "hygiene");
		assert_int_equal(got->category, mem->category);
		assert_int_equal(got->severity, mem->severity);
		assert_int_equal(got->line_number, mem->line_number);
		assert_int_equal(got->end_line, mem->end_line);
		assert_int_equal(got->column, mem->column);
		assert_int_equal(got->confidence, mem->confidence);
		assert_string_equal(got->snippet, mem->snippet);
		assert_string_equal(got->fingerprint, mem->fingerprint);
		assert_string_equal(got->description, mem->description);
		assert_string_equal(got->remediation, mem->remediation);
		assert_true(got->cvss_score < 0);
	}
	{
		const scan_finding *c = by_path(l, "sub/c.py");
		assert_string_equal(c->rule_id, CONFLICT_RULE);
		assert_int_equal(c->severity, SCAN_SEV_MEDIUM);
		assert_int_equal(c->category, SCAN_CAT_QUALITY);
		assert_int_equal(c->line_number, 2);
		assert_int_equal(c->end_line, 6);
		assert_null(c->cwe_id);
		assert_string_equal(by_path(l, "a.py")->cwe_id, "CWE-451");
	}
	scan_finding_list_free(l);
	scan_result_free(r);

	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	assert_int_equal(count_with(st, s1, &flt), 3);
	flt.has_min_severity = true;
	flt.min_severity = SCAN_SEV_HIGH;
	assert_int_equal(count_with(st, s1, &flt), 2);
	flt.min_severity = SCAN_SEV_MEDIUM;
	assert_int_equal(count_with(st, s1, &flt), 3);
	flt.min_severity = SCAN_SEV_CRITICAL;
	assert_int_equal(count_with(st, s1, &flt), 0);

	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.rule_id = CONFLICT_RULE;
	assert_int_equal(count_with(st, s1, &flt), 1);
	flt.rule_id = BIDI_RULE;
	assert_int_equal(count_with(st, s1, &flt), 2);
	flt.rule_id = "hygiene/";
	assert_int_equal(count_with(st, s1, &flt), 0); /* exact, not a prefix */

	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.path_prefix = "sub/";
	assert_int_equal(count_with(st, s1, &flt), 2);
	flt.path_prefix = "sub/c";
	assert_int_equal(count_with(st, s1, &flt), 1);
	flt.path_prefix = "a.py";
	assert_int_equal(count_with(st, s1, &flt), 1);
	flt.path_prefix = "nowhere/";
	assert_int_equal(count_with(st, s1, &flt), 0);
	flt.path_prefix = "%"; /* literal, not a LIKE pattern */
	assert_int_equal(count_with(st, s1, &flt), 0);
	flt.path_prefix = "_.py";
	assert_int_equal(count_with(st, s1, &flt), 0);
	flt.path_prefix = "";
	assert_int_equal(count_with(st, s1, &flt), 3);

	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.has_category = true;
	flt.category = SCAN_CAT_QUALITY;
	assert_int_equal(count_with(st, s1, &flt), 1);
	flt.category = SCAN_CAT_SECURITY;
	assert_int_equal(count_with(st, s1, &flt), 2);
	flt.category = SCAN_CAT_SECRET;
	assert_int_equal(count_with(st, s1, &flt), 0);

	/* Pages: offset and limit over the ordered list, the last one short, past the end empty. */
	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.limit = 2;
	l = findings(st, s1, &flt);
	assert_int_equal(scan_finding_list_count(l), 2);
	assert_string_equal(scan_finding_list_get(l, 0)->file_path, "a.py");
	assert_string_equal(scan_finding_list_get(l, 1)->file_path, "sub/c.py");
	scan_finding_list_free(l);
	flt.offset = 2;
	l = findings(st, s1, &flt);
	assert_int_equal(scan_finding_list_count(l), 1);
	assert_string_equal(scan_finding_list_get(l, 0)->file_path, "sub/d.py");
	scan_finding_list_free(l);
	flt.offset = 3;
	assert_int_equal(count_with(st, s1, &flt), 0);
	flt.offset = 1;
	flt.limit = 0;
	assert_int_equal(count_with(st, s1, &flt), 2);

	/* Filters combine. */
	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.path_prefix = "sub/";
	flt.has_min_severity = true;
	flt.min_severity = SCAN_SEV_HIGH;
	assert_int_equal(count_with(st, s1, &flt), 1);

	/* new_only: nothing is new on the default branch; a new file on a feature branch is. */
	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	flt.new_only = true;
	assert_int_equal(count_with(st, s1, &flt), 0);
	th_write(f->repo, "e.py", BIDI_C);
	s2 = record(st, f->repo, "feature", NULL);
	assert_int_equal(count_with(st, s2, &flt), 1);
	l = findings(st, s2, &flt);
	assert_string_equal(scan_finding_list_get(l, 0)->file_path, "e.py");
	scan_finding_list_free(l);

	/* include_fp */
	l = findings(st, s2, NULL);
	assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, by_path(l, "sub/c.py")->id, true, "docs about git"), 0);
	scan_finding_list_free(l);
	flt = (scan_finding_filter)SCAN_FINDING_FILTER_INIT;
	assert_int_equal(count_with(st, s2, &flt), 4);
	flt.include_fp = false;
	assert_int_equal(count_with(st, s2, &flt), 3);
	/* The mark covers the same fingerprint in the earlier scan of the repository too. */
	assert_int_equal(count_with(st, s1, &flt), 2);

	/* An unknown scan is an error, not an empty list. */
	l = (scan_finding_list *)(uintptr_t)1;
	assert_int_equal(scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, s2 + 100, NULL), SCAN_ENOTFOUND);
	assert_null(l);
	assert_int_equal(scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, 0, NULL), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, -1, &flt), SCAN_ENOTFOUND);
}

static void test_repo_find(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	int64_t id = 0, id2 = 0, other_id = 0;
	char *a = th_join(f->tmp, "a"), *b = th_join(f->tmp, "b");
	char *a_proj = th_join(a, "proj"), *b_proj = th_join(b, "proj");
	char idtext[32];
	scan_repo_list *rl = NULL;

	record(st, f->repo, NULL, NULL);
	assert_int_equal(scan_store_repo_find(&id, st, SCAN_STORE_LOCAL_ORG, f->repo), 0); /* by URL (the absolute path) */
	assert_true(id > 0);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "repo"), 0); /* by name */
	assert_int_equal(id2, id);
	snprintf(idtext, sizeof(idtext), "%lld", (long long)id);
	id2 = 0;
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, idtext), 0); /* by id */
	assert_int_equal(id2, id);

	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "nope"), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "999"), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "0"), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "-1"), SCAN_ENOTFOUND);

	/* A later scan of the same place does not rename what the organization named. */
	th_db_exec(f->db, "UPDATE repositories SET name = 'renamed'");
	record(st, f->repo, NULL, NULL);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM repositories WHERE name = 'renamed'"), 1);
	th_db_exec(f->db, "UPDATE repositories SET name = 'repo'");
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, ""), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "rep"), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, "%"), SCAN_ENOTFOUND);
	assert_int_equal(id2, id); /* untouched by failures */

	/* Two repositories of the same name: the name is ambiguous, the URLs are not. */
	assert_int_equal(mkdir(a, 0755), 0);
	assert_int_equal(mkdir(b, 0755), 0);
	assert_int_equal(mkdir(a_proj, 0755), 0);
	assert_int_equal(mkdir(b_proj, 0755), 0);
	record(st, a_proj, NULL, NULL);
	record(st, b_proj, NULL, NULL);
	assert_int_equal(scan_store_repo_find(&other_id, st, SCAN_STORE_LOCAL_ORG, "proj"), SCAN_EINVAL);
	assert_int_equal(scan_store_repo_find(&other_id, st, SCAN_STORE_LOCAL_ORG, a_proj), 0);
	assert_int_equal(scan_store_repo_find(&id2, st, SCAN_STORE_LOCAL_ORG, b_proj), 0);
	assert_int_not_equal(other_id, id2);

	assert_int_equal(scan_store_repos(&rl, st, SCAN_STORE_LOCAL_ORG), 0);
	assert_int_equal(scan_repo_list_count(rl), 3);
	assert_int_equal(scan_repo_list_get(rl, 0)->id, id);
	assert_string_equal(scan_repo_list_get(rl, 0)->name, "repo");
	assert_string_equal(scan_repo_list_get(rl, 0)->url, f->repo);
	assert_string_equal(scan_repo_list_get(rl, 0)->source, "local");
	assert_string_equal(scan_repo_list_get(rl, 0)->latest_scan_status, "completed");
	scan_repo_list_free(rl);
	free(a);
	free(b);
	free(a_proj);
	free(b_proj);
}

/* --- all or nothing ------------------------------------------------------------- */

static void snapshot(const char *db, int64_t out[6])
{
	out[0] = th_db_count(db, "SELECT count(*) FROM scans");
	out[1] = th_db_count(db, "SELECT count(*) FROM scan_issues");
	out[2] = th_db_count(db, "SELECT count(*) FROM repositories");
	out[3] = th_db_count(db, "SELECT count(*) FROM quality_baseline");
	out[4] = th_db_count(db, "SELECT count(*) FROM quality_gate_results");
	out[5] = th_db_count(db, "SELECT coalesce(max(id), 0) FROM scans");
}

static void test_record_failure_rolls_back(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	scan_store *st = open_store(f);
	char *fresh = th_join(f->tmp, "fresh");
	int64_t before[6], after[6], id = -1;
	scan_result *r;
	const scan_finding_list *l;

	th_write(f->repo, "a.py", BIDI_A);
	record(st, f->repo, NULL, NULL);
	/* The second finding's insert fails, after the repository, scan and first finding went in. */
	th_db_exec(f->db, "CREATE TABLE boom_count (n INTEGER); INSERT INTO boom_count VALUES (0);"
	                "CREATE TRIGGER boom BEFORE INSERT ON scan_issues BEGIN"
	                "  UPDATE boom_count SET n = n + 1;"
	                "  SELECT RAISE(ABORT, 'injected failure') WHERE (SELECT n FROM boom_count) >= 2;"
	                " END;");
	snapshot(f->db, before);

	/* A repository seen for the first time: even its row must not stay. */
	assert_int_equal(mkdir(fresh, 0755), 0);
	th_write(fresh, "a.py", BIDI_A);
	th_write(fresh, "b.py", BIDI_B);
	r = scan_dir(fresh, NULL, NULL);
	assert_int_equal(scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r), SCAN_ESTORE);
	assert_int_equal(id, -1);
	l = scan_result_findings(r);
	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		assert_int_equal(scan_finding_list_get(l, i)->id, 0);
		assert_int_equal(scan_finding_list_get(l, i)->scan_id, 0);
	}
	snapshot(f->db, after);
	assert_memory_equal(before, after, sizeof(before));
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM repositories WHERE name = 'fresh'"), 0);

	/* The store is usable afterwards, and the same result records once the fault is gone. */
	th_db_exec(f->db, "DROP TRIGGER boom; DROP TABLE boom_count;");
	assert_int_equal(scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r), 0);
	assert_true(id > before[5]);
	assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM repositories WHERE name = 'fresh'"), 1);
	assert_int_equal(count_with(st, id, NULL), 2);
	scan_result_free(r);
	free(fresh);
}

static void test_record_busy(void **state)
{
	if (th_pg_url())
		skip(); /* SQLite's files and locks */
	fixture *f = *state;
	scan_store *st = open_store(f);
	int64_t before[6], after[6], id = -1;
	scan_result *r;
	sqlite3 *h;
	struct timespec t0, t1;
	double waited;

	th_write(f->repo, "a.py", BIDI_A);
	record(st, f->repo, NULL, NULL);
	snapshot(f->db, before);
	r = scan_dir(f->repo, "feature", "main");

	/* Another process holds the write lock for longer than the store waits (10 s). */
	assert_int_equal(sqlite3_open_v2(f->db, &h, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "BEGIN EXCLUSIVE", NULL, NULL, NULL), SQLITE_OK);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r), SCAN_ESTORE);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	waited = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	assert_true(waited < 15.0);
	assert_non_null(strstr(scan_error_last()->message, "busy"));
	assert_int_equal(id, -1);
	assert_int_equal(sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);

	snapshot(f->db, after);
	assert_memory_equal(before, after, sizeof(before));
	for (size_t i = 0; i < scan_finding_list_count(scan_result_findings(r)); i++)
		assert_int_equal(scan_finding_list_get(scan_result_findings(r), i)->id, 0);
	/* Once the lock is gone it records. */
	assert_int_equal(scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r), 0);
	assert_true(id > before[5]);
	scan_result_free(r);
}

/*
 * Security stats: the findings of each repository's latest default-branch
 * scan by severity and type, quality findings and false positives left
 * out, spec 4.1's compliance score, and a day of history.
 */
static void test_security_stats(void **state)
{
	fixture *f = *state;
	scan_store *st = open_store(f);
	scan_security_stats s;
	scan_finding_list *fl;
	int64_t main_scan, org2 = 0;
	char sql[512], today[16];
	time_t now = time(NULL);

	assert_int_equal(scan_store_security_stats(&s, st, SCAN_STORE_LOCAL_ORG, now), 0);
	assert_false(s.has_scans);
	assert_int_equal(s.total, 0);
	assert_int_equal(s.compliance_score, 100);
	assert_int_equal(s.ntypes, 0);
	assert_int_equal(s.nhistory, 0);

	th_write(f->repo, "a.py", BIDI_A);
	th_write(f->repo, "b.py", BIDI_B);
	th_write(f->repo, "c.py", BIDI_C);
	th_write(f->repo, "d.py", CONFLICT);
	main_scan = record(st, f->repo, "main", NULL);
	/* Severities and categories set by hand: the counts then say what the query did with them. */
	snprintf(sql, sizeof(sql), "UPDATE scan_issues SET severity = CASE file_path WHEN 'a.py' THEN 'critical'"
	         " WHEN 'b.py' THEN 'high' WHEN 'c.py' THEN 'medium' ELSE 'critical' END,"
	         " category = CASE file_path WHEN 'b.py' THEN 'secret' WHEN 'd.py' THEN 'quality' ELSE 'security' END"
	         " WHERE scan_id = %lld", (long long)main_scan);
	th_db_exec(f->db, sql);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM scan_issues WHERE scan_id = %lld", (long long)main_scan);
	assert_int_equal(th_db_count(f->db, sql), 4);

	/* A feature branch with more findings does not change the repository's standing. */
	th_write(f->repo, "e.py", BIDI_A);
	(void)record(st, f->repo, "feature", NULL);

	assert_int_equal(scan_store_security_stats(&s, st, SCAN_STORE_LOCAL_ORG, now), 0);
	assert_true(s.has_scans);
	assert_int_equal(s.by_severity[SCAN_SEV_CRITICAL], 1);
	assert_int_equal(s.by_severity[SCAN_SEV_HIGH], 1);
	assert_int_equal(s.by_severity[SCAN_SEV_MEDIUM], 1);
	assert_int_equal(s.by_severity[SCAN_SEV_LOW], 0);
	assert_int_equal(s.total, 3);
	assert_int_equal(s.secrets, 1);
	assert_int_equal(s.compliance_score, 100 - 20 - 10 - 2);
	assert_int_equal(s.ntypes, 2);
	assert_string_equal(s.by_type[0].name, "security");
	assert_int_equal(s.by_type[0].count, 2);
	assert_string_equal(s.by_type[1].name, "secret");
	assert_int_equal(s.by_type[1].count, 1);
	strftime(today, sizeof(today), "%Y-%m-%d", gmtime(&now));
	assert_int_equal(s.nhistory, 1);
	assert_string_equal(s.history[0].date, today);
	assert_int_equal(s.history[0].issues, 3);
	/* Thirty-one days on, the day has left the window; the standing has not. */
	assert_int_equal(scan_store_security_stats(&s, st, SCAN_STORE_LOCAL_ORG, now + 31 * DAY), 0);
	assert_int_equal(s.nhistory, 0);
	assert_int_equal(s.total, 3);

	/* A false positive is not a vulnerability. */
	assert_int_equal(scan_store_findings(&fl, st, SCAN_STORE_LOCAL_ORG, main_scan, NULL), 0);
	for (size_t i = 0; i < scan_finding_list_count(fl); i++)
		if (!strcmp(scan_finding_list_get(fl, i)->file_path, "a.py"))
			assert_int_equal(scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, 0, scan_finding_list_get(fl, i)->id, true,
			                                  "test fixture"), 0);
	scan_finding_list_free(fl);
	assert_int_equal(scan_store_security_stats(&s, st, SCAN_STORE_LOCAL_ORG, now), 0);
	assert_int_equal(s.by_severity[SCAN_SEV_CRITICAL], 0);
	assert_int_equal(s.compliance_score, 100 - 10 - 2);

	/* Another organization sees none of it. */
	assert_int_equal(scan_store_org_create(&org2, st, "other", SCAN_PLAN_FREE), 0);
	assert_int_equal(scan_store_security_stats(&s, st, org2, now), 0);
	assert_false(s.has_scans);
	assert_int_equal(s.total, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_open_creates_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_create_dirs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_random_bytes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_foreign_sqlite, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_newer_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_foreign_database_pg, setup, teardown),
		cmocka_unit_test_setup_teardown(test_migration_keeps_epoch_times, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_non_regular_path, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_read_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gate_config, setup, teardown),
		cmocka_unit_test_setup_teardown(test_waiver_add_validation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_waiver_list_filters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_waiver_revoke, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_baseline_and_new, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mark_fp, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mark_is_per_repository, setup, teardown),
		cmocka_unit_test_setup_teardown(test_findings_filters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_repo_find, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_failure_rolls_back, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_busy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_security_stats, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
