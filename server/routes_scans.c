/* server/routes_scans.c - GET /scans, GET /scans/{scan_id}, GET /scans/{scan_id}/issues */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "scan/provider.h"
#include "scan/seal.h"
#include "scan/jobs.h"
#include "scan/location.h"

#define SCANS_PAGE 100
#define SCANS_PAGE_MAX 1000
#define ISSUES_PAGE 1000
#define ISSUES_PAGE_MAX 10000

/* A scan as spec 2.1 has it, and what the server adds (branch, commit, pull request, a queued scan's progress). */
static void write_scan(scan_json *w, const scan_scan_record *s, bool with_job)
{
	scan_json_open(w, NULL, '{');
	scan_json_int(w, "id", s->id);
	scan_json_int(w, "repo_id", s->repo_id);
	scan_json_str(w, "repo_name", s->repo_name);
	scan_json_int(w, "org_id", s->org_id);
	scan_json_str(w, "status", s->status);
	scan_json_str(w, "scan_type", s->scan_type);
	scan_json_int(w, "issues_count", s->issues_count);
	scan_json_str(w, "branch", s->branch);
	scan_json_str(w, "commit", s->commit);
	scan_json_id(w, "pr_number", s->pr_number);
	scan_json_bool(w, "is_baseline_scan", s->is_baseline_scan);
	scan_json_time(w, "created_at", s->created_at);
	if (s->completed_at)
		scan_json_time(w, "completed_at", s->completed_at);
	if (with_job && s->job_id) {
		scan_json_int(w, "progress", s->job_progress);
		scan_json_int(w, "attempts", s->job_attempts);
		if (s->job_error)
			scan_json_str(w, "error", s->job_error);
	}
	scan_json_close(w, '}');
}

static int list(srv_req *r)
{
	scan_scan_list *l = NULL;
	size_t skip, limit;
	int64_t org;
	scan_json w;
	int rc;

	if (!srv_paging(r, &skip, &limit, SCANS_PAGE, SCANS_PAGE_MAX) || !srv_target_org(r, &org))
		return r->status;
	if ((rc = scan_store_scans_page(&l, srv_store(r), org, 0, skip, limit)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_scan_list_count(l); i++)
		write_scan(&w, scan_scan_list_get(l, i), false);
	scan_json_close(&w, ']');
	scan_scan_list_free(l);
	return srv_json_end(r, &w);
}

static int get(srv_req *r)
{
	int64_t id = srv_param_id(r, "scan_id");
	scan_scan_list *l = NULL;
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_scan_get(&l, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scan not found") : srv_lib_error(r, rc);
	/* A scan the API queued has a job: its progress, and why it failed. */
	srv_json_begin(r, &w, 200);
	write_scan(&w, scan_scan_list_get(l, 0), true);
	scan_scan_list_free(l);
	return srv_json_end(r, &w);
}

/* A branch name as git allows it, and never one a command line could take for an option. */
/* The spec's tier: "80", or 80; a whole number from 0 to 100. */
static bool tier_parse(const cJSON *v, long *out)
{
	char *end;

	if (cJSON_IsNumber(v)) {
		if (v->valuedouble < 0 || v->valuedouble > 100 || v->valuedouble != floor(v->valuedouble))
			return false;
		*out = (long)v->valuedouble;
		return true;
	}
	if (!*v->valuestring || *v->valuestring < '0' || *v->valuestring > '9')
		return false;
	*out = strtol(v->valuestring, &end, 10);
	return !*end && *out >= 0 && *out <= 100;
}

/* The provider token of the request, sealed under the workers' key; false after a 422. */
static bool repo_token(srv_req *r, const scan_repo_record *repo, char **sealed)
{
	const char *header, *token = srv_provider_token(r, repo->source, &header);

	*sealed = NULL;
	if (!token || strncmp(repo->url, "https://", 8))
		return true; /* a public repository, or a local one: nothing to carry */
	if (!scan_provider_token_valid(token)) {
		srv_error(r, 422, "The %s header must hold 1 to %d printable characters without spaces", header,
		          SCAN_PROVIDER_TOKEN_MAX);
		return false;
	}
	if (scan_seal(sealed, r->s->token_key, token) != 0) {
		srv_lib_error(r, SCAN_EIO);
		return false;
	}
	return true;
}

static int trigger(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id"), scan_id;
	const char *type = "smart", *branch = NULL;
	const cJSON *tier = NULL;
	const srv_field fields[] = {
		{ "type", SRV_F_STRING, false, true, &type, NULL },
		{ "tier", SRV_F_SCALAR, false, true, &tier, NULL },
		{ "branch", SRV_F_STRING, false, true, &branch, NULL },
		{ 0 },
	};
	scan_repo_list *repos = NULL;
	scan_scan_list *sl = NULL;
	const scan_repo_record *repo = NULL;
	cJSON *body = NULL;
	scan_json w;
	char *sealed = NULL;
	long t = 80;
	int rc;

	if (!repo_id)
		return r->status;
	/* The body is optional: no body is {"type": "smart", "tier": "80"}. */
	if (r->body.size && (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the scan request")))
		goto done;
	if (strcmp(type, "smart") && strcmp(type, "deep")) {
		srv_error(r, 422, "Field 'type' must be smart or deep");
		goto done;
	}
	if (tier && !tier_parse(tier, &t)) {
		srv_error(r, 422, "Field 'tier' must be a confidence threshold from 0 to 100");
		goto done;
	}
	if (branch && !scan_branch_name_ok(branch)) {
		srv_error(r, 422, "Field 'branch' is not a branch name");
		goto done;
	}
	if ((rc = scan_store_repos(&repos, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	for (size_t i = 0; i < scan_repo_list_count(repos); i++)
		if (scan_repo_list_get(repos, i)->id == repo_id)
			repo = scan_repo_list_get(repos, i);
	if (!repo) {
		srv_error(r, 404, "Repository not found");
		goto done;
	}
	/* A private repository's clone needs the caller's token: sealed for the worker, gone when the job ends. */
	if (!repo_token(r, repo, &sealed))
		goto done;
	if ((rc = scan_store_job_enqueue(&scan_id, srv_store(r), r->who.org, repo_id, repo->url, branch, type, (int)t,
	                                 sealed)) != 0 ||
	    (rc = scan_store_scan_get(&sl, srv_store(r), r->who.org, scan_id)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	write_scan(&w, scan_scan_list_get(sl, 0), true);
	srv_json_end(r, &w);
done:
	free(sealed);
	scan_scan_list_free(sl);
	scan_repo_list_free(repos);
	cJSON_Delete(body);
	return r->status;
}

static int issues(srv_req *r)
{
	int64_t id = srv_param_id(r, "scan_id");
	scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
	scan_scan_list *sl = NULL;
	scan_finding_list *l = NULL;
	size_t skip, limit;
	scan_json w;
	int rc;

	if (!id || !srv_paging(r, &skip, &limit, ISSUES_PAGE, ISSUES_PAGE_MAX))
		return r->status;
	/* The scan first: another organization's scan is not found, whatever its findings. */
	if ((rc = scan_store_scan_get(&sl, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scan not found") : srv_lib_error(r, rc);
	scan_scan_list_free(sl);
	flt.offset = skip;
	flt.limit = limit;
	if ((rc = scan_store_findings(&l, srv_store(r), r->who.org, id, &flt)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_finding_list_count(l); i++)
		scan_finding_json(&w, scan_finding_list_get(l, i));
	scan_json_close(&w, ']');
	/* Spec 4.1: advice for the read's top issues that lack it, asked in the background; a later read shows it. */
	srv_enrich_offer(r->s, r->who.org, l);
	scan_finding_list_free(l);
	return srv_json_end(r, &w);
}

srv_family srv_routes_scans = {
	{ SRV_GET, "/scans", list, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "The organization's scans, newest first (skip, limit; org_id for a super admin)", NULL, SRV_ROUTE_CROSS_TENANT },
	{ SRV_GET, "/scans/{scan_id}", get, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0, "One scan", NULL, 0 },
	{ SRV_GET, "/scans/{scan_id}/issues", issues, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "A scan's findings (skip, limit); starts AI remediation advice for the top 5 lacking any", NULL, 0 },
	{ SRV_POST, "/scans/trigger/{repo_id}", trigger, SRV_AUTH_ANY, SCAN_ROLE_MEMBER, SRV_SCOPE_WRITE_SCANS, 4096,
	  SRV_RATE_TRIGGER, "Queue a scan of a repository (type smart or deep, tier, branch): a pending scan", NULL, 0 },
	{ 0 },
};
