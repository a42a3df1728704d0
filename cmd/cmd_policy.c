/* cmd/cmd_policy.c - rampart policy validate|check: the dependency policy of a repository */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "cli.h"
#include "scan/sca_policy.h"

static struct {
	const char *db, *format, *output, *policy, *repo;
	cli_strlist excludes, vex;
	bool no_default;
} o;

static const cli_opt policy_opts[] = {
	{ "policy", 'p', OPT_STRING, "FILE", "check, sla: the policy file (default: PATH/.rampart-policy.yml)", &o.policy, "@file" },
	{ "no-default", 0, OPT_FLAG, NULL, "the file's rules alone, not merged onto the default policy", &o.no_default, NULL },
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "output", 'o', OPT_STRING, "FILE", "check: write the report to FILE instead of standard output", &o.output, "@file" },
	{ "exclude", 'e', OPT_LIST, "GLOB", "check: leave out paths matching GLOB (gitignore syntax; repeatable)", &o.excludes, NULL },
	{ "vex", 0, OPT_LIST, "FILE", "check: leave out what this VEX document says is not_affected (repeatable)", &o.vex, "@file" },
	{ "repo", 'r', OPT_STRING, "REPO", "sla: the repository (id, name or URL; default: the only one)", &o.repo, NULL },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

static const cli_verb policy_verbs[] = {
	{ "validate", 0, 1, "at most one FILE", "check a policy file and show the rules in force" },
	{ "check", 1, 1, "one PATH", "check a tree's dependencies against its policy (exit 1 on a blocking violation)" },
	{ "sla", 0, 0, NULL, "show the dependency findings past their fix deadline (exit 1 when any)" },
	{ 0 },
};

const cli_command cli_policy_def = {
	"policy", "rampart policy validate [FILE] | rampart policy check [options] PATH | rampart policy sla [options]",
	"Validate a dependency policy file, check a tree's dependencies against its policy (exit 1 on a "
	"blocking violation), or show which dependency findings are past their fix deadline (exit 1 when any).",
	policy_opts, cmd_policy, policy_verbs,
};

/*
 * The policy in force (scan_ops_policy_load()), its warnings shown. The
 * policy file is the repository's: untrusted, so read bounded, and when
 * found in the tree rather than named, neither through a symbolic link nor
 * required. file NULL: no file, the default alone.
 */
static int load_policy(scan_sca_policy **out, const char *file, bool explicit_file, size_t *file_rules)
{
	char *text = NULL;
	size_t len = 0;
	int rc, lrc;

	*out = NULL;
	if (file && (rc = cli_read_file(&text, &len, file, SCAN_SCA_POLICY_MAX_BYTES,
	                                explicit_file ? 0 : SCAN_FILE_OPTIONAL | SCAN_FILE_NOFOLLOW)) != EXIT_OK)
		return rc;
	lrc = scan_ops_policy_load(out, file_rules, text, len, file, o.no_default);
	free(text);
	if (lrc)
		return cli_error_lib(lrc);
	for (size_t i = 0; i < scan_sca_policy_warning_count(*out); i++)
		cli_warn("%s", scan_sca_policy_warning(*out, i));
	return EXIT_OK;
}

static const char *default_file(scan_buf *b, const char *dir)
{
	struct stat sb;

	scan_buf_clear(b);
	scan_buf_printf(b, "%s/%s", dir, SCAN_SCA_POLICY_FILE);
	if (stat(b->ptr, &sb) == 0)
		return b->ptr;
	scan_buf_clear(b);
	scan_buf_printf(b, "%s/%s", dir, SCAN_SCA_POLICY_FILE_ALT);
	if (stat(b->ptr, &sb) == 0)
		return b->ptr;
	scan_buf_clear(b);
	scan_buf_printf(b, "%s/%s", dir, SCAN_SCA_POLICY_FILE);
	return b->ptr;
}

static int policy_validate(const cli_strlist *pos, cli_format format)
{
	scan_buf path = SCAN_BUF_INIT;
	scan_sca_policy *p = NULL;
	const char *file = pos->count == 2 ? pos->items[1] : default_file(&path, ".");
	size_t file_rules;
	int rc;

	if ((rc = load_policy(&p, file, true, &file_rules)) != EXIT_OK) {
		scan_buf_dispose(&path);
		return rc;
	}
	if (format == FORMAT_JSON) {
		scan_buf out = SCAN_BUF_INIT, policy = SCAN_BUF_INIT;
		scan_json w;
		/* The library writes the policy whole; it is placed as the JSON value it already is. */
		int lrc = scan_sca_policy_write_json(&policy, p);
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "file", file);
		scan_json_bool(&w, "valid", true);
		scan_json_uint(&w, "file_rules", file_rules);
		scan_json_raw(&w, "policy", policy.ptr);
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		if (lrc || (lrc = scan_json_finish(&w)) != 0)
			rc = cli_error_lib(lrc);
		else
			fputs(out.ptr, stdout);
		scan_buf_dispose(&policy);
		scan_buf_dispose(&out);
	} else {
		cli_put_safe(stdout, file);
		printf(": valid: %zu rule%s%s, %zu ignore rule%s; %zu rules in force\n", file_rules,
		       file_rules == 1 ? "" : "s", o.no_default ? "" : " merged onto the default policy",
		       scan_sca_policy_ignore_count(p), scan_sca_policy_ignore_count(p) == 1 ? "" : "s",
		       scan_sca_policy_rule_count(p));
	}
	scan_sca_policy_free(p);
	scan_buf_dispose(&path);
	return rc;
}

static int write_report_json(scan_buf *b, const scan_sca_policy_report *r, const char *file, bool have_file)
{
	scan_json w;

	scan_json_init(&w, b, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "policy", r->policy_name);
	scan_json_str(&w, "policy_file", have_file ? file : NULL);
	scan_json_bool(&w, "passed", !r->failed);
	scan_json_bool(&w, "fail_on_violation", r->fail_on_violation);
	scan_json_uint(&w, "blocking", r->blocking);
	scan_json_uint(&w, "warnings", r->warnings);
	scan_json_uint(&w, "ignored_findings", r->ignored_findings);
	scan_json_uint(&w, "ignored_components", r->ignored_components);
	scan_json_open(&w, "rules", '[');
	for (size_t i = 0; i < r->rule_count; i++) {
		const scan_sca_rule_result *rr = &r->rules[i];
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "id", rr->rule->id);
		scan_json_str(&w, "name", rr->rule->name);
		scan_json_str(&w, "condition_type", scan_sca_condition_name(rr->rule->condition));
		scan_json_str(&w, "action", scan_sca_action_name(rr->rule->action));
		scan_json_str(&w, "status", scan_sca_rule_status_name(rr->status));
		scan_json_uint(&w, "candidates", rr->candidates);
		scan_json_uint(&w, "matched", rr->matched);
		scan_json_uint(&w, "unknown", rr->unknown);
		scan_json_str(&w, "note", rr->note);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "violations", '[');
	for (size_t i = 0; i < r->violation_count; i++) {
		const scan_sca_violation *v = &r->violations[i];
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "rule", v->rule_id);
		scan_json_str(&w, "condition_type", scan_sca_condition_name(v->condition));
		scan_json_str(&w, "action", scan_sca_action_name(v->action));
		scan_json_str(&w, "threshold", v->threshold);
		scan_json_str(&w, "actual", v->actual);
		scan_json_str(&w, "package", v->package);
		scan_json_str(&w, "version", v->version);
		scan_json_str(&w, "license", v->license);
		scan_json_str(&w, "vuln_id", v->vuln_id);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_uint(&w, "violations_not_listed", r->violations_dropped);
	scan_json_close(&w, '}');
	scan_buf_putc(b, '\n');
	return scan_json_finish(&w);
}

/*
 * A line of the text report, quoted for the terminal and ended: package
 * names, versions, licenses and rule ids are the repository's words, and
 * the formats around them hold no control characters.
 */
static void end_line(scan_buf *b, scan_buf *line)
{
	cli_buf_put_safe(b, line->ptr);
	scan_buf_putc(b, '\n');
	scan_buf_clear(line);
}

static void write_report_text(scan_buf *b, const scan_sca_policy_report *r)
{
	scan_buf line = SCAN_BUF_INIT;

	scan_buf_printf(&line, "policy '%s': %s: %zu blocking, %zu warning%s", r->policy_name,
	                r->failed ? "FAILED" : "passed", r->blocking, r->warnings, r->warnings == 1 ? "" : "s");
	end_line(b, &line);
	for (size_t i = 0; i < r->violation_count; i++) {
		const scan_sca_violation *v = &r->violations[i];
		scan_buf_printf(&line, "  %-5s %-18s %s", v->action == SCAN_SCA_ACTION_BLOCK ? "block" : "warn",
		                v->rule_id, v->package ? v->package : "");
		if (v->version)
			scan_buf_printf(&line, " %s", v->version);
		if (v->vuln_id)
			scan_buf_printf(&line, " %s", v->vuln_id);
		if (v->license)
			scan_buf_printf(&line, " license %s", v->license);
		/* A long list of licenses or packages says nothing the rule id does not. */
		if (v->threshold && strlen(v->threshold) <= 40)
			scan_buf_printf(&line, " (%s %s, found %s)", scan_sca_condition_name(v->condition), v->threshold,
			                v->actual ? v->actual : "");
		else
			scan_buf_printf(&line, " (found %s)", v->actual ? v->actual : "");
		end_line(b, &line);
	}
	if (r->violations_dropped)
		scan_buf_printf(b, "  ... and %zu more\n", r->violations_dropped);
	for (size_t i = 0; i < r->rule_count; i++)
		if (r->rules[i].status == SCAN_SCA_RULE_NOT_EVALUATED) {
			scan_buf_printf(&line, "  not evaluated: %s (%s)", r->rules[i].rule->id,
			                r->rules[i].note ? r->rules[i].note : "no data");
			end_line(b, &line);
		}
	if (r->ignored_findings || r->ignored_components)
		scan_buf_printf(b, "  ignored: %zu findings, %zu components\n", r->ignored_findings,
		                r->ignored_components);
	scan_buf_dispose(&line);
}

static int policy_check(const char *target, cli_format format)
{
	scan_options opts = SCAN_OPTIONS_INIT;
	scan_sca_policy *p = NULL;
	scan_sca_policy_report *report = NULL;
	scan_result *result = NULL;
	scan_store *store = NULL;
	scan_vulndb_reader *vulndb = NULL;
	scan_buf path = SCAN_BUF_INIT, out = CLI_REPORT_BUF_INIT;
	const char *file = o.policy ? o.policy : default_file(&path, target);
	size_t file_rules;
	int rc, lrc;

	if ((rc = load_policy(&p, file, o.policy != NULL, &file_rules)) != EXIT_OK)
		goto done;
	if ((rc = cli_open_store(&store, o.db, true)) != EXIT_OK)
		goto done;
	opts.target = target;
	cli_scan_environment(&opts, NULL);
	opts.analyzers = "sca";
	opts.excludes = o.excludes.items;
	opts.exclude_count = o.excludes.count;
	if ((rc = cli_open_vulndb(&vulndb, store)) != EXIT_OK)
		goto done;
	opts.vulndb = vulndb;
	opts.vex_files = o.vex.items;
	opts.vex_count = o.vex.count;
	if ((lrc = scan_run(&result, &opts)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	cli_warn_sca_problems(result, true);
	if ((lrc = scan_ops_policy_check(&report, store, SCAN_STORE_LOCAL_ORG, p, result, time(NULL))) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format == FORMAT_JSON && (lrc = write_report_json(&out, report, file, file_rules > 0 || o.policy)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format != FORMAT_JSON)
		write_report_text(&out, report);
	if ((rc = cli_emit(&out, o.output)) != EXIT_OK)
		goto done;
	rc = report->failed ? EXIT_FAILED : EXIT_OK;
done:
	scan_sca_policy_report_free(report);
	scan_sca_policy_free(p);
	scan_result_free(result);
	scan_vulndb_reader_free(vulndb);
	scan_store_free(store);
	scan_buf_dispose(&path);
	scan_buf_dispose(&out);
	return rc;
}

static int write_sla(scan_buf *b, cli_format format, const scan_sca_sla_status *s,
                     const scan_finding *const *open, const scan_sca_sla_policy *p)
{
	if (format == FORMAT_JSON) {
		scan_json w;
		scan_json_init(&w, b, false);
		scan_json_open(&w, NULL, '{');
		scan_json_uint(&w, "compliant", s->compliant);
		scan_json_uint(&w, "overdue", s->overdue);
		scan_json_uint(&w, "unknown", s->unknown);
		scan_json_open(&w, "policy", '{');
		scan_json_int(&w, "critical_days", (long long)p->critical_days);
		scan_json_int(&w, "high_days", (long long)p->high_days);
		scan_json_int(&w, "medium_days", (long long)p->medium_days);
		scan_json_int(&w, "low_days", (long long)p->low_days);
		scan_json_close(&w, '}');
		scan_json_open(&w, "breaches", '[');
		for (size_t i = 0; i < s->overdue; i++) {
			const scan_sca_sla_breach *br = &s->breaches[i];
			const scan_finding *f = open[br->finding];
			scan_json_open(&w, NULL, '{');
			scan_json_int(&w, "issue_id", (long long)f->id);
			scan_json_str(&w, "severity", scan_severity_name(br->severity));
			scan_json_int(&w, "days_overdue", (long long)br->days_overdue);
			scan_json_str(&w, "package_name", f->sca->package_name);
			scan_json_str(&w, "vuln_id", f->sca->vuln_id);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
		scan_buf_putc(b, '\n');
		return scan_json_finish(&w);
	}
	scan_buf_printf(b, "SLA: %zu overdue, %zu within their deadline, %zu with no first-seen time\n", s->overdue,
	                s->compliant, s->unknown);
	for (size_t i = 0; i < s->overdue; i++) {
		const scan_sca_sla_breach *br = &s->breaches[i];
		const scan_finding *f = open[br->finding];
		scan_buf line = SCAN_BUF_INIT;
		scan_buf_printf(&line, "  %-6lld %-8s %s %s %s: %lld day%s overdue", (long long)f->id,
		                scan_severity_name(br->severity), f->sca->package_name,
		                f->sca->installed_version ? f->sca->installed_version : "", f->sca->vuln_id,
		                (long long)br->days_overdue, br->days_overdue == 1 ? "" : "s");
		end_line(b, &line);
		scan_buf_dispose(&line);
	}
	return 0;
}

/*
 * The SLA of the newest scan of a repository: its open dependency findings
 * (those triaged as needing no fix left out), each on the clock since the
 * repository first had it.
 */
static int policy_sla(cli_format format)
{
	scan_store *st = NULL;
	scan_sca_policy *p = NULL;
	scan_sla_view view;
	scan_buf out = CLI_REPORT_BUF_INIT;
	int64_t scan_id, repo_id;
	size_t file_rules;
	int rc, lrc;

	memset(&view, 0, sizeof(view));
	if ((rc = load_policy(&p, o.policy, true, &file_rules)) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, true)) != EXIT_OK || (rc = cli_resolve_repo(&repo_id, st, o.repo)) != EXIT_OK ||
	    (rc = cli_resolve_scan(&scan_id, st, NULL, o.repo)) != EXIT_OK)
		goto done;
	if ((lrc = scan_ops_sla(&view, st, SCAN_STORE_LOCAL_ORG, repo_id, scan_id, p, time(NULL))) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if ((lrc = write_sla(&out, format, &view.status, view.open, scan_sca_policy_sla(p))) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if ((rc = cli_emit(&out, o.output)) == EXIT_OK)
		rc = view.status.overdue ? EXIT_FAILED : EXIT_OK;
done:
	scan_sla_view_dispose(&view);
	scan_sca_policy_free(p);
	scan_store_free(st);
	scan_buf_dispose(&out);
	return rc;
}

int cmd_policy(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	cli_format format;
	bool help;
	const cli_verb *verb;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_policy_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (format == FORMAT_SARIF) {
		rc = cli_error("policy: --format takes text or json");
		goto done;
	}
	if ((rc = cli_verb_of(&verb, &cli_policy_def, &pos, false)) != EXIT_OK)
		goto done;
	if (cli_verb_is(verb, "validate"))
		rc = policy_validate(&pos, format);
	else if (cli_verb_is(verb, "check"))
		rc = policy_check(pos.items[1], format);
	else
		rc = policy_sla(format);
done:
	cli_strlist_dispose(&pos);
	cli_strlist_dispose(&o.excludes);
	cli_strlist_dispose(&o.vex);
	return rc;
}
