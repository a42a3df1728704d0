/* lib/walk/walk.c - depth-first listing with ignore rules and bounded depth */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/buf.h"
#include "scan/array.h"
#include "util/beneath.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "walk/ignore.h"
#include "walk/walk.h"

const char *const scan_walk__default_excludes[] = {
	"node_modules/", "bower_components/", "jspm_packages/", "vendor/", ".venv/", "venv/",
	"__pycache__/", ".tox/", ".nox/", ".mypy_cache/", ".pytest_cache/", ".ruff_cache/",
	".gradle/", ".idea/", ".terraform/", ".next/", ".nuxt/", ".svelte-kit/", ".cache/",
	"dist/", "build/", "target/", "out/", "coverage/", "htmlcov/", "_build/",
	".hg/", ".svn/", ".bzr/",
	"*.min.js", "*.min.css", "*-min.js", "*.bundle.js", "*.chunk.js", "*.map",
	"*.pyc", "*.pyo", "*.class",
	NULL,
};

typedef struct {
	DIR *dir;
	size_t rel_len;       /* length of the directory's relative path in `rel` */
	size_t parent_len;    /* what `rel` goes back to when the directory is left */
	bool via_link;        /* entered through a followed symlink, itself or an ancestor */
	size_t ignore_depth;  /* rule-stack depth to pop back to when leaving */
} walk_frame;

typedef struct {
	dev_t dev;
	ino_t ino;
} dir_id;

typedef struct {
	const scan_walk_options *o;
	scan_walk_list *out;
	scan_ignore *user;    /* --exclude */
	scan_ignore *tree;    /* defaults, .gitignore, .rampartignore */
	scan_buf rel;
	walk_frame stack[SCAN_WALK_DEPTH_MAX];
	size_t depth;
	dir_id *seen;         /* directories entered, when following links */
	size_t seen_count, seen_cap;
	size_t root_len;
	unsigned since_cancel_check;
} walker;

static int add_entry(walker *w, bool via_link)
{
	scan_walk_list *l = w->out;
	scan_walk_entry *e;

	if (scan_array_reserve(&l->entries, &l->cap, l->count + 1, sizeof(*l->entries)))
		return SCAN_ENOMEM;
	e = &l->entries[l->count];
	if (!(e->path = scan_arena__strndup(&l->arena, w->rel.ptr, w->rel.size)))
		return scan_error__oom();
	e->via_link = via_link;
	l->count++;
	return 0;
}

/* Remembers that the entry at rel (or at rel/name, when name is given) was not looked at. */
static int skip_entry(walker *w, const char *name, const char *reason)
{
	scan_walk_list *l = w->out;
	scan_walk_skip *sk;
	size_t len = w->rel.size;

	if (scan_array_reserve(&l->skips, &l->skips_cap, l->nskips + 1, sizeof(*l->skips)))
		return SCAN_ENOMEM;
	sk = &l->skips[l->nskips];
	if (name) {
		scan_buf p = SCAN_BUF_INIT;
		scan_buf_printf(&p, "%s%s%.200s", w->rel.ptr, len ? "/" : "", name);
		sk->path = scan_buf_failed(&p) ? NULL : scan_arena__strndup(&l->arena, p.ptr, p.size);
		scan_buf_dispose(&p);
	} else {
		sk->path = scan_arena__strndup(&l->arena, w->rel.ptr, len);
	}
	if (!sk->path)
		return scan_error__oom();
	sk->reason = reason;
	l->nskips++;
	return 0;
}

static const char *open_failure(int err)
{
	return err == EACCES || err == EPERM ? "permission denied" : err == ELOOP ? "a symlink loop" :
	       "could not be opened";
}

/* Reads an ignore file of the directory open as dirfd, if it has one. */
static int load_ignore_file(walker *w, int dirfd, const char *name, const char *base)
{
	char *text = NULL;
	size_t len = 0;
	/* The one bounded reader; one that is not a regular file or is over the limit is as if absent. */
	int rc = scan_util__read_file_at(&text, &len, dirfd, name, NULL, SCAN_WALK_IGNORE_FILE_MAX,
	                                 SCAN_FILE_NOFOLLOW | SCAN_FILE_OPTIONAL);

	if (rc)
		return rc == SCAN_ENOMEM ? rc : 0;
	if (text)
		rc = scan_ignore__add_text(w->tree, base, text, len);
	free(text);
	return rc;
}

static bool seen_before(walker *w, const struct stat *st)
{
	for (size_t i = 0; i < w->seen_count; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return true;
	if (scan_array_reserve(&w->seen, &w->seen_cap, w->seen_count + 1, sizeof(*w->seen)))
		return true; /* out of memory: refusing to enter is the safe answer */
	w->seen[w->seen_count].dev = st->st_dev;
	w->seen[w->seen_count].ino = st->st_ino;
	w->seen_count++;
	return false;
}

/* Opens the directory at fd as a new frame; takes fd. rel already names it. */
static int push_dir(walker *w, int fd, size_t parent_len, bool via_link)
{
	walk_frame *f;
	const char *base = w->rel.ptr;
	int rc;

	if (w->depth == SCAN_WALK_DEPTH_MAX) {
		close(fd);
		w->out->unreadable++;
		return skip_entry(w, NULL, "a directory deeper than 256 levels, not entered");
	}
	f = &w->stack[w->depth];
	if (!(f->dir = fdopendir(fd))) {
		close(fd);
		w->out->unreadable++;
		return skip_entry(w, NULL, "a directory that could not be listed");
	}
	f->rel_len = w->rel.size;
	f->parent_len = parent_len;
	f->via_link = via_link || (w->depth && w->stack[w->depth - 1].via_link);
	f->ignore_depth = scan_ignore__depth(w->tree);
	w->depth++;
	if ((rc = load_ignore_file(w, fd, ".gitignore", base)) != 0 ||
	    (rc = load_ignore_file(w, fd, ".rampartignore", base)) != 0)
		return rc;
	return 0;
}

static void pop_dir(walker *w)
{
	walk_frame *f = &w->stack[--w->depth];

	closedir(f->dir);
	scan_ignore__pop(w->tree, f->ignore_depth);
	scan_buf_truncate(&w->rel, f->parent_len);
}

static bool is_ignored(walker *w, bool is_dir)
{
	return scan_ignore__match(w->user, w->rel.ptr, is_dir) ||
	       scan_ignore__match(w->tree, w->rel.ptr, is_dir);
}

/* True when a path below the root has a ".git" component. */
static bool in_git_dir(const char *rel)
{
	for (const char *p = rel; (p = strstr(p, ".git")) != NULL; p += 4)
		if ((p == rel || p[-1] == '/') && (p[4] == '/' || p[4] == '\0'))
			return true;
	return false;
}

/* A symlink at rel: follow it only into the root, and each directory once. */
static int follow_link(walker *w, int dirfd, const char *name, size_t parent_len, bool *pushed)
{
	char target[PATH_MAX];
	struct stat st;
	int fd, rc = 0;
	scan_buf full = SCAN_BUF_INIT;

	scan_buf_printf(&full, "%s/%s", w->o->root, w->rel.ptr);
	if (scan_buf_failed(&full) || !realpath(full.ptr, target)) {
		w->out->symlinks_skipped++;
		goto done;
	}
	if (strncmp(target, w->o->root, w->root_len) != 0 ||
	    (target[w->root_len] != '/' && target[w->root_len] != '\0')) {
		w->out->symlinks_skipped++; /* points outside the scanned tree */
		goto done;
	}
	if (in_git_dir(target + w->root_len)) {
		w->out->symlinks_skipped++; /* .git holds remote URLs, maybe with tokens: never read */
		goto done;
	}
	if (fstatat(dirfd, name, &st, 0) != 0) {
		w->out->symlinks_skipped++;
		goto done;
	}
	if (S_ISREG(st.st_mode)) {
		if (!is_ignored(w, false))
			rc = add_entry(w, true);
	} else if (S_ISDIR(st.st_mode)) {
		if (is_ignored(w, true) || seen_before(w, &st)) {
			w->out->symlinks_skipped++;
			goto done;
		}
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0) {
			w->out->unreadable++;
			rc = skip_entry(w, NULL, open_failure(errno));
			goto done;
		}
		size_t before = w->depth;
		rc = push_dir(w, fd, parent_len, true);
		*pushed = w->depth > before;
	}
done:
	scan_buf_dispose(&full);
	return rc;
}

static int walk_entry(walker *w, int dirfd, struct dirent *de)
{
	const char *name = de->d_name;
	unsigned char type = de->d_type;
	struct stat st;
	size_t parent_len = w->rel.size;
	int rc = 0, fd;

	if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
		return 0;
	if (!strcmp(name, ".git"))
		return 0;
	if (parent_len + 1 + strlen(name) > SCAN_WALK_PATH_MAX) {
		w->out->unreadable++; /* a path that long is not source anyone reads */
		return skip_entry(w, name, "a path longer than 4096 bytes (the name is cut here)");
	}
	if (parent_len)
		scan_buf_putc(&w->rel, '/');
	if (scan_buf_puts(&w->rel, name) != 0)
		return scan_error__oom();
	if (type == DT_UNKNOWN) {
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			goto skip_unreadable;
		type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG :
		       S_ISLNK(st.st_mode) ? DT_LNK : DT_FIFO;
	}
	switch (type) {
	case DT_REG:
		if (is_ignored(w, false))
			w->out->ignored++;
		else
			rc = add_entry(w, w->stack[w->depth - 1].via_link);
		break;
	case DT_DIR:
		if (is_ignored(w, true)) {
			w->out->ignored++;
			break;
		}
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			goto skip_unreadable;
		if (w->o->follow_symlinks) {
			struct stat dst;
			if (fstat(fd, &dst) != 0 || seen_before(w, &dst)) {
				close(fd);
				break;
			}
		}
		{
			size_t before = w->depth;
			rc = push_dir(w, fd, parent_len, false);
			if (w->depth > before)
				return rc; /* rel stays extended: the new frame owns it */
		}
		break;
	case DT_LNK:
		if (!w->o->follow_symlinks) {
			w->out->symlinks_skipped++;
			break;
		}
		bool pushed = false;
		rc = follow_link(w, dirfd, name, parent_len, &pushed);
		if (pushed)
			return rc; /* the followed directory's frame owns rel now */
		break;
	default:
		w->out->special_skipped++;
		rc = skip_entry(w, NULL, "not a regular file (a FIFO, socket or device)");
		break;
	}
	scan_buf_truncate(&w->rel, parent_len);
	return rc;

skip_unreadable:
	w->out->unreadable++;
	rc = skip_entry(w, NULL, open_failure(errno));
	scan_buf_truncate(&w->rel, parent_len);
	return rc;
}

int scan_walk__list(scan_walk_list *out, const scan_walk_options *o)
{
	walker w;
	int rc, fd;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.o = o;
	w.out = out;
	w.root_len = strlen(o->root);
	scan_buf_init(&w.rel, SCAN_WALK_PATH_MAX);

	if ((rc = scan_ignore__new(&w.user)) != 0 || (rc = scan_ignore__new(&w.tree)) != 0)
		goto done;
	for (size_t i = 0; i < o->exclude_count; i++)
		if ((rc = scan_ignore__add_rule(w.user, o->excludes[i])) != 0)
			goto done;
	if (!o->no_default_excludes)
		for (size_t i = 0; scan_walk__default_excludes[i]; i++)
			if ((rc = scan_ignore__add_rule(w.tree, scan_walk__default_excludes[i])) != 0)
				goto done;

	fd = open(o->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		rc = scan_util__error(errno == ENOENT ? SCAN_ENOTFOUND : SCAN_EIO,
		                      "cannot open '%s': %s", o->root, strerror(errno));
		goto done;
	}
	/* The repository's own exclude file applies like a root .gitignore. */
	{
		int gfd = scan_util__open_beneath(fd, ".git/info", O_RDONLY | O_DIRECTORY, NULL);
		if (gfd >= 0) {
			rc = load_ignore_file(&w, gfd, "exclude", "");
			close(gfd);
			if (rc)
				goto done;
		}
	}
	if (o->follow_symlinks) {
		struct stat st;
		if (fstat(fd, &st) == 0)
			seen_before(&w, &st);
	}
	if ((rc = push_dir(&w, fd, 0, false)) != 0)
		goto done;

	while (w.depth) {
		walk_frame *f = &w.stack[w.depth - 1];
		struct dirent *de;

		if (o->cancelled && (++w.since_cancel_check & 0xFF) == 0 && o->cancelled(o->cancel_payload)) {
			rc = scan_util__error(SCAN_ECANCELED, "scan cancelled");
			goto done;
		}
		errno = 0;
		if (!(de = readdir(f->dir))) {
			pop_dir(&w);
			continue;
		}
		if ((rc = walk_entry(&w, dirfd(f->dir), de)) != 0)
			goto done;
	}

done:
	while (w.depth)
		pop_dir(&w);
	scan_ignore__free(w.user);
	scan_ignore__free(w.tree);
	scan_buf_dispose(&w.rel);
	free(w.seen);
	if (rc)
		scan_walk__dispose(out);
	return rc;
}

void scan_walk__dispose(scan_walk_list *l)
{
	free(l->entries);
	free(l->skips);
	scan_arena__dispose(&l->arena);
	memset(l, 0, sizeof(*l));
}
