/* lib/sbom/aibom_int.h - what the two AI-BOM writers share */
#ifndef SCAN_SBOM_AIBOM_INT_H
#define SCAN_SBOM_AIBOM_INT_H

#include "scan/aibom.h"

/* A provider as a document names it: who runs it, and the API's base URL when there is one. */
typedef struct {
	const char *key;              /* "openai" */
	const char *name;             /* "OpenAI" */
	const char *endpoint;         /* "https://api.openai.com/v1"; NULL */
} scan_aibom_provider;

const scan_aibom_provider *scan_aibom__provider(const char *key);
/* The verified declaration about identity, or NULL (an unverified one is not evidence for a document). */
const scan_ai_declaration *scan_aibom__declaration(const scan_aibom_input *in, const char *identity);
/* 0, or SCAN_EINVAL for an input no document can be written from. */
int scan_aibom__check(const scan_aibom_input *in);
/* What the documents' ids derive from: the repository and the generation (name and commit when unstored). */
void scan_aibom__document_name(char *out, size_t cap, const scan_aibom_input *in);
/* Whether an asset is a model (model or model file) or a dataset in the profiles' sense. */
bool scan_aibom__is_model(const scan_ai_asset *a);
bool scan_aibom__is_dataset(const scan_ai_asset *a);
/* "group" and "name" of a Hugging Face id "org/name"; *glen 0 when it has no '/'. */
const char *scan_aibom__hf_split(const char *id, size_t *glen);

#endif
