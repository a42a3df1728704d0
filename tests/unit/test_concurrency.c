/*
 * tests/unit/test_concurrency.c - one store shared by 8 threads, each
 * scanning, recording and reading back at once: every scan is recorded
 * whole and reads back what was recorded. On SQLite, and on PostgreSQL with
 * RAMPART_TEST_DATABASE_URL (tests/db/pg.sh).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/ops.h"
#include "scan/store.h"
#include "db/db.h"
#include "store/store_int.h"

#define THREADS 8
#define ROUNDS 3

typedef struct {
	scan_store *st;
	const char *repo;       /* the tree this thread scans; two threads share each */
	int64_t ids[ROUNDS];
	size_t counts[ROUNDS];
	int rc;
	char message[256];
} job;

static void *work(void *arg)
{
	job *j = arg;

	for (int i = 0; i < ROUNDS && !j->rc; i++) {
		scan_options o = SCAN_OPTIONS_INIT;
		scan_result *r = NULL;
		scan_finding_list *l = NULL;

		o.target = j->repo;
		o.jobs = 1;
		if ((j->rc = scan_run(&r, &o)) == 0 && (j->rc = scan_ops_record(&j->ids[i], j->st, SCAN_STORE_LOCAL_ORG, r)) == 0 &&
		    (j->rc = scan_store_findings(&l, j->st, SCAN_STORE_LOCAL_ORG, j->ids[i], NULL)) == 0) {
			j->counts[i] = scan_finding_list_count(scan_result_findings(r));
			if (scan_finding_list_count(l) != j->counts[i]) {
				j->rc = -1;
				snprintf(j->message, sizeof(j->message), "scan %lld: %zu findings read back, %zu recorded",
				         (long long)j->ids[i], scan_finding_list_count(l), j->counts[i]);
			}
		}
		if (j->rc > 0 || (j->rc < 0 && !j->message[0]))
			snprintf(j->message, sizeof(j->message), "%d %s", j->rc, scan_error_last()->message);
		scan_finding_list_free(l);
		scan_result_free(r);
	}
	return NULL;
}

static void test_threads_share_a_store(void **state)
{
	char *dir = th_tmpdir(), *repos[2], *db;
	scan_store *st = NULL;
	pthread_t t[THREADS];
	job jobs[THREADS];
	scan_scan_list *sl = NULL;

	(void)state;
	for (int k = 0; k < 2; k++) {
		char rel[32];
		repos[k] = th_join(dir, k ? "two" : "one");
		for (int f = 0; f < 4 + k; f++) {
			snprintf(rel, sizeof(rel), "%s/m%d.py", k ? "two" : "one", f);
			th_write(dir, rel, "import subprocess\nfrom flask import request\n\ndef run():\n    subprocess.call(request.args[\"c\"], shell=True)\n"
			                   "x = 1 # \xE2\x80\xAE y\n");
		}
	}
	db = th_pg_url() ? th_pg_fresh_db() : th_join(dir, "r.db");
	assert_int_equal(scan_store_open(&st, db), 0);
	memset(jobs, 0, sizeof(jobs));
	for (int i = 0; i < THREADS; i++) {
		jobs[i].st = st;
		jobs[i].repo = repos[i % 2];
		assert_int_equal(pthread_create(&t[i], NULL, work, &jobs[i]), 0);
	}
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	for (int i = 0; i < THREADS; i++) {
		if (jobs[i].rc)
			fail_msg("thread %d: %s", i, jobs[i].message);
		for (int k = 0; k < ROUNDS; k++)
			assert_true(jobs[i].ids[k] > 0 && jobs[i].counts[k] > 0);
	}
	/* Every scan is there once, and no two share an id. */
	assert_int_equal(scan_store_scans(&sl, st, SCAN_STORE_LOCAL_ORG, 0, 0), 0);
	assert_int_equal(scan_scan_list_count(sl), THREADS * ROUNDS);
	scan_scan_list_free(sl);
	scan_store_free(st);
	th_rmtree(dir);
	free(dir);
	free(repos[0]);
	free(repos[1]);
	free(db);
}

/*
 * Two transactions that lock two rows in opposite orders: on PostgreSQL the
 * server breaks the deadlock by undoing one of them, which
 * scan_store_transact() runs again, so both commit. (SQLite's writers
 * queue at BEGIN: no deadlock, each runs once.)
 */
typedef struct {
	scan_store *st;
	int64_t first, second;   /* organizations, locked in this order */
	pthread_barrier_t *both_hold_one;
	int attempts, rc;
} crossing;

static int lock_two(scan_store *st, void *ctx)
{
	crossing *c = ctx;
	char sql[128];

	c->attempts++;
	snprintf(sql, sizeof(sql), "UPDATE organizations SET plan = plan WHERE id = %lld", (long long)c->first);
	if (scan_db__exec(scan_store__conn(st), sql) != 0)
		return scan_error_last()->code;
	if (c->attempts == 1 && th_pg_url())
		pthread_barrier_wait(c->both_hold_one);
	snprintf(sql, sizeof(sql), "UPDATE organizations SET plan = plan WHERE id = %lld", (long long)c->second);
	return scan_db__exec(scan_store__conn(st), sql) != 0 ? scan_error_last()->code : 0;
}

static void *cross(void *arg)
{
	crossing *c = arg;

	c->rc = scan_store_transact(c->st, lock_two, c);
	return NULL;
}

static void test_deadlocked_transaction_runs_again(void **state)
{
	char *dir = th_tmpdir(), *db = th_pg_url() ? th_pg_fresh_db() : th_join(dir, "r.db");
	scan_store *st = NULL;
	pthread_barrier_t barrier;
	pthread_t t[2];
	crossing c[2];
	int64_t a, b;

	(void)state;
	assert_int_equal(scan_store_open(&st, db), 0);
	assert_int_equal(scan_store_org_create(&a, st, "a", SCAN_PLAN_FREE), 0);
	assert_int_equal(scan_store_org_create(&b, st, "b", SCAN_PLAN_FREE), 0);
	pthread_barrier_init(&barrier, NULL, 2);
	c[0] = (crossing){ st, a, b, &barrier, 0, -1 };
	c[1] = (crossing){ st, b, a, &barrier, 0, -1 };
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, cross, &c[i]), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	assert_int_equal(c[0].rc, 0);
	assert_int_equal(c[1].rc, 0);
	/* PostgreSQL undid exactly one of them once; SQLite none. */
	assert_int_equal(c[0].attempts + c[1].attempts, th_pg_url() ? 3 : 2);
	pthread_barrier_destroy(&barrier);
	scan_store_free(st);
	th_rmtree(dir);
	free(dir);
	free(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_share_a_store),
		cmocka_unit_test(test_deadlocked_transaction_runs_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
