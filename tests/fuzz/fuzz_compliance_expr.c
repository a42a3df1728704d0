/* tests/fuzz/fuzz_compliance_expr.c - a custom control's pass_condition on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "compliance/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Whatever parses evaluates, over facts from the input's own bytes, without
 * reading outside the tree; it names only facts it was allowed to; with
 * every fact unknown, a condition that names one is unknown, and one that
 * names none is known.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_cexpr *e = NULL;
	int64_t values[SCAN_FACT__COUNT];
	bool known;

	if (scan_compliance__expr_parse(&e, (const char *)data, size) != 0)
		return 0;
	if (scan_compliance__expr_uses(e) >> SCAN_FACT__COUNT)
		abort();
	for (int i = 0; i < SCAN_FACT__COUNT; i++)
		values[i] = size ? (int64_t)data[(size_t)i % size] * (i % 3 == 0 ? -1 : 1) * ((int64_t)1 << (i * 2)) : i;
	(void)scan_compliance__expr_eval(e, values, ~0ull, &known);
	if (!known)
		abort();
	(void)scan_compliance__expr_eval(e, values, 0, &known);
	if (known != (scan_compliance__expr_uses(e) == 0))
		abort();
	scan_compliance__expr_free(e);
	return 0;
}
