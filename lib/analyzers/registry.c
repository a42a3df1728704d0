/* lib/analyzers/registry.c - the analyzers compiled into libscan */
#include "analyzers/analyzer.h"

static const scan_analyzer *const registry[] = {
	&scan_analyzers__analyzer_hygiene,
	&scan_analyzers__analyzer_secrets,
	&scan_analyzers__analyzer_sast,
	&scan_analyzers__analyzer_quality,
	&scan_analyzers__analyzer_sca,
	&scan_analyzers__analyzer_ai, /* after sca: its finalize reads the dependency inventory */
};

#define REGISTRY_COUNT (sizeof(registry) / sizeof(registry[0]))

size_t scan_analyzers__analyzer_count(void)
{
	return REGISTRY_COUNT;
}

const scan_analyzer *scan_analyzers__analyzer_get(size_t i)
{
	return i < REGISTRY_COUNT ? registry[i] : NULL;
}

size_t scan_analyzer_count(void)
{
	return REGISTRY_COUNT;
}

const scan_analyzer_info *scan_analyzer_info_get(size_t i)
{
	return i < REGISTRY_COUNT ? &registry[i]->info : NULL;
}
