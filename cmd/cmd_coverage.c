/* cmd/cmd_coverage.c - rampart coverage import: a test coverage report, onto a stored scan */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static struct {
	const char *db, *format, *report_format, *repo, *root, *scan;
} o;

static const cli_opt coverage_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "scan", 's', OPT_STRING, "SCAN_ID", "the scan the report belongs to (default: the newest)", &o.scan, NULL },
	{ "repo", 'r', OPT_STRING, "REPO", "the newest scan of this repository (id, name or URL)", &o.repo, NULL },
	{ "report-format", 0, OPT_STRING, "NAME", "cobertura, jacoco, clover, lcov or rampart (default: detected)",
	  &o.report_format, "auto|cobertura|jacoco|clover|lcov|rampart" },
	{ "root", 0, OPT_STRING, "DIR", "where the report's absolute paths start (default: the scanned directory)",
	  &o.root, "@dir" },
	{ 0 },
};

const cli_command cli_coverage_def = {
	"coverage", "rampart coverage import FILE [--scan SCAN_ID | --repo REPO] [--report-format NAME]",
	"Import a test coverage report (Cobertura, JaCoCo, Clover, LCOV or Rampart JSON) onto a scan; "
	"updates its coverage, ratings and gate status.",
	coverage_opts,
};

int cmd_coverage(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	scan_scan_list *scan = NULL;
	scan_cov_report *report = NULL;
	char *data = NULL;
	size_t len = 0;
	scan_quality_summary q;
	scan_cov_format fmt = SCAN_COV_AUTO;
	cli_format format;
	char **files = NULL;
	size_t nfiles = 0, records = 0;
	const char *root;
	int64_t scan_id = 0;
	bool help, found;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_coverage_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (format == FORMAT_SARIF) {
		rc = cli_error("coverage: --format takes text or json");
		goto done;
	}
	if (pos.count != 2 || strcmp(pos.items[0], "import")) {
		rc = cli_error("coverage: usage: rampart coverage import FILE [--scan SCAN_ID]");
		goto done;
	}
	if (o.report_format && (lrc = scan_coverage_format_parse(&fmt, o.report_format)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if ((rc = cli_read_file(&data, &len, pos.items[1], SCAN_COV_MAX_BYTES, 0)) != 0 || (rc = cli_open_store(&st, o.db, false)) != 0 ||
	    (rc = cli_resolve_scan(&scan_id, st, o.scan, o.repo)) != 0)
		goto done;
	if ((lrc = scan_store_scan_get(&scan, st, SCAN_STORE_LOCAL_ORG, scan_id)) != 0 ||
	    (lrc = scan_coverage_parse(&report, data, len, fmt)) != 0 ||
	    (lrc = scan_store_scan_files(&files, &nfiles, st, SCAN_STORE_LOCAL_ORG, scan_id)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	/* a local scan's URL is its absolute root */
	root = o.root ? o.root : scan_scan_list_get(scan, 0)->repo_url;
	if (root && root[0] != '/')
		root = NULL;
	if ((lrc = scan_coverage_map_paths(report, (const char *const *)files, nfiles, root)) != 0 ||
	    (lrc = scan_store_coverage_import(st, SCAN_STORE_LOCAL_ORG, scan_id, report, &records)) != 0 ||
	    (lrc = scan_store_quality(&q, &found, st, SCAN_STORE_LOCAL_ORG, scan_id)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format == FORMAT_JSON) {
		printf("{\"scan_id\":%lld,\"records_persisted\":%zu,\"report_format\":\"%s\",\"unmapped_files\":%zu,"
		       "\"lines_total\":%llu,\"lines_covered\":%llu,", (long long)scan_id, records,
		       scan_coverage_format_name(report->format), report->unmapped,
		       (unsigned long long)q.cov_lines, (unsigned long long)q.cov_covered);
		if (q.coverage_pct >= 0)
			printf("\"coverage_pct\":%.6g,", q.coverage_pct);
		else
			printf("\"coverage_pct\":null,");
		if (q.new_coverage_pct >= 0)
			printf("\"new_coverage_pct\":%.6g}\n", q.new_coverage_pct);
		else
			printf("\"new_coverage_pct\":null}\n");
	} else {
		printf("scan %lld: %zu files from a %s report", (long long)scan_id, records,
		       scan_coverage_format_name(report->format));
		if (report->unmapped)
			printf(" (%zu report files match no scanned file)", report->unmapped);
		printf("\ncoverage: %llu of %llu lines", (unsigned long long)q.cov_covered, (unsigned long long)q.cov_lines);
		if (q.coverage_pct >= 0)
			printf(" (%.1f%%)", q.coverage_pct);
		if (q.new_coverage_pct >= 0)
			printf("; new code: %llu of %llu lines (%.1f%%)", (unsigned long long)q.new_cov_covered,
			       (unsigned long long)q.new_cov_lines, q.new_coverage_pct);
		printf("\n");
	}
	rc = EXIT_OK;
done:
	scan_store_scan_files_free(files, nfiles);
	scan_coverage_free(report);
	scan_scan_list_free(scan);
	scan_store_free(st);
	free(data);
	cli_strlist_dispose(&pos);
	return rc;
}
