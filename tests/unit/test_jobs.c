/* tests/unit/test_jobs.c - the durable scan queue (include/scan/jobs.h), on SQLite and on PostgreSQL */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/jobs.h"
#include "scan/ops.h"
#include "scan/seal.h"
#include "scan/tenant.h"

typedef struct {
	char *dir, *db;
	scan_store *st;
	int64_t repo;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	f->dir = th_tmpdir();
	f->db = th_pg_url() ? th_pg_fresh_db() : th_join(f->dir, "r.db");
	assert_int_equal(scan_store_open(&f->st, f->db), 0);
	th_db_exec(f->db, "INSERT INTO repositories (org_id, name, url, source, default_branch, created_at)"
	                  " VALUES (1, 'app', 'https://example.com/app.git', 'github', 'main', '2026-01-01T00:00:00Z')");
	f->repo = th_db_count(f->db, "SELECT max(id) FROM repositories");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_store_free(f->st);
	th_rmtree(f->dir);
	free(f->dir);
	free(f->db);
	free(f);
	return 0;
}

static const scan_job *claim(fixture *f, scan_job_list **l, const char *owner, time_t now)
{
	assert_int_equal(scan_store_job_claim(l, f->st, owner, 10, 3, now), 0);
	return scan_job_list_get(*l, 0);
}

static void test_enqueue_is_pending_and_tenant_scoped(void **state)
{
	fixture *f = *state;
	scan_job_list *l = NULL;
	scan_scan_list *sl = NULL;
	int64_t scan_id;

	assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 2, f->repo, "x", NULL, "smart", 80, NULL), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 1, f->repo, "https://example.com/app.git", NULL, "deep", 70, NULL), 0);
	assert_int_equal(scan_store_scan_get(&sl, f->st, 1, scan_id), 0);
	assert_string_equal(scan_scan_list_get(sl, 0)->status, "pending");
	assert_int_equal(scan_scan_list_get(sl, 0)->issues_count, 0);
	assert_string_equal(scan_scan_list_get(sl, 0)->branch, "main"); /* the default branch */
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_job_of_scan(&l, f->st, 1, scan_id), 0);
	assert_string_equal(scan_job_list_get(l, 0)->status, "pending");
	assert_string_equal(scan_job_list_get(l, 0)->scan_type, "deep");
	assert_int_equal(scan_job_list_get(l, 0)->tier, 70);
	scan_job_list_free(l);
	assert_int_equal(scan_store_job_of_scan(&l, f->st, 2, scan_id), SCAN_ENOTFOUND);
}

static void test_lease_claim_renew_expire(void **state)
{
	fixture *f = *state;
	scan_job_list *a = NULL, *b = NULL, *none = NULL;
	scan_scan_list *sl = NULL;
	int64_t scan_id, counts[4];
	time_t t = 1900000000;

	assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 1, f->repo, "u", NULL, "smart", 80, NULL), 0);
	assert_non_null(claim(f, &a, "w1", t));
	assert_int_equal(scan_job_list_get(a, 0)->attempts, 1);
	assert_int_equal(scan_store_scan_get(&sl, f->st, 1, scan_id), 0);
	assert_string_equal(scan_scan_list_get(sl, 0)->status, "scanning");
	scan_scan_list_free(sl);
	/* Held: nobody else gets it, renewals keep it. */
	assert_null(claim(f, &none, "w2", t + 5));
	assert_int_equal(scan_store_job_renew(f->st, scan_job_list_get(a, 0)->id, "w1", 10, 40, t + 8), 0);
	assert_null(claim(f, &none, "w2", t + 15));
	assert_int_equal(scan_store_job_renew(f->st, scan_job_list_get(a, 0)->id, "w2", 10, 40, t + 15), SCAN_ENOTFOUND);
	/* The lease runs out (the worker died): another takes it, and the first one's renewal is refused. */
	assert_non_null(claim(f, &b, "w2", t + 19));
	assert_int_equal(scan_job_list_get(b, 0)->attempts, 2);
	assert_int_equal(scan_store_job_renew(f->st, scan_job_list_get(a, 0)->id, "w1", 10, 50, t + 20), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_job_fail(f->st, scan_job_list_get(a, 0)->id, "w1", "late", t + 20), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_job_counts(counts, f->st), 0);
	assert_int_equal(counts[1], 1);
	scan_job_list_free(a);
	scan_job_list_free(b);
}

static void test_gives_up_after_max_attempts(void **state)
{
	fixture *f = *state;
	scan_job_list *l = NULL;
	scan_scan_list *sl = NULL;
	int64_t scan_id, counts[4];
	time_t t = 1900000000;

	assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 1, f->repo, "u", NULL, "smart", 80, NULL), 0);
	for (int i = 0; i < 3; i++) {
		assert_non_null(claim(f, &l, "w", t + i * 20));
		scan_job_list_free(l);
	}
	/* The third lease runs out too: the job fails instead of a fourth claim. */
	assert_null(claim(f, &l, "w", t + 100));
	assert_int_equal(scan_store_job_counts(counts, f->st), 0);
	assert_int_equal(counts[3], 1);
	assert_int_equal(scan_store_scan_get(&sl, f->st, 1, scan_id), 0);
	assert_string_equal(scan_scan_list_get(sl, 0)->status, "failed");
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_job_of_scan(&l, f->st, 1, scan_id), 0);
	assert_non_null(strstr(scan_job_list_get(l, 0)->error, "3 times"));
	scan_job_list_free(l);
}

static void test_one_scan_per_repository_and_branch(void **state)
{
	fixture *f = *state;
	scan_job_list *a = NULL, *b = NULL, *c = NULL;
	int64_t s1, s2, s3;
	time_t t = 1900000000;

	assert_int_equal(scan_store_job_enqueue(&s1, f->st, 1, f->repo, "u", "main", "smart", 80, NULL), 0);
	assert_int_equal(scan_store_job_enqueue(&s2, f->st, 1, f->repo, "u", "main", "smart", 80, NULL), 0);
	assert_int_equal(scan_store_job_enqueue(&s3, f->st, 1, f->repo, "u", "feature", "smart", 80, NULL), 0);
	assert_non_null(claim(f, &a, "w1", t));
	assert_int_equal(scan_job_list_get(a, 0)->scan_id, s1);
	/* main is busy: the next free job is feature's, then nothing until main is done. */
	assert_non_null(claim(f, &b, "w2", t));
	assert_int_equal(scan_job_list_get(b, 0)->scan_id, s3);
	assert_null(claim(f, &c, "w3", t));
	assert_int_equal(scan_store_job_fail(f->st, scan_job_list_get(a, 0)->id, "w1", "broken", t + 1), 0);
	assert_non_null(claim(f, &c, "w3", t + 1));
	assert_int_equal(scan_job_list_get(c, 0)->scan_id, s2);
	scan_job_list_free(a);
	scan_job_list_free(b);
	scan_job_list_free(c);
}

static void test_release_gives_back_without_an_attempt(void **state)
{
	fixture *f = *state;
	scan_job_list *a = NULL, *b = NULL;
	int64_t s1;
	time_t t = 1900000000;

	assert_int_equal(scan_store_job_enqueue(&s1, f->st, 1, f->repo, "u", NULL, "smart", 80, NULL), 0);
	assert_non_null(claim(f, &a, "w1", t));
	assert_int_equal(scan_store_job_release(f->st, "w1", t + 1), 0);
	assert_non_null(claim(f, &b, "w2", t + 1));
	assert_int_equal(scan_job_list_get(b, 0)->attempts, 1);
	scan_job_list_free(a);
	scan_job_list_free(b);
}

/*
 * The worker applies the import's rule to what the store holds: a target
 * no import would take (a file:// URL on a server without local
 * repositories, a transport helper, an option) fails its job with why and
 * is never cloned.
 */
static void test_worker_refuses_hostile_targets(void **state)
{
	fixture *f = *state;
	static const struct {
		const char *target;
		bool allow_local;
		const char *why;
	} cases[] = {
		{ "file:///etc", false, "file:// URLs are not allowed" },
		{ "/etc", false, "local paths are not allowed" },
		{ "ext::sh", true, "only https URLs" },
		{ "--upload-pack=id", true, "cannot start with '-'" },
		{ "https://169.254.169.254/latest/x", false, "not among the git hosts" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_worker_options o = SCAN_WORKER_OPTIONS_INIT;
		scan_job_list *l = NULL;
		int64_t scan_id;
		bool ran = false;

		o.owner = "w1";
		o.allow_local = cases[i].allow_local;
		o.git_hosts = "github.com,*.corp.example";
		o.jobs = 1;
		assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 1, f->repo, cases[i].target, NULL, "smart", 80, NULL), 0);
		assert_int_equal(scan_ops_worker_step(&ran, f->st, &o), 0);
		assert_true(ran);
		assert_int_equal(scan_store_job_of_scan(&l, f->st, 1, scan_id), 0);
		assert_string_equal(scan_job_list_get(l, 0)->status, "failed");
		if (!strstr(scan_job_list_get(l, 0)->error, cases[i].why))
			fail_msg("%s: error '%s'", cases[i].target, scan_job_list_get(l, 0)->error);
		scan_job_list_free(l);
	}
}

/*
 * A provider token rides the queue sealed: a worker without the key, or
 * with another, fails the job with why; with the key it clones with the
 * token (here a clone that cannot connect fails for that reason, not the
 * token's); whatever the end, the sealed token is gone from the queue.
 */
static void test_worker_opens_sealed_token(void **state)
{
	fixture *f = *state;
	unsigned char key[SCAN_SEAL_KEY_BYTES], other[SCAN_SEAL_KEY_BYTES];
	const unsigned char *keys[3] = { NULL, other, key };
	const char *why[3] = { "no key to open it", "sealed under another key", "127.0.0.1" };
	char *sealed = NULL;

	memset(key, 1, sizeof(key));
	memset(other, 2, sizeof(other));
	assert_int_equal(scan_seal(&sealed, key, "glpat-test-token"), 0);
	for (size_t i = 0; i < 3; i++) {
		scan_worker_options o = SCAN_WORKER_OPTIONS_INIT;
		scan_job_list *l = NULL;
		int64_t scan_id;
		bool ran = false;

		o.owner = "w1";
		o.jobs = 1;
		o.token_key = keys[i];
		assert_int_equal(scan_store_job_enqueue(&scan_id, f->st, 1, f->repo, "https://127.0.0.1:1/acme/app", NULL,
		                                        "smart", 80, sealed), 0);
		assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM scan_jobs WHERE git_token_sealed IS NOT NULL"), 1);
		assert_int_equal(scan_ops_worker_step(&ran, f->st, &o), 0);
		assert_int_equal(scan_store_job_of_scan(&l, f->st, 1, scan_id), 0);
		assert_string_equal(scan_job_list_get(l, 0)->status, "failed");
		if (!strstr(scan_job_list_get(l, 0)->error, why[i]) || strstr(scan_job_list_get(l, 0)->error, "glpat"))
			fail_msg("key %zu: error '%s'", i, scan_job_list_get(l, 0)->error);
		scan_job_list_free(l);
		assert_int_equal(th_db_count(f->db, "SELECT count(*) FROM scan_jobs WHERE git_token_sealed IS NOT NULL"), 0);
	}
	free(sealed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_enqueue_is_pending_and_tenant_scoped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lease_claim_renew_expire, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gives_up_after_max_attempts, setup, teardown),
		cmocka_unit_test_setup_teardown(test_one_scan_per_repository_and_branch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_release_gives_back_without_an_attempt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_worker_refuses_hostile_targets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_worker_opens_sealed_token, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
