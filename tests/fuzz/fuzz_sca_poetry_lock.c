/* tests/fuzz/fuzz_sca_poetry_lock.c - the poetry_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(poetry_lock)
