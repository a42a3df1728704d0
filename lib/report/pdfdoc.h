/* lib/report/pdfdoc.h - a document drawn with libharu's standard fonts: pages, headings, wrapped text, fields */
#ifndef SCAN_REPORT_PDFDOC_H
#define SCAN_REPORT_PDFDOC_H

#include <hpdf.h>
#include <time.h>
#include "scan/buf.h"

#define SCAN_PDF_PAGE_W 595.0f   /* A4, in points */
#define SCAN_PDF_PAGE_H 842.0f
#define SCAN_PDF_MARGIN 50.0f
#define SCAN_PDF_TEXT_W (SCAN_PDF_PAGE_W - 2 * SCAN_PDF_MARGIN)
#define SCAN_PDF_LINE 1.35f      /* line height, in font sizes */
#define SCAN_PDF_TEXT_MAX 4096   /* characters of one field drawn; descriptions are cut there */

typedef struct {
	HPDF_Doc pdf;
	HPDF_Page page;
	HPDF_Font regular, bold, mono;
	float y;
	int pages;
	const char *footer;         /* "<footer> - page N" at the foot of each page */
	HPDF_STATUS error, detail;  /* the first error libharu reported */
} scan_pdf;

/* A document with its first page; SCAN_ENOMEM. */
int scan_pdf__begin(scan_pdf *p, const char *title, const char *footer);
/* The document appended to out, and everything freed (also after a failure): 0, SCAN_ENOMEM or SCAN_EIO. */
int scan_pdf__finish(scan_pdf *p, scan_buf *out);
void scan_pdf__new_page(scan_pdf *p);
/* Room for height more points on this page, or a new one. */
void scan_pdf__room(scan_pdf *p, float height);
/* One line at x from the left margin; the caller made room. */
void scan_pdf__line(scan_pdf *p, HPDF_Font font, float size, float x, const char *text);
/* Text wrapped at word boundaries (or anywhere, for a word wider than the line), from indent. */
void scan_pdf__paragraph(scan_pdf *p, HPDF_Font font, float size, float indent, const char *text);
void scan_pdf__heading(scan_pdf *p, const char *text, float size);
/* "label: value" ("-" for none). */
void scan_pdf__field(scan_pdf *p, const char *label, const char *value);
/* Printable ASCII only, cut at SCAN_PDF_TEXT_MAX: the standard fonts draw nothing else. */
void scan_pdf__plain(char *out, size_t outlen, const char *s);
/* "2026-11-28 13:05 UTC", or "-" for 0. */
void scan_pdf__when(char *out, size_t outlen, time_t t);

#endif
