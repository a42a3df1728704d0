/*
 * tests/fuzz/fuzz_sbom_license.c - license strings come from lockfiles:
 * whatever the bytes, analysis succeeds with a kind and a form, and what it
 * writes is stable: an identifier is one the SPDX list spells that way, an
 * expression reads back as itself with the same kind, and text is the
 * input as given (trimmed).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/license.h"
#include "scan/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void analyze(scan_license_info *info, scan_buf *norm, const char *s)
{
	scan_buf_clear(norm);
	if (scan_license_analyze(info, norm, s) != 0)
		abort();
	if ((unsigned)info->kind > SCAN_LICENSE_NETWORK_COPYLEFT || (unsigned)info->form > SCAN_LICENSE_TEXT)
		abort();
	if (scan_license_classify(s) != info->kind)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	scan_buf norm = SCAN_BUF_INIT, again = SCAN_BUF_INIT;
	scan_license_info info, info2;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	analyze(&info, &norm, s);
	if (info.form == SCAN_LICENSE_NONE && norm.size != 0)
		abort();
	if (info.form == SCAN_LICENSE_ID) {
		const char *listed = scan_license_spdx_id(norm.ptr, norm.size, NULL);
		if (!listed || strcmp(listed, norm.ptr))
			abort();
	}
	if (info.form == SCAN_LICENSE_ID || info.form == SCAN_LICENSE_EXPRESSION) {
		analyze(&info2, &again, norm.ptr);
		if (info2.form != info.form || info2.kind != info.kind || info2.has_ref != info.has_ref ||
		    strcmp(again.ptr, norm.ptr))
			abort();
	}
	/* Text is the input as given, without the blanks around it. */
	if (info.form == SCAN_LICENSE_TEXT && (!norm.size || !strstr(s, norm.ptr)))
		abort();
	scan_buf_dispose(&norm);
	scan_buf_dispose(&again);
	free(s);
	return 0;
}
