/* lib/lockfile/extract.c - which extractor reads which file */
#include <string.h>
#include "lockfile/extractors.h"

#define SCAN_SCA_ENTRY(f) { #f, scan_lockfile__is_##f, scan_lockfile__extract_##f },
static const scan_sca_extractor extractors[] = { SCAN_SCA_FORMATS(SCAN_SCA_ENTRY) };
#undef SCAN_SCA_ENTRY

const scan_sca_extractor *scan_lockfile__extractor_for(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;

	for (size_t i = 0; i < sizeof(extractors) / sizeof(extractors[0]); i++)
		if (extractors[i].matches(path, base))
			return &extractors[i];
	return NULL;
}
