/* lib/analyzers/sink.h - the per-worker finding sink behind scan_analyzers__emit() */
#ifndef SCAN_SCAN_SINK_H
#define SCAN_SCAN_SINK_H

#include "analyzers/analyzer.h"
#include "model/finding_list.h"
#include "scan/metrics.h"
#include "lockfile/lockfile.h"
#include "analyzers/redact.h"
#include "analyzers/suppress.h"
#include "walk/testpath.h"

struct scan_sink {
	scan_finding_list *list;
	unsigned min_confidence;
	uint64_t below_confidence;
	const char *current_tool;    /* static name of the analyzer being run */
	uint64_t *current_found;     /* its finding counter, or NULL */
	const char *commit;          /* history: the blob's commit (arena string) */
	time_t commit_time;
	scan_file_metrics *metrics;  /* per file, from the quality analyzer; strings in list's arena */
	size_t nmetrics, metrics_cap;
	scan_sca_inventory **inventory; /* finalize(): where the sca analyzer leaves its inventory (heap) */
	struct scan_ai_builder_s **ai;  /* finalize(): where the ai analyzer leaves its inventory (heap) */
	scan_redactor *redact;       /* masks credentials in every finding; NULL only in tests of one analyzer */
	scan_skipped_file *skipped;  /* what was not (fully) analyzed; path and reason heap copies */
	size_t nskipped, skipped_cap;
	scan_buf masked[5];          /* scratch: a finding's texts once masked */
	const scan_file *file;       /* the file being analyzed, for suppression markers; NULL in finalize */
	bool no_suppressions;        /* --no-suppressions: markers are not looked for */
	const scan_test_paths *tests; /* which paths are test code; NULL: none (--include-tests) */
	scan_line_index lines;       /* line starts of file, built on first use */
	bool again;                  /* the analyzer asked for the file again (scan_analyzers__again) */
	const char *const *aliases;  /* the finding being emitted: rules it stands for (suppression) */
	size_t naliases;
};

/* Gives the sink its redactor over the scan's secrets engine (shared, outlives the sink). */
int scan_sink__redact_init(scan_sink *sink, const scan_secret_engine *e);
/* The file the next findings come from (borrowed until the next call), for redaction and suppression; NULL: none (finalize). */
void scan_sink__set_file(scan_sink *sink, const scan_file *f);
/* Frees what the sink owns besides its list: the redactor, scratch and skipped entries. */
void scan_sink__dispose(scan_sink *sink);

#endif
