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

static const cli_verb coverage_verbs[] = {
	{ "import", 1, 1, "one FILE", "import a coverage report onto a stored scan" },
	{ 0 },
};

const cli_command cli_coverage_def = {
	"coverage", "rampart coverage import FILE [--scan SCAN_ID | --repo REPO] [--report-format NAME]",
	"Import a test coverage report (Cobertura, JaCoCo, Clover, LCOV or Rampart JSON) onto a scan; "
	"updates its coverage, ratings and gate status.",
	coverage_opts, cmd_coverage, coverage_verbs,
};

int cmd_coverage(int argc, char **argv)
{
	scan_coverage_import_options opts = SCAN_COVERAGE_IMPORT_OPTIONS_INIT;
	scan_coverage_import_result res;
	cli_strlist pos = { 0 };
	const cli_verb *verb;
	scan_store *st = NULL;
	char *data = NULL;
	size_t len = 0;
	cli_format format;
	int64_t scan_id = 0;
	bool help;
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
	if ((rc = cli_verb_of(&verb, &cli_coverage_def, &pos, false)) != EXIT_OK)
		goto done;
	if (o.report_format && (lrc = scan_coverage_format_parse(&opts.format, o.report_format)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	opts.root = o.root;
	if ((rc = cli_read_file(&data, &len, pos.items[1], SCAN_COV_MAX_BYTES, 0)) != 0 || (rc = cli_open_store(&st, o.db, false)) != 0 ||
	    (rc = cli_resolve_scan(&scan_id, st, o.scan, o.repo)) != 0)
		goto done;
	if ((lrc = scan_ops_coverage_import(&res, st, SCAN_STORE_LOCAL_ORG, scan_id, data, len, &opts)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format == FORMAT_JSON) {
		const scan_quality_summary *q = &res.quality;
		scan_buf out = SCAN_BUF_INIT;
		scan_json w;
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "scan_id", (long long)scan_id);
		scan_json_uint(&w, "records_persisted", res.records);
		scan_json_str(&w, "report_format", scan_coverage_format_name(res.format));
		scan_json_uint(&w, "unmapped_files", res.unmapped);
		scan_json_uint(&w, "lines_total", (unsigned long long)q->cov_lines);
		scan_json_uint(&w, "lines_covered", (unsigned long long)q->cov_covered);
		/* A negative percentage means not measured: null, not a number. */
		if (q->coverage_pct >= 0)
			scan_json_num_fmt(&w, "coverage_pct", q->coverage_pct, 6);
		else
			scan_json_null(&w, "coverage_pct");
		if (q->new_coverage_pct >= 0)
			scan_json_num_fmt(&w, "new_coverage_pct", q->new_coverage_pct, 6);
		else
			scan_json_null(&w, "new_coverage_pct");
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		if ((lrc = scan_json_finish(&w)) != 0) {
			scan_buf_dispose(&out);
			rc = cli_error_lib(lrc);
			goto done;
		}
		fputs(out.ptr, stdout);
		scan_buf_dispose(&out);
	} else {
		const scan_quality_summary *q = &res.quality;
		printf("scan %lld: %zu files from a %s report", (long long)scan_id, res.records,
		       scan_coverage_format_name(res.format));
		if (res.unmapped)
			printf(" (%zu report files match no scanned file)", res.unmapped);
		printf("\ncoverage: %llu of %llu lines", (unsigned long long)q->cov_covered, (unsigned long long)q->cov_lines);
		if (q->coverage_pct >= 0)
			printf(" (%.1f%%)", q->coverage_pct);
		if (q->new_coverage_pct >= 0)
			printf("; new code: %llu of %llu lines (%.1f%%)", (unsigned long long)q->new_cov_covered,
			       (unsigned long long)q->new_cov_lines, q->new_coverage_pct);
		printf("\n");
	}
	rc = EXIT_OK;
done:
	scan_store_free(st);
	free(data);
	cli_strlist_dispose(&pos);
	return rc;
}
