/* lib/scan/history.c - every unique blob of every commit, once */
#include <git2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/buf.h"
#include "scan/history.h"
#include "scan/sink.h"
#include "util/error.h"
#include "walk/ignore.h"
#include "walk/walk.h"

#define HISTORY_HEAD_BYTES 8000


typedef struct {
	git_oid blob;
	const char *path;      /* arena */
	size_t commit;         /* index into the commit table */
} blob_entry;

typedef struct {
	char hex[GIT_OID_HEXSZ + 1];
	time_t when;
	const char *str;       /* hex copied into the findings' arena, set when first used */
} commit_info;

/* An open-addressing set of blob ids: 20 bytes a blob, grown at half load. */
typedef struct {
	git_oid *slots;
	unsigned char *used;
	size_t cap, count;
} oid_set;

static size_t oid_hash(const git_oid *id)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h)); /* object ids are already uniformly random */
	return h;
}

static int oid_set_add(oid_set *s, const git_oid *id, bool *added)
{
	size_t i;

	if (s->count * 2 >= s->cap) {
		oid_set grown = { 0 };
		grown.cap = s->cap ? s->cap * 2 : 4096;
		grown.slots = malloc(grown.cap * sizeof(*grown.slots));
		grown.used = calloc(grown.cap, 1);
		if (!grown.slots || !grown.used) {
			free(grown.slots);
			free(grown.used);
			return scan__error_oom();
		}
		for (size_t j = 0; j < s->cap; j++)
			if (s->used[j]) {
				for (i = oid_hash(&s->slots[j]) & (grown.cap - 1); grown.used[i]; i = (i + 1) & (grown.cap - 1))
					;
				grown.used[i] = 1;
				grown.slots[i] = s->slots[j];
				grown.count++;
			}
		free(s->slots);
		free(s->used);
		*s = grown;
	}
	for (i = oid_hash(id) & (s->cap - 1); s->used[i]; i = (i + 1) & (s->cap - 1))
		if (git_oid_equal(&s->slots[i], id)) {
			*added = false;
			return 0;
		}
	s->used[i] = 1;
	s->slots[i] = *id;
	s->count++;
	*added = true;
	return 0;
}

typedef struct {
	const char *repo_path;
	const scan_active_analyzer *sel;
	size_t nsel;
	unsigned min_confidence;
	uint64_t max_size;
	const scan_secret_engine *secrets; /* the scan's, for redaction */
	blob_entry *entries;
	size_t count;
	commit_info *commits;
	atomic_size_t next;
	atomic_uint_fast64_t bytes;
	atomic_int failed;
	pthread_mutex_t commit_lock;  /* commit strings are copied into the shared result arena */
	scan_finding_list *out;
} batch;

typedef struct {
	batch *b;
	pthread_t thread;
	scan_finding_list *list;
	int rc;
	char message[256];
} history_worker;

static void *history_main(void *arg)
{
	history_worker *w = arg;
	batch *b = w->b;
	git_repository *repo = NULL;
	git_odb *odb = NULL;
	void **wstates = calloc(b->nsel + 1, sizeof(void *));
	scan_sink sink;
	int rc = 0;

	memset(&sink, 0, sizeof(sink));
	sink.list = w->list;
	sink.min_confidence = b->min_confidence;
	if (!wstates) {
		rc = scan__error_oom();
		goto done;
	}
	if ((rc = scan__sink_redact_init(&sink, b->secrets)) != 0)
		goto done;
	/* A repository handle per thread: libgit2 objects are not shared across threads. */
	if (git_repository_open_ext(&repo, b->repo_path, 0, NULL) != 0 || git_repository_odb(&odb, repo) != 0) {
		rc = scan__error(SCAN_EGIT, "cannot open the repository at '%s' for its history", b->repo_path);
		goto done;
	}
	for (size_t i = 0; i < b->nsel; i++)
		if (b->sel[i].a->worker_init && (rc = b->sel[i].a->worker_init(&wstates[i], b->sel[i].state)) != 0)
			goto done;
	while (!atomic_load(&b->failed)) {
		size_t idx = atomic_fetch_add(&b->next, 1);
		const blob_entry *e;
		git_blob *blob = NULL;
		size_t size;
		git_object_t type;
		scan_file f;

		if (idx >= b->count)
			break;
		e = &b->entries[idx];
		if (git_odb_read_header(&size, &type, odb, &e->blob) != 0 || type != GIT_OBJECT_BLOB ||
		    size > b->max_size || git_blob_lookup(&blob, repo, &e->blob) != 0)
			continue;
		memset(&f, 0, sizeof(f));
		f.path = e->path;
		f.data = git_blob_rawcontent(blob);
		f.len = (size_t)git_blob_rawsize(blob);
		f.size = f.len;
		f.head = f.data;
		f.head_len = f.len < HISTORY_HEAD_BYTES ? f.len : HISTORY_HEAD_BYTES;
		f.is_binary = memchr(f.data, '\0', f.head_len) != NULL;
		f.lang = scan_lang__detect(f.path, f.head, f.head_len);
		atomic_fetch_add(&b->bytes, f.len);
		if (!f.is_binary) {
			commit_info *ci = &b->commits[e->commit];
			pthread_mutex_lock(&b->commit_lock);
			if (!ci->str)
				ci->str = scan__arena_strdup(&b->out->arena, ci->hex);
			pthread_mutex_unlock(&b->commit_lock);
			sink.commit = ci->str;
			sink.commit_time = ci->when;
			scan__redactor_set_file(sink.redact, f.path, f.data, f.len);
			for (size_t i = 0; i < b->nsel && ci->str; i++) {
				if (!(b->sel[i].a->wants & SCAN_WANT_HISTORY))
					continue;
				sink.current_tool = b->sel[i].a->info.name;
				if ((rc = b->sel[i].a->file(b->sel[i].state, wstates[i], &f, &sink)) == SCAN_ENOMEM)
					break;
				rc = 0;
			}
			if (!ci->str)
				rc = scan__error_oom();
		}
		git_blob_free(blob);
		if (rc)
			break;
	}
done:
	for (size_t i = 0; wstates && i < b->nsel; i++)
		if (wstates[i] && b->sel[i].a->worker_free)
			b->sel[i].a->worker_free(wstates[i]);
	free(wstates);
	scan__sink_dispose(&sink);
	git_odb_free(odb);
	git_repository_free(repo);
	if (rc) {
		w->rc = rc;
		snprintf(w->message, sizeof(w->message), "%s", scan_error_last()->message);
		atomic_store(&b->failed, 1);
	}
	return NULL;
}

static int run_batch(batch *b, unsigned jobs)
{
	history_worker *ws = calloc(jobs, sizeof(*ws));
	unsigned started = 0;
	int rc = 0;

	if (!ws)
		return scan__error_oom();
	atomic_store(&b->next, 0);
	for (unsigned i = 0; i < jobs; i++) {
		ws[i].b = b;
		if (!(ws[i].list = scan__finding_list_new())) {
			rc = scan__error_oom();
			break;
		}
		if (pthread_create(&ws[i].thread, NULL, history_main, &ws[i]) != 0) {
			rc = scan__error(SCAN_EIO, "cannot start a worker thread");
			break;
		}
		started++;
	}
	if (rc)
		atomic_store(&b->failed, 1);
	for (unsigned i = 0; i < started; i++)
		pthread_join(ws[i].thread, NULL);
	for (unsigned i = 0; i < jobs; i++) {
		if (!rc && ws[i].rc)
			rc = scan__error(ws[i].rc, "%s", ws[i].message);
		if (!rc && ws[i].list)
			rc = scan__finding_list_absorb(b->out, ws[i].list);
		scan_finding_list_free(ws[i].list);
	}
	free(ws);
	return rc;
}

typedef struct {
	oid_set seen;
	blob_entry *entries;
	size_t count, cap;
	scan_arena paths;
	const scan_ignore *ignore;
	size_t commit;
	int rc;
} collector;

static int add_blob(collector *c, const git_oid *id, const char *path)
{
	bool added;

	if ((c->rc = oid_set_add(&c->seen, id, &added)) != 0 || !added)
		return c->rc;
	if (c->count == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		blob_entry *n = realloc(c->entries, cap * sizeof(*n));
		if (!n)
			return c->rc = scan__error_oom();
		c->entries = n;
		c->cap = cap;
	}
	c->entries[c->count].blob = *id;
	c->entries[c->count].commit = c->commit;
	if (!(c->entries[c->count].path = scan__arena_strdup(&c->paths, path)))
		return c->rc = scan__error_oom();
	c->count++;
	return 0;
}

/*
 * The blobs `tree` has that `parent` (may be NULL) has not, by path. Equal
 * subtree ids are skipped whole, so a commit costs what it changed - far
 * cheaper than a general diff, which is most of a history scan otherwise.
 */
static int tree_changes(collector *c, git_repository *repo, git_tree *parent, git_tree *tree, scan_buf *path,
                        unsigned depth)
{
	size_t n = git_tree_entrycount(tree), base = path->size;
	int rc = 0;

	if (depth > SCAN_WALK_DEPTH_MAX)
		return 0;
	for (size_t i = 0; i < n && !rc; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const git_tree_entry *old = parent ? git_tree_entry_byname(parent, git_tree_entry_name(e)) : NULL;
		git_filemode_t mode = git_tree_entry_filemode(e);
		bool is_dir = mode == GIT_FILEMODE_TREE;

		if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e)))
			continue;
		if (!is_dir && mode != GIT_FILEMODE_BLOB && mode != GIT_FILEMODE_BLOB_EXECUTABLE)
			continue; /* symlinks and submodules hold no file content here */
		scan_buf_truncate(path, base);
		if (base)
			scan_buf_putc(path, '/');
		scan_buf_puts(path, git_tree_entry_name(e));
		if (scan_buf_failed(path)) {
			/* too long a path for the walker's limit: skipped like the walker does */
			path->error = 0;
			continue;
		}
		if (is_dir) {
			git_tree *sub = NULL, *old_sub = NULL;
			if (scan_ignore__match(c->ignore, path->ptr, true))
				continue;
			if (git_tree_lookup(&sub, repo, git_tree_entry_id(e)) != 0)
				continue;
			if (old && git_tree_entry_filemode(old) == GIT_FILEMODE_TREE)
				git_tree_lookup(&old_sub, repo, git_tree_entry_id(old));
			rc = tree_changes(c, repo, old_sub, sub, path, depth + 1);
			git_tree_free(old_sub);
			git_tree_free(sub);
		} else if (!scan_ignore__match(c->ignore, path->ptr, false)) {
			rc = add_blob(c, git_tree_entry_id(e), path->ptr);
		}
	}
	scan_buf_truncate(path, base);
	return rc;
}

/*
 * Analyze the blobs collected so far and forget them, so memory stays at one
 * batch of paths plus the set of blob ids seen. Within a batch blobs are
 * read newest first: git keeps the newest version of a file whole and older
 * ones as deltas against it, so this order finds delta bases warm. Each blob
 * is still credited to the oldest commit that added it.
 */
static int flush_batch(batch *b, collector *c, scan_result *r, unsigned jobs)
{
	int rc;

	for (size_t i = 0; i < c->count / 2; i++) {
		blob_entry t = c->entries[i];
		c->entries[i] = c->entries[c->count - 1 - i];
		c->entries[c->count - 1 - i] = t;
	}
	b->entries = c->entries;
	b->count = c->count;
	rc = run_batch(b, jobs);
	r->stats.history_blobs += c->count;
	c->count = 0;
	scan__arena_dispose(&c->paths);
	return rc;
}

static int cmp_fp_time(const void *pa, const void *pb)
{
	const scan_finding *a = pa, *b = pb;
	int c = strcmp(a->fingerprint, b->fingerprint);

	if (c)
		return c;
	return a->commit_time < b->commit_time ? -1 : a->commit_time > b->commit_time;
}

/*
 * Fold history findings into the tree's: the tree keeps its own finding
 * (with line numbers of today's file) and learns the commit that added it;
 * a secret found only in history is reported once, at its oldest commit.
 */
static int cmp_tree_fp(const void *pa, const void *pb)
{
	return strcmp((*(scan_finding *const *)pa)->fingerprint, (*(scan_finding *const *)pb)->fingerprint);
}

static int merge_history(scan_result *r, scan_finding_list *hist)
{
	scan_finding_list *tree = r->findings;
	scan_finding **index = calloc(tree->count ? tree->count : 1, sizeof(*index));
	size_t kept = 0;
	int rc;

	if (!index)
		return scan__error_oom();
	for (size_t t = 0; t < tree->count; t++)
		index[t] = &tree->items[t];
	qsort(index, tree->count, sizeof(*index), cmp_tree_fp);
	if (hist->count > 1)
		qsort(hist->items, hist->count, sizeof(*hist->items), cmp_fp_time);
	for (size_t i = 0; i < hist->count; i++) {
		scan_finding *h = &hist->items[i], key, *kp = &key, **hit;
		if (kept && !strcmp(hist->items[kept - 1].fingerprint, h->fingerprint))
			continue; /* the same finding in a later blob: the oldest commit is reported */
		memcpy(key.fingerprint, h->fingerprint, sizeof(key.fingerprint));
		hit = bsearch(&kp, index, tree->count, sizeof(*index), cmp_tree_fp);
		if (hit) {
			/* Every tree finding with this fingerprint learns where it came from. */
			while (hit > index && !strcmp(hit[-1]->fingerprint, h->fingerprint))
				hit--;
			for (; hit < index + tree->count && !strcmp((*hit)->fingerprint, h->fingerprint); hit++)
				if (!(*hit)->commit) {
					(*hit)->commit = h->commit;
					(*hit)->commit_time = h->commit_time;
				}
			continue;
		}
		h->in_head = false;
		hist->items[kept++] = *h;
	}
	free(index);
	hist->count = kept;
	if ((rc = scan__finding_list_absorb(tree, hist)) != 0)
		return rc;
	scan__finding_list_sort(tree);
	return 0;
}

int scan__history_scan(scan_result *r, const char *root, const scan_active_analyzer *sel, size_t nsel,
                       const scan_options *opts, unsigned jobs, uint64_t max_size,
                       const scan_secret_engine *secrets)
{
	git_repository *repo = NULL;
	git_revwalk *walk = NULL;
	scan_ignore *ig = NULL;
	collector c;
	batch b;
	commit_info *commits = NULL;
	size_t ncommits = 0, commit_cap = 0;
	scan_finding_list *hist = scan__finding_list_new();
	git_oid oid;
	struct timespec t0, t1;
	int rc = 0;

	memset(&c, 0, sizeof(c));
	memset(&b, 0, sizeof(b));
	clock_gettime(CLOCK_MONOTONIC, &t0);

	if (!hist)
		return scan__error_oom();
	if (git_repository_open_ext(&repo, root, 0, NULL) != 0) {
		rc = scan__error(SCAN_EINVAL, "history scan: '%s' is not a git repository", root);
		goto done;
	}
	if ((rc = scan_ignore__new(&ig)) != 0)
		goto done;
	for (size_t i = 0; i < opts->exclude_count && !rc; i++)
		rc = scan_ignore__add_rule(ig, opts->excludes[i]);
	for (size_t i = 0; !opts->no_default_excludes && scan_walk__default_excludes[i] && !rc; i++)
		rc = scan_ignore__add_rule(ig, scan_walk__default_excludes[i]);
	if (rc)
		goto done;
	c.ignore = ig;
	if (git_revwalk_new(&walk, repo) != 0) {
		rc = scan__error(SCAN_EGIT, "history scan: cannot walk commits");
		goto done;
	}
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
	/* Every ref: branches, remote branches and tags; a repository with no commit has no history. */
	if (git_revwalk_push_glob(walk, "refs/*") != 0 && git_revwalk_push_head(walk) != 0)
		goto done;

	b.repo_path = root;
	b.sel = sel;
	b.nsel = nsel;
	b.min_confidence = opts->min_confidence;
	b.max_size = max_size;
	b.secrets = secrets;
	b.out = hist;
	pthread_mutex_init(&b.commit_lock, NULL);
	while (git_revwalk_next(&oid, walk) == 0) {
		git_commit *commit = NULL, *parent = NULL;
		git_tree *tree = NULL, *ptree = NULL;
		scan_buf path = SCAN_BUF_INIT;

		if (git_commit_lookup(&commit, repo, &oid) != 0)
			continue;
		if (ncommits == commit_cap) {
			size_t cap = commit_cap ? commit_cap * 2 : 1024;
			commit_info *n = realloc(commits, cap * sizeof(*n));
			if (!n) {
				git_commit_free(commit);
				rc = scan__error_oom();
				break;
			}
			commits = n;
			commit_cap = cap;
			b.commits = commits;
		}
		git_oid_tostr(commits[ncommits].hex, sizeof(commits[ncommits].hex), &oid);
		commits[ncommits].when = (time_t)git_commit_author(commit)->when.time;
		commits[ncommits].str = NULL;
		c.commit = ncommits++;
		scan_buf_init(&path, SCAN_WALK_PATH_MAX);
		/* Against the first parent: what a merge brings from others was seen on their commits. */
		if (git_commit_tree(&tree, commit) == 0 &&
		    (git_commit_parentcount(commit) == 0 || (git_commit_parent(&parent, commit, 0) == 0 &&
		                                             git_commit_tree(&ptree, parent) == 0)))
			tree_changes(&c, repo, ptree, tree, &path, 0);
		scan_buf_dispose(&path);
		git_tree_free(ptree);
		git_tree_free(tree);
		git_commit_free(parent);
		git_commit_free(commit);
		if ((rc = c.rc) != 0)
			break;
		if (c.count >= SCAN_HISTORY_BATCH) {
			if ((rc = flush_batch(&b, &c, r, jobs)) != 0)
				break;
		}
	}
	if (!rc && c.count)
		rc = flush_batch(&b, &c, r, jobs);
	pthread_mutex_destroy(&b.commit_lock);
	r->stats.history_commits = ncommits;
	r->stats.history_bytes = atomic_load(&b.bytes);
	if (!rc)
		rc = merge_history(r, hist);
done:
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->stats.history_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	scan_finding_list_free(hist);
	free(c.entries);
	free(c.seen.slots);
	free(c.seen.used);
	scan__arena_dispose(&c.paths);
	free(commits);
	git_revwalk_free(walk);
	git_repository_free(repo);
	scan_ignore__free(ig);
	return rc;
}
