/* tests/fuzz/fuzz_sca_gradle_lock.c - gradle.lockfile lines */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(gradle_lock)
