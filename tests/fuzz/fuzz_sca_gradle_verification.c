/* tests/fuzz/fuzz_sca_gradle_verification.c - gradle/verification-metadata.xml */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(gradle_verification)
