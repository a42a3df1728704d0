/*
 * lib/ops/coverage.c - a coverage report onto a stored scan: each file's
 * lines, covered overall and on the scan's new lines, and the summary and
 * gate that follow from them.
 */
#include <stdlib.h>
#include <string.h>
#include "ops/ops_int.h"
#include "quality/summary.h"
#include "scan/ops.h"
#include "source/newcode.h"
#include "store/record.h"
#include "util/error.h"

typedef struct {
	int64_t org, scan_id;
	scan_cov_report *report;
	scan_coverage_import_result *out;
} importing;

static int cmp_path_text(const void *a, const void *b)
{
	return strcmp(((const scan_path_text *)a)->path, ((const scan_path_text *)b)->path);
}

/* One file's lines against its new-line ranges (none when the scan recorded none for it). */
static int measure(scan_coverage_row *row, const scan_cov_file *f, const scan_path_text *new_lines, size_t nnew)
{
	scan_path_text key = { f->path, NULL };
	const scan_path_text *nl = nnew ? bsearch(&key, new_lines, nnew, sizeof(*new_lines), cmp_path_text) : NULL;
	scan_line_range *ranges = NULL;
	size_t nranges = 0;
	scan_newcode_file view;
	int rc;

	if (nl && (rc = scan_source__ranges_parse(&ranges, &nranges, nl->text)) != 0)
		return rc;
	view.path = NULL, view.r = ranges, view.n = nranges;
	memset(row, 0, sizeof(*row));
	row->path = f->path;
	row->lines = f->nlines;
	for (size_t k = 0; k < f->nlines; k++) {
		bool is_new = nranges && scan_source__newcode_has(&view, f->lines[k].line);
		row->covered += f->lines[k].hits > 0;
		row->new_lines += is_new;
		row->new_covered += is_new && f->lines[k].hits > 0;
	}
	free(ranges);
	return 0;
}

static int import_body(scan_store *st, void *ctx)
{
	importing *im = ctx;
	scan_quality_summary q;
	scan_path_text *new_lines = NULL;
	scan_coverage_row *rows = NULL;
	scan_arena a = SCAN_ARENA_INIT;
	size_t nnew = 0;
	bool found;
	int rc;

	if ((rc = scan_store_quality(&q, &found, st, im->org, im->scan_id)) != 0)
		return rc;
	if (!found)
		return scan_util__error(SCAN_EINVAL, "scan %lld has no code metrics (was the quality analyzer on?)",
		                        (long long)im->scan_id);
	if ((rc = scan_store__new_lines(&new_lines, &nnew, st, im->scan_id, &a)) != 0)
		goto done;
	if (im->report->nfiles && !(rows = calloc(im->report->nfiles, sizeof(*rows)))) {
		rc = scan_error__oom();
		goto done;
	}
	scan_quality__summary_reset_coverage(&q);
	for (size_t i = 0; i < im->report->nfiles; i++) {
		if ((rc = measure(&rows[i], &im->report->files[i], new_lines, nnew)) != 0)
			goto done;
		scan_quality__summary_add_coverage(&q, rows[i].lines, rows[i].covered, rows[i].new_lines,
		                                   rows[i].new_covered);
	}
	scan_quality_rate(&q);
	/* The stored gate status follows: coverage is one of its conditions. */
	if ((rc = scan_store__coverage_replace(st, im->org, im->scan_id, rows, im->report->nfiles,
	                                       scan_coverage_format_name(im->report->format))) != 0 ||
	    (rc = scan_store__quality_update(st, im->org, im->scan_id, &q)) != 0 ||
	    (rc = scan_ops__gate_refresh(st, im->org, im->scan_id)) != 0)
		goto done;
	im->out->records = im->report->nfiles;
	im->out->quality = q;
done:
	free(rows);
	free(new_lines);
	scan_arena__dispose(&a);
	return rc;
}

int scan_ops_coverage_import(scan_coverage_import_result *out, scan_store *st, int64_t org, int64_t scan_id,
                             const char *data, size_t len, const scan_coverage_import_options *opts)
{
	static const scan_coverage_import_options defaults = SCAN_COVERAGE_IMPORT_OPTIONS_INIT;
	scan_scan_list *scan = NULL;
	scan_cov_report *report = NULL;
	char **files = NULL;
	size_t nfiles = 0;
	const char *root;
	importing im;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = scan_error__check_version(opts, 1, "scan_coverage_import_options")) != 0)
		return rc;
	if (!opts)
		opts = &defaults;
	if ((rc = scan_store_scan_get(&scan, st, org, scan_id)) != 0 ||
	    (rc = scan_coverage_parse(&report, data, len, opts->format)) != 0 ||
	    (rc = scan_store_scan_files(&files, &nfiles, st, org, scan_id)) != 0)
		goto done;
	/* A local scan's URL is its absolute root. */
	root = opts->root ? opts->root : scan_scan_list_get(scan, 0)->repo_url;
	if (root && root[0] != '/')
		root = NULL;
	if ((rc = scan_coverage_map_paths(report, (const char *const *)files, nfiles, root)) != 0)
		goto done;
	im = (importing){ org, scan_id, report, out };
	if ((rc = scan_store_transact(st, import_body, &im)) != 0)
		goto done;
	out->format = report->format;
	out->unmapped = report->unmapped;
done:
	scan_store_scan_files_free(files, nfiles);
	scan_coverage_free(report);
	scan_scan_list_free(scan);
	if (rc)
		memset(out, 0, sizeof(*out));
	return rc;
}
