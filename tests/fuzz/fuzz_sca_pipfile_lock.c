/* tests/fuzz/fuzz_sca_pipfile_lock.c - the pipfile_lock extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(pipfile_lock)
