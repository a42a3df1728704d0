/* tests/fuzz/fuzz_sca_cyclonedx_json.c - the CycloneDX JSON extractor on arbitrary bytes */
#include "lockfile/sbom_read.h"
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(cyclonedx_json)
