/* tests/fuzz/fuzz_sca_vex.c - VEX documents (CycloneDX, OpenVEX) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sca/vex_read.h"
#include "scan/common.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * An accepted document gives statements with a printable vulnerability id,
 * a status of the four, a product that is a purl or none, and no two about
 * the same vulnerability and product text; each can be matched against
 * itself without trouble, and one about every product or without a version
 * that says not_affected, alone, suppresses its own finding. A refused one
 * is refused with a documented code and a one-line message, its outputs
 * untouched.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy, not NUL-terminated: ASan sees any read past len. */
	char *text = malloc(size ? size : 1);
	scan_arena a = SCAN_ARENA_INIT;
	scan_vex_statement *st = NULL;
	size_t n = 0;
	int err;

	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	err = scan_sca__vex_read("fuzz.json", text, size, &a, &st, &n);
	if (err == 0) {
		if ((n == 0) != (st == NULL))
			abort();
		for (size_t i = 0; i < n; i++) {
			const scan_vex_statement *s = &st[i];
			if (!s->vuln_id || !s->vuln_id[0] || strchr(s->vuln_id, '\n'))
				abort();
			if (s->status < SCAN_VEX_NOT_AFFECTED || s->status > SCAN_VEX_UNDER_INVESTIGATION)
				abort();
			if (s->purl && strncmp(s->purl, "pkg:", 4))
				abort();
			(void)scan_sca__vex_suppresses(st, n, s->vuln_id, s->vuln_id, s->purl);
			if (s->status == SCAN_VEX_NOT_AFFECTED && !s->purl &&
			    !scan_sca__vex_suppresses(s, 1, s->vuln_id, NULL, "pkg:npm/x@1"))
				abort();
		}
	} else {
		const scan_error *e = scan_error_last();
		if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
			abort();
		if (e->code != err || !e->message[0] || strchr(e->message, '\n') || st || n)
			abort();
	}
	scan_arena__dispose(&a);
	free(text);
	return 0;
}
