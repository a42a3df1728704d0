/* tests/fuzz/fuzz_sca_epss.c - EPSS files (CSV or gzip) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "feeds/feeds.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Accepted: CVE ids and scores in [0, 1]. Refused: empty, documented code, one line. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);
	scan_epss_file f;
	int err;

	if (!copy)
		return 0;
	if (size)
		memcpy(copy, data, size);
	err = scan_epss__parse(&f, copy, size, "fuzz.csv");
	if (err == 0) {
		for (size_t i = 0; i < f.count; i++) {
			const scan_epss_entry *e = &f.entries[i];
			if (!e->cve || strncmp(e->cve, "CVE-", 4) || !(e->epss >= 0.0 && e->epss <= 1.0) ||
			    !(e->percentile >= 0.0 && e->percentile <= 1.0))
				abort();
		}
	} else {
		const scan_error *e = scan_error_last();
		if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
			abort();
		if (e->code != err || !e->message[0] || strchr(e->message, '\n') || f.count)
			abort();
	}
	scan_epss__dispose(&f);
	free(copy);
	return 0;
}
