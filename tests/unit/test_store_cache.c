/*
 * tests/unit/test_store_cache.c - the store's cache of users and scans
 * (lib/store/cache.c) on PostgreSQL: a row read is kept (a change made with
 * the triggers off is not seen), a change any connection commits is seen
 * once announced, a repository's change drops its scans, reads in a
 * transaction and after a flush go to the database, another organization
 * never reads a kept row, and a lost listening connection turns the cache
 * dark and empties it. On SQLite the cache does nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "scan/store.h"

typedef struct {
	char *db;
	scan_store *st;
	int64_t org, other_org, user, repo, scan;
} fixture;

static void sleep_ms(int ms)
{
	struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&t, NULL);
}

static bool wait_live(scan_store *st, bool live)
{
	for (int i = 0; i < 1000; i++) {
		if (scan_store_cache_live(st) == live)
			return true;
		sleep_ms(10);
	}
	return false;
}

/* A change the cache cannot hear of: the triggers do not fire for this session. */
static void change_silently(const char *db, const char *sql)
{
	char full[1024];

	snprintf(full, sizeof(full), "SET session_replication_role = replica; %s", sql);
	th_pg_exec(db, full);
}

static scan_role role_of(fixture *f)
{
	scan_user_list *l = NULL;
	scan_role r;

	assert_int_equal(scan_store_user_get(&l, f->st, f->org, f->user), 0);
	r = scan_user_list_get(l, 0)->role;
	scan_user_list_free(l);
	return r;
}

static char *status_of(fixture *f)
{
	scan_scan_list *l = NULL;
	char *s;

	assert_int_equal(scan_store_scan_get(&l, f->st, f->org, f->scan), 0);
	s = strdup(scan_scan_list_get(l, 0)->status);
	scan_scan_list_free(l);
	return s;
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));
	char sql[512];

	if (!th_pg_url()) {
		*state = f;
		return 0;
	}
	f->db = th_pg_fresh_db();
	assert_int_equal(scan_store_open(&f->st, f->db), 0);
	assert_int_equal(scan_store_org_create(&f->org, f->st, "acme", SCAN_PLAN_TEAM), 0);
	assert_int_equal(scan_store_org_create(&f->other_org, f->st, "globex", SCAN_PLAN_TEAM), 0);
	assert_int_equal(scan_store_user_create(&f->user, f->st, f->org, "a@acme.test", SCAN_ROLE_ORG_ADMIN, NULL), 0);
	snprintf(sql, sizeof(sql),
	         "INSERT INTO repositories (org_id, name, url, source, created_at) VALUES (%lld, 'app', 'https://h/app',"
	         " 'git', '2026-01-01T00:00:00Z'); INSERT INTO scans (repo_id, org_id, status, created_at)"
	         " SELECT id, org_id, 'scanning', '2026-01-01T00:00:00Z' FROM repositories",
	         (long long)f->org);
	th_pg_exec(f->db, sql);
	f->repo = th_pg_count(f->db, "SELECT max(id) FROM repositories");
	f->scan = th_pg_count(f->db, "SELECT max(id) FROM scans");
	assert_int_equal(scan_store_cache_start(f->st), 0);
	assert_true(wait_live(f->st, true));
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_store_free(f->st);
	free(f->db);
	free(f);
	return 0;
}

#define PG_ONLY(f)                                                                   \
	do {                                                                         \
		if (!th_pg_url()) {                                                  \
			skip();                                                      \
		}                                                                    \
	} while (0)

static void test_user_kept_until_announced(void **state)
{
	fixture *f = *state;
	char sql[256];

	PG_ONLY(f);
	assert_int_equal(role_of(f), SCAN_ROLE_ORG_ADMIN);
	snprintf(sql, sizeof(sql), "UPDATE users SET role = 'ORG_VIEWER' WHERE id = %lld", (long long)f->user);
	change_silently(f->db, sql);
	/* Kept: the database says VIEWER, the cache still ORG_ADMIN. */
	assert_int_equal(role_of(f), SCAN_ROLE_ORG_ADMIN);
	snprintf(sql, sizeof(sql), "UPDATE users SET session_version = session_version + 1 WHERE id = %lld",
	         (long long)f->user);
	th_pg_exec(f->db, sql);
	for (int i = 0; i < 500 && role_of(f) != SCAN_ROLE_VIEWER; i++)
		sleep_ms(10);
	assert_int_equal(role_of(f), SCAN_ROLE_VIEWER);
}

static void test_scan_dropped_by_its_job_and_repository(void **state)
{
	fixture *f = *state;
	char sql[512], *s;
	scan_scan_list *l = NULL;

	PG_ONLY(f);
	s = status_of(f);
	assert_string_equal(s, "scanning");
	free(s);
	/* Another organization never reads the kept row. */
	assert_int_equal(scan_store_scan_get(&l, f->st, f->other_org, f->scan), SCAN_ENOTFOUND);
	assert_null(l);
	snprintf(sql, sizeof(sql), "UPDATE scans SET status = 'completed' WHERE id = %lld", (long long)f->scan);
	change_silently(f->db, sql);
	s = status_of(f);
	assert_string_equal(s, "scanning");
	free(s);
	/* A job inserted for the scan is announced by its scan's id. */
	snprintf(sql, sizeof(sql),
	         "INSERT INTO scan_jobs (org_id, repo_id, scan_id, target, status, created_at, updated_at)"
	         " VALUES (%lld, %lld, %lld, 'https://h/app', 'completed', 'x', 'x')",
	         (long long)f->org, (long long)f->repo, (long long)f->scan);
	th_pg_exec(f->db, sql);
	for (int i = 0; i < 500; i++) {
		s = status_of(f);
		if (!strcmp(s, "completed"))
			break;
		free(s);
		s = NULL;
		sleep_ms(10);
	}
	assert_non_null(s);
	assert_string_equal(s, "completed");
	free(s);
	/* A repository's change (its name) drops every kept scan. */
	assert_int_equal(scan_store_scan_get(&l, f->st, f->org, f->scan), 0);
	assert_string_equal(scan_scan_list_get(l, 0)->repo_name, "app");
	scan_scan_list_free(l);
	snprintf(sql, sizeof(sql), "UPDATE repositories SET name = 'renamed' WHERE id = %lld", (long long)f->repo);
	th_pg_exec(f->db, sql);
	for (int i = 0; i < 500; i++) {
		bool renamed;
		assert_int_equal(scan_store_scan_get(&l, f->st, f->org, f->scan), 0);
		renamed = !strcmp(scan_scan_list_get(l, 0)->repo_name, "renamed");
		scan_scan_list_free(l);
		if (renamed)
			break;
		sleep_ms(10);
	}
	assert_int_equal(scan_store_scan_get(&l, f->st, f->org, f->scan), 0);
	assert_string_equal(scan_scan_list_get(l, 0)->repo_name, "renamed");
	scan_scan_list_free(l);
}

static int read_role_in_transaction(scan_store *st, void *ctx)
{
	fixture *f = ctx;
	scan_user_list *l = NULL;
	int rc = scan_store_user_get(&l, st, f->org, f->user);

	if (!rc && scan_user_list_get(l, 0)->role != SCAN_ROLE_MEMBER)
		rc = SCAN_EINVAL;
	scan_user_list_free(l);
	return rc;
}

static void test_transaction_and_flush_read_the_database(void **state)
{
	fixture *f = *state;
	char sql[256];

	PG_ONLY(f);
	(void)role_of(f); /* kept */
	snprintf(sql, sizeof(sql), "UPDATE users SET role = 'ORG_MEMBER' WHERE id = %lld", (long long)f->user);
	change_silently(f->db, sql);
	assert_int_equal(scan_store_transact(f->st, read_role_in_transaction, f), 0);
	assert_int_not_equal(role_of(f), SCAN_ROLE_MEMBER);
	scan_store_cache_flush(f->st);
	assert_int_equal(role_of(f), SCAN_ROLE_MEMBER);
}

static void test_lost_listener_goes_dark_and_empties(void **state)
{
	fixture *f = *state;
	char sql[256];

	PG_ONLY(f);
	(void)role_of(f); /* kept */
	snprintf(sql, sizeof(sql), "UPDATE users SET role = 'ORG_OWNER' WHERE id = %lld", (long long)f->user);
	change_silently(f->db, sql);
	assert_int_not_equal(role_of(f), SCAN_ROLE_ORG_OWNER);
	th_pg_exec(f->db, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
	                  " WHERE datname = current_database() AND query LIKE 'LISTEN %'");
	assert_true(wait_live(f->st, false));
	/* Dark: reads go to the database. */
	assert_int_equal(role_of(f), SCAN_ROLE_ORG_OWNER);
	assert_true(wait_live(f->st, true));
	assert_int_equal(role_of(f), SCAN_ROLE_ORG_OWNER);
}

static void test_sqlite_keeps_nothing(void **state)
{
	char *dir, *db;
	scan_store *st = NULL;
	scan_user_list *l = NULL;

	(void)state;
	if (th_pg_url())
		skip(); /* the run without RAMPART_TEST_DATABASE_URL covers it */
	dir = th_tmpdir(), db = th_join(dir, "r.db");
	assert_int_equal(scan_store_open(&st, db), 0);
	assert_int_equal(scan_store_cache_start(st), 0);
	assert_false(scan_store_cache_live(st));
	assert_int_equal(scan_store_user_get(&l, st, 1, 1), 0);
	scan_user_list_free(l);
	th_db_exec(db, "UPDATE users SET role = 'ORG_VIEWER' WHERE id = 1");
	assert_int_equal(scan_store_user_get(&l, st, 1, 1), 0);
	assert_int_equal(scan_user_list_get(l, 0)->role, SCAN_ROLE_VIEWER);
	scan_user_list_free(l);
	scan_store_free(st);
	th_rmtree(dir);
	free(dir);
	free(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_user_kept_until_announced, setup, teardown),
		cmocka_unit_test_setup_teardown(test_scan_dropped_by_its_job_and_repository, setup, teardown),
		cmocka_unit_test_setup_teardown(test_transaction_and_flush_read_the_database, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lost_listener_goes_dark_and_empties, setup, teardown),
		cmocka_unit_test(test_sqlite_keeps_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
