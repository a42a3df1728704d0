/*
 * tests/fuzz/fuzz_notify_url.c - a notification webhook's URL comes from an
 * API request: its check, under every allowed class, must hold up on any
 * bytes, and what it shows never carries the URL's path or query.
 */
#include <stdlib.h>
#include <string.h>
#include "scan/notify.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = malloc(size + 1), shown[256];
	unsigned allow = size ? data[0] & 0x7 : 0;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (scan_notify_url_check(shown, sizeof(shown), s, allow) == 0) {
		/* Accepted: shown is scheme://host[:port]/... and nothing of what follows the host. */
		if (!strstr(shown, "://") || strcmp(shown + strlen(shown) - 4, "/...") != 0)
			abort();
	}
	free(s);
	return 0;
}
