/* lib/sbom/aibom_cdx.c - the AI inventory as a CycloneDX 1.7 BOM: models, datasets, services, agents, MCP */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sbom/aibom_int.h"
#include "sbom/sbom_int.h"
#include "util/error.h"

#define APP_REF "application"

/* The CycloneDX component type of an asset; NULL: a service (a hosted provider). */
static const char *component_type(const scan_ai_asset *a)
{
	if (!strcmp(a->type, "provider"))
		return NULL;
	if (scan_aibom__is_model(a))
		return "machine-learning-model";
	if (scan_aibom__is_dataset(a))
		return "data";
	if (!strcmp(a->type, "agent_framework") || !strcmp(a->type, "runtime"))
		return "framework";
	if (!strcmp(a->type, "vector_store"))
		return "library";
	if (!strcmp(a->type, "prompt"))
		return "file";
	return "application"; /* agents, MCP servers and clients, tools: properties say which */
}

static void properties(scan_json *w, const scan_ai_asset *a)
{
	char conf[8];

	snprintf(conf, sizeof(conf), "%u", a->confidence);
	scan_json_open(w, "properties", '[');
	scan_sbom__json_property(w, "rampart:ai:asset-type", a->type);
	scan_sbom__json_property(w, "rampart:ai:identity", a->identity);
	scan_sbom__json_property(w, "rampart:ai:confidence", conf);
	if (a->provider)
		scan_sbom__json_property(w, "rampart:ai:provider", a->provider);
	if (a->pinning)
		scan_sbom__json_property(w, "rampart:ai:pinning", a->pinning);
	if (a->transport)
		scan_sbom__json_property(w, "rampart:ai:mcp-transport", a->transport);
	if (a->package)
		scan_sbom__json_property(w, "rampart:ai:mcp-package", a->package);
	if (a->hash_skipped)
		scan_sbom__json_property(w, "rampart:ai:hash-skipped", a->hash_skipped);
	scan_sbom__json_property(w, "rampart:ai:declared-in-manifest", a->declared ? "true" : "false");
	scan_json_close(w, ']');
}

static void evidence(scan_json *w, const scan_ai_asset *a)
{
	if (!a->nevidence)
		return;
	scan_json_open(w, "evidence", '{');
	scan_json_open(w, "occurrences", '[');
	for (size_t i = 0; i < a->nevidence; i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "location", a->evidence[i].file_path);
		if (a->evidence[i].line)
			scan_json_uint(w, "line", a->evidence[i].line);
		scan_json_str(w, "additionalContext", a->evidence[i].signal);
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

/* Which members a verified declaration filled, for its citation. */
typedef struct {
	bool supplier, version, license, distribution;
} declared_fields;

static void component(scan_json *w, const scan_aibom_input *in, const scan_ai_asset *a, declared_fields *df)
{
	const scan_ai_declaration *d = scan_aibom__declaration(in, a->identity);
	const scan_aibom_provider *p = scan_aibom__provider(a->provider);
	const char *version = d && d->component_version ? d->component_version : a->version;
	const char *name = a->name;
	size_t glen = 0;

	memset(df, 0, sizeof(*df));
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "type", component_type(a));
	scan_json_str(w, "bom-ref", a->identity);
	if (d && d->supplier_name) {
		scan_json_open(w, "supplier", '{');
		scan_json_str(w, "name", d->supplier_name);
		scan_json_close(w, '}');
		df->supplier = true;
	} else if (p && (scan_aibom__is_model(a) || scan_aibom__is_dataset(a))) {
		scan_json_open(w, "supplier", '{');
		scan_json_str(w, "name", p->name);
		scan_json_close(w, '}');
	}
	if (a->provider && !strcmp(a->provider, "huggingface") && !strcmp(a->type, "model"))
		name = scan_aibom__hf_split(a->name, &glen);
	if (glen)
		scan_json_strn(w, "group", a->name, glen);
	scan_json_str(w, "name", name);
	if (version) {
		scan_json_str(w, "version", version);
		df->version = d && d->component_version;
	}
	if (a->sha256) {
		scan_json_open(w, "hashes", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "alg", "SHA-256");
		scan_json_str(w, "content", a->sha256);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
	}
	if (d && d->declared_license) {
		scan_json_open(w, "licenses", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "expression", d->declared_license);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
		df->license = true;
	}
	/* A Hugging Face model at a commit has a package URL of its own. */
	if (glen && a->version && strlen(a->version) == 40) {
		scan_buf purl = SCAN_BUF_INIT;
		scan_buf_printf(&purl, "pkg:huggingface/%.*s/%s@%s", (int)glen, a->name, name, a->version);
		scan_json_str(w, "purl", purl.ptr);
		scan_buf_dispose(&purl);
	}
	if (d && d->download_location) {
		scan_json_open(w, "externalReferences", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "distribution");
		scan_json_str(w, "url", d->download_location);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
		df->distribution = true;
	}
	if (!strcmp(a->type, "model") || !strcmp(a->type, "model_artifact")) {
		/* What the scan can say of the model: where it comes from and whether it is pinned; the rest is not guessed. */
		scan_json_open(w, "modelCard", '{');
		scan_json_open(w, "properties", '[');
		scan_sbom__json_property(w, "rampart:ai:pinning", a->pinning ? a->pinning : "unknown");
		if (a->pinning_reason)
			scan_sbom__json_property(w, "rampart:ai:pinning-reason", a->pinning_reason);
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	if (scan_aibom__is_dataset(a)) {
		scan_json_open(w, "data", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "dataset");
		scan_json_str(w, "name", a->name);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
	}
	evidence(w, a);
	properties(w, a);
	scan_json_close(w, '}');
}

static void service(scan_json *w, const scan_ai_asset *a)
{
	const scan_aibom_provider *p = scan_aibom__provider(a->provider);

	scan_json_open(w, NULL, '{');
	scan_json_str(w, "bom-ref", a->identity);
	scan_json_open(w, "provider", '{');
	scan_json_str(w, "name", p ? p->name : a->name);
	scan_json_close(w, '}');
	scan_json_str(w, "name", a->name);
	if (a->version)
		scan_json_str(w, "version", a->version);
	if (p && p->endpoint) {
		scan_json_open(w, "endpoints", '[');
		scan_json_str(w, NULL, p->endpoint);
		scan_json_close(w, ']');
	}
	scan_json_bool(w, "authenticated", true);
	scan_json_bool(w, "x-trust-boundary", true);
	properties(w, a);
	scan_json_close(w, '}');
}

static bool has_incoming(const scan_ai_inventory *inv, size_t i)
{
	for (size_t k = 0; k < inv->nrelations; k++)
		if (inv->relations[k].to == i)
			return true;
	return false;
}

/* Each asset once, with what it depends on; the application with what nothing else reaches. */
static void dependencies(scan_json *w, const scan_ai_inventory *inv)
{
	size_t k = 0;

	scan_json_open(w, "dependencies", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "ref", APP_REF);
	scan_json_open(w, "dependsOn", '[');
	for (size_t i = 0; i < inv->nassets; i++)
		if (!has_incoming(inv, i))
			scan_json_str(w, NULL, inv->assets[i].identity);
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	for (size_t i = 0; i < inv->nassets; i++) {
		size_t last = (size_t)-1;
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "ref", inv->assets[i].identity);
		scan_json_open(w, "dependsOn", '[');
		/* relations are sorted by from, then kind: the same target may come twice under two kinds */
		for (; k < inv->nrelations && inv->relations[k].from == i; k++) {
			size_t to = inv->relations[k].to;
			bool seen = false;
			for (size_t j = 0; j < k; j++)
				seen |= inv->relations[j].from == i && inv->relations[j].to == to;
			if (!seen && to != last)
				scan_json_str(w, NULL, inv->assets[to].identity);
			last = to;
		}
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

int scan_aibom_cyclonedx(scan_buf *out, const scan_aibom_input *in)
{
	const scan_ai_inventory *inv;
	char uuid[SCAN_SBOM_UUID_LEN], when[SCAN_SBOM_TIME_LEN], name[512], gen[24];
	declared_fields *df = NULL;
	size_t ncomp = 0;
	scan_buf version = SCAN_BUF_INIT;
	scan_json w;
	int rc;

	if ((rc = scan_aibom__check(in)) != 0 || (rc = scan_sbom__time(when, (time_t)in->generated_at)) != 0)
		return rc;
	inv = in->inv;
	scan_aibom__document_name(name, sizeof(name), in);
	scan_sbom__uuid_named(uuid, name);
	snprintf(gen, sizeof(gen), "%lld", in->generation);
	if (inv->nassets && !(df = calloc(inv->nassets, sizeof(*df))))
		return scan_error__oom();
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "$schema", "http://cyclonedx.org/schema/bom-1.7.schema.json");
	scan_json_str(&w, "bomFormat", "CycloneDX");
	scan_json_str(&w, "specVersion", "1.7");
	scan_sbom__json_cat(&w, "serialNumber", "urn:uuid:", uuid);
	scan_json_int(&w, "version", in->generation);
	scan_json_open(&w, "metadata", '{');
	scan_json_str(&w, "timestamp", when);
	scan_json_open(&w, "lifecycles", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "phase", "pre-build");
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_open(&w, "tools", '{');
	scan_json_open(&w, "components", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "type", "application");
	scan_json_str(&w, "name", "rampart");
	scan_json_str(&w, "version", in->tool_version ? in->tool_version : "unknown");
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_open(&w, "component", '{');
	scan_json_str(&w, "type", "application");
	scan_json_str(&w, "bom-ref", APP_REF);
	scan_json_str(&w, "name", in->repo_name ? in->repo_name : "repository");
	if (in->commit && scan_buf_printf(&version, "git:%s", in->commit) == 0)
		scan_json_str(&w, "version", version.ptr);
	scan_json_close(&w, '}');
	scan_json_open(&w, "properties", '[');
	scan_sbom__json_property(&w, "rampart:ai-bom:generation", gen);
	scan_sbom__json_property(&w, "rampart:ai-bom:coverage", scan_ai_coverage_status(inv));
	scan_sbom__json_property(&w, "rampart:ai-bom:canonicalization", SCAN_AI_CANONICALIZATION);
	if (in->commit)
		scan_sbom__json_property(&w, "rampart:ai-bom:commit", in->commit);
	for (size_t i = 0; i < inv->ngaps; i++)
		scan_sbom__json_property(&w, "rampart:ai-bom:gap", inv->gaps[i].reason);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');

	scan_json_open(&w, "components", '[');
	for (size_t i = 0; i < inv->nassets; i++) {
		if (!component_type(&inv->assets[i]))
			continue;
		component(&w, in, &inv->assets[i], &df[ncomp++]);
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "services", '[');
	for (size_t i = 0; i < inv->nassets; i++)
		if (!component_type(&inv->assets[i]))
			service(&w, &inv->assets[i]);
	scan_json_close(&w, ']');
	dependencies(&w, inv);

	/* Declarations the scan could not see are cited: which members, stated when, and that they were verified. */
	scan_json_open(&w, "citations", '[');
	for (size_t i = 0, c = 0; i < inv->nassets; i++) {
		const scan_ai_declaration *d;
		static const char *const members[] = { "supplier", "version", "licenses", "externalReferences" };
		char ref[48], pointer[64], stamp[SCAN_SBOM_TIME_LEN];
		bool filled[4];
		if (!component_type(&inv->assets[i]))
			continue;
		c++;
		if (!(d = scan_aibom__declaration(in, inv->assets[i].identity)))
			continue;
		filled[0] = df[c - 1].supplier, filled[1] = df[c - 1].version, filled[2] = df[c - 1].license;
		filled[3] = df[c - 1].distribution;
		if (!(filled[0] || filled[1] || filled[2] || filled[3]) ||
		    scan_sbom__time(stamp, (time_t)(d->updated_at > 0 ? d->updated_at : in->generated_at)))
			continue;
		snprintf(ref, sizeof(ref), "citation:%zu", c - 1);
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "bom-ref", ref);
		scan_json_open(&w, "pointers", '[');
		for (int m = 0; m < 4; m++) {
			if (!filled[m])
				continue;
			snprintf(pointer, sizeof(pointer), "/components/%zu/%s", c - 1, members[m]);
			scan_json_str(&w, NULL, pointer);
		}
		scan_json_close(&w, ']');
		scan_json_str(&w, "timestamp", stamp);
		scan_json_str(&w, "attributedTo", APP_REF);
		{
			scan_buf note = SCAN_BUF_INIT;
			scan_buf_printf(&note, "verified declaration, version %lld, source %s%s%s", d->version,
			                d->source_kind ? d->source_kind : "manual", d->source_uri ? " " : "",
			                d->source_uri ? d->source_uri : "");
			scan_json_str(&w, "note", note.ptr);
			scan_buf_dispose(&note);
		}
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	free(df);
	scan_buf_dispose(&version);
	return scan_json_finish(&w);
}
