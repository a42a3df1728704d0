/* server/routes_quality.c - spec §4.2: the gate's configuration, status, evaluation, waivers and baseline; false positives */
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "scan/ops.h"

#define ADMIN "Org admin role required"

static int config_get(srv_req *r)
{
	scan_gate_config cfg;
	scan_json w;
	int rc;

	if ((rc = scan_store_gate_config(&cfg, srv_store(r), r->who.org)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_gate_config_json(&w, NULL, r->who.org, &cfg);
	return srv_json_end(r, &w);
}

static int config_put(srv_req *r)
{
	const cJSON *policy = NULL;
	bool enabled, block, new_only, has_enabled, has_block, has_new_only;
	const srv_field fields[] = {
		{ "policy", SRV_F_OBJECT, false, false, &policy, NULL },
		{ "enabled", SRV_F_BOOL, false, false, &enabled, &has_enabled },
		{ "block_merge_on_fail", SRV_F_BOOL, false, false, &block, &has_block },
		{ "applies_to_new_code_only", SRV_F_BOOL, false, false, &new_only, &has_new_only },
		{ 0 },
	};
	scan_gate_config cfg;
	cJSON *body = NULL;
	char *text = NULL;
	scan_json w;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the gate configuration"))
		goto done;
	/* An upsert of what is given over what is stored (or the defaults). */
	if ((rc = scan_store_gate_config(&cfg, srv_store(r), r->who.org)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	if (policy) {
		/* Unknown policy keys are dropped (spec 2.6); a known key of the wrong type is refused. */
		scan_gate_policy p = SCAN_GATE_POLICY_DEFAULTS;
		if (!(text = cJSON_PrintUnformatted(policy))) {
			srv_error(r, 500, "Internal error (request %s)", r->id);
			goto done;
		}
		if ((rc = scan_gate_policy_parse_json(&p, text, strlen(text))) != 0) {
			srv_error(r, rc == SCAN_EPARSE ? 400 : 422, "Invalid policy: %s", scan_error_last()->message);
			goto done;
		}
		cfg.policy = p;
	}
	if (has_enabled)
		cfg.enabled = enabled;
	if (has_block)
		cfg.block_merge_on_fail = block;
	if (has_new_only)
		cfg.applies_to_new_code_only = new_only;
	if ((rc = scan_store_gate_config_put(srv_store(r), r->who.org, &cfg)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "org_id", r->who.org);
	scan_json_bool(&w, "saved", true);
	scan_gate_policy_json(&w, "policy", &cfg.policy);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	cJSON_free(text);
	cJSON_Delete(body);
	return r->status;
}

/* The scan a gate report is about, with its new findings counted; false after the answer. */
static bool gate_scan(srv_req *r, int64_t scan_id, scan_gate_scan *out, scan_scan_list **keep)
{
	const scan_scan_record *s;
	uint64_t counts[5];
	int rc;

	if ((rc = scan_store_scan_get(keep, srv_store(r), r->who.org, scan_id)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Scan not found");
		else
			srv_lib_error(r, rc);
		return false;
	}
	if ((rc = scan_store_new_counts(counts, srv_store(r), r->who.org, scan_id)) != 0) {
		srv_lib_error(r, rc);
		return false;
	}
	s = scan_scan_list_get(*keep, 0);
	memset(out, 0, sizeof(*out));
	out->scan_id = scan_id;
	out->default_branch = s->default_branch;
	out->scanned_branch = s->branch;
	out->is_baseline_scan = s->is_baseline_scan;
	out->new_in_pr[SCAN_SEV_CRITICAL] = counts[0];
	out->new_in_pr[SCAN_SEV_HIGH] = counts[1];
	out->new_in_pr[SCAN_SEV_MEDIUM] = counts[2];
	out->new_in_pr[SCAN_SEV_LOW] = counts[3];
	return true;
}

/*
 * The gate of a scan: as stored when it completed (status null before,
 * and CI polls), or evaluated again against today's policy and waivers
 * without writing.
 */
static int gate_answer(srv_req *r, bool evaluate)
{
	int64_t id = srv_param_id(r, "scan_id");
	scan_scan_list *l = NULL;
	scan_gate_report *g = NULL;
	scan_gate_scan gs;
	scan_json w;
	int rc;

	if (!id || !gate_scan(r, id, &gs, &l))
		goto done;
	rc = evaluate ? scan_ops_gate_evaluate(&g, srv_store(r), r->who.org, id, 0)
	              : scan_store_gate_stored(&g, srv_store(r), r->who.org, id);
	if (rc && (evaluate || rc != SCAN_ENOTFOUND)) {
		srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	if (g) {
		scan_gate_report_json(&w, NULL, g, &gs);
	} else {
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "scan_id", id);
		scan_json_null(&w, "status");
		scan_json_open(&w, "violations", '[');
		scan_json_close(&w, ']');
		scan_json_str(&w, "default_branch", gs.default_branch);
		scan_json_str(&w, "scanned_branch", gs.scanned_branch);
		scan_json_bool(&w, "is_baseline_scan", gs.is_baseline_scan);
		scan_json_close(&w, '}');
	}
	srv_json_end(r, &w);
done:
	scan_gate_report_free(g);
	scan_scan_list_free(l);
	return r->status;
}

static int status(srv_req *r)
{
	return gate_answer(r, false);
}

static int evaluate(srv_req *r)
{
	return gate_answer(r, true);
}

static int waivers_list(srv_req *r)
{
	scan_waiver_list *l = NULL;
	bool expired, revoked;
	int64_t repo_id;
	scan_json w;
	time_t now = time(NULL);
	int rc;

	if (!srv_query_bool(r, "include_expired", false, &expired) ||
	    !srv_query_bool(r, "include_revoked", false, &revoked) || !srv_query_id(r, "repo_id", &repo_id))
		return r->status;
	if ((rc = scan_store_waivers(&l, srv_store(r), r->who.org, repo_id, expired, revoked)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "org_id", r->who.org);
	scan_json_open(&w, "waivers", '[');
	for (size_t i = 0; i < scan_waiver_list_count(l); i++)
		scan_waiver_json(&w, NULL, scan_waiver_list_get(l, i), now);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_waiver_list_free(l);
	return srv_json_end(r, &w);
}

static int waiver_add(srv_req *r)
{
	const char *rule = NULL, *reason = NULL, *expires = NULL;
	int64_t repo_id = 0, pr = 0;
	const srv_field fields[] = {
		{ "rule", SRV_F_STRING, true, false, &rule, NULL },
		{ "reason", SRV_F_STRING, true, false, &reason, NULL },
		{ "repo_id", SRV_F_INT, false, true, &repo_id, NULL },
		{ "pr_number", SRV_F_INT, false, true, &pr, NULL },
		{ "expires_at", SRV_F_STRING, false, true, &expires, NULL },
		{ 0 },
	};
	scan_waiver v;
	cJSON *body = NULL;
	scan_json w;
	time_t exp = 0;
	int64_t id;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the waiver"))
		goto done;
	if (expires && scan_time_parse(&exp, expires) != 0) {
		srv_error(r, 422, "Field 'expires_at' must be an ISO 8601 time");
		goto done;
	}
	/* Without an expiry, the CLI's: 30 days. A waiver never lasts for ever. */
	if (!expires)
		exp = time(NULL) + 30 * 86400;
	memset(&v, 0, sizeof(v));
	v.rule = rule;
	v.reason = reason;
	v.repo_id = repo_id;
	v.pr_number = pr;
	v.expires_at = exp;
	v.created_by_user_id = r->who.user_id;
	if ((rc = scan_ops_waiver_add(&id, srv_store(r), r->who.org, &v)) != 0) {
		srv_lib_error(r, rc);
		goto done;
	}
	v.id = id;
	v.created_at = time(NULL);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "id", id);
	scan_json_str(&w, "rule", rule);
	scan_json_id(&w, "repo_id", repo_id);
	scan_json_id(&w, "pr_number", pr);
	scan_json_time(&w, "created_at", v.created_at);
	scan_json_time(&w, "expires_at", exp);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	cJSON_Delete(body);
	return r->status;
}

static int waiver_revoke(srv_req *r)
{
	int64_t id = srv_param_id(r, "id");
	time_t at;
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_waiver_revoke(&at, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Waiver not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "id", id);
	scan_json_bool(&w, "revoked", true);
	scan_json_time(&w, "revoked_at", at);
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

static int rebuild_baseline(srv_req *r)
{
	int64_t id = srv_param_id(r, "repo_id"), cleared = 0;
	scan_buf branch = SCAN_BUF_INIT;
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_baseline_rebuild(&cleared, srv_store(r), r->who.org, id, &branch)) != 0) {
		scan_buf_dispose(&branch);
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Repository not found") : srv_lib_error(r, rc);
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "repo_id", id);
	scan_json_str(&w, "branch", branch.size ? branch.ptr : NULL);
	scan_json_int(&w, "cleared_fingerprints", cleared);
	scan_json_str(&w, "note", "The next scan of the default branch fills the baseline again.");
	scan_json_close(&w, '}');
	scan_buf_dispose(&branch);
	return srv_json_end(r, &w);
}

static int mark_fp(srv_req *r)
{
	int64_t issue = 0;
	bool is_fp = false;
	const char *reason = NULL;
	const srv_field fields[] = {
		{ "issue_id", SRV_F_INT, true, false, &issue, NULL },
		{ "is_fp", SRV_F_BOOL, true, false, &is_fp, NULL },
		{ "reason", SRV_F_STRING, false, true, &reason, NULL },
		{ 0 },
	};
	cJSON *body = NULL;
	scan_json w;
	int rc;

	if (!srv_body_json(r, &body) || !srv_read_fields(r, body, fields, "the request"))
		goto done;
	if (issue <= 0) {
		srv_error(r, 404, "Issue not found");
		goto done;
	}
	/* The issue is looked up through its scan, repository and organization: another's is not found. */
	if ((rc = scan_ops_mark_fp(srv_store(r), r->who.org, r->who.user_id, issue, is_fp, reason)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			srv_error(r, 404, "Issue not found");
		else
			srv_lib_error(r, rc);
		goto done;
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "issue_id", issue);
	scan_json_bool(&w, "user_marked_fp", is_fp);
	scan_json_time(&w, "fp_marked_at", is_fp ? time(NULL) : 0);
	scan_json_str(&w, "fp_reason", is_fp ? reason : NULL);
	scan_json_close(&w, '}');
	srv_json_end(r, &w);
done:
	cJSON_Delete(body);
	return r->status;
}

/*
 * A part of the quality summary stored with the scan (spec 2.10), with the
 * scan's id first: "ratings" or "tech_debt". 404 for a scan of another
 * organization, or one the quality analyzer did not run on.
 */
static int summary_part(srv_req *r, const char *part)
{
	int64_t id = srv_param_id(r, "scan_id");
	char *text = NULL;
	cJSON *doc = NULL;
	const cJSON *p, *m;
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_quality_json(&text, srv_store(r), r->who.org, id)) != 0) {
		if (rc == SCAN_ENOTFOUND)
			return srv_error(r, 404, "Scan not found");
		return srv_lib_error(r, rc);
	}
	if (!text || !(doc = cJSON_Parse(text)) || !cJSON_IsObject(p = cJSON_GetObjectItemCaseSensitive(doc, part))) {
		free(text);
		cJSON_Delete(doc);
		return srv_error(r, 404, "No quality measures for this scan (the quality analyzer did not run)");
	}
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "scan_id", id);
	cJSON_ArrayForEach(m, p)
		srv_json_copy(&w, m->string, m);
	scan_json_close(&w, '}');
	free(text);
	cJSON_Delete(doc);
	return srv_json_end(r, &w);
}

static int ratings(srv_req *r)
{
	return summary_part(r, "ratings");
}

static int tech_debt(srv_req *r)
{
	return summary_part(r, "tech_debt");
}

/* Spec §5.1: the gate routes take a person's session or bearer token. */
#define PERSON SRV_AUTH_PERSON

srv_family srv_routes_quality = {
	{ SRV_GET, "/quality/gates/config", config_get, PERSON, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "The organization's gate configuration (defaults with configured false when none is stored)", NULL, 0 },
	{ SRV_PUT, "/quality/gates/config", config_put, PERSON, SCAN_ROLE_ORG_ADMIN, 0, 65536, 0,
	  "Set the gate configuration (unknown policy keys are dropped)", ADMIN, 0 },
	{ SRV_GET, "/quality/gates/status/{scan_id}", status, PERSON, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "The gate status stored when the scan completed (status null before)", NULL, 0 },
	{ SRV_POST, "/quality/gates/evaluate/{scan_id}", evaluate, PERSON, SCAN_ROLE_VIEWER, 0, 1024, 0,
	  "The gate of a scan against today's policy and waivers, without writing", NULL, 0 },
	{ SRV_GET, "/quality/gates/waivers", waivers_list, PERSON, SCAN_ROLE_VIEWER, 0, 0, 0,
	  "Waivers (include_expired, include_revoked, repo_id)", NULL, 0 },
	{ SRV_POST, "/quality/gates/waivers", waiver_add, PERSON, SCAN_ROLE_ORG_ADMIN, 0, 16384, 0, "Waive a gate rule",
	  ADMIN, 0 },
	{ SRV_POST, "/quality/gates/waivers/{id}/revoke", waiver_revoke, PERSON, SCAN_ROLE_ORG_ADMIN, 0, 1024, 0,
	  "Revoke a waiver", ADMIN, 0 },
	{ SRV_POST, "/quality/gates/rebuild-baseline/{repo_id}", rebuild_baseline, PERSON, SCAN_ROLE_ORG_ADMIN, 0, 1024, 0,
	  "Clear the default branch's baseline fingerprints", ADMIN, 0 },
	{ SRV_GET, "/quality/ratings/{scan_id}", ratings, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "A scan's letter ratings, debt minutes, parse coverage and analyzer versions", NULL, 0 },
	{ SRV_GET, "/quality/tech-debt/{scan_id}", tech_debt, SRV_AUTH_ANY, SCAN_ROLE_VIEWER, SRV_SCOPE_READ_SCANS, 0, 0,
	  "A scan's technical debt: minutes, hours, engineer days, findings by type", NULL, 0 },
	{ SRV_POST, "/quality/findings/mark-fp", mark_fp, PERSON, SCAN_ROLE_MEMBER, 0, 16384, 0,
	  "Mark or unmark a finding as a false positive", NULL, 0 },
	{ 0 },
};
