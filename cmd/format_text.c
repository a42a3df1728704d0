/* cmd/format_text.c - human output: findings, summary, gate table */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"

#define C_RESET "\033[0m"
#define C_BOLD "\033[1m"
#define C_DIM "\033[2m"
#define C_RED "\033[31m"
#define C_GREEN "\033[32m"
#define C_YELLOW "\033[33m"
#define C_MAGENTA "\033[35m"
#define C_CYAN "\033[36m"

static const char *sev_color(scan_severity s)
{
	switch (s) {
	case SCAN_SEV_CRITICAL: return C_MAGENTA;
	case SCAN_SEV_HIGH: return C_RED;
	case SCAN_SEV_MEDIUM: return C_YELLOW;
	default: return C_CYAN;
	}
}

static void upper(char *dst, size_t n, const char *s)
{
	size_t i = 0;

	for (; s[i] && i + 1 < n; i++)
		dst[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
	dst[i] = '\0';
}

static void write_snippet(FILE *f, const char *snippet, bool color)
{
	const char *p = snippet, *nl;
	int lines = 0;

	if (!snippet || !*snippet)
		return;
	/* Enough to recognise the code; the JSON has the whole snippet. */
	for (; *p && lines < 4; lines++) {
		nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = strndup(p, len > 200 ? 200 : len);
		fprintf(f, "    %s", color ? C_DIM : "");
		cli_put_safe(f, line ? line : "");
		fprintf(f, "%s%s\n", len > 200 ? "..." : "", color ? C_RESET : "");
		free(line);
		p = nl ? nl + 1 : p + len;
	}
}

/* A taint finding's flow: source to sink, a line each ("  line 3  source  x = request.args['q']"). */
static void write_flow(FILE *f, const scan_finding *fd, bool color)
{
	for (size_t i = 0; i < fd->ndataflow; i++) {
		const scan_flow_step *s = &fd->dataflow[i];
		fprintf(f, "    %s%s ", color ? C_DIM : "", i ? "->" : "  ");
		if (s->file_path) {
			cli_put_safe(f, s->file_path);
			fputc(':', f);
		} else {
			fputs("line ", f);
		}
		fprintf(f, "%u  %-6s  ", s->line, s->kind);
		cli_put_safe(f, s->code ? s->code : "");
		fprintf(f, "%s\n", color ? C_RESET : "");
	}
}

/* A dependency finding: the advisory, what fixes it and how urgent it is, in one line. */
static void write_dependency(FILE *f, const scan_finding_sca *v)
{
	fputs("    ", f);
	cli_put_safe(f, v->vuln_id);
	if (v->cve_id && (!v->vuln_id || strcmp(v->cve_id, v->vuln_id))) {
		fputs(" / ", f);
		cli_put_safe(f, v->cve_id);
	}
	if (v->fixed_version) {
		fputs("; fixed in ", f);
		cli_put_safe(f, v->fixed_version);
	} else {
		fputs("; no fixed version published", f);
	}
	if (v->unrated) {
		fputs("; unrated: no record of the database scores it (counted as high)", f);
	} else if (v->rated_by) {
		fputs("; rated by its alias ", f);
		cli_put_safe(f, v->rated_by);
	}
	if (v->kev_listed)
		fputs("; exploited in the wild (CISA KEV)", f);
	if (v->epss_score >= 0)
		fprintf(f, "; EPSS %.2f", v->epss_score);
	if (v->priority_label)
		fprintf(f, "; priority %s", v->priority_label);
	fputc('\n', f);
}

/* One line on the AI inventory, one on the AI policy's verdict when the run was stored. */
static void write_ai(FILE *f, const cli_doc *doc)
{
	const scan_ai_inventory *inv = doc->ai;
	static const char *const types[] = { "provider", "model", "agent_framework", "agent", "mcp_server", "vector_store",
		"prompt", "model_artifact", NULL };
	bool first = true;

	if (!inv->nassets && !inv->ngaps)
		return;
	fprintf(f, "\nAI assets: %zu", inv->nassets);
	for (size_t t = 0; types[t]; t++) {
		size_t n = 0;
		for (size_t i = 0; i < inv->nassets; i++)
			n += !strcmp(inv->assets[i].type, types[t]);
		if (n) {
			fprintf(f, "%s%zu %s", first ? " (" : ", ", n, types[t]);
			first = false;
		}
	}
	fprintf(f, "%s; coverage %s", first ? "" : ")", scan_ai_coverage_status(inv));
	if (inv->ngaps)
		fprintf(f, ", %zu gap%s", inv->ngaps, inv->ngaps == 1 ? "" : "s");
	fprintf(f, " (rampart ai assets)\n");
	if (doc->ai_run)
		fprintf(f, "AI policy: %s%s\n", doc->ai_run->policy_status,
		        doc->ai_run->policy_gate ? " (gate on)" : "");
}

int cli_write_text(FILE *f, const cli_doc *doc, bool color)
{
	size_t n = scan_finding_list_count(doc->findings), shown = 0, fps = 0, suppressed = 0, tests = 0;
	uint64_t sev[4] = { 0 }, newc = 0;

	for (size_t i = 0; i < n; i++) {
		const scan_finding *fd = scan_finding_list_get(doc->findings, i);
		char sevname[16];
		if (fd->user_marked_fp) {
			fps++;
			continue;
		}
		if (fd->suppressed) {
			suppressed++;
			continue;
		}
		/* Test code is listed in JSON and SARIF; here only its secrets, which still count. */
		if (!scan_finding_counts(fd)) {
			tests++;
			continue;
		}
		shown++;
		sev[fd->severity]++;
		newc += fd->is_new_in_pr;
		upper(sevname, sizeof(sevname), fd->sca && fd->sca->unrated ? "unrated" : scan_severity_name(fd->severity));
		fprintf(f, "%s", color ? C_BOLD : "");
		cli_put_safe(f, fd->file_path);
		if (fd->line_number)
			fprintf(f, ":%u", fd->line_number);
		if (fd->column)
			fprintf(f, ":%u", fd->column);
		fprintf(f, "%s  %s%-8s%s ", color ? C_RESET : "", color ? sev_color(fd->severity) : "", sevname,
		        color ? C_RESET : "");
		cli_put_safe(f, fd->rule_id); /* a repository's own rules name themselves */
		if (fd->is_new_in_pr)
			fprintf(f, "  %s[new]%s", color ? C_BOLD : "", color ? C_RESET : "");
		if (fd->in_test)
			fputs("  [test code]", f);
		if (!fd->in_head && fd->commit) {
			char day[16];
			struct tm tm;
			gmtime_r(&fd->commit_time, &tm);
			strftime(day, sizeof(day), "%Y-%m-%d", &tm);
			fprintf(f, "  [history only: commit %.12s, %s]", fd->commit, day);
		}
		fprintf(f, "\n    ");
		cli_put_safe(f, fd->title);
		if (fd->cwe_id) {
			fputs(" (", f);
			cli_put_safe(f, fd->cwe_id);
			fputc(')', f);
		}
		fprintf(f, "\n");
		if (fd->sca)
			write_dependency(f, fd->sca);
		else if (fd->ndataflow)
			write_flow(f, fd, color);
		else
			write_snippet(f, fd->snippet, color);
	}
	fprintf(f, "\n%zu finding%s", shown, shown == 1 ? "" : "s");
	if (shown)
		fprintf(f, " (%llu critical, %llu high, %llu medium, %llu low)", (unsigned long long)sev[3],
		        (unsigned long long)sev[2], (unsigned long long)sev[1], (unsigned long long)sev[0]);
	if (!doc->is_baseline_scan) {
		fprintf(f, ", %llu new on ", (unsigned long long)newc);
		cli_put_safe(f, doc->branch ? doc->branch : "this branch");
	}
	if (fps)
		fprintf(f, "; %zu marked false positive not shown", fps);
	if (suppressed)
		fprintf(f, "; %zu suppressed by comments not shown", suppressed);
	if (tests)
		fprintf(f, "; %zu in test or example code not shown or gated (--include-tests)", tests);
	fprintf(f, "\n");
	if (doc->gate)
		cli_write_gate_text(f, doc, color);
	if (doc->ai)
		write_ai(f, doc);
	return 0;
}

/* A condition's threshold and actual value as the table shows them: ratings as letters. */
static void gate_values(const char *rule, double threshold, double actual, char thr[32], char act[32])
{
	if (!strcmp(rule, "rating_min")) {
		snprintf(thr, 32, "%c", (char)('A' + (int)threshold - 1));
		snprintf(act, 32, "%c", (char)('A' + (int)actual - 1));
	} else {
		snprintf(thr, 32, "%g", threshold);
		snprintf(act, 32, "%.4g", actual);
	}
}

/* Rule names and scopes come from the store, which a server shares: quoted like everything stored. */
static void gate_row(FILE *f, const scan_gate_violation *v, const char *verdict, const char *col, bool color)
{
	scan_buf rule = SCAN_BUF_INIT, scope = SCAN_BUF_INIT;
	char thr[32], act[32];

	gate_values(v->rule, v->threshold, v->actual, thr, act);
	fprintf(f, "  %-22s %-10s %-10s %s%s%s", cli_safe(&rule, v->rule), thr, act, color ? col : "", verdict,
	        color ? C_RESET : "");
	if (v->waived)
		fprintf(f, " (waiver %lld, %s)", (long long)v->waiver_id, cli_safe(&scope, v->waiver_scope));
	fprintf(f, "\n");
	scan_buf_dispose(&rule);
	scan_buf_dispose(&scope);
}

static void condition_row(FILE *f, const scan_gate_condition *c, bool color)
{
	static const char *const cols[] = { C_GREEN, C_RED, C_YELLOW, "" };
	scan_buf rule = SCAN_BUF_INIT;
	char thr[32], act[32];

	gate_values(c->rule, c->threshold, c->actual, thr, act);
	if (c->status == SCAN_COND_NOT_MEASURED)
		snprintf(act, sizeof(act), "-");
	fprintf(f, "  %-22s %-10s %-10s %s%s%s\n", cli_safe(&rule, c->rule), thr, act, color ? cols[c->status] : "",
	        c->status == SCAN_COND_NOT_MEASURED ? "not measured" : scan_condition_status_name(c->status),
	        color ? C_RESET : "");
	scan_buf_dispose(&rule);
}

void cli_write_gate_text(FILE *f, const cli_doc *doc, bool color)
{
	const scan_gate_report *g = doc->gate;
	const char *status = scan_gate_status_name(g->status);
	const char *col = g->status == SCAN_GATE_FAILED ? C_RED : C_GREEN;
	char up[32];

	upper(up, sizeof(up), status);
	fprintf(f, "\nquality gate: %s%s%s%s", color ? C_BOLD : "", color ? col : "", up, color ? C_RESET : "");
	if (g->status != SCAN_GATE_NOT_CONFIGURED)
		fprintf(f, " (%s)", g->config.applies_to_new_code_only ? "new code only" : "all code");
	fprintf(f, "\n");
	if (g->status == SCAN_GATE_NOT_CONFIGURED)
		return;
	fprintf(f, "  %-22s %-10s %-10s %s\n", "condition", "threshold", "actual", "result");
	if (!g->condition_count) { /* a stored status from before conditions were kept */
		for (size_t i = 0; i < g->violation_count; i++)
			gate_row(f, &g->violations[i], "fail", C_RED, color);
		for (size_t i = 0; i < g->waived_count; i++)
			gate_row(f, &g->waived[i], "waived", C_YELLOW, color);
		return;
	}
	for (size_t i = 0; i < g->condition_count; i++)
		condition_row(f, &g->conditions[i], color);
}
