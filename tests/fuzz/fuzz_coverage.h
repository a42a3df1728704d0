/* tests/fuzz/fuzz_coverage.h - the body shared by the coverage parsers' fuzz targets */
#ifndef RAMPART_FUZZ_COVERAGE_H
#define RAMPART_FUZZ_COVERAGE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/coverage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Whatever a parser accepts must be a well-formed report: files sorted and
 * unique, lines sorted, unique and in range. Whatever it refuses must be
 * refused with a documented code and a one-line message. Mapping the report
 * onto a small repository keeps those properties and only ever names a
 * repository file.
 */

static const char *const fuzz_repo[] = {
	"src/a.c", "src/lib/a.c", "lib/util.c", "com/acme/Calc.java",
	"src/main/java/com/acme/Calc.java", "x.py", "pkg/x.py", "README.md",
};
#define FUZZ_REPO_N (sizeof(fuzz_repo) / sizeof(fuzz_repo[0]))

static void fuzz_check_report(const scan_cov_report *r, int mapped)
{
	for (size_t i = 0; i < r->nfiles; i++) {
		const scan_cov_file *f = &r->files[i];
		if (!f->path || !*f->path)
			abort();
		if (i && strcmp(r->files[i - 1].path, f->path) >= 0)
			abort();
		for (size_t j = 0; j < f->nlines; j++) {
			if (f->lines[j].line == 0 || f->lines[j].line > 10000000u)
				abort();
			if (j && f->lines[j - 1].line >= f->lines[j].line)
				abort();
		}
		if (mapped) {
			size_t k = 0;
			while (k < FUZZ_REPO_N && strcmp(fuzz_repo[k], f->path))
				k++;
			if (k == FUZZ_REPO_N)
				abort();
		}
	}
}

static int fuzz_coverage(const uint8_t *data, size_t size, scan_cov_format fmt)
{
	scan_cov_report *r = NULL;
	size_t before;
	int rc = scan_coverage_parse(&r, (const char *)data, size, fmt);

	if (rc) {
		const scan_error *e = scan_error_last();
		if (r || (rc != SCAN_EPARSE && rc != SCAN_ELIMIT && rc != SCAN_EVERSION && rc != SCAN_ENOMEM))
			abort();
		if (e->code != rc || !e->message[0] || strchr(e->message, '\n'))
			abort();
		return 0;
	}
	if (!r || r->format != fmt || r->unmapped)
		abort();
	fuzz_check_report(r, 0);
	before = r->nfiles;
	if (scan_coverage_map_paths(r, fuzz_repo, FUZZ_REPO_N, "/home/ci/proj") != 0)
		abort();
	/* Dropped files are counted; merged ones are not. */
	if (r->nfiles + r->unmapped > before || r->unmapped > before || r->nsources)
		abort();
	fuzz_check_report(r, 1);
	scan_coverage_free(r);
	return 0;
}

/* The fixed format, then detection over the same bytes. */
static int fuzz_coverage_both(const uint8_t *data, size_t size, scan_cov_format fmt)
{
	scan_cov_report *r = NULL;

	fuzz_coverage(data, size, fmt);
	if (scan_coverage_parse(&r, (const char *)data, size, SCAN_COV_AUTO) == 0) {
		if (r->format == SCAN_COV_AUTO)
			abort();
		fuzz_check_report(r, 0);
		scan_coverage_free(r);
	}
	return 0;
}

#endif
