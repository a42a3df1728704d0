/* lib/quality/summary.c - technical debt, ratings and new-code measures of a scan */
#include <string.h>
#include "quality/summary.h"

static const char *const debt_names[SCAN_DEBT__COUNT] = { "complexity", "dead_code", "duplication", "coverage_gap" };

const char *scan_debt_type_name(scan_debt_type t)
{
	return (unsigned)t < SCAN_DEBT__COUNT ? debt_names[t] : "?";
}

/* The remediation cost table; docs/metrics.md shows it to users. */
static const struct {
	const char *rule;
	scan_debt_type type;
	unsigned minutes;
} debt_table[] = {
	{ "quality/cognitive-complexity", SCAN_DEBT_COMPLEXITY, 20 },
	{ "quality/long-function", SCAN_DEBT_COMPLEXITY, 20 },
	{ "quality/too-many-parameters", SCAN_DEBT_COMPLEXITY, 20 },
	{ "quality/duplicated-block", SCAN_DEBT_DUPLICATION, 10 },
	{ "quality/unused-import", SCAN_DEBT_DEAD_CODE, 2 },
	{ "quality/unused-local-variable", SCAN_DEBT_DEAD_CODE, 5 },
	{ "quality/unused-parameter", SCAN_DEBT_DEAD_CODE, 5 },
	{ "quality/unused-private-function", SCAN_DEBT_DEAD_CODE, 5 },
	{ "quality/unreachable-code", SCAN_DEBT_DEAD_CODE, 10 },
};

unsigned scan_debt_minutes(const scan_finding *f, scan_debt_type *type)
{
	for (size_t i = 0; i < sizeof(debt_table) / sizeof(debt_table[0]); i++)
		if (f->rule_id && !strcmp(f->rule_id, debt_table[i].rule)) {
			*type = debt_table[i].type;
			return debt_table[i].minutes;
		}
	return 0;
}

/* Unreachable code is a bug, not a smell: it rates reliability, as SonarQube does. */
static bool is_reliability(const scan_finding *f)
{
	return f->rule_id && !strcmp(f->rule_id, "quality/unreachable-code");
}

static bool is_security(const scan_finding *f)
{
	return f->category != SCAN_CAT_QUALITY;
}

char scan_quality_debt_rating(double ratio)
{
	if (ratio <= 0.05)
		return 'A';
	if (ratio < 0.10)
		return 'B';
	if (ratio < 0.20)
		return 'C';
	if (ratio < 0.50)
		return 'D';
	return 'E';
}

static char severity_rating(int worst)
{
	return worst < 0 ? 'A' : (char)('B' + worst); /* low B, medium C, high D, critical E */
}

static char worst_of(char a, char b, char c)
{
	char w = a > b ? a : b;
	return w > c ? w : c;
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : -1.0;
}

void scan_quality_rate(scan_quality_summary *s)
{
	double p;

	s->duplication_pct = s->ncloc ? pct(s->duplicated_lines, s->ncloc) : 0.0;
	s->new_duplication_pct = s->new_code_known ? (s->new_lines ? pct(s->new_duplicated_lines, s->new_lines) : 0.0)
	                                           : -1.0;
	s->coverage_pct = s->has_coverage ? pct(s->cov_covered, s->cov_lines) : -1.0;
	s->new_coverage_pct = s->has_coverage && s->new_code_known ? pct(s->new_cov_covered, s->new_cov_lines) : -1.0;

	s->maintainability = s->ncloc ? scan_quality_debt_rating((double)s->debt_minutes /
	                                                         ((double)s->ncloc * SCAN_DEBT_MINUTES_PER_LINE))
	                              : (s->debt_minutes ? 'E' : 'A');
	s->reliability = severity_rating(s->worst_reliability);
	s->security = severity_rating(s->worst_security);
	s->quality = worst_of(s->maintainability, s->reliability, s->security);
	p = s->duplication_pct;
	s->duplication = p < 3 ? 'A' : p < 5 ? 'B' : p < 10 ? 'C' : p < 20 ? 'D' : 'E';
	p = s->coverage_pct;
	s->coverage = p < 0 ? 0 : p >= 80 ? 'A' : p >= 70 ? 'B' : p >= 50 ? 'C' : p >= 30 ? 'D' : 'E';
	if (s->new_code_known) {
		s->new_maintainability = s->new_lines ? scan_quality_debt_rating((double)s->new_debt_minutes /
		                                        ((double)s->new_lines * SCAN_DEBT_MINUTES_PER_LINE))
		                                      : (s->new_debt_minutes ? 'E' : 'A');
		s->new_reliability = severity_rating(s->new_worst_reliability);
		s->new_security = severity_rating(s->new_worst_security);
		s->new_quality = worst_of(s->new_maintainability, s->new_reliability, s->new_security);
	} else {
		s->new_maintainability = s->new_reliability = s->new_security = s->new_quality = 0;
	}
}

void scan_quality__summary_init(scan_quality_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->cognitive_max = s->new_cognitive_max = -1;
	s->worst_security = s->worst_reliability = -1;
	s->new_worst_security = s->new_worst_reliability = -1;
	s->duplication_pct = s->new_duplication_pct = s->coverage_pct = s->new_coverage_pct = -1.0;
}

void scan_quality__summary_add_finding(scan_quality_summary *s, const scan_finding *f, bool on_new_line)
{
	scan_debt_type t;
	unsigned m;

	/* What the gate leaves out, the ratings do too: false positives, suppressions, test code. */
	if (!scan_finding_counts(f) || !f->in_head)
		return;
	if ((m = scan_debt_minutes(f, &t)) != 0) {
		s->debt_minutes += m;
		s->findings_by_type[t]++;
		if (on_new_line)
			s->new_debt_minutes += m;
	}
	if (is_reliability(f)) {
		if ((int)f->severity > s->worst_reliability)
			s->worst_reliability = (int)f->severity;
		if (on_new_line && (int)f->severity > s->new_worst_reliability)
			s->new_worst_reliability = (int)f->severity;
	} else if (is_security(f)) {
		if ((int)f->severity > s->worst_security)
			s->worst_security = (int)f->severity;
		if (on_new_line && (int)f->severity > s->new_worst_security)
			s->new_worst_security = (int)f->severity;
	}
}

void scan_quality__summary_add_file(scan_quality_summary *s, const scan_file_metrics *m)
{
	if (m->in_test || m->generated)
		return;
	s->ncloc += m->code_lines;
	s->duplicated_lines += m->duplicated_lines;
	s->duplicated_blocks += m->duplicated_blocks;
	s->duplication_files_skipped += m->duplication_skipped;
	s->new_lines += m->new_lines;
	s->new_duplicated_lines += m->new_duplicated_lines;
	for (uint32_t i = 0; i < m->nfunctions; i++)
		if ((int64_t)m->functions[i].cognitive > s->cognitive_max)
			s->cognitive_max = m->functions[i].cognitive;
	if (m->new_cognitive_max >= 0 && m->new_cognitive_max > s->new_cognitive_max)
		s->new_cognitive_max = m->new_cognitive_max;
}

void scan_quality__summary_add_coverage(scan_quality_summary *s, uint64_t lines, uint64_t covered,
                                        uint64_t new_lines, uint64_t new_covered)
{
	s->has_coverage = true;
	s->cov_files++;
	s->cov_lines += lines;
	s->cov_covered += covered;
	s->new_cov_lines += new_lines;
	s->new_cov_covered += new_covered;
	if (lines && pct(covered, lines) < SCAN_COVERAGE_GAP_PCT) {
		/* the lines still to cover to reach the threshold */
		uint64_t need = (uint64_t)((SCAN_COVERAGE_GAP_PCT / 100.0) * (double)lines + 0.999999) - covered;
		s->findings_by_type[SCAN_DEBT_COVERAGE_GAP]++;
		s->debt_minutes += need * SCAN_COVERAGE_GAP_MINUTES_PER_LINE;
		s->coverage_debt_minutes += need * SCAN_COVERAGE_GAP_MINUTES_PER_LINE;
	}
}

void scan_quality__summary_reset_coverage(scan_quality_summary *s)
{
	s->debt_minutes -= s->coverage_debt_minutes < s->debt_minutes ? s->coverage_debt_minutes : s->debt_minutes;
	s->coverage_debt_minutes = 0;
	s->findings_by_type[SCAN_DEBT_COVERAGE_GAP] = 0;
	s->has_coverage = false;
	s->cov_files = s->cov_lines = s->cov_covered = s->new_cov_lines = s->new_cov_covered = 0;
}
