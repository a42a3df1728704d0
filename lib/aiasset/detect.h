/* lib/aiasset/detect.h - what a file's code facts mean: the assets, their relations, the model ids to resolve */
#ifndef SCAN_AIASSET_DETECT_H
#define SCAN_AIASSET_DETECT_H

#include "aiasset/code.h"
#include "aiasset/inventory.h"
#include "aiasset/signals.h"

/* The line of the file a piece of evidence quotes, credentials masked; NULL to quote nothing. */
typedef const char *(*scan_ai_quote_fn)(void *ctx, unsigned line);

/*
 * A model (or dataset) a call names, before it is resolved: a literal, a
 * constant, or an environment variable whose value only the whole
 * repository knows (resolved in the analyzer's finalize).
 */
typedef struct {
	const char *file_path;
	unsigned line;
	const char *snippet;        /* masked */
	scan_ai_provider provider;  /* from the call's SDK; UNKNOWN: from the id's shape */
	const char *id;             /* the literal; NULL when read from env */
	const char *env;            /* the variable; NULL for a literal */
	const char *fallback;       /* env: the literal the code falls back to; NULL */
	const char *revision;       /* Hugging Face revision=; NULL */
	bool dataset;
	bool deployment;            /* an Azure deployment name, not a model id */
	bool endpoint;              /* sent to an endpoint the code chose (base_url): that server decides the version */
	const char *user;           /* identity of the agent or framework using it in this file; NULL */
} scan_ai_model_ref;

typedef struct {
	scan_ai_model_ref *refs;
	size_t count, cap;
} scan_ai_model_refs;

/* The asset an import of module means in lang, or NULL. */
const scan_ai_package_signal *scan_aiasset__import_signal(scan_lang lang, const char *module);
/* Who serves a model id, from its shape ("gpt-4o" openai, "claude-..." anthropic, "org/name" none); UNKNOWN. */
scan_ai_provider scan_aiasset__provider_of_id(const char *id);

/* Add the asset a package signal names (manifest or import); *slot for evidence. */
int scan_aiasset__add_signal(scan_ai_builder *b, const scan_ai_package_signal *s, bool declared, const char *version,
                             size_t *slot);

/*
 * The assets one file's code shows: SDKs imported, agents and MCP servers
 * constructed, tools decorated; the models and datasets its calls name go
 * to refs (strings in b's arena), to be resolved with
 * scan_aiasset__add_model(). Unresolvable names are gaps.
 */
int scan_aiasset__detect_code(scan_ai_builder *b, const scan_ai_code *c, scan_lang lang, const char *path,
                              scan_ai_quote_fn quote, void *qctx, scan_ai_model_refs *refs);

/*
 * Add the model or dataset ref names, with id its resolved value (the
 * literal, the variable's value or the fallback; source says which, as
 * evidence). *pinning and *why: for the pinning rule.
 */
int scan_aiasset__add_model(scan_ai_builder *b, const scan_ai_model_ref *ref, const char *id, const char *source,
                            scan_ai_pinning *pinning, const char **why, size_t *slot);

/* Each model or dataset served_by the provider or runtime of the same provider, once every asset is in. */
int scan_aiasset__link_providers(scan_ai_builder *b);

/* Keep a model reference for finalize (its strings copied into b's arena). */
int scan_aiasset__model_ref_add(scan_ai_builder *b, scan_ai_model_refs *refs, const scan_ai_model_ref *r);
void scan_aiasset__model_refs_dispose(scan_ai_model_refs *r);

#endif
