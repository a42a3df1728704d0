/* lib/run/result.h - the scan result, open to the store which sets ids and flags */
#ifndef SCAN_SCAN_RESULT_H
#define SCAN_SCAN_RESULT_H

#include "model/finding_list.h"
#include "scan/metrics.h"
#include "scan/quality.h"
#include "scan/scan.h"
#include "source/newcode.h"
#include "lockfile/lockfile.h"

typedef struct {
	const char *name;           /* static */
	uint64_t files;
} scan_run_language;

struct scan_result {
	scan_finding_list *findings;
	scan_repo_info repo;
	scan_stats stats;
	scan_analyzer_stats *astats;
	scan_skipped_file *skipped;  /* paths and reasons malloc'd; stats.skipped_count of them */
	size_t skipped_cap;
	scan_file_metrics *metrics;  /* strings in the findings' arena */
	size_t nmetrics, metrics_cap;
	scan_newcode *newcode;       /* NULL: unknown, see newcode_why */
	const char *newcode_why;     /* static storage */
	char *repo_policy;           /* .rampart/quality_gate.yaml's keys as JSON; NULL: no such file */
	bool has_quality;            /* the quality analyzer ran: quality is filled in */
	scan_quality_summary quality;
	scan_sca_inventory *inventory; /* from the sca analyzer; NULL when it did not run */
	struct scan_ai_builder_s *ai;  /* from the ai analyzer, its inventory inside; NULL when it did not run */
	scan_run_language *languages;  /* files read whole (not binary) per detected language, most first */
	size_t nlanguages;
	uint64_t infra_files;          /* of those, infrastructure code (walk/infra.h) */
	scan_arena strings;      /* repo info strings */
	bool new_from_git;           /* is_new_in_pr is set, against new_base (scan_result_new_from_git) */
	char new_base[41];
};

/* One more entry of what the scan could not look at (both strings copied). */
int scan_run__result_skip(scan_result *r, const char *path, const char *reason);
struct scan_sink;
/* Moves the sink's skipped entries to the result (emptying the sink's list). */
int scan_run__result_take_skipped(scan_result *r, struct scan_sink *sink);

#endif
