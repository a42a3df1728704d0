/* lib/store/coverage.c - an imported coverage report, measured against a stored scan */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include "quality/summary.h"
#include "scan/coverage.h"
#include "source/newcode.h"
#include "store_int.h"
#include "util/error.h"

/* The files the scan measured: what report paths are mapped onto. */
int scan_store_scan_files(char ***out, size_t *n, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	char **v = NULL;
	size_t k = 0, cap = 0;
	int rc, step;

	*out = NULL, *n = 0;
	if ((rc = scan__db_prepare(scan__store_conn(st), &s, "SELECT file_path FROM quality_file_metrics WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2") " ORDER BY file_path")) != 0)
		return rc;
	scan__db_bind_int64(s, 1, scan_id);
	scan__db_bind_int64(s, 2, org);
	while ((step = scan__db_step(s)) == SCAN_DB_ROW) {
		if (k == cap) {
			char **nv = realloc(v, (cap = cap ? 2 * cap : 256) * sizeof(*nv));
			if (!nv)
				goto oom;
			v = nv;
		}
		if (!(v[k] = strdup(scan__db_column_text(s, 0))))
			goto oom;
		k++;
	}
	if (step != SCAN_DB_DONE) {
		rc = scan__db_error(scan__store_conn(st), "cannot list the scan's files");
		goto fail;
	}
	scan__db_finalize(s);
	*out = v, *n = k;
	return 0;
oom:
	rc = scan__error_oom();
fail:
	scan__db_finalize(s);
	scan_store_scan_files_free(v, k);
	return rc;
}

void scan_store_scan_files_free(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* The file's new lines as stored with the scan; none when it has none. */
static int new_ranges(scan_line_range **r, size_t *n, scan_db_stmt *q, const char *path)
{
	int step;

	*r = NULL, *n = 0;
	scan__db_reset(q);
	scan__db_bind_text(q, 2, path);
	step = scan__db_step(q);
	if (step == SCAN_DB_ROW)
		return scan_source__ranges_parse(r, n, scan__db_column_text(q, 0));
	return step == SCAN_DB_DONE ? 0 : SCAN_ESTORE;
}

/* The summary with coverage replaced, written back with its analyzer versions. */
static int update_summary(scan_store *st, int64_t org, int64_t scan_id, const scan_quality_summary *q)
{
	char *old = NULL;
	cJSON *root = NULL, *tv;
	scan_tool_version tools[64];
	size_t n = 0;
	scan_buf json = SCAN_BUF_INIT;
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_store_quality_json(&old, st, org, scan_id)) != 0)
		return rc;
	root = old ? cJSON_Parse(old) : NULL;
	tv = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "ratings"), "tool_versions");
	for (const cJSON *e = tv ? tv->child : NULL; e && n < 64; e = e->next)
		if (cJSON_IsString(e) && e->string)
			tools[n].name = e->string, tools[n++].version = e->valuestring;
	if ((rc = scan_quality_summary_write_json(&json, q, tools, n)) != 0 ||
	    (rc = scan__db_prepare(scan__store_conn(st), &s, "UPDATE quality_summaries SET summary = ?2 WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?3"))) != 0)
		goto done;
	scan__db_bind_int64(s, 1, scan_id);
	scan__db_bind_text(s, 2, json.ptr);
	scan__db_bind_int64(s, 3, org);
	if (scan__db_step(s) != SCAN_DB_DONE)
		rc = scan__db_error(scan__store_conn(st), "cannot update the quality summary");
done:
	scan__db_finalize(s);
	scan_buf_dispose(&json);
	cJSON_Delete(root);
	free(old);
	return rc;
}

int scan_store_coverage_import(scan_store *st, int64_t org, int64_t scan_id, const scan_cov_report *r, size_t *records)
{
	scan_db_stmt *del = NULL, *ins = NULL, *nl = NULL;
	scan_quality_summary q;
	scan_gate_report *gate = NULL;
	scan_scan_list *scan = NULL;
	bool found;
	int rc;

	*records = 0;
	if ((rc = scan__db_begin(scan__store_conn(st))) != 0)
		return rc;
	if ((rc = scan_store_scan_get(&scan, st, org, scan_id)) != 0 ||
	    (rc = scan_store_quality(&q, &found, st, org, scan_id)) != 0)
		goto fail;
	if (!found) {
		rc = scan__error(SCAN_EINVAL, "scan %lld has no code metrics (was the quality analyzer on?)",
		                 (long long)scan_id);
		goto fail;
	}
	if ((rc = scan__db_prepare(scan__store_conn(st), &del, "DELETE FROM coverage_files WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2"))) != 0 ||
	    (rc = scan__db_prepare(scan__store_conn(st), &ins,
	        "INSERT INTO coverage_files (scan_id, file_path, lines_total, lines_covered, new_lines_total,"
	        " new_lines_covered, report_format) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")) != 0 ||
	    (rc = scan__db_prepare(scan__store_conn(st), &nl, "SELECT ranges FROM scan_new_lines WHERE scan_id = ?1 AND file_path = ?2")) != 0)
		goto fail;
	scan__db_bind_int64(del, 1, scan_id);
	scan__db_bind_int64(del, 2, org);
	if (scan__db_step(del) != SCAN_DB_DONE) {
		rc = scan__db_error(scan__store_conn(st), "cannot replace the coverage");
		goto fail;
	}
	scan__db_bind_int64(nl, 1, scan_id);
	scan__quality_summary_reset_coverage(&q);
	for (size_t i = 0; i < r->nfiles; i++) {
		const scan_cov_file *f = &r->files[i];
		uint64_t covered = 0, new_total = 0, new_covered = 0;
		scan_line_range *nr;
		size_t nn;
		scan_newcode_file view;
		if ((rc = new_ranges(&nr, &nn, nl, f->path)) != 0) {
			if (rc == SCAN_ESTORE)
				rc = scan__db_error(scan__store_conn(st), "cannot read new lines");
			goto fail;
		}
		view.path = NULL, view.r = nr, view.n = nn;
		for (size_t k = 0; k < f->nlines; k++) {
			bool is_new = nn && scan_source__newcode_has(&view, f->lines[k].line);
			covered += f->lines[k].hits > 0;
			new_total += is_new;
			new_covered += is_new && f->lines[k].hits > 0;
		}
		free(nr);
		scan__quality_summary_add_coverage(&q, f->nlines, covered, new_total, new_covered);
		scan__db_reset(ins);
		scan__db_bind_int64(ins, 1, scan_id);
		scan__db_bind_text(ins, 2, f->path);
		scan__db_bind_int64(ins, 3, (int64_t)f->nlines);
		scan__db_bind_int64(ins, 4, (int64_t)covered);
		scan__db_bind_int64(ins, 5, (int64_t)new_total);
		scan__db_bind_int64(ins, 6, (int64_t)new_covered);
		scan__db_bind_text(ins, 7, scan_coverage_format_name(r->format));
		if (scan__db_step(ins) != SCAN_DB_DONE) {
			rc = scan__db_error(scan__store_conn(st), "cannot record coverage");
			goto fail;
		}
		(*records)++;
	}
	scan_quality_rate(&q);
	/* the stored gate status follows: coverage is one of its conditions */
	if ((rc = update_summary(st, org, scan_id, &q)) != 0 ||
	    (rc = scan__store_gate_compute(&gate, st, org, scan_id, 0, time(NULL))) != 0 ||
	    (rc = scan__store_gate_save(st, scan_id, gate, time(NULL))) != 0)
		goto fail;
	scan__db_finalize(del);
	scan__db_finalize(ins);
	scan__db_finalize(nl);
	scan_gate_report_free(gate);
	scan_scan_list_free(scan);
	return scan__db_commit(scan__store_conn(st));
fail:
	scan__db_finalize(del);
	scan__db_finalize(ins);
	scan__db_finalize(nl);
	scan_gate_report_free(gate);
	scan_scan_list_free(scan);
	scan__db_rollback(scan__store_conn(st));
	*records = 0;
	return rc;
}
