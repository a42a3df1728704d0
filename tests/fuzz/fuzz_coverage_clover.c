/* tests/fuzz/fuzz_coverage_clover.c - the Clover XML parser and path mapping on arbitrary bytes */
#include "fuzz_coverage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_coverage_both(data, size, SCAN_COV_CLOVER);
}
