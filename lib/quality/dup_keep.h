/* lib/quality/dup_keep.h - the files whose tokens duplication keeps, under a cap (internal) */
#ifndef SCAN_QUALITY_DUP_KEEP_H
#define SCAN_QUALITY_DUP_KEEP_H

#include <stddef.h>
#include "quality/dup.h"

/*
 * Workers hand in files in no set order, but which files a capped scan
 * compares must not depend on it: what is kept is always the longest run of
 * files, in path order, whose tokens fit under the cap. The files are a
 * max-heap by path while they come in; each one over the cap drops the
 * greatest paths (which can never fit again, as more files only add to what
 * comes before them).
 */
typedef struct {
	dup_file *files;             /* a max-heap by path until sorted; paths and tokens malloc'd */
	size_t n, cap;
	size_t tokens, max_tokens;
	char **left_out;             /* paths dropped over the cap, malloc'd */
	size_t nleft, left_cap;
} dup_keep;

/* Takes path (a malloc'd copy is made) and t (freed when dropped). 0 or SCAN_ENOMEM. */
int scan_quality__dup_keep_add(dup_keep *k, const char *path, dup_token *t, uint32_t n);

/* The kept files sorted by path, for scan_dup__find(). */
void scan_quality__dup_keep_sort(dup_keep *k);

void scan_quality__dup_keep_dispose(dup_keep *k);

#endif
