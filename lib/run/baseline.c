/* lib/run/baseline.c - which findings a branch adds, judged against git when no stored baseline can say */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "scan/buf.h"
#include "run/result.h"
#include "source/newcode.h"
#include "util/error.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool changed(const scan_base_snapshot *s, const char *path)
{
	return s->nchanged && bsearch(&path, s->changed, s->nchanged, sizeof(*s->changed), cmp_str) != NULL;
}

static int cmp_fp(const void *a, const void *b)
{
	return memcmp(a, b, SCAN_FINGERPRINT_LEN);
}

/* The base's findings in the changed files, scanned with the head's options and rules. */
static int scan_base(scan_result **out, const scan_result *r, const scan_options *opts, const scan_base_snapshot *s)
{
	scan_options o = *opts;
	scan_buf rules = SCAN_BUF_INIT;
	struct stat st;
	int rc;

	o.target = s->dir;
	o.branch = o.default_branch = NULL;
	o.history = false;
	o.scan_type = NULL;
	o.progress = NULL;
	o.pr_number = 0;
	/* The repository's own rules live in the head's tree: the base is judged by the same ones. */
	if (!o.rules_dir) {
		scan_buf_printf(&rules, "%s/.rampart/rules", r->repo.root);
		if (!scan_buf_failed(&rules) && lstat(rules.ptr, &st) == 0 && S_ISDIR(st.st_mode))
			o.rules_dir = rules.ptr;
	}
	rc = scan_run(out, &o);
	scan_buf_dispose(&rules);
	return rc;
}

int scan_result_new_from_git(scan_result *r, const scan_options *opts, const char *ref, const char **why)
{
	scan_base_snapshot *s = NULL;
	scan_result *base = NULL;
	char (*fps)[SCAN_FINGERPRINT_LEN] = NULL;
	size_t n = scan_finding_list_count(r->findings), nfp = 0, nbase = 0;
	int rc;

	*why = NULL;
	if (!r->repo.is_git) {
		*why = "not a git work tree";
		return 0;
	}
	if ((rc = scan_source__base_snapshot(&s, why, r->repo.root, r->repo.default_branch, ref, opts->tmp_dir)) != 0 || !s)
		return rc;
	if ((rc = scan_base(&base, r, opts, s)) != 0)
		goto done;
	nbase = scan_finding_list_count(base->findings);
	if (!(fps = malloc((n + nbase + 1) * sizeof(*fps)))) {
		rc = scan_error__oom();
		goto done;
	}
	/* What was there before: the base's findings in changed files, and every finding of an unchanged file. */
	for (size_t i = 0; i < nbase; i++)
		memcpy(fps[nfp++], scan_finding_list_get(base->findings, i)->fingerprint, SCAN_FINGERPRINT_LEN);
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(r->findings, i);
		if (!changed(s, f->file_path))
			memcpy(fps[nfp++], f->fingerprint, SCAN_FINGERPRINT_LEN);
	}
	qsort(fps, nfp, sizeof(*fps), cmp_fp);
	for (size_t i = 0; i < n; i++) {
		scan_finding *f = scan_model__finding_list_at(r->findings, i);
		f->is_new_in_pr = f->in_head && !bsearch(f->fingerprint, fps, nfp, sizeof(*fps), cmp_fp);
	}
	r->new_from_git = true;
	memcpy(r->new_base, s->base, sizeof(r->new_base));
done:
	free(fps);
	scan_result_free(base);
	scan_source__base_snapshot_free(s);
	return rc;
}
