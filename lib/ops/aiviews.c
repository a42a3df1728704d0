/* lib/ops/aiviews.c - the AI attack surface and the AI-BOM as the API and the CLI show them (spec 4.6) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cjson/cJSON.h>
#include "ops/ops_int.h"
#include "scan/aiasm_store.h"
#include "scan/aibom.h"
#include "scan/ops.h"
#include "scan/store.h"
#include "util/digest.h"
#include "util/error.h"

#define EXPORT_ROWS_MAX 10000
#define OBSERVATIONS_SHOWN 20

static void asset_record_json(scan_json *w, const scan_ai_asset_record *a)
{
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
	scan_json_time(w, "approval_at", (long long)a->approval_at);
	scan_json_time(w, "first_seen_at", (long long)a->first_seen_at);
	scan_json_time(w, "last_seen_at", (long long)a->last_seen_at);
}

static void finding_record_json(scan_json *w, const scan_ai_finding_record *x)
{
	scan_json_id(w, "id", x->id);
	scan_json_id(w, "repo_id", x->repo_id);
	scan_json_str(w, "repository", x->repo_name);
	scan_json_str(w, "rule_id", x->rule_id);
	scan_json_str(w, "detector", x->detector);
	scan_json_str(w, "owasp_category", x->owasp_category);
	scan_json_str(w, "severity", x->severity);
	scan_json_str(w, "cwe_id", x->cwe_id);
	scan_json_str(w, "title", x->title);
	scan_json_open(w, "evidence", '{');
	scan_json_str(w, "file_path", x->file_path);
	scan_json_uint(w, "line_number", x->line_number);
	scan_json_str(w, "snippet", x->evidence);
	scan_json_close(w, '}');
	scan_json_str(w, "remediation", x->remediation);
	scan_json_bool(w, "present", x->present);
	scan_json_str(w, "status", x->status);
	scan_json_str(w, "status_reason", x->status_reason);
	scan_json_time(w, "status_at", (long long)x->status_at);
}

void scan_ai_asset_record_json(scan_json *w, const char *key, const scan_ai_asset_record *a)
{
	scan_json_open(w, key, '{');
	asset_record_json(w, a);
	scan_json_close(w, '}');
}

void scan_ai_finding_record_json(scan_json *w, const char *key, const scan_ai_finding_record *x)
{
	scan_json_open(w, key, '{');
	finding_record_json(w, x);
	scan_json_close(w, '}');
}

void scan_ai_run_record_json(scan_json *w, const char *key, const scan_ai_run_record *x)
{
	scan_json_open(w, key, '{');
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
	scan_json_bool(w, "policy_gate", x->policy_gate);
	if (x->policy_result)
		scan_json_raw(w, "policy_result", x->policy_result);
	scan_json_time(w, "created_at", (long long)x->created_at);
	scan_json_close(w, '}');
}

/* ---- one asset, one finding ---- */

/* The files an observation saw the asset in (its evidence), as a JSON array of paths. */
static bool seen_in(const cJSON *fields, const char *path)
{
	const cJSON *e, *ev = cJSON_GetObjectItemCaseSensitive(fields, "evidence");

	cJSON_ArrayForEach(e, ev) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "file_path");
		if (cJSON_IsString(p) && !strcmp(p->valuestring, path))
			return true;
	}
	return false;
}

int scan_ops_ai_asset_json(scan_buf *out, scan_store *st, int64_t org, int64_t asset_id)
{
	scan_ai_filter f;
	scan_ai_records assets, findings;
	scan_ai_observation_record *obs = NULL;
	scan_ai_relation_record *rel = NULL;
	void *obs_storage = NULL, *rel_storage = NULL;
	cJSON *latest = NULL;
	size_t nobs = 0, nrel = 0;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	memset(&assets, 0, sizeof(assets));
	memset(&findings, 0, sizeof(findings));
	f.id = asset_id;
	if ((rc = scan_store_ai_assets(&assets, st, org, &f)) != 0)
		goto done;
	if (!assets.count) {
		rc = scan_util__error(SCAN_ENOTFOUND, "AI asset not found");
		goto done;
	}
	memset(&f, 0, sizeof(f));
	f.repo_id = assets.assets[0].repo_id;
	if ((rc = scan_store_ai_observations(&obs, &nobs, &obs_storage, st, org, asset_id, OBSERVATIONS_SHOWN)) != 0 ||
	    (rc = scan_store_ai_relations(&rel, &nrel, &rel_storage, st, org, 0, asset_id)) != 0 ||
	    (rc = scan_store_ai_findings(&findings, st, org, &f)) != 0)
		goto done;
	if (nobs)
		latest = cJSON_Parse(obs[0].fields);
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	asset_record_json(&w, &assets.assets[0]);
	if (latest)
		scan_json_raw(&w, "details", obs[0].fields);
	scan_json_open(&w, "observations", '[');
	for (size_t i = 0; i < nobs; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "run_id", obs[i].run_id);
		scan_json_id(&w, "scan_id", obs[i].scan_id);
		scan_json_str(&w, "commit", obs[i].commit);
		scan_json_time(&w, "observed_at", (long long)obs[i].created_at);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "relationships", '[');
	for (size_t i = 0; i < nrel; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "from", rel[i].from_identity);
		scan_json_str(&w, "kind", rel[i].kind);
		scan_json_str(&w, "to", rel[i].to_identity);
		scan_json_id(&w, "other_asset_id", rel[i].from_id == asset_id ? rel[i].to_id : rel[i].from_id);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	/* its findings: those in the files the latest run saw it in */
	scan_json_open(&w, "findings", '[');
	for (size_t i = 0; latest && i < findings.count; i++)
		if (findings.findings[i].present && seen_in(latest, findings.findings[i].file_path))
			scan_ai_finding_record_json(&w, NULL, &findings.findings[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	cJSON_Delete(latest);
	scan_ai_storage_free(obs_storage);
	scan_ai_storage_free(rel_storage);
	scan_ai_records_dispose(&assets);
	scan_ai_records_dispose(&findings);
	return rc;
}

/* ---- summary, repositories, graph ---- */

static const char *const owasp_entries[] = { "LLM01", "LLM02", "LLM03", "LLM04", "LLM05", "LLM06", "LLM07", "LLM08",
	"LLM09", "LLM10", NULL };
static const char *const severities[] = { "critical", "high", "medium", "low", NULL };

int scan_ops_ai_summary_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_ai_filter f;
	scan_ai_records assets, findings, runs;
	size_t active = 0, unapproved = 0, open = 0, by_owasp[10] = { 0 }, by_sev[4] = { 0 }, failures = 0;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	memset(&assets, 0, sizeof(assets));
	memset(&findings, 0, sizeof(findings));
	memset(&runs, 0, sizeof(runs));
	f.repo_id = repo_id;
	if ((rc = scan_store_ai_assets(&assets, st, org, &f)) != 0 || (rc = scan_store_ai_findings(&findings, st, org, &f)) != 0 ||
	    (rc = scan_store_ai_runs(&runs, st, org, &f)) != 0)
		goto done;
	for (size_t i = 0; i < assets.count; i++) {
		if (strcmp(assets.assets[i].status, "active"))
			continue;
		active++;
		unapproved += strcmp(assets.assets[i].approval_status, "approved") != 0;
	}
	for (size_t i = 0; i < findings.count; i++) {
		const scan_ai_finding_record *x = &findings.findings[i];
		if (!x->present || (strcmp(x->status, "open") && strcmp(x->status, "acknowledged")))
			continue;
		open++;
		for (int k = 0; owasp_entries[k]; k++)
			by_owasp[k] += !strcmp(x->owasp_category, owasp_entries[k]);
		for (int k = 0; severities[k]; k++)
			by_sev[k] += !strcmp(x->severity, severities[k]);
	}
	/* the latest run of each repository decides whether it fails its policy now */
	for (size_t i = 0; i < runs.count; i++) {
		bool newest = true;
		for (size_t k = 0; k < i && newest; k++)
			newest = runs.runs[k].repo_id != runs.runs[i].repo_id;
		failures += newest && !strcmp(runs.runs[i].policy_status, "failed");
	}
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	if (repo_id)
		scan_json_id(&w, "repo_id", repo_id);
	else
		scan_json_null(&w, "repo_id");
	scan_json_uint(&w, "active_assets", active);
	scan_json_uint(&w, "unapproved_assets", unapproved);
	scan_json_uint(&w, "open_findings", open);
	scan_json_open(&w, "owasp", '{');
	for (int k = 0; owasp_entries[k]; k++)
		scan_json_uint(&w, owasp_entries[k], by_owasp[k]);
	scan_json_close(&w, '}');
	scan_json_open(&w, "severity", '{');
	for (int k = 0; severities[k]; k++)
		scan_json_uint(&w, severities[k], by_sev[k]);
	scan_json_close(&w, '}');
	scan_json_uint(&w, "policy_failures", failures);
	if (runs.count)
		scan_ai_run_record_json(&w, "latest_run", &runs.runs[0]);
	else
		scan_json_null(&w, "latest_run");
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	scan_ai_records_dispose(&assets);
	scan_ai_records_dispose(&findings);
	scan_ai_records_dispose(&runs);
	return rc;
}

/*
 * current: the latest run of the default branch is of the repository's
 * latest completed scan; stale: a scan completed since without one (the ai
 * analyzer off, or another branch); none: never inventoried.
 */
static const char *freshness(const scan_ai_run_record *latest_default, int64_t latest_scan)
{
	if (!latest_default)
		return "none";
	return latest_default->scan_id >= latest_scan ? "current" : "stale";
}

int scan_ops_ai_repositories_json(scan_buf *out, scan_store *st, int64_t org)
{
	scan_repo_list *repos = NULL;
	scan_ai_records runs;
	scan_json w;
	int rc;

	memset(&runs, 0, sizeof(runs));
	if ((rc = scan_store_repos(&repos, st, org)) != 0 || (rc = scan_store_ai_runs(&runs, st, org, NULL)) != 0)
		goto done;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "repositories", '[');
	for (size_t i = 0; i < scan_repo_list_count(repos); i++) {
		const scan_repo_record *r = scan_repo_list_get(repos, i);
		const scan_ai_run_record *last = NULL, *last_default = NULL;
		int64_t latest_scan = 0;
		for (size_t k = 0; k < runs.count; k++) {
			if (runs.runs[k].repo_id != r->id)
				continue;
			if (!last)
				last = &runs.runs[k];
			if (!last_default && runs.runs[k].default_branch)
				last_default = &runs.runs[k];
		}
		if (scan_store_latest_completed(&latest_scan, st, org, r->id) != 0)
			latest_scan = 0;
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "repo_id", r->id);
		scan_json_str(&w, "name", r->name);
		scan_json_str(&w, "freshness_status", freshness(last_default, latest_scan));
		scan_json_time(&w, "last_inventoried_at", last_default ? (long long)last_default->created_at : 0);
		scan_json_str(&w, "coverage_status", last_default ? last_default->coverage_status : NULL);
		scan_json_uint(&w, "asset_count", last_default ? last_default->asset_count : 0);
		scan_json_uint(&w, "finding_count", last_default ? last_default->finding_count : 0);
		scan_json_str(&w, "policy_status", last ? last->policy_status : NULL);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	scan_repo_list_free(repos);
	scan_ai_records_dispose(&runs);
	return rc;
}

int scan_ops_ai_graph_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id, size_t limit)
{
	scan_ai_filter f;
	scan_ai_records assets;
	scan_ai_relation_record *rel = NULL;
	void *rel_storage = NULL;
	size_t nrel = 0, nodes;
	scan_json w;
	int rc;

	memset(&f, 0, sizeof(f));
	memset(&assets, 0, sizeof(assets));
	f.repo_id = repo_id;
	f.status = "active";
	if ((rc = scan_store_ai_assets(&assets, st, org, &f)) != 0 ||
	    (rc = scan_store_ai_relations(&rel, &nrel, &rel_storage, st, org, repo_id, 0)) != 0)
		goto done;
	nodes = assets.count < limit ? assets.count : limit;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "nodes", '[');
	for (size_t i = 0; i < nodes; i++) {
		const scan_ai_asset_record *a = &assets.assets[i];
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "id", a->id);
		scan_json_id(&w, "repo_id", a->repo_id);
		scan_json_str(&w, "identity", a->identity);
		scan_json_str(&w, "asset_type", a->asset_type);
		scan_json_str(&w, "name", a->name);
		scan_json_str(&w, "risk_level", a->risk_level);
		scan_json_str(&w, "approval_status", a->approval_status);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "edges", '[');
	for (size_t i = 0; i < nrel; i++) {
		bool from = false, to = false;
		for (size_t k = 0; k < nodes; k++) {
			from |= assets.assets[k].id == rel[i].from_id;
			to |= assets.assets[k].id == rel[i].to_id;
		}
		if (!from || !to) /* an edge to a node the limit cut goes with it */
			continue;
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "from", rel[i].from_id);
		scan_json_str(&w, "kind", rel[i].kind);
		scan_json_id(&w, "to", rel[i].to_id);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_uint(&w, "total_nodes", assets.count);
	scan_json_bool(&w, "truncated", nodes < assets.count);
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	scan_ai_storage_free(rel_storage);
	scan_ai_records_dispose(&assets);
	return rc;
}

/* ---- CSV ---- */

/*
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell
 * a spreadsheet would run as a formula (= + - @, tab, carriage return
 * first) gets a leading apostrophe, as repository data is hostile.
 */
static void csv_cell(scan_buf *b, const char *s, bool last)
{
	bool quote;

	if (!s)
		s = "";
	quote = strpbrk(s, ",\"\r\n") != NULL || strchr("=+-@\t\r", s[0]) != NULL;
	if (quote)
		scan_buf_putc(b, '"');
	if (s[0] && strchr("=+-@\t\r", s[0]))
		scan_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '"')
			scan_buf_putc(b, '"');
		scan_buf_putc(b, *s);
	}
	if (quote)
		scan_buf_putc(b, '"');
	scan_buf_puts(b, last ? "\r\n" : ",");
}

static void csv_num(scan_buf *b, long long v, bool last)
{
	char n[24];

	snprintf(n, sizeof(n), "%lld", v);
	csv_cell(b, n, last);
}

int scan_ops_ai_export_csv(scan_buf *out, bool *truncated, scan_store *st, int64_t org, bool findings, int64_t repo_id)
{
	scan_ai_filter f;
	scan_ai_records r;
	char when[32];
	int rc;

	memset(&f, 0, sizeof(f));
	f.repo_id = repo_id;
	f.limit = EXPORT_ROWS_MAX;
	if ((rc = findings ? scan_store_ai_findings(&r, st, org, &f) : scan_store_ai_assets(&r, st, org, &f)) != 0)
		return rc;
	*truncated = r.total > r.count;
	if (findings) {
		scan_buf_puts(out, "id,repository,rule_id,owasp_category,severity,cwe_id,title,file_path,line_number,status,"
		                   "present,detector\r\n");
		for (size_t i = 0; i < r.count; i++) {
			const scan_ai_finding_record *x = &r.findings[i];
			csv_num(out, x->id, false);
			csv_cell(out, x->repo_name, false);
			csv_cell(out, x->rule_id, false);
			csv_cell(out, x->owasp_category, false);
			csv_cell(out, x->severity, false);
			csv_cell(out, x->cwe_id, false);
			csv_cell(out, x->title, false);
			csv_cell(out, x->file_path, false);
			csv_num(out, x->line_number, false);
			csv_cell(out, x->status, false);
			csv_cell(out, x->present ? "true" : "false", false);
			csv_cell(out, x->detector, true);
		}
	} else {
		scan_buf_puts(out, "id,repository,asset_type,name,provider,identity,risk_level,status,approval_status,"
		                   "last_seen_at\r\n");
		for (size_t i = 0; i < r.count; i++) {
			const scan_ai_asset_record *a = &r.assets[i];
			struct tm tm;
			gmtime_r(&a->last_seen_at, &tm);
			strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
			csv_num(out, a->id, false);
			csv_cell(out, a->repo_name, false);
			csv_cell(out, a->asset_type, false);
			csv_cell(out, a->name, false);
			csv_cell(out, a->provider, false);
			csv_cell(out, a->identity, false);
			csv_cell(out, a->risk_level, false);
			csv_cell(out, a->status, false);
			csv_cell(out, a->approval_status, false);
			csv_cell(out, when, true);
		}
	}
	scan_ai_records_dispose(&r);
	return scan_buf_failed(out) ? scan_error__oom() : 0;
}

/* ---- the AI-BOM ---- */

void scan_ai_bom_export_info_dispose(scan_ai_bom_export_info *info)
{
	free(info->blockers);
	free(info->strings);
	memset(info, 0, sizeof(*info));
}

/* The blockers' identities point into the generation's inventory, freed on return: copied into the info. */
static int own_blockers(scan_ai_bom_export_info *info)
{
	size_t total = 0, at = 0;

	for (size_t i = 0; i < info->nblockers; i++)
		total += strlen(info->blockers[i].identity) + 1;
	if (!total)
		return 0;
	if (!(info->strings = malloc(total)))
		return scan_error__oom();
	for (size_t i = 0; i < info->nblockers; i++) {
		size_t n = strlen(info->blockers[i].identity) + 1;
		memcpy(info->strings + at, info->blockers[i].identity, n);
		info->blockers[i].identity = info->strings + at;
		at += n;
	}
	return 0;
}

/* How much of what the formats ask of models and datasets the inventory and its declarations give, in percent. */
static unsigned completeness(const scan_aibom_input *in, size_t nblocked_fields)
{
	size_t wanted = 0;

	for (size_t i = 0; i < in->inv->nassets; i++) {
		const scan_ai_asset *a = &in->inv->assets[i];
		if (!strcmp(a->type, "model") || !strcmp(a->type, "model_artifact"))
			wanted += 4; /* releaseTime, suppliedBy, packageVersion, downloadLocation */
		else if (!strcmp(a->type, "dataset"))
			wanted += 4; /* releaseTime, originatedBy, builtTime, downloadLocation */
	}
	return wanted ? (unsigned)((wanted - nblocked_fields) * 100 / wanted) : 100;
}

static size_t count_missing(const scan_aibom_blocker *b, size_t n)
{
	size_t fields = 0;

	for (size_t i = 0; i < n; i++) {
		fields++;
		for (const char *p = b[i].missing; (p = strchr(p, ',')); p++)
			fields++;
	}
	return fields;
}

/* The generation's inventory, declarations and facts: what both the status and an export start from. */
typedef struct {
	scan_ai_snapshot *snap;
	scan_ai_declaration_list decl;
	scan_scan_list *scan;
	scan_aibom_input in;
} bom_source;

static void source_dispose(bom_source *s)
{
	scan_ai_snapshot_free(s->snap);
	scan_ai_declaration_list_dispose(&s->decl);
	scan_scan_list_free(s->scan);
}

static int source_read(bom_source *s, scan_store *st, int64_t org, int64_t repo_id, int64_t generation)
{
	const scan_ai_generation_record *g;
	int rc;

	memset(s, 0, sizeof(*s));
	if ((rc = scan_store_ai_snapshot(&s->snap, st, org, repo_id, generation)) != 0 ||
	    (rc = scan_store_ai_declarations(&s->decl, st, org, repo_id)) != 0)
		return rc;
	g = scan_ai_snapshot_generation(s->snap);
	if ((rc = scan_store_scan_get(&s->scan, st, org, g->scan_id)) != 0)
		return rc;
	s->in.inv = scan_ai_snapshot_inventory(s->snap);
	s->in.repo_name = scan_scan_list_count(s->scan) ? scan_scan_list_get(s->scan, 0)->repo_name : NULL;
	s->in.repo_id = repo_id;
	s->in.commit = g->commit;
	s->in.generation = g->generation;
	s->in.generated_at = (long long)g->created_at;
	s->in.tool_version = scan_version();
	s->in.declarations = s->decl.items;
	s->in.ndeclarations = s->decl.count;
	return 0;
}

/* "full": the snapshot holds every place each asset was seen; "evidence_capped": some had more than it keeps. */
static const char *fidelity(const scan_ai_inventory *inv)
{
	for (size_t i = 0; i < inv->nassets; i++)
		if (inv->assets[i].nevidence_total > inv->assets[i].nevidence)
			return "evidence_capped";
	return "full";
}

int scan_ops_ai_bom_export(scan_buf *out, scan_ai_bom_export_info *info, scan_store *st, int64_t org, int64_t repo_id,
                           int64_t generation, bool spdx, bool allow_incomplete)
{
	bom_source src;
	int rc;

	memset(info, 0, sizeof(*info));
	if ((rc = source_read(&src, st, org, repo_id, generation)) != 0)
		goto done;
	info->generation = src.in.generation;
	snprintf(info->commit, sizeof(info->commit), "%s", src.in.commit ? src.in.commit : "");
	info->coverage = scan_ai_coverage_status(src.in.inv);
	info->fidelity = fidelity(src.in.inv);
	if (spdx && ((rc = scan_aibom_spdx_blockers(&src.in, &info->blockers, &info->nblockers)) != 0 ||
	             (rc = own_blockers(info)) != 0))
		goto done;
	if (info->nblockers && !allow_incomplete)
		goto done; /* the caller refuses: SPDX_AI_PROFILE_NOT_READY */
	if ((rc = spdx ? scan_aibom_spdx(out, &src.in) : scan_aibom_cyclonedx(out, &src.in)) != 0)
		goto done;
	scan_util__sha256_hex(info->sha256, out->ptr, out->size);
	{
		/* the file name: only [A-Za-z0-9._-] of the repository's name */
		char safe[64];
		size_t k = 0;
		for (const char *p = src.in.repo_name ? src.in.repo_name : "repository"; *p && k + 1 < sizeof(safe); p++) {
			char c = *p;
			bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
			          c == '_' || (c == '.' && k);
			if (ok)
				safe[k++] = c;
			else if (k && safe[k - 1] != '_')
				safe[k++] = '_';
		}
		safe[k] = '\0';
		snprintf(info->filename, sizeof(info->filename), "aibom-%s-gen%lld.%s", k ? safe : "repository",
		         (long long)src.in.generation, spdx ? "spdx.jsonld" : "cdx.json");
	}
done:
	source_dispose(&src);
	return rc;
}

int scan_ops_ai_bom_status_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id)
{
	bom_source src;
	scan_aibom_blocker *b = NULL;
	int64_t latest_scan = 0;
	size_t nb = 0;
	scan_json w;
	int rc;

	if ((rc = source_read(&src, st, org, repo_id, 0)) != 0 || (rc = scan_aibom_spdx_blockers(&src.in, &b, &nb)) != 0 ||
	    (rc = scan_store_latest_completed(&latest_scan, st, org, repo_id)) != 0)
		goto done;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, "repo_id", repo_id);
	scan_json_str(&w, "repository", src.in.repo_name);
	scan_json_int(&w, "generation", src.in.generation);
	scan_json_str(&w, "commit", src.in.commit);
	scan_json_time(&w, "generated_at", src.in.generated_at);
	scan_json_str(&w, "canonicalization", scan_ai_snapshot_generation(src.snap)->canonicalization);
	scan_json_str(&w, "coverage_status", scan_ai_coverage_status(src.in.inv));
	scan_json_uint(&w, "asset_count", src.in.inv->nassets);
	scan_json_uint(&w, "bom_completeness", completeness(&src.in, count_missing(b, nb)));
	scan_json_str(&w, "freshness_status",
	              scan_ai_snapshot_generation(src.snap)->scan_id >= latest_scan ? "current" : "stale");
	scan_json_str(&w, "snapshot_fidelity", fidelity(src.in.inv));
	scan_json_open(&w, "formats", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "format", "cyclonedx-1.7-json");
	scan_json_bool(&w, "ready", true);
	scan_json_open(&w, "blockers", '[');
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "format", "spdx-3.0.1-jsonld");
	scan_json_bool(&w, "ready", nb == 0);
	scan_json_open(&w, "blockers", '[');
	for (size_t i = 0; i < nb; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "identity", b[i].identity);
		scan_json_str(&w, "missing", b[i].missing);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	free(b);
	source_dispose(&src);
	return rc;
}

int scan_ops_ai_bom_versions_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_ai_records g;
	scan_json w;
	int rc;

	if ((rc = scan_store_ai_generations(&g, st, org, repo_id)) != 0)
		return rc;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, "repo_id", repo_id);
	scan_json_open(&w, "versions", '[');
	for (size_t i = 0; i < g.count; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "generation", g.generations[i].generation);
		scan_json_id(&w, "scan_id", g.generations[i].scan_id);
		scan_json_id(&w, "run_id", g.generations[i].run_id);
		scan_json_str(&w, "commit", g.generations[i].commit);
		scan_json_str(&w, "coverage_status", g.generations[i].coverage_status);
		scan_json_str(&w, "canonicalization", g.generations[i].canonicalization);
		scan_json_time(&w, "created_at", (long long)g.generations[i].created_at);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	scan_ai_records_dispose(&g);
	return scan_json_finish(&w);
}

int scan_ops_ai_bom_diff_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id, int64_t from_gen,
                              int64_t to_gen)
{
	scan_ai_snapshot *a = NULL, *b = NULL;
	scan_json w;
	int rc;

	if ((rc = scan_store_ai_snapshot(&a, st, org, repo_id, from_gen)) != 0 ||
	    (rc = scan_store_ai_snapshot(&b, st, org, repo_id, to_gen)) != 0)
		goto done;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, "repo_id", repo_id);
	scan_json_int(&w, "from_generation", scan_ai_snapshot_generation(a)->generation);
	scan_json_int(&w, "to_generation", scan_ai_snapshot_generation(b)->generation);
	scan_ai_diff_json(&w, scan_ai_snapshot_inventory(a), scan_ai_snapshot_generation(a)->canonicalization,
	                  scan_ai_snapshot_inventory(b), scan_ai_snapshot_generation(b)->canonicalization);
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	rc = scan_json_finish(&w);
done:
	scan_ai_snapshot_free(a);
	scan_ai_snapshot_free(b);
	return rc;
}

int scan_ops_ai_declaration_json(scan_buf *out, scan_store *st, int64_t org, int64_t asset_id)
{
	scan_ai_declaration_list l;
	scan_json w;
	int rc;

	if ((rc = scan_store_ai_declaration_get(&l, st, org, asset_id)) != 0)
		return rc;
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, "asset_id", asset_id);
	scan_json_int(&w, "version", l.count ? l.items[0].version : 0);
	if (l.count) {
		scan_ai_declaration_fields_json(&w, &l.items[0]);
		scan_json_str(&w, "updated_by", l.items[0].updated_by);
		scan_json_time(&w, "updated_at", l.items[0].updated_at);
	}
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	scan_ai_declaration_list_dispose(&l);
	return scan_json_finish(&w);
}
