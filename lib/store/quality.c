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
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "INSERT INTO quality_summaries (scan_id, summary) VALUES (?1, ?2)"
	                                          " ON CONFLICT (scan_id) DO UPDATE SET summary = excluded.summary")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_text(s, 2, json.ptr);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot record the quality summary");
done:
	scan_db__finalize(s);
	scan_buf_dispose(&json);
	return rc;
}

static int save_metrics(scan_store *st, int64_t scan_id, const scan_result *r)
{
	scan_db_stmt *file = NULL, *fn = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &file,
	        "INSERT INTO quality_file_metrics (scan_id, file_path, language, lines, code_lines, comment_lines,"
	        " blank_lines, cyclomatic, cognitive, functions, duplicated_lines, duplicated_blocks, new_lines,"
	        " new_duplicated_lines, in_test, generated)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)")) != 0 ||
	    (rc = scan_db__prepare(scan_store__conn(st), &fn,
	        "INSERT INTO quality_function_metrics (scan_id, file_path, name, line, end_line, code_lines,"
	        " cyclomatic, cognitive, params, nesting) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")) != 0)
		goto done;
	for (size_t i = 0; i < r->nmetrics && !rc; i++) {
		const scan_file_metrics *m = &r->metrics[i];
		scan_db__reset(file);
		scan_db__bind_int64(file, 1, scan_id);
		scan_db__bind_text(file, 2, m->path);
		scan_db__bind_text(file, 3, m->language ? m->language : "");
		scan_db__bind_int64(file, 4, m->lines);
		scan_db__bind_int64(file, 5, m->code_lines);
		scan_db__bind_int64(file, 6, m->comment_lines);
		scan_db__bind_int64(file, 7, m->blank_lines);
		scan_db__bind_int64(file, 8, m->cyclomatic);
		scan_db__bind_int64(file, 9, m->cognitive);
		scan_db__bind_int64(file, 10, m->nfunctions);
		scan_db__bind_int64(file, 11, m->duplicated_lines);
		scan_db__bind_int64(file, 12, m->duplicated_blocks);
		scan_db__bind_int64(file, 13, m->new_lines);
		scan_db__bind_int64(file, 14, m->new_duplicated_lines);
		scan_db__bind_int64(file, 15, m->in_test);
		scan_db__bind_int64(file, 16, m->generated);
		if (scan_db__step(file) != SCAN_DB_DONE) {
			rc = scan_db__error(scan_store__conn(st), "cannot record file metrics");
			break;
		}
		for (uint32_t k = 0; k < m->nfunctions; k++) {
			const scan_function_metrics *f = &m->functions[k];
			scan_db__reset(fn);
			scan_db__bind_int64(fn, 1, scan_id);
			scan_db__bind_text(fn, 2, m->path);
			scan_db__bind_text(fn, 3, f->name ? f->name : "<anonymous>");
			scan_db__bind_int64(fn, 4, f->line);
			scan_db__bind_int64(fn, 5, f->end_line);
			scan_db__bind_int64(fn, 6, f->code_lines);
			scan_db__bind_int64(fn, 7, f->cyclomatic);
			scan_db__bind_int64(fn, 8, f->cognitive);
			scan_db__bind_int64(fn, 9, f->params);
			scan_db__bind_int64(fn, 10, f->nesting);
			if (scan_db__step(fn) != SCAN_DB_DONE) {
				rc = scan_db__error(scan_store__conn(st), "cannot record function metrics");
				break;
			}
		}
	}
done:
	scan_db__finalize(file);
	scan_db__finalize(fn);
	return rc;
}

static int save_new_lines(scan_store *st, int64_t scan_id, const scan_newcode *nc)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "INSERT INTO scan_new_lines (scan_id, file_path, ranges) VALUES (?1, ?2, ?3)")) != 0)
		return rc;
	for (size_t i = 0; i < nc->n && !rc; i++) {
		char *text = NULL;
		if ((rc = scan_source__ranges_format(&text, nc->files[i].r, nc->files[i].n)) != 0)
			break;
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, scan_id);
		scan_db__bind_text(s, 2, nc->files[i].path);
		scan_db__bind_text(s, 3, text);
		if (scan_db__step(s) != SCAN_DB_DONE)
			rc = scan_db__error(scan_store__conn(st), "cannot record new lines");
		free(text);
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store__quality_record(scan_store *st, int64_t scan_id, const scan_result *r)
{
	scan_tool_version tools[64];
	size_t n = 0;
	int rc;

	if (r->repo_policy) {
		scan_db_stmt *s = NULL;
		if ((rc = scan_db__prepare(scan_store__conn(st), &s, "UPDATE scans SET repo_policy = ?2 WHERE id = ?1")) != 0)
			return rc;
		scan_db__bind_int64(s, 1, scan_id);
		scan_db__bind_text(s, 2, r->repo_policy);
		rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(scan_store__conn(st), "cannot record the repository policy");
		scan_db__finalize(s);
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
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT summary FROM quality_summaries WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2"))) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		const char *t = scan_db__column_text(s, 0);
		if (t && !(*out = strdup(t)))
			rc = scan_error__oom();
	} else if (step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the quality summary");
	}
	scan_db__finalize(s);
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
