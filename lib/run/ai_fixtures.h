/* lib/run/ai_fixtures.h - the ai analyzer's rule fixtures, compiled in */
#ifndef SCAN_RUN_AI_FIXTURES_H
#define SCAN_RUN_AI_FIXTURES_H

#include "util/rulefiles.h"

/* rules/ai/ (one YAML file per rule), compiled in by cmake/EmbedRules.cmake. */
extern const scan_embedded_rule_file scan_run__ai_fixture_files[];
extern const size_t scan_run__ai_fixture_files_count;

#endif
