/* lib/report/pdfdoc.c - the drawing every PDF report shares: pages with a footer, headings, wrapped text, fields */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/pdfdoc.h"
#include "util/error.h"

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *payload)
{
	scan_pdf *p = payload;

	if (!p->error) {
		p->error = error;
		p->detail = detail;
	}
}

/* Printable ASCII only, cut at SCAN_PDF_TEXT_MAX: the standard fonts draw nothing else, and a UTF-8 sequence is one '?'. */
void scan_pdf__plain(char *out, size_t outlen, const char *s)
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

static void footer(scan_pdf *p)
{
	char s[160];

	snprintf(s, sizeof(s), "%s - page %d", p->footer, p->pages);
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, p->regular, 8);
	HPDF_Page_SetRGBFill(p->page, 0.45f, 0.45f, 0.45f);
	HPDF_Page_TextOut(p->page, SCAN_PDF_MARGIN, SCAN_PDF_MARGIN / 2, s);
	HPDF_Page_SetRGBFill(p->page, 0, 0, 0);
	HPDF_Page_EndText(p->page);
}

void scan_pdf__new_page(scan_pdf *p)
{
	p->page = HPDF_AddPage(p->pdf);
	HPDF_Page_SetSize(p->page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
	p->pages++;
	p->y = SCAN_PDF_PAGE_H - SCAN_PDF_MARGIN;
	footer(p);
}

/* Room for height more points on this page, or a new one. */
void scan_pdf__room(scan_pdf *p, float height)
{
	if (p->y - height < SCAN_PDF_MARGIN)
		scan_pdf__new_page(p);
}

/* One line at x from the left margin; the caller made room. */
void scan_pdf__line(scan_pdf *p, HPDF_Font font, float size, float x, const char *text)
{
	p->y -= size * SCAN_PDF_LINE;
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, font, size);
	HPDF_Page_TextOut(p->page, SCAN_PDF_MARGIN + x, p->y, text);
	HPDF_Page_EndText(p->page);
}

/* Text wrapped at word boundaries (or anywhere, for a word wider than the line), from indent. */
void scan_pdf__paragraph(scan_pdf *p, HPDF_Font font, float size, float indent, const char *text)
{
	char buf[SCAN_PDF_TEXT_MAX + 1], one[SCAN_PDF_TEXT_MAX + 1];
	const char *s = buf;

	scan_pdf__plain(buf, sizeof(buf), text);
	HPDF_Page_SetFontAndSize(p->page, font, size);
	while (*s) {
		HPDF_REAL used;
		HPDF_UINT n = HPDF_Page_MeasureText(p->page, s, SCAN_PDF_TEXT_W - indent, HPDF_TRUE, &used);
		if (!n)
			n = HPDF_Page_MeasureText(p->page, s, SCAN_PDF_TEXT_W - indent, HPDF_FALSE, &used);
		if (!n)
			n = 1;
		memcpy(one, s, n);
		one[n] = '\0';
		scan_pdf__room(p, size * SCAN_PDF_LINE);
		scan_pdf__line(p, font, size, indent, one);
		HPDF_Page_SetFontAndSize(p->page, font, size);
		s += n;
		while (*s == ' ')
			s++;
	}
}

void scan_pdf__heading(scan_pdf *p, const char *text, float size)
{
	scan_pdf__room(p, size * SCAN_PDF_LINE * 3);
	p->y -= size * 0.6f;
	scan_pdf__line(p, p->bold, size, 0, text);
}

void scan_pdf__field(scan_pdf *p, const char *label, const char *value)
{
	char line[SCAN_PDF_TEXT_MAX + 64];

	snprintf(line, sizeof(line), "%s: %s", label, value && *value ? value : "-");
	scan_pdf__paragraph(p, p->regular, 10, 0, line);
}

void scan_pdf__when(char *out, size_t outlen, time_t t)
{
	struct tm tm;

	if (!t || !gmtime_r(&t, &tm) || !strftime(out, outlen, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, outlen, "-");
}

int scan_pdf__begin(scan_pdf *p, const char *title, const char *footer)
{
	memset(p, 0, sizeof(*p));
	p->footer = footer;
	if (!(p->pdf = HPDF_New(on_error, p)))
		return scan_error__oom();
	HPDF_SetCompressionMode(p->pdf, HPDF_COMP_ALL);
	HPDF_SetInfoAttr(p->pdf, HPDF_INFO_CREATOR, "Rampart");
	HPDF_SetInfoAttr(p->pdf, HPDF_INFO_TITLE, title);
	p->regular = HPDF_GetFont(p->pdf, "Helvetica", "WinAnsiEncoding");
	p->bold = HPDF_GetFont(p->pdf, "Helvetica-Bold", "WinAnsiEncoding");
	p->mono = HPDF_GetFont(p->pdf, "Courier", "WinAnsiEncoding");
	scan_pdf__new_page(p);
	return 0;
}

int scan_pdf__finish(scan_pdf *p, scan_buf *out)
{
	int rc = 0;

	if (!p->error && HPDF_SaveToStream(p->pdf) == HPDF_OK) {
		HPDF_UINT32 size = HPDF_GetStreamSize(p->pdf), want = size;
		HPDF_BYTE *bytes = malloc(size ? size : 1);

		if (!bytes) {
			rc = scan_error__oom();
		} else {
			HPDF_ReadFromStream(p->pdf, bytes, &size);
			/* Reading the stream to its end reports its end as an error: what matters is that all of it came. */
			if (p->error == HPDF_STREAM_EOF && size == want)
				p->error = 0;
			if (!p->error && scan_buf_put(out, bytes, size) != 0)
				rc = scan_error__oom();
			free(bytes);
		}
	}
	if (!rc && p->error)
		rc = p->error == HPDF_FAILD_TO_ALLOC_MEM ? scan_error__oom()
		                                        : scan_util__error(SCAN_EIO, "the PDF library failed: error 0x%04X,"
		                                                           " detail %u", (unsigned)p->error,
		                                                           (unsigned)p->detail);
	HPDF_Free(p->pdf);
	return rc;
}
