/*
 * tests/unit/test_environment.c - what the library makes of the variables a
 * program hands it (it reads none itself): the XDG directories and the CI
 * service's facts, from a table instead of the process environment.
 */
#include <stdint.h>
#include <string.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/userdir.h"

/* A NULL-terminated list of name, value pairs. */
static const char *table_var(const char *name, void *ctx)
{
	const char *const *v = ctx;

	for (; v[0]; v += 2)
		if (!strcmp(v[0], name))
			return v[1];
	return NULL;
}

static const char *dir(scan_user_dir which, const char *sub, const char *const *vars, int *rc)
{
	static scan_buf b = SCAN_BUF_INIT;

	scan_buf_clear(&b);
	*rc = scan_user_dir_path(&b, which, sub, table_var, (void *)(uintptr_t)vars);
	return b.ptr;
}

static void test_user_dirs(void **state)
{
	const char *const xdg[] = { "XDG_DATA_HOME", "/d", "XDG_CACHE_HOME", "/c", "HOME", "/home/u", NULL };
	const char *const home_only[] = { "HOME", "/home/u", NULL };
	const char *const relative[] = { "XDG_CACHE_HOME", "c", "HOME", "/home/u", NULL };
	const char *const nothing[] = { "HOME", "u", NULL };
	int rc;

	(void)state;
	assert_string_equal(dir(SCAN_DIR_DATA, "rampart.db", xdg, &rc), "/d/rampart/rampart.db");
	assert_string_equal(dir(SCAN_DIR_CACHE, "feeds", xdg, &rc), "/c/rampart/feeds");
	assert_string_equal(dir(SCAN_DIR_CACHE, NULL, xdg, &rc), "/c/rampart");
	assert_string_equal(dir(SCAN_DIR_DATA, "rampart.db", home_only, &rc), "/home/u/.local/share/rampart/rampart.db");
	assert_string_equal(dir(SCAN_DIR_CACHE, "feeds", home_only, &rc), "/home/u/.cache/rampart/feeds");
	/* The XDG rules ignore a relative directory. */
	assert_string_equal(dir(SCAN_DIR_CACHE, "", relative, &rc), "/home/u/.cache/rampart");
	assert_int_equal(rc, 0);
	dir(SCAN_DIR_DATA, NULL, nothing, &rc);
	assert_int_equal(rc, SCAN_ENOTFOUND);
	assert_non_null(strstr(scan_error_last()->message, "XDG_DATA_HOME"));
}

static scan_ci_facts ci(const char *const *vars)
{
	scan_ci_facts f;

	memset(&f, 0x5A, sizeof(f));
	scan_ci_facts_read(&f, table_var, (void *)(uintptr_t)vars);
	return f;
}

static void test_ci_facts(void **state)
{
	const char *const github_pr[] = { "GITHUB_HEAD_REF", "feature/login", "GITHUB_REF_NAME", "42/merge",
	                                  "GITHUB_REF", "refs/pull/42/merge", NULL };
	const char *const github_push[] = { "GITHUB_HEAD_REF", "", "GITHUB_REF_NAME", "release-1",
	                                    "GITHUB_REF", "refs/heads/release-1", NULL };
	const char *const github_tag[] = { "GITHUB_REF_NAME", "v2", "GITHUB_REF_TYPE", "tag", "GITHUB_REF", "refs/tags/v2", NULL };
	const char *const gitlab_tag[] = { "CI_COMMIT_REF_NAME", "v1.0", "CI_COMMIT_TAG", "v1.0",
	                                   "BITBUCKET_BRANCH", "bb-branch", NULL };
	const char *const gitlab_mr[] = { "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "fix", "CI_MERGE_REQUEST_IID", "12", NULL };
	const char *const malformed[] = { "GITHUB_REF", "refs/pull/42x/merge", "CI_MERGE_REQUEST_IID", "-12",
	                                  "BITBUCKET_PR_ID", "99999999999999999999", NULL };
	const char *const none[] = { NULL };
	scan_ci_facts f;

	(void)state;
	f = ci(github_pr);
	assert_string_equal(f.branch, "feature/login");
	assert_int_equal(f.pr_number, 42);
	f = ci(github_push);
	assert_string_equal(f.branch, "release-1");
	assert_int_equal(f.pr_number, 0);
	f = ci(github_tag);
	assert_null(f.branch);
	f = ci(gitlab_tag);
	assert_string_equal(f.branch, "bb-branch");
	f = ci(gitlab_mr);
	assert_string_equal(f.branch, "fix");
	assert_int_equal(f.pr_number, 12);
	f = ci(malformed);
	assert_null(f.branch);
	assert_int_equal(f.pr_number, 0);
	f = ci(none);
	assert_null(f.branch);
	assert_int_equal(f.pr_number, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_user_dirs),
		cmocka_unit_test(test_ci_facts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
