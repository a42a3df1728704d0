/* lib/aiasset/diff.h - what changed in the AI inventory between two BOM generations */
#ifndef SCAN_AIASSET_DIFF_H
#define SCAN_AIASSET_DIFF_H

#include <stddef.h>
#include "scan/aiasm.h"
#include "scan/json.h"

typedef struct {
	const scan_ai_inventory *inv;
	const char *canonicalization;  /* the generation's identity scheme */
} scan_ai_diff_side;

/*
 * exact: the same identity scheme, both complete; inferred: a coverage gap
 * on either side (an asset may be unseen rather than gone);
 * requires_rebaseline: the identities were made by different schemes.
 */
const char *scan_aiasset__diff_status(const scan_ai_diff_side *from, const scan_ai_diff_side *to);

/* The JSON of a diff: scan_ai_diff_json() in include/scan/aiasm.h. */

#endif
