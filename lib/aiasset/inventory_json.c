/* lib/aiasset/inventory_json.c - the AI inventory as JSON: the scan's "ai" object */
#include "aiasset/inventory.h"
#include "scan/json.h"

void scan_ai_asset_json(scan_json *w, const char *key, const scan_ai_asset *a)
{
	scan_json_open(w, key, '{');
	scan_json_str(w, "identity", a->identity);
	scan_json_str(w, "asset_type", a->type);
	scan_json_str(w, "name", a->name);
	scan_json_str_opt(w, "provider", a->provider);
	scan_json_str_opt(w, "version", a->version);
	scan_json_str_opt(w, "pinning", a->pinning);
	scan_json_str_opt(w, "pinning_reason", a->pinning_reason);
	scan_json_str_opt(w, "sha256", a->sha256);
	scan_json_str_opt(w, "hash_skipped", a->hash_skipped);
	if (a->size)
		scan_json_uint(w, "size", a->size);
	scan_json_str_opt(w, "transport", a->transport);
	scan_json_str_opt(w, "package", a->package);
	scan_json_uint(w, "confidence", a->confidence);
	scan_json_bool(w, "declared", a->declared);
	scan_json_bool(w, "used_in_code", a->used_in_code);
	scan_json_uint(w, "evidence_count", a->nevidence_total);
	scan_json_open(w, "evidence", '[');
	for (size_t i = 0; i < a->nevidence; i++) {
		const scan_ai_evidence *e = &a->evidence[i];
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "file_path", e->file_path);
		if (e->line)
			scan_json_uint(w, "line_number", e->line);
		scan_json_str(w, "signal", e->signal);
		scan_json_str_opt(w, "snippet", e->snippet);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

void scan_ai_inventory_json(scan_json *w, const char *key, const scan_ai_inventory *inv)
{
	scan_json_open(w, key, '{');
	scan_json_str(w, "canonicalization", SCAN_AI_CANONICALIZATION);
	scan_json_str(w, "coverage_status", scan_ai_coverage_status(inv));
	scan_json_bool(w, "manifests_read", inv->manifests_read);
	scan_json_open(w, "assets", '[');
	for (size_t i = 0; i < inv->nassets; i++)
		scan_ai_asset_json(w, NULL, &inv->assets[i]);
	scan_json_close(w, ']');
	scan_json_open(w, "relationships", '[');
	for (size_t i = 0; i < inv->nrelations; i++) {
		const scan_ai_relation *r = &inv->relations[i];
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "from", inv->assets[r->from].identity);
		scan_json_str(w, "kind", r->kind);
		scan_json_str(w, "to", inv->assets[r->to].identity);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_open(w, "gaps", '[');
	for (size_t i = 0; i < inv->ngaps; i++) {
		const scan_ai_gap *g = &inv->gaps[i];
		scan_json_open(w, NULL, '{');
		scan_json_str_opt(w, "file_path", g->file_path);
		if (g->line)
			scan_json_uint(w, "line_number", g->line);
		scan_json_str(w, "reason", g->reason);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}
