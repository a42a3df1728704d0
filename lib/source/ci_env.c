/* lib/source/ci_env.c - what CI services say about the checkout, from variables the program passes */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* INT64_MAX has 19 digits; anything longer cannot be a request number. */
#define CI_NUMBER_MAX_DIGITS 19

#define GITHUB_PULL_PREFIX "refs/pull/"

typedef struct {
	scan_getvar_fn getvar;
	void *ctx;
} ci_vars;

static const char *ci_var(const ci_vars *vars, const char *name)
{
	const char *v = vars->getvar(name, vars->ctx);

	/* CI services export some variables empty (GITHUB_HEAD_REF on pushes). */
	return v && *v ? v : NULL;
}

static const char *ci_branch(const ci_vars *vars)
{
	const char *v, *ref, *type;

	if ((v = ci_var(vars, "GITHUB_HEAD_REF")) != NULL)
		return v;
	/* On pull requests GITHUB_REF_NAME is "42/merge"; on tag pushes it is the tag. */
	ref = ci_var(vars, "GITHUB_REF");
	type = ci_var(vars, "GITHUB_REF_TYPE");
	if ((v = ci_var(vars, "GITHUB_REF_NAME")) != NULL &&
	    !(type && strcmp(type, "tag") == 0) &&
	    !(ref && strncmp(ref, GITHUB_PULL_PREFIX, strlen(GITHUB_PULL_PREFIX)) == 0))
		return v;
	if ((v = ci_var(vars, "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME")) != NULL)
		return v;
	/* GitLab and Buildkite put the tag name in the branch variable of tag builds. */
	if ((v = ci_var(vars, "CI_COMMIT_REF_NAME")) != NULL && !ci_var(vars, "CI_COMMIT_TAG"))
		return v;
	if ((v = ci_var(vars, "BITBUCKET_BRANCH")) != NULL)
		return v;
	if ((v = ci_var(vars, "BUILDKITE_BRANCH")) != NULL && !ci_var(vars, "BUILDKITE_TAG"))
		return v;
	return NULL;
}

int64_t scan_source__parse_pr_number(const char *s, size_t len)
{
	char digits[CI_NUMBER_MAX_DIGITS + 1];
	char *end;
	long long v;

	if (len == 0 || len > CI_NUMBER_MAX_DIGITS)
		return 0;
	/* strtoll alone would accept leading blanks and a sign. */
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	memcpy(digits, s, len);
	digits[len] = '\0';
	errno = 0;
	v = strtoll(digits, &end, 10);
	if (errno != 0 || end != digits + len || v <= 0)
		return 0;
	return (int64_t)v;
}

static int64_t github_pr_number(const char *ref)
{
	const char *num, *slash;

	if (strncmp(ref, GITHUB_PULL_PREFIX, strlen(GITHUB_PULL_PREFIX)) != 0)
		return 0;
	num = ref + strlen(GITHUB_PULL_PREFIX);
	if ((slash = strchr(num, '/')) == NULL)
		return 0;
	if (strcmp(slash, "/merge") != 0 && strcmp(slash, "/head") != 0)
		return 0;
	return scan_source__parse_pr_number(num, (size_t)(slash - num));
}

static int64_t ci_pr_number(const ci_vars *vars)
{
	static const char *const plain[] = { "CI_MERGE_REQUEST_IID", "BITBUCKET_PR_ID" };
	const char *v;
	int64_t n;

	if ((v = ci_var(vars, "GITHUB_REF")) != NULL && (n = github_pr_number(v)) > 0)
		return n;
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		if ((v = ci_var(vars, plain[i])) != NULL &&
		    (n = scan_source__parse_pr_number(v, strlen(v))) > 0)
			return n;
	return 0;
}

void scan_ci_facts_read(scan_ci_facts *out, scan_getvar_fn getvar, void *ctx)
{
	ci_vars vars = { getvar, ctx };

	out->branch = ci_branch(&vars);
	out->pr_number = ci_pr_number(&vars);
}
