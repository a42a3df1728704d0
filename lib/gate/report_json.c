/* lib/gate/report_json.c - a gate report as JSON, the shape of spec 2.7 and the evaluate response */
#include "scan/finding.h"
#include "scan/gate.h"
#include "scan/json.h"

void scan_gate_violations_json(scan_json *w, const char *key, const scan_gate_violation *v, size_t n)
{
	scan_json_open(w, key, '[');
	for (size_t i = 0; i < n; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "rule", v[i].rule);
		scan_json_num_fmt(w, "threshold", v[i].threshold, 6);
		scan_json_num_fmt(w, "actual", v[i].actual, 6);
		scan_json_str(w, "severity", v[i].severity);
		if (v[i].waived) {
			scan_json_bool(w, "waived", true);
			scan_json_id(w, "waiver_id", v[i].waiver_id);
			scan_json_str(w, "waiver_scope", v[i].waiver_scope);
		}
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

void scan_gate_report_json(scan_json *w, const char *key, const scan_gate_report *g, const scan_gate_scan *scan)
{
	if (!g) {
		scan_json_str(w, key, NULL);
		return;
	}
	scan_json_open(w, key, '{');
	scan_json_id(w, "scan_id", scan->scan_id);
	scan_json_str(w, "status", scan_gate_status_name(g->status));
	scan_gate_violations_json(w, "violations", g->violations, g->violation_count);
	scan_gate_violations_json(w, "waived_violations", g->waived, g->waived_count);
	scan_json_str(w, "policy_version", SCAN_GATE_POLICY_VERSION);
	if (g->condition_count) {
		scan_json_open(w, "conditions", '[');
		for (size_t i = 0; i < g->condition_count; i++) {
			const scan_gate_condition *c = &g->conditions[i];
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "rule", c->rule);
			scan_json_num_fmt(w, "threshold", c->threshold, 6);
			if (c->status == SCAN_COND_NOT_MEASURED) {
				scan_json_null(w, "actual");
			} else {
				scan_json_num_fmt(w, "actual", c->actual, 6);
			}
			scan_json_str(w, "status", scan_condition_status_name(c->status));
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
	}
	scan_gate_policy_json(w, "policy", &g->config.policy);
	scan_json_bool(w, "applies_to_new_code_only", g->config.applies_to_new_code_only);
	scan_json_str(w, "default_branch", scan->default_branch);
	scan_json_str(w, "scanned_branch", scan->scanned_branch);
	scan_json_bool(w, "is_baseline_scan", scan->is_baseline_scan);
	scan_json_open(w, "new_in_pr", '{');
	scan_json_uint(w, "critical", scan->new_in_pr[SCAN_SEV_CRITICAL]);
	scan_json_uint(w, "high", scan->new_in_pr[SCAN_SEV_HIGH]);
	scan_json_uint(w, "medium", scan->new_in_pr[SCAN_SEV_MEDIUM]);
	scan_json_uint(w, "low", scan->new_in_pr[SCAN_SEV_LOW]);
	scan_json_uint(w, "total", scan->new_in_pr[SCAN_SEV_CRITICAL] + scan->new_in_pr[SCAN_SEV_HIGH] +
	                               scan->new_in_pr[SCAN_SEV_MEDIUM] + scan->new_in_pr[SCAN_SEV_LOW]);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

void scan_gate_config_json(scan_json *w, const char *key, int64_t org, const scan_gate_config *cfg)
{
	scan_json_open(w, key, '{');
	scan_json_int(w, "org_id", org);
	scan_json_bool(w, "enabled", cfg->enabled);
	scan_json_bool(w, "block_merge_on_fail", cfg->block_merge_on_fail);
	scan_json_bool(w, "applies_to_new_code_only", cfg->applies_to_new_code_only);
	scan_gate_policy_json(w, "policy", &cfg->policy);
	scan_json_str(w, "policy_version", SCAN_GATE_POLICY_VERSION);
	scan_json_bool(w, "configured", cfg->configured);
	scan_json_close(w, '}');
}

void scan_waiver_json(scan_json *w, const char *key, const scan_waiver *v, time_t now)
{
	scan_json_open(w, key, '{');
	scan_json_int(w, "id", (long long)v->id);
	scan_json_str(w, "rule", v->rule);
	scan_json_str(w, "reason", v->reason);
	scan_json_id(w, "repo_id", (long long)v->repo_id);
	scan_json_id(w, "pr_number", (long long)v->pr_number);
	scan_json_int(w, "created_by_user_id", (long long)v->created_by_user_id);
	scan_json_time(w, "created_at", (long long)v->created_at);
	scan_json_time(w, "expires_at", (long long)v->expires_at);
	scan_json_time(w, "revoked_at", (long long)v->revoked_at);
	scan_json_bool(w, "expired", v->expires_at && v->expires_at <= now);
	scan_json_bool(w, "revoked", v->revoked_at != 0);
	scan_json_close(w, '}');
}
