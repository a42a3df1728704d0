/* include/scan/webhook.h - Git providers' webhook deliveries: their signatures, and what they ask for */
#ifndef SCAN_WEBHOOK_H
#define SCAN_WEBHOOK_H

#include <time.h>
#include "common.h"
#include "provider.h"

/* The largest delivery read; a provider's pull-request payload is tens of kilobytes. */
#define SCAN_WEBHOOK_BODY_MAX ((size_t)1 << 20)

/* A request header by name (case-insensitive), NULL when absent. */
typedef const char *(*scan_webhook_header_fn)(void *ctx, const char *name);

/*
 * Check a delivery's signature over the raw body before anything reads
 * it, against secret, comparing in constant time:
 *   GitHub     X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>
 *   GitLab     webhook-signature: v1,<base64 HMAC-SHA256(key, id "." timestamp "." body)>
 *              with webhook-id and webhook-timestamp (Standard Webhooks;
 *              key the base64 after "whsec_" of secret, else secret's bytes;
 *              the timestamp within 5 minutes of now), or else
 *              X-Gitlab-Token: <secret> (GitLab's shared token)
 *   Bitbucket  X-Hub-Signature: sha256=<hex HMAC-SHA256(secret, body)>
 * 0, or SCAN_EINVAL with what was wrong ("missing X-Hub-Signature-256",
 * "signature does not match") - never a piece of the expected value.
 */
SCAN_EXTERN int scan_webhook_verify(scan_provider p, scan_webhook_header_fn header, void *ctx,
                                    const unsigned char *body, size_t len, const char *secret, time_t now);

typedef enum {
	SCAN_WEBHOOK_OTHER = 0,      /* acknowledged and ignored */
	SCAN_WEBHOOK_PING,
	SCAN_WEBHOOK_PULL_REQUEST,
	SCAN_WEBHOOK_PUSH,
} scan_webhook_kind;

#define SCAN_WEBHOOK_REF_MAX 256
#define SCAN_WEBHOOK_URL_MAX 512

/* One delivery, read. Strings are NUL-terminated copies, "" when the payload had none. */
typedef struct {
	scan_webhook_kind kind;
	char event[64];              /* the provider's event name (X-GitHub-Event, X-Gitlab-Event, X-Event-Key) */
	char delivery[128];          /* the delivery id a redelivery repeats; "" when the provider sends none */
	char action[32];             /* a pull request's, in GitHub's words: opened, synchronize, reopened, or the provider's */
	bool analyze;                /* a pull request opened, updated with new commits or reopened: scan it */
	int64_t number;              /* the pull request's number (GitLab: the merge request's iid) */
	char head_ref[SCAN_WEBHOOK_REF_MAX];  /* the branch scanned: a pull request's source, a push's branch */
	char head_sha[64];
	char base_ref[SCAN_WEBHOOK_REF_MAX];  /* a pull request's target branch */
	char repo_full_name[SCAN_WEBHOOK_REF_MAX]; /* owner/name of the repository receiving the pull request or push */
	char clone_url[SCAN_WEBHOOK_URL_MAX];      /* its https clone URL (Bitbucket: its page, links.html.href) */
	bool from_fork;              /* the head branch lives in another repository */
	bool branch_deleted;         /* a push that deleted the branch */
} scan_webhook_event;

/*
 * Read a delivery (verified first) of provider p: the event from its
 * header, the rest from the JSON body. An event Rampart does not act on is
 * kind SCAN_WEBHOOK_OTHER, not an error. 0; SCAN_EPARSE for a body that is
 * not JSON or lacks a field the event needs ("pull_request.head.ref");
 * SCAN_ELIMIT for a body over SCAN_WEBHOOK_BODY_MAX.
 */
SCAN_EXTERN int scan_webhook_read(scan_webhook_event *out, scan_provider p, scan_webhook_header_fn header, void *ctx,
                                  const char *body, size_t len);

#endif
