/* server/routes_scans.c - GET /scans, GET /scans/{scan_id}, GET /scans/{scan_id}/issues */
#include <string.h>
#include "core.h"

#define SCANS_PAGE 100
#define SCANS_PAGE_MAX 1000
#define ISSUES_PAGE 1000
#define ISSUES_PAGE_MAX 10000

/* A scan as spec 2.1 has it, and what the server adds (branch, commit, pull request). */
static void write_scan(scan_json *w, const scan_scan_record *s)
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
	scan_json_close(w, '}');
}

static int list(srv_req *r)
{
	scan_scan_list *l = NULL;
	size_t skip, limit;
	scan_json w;
	int rc;

	if (!srv_paging(r, &skip, &limit, SCANS_PAGE, SCANS_PAGE_MAX))
		return r->status;
	if ((rc = scan_store_scans_page(&l, srv_store(r), r->who.org, 0, skip, limit)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_scan_list_count(l); i++)
		write_scan(&w, scan_scan_list_get(l, i));
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
	srv_json_begin(r, &w, 200);
	write_scan(&w, scan_scan_list_get(l, 0));
	scan_scan_list_free(l);
	return srv_json_end(r, &w);
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
	scan_finding_list_free(l);
	return srv_json_end(r, &w);
}

srv_family srv_routes_scans = {
	{ SRV_GET, "/scans", list, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "The organization's scans, newest first (skip, limit)", NULL },
	{ SRV_GET, "/scans/{scan_id}", get, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0, "One scan", NULL },
	{ SRV_GET, "/scans/{scan_id}/issues", issues, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "A scan's findings (skip, limit)", NULL },
	{ 0 },
};
