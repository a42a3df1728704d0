/* lib/store/waiver.c - quality waivers (spec 2.8) */
#include <stdlib.h>
#include <string.h>
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"
#include "util/timefmt.h"


SCAN_STORE_LIST(scan_waiver, scan_waiver)

int scan_store__waiver_insert(int64_t *id, scan_store *st, int64_t org, const scan_waiver *w)
{
	scan_db_stmt *s = NULL;
	time_t now = time(NULL);
	int rc;

	if (w->repo_id && (rc = scan_store__repo_in_org(st, org, w->repo_id)) != 0)
		return rc;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO quality_waivers (org_id, rule, reason, repo_id, pr_number, created_by_user_id,"
	        " created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_text(s, 2, w->rule);
	scan_db__bind_text(s, 3, w->reason);
	scan_db__bind_id(s, 4, w->repo_id);
	scan_db__bind_id(s, 5, w->pr_number);
	scan_db__bind_id(s, 6, w->created_by_user_id);
	scan_db__bind_time(s, 7, now);
	scan_db__bind_time(s, 8, w->expires_at);
	if (scan_db__step(s) != SCAN_DB_ROW) {
		rc = scan_db__error(scan_store__conn(st), "cannot save the waiver");
	} else {
		*id = scan_db__column_int64(s, 0);
		scan_db__reset(s); /* the row read, the statement done: nothing stays open until commit */
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store_waivers(scan_waiver_list **out, scan_store *st, int64_t org, int64_t repo_id, bool include_expired,
                       bool include_revoked)
{
	scan_waiver_list *l = calloc(1, sizeof(*l));
	scan_db_stmt *s = NULL;
	char now[SCAN_TIME_LEN];
	int rc, step, oom = 0;

	*out = NULL;
	if (!l)
		return scan_error__oom();
	scan_util__time_format(now, time(NULL));
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT id, rule, reason, repo_id, pr_number, created_by_user_id, created_at, expires_at,"
	        " revoked_at FROM quality_waivers WHERE org_id = ?1"
	        " AND (?2 = 0 OR repo_id = ?2 OR repo_id IS NULL)"
	        " AND (?3 = 1 OR expires_at IS NULL OR expires_at > ?4)"
	        " AND (?5 = 1 OR revoked_at IS NULL) ORDER BY id")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	scan_db__bind_int64(s, 3, include_expired);
	scan_db__bind_text(s, 4, now);
	scan_db__bind_int64(s, 5, include_revoked);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_waiver *w = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*w));
		if (!w) {
			rc = SCAN_ENOMEM;
			goto done;
		}
		w->id = scan_db__column_int64(s, 0);
		w->rule = scan_db__col_text(s, 1, &l->arena, &oom);
		w->reason = scan_db__col_text(s, 2, &l->arena, &oom);
		w->repo_id = scan_db__column_int64(s, 3);
		w->pr_number = scan_db__column_int64(s, 4);
		w->created_by_user_id = scan_db__column_int64(s, 5);
		w->created_at = scan_db__col_time(s, 6);
		w->expires_at = scan_db__col_time(s, 7);
		w->revoked_at = scan_db__col_time(s, 8);
		if (oom) {
			rc = scan_error__oom();
			goto done;
		}
	}
	if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read waivers");
done:
	scan_db__finalize(s);
	if (rc) {
		scan_waiver_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_waiver_revoke(time_t *revoked_at, scan_store *st, int64_t org, int64_t id)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE quality_waivers SET revoked_at = coalesce(revoked_at, ?3)"
	        " WHERE id = ?1 AND org_id = ?2 RETURNING revoked_at")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_time(s, 3, time(NULL));
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		*revoked_at = scan_db__col_time(s, 0);
	else if (step == SCAN_DB_DONE)
		rc = scan_util__error(SCAN_ENOTFOUND, "no waiver %lld", (long long)id);
	else
		rc = scan_db__error(scan_store__conn(st), "cannot revoke the waiver");
	scan_db__finalize(s);
	return rc;
}
