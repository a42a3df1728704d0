/* tests/unit/test_walk.c - the walker (lib/walk/walk.h), language detection (lib/walk/lang.h) and test paths (lib/walk/testpath.h) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/buf.h"
#include "scan/common.h"
#include "util/beneath.h"
#include "walk/lang.h"
#include "walk/generated.h"
#include "walk/infra.h"
#include "walk/testpath.h"
#include "walk/walk.h"

typedef struct {
	char *dir;    /* real path of a fresh directory: the root to walk */
	char *other;  /* a second directory outside the root */
} fixture;

/* rm -rf through directory fds, so trees deeper than PATH_MAX go too. */
static void rm_at(int parent, const char *name)
{
	int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0) {
		DIR *d = fdopendir(fd);
		struct dirent *e;
		if (!d) {
			close(fd);
			return;
		}
		while ((e = readdir(d)) != NULL)
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				rm_at(dirfd(d), e->d_name);
		closedir(d);
		unlinkat(parent, name, AT_REMOVEDIR);
	} else {
		unlinkat(parent, name, 0);
	}
}

static void rm_tree(const char *path)
{
	rm_at(AT_FDCWD, path);
}

static char *real_tmpdir(void)
{
	char *raw = th_tmpdir(), *real = realpath(raw, NULL);

	assert_non_null(real);
	free(raw);
	return real;
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	f->dir = real_tmpdir();
	f->other = real_tmpdir();
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	rm_tree(f->dir);
	rm_tree(f->other);
	free(f->dir);
	free(f->other);
	free(f);
	return 0;
}

static void walk(scan_walk_list *l, const scan_walk_options *o)
{
	int rc = scan_walk__list(l, o);

	if (rc)
		fail_msg("scan_walk__list: %s", scan_error_last()->message);
}

static void walk_root(scan_walk_list *l, const char *root)
{
	scan_walk_options o = { 0 };

	o.root = root;
	walk(l, &o);
}

static const scan_walk_entry *entry(const scan_walk_list *l, const char *path)
{
	const scan_walk_entry *found = NULL;

	for (size_t i = 0; i < l->count; i++)
		if (!strcmp(l->entries[i].path, path)) {
			if (found)
				fail_msg("'%s' listed twice", path);
			found = &l->entries[i];
		}
	return found;
}

static bool has(const scan_walk_list *l, const char *path)
{
	return entry(l, path) != NULL;
}

static void symlink_at(const char *dir, const char *rel, const char *target)
{
	char *p = th_join(dir, rel);

	if (symlink(target, p) != 0)
		fail_msg("symlink %s -> %s failed", p, target);
	free(p);
}

static void mkdir_in(const char *dir, const char *rel)
{
	char *p = th_join(dir, rel);

	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
}

/* --- ignore rules -------------------------------------------------------------- */

static void test_plain_listing(void **state)
{
	fixture *f = *state;
	scan_walk_list l;

	th_write(f->dir, "a.py", "a");
	th_write(f->dir, "src/b.c", "b");
	th_write(f->dir, "src/deep/er/c.go", "c");
	th_write(f->dir, ".hidden", "h");
	mkdir_in(f->dir, "empty");
	walk_root(&l, f->dir);
	assert_int_equal(l.count, 4);
	assert_true(has(&l, "a.py"));
	assert_true(has(&l, "src/b.c"));
	assert_true(has(&l, "src/deep/er/c.go"));
	assert_true(has(&l, ".hidden"));
	assert_false(entry(&l, "a.py")->via_link);
	assert_int_equal(l.ignored, 0);
	assert_int_equal(l.symlinks_skipped, 0);
	assert_int_equal(l.special_skipped, 0);
	assert_int_equal(l.unreadable, 0);
	scan_walk__dispose(&l);
	assert_int_equal(l.count, 0);
	assert_null(l.entries);
}

static void test_missing_root(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;
	char *p = th_join(f->dir, "nope");

	o.root = p;
	assert_int_equal(scan_walk__list(&l, &o), SCAN_ENOTFOUND);
	assert_int_equal(l.count, 0);
	free(p);
	/* A file as the root cannot be opened as a directory. */
	th_write(f->dir, "file", "x");
	p = th_join(f->dir, "file");
	o.root = p;
	assert_int_equal(scan_walk__list(&l, &o), SCAN_EIO);
	free(p);
}

static void test_default_excludes(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;

	th_write(f->dir, "app.js", "x");
	th_write(f->dir, "node_modules/lib/index.js", "x");
	th_write(f->dir, "src/node_modules/x.js", "x");
	th_write(f->dir, "vendor/github.com/x/y.go", "x");
	th_write(f->dir, "build/out.o", "x");
	th_write(f->dir, "static/app.min.js", "x");
	th_write(f->dir, "static/app.js.map", "x");
	th_write(f->dir, "pkg/__pycache__/m.cpython-311.pyc", "x");
	th_write(f->dir, "m.pyc", "x");
	th_write(f->dir, ".venv/lib/site.py", "x");
	o.root = f->dir;
	walk(&l, &o);
	assert_int_equal(l.count, 1);
	assert_true(has(&l, "app.js"));
	/* Excluded directories count once each, not per file inside. */
	assert_int_equal(l.ignored, 9);
	scan_walk__dispose(&l);

	o.no_default_excludes = true;
	walk(&l, &o);
	assert_int_equal(l.count, 10);
	assert_true(has(&l, "node_modules/lib/index.js"));
	assert_true(has(&l, "src/node_modules/x.js"));
	assert_true(has(&l, "vendor/github.com/x/y.go"));
	assert_true(has(&l, "build/out.o"));
	assert_true(has(&l, "static/app.min.js"));
	assert_true(has(&l, "pkg/__pycache__/m.cpython-311.pyc"));
	assert_int_equal(l.ignored, 0);
	scan_walk__dispose(&l);

	/* A .gitignore still applies without the defaults. */
	th_write(f->dir, ".gitignore", "build/\n");
	walk(&l, &o);
	assert_false(has(&l, "build/out.o"));
	assert_true(has(&l, "node_modules/lib/index.js"));
	scan_walk__dispose(&l);

	/* A default exclude can be re-included by a negation in .gitignore. */
	o.no_default_excludes = false;
	th_write(f->dir, ".gitignore", "!*.min.js\n");
	walk(&l, &o);
	assert_true(has(&l, "static/app.min.js"));
	assert_false(has(&l, "node_modules/lib/index.js"));
	scan_walk__dispose(&l);
}

static void test_nested_gitignore_negation(void **state)
{
	fixture *f = *state;
	scan_walk_list l;

	th_write(f->dir, ".gitignore", "*.log\n/root-only.txt\n");
	th_write(f->dir, "a.log", "x");
	th_write(f->dir, "root-only.txt", "x");
	th_write(f->dir, "sub/root-only.txt", "x");       /* anchored: only the root's */
	th_write(f->dir, "sub/.gitignore", "!keep.log\n");
	th_write(f->dir, "sub/keep.log", "x");
	th_write(f->dir, "sub/drop.log", "x");
	th_write(f->dir, "sub/inner/keep.log", "x");     /* unanchored negation reaches deeper */
	th_write(f->dir, "other/keep.log", "x");         /* the negation is sub's alone */
	th_write(f->dir, "sub/inner/.rampartignore", "*.txt\n");
	th_write(f->dir, "sub/inner/note.txt", "x");
	th_write(f->dir, "sub/note.txt", "x");
	walk_root(&l, f->dir);
	assert_false(has(&l, "a.log"));
	assert_false(has(&l, "root-only.txt"));
	assert_true(has(&l, "sub/root-only.txt"));
	assert_true(has(&l, "sub/keep.log"));
	assert_false(has(&l, "sub/drop.log"));
	assert_true(has(&l, "sub/inner/keep.log"));
	assert_false(has(&l, "other/keep.log"));
	assert_false(has(&l, "sub/inner/note.txt"));
	assert_true(has(&l, "sub/note.txt"));
	/* The ignore files themselves are ordinary files of the tree. */
	assert_true(has(&l, ".gitignore"));
	assert_true(has(&l, "sub/.gitignore"));
	scan_walk__dispose(&l);
}

static void test_exclude_wins_over_negation(void **state)
{
	fixture *f = *state;
	static const char *const excludes[] = { "*.log", "secret/" };
	scan_walk_options o = { 0 };
	scan_walk_list l;

	th_write(f->dir, ".gitignore", "!important.log\n!secret/\n");
	th_write(f->dir, "important.log", "x");
	th_write(f->dir, "sub/.gitignore", "!*.log\n");
	th_write(f->dir, "sub/deep.log", "x");
	th_write(f->dir, "secret/key.pem", "x");
	th_write(f->dir, "keep.py", "x");
	o.root = f->dir;
	o.excludes = excludes;
	o.exclude_count = 2;
	walk(&l, &o);
	assert_false(has(&l, "important.log"));
	assert_false(has(&l, "sub/deep.log"));
	assert_false(has(&l, "secret/key.pem"));
	assert_true(has(&l, "keep.py"));
	assert_true(l.ignored >= 3);
	scan_walk__dispose(&l);
}

static void test_excluded_dir_not_reincluded(void **state)
{
	fixture *f = *state;
	scan_walk_list l;

	/* git: "It is not possible to re-include a file if a parent directory of that file is excluded." */
	th_write(f->dir, ".gitignore", "gen/\n!gen/keep.txt\n!keep2.txt\n");
	th_write(f->dir, "gen/keep.txt", "x");
	th_write(f->dir, "gen/keep2.txt", "x");
	th_write(f->dir, "gen/.gitignore", "!*\n");
	th_write(f->dir, "ok.txt", "x");
	walk_root(&l, f->dir);
	assert_false(has(&l, "gen/keep.txt"));
	assert_false(has(&l, "gen/keep2.txt"));
	assert_false(has(&l, "gen/.gitignore"));
	assert_true(has(&l, "ok.txt"));
	assert_int_equal(l.ignored, 1);
	scan_walk__dispose(&l);
}

static void test_git_never_listed(void **state)
{
	fixture *f = *state;
	static const char *const negate[] = { "!.git", "!.git/" };
	scan_walk_options o = { 0 };
	scan_walk_list l;

	th_write(f->dir, ".git/config", "[core]\n");
	th_write(f->dir, ".git/HEAD", "ref: refs/heads/main\n");
	th_write(f->dir, ".git/info/exclude", "local-only.txt\n");
	th_write(f->dir, "local-only.txt", "x");
	th_write(f->dir, "sub/.git", "gitdir: ../.git/modules/sub\n"); /* a submodule's gitlink file */
	th_write(f->dir, "sub/x.py", "x");
	th_write(f->dir, "a.git/inside.py", "x"); /* only the exact name is special */
	th_write(f->dir, ".gitignore", "!.git\n!.git/\n");
	o.root = f->dir;
	o.no_default_excludes = true;
	walk(&l, &o);
	for (size_t i = 0; i < l.count; i++) {
		const char *p = l.entries[i].path;
		if (!strncmp(p, ".git/", 5) || strstr(p, "/.git/") || !strcmp(p, ".git") ||
		    (strlen(p) >= 5 && !strcmp(p + strlen(p) - 5, "/.git")))
			fail_msg("'%s' listed", p);
	}
	/* .git/info/exclude applies like a root .gitignore. */
	assert_false(has(&l, "local-only.txt"));
	assert_true(has(&l, "sub/x.py"));
	assert_true(has(&l, "a.git/inside.py"));
	scan_walk__dispose(&l);

	/* Not even when a rule tries to re-include it. */
	o.excludes = negate;
	o.exclude_count = 2;
	walk(&l, &o);
	assert_false(has(&l, ".git/config"));
	assert_false(has(&l, ".git/HEAD"));
	assert_true(has(&l, "sub/x.py"));
	scan_walk__dispose(&l);
}

static void test_git_not_reached_through_link(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;

	th_write(f->dir, ".git/config", "[remote \"origin\"]\n\turl = https://user:token@example.com/r.git\n");
	th_write(f->dir, "a.py", "x");
	symlink_at(f->dir, "gitlink", ".git");
	o.root = f->dir;
	o.follow_symlinks = true;
	walk(&l, &o);
	if (!has(&l, "a.py")) {
		scan_walk__dispose(&l);
		fail_msg("a.py not listed");
	}
	/* Regression test for a bug once in lib/walk/walk.c follow_link. */
	bool leaked = false;
	for (size_t i = 0; i < l.count; i++)
		if (strstr(l.entries[i].path, "config"))
			leaked = true;
	scan_walk__dispose(&l); /* before the assertion can leave */
	assert_false(leaked); /* fails today: "gitlink/config" is listed */
}

/* --- limits -------------------------------------------------------------------- */

/* mkdir -p of a chain of `levels` directories named name under dir, with a file "f" in the last. */
static void make_chain(const char *dir, const char *name, int levels, bool file_at_each)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	assert_true(fd >= 0);
	for (int i = 0; i < levels; i++) {
		int next;
		assert_int_equal(mkdirat(fd, name, 0755), 0);
		next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		assert_true(next >= 0);
		close(fd);
		fd = next;
		if (file_at_each || i == levels - 1) {
			int ff = openat(fd, "f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
			assert_true(ff >= 0);
			assert_int_equal(write(ff, "x", 1), 1);
			close(ff);
		}
	}
	close(fd);
}

static void test_depth_limit(void **state)
{
	fixture *f = *state;
	int levels = SCAN_WALK_DEPTH_MAX + 50;
	scan_walk_list l;
	scan_buf p = SCAN_BUF_INIT;

	make_chain(f->dir, "d", levels, true);
	th_write(f->dir, "top.py", "x");
	walk_root(&l, f->dir);
	assert_true(has(&l, "top.py"));
	assert_true(has(&l, "d/f"));
	/* Everything down to well above the limit is listed... */
	for (int i = 0; i < SCAN_WALK_DEPTH_MAX - 2; i++)
		scan_buf_puts(&p, "d/");
	scan_buf_puts(&p, "f");
	assert_true(has(&l, p.ptr));
	/* ...nothing from the bottom, and the cut is counted. */
	scan_buf_clear(&p);
	for (int i = 0; i < levels; i++)
		scan_buf_puts(&p, "d/");
	scan_buf_puts(&p, "f");
	assert_false(has(&l, p.ptr));
	assert_true(l.count < (size_t)levels + 1);
	assert_true(l.count >= SCAN_WALK_DEPTH_MAX - 1);
	assert_true(l.unreadable >= 1);
	for (size_t i = 0; i < l.count; i++)
		assert_true(strlen(l.entries[i].path) <= SCAN_WALK_PATH_MAX);
	scan_walk__dispose(&l);
	scan_buf_dispose(&p);
}

static void test_path_too_long(void **state)
{
	fixture *f = *state;
	char name[241];
	int levels = 20; /* 20 * 241 > SCAN_WALK_PATH_MAX */
	scan_walk_list l;

	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	make_chain(f->dir, name, levels, false);
	th_write(f->dir, "short.py", "x");
	walk_root(&l, f->dir);
	assert_int_equal(l.count, 1);
	assert_true(has(&l, "short.py"));
	assert_true(l.unreadable >= 1);
	scan_walk__dispose(&l);

	/* A file exactly too long beside ones that fit. */
	rm_tree(f->dir);
	assert_int_equal(mkdir(f->dir, 0700), 0);
	make_chain(f->dir, name, 16, false); /* 16 * 241 = 3856 bytes of directories */
	walk_root(&l, f->dir);
	assert_int_equal(l.count, 1);
	assert_true(strlen(l.entries[0].path) < SCAN_WALK_PATH_MAX);
	scan_walk__dispose(&l);
}

static void on_alarm(int sig)
{
	(void)sig;
	static const char msg[] = "test_walk: walker hung on a fifo\n";
	if (write(2, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(2);
}

static void test_fifo_skipped(void **state)
{
	fixture *f = *state;
	char *p1 = th_join(f->dir, "pipe"), *p2 = th_join(f->dir, ".gitignore");
	char *p3 = th_join(f->dir, ".rampartignore");
	scan_walk_list l;

	assert_int_equal(mkfifo(p1, 0600), 0);
	/* An ignore file that is a fifo must not block the walker either. */
	assert_int_equal(mkfifo(p2, 0600), 0);
	assert_int_equal(mkfifo(p3, 0600), 0);
	th_write(f->dir, "a.py", "x");
	signal(SIGALRM, on_alarm);
	alarm(20);
	walk_root(&l, f->dir);
	alarm(0);
	signal(SIGALRM, SIG_DFL);
	assert_int_equal(l.count, 1);
	assert_true(has(&l, "a.py"));
	assert_int_equal(l.special_skipped, 3);
	scan_walk__dispose(&l);
	free(p1);
	free(p2);
	free(p3);
}

/* --- symlinks ------------------------------------------------------------------ */

static void test_symlinks_not_followed_by_default(void **state)
{
	fixture *f = *state;
	scan_walk_list l;

	th_write(f->dir, "real.py", "x");
	th_write(f->dir, "dir/inner.py", "x");
	symlink_at(f->dir, "link.py", "real.py");
	symlink_at(f->dir, "linkdir", "dir");
	symlink_at(f->dir, "dangling", "nowhere");
	walk_root(&l, f->dir);
	assert_int_equal(l.count, 2);
	assert_true(has(&l, "real.py"));
	assert_true(has(&l, "dir/inner.py"));
	assert_false(has(&l, "link.py"));
	assert_false(has(&l, "linkdir/inner.py"));
	assert_int_equal(l.symlinks_skipped, 3);
	scan_walk__dispose(&l);
}

static void test_symlinks_followed_inside_root(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;
	char *abs_target = th_join(f->dir, "real.py");

	th_write(f->dir, "real.py", "x");
	th_write(f->dir, "lib/mod.py", "x");
	symlink_at(f->dir, "link.py", "real.py");
	symlink_at(f->dir, "abs.py", abs_target);          /* absolute, still inside */
	symlink_at(f->dir, "alias", "elsewhere");          /* a directory only reachable by link */
	th_write(f->dir, "elsewhere-file", "x");
	th_write(f->dir, ".gitignore", "ignored.py\n");
	th_write(f->dir, "ignored.py", "x");
	symlink_at(f->dir, "ignored-link.py", "ignored.py"); /* the link's own name decides */
	symlink_at(f->dir, "ignored.py.lnk", "real.py");
	o.root = f->dir;
	o.follow_symlinks = true;
	walk(&l, &o);
	assert_true(has(&l, "real.py"));
	assert_non_null(entry(&l, "link.py"));
	assert_true(entry(&l, "link.py")->via_link);
	assert_true(entry(&l, "abs.py")->via_link);
	assert_false(entry(&l, "real.py")->via_link);
	assert_true(has(&l, "lib/mod.py"));
	assert_false(has(&l, "ignored.py"));
	assert_true(has(&l, "ignored-link.py"));
	assert_true(has(&l, "ignored.py.lnk"));
	/* "alias" dangles ("elsewhere" is a file's prefix, not a file). */
	assert_true(l.symlinks_skipped >= 1);
	scan_walk__dispose(&l);
	free(abs_target);
}

static void test_symlink_dir_listed_once(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;
	size_t seen = 0;

	th_write(f->dir, "pkg/a.py", "x");
	th_write(f->dir, "pkg/b.py", "x");
	symlink_at(f->dir, "pkg2", "pkg");
	o.root = f->dir;
	o.follow_symlinks = true;
	walk(&l, &o);
	/* Each directory is entered once, under whichever name came first. */
	for (size_t i = 0; i < l.count; i++)
		if (strstr(l.entries[i].path, "a.py"))
			seen++;
	assert_int_equal(seen, 1);
	assert_int_equal(l.count, 2);
	assert_true((has(&l, "pkg/a.py") && has(&l, "pkg/b.py")) ||
	            (has(&l, "pkg2/a.py") && has(&l, "pkg2/b.py")));
	scan_walk__dispose(&l);
}

static void test_symlink_cycle(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;

	th_write(f->dir, "a/b/c.py", "x");
	symlink_at(f->dir, "a/b/up", "..");
	symlink_at(f->dir, "a/b/root", "../..");
	symlink_at(f->dir, "self", ".");
	symlink_at(f->dir, "loop1", "loop2");
	symlink_at(f->dir, "loop2", "loop1");
	o.root = f->dir;
	o.follow_symlinks = true;
	walk(&l, &o);
	assert_int_equal(l.count, 1);
	assert_true(has(&l, "a/b/c.py"));
	assert_true(l.symlinks_skipped >= 5);
	scan_walk__dispose(&l);
}

static void test_symlink_outside_root_skipped(void **state)
{
	fixture *f = *state;
	scan_walk_options o = { 0 };
	scan_walk_list l;
	char *outside_file, *evil;
	size_t n;

	th_write(f->other, "secret.py", "x");
	th_write(f->other, "sub/secret2.py", "x");
	outside_file = th_join(f->other, "secret.py");
	symlink_at(f->dir, "out.py", outside_file);
	symlink_at(f->dir, "outdir", f->other);
	symlink_at(f->dir, "up", "..");
	symlink_at(f->dir, "etc", "/etc");
	/* A sibling whose name extends the root's is still outside it. */
	n = strlen(f->dir) + 8;
	evil = malloc(n);
	snprintf(evil, n, "%s-evil", f->dir);
	assert_int_equal(mkdir(evil, 0700), 0);
	th_write(evil, "x.py", "x");
	symlink_at(f->dir, "evil", evil);
	th_write(f->dir, "in.py", "x");
	o.root = f->dir;
	o.follow_symlinks = true;
	walk(&l, &o);
	assert_int_equal(l.count, 1);
	assert_true(has(&l, "in.py"));
	assert_int_equal(l.symlinks_skipped, 5);
	scan_walk__dispose(&l);
	rm_tree(evil);
	free(evil);
	free(outside_file);
}

/* --- language detection ---------------------------------------------------------- */

static scan_lang detect(const char *path, const char *head)
{
	return scan_lang__detect(path, (const unsigned char *)head, head ? strlen(head) : 0);
}

static void test_lang_extensions(void **state)
{
	static const struct {
		const char *path;
		scan_lang lang;
	} cases[] = {
		{ "a.py", SCAN_LANG_PYTHON }, { "dir/b.PY", SCAN_LANG_PYTHON }, { "x.pyi", SCAN_LANG_PYTHON },
		{ "a.js", SCAN_LANG_JAVASCRIPT }, { "a.mjs", SCAN_LANG_JAVASCRIPT }, { "a.jsx", SCAN_LANG_JAVASCRIPT },
		{ "a.ts", SCAN_LANG_TYPESCRIPT }, { "a.tsx", SCAN_LANG_TSX }, { "A.java", SCAN_LANG_JAVA },
		{ "m.go", SCAN_LANG_GO }, { "x.c", SCAN_LANG_C }, { "x.h", SCAN_LANG_C },
		{ "x.cpp", SCAN_LANG_CPP }, { "x.hpp", SCAN_LANG_CPP }, { "x.c++", SCAN_LANG_CPP },
		{ "p.cs", SCAN_LANG_CSHARP }, { "r.rb", SCAN_LANG_RUBY }, { "i.php", SCAN_LANG_PHP },
		{ "k.kt", SCAN_LANG_KOTLIN }, { "lib.rs", SCAN_LANG_RUST }, { "s.sh", SCAN_LANG_BASH },
		{ "main.tf", SCAN_LANG_HCL }, { "c.yml", SCAN_LANG_YAML }, { "c.yaml", SCAN_LANG_YAML },
		{ "p.json", SCAN_LANG_JSON }, { "p.xml", SCAN_LANG_XML }, { "Cargo.toml", SCAN_LANG_TOML },
		{ "README.md", SCAN_LANG_MARKDOWN }, { "i.html", SCAN_LANG_HTML }, { "s.css", SCAN_LANG_CSS },
		{ "q.sql", SCAN_LANG_SQL }, { "x.pl", SCAN_LANG_PERL }, { "x.swift", SCAN_LANG_SWIFT },
		{ "x.scala", SCAN_LANG_SCALA }, { "x.lua", SCAN_LANG_LUA }, { "x.ps1", SCAN_LANG_POWERSHELL },
		{ "notes.txt", SCAN_LANG_TEXT }, { "prod.dockerfile", SCAN_LANG_DOCKERFILE },
		{ "archive.tar.gz", SCAN_LANG_UNKNOWN }, { "x.unknownext", SCAN_LANG_UNKNOWN },
		{ "a.b/noext", SCAN_LANG_UNKNOWN }, /* a dot in a directory is not an extension */
		{ "x.", SCAN_LANG_UNKNOWN },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (detect(cases[i].path, NULL) != cases[i].lang)
			fail_msg("%s: %s, expected %s", cases[i].path, scan_lang__name(detect(cases[i].path, NULL)),
			         scan_lang__name(cases[i].lang));
	/* The extension wins over a shebang. */
	assert_int_equal(detect("tool.rb", "#!/usr/bin/env python3\n"), SCAN_LANG_RUBY);
}

static void test_lang_names(void **state)
{
	(void)state;
	assert_int_equal(detect("Dockerfile", NULL), SCAN_LANG_DOCKERFILE);
	assert_int_equal(detect("docker/Dockerfile", NULL), SCAN_LANG_DOCKERFILE);
	assert_int_equal(detect("Dockerfile.prod", NULL), SCAN_LANG_DOCKERFILE);
	assert_int_equal(detect("Containerfile", NULL), SCAN_LANG_DOCKERFILE);
	assert_int_equal(detect("Makefile", NULL), SCAN_LANG_MAKEFILE);
	assert_int_equal(detect("sub/makefile", NULL), SCAN_LANG_MAKEFILE);
	assert_int_equal(detect("GNUmakefile", NULL), SCAN_LANG_MAKEFILE);
	assert_int_equal(detect("Gemfile", NULL), SCAN_LANG_RUBY);
	assert_int_equal(detect("Rakefile", NULL), SCAN_LANG_RUBY);
	assert_int_equal(detect(".bashrc", NULL), SCAN_LANG_BASH);
	assert_int_equal(detect("PKGBUILD", NULL), SCAN_LANG_BASH);
	/* Exact names: not a prefix, not another case. */
	assert_int_equal(detect("Makefile2", NULL), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("MAKEFILE", NULL), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("xDockerfile", NULL), SCAN_LANG_UNKNOWN);
	/* The name beats a shebang. */
	assert_int_equal(detect("Makefile", "#!/bin/sh\n"), SCAN_LANG_MAKEFILE);
	assert_string_equal(scan_lang__name(SCAN_LANG_DOCKERFILE), "dockerfile");
	assert_string_equal(scan_lang__name(SCAN_LANG__COUNT), "unknown");
	assert_true(scan_lang__is_code(SCAN_LANG_PYTHON));
	assert_false(scan_lang__is_code(SCAN_LANG_MARKDOWN));
	assert_false(scan_lang__is_code(SCAN_LANG_UNKNOWN));
}

static void test_lang_shebang(void **state)
{
	(void)state;
	assert_int_equal(detect("script", "#!/usr/bin/env python3\nprint(1)\n"), SCAN_LANG_PYTHON);
	assert_int_equal(detect("bin/tool", "#!/usr/bin/python3.11 -u\n"), SCAN_LANG_PYTHON);
	assert_int_equal(detect("run", "#!/bin/sh\nset -e\n"), SCAN_LANG_BASH);
	assert_int_equal(detect("run", "#! /bin/bash -eu\n"), SCAN_LANG_BASH);
	assert_int_equal(detect("run", "#!/usr/bin/env -S node --flag\n"), SCAN_LANG_JAVASCRIPT);
	assert_int_equal(detect("run", "#!/usr/bin/env -S -i node\n"), SCAN_LANG_JAVASCRIPT);
	assert_int_equal(detect("run", "#!/usr/bin/env ruby\r\n"), SCAN_LANG_RUBY);
	assert_int_equal(detect("run", "#!/usr/bin/env perl"), SCAN_LANG_PERL); /* no newline */
	assert_int_equal(detect("run", "#!/usr/local/bin/php\n"), SCAN_LANG_PHP);
	assert_int_equal(detect("run", "#!/usr/bin/env\n"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", "#!/usr/bin/awk -f\n"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", "#!\n"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", "#!"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", "# !/bin/sh\n"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", "\n#!/bin/sh\n"), SCAN_LANG_UNKNOWN); /* first line only */
	assert_int_equal(detect("run", "#!/usr/bin/pythonic\n"), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", ""), SCAN_LANG_UNKNOWN);
	assert_int_equal(detect("run", NULL), SCAN_LANG_UNKNOWN);
	/* head_len bounds the read: "#!/bin/sh" cut to "#!/bin/s". */
	assert_int_equal(scan_lang__detect("run", (const unsigned char *)"#!/bin/sh\n", 8), SCAN_LANG_UNKNOWN);
	assert_int_equal(scan_lang__detect("run", (const unsigned char *)"#!/bin/sh\n", 9), SCAN_LANG_BASH);
}

/* Both ways of opening beneath the root: openat2 where the kernel has it, and the component walk. */
typedef int (*open_beneath_fn)(int, const char *, int, const char *);
static const open_beneath_fn beneath_fns[] = { scan_util__open_beneath, scan_util__open_beneath_walk };

/* What open(root, rel) reads: the file's first line, or NULL with errno from the open. */
static char *read_beneath(open_beneath_fn fn, int root_fd, const char *rel, const char *link_root)
{
	char buf[64];
	ssize_t n;
	int fd = fn(root_fd, rel, O_RDONLY | O_NONBLOCK, link_root);

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return strdup(buf);
}

static void expect_refused(open_beneath_fn fn, int root_fd, const char *rel, const char *link_root, int err)
{
	char *got;

	errno = 0;
	got = read_beneath(fn, root_fd, rel, link_root);
	if (got)
		fail_msg("'%s' was opened (read '%s')", rel, got);
	if (errno != err)
		fail_msg("'%s': errno %d (%s), expected %d", rel, errno, strerror(errno), err);
}

static void expect_read(open_beneath_fn fn, int root_fd, const char *rel, const char *link_root, const char *want)
{
	char *got = read_beneath(fn, root_fd, rel, link_root);

	if (!got)
		fail_msg("'%s' not opened: %s", rel, strerror(errno));
	assert_string_equal(got, want);
	free(got);
}

/*
 * The walk lists d/f; then d is swapped for a link to a directory outside
 * the tree. openat(root, "d/f", O_NOFOLLOW) guards only f and would read the
 * outside file; opening beneath the root refuses it, links followed or not.
 */
static void test_open_beneath_swapped_dir(void **state)
{
	fixture *f = *state;
	scan_walk_list l;
	char *d = th_join(f->dir, "d"), *moved = th_join(f->dir, "d.orig");
	int root_fd, fd;

	th_write(f->dir, "d/f", "inside");
	th_write(f->other, "f", "outside");
	walk_root(&l, f->dir);
	assert_true(has(&l, "d/f"));
	assert_int_equal(rename(d, moved), 0);
	symlink_at(f->dir, "d", f->other);
	root_fd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(root_fd >= 0);
	/* The old guard: the last component only. */
	fd = openat(root_fd, "d/f", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	assert_true(fd >= 0);
	close(fd);
	for (size_t i = 0; i < sizeof(beneath_fns) / sizeof(*beneath_fns); i++) {
		expect_refused(beneath_fns[i], root_fd, l.entries[0].path, NULL, ELOOP);
		expect_refused(beneath_fns[i], root_fd, l.entries[0].path, f->dir, EXDEV);
		expect_read(beneath_fns[i], root_fd, "d.orig/f", NULL, "inside");
	}
	close(root_fd);
	scan_walk__dispose(&l);
	free(d);
	free(moved);
}

/* --follow-symlinks: links that stay in the tree are followed, relative or absolute; the rest are not. */
static void test_open_beneath_links(void **state)
{
	fixture *f = *state;
	char *abs_in = th_join(f->dir, "real"), *abs_out = th_join(f->other, "f");
	int root_fd;

	th_write(f->dir, "real/f", "real");
	th_write(f->dir, "real/sub/g", "deep");
	th_write(f->other, "f", "outside");
	symlink_at(f->dir, "rel", "real");
	symlink_at(f->dir, "real/up", "../real/sub");
	symlink_at(f->dir, "abs", abs_in);
	symlink_at(f->dir, "absfile", abs_out);
	symlink_at(f->dir, "dotdot", "real/../..");
	symlink_at(f->dir, "loop1", "loop2");
	symlink_at(f->dir, "loop2", "loop1");
	root_fd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(root_fd >= 0);
	for (size_t i = 0; i < sizeof(beneath_fns) / sizeof(*beneath_fns); i++) {
		open_beneath_fn fn = beneath_fns[i];
		expect_read(fn, root_fd, "rel/f", f->dir, "real");
		expect_read(fn, root_fd, "real/up/g", f->dir, "deep");
		expect_read(fn, root_fd, "abs/sub/g", f->dir, "deep");
		expect_read(fn, root_fd, "real/sub/../f", NULL, "real");
		expect_refused(fn, root_fd, "rel/f", NULL, ELOOP);
		expect_refused(fn, root_fd, "absfile", f->dir, EXDEV);
		expect_refused(fn, root_fd, "dotdot/x", f->dir, EXDEV);
		expect_refused(fn, root_fd, "real/../../x", NULL, EXDEV);
		expect_refused(fn, root_fd, "loop1/f", f->dir, ELOOP);
	}
	expect_refused(scan_util__open_beneath_walk, root_fd, "/etc/passwd", NULL, EXDEV);
	close(root_fd);
	free(abs_in);
	free(abs_out);
}

/* The conventions of each language, and what they must not catch. */
static void test_test_paths_conventional(void **state)
{
	static const char *const tests[] = {
		"test/a.c", "src/tests/x/y.py", "pkg/testdata/in.json", "web/__tests__/a.js", "spec/models/user_spec.rb",
		"a/fixtures/k.pem", "examples/hello.go", "docs/example/x.py", "samples/s.cs", "e2e/login.ts",
		"net/http/server_test.go", "test_views.py", "app/tests.py", "lib/models_test.py", "conftest.py",
		"src/Button.test.tsx", "src/api.spec.ts", "src/x.test.mjs", "src/main/java/FooTest.java",
		"FooTests.kt", "BarIT.java", "Api.Tests/Client.cs", "lib/foo_test.exs", "t/basic.t", "sub/parser_unittest.cc",
		"src/test/java/org/Foo.java", "src/test/java/com/example/demo/ApiTest.java", "example/src/main.rs",
	};
	static const char *const production[] = {
		"src/app.py", "testing/testing.go", "contest.py", "latest/x.js", "src/testimony.c", "spec.py",
		"src/Testable.java", "protest/a.go", "src/attest.js", "tests", "lib/test.py", "a.test",
		/* a JVM source root's packages named example or demo are code, not examples */
		"src/main/java/com/example/demo/Api.java", "svc/src/main/kotlin/org/example/App.kt",
	};
	scan_test_paths *t;

	(void)state;
	assert_int_equal(scan_walk__test_paths_new(&t), 0);
	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (!scan_walk__is_test_path(t, tests[i]))
			fail_msg("%s should be test code", tests[i]);
	}
	for (size_t i = 0; i < sizeof(production) / sizeof(production[0]); i++) {
		if (scan_walk__is_test_path(t, production[i]))
			fail_msg("%s should be production code", production[i]);
	}
	assert_false(scan_walk__is_test_path(NULL, "test/a.c"));
	scan_walk__test_paths_free(t);
}

/* The repository's rules and --test-path come later and win; '!' takes a subtree or a file back. */
static void test_test_paths_rules(void **state)
{
	static const char text[] = "# ours\nqa/\n!tests/support/\n/tools/*.sh\n";
	char deep[3000];
	scan_test_paths *t;

	(void)state;
	assert_int_equal(scan_walk__test_paths_new(&t), 0);
	assert_int_equal(scan_walk__test_paths_add_text(t, text, sizeof(text) - 1), 0);
	assert_int_equal(scan_walk__test_paths_add_rule(t, "!examples/**"), 0);
	assert_true(scan_walk__is_test_path(t, "qa/run.py"));
	assert_true(scan_walk__is_test_path(t, "a/qa/b/run.py"));
	assert_false(scan_walk__is_test_path(t, "tests/support/helper.py"));
	assert_true(scan_walk__is_test_path(t, "tests/support/test_helper.py")); /* its own name still says so */
	assert_true(scan_walk__is_test_path(t, "tests/other.py"));
	assert_true(scan_walk__is_test_path(t, "tools/gen.sh"));
	assert_false(scan_walk__is_test_path(t, "x/tools/gen.sh")); /* anchored */
	assert_false(scan_walk__is_test_path(t, "examples/a/b.py"));
	/* A path longer than the stack buffer is still judged by its directories. */
	memset(deep, 'd', sizeof(deep));
	memcpy(deep, "tests/", 6);
	for (size_t i = 100; i < sizeof(deep) - 10; i += 100)
		deep[i] = '/';
	memcpy(deep + sizeof(deep) - 10, "/x.py", 6);
	assert_true(scan_walk__is_test_path(t, deep));
	deep[0] = 'X';
	assert_false(scan_walk__is_test_path(t, deep));
	scan_walk__test_paths_free(t);
}

/* A generator's marker in the first lines; a mention elsewhere, or too far down, is not one. */
static void test_generated_header(void **state)
{
	static const char *const yes[] = {
		"// Code generated by protoc-gen-go. DO NOT EDIT.\npackage x\n",
		"# -*- coding: utf-8 -*-\n# Generated by the protocol buffer compiler.  DO NOT EDIT!\n",
		"/*\n * @generated by some tool\n */\n",
		"// <auto-generated>\n//     This code was generated by a tool.\n",
		"#! /bin/sh\n# Guess values for system-dependent variables and create Makefiles.\n# Generated by GNU Autoconf 2.71 for curl -.\n",
		"/* THIS FILE IS GENERATED - do not edit */\n",
		"// Created by cgo -godefs - DO NOT EDIT\n// cgo -godefs types_linux.go\n",
	};
	static const char *const no[] = {
		"// Package gen generates code.\npackage gen\n",
		"# This file is hand-written; the generated code is elsewhere.\n",
		"print('do not edit this by hand')\n",
		"",
	};
	char late[1024] = "";

	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!scan_walk__is_generated((const unsigned char *)yes[i], strlen(yes[i])))
			fail_msg("should be generated: %s", yes[i]);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (scan_walk__is_generated((const unsigned char *)no[i], strlen(no[i])))
			fail_msg("should not be generated: %s", no[i]);
	for (int i = 0; i < 20; i++)
		memcpy(late + 6 * i, "x = 1\n", 6);
	snprintf(late + 120, sizeof(late) - 120, "// Code generated by x. DO NOT EDIT.\n");
	assert_false(scan_walk__is_generated((const unsigned char *)late, strlen(late)));
	assert_false(scan_walk__is_generated(NULL, 0));
	/* The head is not NUL-terminated: the marker cut by its end is not read past it. */
	assert_false(scan_walk__is_generated((const unsigned char *)yes[0], 20));
}

static bool infra(const char *path, scan_lang lang, const char *head)
{
	return scan_walk__is_infra(path, lang, (const unsigned char *)head, head ? strlen(head) : 0);
}

/* Infrastructure code by language, by path, and a Kubernetes manifest by its top-level keys. */
static void test_infra_files(void **state)
{
	(void)state;
	assert_true(infra("deploy/main.tf", SCAN_LANG_HCL, "resource \"x\" \"y\" {}"));
	assert_true(infra("Dockerfile", SCAN_LANG_DOCKERFILE, "FROM alpine"));
	assert_true(infra(".github/workflows/ci.yml", SCAN_LANG_YAML, "on: push"));
	assert_true(infra("svc/.github/workflows/ci.yaml", SCAN_LANG_YAML, "on: push"));
	assert_true(infra("ops/docker-compose.prod.yml", SCAN_LANG_YAML, "services: {}"));
	assert_true(infra("compose.yaml", SCAN_LANG_YAML, "services: {}"));
	assert_true(infra("k8s/app.yaml", SCAN_LANG_YAML, "# app\napiVersion: apps/v1\nkind: Deployment\n"));
	/* Keys nested under another, or only one of the two, are not a manifest. */
	assert_false(infra("conf/app.yaml", SCAN_LANG_YAML, "spec:\n  apiVersion: v1\n  kind: x\n"));
	assert_false(infra("conf/app.yaml", SCAN_LANG_YAML, "kind: x\n"));
	assert_false(infra("a/workflows/ci.yml", SCAN_LANG_YAML, "on: push"));
	assert_false(infra("app.py", SCAN_LANG_PYTHON, "apiVersion:\nkind:\n"));
	assert_false(infra("empty.yaml", SCAN_LANG_YAML, NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plain_listing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_root, setup, teardown),
		cmocka_unit_test_setup_teardown(test_default_excludes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_nested_gitignore_negation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_exclude_wins_over_negation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_excluded_dir_not_reincluded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_git_never_listed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_git_not_reached_through_link, setup, teardown),
		cmocka_unit_test_setup_teardown(test_depth_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_path_too_long, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fifo_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlinks_not_followed_by_default, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlinks_followed_inside_root, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_dir_listed_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_cycle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_outside_root_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_beneath_swapped_dir, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_beneath_links, setup, teardown),
		cmocka_unit_test(test_lang_extensions),
		cmocka_unit_test(test_lang_names),
		cmocka_unit_test(test_lang_shebang),
		cmocka_unit_test(test_test_paths_conventional),
		cmocka_unit_test(test_test_paths_rules),
		cmocka_unit_test(test_generated_header),
		cmocka_unit_test(test_infra_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
