/* server/routes_status.c - GET /status, GET /health, GET /openapi.json: no credential needed */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "core.h"

static void iso_now(char out[32])
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int status(srv_req *r)
{
	struct timespec t0, t1;
	scan_org_list *l = NULL;
	char ts[32];
	scan_json w;
	bool ok;
	double ms;

	/* One real query: the database answers, and how fast. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ok = scan_store_org_get(&l, srv_store(r), SCAN_STORE_LOCAL_ORG) != SCAN_ESTORE;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	scan_org_list_free(l);
	ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	iso_now(ts);
	srv_json_begin(r, &w, ok ? 200 : 503);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "status", ok ? "healthy" : "unhealthy");
	scan_json_str(&w, "timestamp", ts);
	scan_json_open(&w, "components", '{');
	scan_json_open(&w, "database", '{');
	scan_json_str(&w, "status", ok ? "healthy" : "unhealthy");
	scan_json_num_fmt(&w, "latency_ms", ms, -2);
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int health(srv_req *r)
{
	scan_json w;

	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "status", "healthy");
	scan_json_str(&w, "environment", srv_cfg(r)->environment);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int openapi(srv_req *r)
{
	r->status = 200;
	r->content_type = "application/json";
	if (srv_openapi(&r->out) != 0)
		return srv_error(r, 500, "Internal error (request %s)", r->id);
	return 200;
}

srv_family srv_routes_status = {
	{ SRV_GET, "/status", status, SRV_AUTH_PUBLIC, 0, 0, 0, 0, "Service and database health", NULL, 0 },
	{ SRV_GET, "/health", health, SRV_AUTH_PUBLIC, 0, 0, 0, 0, "Liveness and environment", NULL, 0 },
	{ SRV_GET, "/openapi.json", openapi, SRV_AUTH_PUBLIC, 0, 0, 0, 0, "This API's OpenAPI 3.1 document", NULL, 0 },
	{ 0 },
};
