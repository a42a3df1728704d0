/* tests/fuzz/fuzz_ai_hidden_chars.c - hidden characters looked for in arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include "aiasset/prompts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Found exactly when counted; the first one is on a line of the input, at a column, and of a known kind. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_hidden_char h;
	size_t n, lines = 1;
	bool found = scan_aiasset__hidden_char((const char *)data, size, &h, &n);

	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (found != (n > 0) || n > size)
		abort();
	if (found && (h.line == 0 || h.line > lines || h.column == 0 || !h.kind || h.codepoint < 0x61C))
		abort();
	return 0;
}
