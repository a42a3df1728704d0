/* cmd/resolve.c - which scan or repository a command means */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_parse_id(int64_t *out, const char *what, const char *s)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (!*s || *end || errno || v <= 0 || *s == '+')
		return cli_error("%s must be a positive number, not '%s'", what, s);
	*out = v;
	return EXIT_OK;
}

int cli_resolve_repo(int64_t *repo_id, scan_store *st, const char *repo)
{
	scan_repo_list *repos = NULL;
	int rc;

	if (repo) {
		rc = scan_store_repo_find(repo_id, st, SCAN_STORE_LOCAL_ORG, repo);
		return rc ? cli_error_lib(rc) : EXIT_OK;
	}
	if ((rc = scan_store_repos(&repos, st, SCAN_STORE_LOCAL_ORG)) != 0)
		return cli_error_lib(rc);
	if (scan_repo_list_count(repos) == 1) {
		*repo_id = scan_repo_list_get(repos, 0)->id;
		rc = EXIT_OK;
	} else if (!scan_repo_list_count(repos)) {
		rc = cli_error("no repository has been scanned yet");
	} else {
		rc = cli_error("the database holds %zu repositories: name one with --repo",
		               scan_repo_list_count(repos));
	}
	scan_repo_list_free(repos);
	return rc;
}

int cli_resolve_scan(int64_t *scan_id, scan_store *st, const char *arg, const char *repo)
{
	scan_scan_list *scans = NULL;
	int64_t repo_id = 0;
	int rc;

	if (arg)
		return cli_parse_id(scan_id, "a scan id", arg);
	if (repo && (rc = cli_resolve_repo(&repo_id, st, repo)) != 0)
		return rc;
	if ((rc = scan_store_scans(&scans, st, SCAN_STORE_LOCAL_ORG, repo_id, 1)) != 0)
		return cli_error_lib(rc);
	if (!scan_scan_list_count(scans))
		rc = cli_error("no scan recorded yet: run 'rampart scan' first");
	else
		*scan_id = scan_scan_list_get(scans, 0)->id;
	scan_scan_list_free(scans);
	return rc;
}

static void doc_from_record(cli_doc *doc, const scan_scan_record *r)
{
	doc->scan_id = r->id;
	doc->repo_name = r->repo_name;
	doc->repo_url = r->repo_url;
	doc->branch = r->branch;
	doc->default_branch = r->default_branch;
	doc->commit = r->commit;
	doc->pr_number = r->pr_number;
	doc->scan_type = r->scan_type;
	doc->is_baseline_scan = r->is_baseline_scan;
	doc->created_at = r->created_at;
	doc->completed_at = r->completed_at;
}

int cli_stored_scan_load(cli_stored_scan *s, scan_store *st, int64_t scan_id, const scan_finding_filter *flt)
{
	int lrc;

	memset(s, 0, sizeof(*s));
	if ((lrc = scan_store_scan_get(&s->scan, st, SCAN_STORE_LOCAL_ORG, scan_id)) != 0 ||
	    (lrc = scan_store_findings(&s->findings, st, SCAN_STORE_LOCAL_ORG, scan_id, flt)) != 0 ||
	    (lrc = scan_store_skipped(&s->skipped, &s->nskipped, st, SCAN_STORE_LOCAL_ORG, scan_id)) != 0)
		return cli_error_lib(lrc);
	doc_from_record(&s->doc, scan_scan_list_get(s->scan, 0));
	s->doc.skipped_known = true;
	s->doc.skipped = s->skipped;
	s->doc.nskipped = s->nskipped;
	s->doc.findings = s->findings;
	return EXIT_OK;
}

void cli_stored_scan_dispose(cli_stored_scan *s)
{
	scan_store_skipped_free(s->skipped, s->nskipped);
	scan_finding_list_free(s->findings);
	scan_scan_list_free(s->scan);
	memset(s, 0, sizeof(*s));
}
