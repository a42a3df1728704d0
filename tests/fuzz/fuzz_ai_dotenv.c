/* tests/fuzz/fuzz_ai_dotenv.c - a dotenv file on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/envvars.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Every definition read has a name of letters, digits and '_' not starting
 * with a digit, a value within the cap and a line inside the file; every
 * name read resolves to its value or, when ambiguous, to nothing.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_envvars e;
	size_t lines = 1;

	memset(&e, 0, sizeof(e));
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (scan_aiasset__envvars_dotenv(&e, (const char *)data, size, ".env") != 0)
		abort();
	for (size_t i = 0; i < e.count; i++) {
		const struct scan_envvar_def *d = &e.defs[i];
		const char *v = scan_aiasset__envvars_get(&e, d->name, NULL);
		if (!d->name[0] || (d->name[0] >= '0' && d->name[0] <= '9') || strlen(d->value) > SCAN_ENVVAR_VALUE_MAX ||
		    d->line == 0 || d->line > lines)
			abort();
		if (d->ambiguous ? v != NULL : (!v || strcmp(v, d->value)))
			abort();
	}
	scan_aiasset__envvars_dispose(&e);
	return 0;
}
