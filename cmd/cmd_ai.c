/* cmd/cmd_ai.c - rampart ai: the AI inventory over time, its findings and runs, from the local store */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "scan/aiasm_store.h"

static struct {
	const char *db, *format, *repo, *type, *risk, *approval, *status, *search, *severity, *owasp, *coverage;
	long long limit, skip;
} o;

static const cli_opt ai_opts[] = {
	{ "repo", 'r', OPT_STRING, "REPO", "one repository (id, name or URL; default: every repository)", &o.repo, NULL },
	{ "type", 't', OPT_STRING, "TYPE", "assets: provider, model, dataset, agent_framework, agent, mcp_server, ...",
	  &o.type, "provider|model|dataset|agent_framework|agent|mcp_server|mcp_client|vector_store|prompt|model_artifact|tool|runtime" },
	{ "risk", 0, OPT_STRING, "LEVEL", "assets: low, medium, high or critical", &o.risk, "low|medium|high|critical" },
	{ "approval", 0, OPT_STRING, "STATUS", "assets: unreviewed, approved, restricted or denied", &o.approval,
	  "unreviewed|approved|restricted|denied" },
	{ "status", 0, OPT_STRING, "STATUS", "assets: active or removed; findings: open, acknowledged, accepted_risk, "
	  "resolved or dismissed", &o.status, "active|removed|open|acknowledged|accepted_risk|resolved|dismissed" },
	{ "search", 's', OPT_STRING, "TEXT", "assets: name or identity containing TEXT", &o.search, NULL },
	{ "severity", 0, OPT_STRING, "LEVEL", "findings: critical, high, medium or low", &o.severity,
	  "critical|high|medium|low" },
	{ "owasp", 0, OPT_STRING, "LLMnn", "findings: one OWASP LLM category, LLM01 to LLM10", &o.owasp, NULL },
	{ "coverage", 0, OPT_STRING, "STATUS", "runs: complete or partial", &o.coverage, "complete|partial" },
	{ "limit", 'n', OPT_INT, "N", "at most N rows (default 100; 0: all)", &o.limit, NULL },
	{ "skip", 0, OPT_INT, "N", "leave out the first N rows", &o.skip, NULL },
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

static const cli_verb ai_verbs[] = {
	{ "assets", 0, 0, NULL, "the AI assets of the default branch: providers, models, agents, MCP servers, prompts..." },
	{ "findings", 0, 0, NULL, "the AI findings, by OWASP LLM category, with their triage" },
	{ "runs", 0, 0, NULL, "each scan's AI run: coverage, counts, policy verdict" },
	{ 0 },
};

const cli_command cli_ai_def = {
	"ai", "rampart ai assets|findings|runs [options]",
	"Read the AI attack surface the scans recorded: assets over time, AI findings (OWASP Top 10 for LLM "
	"Applications 2025) and runs.",
	ai_opts, cmd_ai, ai_verbs,
};

#define AI_DEFAULT_LIMIT 100

/* "LLM01" .. "LLM10" */
static bool owasp_entry(const char *s)
{
	int n;

	if (strlen(s) != 5 || strncmp(s, "LLM", 3) || s[3] < '0' || s[3] > '9' || s[4] < '0' || s[4] > '9')
		return false;
	n = (s[3] - '0') * 10 + (s[4] - '0');
	return n >= 1 && n <= 10;
}

static void time_text(char out[32], time_t t)
{
	struct tm tm;

	if (!t) {
		snprintf(out, 32, "-");
		return;
	}
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%d %H:%M", &tm);
}

static void assets_json(scan_json *w, const scan_ai_records *r)
{
	scan_json_open(w, "assets", '[');
	for (size_t i = 0; i < r->count; i++) {
		const scan_ai_asset_record *a = &r->assets[i];
		scan_json_open(w, NULL, '{');
		scan_json_id(w, "id", a->id);
		scan_json_id(w, "repo_id", a->repo_id);
		scan_json_str(w, "repository", a->repo_name);
		scan_json_str(w, "identity", a->identity);
		scan_json_str(w, "canonicalization", a->canonicalization);
		scan_json_str(w, "asset_type", a->asset_type);
		scan_json_str(w, "name", a->name);
		scan_json_str(w, "provider", a->provider);
		scan_json_str(w, "risk_level", a->risk_level);
		scan_json_str(w, "status", a->status);
		scan_json_str(w, "approval_status", a->approval_status);
		scan_json_str(w, "approval_reason", a->approval_reason);
		scan_json_time(w, "first_seen_at", (long long)a->first_seen_at);
		scan_json_time(w, "last_seen_at", (long long)a->last_seen_at);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static void findings_json(scan_json *w, const scan_ai_records *r)
{
	scan_json_open(w, "findings", '[');
	for (size_t i = 0; i < r->count; i++) {
		const scan_ai_finding_record *x = &r->findings[i];
		scan_json_open(w, NULL, '{');
		scan_json_id(w, "id", x->id);
		scan_json_id(w, "repo_id", x->repo_id);
		scan_json_str(w, "repository", x->repo_name);
		scan_json_str(w, "rule_id", x->rule_id);
		scan_json_str(w, "detector", x->detector);
		scan_json_str(w, "owasp_category", x->owasp_category);
		scan_json_str(w, "severity", x->severity);
		scan_json_str(w, "cwe_id", x->cwe_id);
		scan_json_str(w, "title", x->title);
		scan_json_str(w, "file_path", x->file_path);
		scan_json_uint(w, "line_number", x->line_number);
		scan_json_str(w, "evidence", x->evidence);
		scan_json_str(w, "remediation", x->remediation);
		scan_json_bool(w, "present", x->present);
		scan_json_str(w, "status", x->status);
		scan_json_str(w, "status_reason", x->status_reason);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static void runs_json(scan_json *w, const scan_ai_records *r)
{
	scan_json_open(w, "runs", '[');
	for (size_t i = 0; i < r->count; i++) {
		const scan_ai_run_record *x = &r->runs[i];
		scan_json_open(w, NULL, '{');
		scan_json_id(w, "id", x->id);
		scan_json_id(w, "repo_id", x->repo_id);
		scan_json_str(w, "repository", x->repo_name);
		scan_json_id(w, "scan_id", x->scan_id);
		scan_json_str(w, "branch", x->branch);
		scan_json_str(w, "commit", x->commit);
		scan_json_bool(w, "default_branch", x->default_branch);
		scan_json_str(w, "coverage_status", x->coverage_status);
		scan_json_raw(w, "coverage_reasons", x->coverage_reasons ? x->coverage_reasons : "[]");
		scan_json_str(w, "canonicalization", x->canonicalization);
		scan_json_uint(w, "asset_count", x->asset_count);
		scan_json_uint(w, "finding_count", x->finding_count);
		scan_json_str(w, "policy_status", x->policy_status);
		scan_json_time(w, "created_at", (long long)x->created_at);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static void text(const cli_verb *verb, const scan_ai_records *r)
{
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT, c = SCAN_BUF_INIT;
	char when[32];

	/* Names, paths and titles come from scanned repositories: shown safe. */
	for (size_t i = 0; i < r->count; i++) {
		if (cli_verb_is(verb, "assets")) {
			const scan_ai_asset_record *x = &r->assets[i];
			printf("%-6lld %-15s %-8s %-10s %-8s %s", (long long)x->id, x->asset_type, x->risk_level,
			       x->approval_status, x->status, cli_safe(&a, x->name));
			if (x->provider)
				printf(" (%s)", cli_safe(&b, x->provider));
			printf("  [%s]\n", cli_safe(&c, x->repo_name));
		} else if (cli_verb_is(verb, "findings")) {
			const scan_ai_finding_record *x = &r->findings[i];
			printf("%-6lld %s %-5s %-8s %-13s %s:%u  %s%s\n", (long long)x->id, x->rule_id, x->owasp_category,
			       x->severity, x->status, cli_safe(&a, x->file_path), x->line_number, cli_safe(&b, x->title),
			       x->present ? "" : "  (gone)");
		} else {
			const scan_ai_run_record *x = &r->runs[i];
			time_text(when, x->created_at);
			printf("%-6lld scan %-6lld %s  %-8s %3llu assets %3llu findings  policy %s  %s%s%s\n",
			       (long long)x->id, (long long)x->scan_id, when, x->coverage_status,
			       (unsigned long long)x->asset_count, (unsigned long long)x->finding_count, x->policy_status,
			       cli_safe(&a, x->repo_name), x->branch ? "@" : "", x->branch ? cli_safe(&b, x->branch) : "");
		}
	}
	if (!r->count)
		printf("no AI %s recorded%s\n", verb->name, r->total ? " on this page" : "");
	else if (r->total > r->count)
		printf("%zu of %zu shown (--limit, --skip)\n", r->count, r->total);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);
	scan_buf_dispose(&c);
}

int cmd_ai(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	scan_ai_records r;
	scan_ai_filter f;
	scan_buf out = SCAN_BUF_INIT;
	const cli_verb *verb;
	cli_format format;
	scan_json w;
	bool help;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	memset(&r, 0, sizeof(r));
	memset(&f, 0, sizeof(f));
	o.limit = AI_DEFAULT_LIMIT;
	if ((rc = cli_parse(&cli_ai_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0 || (rc = cli_verb_of(&verb, &cli_ai_def, &pos, false)) != 0)
		goto done;
	if (o.limit < 0 || o.skip < 0) {
		rc = cli_error("ai: --limit and --skip take 0 or more");
		goto done;
	}
	if (o.owasp && !owasp_entry(o.owasp)) {
		rc = cli_error("ai: --owasp takes LLM01 to LLM10, not '%s'", o.owasp);
		goto done;
	}
	if ((rc = cli_open_store(&st, o.db, true)) != 0 || (o.repo && (rc = cli_resolve_repo(&f.repo_id, st, o.repo)) != 0))
		goto done;
	f.asset_type = o.type, f.risk_level = o.risk, f.approval_status = o.approval, f.search = o.search;
	f.severity = o.severity, f.owasp_category = o.owasp, f.coverage_status = o.coverage;
	f.limit = (size_t)o.limit, f.skip = (size_t)o.skip;
	if (cli_verb_is(verb, "assets")) {
		f.status = o.status;
		lrc = scan_store_ai_assets(&r, st, SCAN_STORE_LOCAL_ORG, &f);
	} else if (cli_verb_is(verb, "findings")) {
		f.finding_status = o.status;
		lrc = scan_store_ai_findings(&r, st, SCAN_STORE_LOCAL_ORG, &f);
	} else {
		lrc = scan_store_ai_runs(&r, st, SCAN_STORE_LOCAL_ORG, &f);
	}
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format != FORMAT_JSON) {
		text(verb, &r);
		goto done;
	}
	scan_json_init(&w, &out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "total", r.total);
	if (cli_verb_is(verb, "assets"))
		assets_json(&w, &r);
	else if (cli_verb_is(verb, "findings"))
		findings_json(&w, &r);
	else
		runs_json(&w, &r);
	scan_json_close(&w, '}');
	scan_buf_putc(&out, '\n');
	rc = (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&out, NULL);
done:
	scan_ai_records_dispose(&r);
	scan_buf_dispose(&out);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
