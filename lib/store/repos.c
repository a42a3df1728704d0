/* lib/store/repos.c - repositories added by import: the organization's count, lookup by URL, insertion */
#include <time.h>
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

int scan_store__org_lock(scan_plan *plan, scan_store *st, int64_t org)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	/* A write to the organization's row: the next importer of the same organization waits for this one. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE organizations SET plan = plan WHERE id = ?1 RETURNING plan")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		if (scan_plan_parse(plan, scan_db__column_text(s, 0)) != 0)
			*plan = SCAN_PLAN_FREE;
		scan_db__reset(s);
	} else if (step == SCAN_DB_DONE) {
		rc = scan_util__error(SCAN_ENOTFOUND, "no organization %lld", (long long)org);
	} else {
		rc = scan_db__error(scan_store__conn(st), "cannot read the organization");
	}
	scan_db__finalize(s);
	return rc;
}

static int one_int(int64_t *out, scan_store *st, scan_db_stmt *s, const char *what)
{
	int rc = 0, step = scan_db__step(s);

	*out = 0;
	if (step == SCAN_DB_ROW)
		*out = scan_db__column_int64(s, 0);
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), what);
	scan_db__finalize(s);
	return rc;
}

int scan_store__repo_count(int64_t *n, scan_store *st, int64_t org)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT count(*) FROM repositories WHERE org_id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	return one_int(n, st, s, "cannot count the repositories");
}

int scan_store__repo_by_url(int64_t *id, scan_store *st, int64_t org, const char *url)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT id FROM repositories WHERE org_id = ?1 AND url = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, url);
	return one_int(id, st, s, "cannot look the repository up");
}

/* The caller holds the organization's row (scan_store__org_lock()) and looked the URL up: no other insert races it. */
int scan_store__repo_insert(int64_t *id, scan_store *st, int64_t org, const char *name, const char *url,
                            const char *source)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO repositories (org_id, name, url, source, created_at) VALUES (?1, ?2, ?3, ?4, ?5)"
	        " RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, name);
	scan_db__bind_text(s, 3, url);
	scan_db__bind_text(s, 4, source);
	scan_db__bind_time(s, 5, time(NULL));
	return one_int(id, st, s, "cannot add the repository");
}

int scan_store__repo_in_org(scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s, "SELECT 1 FROM repositories WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, repo_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	rc = step == SCAN_DB_ROW ? 0 : step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "Repository not found")
	                                                    : scan_db__error(db, "cannot read the repository");
	scan_db__finalize(s);
	return rc;
}
