/* lib/model/finding_json.c - a finding as JSON: the one shape the report, the store's readers and the API share */
#include "scan/finding.h"
#include "scan/json.h"

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
	if (f->ndataflow) {
		scan_json_open(w, "dataflow", '[');
		for (size_t i = 0; i < f->ndataflow; i++) {
			const scan_flow_step *s = &f->dataflow[i];
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "kind", s->kind);
			if (s->file_path)
				scan_json_str(w, "file_path", s->file_path);
			scan_json_uint(w, "line", s->line);
			scan_json_uint(w, "column", s->column);
			scan_json_uint(w, "end_line", s->end_line);
			scan_json_str(w, "code", s->code);
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
	}
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
