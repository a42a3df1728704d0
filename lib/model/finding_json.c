/* lib/model/finding_json.c - a finding as JSON: the one shape the report, the store's readers and the API share */
#include <string.h>
#include <cjson/cJSON.h>
#include "model/finding_list.h"
#include "scan/finding.h"
#include "scan/json.h"
#include "util/error.h"

void scan_model__flow_json(scan_json *w, const char *key, const scan_flow_step *v, size_t n)
{
	scan_json_open(w, key, '[');
	for (size_t i = 0; i < n; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "kind", v[i].kind);
		if (v[i].file_path)
			scan_json_str(w, "file_path", v[i].file_path);
		scan_json_uint(w, "line", v[i].line);
		scan_json_uint(w, "column", v[i].column);
		scan_json_uint(w, "end_line", v[i].end_line);
		scan_json_str(w, "code", v[i].code);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

/* The kinds a step may have: a stored flow's kind is one of these (static storage), or the flow is not read. */
static const char *const step_kinds[] = { "source", "step", "call", "sink", NULL };

static const char *arena_str(scan_arena *a, const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? scan_arena__strdup(a, v->valuestring) : NULL;
}

static uint32_t json_uint(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 4294967296.0 ? (uint32_t)v->valuedouble : 0;
}

int scan_model__flow_parse(scan_arena *a, const char *text, const scan_flow_step **out, size_t *n)
{
	cJSON *doc = text ? cJSON_Parse(text) : NULL;
	const cJSON *e;
	scan_flow_step *v;
	size_t count = 0, k = 0;

	*out = NULL, *n = 0;
	if (!doc || !cJSON_IsArray(doc) || !(count = (size_t)cJSON_GetArraySize(doc)) || count > 1024) {
		cJSON_Delete(doc);
		return 0; /* no flow, or not one this reads: the finding without it */
	}
	if (!(v = scan_arena__calloc(a, count * sizeof(*v)))) {
		cJSON_Delete(doc);
		return scan_error__oom();
	}
	cJSON_ArrayForEach(e, doc) {
		const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "kind");
		for (const char *const *s = step_kinds; *s && cJSON_IsString(kind); s++)
			if (!strcmp(*s, kind->valuestring))
				v[k].kind = *s;
		if (!v[k].kind)
			continue;
		v[k].line = json_uint(e, "line"), v[k].column = json_uint(e, "column"), v[k].end_line = json_uint(e, "end_line");
		v[k].code = arena_str(a, e, "code");
		v[k].file_path = arena_str(a, e, "file_path");
		k++;
	}
	cJSON_Delete(doc);
	*out = v, *n = k;
	return 0;
}

void scan_finding_json(scan_json *w, const scan_finding *f)
{
	scan_json_open(w, NULL, '{');
	scan_json_id(w, "id", f->id);
	scan_json_id(w, "scan_id", f->scan_id);
	scan_json_str(w, "rule_id", f->rule_id);
	scan_json_str(w, "title", f->title);
	scan_json_str(w, "tool", f->tool);
	scan_json_str(w, "category", scan_category_name(f->category));
	scan_json_str(w, "file_path", f->file_path);
	scan_json_uint(w, "line_number", f->line_number);
	scan_json_uint(w, "end_line", f->end_line);
	scan_json_uint(w, "column", f->column);
	scan_json_uint(w, "end_column", f->end_column);
	scan_json_str(w, "description", f->description);
	scan_json_str(w, "remediation", f->remediation);
	scan_json_str(w, "fix", f->fix);
	scan_json_str(w, "cwe_id", f->cwe_id);
	if (f->ai_rule) {
		scan_json_str(w, "ai_rule", f->ai_rule);
		scan_json_str(w, "owasp_category", f->owasp);
	}
	scan_json_str(w, "severity", scan_severity_name(f->severity));
	if (f->cvss_score >= 0)
		scan_json_num_fmt(w, "cvss_score", f->cvss_score, 6);
	else
		scan_json_str(w, "cvss_score", NULL);
	scan_json_uint(w, "confidence", f->confidence);
	scan_json_str(w, "snippet", f->snippet);
	scan_json_str(w, "fingerprint", f->fingerprint);
	scan_json_bool(w, "is_new_in_pr", f->is_new_in_pr);
	scan_json_bool(w, "user_marked_fp", f->user_marked_fp);
	scan_json_time(w, "fp_marked_at", (long long)f->fp_marked_at);
	scan_json_str(w, "fp_reason", f->fp_reason);
	scan_json_str(w, "secret_hash", f->secret_hash);
	scan_json_str(w, "commit", f->commit);
	scan_json_time(w, "commit_time", (long long)f->commit_time);
	scan_json_bool(w, "in_head", f->in_head);
	scan_json_str(w, "verified", f->verified);
	scan_json_bool(w, "in_test", f->in_test);
	scan_json_bool(w, "suppressed", f->suppressed);
	if (f->suppressed) {
		scan_json_open(w, "suppression", '{');
		scan_json_str(w, "kind", f->suppression_kind);
		scan_json_str(w, "reason", f->suppression_reason);
		scan_json_close(w, '}');
	} else {
		scan_json_str(w, "suppression", NULL);
	}
	if (f->ndataflow)
		scan_model__flow_json(w, "dataflow", f->dataflow, f->ndataflow);
	if (f->sca) {
		const scan_finding_sca *v = f->sca;
		scan_json_str(w, "vuln_id", v->vuln_id);
		scan_json_str(w, "cve_id", v->cve_id);
		scan_json_str(w, "aliases", v->aliases);
		scan_json_str(w, "ecosystem", v->ecosystem);
		scan_json_str(w, "package_name", v->package_name);
		scan_json_str(w, "installed_version", v->installed_version);
		scan_json_str(w, "fixed_version", v->fixed_version);
		scan_json_str(w, "purl", v->purl);
		if (v->epss_score >= 0) {
			scan_json_num_fmt(w, "epss_score", v->epss_score, 6);
			scan_json_num_fmt(w, "epss_percentile", v->epss_percentile, 6);
		} else {
			scan_json_str(w, "epss_score", NULL);
			scan_json_str(w, "epss_percentile", NULL);
		}
		scan_json_bool(w, "kev_listed", v->kev_listed);
		scan_json_bool(w, "is_direct", v->direct);
		scan_json_num_fmt(w, "risk_score", v->risk_score, 6);
		scan_json_str(w, "priority_label", v->priority_label);
		scan_json_time(w, "published", (long long)v->published);
		scan_json_str(w, "cvss_vector", v->cvss_vector);
		scan_json_bool(w, "unrated", v->unrated);
		scan_json_str(w, "rated_by", v->rated_by);
	}
	scan_json_close(w, '}');
}
