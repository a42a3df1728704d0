/* cmd/format_json.c - the rampart/scan/v1 JSON document (docs/json-output.md) */
#include <math.h>
#include <string.h>
#include <time.h>
#include "cli.h"

#define JSON_SCHEMA_ID "rampart/scan/v1"

/* ---- the document ---- */

typedef struct {
	unsigned long long sev[SCAN_SEV_CRITICAL + 1];
	unsigned long long total;
} sev_counts;

static void count_findings(sev_counts *all, sev_counts *new_in_pr, const scan_finding_list *l)
{
	size_t n = scan_finding_list_count(l);

	memset(all, 0, sizeof(*all));
	memset(new_in_pr, 0, sizeof(*new_in_pr));
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		unsigned s = (unsigned)f->severity <= SCAN_SEV_CRITICAL ? (unsigned)f->severity : 0;

		/* A false positive, a suppressed finding or test code (but its secrets) is not one to act on. */
		if (!scan_finding_counts(f))
			continue;
		all->sev[s]++;
		all->total++;
		if (f->is_new_in_pr) {
			new_in_pr->sev[s]++;
			new_in_pr->total++;
		}
	}
}

static void write_counts(scan_json *w, const char *key, const sev_counts *c)
{
	if (key)
		scan_json_open(w, key, '{');
	scan_json_uint(w, "critical", c->sev[SCAN_SEV_CRITICAL]);
	scan_json_uint(w, "high", c->sev[SCAN_SEV_HIGH]);
	scan_json_uint(w, "medium", c->sev[SCAN_SEV_MEDIUM]);
	scan_json_uint(w, "low", c->sev[SCAN_SEV_LOW]);
	scan_json_uint(w, "total", c->total);
	if (key)
		scan_json_close(w, '}');
}

static void write_scan(scan_json *w, const cli_doc *doc)
{
	scan_json_open(w, "scan", '{');
	scan_json_id(w, "id", doc->scan_id);
	scan_json_str(w, "repo_name", doc->repo_name);
	scan_json_str(w, "repo_url", doc->repo_url);
	scan_json_str(w, "source", doc->source);
	scan_json_str(w, "branch", doc->branch);
	scan_json_str(w, "default_branch", doc->default_branch);
	scan_json_str(w, "commit", doc->commit);
	scan_json_id(w, "pr_number", doc->pr_number);
	scan_json_str(w, "scan_type", doc->scan_type);
	scan_json_bool(w, "is_baseline_scan", doc->is_baseline_scan);
	scan_json_str(w, "status", "completed");
	scan_json_uint(w, "issues_count", (unsigned long long)scan_finding_list_count(doc->findings));
	scan_json_time(w, "created_at", (long long)doc->created_at);
	scan_json_time(w, "completed_at", (long long)doc->completed_at);
	scan_json_close(w, '}');
}

static void write_stats(scan_json *w, const scan_stats *st)
{
	scan_json_open(w, "stats", '{');
	scan_json_uint(w, "files_seen", st->files_seen);
	scan_json_uint(w, "files_scanned", st->files_scanned);
	scan_json_uint(w, "files_binary", st->files_binary);
	scan_json_uint(w, "files_too_large", st->files_too_large);
	scan_json_uint(w, "files_unreadable", st->files_unreadable);
	scan_json_uint(w, "files_ignored", st->files_ignored);
	scan_json_uint(w, "symlinks_skipped", st->symlinks_skipped);
	scan_json_uint(w, "history_commits", st->history_commits);
	scan_json_uint(w, "history_blobs", st->history_blobs);
	scan_json_uint(w, "history_bytes", st->history_bytes);
	scan_json_num_fmt(w, "history_seconds", st->history_seconds, -3);
	scan_json_uint(w, "bytes_read", st->bytes_read);
	scan_json_uint(w, "findings_below_confidence", st->findings_below_confidence);
	scan_json_num_fmt(w, "walk_seconds", st->walk_seconds, -3);
	scan_json_num_fmt(w, "wall_seconds", st->wall_seconds, -3);
	scan_json_uint(w, "jobs", st->jobs);
	scan_json_uint(w, "files_parsed", st->files_parsed);
	scan_json_uint(w, "files_parse_errors", st->files_parse_errors);
	scan_json_uint(w, "files_skipped", st->files_skipped);
	scan_json_num_fmt(w, "parse_coverage_pct", st->parse_coverage_pct, 6);
	scan_json_open(w, "analyzers", '[');
	for (size_t i = 0; st->analyzers && i < st->analyzer_count; i++) {
		const scan_analyzer_stats *a = &st->analyzers[i];
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "name", a->name);
		scan_json_str(w, "version", a->version);
		scan_json_uint(w, "files", a->files);
		scan_json_uint(w, "findings", a->findings);
		scan_json_num_fmt(w, "cpu_seconds", a->cpu_seconds, -3);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

static void write_function(scan_json *w, const scan_function_metrics *fn)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "name", fn->name);
	scan_json_uint(w, "line", fn->line);
	scan_json_uint(w, "end_line", fn->end_line);
	scan_json_uint(w, "code_lines", fn->code_lines);
	scan_json_uint(w, "cyclomatic", fn->cyclomatic);
	scan_json_uint(w, "cognitive", fn->cognitive);
	scan_json_uint(w, "params", fn->params);
	scan_json_uint(w, "nesting", fn->nesting);
	scan_json_close(w, '}');
}

/* Totals of production code (test code is left out, as the summary leaves it), then each file with its functions. */
static void write_metrics(scan_json *w, const scan_file_metrics *m, size_t n)
{
	unsigned long long lines = 0, code = 0, comment = 0, blank = 0, fns = 0, cyc = 0, cog = 0, dup = 0, blocks = 0;
	unsigned long long dup_skipped = 0, tests = 0, generated = 0;
	for (size_t i = 0; i < n; i++) {
		if (m[i].in_test || m[i].generated) {
			tests += m[i].in_test;
			generated += !m[i].in_test;
			continue;
		}
		dup += m[i].duplicated_lines, blocks += m[i].duplicated_blocks, dup_skipped += m[i].duplication_skipped;
		lines += m[i].lines, code += m[i].code_lines, comment += m[i].comment_lines;
		blank += m[i].blank_lines, fns += m[i].nfunctions;
		cyc += m[i].cyclomatic, cog += m[i].cognitive;
	}
	scan_json_open(w, "metrics", '{');
	scan_json_uint(w, "file_count", n - tests - generated);
	scan_json_uint(w, "test_file_count", tests);
	scan_json_uint(w, "generated_file_count", generated);
	scan_json_uint(w, "lines", lines);
	scan_json_uint(w, "code_lines", code);
	scan_json_uint(w, "comment_lines", comment);
	scan_json_uint(w, "blank_lines", blank);
	scan_json_uint(w, "functions", fns);
	scan_json_uint(w, "cyclomatic", cyc);
	scan_json_uint(w, "cognitive", cog);
	scan_json_uint(w, "duplicated_lines", dup);
	scan_json_uint(w, "duplicated_blocks", blocks);
	scan_json_num_fmt(w, "duplication_pct", code ? 100.0 * (double)dup / (double)code : 0.0, 6);
	scan_json_uint(w, "duplication_files_skipped", dup_skipped);
	scan_json_open(w, "files", '[');
	for (size_t i = 0; i < n && !scan_buf_failed(w->b); i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "path", m[i].path);
		scan_json_str(w, "language", m[i].language);
		scan_json_bool(w, "in_test", m[i].in_test);
		scan_json_bool(w, "generated", m[i].generated);
		scan_json_uint(w, "lines", m[i].lines);
		scan_json_uint(w, "code_lines", m[i].code_lines);
		scan_json_uint(w, "comment_lines", m[i].comment_lines);
		scan_json_uint(w, "blank_lines", m[i].blank_lines);
		scan_json_uint(w, "cyclomatic", m[i].cyclomatic);
		scan_json_uint(w, "cognitive", m[i].cognitive);
		scan_json_uint(w, "duplicated_lines", m[i].duplicated_lines);
		scan_json_uint(w, "duplicated_blocks", m[i].duplicated_blocks);
		scan_json_num_fmt(w, "duplication_pct", m[i].code_lines ? 100.0 * m[i].duplicated_lines / m[i].code_lines : 0.0, 6);
		scan_json_bool(w, "duplication_skipped", m[i].duplication_skipped);
		scan_json_uint(w, "new_lines", m[i].new_lines);
		scan_json_uint(w, "new_duplicated_lines", m[i].new_duplicated_lines);
		scan_json_open(w, "functions", '[');
		for (uint32_t k = 0; k < m[i].nfunctions; k++)
			write_function(w, &m[i].functions[k]);
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

/* Ratings, debt and new code (spec 2.10), with the version of each analyzer that ran. */
static void write_quality(scan_json *w, const cli_doc *doc)
{
	scan_tool_version tools[32];
	size_t n = 0;

	for (size_t i = 0; doc->run && i < doc->run->analyzer_count && n < 32; i++, n++)
		tools[n].name = doc->run->analyzers[i].name, tools[n].version = doc->run->analyzers[i].version;
	scan_quality_summary_json(w, "quality", doc->quality, tools, n);
}

/* What the scan could not look at, whole or in part: never silently "clean". */
static void write_skipped(scan_json *w, const cli_doc *doc)
{
	scan_json_uint(w, "files_skipped", doc->nskipped);
	scan_json_open(w, "skipped", '[');
	for (size_t i = 0; i < doc->nskipped; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "path", doc->skipped[i].path);
		scan_json_str(w, "reason", doc->skipped[i].reason);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

/* What the dependency scan could not read: a CI job must see a lockfile that was skipped. */
static void write_sca_problems(scan_json *w, const cli_doc *doc)
{
	scan_json_open(w, "sca_problems", '[');
	for (size_t i = 0; i < doc->nsca_problems; i++) {
		const scan_sca_problem *p = &doc->sca_problems[i];
		scan_json_open(w, NULL, '{');
		if (p->file)
			scan_json_str(w, "file_path", p->file);
		if (p->line)
			scan_json_uint(w, "line_number", p->line);
		scan_json_str(w, "message", p->message);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

const char *cli_next_suppressed_rule(const scan_finding_list *l, const char *after, size_t *count)
{
	size_t n = scan_finding_list_count(l);
	const char *next = NULL;

	*count = 0;
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		if (!f->suppressed || strcmp(f->rule_id, after) <= 0)
			continue;
		if (!next || strcmp(f->rule_id, next) < 0)
			next = f->rule_id, *count = 0;
		if (!strcmp(f->rule_id, next))
			(*count)++;
	}
	return next;
}

/* Rule id -> how many of its findings a comment suppressed, rules in order. */
static void write_suppressions_by_rule(scan_json *w, const scan_finding_list *l)
{
	const char *rule = "";
	size_t count;

	scan_json_open(w, "suppressions_by_rule", '{');
	while ((rule = cli_next_suppressed_rule(l, rule, &count)) != NULL)
		scan_json_uint(w, rule, count);
	scan_json_close(w, '}');
}

int cli_write_json(scan_buf *out, const cli_doc *doc)
{
	scan_json w;
	sev_counts all, new_in_pr;
	size_t n = scan_finding_list_count(doc->findings);

	count_findings(&all, &new_in_pr, doc->findings);
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "schema", JSON_SCHEMA_ID);
	scan_json_open(&w, "tool", '{');
	scan_json_str(&w, "name", "rampart");
	scan_json_str(&w, "version", scan_version());
	scan_json_close(&w, '}');
	write_scan(&w, doc);
	scan_json_open(&w, "summary", '{');
	write_counts(&w, NULL, &all);
	write_counts(&w, "new_in_pr", &new_in_pr);
	scan_json_close(&w, '}');
	scan_json_open(&w, "findings", '[');
	/* A full buffer stays full: stop early instead of formatting into nothing. */
	for (size_t i = 0; i < n && !scan_buf_failed(out); i++)
		scan_finding_json(&w, scan_finding_list_get(doc->findings, i));
	scan_json_close(&w, ']');
	write_suppressions_by_rule(&w, doc->findings);
	{
		scan_gate_scan gs = { doc->scan_id, doc->default_branch, doc->branch, doc->is_baseline_scan, { 0 } };
		memcpy(gs.new_in_pr, new_in_pr.sev, sizeof(gs.new_in_pr));
		scan_gate_report_json(&w, "gate", doc->gate, &gs);
	}
	if (doc->skipped_known)
		write_skipped(&w, doc);
	if (doc->nsca_problems)
		write_sca_problems(&w, doc);
	if (doc->ai)
		scan_ai_inventory_json(&w, "ai", doc->ai);
	if (doc->ai_run && doc->ai_run->policy_result)
		scan_json_raw(&w, "ai_policy", doc->ai_run->policy_result);
	if (doc->stats)
		write_stats(&w, doc->stats);
	if (doc->nmetrics)
		write_metrics(&w, doc->metrics, doc->nmetrics);
	if (doc->quality)
		write_quality(&w, doc);
	else if (doc->quality_json) {
		scan_json_raw(&w, "quality", doc->quality_json);
	}
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	return scan_json_finish(&w);
}
