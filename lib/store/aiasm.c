/* lib/store/aiasm.c - AI runs, the inventory over time, AI findings and BOM generations */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "scan/aiasm_store.h"
#include "scan/array.h"
#include "scan/json.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

/* ---- recording a run ---- */

static const char *const severity_rank_sql =
	"CASE severity WHEN 'critical' THEN 3 WHEN 'high' THEN 2 WHEN 'medium' THEN 1 ELSE 0 END";

static int gaps_json(scan_buf *out, const scan_ai_inventory *inv)
{
	scan_json w;

	scan_buf_clear(out);
	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < inv->ngaps; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str_opt(&w, "file_path", inv->gaps[i].file_path);
		if (inv->gaps[i].line)
			scan_json_uint(&w, "line_number", inv->gaps[i].line);
		scan_json_str(&w, "reason", inv->gaps[i].reason);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	return scan_json_finish(&w);
}

/* An asset's risk: the worst severity among the counting AI findings in the files it was seen in. */
static const char *risk_of(const scan_ai_asset *a, const scan_finding_list *fl)
{
	static const char *const names[] = { "low", "medium", "high", "critical" };
	int worst = 0;

	for (size_t i = 0; i < scan_finding_list_count(fl); i++) {
		const scan_finding *f = scan_finding_list_get(fl, i);
		if (!f->ai_rule || !scan_finding_counts(f) || (int)f->severity <= worst)
			continue;
		for (size_t k = 0; k < a->nevidence; k++)
			if (!strcmp(a->evidence[k].file_path, f->file_path))
				worst = (int)f->severity;
	}
	if (a->pinning && !strcmp(a->pinning, "floating") && worst < 1)
		worst = 1;
	return names[worst];
}

static int record_assets(scan_store *st, const scan_store_ai_run *rec, int64_t run_id, int64_t *ids)
{
	const scan_ai_inventory *inv = rec->inv;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *up = NULL, *obs = NULL;
	scan_buf fields = SCAN_BUF_INIT;
	int rc;

	if ((rc = scan_db__prepare(db, &up,
	        "INSERT INTO ai_assets (org_id, repo_id, identity, canonicalization, asset_type, name, provider,"
	        " risk_level, status, first_run_id, last_run_id, first_seen_at, last_seen_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'active', ?9, ?9, ?10, ?10)"
	        " ON CONFLICT (repo_id, identity) DO UPDATE SET canonicalization = excluded.canonicalization,"
	        "  asset_type = excluded.asset_type, name = excluded.name, provider = excluded.provider,"
	        "  risk_level = excluded.risk_level, status = 'active', last_run_id = excluded.last_run_id,"
	        "  last_seen_at = excluded.last_seen_at"
	        " RETURNING id")) != 0 ||
	    (rc = scan_db__prepare(db, &obs, "INSERT INTO ai_observations (run_id, asset_id, fields) VALUES (?1, ?2, ?3)")) != 0)
		goto done;
	for (size_t i = 0; i < inv->nassets && !rc; i++) {
		const scan_ai_asset *a = &inv->assets[i];
		scan_json w;
		scan_db__reset(up);
		scan_db__bind_int64(up, 1, rec->org);
		scan_db__bind_int64(up, 2, rec->repo_id);
		scan_db__bind_text(up, 3, a->identity);
		scan_db__bind_text(up, 4, SCAN_AI_CANONICALIZATION);
		scan_db__bind_text(up, 5, a->type);
		scan_db__bind_text(up, 6, a->name);
		scan_db__bind_text(up, 7, a->provider);
		scan_db__bind_text(up, 8, risk_of(a, rec->findings));
		scan_db__bind_int64(up, 9, run_id);
		scan_db__bind_time(up, 10, rec->now);
		if (scan_db__step(up) != SCAN_DB_ROW) {
			rc = scan_db__error(db, "cannot record an AI asset");
			break;
		}
		ids[i] = scan_db__column_int64(up, 0);
		scan_buf_clear(&fields);
		scan_json_init(&w, &fields, false);
		scan_ai_asset_json(&w, NULL, a);
		if ((rc = scan_json_finish(&w)) != 0)
			break;
		scan_db__reset(obs);
		scan_db__bind_int64(obs, 1, run_id);
		scan_db__bind_int64(obs, 2, ids[i]);
		scan_db__bind_text(obs, 3, fields.ptr);
		if (scan_db__step(obs) != SCAN_DB_DONE)
			rc = scan_db__error(db, "cannot record an AI observation");
	}
done:
	scan_db__finalize(up);
	scan_db__finalize(obs);
	scan_buf_dispose(&fields);
	return rc;
}

static int record_relations(scan_store *st, const scan_ai_inventory *inv, int64_t run_id, const int64_t *ids)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!inv->nrelations)
		return 0;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_relations (run_id, from_asset, kind, to_asset) VALUES (?1, ?2, ?3, ?4)"
	        " ON CONFLICT DO NOTHING")) != 0)
		return rc;
	for (size_t i = 0; i < inv->nrelations && !rc; i++) {
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, run_id);
		scan_db__bind_int64(s, 2, ids[inv->relations[i].from]);
		scan_db__bind_text(s, 3, inv->relations[i].kind);
		scan_db__bind_int64(s, 4, ids[inv->relations[i].to]);
		if (scan_db__step(s) != SCAN_DB_DONE)
			rc = scan_db__error(db, "cannot record an AI relation");
	}
	scan_db__finalize(s);
	return rc;
}

static int record_findings(scan_store *st, const scan_store_ai_run *rec, int64_t run_id, uint64_t *count)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	*count = 0;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_findings (org_id, repo_id, fingerprint, rule_id, detector, owasp_category, severity,"
	        " cwe_id, title, file_path, line_number, evidence, remediation, present, first_run_id, last_run_id)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 1, ?14, ?14)"
	        " ON CONFLICT (repo_id, fingerprint) DO UPDATE SET rule_id = excluded.rule_id,"
	        "  detector = excluded.detector, owasp_category = excluded.owasp_category, severity = excluded.severity,"
	        "  cwe_id = excluded.cwe_id, title = excluded.title, file_path = excluded.file_path,"
	        "  line_number = excluded.line_number, evidence = excluded.evidence, remediation = excluded.remediation,"
	        "  present = 1, last_run_id = excluded.last_run_id")) != 0)
		return rc;
	for (size_t i = 0; i < scan_finding_list_count(rec->findings) && !rc; i++) {
		const scan_finding *f = scan_finding_list_get(rec->findings, i);
		if (!f->ai_rule || !f->owasp || f->suppressed || f->in_test)
			continue;
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, rec->org);
		scan_db__bind_int64(s, 2, rec->repo_id);
		scan_db__bind_text(s, 3, f->fingerprint);
		scan_db__bind_text(s, 4, f->ai_rule);
		scan_db__bind_text(s, 5, f->rule_id);
		scan_db__bind_text(s, 6, f->owasp);
		scan_db__bind_text(s, 7, scan_severity_name(f->severity));
		scan_db__bind_text(s, 8, f->cwe_id);
		scan_db__bind_text(s, 9, f->title ? f->title : f->rule_id);
		scan_db__bind_text(s, 10, f->file_path);
		scan_db__bind_int64(s, 11, f->line_number);
		scan_db__bind_text(s, 12, f->snippet);
		scan_db__bind_text(s, 13, f->remediation);
		scan_db__bind_int64(s, 14, run_id);
		if (scan_db__step(s) != SCAN_DB_DONE)
			rc = scan_db__error(db, "cannot record an AI finding");
		else
			(*count)++;
	}
	scan_db__finalize(s);
	return rc;
}

/* What this run no longer saw: assets removed, findings gone (their triage kept, should they return). */
static int mark_gone(scan_store *st, int64_t repo_id, int64_t run_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;
	static const char *const sql[] = {
		"UPDATE ai_assets SET status = 'removed' WHERE repo_id = ?1 AND last_run_id <> ?2 AND status = 'active'",
		"UPDATE ai_findings SET present = 0 WHERE repo_id = ?1 AND last_run_id <> ?2 AND present = 1",
	};

	for (size_t i = 0; i < 2; i++) {
		if ((rc = scan_db__prepare(db, &s, sql[i])) != 0)
			return rc;
		scan_db__bind_int64(s, 1, repo_id);
		scan_db__bind_int64(s, 2, run_id);
		rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot update the AI inventory");
		scan_db__finalize(s);
		if (rc)
			return rc;
	}
	return 0;
}

static int new_generation(scan_store *st, const scan_store_ai_run *rec, int64_t run_id, const char *coverage)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_bom_generations (org_id, repo_id, generation, run_id, commit_sha, coverage_status,"
	        " canonicalization, created_at)"
	        " SELECT ?1, ?2, COALESCE(MAX(generation), 0) + 1, ?3, ?4, ?5, ?6, ?7 FROM ai_bom_generations"
	        " WHERE repo_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, rec->org);
	scan_db__bind_int64(s, 2, rec->repo_id);
	scan_db__bind_int64(s, 3, run_id);
	scan_db__bind_text(s, 4, rec->commit);
	scan_db__bind_text(s, 5, coverage);
	scan_db__bind_text(s, 6, SCAN_AI_CANONICALIZATION);
	scan_db__bind_time(s, 7, rec->now);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record an AI-BOM generation");
	scan_db__finalize(s);
	return rc;
}

int scan_store__ai_run_record(int64_t *run_id_out, scan_store *st, const scan_store_ai_run *rec)
{
	const scan_ai_inventory *inv = rec->inv;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	scan_buf reasons = SCAN_BUF_INIT;
	int64_t run_id = 0, *ids = NULL;
	uint64_t nfindings = 0;
	const char *coverage = scan_ai_coverage_status(inv);
	int rc;

	if ((rc = gaps_json(&reasons, inv)) != 0 ||
	    (rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_runs (org_id, repo_id, scan_id, branch, commit_sha, default_branch, coverage_status,"
	        " coverage_reasons, manifests_read, canonicalization, asset_count, finding_count, policy_status,"
	        " policy_result, created_at, policy_gate)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, ?12, ?13, ?14, ?15) RETURNING id")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, rec->org);
	scan_db__bind_int64(s, 2, rec->repo_id);
	scan_db__bind_int64(s, 3, rec->scan_id);
	scan_db__bind_text(s, 4, rec->branch);
	scan_db__bind_text(s, 5, rec->commit);
	scan_db__bind_int64(s, 6, rec->default_branch);
	scan_db__bind_text(s, 7, coverage);
	scan_db__bind_text(s, 8, reasons.ptr);
	scan_db__bind_int64(s, 9, inv->manifests_read);
	scan_db__bind_text(s, 10, SCAN_AI_CANONICALIZATION);
	scan_db__bind_int64(s, 11, (int64_t)inv->nassets);
	scan_db__bind_text(s, 12, rec->policy_status ? rec->policy_status : "not_configured");
	scan_db__bind_text(s, 13, rec->policy_result);
	scan_db__bind_time(s, 14, rec->now);
	scan_db__bind_int64(s, 15, rec->policy_gate);
	if (scan_db__step(s) != SCAN_DB_ROW) {
		rc = scan_db__error(db, "cannot record the AI run");
		goto done;
	}
	run_id = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	/* The inventory over time is the default branch's: other branches' runs are runs, not history. */
	if (rec->default_branch) {
		if (inv->nassets && !(ids = calloc(inv->nassets, sizeof(*ids)))) {
			rc = scan_error__oom();
			goto done;
		}
		if ((rc = record_assets(st, rec, run_id, ids)) != 0 || (rc = record_relations(st, inv, run_id, ids)) != 0 ||
		    (rc = record_findings(st, rec, run_id, &nfindings)) != 0 || (rc = mark_gone(st, rec->repo_id, run_id)) != 0 ||
		    (rc = new_generation(st, rec, run_id, coverage)) != 0)
			goto done;
	} else {
		for (size_t i = 0; i < scan_finding_list_count(rec->findings); i++) {
			const scan_finding *f = scan_finding_list_get(rec->findings, i);
			nfindings += f->ai_rule && !f->suppressed && !f->in_test;
		}
	}
	if ((rc = scan_db__prepare(db, &s, "UPDATE ai_runs SET finding_count = ?1 WHERE id = ?2")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, (int64_t)nfindings);
	scan_db__bind_int64(s, 2, run_id);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the AI run");
	if (!rc && run_id_out)
		*run_id_out = run_id;
done:
	scan_db__finalize(s);
	free(ids);
	scan_buf_dispose(&reasons);
	return rc;
}

/* ---- reading ---- */

typedef struct {
	scan_arena arena;
	void *items;
	size_t cap;
} records_storage;

void scan_ai_records_dispose(scan_ai_records *r)
{
	records_storage *s = r->storage;

	if (s) {
		free(s->items);
		scan_arena__dispose(&s->arena);
		free(s);
	}
	memset(r, 0, sizeof(*r));
}

static records_storage *records_new(scan_ai_records *out)
{
	memset(out, 0, sizeof(*out));
	out->storage = calloc(1, sizeof(records_storage));
	return out->storage;
}

static void *records_push(scan_ai_records *out, size_t size)
{
	records_storage *s = out->storage;
	char *p;

	if (scan_array_reserve(&s->items, &s->cap, out->count + 1, size))
		return NULL;
	p = (char *)s->items + out->count * size;
	memset(p, 0, size);
	out->count++;
	return p;
}

/* Bind skip and limit (limit 0: all) at i and i + 1. */
static void bind_page(scan_db_stmt *s, int i, const scan_ai_filter *f)
{
	scan_db__bind_int64(s, i, f && f->limit ? (int64_t)f->limit : INT64_MAX);
	scan_db__bind_int64(s, i + 1, f ? (int64_t)f->skip : 0);
}

/* The rows a read matches before skip and limit: the same query, counted. */
static int count_rows(size_t *total, scan_store *st, const char *from_where, int nbind,
                      void (*bind)(scan_db_stmt *s, int64_t org, const scan_ai_filter *f), int64_t org,
                      const scan_ai_filter *f)
{
	scan_db *db = scan_store__conn(st);
	scan_buf sql = SCAN_BUF_INIT;
	scan_db_stmt *s = NULL;
	int rc;

	(void)nbind;
	scan_buf_printf(&sql, "SELECT count(*) %s", from_where);
	if ((rc = scan_buf_failed(&sql)) == 0 && (rc = scan_db__prepare(db, &s, sql.ptr)) == 0) {
		bind(s, org, f);
		if (scan_db__step(s) == SCAN_DB_ROW)
			*total = (size_t)scan_db__column_int64(s, 0);
		else
			rc = scan_db__error(db, "cannot count AI records");
	}
	scan_db__finalize(s);
	scan_buf_dispose(&sql);
	return rc;
}

#define RUNS_FROM                                                                                                  \
	"FROM ai_runs r JOIN repositories p ON p.id = r.repo_id WHERE r.org_id = ?1"                                   \
	" AND (?2 = 0 OR r.repo_id = ?2) AND (CAST(?3 AS TEXT) IS NULL OR r.coverage_status = ?3)"                    \
	" AND (?4 = 0 OR r.scan_id = ?4)"

static void bind_runs(scan_db_stmt *s, int64_t org, const scan_ai_filter *f)
{
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, f ? f->repo_id : 0);
	scan_db__bind_text(s, 3, f ? f->coverage_status : NULL);
	scan_db__bind_int64(s, 4, f ? f->scan_id : 0);
}

int scan_store_ai_runs(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f)
{
	scan_db *db = scan_store__conn(st);
	records_storage *rs = records_new(out);
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	if (!rs)
		return scan_error__oom();
	if ((rc = count_rows(&out->total, st, RUNS_FROM, 4, bind_runs, org, f)) != 0 ||
	    (rc = scan_db__prepare(db, &s,
	        "SELECT r.id, r.repo_id, p.name, r.scan_id, r.branch, r.commit_sha, r.default_branch, r.coverage_status,"
	        " r.coverage_reasons, r.canonicalization, r.asset_count, r.finding_count, r.policy_status,"
	        " r.policy_result, r.created_at, r.policy_gate " RUNS_FROM " ORDER BY r.id DESC LIMIT ?5 OFFSET ?6")) != 0)
		goto done;
	bind_runs(s, org, f);
	bind_page(s, 5, f);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_run_record *r = records_push(out, sizeof(*r));
		if (!r) {
			oom = 1;
			break;
		}
		r->id = scan_db__column_int64(s, 0);
		r->repo_id = scan_db__column_int64(s, 1);
		r->repo_name = scan_db__col_text(s, 2, &rs->arena, &oom);
		r->scan_id = scan_db__column_int64(s, 3);
		r->branch = scan_db__col_text(s, 4, &rs->arena, &oom);
		r->commit = scan_db__col_text(s, 5, &rs->arena, &oom);
		r->default_branch = scan_db__column_int(s, 6) != 0;
		r->coverage_status = scan_db__col_text(s, 7, &rs->arena, &oom);
		r->coverage_reasons = scan_db__col_text(s, 8, &rs->arena, &oom);
		r->canonicalization = scan_db__col_text(s, 9, &rs->arena, &oom);
		r->asset_count = (uint64_t)scan_db__column_int64(s, 10);
		r->finding_count = (uint64_t)scan_db__column_int64(s, 11);
		r->policy_status = scan_db__col_text(s, 12, &rs->arena, &oom);
		r->policy_result = scan_db__col_text(s, 13, &rs->arena, &oom);
		r->created_at = scan_db__col_time(s, 14);
		r->policy_gate = scan_db__column_int(s, 15) != 0;
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read AI runs");
	out->runs = rs->items;
done:
	scan_db__finalize(s);
	if (rc)
		scan_ai_records_dispose(out);
	return rc;
}

#define ASSETS_FROM                                                                                                \
	"FROM ai_assets a JOIN repositories p ON p.id = a.repo_id WHERE a.org_id = ?1"                                \
	" AND (?2 = 0 OR a.repo_id = ?2) AND (CAST(?3 AS TEXT) IS NULL OR a.asset_type = ?3)"                        \
	" AND (CAST(?4 AS TEXT) IS NULL OR a.risk_level = ?4) AND (CAST(?5 AS TEXT) IS NULL OR a.approval_status = ?5)" \
	" AND (CAST(?6 AS TEXT) IS NULL OR a.status = ?6) AND (?8 = 0 OR a.id = ?8)"                              \
	" AND (CAST(?7 AS TEXT) IS NULL OR lower(a.name) LIKE ?7 ESCAPE '!' OR lower(a.identity) LIKE ?7 ESCAPE '!')"

/*
 * "%text%" for LIKE, lowercased, with the pattern characters of the text
 * escaped ('!' escapes: no backslash rules differ between the databases).
 */
static char *like_pattern(const char *text)
{
	size_t n = strlen(text), k = 0;
	char *p = malloc(2 * n + 3);

	if (!p)
		return NULL;
	p[k++] = '%';
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (c == '%' || c == '_' || c == '!')
			p[k++] = '!';
		p[k++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
	}
	p[k++] = '%';
	p[k] = '\0';
	return p;
}

static void bind_assets(scan_db_stmt *s, int64_t org, const scan_ai_filter *f)
{
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, f ? f->repo_id : 0);
	scan_db__bind_text(s, 3, f ? f->asset_type : NULL);
	scan_db__bind_text(s, 4, f ? f->risk_level : NULL);
	scan_db__bind_text(s, 5, f ? f->approval_status : NULL);
	scan_db__bind_text(s, 6, f ? f->status : NULL);
	scan_db__bind_text(s, 7, f ? f->search : NULL); /* a LIKE pattern by now (scan_store_ai_assets) */
	scan_db__bind_int64(s, 8, f ? f->id : 0);
}

int scan_store_ai_assets(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *filter)
{
	scan_db *db = scan_store__conn(st);
	records_storage *rs = records_new(out);
	scan_db_stmt *s = NULL;
	scan_ai_filter copy, *f = NULL;
	char *like = NULL;
	int rc, step, oom = 0;

	if (!rs)
		return scan_error__oom();
	if (filter) {
		copy = *filter;
		f = &copy;
		if (f->search && *f->search && !(f->search = like = like_pattern(filter->search))) {
			scan_ai_records_dispose(out);
			return scan_error__oom();
		}
		if (f->search && !*f->search)
			f->search = NULL;
	}
	if ((rc = count_rows(&out->total, st, ASSETS_FROM, 8, bind_assets, org, f)) != 0 ||
	    (rc = scan_db__prepare(db, &s,
	        "SELECT a.id, a.repo_id, p.name, a.identity, a.canonicalization, a.asset_type, a.name, a.provider,"
	        " a.risk_level, a.status, a.approval_status, a.approval_reason, a.approval_by, a.approval_at,"
	        " a.first_run_id, a.last_run_id, a.first_seen_at, a.last_seen_at " ASSETS_FROM
	        " ORDER BY a.repo_id, a.identity LIMIT ?9 OFFSET ?10")) != 0)
		goto done;
	bind_assets(s, org, f);
	bind_page(s, 9, f);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_asset_record *a = records_push(out, sizeof(*a));
		if (!a) {
			oom = 1;
			break;
		}
		a->id = scan_db__column_int64(s, 0);
		a->repo_id = scan_db__column_int64(s, 1);
		a->repo_name = scan_db__col_text(s, 2, &rs->arena, &oom);
		a->identity = scan_db__col_text(s, 3, &rs->arena, &oom);
		a->canonicalization = scan_db__col_text(s, 4, &rs->arena, &oom);
		a->asset_type = scan_db__col_text(s, 5, &rs->arena, &oom);
		a->name = scan_db__col_text(s, 6, &rs->arena, &oom);
		a->provider = scan_db__col_text(s, 7, &rs->arena, &oom);
		a->risk_level = scan_db__col_text(s, 8, &rs->arena, &oom);
		a->status = scan_db__col_text(s, 9, &rs->arena, &oom);
		a->approval_status = scan_db__col_text(s, 10, &rs->arena, &oom);
		a->approval_reason = scan_db__col_text(s, 11, &rs->arena, &oom);
		a->approval_by = scan_db__column_int64(s, 12);
		a->approval_at = scan_db__col_time(s, 13);
		a->first_run_id = scan_db__column_int64(s, 14);
		a->last_run_id = scan_db__column_int64(s, 15);
		a->first_seen_at = scan_db__col_time(s, 16);
		a->last_seen_at = scan_db__col_time(s, 17);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read AI assets");
	out->assets = rs->items;
done:
	scan_db__finalize(s);
	free(like);
	if (rc)
		scan_ai_records_dispose(out);
	return rc;
}

#define FINDINGS_FROM                                                                                              \
	"FROM ai_findings x JOIN repositories p ON p.id = x.repo_id WHERE x.org_id = ?1"                              \
	" AND (?2 = 0 OR x.repo_id = ?2) AND (CAST(?3 AS TEXT) IS NULL OR x.severity = ?3)"                          \
	" AND (CAST(?4 AS TEXT) IS NULL OR x.owasp_category = ?4) AND (CAST(?5 AS TEXT) IS NULL OR x.status = ?5)"   \
	" AND (?6 = 0 OR x.id = ?6)"

static void bind_findings(scan_db_stmt *s, int64_t org, const scan_ai_filter *f)
{
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, f ? f->repo_id : 0);
	scan_db__bind_text(s, 3, f ? f->severity : NULL);
	scan_db__bind_text(s, 4, f ? f->owasp_category : NULL);
	scan_db__bind_text(s, 5, f ? f->finding_status : NULL);
	scan_db__bind_int64(s, 6, f ? f->id : 0);
}

int scan_store_ai_findings(scan_ai_records *out, scan_store *st, int64_t org, const scan_ai_filter *f)
{
	scan_db *db = scan_store__conn(st);
	records_storage *rs = records_new(out);
	scan_db_stmt *s = NULL;
	scan_buf sql = SCAN_BUF_INIT;
	int rc, step, oom = 0;

	if (!rs)
		return scan_error__oom();
	scan_buf_printf(&sql,
	        "SELECT x.id, x.repo_id, p.name, x.rule_id, x.detector, x.owasp_category, x.severity, x.cwe_id, x.title,"
	        " x.file_path, x.line_number, x.evidence, x.remediation, x.present, x.status, x.status_reason,"
	        " x.status_by, x.status_at, x.first_run_id, x.last_run_id, x.fingerprint " FINDINGS_FROM
	        " ORDER BY x.present DESC, %s DESC, x.repo_id, x.file_path, x.line_number, x.id LIMIT ?7 OFFSET ?8",
	        severity_rank_sql);
	if ((rc = scan_buf_failed(&sql)) != 0 ||
	    (rc = count_rows(&out->total, st, FINDINGS_FROM, 6, bind_findings, org, f)) != 0 ||
	    (rc = scan_db__prepare(db, &s, sql.ptr)) != 0)
		goto done;
	bind_findings(s, org, f);
	bind_page(s, 7, f);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_finding_record *x = records_push(out, sizeof(*x));
		if (!x) {
			oom = 1;
			break;
		}
		x->id = scan_db__column_int64(s, 0);
		x->repo_id = scan_db__column_int64(s, 1);
		x->repo_name = scan_db__col_text(s, 2, &rs->arena, &oom);
		x->rule_id = scan_db__col_text(s, 3, &rs->arena, &oom);
		x->detector = scan_db__col_text(s, 4, &rs->arena, &oom);
		x->owasp_category = scan_db__col_text(s, 5, &rs->arena, &oom);
		x->severity = scan_db__col_text(s, 6, &rs->arena, &oom);
		x->cwe_id = scan_db__col_text(s, 7, &rs->arena, &oom);
		x->title = scan_db__col_text(s, 8, &rs->arena, &oom);
		x->file_path = scan_db__col_text(s, 9, &rs->arena, &oom);
		x->line_number = (uint32_t)scan_db__column_int64(s, 10);
		x->evidence = scan_db__col_text(s, 11, &rs->arena, &oom);
		x->remediation = scan_db__col_text(s, 12, &rs->arena, &oom);
		x->present = scan_db__column_int(s, 13) != 0;
		x->status = scan_db__col_text(s, 14, &rs->arena, &oom);
		x->status_reason = scan_db__col_text(s, 15, &rs->arena, &oom);
		x->status_by = scan_db__column_int64(s, 16);
		x->status_at = scan_db__col_time(s, 17);
		x->first_run_id = scan_db__column_int64(s, 18);
		x->last_run_id = scan_db__column_int64(s, 19);
		x->fingerprint = scan_db__col_text(s, 20, &rs->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read AI findings");
	out->findings = rs->items;
done:
	scan_db__finalize(s);
	scan_buf_dispose(&sql);
	if (rc)
		scan_ai_records_dispose(out);
	return rc;
}

int scan_store_ai_run_of_scan(scan_ai_records *out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_ai_filter f;

	memset(&f, 0, sizeof(f));
	f.scan_id = scan_id;
	return scan_store_ai_runs(out, st, org, &f);
}

int scan_store__ai_generation_read(scan_ai_records *out, scan_store *st, int64_t org, int64_t repo_id,
                                   int64_t generation)
{
	scan_db *db = scan_store__conn(st);
	records_storage *rs = records_new(out);
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	if (!rs)
		return scan_error__oom();
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT g.id, g.repo_id, g.generation, g.run_id, r.scan_id, g.commit_sha, g.coverage_status,"
	        " g.canonicalization, g.created_at FROM ai_bom_generations g JOIN ai_runs r ON r.id = g.run_id"
	        " WHERE g.org_id = ?1 AND g.repo_id = ?2 AND (?3 = 0 OR g.generation = ?3)"
	        " ORDER BY g.generation DESC")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	scan_db__bind_int64(s, 3, generation);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_generation_record *g = records_push(out, sizeof(*g));
		if (!g) {
			oom = 1;
			break;
		}
		g->id = scan_db__column_int64(s, 0);
		g->repo_id = scan_db__column_int64(s, 1);
		g->generation = scan_db__column_int64(s, 2);
		g->run_id = scan_db__column_int64(s, 3);
		g->scan_id = scan_db__column_int64(s, 4);
		g->commit = scan_db__col_text(s, 5, &rs->arena, &oom);
		g->coverage_status = scan_db__col_text(s, 6, &rs->arena, &oom);
		g->canonicalization = scan_db__col_text(s, 7, &rs->arena, &oom);
		g->created_at = scan_db__col_time(s, 8);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read AI-BOM generations");
	out->generations = rs->items;
	out->total = out->count;
done:
	scan_db__finalize(s);
	if (rc)
		scan_ai_records_dispose(out);
	return rc;
}

int scan_store_ai_generations(scan_ai_records *out, scan_store *st, int64_t org, int64_t repo_id)
{
	return scan_store__ai_generation_read(out, st, org, repo_id, 0);
}

/* ---- observations and relations ---- */

typedef struct {
	scan_arena arena;
	void *items;
	size_t cap;
} rows_storage;

void scan_ai_storage_free(void *storage)
{
	rows_storage *s = storage;

	if (s) {
		free(s->items);
		scan_arena__dispose(&s->arena);
		free(s);
	}
}

int scan_store_ai_observations(scan_ai_observation_record **out, size_t *n, void **storage, scan_store *st,
                               int64_t org, int64_t asset_id, size_t limit)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	rows_storage *rs = calloc(1, sizeof(*rs));
	int rc, step, oom = 0;

	*out = NULL, *n = 0, *storage = rs;
	if (!rs)
		return scan_error__oom();
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT o.run_id, r.scan_id, r.commit_sha, r.created_at, o.fields FROM ai_observations o"
	        " JOIN ai_runs r ON r.id = o.run_id JOIN ai_assets a ON a.id = o.asset_id"
	        " WHERE o.asset_id = ?1 AND a.org_id = ?2 ORDER BY o.run_id DESC LIMIT ?3")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, asset_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_int64(s, 3, limit ? (int64_t)limit : INT64_MAX);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_observation_record *o;
		if (scan_array_reserve(&rs->items, &rs->cap, *n + 1, sizeof(*o))) {
			oom = 1;
			break;
		}
		o = (scan_ai_observation_record *)rs->items + (*n)++;
		o->run_id = scan_db__column_int64(s, 0);
		o->scan_id = scan_db__column_int64(s, 1);
		o->commit = scan_db__col_text(s, 2, &rs->arena, &oom);
		o->created_at = scan_db__col_time(s, 3);
		o->fields = scan_db__col_text(s, 4, &rs->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI observations");
	scan_db__finalize(s);
	*out = rs->items;
	return rc;
}

static int cmp_relation_record(const void *x, const void *y)
{
	const scan_ai_relation_record *a = x, *b = y;
	int c;

	if ((c = strcmp(a->from_identity, b->from_identity)))
		return c;
	if ((c = strcmp(a->kind, b->kind)))
		return c;
	return strcmp(a->to_identity, b->to_identity);
}

int scan_store_ai_relations(scan_ai_relation_record **out, size_t *n, void **storage, scan_store *st, int64_t org,
                            int64_t repo_id, int64_t asset_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	rows_storage *rs = calloc(1, sizeof(*rs));
	int rc, step, oom = 0;

	*out = NULL, *n = 0, *storage = rs;
	if (!rs)
		return scan_error__oom();
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT r.from_asset, f.identity, r.kind, r.to_asset, t.identity FROM ai_relations r"
	        " JOIN ai_assets f ON f.id = r.from_asset JOIN ai_assets t ON t.id = r.to_asset"
	        " WHERE f.org_id = ?1 AND (?2 = 0 OR f.repo_id = ?2) AND (?3 = 0 OR r.from_asset = ?3 OR r.to_asset = ?3)"
	        " AND r.run_id = (SELECT MAX(x.id) FROM ai_runs x WHERE x.repo_id = f.repo_id AND x.default_branch = 1)")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	scan_db__bind_int64(s, 3, asset_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_relation_record *r;
		if (scan_array_reserve(&rs->items, &rs->cap, *n + 1, sizeof(*r))) {
			oom = 1;
			break;
		}
		r = (scan_ai_relation_record *)rs->items + (*n)++;
		r->from_id = scan_db__column_int64(s, 0);
		r->from_identity = scan_db__col_text(s, 1, &rs->arena, &oom);
		r->kind = scan_db__col_text(s, 2, &rs->arena, &oom);
		r->to_id = scan_db__column_int64(s, 3);
		r->to_identity = scan_db__col_text(s, 4, &rs->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI relations");
	scan_db__finalize(s);
	*out = rs->items;
	if (!rc && *n > 1)
		qsort(*out, *n, sizeof(**out), cmp_relation_record);
	return rc;
}

