/* lib/aiasset/configmodels.h - model ids that configuration files name: Spring AI, Prompty, model servers' commands */
#ifndef SCAN_AIASSET_CONFIGMODELS_H
#define SCAN_AIASSET_CONFIGMODELS_H

#include <stdbool.h>
#include <stddef.h>
#include "aiasset/modelid.h"
#include "util/arena.h"

#define SCAN_AI_CONFIG_MODELS_MAX 200

typedef struct {
	const char *id;               /* the literal, or NULL when read from a variable */
	const char *env;              /* ${VAR} or ${VAR:default}: the variable */
	const char *fallback;         /* ...and its default */
	scan_ai_provider provider;    /* from where the file names it (spring.ai.openai, type: openai); UNKNOWN */
	bool deployment;              /* an Azure deployment name */
	unsigned line;
} scan_ai_config_model;

typedef struct {
	scan_arena arena;
	scan_ai_config_model *models;
	size_t count, cap;
	unsigned trust_remote_code_line; /* a model server started with --trust-remote-code; 0: none */
} scan_ai_config_models;

/*
 * Whether path is a file whose models this reads: application*.yml|yaml|properties,
 * *.prompty, Compose files, LiteLLM proxy configurations (litellm*.yaml, config.yaml).
 */
bool scan_aiasset__is_model_config(const char *path);

/*
 * The models a configuration names: Spring AI's spring.ai.<provider>...
 * .model (YAML or properties), a Prompty file's front matter
 * model.configuration (model, name or azure_deployment, with its type), a
 * vLLM service's --model (or `vllm serve ID`) in a Compose command, a
 * LiteLLM model_list's litellm_params.model. Read
 * line by line by indentation, bounded by the text; 0 or SCAN_ENOMEM.
 * scan_aiasset__config_models_dispose() in every case.
 */
int scan_aiasset__config_models(scan_ai_config_models *out, const char *path, const char *text, size_t len);
void scan_aiasset__config_models_dispose(scan_ai_config_models *c);

#endif
