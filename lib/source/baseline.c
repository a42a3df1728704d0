/* lib/source/baseline.c - the merge base's version of the files a branch changes, for a baseline from git */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <git2.h>
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "internal.h"
#include "newcode.h"
#include "rmtree.h"

#define SNAPSHOT_FILES_MAX 200000

typedef struct {
	scan_base_snapshot *s;
	git_repository *repo;
	const char *prefix;           /* root relative to the work tree: "" or "sub/dir/" */
	size_t prefix_len, cap;
	int rc;
} snapshot_walk;

void scan_source__base_snapshot_free(scan_base_snapshot *s)
{
	if (!s)
		return;
	if (s->dir)
		scan_source__rmtree(s->dir);
	free(s->dir);
	for (size_t i = 0; i < s->nchanged; i++)
		free(s->changed[i]);
	free(s->changed);
	free(s->against);
	free(s);
}

static int add_changed(snapshot_walk *w, const char *rel)
{
	scan_base_snapshot *s = w->s;

	if (s->nchanged == SNAPSHOT_FILES_MAX)
		return w->rc = scan_util__error(SCAN_ELIMIT, "the branch changes more than %d files", SNAPSHOT_FILES_MAX);
	if (scan_array_reserve(&s->changed, &w->cap, s->nchanged + 1, sizeof(*s->changed)))
		return w->rc = SCAN_ENOMEM;
	if (!(s->changed[s->nchanged] = strdup(rel)))
		return w->rc = scan_error__oom();
	s->nchanged++;
	return 0;
}

/* A path from a tree, written below the snapshot: no empty, "." or ".." component may lead out. */
static bool safe_path(const char *rel)
{
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return false;
		p += n;
		if (*p == '/')
			p++;
	}
	return *rel != '\0';
}

/* The blob id written at dir/rel, making the directories on the way (private to this user). */
static int write_blob(snapshot_walk *w, const git_oid *id, const char *rel)
{
	scan_buf path = SCAN_BUF_INIT;
	git_blob *blob = NULL;
	int fd = -1, rc = 0;

	if (git_blob_lookup(&blob, w->repo, id) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot read '%s' at the merge base", rel);
		goto done;
	}
	scan_buf_printf(&path, "%s/%s", w->s->dir, rel);
	if (scan_buf_failed(&path)) {
		rc = scan_error__oom();
		goto done;
	}
	for (char *sl = path.ptr + strlen(w->s->dir) + 1; (sl = strchr(sl, '/')) != NULL; sl++) {
		*sl = '\0';
		if (mkdir(path.ptr, 0700) != 0 && errno != EEXIST) {
			rc = scan_util__error(SCAN_EIO, "cannot create '%s': %s", path.ptr, strerror(errno));
			goto done;
		}
		*sl = '/';
	}
	if ((fd = open(path.ptr, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)) < 0) {
		rc = scan_util__error(SCAN_EIO, "cannot create '%s': %s", path.ptr, strerror(errno));
		goto done;
	}
	{
		const char *p = git_blob_rawcontent(blob);
		size_t left = (size_t)git_blob_rawsize(blob);
		while (left) {
			ssize_t n = write(fd, p, left);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				rc = scan_util__error(SCAN_EIO, "cannot write '%s': %s", path.ptr, strerror(errno));
				goto done;
			}
			p += n, left -= (size_t)n;
		}
	}
done:
	if (fd >= 0 && close(fd) != 0 && !rc)
		rc = scan_util__error(SCAN_EIO, "cannot write '%s': %s", path.ptr, strerror(errno));
	git_blob_free(blob);
	scan_buf_dispose(&path);
	return w->rc = rc;
}

static int on_delta(const git_diff_delta *d, float progress, void *payload)
{
	snapshot_walk *w = payload;
	const char *newp = d->new_file.path, *oldp = d->old_file.path;
	bool had = d->status != GIT_DELTA_ADDED && d->status != GIT_DELTA_UNTRACKED && oldp;
	(void)progress;

	if (newp && !strncmp(newp, w->prefix, w->prefix_len) && add_changed(w, newp + w->prefix_len))
		return -1;
	if (had && strncmp(oldp, w->prefix, w->prefix_len) == 0) {
		const char *rel = oldp + w->prefix_len;
		if ((!newp || strcmp(newp, oldp)) && add_changed(w, rel))
			return -1;
		/* Only blobs have a version to analyze: not links, submodules or a type change's old half. */
		if ((d->old_file.mode == GIT_FILEMODE_BLOB || d->old_file.mode == GIT_FILEMODE_BLOB_EXECUTABLE) &&
		    safe_path(rel) && write_blob(w, &d->old_file.id, rel))
			return -1;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int scan_source__base_snapshot(scan_base_snapshot **out, const char **why, const char *root,
                               const char *default_branch, const char *ref, const char *tmp_dir)
{
	scan_merge_base mb;
	git_diff *diff = NULL;
	git_diff_options opts;
	scan_base_snapshot *s = NULL;
	snapshot_walk w;
	int rc, err;

	*out = NULL;
	if ((rc = scan_source__merge_base(&mb, why, root, default_branch, ref)) != 0 || *why)
		return rc;
	if (!(s = calloc(1, sizeof(*s))) || !(s->against = strdup(mb.against)))
		goto oom;
	memcpy(s->base, mb.base, sizeof(s->base));
	/* A private directory: another user must not swap files into what is analyzed as the baseline. */
	if ((rc = scan_source__mkdtemp(&s->dir, tmp_dir, "rampart-base-XXXXXX")) != 0)
		goto done;
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS;
	if (git_diff_tree_to_workdir_with_index(&diff, mb.repo, mb.tree, &opts) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot compare the work tree with %s", s->base);
		goto done;
	}
	memset(&w, 0, sizeof(w));
	w.s = s, w.repo = mb.repo, w.prefix = mb.prefix, w.prefix_len = strlen(mb.prefix);
	err = git_diff_foreach(diff, on_delta, NULL, NULL, NULL, &w);
	if (w.rc) {
		rc = w.rc;
		goto done;
	}
	if (err != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot compare the work tree with %s", s->base);
		goto done;
	}
	if (s->nchanged)
		qsort(s->changed, s->nchanged, sizeof(*s->changed), cmp_str);
	*out = s;
	s = NULL;
	goto done;
oom:
	rc = scan_error__oom();
done:
	scan_source__base_snapshot_free(s);
	git_diff_free(diff);
	scan_source__merge_base_dispose(&mb);
	return rc;
}
