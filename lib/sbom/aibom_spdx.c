/* lib/sbom/aibom_spdx.c - the AI inventory as SPDX 3.0.1 JSON-LD with the AI and Dataset profiles */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sbom/aibom_int.h"
#include "sbom/sbom_int.h"
#include "util/digest.h"
#include "util/error.h"

/*
 * Element ids are IRIs under a base no one resolves (.invalid, RFC 2606),
 * derived from the repository and the generation; an asset's fragment from
 * its identity, so an asset keeps its id from one generation to the next.
 */
typedef struct {
	scan_json *w;
	char base[96];
	scan_buf id;                  /* scratch for one id */
	size_t nrel;
} spdx;

static const char *iri(spdx *s, const char *kind, const char *key)
{
	char h[65];

	scan_buf_clear(&s->id);
	if (key) {
		scan_util__sha256_hex(h, key, strlen(key));
		h[16] = '\0';
		scan_buf_printf(&s->id, "%s#%s-%s", s->base, kind, h);
	} else {
		scan_buf_printf(&s->id, "%s#%s", s->base, kind);
	}
	return s->id.ptr;
}

static void element_start(spdx *s, const char *type, const char *kind, const char *key)
{
	scan_json_open(s->w, NULL, '{');
	scan_json_str(s->w, "type", type);
	scan_json_str(s->w, "spdxId", iri(s, kind, key));
	scan_json_str(s->w, "creationInfo", "_:creationinfo");
}

static void ref(spdx *s, const char *member, const char *kind, const char *key)
{
	scan_json_str(s->w, member, iri(s, kind, key));
}

static void relationship(spdx *s, const char *from_kind, const char *from_key, const char *type, const char *to_kind,
                         const char *to_key, const char *comment)
{
	char n[24];

	snprintf(n, sizeof(n), "%zu", ++s->nrel);
	element_start(s, "Relationship", "rel", n);
	ref(s, "from", from_kind, from_key);
	scan_json_str(s->w, "relationshipType", type);
	scan_json_open(s->w, "to", '[');
	ref(s, NULL, to_kind, to_key);
	scan_json_close(s->w, ']');
	if (comment)
		scan_json_str(s->w, "comment", comment);
	scan_json_close(s->w, '}');
}

static const char *purpose(const scan_ai_asset *a)
{
	if (scan_aibom__is_model(a))
		return "model";
	if (scan_aibom__is_dataset(a))
		return "data";
	if (!strcmp(a->type, "agent_framework") || !strcmp(a->type, "runtime"))
		return "framework";
	if (!strcmp(a->type, "vector_store"))
		return "library";
	if (!strcmp(a->type, "prompt"))
		return "configuration";
	if (!strcmp(a->type, "provider"))
		return "other"; /* a hosted API: SPDX has no service class */
	return "application";
}

static int time_member(spdx *s, const char *member, long long t)
{
	char when[SCAN_SBOM_TIME_LEN];
	int rc = scan_sbom__time(when, (time_t)t);

	if (!rc)
		scan_json_str(s->w, member, when);
	return rc;
}

static int package(spdx *s, const scan_aibom_input *in, const scan_ai_asset *a)
{
	const scan_ai_declaration *d = scan_aibom__declaration(in, a->identity);
	const char *type = scan_aibom__is_model(a) ? "ai_AIPackage" : scan_aibom__is_dataset(a) ? "dataset_DatasetPackage"
	                                                                                      : "software_Package";
	const char *version = d && d->component_version ? d->component_version : a->version;
	bool hash = a->sha256 || (d && d->source_digest);
	int rc = 0;

	element_start(s, type, "asset", a->identity);
	scan_json_str(s->w, "name", a->name);
	{
		scan_buf c = SCAN_BUF_INIT;
		scan_buf_printf(&c, "rampart %s %s (confidence %u)%s%s", a->type, a->identity, a->confidence,
		                a->pinning ? ", pinning: " : "", a->pinning ? a->pinning : "");
		scan_json_str(s->w, "comment", c.ptr);
		scan_buf_dispose(&c);
	}
	if (version)
		scan_json_str(s->w, "software_packageVersion", version);
	if (d && d->download_location)
		scan_json_str(s->w, "software_downloadLocation", d->download_location);
	scan_json_str(s->w, "software_primaryPurpose", purpose(a));
	if (d && d->supplier_name) {
		if (scan_aibom__is_dataset(a)) {
			scan_json_open(s->w, "originatedBy", '[');
			ref(s, NULL, "org", d->supplier_name);
			scan_json_close(s->w, ']');
		} else {
			ref(s, "suppliedBy", "org", d->supplier_name);
		}
	}
	if (d && d->release_time) {
		rc = time_member(s, "releaseTime", d->release_time);
		if (!rc && scan_aibom__is_dataset(a))
			rc = time_member(s, "builtTime", d->release_time);
	}
	if (hash) {
		scan_json_open(s->w, "verifiedUsing", '[');
		if (a->sha256) {
			scan_json_open(s->w, NULL, '{');
			scan_json_str(s->w, "type", "Hash");
			scan_json_str(s->w, "algorithm", "sha256");
			scan_json_str(s->w, "hashValue", a->sha256);
			scan_json_close(s->w, '}');
		}
		if (d && d->source_digest && (!a->sha256 || strcmp(a->sha256, d->source_digest))) {
			scan_json_open(s->w, NULL, '{');
			scan_json_str(s->w, "type", "Hash");
			scan_json_str(s->w, "algorithm", "sha256");
			scan_json_str(s->w, "hashValue", d->source_digest);
			scan_json_close(s->w, '}');
		}
		scan_json_close(s->w, ']');
	}
	if (scan_aibom__is_model(a)) {
		scan_json_str(s->w, "ai_autonomyType", "noAssertion");
		scan_json_str(s->w, "ai_useSensitivePersonalInformation", "noAssertion");
	}
	if (scan_aibom__is_dataset(a)) {
		scan_json_open(s->w, "dataset_datasetType", '[');
		scan_json_str(s->w, NULL, "noAssertion");
		scan_json_close(s->w, ']');
	}
	scan_json_close(s->w, '}');
	return rc;
}

/* The distinct supplier organizations of the verified declarations, each once. */
static void organizations(spdx *s, const scan_aibom_input *in)
{
	for (size_t i = 0; i < in->ndeclarations; i++) {
		const scan_ai_declaration *d = &in->declarations[i];
		bool seen = false;
		if (!d->verified || !d->supplier_name)
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = in->declarations[k].verified && in->declarations[k].supplier_name &&
			       !strcmp(in->declarations[k].supplier_name, d->supplier_name);
		if (seen)
			continue;
		element_start(s, "Organization", "org", d->supplier_name);
		scan_json_str(s->w, "name", d->supplier_name);
		scan_json_close(s->w, '}');
	}
}

static void licenses(spdx *s, const scan_aibom_input *in)
{
	element_start(s, "simplelicensing_LicenseExpression", "license", "NOASSERTION");
	scan_json_str(s->w, "simplelicensing_licenseExpression", "NOASSERTION");
	scan_json_close(s->w, '}');
	for (size_t i = 0; i < in->ndeclarations; i++) {
		const scan_ai_declaration *d = &in->declarations[i];
		bool seen = !strcmp(d->declared_license ? d->declared_license : "NOASSERTION", "NOASSERTION");
		if (!d->verified || !d->declared_license)
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = in->declarations[k].verified && in->declarations[k].declared_license &&
			       !strcmp(in->declarations[k].declared_license, d->declared_license);
		if (seen)
			continue;
		element_start(s, "simplelicensing_LicenseExpression", "license", d->declared_license);
		scan_json_str(s->w, "simplelicensing_licenseExpression", d->declared_license);
		scan_json_close(s->w, '}');
	}
}

/* Every element but the document and the BOM, in the order they are written. */
static void element_list(spdx *s, const scan_aibom_input *in, const char *member)
{
	const scan_ai_inventory *inv = in->inv;

	scan_json_open(s->w, member, '[');
	ref(s, NULL, "application", NULL);
	for (size_t i = 0; i < inv->nassets; i++)
		ref(s, NULL, "asset", inv->assets[i].identity);
	scan_json_close(s->w, ']');
}

int scan_aibom_spdx(scan_buf *out, const scan_aibom_input *in)
{
	const scan_ai_inventory *inv;
	char uuid[SCAN_SBOM_UUID_LEN], name[512], when[SCAN_SBOM_TIME_LEN];
	scan_json w;
	spdx s;
	int rc;

	if ((rc = scan_aibom__check(in)) != 0 || (rc = scan_sbom__time(when, (time_t)in->generated_at)) != 0)
		return rc;
	inv = in->inv;
	memset(&s, 0, sizeof(s));
	s.w = &w;
	scan_buf_init(&s.id, 4096);
	scan_aibom__document_name(name, sizeof(name), in);
	scan_sbom__uuid_named(uuid, name);
	snprintf(s.base, sizeof(s.base), "https://rampart.invalid/spdx/%s", uuid);

	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "@context", "https://spdx.org/rdf/3.0.1/spdx-context.jsonld");
	scan_json_open(&w, "@graph", '[');

	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "type", "CreationInfo");
	scan_json_str(&w, "@id", "_:creationinfo");
	scan_json_str(&w, "specVersion", "3.0.1");
	scan_json_str(&w, "created", when);
	scan_json_open(&w, "createdBy", '[');
	ref(&s, NULL, "creator", NULL);
	scan_json_close(&w, ']');
	scan_json_open(&w, "createdUsing", '[');
	ref(&s, NULL, "tool", NULL);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');

	element_start(&s, "Tool", "tool", NULL);
	{
		scan_buf t = SCAN_BUF_INIT;
		scan_buf_printf(&t, "rampart %s", in->tool_version ? in->tool_version : "unknown");
		scan_json_str(&w, "name", t.ptr);
		scan_buf_dispose(&t);
	}
	scan_json_close(&w, '}');
	element_start(&s, "Organization", "creator", NULL);
	scan_json_str(&w, "name", "Rampart");
	scan_json_close(&w, '}');
	organizations(&s, in);

	element_start(&s, "SpdxDocument", "document", NULL);
	{
		scan_buf t = SCAN_BUF_INIT;
		char gen[24];
		snprintf(gen, sizeof(gen), "%lld", in->generation);
		scan_buf_printf(&t, "AI BOM of %s, generation %s%s%s", in->repo_name ? in->repo_name : "repository", gen,
		                in->commit ? ", commit " : "", in->commit ? in->commit : "");
		scan_json_str(&w, "name", t.ptr);
		scan_buf_clear(&t);
		scan_buf_printf(&t, "coverage %s; canonicalization %s", scan_ai_coverage_status(inv), SCAN_AI_CANONICALIZATION);
		scan_json_str(&w, "comment", t.ptr);
		scan_buf_dispose(&t);
	}
	scan_json_open(&w, "profileConformance", '[');
	scan_json_str(&w, NULL, "core");
	scan_json_str(&w, NULL, "software");
	scan_json_str(&w, NULL, "simpleLicensing");
	scan_json_str(&w, NULL, "ai");
	scan_json_str(&w, NULL, "dataset");
	scan_json_close(&w, ']');
	scan_json_open(&w, "rootElement", '[');
	ref(&s, NULL, "bom", NULL);
	scan_json_close(&w, ']');
	scan_json_open(&w, "element", '[');
	ref(&s, NULL, "bom", NULL);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');

	element_start(&s, "software_Sbom", "bom", NULL);
	scan_json_open(&w, "software_sbomType", '[');
	scan_json_str(&w, NULL, "source");
	scan_json_close(&w, ']');
	scan_json_open(&w, "rootElement", '[');
	ref(&s, NULL, "application", NULL);
	scan_json_close(&w, ']');
	element_list(&s, in, "element");
	scan_json_close(&w, '}');

	element_start(&s, "software_Package", "application", NULL);
	scan_json_str(&w, "name", in->repo_name ? in->repo_name : "repository");
	if (in->commit) {
		scan_buf t = SCAN_BUF_INIT;
		scan_buf_printf(&t, "git:%s", in->commit);
		scan_json_str(&w, "software_packageVersion", t.ptr);
		scan_buf_dispose(&t);
	}
	scan_json_str(&w, "software_primaryPurpose", "application");
	scan_json_close(&w, '}');

	for (size_t i = 0; i < inv->nassets && !rc; i++)
		rc = package(&s, in, &inv->assets[i]);
	licenses(&s, in);

	/* The profiles want each model and dataset to carry a concluded and a declared licence. */
	for (size_t i = 0; i < inv->nassets && !rc; i++) {
		const scan_ai_asset *a = &inv->assets[i];
		const scan_ai_declaration *d;
		if (!scan_aibom__is_model(a) && !scan_aibom__is_dataset(a))
			continue;
		d = scan_aibom__declaration(in, a->identity);
		relationship(&s, "asset", a->identity, "hasConcludedLicense", "license", "NOASSERTION", NULL);
		relationship(&s, "asset", a->identity, "hasDeclaredLicense", "license",
		             d && d->declared_license ? d->declared_license : "NOASSERTION", NULL);
	}
	for (size_t i = 0; i < inv->nassets; i++) {
		bool reached = false;
		for (size_t k = 0; k < inv->nrelations && !reached; k++)
			reached = inv->relations[k].to == i;
		if (!reached)
			relationship(&s, "application", NULL, "dependsOn", "asset", inv->assets[i].identity, NULL);
	}
	for (size_t k = 0; k < inv->nrelations; k++) {
		const scan_ai_relation *r = &inv->relations[k];
		scan_buf c = SCAN_BUF_INIT;
		scan_buf_printf(&c, "rampart relation: %s", r->kind);
		relationship(&s, "asset", inv->assets[r->from].identity, "dependsOn", "asset", inv->assets[r->to].identity,
		             c.ptr);
		scan_buf_dispose(&c);
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	scan_buf_dispose(&s.id);
	if (rc)
		return rc;
	return scan_json_finish(&w);
}
