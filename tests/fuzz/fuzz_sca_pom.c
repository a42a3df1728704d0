/* tests/fuzz/fuzz_sca_pom.c - pom.xml: XML, properties, dependencyManagement (no file system: parents unread) */
#include "fuzz_sca.h"

FUZZ_SCA_TARGET(pom)
