/* cmd/format_json.c - the rampart/scan/v1 JSON document (docs/json-output.md) */
#include <math.h>
#include <string.h>
#include <time.h>
#include "cli.h"

#define JSON_SCHEMA_ID "rampart/scan/v1"

/* ---- strings ---- */

/*
 * Length of the well-formed UTF-8 sequence at p (Unicode table 3-7), or 0
 * with *bad set to the length of its maximal ill-formed subpart, which is
 * what one U+FFFD replaces (the W3C/Unicode "substitution of maximal
 * subparts" practice, so every decoder agrees on how many U+FFFD appear).
 * Never reads past a NUL: NUL is not a continuation byte.
 */
static size_t utf8_len(const unsigned char *p, size_t *bad)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t n;

	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
	} else if (c == 0xE0) {
		n = 3;
		lo = 0xA0; /* below is an overlong form */
	} else if (c == 0xED) {
		n = 3;
		hi = 0x9F; /* above are the UTF-16 surrogates */
	} else if (c >= 0xE1 && c <= 0xEF) {
		n = 3;
	} else if (c == 0xF0) {
		n = 4;
		lo = 0x90; /* overlong */
	} else if (c >= 0xF1 && c <= 0xF3) {
		n = 4;
	} else if (c == 0xF4) {
		n = 4;
		hi = 0x8F; /* above U+10FFFF */
	} else {
		*bad = 1; /* a stray continuation byte, C0, C1 or F5..FF */
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		unsigned char min = i == 1 ? lo : 0x80, max = i == 1 ? hi : 0xBF;
		if (p[i] < min || p[i] > max) {
			*bad = i;
			return 0;
		}
	}
	return n;
}

/*
 * Besides what JSON requires, C1 controls are escaped so a hostile file
 * name cannot drive a terminal that shows the output, and U+2028/U+2029 so
 * the document is also a valid JavaScript literal.
 */
static bool must_escape(const unsigned char *p, size_t n)
{
	if (n == 2)
		return p[0] == 0xC2 && p[1] < 0xA0;
	return n == 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9);
}

void cli_json_string(scan_buf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run;
	size_t n = 0, bad = 1;

	if (!s) {
		scan_buf_puts(out, "null");
		return;
	}
	scan_buf_putc(out, '"');
	for (;;) {
		/* Copy runs of bytes that need no escaping in one append. */
		for (run = p;; p += n) {
			if (*p >= 0x20 && *p < 0x7F && *p != '"' && *p != '\\')
				n = 1;
			else if (*p < 0x80 || !(n = utf8_len(p, &bad)) || must_escape(p, n))
				break;
		}
		scan_buf_put(out, run, (size_t)(p - run));
		if (!*p)
			break;
		if (*p == '"' || *p == '\\') {
			scan_buf_putc(out, '\\');
			scan_buf_putc(out, (char)*p++);
		} else if (*p < 0x80) {
			scan_buf_printf(out, "\\u%04x", *p++);
		} else if (n) {
			/* must_escape: C1 control (2 bytes) or U+2028/9 (3 bytes) */
			scan_buf_printf(out, "\\u%04x", n == 2 ? p[1] : 0x2000u + (p[2] & 0x3Fu));
			p += n;
		} else {
			scan_buf_puts(out, "\xEF\xBF\xBD");
			p += bad;
		}
	}
	scan_buf_putc(out, '"');
}

/* ---- a pretty-printing writer ---- */

/*
 * Streams straight into the buffer: a scan can hold 100k findings, and a
 * tree of them would cost several times the document. One flag is enough
 * to place commas: an opened container has written nothing yet, a closed
 * one counts as its parent's latest element.
 */
typedef struct {
	scan_buf *b;
	unsigned depth;
	bool first;
} jw;

static void jw_next(jw *w, const char *key)
{
	static const char spaces[] = "                                ";
	size_t indent = 2 * (size_t)w->depth;

	scan_buf_puts(w->b, w->first ? "\n" : ",\n");
	scan_buf_put(w->b, spaces, indent < sizeof(spaces) - 1 ? indent : sizeof(spaces) - 1);
	w->first = false;
	if (key) {
		cli_json_string(w->b, key);
		scan_buf_puts(w->b, ": ");
	}
}

static void jw_open(jw *w, const char *key, char c)
{
	jw_next(w, key);
	scan_buf_putc(w->b, c);
	w->depth++;
	w->first = true;
}

static void jw_close(jw *w, char c)
{
	bool empty = w->first;

	w->depth--;
	if (!empty) {
		w->first = true; /* newline without a comma */
		jw_next(w, NULL);
	}
	scan_buf_putc(w->b, c);
	w->first = false;
}

static void jw_str(jw *w, const char *key, const char *s)
{
	jw_next(w, key);
	cli_json_string(w->b, s);
}

static void jw_uint(jw *w, const char *key, unsigned long long v)
{
	jw_next(w, key);
	scan_buf_printf(w->b, "%llu", v);
}

/* Row ids and PR numbers: 0 means "none", which JSON says as null. */
static void jw_id(jw *w, const char *key, int64_t v)
{
	jw_next(w, key);
	if (v)
		scan_buf_printf(w->b, "%lld", (long long)v);
	else
		scan_buf_puts(w->b, "null");
}

static void jw_bool(jw *w, const char *key, bool v)
{
	jw_next(w, key);
	scan_buf_puts(w->b, v ? "true" : "false");
}

/* JSON has no NaN or infinity; a metric that is neither is null. */
static void jw_num(jw *w, const char *key, double v)
{
	jw_next(w, key);
	if (isfinite(v))
		scan_buf_printf(w->b, "%.6g", v);
	else
		scan_buf_puts(w->b, "null");
}

static void jw_seconds(jw *w, const char *key, double v)
{
	jw_next(w, key);
	if (isfinite(v))
		scan_buf_printf(w->b, "%.3f", v);
	else
		scan_buf_puts(w->b, "null");
}

/* 0 is "never happened" throughout the model. */
static void jw_time(jw *w, const char *key, time_t t)
{
	struct tm tm;
	char s[64];

	jw_next(w, key);
	if (!t || !gmtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%SZ", &tm)) {
		scan_buf_puts(w->b, "null");
		return;
	}
	scan_buf_printf(w->b, "\"%s\"", s);
}

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

static void write_counts(jw *w, const char *key, const sev_counts *c)
{
	if (key)
		jw_open(w, key, '{');
	jw_uint(w, "critical", c->sev[SCAN_SEV_CRITICAL]);
	jw_uint(w, "high", c->sev[SCAN_SEV_HIGH]);
	jw_uint(w, "medium", c->sev[SCAN_SEV_MEDIUM]);
	jw_uint(w, "low", c->sev[SCAN_SEV_LOW]);
	jw_uint(w, "total", c->total);
	if (key)
		jw_close(w, '}');
}

static void write_scan(jw *w, const cli_doc *doc)
{
	jw_open(w, "scan", '{');
	jw_id(w, "id", doc->scan_id);
	jw_str(w, "repo_name", doc->repo_name);
	jw_str(w, "repo_url", doc->repo_url);
	jw_str(w, "source", doc->source);
	jw_str(w, "branch", doc->branch);
	jw_str(w, "default_branch", doc->default_branch);
	jw_str(w, "commit", doc->commit);
	jw_id(w, "pr_number", doc->pr_number);
	jw_str(w, "scan_type", doc->scan_type);
	jw_bool(w, "is_baseline_scan", doc->is_baseline_scan);
	jw_str(w, "status", "completed");
	jw_uint(w, "issues_count", (unsigned long long)scan_finding_list_count(doc->findings));
	jw_time(w, "created_at", doc->created_at);
	jw_time(w, "completed_at", doc->completed_at);
	jw_close(w, '}');
}

static void write_finding(jw *w, const scan_finding *f)
{
	jw_open(w, NULL, '{');
	jw_id(w, "id", f->id);
	jw_id(w, "scan_id", f->scan_id);
	jw_str(w, "rule_id", f->rule_id);
	jw_str(w, "title", f->title);
	jw_str(w, "tool", f->tool);
	jw_str(w, "category", scan_category_name(f->category));
	jw_str(w, "file_path", f->file_path);
	jw_uint(w, "line_number", f->line_number);
	jw_uint(w, "end_line", f->end_line);
	jw_uint(w, "column", f->column);
	jw_uint(w, "end_column", f->end_column);
	jw_str(w, "description", f->description);
	jw_str(w, "remediation", f->remediation);
	jw_str(w, "fix", f->fix);
	jw_str(w, "cwe_id", f->cwe_id);
	jw_str(w, "severity", scan_severity_name(f->severity));
	if (f->cvss_score >= 0)
		jw_num(w, "cvss_score", f->cvss_score);
	else
		jw_str(w, "cvss_score", NULL);
	jw_uint(w, "confidence", f->confidence);
	jw_str(w, "snippet", f->snippet);
	jw_str(w, "fingerprint", f->fingerprint);
	jw_bool(w, "is_new_in_pr", f->is_new_in_pr);
	jw_bool(w, "user_marked_fp", f->user_marked_fp);
	jw_time(w, "fp_marked_at", f->fp_marked_at);
	jw_str(w, "fp_reason", f->fp_reason);
	jw_str(w, "secret_hash", f->secret_hash);
	jw_str(w, "commit", f->commit);
	jw_time(w, "commit_time", f->commit_time);
	jw_bool(w, "in_head", f->in_head);
	jw_str(w, "verified", f->verified);
	jw_bool(w, "in_test", f->in_test);
	jw_bool(w, "suppressed", f->suppressed);
	if (f->suppressed) {
		jw_open(w, "suppression", '{');
		jw_str(w, "kind", f->suppression_kind);
		jw_str(w, "reason", f->suppression_reason);
		jw_close(w, '}');
	} else {
		jw_str(w, "suppression", NULL);
	}
	if (f->sca) {
		const scan_finding_sca *v = f->sca;
		jw_str(w, "vuln_id", v->vuln_id);
		jw_str(w, "cve_id", v->cve_id);
		jw_str(w, "aliases", v->aliases);
		jw_str(w, "ecosystem", v->ecosystem);
		jw_str(w, "package_name", v->package_name);
		jw_str(w, "installed_version", v->installed_version);
		jw_str(w, "fixed_version", v->fixed_version);
		jw_str(w, "purl", v->purl);
		if (v->epss_score >= 0) {
			jw_num(w, "epss_score", v->epss_score);
			jw_num(w, "epss_percentile", v->epss_percentile);
		} else {
			jw_str(w, "epss_score", NULL);
			jw_str(w, "epss_percentile", NULL);
		}
		jw_bool(w, "kev_listed", v->kev_listed);
		jw_bool(w, "is_direct", v->direct);
		jw_num(w, "risk_score", v->risk_score);
		jw_str(w, "priority_label", v->priority_label);
		jw_time(w, "published", v->published);
		jw_str(w, "cvss_vector", v->cvss_vector);
		jw_bool(w, "unrated", v->unrated);
		jw_str(w, "rated_by", v->rated_by);
	}
	jw_close(w, '}');
}

static void write_violations(jw *w, const char *key, const scan_gate_violation *v, size_t n)
{
	jw_open(w, key, '[');
	for (size_t i = 0; i < n; i++) {
		jw_open(w, NULL, '{');
		jw_str(w, "rule", v[i].rule);
		jw_num(w, "threshold", v[i].threshold);
		jw_num(w, "actual", v[i].actual);
		jw_str(w, "severity", v[i].severity);
		if (v[i].waived) {
			jw_bool(w, "waived", true);
			jw_id(w, "waiver_id", v[i].waiver_id);
			jw_str(w, "waiver_scope", v[i].waiver_scope);
		}
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

static void write_gate(jw *w, const cli_doc *doc, const sev_counts *new_in_pr)
{
	const scan_gate_report *g = doc->gate;

	if (!g) {
		jw_str(w, "gate", NULL);
		return;
	}
	jw_open(w, "gate", '{');
	jw_id(w, "scan_id", doc->scan_id);
	jw_str(w, "status", scan_gate_status_name(g->status));
	write_violations(w, "violations", g->violations, g->violation_count);
	write_violations(w, "waived_violations", g->waived, g->waived_count);
	jw_str(w, "policy_version", SCAN_POLICY_VERSION);
	if (g->condition_count) {
		jw_open(w, "conditions", '[');
		for (size_t i = 0; i < g->condition_count; i++) {
			const scan_gate_condition *c = &g->conditions[i];
			jw_open(w, NULL, '{');
			jw_str(w, "rule", c->rule);
			jw_num(w, "threshold", c->threshold);
			if (c->status == SCAN_COND_NOT_MEASURED) {
				jw_next(w, "actual");
				scan_buf_puts(w->b, "null");
			} else {
				jw_num(w, "actual", c->actual);
			}
			jw_str(w, "status", scan_condition_status_name(c->status));
			jw_close(w, '}');
		}
		jw_close(w, ']');
	}
	jw_next(w, "policy");
	scan_policy_write_json(w->b, &g->config.policy);
	jw_bool(w, "applies_to_new_code_only", g->config.applies_to_new_code_only);
	jw_str(w, "default_branch", doc->default_branch);
	jw_str(w, "scanned_branch", doc->branch);
	jw_bool(w, "is_baseline_scan", doc->is_baseline_scan);
	write_counts(w, "new_in_pr", new_in_pr);
	jw_close(w, '}');
}

static void write_stats(jw *w, const scan_stats *st)
{
	jw_open(w, "stats", '{');
	jw_uint(w, "files_seen", st->files_seen);
	jw_uint(w, "files_scanned", st->files_scanned);
	jw_uint(w, "files_binary", st->files_binary);
	jw_uint(w, "files_too_large", st->files_too_large);
	jw_uint(w, "files_unreadable", st->files_unreadable);
	jw_uint(w, "files_ignored", st->files_ignored);
	jw_uint(w, "symlinks_skipped", st->symlinks_skipped);
	jw_uint(w, "history_commits", st->history_commits);
	jw_uint(w, "history_blobs", st->history_blobs);
	jw_uint(w, "history_bytes", st->history_bytes);
	jw_seconds(w, "history_seconds", st->history_seconds);
	jw_uint(w, "bytes_read", st->bytes_read);
	jw_uint(w, "findings_below_confidence", st->findings_below_confidence);
	jw_seconds(w, "walk_seconds", st->walk_seconds);
	jw_seconds(w, "wall_seconds", st->wall_seconds);
	jw_uint(w, "jobs", st->jobs);
	jw_uint(w, "files_parsed", st->files_parsed);
	jw_uint(w, "files_parse_errors", st->files_parse_errors);
	jw_uint(w, "files_skipped", st->files_skipped);
	jw_num(w, "parse_coverage_pct", st->parse_coverage_pct);
	jw_open(w, "analyzers", '[');
	for (size_t i = 0; st->analyzers && i < st->analyzer_count; i++) {
		const scan_analyzer_stats *a = &st->analyzers[i];
		jw_open(w, NULL, '{');
		jw_str(w, "name", a->name);
		jw_str(w, "version", a->version);
		jw_uint(w, "files", a->files);
		jw_uint(w, "findings", a->findings);
		jw_seconds(w, "cpu_seconds", a->cpu_seconds);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

static void write_function(jw *w, const scan_function_metrics *fn)
{
	jw_open(w, NULL, '{');
	jw_str(w, "name", fn->name);
	jw_uint(w, "line", fn->line);
	jw_uint(w, "end_line", fn->end_line);
	jw_uint(w, "code_lines", fn->code_lines);
	jw_uint(w, "cyclomatic", fn->cyclomatic);
	jw_uint(w, "cognitive", fn->cognitive);
	jw_uint(w, "params", fn->params);
	jw_uint(w, "nesting", fn->nesting);
	jw_close(w, '}');
}

/* Totals of production code (test code is left out, as the summary leaves it), then each file with its functions. */
static void write_metrics(jw *w, const scan_file_metrics *m, size_t n)
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
	jw_open(w, "metrics", '{');
	jw_uint(w, "file_count", n - tests - generated);
	jw_uint(w, "test_file_count", tests);
	jw_uint(w, "generated_file_count", generated);
	jw_uint(w, "lines", lines);
	jw_uint(w, "code_lines", code);
	jw_uint(w, "comment_lines", comment);
	jw_uint(w, "blank_lines", blank);
	jw_uint(w, "functions", fns);
	jw_uint(w, "cyclomatic", cyc);
	jw_uint(w, "cognitive", cog);
	jw_uint(w, "duplicated_lines", dup);
	jw_uint(w, "duplicated_blocks", blocks);
	jw_num(w, "duplication_pct", code ? 100.0 * (double)dup / (double)code : 0.0);
	jw_uint(w, "duplication_files_skipped", dup_skipped);
	jw_open(w, "files", '[');
	for (size_t i = 0; i < n && !scan_buf_failed(w->b); i++) {
		jw_open(w, NULL, '{');
		jw_str(w, "path", m[i].path);
		jw_str(w, "language", m[i].language);
		jw_bool(w, "in_test", m[i].in_test);
		jw_bool(w, "generated", m[i].generated);
		jw_uint(w, "lines", m[i].lines);
		jw_uint(w, "code_lines", m[i].code_lines);
		jw_uint(w, "comment_lines", m[i].comment_lines);
		jw_uint(w, "blank_lines", m[i].blank_lines);
		jw_uint(w, "cyclomatic", m[i].cyclomatic);
		jw_uint(w, "cognitive", m[i].cognitive);
		jw_uint(w, "duplicated_lines", m[i].duplicated_lines);
		jw_uint(w, "duplicated_blocks", m[i].duplicated_blocks);
		jw_num(w, "duplication_pct", m[i].code_lines ? 100.0 * m[i].duplicated_lines / m[i].code_lines : 0.0);
		jw_bool(w, "duplication_skipped", m[i].duplication_skipped);
		jw_uint(w, "new_lines", m[i].new_lines);
		jw_uint(w, "new_duplicated_lines", m[i].new_duplicated_lines);
		jw_open(w, "functions", '[');
		for (uint32_t k = 0; k < m[i].nfunctions; k++)
			write_function(w, &m[i].functions[k]);
		jw_close(w, ']');
		jw_close(w, '}');
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

/* Ratings, debt and new code (spec 2.10), with the version of each analyzer that ran. */
static void write_quality(jw *w, const cli_doc *doc)
{
	scan_tool_version tools[32];
	size_t n = 0;

	for (size_t i = 0; doc->run && i < doc->run->analyzer_count && n < 32; i++, n++)
		tools[n].name = doc->run->analyzers[i].name, tools[n].version = doc->run->analyzers[i].version;
	jw_next(w, "quality");
	scan_quality_summary_write_json(w->b, doc->quality, tools, n);
}

/* What the scan could not look at, whole or in part: never silently "clean". */
static void write_skipped(jw *w, const cli_doc *doc)
{
	jw_uint(w, "files_skipped", doc->nskipped);
	jw_open(w, "skipped", '[');
	for (size_t i = 0; i < doc->nskipped; i++) {
		jw_open(w, NULL, '{');
		jw_str(w, "path", doc->skipped[i].path);
		jw_str(w, "reason", doc->skipped[i].reason);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/* What the dependency scan could not read: a CI job must see a lockfile that was skipped. */
static void write_sca_problems(jw *w, const cli_doc *doc)
{
	jw_open(w, "sca_problems", '[');
	for (size_t i = 0; i < doc->nsca_problems; i++) {
		const scan_sca_problem *p = &doc->sca_problems[i];
		jw_open(w, NULL, '{');
		if (p->file)
			jw_str(w, "file_path", p->file);
		if (p->line)
			jw_uint(w, "line_number", p->line);
		jw_str(w, "message", p->message);
		jw_close(w, '}');
	}
	jw_close(w, ']');
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
static void write_suppressions_by_rule(jw *w, const scan_finding_list *l)
{
	const char *rule = "";
	size_t count;

	jw_open(w, "suppressions_by_rule", '{');
	while ((rule = cli_next_suppressed_rule(l, rule, &count)) != NULL)
		jw_uint(w, rule, count);
	jw_close(w, '}');
}

int cli_write_json(scan_buf *out, const cli_doc *doc)
{
	jw w = { out, 1, true };
	sev_counts all, new_in_pr;
	size_t n = scan_finding_list_count(doc->findings);

	count_findings(&all, &new_in_pr, doc->findings);
	scan_buf_putc(out, '{');
	jw_str(&w, "schema", JSON_SCHEMA_ID);
	jw_open(&w, "tool", '{');
	jw_str(&w, "name", "rampart");
	jw_str(&w, "version", scan_version());
	jw_close(&w, '}');
	write_scan(&w, doc);
	jw_open(&w, "summary", '{');
	write_counts(&w, NULL, &all);
	write_counts(&w, "new_in_pr", &new_in_pr);
	jw_close(&w, '}');
	jw_open(&w, "findings", '[');
	/* A full buffer stays full: stop early instead of formatting into nothing. */
	for (size_t i = 0; i < n && !scan_buf_failed(out); i++)
		write_finding(&w, scan_finding_list_get(doc->findings, i));
	jw_close(&w, ']');
	write_suppressions_by_rule(&w, doc->findings);
	write_gate(&w, doc, &new_in_pr);
	if (doc->skipped_known)
		write_skipped(&w, doc);
	if (doc->nsca_problems)
		write_sca_problems(&w, doc);
	if (doc->stats)
		write_stats(&w, doc->stats);
	if (doc->nmetrics)
		write_metrics(&w, doc->metrics, doc->nmetrics);
	if (doc->quality)
		write_quality(&w, doc);
	else if (doc->quality_json) {
		jw_next(&w, "quality");
		scan_buf_puts(out, doc->quality_json);
	}
	scan_buf_puts(out, "\n}\n");
	return scan_buf_failed(out);
}
