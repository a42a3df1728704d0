/* cmd/cmd_ai.c - rampart ai: the AI inventory over time, its findings and runs, from the local store */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "scan/aiasm_store.h"
#include "scan/aibom.h"

static struct {
	const char *db, *format, *repo, *type, *risk, *approval, *status, *search, *severity, *owasp, *coverage;
	const char *reason, *scope, *rule, *expires, *output;
	long long limit, skip, expected_version, finding, days;
	bool unset, all;
} o;

static const cli_opt ai_opts[] = {
	{ "repo", 'r', OPT_STRING, "REPO", "one repository (id, name or URL; default: every repository)", &o.repo, NULL },
	{ "type", 't', OPT_STRING, "TYPE", "assets: provider, model, dataset, agent_framework, agent, mcp_server, ...",
	  &o.type, "provider|model|dataset|agent_framework|agent|mcp_server|mcp_client|vector_store|prompt|model_artifact|tool|runtime" },
	{ "risk", 0, OPT_STRING, "LEVEL", "assets: low, medium, high or critical", &o.risk, "low|medium|high|critical" },
	{ "approval", 0, OPT_STRING, "STATUS", "assets: unreviewed, approved, restricted or denied", &o.approval,
	  "unreviewed|approved|restricted|denied" },
	{ "status", 0, OPT_STRING, "STATUS", "assets: active or removed; findings and triage: open, acknowledged, "
	  "accepted_risk, resolved or dismissed; approve: unreviewed, approved, restricted or denied", &o.status,
	  "active|removed|open|acknowledged|accepted_risk|resolved|dismissed|unreviewed|approved|restricted|denied" },
	{ "reason", 0, OPT_STRING, "TEXT", "approve, triage, waiver add: why", &o.reason, NULL },
	{ "expected-version", 0, OPT_INT, "N", "policy, declare FILE: the version read (0 for the first; default: the "
	  "file's expected_version)", &o.expected_version, NULL },
	{ "unset", 0, OPT_FLAG, NULL, "policy: delete the repository's override (it inherits again)", &o.unset, NULL },
	{ "scope", 0, OPT_STRING, "SCOPE", "waiver add: organization, repository or finding", &o.scope,
	  "organization|repository|finding" },
	{ "finding", 0, OPT_INT, "ID", "waiver add: the finding a finding waiver is for", &o.finding, NULL },
	{ "rule", 0, OPT_STRING, "RULE", "waiver add: only this AI rule (AI001 to AI025)", &o.rule, NULL },
	{ "expires", 0, OPT_STRING, "DATE", "waiver add: expiry, ISO 8601 date or time (default: 30 days)", &o.expires, NULL },
	{ "days", 0, OPT_INT, "N", "waiver add: expire after N days, 1 to 366", &o.days, NULL },
	{ "all", 0, OPT_FLAG, NULL, "waiver list: revoked and expired ones too", &o.all, NULL },
	{ "search", 's', OPT_STRING, "TEXT", "assets: name or identity containing TEXT", &o.search, NULL },
	{ "severity", 0, OPT_STRING, "LEVEL", "findings: critical, high, medium or low", &o.severity,
	  "critical|high|medium|low" },
	{ "owasp", 0, OPT_STRING, "CATEGORY", "findings: one OWASP LLM category, LLM01 to LLM10", &o.owasp,
	  "LLM01|LLM02|LLM03|LLM04|LLM05|LLM06|LLM07|LLM08|LLM09|LLM10" },
	{ "coverage", 0, OPT_STRING, "STATUS", "runs: complete or partial", &o.coverage, "complete|partial" },
	{ "limit", 'n', OPT_INT, "N", "at most N rows (default 100; 0: all)", &o.limit, NULL },
	{ "skip", 0, OPT_INT, "N", "leave out the first N rows", &o.skip, NULL },
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "output", 'o', OPT_STRING, "FILE", "export: write the CSV to FILE instead of standard output", &o.output, "@file" },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

static const cli_verb ai_verbs[] = {
	{ "assets", 0, 0, NULL, "the AI assets of the default branch: providers, models, agents, MCP servers, prompts..." },
	{ "findings", 0, 0, NULL, "the AI findings, by OWASP LLM category, with their triage" },
	{ "runs", 0, 0, NULL, "each scan's AI run: coverage, counts, policy verdict" },
	{ "policy", 0, 1, "[FILE]", "show the AI policy (--repo: the override and the effective policy); with FILE "
	  "replace it (--expected-version); --unset deletes a repository's override" },
	{ "approve", 1, 1, "one ASSET_ID", "decide an asset's approval (--status, --reason)" },
	{ "triage", 1, 1, "one FINDING_ID", "set a finding's triage (--status; --reason for accepted_risk, resolved, "
	  "dismissed)" },
	{ "graph", 0, 0, NULL, "the active assets and their relationships as JSON (--repo, --limit nodes; truncated says "
	  "when cut)" },
	{ "export", 1, 1, "assets or findings", "assets or findings as CSV (at most 10,000 rows; a truncation is said "
	  "on standard error)" },
	{ "declare", 1, 2, "ASSET_ID [FILE]", "show an asset's BOM declaration, or record FILE's as its next version "
	  "(--expected-version)" },
	{ "waiver", 1, 2, "add, list or revoke ID", "waive AI findings for a while (--scope, --repo, --finding, --rule, "
	  "--reason, --expires or --days), list the waivers, or revoke one" },
	{ 0 },
};

const cli_command cli_ai_def = {
	"ai", "rampart ai assets|findings|runs [options]\n"
	      "       rampart ai policy [FILE] [--repo REPO] [--expected-version N] [--unset]\n"
	      "       rampart ai approve ASSET_ID --status STATUS [--reason TEXT]\n"
	      "       rampart ai triage FINDING_ID --status STATUS [--reason TEXT]\n"
	      "       rampart ai waiver add --scope SCOPE [--repo REPO] [--finding ID] [--rule RULE] --reason TEXT\n"
	      "                         [--expires DATE|--days N]\n"
	      "       rampart ai waiver list [--all]\n"
	      "       rampart ai waiver revoke ID\n"
	      "       rampart ai declare ASSET_ID [FILE] [--expected-version N]\n"
	      "       rampart ai graph [--repo REPO] [--limit N]\n"
	      "       rampart ai export assets|findings [--repo REPO] [-o FILE]",
	"Read the AI attack surface the scans recorded: assets over time, AI findings (OWASP Top 10 for LLM "
	"Applications 2025) and runs; govern it: the AI policy, approvals, triage and waivers.",
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

#define AI_POLICY_FILE_MAX ((size_t)64 << 10)
#define DAYS_UNSET (-1)
#define EXPECTED_UNSET (-1) /* --expected-version not given: the file's expected_version */
#define WAIVER_DEFAULT_DAYS 30

static int policy(const cli_strlist *pos)
{
	scan_store *st = NULL;
	scan_audit_entry who = cli_local_actor();
	int64_t repo_id = 0;
	scan_buf out = SCAN_BUF_INIT;
	char *text = NULL;
	size_t len = 0;
	long long version;
	int rc, lrc;

	if ((rc = cli_open_store(&st, o.db, false)) != 0)
		return rc;
	if (o.repo && (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		goto done;
	if (o.unset) {
		if (!repo_id || pos->count > 1) {
			rc = cli_error("ai policy: --unset deletes a repository's override: give --repo and no FILE");
			goto done;
		}
		if ((lrc = scan_ops_ai_policy_delete(st, SCAN_STORE_LOCAL_ORG, repo_id, &who)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		printf("the repository's AI policy override is deleted: it inherits the organization's\n");
		goto done;
	}
	if (pos->count > 1) {
		if ((rc = cli_read_file(&text, &len, pos->items[1], AI_POLICY_FILE_MAX, 0)) != EXIT_OK)
			goto done;
		if (o.expected_version < EXPECTED_UNSET) {
			rc = cli_error("ai policy: --expected-version takes 0 or more");
			goto done;
		}
		if ((lrc = scan_ops_ai_policy_put(&version, st, SCAN_STORE_LOCAL_ORG, repo_id, text, len, o.expected_version,
		                                  &who)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		printf("AI policy%s saved, version %lld\n", repo_id ? " override" : "", version);
		goto done;
	}
	if ((lrc = scan_ops_ai_policy_json(&out, st, SCAN_STORE_LOCAL_ORG, repo_id)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	rc = cli_emit(&out, NULL);
done:
	free(text);
	scan_buf_dispose(&out);
	scan_store_free(st);
	return rc;
}

static int decide(const cli_verb *verb, const cli_strlist *pos)
{
	scan_store *st = NULL;
	scan_audit_entry who = cli_local_actor();
	int64_t id;
	int rc, lrc;

	if ((rc = cli_parse_id(&id, verb->name, pos->items[1])) != EXIT_OK)
		return rc;
	if (!o.status)
		return cli_error("ai %s: give --status", verb->name);
	if ((rc = cli_open_store(&st, o.db, false)) != 0)
		return rc;
	lrc = cli_verb_is(verb, "approve") ? scan_ops_ai_approve(st, SCAN_STORE_LOCAL_ORG, id, o.status, o.reason, &who)
	                                   : scan_ops_ai_triage(st, SCAN_STORE_LOCAL_ORG, id, o.status, o.reason, &who);
	if (lrc)
		rc = cli_error_lib(lrc);
	else
		printf("%s %lld: %s\n", cli_verb_is(verb, "approve") ? "asset" : "finding", (long long)id, o.status);
	scan_store_free(st);
	return rc;
}

static int declare(const cli_strlist *pos)
{
	scan_audit_entry who = cli_local_actor();
	scan_store *st = NULL;
	scan_ai_declaration_list l = { 0 };
	scan_buf out = SCAN_BUF_INIT;
	char *text = NULL;
	size_t len = 0;
	long long version;
	int64_t id;
	int rc, lrc;

	if ((rc = cli_parse_id(&id, "declare", pos->items[1])) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, pos->count == 2)) != 0)
		return rc;
	if (pos->count == 3) {
		if ((rc = cli_read_file(&text, &len, pos->items[2], AI_POLICY_FILE_MAX, 0)) == EXIT_OK) {
			if ((lrc = scan_ops_ai_declare(&version, st, SCAN_STORE_LOCAL_ORG, id, text, len, o.expected_version,
			                               &who)) != 0)
				rc = cli_error_lib(lrc);
			else
				printf("asset %lld: declaration version %lld recorded\n", (long long)id, version);
		}
	} else if ((lrc = scan_store_ai_declaration_get(&l, st, SCAN_STORE_LOCAL_ORG, id)) != 0) {
		rc = cli_error_lib(lrc);
	} else {
		scan_json w;
		scan_json_init(&w, &out, true);
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "asset_id", id);
		scan_json_int(&w, "version", l.count ? l.items[0].version : 0);
		if (l.count) {
			scan_ai_declaration_fields_json(&w, &l.items[0]);
			scan_json_str(&w, "updated_by", l.items[0].updated_by);
			scan_json_time(&w, "updated_at", l.items[0].updated_at);
		}
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		rc = (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&out, NULL);
	}
	free(text);
	scan_buf_dispose(&out);
	scan_ai_declaration_list_dispose(&l);
	scan_store_free(st);
	return rc;
}

/* graph and export: the library's document, written out. */
static int view(const cli_verb *verb, const cli_strlist *pos)
{
	scan_store *st = NULL;
	scan_buf out = SCAN_BUF_INIT;
	int64_t repo_id = 0;
	bool truncated = false;
	int rc, lrc;

	if (cli_verb_is(verb, "export") && strcmp(pos->items[1], "assets") && strcmp(pos->items[1], "findings"))
		return cli_error("ai export: export assets or findings, not '%s'", pos->items[1]);
	if ((rc = cli_open_store(&st, o.db, true)) != 0 || (o.repo && (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0))
		goto done;
	lrc = cli_verb_is(verb, "graph")
	          ? scan_ops_ai_graph_json(&out, st, SCAN_STORE_LOCAL_ORG, repo_id, o.limit ? (size_t)o.limit : SIZE_MAX)
	          : scan_ops_ai_export_csv(&out, &truncated, st, SCAN_STORE_LOCAL_ORG, !strcmp(pos->items[1], "findings"),
	                                   repo_id);
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (truncated)
		cli_warn("ai export: the first 10,000 rows only; narrow it with --repo");
	rc = cli_emit(&out, cli_verb_is(verb, "export") ? o.output : NULL);
done:
	scan_buf_dispose(&out);
	scan_store_free(st);
	return rc;
}

static void waiver_row(const scan_ai_waiver *w, time_t now)
{
	scan_buf a = SCAN_BUF_INIT;
	char expires[32];

	time_text(expires, w->expires_at);
	printf("%-5lld %-12s repo %-5lld finding %-5lld %-6s until %s%s  %s\n", (long long)w->id, w->scope,
	       (long long)w->repo_id, (long long)w->finding_id, w->rule_id ? w->rule_id : "any", expires,
	       w->revoked_at ? " (revoked)" : w->expires_at <= now ? " (expired)" : "", cli_safe(&a, w->reason));
	scan_buf_dispose(&a);
}

static int waiver(const cli_strlist *pos)
{
	scan_store *st = NULL;
	scan_audit_entry who = cli_local_actor();
	const char *action = pos->items[1];
	time_t now = time(NULL);
	int rc, lrc;

	if (strcmp(action, "add") && strcmp(action, "list") && strcmp(action, "revoke"))
		return cli_error("ai waiver: the action is add, list or revoke, not '%s'", action);
	if (!strcmp(action, "revoke") != (pos->count == 3))
		return cli_error(!strcmp(action, "revoke") ? "ai waiver revoke: name the waiver's ID"
		                                           : "ai waiver %s takes no argument", action);
	if ((rc = cli_open_store(&st, o.db, !strcmp(action, "list"))) != 0)
		return rc;
	if (!strcmp(action, "list")) {
		scan_ai_waiver_list l;
		if ((lrc = scan_store_ai_waivers(&l, st, SCAN_STORE_LOCAL_ORG, !o.all, now)) != 0) {
			rc = cli_error_lib(lrc);
		} else {
			for (size_t i = 0; i < l.count; i++)
				waiver_row(&l.items[i], now);
			if (!l.count)
				printf("no %sAI waivers\n", o.all ? "" : "active ");
			scan_ai_waiver_list_dispose(&l);
		}
	} else if (!strcmp(action, "revoke")) {
		int64_t id;
		if ((rc = cli_parse_id(&id, "waiver revoke", pos->items[2])) == EXIT_OK) {
			if ((lrc = scan_ops_ai_waiver_revoke(st, SCAN_STORE_LOCAL_ORG, id, &who)) != 0)
				rc = cli_error_lib(lrc);
			else
				printf("AI waiver %lld revoked\n", (long long)id);
		}
	} else {
		scan_ai_waiver w;
		int64_t id = 0;
		memset(&w, 0, sizeof(w));
		w.org_id = SCAN_STORE_LOCAL_ORG;
		w.scope = o.scope;
		w.finding_id = o.finding;
		w.rule_id = o.rule;
		w.reason = o.reason;
		w.created_by = who.user_id;
		if (o.expires && o.days != DAYS_UNSET) {
			rc = cli_error("ai waiver add: give --expires or --days, not both");
		} else if (o.days != DAYS_UNSET && o.days <= 0) {
			rc = cli_error("ai waiver add: --days takes a positive number of days, not %lld", o.days);
		} else if (o.expires && scan_time_parse(&w.expires_at, o.expires) != 0) {
			rc = cli_error("ai waiver add: --expires takes a date like 2026-12-31, not '%s'", o.expires);
		} else if (o.repo && (rc = cli_resolve_repo(&w.repo_id, st, o.repo)) != 0) {
			;
		} else {
			if (!o.expires)
				w.expires_at = now + (time_t)(o.days != DAYS_UNSET ? o.days : WAIVER_DEFAULT_DAYS) * 86400;
			if ((lrc = scan_ops_ai_waiver_add(&id, st, &w, now, &who)) != 0)
				rc = cli_error_lib(lrc);
			else
				printf("AI waiver %lld added\n", (long long)id);
		}
	}
	scan_store_free(st);
	return rc;
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
	o.days = DAYS_UNSET;
	o.expected_version = EXPECTED_UNSET;
	if ((rc = cli_parse(&cli_ai_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0 || (rc = cli_verb_of(&verb, &cli_ai_def, &pos, false)) != 0)
		goto done;
	if (cli_verb_is(verb, "policy")) {
		rc = policy(&pos);
		goto done;
	}
	if (cli_verb_is(verb, "approve") || cli_verb_is(verb, "triage")) {
		rc = decide(verb, &pos);
		goto done;
	}
	if (cli_verb_is(verb, "waiver")) {
		rc = waiver(&pos);
		goto done;
	}
	if (cli_verb_is(verb, "declare")) {
		rc = declare(&pos);
		goto done;
	}
	if (cli_verb_is(verb, "graph") || cli_verb_is(verb, "export")) {
		rc = view(verb, &pos);
		goto done;
	}
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
