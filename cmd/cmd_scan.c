/* cmd/cmd_scan.c - rampart scan: run analyzers, store the result, report */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

static struct {
	const char *db, *format, *output, *branch, *default_branch, *token_env, *analyzers;
	const char *scan_type, *fail_on, *fail_on_new, *secret_rules, *rules, *baseline_ref;
	cli_strlist excludes, vex, test_paths;
	bool no_default_excludes, follow_symlinks, stats, no_store, quiet, history, verify, no_builtin_rules;
	bool no_suppressions, include_tests;
	bool history_enclosing;
	bool fail_on_skip;
	long long jobs, min_confidence, max_file_size, pr;
} o;

static const cli_opt scan_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text, json or sarif", &o.format, "text|json|sarif" },
	{ "output", 'o', OPT_STRING, "FILE", "write the report to FILE instead of standard output", &o.output, "@file" },
	{ "branch", 0, OPT_STRING, "NAME", "branch to check out (URL), or the branch this tree is", &o.branch, NULL },
	{ "default-branch", 0, OPT_STRING, "NAME", "the repository's default branch (default: detected)", &o.default_branch, NULL },
	{ "token-env", 0, OPT_STRING, "NAME", "environment variable holding the https token (default: RAMPART_GIT_TOKEN)", &o.token_env, NULL },
	{ "analyzers", 'a', OPT_STRING, "LIST", "comma-separated analyzers to run, 'all' or 'none'", &o.analyzers, NULL },
	{ "exclude", 'e', OPT_LIST, "GLOB", "leave out paths matching GLOB (gitignore syntax; repeatable)", &o.excludes, NULL },
	{ "no-default-excludes", 0, OPT_FLAG, NULL, "also scan node_modules, vendor, build output and bundles", &o.no_default_excludes, NULL },
	{ "follow-symlinks", 0, OPT_FLAG, NULL, "follow symlinks whose target is inside the scanned tree", &o.follow_symlinks, NULL },
	{ "jobs", 'j', OPT_INT, "N", "worker threads (default: the number of cores)", &o.jobs, NULL },
	{ "min-confidence", 0, OPT_INT, "N", "drop findings below confidence N, 0-100 (default: 80)", &o.min_confidence, NULL },
	{ "max-file-size", 0, OPT_INT, "BYTES", "skip the contents of larger files (default: 8 MiB)", &o.max_file_size, NULL },
	{ "secret-rules", 0, OPT_STRING, "DIR", "add the secret rules in DIR/*.yaml to the built-in pack", &o.secret_rules, "@dir" },
	{ "rules", 0, OPT_STRING, "DIR", "add the code and IaC rules under DIR to the built-in packs", &o.rules, "@dir" },
	{ "no-builtin-rules", 0, OPT_FLAG, NULL, "run only the code and IaC rules of --rules and .rampart/rules", &o.no_builtin_rules, NULL },
	{ "scan-type", 0, OPT_STRING, "TYPE", "smart or deep (deep also scans git history)", &o.scan_type, "smart|deep" },
	{ "history", 0, OPT_FLAG, NULL, "also scan every blob in the git history for secrets", &o.history, NULL },
	{ "history-from-enclosing-repo", 0, OPT_FLAG, NULL, "history of a directory without its own .git: the enclosing repository's, of its paths", &o.history_enclosing, NULL },
	{ "verify", 0, OPT_FLAG, NULL, "ask each provider whether a found credential is live (sends it there)", &o.verify, NULL },
	{ "pr", 0, OPT_INT, "N", "pull request number the scan belongs to (default: from CI variables)", &o.pr, NULL },
	{ "baseline-ref", 0, OPT_STRING, "REF", "judge new findings against the merge base with REF in git, not the stored baseline", &o.baseline_ref, NULL },
	{ "vex", 0, OPT_LIST, "FILE", "leave out what this VEX document says is not_affected (repeatable)", &o.vex, "@file" },
	{ "include-tests", 0, OPT_FLAG, NULL, "judge test and example code as production code (gate, severity, measures)", &o.include_tests, NULL },
	{ "test-path", 0, OPT_LIST, "GLOB", "also treat paths matching GLOB as test code (gitignore syntax, '!' takes back; repeatable)", &o.test_paths, NULL },
	{ "no-suppressions", 0, OPT_FLAG, NULL, "ignore rampart:ignore, nosec, nosemgrep, NOSONAR and noqa comments", &o.no_suppressions, NULL },
	{ "fail-on", 0, OPT_STRING, "SEVERITY", "exit 1 when a finding at SEVERITY or above exists", &o.fail_on, "critical|high|medium|low" },
	{ "fail-on-new", 0, OPT_STRING, "SEVERITY", "exit 1 when a new finding at SEVERITY or above exists", &o.fail_on_new, "critical|high|medium|low" },
	{ "fail-on-skip", 0, OPT_FLAG, NULL, "exit 1 when a file could not be (fully) analyzed", &o.fail_on_skip, NULL },
	{ "stats", 0, OPT_FLAG, NULL, "report files, bytes and per-analyzer time", &o.stats, NULL },
	{ "no-store", 0, OPT_FLAG, NULL, "do not record the scan in the database (its advisories are still read)", &o.no_store, NULL },
	{ "quiet", 'q', OPT_FLAG, NULL, "no progress line", &o.quiet, NULL },
	{ 0 },
};

const cli_command cli_scan_def = {
	"scan", "rampart scan [options] PATH|URL",
	"Scan a directory, a git work tree or a git URL; store the findings and the gate status.",
	scan_opts, cmd_scan, NULL,
};

/*
 * A branch's new findings: against the stored baseline of the default branch
 * when there is one; else, or with --baseline-ref, against git (a CI runner
 * starts with no database).
 */
static int judge_new(scan_result *result, scan_store *store, const scan_options *opts)
{
	const scan_repo_info *ri = scan_result_repo(result);
	const char *why = NULL;
	bool stored = false;
	int lrc;

	if (!ri->is_git) {
		if (o.baseline_ref)
			return cli_error("scan: --baseline-ref needs a git work tree");
		return EXIT_OK;
	}
	/* On the default branch nothing is new, unless asked against a ref (a pre-commit hook: against HEAD). */
	if (ri->is_baseline_scan && !o.baseline_ref)
		return EXIT_OK;
	if (!o.baseline_ref && store && (lrc = scan_store_has_baseline(&stored, store, SCAN_STORE_LOCAL_ORG, ri->url, ri->default_branch)) != 0)
		return cli_error_lib(lrc);
	if (stored)
		return EXIT_OK;
	if ((lrc = scan_result_new_from_git(result, opts, o.baseline_ref, &why)) != 0)
		return cli_error_lib(lrc);
	if (why && o.baseline_ref)
		return cli_error("scan: --baseline-ref '%s': %s", o.baseline_ref, why);
	if (why)
		cli_warn("no stored baseline and none from git (%s): every finding of the branch counts as new", why);
	return EXIT_OK;
}

static void progress(const scan_progress *p, void *payload)
{
	double mb = (double)p->bytes_done / 1e6;

	(void)payload;
	fprintf(stderr, "\r\033[Kscanning: %llu/%llu files, %.1f MB, %.1f MB/s",
	        (unsigned long long)p->files_done, (unsigned long long)p->files_total, mb,
	        p->seconds > 0 ? mb / p->seconds : 0.0);
	fflush(stderr);
}

/* One line per rule with findings suppressed by comments, in rule order. */
static void print_suppressions(const scan_finding_list *l)
{
	const char *rule = "";
	size_t count;

	while ((rule = cli_next_suppressed_rule(l, rule, &count)) != NULL) {
		fputs("suppressed: ", stderr);
		cli_put_safe(stderr, rule);
		fprintf(stderr, " %zu\n", count);
	}
}

static void print_stats(const scan_stats *s)
{
	double mb = (double)s->bytes_read / 1e6;

	fprintf(stderr, "files: %llu listed, %llu scanned, %llu binary, %llu too large, %llu unreadable, "
	        "%llu ignored, %llu symlinks skipped\n",
	        (unsigned long long)s->files_seen, (unsigned long long)s->files_scanned,
	        (unsigned long long)s->files_binary, (unsigned long long)s->files_too_large,
	        (unsigned long long)s->files_unreadable, (unsigned long long)s->files_ignored,
	        (unsigned long long)s->symlinks_skipped);
	fprintf(stderr, "read: %.1f MB in %.3f s (%.1f MB/s, %u jobs); walk %.3f s; %llu findings below confidence\n",
	        mb, s->wall_seconds, s->wall_seconds > 0 ? mb / s->wall_seconds : 0.0, s->jobs, s->walk_seconds,
	        (unsigned long long)s->findings_below_confidence);
	if (s->history_commits)
		fprintf(stderr, "history: %llu commits, %llu unique blobs, %.1f MB in %.3f s (%.1f MB/s)\n",
		        (unsigned long long)s->history_commits, (unsigned long long)s->history_blobs,
		        (double)s->history_bytes / 1e6, s->history_seconds,
		        s->history_seconds > 0 ? (double)s->history_bytes / 1e6 / s->history_seconds : 0.0);
	if (s->files_parsed || s->files_skipped) {
		/* A file with syntax errors counts as parsed (the rest of it is analyzed): say how many. */
		uint64_t clean = s->files_parsed - s->files_parse_errors;
		uint64_t all = s->files_parsed + s->files_parse_skipped;
		fprintf(stderr, "parsed: %llu files, %llu of them with syntax errors (analyzed around the errors), "
		        "%llu skipped; parse coverage %.1f%%, %.1f%% without syntax errors\n",
		        (unsigned long long)s->files_parsed, (unsigned long long)s->files_parse_errors,
		        (unsigned long long)s->files_skipped, s->parse_coverage_pct,
		        all ? 100.0 * (double)clean / (double)all : 100.0);
	}
	for (size_t i = 0; i < s->skipped_count; i++) {
		fputs("  skipped ", stderr);
		cli_put_safe(stderr, s->skipped[i].path);
		fputs(": ", stderr);
		cli_put_safe(stderr, s->skipped[i].reason);
		fputc('\n', stderr);
	}
	fprintf(stderr, "%-12s %-8s %10s %9s %10s\n", "analyzer", "version", "files", "findings", "cpu s");
	for (size_t i = 0; i < s->analyzer_count; i++)
		fprintf(stderr, "%-12s %-8s %10llu %9llu %10.3f\n", s->analyzers[i].name, s->analyzers[i].version,
		        (unsigned long long)s->analyzers[i].files, (unsigned long long)s->analyzers[i].findings,
		        s->analyzers[i].cpu_seconds);
}

/* The database names a file that is there or a server (--no-store creates none). */
static bool database_exists(const char *db)
{
	struct stat st;

	return scan_store_is_server(db) || stat(db, &st) == 0;
}

static bool fails_threshold(const scan_finding_list *l, scan_severity min, bool new_only)
{
	for (size_t i = 0; i < scan_finding_list_count(l); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		if (scan_finding_counts(f) && f->severity >= min && (!new_only || f->is_new_in_pr))
			return true;
	}
	return false;
}

int cmd_scan(int argc, char **argv)
{
	scan_options opts = SCAN_OPTIONS_INIT;
	cli_strlist pos = { 0 };
	scan_result *result = NULL;
	const scan_quality_summary *quality;
	scan_store *store = NULL;
	scan_vulndb_reader *vulndb = NULL;
	const char *target = NULL;
	bool own_dir;
	scan_gate_report *gate = NULL;
	scan_ai_records ai_run = { 0 };
	scan_severity fail_sev = SCAN_SEV_LOW, fail_new_sev = SCAN_SEV_LOW;
	cli_format format;
	cli_doc doc;
	int64_t scan_id = 0;
	bool help, show_progress;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	o.min_confidence = SCAN_DEFAULT_MIN_CONFIDENCE;
	o.jobs = -1;
	o.max_file_size = -1;
	if ((rc = cli_parse(&cli_scan_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (pos.count != 1) {
		rc = cli_error("scan: name exactly one PATH or URL to scan (see 'rampart scan --help')");
		goto done;
	}
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (o.fail_on_new && scan_severity_parse(&fail_new_sev, o.fail_on_new) != 0) {
		rc = cli_error("scan: --fail-on-new takes critical, high, medium or low, not '%s'", o.fail_on_new);
		goto done;
	}
	if (o.fail_on && scan_severity_parse(&fail_sev, o.fail_on) != 0) {
		rc = cli_error("scan: --fail-on takes critical, high, medium or low, not '%s'", o.fail_on);
		goto done;
	}
	if (o.min_confidence < 0 || o.min_confidence > 100) {
		rc = cli_error("scan: --min-confidence takes 0 to 100, not %lld", o.min_confidence);
		goto done;
	}
	if (o.jobs == 0 || o.jobs < -1 || o.jobs > 256) {
		rc = cli_error("scan: --jobs takes 1 to 256, not %lld", o.jobs);
		goto done;
	}
	if (o.max_file_size == 0 || o.max_file_size < -1) {
		rc = cli_error("scan: --max-file-size takes a positive number of bytes");
		goto done;
	}
	if (o.pr < 0) {
		rc = cli_error("scan: --pr takes a positive number");
		goto done;
	}
	/*
	 * Open the store first: a bad --db should fail before minutes of scanning.
	 * --no-store records nothing, but dependencies are still matched against
	 * the vulnerability database, read-only, when there is one.
	 */
	if (!o.no_store)
		rc = cli_open_store(&store, o.db, false);
	else if ((rc = cli_store_target(&target, &own_dir, o.db)) == EXIT_OK && database_exists(target))
		rc = cli_open_store(&store, o.db, true);
	if (rc != EXIT_OK)
		goto done;

	opts.target = pos.items[0];
	opts.branch = o.branch;
	opts.default_branch = o.default_branch;
	cli_scan_environment(&opts, o.token_env);
	opts.analyzers = o.analyzers;
	opts.excludes = o.excludes.items;
	opts.exclude_count = o.excludes.count;
	opts.no_default_excludes = o.no_default_excludes;
	opts.follow_symlinks = o.follow_symlinks;
	opts.jobs = o.jobs > 0 ? (unsigned)o.jobs : 0;
	opts.min_confidence = (unsigned)o.min_confidence;
	opts.max_file_size = o.max_file_size > 0 ? (uint64_t)o.max_file_size : 0;
	opts.scan_type = o.scan_type;
	opts.secret_rules_dir = o.secret_rules;
	opts.rules_dir = o.rules;
	opts.no_builtin_rules = o.no_builtin_rules;
	opts.no_suppressions = o.no_suppressions;
	opts.include_tests = o.include_tests;
	opts.test_paths = o.test_paths.items;
	opts.test_path_count = o.test_paths.count;
	opts.history = o.history;
	opts.history_from_enclosing_repo = o.history_enclosing;
	opts.verify = o.verify;
	opts.pr_number = o.pr;
	if ((rc = cli_open_vulndb(&vulndb, store)) != EXIT_OK)
		goto done;
	opts.vulndb = vulndb;
	opts.vex_files = o.vex.items;
	opts.vex_count = o.vex.count;
	show_progress = !o.quiet && isatty(STDERR_FILENO);
	if (show_progress)
		opts.progress = progress;

	lrc = scan_run(&result, &opts);
	if (show_progress)
		fprintf(stderr, "\r\033[K");
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	cli_warn_sca_problems(result, true);
	{
		size_t ncomp = 0;
		scan_result_components(result, &ncomp);
		if (!store && ncomp)
			cli_warn("no vulnerability database (--no-store creates none), so no dependency was checked: "
			         "run 'rampart db update' or 'rampart db import PATH'");
	}
	cli_warn_skipped(scan_result_stats(result)->skipped, scan_result_stats(result)->skipped_count);
	if ((rc = judge_new(result, store, &opts)) != EXIT_OK)
		goto done;
	if ((quality = scan_result_quality(result)) && quality->duplication_files_skipped)
		fprintf(stderr, "rampart: warning: duplication left out %llu files, the last in path order, "
		        "over its token limit (docs/metrics.md)\n",
		        (unsigned long long)quality->duplication_files_skipped);
	if (store && !o.no_store) {
		if ((lrc = scan_ops_record(&scan_id, store, SCAN_STORE_LOCAL_ORG, result)) != 0 ||
		    (lrc = scan_ops_gate_evaluate(&gate, store, SCAN_STORE_LOCAL_ORG, scan_id, 0)) != 0 || /* as stored, with every condition */
		    (lrc = scan_store_ai_run_of_scan(&ai_run, store, SCAN_STORE_LOCAL_ORG, scan_id)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
	}

	const scan_repo_info *ri = scan_result_repo(result);
	memset(&doc, 0, sizeof(doc));
	doc.scan_id = scan_id;
	doc.repo_name = ri->name;
	doc.repo_url = ri->url;
	doc.source = ri->source;
	doc.branch = ri->branch;
	doc.default_branch = ri->default_branch;
	doc.commit = ri->commit;
	doc.pr_number = ri->pr_number;
	doc.scan_type = ri->scan_type;
	doc.is_baseline_scan = ri->is_baseline_scan;
	doc.created_at = ri->started_at;
	doc.completed_at = ri->completed_at;
	doc.findings = scan_result_findings(result);
	doc.gate = gate;
	doc.stats = o.stats ? scan_result_stats(result) : NULL;
	doc.metrics = scan_result_metrics(result, &doc.nmetrics);
	doc.quality = scan_result_quality(result);
	doc.run = scan_result_stats(result);
	doc.root = ri->root;
	doc.sca_problems = scan_result_sca_problems(result, &doc.nsca_problems);
	doc.ai = scan_result_ai(result);
	doc.ai_run = ai_run.count ? &ai_run.runs[0] : NULL;
	doc.skipped_known = true;
	doc.skipped = doc.run->skipped;
	doc.nskipped = doc.run->skipped_count;

	if (format == FORMAT_TEXT && !o.output) {
		cli_write_text(stdout, &doc, cli_use_color(stdout));
		if (scan_id) {
			printf("scan %lld stored in ", (long long)scan_id);
			cli_put_safe(stdout, scan_store_path(store));
			printf("\n");
		}
		fflush(stdout);
	} else if ((rc = cli_emit_doc(&doc, format, o.output)) != 0) {
		goto done;
	}
	if (o.stats && format == FORMAT_TEXT) {
		print_stats(scan_result_stats(result));
		print_suppressions(doc.findings);
	}
	rc = (o.fail_on && fails_threshold(doc.findings, fail_sev, false)) ||
	     (o.fail_on_new && fails_threshold(doc.findings, fail_new_sev, true)) ||
	     (o.fail_on_skip && scan_result_stats(result)->files_skipped) ? EXIT_FAILED : EXIT_OK;
	/* The AI policy's gate, when the organization turned it on, fails the scan like --fail-on. */
	if (doc.ai_run && doc.ai_run->policy_gate && !strcmp(doc.ai_run->policy_status, "failed")) {
		cli_warn("the AI policy failed (rampart ai runs; docs/ai.md)");
		rc = EXIT_FAILED;
	}

done:
	scan_ai_records_dispose(&ai_run);
	scan_gate_report_free(gate);
	scan_result_free(result);
	scan_vulndb_reader_free(vulndb);
	scan_store_free(store);
	cli_strlist_dispose(&pos);
	cli_strlist_dispose(&o.excludes);
	cli_strlist_dispose(&o.vex);
	cli_strlist_dispose(&o.test_paths);
	return rc;
}
