/* tests/fuzz/fuzz_ai_mcp_config.c - an MCP client configuration on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/mcpconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * What the reader accepts is a list of named servers, each with a line,
 * whose strings can be read whole; a remote server has no command to
 * launch a package with.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_mcp_config c;
	size_t total = 0;

	if (scan_aiasset__mcp_config_read(&c, (const char *)data, size, "fuzz") != 0)
		return 0;
	for (size_t i = 0; i < c.count; i++) {
		const scan_mcp_server *s = &c.servers[i];
		if (!s->name || !s->line)
			abort();
		total += strlen(s->name) + (s->command ? strlen(s->command) : 0) + (s->url ? strlen(s->url) : 0);
		for (size_t k = 0; k < s->nargs; k++)
			total += strlen(s->args[k]);
		for (size_t k = 0; k < s->nenv; k++)
			total += strlen(s->env_keys[k]);
		if (s->package && !s->command)
			abort();
	}
	if (total > size * 2 + 64)
		abort();
	scan_aiasset__mcp_config_dispose(&c);
	return 0;
}
