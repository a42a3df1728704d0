/* lib/store/query.c - reading scans, repositories and findings; false-positive marks; baseline */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/finding_list.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"
#include "scan/array.h"

SCAN_STORE_LIST(scan_scan, scan_scan_record)
SCAN_STORE_LIST(scan_repo, scan_repo_record)

/* A queued scan's job comes with it: one read answers what the scan route shows. */
#define SCAN_COLUMNS \
	"SELECT s.id, s.repo_id, s.org_id, r.name, r.url, s.status, s.scan_type, s.issues_count," \
	" s.branch, s.default_branch, s.commit_sha, s.pr_number, s.is_baseline_scan, s.created_at," \
	" s.completed_at, j.id, j.progress, j.attempts, j.error FROM scans s JOIN repositories r ON r.id = s.repo_id" \
	" LEFT JOIN scan_jobs j ON j.scan_id = s.id"

static int read_scans(scan_scan_list **out, scan_store *st, scan_db_stmt *s)
{
	scan_scan_list *l = calloc(1, sizeof(*l));
	int step, oom = 0, rc = 0;

	if (!l)
		return scan_error__oom();
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_scan_record *r = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*r));
		if (!r) {
			oom = 1;
			break;
		}
		r->id = scan_db__column_int64(s, 0);
		r->repo_id = scan_db__column_int64(s, 1);
		r->org_id = scan_db__column_int64(s, 2);
		r->repo_name = scan_db__col_text(s, 3, &l->arena, &oom);
		r->repo_url = scan_db__col_text(s, 4, &l->arena, &oom);
		r->status = scan_db__col_text(s, 5, &l->arena, &oom);
		r->scan_type = scan_db__col_text(s, 6, &l->arena, &oom);
		r->issues_count = scan_db__column_int64(s, 7);
		r->branch = scan_db__col_text(s, 8, &l->arena, &oom);
		r->default_branch = scan_db__col_text(s, 9, &l->arena, &oom);
		r->commit = scan_db__col_text(s, 10, &l->arena, &oom);
		r->pr_number = scan_db__column_int64(s, 11);
		r->is_baseline_scan = scan_db__column_int(s, 12) != 0;
		r->created_at = scan_db__col_time(s, 13);
		r->completed_at = scan_db__col_time(s, 14);
		r->job_id = scan_db__column_int64(s, 15);
		r->job_progress = scan_db__column_int(s, 16);
		r->job_attempts = scan_db__column_int(s, 17);
		r->job_error = scan_db__col_text(s, 18, &l->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read scans");
	if (rc) {
		scan_scan_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

void scan_store_skipped_free(scan_skipped_file *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++) {
		free((void *)(uintptr_t)v[i].path);
		free((void *)(uintptr_t)v[i].reason);
	}
	free(v);
}

int scan_store_skipped(scan_skipped_file **out, size_t *n, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	scan_skipped_file *v = NULL;
	size_t count = 0, cap = 0;
	int rc, step;

	*out = NULL, *n = 0;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT path, reason FROM scan_skipped WHERE scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?2") " ORDER BY path, reason")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		if (scan_array_reserve(&v, &cap, count + 1, sizeof(*v)) != 0) {
			rc = SCAN_ENOMEM;
			break;
		}
		v[count].path = strdup(scan_db__column_text(s, 0));
		v[count].reason = strdup(scan_db__column_text(s, 1));
		count++;
		if (!v[count - 1].path || !v[count - 1].reason) {
			rc = scan_error__oom();
			break;
		}
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read what the scan skipped");
	scan_db__finalize(s);
	if (rc) {
		scan_store_skipped_free(v, count);
		return rc;
	}
	*out = v, *n = count;
	return 0;
}

static void *copy_scans(const void *from)
{
	const scan_scan_list *l = from;
	scan_scan_list *c = calloc(1, sizeof(*c));
	int oom = 0;

	if (!c || !(c->items = malloc(l->count * sizeof(*c->items) + 1))) {
		free(c);
		return NULL;
	}
	c->count = c->cap = l->count;
	for (size_t i = 0; i < l->count; i++) {
		scan_scan_record *r = &c->items[i];
		*r = l->items[i];
#define COPY(field) \
	if (r->field && !(r->field = scan_arena__strdup(&c->arena, r->field))) \
		oom = 1
		COPY(repo_name);
		COPY(repo_url);
		COPY(status);
		COPY(scan_type);
		COPY(branch);
		COPY(default_branch);
		COPY(commit);
		COPY(job_error);
#undef COPY
	}
	if (oom) {
		scan_scan_list_free(c);
		return NULL;
	}
	return c;
}

static void free_scans(void *l)
{
	scan_scan_list_free(l);
}

static const scan_store_cache_type scan_cache = { copy_scans, free_scans };

int scan_store_scan_get(scan_scan_list **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	uint64_t generation;
	int rc;

	if ((*out = scan_store__cache_get(st, &scan_cache, 's', scan_id, &generation)) != NULL) {
		if ((*out)->items[0].org_id == org)
			return 0;
		scan_scan_list_free(*out);
		*out = NULL;
		return scan_util__error(SCAN_ENOTFOUND, "no scan %lld", (long long)scan_id);
	}
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, SCAN_COLUMNS " WHERE s.id = ?1 AND s.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	rc = read_scans(out, st, s);
	scan_db__finalize(s);
	if (!rc && !(*out)->count) {
		scan_scan_list_free(*out);
		*out = NULL;
		rc = scan_util__error(SCAN_ENOTFOUND, "no scan %lld", (long long)scan_id);
	}
	/* Kept by its id alone: another organization's read of it is answered by the check above. */
	if (!rc)
		scan_store__cache_put(st, &scan_cache, 's', scan_id, generation, *out);
	return rc;
}

int scan_store_scans_page(scan_scan_list **out, scan_store *st, int64_t org, int64_t repo_id, size_t offset,
                          size_t limit)
{
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, SCAN_COLUMNS
	        " WHERE s.org_id = ?1 AND (?2 = 0 OR s.repo_id = ?2) ORDER BY s.id DESC LIMIT ?3 OFFSET ?4")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	scan_db__bind_int64(s, 3, limit ? (int64_t)limit : INT64_MAX); /* PostgreSQL has no LIMIT -1 */
	scan_db__bind_int64(s, 4, offset > INT64_MAX ? INT64_MAX : (int64_t)offset);
	rc = read_scans(out, st, s);
	scan_db__finalize(s);
	return rc;
}

int scan_store_scans(scan_scan_list **out, scan_store *st, int64_t org, int64_t repo_id, size_t limit)
{
	return scan_store_scans_page(out, st, org, repo_id, 0, limit);
}

int scan_store_latest_completed(int64_t *scan_id, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	*scan_id = 0;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT id FROM scans WHERE repo_id = ?1 AND org_id = ?2 AND status = 'completed'"
	        " ORDER BY id DESC LIMIT 1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		*scan_id = scan_db__column_int64(s, 0);
	else if (step == SCAN_DB_DONE)
		rc = scan_util__error(SCAN_ENOTFOUND, "no completed scan of repository %lld", (long long)repo_id);
	else
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository's scans");
	scan_db__finalize(s);
	return rc;
}

int scan_store_repos(scan_repo_list **out, scan_store *st, int64_t org)
{
	scan_repo_list *l;
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	*out = NULL;
	if (!(l = calloc(1, sizeof(*l))))
		return scan_error__oom();
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT r.id, r.name, r.url, r.source, r.default_branch, ls.issues_count, ls.status, ls.scan_type"
	        " FROM repositories r LEFT JOIN scans ls ON ls.id ="
	        "  (SELECT max(id) FROM scans WHERE repo_id = r.id)"
	        " WHERE r.org_id = ?1 ORDER BY r.id")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_repo_record *r = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*r));
		if (!r) {
			oom = 1;
			break;
		}
		r->id = scan_db__column_int64(s, 0);
		r->name = scan_db__col_text(s, 1, &l->arena, &oom);
		r->url = scan_db__col_text(s, 2, &l->arena, &oom);
		r->source = scan_db__col_text(s, 3, &l->arena, &oom);
		r->default_branch = scan_db__col_text(s, 4, &l->arena, &oom);
		r->total_issues = scan_db__column_int64(s, 5);
		r->latest_scan_status = scan_db__col_text(s, 6, &l->arena, &oom);
		r->latest_scan_type = scan_db__col_text(s, 7, &l->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read repositories");
done:
	scan_db__finalize(s);
	if (rc) {
		scan_repo_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_repo_find(int64_t *repo_id, scan_store *st, int64_t org, const char *id_or_name)
{
	scan_db_stmt *s = NULL;
	char *end;
	long long id;
	int rc, step, found = 0;

	errno = 0;
	id = strtoll(id_or_name, &end, 10);
	if (*end || errno || id <= 0 || *id_or_name == '-' || *id_or_name == '+')
		id = 0; /* not a number: a name or URL */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT id FROM repositories WHERE org_id = ?1 AND (id = ?3 OR name = ?2 OR url = ?2)"
	        " ORDER BY id = ?3 DESC LIMIT 2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, id_or_name);
	scan_db__bind_int64(s, 3, id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		int64_t got = scan_db__column_int64(s, 0);
		if (!found)
			*repo_id = got;
		found++;
		if (id && got == id) {
			found = 1; /* an exact id beats a repository named like a number */
			break;
		}
	}
	if (step != SCAN_DB_DONE && step != SCAN_DB_ROW)
		rc = scan_db__error(scan_store__conn(st), "cannot read repositories");
	else if (!found)
		rc = scan_util__error(SCAN_ENOTFOUND, "no repository '%s'", id_or_name);
	else if (found > 1)
		rc = scan_util__error(SCAN_EINVAL, "'%s' names several repositories: use the id", id_or_name);
	scan_db__finalize(s);
	return rc;
}

int scan_store_findings(scan_finding_list **out, scan_store *st, int64_t org, int64_t scan_id,
                        const scan_finding_filter *flt)
{
	static const scan_finding_filter none = SCAN_FINDING_FILTER_INIT;
	scan_finding_list *l = NULL;
	scan_db_stmt *s = NULL;
	scan_scan_list *scan = NULL;
	int rc, step, oom = 0;

	*out = NULL;
	if ((rc = scan_error__check_version(flt, 1, "scan_finding_filter")) != 0)
		return rc;
	if (!flt)
		flt = &none;
	/* An unknown scan is an error, not an empty list. */
	if ((rc = scan_store_scan_get(&scan, st, org, scan_id)) != 0)
		return rc;
	scan_scan_list_free(scan);
	if (!(l = scan_model__finding_list_new()))
		return scan_error__oom();
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT id, scan_id, rule_id, title, tool, category, file_path, line_number, end_line, col,"
	        " description, remediation, cwe_id, severity, cvss_score, confidence, snippet, fingerprint,"
	        " is_new_in_pr, user_marked_fp, fp_marked_at, fp_reason, secret_hash, commit_sha, commit_time,"
	        " in_head, verified, vuln_id, cve_id, aliases, ecosystem, package_name, installed_version,"
	        " fixed_version, purl, epss_score, epss_percentile, kev_listed, is_direct, risk_score,"
	        " priority_label, published_at, cvss_vector, suppressed, suppression_kind, suppression_reason,"
	        " fix, end_col, in_test, unrated, rated_by, dataflow, ai_rule, owasp_category"
	        " FROM scan_issues WHERE scan_id = ?1 AND" SCAN_STORE_SCAN_IN_ORG("scan_id", "?8")
	        /* a NULL filter is typed, as PostgreSQL cannot infer the type of "? IS NULL" */
	        " AND (CAST(?2 AS BIGINT) IS NULL OR (CASE severity WHEN 'critical' THEN 3 WHEN 'high' THEN 2"
	        "      WHEN 'medium' THEN 1 ELSE 0 END) >= ?2)"
	        " AND (?3 = 0 OR is_new_in_pr = 1) AND (?4 = 1 OR user_marked_fp = 0)"
	        " AND (CAST(?5 AS TEXT) IS NULL OR rule_id = ?5)"
	        " AND (CAST(?6 AS TEXT) IS NULL OR substr(file_path, 1, length(?6)) = ?6)"
	        " AND (CAST(?7 AS TEXT) IS NULL OR category = ?7)"
	        " ORDER BY file_path, line_number, col, rule_id, fingerprint, id LIMIT ?9 OFFSET ?10")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, scan_id);
	if (flt->has_min_severity)
		scan_db__bind_int64(s, 2, (int)flt->min_severity);
	scan_db__bind_int64(s, 3, flt->new_only);
	scan_db__bind_int64(s, 4, flt->include_fp);
	scan_db__bind_text(s, 5, flt->rule_id);
	scan_db__bind_text(s, 6, flt->path_prefix);
	scan_db__bind_text(s, 7, flt->has_category ? scan_category_name(flt->category) : NULL);
	scan_db__bind_int64(s, 8, org);
	scan_db__bind_int64(s, 9, flt->limit ? (int64_t)flt->limit : INT64_MAX); /* PostgreSQL has no LIMIT -1 */
	scan_db__bind_int64(s, 10, flt->offset > INT64_MAX ? INT64_MAX : (int64_t)flt->offset);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_finding *f = scan_model__finding_list_push(l);
		const char *fp;
		if (!f) {
			oom = 1;
			break;
		}
		f->id = scan_db__column_int64(s, 0);
		f->scan_id = scan_db__column_int64(s, 1);
		f->rule_id = scan_db__col_text(s, 2, &l->arena, &oom);
		f->title = scan_db__col_text(s, 3, &l->arena, &oom);
		f->tool = scan_db__col_text(s, 4, &l->arena, &oom);
		scan_category_parse(&f->category, scan_db__column_text(s, 5));
		f->file_path = scan_db__col_text(s, 6, &l->arena, &oom);
		f->line_number = (uint32_t)scan_db__column_int64(s, 7);
		f->end_line = (uint32_t)scan_db__column_int64(s, 8);
		f->column = (uint32_t)scan_db__column_int64(s, 9);
		f->description = scan_db__col_text(s, 10, &l->arena, &oom);
		f->remediation = scan_db__col_text(s, 11, &l->arena, &oom);
		f->cwe_id = scan_db__col_text(s, 12, &l->arena, &oom);
		scan_severity_parse(&f->severity, scan_db__column_text(s, 13));
		f->cvss_score = scan_db__column_is_null(s, 14) ? -1.0 : scan_db__column_double(s, 14);
		f->confidence = (unsigned)scan_db__column_int(s, 15);
		f->snippet = scan_db__col_text(s, 16, &l->arena, &oom);
		fp = scan_db__column_text(s, 17);
		snprintf(f->fingerprint, sizeof(f->fingerprint), "%s", fp ? fp : "");
		f->is_new_in_pr = scan_db__column_int(s, 18) != 0;
		f->user_marked_fp = scan_db__column_int(s, 19) != 0;
		f->fp_marked_at = scan_db__col_time(s, 20);
		f->fp_reason = scan_db__col_text(s, 21, &l->arena, &oom);
		f->secret_hash = scan_db__col_text(s, 22, &l->arena, &oom);
		f->commit = scan_db__col_text(s, 23, &l->arena, &oom);
		f->commit_time = scan_db__col_time(s, 24);
		f->in_head = scan_db__column_int(s, 25) != 0;
		f->verified = scan_db__col_text(s, 26, &l->arena, &oom);
		f->suppressed = scan_db__column_int(s, 43) != 0;
		f->suppression_kind = scan_db__col_text(s, 44, &l->arena, &oom);
		f->suppression_reason = scan_db__col_text(s, 45, &l->arena, &oom);
		f->fix = scan_db__col_text(s, 46, &l->arena, &oom);
		f->end_column = (uint32_t)scan_db__column_int64(s, 47);
		f->in_test = scan_db__column_int(s, 48) != 0;
		f->ai_rule = scan_db__col_text(s, 52, &l->arena, &oom);
		f->owasp = scan_db__col_text(s, 53, &l->arena, &oom);
		if (!scan_db__column_is_null(s, 51) && !oom &&
		    scan_model__flow_parse(&l->arena, scan_db__column_text(s, 51), &f->dataflow, &f->ndataflow) != 0)
			oom = 1;
		if (!scan_db__column_is_null(s, 27) && !oom) {
			scan_finding_sca *v = scan_arena__calloc(&l->arena, sizeof(*v));
			if (!v) {
				oom = 1;
				break;
			}
			v->vuln_id = scan_db__col_text(s, 27, &l->arena, &oom);
			v->cve_id = scan_db__col_text(s, 28, &l->arena, &oom);
			v->aliases = scan_db__col_text(s, 29, &l->arena, &oom);
			v->ecosystem = scan_db__col_text(s, 30, &l->arena, &oom);
			v->package_name = scan_db__col_text(s, 31, &l->arena, &oom);
			v->installed_version = scan_db__col_text(s, 32, &l->arena, &oom);
			v->fixed_version = scan_db__col_text(s, 33, &l->arena, &oom);
			v->purl = scan_db__col_text(s, 34, &l->arena, &oom);
			v->epss_score = scan_db__column_is_null(s, 35) ? -1.0 : scan_db__column_double(s, 35);
			v->epss_percentile = scan_db__column_is_null(s, 36) ? -1.0 : scan_db__column_double(s, 36);
			v->kev_listed = scan_db__column_int(s, 37) != 0;
			v->direct = scan_db__column_int(s, 38) != 0;
			v->risk_score = scan_db__column_is_null(s, 39) ? -1.0 : scan_db__column_double(s, 39);
			v->priority_label = scan_db__col_text(s, 40, &l->arena, &oom);
			v->published = scan_db__col_time(s, 41);
			v->cvss_vector = scan_db__col_text(s, 42, &l->arena, &oom);
			v->unrated = scan_db__column_int(s, 49) != 0;
			v->rated_by = scan_db__col_text(s, 50, &l->arena, &oom);
			f->sca = v;
		}
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read findings");
done:
	scan_db__finalize(s);
	if (rc) {
		scan_finding_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store__mark_fp(scan_store *st, int64_t org, int64_t user_id, int64_t issue_id, bool is_fp, const char *reason)
{
	scan_db_stmt *s = NULL;
	int64_t repo_id = 0;
	const char *fingerprint;
	scan_buf fpbuf = SCAN_BUF_INIT;
	int rc, step;

	if ((rc = scan_db__begin(scan_store__conn(st))) != 0)
		return rc;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT sc.repo_id, i.fingerprint FROM scan_issues i JOIN scans sc ON sc.id = i.scan_id"
	        " WHERE i.id = ?1 AND sc.org_id = ?2")) != 0)
		goto fail;
	scan_db__bind_int64(s, 1, issue_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step != SCAN_DB_ROW) {
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "no finding %lld", (long long)issue_id)
		                         : scan_db__error(scan_store__conn(st), "cannot read the finding");
		goto fail;
	}
	repo_id = scan_db__column_int64(s, 0);
	fingerprint = scan_db__column_text(s, 1);
	scan_buf_puts(&fpbuf, fingerprint ? fingerprint : "");
	scan_db__finalize(s);
	s = NULL;

	/* Every finding with the fingerprint in the repository takes the mark, as later scans will. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE scan_issues SET user_marked_fp = ?1,"
	        " fp_marked_at = CASE WHEN ?1 <> 0 THEN ?5 END,"
	        " fp_reason = CASE WHEN ?1 <> 0 THEN ?2 END"
	        " WHERE fingerprint = ?3 AND scan_id IN (SELECT id FROM scans WHERE repo_id = ?4)")) != 0)
		goto fail;
	scan_db__bind_int64(s, 1, is_fp);
	scan_db__bind_text(s, 2, reason);
	scan_db__bind_text(s, 3, fpbuf.ptr);
	scan_db__bind_int64(s, 4, repo_id);
	scan_db__bind_time(s, 5, time(NULL));
	if (scan_db__step(s) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot mark the finding");
		goto fail;
	}
	scan_db__finalize(s);
	s = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, is_fp ?
	        "INSERT INTO fp_marks (repo_id, fingerprint, reason, marked_at, marked_by_user_id)"
	        " VALUES (?1, ?2, ?3, ?5, ?4)"
	        " ON CONFLICT (repo_id, fingerprint) DO UPDATE SET reason = excluded.reason,"
	        "  marked_at = excluded.marked_at" :
	        "DELETE FROM fp_marks WHERE repo_id = ?1 AND fingerprint = ?2")) != 0)
		goto fail;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_text(s, 2, fpbuf.ptr);
	if (is_fp) {
		scan_db__bind_text(s, 3, reason);
		scan_db__bind_id(s, 4, user_id);
		scan_db__bind_time(s, 5, time(NULL));
	}
	if (scan_db__step(s) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot save the mark");
		goto fail;
	}
	scan_db__finalize(s);
	scan_buf_dispose(&fpbuf);
	return scan_db__commit(scan_store__conn(st));
fail:
	scan_db__finalize(s);
	scan_buf_dispose(&fpbuf);
	scan_db__rollback(scan_store__conn(st));
	return rc;
}

static int repo_default_branch(scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT coalesce(default_branch, 'main') FROM repositories WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		scan_buf_clear(branch);
		rc = scan_buf_puts(branch, scan_db__column_text(s, 0));
	} else {
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "no repository %lld", (long long)repo_id)
		                         : scan_db__error(scan_store__conn(st), "cannot read the repository");
	}
	scan_db__finalize(s);
	return rc;
}

static int baseline_op(int64_t *count, scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch, bool clear)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = repo_default_branch(st, org, repo_id, branch)) != 0)
		return rc;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, clear ?
	        "DELETE FROM quality_baseline WHERE repo_id = ?1 AND branch = ?2 AND" SCAN_STORE_REPO_IN_ORG("repo_id", "?3") :
	        "SELECT count(*) FROM quality_baseline WHERE repo_id = ?1 AND branch = ?2 AND" SCAN_STORE_REPO_IN_ORG("repo_id", "?3"))) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_text(s, 2, branch->ptr);
	scan_db__bind_int64(s, 3, org);
	switch (scan_db__step(s)) {
	case SCAN_DB_ROW:
		*count = scan_db__column_int64(s, 0);
		break;
	case SCAN_DB_DONE:
		*count = scan_db__changes(scan_store__conn(st));
		break;
	default:
		rc = scan_db__error(scan_store__conn(st), "cannot access the baseline");
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store_baseline_count(int64_t *count, scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch)
{
	return baseline_op(count, st, org, repo_id, branch, false);
}

int scan_store_baseline_rebuild(int64_t *cleared, scan_store *st, int64_t org, int64_t repo_id, scan_buf *branch)
{
	return baseline_op(cleared, st, org, repo_id, branch, true);
}

int scan_store_repo_delete(scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	/* Its scans, findings, baseline, dependencies and queued jobs go with it (ON DELETE CASCADE). */
	if ((rc = scan_db__prepare(db, &s, "DELETE FROM repositories WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot delete the repository");
	else if (scan_db__changes(db) == 0)
		rc = scan_util__error(SCAN_ENOTFOUND, "no repository %lld", (long long)repo_id);
	scan_db__finalize(s);
	return rc;
}

int scan_store_issue_remediation_fill(bool *set, scan_store *st, int64_t org, int64_t issue_id, const char *text)
{
	scan_db_stmt *s = NULL;
	int rc;

	*set = false;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE scan_issues SET remediation = ?1 WHERE id = ?2 AND (remediation IS NULL OR remediation = '') AND"
	        SCAN_STORE_SCAN_IN_ORG("scan_id", "?3"))) != 0)
		return rc;
	scan_db__bind_text(s, 1, text);
	scan_db__bind_int64(s, 2, issue_id);
	scan_db__bind_int64(s, 3, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot store the remediation advice");
	else
		*set = scan_db__changes(scan_store__conn(st)) > 0;
	scan_db__finalize(s);
	return rc;
}
