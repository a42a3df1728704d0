/* lib/aiasset/signals.h - what a dependency says about a repository's use of AI */
#ifndef SCAN_AIASSET_SIGNALS_H
#define SCAN_AIASSET_SIGNALS_H

#include "aiasset/modelid.h"

typedef enum {
	SCAN_AI_ASSET_PROVIDER = 0,   /* a hosted model API's SDK */
	SCAN_AI_ASSET_MODEL,
	SCAN_AI_ASSET_DATASET,
	SCAN_AI_ASSET_AGENT_FRAMEWORK,
	SCAN_AI_ASSET_AGENT,
	SCAN_AI_ASSET_MCP_SERVER,
	SCAN_AI_ASSET_MCP_CLIENT,
	SCAN_AI_ASSET_VECTOR_STORE,
	SCAN_AI_ASSET_PROMPT,
	SCAN_AI_ASSET_MODEL_ARTIFACT,
	SCAN_AI_ASSET_TOOL,
	SCAN_AI_ASSET_RUNTIME,        /* a library that runs models locally (transformers, llama.cpp, vLLM, Ollama) */
	SCAN_AI_ASSET__COUNT
} scan_ai_asset_type;

/* "provider", "model", "dataset", "agent_framework", ... */
const char *scan_aiasset__type_name(scan_ai_asset_type t);

typedef struct {
	const char *ecosystem;        /* "PyPI", "npm", "Go", "Maven", "NuGet" (the SCA inventory's names) */
	const char *package;          /* as the ecosystem names it; a trailing '*' matches a prefix */
	scan_ai_asset_type type;
	scan_ai_provider provider;    /* for a provider's SDK or a runtime; SCAN_AI_PROVIDER_UNKNOWN otherwise */
	const char *name;             /* what the asset is called: "OpenAI", "LangChain", "Pinecone" */
} scan_ai_package_signal;

/* The signal a package gives (case-insensitive for PyPI, whose names are), or NULL when it says nothing about AI. */
const scan_ai_package_signal *scan_aiasset__package_signal(const char *ecosystem, const char *package);
/*
 * The provider an agent framework's integration module reaches, by the
 * provider's name in it (langchain_openai, @ai-sdk/anthropic,
 * dev.langchain4j.model.openai, Microsoft.SemanticKernel.Connectors.OpenAI),
 * or NULL.
 */
const scan_ai_package_signal *scan_aiasset__integration_signal(const char *module);
/* The vector store of that name ("FAISS", "Chroma"), or NULL. */
const scan_ai_package_signal *scan_aiasset__store_signal(const char *name);

#endif
