/* tests/fuzz/fuzz_sca_nuget_lock.c - packages.lock.json */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(nuget_lock)
