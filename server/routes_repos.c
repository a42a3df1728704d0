/* server/routes_repos.c - GET /repositories, POST /repositories/bulk, DELETE /repositories/{repo_id} */
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "scan/location.h"
#include "scan/map.h"
#include "scan/provider.h"

/* One request imports at most this many: an organization's list from a provider, page by page. */
#define IMPORT_MAX 100

static int list(srv_req *r)
{
	scan_repo_list *l = NULL;
	int64_t org;
	scan_json w;
	int rc;

	if (!srv_target_org(r, &org))
		return r->status;
	if ((rc = scan_store_repos(&l, srv_store(r), org)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_repo_list_count(l); i++) {
		const scan_repo_record *p = scan_repo_list_get(l, i);
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "id", p->id);
		scan_json_str(&w, "name", p->name);
		scan_json_str(&w, "url", p->url);
		scan_json_str(&w, "source", p->source);
		scan_json_int(&w, "total_issues", p->total_issues);
		scan_json_str(&w, "latest_scan_status", p->latest_scan_status);
		scan_json_str(&w, "latest_scan_type", p->latest_scan_type);
		scan_json_str(&w, "default_branch", p->default_branch);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_repo_list_free(l);
	return srv_json_end(r, &w);
}

static const char *const sources[] = { "github", "gitlab", "bitbucket", "git", "local" };

/* One item of the import, checked: its canonical location and provider. false after a 422 naming it. */
static bool import_item(srv_req *r, const cJSON *o, size_t i, scan_location *loc, scan_repo_import *it)
{
	const char *name = NULL, *url = NULL, *source = NULL;
	const srv_field fields[] = {
		{ "name", SRV_F_STRING, true, false, &name, NULL },
		{ "url", SRV_F_STRING, true, false, &url, NULL },
		{ "source", SRV_F_STRING, false, true, &source, NULL },
		{ 0 },
	};
	scan_location_policy policy = { srv_cfg(r)->allow_local_repos != 0, srv_cfg(r)->git_hosts };
	char where[32];
	size_t k;

	snprintf(where, sizeof(where), "repository %zu", i + 1);
	if (!srv_read_fields(r, o, fields, where))
		return false;
	if (!*name || strlen(name) > 200 || strpbrk(name, "\r\n\t")) {
		srv_error(r, 422, "Field 'name' of %s must be 1 to 200 characters on one line", where);
		return false;
	}
	if (scan_location_check(loc, url, &policy) != 0) {
		srv_error(r, 422, "Field 'url' of %s: %s", where, scan_error_last()->message);
		return false;
	}
	/* The caller knows a self-hosted GitHub or GitLab by its host; the host says the rest. */
	if (source) {
		for (k = 0; k < sizeof(sources) / sizeof(sources[0]) && strcmp(sources[k], source); k++)
			;
		if (k == sizeof(sources) / sizeof(sources[0]) || (!strcmp(source, "local")) != loc->local) {
			srv_error(r, 422, "Field 'source' of %s must be github, gitlab, bitbucket or git for a URL, local for"
			          " a path", where);
			return false;
		}
	}
	it->name = name;
	it->url = loc->url;
	it->source = source ? source : loc->provider;
	return true;
}

static int plan_exceeded(srv_req *r, int64_t count, unsigned limit, size_t adding)
{
	scan_org_list *ol = NULL;
	const char *plan = "free";
	char message[256];
	scan_json w;

	if (scan_store_org_get(&ol, srv_store(r), r->who.org) == 0 && scan_org_list_count(ol))
		plan = scan_plan_name(scan_org_list_get(ol, 0)->plan);
	snprintf(message, sizeof(message), "The %s plan allows %u repositories; the organization has %lld and the"
	         " import adds %zu", plan, limit, (long long)count, adding);
	srv_json_begin(r, &w, 402);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "detail", '{');
	scan_json_str(&w, "error", "plan_upgrade_required");
	scan_json_str(&w, "message", message);
	scan_json_str(&w, "current_plan", plan);
	scan_json_str(&w, "required_plan", !strcmp(plan, "free") ? "team" : "enterprise");
	scan_json_uint(&w, "repository_limit", limit);
	scan_json_int(&w, "repository_count", count);
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	scan_org_list_free(ol);
	return srv_json_end(r, &w);
}

static int bulk_import(srv_req *r)
{
	cJSON *body = NULL;
	const cJSON *o;
	scan_location *locs = NULL;
	scan_repo_import *items = NULL;
	size_t n = 0, created = 0;
	int64_t count = 0;
	unsigned limit = 0;
	scan_json w;
	int rc;

	if (!srv_body_json(r, &body))
		goto done;
	if (!cJSON_IsArray(body) || !(n = (size_t)cJSON_GetArraySize(body)) || n > IMPORT_MAX) {
		srv_error(r, 422, "The body must be an array of 1 to %d repositories {name, url, source}", IMPORT_MAX);
		goto done;
	}
	if (!(locs = calloc(n, sizeof(*locs))) || !(items = calloc(n, sizeof(*items)))) {
		srv_error(r, 500, "Internal error (request %s)", r->id);
		goto done;
	}
	/* Every item is checked before any is added: a bad one adds nothing. */
	n = 0;
	cJSON_ArrayForEach(o, body) {
		if (!import_item(r, o, n, &locs[n], &items[n]))
			goto done;
		n++;
	}
	if ((rc = scan_ops_repos_import(&count, &limit, srv_store(r), r->who.org, items, n)) != 0) {
		if (rc == SCAN_ELIMIT) {
			size_t adding = 0;
			for (size_t i = 0; i < n; i++)
				adding += items[i].id == 0;
			plan_exceeded(r, count, limit, adding);
		} else {
			srv_lib_error(r, rc);
		}
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	for (int pass = 0; pass < 2; pass++) {
		scan_json_open(&w, pass ? "skipped" : "imported", '[');
		for (size_t i = 0; i < n; i++) {
			if (items[i].created == !!pass)
				continue;
			scan_json_open(&w, NULL, '{');
			scan_json_int(&w, "id", items[i].id);
			scan_json_str(&w, "name", items[i].name);
			scan_json_str(&w, "url", items[i].url);
			scan_json_str(&w, "source", items[i].source);
			if (pass)
				scan_json_str(&w, "reason", "already imported");
			scan_json_close(&w, '}');
			created += !pass;
		}
		scan_json_close(&w, ']');
	}
	scan_json_int(&w, "repository_count", count + (int64_t)created);
	if (limit)
		scan_json_uint(&w, "repository_limit", limit);
	else
		scan_json_null(&w, "repository_limit");
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	free(locs);
	free(items);
	cJSON_Delete(body);
	return r->status;
}

static const char *api_url_of(const srv_config *cfg, scan_provider p)
{
	return p == SCAN_PROVIDER_GITHUB ? cfg->github_api_url
	     : p == SCAN_PROVIDER_GITLAB ? cfg->gitlab_api_url
	                                 : cfg->bitbucket_api_url;
}

static int provider_list(srv_req *r)
{
	scan_provider_request req;
	const char *header;
	scan_provider_repo *v = NULL;
	scan_repo_list *known = NULL;
	scan_map urls = SCAN_MAP_INIT;
	size_t n = 0;
	bool truncated = false;
	scan_json w;
	int rc;

	memset(&req, 0, sizeof(req));
	if (scan_provider_parse(&req.provider, srv_param(r, "provider")) != 0)
		return srv_error(r, 404, "Unknown provider: use github, gitlab or bitbucket");
	if (!(req.token = srv_provider_token(r, scan_provider_name(req.provider), &header)))
		return srv_error(r, 400, "The provider token goes in the %s header", header);
	req.api_url = api_url_of(srv_cfg(r), req.provider);
	if ((rc = scan_provider_repos(&v, &n, &truncated, &req)) != 0) {
		/* The provider's answer, not the caller's request or this server, is what failed: 502 unless the token is. */
		if (rc == SCAN_EINVAL)
			srv_error(r, 400, "%s", scan_error_last()->message);
		else if (rc == SCAN_ENOMEM)
			srv_lib_error(r, rc);
		else
			srv_error(r, 502, "%s", scan_error_last()->message);
		goto done;
	}
	if ((rc = scan_store_repos(&known, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	for (size_t i = 0; i < scan_repo_list_count(known); i++)
		if (scan_map_put(&urls, scan_repo_list_get(known, i)->url, NULL, i, NULL) < 0) {
			srv_lib_error(r, SCAN_ENOMEM);
			goto done;
		}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "provider", scan_provider_name(req.provider));
	scan_json_open(&w, "repositories", '[');
	for (size_t i = 0; i < n; i++) {
		scan_location loc;
		size_t at;
		/* What the bulk import would make of the clone URL: the same rule, so the two never disagree. */
		scan_location_policy policy = { false, srv_cfg(r)->git_hosts };
		bool importable = scan_location_check(&loc, v[i].clone_url, &policy) == 0;
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "name", v[i].name);
		scan_json_str(&w, "full_name", v[i].full_name);
		scan_json_str(&w, "url", importable ? loc.url : v[i].clone_url);
		scan_json_str(&w, "source", scan_provider_name(req.provider));
		scan_json_bool(&w, "private", v[i].is_private);
		scan_json_str(&w, "default_branch", v[i].default_branch);
		scan_json_bool(&w, "imported", importable && scan_map_get(&urls, loc.url, NULL, &at));
		scan_json_bool(&w, "importable", importable);
		if (!importable)
			scan_json_str(&w, "reason", scan_error_last()->message);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_bool(&w, "truncated", truncated);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	scan_map_dispose(&urls);
	scan_repo_list_free(known);
	scan_provider_repos_free(v, n);
	return r->status;
}

static int delete_repo(srv_req *r)
{
	int64_t id = srv_param_id(r, "repo_id");
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_repo_delete(srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Repository not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Repository deleted with its scans, issues, dependencies and baseline");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

srv_family srv_routes_repos = {
	{ SRV_GET, "/repositories", list, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_REPOS, 0, 0,
	  "The organization's repositories with their latest scan (org_id for a super admin)", NULL,
	  SRV_ROUTE_CROSS_TENANT },
	{ SRV_GET, "/repositories/provider/{provider}", provider_list, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Repositories the caller's provider token can import (token in X-GitHub-Token, X-GitLab-Token or"
	  " X-Bitbucket-Token)", "Org admin role required", 0 },
	{ SRV_POST, "/repositories/bulk", bulk_import, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 1u << 20, 0,
	  "Import repositories (https URLs, or local paths where allowed) within the plan's limit, skipping known ones",
	  "Org admin role required", 0 },
	{ SRV_DELETE, "/repositories/{repo_id}", delete_repo, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Delete a repository with its scans, issues, dependencies and baseline", "Org admin role required", 0 },
	{ 0 },
};
