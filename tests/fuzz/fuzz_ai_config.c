/* tests/fuzz/fuzz_ai_config.c - model ids read from any configuration text (Spring AI, Prompty, Compose) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/configmodels.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = { "application.yml", "application.properties", "x.prompty", "docker-compose.yml" };

/* The first byte picks the file kind. What is read is bounded and lies within the text's lines. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_ai_config_models c;
	size_t lines = 1;

	if (!size)
		return 0;
	for (size_t i = 1; i < size; i++)
		lines += data[i] == '\n';
	if (scan_aiasset__config_models(&c, names[data[0] % 4], (const char *)data + 1, size - 1) != 0)
		abort();
	if (c.count > SCAN_AI_CONFIG_MODELS_MAX || c.trust_remote_code_line > lines)
		abort();
	for (size_t i = 0; i < c.count; i++)
		if (!c.models[i].line || c.models[i].line > lines || (!c.models[i].id && !c.models[i].env) ||
		    (c.models[i].id && (!*c.models[i].id || strlen(c.models[i].id) > 200)))
			abort();
	scan_aiasset__config_models_dispose(&c);
	return 0;
}
