/* tests/fuzz/fuzz_sca_gemfile.c - the gemfile extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(gemfile)
