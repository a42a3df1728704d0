/* lib/parse/notebook.h - the code of a Jupyter notebook, as one text the code analyzers can parse */
#ifndef SCAN_PARSE_NOTEBOOK_H
#define SCAN_PARSE_NOTEBOOK_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/buf.h"

#define SCAN_NOTEBOOK_CELLS_MAX 20000
#define SCAN_NOTEBOOK_CODE_MAX ((size_t)8 << 20)
/* A notebook not read, as every analyzer of its code reports it (one skip however many tried): the reason follows. */
#define SCAN_NOTEBOOK_SKIP "notebook's code not read: "

typedef struct {
	scan_buf code;          /* the code cells, one after the other, each ending in a newline */
	char language[32];      /* from the kernel's metadata: "python" unless it says otherwise */
	size_t cells;           /* code cells read */
	/* line_cell[i], line_of[i]: for line i + 1 of code, its cell (0-based, among all cells) and line in it (1-based) */
	unsigned *line_cell, *line_of;
	unsigned *line_file;    /* line_file[i]: the line of the .ipynb file that holds it; 0 when not found */
	size_t lines;
} scan_notebook;

/*
 * Read an .ipynb document (nbformat 4: cells with cell_type and a source
 * that is a string or a list of strings). IPython's magics and shell
 * escapes (a line starting with % or !) become comments, so the text parses
 * as the kernel's language and keeps its line count. SCAN_EPARSE for JSON
 * that is not a notebook, SCAN_ELIMIT past SCAN_NOTEBOOK_CELLS_MAX cells or
 * SCAN_NOTEBOOK_CODE_MAX bytes of code, with a message saying which.
 * scan_parse__notebook_dispose() in every case.
 */
int scan_parse__notebook_read(scan_notebook *out, const char *json, size_t len);
/* The joined line of code whose .ipynb line is file_line (the first), or 0. */
unsigned scan_parse__notebook_code_line(const scan_notebook *nb, unsigned file_line);
/* The .ipynb file's line holding line code_line of the joined code, or 0. */
unsigned scan_parse__notebook_file_line(const scan_notebook *nb, unsigned code_line);
/* A path named like a notebook (.ipynb). */
bool scan_parse__is_notebook(const char *path);
void scan_parse__notebook_dispose(scan_notebook *nb);

#endif
