/* tests/fuzz/fuzz_ai_notebook.c - a Jupyter notebook on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "parse/notebook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * What the reader accepts maps every line of its text back to a cell and
 * a line in it, in order; the text has no NUL and ends each cell's last line.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_notebook nb;
	size_t newlines = 0;

	if (scan_parse__notebook_read(&nb, (const char *)data, size) != 0)
		return 0;
	for (size_t i = 0; i < nb.code.size; i++) {
		if (nb.code.ptr[i] == '\0')
			abort();
		newlines += nb.code.ptr[i] == '\n';
	}
	if (newlines != nb.lines || (nb.code.size && nb.code.ptr[nb.code.size - 1] != '\n'))
		abort();
	for (size_t i = 0; i < nb.lines; i++)
		if (nb.line_of[i] == 0 || (i && nb.line_cell[i] < nb.line_cell[i - 1]))
			abort();
	scan_parse__notebook_dispose(&nb);
	return 0;
}
