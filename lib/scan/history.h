/* lib/scan/history.h - scanning every unique blob of a repository's history */
#ifndef SCAN_SCAN_HISTORY_H
#define SCAN_SCAN_HISTORY_H

#include "analyzers/analyzer.h"
#include "scan/result.h"

typedef struct {
	const scan_analyzer *a;
	void *state;
} scan_active_analyzer;

/* Blobs are read and analyzed in batches so memory stays flat on long histories. */
#define SCAN_HISTORY_BATCH 4096

/*
 * Walk every commit reachable from the repository's refs (oldest first), and
 * hand each blob a commit adds or changes - once per blob id - to the
 * analyzers that want history. Findings carry the commit and its author
 * time. Afterwards a history finding with the fingerprint of a finding in
 * the tree is folded into it (which gains the commit that introduced it);
 * the rest are reported with in_head false. excludes are the --exclude
 * globs; default excludes apply unless no_default_excludes. secrets is the
 * scan's secrets engine, with which every finding is redacted.
 */
int scan__history_scan(scan_result *r, const char *root, const scan_active_analyzer *sel, size_t nsel,
                       const scan_options *opts, unsigned jobs, uint64_t max_size,
                       const scan_secret_engine *secrets);

#endif
