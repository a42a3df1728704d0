/* lib/source/newcode.c - the lines a branch adds or changes, from a libgit2 diff against the merge base */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "internal.h"
#include "newcode.h"

/* A branch that changes more than this is compared no further: its gate is not about new code. */
#define NEWCODE_FILES_MAX 200000
#define NEWCODE_RANGES_MAX (8u << 20)
#define NEWCODE_RANGE_TEXT_MAX (64u << 20)

typedef struct {
	scan_newcode *nc;
	const char *prefix;           /* root relative to the work tree, "" or "sub/dir/" */
	size_t prefix_len;
	scan_newcode_file *cur;       /* the file whose hunks are arriving; NULL: not under root */
	size_t cap, ranges;
	int rc;
} newcode_walk;

void scan_source__newcode_free(scan_newcode *nc)
{
	if (!nc)
		return;
	for (size_t i = 0; i < nc->n; i++) {
		free(nc->files[i].path);
		free(nc->files[i].r);
	}
	free(nc->files);
	free(nc->against);
	free(nc);
}

static int on_file(const git_diff_delta *d, float progress, void *payload)
{
	newcode_walk *w = payload;
	const char *path = d->new_file.path;
	scan_newcode_file *f;
	(void)progress;

	w->cur = NULL;
	if (d->status == GIT_DELTA_DELETED || !path || strncmp(path, w->prefix, w->prefix_len) != 0 ||
	    (d->flags & GIT_DIFF_FLAG_BINARY))
		return 0;
	if (w->nc->n == NEWCODE_FILES_MAX) {
		w->rc = scan_util__error(SCAN_ELIMIT, "the branch changes more than %d files", NEWCODE_FILES_MAX);
		return -1;
	}
	if (scan_array_reserve(&w->nc->files, &w->cap, w->nc->n + 1, sizeof(*w->nc->files))) {
		w->rc = SCAN_ENOMEM;
		return -1;
	}
	f = &w->nc->files[w->nc->n];
	memset(f, 0, sizeof(*f));
	if (!(f->path = strdup(path + w->prefix_len)))
		goto oom;
	w->nc->n++;
	w->cur = f;
	return 0;
oom:
	w->rc = scan_error__oom();
	return -1;
}

/* With no context lines a hunk's new side is exactly the lines it adds. */
static int on_hunk(const git_diff_delta *d, const git_diff_hunk *h, void *payload)
{
	newcode_walk *w = payload;
	scan_newcode_file *f = w->cur;
	(void)d;

	if (!f || h->new_lines <= 0 || h->new_start <= 0)
		return 0;
	if (f->n && f->r[f->n - 1].start + f->r[f->n - 1].count == (uint32_t)h->new_start) {
		f->r[f->n - 1].count += (uint32_t)h->new_lines;
		return 0;
	}
	if (++w->ranges > NEWCODE_RANGES_MAX) {
		w->rc = scan_util__error(SCAN_ELIMIT, "the branch changes more than %u separate line ranges",
		                         NEWCODE_RANGES_MAX);
		return -1;
	}
	if (scan_array_reserve(&f->r, &f->cap, f->n + 1, sizeof(*f->r))) {
		w->rc = SCAN_ENOMEM;
		return -1;
	}
	f->r[f->n].start = (uint32_t)h->new_start, f->r[f->n].count = (uint32_t)h->new_lines;
	f->n++;
	return 0;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const scan_newcode_file *)a)->path, ((const scan_newcode_file *)b)->path);
}

int scan_source__lookup_default(git_object **out, char **against, git_repository *repo, const char *name)
{
	char ref[512];

	snprintf(ref, sizeof(ref), "refs/heads/%s", name);
	if (git_revparse_single(out, repo, ref) == 0) {
		*against = strdup(name);
		return *against ? 0 : scan_error__oom();
	}
	snprintf(ref, sizeof(ref), "refs/remotes/origin/%s", name);
	if (git_revparse_single(out, repo, ref) == 0) {
		*against = strdup(ref + strlen("refs/remotes/"));
		return *against ? 0 : scan_error__oom();
	}
	return 1;
}

int scan_source__root_prefix(char **out, const char **why, git_repository *repo, const char *root)
{
	char *workdir = NULL, *prefix = NULL;
	size_t wlen;
	int rc = 0;

	*out = NULL;
	if (!(workdir = realpath(git_repository_workdir(repo), NULL)) || !(prefix = realpath(root, NULL))) {
		rc = errno == ENOMEM ? scan_error__oom() : scan_util__error(SCAN_EIO, "cannot resolve '%s': %s", root, strerror(errno));
		goto done;
	}
	wlen = strlen(workdir);
	if (strncmp(prefix, workdir, wlen) != 0 || (prefix[wlen] && prefix[wlen] != '/')) {
		*why = "the scanned directory is outside its work tree";
		goto done;
	}
	memmove(prefix, prefix + wlen + (prefix[wlen] == '/'), strlen(prefix + wlen + (prefix[wlen] == '/')) + 1);
	if (*prefix) {
		char *p = realloc(prefix, strlen(prefix) + 2);
		if (!p) {
			rc = scan_error__oom();
			goto done;
		}
		prefix = p;
		memcpy(prefix + strlen(prefix), "/", 2);
	}
	*out = prefix;
	prefix = NULL;
done:
	free(workdir);
	free(prefix);
	return rc;
}

int scan_source__default_branch_file(char **out, size_t *len, scan_base_file_state *state, const char *root,
                                     const char *default_branch, const char *relpath, size_t max)
{
	git_repository *repo = NULL;
	git_object *def = NULL;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	char *against = NULL, *prefix = NULL, *path = NULL;
	const char *why = NULL;
	int rc;

	*out = NULL, *len = 0, *state = SCAN_BASE_FILE_UNKNOWN;
	if ((rc = scan_source__git_ready()) != 0)
		return rc;
	if (!default_branch || git_repository_open_ext(&repo, root, 0, NULL) != 0 || git_repository_is_bare(repo) ||
	    !git_repository_workdir(repo))
		goto done;
	if ((rc = scan_source__lookup_default(&def, &against, repo, default_branch)) != 0) {
		rc = rc < 0 ? rc : 0;
		goto done;
	}
	if ((rc = scan_source__root_prefix(&prefix, &why, repo, root)) != 0 || !prefix)
		goto done;
	if (!(path = malloc(strlen(prefix) + strlen(relpath) + 1))) {
		rc = scan_error__oom();
		goto done;
	}
	memcpy(path, prefix, strlen(prefix));
	memcpy(path + strlen(prefix), relpath, strlen(relpath) + 1);
	if (git_commit_lookup(&commit, repo, git_object_id(def)) != 0 || git_commit_tree(&tree, commit) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot read the tree of the default branch '%s'", against);
		goto done;
	}
	*state = SCAN_BASE_FILE_ABSENT;
	if (git_tree_entry_bypath(&entry, tree, path) != 0 || git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
		goto done;
	if (git_blob_lookup(&blob, repo, git_tree_entry_id(entry)) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot read '%s' on the default branch '%s'", relpath, against);
		goto done;
	}
	if ((size_t)git_blob_rawsize(blob) > max) {
		rc = scan_util__error(SCAN_ELIMIT, "'%s' on the default branch is larger than %zu bytes", relpath, max);
		goto done;
	}
	*len = (size_t)git_blob_rawsize(blob);
	if (!(*out = malloc(*len + 1))) {
		rc = scan_error__oom();
		goto done;
	}
	memcpy(*out, git_blob_rawcontent(blob), *len);
	(*out)[*len] = '\0';
	*state = SCAN_BASE_FILE_FOUND;
done:
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(commit);
	git_object_free(def);
	git_repository_free(repo);
	free(against);
	free(prefix);
	free(path);
	return rc;
}

void scan_source__merge_base_dispose(scan_merge_base *m)
{
	git_tree_free(m->tree);
	git_repository_free(m->repo);
	free(m->against);
	free(m->prefix);
	memset(m, 0, sizeof(*m));
}

int scan_source__merge_base(scan_merge_base *m, const char **why, const char *root, const char *default_branch,
                            const char *ref)
{
	git_object *target = NULL, *peeled = NULL;
	git_reference *head = NULL;
	git_commit *commit = NULL;
	git_oid base;
	int rc;

	memset(m, 0, sizeof(*m));
	*why = NULL;
	if ((rc = scan_source__git_ready()) != 0)
		return rc;
	if (git_repository_open_ext(&m->repo, root, 0, NULL) != 0 || git_repository_is_bare(m->repo) ||
	    !git_repository_workdir(m->repo)) {
		*why = "not a git work tree";
		goto done;
	}
	if (ref) {
		if (git_revparse_single(&target, m->repo, ref) != 0) {
			*why = "the baseline reference is not in this clone (fetch it, or fetch more history)";
			goto done;
		}
		if (!(m->against = strdup(ref))) {
			rc = scan_error__oom();
			goto done;
		}
	} else if (!default_branch ||
	           (rc = scan_source__lookup_default(&target, &m->against, m->repo, default_branch)) != 0) {
		rc = rc < 0 ? rc : 0;
		*why = "the default branch is not in this clone (fetch it: actions/checkout with fetch-depth: 0, "
		       "or git fetch origin <default branch>)";
		goto done;
	}
	if (git_repository_head(&head, m->repo) != 0) {
		*why = "HEAD does not name a commit";
		goto done;
	}
	if (git_object_peel(&peeled, target, GIT_OBJECT_COMMIT) != 0) {
		*why = "the baseline reference does not name a commit";
		goto done;
	}
	/* git_repository_head() resolves symbolic refs: the target is a commit id */
	if (git_merge_base(&base, m->repo, git_reference_target(head), git_object_id(peeled)) != 0) {
		*why = "no merge base with the default branch in this clone: no shared history, or a shallow "
		       "checkout that needs more (fetch-depth: 0, or git fetch --deepen until they meet)";
		goto done;
	}
	git_oid_tostr(m->base, sizeof(m->base), &base);
	if (git_commit_lookup(&commit, m->repo, &base) != 0 || git_commit_tree(&m->tree, commit) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot read the merge base %s", m->base);
		goto done;
	}
	/* root relative to the work tree: a diff's paths are the work tree's */
	rc = scan_source__root_prefix(&m->prefix, why, m->repo, root);
done:
	git_commit_free(commit);
	git_object_free(peeled);
	git_object_free(target);
	git_reference_free(head);
	if (rc || *why)
		scan_source__merge_base_dispose(m);
	return rc;
}

int scan_source__newcode(scan_newcode **out, const char **why, const char *root, const char *branch,
                         const char *default_branch)
{
	scan_merge_base mb;
	git_diff *diff = NULL;
	git_diff_options opts;
	scan_newcode *nc = NULL;
	newcode_walk w;
	int rc, err;

	*out = NULL;
	*why = NULL;
	if (!default_branch || (branch && !strcmp(branch, default_branch))) {
		*why = "the default branch is scanned: its new code is what the baseline does not know";
		return 0;
	}
	if ((rc = scan_source__merge_base(&mb, why, root, default_branch, NULL)) != 0 || *why)
		return rc;
	if (!(nc = calloc(1, sizeof(*nc))) || !(nc->against = strdup(mb.against)))
		goto oom;
	memcpy(nc->base, mb.base, sizeof(nc->base));
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.context_lines = 0;
	opts.interhunk_lines = 0;
	opts.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS | GIT_DIFF_SHOW_UNTRACKED_CONTENT;
	if (git_diff_tree_to_workdir_with_index(&diff, mb.repo, mb.tree, &opts) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot compare the work tree with %s", nc->base);
		goto done;
	}
	memset(&w, 0, sizeof(w));
	w.nc = nc, w.prefix = mb.prefix, w.prefix_len = strlen(mb.prefix);
	err = git_diff_foreach(diff, on_file, NULL, on_hunk, NULL, &w);
	if (w.rc) {
		rc = w.rc;
		goto done;
	}
	if (err != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot compare the work tree with %s", nc->base);
		goto done;
	}
	/* drop files that only lost lines */
	{
		size_t k = 0;
		for (size_t i = 0; i < nc->n; i++) {
			if (nc->files[i].n)
				nc->files[k++] = nc->files[i];
			else
				free(nc->files[i].path);
		}
		nc->n = k;
	}
	if (nc->n)
		qsort(nc->files, nc->n, sizeof(*nc->files), cmp_file);
	*out = nc;
	nc = NULL;
	goto done;
oom:
	rc = scan_error__oom();
done:
	scan_source__newcode_free(nc);
	git_diff_free(diff);
	scan_source__merge_base_dispose(&mb);
	return rc;
}

const scan_newcode_file *scan_source__newcode_file(const scan_newcode *nc, const char *path)
{
	size_t lo = 0, hi = nc ? nc->n : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(path, nc->files[mid].path);
		if (!c)
			return &nc->files[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

bool scan_source__newcode_has(const scan_newcode_file *f, uint32_t line)
{
	size_t lo = 0, hi = f ? f->n : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (line < f->r[mid].start)
			hi = mid;
		else if (line >= f->r[mid].start + f->r[mid].count)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

int scan_source__ranges_format(char **out, const scan_line_range *r, size_t n)
{
	scan_buf b = SCAN_BUF_INIT;

	scan_buf_init(&b, NEWCODE_RANGE_TEXT_MAX);
	for (size_t i = 0; i < n; i++) {
		if (r[i].count == 1)
			scan_buf_printf(&b, "%s%u", i ? "," : "", r[i].start);
		else
			scan_buf_printf(&b, "%s%u-%u", i ? "," : "", r[i].start, r[i].start + r[i].count - 1);
	}
	scan_buf_putc(&b, '\0');
	if (scan_buf_failed(&b)) {
		scan_buf_dispose(&b);
		return scan_error__oom();
	}
	*out = scan_buf_detach(&b);
	return 0;
}

static int parse_num(uint32_t *v, const char **p)
{
	uint64_t x = 0;
	const char *s = *p;
	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9') {
		x = x * 10 + (uint64_t)(*s++ - '0');
		if (x > UINT32_MAX / 2)
			return -1;
	}
	*v = (uint32_t)x, *p = s;
	return 0;
}

int scan_source__ranges_parse(scan_line_range **out, size_t *n, const char *text)
{
	scan_line_range *v = NULL;
	size_t k = 0, cap = 0;
	const char *p = text;

	*out = NULL, *n = 0;
	while (*p) {
		uint32_t a, b;
		if (parse_num(&a, &p) != 0)
			goto bad;
		b = a;
		if (*p == '-' && (p++, parse_num(&b, &p) != 0))
			goto bad;
		if (b < a || a == 0 || (k && a < v[k - 1].start + v[k - 1].count) || k == NEWCODE_RANGES_MAX)
			goto bad;
		if (*p == ',')
			p++;
		else if (*p)
			goto bad;
		if (scan_array_reserve(&v, &cap, k + 1, sizeof(*v))) {
			free(v);
			return SCAN_ENOMEM;
		}
		v[k].start = a, v[k].count = b - a + 1;
		k++;
	}
	*out = v, *n = k;
	return 0;
bad:
	free(v);
	return scan_util__error(SCAN_EPARSE, "malformed line ranges '%.40s'", text);
}
