/* tests/unit/test_source.c - scan targets: directories, work trees, clones */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>
#include <git2.h>
#include <git2/sys/credential.h>
#include "helpers.h"
#include "scan/common.h"
#include "scan/location.h"
#include "source/source.h"
#include "source/internal.h"
#include "source/rmtree.h"

/* Variables the code under test reads; a test run inside CI must not see the pipeline's. */
static const char *const ambient_env[] = {
	"GITHUB_HEAD_REF", "GITHUB_REF_NAME", "GITHUB_REF", "GITHUB_REF_TYPE",
	"CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "CI_COMMIT_REF_NAME", "CI_COMMIT_TAG",
	"BITBUCKET_BRANCH", "BUILDKITE_BRANCH", "BUILDKITE_TAG", "CI_MERGE_REQUEST_IID",
	"BITBUCKET_PR_ID", "RAMPART_GIT_TOKEN", "http_proxy", "https_proxy", "HTTP_PROXY",
	"HTTPS_PROXY", "all_proxy", "ALL_PROXY",
};

static char *group_dir;       /* holds the empty libgit2 configuration directory */
static char *saved_tmpdir;    /* TMPDIR before the tests changed it */

typedef struct {
	char *dir;    /* the test's sandbox */
	char *tmp;    /* $TMPDIR while the test runs: clones land here */
} fixture;

/* ---- helpers ---- */

static git_repository *repo_new(const char *dir, bool bare, const char *head)
{
	git_repository_init_options o;
	git_repository *repo = NULL;

	assert_int_equal(git_repository_init_options_init(&o, GIT_REPOSITORY_INIT_OPTIONS_VERSION), 0);
	o.flags = GIT_REPOSITORY_INIT_MKPATH | (bare ? GIT_REPOSITORY_INIT_BARE : 0);
	o.initial_head = head;
	assert_int_equal(git_repository_init_ext(&repo, dir, &o), 0);
	return repo;
}

/*
 * Commit files (NULL-terminated path, content pairs; paths may have '/')
 * on refname, on top of its current tip when it has one.
 */
static git_oid commit_files(git_repository *repo, const char *refname, const char *const *files)
{
	git_index *index = NULL;
	git_signature *sig = NULL;
	git_tree *tree = NULL;
	git_commit *parent = NULL;
	const git_commit *parents[1];
	git_oid tree_id, parent_id, id;
	size_t nparents = 0;

	assert_int_equal(git_index_new(&index), 0);
	for (size_t i = 0; files[i]; i += 2) {
		git_index_entry e;

		memset(&e, 0, sizeof(e));
		assert_int_equal(git_blob_create_from_buffer(&e.id, repo, files[i + 1], strlen(files[i + 1])), 0);
		e.mode = GIT_FILEMODE_BLOB;
		e.path = files[i];
		assert_int_equal(git_index_add(index, &e), 0);
	}
	assert_int_equal(git_index_write_tree_to(&tree_id, index, repo), 0);
	assert_int_equal(git_tree_lookup(&tree, repo, &tree_id), 0);
	if (git_reference_name_to_id(&parent_id, repo, refname) == 0) {
		assert_int_equal(git_commit_lookup(&parent, repo, &parent_id), 0);
		parents[0] = parent;
		nparents = 1;
	}
	assert_int_equal(git_signature_new(&sig, "Test", "test@example.com", 1700000000, 0), 0);
	assert_int_equal(git_commit_create(&id, repo, refname, sig, sig, NULL, "commit", tree,
	                                   nparents, nparents ? parents : NULL), 0);
	git_signature_free(sig);
	git_commit_free(parent);
	git_tree_free(tree);
	git_index_free(index);
	return id;
}

static void checkout_head(git_repository *repo)
{
	git_checkout_options o;

	assert_int_equal(git_checkout_options_init(&o, GIT_CHECKOUT_OPTIONS_VERSION), 0);
	o.checkout_strategy = GIT_CHECKOUT_FORCE;
	assert_int_equal(git_checkout_head(repo, &o), 0);
}

/*
 * Through the configuration, not git_remote_*: those match config names with
 * PCRE2, which libgit2 1.5 leaks, and the library code under test avoids them.
 */
static void set_origin(git_repository *repo, const char *url)
{
	git_config *cfg = NULL;

	assert_int_equal(git_repository_config(&cfg, repo), 0);
	if (url)
		assert_int_equal(git_config_set_string(cfg, "remote.origin.url", url), 0);
	else
		assert_int_equal(git_config_delete_entry(cfg, "remote.origin.url"), 0);
	git_config_free(cfg);
}

static char *hex(const git_oid *id)
{
	char buf[GIT_OID_HEXSZ + 1];

	git_oid_tostr(buf, sizeof(buf), id);
	return strdup(buf);
}

static bool exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

static bool exists_in(const char *dir, const char *rel)
{
	char *p = th_join(dir, rel);
	bool e = exists(p);

	free(p);
	return e;
}

static bool dir_is_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	bool empty = true;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			empty = false;
	closedir(d);
	return empty;
}

static bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *last_message(void)
{
	return scan_error_last()->message;
}

static scan_source_options opts_for(const char *target)
{
	scan_source_options o;

	memset(&o, 0, sizeof(o));
	o.target = target;
	return o;
}

/* A work tree at f->dir/name on main with README and src/app.c checked out. */
static git_repository *work_repo(const fixture *f, const char *name, char **path, git_oid *main_id)
{
	static const char *const files[] = { "README", "main\n", "src/app.c", "int x;\n", NULL };
	git_repository *repo;
	git_oid id;

	*path = th_join(f->dir, name);
	repo = repo_new(*path, false, "main");
	id = commit_files(repo, "refs/heads/main", files);
	checkout_head(repo);
	if (main_id)
		*main_id = id;
	return repo;
}

/* What a program does before opening a source: the environment into the options (the library reads none of it). */
static const char *test_getvar(const char *name, void *ctx)
{
	(void)ctx;
	return getenv(name);
}

static int open_from_env(scan_source *s, scan_source_options *o)
{
	scan_ci_facts_read(&o->ci, test_getvar, NULL);
	o->tmp_dir = getenv("TMPDIR");
	if (!o->git_token)
		o->git_token = getenv("RAMPART_GIT_TOKEN");
	return scan_source__open(s, o);
}

/* ---- fixture ---- */

static int group_setup(void **state)
{
	const char *t = getenv("TMPDIR");
	char *cfg;

	(void)state;
	saved_tmpdir = t ? strdup(t) : NULL;
	git_libgit2_init();
	/* Keep the user's ~/.gitconfig (init.defaultBranch, insteadOf) out of the tests. */
	group_dir = th_tmpdir();
	cfg = th_join(group_dir, "config");
	mkdir(cfg, 0700);
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_GLOBAL, cfg);
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_XDG, cfg);
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_SYSTEM, cfg);
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_PROGRAMDATA, cfg);
	free(cfg);
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	th_rmtree(group_dir);
	free(group_dir);
	free(saved_tmpdir);
	/* Ours and the library's own initialisation, so LeakSanitizer sees a clean exit. */
	while (git_libgit2_shutdown() > 0)
		;
	return 0;
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	if (saved_tmpdir)
		setenv("TMPDIR", saved_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	for (size_t i = 0; i < sizeof(ambient_env) / sizeof(ambient_env[0]); i++)
		unsetenv(ambient_env[i]);
	f->dir = th_tmpdir();
	f->tmp = th_join(f->dir, "tmp");
	assert_int_equal(mkdir(f->tmp, 0700), 0);
	setenv("TMPDIR", f->tmp, 1);
	scan_error_clear();
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	th_rmtree(f->dir);
	free(f->dir);
	free(f->tmp);
	free(f);
	if (saved_tmpdir)
		setenv("TMPDIR", saved_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	return 0;
}

/* ---- plain directories and bad targets ---- */

static void test_plain_directory(void **state)
{
	fixture *f = *state;
	char *dir = th_join(f->dir, "project");
	char *link = th_join(f->dir, "link");
	char *real = NULL;
	scan_source_options o = opts_for(dir);
	scan_source s;

	th_write(dir, "a.txt", "hello\n");
	real = realpath(dir, NULL);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.root, real);
	assert_string_equal(s.name, "project");
	assert_string_equal(s.url, real);
	assert_string_equal(s.source, "local");
	assert_null(s.branch);
	assert_string_equal(s.default_branch, "main");
	assert_null(s.commit);
	assert_false(s.is_git);
	assert_int_equal(s.pr_number, 0);
	assert_null(s.tmpdir);
	scan_source__dispose(&s);
	assert_true(exists_in(dir, "a.txt"));

	/* A branch given for a plain tree is only a label; the root is the link's target. */
	assert_int_equal(symlink(dir, link), 0);
	o = opts_for(link);
	o.branch = "dev";
	o.default_branch = "trunk";
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.root, real);
	assert_string_equal(s.branch, "dev");
	assert_string_equal(s.default_branch, "trunk");
	scan_source__dispose(&s);
	scan_source__dispose(&s); /* disposing twice is harmless */

	free(real);
	free(link);
	free(dir);
}

static void test_bad_targets(void **state)
{
	fixture *f = *state;
	char *missing = th_join(f->dir, "missing");
	char *file = th_join(f->dir, "file.txt");
	char *below_file = th_join(f->dir, "file.txt/x");
	scan_source_options o;
	scan_source s;

	o = opts_for(missing);
	assert_int_equal(open_from_env(&s, &o), SCAN_ENOTFOUND);
	assert_true(has_prefix(last_message(), "cannot open '"));
	assert_non_null(strstr(last_message(), "no such file or directory"));
	assert_null(s.root);

	th_write(f->dir, "file.txt", "x");
	o = opts_for(file);
	assert_int_equal(open_from_env(&s, &o), SCAN_EINVAL);
	assert_non_null(strstr(last_message(), "not a directory"));

	o = opts_for(below_file);
	assert_int_equal(open_from_env(&s, &o), SCAN_ENOTFOUND);

	o = opts_for("");
	assert_int_equal(open_from_env(&s, &o), SCAN_EINVAL);

	o = opts_for(f->dir);
	o.pr_number = -3;
	assert_int_equal(open_from_env(&s, &o), SCAN_EINVAL);

	free(below_file);
	free(file);
	free(missing);
}

/* ---- work trees ---- */

static void test_worktree_with_origin(void **state)
{
	fixture *f = *state;
	git_oid main_id;
	char *path, *real, *src, *want_commit;
	git_repository *repo = work_repo(f, "widget", &path, &main_id);
	scan_source_options o;
	scan_source s;

	set_origin(repo, "https://bob:hunter2@github.com/acme/widget.git");
	real = realpath(path, NULL);
	want_commit = hex(&main_id);

	o = opts_for(path);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_true(s.is_git);
	assert_string_equal(s.root, real);
	assert_string_equal(s.branch, "main");
	assert_string_equal(s.commit, want_commit);
	assert_string_equal(s.url, "https://github.com/acme/widget.git");
	assert_string_equal(s.name, "acme/widget");
	assert_string_equal(s.source, "github");
	assert_string_equal(s.default_branch, "main");
	assert_null(s.tmpdir);
	scan_source__dispose(&s);

	/* A subdirectory is walked alone but keeps the repository's facts. */
	src = th_join(real, "src");
	o = opts_for(src);
	o.branch = "main"; /* the checked-out branch: a label, no clone */
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.root, src);
	assert_string_equal(s.name, "acme/widget");
	assert_string_equal(s.branch, "main");
	assert_null(s.tmpdir);
	scan_source__dispose(&s);
	assert_true(dir_is_empty(f->tmp));

	free(src);
	free(want_commit);
	free(real);
	free(path);
	git_repository_free(repo);
}

static void test_remote_names(void **state)
{
	static const struct {
		const char *remote, *name, *source, *url;
	} cases[] = {
		{ "https://github.com/acme/widget", "acme/widget", "github", "https://github.com/acme/widget" },
		{ "git@github.com:acme/widget.git", "acme/widget", "github", "github.com:acme/widget.git" },
		{ "ssh://git@ssh.github.com:443/acme/widget.git/", "acme/widget", "github",
		  "ssh://ssh.github.com:443/acme/widget.git/" },
		{ "https://oauth2:glpat-x@GitLab.com/group/sub/proj.git", "group/sub/proj", "gitlab",
		  "https://GitLab.com/group/sub/proj.git" },
		{ "git@bitbucket.org:team/repo.git", "team/repo", "bitbucket", "bitbucket.org:team/repo.git" },
		{ "http://git.example.com:8080/tools/thing.git", "tools/thing", "git",
		  "http://git.example.com:8080/tools/thing.git" },
		{ "https://notgithub.com/a/b.git", "a/b", "git", "https://notgithub.com/a/b.git" },
		{ "git://[::1]:9418/x/y.git", "x/y", "git", "git://[::1]:9418/x/y.git" },
		{ "file:///srv/git/thing.git", "thing", "git", "file:///srv/git/thing.git" },
		{ "/srv/git/other.git", "other", "git", "/srv/git/other.git" },
	};
	fixture *f = *state;
	char *path, *src;
	git_repository *repo = work_repo(f, "widget", &path, NULL);
	scan_source_options o = opts_for(path);
	scan_source s;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		set_origin(repo, cases[i].remote);
		assert_int_equal(open_from_env(&s, &o), 0);
		assert_string_equal(s.name, cases[i].name);
		assert_string_equal(s.source, cases[i].source);
		assert_string_equal(s.url, cases[i].url);
		scan_source__dispose(&s);
	}

	/* No remote: the work tree's name, even when scanning a subdirectory. */
	set_origin(repo, NULL);
	src = th_join(path, "src");
	o = opts_for(src);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.name, "widget");
	assert_string_equal(s.source, "local");
	assert_string_equal(s.url, s.root);
	assert_true(s.is_git);
	scan_source__dispose(&s);

	free(src);
	free(path);
	git_repository_free(repo);
}

static void test_detached_head(void **state)
{
	fixture *f = *state;
	git_oid main_id;
	char *path, *want;
	git_repository *repo = work_repo(f, "widget", &path, &main_id);
	scan_source_options o = opts_for(path);
	scan_source s;

	assert_int_equal(git_repository_set_head_detached(repo, &main_id), 0);
	want = hex(&main_id);

	assert_int_equal(open_from_env(&s, &o), 0);
	assert_null(s.branch);
	assert_string_equal(s.commit, want);
	scan_source__dispose(&s);

	setenv("GITHUB_HEAD_REF", "feature/login", 1);
	setenv("GITHUB_REF_NAME", "42/merge", 1);
	setenv("GITHUB_REF", "refs/pull/42/merge", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "feature/login");
	assert_int_equal(s.pr_number, 42);
	scan_source__dispose(&s);

	/* GitHub exports GITHUB_HEAD_REF empty on pushes. */
	setenv("GITHUB_HEAD_REF", "", 1);
	setenv("GITHUB_REF_NAME", "release-1", 1);
	setenv("GITHUB_REF", "refs/heads/release-1", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "release-1");
	assert_int_equal(s.pr_number, 0);
	scan_source__dispose(&s);

	/* The ref name of a pull request or tag is not a branch. */
	setenv("GITHUB_REF", "refs/pull/7/merge", 1);
	setenv("GITHUB_REF_NAME", "7/merge", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_null(s.branch);
	scan_source__dispose(&s);
	unsetenv("GITHUB_REF");
	unsetenv("GITHUB_REF_NAME");
	unsetenv("GITHUB_HEAD_REF");

	setenv("CI_COMMIT_REF_NAME", "v1.0", 1);
	setenv("CI_COMMIT_TAG", "v1.0", 1);
	setenv("BITBUCKET_BRANCH", "bb-branch", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "bb-branch");
	scan_source__dispose(&s);

	/* With a detached HEAD any --branch only labels the scan. */
	o.branch = "whatever";
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "whatever");
	assert_null(s.tmpdir);
	assert_string_equal(s.root, s.url);
	scan_source__dispose(&s);
	assert_true(dir_is_empty(f->tmp));

	free(want);
	free(path);
	git_repository_free(repo);
}

static void test_pr_number(void **state)
{
	fixture *f = *state;
	char *path;
	git_repository *repo = work_repo(f, "widget", &path, NULL);
	scan_source_options o = opts_for(path);
	scan_source s;

	setenv("GITHUB_REF", "refs/pull/42/merge", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_int_equal(s.pr_number, 42);
	scan_source__dispose(&s);

	/* The option wins over CI. */
	o.pr_number = 7;
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_int_equal(s.pr_number, 7);
	scan_source__dispose(&s);
	o.pr_number = 0;

	/* Plain directories in a pipeline get it too. */
	o = opts_for(f->tmp);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_int_equal(s.pr_number, 42);
	scan_source__dispose(&s);
	o = opts_for(path);

	setenv("GITHUB_REF", "refs/pull/42x/merge", 1);
	setenv("CI_MERGE_REQUEST_IID", "12", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_int_equal(s.pr_number, 12);
	scan_source__dispose(&s);

	setenv("CI_MERGE_REQUEST_IID", "-12", 1);
	setenv("BITBUCKET_PR_ID", "99999999999999999999", 1);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_int_equal(s.pr_number, 0);
	scan_source__dispose(&s);

	{
		scan_ci_facts ci;
		setenv("BITBUCKET_PR_ID", "5", 1);
		scan_ci_facts_read(&ci, test_getvar, NULL);
		assert_int_equal(ci.pr_number, 5);
		setenv("GITHUB_REF", "refs/pull/9/head", 1);
		scan_ci_facts_read(&ci, test_getvar, NULL);
		assert_int_equal(ci.pr_number, 9);
		setenv("GITHUB_REF", "refs/pull//merge", 1);
		scan_ci_facts_read(&ci, test_getvar, NULL);
		assert_int_equal(ci.pr_number, 5);
	}

	assert_int_equal(scan_source__parse_pr_number("42", 2), 42);
	assert_int_equal(scan_source__parse_pr_number("042", 3), 42);
	assert_int_equal(scan_source__parse_pr_number("9223372036854775807", 19), INT64_MAX);
	assert_int_equal(scan_source__parse_pr_number("9223372036854775808", 19), 0);
	assert_int_equal(scan_source__parse_pr_number("", 0), 0);
	assert_int_equal(scan_source__parse_pr_number("0", 1), 0);
	assert_int_equal(scan_source__parse_pr_number("+1", 2), 0);
	assert_int_equal(scan_source__parse_pr_number(" 1", 2), 0);
	assert_int_equal(scan_source__parse_pr_number("1 ", 2), 0);
	assert_int_equal(scan_source__parse_pr_number("12", 1), 1); /* only the first len bytes */

	free(path);
	git_repository_free(repo);
}

static void test_default_branch(void **state)
{
	static const char *const files[] = { "f", "x\n", NULL };
	fixture *f = *state;
	char *path;
	git_repository *repo;
	git_reference *ref = NULL;
	git_oid id;
	scan_source_options o;
	scan_source s;

	/* Only master. */
	path = th_join(f->dir, "old");
	repo = repo_new(path, false, "master");
	commit_files(repo, "refs/heads/master", files);
	o = opts_for(path);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "master");
	assert_string_equal(s.default_branch, "master");
	scan_source__dispose(&s);

	/* main beats master. */
	id = commit_files(repo, "refs/heads/main", files);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.default_branch, "main");
	scan_source__dispose(&s);

	/* origin's HEAD beats both. */
	assert_int_equal(git_reference_create(&ref, repo, "refs/remotes/origin/develop", &id, 0, NULL), 0);
	git_reference_free(ref);
	assert_int_equal(git_reference_symbolic_create(&ref, repo, "refs/remotes/origin/HEAD",
	                                               "refs/remotes/origin/develop", 0, NULL), 0);
	git_reference_free(ref);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.default_branch, "develop");
	scan_source__dispose(&s);

	/* And the option beats everything. */
	o.default_branch = "release";
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.default_branch, "release");
	scan_source__dispose(&s);
	git_repository_free(repo);
	free(path);

	/* Neither main nor master: "main". */
	path = th_join(f->dir, "odd");
	repo = repo_new(path, false, "trunk");
	id = commit_files(repo, "refs/heads/trunk", files);
	o = opts_for(path);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "trunk");
	assert_string_equal(s.default_branch, "main");
	scan_source__dispose(&s);

	/* A remote-tracking master counts as existing. */
	assert_int_equal(git_reference_create(&ref, repo, "refs/remotes/origin/master", &id, 0, NULL), 0);
	git_reference_free(ref);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.default_branch, "master");
	scan_source__dispose(&s);
	git_repository_free(repo);
	free(path);

	/* An empty repository: unborn branch, no commit. */
	path = th_join(f->dir, "empty");
	repo = repo_new(path, false, "main");
	o = opts_for(path);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_true(s.is_git);
	assert_string_equal(s.branch, "main");
	assert_null(s.commit);
	assert_string_equal(s.default_branch, "main");
	scan_source__dispose(&s);
	git_repository_free(repo);
	free(path);
}

static void test_local_branch_clone(void **state)
{
	static const char *const feature_files[] = {
		"README", "feature\n", "src/feature.c", "int y;\n", NULL
	};
	static const char *const bare_files[] = { "README", "no src here\n", NULL };
	fixture *f = *state;
	git_oid feature_id;
	char *path, *src, *want, *tmpdir, *root_want, *real_src;
	git_repository *repo = work_repo(f, "widget", &path, NULL);
	git_reference *head = NULL;
	scan_source_options o;
	scan_source s;

	set_origin(repo, "git@gitlab.com:acme/widget.git");
	feature_id = commit_files(repo, "refs/heads/feature", feature_files);
	commit_files(repo, "refs/heads/nosrc", bare_files);
	want = hex(&feature_id);
	src = th_join(path, "src");
	real_src = realpath(src, NULL);

	o = opts_for(src);
	o.branch = "feature";
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_non_null(s.tmpdir);
	assert_true(has_prefix(s.tmpdir, f->tmp));
	root_want = th_join(s.tmpdir, "src");
	assert_string_equal(s.root, root_want);
	assert_true(exists_in(s.root, "feature.c"));
	assert_false(exists_in(s.root, "app.c"));
	assert_string_equal(s.branch, "feature");
	assert_string_equal(s.commit, want);
	assert_string_equal(s.name, "acme/widget");
	assert_string_equal(s.source, "gitlab");
	assert_string_equal(s.url, "gitlab.com:acme/widget.git");
	assert_string_equal(s.default_branch, "main");
	assert_true(s.is_git);
	tmpdir = strdup(s.tmpdir);
	scan_source__dispose(&s);
	assert_false(exists(tmpdir));
	assert_true(dir_is_empty(f->tmp));

	/* The user's work tree is untouched. */
	assert_true(exists_in(real_src, "app.c"));
	assert_false(exists_in(real_src, "feature.c"));
	assert_int_equal(git_repository_head(&head, repo), 0);
	assert_string_equal(git_reference_name(head), "refs/heads/main");
	git_reference_free(head);

	/* A branch without the scanned subdirectory. */
	o.branch = "nosrc";
	assert_int_equal(open_from_env(&s, &o), SCAN_ENOTFOUND);
	assert_non_null(strstr(last_message(), "'src'"));
	assert_true(dir_is_empty(f->tmp));

	/* An unknown branch. */
	o.branch = "nope";
	assert_int_equal(open_from_env(&s, &o), SCAN_EINVAL);
	assert_non_null(strstr(last_message(), "'nope'"));
	assert_true(dir_is_empty(f->tmp));

	free(tmpdir);
	free(root_want);
	free(real_src);
	free(src);
	free(want);
	free(path);
	git_repository_free(repo);
}

/* ---- clones of URLs ---- */

static void test_clone_file_url(void **state)
{
	static const char *const main_files[] = { "README", "main\n", "lib/a.c", "int a;\n", NULL };
	static const char *const feature_files[] = { "README", "feature\n", "lib/b.c", "int b;\n", NULL };
	fixture *f = *state;
	char *bare = th_join(f->dir, "remote/widget.git");
	char *url, *readme, *tmpdir, *want_main, *want_feature;
	git_repository *repo = repo_new(bare, true, "main");
	git_oid main_id = commit_files(repo, "refs/heads/main", main_files);
	git_oid feature_id;
	git_reference *ref = NULL;
	scan_source_options o;
	scan_source s;
	size_t n = strlen(bare) + sizeof("file://");

	feature_id = commit_files(repo, "refs/heads/feature", feature_files);
	url = malloc(n);
	assert_non_null(url);
	snprintf(url, n, "file://%s", bare);
	want_main = hex(&main_id);
	want_feature = hex(&feature_id);
	assert_true(scan_source__is_url(url));

	setenv("GITHUB_REF", "refs/pull/42/merge", 1);
	o = opts_for(url);
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_true(s.is_git);
	assert_non_null(s.tmpdir);
	assert_true(has_prefix(s.tmpdir, f->tmp));
	assert_string_equal(s.root, s.tmpdir);
	readme = th_join(s.root, "README");
	{
		char *content = th_read(readme, NULL);

		assert_non_null(content);
		assert_string_equal(content, "main\n");
		free(content);
	}
	free(readme);
	assert_true(exists_in(s.root, "lib/a.c"));
	assert_string_equal(s.branch, "main");
	assert_string_equal(s.default_branch, "main");
	assert_string_equal(s.commit, want_main);
	assert_string_equal(s.name, "widget");
	assert_string_equal(s.source, "git");
	assert_string_equal(s.url, url);
	/* CI's request number belongs to the pipeline's checkout, not to this URL. */
	assert_int_equal(s.pr_number, 0);
	{
		struct stat st;

		assert_int_equal(stat(s.tmpdir, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0700);
	}
	tmpdir = strdup(s.tmpdir);
	scan_source__dispose(&s);
	assert_false(exists(tmpdir));
	free(tmpdir);
	assert_true(dir_is_empty(f->tmp));

	o.branch = "feature";
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_true(exists_in(s.root, "lib/b.c"));
	assert_false(exists_in(s.root, "lib/a.c"));
	assert_string_equal(s.branch, "feature");
	assert_string_equal(s.commit, want_feature);
	assert_string_equal(s.default_branch, "main");
	scan_source__dispose(&s);
	assert_true(dir_is_empty(f->tmp));

	o.branch = "nope";
	assert_int_equal(open_from_env(&s, &o), SCAN_EINVAL);
	assert_true(has_prefix(last_message(), "cannot clone 'file://"));
	assert_non_null(strstr(last_message(), "'nope'"));
	assert_true(dir_is_empty(f->tmp));

	/* The remote's HEAD is what a clone checks out and what it calls the default. */
	assert_int_equal(git_reference_symbolic_create(&ref, repo, "HEAD", "refs/heads/feature", 1, NULL), 0);
	git_reference_free(ref);
	o.branch = NULL;
	assert_int_equal(open_from_env(&s, &o), 0);
	assert_string_equal(s.branch, "feature");
	assert_string_equal(s.default_branch, "feature");
	scan_source__dispose(&s);
	assert_true(dir_is_empty(f->tmp));

	free(want_feature);
	free(want_main);
	free(url);
	free(bare);
	git_repository_free(repo);
}

static void test_clone_failures(void **state)
{
	fixture *f = *state;
	scan_source_options o;
	scan_source s;
	const char *msg;

	o = opts_for("file:///nonexistent/rampart/widget.git");
	assert_int_equal(open_from_env(&s, &o), SCAN_EGIT);
	assert_true(has_prefix(last_message(), "cannot clone 'file:///nonexistent/rampart/widget.git': "));
	assert_null(s.tmpdir);
	assert_null(s.root);
	assert_true(dir_is_empty(f->tmp));

	/* Nothing listens on port 1: refused at once, no network involved. */
	setenv("RAMPART_GIT_TOKEN", "tok-sekrit-123", 1);
	o = opts_for("https://alice:pa55word@127.0.0.1:1/acme/widget.git");
	assert_int_equal(open_from_env(&s, &o), SCAN_EGIT);
	msg = last_message();
	assert_true(has_prefix(msg, "cannot clone 'https://127.0.0.1:1/acme/widget.git': "));
	assert_null(strstr(msg, "pa55word"));
	assert_null(strstr(msg, "alice"));
	assert_null(strstr(msg, "tok-sekrit-123"));
	assert_true(dir_is_empty(f->tmp));

	/* An unusable $TMPDIR is an I/O error, not a crash or a clone elsewhere. */
	{
		char *gone = th_join(f->dir, "gone");

		setenv("TMPDIR", gone, 1);
		o = opts_for("file:///nonexistent/x.git");
		assert_int_equal(open_from_env(&s, &o), SCAN_EIO);
		assert_true(has_prefix(last_message(), "cannot create a temporary directory in '"));
		setenv("TMPDIR", f->tmp, 1);
		free(gone);
	}
}

/* A server answering every request with 401, remembering whether it was sent credentials. */
typedef struct {
	int fd;
	int port;
	volatile int stop;
	volatile int saw_authorization;
	volatile int requests;
} auth_server;

static void *auth_server_run(void *arg)
{
	static const char reply[] = "HTTP/1.1 401 Unauthorized\r\n"
	                            "WWW-Authenticate: Basic realm=\"test\"\r\n"
	                            "Content-Length: 0\r\nConnection: close\r\n\r\n";
	auth_server *srv = arg;

	while (!srv->stop) {
		struct pollfd p = { srv->fd, POLLIN, 0 };
		char buf[8192];
		size_t used = 0;
		int c;

		if (poll(&p, 1, 50) <= 0)
			continue;
		if ((c = accept(srv->fd, NULL, NULL)) < 0)
			continue;
		while (used < sizeof(buf) - 1) {
			ssize_t got = recv(c, buf + used, sizeof(buf) - 1 - used, 0);

			if (got <= 0)
				break;
			used += (size_t)got;
			buf[used] = '\0';
			if (strstr(buf, "\r\n\r\n"))
				break;
		}
		buf[used] = '\0';
		srv->requests++;
		if (strstr(buf, "Authorization:") || strstr(buf, "authorization:"))
			srv->saw_authorization = 1;
		(void)!send(c, reply, sizeof(reply) - 1, 0);
		close(c);
	}
	return NULL;
}

static void test_plain_http_never_gets_a_token(void **state)
{
	fixture *f = *state;
	auth_server srv;
	struct sockaddr_in addr;
	socklen_t len = sizeof(addr);
	pthread_t thread;
	char url[128];
	scan_source_options o;
	scan_source s;

	memset(&srv, 0, sizeof(srv));
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true((srv.fd = socket(AF_INET, SOCK_STREAM, 0)) >= 0);
	assert_int_equal(bind(srv.fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(listen(srv.fd, 8), 0);
	assert_int_equal(getsockname(srv.fd, (struct sockaddr *)&addr, &len), 0);
	srv.port = ntohs(addr.sin_port);
	assert_int_equal(pthread_create(&thread, NULL, auth_server_run, &srv), 0);

	snprintf(url, sizeof(url), "http://127.0.0.1:%d/acme/widget.git", srv.port);
	o = opts_for(url);
	o.git_token = "tok-sekrit-456";
	assert_int_equal(open_from_env(&s, &o), SCAN_EGIT);
	assert_true(has_prefix(last_message(), "cannot clone 'http://127.0.0.1:"));
	assert_non_null(strstr(last_message(), "plain http"));
	assert_null(strstr(last_message(), "tok-sekrit-456"));

	srv.stop = 1;
	pthread_join(thread, NULL);
	close(srv.fd);
	assert_true(srv.requests >= 1);
	assert_false(srv.saw_authorization);
	assert_true(dir_is_empty(f->tmp));
}

static void test_credentials_callback(void **state)
{
	scan_source_auth auth = { "tok-789", NULL, 0, SCAN_SOURCE_AUTH_OK };
	git_credential *cred = NULL;

	(void)state;
	for (int i = 0; i < 3; i++) {
		git_credential_userpass_plaintext *up;

		assert_int_equal(scan_source__git_credentials(&cred, "https://github.com/acme/widget.git", NULL,
		                                              GIT_CREDENTIAL_USERPASS_PLAINTEXT, &auth), 0);
		assert_non_null(cred);
		assert_int_equal(cred->credtype, GIT_CREDENTIAL_USERPASS_PLAINTEXT);
		up = (git_credential_userpass_plaintext *)cred;
		assert_string_equal(up->username, "x-access-token");
		assert_string_equal(up->password, "tok-789");
		git_credential_free(cred);
		cred = NULL;
	}
	/* A refused token is not offered forever. */
	assert_int_equal(scan_source__git_credentials(&cred, "https://github.com/acme/widget.git", NULL,
	                                              GIT_CREDENTIAL_USERPASS_PLAINTEXT, &auth), GIT_EAUTH);
	assert_null(cred);
	assert_int_equal(auth.refusal, SCAN_SOURCE_AUTH_FAILED);

	auth.attempts = 0;
	auth.refusal = SCAN_SOURCE_AUTH_OK;
	auth.token = NULL;
	assert_int_equal(scan_source__git_credentials(&cred, "https://github.com/acme/widget.git", NULL,
	                                              GIT_CREDENTIAL_USERPASS_PLAINTEXT, &auth), GIT_EAUTH);
	assert_int_equal(auth.refusal, SCAN_SOURCE_AUTH_NO_TOKEN);

	auth.attempts = 0;
	auth.token = "tok-789";
	assert_int_equal(scan_source__git_credentials(&cred, "http://example.com/acme/widget.git", NULL,
	                                              GIT_CREDENTIAL_USERPASS_PLAINTEXT, &auth), GIT_EAUTH);
	assert_int_equal(auth.refusal, SCAN_SOURCE_AUTH_PLAIN_HTTP);

	auth.attempts = 0;
	assert_int_equal(scan_source__git_credentials(&cred, "https://example.com/a.git", NULL,
	                                              GIT_CREDENTIAL_DEFAULT, &auth), GIT_EAUTH);
	assert_int_equal(auth.refusal, SCAN_SOURCE_AUTH_UNSUPPORTED);

	/* ssh: the user from the URL (or "git"), the key from the agent, never the token. */
	auth.attempts = 0;
	auth.refusal = SCAN_SOURCE_AUTH_OK;
	assert_int_equal(scan_source__git_credentials(&cred, "ssh://github.com/acme/widget.git", NULL,
	                                              GIT_CREDENTIAL_USERNAME, &auth), 0);
	assert_int_equal(cred->credtype, GIT_CREDENTIAL_USERNAME);
	git_credential_free(cred);
	cred = NULL;
	if (git_libgit2_features() & GIT_FEATURE_SSH) {
		assert_int_equal(scan_source__git_credentials(&cred, "ssh://git@github.com/acme/widget.git", "git",
		                                              GIT_CREDENTIAL_SSH_KEY |
		                                              GIT_CREDENTIAL_USERPASS_PLAINTEXT, &auth), 0);
		assert_int_equal(cred->credtype, GIT_CREDENTIAL_SSH_KEY);
		git_credential_free(cred);
		cred = NULL;
	}
}

/* ---- URLs ---- */

static void test_is_url(void **state)
{
	static const char *const yes[] = {
		"https://github.com/acme/widget.git", "HTTPS://github.com/a/b", "http://h/x",
		"ssh://git@host:2222/a/b.git", "git://host/a/b", "file:///srv/x.git",
		"git@github.com:acme/widget.git", "user@host:path", "git@[::1]:repo.git",
		"u:p@host:repo",
	};
	static const char *const no[] = {
		"", ".", "/srv/repo", "./repo", "repo", "C:/x", "host:path", "@host:path",
		"user@host", "user@host:", "./user@host:path", "dir/user@host:path", "https://",
		"ftp://host/x", "user@[::1", "git@:repo",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!scan_source__is_url(yes[i]))
			fail_msg("expected a URL: '%s'", yes[i]);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (scan_source__is_url(no[i]))
			fail_msg("expected no URL: '%s'", no[i]);
}

static void test_redact_url(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "https://github.com/a/b.git", "https://github.com/a/b.git" },
		{ "https://tok@github.com/a/b.git", "https://github.com/a/b.git" },
		{ "https://user:pass@github.com/a/b.git", "https://github.com/a/b.git" },
		{ "https://user:p@ss@github.com:8443/a/b.git", "https://github.com:8443/a/b.git" },
		{ "http://u:p@[::1]:8080/x", "http://[::1]:8080/x" },
		{ "ssh://git@host:2222/a/b.git", "ssh://host:2222/a/b.git" },
		{ "git@github.com:a/b.git", "github.com:a/b.git" },
		{ "u:secret@host:repo", "host:repo" },
		{ "https://host/path@notauth", "https://host/path@notauth" },
		{ "https://u:p@host?x=@y", "https://host" },
		/* a token in the query string goes as user info does; so does the fragment */
		{ "https://h/r.git?access_token=ghp_x", "https://h/r.git" },
		{ "https://u:p@h/g/r.git?private_token=glpat-x&ref=main", "https://h/g/r.git" },
		{ "https://h/r.git#token=x", "https://h/r.git" },
		{ "http://[::1]:8080/x?sig=abc", "http://[::1]:8080/x" },
		{ "ssh://git@host/r.git?x=y", "ssh://host/r.git" },
		{ "file:///srv/x@y.git", "file:///srv/x@y.git" },
		{ "/local/path", "/local/path" },
		{ "", "" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *r = scan_source__redact_url(cases[i].in);

		assert_non_null(r);
		if (strcmp(r, cases[i].out) != 0)
			fail_msg("redact '%s': got '%s', want '%s'", cases[i].in, r, cases[i].out);
		free(r);
	}
}

/* ---- rmtree ---- */

static void test_rmtree_keeps_link_targets(void **state)
{
	fixture *f = *state;
	char *outside = th_join(f->dir, "outside");
	char *tree = th_join(f->dir, "tree");
	char *p;

	th_write(outside, "keep.txt", "precious\n");
	th_write(outside, "sub/keep2.txt", "precious\n");
	th_write(tree, "a/b/c.txt", "x");
	th_write(tree, "top.txt", "x");
	p = th_join(tree, "a/link-to-dir");
	assert_int_equal(symlink(outside, p), 0);
	free(p);
	p = th_join(tree, "link-to-file");
	{
		char *target = th_join(outside, "keep.txt");

		assert_int_equal(symlink(target, p), 0);
		free(target);
	}
	free(p);
	p = th_join(tree, "dangling");
	assert_int_equal(symlink("/nonexistent/rampart", p), 0);
	free(p);
	p = th_join(tree, "a/b/c.txt");
	assert_int_equal(chmod(p, 0400), 0);
	free(p);

	assert_int_equal(scan_source__rmtree(tree), 0);
	assert_false(exists(tree));
	assert_true(exists_in(outside, "keep.txt"));
	assert_true(exists_in(outside, "sub/keep2.txt"));

	/* Missing is already removed; a link given as the root goes, its target stays. */
	assert_int_equal(scan_source__rmtree(tree), 0);
	p = th_join(f->dir, "root-link");
	assert_int_equal(symlink(outside, p), 0);
	assert_int_equal(scan_source__rmtree(p), 0);
	assert_false(exists(p));
	assert_true(exists_in(outside, "keep.txt"));
	free(p);

	free(tree);
	free(outside);
}

/* What an importer may give as a repository's location, and its canonical form. */
static void expect_location(const char *given, bool allow_local, const char *url, const char *provider)
{
	scan_location_policy policy = { allow_local, NULL };
	scan_location loc;

	if (scan_location_check(&loc, given, &policy) != 0)
		fail_msg("%s refused: %s", given, scan_error_last()->message);
	assert_string_equal(loc.url, url);
	assert_string_equal(loc.provider, provider);
}

static void expect_refused(const char *given, bool allow_local, const char *why)
{
	scan_location_policy policy = { allow_local, NULL };
	scan_location loc;

	if (scan_location_check(&loc, given, &policy) != SCAN_EINVAL)
		fail_msg("%s was accepted as %s", given, loc.url);
	if (!strstr(scan_error_last()->message, why))
		fail_msg("%s: message '%s' does not say '%s'", given, scan_error_last()->message, why);
}

static void test_location_check(void **state)
{
	fixture *f = *state;
	char *work = th_join(f->dir, "work"), *bare = th_join(f->dir, "bare.git"), *plain = th_join(f->dir, "plain");
	char *file_url, *with_dots;
	char *real_work, *real_bare;

	expect_location("https://github.com/acme/svc", false, "https://github.com/acme/svc", "github");
	expect_location("HTTPS://GitHub.COM/acme/Svc.git/", false, "https://github.com/acme/Svc", "github");
	expect_location("https://gitlab.com/g/sub/p", false, "https://gitlab.com/g/sub/p", "gitlab");
	expect_location("https://bitbucket.org/t/r.GIT", false, "https://bitbucket.org/t/r", "bitbucket");
	expect_location("https://git.example.com:8443/a/b", false, "https://git.example.com:8443/a/b", "git");

	expect_refused("--upload-pack=touch /tmp/x", true, "space");
	expect_refused("--upload-pack=touch", true, "cannot start with '-'");
	expect_refused("-u", true, "cannot start with '-'");
	expect_refused("ext::sh -c id", true, "space");
	expect_refused("ext::sh", true, "only https URLs");
	expect_refused("fd::17", true, "only https URLs");
	expect_refused("ssh://git@github.com/a/b", true, "only https URLs");
	expect_refused("git://github.com/a/b", true, "only https URLs");
	expect_refused("http://github.com/a/b", true, "only https URLs");
	expect_refused("git@github.com:a/b.git", true, "only https URLs");
	expect_refused("https://tok@github.com/a/b", false, "credentials");
	expect_refused("https://u:p_w@github.com/a/b", false, "credentials");
	expect_refused("https://-oProxyCommand/a/b", false, "no valid host");
	expect_refused("https:///a/b", false, "no valid host");
	expect_refused("https://github.com:x/a/b", false, "port");
	expect_refused("https://github.com", false, "names no repository");
	expect_refused("https://github.com/", false, "names no repository");
	expect_refused("https://github.com/a/../b", false, "'..' segment");
	expect_refused("https://github.com/a/./b", false, "'..' segment");
	expect_refused("https://github.com/a/b?x=1", false, "no query");
	expect_refused("https://github.com/a/b#x", false, "no query");
	expect_refused("https://github.com/a/b\"c", false, "character");
	expect_refused("https://github.com/a/b\\c", false, "backslash");
	expect_refused("https://github.com/a/b\nc", false, "control character");
	expect_refused("", true, "no repository location");

	/* Local repositories only where the server allows them, and only git ones. */
	git_repository_free(repo_new(work, false, NULL));
	git_repository_free(repo_new(bare, true, NULL));
	assert_int_equal(mkdir(plain, 0700), 0);
	real_work = realpath(work, NULL);
	real_bare = realpath(bare, NULL);
	expect_location(work, true, real_work, "local");
	expect_location(bare, true, real_bare, "local");
	file_url = malloc(strlen(work) + 8);
	snprintf(file_url, strlen(work) + 8, "file://%s", work);
	expect_location(file_url, true, real_work, "local");
	expect_refused(file_url, false, "file:// URLs are not allowed");
	expect_refused(work, false, "local paths are not allowed");
	expect_refused(plain, true, "not a git repository");
	expect_refused("work", true, "absolute path");
	with_dots = th_join(f->dir, "plain/../work");
	expect_refused(with_dots, true, "'..' component");
	expect_refused("/nonexistent/rampart/repo", true, "no directory");
	free(work), free(bare), free(plain), free(file_url), free(with_dots), free(real_work), free(real_bare);
}

/* A server that names its git hosts imports and clones from them only. */
static void test_location_git_hosts(void **state)
{
	scan_location_policy policy = { false, "github.com, *.corp.example ,gitlab.example.com" };
	static const char *const allowed[] = {
		"https://github.com/a/b", "https://GitHub.com/a/b", "https://git.corp.example/a/b",
		"https://x.y.corp.example:8443/a/b", "https://gitlab.example.com/g/p",
	};
	static const char *const refused[] = {
		"https://gitlab.com/a/b", "https://corp.example/a/b", "https://evilcorp.example/a/b",
		"https://github.com.evil.example/a/b", "https://169.254.169.254/a/b", "https://example.com/a/b",
	};
	scan_location loc;
	(void)state;

	for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		if (scan_location_check(&loc, allowed[i], &policy) != 0)
			fail_msg("%s refused: %s", allowed[i], scan_error_last()->message);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		if (scan_location_check(&loc, refused[i], &policy) != SCAN_EINVAL)
			fail_msg("%s accepted", refused[i]);
		assert_non_null(strstr(scan_error_last()->message, "not among the git hosts"));
	}
	/* No list: any host. */
	policy.git_hosts = "";
	assert_int_equal(scan_location_check(&loc, "https://gitlab.com/a/b", &policy), 0);
	assert_int_equal(scan_location_check(&loc, "https://gitlab.com/a/b", NULL), 0);
	assert_int_equal(scan_location_check(&loc, "/tmp", NULL), SCAN_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plain_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_targets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_worktree_with_origin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remote_names, setup, teardown),
		cmocka_unit_test_setup_teardown(test_detached_head, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pr_number, setup, teardown),
		cmocka_unit_test_setup_teardown(test_default_branch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_local_branch_clone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clone_file_url, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clone_failures, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plain_http_never_gets_a_token, setup, teardown),
		cmocka_unit_test_setup_teardown(test_credentials_callback, setup, teardown),
		cmocka_unit_test_setup_teardown(test_is_url, setup, teardown),
		cmocka_unit_test_setup_teardown(test_location_check, setup, teardown),
		cmocka_unit_test(test_location_git_hosts),
		cmocka_unit_test_setup_teardown(test_redact_url, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rmtree_keeps_link_targets, setup, teardown),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
