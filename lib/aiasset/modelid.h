/* lib/aiasset/modelid.h - whether a model identifier names one fixed model, per provider */
#ifndef SCAN_AIASSET_MODELID_H
#define SCAN_AIASSET_MODELID_H

#include <stdbool.h>

/* Who serves a model: its identifier's rules of pinning are the provider's. */
typedef enum {
	SCAN_AI_PROVIDER_UNKNOWN = 0,
	SCAN_AI_PROVIDER_OPENAI,
	SCAN_AI_PROVIDER_AZURE_OPENAI,
	SCAN_AI_PROVIDER_ANTHROPIC,
	SCAN_AI_PROVIDER_GOOGLE,
	SCAN_AI_PROVIDER_BEDROCK,
	SCAN_AI_PROVIDER_MISTRAL,
	SCAN_AI_PROVIDER_COHERE,
	SCAN_AI_PROVIDER_OLLAMA,
	SCAN_AI_PROVIDER_HUGGINGFACE,
	SCAN_AI_PROVIDER_LITELLM,
	SCAN_AI_PROVIDER__COUNT
} scan_ai_provider;

typedef enum {
	SCAN_AI_PINNED = 0,      /* the identifier names one snapshot */
	SCAN_AI_FLOATING,        /* an alias the provider may point at another model */
	SCAN_AI_PIN_UNKNOWN,     /* the identifier cannot say (an Azure deployment name, an unknown provider) */
} scan_ai_pinning;

/* "openai", "azure_openai", ...; parse: false for an unknown name. */
const char *scan_aiasset__provider_name(scan_ai_provider p);
bool scan_aiasset__provider_parse(scan_ai_provider *out, const char *name);

/*
 * Whether model (with revision, for a Hugging Face repository; may be
 * NULL) is pinned under provider p's naming: OpenAI and
 * Mistral snapshots carry a date, Anthropic ids are dated or from the
 * Claude 4.6 generation on, Gemini ids a three-digit version, Bedrock ids
 * a -vN version, Ollama tags other than latest (or a digest), Hugging Face
 * a full commit revision; "-latest" is floating everywhere. A LiteLLM
 * "provider/model" is judged by its provider. *why is a static sentence.
 */
scan_ai_pinning scan_aiasset__pinning(scan_ai_provider p, const char *model, const char *revision, const char **why);

#endif
