/* lib/store/quality.c - a scan's quality summary, metrics and new lines, and imported coverage */
#include <stdlib.h>
#include <string.h>
#include "quality/summary.h"
#include "run/result.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

static int save_summary(scan_store *st, int64_t scan_id, const scan_quality_summary *q,
                        const scan_tool_version *tools, size_t ntools)
{
	scan_buf json = SCAN_BUF_INIT;
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_quality_summary_write_json(&json, q, tools, ntools)) != 0)
		goto done;
	if ((rc = scan__db_prepare(scan__store_conn(st), &s, "INSERT INTO quality_summaries (scan_id, summary) VALUES (?1, ?2)"
	                                          " ON CONFLICT (scan_id) DO UPDATE SET summary = excluded.summary")) != 0)
		goto done;
	scan__db_bind_int64(s, 1, scan_id);
	scan__db_bind_text(s, 2, json.ptr);
	if (scan__db_step(s) != SCAN_DB_DONE)
		rc = scan__db_error(scan__store_conn(st), "cannot record the quality summary");
done:
	scan__db_finalize(s);
	scan_buf_dispose(&json);
	return rc;
}

static int save_metrics(scan_store *st, int64_t scan_id, const scan_result *r)
{
	scan_db_stmt *file = NULL, *fn = NULL;
	int rc;

	if ((rc = scan__db_prepare(scan__store_conn(st), &file,
	        "INSERT INTO quality_file_metrics (scan_id, file_path, language, lines, code_lines, comment_lines,"
	        " blank_lines, cyclomatic, cognitive, functions, duplicated_lines, duplicated_blocks, new_lines,"
	        " new_duplicated_lines, in_test, generated)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)")) != 0 ||
	    (rc = scan__db_prepare(scan__store_conn(st), &fn,
	        "INSERT INTO quality_function_metrics (scan_id, file_path, name, line, end_line, code_lines,"
	        " cyclomatic, cognitive, params, nesting) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")) != 0)
		goto done;
	for (size_t i = 0; i < r->nmetrics && !rc; i++) {
		const scan_file_metrics *m = &r->metrics[i];
		scan__db_reset(file);
		scan__db_bind_int64(file, 1, scan_id);
		scan__db_bind_text(file, 2, m->path);
		scan__db_bind_text(file, 3, m->language ? m->language : "");
		scan__db_bind_int64(file, 4, m->lines);
		scan__db_bind_int64(file, 5, m->code_lines);
		scan__db_bind_int64(file, 6, m->comment_lines);
		scan__db_bind_int64(file, 7, m->blank_lines);
		scan__db_bind_int64(file, 8, m->cyclomatic);
		scan__db_bind_int64(file, 9, m->cognitive);
		scan__db_bind_int64(file, 10, m->nfunctions);
		scan__db_bind_int64(file, 11, m->duplicated_lines);
		scan__db_bind_int64(file, 12, m->duplicated_blocks);
		scan__db_bind_int64(file, 13, m->new_lines);
		scan__db_bind_int64(file, 14, m->new_duplicated_lines);
		scan__db_bind_int64(file, 15, m->in_test);
		scan__db_bind_int64(file, 16, m->generated);
		if (scan__db_step(file) != SCAN_DB_DONE) {
			rc = scan__db_error(scan__store_conn(st), "cannot record file metrics");
			break;
		}
		for (uint32_t k = 0; k < m->nfunctions; k++) {
			const scan_function_metrics *f = &m->functions[k];
			scan__db_reset(fn);
			scan__db_bind_int64(fn, 1, scan_id);
			scan__db_bind_text(fn, 2, m->path);
			scan__db_bind_text(fn, 3, f->name ? f->name : "<anonymous>");
			scan__db_bind_int64(fn, 4, f->line);
			scan__db_bind_int64(fn, 5, f->end_line);
			scan__db_bind_int64(fn, 6, f->code_lines);
			scan__db_bind_int64(fn, 7, f->cyclomatic);
			scan__db_bind_int64(fn, 8, f->cognitive);
			scan__db_bind_int64(fn, 9, f->params);
			scan__db_bind_int64(fn, 10, f->nesting);
			if (scan__db_step(fn) != SCAN_DB_DONE) {
				rc = scan__db_error(scan__store_conn(st), "cannot record function metrics");
				break;
			}
		}
	}
done:
	scan__db_finalize(file);
	scan__db_finalize(fn);
	return rc;
}

static int save_new_lines(scan_store *st, int64_t scan_id, const scan_newcode *nc)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan__db_prepare(scan__store_conn(st), &s, "INSERT INTO scan_new_lines (scan_id, file_path, ranges) VALUES (?1, ?2, ?3)")) != 0)
		return rc;
	for (size_t i = 0; i < nc->n && !rc; i++) {
		char *text = NULL;
		if ((rc = scan_source__ranges_format(&text, nc->files[i].r, nc->files[i].n)) != 0)
			break;
		scan__db_reset(s);
		scan__db_bind_int64(s, 1, scan_id);
		scan__db_bind_text(s, 2, nc->files[i].path);
		scan__db_bind_text(s, 3, text);
		if (scan__db_step(s) != SCAN_DB_DONE)
			rc = scan__db_error(scan__store_conn(st), "cannot record new lines");
		free(text);
	}
	scan__db_finalize(s);
	return rc;
}

int scan__store_quality_record(scan_store *st, int64_t scan_id, const scan_result *r)
{
	scan_tool_version tools[64];
	size_t n = 0;
	int rc;

	if (r->repo_policy) {
		scan_db_stmt *s = NULL;
		if ((rc = scan__db_prepare(scan__store_conn(st), &s, "UPDATE scans SET repo_policy = ?2 WHERE id = ?1")) != 0)
			return rc;
		scan__db_bind_int64(s, 1, scan_id);
		scan__db_bind_text(s, 2, r->repo_policy);
		rc = scan__db_step(s) == SCAN_DB_DONE ? 0 : scan__db_error(scan__store_conn(st), "cannot record the repository policy");
		scan__db_finalize(s);
		if (rc)
			return rc;
	}
	if (!r->has_quality)
		return 0;
	for (size_t i = 0; i < r->stats.analyzer_count && n < 64; i++, n++)
		tools[n].name = r->astats[i].name, tools[n].version = r->astats[i].version;
	if ((rc = save_summary(st, scan_id, &r->quality, tools, n)) != 0 || (rc = save_metrics(st, scan_id, r)) != 0)
		return rc;
	return r->newcode ? save_new_lines(st, scan_id, r->newcode) : 0;
}

int scan_store_quality_json(char **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	*out = NULL;
	if ((rc = scan__db_prepare(scan__store_conn(st), &s, "SELECT summary FROM quality_summaries WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2"))) != 0)
		return rc;
	scan__db_bind_int64(s, 1, scan_id);
	scan__db_bind_int64(s, 2, org);
	step = scan__db_step(s);
	if (step == SCAN_DB_ROW) {
		const char *t = scan__db_column_text(s, 0);
		if (t && !(*out = strdup(t)))
			rc = scan__error_oom();
	} else if (step != SCAN_DB_DONE) {
		rc = scan__db_error(scan__store_conn(st), "cannot read the quality summary");
	}
	scan__db_finalize(s);
	return rc;
}

int scan_store_quality(scan_quality_summary *out, bool *found, scan_store *st, int64_t org, int64_t scan_id)
{
	char *json = NULL;
	int rc;

	*found = false;
	if ((rc = scan_store_quality_json(&json, st, org, scan_id)) != 0 || !json)
		return rc;
	rc = scan_quality_summary_parse_json(out, json, strlen(json));
	*found = rc == 0;
	free(json);
	return rc;
}
