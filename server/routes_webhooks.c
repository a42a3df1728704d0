/* server/routes_webhooks.c - spec §6: Git providers' deliveries, verified on the raw body before anything reads it; pull-request reviews */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "core.h"
#include "scan/ops.h"
#include "scan/seal.h"

#define REVIEWS_LIMIT_MAX 500

static const char *header_of(void *ctx, const char *name)
{
	return srv_request_header(ctx, name);
}

/*
 * The secret a delivery must be signed with: the repository's own when the
 * hook's URL names one (?repo_id=N; that repository only), else the
 * server's. *secret is malloc'd (a repository's, unsealed) or borrowed.
 * false after a 401.
 */
static bool secret_of(srv_req *r, scan_provider p, int64_t repo_id, char **owned, const char **secret)
{
	scan_repo_integration_list *l = NULL;
	const scan_repo_integration *in;
	int rc;

	*owned = NULL;
	*secret = srv_cfg(r)->webhook_secret;
	if (!repo_id) {
		if (!*secret || !**secret) {
			srv_error(r, 401, "Webhooks are not configured on this server (webhook_secret)");
			return false;
		}
		return true;
	}
	if ((rc = scan_store_repo_integration(&l, srv_store(r), 0, repo_id)) != 0 ||
	    !(in = scan_repo_integration_list_get(l, 0))->webhook_secret_sealed ||
	    strcmp(in->provider, scan_provider_name(p)) != 0) {
		scan_repo_integration_list_free(l);
		if (rc && rc != SCAN_ENOTFOUND)
			return srv_lib_error(r, rc), false;
		/* Which repositories exist is nobody's business before a signature holds: one answer for all. */
		srv_error(r, 401, "Invalid webhook signature: the repository has no %s webhook secret", scan_provider_name(p));
		return false;
	}
	rc = scan_unseal(owned, r->s->token_key, in->webhook_secret_sealed);
	scan_repo_integration_list_free(l);
	if (rc) {
		srv_lib_error(r, SCAN_EIO);
		return false;
	}
	*secret = *owned;
	return true;
}

static int deliver(srv_req *r, scan_provider p)
{
	const srv_config *cfg = srv_cfg(r);
	scan_location_policy policy = { cfg->allow_local_repos != 0, cfg->git_hosts };
	scan_webhook_options opts = { &policy, 0 };
	scan_webhook_event e;
	scan_webhook_outcome out;
	const char *type, *secret;
	char *owned = NULL;
	scan_json w;
	int rc;

	if (!srv_query_id(r, "repo_id", &opts.only_repo) || !secret_of(r, p, opts.only_repo, &owned, &secret))
		return r->status;
	/* The signature first, over the bytes as they came: nothing of the body is read before it holds. */
	rc = scan_webhook_verify(p, header_of, r, (const unsigned char *)r->body.ptr, r->body.size, secret, time(NULL));
	if (owned) {
		explicit_bzero(owned, strlen(owned));
		free(owned);
	}
	if (rc != 0)
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
		if (x->repo_full_name)
			scan_json_str(&w, "repository", x->repo_full_name);
		else
			scan_json_null(&w, "repository");
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
		if (x->decoration)
			scan_json_str(&w, "decoration", x->decoration);
		else
			scan_json_null(&w, "decoration");
		scan_json_time(&w, "decorated_at", x->decorated_at);
		scan_json_time(&w, "created_at", x->created_at);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_pr_review_list_free(l);
	return srv_json_end(r, &w);
}

static void write_integration(scan_json *w, const scan_repo_integration *in)
{
	scan_json_open(w, NULL, '{');
	scan_json_id(w, "repo_id", in->repo_id);
	scan_json_str(w, "provider", in->provider);
	scan_json_bool(w, "has_token", in->token_sealed != NULL);
	scan_json_bool(w, "has_webhook_secret", in->webhook_secret_sealed != NULL);
	scan_json_time(w, "updated_at", in->updated_at);
	scan_json_close(w, '}');
}

static int integration_get(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	scan_repo_integration_list *l = NULL;
	scan_json w;
	int rc;

	if (!repo_id)
		return r->status;
	if ((rc = scan_store_repo_integration(&l, srv_store(r), r->who.org, repo_id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "The repository has no provider integration")
		                            : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	write_integration(&w, scan_repo_integration_list_get(l, 0));
	scan_repo_integration_list_free(l);
	return srv_json_end(r, &w);
}

/* A secret from the body sealed for the store; absent keeps *sealed, null clears it. false after a 4xx. */
static bool seal_field(srv_req *r, const char *name, const char *given, bool present, bool is_null,
                       const char **sealed, char **owned)
{
	if (!present)
		return true;
	if (is_null) {
		*sealed = NULL;
		return true;
	}
	if (!scan_provider_token_valid(given)) {
		srv_error(r, 422, "Field '%s' must be 1 to %d printable characters without spaces", name,
		          SCAN_PROVIDER_TOKEN_MAX);
		return false;
	}
	if (scan_seal(owned, r->s->token_key, given) != 0) {
		srv_lib_error(r, SCAN_EIO);
		return false;
	}
	*sealed = *owned;
	return true;
}

static int integration_put(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	const char *provider = NULL, *token = NULL, *secret = NULL;
	bool has_token = false, has_secret = false;
	srv_field fields[] = {
		{ "provider", SRV_F_STRING, true, false, &provider, NULL },
		{ "token", SRV_F_STRING, false, true, &token, &has_token },
		{ "webhook_secret", SRV_F_STRING, false, true, &secret, &has_secret },
		{ 0 },
	};
	scan_repo_integration_list *old = NULL, *now = NULL;
	scan_repo_integration in = { 0 };
	char *token_sealed = NULL, *secret_sealed = NULL;
	scan_provider p;
	cJSON *body = NULL;
	scan_json w;
	int rc;

	if (!repo_id || !srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the integration"))
		goto done;
	if (scan_provider_parse(&p, provider) != 0) {
		srv_error(r, 422, "Field 'provider' must be github, gitlab or bitbucket");
		goto done;
	}
	/* What the body leaves out is kept, for the same provider. */
	if ((rc = scan_store_repo_integration(&old, srv_store(r), r->who.org, repo_id)) == 0 &&
	    !strcmp(scan_repo_integration_list_get(old, 0)->provider, provider))
		in = *scan_repo_integration_list_get(old, 0);
	else if (rc && rc != SCAN_ENOTFOUND) {
		srv_lib_error(r, rc);
		goto done;
	}
	in.repo_id = repo_id;
	in.provider = scan_provider_name(p);
	if (!seal_field(r, "token", token, has_token, has_token && !token, &in.token_sealed, &token_sealed) ||
	    !seal_field(r, "webhook_secret", secret, has_secret, has_secret && !secret, &in.webhook_secret_sealed,
	                &secret_sealed))
		goto done;
	if ((rc = scan_store_repo_integration_put(srv_store(r), r->who.org, &in)) != 0 ||
	    (rc = scan_store_repo_integration(&now, srv_store(r), r->who.org, repo_id)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Repository not found");
		else
			srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	write_integration(&w, scan_repo_integration_list_get(now, 0));
	srv_json_end(r, &w);
done:
	free(token_sealed);
	free(secret_sealed);
	scan_repo_integration_list_free(old);
	scan_repo_integration_list_free(now);
	cJSON_Delete(body);
	return r->status;
}

static int integration_delete(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	scan_json w;
	int rc;

	if (!repo_id)
		return r->status;
	if ((rc = scan_store_repo_integration_delete(srv_store(r), r->who.org, repo_id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "The repository has no provider integration")
		                            : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Integration deleted");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

srv_family srv_routes_webhooks = {
	{ SRV_POST, "/webhooks/github", github, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A GitHub delivery (X-Hub-Signature-256): ping, pull_request, push", NULL, 0 },
	{ SRV_POST, "/webhooks/gitlab", gitlab, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A GitLab delivery (webhook-signature, or X-Gitlab-Token): Merge Request Hook, Push Hook", NULL, 0 },
	{ SRV_POST, "/webhooks/bitbucket", bitbucket, SRV_AUTH_PUBLIC, SCAN_ROLE_VIEWER, 0, SCAN_WEBHOOK_BODY_MAX, 0,
	  "A Bitbucket Cloud delivery (X-Hub-Signature): pullrequest:*, repo:push, diagnostics:ping", NULL, 0 },
	{ SRV_GET, "/repositories/{repo_id}/integration", integration_get, SRV_AUTH_ANY, SCAN_ROLE_VIEWER,
	  SRV_SCOPE_READ_REPOS, 0, 0, "Whether the repository has a provider token and a webhook secret (never their values)",
	  NULL, 0 },
	{ SRV_PUT, "/repositories/{repo_id}/integration", integration_put, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 8192,
	  0, "Set the repository's provider, the token that clones it and posts pull-request results, and its webhook"
	     " secret (stored sealed; an absent field is kept, null clears it)", "Org admin role required", 0 },
	{ SRV_DELETE, "/repositories/{repo_id}/integration", integration_delete, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0,
	  0, 0, "Forget the repository's token and webhook secret", "Org admin role required", 0 },
	{ SRV_GET, "/pr-reviews", reviews, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "Pull-request reviews, newest first: what was scanned, the scan, its gate verdict, its new findings"
	  " (repo_id, pr_number, skip, limit)", NULL, 0 },
	{ 0 },
};
