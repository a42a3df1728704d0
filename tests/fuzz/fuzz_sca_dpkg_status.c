/* tests/fuzz/fuzz_sca_dpkg_status.c - the dpkg_status extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(dpkg_status)
