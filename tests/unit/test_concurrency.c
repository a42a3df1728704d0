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
#include "scan/store.h"

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
		if ((j->rc = scan_run(&r, &o)) == 0 && (j->rc = scan_store_record(&j->ids[i], j->st, r)) == 0 &&
		    (j->rc = scan_store_findings(&l, j->st, j->ids[i], NULL)) == 0) {
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
			th_write(dir, rel, "import subprocess\n\ndef run(c):\n    subprocess.call(c, shell=True)\n"
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
	assert_int_equal(scan_store_scans(&sl, st, 0, 0), 0);
	assert_int_equal(scan_scan_list_count(sl), THREADS * ROUNDS);
	scan_scan_list_free(sl);
	scan_store_free(st);
	th_rmtree(dir);
	free(dir);
	free(repos[0]);
	free(repos[1]);
	free(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_share_a_store),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
