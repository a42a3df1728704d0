/* tests/fuzz/fuzz_sca_composer_manifest.c - the composer_manifest extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(composer_manifest)
