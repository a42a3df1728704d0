/* lib/store/gate.c - gate configuration, the stored inputs of a gate, and gate results */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include "gate/gate_int.h"
#include "scan/json.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

int scan_store_gate_config(scan_gate_config *out, scan_store *st, int64_t org)
{
	scan_gate_config cfg = SCAN_GATE_CONFIG_DEFAULTS;
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT enabled, block_merge_on_fail, applies_to_new_code_only, policy"
	        " FROM quality_gate_configs WHERE org_id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		const char *policy = scan_db__column_text(s, 3);
		cfg.enabled = scan_db__column_int(s, 0) != 0;
		cfg.block_merge_on_fail = scan_db__column_int(s, 1) != 0;
		cfg.applies_to_new_code_only = scan_db__column_int(s, 2) != 0;
		cfg.configured = true;
		if (policy && (rc = scan_gate_policy_parse_json(&cfg.policy, policy, strlen(policy))) != 0)
			rc = scan_util__error(SCAN_ESTORE, "stored gate policy is unreadable: %s", scan_error_last()->message);
	} else if (step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the gate configuration");
	}
	scan_db__finalize(s);
	if (!rc)
		*out = cfg;
	return rc;
}

int scan_store_gate_config_put(scan_store *st, int64_t org, const scan_gate_config *cfg)
{
	scan_db_stmt *s = NULL;
	scan_buf policy = SCAN_BUF_INIT;
	int rc;

	if ((rc = scan_gate_policy_write_json(&policy, &cfg->policy)) != 0)
		goto done;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO quality_gate_configs (org_id, enabled, block_merge_on_fail,"
	        " applies_to_new_code_only, policy, policy_version, updated_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
	        " ON CONFLICT (org_id) DO UPDATE SET enabled = excluded.enabled,"
	        "  block_merge_on_fail = excluded.block_merge_on_fail,"
	        "  applies_to_new_code_only = excluded.applies_to_new_code_only,"
	        "  policy = excluded.policy, policy_version = excluded.policy_version,"
	        "  updated_at = excluded.updated_at")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, org);
	scan_db__bind_time(s, 7, time(NULL));
	scan_db__bind_int64(s, 2, cfg->enabled);
	scan_db__bind_int64(s, 3, cfg->block_merge_on_fail);
	scan_db__bind_int64(s, 4, cfg->applies_to_new_code_only);
	scan_db__bind_text(s, 5, policy.ptr);
	scan_db__bind_text(s, 6, SCAN_GATE_POLICY_VERSION);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot save the gate configuration");
done:
	scan_db__finalize(s);
	scan_buf_dispose(&policy);
	return rc;
}

static int load_scan_scope(scan_store *st, int64_t org, int64_t scan_id, int64_t *repo_id, int64_t *pr_number)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT repo_id, pr_number FROM scans WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		*repo_id = scan_db__column_int64(s, 0);
		*pr_number = scan_db__column_int64(s, 1);
	} else if (step == SCAN_DB_DONE) {
		rc = scan_util__error(SCAN_ENOTFOUND, "no scan %lld", (long long)scan_id);
	} else {
		rc = scan_db__error(scan_store__conn(st), "cannot read the scan");
	}
	scan_db__finalize(s);
	return rc;
}

int scan_store__count_findings(uint64_t counts[5], scan_store *st, int64_t org, int64_t scan_id, bool new_only)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	memset(counts, 0, 5 * sizeof(*counts));
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT severity, count(*) FROM scan_issues WHERE scan_id = ?1 AND user_marked_fp = 0"
	        " AND suppressed = 0 AND (in_test = 0 OR category = 'secret')"
	        " AND (?2 = 0 OR is_new_in_pr = 1) AND" SCAN_STORE_SCAN_IN_ORG("scan_id", "?3") " GROUP BY severity")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, new_only);
	scan_db__bind_int64(s, 3, org);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_severity sev;
		uint64_t n = (uint64_t)scan_db__column_int64(s, 1);
		if (scan_severity_parse(&sev, scan_db__column_text(s, 0)) != 0)
			continue;
		counts[SCAN_SEV_CRITICAL - sev] += n;
		counts[4] += n;
	}
	if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot count findings");
	scan_db__finalize(s);
	return rc;
}

int scan_store_new_counts(uint64_t counts[5], scan_store *st, int64_t org, int64_t scan_id)
{
	int64_t repo_id, pr;
	int rc;

	if ((rc = load_scan_scope(st, org, scan_id, &repo_id, &pr)) != 0)
		return rc;
	return scan_store__count_findings(counts, st, org, scan_id, true);
}

int scan_store__repo_policy(char **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_db_stmt *s = NULL;
	int rc, step;

	*out = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT repo_policy FROM scans WHERE id = ?1 AND org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW && !scan_db__column_is_null(s, 0)) {
		if (!(*out = strdup(scan_db__column_text(s, 0))))
			rc = scan_error__oom();
	} else if (step != SCAN_DB_ROW && step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository policy");
	}
	scan_db__finalize(s);
	return rc;
}

/* The violations as the stored JSON array. */
static int violations_json(scan_buf *out, const scan_gate_violation *v, size_t n)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < n; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "rule", v[i].rule);
		scan_json_num(&w, "threshold", v[i].threshold);
		scan_json_num(&w, "actual", v[i].actual);
		scan_json_str(&w, "severity", v[i].severity);
		if (v[i].waived) {
			scan_json_bool(&w, "waived", true);
			scan_json_int(&w, "waiver_id", (long long)v[i].waiver_id);
			scan_json_str(&w, "waiver_scope", v[i].waiver_scope);
		}
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	return scan_json_finish(&w);
}

/* Every condition as the stored JSON array; a condition not measured has a null actual. */
static int conditions_json(scan_buf *out, const scan_gate_condition *c, size_t n)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < n; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "rule", c[i].rule);
		scan_json_num(&w, "threshold", c[i].threshold);
		if (c[i].status == SCAN_COND_NOT_MEASURED)
			scan_json_null(&w, "actual");
		else
			scan_json_num(&w, "actual", c[i].actual);
		scan_json_str(&w, "status", scan_condition_status_name(c[i].status));
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	return scan_json_finish(&w);
}

int scan_store__gate_save(scan_store *st, int64_t scan_id, const scan_gate_report *r, time_t now)
{
	scan_buf viol = SCAN_BUF_INIT, waived = SCAN_BUF_INIT, policy = SCAN_BUF_INIT, conds = SCAN_BUF_INIT;
	scan_db_stmt *s = NULL;
	int rc = 0;

	if ((rc = violations_json(&viol, r->violations, r->violation_count)) != 0 ||
	    (rc = conditions_json(&conds, r->conditions, r->condition_count)) != 0 ||
	    (rc = violations_json(&waived, r->waived, r->waived_count)) != 0 ||
	    (rc = scan_gate_policy_write_json(&policy, &r->config.policy)) != 0)
		goto done;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO quality_gate_results (scan_id, status, violations, waived_violations,"
	        " policy, policy_version, applies_to_new_code_only, computed_at, conditions)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
	        " ON CONFLICT (scan_id) DO UPDATE SET status = excluded.status, violations = excluded.violations,"
	        "  waived_violations = excluded.waived_violations, policy = excluded.policy,"
	        "  policy_version = excluded.policy_version,"
	        "  applies_to_new_code_only = excluded.applies_to_new_code_only, computed_at = excluded.computed_at,"
	        "  conditions = excluded.conditions")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_text(s, 2, scan_gate_status_name(r->status));
	scan_db__bind_text(s, 3, viol.ptr);
	scan_db__bind_text(s, 4, waived.ptr);
	scan_db__bind_text(s, 5, policy.ptr);
	scan_db__bind_text(s, 6, SCAN_GATE_POLICY_VERSION);
	scan_db__bind_int64(s, 7, r->config.applies_to_new_code_only);
	scan_db__bind_time(s, 8, now);
	scan_db__bind_text(s, 9, conds.ptr);
	if (scan_db__step(s) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot save the gate result");
done:
	scan_db__finalize(s);
	scan_buf_dispose(&conds);
	scan_buf_dispose(&viol);
	scan_buf_dispose(&waived);
	scan_buf_dispose(&policy);
	return rc;
}

static const char *const scope_names[] = { "pull_request", "repository", "organization", NULL };

/* cJSON answers NaN for a missing number; a stored row may predate a field. */
static double json_number(const cJSON *o, const char *key)
{
	const cJSON *item = cJSON_GetObjectItem(o, key);

	return cJSON_IsNumber(item) ? item->valuedouble : 0.0;
}

static int parse_violations(scan_gate_violation **out, size_t *count, const char *text)
{
	cJSON *arr = text ? cJSON_Parse(text) : NULL, *o;
	size_t n = 0;
	int rc = 0;

	*out = NULL;
	*count = 0;
	if (!cJSON_IsArray(arr)) {
		cJSON_Delete(arr);
		return scan_util__error(SCAN_ESTORE, "stored gate result is unreadable");
	}
	if (cJSON_GetArraySize(arr) && !(*out = calloc((size_t)cJSON_GetArraySize(arr), sizeof(**out)))) {
		cJSON_Delete(arr);
		return scan_error__oom();
	}
	cJSON_ArrayForEach(o, arr) {
		const scan_gate_policy_key *k = scan_gate__policy_key_find(cJSON_GetStringValue(cJSON_GetObjectItem(o, "rule")));
		const char *scope = cJSON_GetStringValue(cJSON_GetObjectItem(o, "waiver_scope"));
		scan_gate_violation *v;
		if (!k)
			continue; /* a key a newer rampart wrote: nothing this one can say about it */
		v = &(*out)[n++];
		v->rule = k->name;
		v->severity = k->severity;
		v->threshold = json_number(o, "threshold");
		v->actual = json_number(o, "actual");
		v->waived = cJSON_IsTrue(cJSON_GetObjectItem(o, "waived"));
		v->waiver_id = (int64_t)json_number(o, "waiver_id");
		for (int i = 0; scope && scope_names[i]; i++)
			if (!strcmp(scope, scope_names[i]))
				v->waiver_scope = scope_names[i];
	}
	*count = n;
	cJSON_Delete(arr);
	return rc;
}

/* The stored conditions; a row from before they were stored has none, and a key this version does not know is left out. */
static int parse_conditions(scan_gate_report *r, const char *text)
{
	cJSON *arr, *o;
	size_t n = 0;

	if (!text)
		return 0;
	if (!cJSON_IsArray(arr = cJSON_Parse(text))) {
		cJSON_Delete(arr);
		return scan_util__error(SCAN_ESTORE, "stored gate conditions are unreadable");
	}
	if (cJSON_GetArraySize(arr) && !(r->conditions = calloc((size_t)cJSON_GetArraySize(arr), sizeof(*r->conditions)))) {
		cJSON_Delete(arr);
		return scan_error__oom();
	}
	cJSON_ArrayForEach(o, arr) {
		const scan_gate_policy_key *k = scan_gate__policy_key_find(cJSON_GetStringValue(cJSON_GetObjectItem(o, "rule")));
		const char *status = cJSON_GetStringValue(cJSON_GetObjectItem(o, "status"));
		scan_gate_condition *c;
		int st = -1;

		for (int i = SCAN_COND_PASSED; status && i <= SCAN_COND_NOT_MEASURED; i++)
			if (!strcmp(status, scan_condition_status_name((scan_condition_status)i)))
				st = i;
		if (!k || st < 0)
			continue;
		c = &r->conditions[n++];
		c->rule = k->name;
		c->threshold = json_number(o, "threshold");
		c->actual = json_number(o, "actual");
		c->status = (scan_condition_status)st;
	}
	r->condition_count = n;
	cJSON_Delete(arr);
	return 0;
}

int scan_store_gate_stored(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_gate_report *r = NULL;
	scan_db_stmt *s = NULL;
	int rc, step;

	*out = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT g.status, g.violations, g.waived_violations, g.policy, g.applies_to_new_code_only, g.conditions"
	        " FROM quality_gate_results g JOIN scans sc ON sc.id = g.scan_id"
	        " WHERE g.scan_id = ?1 AND sc.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, scan_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	if (step == SCAN_DB_DONE) {
		rc = scan_util__error(SCAN_ENOTFOUND, "no gate result for scan %lld", (long long)scan_id);
		goto done;
	}
	if (step != SCAN_DB_ROW) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the gate result");
		goto done;
	}
	if (!(r = calloc(1, sizeof(*r)))) {
		rc = scan_error__oom();
		goto done;
	}
	{
		const char *status = scan_db__column_text(s, 0);
		const char *policy = scan_db__column_text(s, 3);
		scan_gate_config defaults = SCAN_GATE_CONFIG_DEFAULTS;
		r->config = defaults;
		r->config.configured = true;
		r->config.applies_to_new_code_only = scan_db__column_int(s, 4) != 0;
		r->status = !strcmp(status ? status : "", "passed") ? SCAN_GATE_PASSED :
		            !strcmp(status ? status : "", "failed") ? SCAN_GATE_FAILED : SCAN_GATE_NOT_CONFIGURED;
		r->config.enabled = r->status != SCAN_GATE_NOT_CONFIGURED;
		if ((rc = parse_violations(&r->violations, &r->violation_count,
		                           scan_db__column_text(s, 1))) != 0 ||
		    (rc = parse_violations(&r->waived, &r->waived_count,
		                           scan_db__column_text(s, 2))) != 0 ||
		    (rc = parse_conditions(r, scan_db__column_text(s, 5))) != 0)
			goto done;
		if (policy && scan_gate_policy_parse_json(&r->config.policy, policy, strlen(policy)) != 0) {
			rc = scan_util__error(SCAN_ESTORE, "stored gate policy is unreadable");
			goto done;
		}
	}
done:
	scan_db__finalize(s);
	if (rc) {
		scan_gate_report_free(r);
		return rc;
	}
	*out = r;
	return 0;
}
