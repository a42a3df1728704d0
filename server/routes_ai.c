/* server/routes_ai.c - spec §4.6: the AI attack surface (/ai-asm) and the AI bill of materials (/ai-bom) */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "scan/ops.h"

#define ADMIN "Org admin role required"
#define ASSETS_LIMIT_MAX 200
#define LIST_LIMIT_MAX 1000
#define GRAPH_LIMIT_DEFAULT 500
#define GRAPH_LIMIT_MAX 5000

/* A document the library wrote into a buffer, sent as it is. */
static int send_json(srv_req *r, scan_buf *doc)
{
	r->status = 200;
	r->content_type = "application/json";
	scan_buf_clear(&r->out);
	if (scan_buf_put(&r->out, doc->ptr, doc->size))
		return srv_error(r, 500, "Internal error (request %s)", r->id);
	return 200;
}

/* The library's answer: the document, or the error as the API says it. */
static int answer(srv_req *r, int rc, scan_buf *doc, const char *not_found)
{
	if (!rc)
		return send_json(r, doc);
	if (rc == SCAN_ENOTFOUND)
		return srv_error(r, 404, "%s", not_found);
	return srv_lib_error(r, rc);
}

/* An optional query parameter that must be one of values; false after a 422. */
static bool query_enum(srv_req *r, const char *name, const char *const *values, char *buf, size_t n, const char **out)
{
	*out = NULL;
	if (!srv_query(r, name, buf, n))
		return true;
	for (const char *const *v = values; *v; v++)
		if (!strcmp(buf, *v)) {
			*out = buf;
			return true;
		}
	srv_error(r, 422, "Query parameter '%s' is not one of the allowed values", name);
	return false;
}

static const char *const asset_types[] = { "provider", "model", "dataset", "agent_framework", "agent", "mcp_server",
	"mcp_client", "vector_store", "prompt", "model_artifact", "tool", "runtime", NULL };
static const char *const risk_levels[] = { "low", "medium", "high", "critical", NULL };
static const char *const approvals[] = { "unreviewed", "approved", "restricted", "denied", NULL };
static const char *const asset_statuses[] = { "active", "removed", NULL };
static const char *const finding_statuses[] = { "open", "acknowledged", "accepted_risk", "resolved", "dismissed", NULL };
static const char *const owasp_entries[] = { "LLM01", "LLM02", "LLM03", "LLM04", "LLM05", "LLM06", "LLM07", "LLM08",
	"LLM09", "LLM10", NULL };
static const char *const coverage_statuses[] = { "complete", "partial", NULL };

/* ---- capabilities, summary, repositories ---- */

static int capabilities(srv_req *r)
{
	bool person = !r->who.is_key;
	bool admin = person && r->who.role >= SCAN_ROLE_ORG_ADMIN;
	scan_json w;

	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "principal", person ? "user" : "api_key");
	if (person)
		scan_json_str(&w, "role", scan_role_name(r->who.role));
	scan_json_bool(&w, "can_read", person || (r->who.scopes & SRV_SCOPE_READ_FINDINGS));
	scan_json_bool(&w, "can_triage", (person && r->who.role >= SCAN_ROLE_MEMBER) ||
	                                     (!person && (r->who.scopes & SRV_SCOPE_WRITE_FINDINGS)));
	scan_json_bool(&w, "can_approve", admin);
	scan_json_bool(&w, "can_manage_policy", admin);
	scan_json_bool(&w, "can_manage_waivers", admin);
	scan_json_bool(&w, "can_export", person || (r->who.scopes & SRV_SCOPE_READ_FINDINGS));
	scan_json_bool(&w, "can_read_bom", person || (r->who.scopes & SRV_SCOPE_READ_AI_BOM));
	scan_json_bool(&w, "can_declare", admin);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int summary(srv_req *r)
{
	scan_buf doc = SCAN_BUF_INIT;
	int64_t repo_id = 0;
	int rc;

	if (!srv_query_id(r, "repo_id", &repo_id))
		return r->status;
	rc = answer(r, scan_ops_ai_summary_json(&doc, srv_store(r), r->who.org, repo_id), &doc, "Repository not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int repositories(srv_req *r)
{
	scan_buf doc = SCAN_BUF_INIT;
	int rc = answer(r, scan_ops_ai_repositories_json(&doc, srv_store(r), r->who.org), &doc, "Not found");

	scan_buf_dispose(&doc);
	return rc;
}

/* ---- assets ---- */

static int assets(srv_req *r)
{
	char type[32], risk[16], approval[16], status[16], search[201];
	scan_ai_filter f;
	scan_ai_records l;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	if (!srv_query_id(r, "repo_id", &f.repo_id) || !srv_paging(r, &f.skip, &f.limit, 50, ASSETS_LIMIT_MAX) ||
	    !query_enum(r, "asset_type", asset_types, type, sizeof(type), &f.asset_type) ||
	    !query_enum(r, "risk_level", risk_levels, risk, sizeof(risk), &f.risk_level) ||
	    !query_enum(r, "approval_status", approvals, approval, sizeof(approval), &f.approval_status) ||
	    !query_enum(r, "status", asset_statuses, status, sizeof(status), &f.status))
		return r->status;
	if (srv_query(r, "search", search, sizeof(search)))
		f.search = search;
	if ((rc = scan_store_ai_assets(&l, srv_store(r), r->who.org, &f)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "total", l.total);
	scan_json_uint(&w, "skip", f.skip);
	scan_json_uint(&w, "limit", f.limit);
	scan_json_open(&w, "assets", '[');
	for (size_t i = 0; i < l.count; i++)
		scan_ai_asset_record_json(&w, NULL, &l.assets[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_ai_records_dispose(&l);
	return srv_json_end(r, &w);
}

static int asset(srv_req *r)
{
	int64_t id = srv_param_id(r, "asset_id");
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!id)
		return r->status;
	rc = answer(r, scan_ops_ai_asset_json(&doc, srv_store(r), r->who.org, id), &doc, "AI asset not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int approval(srv_req *r)
{
	int64_t id = srv_param_id(r, "asset_id");
	scan_audit_entry who = srv_actor(r);
	const char *status = NULL, *reason = NULL;
	srv_field fields[] = {
		{ "approval_status", SRV_F_STRING, true, false, &status, NULL },
		{ "reason", SRV_F_STRING, false, true, &reason, NULL },
		{ NULL, 0, false, false, NULL, NULL },
	};
	cJSON *body = NULL;
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!id || !srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the approval"))
		goto done;
	if ((rc = scan_ops_ai_approve(srv_store(r), r->who.org, id, status, reason, &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "AI asset not found");
		else
			srv_lib_error(r, rc);
		goto done;
	}
	answer(r, scan_ops_ai_asset_json(&doc, srv_store(r), r->who.org, id), &doc, "AI asset not found");
done:
	cJSON_Delete(body);
	scan_buf_dispose(&doc);
	return r->status;
}

/* ---- findings, runs, graph ---- */

static int findings(srv_req *r)
{
	char severity[16], owasp[8], status[16];
	scan_ai_filter f;
	scan_ai_records l;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	if (!srv_query_id(r, "repo_id", &f.repo_id) || !srv_paging(r, &f.skip, &f.limit, 50, LIST_LIMIT_MAX) ||
	    !query_enum(r, "severity", risk_levels, severity, sizeof(severity), &f.severity) ||
	    !query_enum(r, "owasp_category", owasp_entries, owasp, sizeof(owasp), &f.owasp_category) ||
	    !query_enum(r, "status", finding_statuses, status, sizeof(status), &f.finding_status))
		return r->status;
	if ((rc = scan_store_ai_findings(&l, srv_store(r), r->who.org, &f)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "total", l.total);
	scan_json_open(&w, "findings", '[');
	for (size_t i = 0; i < l.count; i++)
		scan_ai_finding_record_json(&w, NULL, &l.findings[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_ai_records_dispose(&l);
	return srv_json_end(r, &w);
}

static int finding_one(srv_req *r, int64_t id)
{
	scan_ai_filter f;
	scan_ai_records l;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	f.id = id;
	if ((rc = scan_store_ai_findings(&l, srv_store(r), r->who.org, &f)) != 0)
		return srv_lib_error(r, rc);
	if (!l.count) {
		scan_ai_records_dispose(&l);
		return srv_error(r, 404, "AI finding not found");
	}
	srv_json_begin(r, &w, 200);
	scan_ai_finding_record_json(&w, NULL, &l.findings[0]);
	scan_ai_records_dispose(&l);
	return srv_json_end(r, &w);
}

static int finding(srv_req *r)
{
	int64_t id = srv_param_id(r, "finding_id");

	return id ? finding_one(r, id) : r->status;
}

static int triage(srv_req *r)
{
	int64_t id = srv_param_id(r, "finding_id");
	scan_audit_entry who = srv_actor(r);
	const char *status = NULL, *reason = NULL;
	srv_field fields[] = {
		{ "status", SRV_F_STRING, true, false, &status, NULL },
		{ "reason", SRV_F_STRING, false, true, &reason, NULL },
		{ NULL, 0, false, false, NULL, NULL },
	};
	cJSON *body = NULL;
	int rc;

	if (!id || !srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the triage"))
		goto done;
	if ((rc = scan_ops_ai_triage(srv_store(r), r->who.org, id, status, reason, &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "AI finding not found");
		else
			srv_lib_error(r, rc);
		goto done;
	}
	finding_one(r, id);
done:
	cJSON_Delete(body);
	return r->status;
}

static int runs(srv_req *r)
{
	char coverage[16];
	scan_ai_filter f;
	scan_ai_records l;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	if (!srv_query_id(r, "repo_id", &f.repo_id) || !srv_paging(r, &f.skip, &f.limit, 50, LIST_LIMIT_MAX) ||
	    !query_enum(r, "coverage_status", coverage_statuses, coverage, sizeof(coverage), &f.coverage_status))
		return r->status;
	if ((rc = scan_store_ai_runs(&l, srv_store(r), r->who.org, &f)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "total", l.total);
	scan_json_open(&w, "runs", '[');
	for (size_t i = 0; i < l.count; i++)
		scan_ai_run_record_json(&w, NULL, &l.runs[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_ai_records_dispose(&l);
	return srv_json_end(r, &w);
}

static int graph(srv_req *r)
{
	int64_t repo_id = 0, limit = 0;
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!srv_query_id(r, "repo_id", &repo_id) || !srv_query_id(r, "limit", &limit))
		return r->status;
	if (limit > GRAPH_LIMIT_MAX)
		return srv_error(r, 422, "Query parameter 'limit' must be 1 to %d", GRAPH_LIMIT_MAX);
	rc = answer(r, scan_ops_ai_graph_json(&doc, srv_store(r), r->who.org, repo_id,
	                                      limit ? (size_t)limit : GRAPH_LIMIT_DEFAULT), &doc, "Repository not found");
	scan_buf_dispose(&doc);
	return rc;
}

/* ---- policy ---- */

static int policy_read(srv_req *r, int64_t repo_id)
{
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (repo_id) {
		/* an override of a repository of another organization is not found */
		scan_repo_list *l = NULL;
		bool mine = false;
		if ((rc = scan_store_repos(&l, srv_store(r), r->who.org)) != 0)
			return srv_lib_error(r, rc);
		for (size_t i = 0; i < scan_repo_list_count(l); i++)
			mine |= scan_repo_list_get(l, i)->id == repo_id;
		scan_repo_list_free(l);
		if (!mine)
			return srv_error(r, 404, "Repository not found");
	}
	rc = answer(r, scan_ops_ai_policy_json(&doc, srv_store(r), r->who.org, repo_id), &doc, "Repository not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int policy_write(srv_req *r, int64_t repo_id)
{
	scan_audit_entry who = srv_actor(r);
	cJSON *body = NULL;
	long long version;
	int rc;

	/* the strict reader bounds depth and refuses duplicate members; the policy reader checks every field */
	if (!srv_body_json(r, &body))
		return r->status;
	cJSON_Delete(body);
	if ((rc = scan_ops_ai_policy_put(&version, srv_store(r), r->who.org, repo_id, r->body.ptr, r->body.size, -1,
	                                 &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			return srv_error(r, 404, "Repository not found");
		return srv_lib_error(r, rc);
	}
	return policy_read(r, repo_id);
}

static int policy_get(srv_req *r)
{
	return policy_read(r, 0);
}

static int policy_put(srv_req *r)
{
	return policy_write(r, 0);
}

static int repo_policy_get(srv_req *r)
{
	int64_t id = srv_param_id(r, "repo_id");

	return id ? policy_read(r, id) : r->status;
}

static int repo_policy_put(srv_req *r)
{
	int64_t id = srv_param_id(r, "repo_id");

	return id ? policy_write(r, id) : r->status;
}

static int repo_policy_delete(srv_req *r)
{
	int64_t id = srv_param_id(r, "repo_id");
	scan_audit_entry who = srv_actor(r);
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_ops_ai_policy_delete(srv_store(r), r->who.org, id, &who)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "%s", scan_error_last()->message) : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "The repository's override is deleted: it inherits the organization's policy");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* ---- waivers ---- */

static void waiver_json(scan_json *w, const scan_ai_waiver *v, time_t now)
{
	scan_json_open(w, NULL, '{');
	scan_json_id(w, "id", v->id);
	scan_json_str(w, "scope", v->scope);
	scan_json_id(w, "repo_id", v->repo_id);
	scan_json_id(w, "finding_id", v->finding_id);
	scan_json_str(w, "rule_id", v->rule_id);
	scan_json_str(w, "reason", v->reason);
	scan_json_time(w, "expires_at", (long long)v->expires_at);
	scan_json_time(w, "created_at", (long long)v->created_at);
	scan_json_time(w, "revoked_at", (long long)v->revoked_at);
	scan_json_bool(w, "active", !v->revoked_at && v->expires_at > now);
	scan_json_close(w, '}');
}

static int waivers(srv_req *r)
{
	scan_ai_waiver_list l;
	bool active;
	time_t now = time(NULL);
	scan_json w;
	int rc;

	if (!srv_query_bool(r, "active", false, &active))
		return r->status;
	if ((rc = scan_store_ai_waivers(&l, srv_store(r), r->who.org, active, now)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "waivers", '[');
	for (size_t i = 0; i < l.count; i++)
		waiver_json(&w, &l.items[i], now);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_ai_waiver_list_dispose(&l);
	return srv_json_end(r, &w);
}

static int waiver_add(srv_req *r)
{
	scan_audit_entry who = srv_actor(r);
	const char *scope = NULL, *rule = NULL, *reason = NULL, *expires = NULL;
	int64_t repo_id = 0, finding_id = 0, id = 0;
	srv_field fields[] = {
		{ "scope", SRV_F_STRING, true, false, &scope, NULL },
		{ "repo_id", SRV_F_INT, false, true, &repo_id, NULL },
		{ "finding_id", SRV_F_INT, false, true, &finding_id, NULL },
		{ "rule_id", SRV_F_STRING, false, true, &rule, NULL },
		{ "reason", SRV_F_STRING, true, false, &reason, NULL },
		{ "expires_at", SRV_F_STRING, true, false, &expires, NULL },
		{ NULL, 0, false, false, NULL, NULL },
	};
	scan_ai_waiver v;
	scan_ai_waiver_list l;
	cJSON *body = NULL;
	time_t now = time(NULL);
	scan_json w;
	int rc;

	memset(&v, 0, sizeof(v));
	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the waiver"))
		goto done;
	if (scan_time_parse(&v.expires_at, expires) != 0) {
		srv_error(r, 422, "Field 'expires_at' must be an ISO 8601 time");
		goto done;
	}
	v.org_id = r->who.org;
	v.scope = scope;
	v.repo_id = repo_id;
	v.finding_id = finding_id;
	v.rule_id = rule;
	v.reason = reason;
	v.created_by = r->who.user_id;
	if ((rc = scan_ops_ai_waiver_add(&id, srv_store(r), &v, now, &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "%s", scan_error_last()->message);
		else
			srv_lib_error(r, rc);
		goto done;
	}
	if ((rc = scan_store_ai_waivers(&l, srv_store(r), r->who.org, false, now)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 201);
	for (size_t i = 0; i < l.count; i++)
		if (l.items[i].id == id)
			waiver_json(&w, &l.items[i], now);
	scan_ai_waiver_list_dispose(&l);
	srv_json_end(r, &w);
done:
	cJSON_Delete(body);
	return r->status;
}

static int waiver_revoke(srv_req *r)
{
	int64_t id = srv_param_id(r, "waiver_id");
	scan_audit_entry who = srv_actor(r);
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_ops_ai_waiver_revoke(srv_store(r), r->who.org, id, &who)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			return srv_error(r, 404, "AI waiver not found");
		return rc == SCAN_EINVAL ? srv_error(r, 409, "%s", scan_error_last()->message) : srv_lib_error(r, rc);
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "AI waiver revoked");
	scan_json_id(&w, "id", id);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* ---- CSV export ---- */

static int export_csv(srv_req *r)
{
	static const char *const kinds[] = { "assets", "findings", NULL };
	char kind_buf[16];
	const char *kind;
	int64_t repo_id = 0;
	bool truncated = false;
	int rc;

	if (!query_enum(r, "kind", kinds, kind_buf, sizeof(kind_buf), &kind) || !srv_query_id(r, "repo_id", &repo_id))
		return r->status;
	if (!kind)
		return srv_error(r, 422, "Query parameter 'kind' is required: assets or findings");
	scan_buf_clear(&r->out);
	if ((rc = scan_ops_ai_export_csv(&r->out, &truncated, srv_store(r), r->who.org, !strcmp(kind, "findings"),
	                                 repo_id)) != 0)
		return srv_lib_error(r, rc);
	r->status = 200;
	r->content_type = "text/csv; charset=utf-8";
	srv_header(r, "X-Export-Truncated", truncated ? "true" : "false");
	srv_header(r, "Content-Disposition", !strcmp(kind, "findings") ? "attachment; filename=\"ai-findings.csv\""
	                                                               : "attachment; filename=\"ai-assets.csv\"");
	return 200;
}

/* ---- the AI-BOM ---- */

/* A 409 whose detail says which condition: {code, message[, blockers]}. */
static int not_ready(srv_req *r, const char *code, const char *message, const scan_ai_bom_export_info *info)
{
	scan_json w;

	srv_json_begin(r, &w, 409);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "detail", '{');
	scan_json_str(&w, "code", code);
	scan_json_str(&w, "message", message);
	if (info) {
		scan_json_open(&w, "blockers", '[');
		for (size_t i = 0; i < info->nblockers; i++) {
			scan_json_open(&w, NULL, '{');
			scan_json_str(&w, "identity", info->blockers[i].identity);
			scan_json_str(&w, "missing", info->blockers[i].missing);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
	}
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* The repository must be the caller's organization's: 404 otherwise. */
static bool own_repo(srv_req *r, int64_t repo_id)
{
	scan_repo_list *l = NULL;
	bool mine = false;
	int rc;

	if ((rc = scan_store_repos(&l, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		return false;
	}
	for (size_t i = 0; i < scan_repo_list_count(l); i++)
		mine |= scan_repo_list_get(l, i)->id == repo_id;
	scan_repo_list_free(l);
	if (!mine)
		srv_error(r, 404, "Repository not found");
	return mine;
}

static int bom_status(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!repo_id || !own_repo(r, repo_id))
		return r->status;
	rc = scan_ops_ai_bom_status_json(&doc, srv_store(r), r->who.org, repo_id);
	if (rc == SCAN_ENOTFOUND)
		rc = not_ready(r, "AI_BOM_NOT_READY", "The repository has no AI-BOM generation: scan its default branch",
		               NULL);
	else
		rc = answer(r, rc, &doc, "Repository not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int bom_versions(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!repo_id || !own_repo(r, repo_id))
		return r->status;
	rc = answer(r, scan_ops_ai_bom_versions_json(&doc, srv_store(r), r->who.org, repo_id), &doc, "Repository not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int bom_diff(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id"), from = 0, to = 0;
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!repo_id || !srv_query_id(r, "from_generation", &from) || !srv_query_id(r, "to_generation", &to) ||
	    !own_repo(r, repo_id))
		return r->status;
	if (!from || !to)
		return srv_error(r, 422, "Query parameters 'from_generation' and 'to_generation' are required");
	rc = scan_ops_ai_bom_diff_json(&doc, srv_store(r), r->who.org, repo_id, from, to);
	rc = rc == SCAN_ENOTFOUND ? srv_error(r, 404, "%s", scan_error_last()->message) : answer(r, rc, &doc, "Not found");
	scan_buf_dispose(&doc);
	return rc;
}

/*
 * One export: the document with the headers of spec §4.6 rule 4, or 304
 * when If-None-Match names the same bytes; 409 without a generation, or
 * for SPDX while a model or dataset lacks what its profile makes mandatory.
 */
static int bom_export_generation(srv_req *r, int64_t repo_id, int64_t generation)
{
	static const char *const formats[] = { "cyclonedx-1.7-json", "spdx-3.0.1-jsonld", NULL };
	char fmt_buf[32], etag[72], num[32], disposition[192];
	const char *format, *inm;
	scan_ai_bom_export_info info;
	scan_buf doc = SCAN_BUF_INIT;
	bool spdx;
	int rc;

	if (!own_repo(r, repo_id) || !query_enum(r, "format", formats, fmt_buf, sizeof(fmt_buf), &format))
		return r->status;
	spdx = format && !strcmp(format, "spdx-3.0.1-jsonld");
	rc = scan_ops_ai_bom_export(&doc, &info, srv_store(r), r->who.org, repo_id, generation, spdx, false);
	if (rc == SCAN_ENOTFOUND) {
		if (generation)
			srv_error(r, 404, "The repository has no AI-BOM generation %lld", (long long)generation);
		else
			not_ready(r, "AI_BOM_NOT_READY", "The repository has no AI-BOM generation: scan its default branch", NULL);
		goto done;
	}
	if (rc) {
		srv_lib_error(r, rc);
		goto done;
	}
	if (info.nblockers) {
		not_ready(r, "SPDX_AI_PROFILE_NOT_READY",
		          "A model or dataset lacks the verified declarations the SPDX AI and Dataset profiles require", &info);
		goto done;
	}
	snprintf(etag, sizeof(etag), "\"%s\"", info.sha256);
	srv_header(r, "ETag", etag);
	srv_header(r, "X-Content-SHA256", info.sha256);
	snprintf(num, sizeof(num), "%lld", info.generation);
	srv_header(r, "X-AI-BOM-Generation", num);
	srv_header(r, "X-AI-BOM-Commit", info.commit[0] ? info.commit : "none");
	srv_header(r, "X-AI-BOM-Coverage", info.coverage);
	srv_header(r, "X-AI-BOM-Snapshot-Fidelity", info.fidelity);
	snprintf(disposition, sizeof(disposition), "attachment; filename=\"%s\"", info.filename);
	srv_header(r, "Content-Disposition", disposition);
	if ((inm = srv_request_header(r, "If-None-Match")) && (!strcmp(inm, etag) || !strcmp(inm, info.sha256))) {
		r->status = 304;
		scan_buf_clear(&r->out);
		goto done;
	}
	r->status = 200;
	r->content_type = spdx ? "application/ld+json" : "application/vnd.cyclonedx+json; version=1.7";
	scan_buf_clear(&r->out);
	if (scan_buf_put(&r->out, doc.ptr, doc.size))
		srv_error(r, 500, "Internal error (request %s)", r->id);
done:
	scan_ai_bom_export_info_dispose(&info);
	scan_buf_dispose(&doc);
	return r->status;
}

static int bom_export(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id");

	return repo_id ? bom_export_generation(r, repo_id, 0) : r->status;
}

static int bom_export_version(srv_req *r)
{
	int64_t repo_id = srv_param_id(r, "repo_id"), generation;

	if (!repo_id || !(generation = srv_param_id(r, "generation")))
		return r->status;
	return bom_export_generation(r, repo_id, generation);
}

static int declaration_get(srv_req *r)
{
	int64_t id = srv_param_id(r, "asset_id");
	scan_buf doc = SCAN_BUF_INIT;
	int rc;

	if (!id)
		return r->status;
	rc = answer(r, scan_ops_ai_declaration_json(&doc, srv_store(r), r->who.org, id), &doc, "AI asset not found");
	scan_buf_dispose(&doc);
	return rc;
}

static int declaration_put(srv_req *r)
{
	int64_t id = srv_param_id(r, "asset_id");
	scan_audit_entry who = srv_actor(r);
	cJSON *body = NULL;
	long long version;
	int rc;

	if (!id || !srv_body_json(r, &body))
		return r->status;
	cJSON_Delete(body);
	if ((rc = scan_ops_ai_declare(&version, srv_store(r), r->who.org, id, r->body.ptr, r->body.size, -1, &who)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "AI asset not found") : srv_lib_error(r, rc);
	return declaration_get(r);
}

#define READ (SRV_AUTH_ANY)

srv_family srv_routes_ai = {
	{ SRV_GET, "/ai-asm/capabilities", capabilities, READ, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "What the caller may do with the AI attack surface and the AI-BOM", NULL, 0 },
	{ SRV_GET, "/ai-asm/summary", summary, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "Active assets, open findings by OWASP LLM entry and severity, unapproved assets, policy failures (repo_id)",
	  NULL, 0 },
	{ SRV_GET, "/ai-asm/repositories", repositories, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "Each repository's AI inventory freshness", NULL, 0 },
	{ SRV_GET, "/ai-asm/assets", assets, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "AI assets (repo_id, asset_type, risk_level, approval_status, status, search, skip, limit 1-200)", NULL, 0 },
	{ SRV_GET, "/ai-asm/assets/{asset_id}", asset, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "An AI asset with its observations, relationships and findings", NULL, 0 },
	{ SRV_PATCH, "/ai-asm/assets/{asset_id}/approval", approval, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 8192, 0,
	  "Decide an asset's approval: unreviewed, approved, restricted, denied", ADMIN, 0 },
	{ SRV_GET, "/ai-asm/findings", findings, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "AI findings (severity, owasp_category, status, repo_id, skip, limit)", NULL, 0 },
	{ SRV_GET, "/ai-asm/findings/{finding_id}", finding, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "An AI finding with its evidence", NULL, 0 },
	{ SRV_PATCH, "/ai-asm/findings/{finding_id}/triage", triage, READ, SCAN_ROLE_MEMBER, SRV_SCOPE_WRITE_FINDINGS, 8192,
	  0, "Triage an AI finding (a reason for accepted_risk, resolved, dismissed)", NULL, 0 },
	{ SRV_GET, "/ai-asm/runs", runs, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "Each scan's AI run (repo_id, coverage_status)", NULL, 0 },
	{ SRV_GET, "/ai-asm/graph", graph, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "Active assets and their relationships (repo_id, limit; truncated when cut)", NULL, 0 },
	{ SRV_GET, "/ai-asm/policy", policy_get, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "The organization's AI policy with its version", NULL, 0 },
	{ SRV_PUT, "/ai-asm/policy", policy_put, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 65536, 0,
	  "Replace the AI policy (expected_version: the version read)", ADMIN, 0 },
	{ SRV_GET, "/ai-asm/policy/repositories/{repo_id}", repo_policy_get, READ, SCAN_ROLE_VIEWER,
	  SRV_SCOPE_READ_FINDINGS, 0, 0, "A repository's policy override and the effective policy", NULL, 0 },
	{ SRV_PUT, "/ai-asm/policy/repositories/{repo_id}", repo_policy_put, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 65536,
	  0, "Create or replace a repository's override (expected_version)", ADMIN, 0 },
	{ SRV_DELETE, "/ai-asm/policy/repositories/{repo_id}", repo_policy_delete, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0,
	  0, 0, "Delete a repository's override: it inherits the organization's", ADMIN, 0 },
	{ SRV_GET, "/ai-asm/waivers", waivers, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "AI waivers (active=true: only those in force)", NULL, 0 },
	{ SRV_POST, "/ai-asm/waivers", waiver_add, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 8192, 0,
	  "Waive AI findings: scope organization, repository or finding; expiry within 366 days", ADMIN, 0 },
	{ SRV_POST, "/ai-asm/waivers/{waiver_id}/revoke", waiver_revoke, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Revoke an AI waiver", ADMIN, 0 },
	{ SRV_GET, "/ai-asm/export", export_csv, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_FINDINGS, 0, 0,
	  "Assets or findings as CSV (kind, repo_id), at most 10,000 rows (X-Export-Truncated)", NULL, 0 },
	{ SRV_GET, "/ai-bom/repositories/{repo_id}", bom_status, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM, 0, 0,
	  "The current AI-BOM: identity, coverage, completeness, freshness, readiness per format", NULL, 0 },
	{ SRV_GET, "/ai-bom/repositories/{repo_id}/versions", bom_versions, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM, 0,
	  0, "The authoritative AI-BOM generations", NULL, 0 },
	{ SRV_GET, "/ai-bom/repositories/{repo_id}/diff", bom_diff, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM, 0, 0,
	  "What changed between two generations (from_generation, to_generation)", NULL, 0 },
	{ SRV_GET, "/ai-bom/repositories/{repo_id}/export", bom_export, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM, 0, 0,
	  "The latest AI-BOM as cyclonedx-1.7-json or spdx-3.0.1-jsonld (format); 304 for a matching If-None-Match", NULL,
	  0 },
	{ SRV_GET, "/ai-bom/repositories/{repo_id}/versions/{generation}/export", bom_export_version, READ,
	  SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM, 0, 0, "One generation's AI-BOM, same formats", NULL, 0 },
	{ SRV_GET, "/ai-bom/assets/{asset_id}/declaration", declaration_get, READ, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_AI_BOM,
	  0, 0, "An asset's verified metadata for standards readiness", NULL, 0 },
	{ SRV_PUT, "/ai-bom/assets/{asset_id}/declaration", declaration_put, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 16384,
	  0, "Declare an asset's metadata: a new version (expected_version), audited", ADMIN, 0 },
	{ 0 },
};
