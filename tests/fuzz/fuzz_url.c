/*
 * tests/fuzz/fuzz_url.c - remote URLs come from the command line and from a
 * scanned repository's own config: classification, credential removal and
 * pull-request number parsing must hold up on any bytes.
 */
#include <stdlib.h>
#include <string.h>
#include "source/internal.h"
#include "source/source.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = malloc(size + 1), *red;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	(void)scan_source__is_url(s);
	red = scan_source__redact_url(s);
	/* Redaction only removes: it never makes a URL longer. */
	if (red && strlen(red) > strlen(s))
		abort();
	free(red);
	(void)scan_source__parse_pr_number(s, strlen(s));
	free(s);
	return 0;
}
