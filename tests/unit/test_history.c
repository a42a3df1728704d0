/*
 * tests/unit/test_history.c - deep scans read git history: each unique blob
 * once, a secret removed from the tree still reported with its commit, a
 * secret still present reported once with the commit that introduced it.
 */
#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/scan.h"

#define GHP1 "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"
#define GHP2 "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"

static const char rule[] =
	"provider: Test\nrules:\n  - id: hist-gh\n    name: GitHub token\n"
	"    pattern: '\\b(ghp_[A-Za-z0-9]{36})\\b'\n    keywords: [ghp_]\n    validator: crc32-base62\n"
	"    severity: critical\n    confidence: 95\n    remediation: revoke it\n"
	"    examples: {positive: [a, b], negative: [c, d]}\n";

static git_oid commit_all(git_repository *repo, const char *msg, git_time_t when)
{
	git_index *index;
	git_oid tree_id, id, parent_id;
	git_tree *tree;
	git_signature *sig;
	git_commit *parent = NULL;
	int has_parent = git_reference_name_to_id(&parent_id, repo, "HEAD") == 0;

	assert_int_equal(git_repository_index(&index, repo), 0);
	assert_int_equal(git_index_add_all(index, NULL, 0, NULL, NULL), 0);
	assert_int_equal(git_index_update_all(index, NULL, NULL, NULL), 0);
	assert_int_equal(git_index_write(index), 0);
	assert_int_equal(git_index_write_tree(&tree_id, index), 0);
	assert_int_equal(git_tree_lookup(&tree, repo, &tree_id), 0);
	assert_int_equal(git_signature_new(&sig, "T", "t@example.com", when, 0), 0);
	if (has_parent)
		assert_int_equal(git_commit_lookup(&parent, repo, &parent_id), 0);
	assert_int_equal(git_commit_create_v(&id, repo, "HEAD", sig, sig, NULL, msg, tree, has_parent, parent), 0);
	git_commit_free(parent);
	git_signature_free(sig);
	git_tree_free(tree);
	git_index_free(index);
	return id;
}

static void test_history_scan(void **state)
{
	char *dir = th_tmpdir(), *repo_dir = th_join(dir, "repo"), *rules = th_join(dir, "rules");
	git_repository *repo;
	git_repository_init_options init;
	git_oid c1, c3;
	char c1hex[41], c3hex[41], path[4096];
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_finding_list *l;
	const scan_finding *gone = NULL, *kept = NULL;

	(void)state;
	git_libgit2_init();
	git_repository_init_options_init(&init, GIT_REPOSITORY_INIT_OPTIONS_VERSION);
	init.flags = GIT_REPOSITORY_INIT_MKPATH;
	init.initial_head = "main";
	assert_int_equal(git_repository_init_ext(&repo, repo_dir, &init), 0);
	th_write(rules, "case.yaml", rule);

	th_write(repo_dir, "app/settings.py", "TOKEN = \"" GHP1 "\"\n");
	th_write(repo_dir, "app/copy.py", "TOKEN = \"" GHP1 "\"\n"); /* the same blob twice: read once */
	c1 = commit_all(repo, "add settings", 1600000000);
	th_write(repo_dir, "app/settings.py", "import os\nTOKEN = os.environ['TOKEN']\n");
	snprintf(path, sizeof(path), "%s/app/copy.py", repo_dir);
	unlink(path);
	commit_all(repo, "remove the token", 1600000100);
	th_write(repo_dir, "deploy/ci.sh", "export GH=" GHP2 "\n");
	c3 = commit_all(repo, "ci", 1600000200);
	git_oid_tostr(c1hex, sizeof(c1hex), &c1);
	git_oid_tostr(c3hex, sizeof(c3hex), &c3);

	o.target = repo_dir;
	o.jobs = 2;
	o.analyzers = "secrets";
	o.secret_rules_dir = rules;
	/* Without history only the tree's secret is there. */
	assert_int_equal(scan_run(&r, &o), 0);
	l = scan_result_findings(r);
	assert_int_equal(scan_finding_list_count(l), 1);
	assert_null(scan_finding_list_get(l, 0)->commit);
	scan_result_free(r);

	o.history = true;
	assert_int_equal(scan_run(&r, &o), 0);
	l = scan_result_findings(r);
	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		if (!strcmp(f->file_path, "deploy/ci.sh"))
			kept = f;
		else if (!strcmp(f->file_path, "app/settings.py") || !strcmp(f->file_path, "app/copy.py"))
			gone = f;
	}
	assert_non_null(kept);
	assert_true(kept->in_head);
	assert_string_equal(kept->commit, c3hex);
	assert_non_null(gone);
	assert_false(gone->in_head);
	assert_string_equal(gone->commit, c1hex);
	assert_int_equal(gone->commit_time, 1600000000);
	assert_int_equal(gone->line_number, 1);
	/* Three commits, four file versions, three blobs: copy.py's content was read once. */
	assert_int_equal(scan_result_stats(r)->history_commits, 3);
	assert_int_equal(scan_result_stats(r)->history_blobs, 3);
	scan_result_free(r);

	/* --history on a plain directory is a clear error. */
	o.target = rules;
	assert_int_equal(scan_run(&r, &o), SCAN_EINVAL);
	assert_non_null(strstr(scan_error_last()->message, "not one"));

	git_repository_free(repo);
	git_libgit2_shutdown();
	th_rmtree(dir);
	free(dir);
	free(repo_dir);
	free(rules);
}

/* A new repository at dir, its branch main. */
static git_repository *new_repo(const char *dir)
{
	git_repository *repo;
	git_repository_init_options init;

	git_repository_init_options_init(&init, GIT_REPOSITORY_INIT_OPTIONS_VERSION);
	init.flags = GIT_REPOSITORY_INIT_MKPATH;
	init.initial_head = "main";
	assert_int_equal(git_repository_init_ext(&repo, dir, &init), 0);
	return repo;
}

/* Scan target with --history and the test rule: the findings' paths ("a|b|"), and the skipped entry for .git. */
static void history_of(const char *target, const char *rules, bool enclosing, char *paths, size_t n,
                       const char **why, scan_result **keep)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_finding_list *l;
	const scan_stats *st;

	o.target = target;
	o.jobs = 2;
	o.analyzers = "secrets";
	o.secret_rules_dir = rules;
	o.history = true;
	o.history_from_enclosing_repo = enclosing;
	assert_int_equal(scan_run(&r, &o), 0);
	l = scan_result_findings(r);
	paths[0] = '\0';
	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		size_t used = strlen(paths);
		snprintf(paths + used, n - used, "%s|", scan_finding_list_get(l, i)->file_path);
	}
	st = scan_result_stats(r);
	*why = NULL;
	for (size_t i = 0; i < st->skipped_count; i++)
		if (!strcmp(st->skipped[i].path, ".git"))
			*why = st->skipped[i].reason;
	*keep = r; /* why points into it */
}

/*
 * History comes only from a .git directory of the scanned root's own: a
 * .git file or link naming another repository, or a .git directory
 * whose objects are a link into one, reads none of that history and says
 * so; a subdirectory of a repository has none unless the enclosing
 * repository is asked for, and then only the subdirectory's paths.
 */
static void test_history_only_own_repository(void **state)
{
	char *dir = th_tmpdir(), *other = th_join(dir, "other"), *rules = th_join(dir, "rules");
	char *t = th_join(dir, "t"), *gitfile = th_join(dir, "t/.git"), *u = th_join(dir, "u");
	char *ulink = th_join(dir, "u/.git"), *v = th_join(dir, "v"), *vobjects = th_join(dir, "v/.git/objects");
	char *otherobjects = th_join(dir, "other/.git/objects"), *sub = th_join(dir, "other/app");
	char *othergit = th_join(dir, "other/.git"), gitdir[4200], paths[512];
	git_repository *repo, *vrepo;
	scan_result *r;
	const char *why;

	(void)state;
	git_libgit2_init();
	th_write(rules, "case.yaml", rule);
	/* other: a token in app/ and one at the top, both removed since */
	repo = new_repo(other);
	th_write(other, "app/settings.py", "TOKEN = \"" GHP1 "\"\n");
	th_write(other, "top.py", "TOKEN = \"" GHP2 "\"\n");
	th_write(other, "app/keep.txt", "x\n");
	commit_all(repo, "tokens", 1600000000);
	snprintf(gitdir, sizeof(gitdir), "%s/app/settings.py", other);
	unlink(gitdir);
	snprintf(gitdir, sizeof(gitdir), "%s/top.py", other);
	unlink(gitdir);
	commit_all(repo, "gone", 1600000100);

	/* its own history: both */
	history_of(other, rules, false, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "app/settings.py|top.py|");
	assert_null(why);
	scan_result_free(r);

	/* t/.git is a file naming other's .git */
	th_write(t, "a.txt", "x\n");
	snprintf(gitdir, sizeof(gitdir), "gitdir: %s\n", othergit);
	th_write(t, ".git", gitdir);
	history_of(t, rules, false, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "");
	assert_non_null(why);
	assert_non_null(strstr(why, "'.git' is a file"));
	scan_result_free(r);

	/* u/.git is a link to it */
	th_write(u, "a.txt", "x\n");
	assert_int_equal(symlink(othergit, ulink), 0);
	history_of(u, rules, false, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "");
	assert_non_null(strstr(why, "'.git' is a symbolic link"));
	scan_result_free(r);

	/* v/.git is a directory of its own, but its objects are other's, and a ref names other's commit */
	vrepo = new_repo(v);
	th_write(v, "a.txt", "x\n");
	commit_all(vrepo, "v", 1600000000);
	git_repository_free(vrepo);
	th_rmtree(vobjects);
	assert_int_equal(symlink(otherobjects, vobjects), 0);
	{
		git_oid head;
		char hex[41], refline[64];
		assert_int_equal(git_reference_name_to_id(&head, repo, "HEAD"), 0);
		git_oid_tostr(hex, sizeof(hex), &head);
		snprintf(refline, sizeof(refline), "%s\n", hex);
		th_write(v, ".git/refs/heads/stolen", refline);
	}
	history_of(v, rules, false, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "");
	assert_non_null(strstr(why, "holds a symbolic link"));
	scan_result_free(r);

	/* other/app: no history of its own; the enclosing repository's when asked, app's paths only */
	history_of(sub, rules, false, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "");
	assert_non_null(strstr(why, "not the top of a git repository"));
	scan_result_free(r);
	history_of(sub, rules, true, paths, sizeof(paths), &why, &r);
	assert_string_equal(paths, "settings.py|");
	assert_null(why);
	assert_int_equal(scan_result_stats(r)->history_blobs, 2); /* settings.py and keep.txt, not top.py */
	scan_result_free(r);
	/* and t's .git file is followed when asked */
	history_of(t, rules, true, paths, sizeof(paths), &why, &r);
	assert_null(why);
	scan_result_free(r);

	git_repository_free(repo);
	git_libgit2_shutdown();
	th_rmtree(dir);
	free(dir);
	free(other);
	free(rules);
	free(t);
	free(gitfile);
	free(u);
	free(ulink);
	free(v);
	free(vobjects);
	free(otherobjects);
	free(sub);
	free(othergit);
}

/* The refs and commits a history scan walks are capped; what the caps leave out is a skipped entry. */
static void test_history_caps(void **state)
{
	char *dir = th_tmpdir(), *repo_dir = th_join(dir, "repo"), *rules = th_join(dir, "rules");
	git_repository *repo;
	git_oid c[4];
	git_commit *commit;
	git_reference *ref;
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_stats *st;
	char name[64], file[64];
	int refs = 0, commits = 0;

	(void)state;
	git_libgit2_init();
	th_write(rules, "case.yaml", rule);
	repo = new_repo(repo_dir);
	for (int i = 0; i < 4; i++) {
		snprintf(file, sizeof(file), "f%d.txt", i);
		th_write(repo_dir, file, "x\n");
		c[i] = commit_all(repo, "c", 1600000000 + i);
	}
	/* three tags on the first commit */
	assert_int_equal(git_commit_lookup(&commit, repo, &c[0]), 0);
	for (int i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "refs/tags/t%d", i);
		assert_int_equal(git_reference_create(&ref, repo, name, &c[0], 0, NULL), 0);
		git_reference_free(ref);
	}
	git_commit_free(commit);

	o.target = repo_dir;
	o.jobs = 1;
	o.analyzers = "secrets";
	o.secret_rules_dir = rules;
	o.history = true;
	o.history_refs_max = 2;
	o.history_commits_max = 3;
	assert_int_equal(scan_run(&r, &o), 0);
	st = scan_result_stats(r);
	/* main and one tag walked, two tags left out; of four commits the newest three */
	assert_int_equal(st->history_commits, 3);
	for (size_t i = 0; i < st->skipped_count; i++) {
		if (strcmp(st->skipped[i].path, ".git"))
			continue;
		if (strstr(st->skipped[i].reason, "2 refs not walked, past the first 2"))
			refs++;
		if (strstr(st->skipped[i].reason, "the 1 oldest commits not walked, past the newest 3"))
			commits++;
	}
	assert_int_equal(refs, 1);
	assert_int_equal(commits, 1);
	scan_result_free(r);

	/* under the caps: nothing said */
	o.history_refs_max = 0;
	o.history_commits_max = 0;
	assert_int_equal(scan_run(&r, &o), 0);
	st = scan_result_stats(r);
	assert_int_equal(st->history_commits, 4);
	for (size_t i = 0; i < st->skipped_count; i++)
		assert_string_not_equal(st->skipped[i].path, ".git");
	scan_result_free(r);

	git_repository_free(repo);
	git_libgit2_shutdown();
	th_rmtree(dir);
	free(dir);
	free(repo_dir);
	free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history_scan),
		cmocka_unit_test(test_history_only_own_repository),
		cmocka_unit_test(test_history_caps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
