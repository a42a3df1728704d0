/* server/routes_webhooks.c - spec §6: Git providers' deliveries, verified on the raw body before anything reads it; pull-request reviews */
#include <string.h>
#include <strings.h>
#include <time.h>
#include "core.h"
#include "scan/ops.h"

#define REVIEWS_LIMIT_MAX 500

static const char *header_of(void *ctx, const char *name)
{
	return srv_request_header(ctx, name);
}

static int deliver(srv_req *r, scan_provider p)
{
	const srv_config *cfg = srv_cfg(r);
	scan_location_policy policy = { cfg->allow_local_repos != 0, cfg->git_hosts };
	scan_webhook_options opts = { &policy, 0 };
	scan_webhook_event e;
	scan_webhook_outcome out;
	const char *type;
	scan_json w;
	int rc;

	if (!cfg->webhook_secret || !*cfg->webhook_secret)
		return srv_error(r, 401, "Webhooks are not configured on this server (webhook_secret)");
	/* The signature first, over the bytes as they came: nothing of the body is read before it holds. */
	if (scan_webhook_verify(p, header_of, r, (const unsigned char *)r->body.ptr, r->body.size, cfg->webhook_secret,
	                        time(NULL)) != 0)
		return srv_error(r, 401, "Invalid webhook signature: %s", scan_error_last()->message);
	type = srv_request_header(r, "Content-Type");
	if (!type || strncasecmp(type, "application/json", 16) != 0)
		return srv_error(r, 400, "Webhook deliveries must be application/json (set the webhook's content type)");
	if ((rc = scan_webhook_read(&e, p, header_of, r, r->body.ptr ? r->body.ptr : "", r->body.size)) != 0)
		return srv_error(r, 400, "%s", scan_error_last()->message);
	if ((rc = scan_ops_webhook_deliver(&out, srv_store(r), p, &e, &opts, time(NULL))) != 0)
		return rc == SCAN_EINVAL ? srv_error(r, 422, "%s", scan_error_last()->message) : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", out.message);
	if (e.kind != SCAN_WEBHOOK_PING) {
		scan_json_str(&w, "event", e.event);
		scan_json_bool(&w, "duplicate", out.duplicate);
		scan_json_open(&w, "scan_ids", '[');
		for (size_t i = 0; i < out.nscans; i++)
			scan_json_int(&w, NULL, out.scan_ids[i]);
		scan_json_close(&w, ']');
	}
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int github(srv_req *r)
{
	return deliver(r, SCAN_PROVIDER_GITHUB);
}

static int gitlab(srv_req *r)
{
	return deliver(r, SCAN_PROVIDER_GITLAB);
}

static int bitbucket(srv_req *r)
{
	return deliver(r, SCAN_PROVIDER_BITBUCKET);
}

static int reviews(srv_req *r)
{
	scan_pr_review_list *l = NULL;
	int64_t repo_id = 0, pr = 0;
	size_t skip, limit;
	scan_json w;
	int rc;

	if (!srv_query_id(r, "repo_id", &repo_id) || !srv_query_id(r, "pr_number", &pr) ||
	    !srv_paging(r, &skip, &limit, 50, REVIEWS_LIMIT_MAX))
		return r->status;
	if ((rc = scan_store_pr_reviews(&l, srv_store(r), r->who.org, repo_id, pr, skip, limit)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_pr_review_list_count(l); i++) {
		const scan_pr_review *x = scan_pr_review_list_get(l, i);
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "id", x->id);
		scan_json_id(&w, "repo_id", x->repo_id);
		scan_json_str(&w, "provider", x->provider);
		scan_json_int(&w, "pr_number", x->pr_number);
		scan_json_str(&w, "action", x->action);
		scan_json_str(&w, "head_branch", x->head_ref);
		if (x->head_sha)
			scan_json_str(&w, "head_sha", x->head_sha);
		else
			scan_json_null(&w, "head_sha");
		scan_json_str(&w, "base_branch", x->base_ref);
		scan_json_id(&w, "scan_id", x->scan_id);
		scan_json_str(&w, "scan_status", x->scan_status);
		if (x->gate_status)
			scan_json_str(&w, "gate_status", x->gate_status);
		else
			scan_json_null(&w, "gate_status");
		scan_json_int(&w, "issues_count", x->issues);
		scan_json_int(&w, "new_issues_count", x->new_issues);
		scan_json_time(&w, "created_at", x->created_at);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_pr_review_list_free(l);
	return srv_json_end(r, &w);
}

srv_family srv_routes_webhooks = {
	{ SRV_POST, "/webhooks/github", github, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A GitHub delivery (X-Hub-Signature-256): ping, pull_request, push", NULL, 0 },
	{ SRV_POST, "/webhooks/gitlab", gitlab, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A GitLab delivery (webhook-signature, or X-Gitlab-Token): Merge Request Hook, Push Hook", NULL, 0 },
	{ SRV_POST, "/webhooks/bitbucket", bitbucket, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A Bitbucket Cloud delivery (X-Hub-Signature): pullrequest:*, repo:push, diagnostics:ping", NULL, 0 },
	{ SRV_GET, "/pr-reviews", reviews, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "Pull-request reviews, newest first: what was scanned, the scan, its gate verdict, its new findings"
	  " (repo_id, pr_number, skip, limit)", NULL, 0 },
	{ 0 },
};
