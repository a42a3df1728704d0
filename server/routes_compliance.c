/* server/routes_compliance.c - spec §4.5: frameworks, the selection, not-applicable controls, custom frameworks, scores, trends; the audit log's read */
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "scan/ops.h"

#define ADMIN "Org admin role required"
#define AUDIT_LIMIT_MAX 1000

/* The caller's organization's plan; false after a 500. */
static bool org_plan(srv_req *r, scan_plan *plan)
{
	scan_org_list *l = NULL;
	int rc;

	if ((rc = scan_store_org_get(&l, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		return false;
	}
	*plan = scan_org_list_get(l, 0)->plan;
	scan_org_list_free(l);
	return true;
}


static bool config(srv_req *r, scan_compliance_config *c)
{
	int rc;

	if ((rc = scan_store_compliance_config(c, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		return false;
	}
	return true;
}

static int frameworks(srv_req *r)
{
	scan_compliance_config c;
	const scan_framework **all = NULL;
	scan_plan plan;
	scan_json w;
	size_t n;
	int rc;

	if (!org_plan(r, &plan) || !config(r, &c))
		return r->status;
	if ((rc = scan_ops_compliance_all(&all, &n, &c)) != 0) {
		scan_compliance_config_dispose(&c);
		return srv_lib_error(r, rc);
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "available", '[');
	for (size_t i = 0; i < n; i++) {
		const scan_compliance_disabled *d = scan_compliance_config_disabled(&c, all[i]->key);
		scan_compliance_framework_json(&w, NULL, all[i], scan_ops_compliance_enabled(&c, all[i], plan), plan,
		                               d ? d->count : 0);
	}
	scan_json_close(&w, ']');
	scan_compliance_selection_json(&w, c.all_enabled, c.enabled, c.nenabled);
	scan_json_str(&w, "plan", scan_plan_name(plan));
	/* The earlier shape: the frameworks in force, by key and name. */
	scan_json_open(&w, "frameworks", '[');
	for (size_t i = 0; i < n; i++) {
		if (!scan_ops_compliance_enabled(&c, all[i], plan))
			continue;
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "key", all[i]->key);
		scan_json_str(&w, "name", all[i]->name);
		scan_json_uint(&w, "control_count", all[i]->count);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	free(all);
	scan_compliance_config_dispose(&c);
	return srv_json_end(r, &w);
}

/* Spec §7: 402 with an object detail. */
static int plan_required(srv_req *r, const scan_framework *f, scan_plan plan)
{
	scan_json w;

	srv_json_begin(r, &w, 402);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "detail", '{');
	scan_json_str(&w, "error", "plan_upgrade_required");
	scan_json_str(&w, "message", scan_error_last()->message);
	scan_json_str(&w, "framework_key", f->key);
	scan_json_str(&w, "current_plan", scan_plan_name(plan));
	scan_json_str(&w, "required_plan", scan_plan_name(f->requires_plan));
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* The strings of a JSON array the reader checked, borrowed; *n of them (malloc'd array). */
static const char **strings(const cJSON *a, size_t *n)
{
	const cJSON *e;
	const char **v = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*v));

	*n = 0;
	cJSON_ArrayForEach(e, a)
		if (v)
			v[(*n)++] = e->valuestring;
	return v;
}

static int put_enabled(srv_req *r)
{
	const cJSON *keys = NULL;
	bool has_keys = false;
	const srv_field fields[] = {
		{ "keys", SRV_F_STRINGS, true, true, &keys, &has_keys },
		{ 0 },
	};
	const scan_framework *locked = NULL;
	scan_compliance_config c;
	scan_audit_entry who = srv_actor(r);
	const char **v = NULL;
	cJSON *body = NULL;
	scan_plan plan;
	scan_json w;
	size_t n = 0;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the selection") || !org_plan(r, &plan))
		goto done;
	if (keys && !(v = strings(keys, &n))) {
		srv_error(r, 500, "Internal error (request %s)", r->id);
		goto done;
	}
	rc = scan_ops_compliance_enable(srv_store(r), r->who.org, plan, !keys, v, n, &who, &locked);
	if (rc == SCAN_EPLAN && locked) {
		plan_required(r, locked, plan);
		goto done;
	}
	if (rc) {
		if (rc == SCAN_EINVAL)
			srv_error(r, 400, "%s", scan_error_last()->message);
		else
			srv_lib_error(r, rc);
		goto done;
	}
	if (!config(r, &c))
		goto done;
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", c.all_enabled ? "Every framework is enabled" : "Framework selection saved");
	scan_compliance_selection_json(&w, c.all_enabled, c.enabled, c.nenabled);
	scan_json_close(&w, '}');
	scan_compliance_config_dispose(&c);
	srv_json_end(r, &w);
done:
	free(v);
	cJSON_Delete(body);
	return r->status;
}

static int controls_get(srv_req *r)
{
	scan_compliance_config c;
	scan_compliance_score sc;
	const scan_framework *f;
	int64_t repo_id;
	scan_plan plan;
	scan_json w;
	int rc;

	memset(&sc, 0, sizeof(sc));
	if (!srv_query_id(r, "repo_id", &repo_id) || !org_plan(r, &plan) || !config(r, &c))
		return r->status;
	if (!(f = scan_ops_compliance_find(&c, srv_param(r, "framework_key")))) {
		srv_error(r, 404, "Framework not found");
		goto done;
	}
	/* With a repository, recommendations refined by its latest scan, whether or not the framework is in force. */
	if (repo_id && (rc = scan_ops_compliance_score(&sc, srv_store(r), r->who.org, plan, repo_id, 0, f->key,
	                                               SCAN_COMPLIANCE_REFINE | SCAN_COMPLIANCE_ANY_KEY, time(NULL))) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Repository not found");
		else if (rc == SCAN_EINVAL)
			srv_error(r, 400, "%s", scan_error_last()->message);
		else
			srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_compliance_controls_json(&w, NULL, f, scan_ops_compliance_enabled(&c, f, plan),
	                              scan_compliance_config_disabled(&c, f->key), sc.report);
	srv_json_end(r, &w);
done:
	scan_compliance_score_dispose(&sc);
	scan_compliance_config_dispose(&c);
	return r->status;
}

static int controls_put(srv_req *r)
{
	const cJSON *disabled = NULL;
	const srv_field fields[] = {
		{ "disabled", SRV_F_STRINGS, true, false, &disabled, NULL },
		{ 0 },
	};
	scan_audit_entry who = srv_actor(r);
	const char *key = srv_param(r, "framework_key");
	const char **v = NULL;
	cJSON *body = NULL;
	scan_json w;
	size_t n = 0;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the controls"))
		goto done;
	if (!(v = strings(disabled, &n))) {
		srv_error(r, 500, "Internal error (request %s)", r->id);
		goto done;
	}
	if ((rc = scan_ops_compliance_disable(srv_store(r), r->who.org, key, v, n, &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Framework not found");
		else if (rc == SCAN_EINVAL)
			srv_error(r, 400, "%s", scan_error_last()->message);
		else
			srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", n ? "Controls marked not applicable" : "Every control is applicable");
	scan_json_str(&w, "framework_key", key);
	scan_json_open(&w, "disabled", '[');
	for (size_t i = 0; i < n; i++)
		scan_json_str(&w, NULL, v[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	free(v);
	cJSON_Delete(body);
	return r->status;
}

static int custom_add(srv_req *r)
{
	scan_audit_entry who = srv_actor(r);
	scan_framework_set *fw = NULL;
	cJSON *body = NULL;
	scan_json w;
	int64_t id;
	int rc;

	/* The strict reader bounds depth and refuses duplicate members; the framework reader checks the rest. */
	if (!srv_body_json(r, &body))
		goto done;
	if (!cJSON_IsObject(body)) {
		srv_error(r, 422, "The body must be a framework object");
		goto done;
	}
	if ((rc = scan_ops_compliance_custom_add(&id, &fw, srv_store(r), r->who.org, r->body.ptr, r->body.size,
	                                         &who)) != 0) {
		if (rc == SCAN_EEXIST)
			srv_error(r, 409, "%s", scan_error_last()->message);
		else
			srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Custom framework created");
	scan_json_int(&w, "id", id);
	scan_json_str(&w, "key", scan_framework_set_get(fw, 0)->key);
	scan_json_str(&w, "name", scan_framework_set_get(fw, 0)->name);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	scan_framework_set_free(fw);
	cJSON_Delete(body);
	return r->status;
}

static int custom_list(srv_req *r)
{
	scan_compliance_config c;
	scan_json w;

	if (!config(r, &c))
		return r->status;
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "frameworks", '[');
	for (size_t i = 0; i < scan_framework_set_count(c.custom); i++)
		scan_compliance_custom_json(&w, NULL, scan_framework_set_get(c.custom, i));
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_compliance_config_dispose(&c);
	return srv_json_end(r, &w);
}

static int custom_remove(srv_req *r)
{
	scan_audit_entry who = srv_actor(r);
	scan_json w;
	int rc;

	if ((rc = scan_ops_compliance_custom_remove(srv_store(r), r->who.org, srv_param(r, "framework_key"), &who)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Framework not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Custom framework deleted");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* The framework query parameter: NULL when absent. */
static bool framework_query(srv_req *r, char *buf, size_t n, const char **out)
{
	*out = NULL;
	if (!srv_query(r, "framework", buf, n))
		return true;
	if (!*buf) {
		srv_error(r, 422, "Query parameter 'framework' must name a framework");
		return false;
	}
	*out = buf;
	return true;
}

static int score_error(srv_req *r, int rc)
{
	if (rc == SCAN_ENOTFOUND)
		return srv_error(r, 404, "Repository not found");
	if (rc == SCAN_EINVAL)
		return srv_error(r, 400, "%s", scan_error_last()->message);
	return srv_lib_error(r, rc);
}

static int score(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	scan_compliance_score sc;
	const char *key;
	char buf[80];
	scan_plan plan;
	scan_json w;
	int rc;

	if (!repo_id || !framework_query(r, buf, sizeof(buf), &key) || !org_plan(r, &plan))
		return r->status;
	if ((rc = scan_ops_compliance_score(&sc, srv_store(r), r->who.org, plan, repo_id, 0, key, SCAN_COMPLIANCE_REFINE,
	                                    time(NULL))) != 0)
		return score_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_compliance_report_json(&w, NULL, sc.report);
	scan_compliance_score_dispose(&sc);
	return srv_json_end(r, &w);
}

static int trend(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id"), days = 90;
	scan_compliance_trend t;
	const char *key;
	char buf[80];
	scan_plan plan;
	scan_json w;
	int rc;

	if (!repo_id || !framework_query(r, buf, sizeof(buf), &key) || !srv_query_id(r, "days", &days) ||
	    !org_plan(r, &plan))
		return r->status;
	if (!days)
		days = 90;
	if (days > 3650)
		return srv_error(r, 422, "Query parameter 'days' must be 1 to 3650");
	if ((rc = scan_ops_compliance_trend(&t, srv_store(r), r->who.org, plan, repo_id, key, (int)days, time(NULL))) != 0)
		return score_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "repo_id", repo_id);
	scan_json_str(&w, "framework", key);
	scan_json_int(&w, "days", days);
	scan_json_open(&w, "points", '[');
	for (size_t i = 0; i < t.count; i++)
		scan_compliance_trend_point_json(&w, NULL, &t.points[i], t.frameworks, t.nframeworks);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_compliance_trend_dispose(&t);
	return srv_json_end(r, &w);
}

static int audit_log(srv_req *r)
{
	scan_audit_list *l = NULL;
	size_t skip, limit;
	scan_json w;
	int rc;

	if (!srv_paging(r, &skip, &limit, 100, AUDIT_LIMIT_MAX))
		return r->status;
	if ((rc = scan_store_audit(&l, srv_store(r), r->who.org, skip + limit)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "entries", '[');
	for (size_t i = skip; i < scan_audit_list_count(l); i++)
		scan_audit_entry_json(&w, NULL, scan_audit_list_get(l, i));
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_audit_list_free(l);
	return srv_json_end(r, &w);
}

#define READ (SRV_AUTH_ANY)

srv_family srv_routes_compliance = {
	{ SRV_GET, "/compliance/frameworks", frameworks, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "Every framework the organization sees: enabled, plan-locked, and the selection", NULL, 0 },
	{ SRV_PUT, "/compliance/frameworks/enabled", put_enabled, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 16384, 0,
	  "Set the enabled frameworks (keys: a list, [] for none, null for every framework)", ADMIN, 0 },
	{ SRV_GET, "/compliance/frameworks/{framework_key}/controls", controls_get, READ, SCAN_ROLE_VIEWER,
	  SRV_SCOPE_READ_SCANS, 0, 0, "A framework's controls (repo_id: recommendations refined by its latest scan)",
	  NULL, 0 },
	{ SRV_PUT, "/compliance/frameworks/{framework_key}/controls", controls_put, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN,
	  0, 65536, 0, "Replace the framework's not-applicable controls", ADMIN, 0 },
	{ SRV_POST, "/compliance/custom-frameworks", custom_add, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 262144, 0,
	  "Create an organization framework with its controls and pass conditions", ADMIN, 0 },
	{ SRV_GET, "/compliance/custom-frameworks", custom_list, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "The organization's own frameworks", NULL, 0 },
	{ SRV_DELETE, "/compliance/custom-frameworks/{framework_key}", custom_remove, SRV_AUTH_PERSON,
	  SCAN_ROLE_ORG_ADMIN, 0, 0, 0, "Delete an organization framework (it leaves the selection)", ADMIN, 0 },
	{ SRV_GET, "/compliance/score/{repo_id}", score, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "Scores of the enabled frameworks on the repository's latest default-branch scan (framework: one)", NULL, 0 },
	{ SRV_GET, "/compliance/trend/{repo_id}", trend, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "The score at each completed default-branch scan of the last days (framework, days)", NULL, 0 },
	{ SRV_GET, "/audit-log", audit_log, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "The organization's audit log, newest first (skip, limit)", ADMIN, 0 },
	{ 0 },
};
