/* tests/fuzz/fuzz_sca_pnpm_lock.c - the pnpm_lock extractor on arbitrary bytes */
#include "lockfile/js_common.h"
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(pnpm_lock)
