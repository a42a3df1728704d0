/* tests/fuzz/fuzz_sca_npm_lock.c - the npm_lock extractor on arbitrary bytes */
#include "lockfile/js_common.h"
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(npm_lock)
