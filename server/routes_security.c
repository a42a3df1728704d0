/* server/routes_security.c - GET /security/stats (spec 4.1) */
#include <time.h>
#include "core.h"

static int stats(srv_req *r)
{
	scan_security_stats st;
	int64_t org;
	scan_json w;
	int rc;

	if (!srv_target_org(r, &org))
		return r->status;
	if ((rc = scan_store_security_stats(&st, srv_store(r), org, time(NULL))) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "total_vulnerabilities", st.total);
	scan_json_uint(&w, "critical", st.by_severity[SCAN_SEV_CRITICAL]);
	scan_json_uint(&w, "high", st.by_severity[SCAN_SEV_HIGH]);
	scan_json_uint(&w, "medium", st.by_severity[SCAN_SEV_MEDIUM]);
	scan_json_uint(&w, "low", st.by_severity[SCAN_SEV_LOW]);
	scan_json_int(&w, "compliance_score", st.compliance_score);
	scan_json_uint(&w, "secrets_detected", st.secrets);
	scan_json_open(&w, "vulnerabilities_by_type", '[');
	for (size_t i = 0; i < st.ntypes; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "name", st.by_type[i].name);
		scan_json_uint(&w, "count", st.by_type[i].count);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "history", '[');
	for (size_t i = 0; i < st.nhistory; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "date", st.history[i].date);
		scan_json_uint(&w, "issues", st.history[i].issues);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_bool(&w, "has_scans", st.has_scans);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

srv_family srv_routes_security = {
	{ SRV_GET, "/security/stats", stats, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "Findings of each repository's latest scan by severity and type, the compliance score, 30 days of history"
	  " (org_id for a super admin)", NULL, SRV_ROUTE_CROSS_TENANT },
	{ 0 },
};
