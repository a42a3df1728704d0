/* tests/fuzz/fuzz_sca_requirements.c - the requirements extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(requirements)
