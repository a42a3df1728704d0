/* tests/fuzz/fuzz_sca_cargo_lock.c - the cargo_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(cargo_lock)
