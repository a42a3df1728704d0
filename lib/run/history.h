/* lib/run/history.h - scanning every unique blob of a repository's history */
#ifndef SCAN_SCAN_HISTORY_H
#define SCAN_SCAN_HISTORY_H

#include "analyzers/analyzer.h"
#include "run/result.h"
#include "walk/testpath.h"

typedef struct {
	const scan_analyzer *a;
	void *state;
} scan_active_analyzer;

/* Blobs are read and analyzed in batches so memory stays flat on long histories. */
#define SCAN_HISTORY_BATCH 4096
/*
 * What a repository can make a history scan walk: refs whose commits are
 * walked (HEAD first, then branches, then the rest) and commits (the
 * newest, in topological order). scan_options can lower or raise both;
 * when one is hit the scan reports it as a skipped entry.
 */
#define SCAN_HISTORY_REFS_MAX 10000
#define SCAN_HISTORY_COMMITS_MAX 1000000
/* The path skipped entries about history name. */
#define SCAN_HISTORY_PATH ".git"

/*
 * History comes only from the repository whose .git is a real directory at
 * root - not a .git file or link naming another repository, not an
 * enclosing repository - unless opts->history_from_enclosing_repo: then
 * from the repository enclosing root, limited to root's subtree, paths
 * relative to root. Without such a repository the scan goes on without
 * history and says why in a skipped entry (SCAN_HISTORY_PATH).
 *
 * Walk every commit reachable from the repository's refs (oldest first), and
 * hand each blob a commit adds or changes - once per blob id - to the
 * analyzers that want history. Findings carry the commit and its author
 * time. Afterwards a history finding with the fingerprint of a finding in
 * the tree is folded into it (which gains the commit that introduced it);
 * the rest are reported with in_head false. excludes are the --exclude
 * globs; default excludes apply unless no_default_excludes. secrets is the
 * scan's secrets engine, with which every finding is redacted; tests tells
 * which paths are test code (NULL: none).
 */
int scan_history__scan(scan_result *r, const char *root, const scan_active_analyzer *sel, size_t nsel,
                       const scan_options *opts, unsigned jobs, uint64_t max_size,
                       const scan_secret_engine *secrets, const scan_test_paths *tests);

#endif
