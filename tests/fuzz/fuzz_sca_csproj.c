/* tests/fuzz/fuzz_sca_csproj.c - *.csproj PackageReference, MSBuild properties */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(csproj)
