/* lib/report/pdf.c - the scan report as a PDF, drawn with libharu's standard fonts */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/pdfdoc.h"
#include "scan/report.h"
#include "util/error.h"

static const char *const severity_title[] = { "Low", "Medium", "High", "Critical" };

static void summary(scan_pdf *p, const scan_report_input *in, size_t counts[4], size_t *fps, size_t *new_count)
{
	const scan_finding_list *l = in->findings;
	char s[256];

	memset(counts, 0, 4 * sizeof(size_t));
	*fps = *new_count = 0;
	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		if (f->user_marked_fp) {
			(*fps)++;
			continue;
		}
		counts[f->severity & 3]++;
		*new_count += f->is_new_in_pr;
	}
	scan_pdf__heading(p, "Summary", 14);
	snprintf(s, sizeof(s), "Findings: %zu - critical %zu, high %zu, medium %zu, low %zu",
	         counts[3] + counts[2] + counts[1] + counts[0], counts[3], counts[2], counts[1], counts[0]);
	scan_pdf__paragraph(p, p->regular, 11, 0, s);
	snprintf(s, sizeof(s), "New on this branch (not in the default branch's baseline): %zu", *new_count);
	scan_pdf__paragraph(p, p->regular, 11, 0, s);
	if (*fps) {
		snprintf(s, sizeof(s), "Marked false positive, not counted or listed: %zu", *fps);
		scan_pdf__paragraph(p, p->regular, 11, 0, s);
	}
}

/* A condition's value as the policy writes it: a rating as its letter, a percentage with its sign. */
static void value(char *out, size_t outlen, const char *rule, double v)
{
	if (!strcmp(rule, "rating_min") && v >= 1 && v <= 5)
		snprintf(out, outlen, "%c", 'A' + (int)v - 1);
	else if (strstr(rule, "_pct") || strstr(rule, "coverage"))
		snprintf(out, outlen, "%.1f%%", v);
	else if (v == (double)(long long)v)
		snprintf(out, outlen, "%lld", (long long)v);
	else
		snprintf(out, outlen, "%.2f", v);
}

static const char *const condition_title[] = { "passed", "FAILED", "waived", "not measured" };

static void gate(scan_pdf *p, const scan_gate_report *g)
{
	char s[512], threshold[32], actual[32];

	scan_pdf__heading(p, "Quality gate", 14);
	if (!g) {
		scan_pdf__paragraph(p, p->bold, 12, 0, "Verdict: not computed");
		return;
	}
	snprintf(s, sizeof(s), "Verdict: %s", g->status == SCAN_GATE_PASSED   ? "PASSED"
	                                      : g->status == SCAN_GATE_FAILED ? "FAILED"
	                                                                      : "NOT CONFIGURED");
	HPDF_Page_SetRGBFill(p->page, g->status == SCAN_GATE_FAILED ? 0.75f : 0.1f,
	                     g->status == SCAN_GATE_PASSED ? 0.5f : 0.1f, 0.1f);
	scan_pdf__paragraph(p, p->bold, 12, 0, s);
	HPDF_Page_SetRGBFill(p->page, 0, 0, 0);
	if (g->status == SCAN_GATE_NOT_CONFIGURED)
		return;
	snprintf(s, sizeof(s), "Evaluated on %s.", g->config.applies_to_new_code_only ? "new code only" : "all code");
	scan_pdf__paragraph(p, p->regular, 10, 0, s);
	if (g->condition_count) {
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", "condition", "rule", "actual", "threshold");
		scan_pdf__paragraph(p, p->mono, 9, 10, s);
	}
	for (size_t i = 0; i < g->condition_count; i++) {
		const scan_gate_condition *c = &g->conditions[i];
		value(threshold, sizeof(threshold), c->rule, c->threshold);
		if (c->status == SCAN_COND_NOT_MEASURED)
			snprintf(actual, sizeof(actual), "-");
		else
			value(actual, sizeof(actual), c->rule, c->actual);
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", condition_title[c->status & 3], c->rule, actual, threshold);
		scan_pdf__paragraph(p, p->mono, 9, 10, s);
	}
	/* A verdict stored before conditions were: what failed and what was waived is still known. */
	for (size_t i = 0; !g->condition_count && i < g->violation_count + g->waived_count; i++) {
		const scan_gate_violation *v = i < g->violation_count ? &g->violations[i] : &g->waived[i - g->violation_count];
		value(threshold, sizeof(threshold), v->rule, v->threshold);
		value(actual, sizeof(actual), v->rule, v->actual);
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", v->waived ? "waived" : "FAILED", v->rule, actual, threshold);
		scan_pdf__paragraph(p, p->mono, 9, 10, s);
	}
}

static void finding(scan_pdf *p, const scan_finding *f, size_t n)
{
	char s[SCAN_PDF_TEXT_MAX + 128], title[512], path[1024];

	scan_pdf__plain(title, sizeof(title), f->title);
	scan_pdf__plain(path, sizeof(path), f->file_path);
	scan_pdf__room(p, 11 * SCAN_PDF_LINE * 3);
	snprintf(s, sizeof(s), "%zu. %s%s", n, title, f->is_new_in_pr ? "  [new]" : "");
	scan_pdf__paragraph(p, p->bold, 10, 0, s);
	if (f->line_number)
		snprintf(s, sizeof(s), "%s:%u - %s%s%s", path, f->line_number, f->rule_id, f->cwe_id ? " - " : "",
		         f->cwe_id ? f->cwe_id : "");
	else
		snprintf(s, sizeof(s), "%s - %s%s%s", path, f->rule_id, f->cwe_id ? " - " : "", f->cwe_id ? f->cwe_id : "");
	scan_pdf__paragraph(p, p->mono, 8.5f, 12, s);
	if (f->description && strcmp(f->description, f->title))
		scan_pdf__paragraph(p, p->regular, 9, 12, f->description);
	if (f->remediation) {
		snprintf(s, sizeof(s), "Remediation: %s", f->remediation);
		scan_pdf__paragraph(p, p->regular, 9, 12, s);
	}
	p->y -= 4;
}

static void findings(scan_pdf *p, const scan_report_input *in, const size_t counts[4])
{
	const scan_finding_list *l = in->findings;
	size_t listed = 0, total = counts[0] + counts[1] + counts[2] + counts[3];
	char s[128];

	scan_pdf__heading(p, "Findings by severity", 14);
	if (!total)
		scan_pdf__paragraph(p, p->regular, 10, 0, "No findings.");
	for (int sev = SCAN_SEV_CRITICAL; sev >= SCAN_SEV_LOW; sev--) {
		if (!counts[sev])
			continue;
		snprintf(s, sizeof(s), "%s (%zu)", severity_title[sev], counts[sev]);
		scan_pdf__heading(p, s, 12);
		for (size_t i = 0; i < scan_finding_list_count(l) && listed < SCAN_REPORT_FINDINGS_MAX; i++) {
			const scan_finding *f = scan_finding_list_get(l, i);
			if (f->user_marked_fp || (int)f->severity != sev)
				continue;
			finding(p, f, ++listed);
		}
	}
	if (listed < total) {
		snprintf(s, sizeof(s), "%zu more findings are not listed here; the API and the CLI list them all.",
		         total - listed);
		scan_pdf__heading(p, s, 10);
	}
}

int scan_report_pdf(scan_buf *out, const scan_report_input *in)
{
	scan_pdf p;
	char s[512], a[64], b[64];
	size_t counts[4], fps, new_count;
	int rc = 0;

	if ((rc = scan_pdf__begin(&p, "Rampart scan report", "Rampart scan report")) != 0)
		return rc;

	scan_pdf__line(&p, p.bold, 20, 0, "Rampart scan report");
	p.y -= 6;
	scan_pdf__field(&p, "Repository", in->repo_name);
	scan_pdf__field(&p, "Location", in->repo_url);
	scan_pdf__field(&p, "Branch", in->branch);
	scan_pdf__field(&p, "Commit", in->commit);
	scan_pdf__when(a, sizeof(a), in->created_at);
	scan_pdf__when(b, sizeof(b), in->completed_at);
	snprintf(s, sizeof(s), "#%lld (%s), started %s, completed %s", (long long)in->scan_id,
	         in->scan_type ? in->scan_type : "smart", a, b);
	scan_pdf__field(&p, "Scan", s);
	scan_pdf__when(a, sizeof(a), in->generated_at);
	scan_pdf__field(&p, "Generated", a);

	summary(&p, in, counts, &fps, &new_count);
	gate(&p, in->gate);
	findings(&p, in, counts);

	return scan_pdf__finish(&p, out);
}
