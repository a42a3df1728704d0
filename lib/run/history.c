/* lib/run/history.c - every unique blob of every commit, once */
#include <dirent.h>
#include <fcntl.h>
#include <git2.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "scan/buf.h"
#include "run/history.h"
#include "analyzers/sink.h"
#include "scan/array.h"
#include "scan/map.h"
#include "util/error.h"
#include "walk/ignore.h"
#include "walk/walk.h"

#define HISTORY_HEAD_BYTES 8000
/* Entries of a .git directory checked for links out of it before its history is read. */
#define SCAN_HISTORY_GITDIR_ENTRIES_MAX 1000000


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
/* The blob ids already collected: the map's keys are the ids, copied into an arena. */
typedef struct {
	scan_map ids;
	scan_arena keys;
} oid_set;

static int oid_set_add(oid_set *s, const git_oid *id, bool *added)
{
	git_oid *key;
	int rc;

	*added = false;
	if (scan_map_get_bytes(&s->ids, id->id, GIT_OID_RAWSZ, NULL, 0, NULL))
		return 0;
	if (!(key = scan_arena__alloc(&s->keys, sizeof(*key))))
		return scan_error__oom();
	*key = *id;
	if ((rc = scan_map_put_bytes(&s->ids, key->id, GIT_OID_RAWSZ, NULL, 0, 0, NULL)) < 0)
		return rc;
	*added = true;
	return 0;
}

typedef struct {
	const char *repo_path;         /* the .git directory the scan opened */
	const scan_active_analyzer *sel;
	size_t nsel;
	unsigned min_confidence;
	bool no_suppressions;
	const scan_test_paths *tests;
	uint64_t max_size;
	const scan_secret_engine *secrets; /* the scan's, for redaction */
	atomic_size_t unreadable, too_large; /* blobs not read: a missing or corrupt object; over max_size */
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
	sink.no_suppressions = b->no_suppressions;
	sink.tests = b->tests;
	if (!wstates) {
		rc = scan_error__oom();
		goto done;
	}
	if ((rc = scan_sink__redact_init(&sink, b->secrets)) != 0)
		goto done;
	/* A repository handle per thread: libgit2 objects are not shared across threads. */
	if (git_repository_open_ext(&repo, b->repo_path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) != 0 ||
	    git_repository_odb(&odb, repo) != 0) {
		rc = scan_util__error(SCAN_EGIT, "cannot open the repository at '%s' for its history", b->repo_path);
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
		if (git_odb_read_header(&size, &type, odb, &e->blob) != 0 ||
		    (type == GIT_OBJECT_BLOB && size <= b->max_size && git_blob_lookup(&blob, repo, &e->blob) != 0)) {
			atomic_fetch_add(&b->unreadable, 1); /* said in the result, not taken as "no secret" */
			continue;
		}
		if (type != GIT_OBJECT_BLOB)
			continue;
		if (size > b->max_size) {
			atomic_fetch_add(&b->too_large, 1);
			continue;
		}
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
				ci->str = scan_arena__strdup(&b->out->arena, ci->hex);
			pthread_mutex_unlock(&b->commit_lock);
			sink.commit = ci->str;
			sink.commit_time = ci->when;
			scan_sink__set_file(&sink, &f);
			for (size_t i = 0; i < b->nsel && ci->str; i++) {
				if (!(b->sel[i].a->wants & SCAN_WANT_HISTORY))
					continue;
				sink.current_tool = b->sel[i].a->info.name;
				if ((rc = b->sel[i].a->file(b->sel[i].state, wstates[i], &f, &sink)) == SCAN_ENOMEM)
					break;
				rc = 0;
			}
			if (!ci->str)
				rc = scan_error__oom();
		}
		scan_sink__set_file(&sink, NULL);
		git_blob_free(blob);
		if (rc)
			break;
	}
done:
	for (size_t i = 0; wstates && i < b->nsel; i++)
		if (wstates[i] && b->sel[i].a->worker_free)
			b->sel[i].a->worker_free(wstates[i]);
	free(wstates);
	scan_sink__dispose(&sink);
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
		return scan_error__oom();
	atomic_store(&b->next, 0);
	for (unsigned i = 0; i < jobs; i++) {
		ws[i].b = b;
		if (!(ws[i].list = scan_model__finding_list_new())) {
			rc = scan_error__oom();
			break;
		}
		if (pthread_create(&ws[i].thread, NULL, history_main, &ws[i]) != 0) {
			rc = scan_util__error(SCAN_EIO, "cannot start a worker thread");
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
			rc = scan_util__error(ws[i].rc, "%s", ws[i].message);
		if (!rc && ws[i].list)
			rc = scan_model__finding_list_absorb(b->out, ws[i].list);
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
	size_t unreadable;            /* trees and commits that could not be read */
	int rc;
} collector;

static int add_blob(collector *c, const git_oid *id, const char *path)
{
	bool added;

	if ((c->rc = oid_set_add(&c->seen, id, &added)) != 0 || !added)
		return c->rc;
	if (scan_array_reserve(&c->entries, &c->cap, c->count + 1, sizeof(*c->entries)))
		return c->rc = SCAN_ENOMEM;
	c->entries[c->count].blob = *id;
	c->entries[c->count].commit = c->commit;
	if (!(c->entries[c->count].path = scan_arena__strdup(&c->paths, path)))
		return c->rc = scan_error__oom();
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
			if (git_tree_lookup(&sub, repo, git_tree_entry_id(e)) != 0) {
				c->unreadable++;
				continue;
			}
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
	scan_arena__dispose(&c->paths);
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
		return scan_error__oom();
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
	if ((rc = scan_model__finding_list_absorb(tree, hist)) != 0)
		return rc;
	scan_model__finding_list_sort(tree);
	return 0;
}

/* The scan goes on without (all of) its history; why is one skipped entry. */
static int history_skip(scan_result *r, const char *fmt, ...) SCAN_PRINTF(2, 3);

static int history_skip(scan_result *r, const char *fmt, ...)
{
	char reason[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_run__result_skip(r, SCAN_HISTORY_PATH, reason);
}

/* True when a and b name the same directory (both exist). */
static bool same_dir(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/*
 * dirfd (a .git directory, or one inside it) holds nothing libgit2 could be
 * led out of it by: no symbolic link at any depth (objects, a pack, refs),
 * at most *budget entries in all. 1 when so, 0 when not (*why says what).
 */
static int own_git_dir(int dirfd, unsigned depth, size_t *budget, const char **why)
{
	DIR *d;
	struct dirent *e;
	int ok = 1, fd = dup(dirfd);

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		*why = "cannot be read";
		return 0;
	}
	while (ok && (e = readdir(d))) {
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!(*budget)--) {
			*why = "holds too many files to check";
			ok = 0;
		} else if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
			*why = "cannot be read";
			ok = 0;
		} else if (S_ISLNK(st.st_mode)) {
			*why = "holds a symbolic link, through which another repository's objects or refs would be read";
			ok = 0;
		} else if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0 || depth >= SCAN_WALK_DEPTH_MAX) {
				*why = "cannot be read";
				ok = 0;
			} else {
				ok = own_git_dir(sub, depth + 1, budget, why);
			}
			if (sub >= 0)
				close(sub);
		}
	}
	closedir(d);
	return ok;
}

/* A non-empty objects/info/alternates (or commondir): objects or refs borrowed from elsewhere. */
static bool borrows(int gitfd, const char *rel)
{
	struct stat st;

	return fstatat(gitfd, rel, &st, AT_SYMLINK_NOFOLLOW) == 0 && (!S_ISREG(st.st_mode) || st.st_size > 0);
}

/*
 * The repository whose history a scan of root reads, and root's place in
 * its work tree (*prefix: "" at the top, else "sub/dir", malloc'd). *out
 * NULL (and 0) when there is none to read; a skipped entry says why.
 */
static int open_history_repo(git_repository **out, char **prefix, scan_result *r, const char *root,
                             bool enclosing)
{
	scan_buf dotgit = SCAN_BUF_INIT;
	git_repository *repo = NULL;
	struct stat st;
	char *real_wd = NULL;
	int rc = 0;

	*out = NULL;
	*prefix = NULL;
	if (enclosing) {
		const char *wd;
		size_t n;
		if (git_repository_open_ext(&repo, root, 0, NULL) != 0) {
			rc = history_skip(r, "history not scanned: no git repository encloses the scanned directory");
			goto done;
		}
		if (!(wd = git_repository_workdir(repo)) || !(real_wd = realpath(wd, NULL))) {
			rc = history_skip(r, "history not scanned: the enclosing repository has no work tree");
			goto done;
		}
		n = strlen(real_wd);
		if (strncmp(root, real_wd, n) != 0 || (root[n] != '/' && root[n] != '\0')) {
			rc = history_skip(r, "history not scanned: the scanned directory is outside the work tree of "
			                     "the repository enclosing it");
			goto done;
		}
		*prefix = strdup(root[n] == '/' ? root + n + 1 : "");
	} else {
		/* Only a .git directory of the root's own: a .git file or link names history from elsewhere. */
		scan_buf_init(&dotgit, SCAN_WALK_PATH_MAX + 8);
		scan_buf_printf(&dotgit, "%s/.git", root);
		if (scan_buf_failed(&dotgit) || lstat(dotgit.ptr, &st) != 0) {
			rc = history_skip(r, "history not scanned: the scanned directory is not the top of a git "
			                     "repository (--history-from-enclosing-repo reads the enclosing "
			                     "repository's history of this directory)");
			goto done;
		}
		if (!S_ISDIR(st.st_mode)) {
			rc = history_skip(r, "history not scanned: '.git' is a %s, not a directory: its history "
			                     "would be another repository's (--history-from-enclosing-repo follows it)",
			                  S_ISLNK(st.st_mode) ? "symbolic link" : "file");
			goto done;
		}
		{
			/* Nothing in it may lead elsewhere: a link, alternates, a commondir. */
			size_t budget = SCAN_HISTORY_GITDIR_ENTRIES_MAX;
			const char *why = NULL;
			int gitfd = open(dotgit.ptr, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (gitfd < 0)
				why = "cannot be read";
			else if (borrows(gitfd, "commondir"))
				why = "names another repository's directory (commondir)";
			else if (borrows(gitfd, "objects/info/alternates") || borrows(gitfd, "objects/info/http-alternates"))
				why = "borrows objects from other repositories (objects/info/alternates)";
			else
				own_git_dir(gitfd, 0, &budget, &why);
			if (gitfd >= 0)
				close(gitfd);
			if (why) {
				rc = history_skip(r, "history not scanned: '.git' %s", why);
				goto done;
			}
		}
		if (git_repository_open_ext(&repo, root, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) != 0) {
			rc = history_skip(r, "history not scanned: '.git' is not a repository libgit2 can open");
			goto done;
		}
		/* The repository libgit2 opened is that directory. */
		if (!same_dir(git_repository_path(repo), dotgit.ptr) ||
		    !same_dir(git_repository_commondir(repo), dotgit.ptr)) {
			rc = history_skip(r, "history not scanned: '.git' names another repository's directory");
			goto done;
		}
		*prefix = strdup("");
	}
	if (!*prefix) {
		rc = scan_error__oom();
		goto done;
	}
	*out = repo;
	repo = NULL;
done:
	git_repository_free(repo);
	scan_buf_dispose(&dotgit);
	free(real_wd);
	return rc;
}

/* root's subtree of a commit's tree: the tree itself for prefix "", NULL where it has no such directory. */
static git_tree *subtree(git_repository *repo, git_tree *tree, const char *prefix)
{
	git_tree_entry *e = NULL;
	git_tree *sub = NULL;

	if (!tree || !*prefix)
		return tree;
	if (git_tree_entry_bypath(&e, tree, prefix) == 0 && git_tree_entry_type(e) == GIT_OBJECT_TREE)
		git_tree_lookup(&sub, repo, git_tree_entry_id(e));
	git_tree_entry_free(e);
	git_tree_free(tree);
	return sub;
}

/* Push the commit id (or tag) names, peeled; true when the walk took it. */
static bool push_peeled(git_revwalk *walk, git_repository *repo, const git_oid *id)
{
	git_object *obj = NULL, *commit = NULL;
	bool ok = git_object_lookup(&obj, repo, id, GIT_OBJECT_ANY) == 0 &&
	          git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) == 0 &&
	          git_revwalk_push(walk, git_object_id(commit)) == 0;

	git_object_free(commit);
	git_object_free(obj);
	return ok;
}

/*
 * HEAD, then branches (local and remote), then every other ref, each
 * peeled to its commit, until max are pushed; one pass over the refs, the
 * others' ids kept (at most max) until the branches are in. *over: the
 * refs left out.
 */
static int push_refs(git_revwalk *walk, git_repository *repo, size_t max, size_t *over)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	git_oid *others = NULL;
	size_t pushed = 0, nothers = 0;

	*over = 0;
	git_revwalk_push_head(walk);
	if (git_reference_iterator_glob_new(&it, repo, "refs/*") != 0)
		return 0; /* no refs: HEAD's history, if any */
	if (!(others = malloc((max ? max : 1) * sizeof(*others)))) {
		git_reference_iterator_free(it);
		return scan_error__oom();
	}
	while (git_reference_next(&ref, it) == 0) {
		const char *name = git_reference_name(ref);
		const git_oid *id = git_reference_type(ref) == GIT_REFERENCE_DIRECT ? git_reference_target(ref) : NULL;

		if (!id)
			; /* symbolic (origin/HEAD): its target is a ref of its own */
		else if (!strncmp(name, "refs/heads/", 11) || !strncmp(name, "refs/remotes/", 13)) {
			if (pushed >= max)
				(*over)++;
			else if (push_peeled(walk, repo, id))
				pushed++;
		} else if (nothers < max) {
			others[nothers++] = *id;
		} else {
			(*over)++;
		}
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	for (size_t i = 0; i < nothers; i++) {
		if (pushed >= max)
			(*over)++;
		else if (push_peeled(walk, repo, &others[i]))
			pushed++;
	}
	free(others);
	return 0;
}

int scan_history__scan(scan_result *r, const char *root, const scan_active_analyzer *sel, size_t nsel,
                       const scan_options *opts, unsigned jobs, uint64_t max_size,
                       const scan_secret_engine *secrets, const scan_test_paths *tests)
{
	git_repository *repo = NULL;
	git_revwalk *walk = NULL;
	scan_ignore *ig = NULL;
	collector c;
	batch b;
	commit_info *commits = NULL;
	size_t ncommits = 0, commit_cap = 0;
	size_t refs_max = opts->history_refs_max ? opts->history_refs_max : SCAN_HISTORY_REFS_MAX;
	size_t commits_max = opts->history_commits_max ? opts->history_commits_max : SCAN_HISTORY_COMMITS_MAX;
	size_t refs_over, noids = 0, oid_cap = 0, commits_over = 0;
	scan_finding_list *hist = scan_model__finding_list_new();
	git_oid oid, *oids = NULL;
	char *prefix = NULL;
	struct timespec t0, t1;
	int rc = 0;

	memset(&c, 0, sizeof(c));
	memset(&b, 0, sizeof(b));
	clock_gettime(CLOCK_MONOTONIC, &t0);

	if (!hist)
		return scan_error__oom();
	if ((rc = open_history_repo(&repo, &prefix, r, root, opts->history_from_enclosing_repo)) != 0 || !repo)
		goto done;
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
		rc = scan_util__error(SCAN_EGIT, "history scan: cannot walk commits");
		goto done;
	}
	/* Newest first, so a capped walk keeps the newest; analyzed oldest first below. */
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL);
	/* Refs of every kind (a repository with none has no history), HEAD and branches first. */
	if ((rc = push_refs(walk, repo, refs_max, &refs_over)) != 0)
		goto done;
	if (refs_over && (rc = history_skip(r, "history: %zu refs not walked, past the first %zu (HEAD and branches "
	                                       "first); commits only they reach were not scanned",
	                                    refs_over, refs_max)) != 0)
		goto done;
	while (git_revwalk_next(&oid, walk) == 0) {
		if (noids == commits_max) {
			commits_over++;
			continue; /* counted for the message; the walk is in memory already */
		}
		if (scan_array_reserve(&oids, &oid_cap, noids + 1, sizeof(*oids))) {
			rc = SCAN_ENOMEM;
			goto done;
		}
		oids[noids++] = oid;
	}
	if (commits_over && (rc = history_skip(r, "history: the %zu oldest commits not walked, past the newest %zu",
	                                       commits_over, commits_max)) != 0)
		goto done;

	b.repo_path = git_repository_path(repo);
	b.sel = sel;
	b.nsel = nsel;
	b.min_confidence = opts->min_confidence;
	b.no_suppressions = opts->no_suppressions;
	b.tests = tests;
	b.max_size = max_size;
	b.secrets = secrets;
	b.out = hist;
	pthread_mutex_init(&b.commit_lock, NULL);
	for (size_t k = noids; k-- > 0;) {
		git_commit *commit = NULL, *parent = NULL;
		git_tree *tree = NULL, *ptree = NULL;
		scan_buf path = SCAN_BUF_INIT;

		if (opts->cancelled && opts->cancelled(opts->cancel_payload)) {
			rc = scan_util__error(SCAN_ECANCELED, "scan cancelled");
			break;
		}
		oid = oids[k];
		if (git_commit_lookup(&commit, repo, &oid) != 0) {
			c.unreadable++;
			continue;
		}
		if (scan_array_reserve(&commits, &commit_cap, ncommits + 1, sizeof(*commits))) {
			git_commit_free(commit);
			rc = SCAN_ENOMEM;
			break;
		}
		b.commits = commits; /* moved when it grew */
		git_oid_tostr(commits[ncommits].hex, sizeof(commits[ncommits].hex), &oid);
		commits[ncommits].when = (time_t)git_commit_author(commit)->when.time;
		commits[ncommits].str = NULL;
		c.commit = ncommits++;
		scan_buf_init(&path, SCAN_WALK_PATH_MAX);
		/*
		 * Against the first parent: what a merge brings from others was seen
		 * on their commits. A subdirectory's scan compares its subtrees alone,
		 * so nothing outside it is read and paths are relative to it.
		 */
		if (git_commit_tree(&tree, commit) == 0 &&
		    (git_commit_parentcount(commit) == 0 || (git_commit_parent(&parent, commit, 0) == 0 &&
		                                             git_commit_tree(&ptree, parent) == 0))) {
			tree = subtree(repo, tree, prefix);
			ptree = subtree(repo, ptree, prefix);
			if (tree)
				tree_changes(&c, repo, ptree, tree, &path, 0);
		} else {
			c.unreadable++;
		}
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
	if (!rc && c.unreadable)
		rc = history_skip(r, "history: %zu commits or trees could not be read (missing or corrupt objects); "
		                  "the files under them were not scanned", c.unreadable);
	if (!rc && atomic_load(&b.unreadable))
		rc = history_skip(r, "history: %zu file versions could not be read (missing or corrupt objects)",
		                  (size_t)atomic_load(&b.unreadable));
	if (!rc && atomic_load(&b.too_large))
		rc = history_skip(r, "history: %zu file versions larger than the maximum file size were not read",
		                  (size_t)atomic_load(&b.too_large));
	r->stats.history_commits = ncommits;
	r->stats.history_bytes = atomic_load(&b.bytes);
	if (!rc)
		rc = merge_history(r, hist);
done:
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->stats.history_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	scan_finding_list_free(hist);
	free(c.entries);
	scan_map_dispose(&c.seen.ids);
	scan_arena__dispose(&c.seen.keys);
	scan_arena__dispose(&c.paths);
	free(commits);
	free(oids);
	free(prefix);
	git_revwalk_free(walk);
	git_repository_free(repo);
	scan_ignore__free(ig);
	return rc;
}
