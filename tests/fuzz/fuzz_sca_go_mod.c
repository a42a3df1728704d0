/* tests/fuzz/fuzz_sca_go_mod.c - the go_mod extractor on arbitrary bytes */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(go_mod)
