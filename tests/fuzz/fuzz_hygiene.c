/* tests/fuzz/fuzz_hygiene.c - the hygiene analyzer's per-file check on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/analyzer.h"
#include "analyzers/sink.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEAD_BYTES 8000

/*
 * The input is one file, f.py, as a worker would hand it over. Beyond not
 * crashing, every finding must carry the fingerprint of what it stores, a
 * text finding must point at a line of the file that shows what it
 * reports, and a bidi finding's snippet must not contain the control
 * characters it reports (outputs would render them).
 */

static bool is_bidi(const unsigned char *p, size_t left)
{
	return left >= 3 && p[0] == 0xE2 &&
	       ((p[1] == 0x80 && p[2] >= 0xAA && p[2] <= 0xAE) || (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9));
}

/* Line n (1-based) of data, split on '\n' as the analyzer does; false past the end. */
static bool line_at(const unsigned char *data, size_t len, uint32_t n, const unsigned char **line, size_t *llen)
{
	const unsigned char *p = data, *end = data + len;

	for (uint32_t i = 1; p < end; i++) {
		const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
		const unsigned char *stop = nl ? nl : end;
		if (i == n) {
			*line = p;
			*llen = (size_t)(stop - p);
			return true;
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}

static void check_finding(const scan_finding *f, const scan_file *file)
{
	char fp[SCAN_FINGERPRINT_LEN + 1];
	const unsigned char *line;
	size_t llen;

	if (!f->rule_id || !f->file_path || !f->snippet || strcmp(f->file_path, file->path) != 0)
		abort();
	scan_fingerprint(fp, f->file_path, f->rule_id, f->snippet);
	if (strcmp(fp, f->fingerprint) != 0)
		abort();
	if (f->confidence > 100)
		abort();
	if (!strcmp(f->rule_id, "hygiene/bidi-control-character")) {
		if (file->is_binary || !line_at(file->data, file->len, f->line_number, &line, &llen))
			abort();
		if (f->column < 1 || f->column > llen || !is_bidi(line + f->column - 1, llen - f->column + 1))
			abort();
		for (const char *s = f->snippet; *s; s++)
			if (is_bidi((const unsigned char *)s, strlen(s)))
				abort();
	} else if (!strcmp(f->rule_id, "hygiene/merge-conflict-marker")) {
		if (file->is_binary || !line_at(file->data, file->len, f->line_number, &line, &llen))
			abort();
		if (llen < 7 || memcmp(line, "<<<<<<<", 7) != 0 || f->end_line <= f->line_number)
			abort();
		if (!line_at(file->data, file->len, f->end_line, &line, &llen) || llen < 7 ||
		    memcmp(line, ">>>>>>>", 7) != 0)
			abort();
	} else if (!strcmp(f->rule_id, "hygiene/committed-executable") ||
	           !strcmp(f->rule_id, "hygiene/large-binary")) {
		if (!file->is_binary)
			abort();
	} else {
		abort(); /* a rule the analyzer does not have */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_sink sink = { 0 };
	scan_file f = { 0 };
	size_t n;

	if (!(sink.list = scan_model__finding_list_new()))
		return 0;
	sink.min_confidence = 0;
	sink.current_tool = "hygiene";
	f.path = "f.py";
	f.data = data;
	f.len = size;
	f.size = size;
	f.lang = SCAN_LANG_PYTHON;
	f.head = data;
	f.head_len = size < HEAD_BYTES ? size : HEAD_BYTES;
	f.is_binary = f.head_len && memchr(data, '\0', f.head_len) != NULL;
	if (scan_analyzers__analyzer_hygiene.file(NULL, NULL, &f, &sink) == 0) {
		n = scan_finding_list_count(sink.list);
		for (size_t i = 0; i < n; i++)
			check_finding(scan_finding_list_get(sink.list, i), &f);
	}
	scan_finding_list_free(sink.list);
	return 0;
}
