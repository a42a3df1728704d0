/* tests/unit/test_cancel.c - a scan asked to stop (scan_options.cancelled) stops soon, with SCAN_ECANCELED and no result */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/store.h"

#define DIRS 40
#define FILES_PER_DIR 150

typedef struct {
	atomic_long calls;
	long stop_after;           /* answer true from this call on */
	struct timespec asked;     /* when true was first answered */
	atomic_int answered;
} canceller;

static bool cancel_cb(void *payload)
{
	canceller *c = payload;
	long n = atomic_fetch_add(&c->calls, 1) + 1;

	if (n < c->stop_after)
		return false;
	if (!atomic_exchange(&c->answered, 1))
		clock_gettime(CLOCK_MONOTONIC, &c->asked);
	return true;
}

static double since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* DIRS x FILES_PER_DIR small Python files, each with a finding. */
static char *make_tree(void)
{
	char *dir = th_tmpdir(), rel[64];

	for (int d = 0; d < DIRS; d++)
		for (int f = 0; f < FILES_PER_DIR; f++) {
			snprintf(rel, sizeof(rel), "d%02d/f%03d.py", d, f);
			th_write(dir, rel, "import subprocess\nfrom flask import request\n\ndef run():\n    subprocess.call(request.args[\"c\"], shell=True)\n");
		}
	return dir;
}

static void run_cancelled(const char *dir, long stop_after, const char *db)
{
	scan_options o = SCAN_OPTIONS_INIT;
	canceller c = { 0 };
	scan_result *r = NULL;
	scan_store *st = NULL;
	int rc;

	c.stop_after = stop_after;
	o.target = dir;
	o.jobs = 2;
	o.cancelled = cancel_cb;
	o.cancel_payload = &c;
	rc = scan_run(&r, &o);
	assert_int_equal(rc, SCAN_ECANCELED);
	assert_null(r);
	assert_true(atomic_load(&c.answered));
	/* within a second of the first "yes" */
	if (since(&c.asked) >= 1.0)
		fail_msg("stopped %.2f s after being asked", since(&c.asked));
	/* nothing to store, and nothing stored */
	assert_int_equal(scan_store_open(&st, db), 0);
	{
		scan_scan_list *l = NULL;
		assert_int_equal(scan_store_scans(&l, st, SCAN_STORE_LOCAL_ORG, 0, 0), 0);
		assert_int_equal(scan_scan_list_count(l), 0);
		scan_scan_list_free(l);
	}
	scan_store_free(st);
}

/* Asked early: the walker stops listing (it asks every 256 entries). */
static void test_cancel_mid_walk(void **state)
{
	char *dir = make_tree(), *db = th_join(dir, "r.db");

	(void)state;
	run_cancelled(dir, 3, db);
	th_rmtree(dir);
	free(dir);
	free(db);
}

/* Asked once the workers are going: they stop between files. */
static void test_cancel_mid_analysis(void **state)
{
	char *dir = make_tree(), *db = th_join(dir, "r.db");

	(void)state;
	run_cancelled(dir, DIRS * FILES_PER_DIR / 256 + 200, db);
	th_rmtree(dir);
	free(dir);
	free(db);
}

/* Never asked to stop: the callback does not change the scan. */
static void test_not_cancelled(void **state)
{
	scan_options o = SCAN_OPTIONS_INIT;
	canceller c = { 0 };
	scan_result *r = NULL;
	char *dir = th_tmpdir();

	(void)state;
	th_write(dir, "a.py", "import subprocess\nfrom flask import request\n\ndef run():\n    subprocess.call(request.args[\"c\"], shell=True)\n");
	c.stop_after = 1L << 40;
	o.target = dir;
	o.cancelled = cancel_cb;
	o.cancel_payload = &c;
	assert_int_equal(scan_run(&r, &o), 0);
	assert_true(scan_finding_list_count(scan_result_findings(r)) >= 1);
	assert_true(atomic_load(&c.calls) > 0);
	scan_result_free(r);
	th_rmtree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cancel_mid_walk),
		cmocka_unit_test(test_cancel_mid_analysis),
		cmocka_unit_test(test_not_cancelled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
