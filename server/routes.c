/* server/routes.c - the route table: every family, one line each */
#include "core.h"

extern srv_family srv_routes_status, srv_routes_auth, srv_routes_keys, srv_routes_scans, srv_routes_repos,
	srv_routes_quality, srv_routes_coverage, srv_routes_security,
	srv_routes_reports, srv_routes_compliance, srv_routes_ai, srv_routes_schedules, srv_routes_webhooks,
	srv_routes_notify;

/*
 * Dispatch, the OpenAPI document and the test that every route is
 * exercised all read this table: a new route family is its file and a
 * line here.
 */
const srv_route *const srv_families[] = {
	srv_routes_status,
	srv_routes_auth,
	srv_routes_keys,
	srv_routes_scans,
	srv_routes_repos,
	srv_routes_quality,
	srv_routes_coverage,
	srv_routes_security,
	srv_routes_reports,
	srv_routes_compliance,
	srv_routes_ai,
	srv_routes_schedules,
	srv_routes_webhooks,
	srv_routes_notify,
	NULL,
};
