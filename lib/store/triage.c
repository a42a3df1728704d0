/* lib/store/triage.c - triage decisions about dependency findings and their SLA clock (spec 2.11) */
#include <stdlib.h>
#include <string.h>
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"
#include "util/timefmt.h"


SCAN_STORE_LIST(scan_triage, scan_triage)

int scan_store__triage_set(scan_store *st, int64_t org, int64_t issue_id, const char *status, const char *justification,
                          int64_t assigned_to)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT i.vuln_id IS NOT NULL FROM scan_issues i JOIN scans sc ON sc.id = i.scan_id"
	        " WHERE i.id = ?1 AND sc.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, issue_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step != SCAN_DB_ROW)
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "no finding %lld", (long long)issue_id)
		                         : scan_db__error(scan_store__conn(st), "cannot read the finding");
	else if (!scan_db__column_int(s, 0))
		rc = scan_util__error(SCAN_EINVAL, "finding %lld is not a dependency finding: triage is for those; "
		                      "mark others with 'rampart findings mark-fp'", (long long)issue_id);
	scan_db__finalize(s);
	if (rc)
		return rc;
	/* One statement: the decision is keyed by what it is about, not by the row triaged. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO sca_triage (repo_id, vuln_id, ecosystem, package_name, purl, status, justification,"
	        " assigned_to, updated_at)"
	        " SELECT sc.repo_id, i.vuln_id, i.ecosystem, i.package_name, i.purl, ?2, ?3, ?4, ?5"
	        " FROM scan_issues i JOIN scans sc ON sc.id = i.scan_id WHERE i.id = ?1 AND sc.org_id = ?6"
	        " ON CONFLICT (repo_id, vuln_id, ecosystem, package_name) DO UPDATE SET"
	        "  purl = excluded.purl, status = excluded.status, justification = excluded.justification,"
	        "  assigned_to = excluded.assigned_to, updated_at = excluded.updated_at")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, issue_id);
	scan_db__bind_text(s, 2, status);
	scan_db__bind_text(s, 3, justification && *justification ? justification : NULL);
	if (assigned_to > 0)
		scan_db__bind_int64(s, 4, assigned_to);
	scan_db__bind_time(s, 5, time(NULL));
	scan_db__bind_int64(s, 6, org);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot record the triage");
	scan_db__finalize(s);
	return rc;
}

int scan_store_triage_list(scan_triage_list **out, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_triage_list *l;
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	*out = NULL;
	if (!(l = calloc(1, sizeof(*l))))
		return scan_error__oom();
	/* The CVE comes from the newest finding of the same vulnerability: triage rows do not repeat it. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT t.id, t.repo_id, t.vuln_id,"
	        " (SELECT i.cve_id FROM scan_issues i JOIN scans sc ON sc.id = i.scan_id"
	        "   WHERE i.vuln_id = t.vuln_id AND sc.repo_id = t.repo_id ORDER BY i.id DESC LIMIT 1),"
	        " t.ecosystem, t.package_name, t.purl, t.status, t.justification, t.assigned_to, t.updated_at"
	        " FROM sca_triage t JOIN repositories r ON r.id = t.repo_id"
	        " WHERE t.repo_id = ?1 AND r.org_id = ?2 ORDER BY t.vuln_id, t.ecosystem, t.package_name")) != 0) {
		scan_triage_list_free(l);
		return rc;
	}
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW && !oom) {
		scan_triage *t = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*t));
		if (!t) {
			oom = 1;
			break;
		}
		t->id = scan_db__column_int64(s, 0);
		t->repo_id = scan_db__column_int64(s, 1);
		t->vuln_id = scan_db__col_text(s, 2, &l->arena, &oom);
		t->cve_id = scan_db__col_text(s, 3, &l->arena, &oom);
		t->ecosystem = scan_db__col_text(s, 4, &l->arena, &oom);
		t->package_name = scan_db__col_text(s, 5, &l->arena, &oom);
		t->purl = scan_db__col_text(s, 6, &l->arena, &oom);
		t->status = scan_db__col_text(s, 7, &l->arena, &oom);
		t->justification = scan_db__col_text(s, 8, &l->arena, &oom);
		t->assigned_to = scan_db__column_int64(s, 9);
		t->updated_at = scan_db__col_time(s, 10);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read triage decisions");
	scan_db__finalize(s);
	if (rc) {
		scan_triage_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_first_seen(time_t *out, scan_store *st, int64_t org, int64_t scan_id, const scan_finding_list *findings)
{
	scan_db_stmt *s = NULL;
	int rc;

	/* By fingerprint, as the baseline matches findings: a bump that keeps the vulnerability keeps its clock. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT MIN(sc.created_at) FROM scan_issues i JOIN scans sc ON sc.id = i.scan_id"
	        " WHERE i.fingerprint = ?1 AND sc.org_id = ?3"
	        " AND sc.repo_id = (SELECT repo_id FROM scans WHERE id = ?2)")) != 0)
		return rc;
	for (size_t i = 0; i < scan_finding_list_count(findings) && !rc; i++) {
		const char *when;
		scan_db__reset(s);
		scan_db__bind_text(s, 1, scan_finding_list_get(findings, i)->fingerprint);
		scan_db__bind_int64(s, 2, scan_id);
		scan_db__bind_int64(s, 3, org);
		out[i] = 0;
		if (scan_db__step(s) != SCAN_DB_ROW)
			rc = scan_db__error(scan_store__conn(st), "cannot read when a finding was first seen");
		else if ((when = scan_db__column_text(s, 0)) && scan_util__time_parse(&out[i], when) != 0)
			out[i] = 0;
	}
	scan_db__finalize(s);
	return rc;
}
