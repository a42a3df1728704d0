/* tests/fuzz/fuzz_sca.h - the body shared by the lockfile extractors' fuzz targets */
#ifndef RAMPART_FUZZ_SCA_H
#define RAMPART_FUZZ_SCA_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lockfile/extractors.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Whatever an extractor accepts is a well-formed inventory: every component
 * has a name, a purl and dependency indexes inside the inventory; whatever
 * it refuses is refused with a documented code and a message, and leaves
 * the inventory as it was.
 */
static int fuzz_sca_extract(scan_sca_extract_fn fn, const char *label, const uint8_t *data, size_t size)
{
	scan_sca_inventory inv;
	scan_sca_doc d;
	char *text = malloc(size + 1);
	int err;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	scan_inventory__init(&inv);
	if (scan_lockfile__doc_begin(&d, &inv, label, -1) == 0) {
		err = fn(&d, text, size);
		if (err == 0)
			err = scan_lockfile__doc_end(&d);
		else
			scan_lockfile__doc_abort(&d);
		if (err < 0) {
			const scan_error *e = scan_error_last();
			if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM && err != SCAN_ENOTFOUND)
				abort();
			if (!e->message[0] || strchr(e->message, '\n') || inv.count != 0)
				abort();
		}
		for (size_t i = 0; i < inv.count; i++) {
			const scan_component *c = &inv.items[i];
			if (!c->name || !c->name[0] || !c->purl || strncmp(c->purl, "pkg:", 4))
				abort();
			for (size_t k = 0; k < c->ndeps; k++)
				if (c->deps[k] >= inv.count || c->deps[k] == i)
					abort();
		}
	}
	scan_inventory__dispose(&inv);
	free(text);
	return 0;
}

#define FUZZ_SCA_TARGET(fmt) \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) \
	{ \
		return fuzz_sca_extract(scan_lockfile__extract_##fmt, #fmt, data, size); \
	}

#endif
