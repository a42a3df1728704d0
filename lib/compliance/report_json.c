/* lib/compliance/report_json.c - the JSON the CLI and the API share: framework entries, controls, custom records, scores, trend points */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compliance/compliance_int.h"
#include "util/error.h"

static void score_num(scan_json *w, const char *key, double score)
{
	if (score < 0)
		scan_json_null(w, key);
	else
		scan_json_num(w, key, score);
}

void scan_compliance_framework_json(scan_json *w, const char *key, const scan_framework *f, bool enabled,
                                    scan_plan plan, size_t disabled_count)
{
	bool locked = !scan_compliance_plan_allows(plan, f);

	scan_json_open(w, key, '{');
	scan_json_str(w, "key", f->key);
	scan_json_str(w, "name", f->name);
	scan_json_str(w, "description", f->description);
	scan_json_uint(w, "control_count", f->count);
	scan_json_bool(w, "custom", f->custom);
	scan_json_bool(w, "enabled", enabled && !locked);
	scan_json_str(w, "requires_plan", f->custom ? NULL : scan_plan_name(f->requires_plan));
	scan_json_bool(w, "plan_locked", locked);
	scan_json_str_opt(w, "edition", f->edition);
	scan_json_str_opt(w, "source", f->source);
	scan_json_uint(w, "disabled_count", disabled_count);
	scan_json_close(w, '}');
}

static void ids(scan_json *w, const char *key, const int64_t *v, size_t n)
{
	scan_json_open(w, key, '[');
	for (size_t i = 0; i < n; i++)
		scan_json_int(w, NULL, v[i]);
	scan_json_close(w, ']');
}

static void control_fields(scan_json *w, const scan_control *c)
{
	scan_json_str(w, "id", c->id);
	scan_json_str(w, "name", c->name);
	scan_json_str(w, "category", c->category);
	scan_json_str(w, "description", c->description);
	scan_json_str(w, "check_type", scan_check_type_name(c->check));
	if (c->ncwe) {
		char cwe[16];
		scan_json_open(w, "filter", '{');
		scan_json_open(w, "cwe", '[');
		for (size_t i = 0; i < c->ncwe; i++) {
			snprintf(cwe, sizeof(cwe), "CWE-%d", c->cwe[i]);
			scan_json_str(w, NULL, cwe);
		}
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_str(w, "automation", c->automated ? "automated" : "partial");
	if (c->pass_condition)
		scan_json_str(w, "pass_condition", c->pass_condition);
	if (c->partial_condition)
		scan_json_str(w, "partial_condition", c->partial_condition);
}

static void control_json(scan_json *w, const scan_control *c, bool disabled, const scan_control_result *res)
{
	scan_json_open(w, NULL, '{');
	control_fields(w, c);
	scan_json_bool(w, "disabled", disabled);
	scan_json_str(w, "recommendation", scan_recommendation_name(res ? res->recommendation : c->recommendation));
	scan_json_str(w, "recommendation_reason", res ? res->recommendation_reason : c->reason);
	scan_json_close(w, '}');
}

void scan_compliance_controls_json(scan_json *w, const char *key, const scan_framework *f, bool enabled,
                                   const scan_compliance_disabled *d, const scan_compliance_report *r)
{
	size_t off = 0;

	scan_json_open(w, key, '{');
	scan_json_str(w, "framework_key", f->key);
	scan_json_str(w, "framework_name", f->name);
	scan_json_bool(w, "custom", f->custom);
	scan_json_bool(w, "enabled", enabled);
	scan_json_open(w, "controls", '[');
	for (size_t i = 0; i < f->count; i++) {
		bool disabled = scan_compliance_disabled_has(d, f->controls[i].id);
		off += disabled;
		control_json(w, &f->controls[i], disabled, scan_compliance_report_result(r, f->key, f->controls[i].id));
	}
	scan_json_close(w, ']');
	scan_json_uint(w, "disabled_count", off);
	scan_json_close(w, '}');
}

void scan_compliance_selection_json(scan_json *w, bool all, const char *const *keys, size_t n)
{
	if (all) {
		scan_json_null(w, "enabled_keys");
	} else {
		scan_json_open(w, "enabled_keys", '[');
		for (size_t i = 0; i < n; i++)
			scan_json_str(w, NULL, keys[i]);
		scan_json_close(w, ']');
	}
	scan_json_bool(w, "default_all_enabled", all);
}

/* The members a framework document has, as scan_compliance_framework_parse() reads them back. */
static void document_members(scan_json *w, const scan_framework *f)
{
	scan_json_str(w, "key", f->key);
	scan_json_str(w, "name", f->name);
	scan_json_str_opt(w, "description", f->description);
	scan_json_open(w, "controls", '[');
	for (size_t i = 0; i < f->count; i++) {
		const scan_control *c = &f->controls[i];
		scan_json_open(w, NULL, '{');
		control_fields(w, c);
		scan_json_str(w, "domain", scan_compliance__domain_name(c->domain));
		scan_json_str(w, "recommendation", scan_recommendation_name(c->recommendation));
		scan_json_str_opt(w, "reason", c->reason);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

void scan_compliance_framework_document(scan_json *w, const char *key, const scan_framework *f)
{
	scan_json_open(w, key, '{');
	document_members(w, f);
	scan_json_close(w, '}');
}

void scan_compliance_custom_json(scan_json *w, const char *key, const scan_framework *f)
{
	scan_json_open(w, key, '{');
	scan_json_id(w, "id", f->id);
	document_members(w, f);
	scan_json_time(w, "created_at", f->created_at);
	scan_json_close(w, '}');
}

static void result_json(scan_json *w, const scan_control_result *r)
{
	const scan_control *c = r->control;

	scan_json_open(w, NULL, '{');
	scan_json_str(w, "id", c->id);
	scan_json_str(w, "name", c->name);
	scan_json_str(w, "category", c->category);
	scan_json_str(w, "check_type", scan_check_type_name(c->check));
	scan_json_str(w, "status", scan_outcome_name(r->outcome));
	scan_json_str(w, "reason", r->why);
	scan_json_str(w, "automation", c->automated ? "automated" : "partial");
	scan_json_open(w, "evidence", '{');
	scan_json_uint(w, "critical", r->counts[SCAN_SEV_CRITICAL]);
	scan_json_uint(w, "high", r->counts[SCAN_SEV_HIGH]);
	scan_json_uint(w, "medium", r->counts[SCAN_SEV_MEDIUM]);
	scan_json_uint(w, "low", r->counts[SCAN_SEV_LOW]);
	scan_json_uint(w, "in_test", r->in_test);
	scan_json_uint(w, "kev", r->kev);
	scan_json_uint(w, "malicious", r->malicious);
	scan_json_uint(w, "sla_breached", r->sla_breached);
	scan_json_uint(w, "excluded", r->excluded);
	ids(w, "finding_ids", r->decisive, r->ndecisive);
	ids(w, "excluded_finding_ids", r->excluded_ids, r->nexcluded_ids);
	scan_json_close(w, '}');
	scan_json_str(w, "recommendation", scan_recommendation_name(r->recommendation));
	scan_json_str(w, "recommendation_reason", r->recommendation_reason);
	scan_json_close(w, '}');
}

static void last_scan(scan_json *w, const scan_compliance_facts *x)
{
	if (!x->scanned) {
		scan_json_null(w, "last_scan");
		return;
	}
	scan_json_open(w, "last_scan", '{');
	scan_json_int(w, "scan_id", x->scan_id);
	scan_json_time(w, "completed_at", x->scanned_at);
	scan_json_str(w, "commit", x->commit);
	scan_json_str(w, "branch", x->branch);
	scan_json_close(w, '}');
}

static uint64_t open_issues(const scan_compliance_facts *x)
{
	uint64_t n = 0;

	for (size_t i = 0; i < x->nfindings; i++)
		n += !x->findings[i].excluded;
	return n;
}

void scan_compliance_report_json(scan_json *w, const char *key, const scan_compliance_report *r)
{
	const scan_compliance_facts *x = scan_compliance_report_facts(r);
	const scan_compliance_summary *s = scan_compliance_report_summary(r);

	scan_json_open(w, key, '{');
	scan_json_id(w, "repo_id", x->repo_id);
	scan_json_str(w, "repo_name", x->repo_name);
	scan_json_time(w, "evaluated_at", x->now);
	last_scan(w, x);
	scan_json_uint(w, "total_issues", open_issues(x));
	scan_json_open(w, "executive_summary", '{');
	score_num(w, "overall_score", s->overall_score);
	scan_json_uint(w, "total_controls", s->total_controls);
	scan_json_uint(w, "passing", s->passing);
	scan_json_uint(w, "partial", s->partial);
	scan_json_uint(w, "failing", s->failing);
	scan_json_uint(w, "not_assessed", s->not_assessed);
	scan_json_uint(w, "disabled", s->disabled);
	scan_json_str(w, "posture", s->posture);
	scan_json_open(w, "risk_areas", '[');
	for (size_t i = 0; i < s->nrisk_areas; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "check_type", scan_check_type_name(s->risk_areas[i].check));
		scan_json_uint(w, "failing_controls", s->risk_areas[i].failing);
		scan_json_uint(w, "partial_controls", s->risk_areas[i].partial);
		scan_json_uint(w, "frameworks", s->risk_areas[i].frameworks);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_str(w, "recommendation", s->recommendation);
	scan_json_close(w, '}');
	scan_json_open(w, "frameworks", '{');
	for (size_t i = 0; i < scan_compliance_report_count(r); i++) {
		const scan_framework_result *f = scan_compliance_report_get(r, i);
		scan_json_open(w, f->framework->key, '{');
		scan_json_str(w, "name", f->framework->name);
		score_num(w, "score", f->score);
		scan_json_uint(w, "pass", f->pass);
		scan_json_uint(w, "partial", f->partial);
		scan_json_uint(w, "fail", f->fail);
		scan_json_uint(w, "total", f->pass + f->partial + f->fail);
		scan_json_uint(w, "not_assessed", f->no_data);
		scan_json_uint(w, "disabled", f->disabled);
		scan_json_open(w, "controls", '[');
		for (size_t j = 0; j < f->count; j++)
			result_json(w, &f->controls[j]);
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

int scan_compliance_trend_point_of(scan_compliance_trend_point *p, const scan_compliance_report *r)
{
	const scan_compliance_facts *x = scan_compliance_report_facts(r);
	size_t n = scan_compliance_report_count(r);

	memset(p, 0, sizeof(*p));
	p->scan_id = x->scan_id;
	p->completed_at = x->scanned_at;
	snprintf(p->commit, sizeof(p->commit), "%s", x->commit ? x->commit : "");
	p->total_issues = open_issues(x);
	p->overall_score = scan_compliance_report_summary(r)->overall_score;
	if (!(p->scores = malloc((n ? n : 1) * sizeof(*p->scores))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++)
		p->scores[i] = scan_compliance_report_get(r, i)->score;
	return 0;
}

void scan_compliance_trend_point_json(scan_json *w, const char *key, const scan_compliance_trend_point *p,
                                      const scan_framework *const *fws, size_t n)
{
	scan_json_open(w, key, '{');
	scan_json_int(w, "scan_id", p->scan_id);
	scan_json_time(w, "completed_at", p->completed_at);
	scan_json_str(w, "commit", p->commit[0] ? p->commit : NULL);
	scan_json_uint(w, "total_issues", p->total_issues);
	score_num(w, "overall_score", p->overall_score);
	scan_json_open(w, "scores", '{');
	for (size_t i = 0; i < n; i++)
		score_num(w, fws[i]->key, p->scores[i]);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}
