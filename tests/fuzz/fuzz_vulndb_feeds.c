/* tests/fuzz/fuzz_vulndb_feeds.c - feed lists (--feeds FILE, $RAMPART_FEEDS) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/vulndb_update.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A list that parses names only https URLs and known feed kinds, each OSV
 * feed with an ecosystem; a refusal is SCAN_EINVAL or SCAN_ENOMEM. The text
 * is a C string, so it ends at its first NUL.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	scan_vulndb_feed_list l = { 0 };
	int rc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	rc = scan_vulndb_feeds_parse(&l, text);
	if (rc == 0) {
		for (size_t i = 0; i < l.count; i++) {
			const scan_vulndb_feed *f = &l.feeds[i];
			if (strncmp(f->url, "https://", 8) ||
			    (f->kind == SCAN_VULNDB_FEED_OSV) != (f->ecosystem != NULL) ||
			    (f->kind != SCAN_VULNDB_FEED_OSV && f->kind != SCAN_VULNDB_FEED_KEV &&
			     f->kind != SCAN_VULNDB_FEED_EPSS))
				abort();
		}
	} else if (rc != SCAN_EINVAL && rc != SCAN_ENOMEM) {
		abort();
	}
	scan_vulndb_feed_list_dispose(&l);
	free(text);
	return 0;
}
