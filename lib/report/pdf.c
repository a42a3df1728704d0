/* lib/report/pdf.c - the scan report as a PDF, drawn with libharu's standard fonts */
#include <hpdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/report.h"
#include "util/error.h"

#define PAGE_W 595.0f   /* A4, in points */
#define PAGE_H 842.0f
#define MARGIN 50.0f
#define TEXT_W (PAGE_W - 2 * MARGIN)
#define LINE 1.35f      /* line height, in font sizes */
#define TEXT_MAX 4096   /* characters of one field drawn; descriptions are cut there */

typedef struct {
	HPDF_Doc pdf;
	HPDF_Page page;
	HPDF_Font regular, bold, mono;
	float y;
	int pages;
	HPDF_STATUS error, detail;  /* the first error libharu reported */
} pdf;

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *payload)
{
	pdf *p = payload;

	if (!p->error) {
		p->error = error;
		p->detail = detail;
	}
}

/* Printable ASCII only, cut at TEXT_MAX: the standard fonts draw nothing else, and a UTF-8 sequence is one '?'. */
static void plain(char *out, size_t outlen, const char *s)
{
	size_t k = 0;

	for (; s && *s && k + 1 < outlen; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80 && c < 0xC0)
			continue; /* a continuation byte: its lead byte was shown */
		out[k++] = c == '\t' || c == '\n' || c == '\r' ? ' ' : (c < 0x20 || c >= 0x7f) ? '?' : (char)c;
	}
	out[k] = '\0';
}

static void footer(pdf *p)
{
	char s[64];

	snprintf(s, sizeof(s), "Rampart scan report - page %d", p->pages);
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, p->regular, 8);
	HPDF_Page_SetRGBFill(p->page, 0.45f, 0.45f, 0.45f);
	HPDF_Page_TextOut(p->page, MARGIN, MARGIN / 2, s);
	HPDF_Page_SetRGBFill(p->page, 0, 0, 0);
	HPDF_Page_EndText(p->page);
}

static void new_page(pdf *p)
{
	p->page = HPDF_AddPage(p->pdf);
	HPDF_Page_SetSize(p->page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
	p->pages++;
	p->y = PAGE_H - MARGIN;
	footer(p);
}

/* Room for height more points on this page, or a new one. */
static void room(pdf *p, float height)
{
	if (p->y - height < MARGIN)
		new_page(p);
}

/* One line at x from the left margin; the caller made room. */
static void line_at(pdf *p, HPDF_Font font, float size, float x, const char *text)
{
	p->y -= size * LINE;
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, font, size);
	HPDF_Page_TextOut(p->page, MARGIN + x, p->y, text);
	HPDF_Page_EndText(p->page);
}

/* Text wrapped at word boundaries (or anywhere, for a word wider than the line), from indent. */
static void paragraph(pdf *p, HPDF_Font font, float size, float indent, const char *text)
{
	char buf[TEXT_MAX + 1], one[TEXT_MAX + 1];
	const char *s = buf;

	plain(buf, sizeof(buf), text);
	HPDF_Page_SetFontAndSize(p->page, font, size);
	while (*s) {
		HPDF_REAL used;
		HPDF_UINT n = HPDF_Page_MeasureText(p->page, s, TEXT_W - indent, HPDF_TRUE, &used);
		if (!n)
			n = HPDF_Page_MeasureText(p->page, s, TEXT_W - indent, HPDF_FALSE, &used);
		if (!n)
			n = 1;
		memcpy(one, s, n);
		one[n] = '\0';
		room(p, size * LINE);
		line_at(p, font, size, indent, one);
		HPDF_Page_SetFontAndSize(p->page, font, size);
		s += n;
		while (*s == ' ')
			s++;
	}
}

static void heading(pdf *p, const char *text, float size)
{
	room(p, size * LINE * 3);
	p->y -= size * 0.6f;
	line_at(p, p->bold, size, 0, text);
}

static void field(pdf *p, const char *label, const char *value)
{
	char line[TEXT_MAX + 64];

	snprintf(line, sizeof(line), "%s: %s", label, value && *value ? value : "-");
	paragraph(p, p->regular, 10, 0, line);
}

static void when(char *out, size_t outlen, time_t t)
{
	struct tm tm;

	if (!t || !gmtime_r(&t, &tm) || !strftime(out, outlen, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, outlen, "-");
}

static const char *const severity_title[] = { "Low", "Medium", "High", "Critical" };

static void summary(pdf *p, const scan_report_input *in, size_t counts[4], size_t *fps, size_t *new_count)
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
	heading(p, "Summary", 14);
	snprintf(s, sizeof(s), "Findings: %zu - critical %zu, high %zu, medium %zu, low %zu",
	         counts[3] + counts[2] + counts[1] + counts[0], counts[3], counts[2], counts[1], counts[0]);
	paragraph(p, p->regular, 11, 0, s);
	snprintf(s, sizeof(s), "New on this branch (not in the default branch's baseline): %zu", *new_count);
	paragraph(p, p->regular, 11, 0, s);
	if (*fps) {
		snprintf(s, sizeof(s), "Marked false positive, not counted or listed: %zu", *fps);
		paragraph(p, p->regular, 11, 0, s);
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

static void gate(pdf *p, const scan_gate_report *g)
{
	char s[512], threshold[32], actual[32];

	heading(p, "Quality gate", 14);
	if (!g) {
		paragraph(p, p->bold, 12, 0, "Verdict: not computed");
		return;
	}
	snprintf(s, sizeof(s), "Verdict: %s", g->status == SCAN_GATE_PASSED   ? "PASSED"
	                                      : g->status == SCAN_GATE_FAILED ? "FAILED"
	                                                                      : "NOT CONFIGURED");
	HPDF_Page_SetRGBFill(p->page, g->status == SCAN_GATE_FAILED ? 0.75f : 0.1f,
	                     g->status == SCAN_GATE_PASSED ? 0.5f : 0.1f, 0.1f);
	paragraph(p, p->bold, 12, 0, s);
	HPDF_Page_SetRGBFill(p->page, 0, 0, 0);
	if (g->status == SCAN_GATE_NOT_CONFIGURED)
		return;
	snprintf(s, sizeof(s), "Evaluated on %s.", g->config.applies_to_new_code_only ? "new code only" : "all code");
	paragraph(p, p->regular, 10, 0, s);
	if (g->condition_count) {
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", "condition", "rule", "actual", "threshold");
		paragraph(p, p->mono, 9, 10, s);
	}
	for (size_t i = 0; i < g->condition_count; i++) {
		const scan_gate_condition *c = &g->conditions[i];
		value(threshold, sizeof(threshold), c->rule, c->threshold);
		if (c->status == SCAN_COND_NOT_MEASURED)
			snprintf(actual, sizeof(actual), "-");
		else
			value(actual, sizeof(actual), c->rule, c->actual);
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", condition_title[c->status & 3], c->rule, actual, threshold);
		paragraph(p, p->mono, 9, 10, s);
	}
	/* A verdict stored before conditions were: what failed and what was waived is still known. */
	for (size_t i = 0; !g->condition_count && i < g->violation_count + g->waived_count; i++) {
		const scan_gate_violation *v = i < g->violation_count ? &g->violations[i] : &g->waived[i - g->violation_count];
		value(threshold, sizeof(threshold), v->rule, v->threshold);
		value(actual, sizeof(actual), v->rule, v->actual);
		snprintf(s, sizeof(s), "%-13s %-20s %10s %10s", v->waived ? "waived" : "FAILED", v->rule, actual, threshold);
		paragraph(p, p->mono, 9, 10, s);
	}
}

static void finding(pdf *p, const scan_finding *f, size_t n)
{
	char s[TEXT_MAX + 128], title[512], path[1024];

	plain(title, sizeof(title), f->title);
	plain(path, sizeof(path), f->file_path);
	room(p, 11 * LINE * 3);
	snprintf(s, sizeof(s), "%zu. %s%s", n, title, f->is_new_in_pr ? "  [new]" : "");
	paragraph(p, p->bold, 10, 0, s);
	if (f->line_number)
		snprintf(s, sizeof(s), "%s:%u - %s%s%s", path, f->line_number, f->rule_id, f->cwe_id ? " - " : "",
		         f->cwe_id ? f->cwe_id : "");
	else
		snprintf(s, sizeof(s), "%s - %s%s%s", path, f->rule_id, f->cwe_id ? " - " : "", f->cwe_id ? f->cwe_id : "");
	paragraph(p, p->mono, 8.5f, 12, s);
	if (f->description && strcmp(f->description, f->title))
		paragraph(p, p->regular, 9, 12, f->description);
	if (f->remediation) {
		snprintf(s, sizeof(s), "Remediation: %s", f->remediation);
		paragraph(p, p->regular, 9, 12, s);
	}
	p->y -= 4;
}

static void findings(pdf *p, const scan_report_input *in, const size_t counts[4])
{
	const scan_finding_list *l = in->findings;
	size_t listed = 0, total = counts[0] + counts[1] + counts[2] + counts[3];
	char s[128];

	heading(p, "Findings by severity", 14);
	if (!total)
		paragraph(p, p->regular, 10, 0, "No findings.");
	for (int sev = SCAN_SEV_CRITICAL; sev >= SCAN_SEV_LOW; sev--) {
		if (!counts[sev])
			continue;
		snprintf(s, sizeof(s), "%s (%zu)", severity_title[sev], counts[sev]);
		heading(p, s, 12);
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
		heading(p, s, 10);
	}
}

int scan_report_pdf(scan_buf *out, const scan_report_input *in)
{
	pdf p;
	char s[512], a[64], b[64];
	size_t counts[4], fps, new_count;
	int rc = 0;

	memset(&p, 0, sizeof(p));
	if (!(p.pdf = HPDF_New(on_error, &p)))
		return scan_error__oom();
	HPDF_SetCompressionMode(p.pdf, HPDF_COMP_ALL);
	HPDF_SetInfoAttr(p.pdf, HPDF_INFO_CREATOR, "Rampart");
	HPDF_SetInfoAttr(p.pdf, HPDF_INFO_TITLE, "Rampart scan report");
	p.regular = HPDF_GetFont(p.pdf, "Helvetica", "WinAnsiEncoding");
	p.bold = HPDF_GetFont(p.pdf, "Helvetica-Bold", "WinAnsiEncoding");
	p.mono = HPDF_GetFont(p.pdf, "Courier", "WinAnsiEncoding");
	new_page(&p);

	line_at(&p, p.bold, 20, 0, "Rampart scan report");
	p.y -= 6;
	field(&p, "Repository", in->repo_name);
	field(&p, "Location", in->repo_url);
	field(&p, "Branch", in->branch);
	field(&p, "Commit", in->commit);
	when(a, sizeof(a), in->created_at);
	when(b, sizeof(b), in->completed_at);
	snprintf(s, sizeof(s), "#%lld (%s), started %s, completed %s", (long long)in->scan_id,
	         in->scan_type ? in->scan_type : "smart", a, b);
	field(&p, "Scan", s);
	when(a, sizeof(a), in->generated_at);
	field(&p, "Generated", a);

	summary(&p, in, counts, &fps, &new_count);
	gate(&p, in->gate);
	findings(&p, in, counts);

	if (!p.error && HPDF_SaveToStream(p.pdf) == HPDF_OK) {
		HPDF_UINT32 size = HPDF_GetStreamSize(p.pdf), want = size;
		HPDF_BYTE *bytes = malloc(size ? size : 1);

		if (!bytes) {
			rc = scan_error__oom();
		} else {
			HPDF_ReadFromStream(p.pdf, bytes, &size);
			/* Reading the stream to its end reports its end as an error: what matters is that all of it came. */
			if (p.error == HPDF_STREAM_EOF && size == want)
				p.error = 0;
			if (!p.error && scan_buf_put(out, bytes, size) != 0)
				rc = scan_error__oom();
			free(bytes);
		}
	}
	if (!rc && p.error)
		rc = p.error == HPDF_FAILD_TO_ALLOC_MEM ? scan_error__oom()
		                                        : scan_util__error(SCAN_EIO, "the PDF library failed: error 0x%04X,"
		                                                           " detail %u", (unsigned)p.error,
		                                                           (unsigned)p.detail);
	HPDF_Free(p.pdf);
	return rc;
}
