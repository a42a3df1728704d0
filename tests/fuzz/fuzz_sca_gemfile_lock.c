/* tests/fuzz/fuzz_sca_gemfile_lock.c - the gemfile_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(gemfile_lock)
