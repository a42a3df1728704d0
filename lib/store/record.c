/* lib/store/record.c - the rows of a completed scan, as the operations layer decided them */
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include "model/finding_list.h"
#include "scan/json.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

/*
 * A scan names a repository it meets for the first time, and never
 * renames one already recorded: a job started from the server reads the
 * name from the directory it checked out, and writing it back would undo
 * whatever the organization recorded meanwhile.
 */
int scan_store__repo_upsert(int64_t *repo_id, scan_store *st, int64_t org, const scan_repo_info *ri)
{
	scan_db_stmt *s = NULL;
	int rc = 0;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO repositories (org_id, name, url, source, default_branch, created_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
	        " ON CONFLICT (org_id, url) DO UPDATE SET"
	        "  source = excluded.source, default_branch = excluded.default_branch"
	        " RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, ri->name);
	scan_db__bind_text(s, 3, ri->url);
	scan_db__bind_text(s, 4, ri->source);
	scan_db__bind_text(s, 5, ri->default_branch);
	scan_db__bind_time(s, 6, time(NULL));
	if (scan_db__step(s) != SCAN_DB_ROW)
		rc = scan_db__error(scan_store__conn(st), "cannot record the repository");
	else
		*repo_id = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	return rc;
}

/*
 * The scan's figures kept with it: what it read, which analyzers ran,
 * the languages it met and whether its dependencies were checked against
 * a vulnerability database (compliance judges what the scan could see).
 */
static int stats_json(scan_buf *out, const scan_result *r)
{
	const scan_stats *ss = &r->stats;
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "files_seen", ss->files_seen);
	scan_json_uint(&w, "files_scanned", ss->files_scanned);
	scan_json_uint(&w, "files_binary", ss->files_binary);
	scan_json_uint(&w, "files_too_large", ss->files_too_large);
	scan_json_uint(&w, "files_unreadable", ss->files_unreadable);
	scan_json_uint(&w, "files_ignored", ss->files_ignored);
	scan_json_uint(&w, "symlinks_skipped", ss->symlinks_skipped);
	scan_json_uint(&w, "bytes_read", ss->bytes_read);
	scan_json_num_fmt(&w, "wall_seconds", ss->wall_seconds, -3);
	scan_json_uint(&w, "jobs", ss->jobs);
	scan_json_open(&w, "analyzers", '[');
	for (size_t i = 0; i < ss->analyzer_count; i++)
		scan_json_str(&w, NULL, ss->analyzers[i].name);
	scan_json_close(&w, ']');
	scan_json_open(&w, "languages", '{');
	for (size_t i = 0; i < r->nlanguages; i++)
		scan_json_uint(&w, r->languages[i].name, r->languages[i].files);
	scan_json_close(&w, '}');
	scan_json_uint(&w, "infrastructure_files", r->infra_files);
	scan_json_bool(&w, "dependencies", r->inventory && r->inventory->count);
	scan_json_bool(&w, "dependencies_checked", r->inventory && r->inventory->checked);
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}

int scan_store__scan_insert(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id, const scan_result *r)
{
	const scan_repo_info *ri = &r->repo;
	scan_db_stmt *s = NULL;
	scan_buf stats = SCAN_BUF_INIT;
	int rc;

	if ((rc = stats_json(&stats, r)) != 0)
		goto done;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO scans (repo_id, org_id, status, scan_type, issues_count, branch,"
	        " default_branch, commit_sha, pr_number, is_baseline_scan, stats, created_at, completed_at)"
	        " VALUES (?1, ?2, 'completed', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_text(s, 3, ri->scan_type);
	scan_db__bind_int64(s, 4, (int64_t)scan_finding_list_count(r->findings));
	scan_db__bind_text(s, 5, ri->branch);
	scan_db__bind_text(s, 6, ri->default_branch);
	scan_db__bind_text(s, 7, ri->commit);
	scan_db__bind_id(s, 8, ri->pr_number);
	scan_db__bind_int64(s, 9, ri->is_baseline_scan);
	scan_db__bind_text(s, 10, stats.ptr);
	scan_db__bind_time(s, 11, ri->started_at ? ri->started_at : time(NULL));
	scan_db__bind_time(s, 12, ri->completed_at ? ri->completed_at : time(NULL));
	if (scan_db__step(s) != SCAN_DB_ROW) {
		rc = scan_db__error(scan_store__conn(st), "cannot record the scan");
	} else {
		*scan_id = scan_db__column_int64(s, 0);
		scan_db__reset(s); /* the row read, the statement done: nothing stays open until commit */
	}
done:
	scan_db__finalize(s);
	scan_buf_dispose(&stats);
	return rc;
}

/* A queued scan (scan_store_job_enqueue()) completed with r: its row says so, in the organization only. */
int scan_store__scan_complete(scan_store *st, int64_t org, int64_t scan_id, const scan_result *r)
{
	const scan_repo_info *ri = &r->repo;
	scan_buf stats = SCAN_BUF_INIT;
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = stats_json(&stats, r)) != 0 || (rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE scans SET status = 'completed', issues_count = ?1, branch = ?2, default_branch = ?3,"
	        " commit_sha = ?4, is_baseline_scan = ?5, completed_at = ?6, error = NULL, stats = ?9"
	        " WHERE id = ?7 AND org_id = ?8")) != 0) {
		scan_buf_dispose(&stats);
		return rc;
	}
	scan_db__bind_text(s, 9, stats.ptr);
	scan_db__bind_int64(s, 1, (int64_t)scan_finding_list_count(r->findings));
	scan_db__bind_text(s, 2, ri->branch);
	scan_db__bind_text(s, 3, ri->default_branch);
	scan_db__bind_text(s, 4, ri->commit);
	scan_db__bind_int64(s, 5, ri->is_baseline_scan);
	scan_db__bind_time(s, 6, ri->completed_at ? ri->completed_at : time(NULL));
	scan_db__bind_int64(s, 7, scan_id);
	scan_db__bind_int64(s, 8, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot complete the scan");
	else if (scan_db__changes(scan_store__conn(st)) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "no scan %lld", (long long)scan_id);
	scan_db__finalize(s);
	scan_buf_dispose(&stats);
	return rc;
}

int scan_store__baseline_exists(bool *out, scan_store *st, int64_t repo_id, const char *branch)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT 1 FROM quality_baseline WHERE repo_id = ?1 AND branch = ?2 LIMIT 1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_text(s, 2, branch);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW || step == SCAN_DB_DONE)
		*out = step == SCAN_DB_ROW;
	else
		rc = scan_db__error(scan_store__conn(st), "cannot read the baseline");
	scan_db__finalize(s);
	return rc;
}

int scan_store_has_baseline(bool *out, scan_store *st, int64_t org, const char *repo_url, const char *branch)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	*out = false;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT id FROM repositories WHERE org_id = ?1 AND url = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, repo_url);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		rc = scan_store__baseline_exists(out, st, scan_db__column_int64(s, 0), branch);
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository");
	scan_db__finalize(s);
	return rc;
}

typedef struct {
	scan_db_stmt *insert, *upsert_baseline;
} record_stmts;

static int cmp_known(const void *a, const void *b)
{
	return strcmp(((const scan_known_fingerprint *)a)->fingerprint, ((const scan_known_fingerprint *)b)->fingerprint);
}

/*
 * The rows of sql (fingerprint[, reason, marked_at]) for repo_id (and branch
 * as ?2 when given), sorted: read once per recording rather than asked once
 * per finding, as a statement round trip per finding is what makes
 * recording slow on a database server.
 */
static int load_known(scan_known_fingerprints *out, scan_store *st, const char *sql, int64_t repo_id,
                      const char *branch, scan_arena *a)
{
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, sql)) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	if (branch)
		scan_db__bind_text(s, 2, branch);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW && !oom) {
		scan_known_fingerprint *k = scan_array_push(&out->items, &out->count, &out->cap, sizeof(*k));
		if (!k) {
			oom = 1;
			break;
		}
		k->fingerprint = scan_db__col_text(s, 0, a, &oom);
		if (!branch) {
			k->reason = scan_db__col_text(s, 1, a, &oom);
			k->marked_at = scan_db__col_time(s, 2);
		}
		if (!k->fingerprint)
			out->count--; /* a NULL fingerprint matches nothing */
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read what the repository knows of its findings");
	scan_db__finalize(s);
	if (!rc && out->count)
		qsort(out->items, out->count, sizeof(*out->items), cmp_known);
	return rc;
}

int scan_store__fp_marks(scan_known_fingerprints *out, scan_store *st, int64_t repo_id, scan_arena *a)
{
	return load_known(out, st, "SELECT fingerprint, reason, marked_at FROM fp_marks WHERE repo_id = ?1", repo_id,
	                  NULL, a);
}

int scan_store__baseline_fingerprints(scan_known_fingerprints *out, scan_store *st, int64_t repo_id,
                                      const char *branch, scan_arena *a)
{
	return load_known(out, st, "SELECT fingerprint FROM quality_baseline WHERE repo_id = ?1 AND branch = ?2",
	                  repo_id, branch ? branch : "", a);
}

static int prepare_stmts(record_stmts *q, scan_store *st)
{
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q->insert,
	        "INSERT INTO scan_issues (scan_id, rule_id, title, tool, category, file_path, line_number,"
	        " end_line, col, description, remediation, cwe_id, severity, cvss_score, confidence, snippet,"
	        " fingerprint, is_new_in_pr, user_marked_fp, fp_marked_at, fp_reason, secret_hash, commit_sha,"
	        " commit_time, in_head, verified, vuln_id, cve_id, aliases, ecosystem, package_name,"
	        " installed_version, fixed_version, purl, epss_score, epss_percentile, kev_listed, is_direct,"
	        " risk_score, priority_label, published_at, cvss_vector, suppressed, suppression_kind, suppression_reason,"
	        " fix, end_col, in_test, unrated, rated_by, dataflow, ai_rule, owasp_category)"
	        " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24,?25,"
	        "?26,?27,?28,?29,?30,?31,?32,?33,?34,?35,?36,?37,?38,?39,?40,?41,?42,?43,?44,?45,?46,?47,?48,?49,?50,?51,"
	        "?52,?53)"
	        " RETURNING id")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &q->upsert_baseline,
	        "INSERT INTO quality_baseline (repo_id, branch, fingerprint, first_scan_id, last_scan_id, updated_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?4, ?5)"
	        " ON CONFLICT (repo_id, branch, fingerprint) DO UPDATE SET"
	        "  last_scan_id = excluded.last_scan_id, updated_at = excluded.updated_at")))
		return rc;
	return 0;
}

static void finalize_stmts(record_stmts *q)
{
	scan_db__finalize(q->insert);
	scan_db__finalize(q->upsert_baseline);
}

static int insert_finding(scan_store *st, record_stmts *q, scan_finding *f, int64_t repo_id, int64_t scan_id,
                          const char *baseline_branch)
{
	scan_db_stmt *s;

	f->scan_id = scan_id;
	s = q->insert;
	scan_db__reset(s);
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_text(s, 2, f->rule_id);
	scan_db__bind_text(s, 3, f->title ? f->title : f->rule_id);
	scan_db__bind_text(s, 4, f->tool ? f->tool : "unknown");
	scan_db__bind_text(s, 5, scan_category_name(f->category));
	scan_db__bind_text(s, 6, f->file_path);
	scan_db__bind_int64(s, 7, f->line_number);
	scan_db__bind_int64(s, 8, f->end_line);
	scan_db__bind_int64(s, 9, f->column);
	scan_db__bind_text(s, 10, f->description);
	scan_db__bind_text(s, 11, f->remediation);
	scan_db__bind_text(s, 12, f->cwe_id);
	scan_db__bind_text(s, 13, scan_severity_name(f->severity));
	if (f->cvss_score >= 0)
		scan_db__bind_double(s, 14, f->cvss_score);
	else
		scan_db__bind_null(s, 14);
	scan_db__bind_int64(s, 15, (int)f->confidence);
	scan_db__bind_text(s, 16, f->snippet);
	scan_db__bind_text(s, 17, f->fingerprint);
	scan_db__bind_int64(s, 18, f->is_new_in_pr);
	scan_db__bind_int64(s, 19, f->user_marked_fp);
	scan_db__bind_time(s, 20, f->fp_marked_at);
	scan_db__bind_text(s, 21, f->fp_reason);
	scan_db__bind_text(s, 22, f->secret_hash);
	scan_db__bind_text(s, 23, f->commit);
	scan_db__bind_time(s, 24, f->commit_time);
	scan_db__bind_int64(s, 25, f->in_head);
	scan_db__bind_text(s, 26, f->verified);
	scan_db__bind_int64(s, 43, f->suppressed);
	scan_db__bind_text(s, 44, f->suppression_kind);
	scan_db__bind_text(s, 45, f->suppression_reason);
	scan_db__bind_text(s, 46, f->fix);
	scan_db__bind_int64(s, 47, f->end_column);
	scan_db__bind_int64(s, 48, f->in_test);
	scan_db__bind_int64(s, 49, f->sca && f->sca->unrated);
	scan_db__bind_text(s, 50, f->sca ? f->sca->rated_by : NULL);
	scan_db__bind_null(s, 51);
	scan_db__bind_text(s, 52, f->ai_rule);
	scan_db__bind_text(s, 53, f->owasp);
	if (f->ndataflow) {
		scan_buf flow = SCAN_BUF_INIT;
		scan_json w;
		scan_json_init(&w, &flow, false);
		scan_model__flow_json(&w, NULL, f->dataflow, f->ndataflow);
		if (scan_buf_failed(&flow)) {
			scan_buf_dispose(&flow);
			return scan_error__oom();
		}
		scan_db__bind_text(s, 51, flow.ptr);
		scan_buf_dispose(&flow);
	}
	for (int i = 27; i <= 42; i++)
		scan_db__bind_null(s, i);
	if (f->sca) {
		const scan_finding_sca *v = f->sca;
		scan_db__bind_text(s, 27, v->vuln_id);
		scan_db__bind_text(s, 28, v->cve_id);
		scan_db__bind_text(s, 29, v->aliases);
		scan_db__bind_text(s, 30, v->ecosystem);
		scan_db__bind_text(s, 31, v->package_name);
		scan_db__bind_text(s, 32, v->installed_version);
		scan_db__bind_text(s, 33, v->fixed_version);
		scan_db__bind_text(s, 34, v->purl);
		if (v->epss_score >= 0) {
			scan_db__bind_double(s, 35, v->epss_score);
			scan_db__bind_double(s, 36, v->epss_percentile);
		}
		scan_db__bind_int64(s, 37, v->kev_listed);
		scan_db__bind_int64(s, 38, v->direct);
		if (v->risk_score >= 0)
			scan_db__bind_double(s, 39, v->risk_score);
		scan_db__bind_text(s, 40, v->priority_label);
		scan_db__bind_time(s, 41, v->published);
		scan_db__bind_text(s, 42, v->cvss_vector);
	}
	if (scan_db__step(s) != SCAN_DB_ROW)
		return scan_db__error(scan_store__conn(st), "cannot record a finding");
	f->id = scan_db__column_int64(s, 0);
	scan_db__reset(s); /* the row read, the statement done: nothing stays open until commit */

	if (baseline_branch) {
		s = q->upsert_baseline;
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, repo_id);
		scan_db__bind_text(s, 2, baseline_branch);
		scan_db__bind_text(s, 3, f->fingerprint);
		scan_db__bind_int64(s, 4, scan_id);
		scan_db__bind_time(s, 5, time(NULL));
		if (scan_db__step(s) != SCAN_DB_DONE)
			return scan_db__error(scan_store__conn(st), "cannot update the baseline");
	}
	return 0;
}

int scan_store__skipped_insert(scan_store *st, int64_t scan_id, const scan_stats *ss)
{
	scan_db_stmt *s = NULL;
	int rc = 0;

	if (!ss->skipped_count)
		return 0;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "INSERT INTO scan_skipped (scan_id, path, reason) VALUES (?1, ?2, ?3)")) != 0)
		return rc;
	for (size_t i = 0; i < ss->skipped_count && !rc; i++) {
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, scan_id);
		scan_db__bind_text(s, 2, ss->skipped[i].path);
		scan_db__bind_text(s, 3, ss->skipped[i].reason);
		if (scan_db__step(s) != SCAN_DB_DONE)
			rc = scan_db__error(scan_store__conn(st), "cannot record what the scan skipped");
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store__findings_insert(scan_store *st, int64_t repo_id, int64_t scan_id, scan_finding_list *findings,
                                const char *baseline_branch)
{
	record_stmts q = { 0 };
	int rc;

	if ((rc = prepare_stmts(&q, st)) != 0)
		goto done;
	for (size_t i = 0; i < scan_finding_list_count(findings) && !rc; i++)
		rc = insert_finding(st, &q, scan_model__finding_list_at(findings, i), repo_id, scan_id, baseline_branch);
done:
	finalize_stmts(&q);
	return rc;
}
