/* lib/compliance/compliance_int.h - what the files of lib/compliance share */
#ifndef SCAN_COMPLIANCE_INT_H
#define SCAN_COMPLIANCE_INT_H

#include "scan/compliance.h"
#include "util/arena.h"
#include "util/rulefiles.h"

struct scan_framework_set {
	scan_arena arena;
	scan_framework **items;
	size_t count, cap;
};

/* rules/compliance/ (one YAML file each), compiled in by cmake/EmbedRules.cmake. */
extern const scan_embedded_rule_file scan_compliance__builtin_files[];
extern const size_t scan_compliance__builtin_files_count;

/* "code", "web", "iac", "dependencies", "process". */
const char *scan_compliance__domain_name(scan_control_domain d);

/* The default CWE family of a check type, for controls without a filter (NULL: every finding of its kind). */
const int *scan_compliance__family(scan_check_type t, size_t *count);
/* The check types whose controls are about findings, and the finding categories each looks at. */
bool scan_compliance__is_finding_check(scan_check_type t);

#endif
