/* lib/source/newcode.h - the lines a branch adds or changes: its new code */
#ifndef SCAN_SOURCE_NEWCODE_H
#define SCAN_SOURCE_NEWCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint32_t start, count;        /* lines start .. start + count - 1 */
} scan_line_range;

typedef struct {
	char *path;                   /* relative to the scanned root, '/'-separated */
	scan_line_range *r;           /* sorted, not overlapping */
	size_t n, cap;
} scan_newcode_file;

typedef struct {
	char base[41];                /* the merge base the work tree is compared with */
	char *against;                /* the reference it came from ("main", "origin/main") */
	scan_newcode_file *files;     /* sorted by path */
	size_t n;
} scan_newcode;

/*
 * The new code of the work tree holding root: every line added or changed
 * since the merge base of HEAD and the default branch, committed or not
 * (untracked files count whole; ignored files never). Only files under root
 * are kept, with paths relative to it.
 *
 * *out is NULL, and *why says why, when there is nothing to compare with:
 * not a git work tree, branch is the default branch, or no
 * local or origin branch of that name exists (a shallow CI checkout). Then
 * new-code measures are "not measured", never zero. Returns 0, SCAN_EGIT,
 * SCAN_ELIMIT (more than NEWCODE_FILES_MAX changed files) or SCAN_ENOMEM.
 */
int scan_source__newcode(scan_newcode **out, const char **why, const char *root, const char *branch,
                         const char *default_branch);
void scan_source__newcode_free(scan_newcode *nc); /* NULL is fine */

/* The merge base's side of a branch: what a baseline from git is computed over. */
typedef struct {
	char base[41];                /* the merge base */
	char *against;                /* what it is the merge base with: "main", "origin/main", a --baseline-ref */
	char *dir;                    /* private temporary directory holding the base's version of changed files */
	char **changed;               /* every path under root the branch adds, changes or removes, sorted */
	size_t nchanged;
} scan_base_snapshot;

/*
 * The merge base of HEAD and ref (NULL: the default branch, local or
 * origin's) and, written below a private temporary directory (under
 * tmp_dir, NULL: /tmp) at their paths
 * relative to root, the base's version of every file the work tree changes
 * (committed or not). Unchanged files are not written: their findings are
 * the same on both sides. *out is NULL with *why set when there is no base
 * to read (not a work tree, a shallow clone without the merge base).
 * scan_source__base_snapshot_free() removes the directory.
 */
int scan_source__base_snapshot(scan_base_snapshot **out, const char **why, const char *root,
                               const char *default_branch, const char *ref, const char *tmp_dir);
void scan_source__base_snapshot_free(scan_base_snapshot *s); /* NULL is fine */

typedef enum {
	SCAN_BASE_FILE_FOUND,         /* *out holds the default branch's copy */
	SCAN_BASE_FILE_ABSENT,        /* the default branch has no such file */
	SCAN_BASE_FILE_UNKNOWN,       /* no default branch to read (not in the clone, no git) */
} scan_base_file_state;

/*
 * The file at relpath (under root) as the default branch's tip has it (the
 * local branch, else origin's): what a branch's settings files are judged
 * by, so a branch cannot loosen its own gate. *out is the caller's (free()),
 * NUL-terminated. Returns 0, SCAN_ELIMIT (larger than max), SCAN_EGIT or
 * SCAN_ENOMEM.
 */
int scan_source__default_branch_file(char **out, size_t *len, scan_base_file_state *state, const char *root,
                                     const char *default_branch, const char *relpath, size_t max);

/* Borrowed from nc: the file's new lines, or NULL when it has none. */
const scan_newcode_file *scan_source__newcode_file(const scan_newcode *nc, const char *path);
bool scan_source__newcode_has(const scan_newcode_file *f, uint32_t line);

/* "3-5,9": the ranges as text, and back; the store keeps them so. */
int scan_source__ranges_format(char **out, const scan_line_range *r, size_t n);
int scan_source__ranges_parse(scan_line_range **out, size_t *n, const char *text);

#endif
