/* lib/sbom/aibom.c - providers, declarations and SPDX readiness, shared by the AI-BOM writers */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sbom/aibom_int.h"
#include "util/error.h"

static const scan_aibom_provider providers[] = {
	{ "anthropic", "Anthropic", "https://api.anthropic.com" },
	{ "azure_openai", "Microsoft Azure OpenAI", NULL },
	{ "bedrock", "Amazon Bedrock", NULL },
	{ "cohere", "Cohere", "https://api.cohere.com" },
	{ "google", "Google", "https://generativelanguage.googleapis.com" },
	{ "huggingface", "Hugging Face", "https://huggingface.co" },
	{ "litellm", "LiteLLM", NULL },
	{ "mistral", "Mistral AI", "https://api.mistral.ai" },
	{ "ollama", "Ollama", NULL },
	{ "openai", "OpenAI", "https://api.openai.com/v1" },
};

const scan_aibom_provider *scan_aibom__provider(const char *key)
{
	for (size_t i = 0; key && i < sizeof(providers) / sizeof(providers[0]); i++)
		if (!strcmp(providers[i].key, key))
			return &providers[i];
	return NULL;
}

const scan_ai_declaration *scan_aibom__declaration(const scan_aibom_input *in, const char *identity)
{
	size_t lo = 0, hi = in->ndeclarations;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(in->declarations[mid].identity, identity);
		if (!c)
			return in->declarations[mid].verified ? &in->declarations[mid] : NULL;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int scan_aibom__check(const scan_aibom_input *in)
{
	if (!in || !in->inv)
		return scan_util__error(SCAN_EINVAL, "no AI inventory to write a BOM of");
	if (in->generation < 1)
		return scan_util__error(SCAN_EINVAL, "a BOM generation is 1 or more, not %lld", in->generation);
	if (in->generated_at <= 0)
		return scan_util__error(SCAN_EINVAL, "a BOM generation has a time");
	for (size_t i = 1; i < in->ndeclarations; i++)
		if (strcmp(in->declarations[i - 1].identity, in->declarations[i].identity) >= 0)
			return scan_util__error(SCAN_EINVAL, "declarations must be sorted by asset, one per asset");
	return 0;
}

void scan_aibom__document_name(char *out, size_t cap, const scan_aibom_input *in)
{
	/* a stored repository by its id; an unstored export by what it is of: the name and the commit */
	if (in->repo_id)
		snprintf(out, cap, "rampart-aibom|%lld|%lld", in->repo_id, in->generation);
	else
		snprintf(out, cap, "rampart-aibom|%s|%s|%lld", in->repo_name ? in->repo_name : "",
		         in->commit ? in->commit : "", in->generation);
}

bool scan_aibom__is_model(const scan_ai_asset *a)
{
	return !strcmp(a->type, "model") || !strcmp(a->type, "model_artifact");
}

bool scan_aibom__is_dataset(const scan_ai_asset *a)
{
	return !strcmp(a->type, "dataset");
}

const char *scan_aibom__hf_split(const char *id, size_t *glen)
{
	const char *slash = strchr(id, '/');

	if (!slash || strchr(slash + 1, '/') || slash == id || !slash[1]) {
		*glen = 0;
		return id;
	}
	*glen = (size_t)(slash - id);
	return slash + 1;
}

static void add_missing(char *out, size_t cap, const char *what)
{
	size_t n = strlen(out);
	snprintf(out + n, cap - n, "%s%s", n ? ", " : "", what);
}

int scan_aibom_spdx_blockers(const scan_aibom_input *in, scan_aibom_blocker **out, size_t *n)
{
	const scan_ai_inventory *inv = in->inv;
	scan_aibom_blocker *v = NULL;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	if (!inv || !inv->nassets)
		return 0;
	if (!(v = calloc(inv->nassets, sizeof(*v))))
		return scan_error__oom();
	for (size_t i = 0; i < inv->nassets; i++) {
		const scan_ai_asset *a = &inv->assets[i];
		const scan_ai_declaration *d;
		scan_aibom_blocker *b = &v[k];
		if (!scan_aibom__is_model(a) && !scan_aibom__is_dataset(a))
			continue;
		d = scan_aibom__declaration(in, a->identity);
		b->identity = a->identity;
		b->missing[0] = '\0';
		if (!d || !d->release_time)
			add_missing(b->missing, sizeof(b->missing), "releaseTime");
		if (scan_aibom__is_model(a)) {
			if (!d || !d->supplier_name)
				add_missing(b->missing, sizeof(b->missing), "suppliedBy");
			if ((!d || !d->component_version) && !a->version)
				add_missing(b->missing, sizeof(b->missing), "software_packageVersion");
		} else {
			if (!d || !d->supplier_name)
				add_missing(b->missing, sizeof(b->missing), "originatedBy");
			if (!d || !d->release_time)
				add_missing(b->missing, sizeof(b->missing), "builtTime");
		}
		if (!d || !d->download_location)
			add_missing(b->missing, sizeof(b->missing), "software_downloadLocation");
		if (b->missing[0])
			k++;
	}
	if (!k) {
		free(v);
		v = NULL;
	}
	*out = v;
	*n = k;
	return 0;
}

void scan_ai_declaration_fields_json(scan_json *w, const scan_ai_declaration *d)
{
	scan_json_str_opt(w, "supplier_name", d->supplier_name);
	scan_json_str_opt(w, "component_version", d->component_version);
	scan_json_str_opt(w, "declared_license", d->declared_license);
	scan_json_str_opt(w, "download_location", d->download_location);
	if (d->release_time)
		scan_json_time(w, "release_time", d->release_time);
	scan_json_str(w, "source_kind", d->source_kind ? d->source_kind : "manual");
	scan_json_str_opt(w, "source_uri", d->source_uri);
	scan_json_str_opt(w, "source_digest", d->source_digest);
	scan_json_bool(w, "verified", d->verified);
}
