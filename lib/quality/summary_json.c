/* lib/quality/summary_json.c - a quality summary as JSON (spec 2.10 names) and back */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>
#include "quality/summary.h"
#include "scan/json.h"
#include "util/error.h"

/* Negative: not measured, null. */
static void put_num(scan_json *w, const char *key, double v)
{
	if (v < 0)
		scan_json_null(w, key);
	else
		scan_json_num_fmt(w, key, v, 6);
}

static void put_int(scan_json *w, const char *key, int64_t v)
{
	if (v < 0)
		scan_json_null(w, key);
	else
		scan_json_int(w, key, (long long)v);
}

static void put_rating(scan_json *w, const char *key, char r)
{
	char s[2] = { r, 0 };

	scan_json_str(w, key, r ? s : NULL);
}

static const char *const sev_names[] = { "low", "medium", "high", "critical" };

static void put_sev(scan_json *w, const char *key, int sev)
{
	scan_json_str(w, key, sev >= 0 && sev < 4 ? sev_names[sev] : NULL);
}

void scan_quality_summary_json(scan_json *w, const char *key, const scan_quality_summary *s,
                               const scan_tool_version *tools, size_t ntools)
{
	scan_json_open(w, key, '{');
	scan_json_open(w, "ratings", '{');
	put_rating(w, "quality_rating", s->quality);
	put_rating(w, "maintainability_rating", s->maintainability);
	put_rating(w, "reliability_rating", s->reliability);
	put_rating(w, "security_rating", s->security);
	put_rating(w, "coverage_rating", s->coverage);
	put_rating(w, "duplication_rating", s->duplication);
	scan_json_uint(w, "tech_debt_minutes", s->debt_minutes);
	put_num(w, "parse_coverage_pct", s->parse_coverage_pct);
	scan_json_uint(w, "files_parsed", s->files_parsed);
	scan_json_uint(w, "files_parse_errors", s->files_parse_errors);
	scan_json_uint(w, "files_skipped", s->files_skipped);
	scan_json_open(w, "tool_versions", '{');
	for (size_t i = 0; i < ntools; i++)
		scan_json_str(w, tools[i].name, tools[i].version);
	scan_json_close(w, '}');
	scan_json_close(w, '}');

	scan_json_open(w, "tech_debt", '{');
	scan_json_uint(w, "total_minutes", s->debt_minutes);
	put_num(w, "total_hours", (double)s->debt_minutes / 60.0);
	put_num(w, "total_engineer_days", (double)s->debt_minutes / SCAN_DEBT_MINUTES_PER_DAY);
	scan_json_uint(w, "coverage_gap_minutes", s->coverage_debt_minutes);
	scan_json_open(w, "findings_by_type", '{');
	for (int t = 0; t < SCAN_DEBT__COUNT; t++)
		scan_json_uint(w, scan_debt_type_name((scan_debt_type)t), s->findings_by_type[t]);
	scan_json_close(w, '}');
	scan_json_close(w, '}');

	scan_json_open(w, "code", '{');
	scan_json_uint(w, "ncloc", s->ncloc);
	scan_json_uint(w, "duplicated_lines", s->duplicated_lines);
	scan_json_uint(w, "duplicated_blocks", s->duplicated_blocks);
	put_num(w, "duplication_pct", s->duplication_pct);
	scan_json_uint(w, "duplication_files_skipped", s->duplication_files_skipped);
	put_int(w, "cognitive_max", s->cognitive_max);
	scan_json_uint(w, "test_files", s->test_files);
	scan_json_uint(w, "generated_files", s->generated_files);
	put_sev(w, "worst_security", s->worst_security);
	put_sev(w, "worst_reliability", s->worst_reliability);
	scan_json_close(w, '}');

	scan_json_open(w, "new_code", '{');
	scan_json_bool(w, "known", s->new_code_known);
	scan_json_str(w, "base", s->new_code_known ? s->new_code_base : NULL);
	scan_json_uint(w, "lines", s->new_lines);
	scan_json_uint(w, "duplicated_lines", s->new_duplicated_lines);
	put_num(w, "duplication_pct", s->new_duplication_pct);
	put_int(w, "cognitive_max", s->new_cognitive_max);
	scan_json_uint(w, "debt_minutes", s->new_debt_minutes);
	put_sev(w, "worst_security", s->new_worst_security);
	put_sev(w, "worst_reliability", s->new_worst_reliability);
	put_rating(w, "maintainability_rating", s->new_maintainability);
	put_rating(w, "reliability_rating", s->new_reliability);
	put_rating(w, "security_rating", s->new_security);
	put_rating(w, "quality_rating", s->new_quality);
	scan_json_uint(w, "coverable_lines", s->new_cov_lines);
	scan_json_uint(w, "covered_lines", s->new_cov_covered);
	put_num(w, "coverage_pct", s->new_coverage_pct);
	scan_json_close(w, '}');

	if (s->has_coverage) {
		scan_json_open(w, "coverage", '{');
		scan_json_uint(w, "file_count", s->cov_files);
		scan_json_uint(w, "lines_total", s->cov_lines);
		scan_json_uint(w, "lines_covered", s->cov_covered);
		put_num(w, "coverage_pct", s->coverage_pct);
		scan_json_close(w, '}');
	} else {
		scan_json_null(w, "coverage");
	}
	scan_json_close(w, '}');
}

int scan_quality_summary_write_json(scan_buf *b, const scan_quality_summary *s, const scan_tool_version *tools,
                                    size_t ntools)
{
	scan_json w;

	scan_json_init(&w, b, false);
	scan_quality_summary_json(&w, NULL, s, tools, ntools);
	return scan_json_finish(&w);
}

static uint64_t get_uint(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble > 0 ? (uint64_t)v->valuedouble : 0;
}

static int64_t get_int(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 ? (int64_t)v->valuedouble : -1;
}

static int get_sev(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	for (int i = 0; cJSON_IsString(v) && i < 4; i++)
		if (!strcmp(v->valuestring, sev_names[i]))
			return i;
	return -1;
}

int scan_quality_summary_parse_json(scan_quality_summary *s, const char *json, size_t len)
{
	cJSON *root = cJSON_ParseWithLength(json, len);
	const cJSON *r, *t, *c, *n, *cov, *by, *base;
	int rc = 0;

	scan_quality__summary_init(s);
	r = cJSON_GetObjectItemCaseSensitive(root, "ratings");
	t = cJSON_GetObjectItemCaseSensitive(root, "tech_debt");
	c = cJSON_GetObjectItemCaseSensitive(root, "code");
	n = cJSON_GetObjectItemCaseSensitive(root, "new_code");
	cov = cJSON_GetObjectItemCaseSensitive(root, "coverage");
	if (!cJSON_IsObject(r) || !cJSON_IsObject(t) || !cJSON_IsObject(c) || !cJSON_IsObject(n)) {
		rc = scan_util__error(SCAN_EPARSE, "not a quality summary");
		goto done;
	}
	s->files_parsed = get_uint(r, "files_parsed");
	s->files_parse_errors = get_uint(r, "files_parse_errors");
	s->files_skipped = get_uint(r, "files_skipped");
	{
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(r, "parse_coverage_pct");
		s->parse_coverage_pct = cJSON_IsNumber(p) ? p->valuedouble : -1.0;
	}
	s->debt_minutes = get_uint(t, "total_minutes");
	s->coverage_debt_minutes = get_uint(t, "coverage_gap_minutes");
	by = cJSON_GetObjectItemCaseSensitive(t, "findings_by_type");
	for (int k = 0; k < SCAN_DEBT__COUNT; k++)
		s->findings_by_type[k] = get_uint(by, scan_debt_type_name((scan_debt_type)k));
	s->ncloc = get_uint(c, "ncloc");
	s->duplicated_lines = get_uint(c, "duplicated_lines");
	s->duplicated_blocks = get_uint(c, "duplicated_blocks");
	s->duplication_files_skipped = get_uint(c, "duplication_files_skipped");
	s->cognitive_max = get_int(c, "cognitive_max");
	s->test_files = get_uint(c, "test_files");
	s->generated_files = get_uint(c, "generated_files");
	s->worst_security = get_sev(c, "worst_security");
	s->worst_reliability = get_sev(c, "worst_reliability");
	s->new_code_known = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(n, "known"));
	base = cJSON_GetObjectItemCaseSensitive(n, "base");
	if (cJSON_IsString(base) && strlen(base->valuestring) < sizeof(s->new_code_base))
		memcpy(s->new_code_base, base->valuestring, strlen(base->valuestring) + 1);
	s->new_lines = get_uint(n, "lines");
	s->new_duplicated_lines = get_uint(n, "duplicated_lines");
	s->new_cognitive_max = get_int(n, "cognitive_max");
	s->new_debt_minutes = get_uint(n, "debt_minutes");
	s->new_worst_security = get_sev(n, "worst_security");
	s->new_worst_reliability = get_sev(n, "worst_reliability");
	s->new_cov_lines = get_uint(n, "coverable_lines");
	s->new_cov_covered = get_uint(n, "covered_lines");
	if (cJSON_IsObject(cov)) {
		s->has_coverage = true;
		s->cov_files = get_uint(cov, "file_count");
		s->cov_lines = get_uint(cov, "lines_total");
		s->cov_covered = get_uint(cov, "lines_covered");
	}
	scan_quality_rate(s);
done:
	cJSON_Delete(root);
	return rc;
}
