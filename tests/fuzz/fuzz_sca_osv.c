/* tests/fuzz/fuzz_sca_osv.c - OSV records on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "feeds/feeds.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * An accepted record has an id and, for each affected package, an
 * ecosystem, a name and ranges with at least one event each, all strings;
 * a refused one is empty, with a documented code and a one-line message.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy, not NUL-terminated: ASan sees any read past len. */
	char *text = malloc(size ? size : 1);
	scan_osv_record rec;
	int err;

	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	err = scan_osv__parse(&rec, text, size, "fuzz.json");
	if (err == 0) {
		if (!rec.id || !rec.id[0])
			abort();
		for (size_t i = 0; i < rec.naliases; i++)
			if (!rec.aliases[i])
				abort();
		for (size_t i = 0; i < rec.nseverity; i++)
			if (!rec.severity[i].type || !rec.severity[i].score)
				abort();
		for (size_t i = 0; i < rec.naffected; i++) {
			const scan_osv_affected *a = &rec.affected[i];
			if (!a->ecosystem || !a->ecosystem[0] || !a->name || !a->name[0])
				abort();
			for (size_t k = 0; k < a->nranges; k++) {
				if (!a->ranges[k].nevents)
					abort();
				for (size_t e = 0; e < a->ranges[k].nevents; e++)
					if (!a->ranges[k].events[e].version || !a->ranges[k].events[e].version[0])
						abort();
			}
			for (size_t k = 0; k < a->nversions; k++)
				if (!a->versions[k])
					abort();
		}
	} else {
		const scan_error *e = scan_error_last();
		if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
			abort();
		if (e->code != err || !e->message[0] || strchr(e->message, '\n') || rec.id || rec.naffected)
			abort();
	}
	scan_osv__dispose(&rec);
	free(text);
	return 0;
}
