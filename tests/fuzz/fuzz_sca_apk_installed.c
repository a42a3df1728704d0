/* tests/fuzz/fuzz_sca_apk_installed.c - the apk_installed extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(apk_installed)
