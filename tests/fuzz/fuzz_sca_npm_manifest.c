/* tests/fuzz/fuzz_sca_npm_manifest.c - the npm_manifest extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(npm_manifest)
