/* tests/fuzz/fuzz_sca_composer_lock.c - the composer_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(composer_lock)
