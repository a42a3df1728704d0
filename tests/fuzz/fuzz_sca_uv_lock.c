/* tests/fuzz/fuzz_sca_uv_lock.c - the uv_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(uv_lock)
