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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history_scan),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
