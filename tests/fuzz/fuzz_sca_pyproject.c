/* tests/fuzz/fuzz_sca_pyproject.c - the pyproject extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(pyproject)
