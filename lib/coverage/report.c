/* lib/coverage/report.c - parse entry, format detection, building and merging a report */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coverage/coverage_int.h"
#include "scan/array.h"
#include "util/error.h"

#define UNKNOWN_FORMAT "unknown coverage format (expected Cobertura, JaCoCo, Clover, LCOV or Rampart JSON)"


int scan_coverage__fail(const scan_coverage__builder *b, int code, unsigned long where, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (where)
		return scan_util__error(code, "%s coverage: line %lu: %s", b->what, where, reason);
	return scan_util__error(code, "%s coverage: %s", b->what, reason);
}

int scan_coverage__unknown(const char *detail)
{
	if (detail && *detail)
		return scan_util__error(SCAN_EPARSE, UNKNOWN_FORMAT ": %s", detail);
	return scan_util__error(SCAN_EPARSE, UNKNOWN_FORMAT);
}

/* --- building ------------------------------------------------------------- */

static bool path_ok(const char *path, size_t len)
{
	return len && !memchr(path, '\0', len);
}

static int copy_path(const scan_coverage__builder *b, char **out, const char *path, size_t len,
                     unsigned long where)
{
	if (!path_ok(path, len))
		return scan_coverage__fail(b, SCAN_EPARSE, where, "empty file path");
	if (len > SCAN_COV_PATH_MAX)
		return scan_coverage__fail(b, SCAN_ELIMIT, where, "file path longer than %d bytes", SCAN_COV_PATH_MAX);
	if (!(*out = malloc(len + 1)))
		return scan_error__oom();
	memcpy(*out, path, len);
	(*out)[len] = '\0';
	return 0;
}

int scan_coverage__add_file(scan_coverage__builder *b, const char *path, size_t len, unsigned long where)
{
	scan_cov_report *r = b->r;
	scan_cov_file *f;
	char *copy = NULL;
	int rc;

	if (r->nfiles == SCAN_COV_FILES_MAX)
		return scan_coverage__fail(b, SCAN_ELIMIT, where, "more than %d files", SCAN_COV_FILES_MAX);
	if ((rc = copy_path(b, &copy, path, len, where)) != 0)
		return rc;
	if (!(f = scan_array_push(&r->files, &r->nfiles, &b->files_cap, sizeof(*r->files)))) {
		free(copy);
		return SCAN_ENOMEM;
	}
	f->path = copy;
	b->lines_cap = 0;
	return 0;
}

int scan_coverage__add_line(scan_coverage__builder *b, uint64_t line, uint64_t hits, unsigned long where)
{
	scan_cov_file *f;

	if (!b->r->nfiles)
		return scan_coverage__fail(b, SCAN_EPARSE, where, "line outside any file");
	if (line == 0)
		return 0;
	if (line > SCAN_COV_LINE_NUMBER_MAX)
		return scan_coverage__fail(b, SCAN_ELIMIT, where, "line number above %u", SCAN_COV_LINE_NUMBER_MAX);
	if (b->total_lines == SCAN_COV_LINES_MAX)
		return scan_coverage__fail(b, SCAN_ELIMIT, where, "more than %u lines", SCAN_COV_LINES_MAX);
	f = &b->r->files[b->r->nfiles - 1];
	if (scan_array_reserve(&f->lines, &b->lines_cap, f->nlines + 1, sizeof(*f->lines)))
		return SCAN_ENOMEM;
	f->lines[f->nlines].line = (uint32_t)line;
	f->lines[f->nlines].hits = hits > UINT32_MAX ? UINT32_MAX : (uint32_t)hits;
	f->nlines++;
	b->total_lines++;
	return 0;
}

int scan_coverage__add_source(scan_coverage__builder *b, const char *path, size_t len, unsigned long where)
{
	scan_cov_report *r = b->r;
	char *copy = NULL;
	int rc;

	if (!len)
		return 0; /* an empty <source/> says nothing */
	if (r->nsources == SCAN_COV_SOURCES_MAX)
		return scan_coverage__fail(b, SCAN_ELIMIT, where, "more than %d sources", SCAN_COV_SOURCES_MAX);
	if ((rc = copy_path(b, &copy, path, len, where)) != 0)
		return rc;
	if (scan_array_reserve(&r->sources, &b->sources_cap, r->nsources + 1, sizeof(*r->sources))) {
		free(copy);
		return SCAN_ENOMEM;
	}
	r->sources[r->nsources++] = copy;
	return 0;
}

/* --- merging -------------------------------------------------------------- */

static int cmp_line(const void *a, const void *b)
{
	uint32_t x = ((const scan_cov_line *)a)->line, y = ((const scan_cov_line *)b)->line;
	return x < y ? -1 : x > y;
}

void scan_coverage__file_normalise(scan_cov_file *f)
{
	size_t out = 0;
	bool sorted = true;

	for (size_t i = 1; i < f->nlines && sorted; i++)
		sorted = f->lines[i - 1].line < f->lines[i].line;
	if (sorted)
		return;
	qsort(f->lines, f->nlines, sizeof(*f->lines), cmp_line);
	for (size_t i = 0; i < f->nlines; i++) {
		if (out && f->lines[out - 1].line == f->lines[i].line) {
			uint32_t *h = &f->lines[out - 1].hits;
			*h = *h > UINT32_MAX - f->lines[i].hits ? UINT32_MAX : *h + f->lines[i].hits;
		} else {
			f->lines[out++] = f->lines[i];
		}
	}
	f->nlines = out;
}

void scan_coverage__file_dispose(scan_cov_file *f)
{
	free(f->path);
	free(f->lines);
	f->path = NULL;
	f->lines = NULL;
	f->nlines = 0;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const scan_cov_file *)a)->path, ((const scan_cov_file *)b)->path);
}

/* Append src's lines to dst; src is left empty. */
static int absorb(scan_cov_file *dst, scan_cov_file *src)
{
	scan_cov_line *lines;

	if (!src->nlines)
		return 0;
	lines = realloc(dst->lines, (dst->nlines + src->nlines) * sizeof(*lines));
	if (!lines)
		return scan_error__oom();
	memcpy(lines + dst->nlines, src->lines, src->nlines * sizeof(*lines));
	dst->lines = lines;
	dst->nlines += src->nlines;
	free(src->lines);
	src->lines = NULL;
	src->nlines = 0;
	return 0;
}

/* Sort files by path, merge equal paths, sort and merge each file's lines. */
static int finish(scan_cov_report *r)
{
	size_t out = 0;
	int rc = 0;

	if (r->nfiles > 1)
		qsort(r->files, r->nfiles, sizeof(*r->files), cmp_file);
	for (size_t i = 0; i < r->nfiles; i++) {
		if (out && !strcmp(r->files[out - 1].path, r->files[i].path)) {
			if ((rc = absorb(&r->files[out - 1], &r->files[i])) != 0)
				break;
			scan_coverage__file_dispose(&r->files[i]);
		} else {
			r->files[out++] = r->files[i];
		}
	}
	if (rc) {
		/* Keep every file reachable so the caller's free releases it. */
		for (size_t i = out; i < r->nfiles; i++)
			r->files[out++] = r->files[i];
	}
	r->nfiles = out;
	if (!rc)
		for (size_t i = 0; i < r->nfiles; i++)
			scan_coverage__file_normalise(&r->files[i]);
	return rc;
}

/* --- detection ------------------------------------------------------------ */

static size_t skip_space(const char *s, size_t len, size_t i)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i;
}

static int detect(scan_cov_format *out, const char *data, size_t len)
{
	size_t i = 0;

	/* expat reads UTF-16 itself; only XML reports come in it. */
	if (len >= 2 && (!memcmp(data, "\xFF\xFE", 2) || !memcmp(data, "\xFE\xFF", 2)))
		return scan_coverage__xml_detect(out, data, len);
	if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
		i = 3;
	i = skip_space(data, len, i);
	if (i == len)
		return scan_coverage__unknown("the report is empty");
	switch (data[i]) {
	case '<':
		return scan_coverage__xml_detect(out, data, len);
	case '{':
		/* The native parser says "unknown format" itself when the format key is missing. */
		*out = SCAN_COV_NATIVE;
		return 0;
	default:
		break;
	}
	/* A tracefile starts with a test name or its first source file. */
	if (len - i >= 3 && (!memcmp(data + i, "TN:", 3) || !memcmp(data + i, "SF:", 3))) {
		*out = SCAN_COV_LCOV;
		return 0;
	}
	return scan_coverage__unknown(NULL);
}

/* --- entry ---------------------------------------------------------------- */

int scan_coverage_parse(scan_cov_report **out, const char *data, size_t len, scan_cov_format fmt)
{
	scan_coverage__builder b;
	scan_cov_report *r = NULL;
	int rc = 0;

	assert(out);
	*out = NULL;
	if (!data && len)
		return scan_util__error(SCAN_EINVAL, "coverage report data is NULL");
	if (len > SCAN_COV_MAX_BYTES)
		return scan_util__error(SCAN_ELIMIT, "coverage report is larger than %u MiB", SCAN_COV_MAX_BYTES >> 20);
	if (!data)
		data = "";
	memset(&b, 0, sizeof(b));
	b.detected = fmt == SCAN_COV_AUTO;
	if (fmt == SCAN_COV_AUTO && (rc = detect(&fmt, data, len)) != 0)
		return rc;
	if ((size_t)fmt > SCAN_COV_NATIVE)
		return scan_util__error(SCAN_EINVAL, "unknown coverage format %d", (int)fmt);
	if (!(r = calloc(1, sizeof(*r))))
		return scan_error__oom();
	r->format = fmt;
	b.r = r;
	b.what = scan_coverage_format_name(fmt);
	switch (fmt) {
	case SCAN_COV_COBERTURA:
		rc = scan_coverage__parse_cobertura(&b, data, len);
		break;
	case SCAN_COV_JACOCO:
		rc = scan_coverage__parse_jacoco(&b, data, len);
		break;
	case SCAN_COV_CLOVER:
		rc = scan_coverage__parse_clover(&b, data, len);
		break;
	case SCAN_COV_LCOV:
		rc = scan_coverage__parse_lcov(&b, data, len);
		break;
	case SCAN_COV_NATIVE:
		rc = scan_coverage__parse_native(&b, data, len);
		break;
	default:
		rc = scan_util__error(SCAN_EINVAL, "unknown coverage format %d", (int)fmt);
		break;
	}
	if (!rc)
		rc = finish(r);
	if (rc)
		goto done;
	*out = r;
	r = NULL;
done:
	scan_coverage_free(r);
	return rc;
}

void scan_coverage_free(scan_cov_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nfiles; i++)
		scan_coverage__file_dispose(&r->files[i]);
	for (size_t i = 0; i < r->nsources; i++)
		free(r->sources[i]);
	free(r->files);
	free(r->sources);
	free(r);
}
