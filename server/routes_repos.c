/* server/routes_repos.c - GET /repositories, DELETE /repositories/{repo_id} */
#include "core.h"

static int list(srv_req *r)
{
	scan_repo_list *l = NULL;
	scan_json w;
	int rc;

	if ((rc = scan_store_repos(&l, srv_store(r), r->who.org)) != 0)
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
	  "The organization's repositories with their latest scan", NULL },
	{ SRV_DELETE, "/repositories/{repo_id}", delete_repo, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Delete a repository with its scans, issues, dependencies and baseline", "Org admin role required" },
	{ 0 },
};
