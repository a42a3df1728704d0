/*
 * lib/ops/policy.c - the dependency policy of a repository: the policy in
 * force (its file merged onto the default), a scanned tree checked against
 * it with the repository's triage applied, and the fix deadlines (SLA) of
 * a stored scan's open dependency findings.
 */
#include <stdlib.h>
#include <string.h>
#include "scan/license.h"
#include "scan/ops.h"
#include "util/error.h"

int scan_ops_policy_load(scan_sca_policy **out, size_t *file_rules, const char *yaml, size_t len, const char *name,
                         bool no_default)
{
	scan_sca_policy *base = NULL, *fp = NULL;
	int rc;

	*out = NULL;
	*file_rules = 0;
	if (yaml) {
		if ((rc = scan_sca_policy_parse_yaml(&fp, yaml, len, name, NULL)) != 0)
			return rc;
		*file_rules = scan_sca_policy_rule_count(fp);
		if (no_default) {
			*out = fp;
			return 0;
		}
	}
	if ((rc = scan_sca_policy_default(&base)) != 0 || !fp) {
		scan_sca_policy_free(fp);
		*out = rc ? NULL : base;
		return rc;
	}
	rc = scan_sca_policy_merge(out, base, fp);
	scan_sca_policy_free(base);
	/* The merge keeps what it needs; the file's warnings travel with the merged policy. */
	scan_sca_policy_free(fp);
	return rc;
}

static int license_class(const char *license)
{
	if (!license)
		return SCAN_SCA_LICENSE_UNKNOWN;
	switch (scan_license_classify(license)) {
	case SCAN_LICENSE_PERMISSIVE:
		return SCAN_SCA_LICENSE_PERMISSIVE;
	case SCAN_LICENSE_UNKNOWN:
		return SCAN_SCA_LICENSE_UNKNOWN;
	default:
		return SCAN_SCA_LICENSE_COPYLEFT;
	}
}

/* Whether the repository's triage decided this vulnerability of this package needs no fix. */
static bool triaged_away(const scan_triage_list *tl, const scan_finding_sca *v)
{
	for (size_t k = 0; v && k < scan_triage_list_count(tl); k++) {
		const scan_triage *t = scan_triage_list_get(tl, k);
		scan_sca_triage state;
		if (!strcmp(t->vuln_id, v->vuln_id) && !strcmp(t->ecosystem, v->ecosystem) &&
		    !strcmp(t->package_name, v->package_name))
			return scan_sca_triage_parse(&state, t->status) == 0 && scan_sca_triage_suppresses(state);
	}
	return false;
}

/* The repository's triage decisions; none for a tree the store has never recorded (or no store). */
static int repo_triage(scan_triage_list **out, scan_store *st, int64_t org, const scan_repo_info *ri)
{
	int64_t repo_id;

	*out = NULL;
	if (!st || scan_store_repo_find(&repo_id, st, org, ri->url ? ri->url : ri->name) != 0)
		return 0;
	return scan_store_triage_list(out, st, org, repo_id);
}

int scan_ops_policy_check(scan_sca_policy_report **out, scan_store *st, int64_t org, const scan_sca_policy *p,
                          const scan_result *r, time_t now)
{
	scan_sca_policy_input in = SCAN_SCA_POLICY_INPUT_INIT;
	const scan_finding_list *fl = scan_result_findings(r);
	scan_triage_list *tl = NULL;
	const scan_finding **findings = NULL;
	time_t *published = NULL;
	bool *suppressed = NULL;
	int *classes = NULL;
	size_t nfind = scan_finding_list_count(fl);
	int rc;

	*out = NULL;
	in.components = scan_result_components(r, &in.ncomponents);
	classes = calloc(in.ncomponents + 1, sizeof(*classes));
	findings = calloc(nfind + 1, sizeof(*findings));
	published = calloc(nfind + 1, sizeof(*published));
	suppressed = calloc(nfind + 1, sizeof(*suppressed));
	if (!classes || !findings || !published || !suppressed) {
		rc = scan_error__oom();
		goto done;
	}
	if ((rc = repo_triage(&tl, st, org, scan_result_repo(r))) != 0)
		goto done;
	for (size_t i = 0; i < in.ncomponents; i++)
		classes[i] = license_class(in.components[i].license);
	/* Findings triaged as needing no fix (accepted_risk, not_applicable, ...) are left out, as spec 2.11 means. */
	for (size_t i = 0; i < nfind; i++) {
		findings[i] = scan_finding_list_get(fl, i);
		published[i] = findings[i]->sca ? findings[i]->sca->published : 0;
		suppressed[i] = triaged_away(tl, findings[i]->sca);
	}
	in.suppressed = suppressed;
	in.license_class = classes;
	in.findings = findings;
	in.nfindings = nfind;
	in.published = published;
	in.now = now;
	rc = scan_sca_policy_evaluate(out, p, &in);
done:
	scan_triage_list_free(tl);
	free(classes);
	free(findings);
	free(published);
	free(suppressed);
	return rc;
}

void scan_sla_view_dispose(scan_sla_view *v)
{
	scan_sca_sla_status_dispose(&v->status);
	free(v->open);
	scan_finding_list_free(v->findings);
	memset(v, 0, sizeof(*v));
}

int scan_ops_sla(scan_sla_view *out, scan_store *st, int64_t org, int64_t repo_id, int64_t scan_id,
                 const scan_sca_policy *p, time_t now)
{
	scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
	scan_triage_list *tl = NULL;
	scan_sca_sla_item *items = NULL;
	time_t *seen = NULL;
	size_t n;
	int rc;

	memset(out, 0, sizeof(*out));
	flt.category = SCAN_CAT_SCA;
	flt.has_category = true;
	if ((rc = scan_store_findings(&out->findings, st, org, scan_id, &flt)) != 0 ||
	    (rc = scan_store_triage_list(&tl, st, org, repo_id)) != 0)
		goto done;
	n = scan_finding_list_count(out->findings);
	out->open = calloc(n + 1, sizeof(*out->open));
	items = calloc(n + 1, sizeof(*items));
	seen = calloc(n + 1, sizeof(*seen));
	if (!out->open || !items || !seen) {
		rc = scan_error__oom();
		goto done;
	}
	/* Each finding is on the clock since the repository first had it. */
	if ((rc = scan_store_first_seen(seen, st, org, scan_id, out->findings)) != 0)
		goto done;
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(out->findings, i);
		if (!f->sca || triaged_away(tl, f->sca))
			continue;
		items[out->nopen].severity = f->severity;
		items[out->nopen].first_seen = seen[i];
		out->open[out->nopen++] = f;
	}
	rc = scan_sca_sla_evaluate(&out->status, scan_sca_policy_sla(p), items, out->nopen, now);
done:
	scan_triage_list_free(tl);
	free(items);
	free(seen);
	if (rc)
		scan_sla_view_dispose(out);
	return rc;
}
