/* lib/store/stats.c - an organization's security posture: current findings by severity and type, and their history */
#include <stdio.h>
#include <string.h>
#include "store/store_int.h"
#include "util/error.h"

/*
 * Each repository's latest completed scan, one of its default branch
 * first: the repository as it stands, not as a feature branch has it.
 */
#define LATEST_SCANS                                                                                        \
	"SELECT (SELECT s.id FROM scans s WHERE s.repo_id = r.id AND s.status = 'completed'"                \
	"  ORDER BY CASE WHEN s.default_branch IS NULL OR s.branch = s.default_branch THEN 0 ELSE 1 END,"  \
	"  s.id DESC LIMIT 1) AS scan_id FROM repositories r WHERE r.org_id = ?1"

/* A finding counted as a vulnerability: not a quality finding, not marked a false positive. */
#define COUNTED "i.category <> 'quality' AND i.user_marked_fp = 0"

static int current(scan_security_stats *out, scan_store *st, int64_t org)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT i.category, i.severity, count(*) FROM scan_issues i"
	        " JOIN (" LATEST_SCANS ") l ON i.scan_id = l.scan_id WHERE " COUNTED
	        " GROUP BY i.category, i.severity")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		const char *cat = scan_db__column_text(s, 0);
		uint64_t n = (uint64_t)scan_db__column_int64(s, 2);
		scan_severity sev;
		size_t t;

		if (scan_severity_parse(&sev, scan_db__column_text(s, 1)) == 0)
			out->by_severity[sev] += n;
		out->total += n;
		if (!strcmp(cat, "secret"))
			out->secrets += n;
		for (t = 0; t < out->ntypes && strcmp(out->by_type[t].name, cat); t++)
			;
		if (t == out->ntypes) {
			if (t == SCAN_CAT__COUNT)
				continue; /* the schema's CHECK allows no more */
			snprintf(out->by_type[t].name, sizeof(out->by_type[t].name), "%s", cat);
			out->ntypes++;
		}
		out->by_type[t].count += n;
	}
	if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot count the organization's findings");
	scan_db__finalize(s);
	return rc;
}

static int history(scan_security_stats *out, scan_store *st, int64_t org, time_t now)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	/* Per day, each repository's last default-branch scan completed that day. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT substr(s.completed_at, 1, 10) AS day, count(i.id) FROM scans s"
	        " LEFT JOIN scan_issues i ON i.scan_id = s.id AND " COUNTED
	        " WHERE s.org_id = ?1 AND s.status = 'completed' AND s.completed_at >= ?2"
	        " AND s.id = (SELECT max(s2.id) FROM scans s2 WHERE s2.repo_id = s.repo_id AND s2.status = 'completed'"
	        "  AND (s2.default_branch IS NULL OR s2.branch = s2.default_branch)"
	        "  AND substr(s2.completed_at, 1, 10) = substr(s.completed_at, 1, 10))"
	        " GROUP BY day ORDER BY day")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_time(s, 2, now - (time_t)SCAN_STATS_HISTORY_DAYS * 86400);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW && out->nhistory < SCAN_STATS_HISTORY_DAYS + 1) {
		snprintf(out->history[out->nhistory].date, sizeof(out->history[0].date), "%s", scan_db__column_text(s, 0));
		out->history[out->nhistory++].issues = (uint64_t)scan_db__column_int64(s, 1);
	}
	if (step != SCAN_DB_DONE && step != SCAN_DB_ROW)
		rc = scan_db__error(scan_store__conn(st), "cannot read the findings' history");
	scan_db__finalize(s);
	return rc;
}

static int has_scans(scan_security_stats *out, scan_store *st, int64_t org)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT 1 FROM scans WHERE org_id = ?1 AND status = 'completed' LIMIT 1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	step = scan_db__step(s);
	out->has_scans = step == SCAN_DB_ROW;
	if (step != SCAN_DB_ROW && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the organization's scans");
	scan_db__finalize(s);
	return rc;
}

int scan_store_security_stats(scan_security_stats *out, scan_store *st, int64_t org, time_t now)
{
	long long score;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = has_scans(out, st, org)) != 0 || (rc = current(out, st, org)) != 0 ||
	    (rc = history(out, st, org, now)) != 0)
		return rc;
	/* Most first, then by name: a stable order for a chart. */
	for (size_t i = 1; i < out->ntypes; i++)
		for (size_t j = i; j > 0 && (out->by_type[j].count > out->by_type[j - 1].count ||
		                             (out->by_type[j].count == out->by_type[j - 1].count &&
		                              strcmp(out->by_type[j].name, out->by_type[j - 1].name) < 0)); j--) {
			scan_type_count t = out->by_type[j];
			out->by_type[j] = out->by_type[j - 1];
			out->by_type[j - 1] = t;
		}
	/* Spec 4.1's formula, in a width no count can overflow. */
	score = 100 - (long long)(out->by_severity[SCAN_SEV_CRITICAL] > 10 ? 10 : out->by_severity[SCAN_SEV_CRITICAL]) * 20 -
	        (long long)(out->by_severity[SCAN_SEV_HIGH] > 10 ? 10 : out->by_severity[SCAN_SEV_HIGH]) * 10 -
	        (long long)(out->by_severity[SCAN_SEV_MEDIUM] > 50 ? 50 : out->by_severity[SCAN_SEV_MEDIUM]) * 2;
	out->compliance_score = score < 0 ? 0 : (int)score;
	return 0;
}
