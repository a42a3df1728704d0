/* lib/quality/summary_json.c - a quality summary as JSON (spec 2.10 names) and back */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>
#include "quality/summary.h"
#include "util/error.h"

static void put_key(scan_buf *b, bool *first, const char *key)
{
	scan_buf_printf(b, "%s\"%s\":", *first ? "" : ",", key);
	*first = false;
}

static void put_uint(scan_buf *b, bool *first, const char *key, uint64_t v)
{
	put_key(b, first, key);
	scan_buf_printf(b, "%llu", (unsigned long long)v);
}

/* Negative: not measured, null. */
static void put_num(scan_buf *b, bool *first, const char *key, double v)
{
	put_key(b, first, key);
	if (v < 0 || !isfinite(v))
		scan_buf_puts(b, "null");
	else
		scan_buf_printf(b, "%.6g", v);
}

static void put_int(scan_buf *b, bool *first, const char *key, int64_t v)
{
	put_key(b, first, key);
	if (v < 0)
		scan_buf_puts(b, "null");
	else
		scan_buf_printf(b, "%lld", (long long)v);
}

static void put_rating(scan_buf *b, bool *first, const char *key, char r)
{
	put_key(b, first, key);
	if (r)
		scan_buf_printf(b, "\"%c\"", r);
	else
		scan_buf_puts(b, "null");
}

static const char *const sev_names[] = { "low", "medium", "high", "critical" };

static void put_sev(scan_buf *b, bool *first, const char *key, int sev)
{
	put_key(b, first, key);
	if (sev >= 0 && sev < 4)
		scan_buf_printf(b, "\"%s\"", sev_names[sev]);
	else
		scan_buf_puts(b, "null");
}

/* Analyzer names and versions are ours, but escape them anyway: they end up in a document. */
static void put_str(scan_buf *b, const char *s)
{
	scan_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			scan_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			scan_buf_printf(b, "\\u%04x", c);
		else
			scan_buf_putc(b, (char)c);
	}
	scan_buf_putc(b, '"');
}

int scan_quality_summary_write_json(scan_buf *b, const scan_quality_summary *s, const scan_tool_version *tools,
                                    size_t ntools)
{
	bool f = true, g;

	scan_buf_putc(b, '{');
	put_key(b, &f, "ratings");
	scan_buf_putc(b, '{'), g = true;
	put_rating(b, &g, "quality_rating", s->quality);
	put_rating(b, &g, "maintainability_rating", s->maintainability);
	put_rating(b, &g, "reliability_rating", s->reliability);
	put_rating(b, &g, "security_rating", s->security);
	put_rating(b, &g, "coverage_rating", s->coverage);
	put_rating(b, &g, "duplication_rating", s->duplication);
	put_uint(b, &g, "tech_debt_minutes", s->debt_minutes);
	put_num(b, &g, "parse_coverage_pct", s->parse_coverage_pct);
	put_uint(b, &g, "files_parsed", s->files_parsed);
	put_uint(b, &g, "files_parse_errors", s->files_parse_errors);
	put_uint(b, &g, "files_skipped", s->files_skipped);
	put_key(b, &g, "tool_versions");
	scan_buf_putc(b, '{');
	for (size_t i = 0; i < ntools; i++) {
		if (i)
			scan_buf_putc(b, ',');
		put_str(b, tools[i].name);
		scan_buf_putc(b, ':');
		put_str(b, tools[i].version);
	}
	scan_buf_puts(b, "}}");

	put_key(b, &f, "tech_debt");
	scan_buf_putc(b, '{'), g = true;
	put_uint(b, &g, "total_minutes", s->debt_minutes);
	put_num(b, &g, "total_hours", (double)s->debt_minutes / 60.0);
	put_num(b, &g, "total_engineer_days", (double)s->debt_minutes / SCAN_DEBT_MINUTES_PER_DAY);
	put_uint(b, &g, "coverage_gap_minutes", s->coverage_debt_minutes);
	put_key(b, &g, "findings_by_type");
	scan_buf_putc(b, '{');
	for (int t = 0; t < SCAN_DEBT__COUNT; t++)
		scan_buf_printf(b, "%s\"%s\":%llu", t ? "," : "", scan_debt_type_name((scan_debt_type)t),
		                (unsigned long long)s->findings_by_type[t]);
	scan_buf_puts(b, "}}");

	put_key(b, &f, "code");
	scan_buf_putc(b, '{'), g = true;
	put_uint(b, &g, "ncloc", s->ncloc);
	put_uint(b, &g, "duplicated_lines", s->duplicated_lines);
	put_uint(b, &g, "duplicated_blocks", s->duplicated_blocks);
	put_num(b, &g, "duplication_pct", s->duplication_pct);
	put_uint(b, &g, "duplication_files_skipped", s->duplication_files_skipped);
	put_int(b, &g, "cognitive_max", s->cognitive_max);
	put_uint(b, &g, "test_files", s->test_files);
	put_uint(b, &g, "generated_files", s->generated_files);
	put_sev(b, &g, "worst_security", s->worst_security);
	put_sev(b, &g, "worst_reliability", s->worst_reliability);
	scan_buf_putc(b, '}');

	put_key(b, &f, "new_code");
	scan_buf_putc(b, '{'), g = true;
	put_key(b, &g, "known");
	scan_buf_puts(b, s->new_code_known ? "true" : "false");
	put_key(b, &g, "base");
	if (s->new_code_known)
		put_str(b, s->new_code_base);
	else
		scan_buf_puts(b, "null");
	put_uint(b, &g, "lines", s->new_lines);
	put_uint(b, &g, "duplicated_lines", s->new_duplicated_lines);
	put_num(b, &g, "duplication_pct", s->new_duplication_pct);
	put_int(b, &g, "cognitive_max", s->new_cognitive_max);
	put_uint(b, &g, "debt_minutes", s->new_debt_minutes);
	put_sev(b, &g, "worst_security", s->new_worst_security);
	put_sev(b, &g, "worst_reliability", s->new_worst_reliability);
	put_rating(b, &g, "maintainability_rating", s->new_maintainability);
	put_rating(b, &g, "reliability_rating", s->new_reliability);
	put_rating(b, &g, "security_rating", s->new_security);
	put_rating(b, &g, "quality_rating", s->new_quality);
	put_uint(b, &g, "coverable_lines", s->new_cov_lines);
	put_uint(b, &g, "covered_lines", s->new_cov_covered);
	put_num(b, &g, "coverage_pct", s->new_coverage_pct);
	scan_buf_putc(b, '}');

	put_key(b, &f, "coverage");
	if (s->has_coverage) {
		scan_buf_putc(b, '{'), g = true;
		put_uint(b, &g, "file_count", s->cov_files);
		put_uint(b, &g, "lines_total", s->cov_lines);
		put_uint(b, &g, "lines_covered", s->cov_covered);
		put_num(b, &g, "coverage_pct", s->coverage_pct);
		scan_buf_putc(b, '}');
	} else {
		scan_buf_puts(b, "null");
	}
	scan_buf_putc(b, '}');
	return scan_buf_failed(b) ? scan__error_oom() : 0;
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

	scan__quality_summary_init(s);
	r = cJSON_GetObjectItemCaseSensitive(root, "ratings");
	t = cJSON_GetObjectItemCaseSensitive(root, "tech_debt");
	c = cJSON_GetObjectItemCaseSensitive(root, "code");
	n = cJSON_GetObjectItemCaseSensitive(root, "new_code");
	cov = cJSON_GetObjectItemCaseSensitive(root, "coverage");
	if (!cJSON_IsObject(r) || !cJSON_IsObject(t) || !cJSON_IsObject(c) || !cJSON_IsObject(n)) {
		rc = scan__error(SCAN_EPARSE, "not a quality summary");
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
