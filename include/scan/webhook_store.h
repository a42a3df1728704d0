/* include/scan/webhook_store.h - webhook deliveries seen, the repositories they name, pull-request reviews */
#ifndef SCAN_WEBHOOK_STORE_H
#define SCAN_WEBHOOK_STORE_H

#include <stdbool.h>
#include <time.h>
#include "common.h"
#include "store.h"

/* How long a delivery id is remembered: a provider redelivers within days, not months. */
#define SCAN_WEBHOOK_DELIVERY_DAYS 30

/*
 * Remember a delivery of provider by its id: *fresh is false when it was
 * seen before (a redelivery, to be acknowledged and ignored). Ids older
 * than SCAN_WEBHOOK_DELIVERY_DAYS are forgotten on the way.
 */
SCAN_EXTERN int scan_store_webhook_delivery(bool *fresh, scan_store *st, const char *provider, const char *delivery,
                                            const char *event, time_t now);
/* What was done with a remembered delivery, for the operator; NULL forgets it (what it asked for failed: a retry is welcome). */
SCAN_EXTERN int scan_store_webhook_outcome(scan_store *st, const char *provider, const char *delivery,
                                           const char *outcome);

/* A repository a delivery names, in whichever organization imported it. */
typedef struct {
	int64_t org_id, repo_id;
	const char *url;
	const char *default_branch;  /* NULL when unknown */
} scan_repo_ref;
typedef struct scan_repo_ref_list scan_repo_ref_list;
SCAN_EXTERN size_t scan_repo_ref_list_count(const scan_repo_ref_list *l);
SCAN_EXTERN const scan_repo_ref *scan_repo_ref_list_get(const scan_repo_ref_list *l, size_t i);
SCAN_EXTERN void scan_repo_ref_list_free(scan_repo_ref_list *l);

/* Every repository, across organizations, whose URL is url (canonical, as scan_location_check() gives it). */
SCAN_EXTERN int scan_store_repos_by_url(scan_repo_ref_list **out, scan_store *st, const char *url);

/* A pull request's review: what was scanned for which event, and its scan's verdict. */
typedef struct {
	int64_t id, org_id, repo_id;
	const char *provider;
	const char *repo_full_name;  /* the provider's name of the repository: owner/name, group/project, workspace/slug */
	int64_t pr_number;
	const char *action;          /* opened, synchronize, reopened */
	const char *head_ref, *head_sha, *base_ref;
	const char *delivery;
	int64_t scan_id;             /* 0: the scan was deleted */
	const char *scan_status;     /* pending, scanning, completed, failed; "deleted" */
	const char *gate_status;     /* passed, failed, not_configured; NULL until the scan completes */
	int64_t issues;              /* the scan's findings */
	int64_t new_issues;          /* of them, new in the pull request */
	const char *decoration;      /* what posting the result to the pull request did; NULL: not yet */
	time_t decorated_at;
	time_t created_at;
} scan_pr_review;
typedef struct scan_pr_review_list scan_pr_review_list;
SCAN_EXTERN size_t scan_pr_review_list_count(const scan_pr_review_list *l);
SCAN_EXTERN const scan_pr_review *scan_pr_review_list_get(const scan_pr_review_list *l, size_t i);
SCAN_EXTERN void scan_pr_review_list_free(scan_pr_review_list *l);

/*
 * Queue the scan of a pull request's head branch (pr_number and the target
 * branch on its row and job) and its review record, in one transaction.
 * in->id and the scan fields are ignored; *scan_id is the scan's.
 */
SCAN_EXTERN int scan_store_pr_review_enqueue(int64_t *scan_id, scan_store *st, const scan_pr_review *in,
                                             const char *target, const char *scan_type, int tier);
/* The reviews of a scan (one, or none for a scan no pull request asked for). */
SCAN_EXTERN int scan_store_pr_reviews_of_scan(scan_pr_review_list **out, scan_store *st, int64_t org,
                                              int64_t scan_id);
/* What posting the result did ("check run posted", "failed: ..."), on every review of the scan. */
SCAN_EXTERN int scan_store_pr_review_decorated(scan_store *st, int64_t org, int64_t scan_id, const char *decoration,
                                               time_t now);

/*
 * A repository's integration with its provider: the token that decorates
 * its pull requests and its own webhook secret, sealed (scan_seal()) by
 * the caller; NULL: none.
 */
typedef struct {
	int64_t repo_id, org_id;
	const char *provider;        /* github, gitlab, bitbucket */
	const char *token_sealed;
	const char *webhook_secret_sealed;
	time_t updated_at;
} scan_repo_integration;
typedef struct scan_repo_integration_list scan_repo_integration_list;
SCAN_EXTERN size_t scan_repo_integration_list_count(const scan_repo_integration_list *l);
SCAN_EXTERN const scan_repo_integration *scan_repo_integration_list_get(const scan_repo_integration_list *l,
                                                                       size_t i);
SCAN_EXTERN void scan_repo_integration_list_free(scan_repo_integration_list *l);
/*
 * SCAN_ENOTFOUND when the repository (of org) has none. org 0: whichever
 * organization's - for a webhook delivery, which names a repository before
 * anyone is signed in, and is verified with the secret found.
 */
SCAN_EXTERN int scan_store_repo_integration(scan_repo_integration_list **out, scan_store *st, int64_t org,
                                            int64_t repo_id);
/* Set it whole (in->org_id ignored); SCAN_ENOTFOUND for a repository of another organization. */
SCAN_EXTERN int scan_store_repo_integration_put(scan_store *st, int64_t org, const scan_repo_integration *in);
SCAN_EXTERN int scan_store_repo_integration_delete(scan_store *st, int64_t org, int64_t repo_id);

/* The organization's reviews, newest first; repo_id 0: every repository's; pr_number 0: every pull request's. */
SCAN_EXTERN int scan_store_pr_reviews(scan_pr_review_list **out, scan_store *st, int64_t org, int64_t repo_id,
                                      int64_t pr_number, size_t skip, size_t limit);

#endif
