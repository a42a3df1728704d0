/* lib/report/compliance.c - the compliance evidence report an auditor reads: one walk of the scores, written as HTML, Markdown or PDF */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/pdfdoc.h"
#include "scan/report.h"
#include "util/error.h"
#include "util/quote.h"

/*
 * The report is one sequence of blocks - a title, headings, label and
 * value fields, paragraphs, list items - and each format is a writer of
 * blocks, so the three say the same thing in the same order.
 */
typedef struct writer writer;
struct writer {
	void (*title)(writer *w, const char *text);
	void (*heading)(writer *w, int level, const char *text);
	void (*field)(writer *w, const char *label, const char *value);
	void (*para)(writer *w, const char *text);
	void (*item)(writer *w, const char *text);
	void (*end_list)(writer *w);
	scan_buf *out;
	bool in_list;
	scan_pdf pdf;
};

int scan_report_format_parse(scan_report_format *out, const char *name)
{
	if (!strcmp(name, "html"))
		*out = SCAN_REPORT_HTML;
	else if (!strcmp(name, "md") || !strcmp(name, "markdown"))
		*out = SCAN_REPORT_MARKDOWN;
	else if (!strcmp(name, "pdf"))
		*out = SCAN_REPORT_PDF;
	else
		return scan_util__error(SCAN_EINVAL, "unknown report format '%s' (html, md or pdf)", name);
	return 0;
}

/* ---- Markdown: text from outside (paths, rule ids, names) is escaped, so it cannot become markup ---- */

static void md_end_list(writer *w)
{
	if (w->in_list)
		scan_buf_putc(w->out, '\n');
	w->in_list = false;
}

static void md_title(writer *w, const char *t)
{
	scan_buf_puts(w->out, "# ");
	scan_util__md_text(w->out, t);
	scan_buf_puts(w->out, "\n\n");
}

static void md_heading(writer *w, int level, const char *t)
{
	md_end_list(w);
	for (int i = 0; i < level + 1; i++)
		scan_buf_putc(w->out, '#');
	scan_buf_putc(w->out, ' ');
	scan_util__md_text(w->out, t);
	scan_buf_puts(w->out, "\n\n");
}

static void md_field(writer *w, const char *label, const char *value)
{
	md_end_list(w);
	scan_buf_puts(w->out, "**");
	scan_util__md_text(w->out, label);
	scan_buf_puts(w->out, ":** ");
	scan_util__md_text(w->out, value && *value ? value : "-");
	scan_buf_puts(w->out, "  \n");
}

static void md_para(writer *w, const char *t)
{
	md_end_list(w);
	scan_buf_putc(w->out, '\n');
	scan_util__md_text(w->out, t);
	scan_buf_puts(w->out, "\n\n");
}

static void md_item(writer *w, const char *t)
{
	if (!w->in_list)
		scan_buf_putc(w->out, '\n');
	w->in_list = true;
	scan_buf_puts(w->out, "- ");
	scan_util__md_text(w->out, t);
	scan_buf_putc(w->out, '\n');
}

/* ---- HTML: one self-contained page, every outside string escaped ---- */

static void html_text(scan_buf *b, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': scan_buf_puts(b, "&amp;"); break;
		case '<': scan_buf_puts(b, "&lt;"); break;
		case '>': scan_buf_puts(b, "&gt;"); break;
		case '"': scan_buf_puts(b, "&quot;"); break;
		case '\'': scan_buf_puts(b, "&#39;"); break;
		default:
			if ((unsigned char)*s >= 0x20 && *s != 0x7f)
				scan_buf_putc(b, *s);
			else if (*s == '\n' || *s == '\t')
				scan_buf_putc(b, ' ');
		}
	}
}

static void html_end_list(writer *w)
{
	if (w->in_list)
		scan_buf_puts(w->out, "</ul>\n");
	w->in_list = false;
}

static void html_title(writer *w, const char *t)
{
	scan_buf_puts(w->out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src"
	                      " 'unsafe-inline'\">\n<title>");
	html_text(w->out, t);
	scan_buf_puts(w->out, "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;"
	                      "line-height:1.4}h3{margin-bottom:.2em}.field b{display:inline-block;min-width:11em}"
	                      "</style>\n</head>\n<body>\n<h1>");
	html_text(w->out, t);
	scan_buf_puts(w->out, "</h1>\n");
}

static void html_heading(writer *w, int level, const char *t)
{
	html_end_list(w);
	scan_buf_printf(w->out, "<h%d>", level + 1);
	html_text(w->out, t);
	scan_buf_printf(w->out, "</h%d>\n", level + 1);
}

static void html_field(writer *w, const char *label, const char *value)
{
	html_end_list(w);
	scan_buf_puts(w->out, "<div class=\"field\"><b>");
	html_text(w->out, label);
	scan_buf_puts(w->out, "</b> ");
	html_text(w->out, value && *value ? value : "-");
	scan_buf_puts(w->out, "</div>\n");
}

static void html_para(writer *w, const char *t)
{
	html_end_list(w);
	scan_buf_puts(w->out, "<p>");
	html_text(w->out, t);
	scan_buf_puts(w->out, "</p>\n");
}

static void html_item(writer *w, const char *t)
{
	if (!w->in_list)
		scan_buf_puts(w->out, "<ul>\n");
	w->in_list = true;
	scan_buf_puts(w->out, "<li>");
	html_text(w->out, t);
	scan_buf_puts(w->out, "</li>\n");
}

/* ---- PDF ---- */

static void pdf_title(writer *w, const char *t)
{
	scan_pdf__line(&w->pdf, w->pdf.bold, 20, 0, t);
	w->pdf.y -= 6;
}

static void pdf_heading(writer *w, int level, const char *t)
{
	char buf[SCAN_PDF_TEXT_MAX + 1];

	scan_pdf__plain(buf, sizeof(buf), t);
	scan_pdf__heading(&w->pdf, buf, level == 1 ? 14.0f : 11.0f);
}

static void pdf_field(writer *w, const char *label, const char *value)
{
	scan_pdf__field(&w->pdf, label, value);
}

static void pdf_para(writer *w, const char *t)
{
	scan_pdf__paragraph(&w->pdf, w->pdf.regular, 10, 0, t);
}

static void pdf_item(writer *w, const char *t)
{
	char line[SCAN_PDF_TEXT_MAX + 8];

	snprintf(line, sizeof(line), "- %s", t);
	scan_pdf__paragraph(&w->pdf, w->pdf.mono, 8, 12, line);
}

static void pdf_end_list(writer *w)
{
	(void)w;
}

/* ---- the report ---- */

static void when(char *out, size_t n, time_t t)
{
	struct tm tm;

	if (!t || !gmtime_r(&t, &tm) || !strftime(out, n, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, n, "-");
}

static const scan_compliance_finding *finding_by_id(const scan_compliance_facts *x, int64_t id)
{
	size_t lo = 0, hi = x->nfindings;

	/* The store reads a scan's findings in id order. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (x->findings[mid].id == id)
			return &x->findings[mid];
		if (x->findings[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = 0; i < x->nfindings; i++)
		if (x->findings[i].id == id)
			return &x->findings[i];
	return NULL;
}

static void finding_item(writer *w, const scan_compliance_facts *x, int64_t id)
{
	const scan_compliance_finding *f = finding_by_id(x, id);
	char line[1024], cwe[24] = "";

	if (!f) {
		snprintf(line, sizeof(line), "finding #%lld", (long long)id);
	} else {
		if (f->cwe)
			snprintf(cwe, sizeof(cwe), " CWE-%d", f->cwe);
		snprintf(line, sizeof(line), "#%lld %s %s%s at %s:%u%s%s%s", (long long)id, scan_severity_name(f->severity),
		         f->rule_id ? f->rule_id : "-", cwe, f->file ? f->file : "-", f->line,
		         f->in_test ? " (test code)" : "", f->excluded ? " - left out: " : "", f->excluded ? f->excluded : "");
	}
	w->item(w, line);
}

static void control(writer *w, const scan_compliance_facts *x, const scan_control_result *c)
{
	static const char *const outcome_title[] = { "PASS", "PARTIAL", "FAIL", "NOT ASSESSED", "NOT APPLICABLE" };
	char line[1024];

	snprintf(line, sizeof(line), "%s %s - %s", c->control->id, c->control->name, outcome_title[c->outcome]);
	w->heading(w, 2, line);
	w->field(w, "What Rampart checks", c->control->description);
	snprintf(line, sizeof(line), "%s (%s evidence)", scan_check_type_name(c->control->check),
	         c->control->automated ? "automated" : "supporting");
	w->field(w, "Check", line);
	w->field(w, "Result", c->why);
	if (c->outcome != SCAN_OUTCOME_NO_DATA && c->outcome != SCAN_OUTCOME_DISABLED &&
	    (c->counts[0] || c->counts[1] || c->counts[2] || c->counts[3] || c->excluded)) {
		snprintf(line, sizeof(line), "%llu critical, %llu high, %llu medium, %llu low open; %llu left out",
		         (unsigned long long)c->counts[SCAN_SEV_CRITICAL], (unsigned long long)c->counts[SCAN_SEV_HIGH],
		         (unsigned long long)c->counts[SCAN_SEV_MEDIUM], (unsigned long long)c->counts[SCAN_SEV_LOW],
		         (unsigned long long)c->excluded);
		w->field(w, "Findings", line);
	}
	snprintf(line, sizeof(line), "%s. %s", scan_recommendation_name(c->recommendation),
	         c->recommendation_reason ? c->recommendation_reason : "");
	w->field(w, "Recommendation", line);
	for (size_t i = 0; i < c->ndecisive; i++)
		finding_item(w, x, c->decisive[i]);
	for (size_t i = 0; i < c->nexcluded_ids; i++)
		finding_item(w, x, c->excluded_ids[i]);
	w->end_list(w);
}

static void write_report(writer *w, const scan_compliance_report *r)
{
	const scan_compliance_facts *x = scan_compliance_report_facts(r);
	const scan_compliance_summary *s = scan_compliance_report_summary(r);
	char a[64], line[1024];

	w->title(w, "Compliance evidence report");
	w->field(w, "Repository", x->repo_name);
	if (x->scanned) {
		snprintf(line, sizeof(line), "#%lld, the latest completed scan of the default branch", (long long)x->scan_id);
		w->field(w, "Scan", line);
		w->field(w, "Branch", x->branch);
		w->field(w, "Commit", x->commit);
		when(a, sizeof(a), x->scanned_at);
		w->field(w, "Scan completed", a);
	} else {
		w->field(w, "Scan", "none: the default branch has no completed scan");
	}
	when(a, sizeof(a), x->now);
	w->field(w, "Generated", a);
	w->heading(w, 1, "Summary");
	if (s->overall_score >= 0)
		snprintf(line, sizeof(line), "%.1f of 100 (%s)", s->overall_score, s->posture);
	else
		snprintf(line, sizeof(line), "not assessed");
	w->field(w, "Overall score", line);
	snprintf(line, sizeof(line), "%u pass, %u partial, %u fail; %u not assessed, %u not applicable", s->passing,
	         s->partial, s->failing, s->not_assessed, s->disabled);
	w->field(w, "Controls", line);
	w->field(w, "First step", s->recommendation);
	w->para(w, "Rampart supplies code-level evidence from its scan: secrets, code and infrastructure findings,"
	        " dependency vulnerabilities, the quality gate and scan cadence. A control is scored 1 for pass, 0.5 for"
	        " partial and 0 for fail; a control the scan had no data for is not assessed and never counts as a"
	        " pass. Organisational criteria need evidence beyond a code scan.");
	for (size_t i = 0; i < scan_compliance_report_count(r); i++) {
		const scan_framework_result *f = scan_compliance_report_get(r, i);
		if (f->score >= 0)
			snprintf(line, sizeof(line), "%s - %.1f (%u pass, %u partial, %u fail, %u not assessed)",
			         f->framework->name, f->score, f->pass, f->partial, f->fail, f->no_data);
		else
			snprintf(line, sizeof(line), "%s - not assessed", f->framework->name);
		w->heading(w, 1, line);
		if (f->framework->edition)
			w->field(w, "Edition", f->framework->edition);
		if (f->framework->source)
			w->field(w, "Source", f->framework->source);
		for (size_t j = 0; j < f->count; j++)
			control(w, x, &f->controls[j]);
	}
}

int scan_report_compliance(scan_buf *out, scan_report_format format, const scan_compliance_report *r)
{
	writer w;
	int rc;

	memset(&w, 0, sizeof(w));
	w.out = out;
	switch (format) {
	case SCAN_REPORT_MARKDOWN:
		w.title = md_title, w.heading = md_heading, w.field = md_field, w.para = md_para, w.item = md_item;
		w.end_list = md_end_list;
		write_report(&w, r);
		break;
	case SCAN_REPORT_HTML:
		w.title = html_title, w.heading = html_heading, w.field = html_field, w.para = html_para;
		w.item = html_item, w.end_list = html_end_list;
		write_report(&w, r);
		html_end_list(&w);
		scan_buf_puts(out, "</body>\n</html>\n");
		break;
	case SCAN_REPORT_PDF:
		if ((rc = scan_pdf__begin(&w.pdf, "Rampart compliance evidence report",
		                          "Rampart compliance evidence report")) != 0)
			return rc;
		w.title = pdf_title, w.heading = pdf_heading, w.field = pdf_field, w.para = pdf_para, w.item = pdf_item;
		w.end_list = pdf_end_list;
		write_report(&w, r);
		return scan_pdf__finish(&w.pdf, out);
	}
	return scan_buf_failed(out) ? scan_error__oom() : 0;
}
