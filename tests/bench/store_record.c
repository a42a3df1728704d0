/*
 * tests/bench/store_record.c - recording a scan and reading its findings back,
 * on SQLite and on PostgreSQL: bench_store_record TREE TARGET...
 *
 * TREE is scanned once with the hygiene analyzer (not timed); its result is
 * recorded into each TARGET (a SQLite file or a postgresql:// URL) and read
 * back, three times each; the best time of each step is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "scan/scan.h"
#include "scan/ops.h"
#include "scan/store.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;

	if (argc < 3) {
		fprintf(stderr, "usage: %s TREE TARGET...\n", argv[0]);
		return 2;
	}
	o.target = argv[1];
	o.analyzers = "hygiene";
	if (scan_run(&r, &o) != 0) {
		fprintf(stderr, "scan: %s\n", scan_error_last()->message);
		return 1;
	}
	printf("findings %zu\n", scan_finding_list_count(scan_result_findings(r)));
	for (int t = 2; t < argc; t++) {
		scan_store *st = NULL;
		double best_record = 1e9, best_read = 1e9, best_page = 1e9;

		if (scan_store_open(&st, argv[t]) != 0) {
			fprintf(stderr, "open %s: %s\n", argv[t], scan_error_last()->message);
			return 1;
		}
		for (int i = 0; i < 3; i++) {
			scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
			scan_finding_list *l = NULL;
			int64_t id = 0;
			double t0 = now();

			if (scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r) != 0) {
				fprintf(stderr, "record: %s\n", scan_error_last()->message);
				return 1;
			}
			if (now() - t0 < best_record)
				best_record = now() - t0;
			t0 = now();
			if (scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, id, NULL) != 0) {
				fprintf(stderr, "read: %s\n", scan_error_last()->message);
				return 1;
			}
			if (now() - t0 < best_read)
				best_read = now() - t0;
			scan_finding_list_free(l);
			/* a page of a server's list: 100 findings from the middle of the scan */
			flt.offset = scan_finding_list_count(scan_result_findings(r)) / 2;
			flt.limit = 100;
			t0 = now();
			if (scan_store_findings(&l, st, SCAN_STORE_LOCAL_ORG, id, &flt) != 0)
				return 1;
			if (now() - t0 < best_page)
				best_page = now() - t0;
			if (i == 0)
				printf("%s: a page: %zu findings\n", scan_store_path(st), scan_finding_list_count(l));
			scan_finding_list_free(l);
		}
		printf("%s: record %.3f s, read all %.3f s, read a page of 100 %.4f s\n", scan_store_path(st), best_record,
		       best_read, best_page);
		scan_store_free(st);
	}
	scan_result_free(r);
	return 0;
}
