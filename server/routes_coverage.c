/* server/routes_coverage.c - POST /quality/coverage/upload, GET /quality/coverage/{scan_id} (spec 4.2, 2.10) */
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "multipart.h"

/* scan_id, report_format and file; a fourth part is already one too many. */
#define UPLOAD_PARTS 4

static const srv_part *part_named(const srv_part *parts, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(parts[i].name, name))
			return &parts[i];
	return NULL;
}

/* A form field's text as a positive id; 0 when it is not one. */
static int64_t part_id(const srv_part *p)
{
	int64_t v = 0;

	if (!p->len || p->len > 18)
		return 0;
	for (size_t i = 0; i < p->len; i++) {
		if (p->data[i] < '0' || p->data[i] > '9')
			return 0;
		v = v * 10 + (p->data[i] - '0');
	}
	return v;
}

/* The form's report_format: a format's name, "auto", or absent (detected). false after a 422. */
static bool part_format(srv_req *r, const srv_part *p, scan_cov_format *out)
{
	char name[16];

	*out = SCAN_COV_AUTO;
	if (!p)
		return true;
	if (p->len >= sizeof(name))
		goto bad;
	memcpy(name, p->data, p->len);
	name[p->len] = '\0';
	if (!scan_coverage_format_parse(out, name))
		return true;
bad:
	srv_error(r, 422, "Field 'report_format' must be cobertura, jacoco, clover, lcov, rampart or auto");
	return false;
}

static int upload(srv_req *r)
{
	scan_coverage_import_options opts = SCAN_COVERAGE_IMPORT_OPTIONS_INIT;
	scan_coverage_import_result res;
	srv_part parts[UPLOAD_PARTS];
	const srv_part *scan_part, *file_part;
	char err[256];
	size_t n;
	int64_t scan_id;
	scan_json w;
	int rc;

	if (srv_multipart_parse(parts, UPLOAD_PARTS, &n, srv_request_header(r, "Content-Type"),
	                        r->body.ptr ? r->body.ptr : "", r->body.size, err, sizeof(err)) != 0)
		return srv_error(r, 400, "%s", err);
	for (size_t i = 0; i < n; i++)
		if (strcmp(parts[i].name, "scan_id") && strcmp(parts[i].name, "report_format") && strcmp(parts[i].name, "file"))
			return srv_error(r, 422, "Unknown field '%s' in the upload (it takes scan_id, report_format, file)",
			                 parts[i].name);
	if (!(scan_part = part_named(parts, n, "scan_id")))
		return srv_error(r, 422, "Field 'scan_id' is required in the upload");
	if (!(file_part = part_named(parts, n, "file")))
		return srv_error(r, 422, "Field 'file' is required in the upload");
	if (!(scan_id = part_id(scan_part)))
		return srv_error(r, 422, "Field 'scan_id' must be a positive integer");
	if (!part_format(r, part_named(parts, n, "report_format"), &opts.format))
		return r->status;
	/* The report's absolute paths are the CI machine's: they map onto the scan's files by their ends. */
	rc = scan_ops_coverage_import(&res, srv_store(r), r->who.org, scan_id, file_part->data, file_part->len, &opts);
	switch (rc) {
	case 0:
		break;
	case SCAN_ENOTFOUND:
		return srv_error(r, 404, "Scan not found");
	case SCAN_EPARSE:
	case SCAN_EVERSION:
	case SCAN_ELIMIT:
		return srv_error(r, 400, "Unparseable coverage report: %s", scan_error_last()->message);
	default:
		return srv_lib_error(r, rc);
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "scan_id", scan_id);
	scan_json_uint(&w, "records_persisted", res.records);
	scan_json_str(&w, "report_format", scan_coverage_format_name(res.format));
	scan_json_uint(&w, "unmapped_files", res.unmapped);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static void percent(scan_json *w, const char *key, uint64_t covered, uint64_t total)
{
	if (total)
		scan_json_num_fmt(w, key, 100.0 * (double)covered / (double)total, -2);
	else
		scan_json_null(w, key);
}

static int read_coverage(srv_req *r)
{
	int64_t id = srv_param_id(r, "scan_id");
	scan_coverage_list *l = NULL;
	uint64_t total = 0, covered = 0, new_total = 0, new_covered = 0;
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_coverage(&l, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scan not found") : srv_lib_error(r, rc);
	for (size_t i = 0; i < scan_coverage_list_count(l); i++) {
		const scan_coverage_record *c = scan_coverage_list_get(l, i);
		total += c->lines_total, covered += c->lines_covered;
		new_total += c->new_lines_total, new_covered += c->new_lines_covered;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "scan_id", id);
	scan_json_uint(&w, "file_count", scan_coverage_list_count(l));
	scan_json_uint(&w, "lines_total", total);
	scan_json_uint(&w, "lines_covered", covered);
	percent(&w, "coverage_pct", covered, total);
	scan_json_uint(&w, "new_lines_total", new_total);
	scan_json_uint(&w, "new_lines_covered", new_covered);
	percent(&w, "new_coverage_pct", new_covered, new_total);
	scan_json_open(&w, "files", '[');
	for (size_t i = 0; i < scan_coverage_list_count(l); i++) {
		const scan_coverage_record *c = scan_coverage_list_get(l, i);
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "file_path", c->file_path);
		scan_json_uint(&w, "lines_total", c->lines_total);
		scan_json_uint(&w, "lines_covered", c->lines_covered);
		scan_json_uint(&w, "lines_missed", c->lines_total - c->lines_covered);
		percent(&w, "coverage_pct", c->lines_covered, c->lines_total);
		scan_json_str(&w, "report_format", c->report_format);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_coverage_list_free(l);
	return srv_json_end(r, &w);
}

srv_family srv_routes_coverage = {
	{ SRV_POST, "/quality/coverage/upload", upload, SRV_AUTH_ANY, SCAN_ROLE_MEMBER, SRV_SCOPE_WRITE_QUALITY,
	  SRV_UPLOAD_MAX, 0,
	  "Import a coverage report onto a scan (multipart: scan_id, report_format, file; 25 MB)", NULL,
	  SRV_ROUTE_MULTIPART },
	{ SRV_GET, "/quality/coverage/{scan_id}", read_coverage, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "A scan's imported coverage, overall, on new lines and per file", NULL, 0 },
	{ 0 },
};
