/* lib/quality/dup_keep.c - the files whose tokens duplication keeps, under a cap */
#include <stdlib.h>
#include <string.h>
#include "quality/dup_keep.h"
#include "scan/array.h"
#include "util/error.h"

static int cmp_path(const dup_file *a, const dup_file *b)
{
	return strcmp(a->path, b->path);
}

static void swap(dup_file *a, dup_file *b)
{
	dup_file t = *a;
	*a = *b, *b = t;
}

static void sift_up(dup_file *h, size_t i)
{
	while (i && cmp_path(&h[(i - 1) / 2], &h[i]) < 0) {
		swap(&h[(i - 1) / 2], &h[i]);
		i = (i - 1) / 2;
	}
}

static void sift_down(dup_file *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && cmp_path(&h[l], &h[m]) > 0)
			m = l;
		if (r < n && cmp_path(&h[r], &h[m]) > 0)
			m = r;
		if (m == i)
			return;
		swap(&h[i], &h[m]);
		i = m;
	}
}

/* Drop the greatest path; its name goes to left_out. */
static int drop_greatest(dup_keep *k)
{
	dup_file top = k->files[0];

	if (scan_array_reserve(&k->left_out, &k->left_cap, k->nleft + 1, sizeof(*k->left_out)))
		return SCAN_ENOMEM;
	k->left_out[k->nleft++] = (char *)(uintptr_t)top.path;
	free(top.t);
	k->tokens -= top.n;
	k->files[0] = k->files[--k->n];
	sift_down(k->files, k->n, 0);
	return 0;
}

int scan_quality__dup_keep_add(dup_keep *k, const char *path, dup_token *t, uint32_t n)
{
	char *p = strdup(path);
	int rc = 0;

	if (!p) {
		free(t);
		return scan_error__oom();
	}
	if (scan_array_reserve(&k->files, &k->cap, k->n + 1, sizeof(*k->files))) {
		free(p), free(t);
		return SCAN_ENOMEM;
	}
	k->files[k->n] = (dup_file){ p, t, n };
	sift_up(k->files, k->n++);
	k->tokens += n;
	while (!rc && k->tokens > k->max_tokens && k->n)
		rc = drop_greatest(k);
	return rc;
}

static int cmp_file(const void *a, const void *b)
{
	return cmp_path(a, b);
}

void scan_quality__dup_keep_sort(dup_keep *k)
{
	qsort(k->files, k->n, sizeof(*k->files), cmp_file);
}

void scan_quality__dup_keep_dispose(dup_keep *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free((char *)(uintptr_t)k->files[i].path);
		free(k->files[i].t);
	}
	for (size_t i = 0; i < k->nleft; i++)
		free(k->left_out[i]);
	free(k->files);
	free(k->left_out);
	memset(k, 0, sizeof(*k));
}
