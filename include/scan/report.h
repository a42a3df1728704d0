/* include/scan/report.h - a scan as a document a person reads: the PDF report */
#ifndef SCAN_REPORT_H
#define SCAN_REPORT_H

#include <time.h>
#include "buf.h"
#include "compliance.h"
#include "finding.h"
#include "gate.h"

/* Findings listed one by one; the rest are counted, and the API lists them all. */
#define SCAN_REPORT_FINDINGS_MAX 1000

typedef struct {
	const char *repo_name, *repo_url;
	const char *branch, *commit;         /* may be NULL */
	int64_t scan_id;
	const char *scan_type;
	time_t created_at, completed_at;
	const scan_finding_list *findings;   /* as stored: secrets masked, false positives marked */
	const scan_gate_report *gate;        /* NULL: not computed */
	time_t generated_at;
} scan_report_input;

/*
 * The report as a PDF appended to out: the scan, a summary by severity,
 * the gate verdict with each condition, and the findings by severity
 * (most severe first) with file, line, rule, CWE and remediation.
 * Findings marked false positive are counted, not listed. Text outside
 * printable ASCII is shown as '?': the standard fonts have no more, and
 * the report embeds none. 0, SCAN_ENOMEM or SCAN_EIO (the PDF library
 * failed; the message says how).
 */
SCAN_EXTERN int scan_report_pdf(scan_buf *out, const scan_report_input *in);

typedef enum { SCAN_REPORT_HTML, SCAN_REPORT_MARKDOWN, SCAN_REPORT_PDF } scan_report_format;

/* "html", "md" (or "markdown"), "pdf"; SCAN_EINVAL for anything else. */
SCAN_EXTERN int scan_report_format_parse(scan_report_format *out, const char *name);

/*
 * The compliance evidence report of r for an auditor, appended to out:
 * the repository, the scan (id, branch, commit, time), the summary, and
 * per framework each control with its outcome, the reason, the counts,
 * the recommendation and the findings that decided it (rule, CWE, file and
 * line) and those left out. Text from the scan is escaped for HTML and
 * Markdown; the PDF draws printable ASCII only.
 */
SCAN_EXTERN int scan_report_compliance(scan_buf *out, scan_report_format format, const scan_compliance_report *r);

#endif
