/*
 * tests/unit/test_flow.c - the foundation's acceptance path on a real git
 * repository built with libgit2: baseline on main, a feature branch adding
 * one finding, the gate failing on it (exit 1), a pull-request waiver
 * turning it to passed, and the revoked waiver no longer honoured.
 */
#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/ops.h"
#include "scan/store.h"

/* U+202E RIGHT-TO-LEFT OVERRIDE inside a comment: the hygiene analyzer's high finding. */
#define BIDI_LINE "access_level = \"user\" # \xE2\x80\xAE } \xE2\x81\xA6 if is_admin \xE2\x81\xA9 \xE2\x81\xA6 begin admins only\n"

typedef struct {
	char *dir;
	char *db;
	git_repository *repo;
} fixture;

static void commit_all(git_repository *repo, const char *message)
{
	git_index *index;
	git_oid tree_id, commit_id, parent_id;
	git_tree *tree;
	git_signature *sig;
	git_commit *parent = NULL;
	int has_parent = git_reference_name_to_id(&parent_id, repo, "HEAD") == 0;

	assert_int_equal(git_repository_index(&index, repo), 0);
	assert_int_equal(git_index_add_all(index, NULL, 0, NULL, NULL), 0);
	assert_int_equal(git_index_write(index), 0);
	assert_int_equal(git_index_write_tree(&tree_id, index), 0);
	assert_int_equal(git_tree_lookup(&tree, repo, &tree_id), 0);
	assert_int_equal(git_signature_new(&sig, "Test", "test@example.com", 1700000000, 0), 0);
	if (has_parent)
		assert_int_equal(git_commit_lookup(&parent, repo, &parent_id), 0);
	assert_int_equal(git_commit_create_v(&commit_id, repo, "HEAD", sig, sig, NULL, message, tree,
	                                     has_parent ? 1 : 0, parent), 0);
	git_commit_free(parent);
	git_signature_free(sig);
	git_tree_free(tree);
	git_index_free(index);
}

static void checkout_new_branch(git_repository *repo, const char *name)
{
	git_reference *branch;
	git_commit *head;
	git_oid oid;
	char ref[128];

	assert_int_equal(git_reference_name_to_id(&oid, repo, "HEAD"), 0);
	assert_int_equal(git_commit_lookup(&head, repo, &oid), 0);
	assert_int_equal(git_branch_create(&branch, repo, name, head, 0), 0);
	snprintf(ref, sizeof(ref), "refs/heads/%s", name);
	assert_int_equal(git_repository_set_head(repo, ref), 0);
	git_reference_free(branch);
	git_commit_free(head);
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));
	git_repository_init_options init;

	git_repository_init_options_init(&init, GIT_REPOSITORY_INIT_OPTIONS_VERSION);

	git_libgit2_init();
	f->dir = th_tmpdir();
	f->db = th_pg_url() ? th_pg_fresh_db() : th_join(f->dir, "rampart.db"); /* tests/db/pg.sh */
	char *repo_dir = th_join(f->dir, "repo");
	init.flags = GIT_REPOSITORY_INIT_MKPATH;
	init.initial_head = "main";
	assert_int_equal(git_repository_init_ext(&f->repo, repo_dir, &init), 0);
	free(repo_dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	git_repository_free(f->repo);
	th_rmtree(f->dir);
	free(f->dir);
	free(f->db);
	free(f);
	git_libgit2_shutdown();
	return 0;
}

static scan_result *scan_repo(const fixture *f)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const char *workdir = git_repository_workdir(f->repo);

	o.target = workdir;
	o.jobs = 2;
	int rc = scan_run(&r, &o);
	if (rc)
		fprintf(stderr, "scan_run: %s\n", scan_error_last()->message);
	assert_int_equal(rc, 0);
	return r;
}

static int run_cli(const fixture *f, const char *args)
{
	char cmd[2048];
	int status;

	snprintf(cmd, sizeof(cmd), "'%s' %s --db '%s' >/dev/null 2>&1", RAMPART_BINARY, args, f->db);
	status = system(cmd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static const scan_finding *find_file(const scan_result *r, const char *path)
{
	const scan_finding_list *l = scan_result_findings(r);

	for (size_t i = 0; i < scan_finding_list_count(l); i++)
		if (!strcmp(scan_finding_list_get(l, i)->file_path, path))
			return scan_finding_list_get(l, i);
	return NULL;
}

static void test_baseline_branch_gate_waiver(void **state)
{
	fixture *f = *state;
	const char *wd = git_repository_workdir(f->repo);
	scan_store *st;
	scan_result *r;
	scan_gate_report *g;
	int64_t main_scan, branch_scan, count, repo_id, waiver_id;
	scan_buf branch = SCAN_BUF_INIT;
	time_t revoked_at;

	/* main: two findings that become the baseline */
	th_write(wd, "app/auth.py", "def check(user):\n    " BIDI_LINE "    return access_level\n");
	th_write(wd, "lib/util.c", "int f(void)\n{\n<<<<<<< HEAD\n\treturn 1;\n=======\n\treturn 2;\n>>>>>>> other\n}\n");
	commit_all(f->repo, "main");

	assert_int_equal(scan_store_open(&st, f->db), 0);
	r = scan_repo(f);
	assert_true(scan_result_repo(r)->is_baseline_scan);
	assert_string_equal(scan_result_repo(r)->branch, "main");
	assert_string_equal(scan_result_repo(r)->default_branch, "main");
	assert_int_equal(scan_finding_list_count(scan_result_findings(r)), 2);
	assert_int_equal(scan_ops_record(&main_scan, st, SCAN_STORE_LOCAL_ORG, r), 0);
	for (size_t i = 0; i < 2; i++)
		assert_false(scan_finding_list_get(scan_result_findings(r), i)->is_new_in_pr);
	scan_result_free(r);
	assert_int_equal(scan_store_repo_find(&repo_id, st, SCAN_STORE_LOCAL_ORG, "1"), 0);
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch), 0);
	assert_int_equal(count, 2);
	assert_string_equal(branch.ptr, "main");
	/* A clean default-branch scan passes: nothing is new there. */
	assert_int_equal(run_cli(f, "gate"), 0);

	/* feature: one more finding, and only it is new */
	checkout_new_branch(f->repo, "feature/login");
	th_write(wd, "app/admin.py", "def grant():\n    " BIDI_LINE "    return access_level\n");
	commit_all(f->repo, "feature");
	r = scan_repo(f);
	assert_false(scan_result_repo(r)->is_baseline_scan);
	assert_string_equal(scan_result_repo(r)->branch, "feature/login");
	assert_int_equal(scan_ops_record(&branch_scan, st, SCAN_STORE_LOCAL_ORG, r), 0);
	assert_int_equal(scan_finding_list_count(scan_result_findings(r)), 3);
	assert_true(find_file(r, "app/admin.py")->is_new_in_pr);
	assert_false(find_file(r, "app/auth.py")->is_new_in_pr);
	assert_false(find_file(r, "lib/util.c")->is_new_in_pr);
	scan_result_free(r);
	/* A branch scan leaves the baseline alone. */
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch), 0);
	assert_int_equal(count, 2);

	/* the gate fails on the new high finding: stored, re-evaluated and through the CLI */
	assert_int_equal(scan_store_gate_stored(&g, st, SCAN_STORE_LOCAL_ORG, branch_scan), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	scan_gate_report_free(g);
	assert_int_equal(scan_ops_gate_evaluate(&g, st, SCAN_STORE_LOCAL_ORG, branch_scan, 7), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	assert_int_equal(g->violation_count, 1);
	assert_string_equal(g->violations[0].rule, "new_high_max");
	assert_true(g->violations[0].actual == 1.0 && g->violations[0].threshold == 0.0);
	assert_string_equal(g->violations[0].severity, "high");
	scan_gate_report_free(g);
	assert_int_equal(run_cli(f, "gate --pr 7"), 1);

	/* a pull-request waiver turns it to passed, listing the violation as waived */
	scan_waiver w = { 0 };
	w.rule = "new_high_max";
	w.reason = "accepted for the release, fix tracked";
	w.repo_id = repo_id;
	w.pr_number = 7;
	w.expires_at = time(NULL) + 86400;
	assert_int_equal(scan_ops_waiver_add(&waiver_id, st, SCAN_STORE_LOCAL_ORG, &w), 0);
	assert_int_equal(scan_ops_gate_evaluate(&g, st, SCAN_STORE_LOCAL_ORG, branch_scan, 7), 0);
	assert_int_equal(g->status, SCAN_GATE_PASSED);
	assert_int_equal(g->violation_count, 0);
	assert_int_equal(g->waived_count, 1);
	assert_true(g->waived[0].waived);
	assert_int_equal(g->waived[0].waiver_id, waiver_id);
	assert_string_equal(g->waived[0].waiver_scope, "pull_request");
	scan_gate_report_free(g);
	assert_int_equal(run_cli(f, "gate --pr 7"), 0);
	/* ...but only for that pull request */
	assert_int_equal(scan_ops_gate_evaluate(&g, st, SCAN_STORE_LOCAL_ORG, branch_scan, 8), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	scan_gate_report_free(g);
	assert_int_equal(run_cli(f, "gate --pr 8"), 1);

	/* revoked: no longer honoured */
	assert_int_equal(scan_store_waiver_revoke(&revoked_at, st, SCAN_STORE_LOCAL_ORG, waiver_id), 0);
	assert_true(revoked_at > 0);
	assert_int_equal(scan_ops_gate_evaluate(&g, st, SCAN_STORE_LOCAL_ORG, branch_scan, 7), 0);
	assert_int_equal(g->status, SCAN_GATE_FAILED);
	assert_int_equal(g->waived_count, 0);
	scan_gate_report_free(g);
	assert_int_equal(run_cli(f, "gate --pr 7"), 1);

	/* rebuilding the baseline clears it; the next main scan refills it */
	assert_int_equal(scan_store_baseline_rebuild(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch), 0);
	assert_int_equal(count, 2);
	assert_int_equal(scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch), 0);
	assert_int_equal(count, 0);

	scan_buf_dispose(&branch);
	scan_store_free(st);
}

static void test_no_baseline_everything_new(void **state)
{
	fixture *f = *state;
	const char *wd = git_repository_workdir(f->repo);
	scan_store *st;
	scan_result *r;
	int64_t id;

	th_write(wd, "README.md", "hello\n");
	commit_all(f->repo, "main");
	checkout_new_branch(f->repo, "topic");
	th_write(wd, "x.py", BIDI_LINE);
	commit_all(f->repo, "topic");
	assert_int_equal(scan_store_open(&st, f->db), 0);
	r = scan_repo(f);
	assert_int_equal(scan_ops_record(&id, st, SCAN_STORE_LOCAL_ORG, r), 0);
	/* Rule 3: no baseline for the repository yet, so every finding is new. */
	assert_int_equal(scan_finding_list_count(scan_result_findings(r)), 1);
	assert_true(scan_finding_list_get(scan_result_findings(r), 0)->is_new_in_pr);
	scan_result_free(r);
	scan_store_free(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_baseline_branch_gate_waiver, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_baseline_everything_new, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
