/* server/routes_schedules.c - spec §4.3: scheduled scans, for signed-in people only */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "scan/ops.h"

#define HISTORY_LIMIT_MAX 500

static void write_schedule(scan_json *w, const scan_schedule *s, const char *zone)
{
	scan_json_open(w, NULL, '{');
	scan_json_id(w, "id", s->id);
	scan_json_id(w, "repo_id", s->repo_id);
	scan_json_str(w, "repository", s->repo_name);
	scan_json_str(w, "cron_expression", s->cron_expression);
	scan_json_str(w, "scan_type", s->scan_type);
	scan_json_bool(w, "is_active", s->is_active);
	scan_json_time(w, "last_run", s->last_run);
	scan_json_time(w, "next_run", s->next_run);
	scan_json_int(w, "run_count", s->run_count);
	scan_json_bool(w, "trigger_on_push", s->trigger_on_push);
	scan_json_str(w, "trigger_branch", s->trigger_branch);
	scan_json_str(w, "timezone", zone);
	scan_json_time(w, "created_at", s->created_at);
	scan_json_time(w, "updated_at", s->updated_at);
	scan_json_close(w, '}');
}

/* The organization's zone, for the records (the cron expression is read in it). */
static bool org_zone(srv_req *r, char *out, size_t cap)
{
	scan_org_list *l = NULL;
	int rc;

	if ((rc = scan_store_org_get(&l, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		return false;
	}
	snprintf(out, cap, "%s", scan_org_list_get(l, 0)->timezone ? scan_org_list_get(l, 0)->timezone : "UTC");
	scan_org_list_free(l);
	return true;
}

/* One schedule of the organization as the response. */
static int respond_one(srv_req *r, int status, int64_t id)
{
	scan_schedule_list *l = NULL;
	char zone[64];
	scan_json w;
	int rc;

	if (!org_zone(r, zone, sizeof(zone)))
		return r->status;
	if ((rc = scan_store_schedule_get(&l, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scheduled scan not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, status);
	write_schedule(&w, scan_schedule_list_get(l, 0), zone);
	scan_schedule_list_free(l);
	return srv_json_end(r, &w);
}

static int list(srv_req *r)
{
	scan_schedule_list *l = NULL;
	int64_t repo_id = 0;
	char zone[64];
	scan_json w;
	int rc;

	if (!srv_query_id(r, "repo_id", &repo_id) || !org_zone(r, zone, sizeof(zone)))
		return r->status;
	if ((rc = scan_store_schedules(&l, srv_store(r), r->who.org, repo_id)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_schedule_list_count(l); i++)
		write_schedule(&w, scan_schedule_list_get(l, i), zone);
	scan_json_close(&w, ']');
	scan_schedule_list_free(l);
	return srv_json_end(r, &w);
}

static void write_estimate(scan_json *w, const scan_schedule_estimate *e, const char *cron, const char *type,
                           bool active)
{
	scan_json_str(w, "cron_expression", cron);
	scan_json_str(w, "scan_type", type);
	scan_json_bool(w, "is_active", active);
	scan_json_str(w, "timezone", e->timezone);
	scan_json_int(w, "runs_per_month", e->runs_per_month);
	if (e->min_interval_minutes)
		scan_json_uint(w, "min_interval_minutes", e->min_interval_minutes);
	else
		scan_json_null(w, "min_interval_minutes");
	scan_json_uint(w, "units_per_run", e->units_per_run);
	scan_json_int(w, "projected_units", e->projected_units);
	scan_json_int(w, "other_schedules_units", e->other_units);
	scan_json_int(w, "total_units", e->projected_units + e->other_units);
	scan_json_str(w, "plan", scan_plan_name(e->plan));
	scan_json_open(w, "plan_limits", '{');
	scan_json_uint(w, "min_interval_minutes", e->limits.min_interval_minutes);
	if (e->limits.monthly_units)
		scan_json_int(w, "monthly_units", e->limits.monthly_units);
	else
		scan_json_null(w, "monthly_units");
	scan_json_close(w, '}');
	scan_json_bool(w, "within_plan", e->within_plan);
	if (e->within_plan) {
		scan_json_null(w, "reason");
		scan_json_null(w, "required_plan");
	} else {
		scan_json_str(w, "reason", e->reason);
		if (e->required_plan >= 0)
			scan_json_str(w, "required_plan", scan_plan_name((scan_plan)e->required_plan));
		else
			scan_json_null(w, "required_plan");
	}
	scan_json_open(w, "next_runs", '[');
	for (size_t i = 0; i < e->nnext; i++)
		scan_json_time(w, NULL, e->next_runs[i]);
	scan_json_close(w, ']');
}

/* Over the plan: 402 with the plan object of spec §7 when a bigger plan allows it, else 422. */
static int over_plan(srv_req *r, const scan_schedule_estimate *e)
{
	scan_json w;

	if (e->required_plan < 0)
		return srv_error(r, 422, "%s, and no plan runs it", e->reason);
	srv_json_begin(r, &w, 402);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "detail", '{');
	scan_json_str(&w, "error", "plan_upgrade_required");
	scan_json_str(&w, "message", e->reason);
	scan_json_str(&w, "current_plan", scan_plan_name(e->plan));
	scan_json_str(&w, "required_plan", scan_plan_name((scan_plan)e->required_plan));
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* A library error of a change: the spec's words where it has them. */
static int change_error(srv_req *r, int rc, const scan_schedule_estimate *e)
{
	switch (rc) {
	case SCAN_EINVAL:
		return srv_error(r, 422, "%s", scan_error_last()->message);
	case SCAN_ELIMIT:
		return over_plan(r, e);
	case SCAN_EEXIST:
		return srv_error(r, 409, "%s", scan_error_last()->message);
	case SCAN_ENOTFOUND:
		return srv_error(r, 404, "%s", scan_error_last()->message);
	default:
		return srv_lib_error(r, rc);
	}
}

/*
 * The create fields over s (the defaults, or the schedule as stored for a
 * PATCH): a field that is absent keeps its value. false after a 4xx.
 */
static bool read_schedule(srv_req *r, scan_schedule *s, bool create, cJSON **body)
{
	int64_t repo_id = s->repo_id;
	bool active = s->is_active, push = s->trigger_on_push, has_repo = false;
	const char *cron = s->cron_expression, *type = s->scan_type, *branch = s->trigger_branch;
	srv_field fields[] = {
		{ "repo_id", SRV_F_INT, create, false, &repo_id, &has_repo },
		{ "cron_expression", SRV_F_STRING, false, false, &cron, NULL },
		{ "scan_type", SRV_F_STRING, false, false, &type, NULL },
		{ "is_active", SRV_F_BOOL, false, false, &active, NULL },
		{ "trigger_on_push", SRV_F_BOOL, false, false, &push, NULL },
		{ "trigger_branch", SRV_F_STRING, false, false, &branch, NULL },
		{ 0 },
	};

	if (!srv_body_json(r, body) || !srv_read_fields(r, *body, fields, "the scheduled scan"))
		return false;
	if (has_repo && repo_id <= 0) {
		srv_error(r, 422, "Field 'repo_id' must be a repository id");
		return false;
	}
	if (strlen(cron) > SCAN_CRON_MAX_LEN) {
		srv_error(r, 422, "Field 'cron_expression' is longer than %d bytes", SCAN_CRON_MAX_LEN);
		return false;
	}
	s->repo_id = repo_id;
	s->cron_expression = cron;
	s->scan_type = type;
	s->is_active = active;
	s->trigger_on_push = push;
	s->trigger_branch = branch;
	return true;
}

static int create(srv_req *r)
{
	scan_schedule s = { .cron_expression = "0 0 * * *", .scan_type = "smart", .is_active = true,
	                    .trigger_branch = "main" };
	scan_schedule_estimate e;
	cJSON *body = NULL;
	int64_t id = 0;
	int rc;

	s.created_by = r->who.user_id;
	if (read_schedule(r, &s, true, &body)) {
		if ((rc = scan_ops_schedule_save(&id, &e, srv_store(r), r->who.org, &s, time(NULL))) != 0)
			change_error(r, rc, &e);
		else
			respond_one(r, 201, id);
	}
	cJSON_Delete(body);
	return r->status;
}

static int update(srv_req *r)
{
	int64_t id = srv_param_id(r, "schedule_id");
	scan_schedule_list *l = NULL;
	scan_schedule_estimate e;
	scan_schedule s;
	cJSON *body = NULL;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_schedule_get(&l, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scheduled scan not found") : srv_lib_error(r, rc);
	s = *scan_schedule_list_get(l, 0);
	if (read_schedule(r, &s, false, &body)) {
		if ((rc = scan_ops_schedule_save(&id, &e, srv_store(r), r->who.org, &s, time(NULL))) != 0)
			change_error(r, rc, &e);
		else
			respond_one(r, 200, id);
	}
	cJSON_Delete(body);
	scan_schedule_list_free(l);
	return r->status;
}

static int toggle(srv_req *r)
{
	int64_t id = srv_param_id(r, "schedule_id");
	scan_schedule_estimate e;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_ops_schedule_toggle(&e, srv_store(r), r->who.org, id, time(NULL))) != 0)
		return change_error(r, rc, &e);
	return respond_one(r, 200, id);
}

static int remove_one(srv_req *r)
{
	int64_t id = srv_param_id(r, "schedule_id");
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_schedule_delete(srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scheduled scan not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Scheduled scan deleted");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int estimate(srv_req *r)
{
	const char *cron = "0 0 * * *", *type = "smart", *zone = NULL, *from = NULL;
	bool active = true;
	time_t start = time(NULL);
	srv_field fields[] = {
		{ "cron_expression", SRV_F_STRING, false, false, &cron, NULL },
		{ "scan_type", SRV_F_STRING, false, false, &type, NULL },
		{ "is_active", SRV_F_BOOL, false, false, &active, NULL },
		/* A preview: the runs from another instant, or in another zone than the organization's. */
		{ "from", SRV_F_STRING, false, true, &from, NULL },
		{ "timezone", SRV_F_STRING, false, true, &zone, NULL },
		{ 0 },
	};
	scan_schedule_estimate e;
	cJSON *body = NULL;
	scan_json w;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the estimate"))
		goto done;
	if (strlen(cron) > SCAN_CRON_MAX_LEN) {
		srv_error(r, 422, "Field 'cron_expression' is longer than %d bytes", SCAN_CRON_MAX_LEN);
		goto done;
	}
	if (from && scan_time_parse(&start, from) != 0) {
		srv_error(r, 422, "Field 'from' must be an ISO 8601 time");
		goto done;
	}
	if ((rc = scan_ops_schedule_estimate(&e, srv_store(r), r->who.org, cron, type, active, 0, zone, start)) != 0) {
		change_error(r, rc, &e);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	write_estimate(&w, &e, cron, type, active);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	cJSON_Delete(body);
	return r->status;
}

static int history(srv_req *r)
{
	int64_t id = srv_param_id(r, "schedule_id");
	scan_schedule_list *sl = NULL;
	scan_schedule_run_list *l = NULL;
	size_t skip, limit;
	scan_json w;
	int rc;

	if (!id || !srv_paging(r, &skip, &limit, 50, HISTORY_LIMIT_MAX))
		return r->status;
	if ((rc = scan_store_schedule_get(&sl, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Scheduled scan not found") : srv_lib_error(r, rc);
	scan_schedule_list_free(sl);
	if ((rc = scan_store_schedule_runs(&l, srv_store(r), r->who.org, id, skip, limit)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, "schedule_id", id);
	scan_json_open(&w, "executions", '[');
	for (size_t i = 0; i < scan_schedule_run_list_count(l); i++) {
		const scan_schedule_run *x = scan_schedule_run_list_get(l, i);
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "id", x->id);
		scan_json_str(&w, "trigger", x->trigger);
		scan_json_time(&w, "scheduled_for", x->slot);
		scan_json_time(&w, "started_at", x->fired_at);
		scan_json_id(&w, "scan_id", x->scan_id);
		scan_json_str(&w, "status", x->status);
		scan_json_int(&w, "issues_found", x->issues_found);
		if (x->duration_seconds >= 0)
			scan_json_int(&w, "duration_seconds", x->duration_seconds);
		else
			scan_json_null(&w, "duration_seconds");
		if (x->error)
			scan_json_str(&w, "error", x->error);
		else
			scan_json_null(&w, "error");
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_schedule_run_list_free(l);
	return srv_json_end(r, &w);
}

srv_family srv_routes_schedules = {
	{ SRV_GET, "/scheduled-scans", list, SRV_AUTH_PERSON, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "The organization's scheduled scans (repo_id: one repository's)", NULL, 0 },
	{ SRV_POST, "/scheduled-scans", create, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 4096, 0,
	  "Schedule a repository's branch on a five-field cron expression in the organization's time zone", NULL, 0 },
	{ SRV_PATCH, "/scheduled-scans/{schedule_id}", update, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 4096, 0,
	  "Change a schedule (the create fields; an absent field keeps its value)", NULL, 0 },
	{ SRV_POST, "/scheduled-scans/{schedule_id}/toggle", toggle, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 0, 0,
	  "Pause or resume a schedule (resumed: the next slot after now)", NULL, 0 },
	{ SRV_DELETE, "/scheduled-scans/{schedule_id}", remove_one, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 0, 0,
	  "Delete a schedule and its history", NULL, 0 },
	{ SRV_POST, "/scheduled-scans/estimate", estimate, SRV_AUTH_PERSON, SCAN_ROLE_VIEWER, 0, 4096, 0,
	  "What a schedule would cost on the plan: runs a month, units, the shortest gap, the next runs", NULL, 0 },
	{ SRV_GET, "/scheduled-scans/{schedule_id}/history", history, SRV_AUTH_PERSON, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "A schedule's executions, newest first: status, scan, issues found, duration, failure (limit)", NULL, 0 },
	{ 0 },
};
