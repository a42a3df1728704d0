/* tests/fuzz/fuzz_suppress.c - suppression markers in fuzzed source text */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input: one byte choosing the language, then source text. Every line is
 * checked for two rules (one with a CWE a code maps to), and the whole text
 * is parsed as one comment. A found reason must lie inside the text and be
 * no longer than the limit; the kind must be one of the markers.
 */
static void check_found(const scan_suppression *s, const char *text, size_t len)
{
	static const char *const kinds[] = { "rampart:ignore", "nosec", "nosemgrep", "NOSONAR", "noqa" };
	bool known = false;

	if (!s->kind) {
		if (s->reason)
			abort();
		return;
	}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		known = known || strcmp(s->kind, kinds[i]) == 0;
	if (!known)
		abort();
	if (s->reason && (s->reason < text || s->reason + s->reason_len > text + len || !s->reason_len ||
	                  s->reason_len > SCAN_SUPPRESS_REASON_MAX))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_line_index idx = { 0 };
	scan_suppression s;
	const char *text;
	size_t len;
	scan_lang lang;
	uint32_t lines = 1;

	if (size < 1)
		return 0;
	lang = (scan_lang)(data[0] % SCAN_LANG__COUNT);
	text = (const char *)data + 1, len = size - 1;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	for (uint32_t l = 0; l <= lines + 1 && l < 4096; l++) {
		if (scan_suppress__check(&s, &idx, text, len, lang, NULL, l, "sast/python.sql-injection", "CWE-89") != 0)
			abort();
		check_found(&s, text, len);
		if (scan_suppress__check(&s, &idx, text, len, lang, NULL, l, "x", NULL) != 0)
			abort();
		check_found(&s, text, len);
	}
	memset(&s, 0, sizeof(s));
	if (scan_suppress__parse(&s, text, len, "sast/python.sql-injection", "CWE-89"))
		check_found(&s, text, len);
	scan_analyzers__line_index_dispose(&idx);
	return 0;
}
