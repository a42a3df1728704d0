/* server/routes_reports.c - GET /reports/{repo_id}/download, /reports/scans/{scan_id}/download (spec 4.1) */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "scan/report.h"

/*
 * The file name offered for the download: only [A-Za-z0-9._-] of the
 * repository's name survive, so no name - quotes, line breaks, a path -
 * can end the header or leave the download directory.
 */
static void file_name(char *out, size_t outlen, const char *repo, int64_t scan_id)
{
	char safe[65];
	size_t k = 0;

	for (const char *s = repo ? repo : ""; *s && k + 1 < sizeof(safe); s++) {
		char c = *s;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
		if (ok || (c == '.' && k > 0))
			safe[k++] = c;
		else if (k && safe[k - 1] != '_')
			safe[k++] = '_';
	}
	safe[k] = '\0';
	snprintf(out, outlen, "rampart-%s%sscan-%lld.pdf", safe, k ? "-" : "", (long long)scan_id);
}

static int render(srv_req *r, int64_t scan_id)
{
	scan_scan_list *sl = NULL;
	scan_finding_list *fl = NULL;
	scan_gate_report *gate = NULL;
	scan_report_input in;
	const scan_scan_record *sc;
	char name[128], disposition[192];
	int rc;

	if ((rc = scan_store_scan_get(&sl, srv_store(r), r->who.org, scan_id)) != 0 || !scan_scan_list_count(sl)) {
		scan_scan_list_free(sl);
		return rc && rc != SCAN_ENOTFOUND ? srv_lib_error(r, rc) : srv_error(r, 404, "Scan not found");
	}
	sc = scan_scan_list_get(sl, 0);
	if (strcmp(sc->status, "completed")) {
		srv_error(r, 409, "The scan is %s; its report is ready once it completes", sc->status);
		goto done;
	}
	if ((rc = scan_store_findings(&fl, srv_store(r), r->who.org, scan_id, NULL)) != 0 ||
	    ((rc = scan_store_gate_stored(&gate, srv_store(r), r->who.org, scan_id)) != 0 && rc != SCAN_ENOTFOUND)) {
		srv_lib_error(r, rc);
		goto done;
	}
	memset(&in, 0, sizeof(in));
	in.repo_name = sc->repo_name;
	in.repo_url = sc->repo_url;
	in.branch = sc->branch;
	in.commit = sc->commit;
	in.scan_id = sc->id;
	in.scan_type = sc->scan_type;
	in.created_at = sc->created_at;
	in.completed_at = sc->completed_at;
	in.findings = fl;
	in.gate = gate;
	in.generated_at = time(NULL);
	scan_buf_clear(&r->out);
	if ((rc = scan_report_pdf(&r->out, &in)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	r->status = 200;
	r->content_type = "application/pdf";
	file_name(name, sizeof(name), sc->repo_name, scan_id);
	snprintf(disposition, sizeof(disposition), "attachment; filename=\"%s\"", name);
	srv_header(r, "Content-Disposition", disposition);
done:
	scan_gate_report_free(gate);
	scan_finding_list_free(fl);
	scan_scan_list_free(sl);
	return r->status;
}

static int repo_report(srv_req *r)
{
	int64_t repo = srv_param_id(r, "repo_id"), scan_id;
	int rc;

	if (!repo)
		return r->status;
	if ((rc = scan_store_latest_completed(&scan_id, srv_store(r), r->who.org, repo)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "No completed scan of this repository")
		                            : srv_lib_error(r, rc);
	return render(r, scan_id);
}

static int scan_report(srv_req *r)
{
	int64_t id = srv_param_id(r, "scan_id");

	return id ? render(r, id) : r->status;
}

srv_family srv_routes_reports = {
	{ SRV_GET, "/reports/{repo_id}/download", repo_report, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "The PDF report of the repository's latest completed scan", NULL, 0 },
	{ SRV_GET, "/reports/scans/{scan_id}/download", scan_report, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0,
	  0, "The PDF report of one scan: summary, gate verdict with its conditions, findings by severity", NULL, 0 },
	{ 0 },
};
