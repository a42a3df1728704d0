/* lib/parse/notebook.c - a notebook's code cells joined into one text, with the way back to each cell's line */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "parse/notebook.h"
#include "scan/array.h"
#include "util/error.h"

void scan_parse__notebook_dispose(scan_notebook *nb)
{
	if (nb->code.ptr)
		scan_buf_dispose(&nb->code);
	free(nb->line_cell);
	free(nb->line_of);
	free(nb->line_file);
	memset(nb, 0, sizeof(*nb));
}

typedef struct {
	scan_notebook *nb;
	size_t cap_cell, cap_of;
	unsigned cell, line;      /* where the next byte of code comes from */
	bool at_line_start;
} joiner;

static int new_line(joiner *j)
{
	scan_notebook *nb = j->nb;

	if (scan_array_reserve(&nb->line_cell, &j->cap_cell, nb->lines + 1, sizeof(*nb->line_cell)) ||
	    scan_array_reserve(&nb->line_of, &j->cap_of, nb->lines + 1, sizeof(*nb->line_of)))
		return SCAN_ENOMEM;
	nb->line_cell[nb->lines] = j->cell;
	nb->line_of[nb->lines] = ++j->line;
	nb->lines++;
	return 0;
}

/* Append one piece of a cell's source; a magic's % or ! at a line's start becomes '#'. */
static int put(joiner *j, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (j->at_line_start) {
			int rc = new_line(j);
			if (rc)
				return rc;
			j->at_line_start = false;
			if (c == '%' || c == '!')
				c = '#';
		}
		if (c == '\0')
			c = ' ';
		scan_buf_putc(&j->nb->code, c);
		if (c == '\n')
			j->at_line_start = true;
	}
	if (j->nb->code.size > SCAN_NOTEBOOK_CODE_MAX || j->nb->code.error == SCAN_ELIMIT)
		return scan_util__error(SCAN_ELIMIT, "the notebook has more than %zu bytes of code",
		                        (size_t)SCAN_NOTEBOOK_CODE_MAX);
	return scan_buf_failed(&j->nb->code) ? scan_error__oom() : 0;
}

static void language(scan_notebook *nb, const cJSON *meta)
{
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(meta, "kernelspec"), "language");

	if (!cJSON_IsString(l))
		l = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(meta, "language_info"), "name");
	snprintf(nb->language, sizeof(nb->language), "%s", cJSON_IsString(l) && *l->valuestring ? l->valuestring
	                                                                                     : "python");
}

/*
 * Where each cell's source lines are in the file. cJSON keeps no positions,
 * so the raw text is read again: the k-th "source" member of an object two
 * levels deep (the document, then a cell) is cell k's, in order; a list of strings is one string per
 * line, each starting on its file line; one string keeps all its lines on
 * the file line it starts on.
 */
typedef struct {
	unsigned *lines;          /* the file line of each element of the cell's source */
	size_t n, cap;
} cell_lines;

static size_t string_end(const char *s, size_t len, size_t i)
{
	for (i++; i < len && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i;
}

static void file_lines(scan_notebook *nb, const char *s, size_t len, size_t ncells)
{
	cell_lines *cells = calloc(ncells ? ncells : 1, sizeof(*cells));
	unsigned line = 1;
	size_t cell = 0;
	int depth = 0;              /* objects open, outside strings */

	if (!cells || !(nb->line_file = calloc(nb->lines ? nb->lines : 1, sizeof(*nb->line_file)))) {
		free(cells);
		return; /* no file lines: evidence falls back to the file as a whole */
	}
	for (size_t i = 0; i < len && cell < ncells; i++) {
		size_t e, k;
		if (s[i] == '\n') {
			line++;
			continue;
		}
		if (s[i] == '{' || s[i] == '}') {
			depth += s[i] == '{' ? 1 : -1;
			continue;
		}
		if (s[i] != '"')
			continue;
		e = string_end(s, len, i);
		k = e + 1;
		while (k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'))
			k++;
		if (!(depth == 2 && e - i == 7 && !strncmp(s + i + 1, "source", 6) && k < len && s[k] == ':')) {
			for (size_t x = i; x < e && x < len; x++)
				line += s[x] == '\n';
			i = e;
			continue;
		}
		for (size_t x = i; x < k; x++)
			line += s[x] == '\n';
		for (k++; k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'); k++)
			line += s[k] == '\n';
		if (k < len && s[k] == '"') {
			if (!scan_array_reserve(&cells[cell].lines, &cells[cell].cap, 1, sizeof(unsigned)))
				cells[cell].lines[cells[cell].n++] = line;
			i = string_end(s, len, k);
		} else if (k < len && s[k] == '[') {
			for (k++; k < len && s[k] != ']'; k++) {
				if (s[k] == '\n') {
					line++;
				} else if (s[k] == '"') {
					if (!scan_array_reserve(&cells[cell].lines, &cells[cell].cap, cells[cell].n + 1, sizeof(unsigned)))
						cells[cell].lines[cells[cell].n++] = line;
					k = string_end(s, len, k);
				}
			}
			i = k;
		} else {
			i = k;
		}
		cell++;
	}
	for (size_t i = 0; i < nb->lines; i++) {
		const cell_lines *c = nb->line_cell[i] < ncells ? &cells[nb->line_cell[i]] : NULL;
		if (!c || !c->n)
			continue;
		nb->line_file[i] = c->n == 1 ? c->lines[0] : nb->line_of[i] <= c->n ? c->lines[nb->line_of[i] - 1] : 0;
	}
	for (size_t i = 0; i < ncells; i++)
		free(cells[i].lines);
	free(cells);
}

unsigned scan_parse__notebook_code_line(const scan_notebook *nb, unsigned file_line)
{
	for (size_t i = 0; nb->line_file && i < nb->lines; i++)
		if (nb->line_file[i] == file_line)
			return (unsigned)i + 1;
	return 0;
}

unsigned scan_parse__notebook_file_line(const scan_notebook *nb, unsigned code_line)
{
	return code_line && code_line <= nb->lines && nb->line_file ? nb->line_file[code_line - 1] : 0;
}

bool scan_parse__is_notebook(const char *path)
{
	size_t n = strlen(path);
	return n > 6 && !strcmp(path + n - 6, ".ipynb");
}

int scan_parse__notebook_read(scan_notebook *out, const char *json, size_t len)
{
	cJSON *doc;
	const cJSON *cells, *cell;
	joiner j;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	scan_buf_init(&out->code, SCAN_NOTEBOOK_CODE_MAX + 1);
	memset(&j, 0, sizeof(j));
	j.nb = out;
	if (!(doc = cJSON_ParseWithLength(json, len)))
		return scan_util__error(SCAN_EPARSE, "not JSON");
	cells = cJSON_GetObjectItemCaseSensitive(doc, "cells");
	if (!cJSON_IsObject(doc) || !cJSON_IsArray(cells)) {
		cJSON_Delete(doc);
		return scan_util__error(SCAN_EPARSE, "not a notebook: no list of cells");
	}
	if (cJSON_GetArraySize(cells) > SCAN_NOTEBOOK_CELLS_MAX) {
		cJSON_Delete(doc);
		return scan_util__error(SCAN_ELIMIT, "the notebook has more than %d cells", SCAN_NOTEBOOK_CELLS_MAX);
	}
	language(out, cJSON_GetObjectItemCaseSensitive(doc, "metadata"));
	cJSON_ArrayForEach(cell, cells) {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(cell, "cell_type");
		const cJSON *src = cJSON_GetObjectItemCaseSensitive(cell, "source"), *part;
		if (cJSON_IsString(type) && !strcmp(type->valuestring, "code")) {
			j.line = 0;
			j.at_line_start = true;
			if (cJSON_IsString(src)) {
				rc = put(&j, src->valuestring, strlen(src->valuestring));
			} else {
				cJSON_ArrayForEach(part, src)
					if (!rc && cJSON_IsString(part))
						rc = put(&j, part->valuestring, strlen(part->valuestring));
			}
			/* Each cell ends its last line, so the next starts on its own. */
			if (!rc && !j.at_line_start)
				rc = put(&j, "\n", 1);
			out->cells++;
		}
		if (rc)
			break;
		j.cell++;
	}
	if (!rc)
		file_lines(out, json, len, (size_t)cJSON_GetArraySize(cells));
	cJSON_Delete(doc);
	if (rc)
		scan_parse__notebook_dispose(out);
	return rc;
}
