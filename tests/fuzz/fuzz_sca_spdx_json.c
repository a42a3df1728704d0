/* tests/fuzz/fuzz_sca_spdx_json.c - the SPDX 2 JSON extractor on arbitrary bytes */
#include "lockfile/sbom_read.h"
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(spdx_json)
