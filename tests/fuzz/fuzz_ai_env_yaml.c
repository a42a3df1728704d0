/* tests/fuzz/fuzz_ai_env_yaml.c - a Compose or Helm values file's environment on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/envvars.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whatever is read has a non-empty name and a value no longer than the input; an ambiguous name resolves to nothing. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_envvars e;

	memset(&e, 0, sizeof(e));
	if (scan_aiasset__envvars_yaml(&e, (const char *)data, size, "values.yaml") == 0) {
		for (size_t i = 0; i < e.count; i++) {
			const struct scan_envvar_def *d = &e.defs[i];
			if (!d->name[0] || strlen(d->value) > size || !d->line)
				abort();
			if (d->ambiguous && scan_aiasset__envvars_get(&e, d->name, NULL))
				abort();
		}
	}
	scan_aiasset__envvars_dispose(&e);
	return 0;
}
