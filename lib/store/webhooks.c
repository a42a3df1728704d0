/* lib/store/webhooks.c - webhook deliveries by id, the repositories a delivery names, pull-request reviews */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/array.h"
#include "scan/webhook_store.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

SCAN_STORE_LIST(scan_repo_ref, scan_repo_ref)
SCAN_STORE_LIST(scan_pr_review, scan_pr_review)
SCAN_STORE_LIST(scan_repo_integration, scan_repo_integration)

int scan_store_webhook_delivery(bool *fresh, scan_store *st, const char *provider, const char *delivery,
                                const char *event, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	*fresh = false;
	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s, "DELETE FROM webhook_deliveries WHERE received_at < ?1")) != 0)
		return rc;
	scan_db__bind_time(s, 1, now - (time_t)SCAN_WEBHOOK_DELIVERY_DAYS * 86400);
	step = scan_db__step(s);
	scan_db__finalize(s);
	s = NULL;
	if (step != SCAN_DB_DONE)
		return scan_db__error(db, "cannot forget old webhook deliveries");
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO webhook_deliveries (provider, delivery_id, event, received_at) VALUES (?1, ?2, ?3, ?4)"
	        " ON CONFLICT (provider, delivery_id) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_text(s, 1, provider);
	scan_db__bind_text(s, 2, delivery);
	scan_db__bind_text(s, 3, event);
	scan_db__bind_time(s, 4, now);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW || step == SCAN_DB_DONE)
		*fresh = step == SCAN_DB_ROW;
	else
		rc = scan_db__error(db, "cannot record the webhook delivery");
	scan_db__finalize(s);
	return rc;
}

int scan_store_webhook_outcome(scan_store *st, const char *provider, const char *delivery, const char *outcome)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s, outcome
	        ? "UPDATE webhook_deliveries SET outcome = ?3 WHERE provider = ?1 AND delivery_id = ?2"
	        : "DELETE FROM webhook_deliveries WHERE provider = ?1 AND delivery_id = ?2")) != 0)
		return rc;
	scan_db__bind_text(s, 1, provider);
	scan_db__bind_text(s, 2, delivery);
	if (outcome)
		scan_db__bind_text(s, 3, outcome);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the webhook's outcome");
	scan_db__finalize(s);
	return rc;
}

static void read_ref(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_repo_ref *x = item;

	x->org_id = scan_db__column_int64(s, 0);
	x->repo_id = scan_db__column_int64(s, 1);
	x->url = scan_db__col_text(s, 2, a, oom);
	x->default_branch = scan_db__col_text(s, 3, a, oom);
}

int scan_store_repos_by_url(scan_repo_ref_list **out, scan_store *st, const char *url)
{
	scan_repo_ref_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT org_id, id, url, default_branch FROM repositories WHERE url = ?1 ORDER BY org_id, id", &rc)))
		return rc;
	scan_db__bind_text(s, 1, url);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_ref, "cannot read repositories");
	scan_db__finalize(s);
	if (rc) {
		scan_repo_ref_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

typedef struct {
	const scan_pr_review *in;
	const char *target, *scan_type;
	int tier;
	int64_t scan_id;
} enqueue_args;

static int enqueue_body(scan_store *st, void *ctx)
{
	enqueue_args *a = ctx;
	const scan_pr_review *in = a->in;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_store__job_insert(&a->scan_id, st, in->org_id, in->repo_id, a->target, in->head_ref, a->scan_type,
	                                 a->tier, NULL, in->pr_number, in->base_ref)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO pr_reviews (org_id, repo_id, provider, pr_number, action, head_ref, head_sha, base_ref,"
	        " scan_id, delivery_id, created_at, repo_full_name)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, in->org_id);
	scan_db__bind_int64(s, 2, in->repo_id);
	scan_db__bind_text(s, 3, in->provider);
	scan_db__bind_int64(s, 4, in->pr_number);
	scan_db__bind_text(s, 5, in->action);
	scan_db__bind_text(s, 6, in->head_ref);
	scan_db__bind_text(s, 7, in->head_sha && *in->head_sha ? in->head_sha : NULL);
	scan_db__bind_text(s, 8, in->base_ref);
	scan_db__bind_int64(s, 9, a->scan_id);
	scan_db__bind_text(s, 10, in->delivery && *in->delivery ? in->delivery : NULL);
	scan_db__bind_time(s, 11, time(NULL));
	scan_db__bind_text(s, 12, in->repo_full_name);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the pull-request review");
	scan_db__finalize(s);
	return rc;
}

int scan_store_pr_review_enqueue(int64_t *scan_id, scan_store *st, const scan_pr_review *in, const char *target,
                                 const char *scan_type, int tier)
{
	enqueue_args a = { in, target, scan_type ? scan_type : "smart", tier, 0 };
	int rc;

	*scan_id = 0;
	if ((rc = scan_store_transact(st, enqueue_body, &a)) != 0)
		return rc;
	*scan_id = a.scan_id;
	return 0;
}

static void read_review(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_pr_review *x = item;

	x->id = scan_db__column_int64(s, 0);
	x->org_id = scan_db__column_int64(s, 1);
	x->repo_id = scan_db__column_int64(s, 2);
	x->provider = scan_db__col_text(s, 3, a, oom);
	x->pr_number = scan_db__column_int64(s, 4);
	x->action = scan_db__col_text(s, 5, a, oom);
	x->head_ref = scan_db__col_text(s, 6, a, oom);
	x->head_sha = scan_db__col_text(s, 7, a, oom);
	x->base_ref = scan_db__col_text(s, 8, a, oom);
	x->delivery = scan_db__col_text(s, 9, a, oom);
	x->scan_id = scan_db__column_int64(s, 10);
	x->scan_status = x->scan_id ? scan_db__col_text(s, 11, a, oom) : "deleted";
	x->gate_status = scan_db__col_text(s, 12, a, oom);
	x->issues = scan_db__column_int64(s, 13);
	x->new_issues = scan_db__column_int64(s, 14);
	x->created_at = scan_db__col_time(s, 15);
	x->repo_full_name = scan_db__col_text(s, 16, a, oom);
	x->decoration = scan_db__col_text(s, 17, a, oom);
	x->decorated_at = scan_db__col_time(s, 18);
}

#define REVIEW_COLUMNS \
	"SELECT p.id, p.org_id, p.repo_id, p.provider, p.pr_number, p.action, p.head_ref, p.head_sha," \
	" p.base_ref, p.delivery_id, p.scan_id, s.status, g.status, s.issues_count," \
	" (SELECT COUNT(*) FROM scan_issues i WHERE i.scan_id = p.scan_id AND i.is_new_in_pr = 1)," \
	" p.created_at, p.repo_full_name, p.decoration, p.decorated_at" \
	" FROM pr_reviews p LEFT JOIN scans s ON s.id = p.scan_id" \
	" LEFT JOIN quality_gate_results g ON g.scan_id = p.scan_id"

/* The reviews sql selects, ?1..?5 bound from nums. */
static int review_query(scan_pr_review_list **out, scan_store *st, const char *sql, const int64_t *nums, int n)
{
	scan_pr_review_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s, sql, &rc)))
		return rc;
	for (int i = 0; i < n; i++)
		scan_db__bind_int64(s, i + 1, nums[i]);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_review, "cannot read pull-request reviews");
	scan_db__finalize(s);
	if (rc) {
		scan_pr_review_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_pr_reviews(scan_pr_review_list **out, scan_store *st, int64_t org, int64_t repo_id, int64_t pr_number,
                          size_t skip, size_t limit)
{
	int64_t nums[5] = { org, repo_id, pr_number, (int64_t)limit, (int64_t)skip };

	return review_query(out, st,
	                    REVIEW_COLUMNS " WHERE p.org_id = ?1 AND (?2 = 0 OR p.repo_id = ?2) AND (?3 = 0 OR p.pr_number = ?3)"
	                                   " ORDER BY p.id DESC LIMIT ?4 OFFSET ?5", nums, 5);
}

int scan_store_pr_reviews_of_scan(scan_pr_review_list **out, scan_store *st, int64_t org, int64_t scan_id)
{
	int64_t nums[2] = { org, scan_id };

	return review_query(out, st, REVIEW_COLUMNS " WHERE p.org_id = ?1 AND p.scan_id = ?2 ORDER BY p.id", nums, 2);
}

int scan_store_pr_review_decorated(scan_store *st, int64_t org, int64_t scan_id, const char *decoration, time_t now)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "UPDATE pr_reviews SET decoration = ?3, decorated_at = ?4 WHERE org_id = ?1 AND scan_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, scan_id);
	scan_db__bind_text(s, 3, decoration);
	scan_db__bind_time(s, 4, now);
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot record the decoration");
	scan_db__finalize(s);
	return rc;
}

static void read_integration(scan_db_stmt *s, void *item, scan_arena *a, int *oom)
{
	scan_repo_integration *x = item;

	x->repo_id = scan_db__column_int64(s, 0);
	x->org_id = scan_db__column_int64(s, 1);
	x->provider = scan_db__col_text(s, 2, a, oom);
	x->token_sealed = scan_db__col_text(s, 3, a, oom);
	x->webhook_secret_sealed = scan_db__col_text(s, 4, a, oom);
	x->updated_at = scan_db__col_time(s, 5);
}

int scan_store_repo_integration(scan_repo_integration_list **out, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_repo_integration_list *l;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(l = scan_store__new_list(sizeof(*l), st, &s,
	          "SELECT repo_id, org_id, provider, token_sealed, webhook_secret_sealed, updated_at"
	          " FROM repository_integrations WHERE (?1 = 0 OR org_id = ?1) AND repo_id = ?2", &rc)))
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	rc = SCAN_STORE_READ_LIST(st, s, l, read_integration, "cannot read the repository's integration");
	scan_db__finalize(s);
	if (!rc && !l->count)
		rc = scan_util__error(SCAN_ENOTFOUND, "the repository has no provider integration");
	if (rc) {
		scan_repo_integration_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int scan_store_repo_integration_put(scan_store *st, int64_t org, const scan_repo_integration *in)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_store__repo_in_org(st, org, in->repo_id)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO repository_integrations (repo_id, org_id, provider, token_sealed, webhook_secret_sealed,"
	        " updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (repo_id) DO UPDATE SET"
	        " provider = excluded.provider, token_sealed = excluded.token_sealed,"
	        " webhook_secret_sealed = excluded.webhook_secret_sealed, updated_at = excluded.updated_at")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, in->repo_id);
	scan_db__bind_int64(s, 2, org);
	scan_db__bind_text(s, 3, in->provider);
	scan_db__bind_text(s, 4, in->token_sealed);
	scan_db__bind_text(s, 5, in->webhook_secret_sealed);
	scan_db__bind_time(s, 6, time(NULL));
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot write the repository's integration");
	scan_db__finalize(s);
	return rc;
}

int scan_store_repo_integration_delete(scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	if (!db)
		return SCAN_EIO;
	if ((rc = scan_db__prepare(db, &s,
	        "DELETE FROM repository_integrations WHERE org_id = ?1 AND repo_id = ?2 RETURNING repo_id")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_int64(s, 2, repo_id);
	step = scan_db__step(s);
	rc = step == SCAN_DB_ROW ? 0 : step == SCAN_DB_DONE
	   ? scan_util__error(SCAN_ENOTFOUND, "the repository has no provider integration")
	   : scan_db__error(db, "cannot delete the repository's integration");
	scan_db__finalize(s);
	return rc;
}
