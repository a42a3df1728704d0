/* lib/quality/summary.h - building a scan's quality summary (internal) */
#ifndef SCAN_QUALITY_SUMMARY_H
#define SCAN_QUALITY_SUMMARY_H

#include "scan/metrics.h"
#include "scan/quality.h"

/* Counts zero, maxima and percentages "not measured", no rating. */
void scan_quality__summary_init(scan_quality_summary *s);
/* One finding's debt and rating weight; on_new_line: it starts on a line of new code. */
void scan_quality__summary_add_finding(scan_quality_summary *s, const scan_finding *f, bool on_new_line);
void scan_quality__summary_add_file(scan_quality_summary *s, const scan_file_metrics *m);
/* One file of an imported coverage report: its coverable and covered lines, overall and new. */
void scan_quality__summary_add_coverage(scan_quality_summary *s, uint64_t lines, uint64_t covered,
                                        uint64_t new_lines, uint64_t new_covered);

/* Forget an earlier report, and the debt it added, before another is imported. */
void scan_quality__summary_reset_coverage(scan_quality_summary *s);

#endif
