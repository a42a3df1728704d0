/* include/scan/notify_store.h - notification webhooks, their outbox of deliveries and each attempt, as stored */
#ifndef SCAN_NOTIFY_STORE_H
#define SCAN_NOTIFY_STORE_H

#include <stdbool.h>
#include <time.h>
#include "common.h"
#include "store.h"

/* A notification webhook of an organization. */
typedef struct {
	int64_t id, org_id;
	const char *name;
	const char *channel_type;    /* generic, slack, teams */
	const char *url_sealed;      /* scan_seal()ed by the caller: a chat webhook's URL is its credential */
	const char *url_display;     /* scheme://host[:port]/... */
	const char *secret_sealed;   /* generic: the signing secret, sealed; NULL otherwise */
	unsigned events;             /* SCAN_NOTIFY_* bits */
	bool is_active;
	const char *disabled_reason; /* set when deliveries failing disabled it; NULL otherwise */
	int64_t consecutive_failures; /* deliveries failed in a row */
	int64_t created_by;          /* a user id; 0: none */
	time_t created_at, updated_at;
	time_t last_delivery_at;     /* read only: the newest delivery's creation; 0: none */
	const char *last_delivery_status; /* read only */
} scan_notify_hook;

/* One event for one webhook, and its state in the outbox. */
typedef struct {
	int64_t id, webhook_id, org_id;
	const char *event;           /* critical_vulnerability, gate_failed, scan_failed, schedule_failed, test */
	const char *event_key;       /* unique per webhook: the same event never queued twice */
	const char *payload;         /* the event's JSON document */
	const char *status;          /* pending, delivered, failed */
	int64_t attempts;
	time_t next_attempt_at, created_at, finished_at;
	int64_t last_status_code;    /* 0: no answer yet */
	const char *last_error;
	/* A claimed delivery's webhook, to send it: */
	const char *channel_type, *url_sealed, *secret_sealed;
} scan_notify_delivery;

typedef struct {
	int64_t delivery_id, attempt;
	int64_t status_code;         /* 0: no answer */
	int64_t duration_ms;
	const char *error;           /* NULL: delivered */
	time_t attempted_at;
} scan_notify_attempt;

/* What a finished scan (or a scheduled run that never started) tells the notifier. */
typedef struct {
	int64_t scan_id;             /* 0 for a run without a scan */
	int64_t run_id;              /* the scheduled run that queued it, or failed to; 0: none */
	int64_t org_id, repo_id, schedule_id;
	const char *repo_name, *branch, *status, *scan_type, *commit_sha, *error, *gate_status, *cron_expression;
	int64_t pr_number, issues_count, new_issues;
	time_t finished_at;
} scan_notify_source;

/* A critical vulnerability a scan found that the previous scan of its branch did not have. */
typedef struct {
	const char *vuln_id, *cve_id, *ecosystem, *package_name, *installed_version, *fixed_version;
	double cvss_score;           /* -1: none */
	bool kev_listed;
} scan_notify_vuln;

typedef struct scan_notify_hook_list scan_notify_hook_list;
typedef struct scan_notify_delivery_list scan_notify_delivery_list;
typedef struct scan_notify_attempt_list scan_notify_attempt_list;
typedef struct scan_notify_source_list scan_notify_source_list;
typedef struct scan_notify_vuln_list scan_notify_vuln_list;
SCAN_EXTERN size_t scan_notify_hook_list_count(const scan_notify_hook_list *l);
SCAN_EXTERN const scan_notify_hook *scan_notify_hook_list_get(const scan_notify_hook_list *l, size_t i);
SCAN_EXTERN void scan_notify_hook_list_free(scan_notify_hook_list *l);
SCAN_EXTERN size_t scan_notify_delivery_list_count(const scan_notify_delivery_list *l);
SCAN_EXTERN const scan_notify_delivery *scan_notify_delivery_list_get(const scan_notify_delivery_list *l, size_t i);
SCAN_EXTERN void scan_notify_delivery_list_free(scan_notify_delivery_list *l);
SCAN_EXTERN size_t scan_notify_attempt_list_count(const scan_notify_attempt_list *l);
SCAN_EXTERN const scan_notify_attempt *scan_notify_attempt_list_get(const scan_notify_attempt_list *l, size_t i);
SCAN_EXTERN void scan_notify_attempt_list_free(scan_notify_attempt_list *l);
SCAN_EXTERN size_t scan_notify_source_list_count(const scan_notify_source_list *l);
SCAN_EXTERN const scan_notify_source *scan_notify_source_list_get(const scan_notify_source_list *l, size_t i);
SCAN_EXTERN void scan_notify_source_list_free(scan_notify_source_list *l);
SCAN_EXTERN size_t scan_notify_vuln_list_count(const scan_notify_vuln_list *l);
SCAN_EXTERN const scan_notify_vuln *scan_notify_vuln_list_get(const scan_notify_vuln_list *l, size_t i);
SCAN_EXTERN void scan_notify_vuln_list_free(scan_notify_vuln_list *l);

/* Webhooks. update writes every field of in but the counters' history; SCAN_ENOTFOUND outside org. */
SCAN_EXTERN int scan_store_notify_hook_create(int64_t *id, scan_store *st, int64_t org, const scan_notify_hook *in,
                                              time_t now);
SCAN_EXTERN int scan_store_notify_hook_update(scan_store *st, int64_t org, const scan_notify_hook *in, time_t now);
SCAN_EXTERN int scan_store_notify_hook_delete(scan_store *st, int64_t org, int64_t id);
/* The organization's webhooks, oldest first; id 0: all, else that one (SCAN_ENOTFOUND when it is not there). */
SCAN_EXTERN int scan_store_notify_hooks(scan_notify_hook_list **out, scan_store *st, int64_t org, int64_t id);

/* A delivery of event to one webhook, due now (a test); *id the delivery's. */
SCAN_EXTERN int scan_store_notify_enqueue(int64_t *id, scan_store *st, int64_t org, int64_t webhook_id,
                                          const char *event, const char *event_key, const char *payload, time_t now);

/* One event of a source, for every active webhook of the organization that hears it. */
typedef struct {
	unsigned event;              /* one SCAN_NOTIFY_* bit */
	const char *key;             /* unique per event: "scan:42:gate_failed" */
	const char *payload;
} scan_notify_event;

/*
 * The sources nobody has looked at yet: finished scans and scheduled runs
 * that failed to start, at most limit, oldest first.
 */
SCAN_EXTERN int scan_store_notify_sources(scan_notify_source_list **out, scan_store *st, size_t limit);
/* The critical vulnerabilities scan_id found that its branch's previous completed scan did not (untriaged, not false positives). */
SCAN_EXTERN int scan_store_notify_new_criticals(scan_notify_vuln_list **out, scan_store *st, int64_t scan_id);
/*
 * Queue a source's events and mark it looked at, in one transaction: a
 * webhook hears an event that happened after it was created, once, however
 * many processes emit it.
 */
SCAN_EXTERN int scan_store_notify_emit(scan_store *st, const scan_notify_source *src, const scan_notify_event *ev,
                                       size_t n, time_t now);

/*
 * Claim a due delivery of an active webhook (or, delivery_id non-zero,
 * that delivery whatever its webhook's state) under a lease: *out holds
 * one, or is NULL when nothing is due.
 */
SCAN_EXTERN int scan_store_notify_claim(scan_notify_delivery_list **out, scan_store *st, const char *owner,
                                        unsigned lease_seconds, int64_t delivery_id, time_t now);
/*
 * An attempt's outcome, in one transaction: the attempt kept; the delivery
 * delivered, due again at next_attempt_at, or failed (next_attempt_at 0);
 * the webhook's failures in a row counted, and the webhook disabled
 * (*disabled) when they reach disable_after. SCAN_ENOTFOUND when the lease
 * is not owner's any more.
 */
SCAN_EXTERN int scan_store_notify_attempted(bool *disabled, scan_store *st, const scan_notify_delivery *d,
                                            const char *owner, const scan_notify_attempt *a, time_t next_attempt_at,
                                            bool give_up, unsigned disable_after, time_t now);

/* How long a finished delivery (and its attempts) is kept. */
#define SCAN_NOTIFY_HISTORY_DAYS 30
/* Forget deliveries that finished before `before`. */
SCAN_EXTERN int scan_store_notify_prune(scan_store *st, time_t before);

/* A webhook's deliveries, newest first, and the attempts of those, by delivery then attempt. */
SCAN_EXTERN int scan_store_notify_deliveries(scan_notify_delivery_list **out, scan_store *st, int64_t org,
                                             int64_t webhook_id, int64_t delivery_id, size_t skip, size_t limit);
SCAN_EXTERN int scan_store_notify_attempts(scan_notify_attempt_list **out, scan_store *st, int64_t org,
                                           int64_t webhook_id, int64_t min_delivery, int64_t max_delivery);

#endif
