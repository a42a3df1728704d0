/* tests/fuzz/fuzz_sca_kev.c - the CISA KEV catalog on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "feeds/feeds.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Accepted: every entry has its CVE id, names and dates. Refused: empty, documented code, one line. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1);
	scan_kev_catalog cat;
	int err;

	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	err = scan_kev__parse(&cat, text, size, "fuzz.json");
	if (err == 0) {
		if (!cat.catalog_version || !cat.date_released)
			abort();
		for (size_t i = 0; i < cat.count; i++) {
			const scan_kev_entry *e = &cat.entries[i];
			if (!e->cve || strncmp(e->cve, "CVE-", 4) || !e->vendor || !e->product || !e->name ||
			    strlen(e->date_added) != 10 || strlen(e->due_date) != 10)
				abort();
		}
	} else {
		const scan_error *e = scan_error_last();
		if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
			abort();
		if (e->code != err || !e->message[0] || strchr(e->message, '\n') || cat.count)
			abort();
	}
	scan_kev__dispose(&cat);
	free(text);
	return 0;
}
