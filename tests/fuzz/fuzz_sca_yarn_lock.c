/* tests/fuzz/fuzz_sca_yarn_lock.c - the yarn_lock extractor on arbitrary bytes */
#include "lockfile/js_common.h"
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(yarn_lock)
