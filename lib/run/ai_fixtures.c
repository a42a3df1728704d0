/* lib/run/ai_fixtures.c - the ai analyzer's own rules against their fixtures (rules/ai/), for `rampart rules test` */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "aiasset/policy.h"
#include "scan/aiasm.h"
#include "scan/rules.h"
#include "scan/scan.h"
#include "run/ai_fixtures.h"
#include "util/error.h"
#include "util/yamltree.h"

#define FIXTURE_PATH_MAX 200

typedef struct {
	const char *only;            /* "AI017"; NULL: every rule */
	const char *tmp_dir;
	scan_rule_test_cb cb;
	void *payload;
	size_t rules, failed;
	bool found;
} run_ctx;

/* A fixture's path: relative, below the directory, no "." or ".." component. */
static bool path_ok(const char *p)
{
	size_t n = strlen(p);

	if (!n || n > FIXTURE_PATH_MAX || p[0] == '/')
		return false;
	for (const char *c = p; *c;) {
		size_t k = strcspn(c, "/");
		if (!k || (k == 1 && c[0] == '.') || (k == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		c += k;
		if (*c == '/')
			c++;
	}
	return true;
}

/* Write content at root/rel, making its directories. */
static int write_fixture(const char *root, const char *rel, const char *content, size_t len)
{
	char path[4096];
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, rel) >= sizeof(path))
		return scan_util__error(SCAN_ELIMIT, "fixture path too long");
	for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			*s = '/';
			return scan_util__error(SCAN_EIO, "cannot create %s: %s", path, strerror(errno));
		}
		*s = '/';
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600)) < 0)
		return scan_util__error(SCAN_EIO, "cannot write %s: %s", path, strerror(errno));
	if (write(fd, content, len) != (ssize_t)len) {
		close(fd);
		return scan_util__error(SCAN_EIO, "cannot write %s", path);
	}
	close(fd);
	return 0;
}

/* Remove what write_fixture made below root, and root. */
static void remove_tree(const char *root, const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	unlink(path);
	for (char *s = strrchr(path, '/'); s && s > path + strlen(root); s = strrchr(path, '/')) {
		*s = '\0';
		rmdir(path);
	}
	rmdir(root);
}

/*
 * The policy's verdicts (AI003-AI005) are not scan findings: a fixture file
 * with a policy judges the inventory a fixture gives, with the assets the
 * fixture names in `approved` approved and every other unreviewed.
 */
typedef struct {
	const scan_ai_policy *policy;    /* effective: the default under the file's; NULL: count findings */
	const scan_yaml_node *approved;  /* a list of asset names, or NULL */
} fixture_policy;

static bool approved_name(const scan_yaml_node *list, const char *name)
{
	for (size_t i = 0; list && list->kind == SCAN_YAML_SEQUENCE && i < list->len; i++)
		if (list->items[i]->kind == SCAN_YAML_SCALAR && !strcmp(list->items[i]->value, name))
			return true;
	return false;
}

static int verdict_matches(unsigned *matches, unsigned *first_line, const scan_result *r, const char *rule,
                           const fixture_policy *fp)
{
	const scan_ai_inventory *inv = scan_result_ai(r);
	scan_ai_policy_facts facts = { inv, NULL, NULL, 0 };
	scan_ai_verdict v;
	const char **approval = NULL;
	int rc;

	if (inv && inv->nassets && !(approval = calloc(inv->nassets, sizeof(*approval))))
		return SCAN_ENOMEM;
	for (size_t i = 0; inv && i < inv->nassets; i++)
		approval[i] = approved_name(fp->approved, inv->assets[i].name) ? "approved" : "unreviewed";
	facts.approval = approval;
	if ((rc = scan_aiasset__policy_evaluate(&v, fp->policy, &facts)) == 0) {
		for (size_t i = 0; i < v.count; i++) {
			if (strcmp(v.violations[i].rule, rule) || (*matches)++)
				continue;
			for (size_t k = 0; inv && k < inv->nassets; k++)
				if (v.violations[i].identity && !strcmp(inv->assets[k].identity, v.violations[i].identity) &&
				    inv->assets[k].nevidence)
					*first_line = inv->assets[k].evidence[0].line;
		}
		scan_aiasset__verdict_dispose(&v);
	}
	free(approval);
	return rc;
}

/* Scan one fixture alone: the findings of rule (its AI id on an ai or secrets finding), or the policy's violations of it. */
static int scan_fixture(unsigned *matches, unsigned *first_line, const char *tmp_dir, const char *rule,
                        const fixture_policy *fp, const char *rel, const char *content, size_t len)
{
	char root[4096];
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_finding_list *fl;
	int rc;

	*matches = 0;
	*first_line = 0;
	if ((size_t)snprintf(root, sizeof(root), "%s/rampart-ai-fixture.XXXXXX", tmp_dir ? tmp_dir : "/tmp") >=
	    sizeof(root))
		return scan_util__error(SCAN_ELIMIT, "temporary directory path too long");
	if (!mkdtemp(root))
		return scan_util__error(SCAN_EIO, "cannot make a temporary directory in %s: %s", tmp_dir ? tmp_dir : "/tmp",
		                        strerror(errno));
	if ((rc = write_fixture(root, rel, content, len)) == 0) {
		o.target = root;
		o.analyzers = "ai,secrets";
		o.jobs = 1;
		o.tmp_dir = tmp_dir;
		if ((rc = scan_run(&r, &o)) == 0) {
			fl = scan_result_findings(r);
			for (size_t i = 0; !fp->policy && i < scan_finding_list_count(fl); i++) {
				const scan_finding *f = scan_finding_list_get(fl, i);
				if (f->ai_rule && !strcmp(f->ai_rule, rule)) {
					if (!(*matches)++)
						*first_line = f->line_number;
				}
			}
			if (fp->policy)
				rc = verdict_matches(matches, first_line, r, rule, fp);
			scan_result_free(r);
		}
	}
	remove_tree(root, rel);
	return rc;
}

static void report(run_ctx *c, const char *rule, size_t i, unsigned line, bool vulnerable, unsigned matches,
                   unsigned first, const char *problem)
{
	scan_rule_test_result res = { rule, i, line, vulnerable, problem == NULL, matches, first, problem };

	if (problem)
		c->failed++;
	c->cb(&res, c->payload);
}

static int run_file(void *ud, const char *text, size_t len, const char *name)
{
	run_ctx *c = ud;
	scan_yaml_doc doc = { 0 };
	const scan_yaml_node *rule, *fixtures, *policy;
	scan_ai_policy def, file_policy, effective;
	fixture_policy fp = { NULL, NULL };
	char id[32];
	size_t nvuln = 0, nsafe = 0;
	int rc;

	scan_aiasset__policy_default(&def);
	memset(&file_policy, 0, sizeof(file_policy));
	if ((rc = scan_util__yaml_parse(&doc, text, len, name)) != 0)
		goto done;
	rule = scan_util__yaml_get(doc.root, "rule");
	fixtures = scan_util__yaml_get(doc.root, "fixtures");
	policy = scan_util__yaml_get(doc.root, "policy");
	if (!rule || rule->kind != SCAN_YAML_SCALAR || !fixtures || fixtures->kind != SCAN_YAML_SEQUENCE) {
		rc = scan_util__error(SCAN_EPARSE, "%s: needs rule and a fixtures list", name);
		goto done;
	}
	snprintf(id, sizeof(id), "ai/%s", rule->value);
	if (c->only && strcmp(c->only, rule->value) && strcmp(c->only, id))
		goto done;
	if (policy) {
		if (policy->kind != SCAN_YAML_SCALAR) {
			rc = scan_util__error(SCAN_EPARSE, "%s: policy must be the JSON of an AI policy", name);
			goto done;
		}
		if ((rc = scan_aiasset__policy_parse(&file_policy, policy->value, policy->len)) != 0) {
			char why[256];
			snprintf(why, sizeof(why), "%s", scan_error_last()->message);
			rc = scan_util__error(SCAN_EPARSE, "%s: policy: %s", name, why);
			goto done;
		}
		scan_aiasset__policy_overlay(&effective, &def, &file_policy);
		fp.policy = &effective;
	}
	c->found = true;
	c->rules++;
	for (size_t i = 0; i < fixtures->len; i++) {
		const scan_yaml_node *f = fixtures->items[i], *v = scan_util__yaml_get(f, "vulnerable");
		const scan_yaml_node *s = scan_util__yaml_get(f, "safe"), *content = scan_util__yaml_get(f, "content");
		const scan_yaml_node *path = v ? v : s;
		unsigned matches = 0, first = 0;
		fp.approved = scan_util__yaml_get(f, "approved");
		if (!path || (v && s) || path->kind != SCAN_YAML_SCALAR || !content || content->kind != SCAN_YAML_SCALAR ||
		    !path_ok(path->value)) {
			report(c, id, i, f->line, v != NULL, 0, 0, "a fixture needs one relative path (vulnerable or safe) and content");
			continue;
		}
		if ((rc = scan_fixture(&matches, &first, c->tmp_dir, rule->value, &fp, path->value, content->value,
		                       content->len)) != 0)
			goto done;
		v ? nvuln++ : nsafe++;
		if (v && !matches)
			report(c, id, i, f->line, true, 0, 0, "no match");
		else if (!v && matches)
			report(c, id, i, f->line, false, matches, first, "matched safe code");
		else
			report(c, id, i, f->line, v != NULL, matches, first, NULL);
	}
	if (!nvuln || !nsafe)
		report(c, id, 0, 0, false, 0, 0, "needs at least one vulnerable and one safe fixture");
done:
	scan_aiasset__policy_dispose(&file_policy);
	scan_util__yaml_dispose(&doc);
	return rc;
}

int scan_ai_rules_test(const char *rule, const char *tmp_dir, scan_rule_test_cb cb, void *payload, size_t *rules,
                       size_t *failed)
{
	run_ctx c = { rule, tmp_dir, cb, payload, 0, 0, false };
	int rc;

	*rules = *failed = 0;
	if ((rc = scan_util__rule_files_each_embedded(scan_run__ai_fixture_files, scan_run__ai_fixture_files_count,
	                                              run_file, &c)) != 0)
		return rc;
	if (rule && !c.found)
		return scan_util__error(SCAN_ENOTFOUND, "no AI rule '%s' with fixtures", rule);
	*rules = c.rules;
	*failed = c.failed;
	return 0;
}
