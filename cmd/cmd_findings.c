/* cmd/cmd_findings.c - rampart findings: list and filter, mark false positives, triage dependency findings */
#include <string.h>
#include "cli.h"

static struct {
	const char *db, *format, *output, *repo, *severity, *rule, *path, *category, *reason, *status, *justification;
	bool new_only, include_fp;
} o;

static const cli_opt findings_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text, json or sarif", &o.format, "text|json|sarif" },
	{ "output", 'o', OPT_STRING, "FILE", "write the list to FILE instead of standard output", &o.output, "@file" },
	{ "repo", 'r', OPT_STRING, "REPO", "the newest scan of this repository (id, name or URL)", &o.repo, NULL },
	{ "severity", 's', OPT_STRING, "SEVERITY", "only findings at SEVERITY or above", &o.severity, "critical|high|medium|low" },
	{ "new", 'n', OPT_FLAG, NULL, "only findings new on this branch (not in the baseline)", &o.new_only, NULL },
	{ "rule", 0, OPT_STRING, "RULE", "only findings of this rule id", &o.rule, NULL },
	{ "path", 0, OPT_STRING, "PREFIX", "only findings in files under PREFIX", &o.path, NULL },
	{ "category", 0, OPT_STRING, "CATEGORY", "only this category", &o.category, "security|secret|iac|quality|sca|ai" },
	{ "include-fp", 0, OPT_FLAG, NULL, "also list findings marked false positive", &o.include_fp, NULL },
	{ "reason", 0, OPT_STRING, "TEXT", "mark-fp: why the finding is a false positive", &o.reason, NULL },
	{ "status", 0, OPT_STRING, "STATE", "triage: the decision", &o.status,
	  "open|accepted_risk|not_applicable|false_positive|wont_fix|in_progress|fixed" },
	{ "justification", 0, OPT_STRING, "TEXT", "triage: why (a VEX justification label or free text)", &o.justification, NULL },
	{ 0 },
};

static const cli_verb findings_verbs[] = {
	{ "mark-fp", 1, 1, "one ISSUE_ID", "mark a finding a false positive (with --reason); later scans inherit it" },
	{ "unmark", 1, 1, "one ISSUE_ID", "take the false-positive mark off a finding" },
	{ "triage", 1, 1, "one ISSUE_ID", "decide about a dependency finding (with --status)" },
	{ 0 },
};

const cli_command cli_findings_def = {
	"findings", "rampart findings [options] [SCAN_ID]\n       rampart findings mark-fp ISSUE_ID --reason TEXT\n"
	"       rampart findings unmark ISSUE_ID\n"
	"       rampart findings triage ISSUE_ID --status STATE [--justification TEXT]",
	"List the findings of a scan; mark or unmark one as a false positive; triage a dependency finding.",
	findings_opts, cmd_findings, findings_verbs,
};

static int mark(scan_store *st, const cli_strlist *pos, bool is_fp)
{
	int64_t id;
	int rc;

	if ((rc = cli_parse_id(&id, "an issue id", pos->items[1])) != 0)
		return rc;
	if (is_fp && (!o.reason || !*o.reason))
		return cli_error("findings mark-fp: give the reason with --reason TEXT");
	if ((rc = scan_ops_mark_fp(st, SCAN_STORE_LOCAL_ORG, SCAN_STORE_LOCAL_USER, id, is_fp, o.reason)) != 0)
		return cli_error_lib(rc);
	printf("finding %lld %s\n", (long long)id, is_fp ? "marked false positive" : "no longer marked false positive");
	return EXIT_OK;
}

/* The decision holds for the vulnerability in that package across the repository's scans. */
static int triage(scan_store *st, const cli_strlist *pos)
{
	int64_t id;
	int rc;

	if ((rc = cli_parse_id(&id, "an issue id", pos->items[1])) != 0)
		return rc;
	if (!o.status)
		return cli_error("findings triage: give the decision with --status STATE");
	if ((rc = scan_ops_triage_set(st, SCAN_STORE_LOCAL_ORG, id, o.status, o.justification, 0)) != 0)
		return cli_error_lib(rc);
	printf("finding %lld triaged %s\n", (long long)id, o.status);
	return EXIT_OK;
}

int cmd_findings(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	cli_stored_scan loaded = { 0 };
	const scan_finding_list *findings;
	scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
	cli_format format;
	int64_t scan_id = 0;
	bool help;
	const cli_verb *verb = NULL;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_findings_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (o.severity) {
		if (scan_severity_parse(&flt.min_severity, o.severity) != 0) {
			rc = cli_error("findings: --severity takes critical, high, medium or low, not '%s'", o.severity);
			goto done;
		}
		flt.has_min_severity = true;
	}
	if (o.category) {
		if (scan_category_parse(&flt.category, o.category) != 0) {
			rc = cli_error("findings: unknown category '%s'", o.category);
			goto done;
		}
		flt.has_category = true;
	}
	/* Listing only reads: a write-protected database still shows its findings. */
	if ((rc = cli_verb_of(&verb, &cli_findings_def, &pos, true)) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, !verb)) != 0)
		goto done;
	if (verb) {
		rc = cli_verb_is(verb, "triage") ? triage(st, &pos) : mark(st, &pos, cli_verb_is(verb, "mark-fp"));
		goto done;
	}
	if (pos.count > 1) {
		rc = cli_error("findings: at most one SCAN_ID");
		goto done;
	}
	if ((rc = cli_resolve_scan(&scan_id, st, pos.count ? pos.items[0] : NULL, o.repo)) != 0)
		goto done;
	flt.new_only = o.new_only;
	flt.include_fp = o.include_fp;
	flt.rule_id = o.rule;
	flt.path_prefix = o.path;
	if ((rc = cli_stored_scan_load(&loaded, st, scan_id, &flt)) != 0)
		goto done;
	findings = loaded.findings;
	if (format == FORMAT_TEXT && !o.output) {
		scan_buf path = SCAN_BUF_INIT, rule = SCAN_BUF_INIT;
		for (size_t i = 0; i < scan_finding_list_count(findings); i++) {
			const scan_finding *f = scan_finding_list_get(findings, i);
			printf("%-6lld %-8s %s:%u %s%s%s%s%s\n", (long long)f->id,
			       f->sca && f->sca->unrated ? "unrated" : scan_severity_name(f->severity),
			       cli_safe(&path, f->file_path), f->line_number, cli_safe(&rule, f->rule_id),
			       f->is_new_in_pr ? " [new]" : "", f->user_marked_fp ? " [false positive]" : "",
			       f->suppressed ? " [suppressed]" : "", f->in_test ? " [test code]" : "");
		}
		scan_buf_dispose(&path);
		scan_buf_dispose(&rule);
		printf("%zu finding%s in scan %lld\n", scan_finding_list_count(findings),
		       scan_finding_list_count(findings) == 1 ? "" : "s", (long long)scan_id);
		cli_print_skipped_note(stdout, loaded.nskipped);
	} else {
		/* text to a file is the JSON document: a list is for reading on a terminal */
		rc = cli_emit_doc(&loaded.doc, format == FORMAT_SARIF ? FORMAT_SARIF : FORMAT_JSON, o.output);
	}
done:
	cli_stored_scan_dispose(&loaded);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
