/* lib/store/coverage.c - the files a scan measured, their new lines, and the coverage measured on them */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include "scan/quality.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"
#include "scan/array.h"

/* The files the scan measured: what report paths are mapped onto. */
int scan_store_scan_files(char ***out, size_t *n, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	char **v = NULL;
	size_t k = 0, cap = 0;
	int rc, step;

	*out = NULL, *n = 0;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT file_path FROM quality_file_metrics WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2") " ORDER BY file_path")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		if (scan_array_reserve(&v, &cap, k + 1, sizeof(*v)) != 0)
			goto oom;
		if (!(v[k] = strdup(scan_db__column_text(s, 0))))
			goto oom;
		k++;
	}
	if (step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot list the scan's files");
		goto fail;
	}
	scan_db__finalize(s);
	*out = v, *n = k;
	return 0;
oom:
	rc = scan_error__oom();
fail:
	scan_db__finalize(s);
	scan_store_scan_files_free(v, k);
	return rc;
}

SCAN_STORE_LIST(scan_coverage, scan_coverage_record)

/* The scan's row, when the organization has it: an empty list says "none imported", not "not yours". */
static int scan_of_org(scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT 1 FROM scans WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_DONE)
		rc = SCAN_ENOTFOUND;
	else if (step != SCAN_DB_ROW)
		rc = scan_db__error(scan_store__conn(st), "cannot read the scan");
	scan_db__finalize(s);
	return rc;
}

int scan_store_coverage(scan_coverage_list **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_coverage_list *l;
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	*out = NULL;
	if ((rc = scan_of_org(st, org, scan_id)) != 0)
		return rc;
	if (!(l = calloc(1, sizeof(*l))))
		return scan_error__oom();
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT file_path, lines_total, lines_covered, new_lines_total, new_lines_covered, report_format"
	        " FROM coverage_files WHERE scan_id = ?1 ORDER BY file_path")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, scan_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_coverage_record *c = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*c));
		if (!c) {
			oom = 1;
			break;
		}
		c->file_path = scan_db__col_text(s, 0, &l->arena, &oom);
		c->lines_total = (uint64_t)scan_db__column_int64(s, 1);
		c->lines_covered = (uint64_t)scan_db__column_int64(s, 2);
		c->new_lines_total = (uint64_t)scan_db__column_int64(s, 3);
		c->new_lines_covered = (uint64_t)scan_db__column_int64(s, 4);
		c->report_format = scan_db__col_text(s, 5, &l->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the coverage");
done:
	scan_db__finalize(s);
	if (rc) {
		scan_coverage_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

void scan_store_scan_files_free(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

int scan_store__new_lines(scan_path_text **out, size_t *n, scan_store *st, int64_t scan_id, scan_arena *a)
{
	scan_db_stmt *s = NULL;
	scan_path_text *v = NULL;
	size_t count = 0, cap = 0;
	int rc, step, oom = 0;

	*out = NULL, *n = 0;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT file_path, ranges FROM scan_new_lines WHERE scan_id = ?1 ORDER BY file_path")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_path_text *e = scan_array_push(&v, &count, &cap, sizeof(*e));
		if (!e) {
			oom = 1;
			break;
		}
		e->path = scan_db__col_text(s, 0, a, &oom);
		e->text = scan_db__col_text(s, 1, a, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read new lines");
	scan_db__finalize(s);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v, *n = count;
	return 0;
}

/* The summary with coverage replaced, written back with its analyzer versions. */
int scan_store__quality_update(scan_store *st, int64_t org, int64_t scan_id, const scan_quality_summary *q)
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
	    (rc = scan_db__prepare(scan_store__conn(st), &s, "UPDATE quality_summaries SET summary = ?2 WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?3"))) != 0)
		goto done;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_text(s, 2, json.ptr);
	scan_db__bind_int64(s, 3, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot update the quality summary");
done:
	scan_db__finalize(s);
	scan_buf_dispose(&json);
	cJSON_Delete(root);
	free(old);
	return rc;
}

int scan_store__coverage_replace(scan_store *st, int64_t org, int64_t scan_id, const scan_coverage_row *rows,
                                 size_t n, const char *report_format)
{
	scan_db_stmt *del = NULL, *ins = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &del, "DELETE FROM coverage_files WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2"))) != 0 ||
	    (rc = scan_db__prepare(scan_store__conn(st), &ins,
	        "INSERT INTO coverage_files (scan_id, file_path, lines_total, lines_covered, new_lines_total,"
	        " new_lines_covered, report_format) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")) != 0)
		goto done;
	scan_db__bind_int64(del, 1, scan_id);
	scan_db__bind_int64(del, 2, org);
	if (scan_db__step(del) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot replace the coverage");
		goto done;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		scan_db__reset(ins);
		scan_db__bind_int64(ins, 1, scan_id);
		scan_db__bind_text(ins, 2, rows[i].path);
		scan_db__bind_int64(ins, 3, (int64_t)rows[i].lines);
		scan_db__bind_int64(ins, 4, (int64_t)rows[i].covered);
		scan_db__bind_int64(ins, 5, (int64_t)rows[i].new_lines);
		scan_db__bind_int64(ins, 6, (int64_t)rows[i].new_covered);
		scan_db__bind_text(ins, 7, report_format);
		if (scan_db__step(ins) != SCAN_DB_DONE)
			rc = scan_db__error(scan_store__conn(st), "cannot record coverage");
	}
done:
	scan_db__finalize(del);
	scan_db__finalize(ins);
	return rc;
}
