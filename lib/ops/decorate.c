/* lib/ops/decorate.c - a pull request's scan, its verdict and new findings posted back to the pull request */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/ops.h"
#include "scan/seal.h"
#include "util/error.h"

/* What the review shows (summary, already written), recorded whatever happened. */
static int note(const char *summary, scan_store *st, int64_t org, int64_t scan_id)
{
	return scan_store_pr_review_decorated(st, org, scan_id, summary, time(NULL));
}

/* The new findings of the scan, worst first, with the counts by severity. */
static int new_findings(scan_finding_list **out, int64_t counts[4], scan_store *st, int64_t org, int64_t scan_id)
{
	scan_finding_filter f = SCAN_FINDING_FILTER_INIT;
	int rc;

	f.new_only = true;
	f.include_fp = false;
	if ((rc = scan_store_findings(out, st, org, scan_id, &f)) != 0)
		return rc;
	for (size_t i = 0; i < scan_finding_list_count(*out); i++) {
		scan_severity s = scan_finding_list_get(*out, i)->severity;
		if ((unsigned)s < 4)
			counts[SCAN_SEV_CRITICAL - s]++; /* critical first */
	}
	return 0;
}

int scan_ops_pr_decorate(char *summary, size_t cap, scan_store *st, int64_t org, int64_t scan_id,
                         const scan_decorate_options *o)
{
	scan_pr_review_list *reviews = NULL;
	scan_repo_integration_list *il = NULL;
	scan_gate_report *gate = NULL;
	scan_finding_list *findings = NULL;
	scan_decoration_finding *shown = NULL;
	scan_decoration d;
	const scan_pr_review *r;
	const scan_repo_integration *in;
	scan_provider p;
	char *token = NULL, link[2300], posted[512];
	int rc;

	snprintf(summary, cap, "not a pull request's scan");
	if ((rc = scan_store_pr_reviews_of_scan(&reviews, st, org, scan_id)) != 0 || !scan_pr_review_list_count(reviews))
		goto done;
	r = scan_pr_review_list_get(reviews, 0);
	if ((rc = scan_store_repo_integration(&il, st, org, r->repo_id)) == SCAN_ENOTFOUND ||
	    (!rc && !scan_repo_integration_list_get(il, 0)->token_sealed)) {
		snprintf(summary, cap, "not posted: the repository has no provider token");
		rc = note(summary, st, org, scan_id);
		goto done;
	}
	if (rc)
		goto done;
	in = scan_repo_integration_list_get(il, 0);
	if (strcmp(in->provider, r->provider) != 0) {
		snprintf(summary, cap, "not posted: the repository's token is for %s", in->provider);
		rc = note(summary, st, org, scan_id);
		goto done;
	}
	if (!o || !o->token_key) {
		snprintf(summary, cap, "not posted: this worker has no key to open the token");
		rc = note(summary, st, org, scan_id);
		goto done;
	}
	if (scan_unseal(&token, o->token_key, in->token_sealed) != 0) {
		snprintf(summary, cap, "not posted: cannot open the repository's token: %s", scan_error_last()->message);
		rc = note(summary, st, org, scan_id);
		goto done;
	}
	if (scan_provider_parse(&p, r->provider) != 0 || !r->repo_full_name) {
		snprintf(summary, cap, "not posted: the review names no %s repository", r->provider);
		rc = note(summary, st, org, scan_id);
		goto done;
	}
	memset(&d, 0, sizeof(d));
	if ((rc = scan_store_gate_stored(&gate, st, org, scan_id)) == 0)
		d.gate_status = scan_gate_status_name(gate->status);
	else if (rc == SCAN_ENOTFOUND)
		d.gate_status = "not_configured";
	else
		goto done;
	if ((rc = new_findings(&findings, d.new_counts, st, org, scan_id)) != 0)
		goto done;
	d.nfindings = scan_finding_list_count(findings);
	if (d.nfindings && !(shown = calloc(d.nfindings, sizeof(*shown)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < d.nfindings; i++) {
		const scan_finding *f = scan_finding_list_get(findings, i);
		shown[i] = (scan_decoration_finding){ f->file_path, f->line_number, scan_severity_name(f->severity),
		                                      f->rule_id, f->title };
	}
	d.provider = p;
	d.api_url = o->provider_api ? o->provider_api[p] : NULL;
	d.token = token;
	d.repo_full_name = r->repo_full_name;
	d.number = r->pr_number;
	d.head_sha = r->head_sha;
	d.scan_id = scan_id;
	d.issues = r->issues;
	d.findings = shown;
	if (o->public_url) {
		snprintf(link, sizeof(link), "%s/api/scans/%lld", o->public_url, (long long)scan_id);
		d.details_url = link;
	}
	if (scan_provider_decorate(posted, sizeof(posted), &d) != 0)
		snprintf(summary, cap, "failed: %s", scan_error_last()->message);
	else
		snprintf(summary, cap, "%s", posted);
	rc = note(summary, st, org, scan_id);
done:
	if (token) {
		explicit_bzero(token, strlen(token));
		free(token);
	}
	free(shown);
	scan_finding_list_free(findings);
	scan_gate_report_free(gate);
	scan_repo_integration_list_free(il);
	scan_pr_review_list_free(reviews);
	return rc;
}
