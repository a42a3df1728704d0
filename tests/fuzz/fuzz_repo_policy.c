/* tests/fuzz/fuzz_repo_policy.c - .rampart/quality_gate.yaml on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"
#include "scan/gate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Whatever the parser accepts must round-trip through the JSON the store
 * keeps with the scan (same keys set, same values), and applying it to the
 * defaults as a tightening must never loosen a threshold.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_gate_repo_policy rp, back;
	scan_gate_policy org = SCAN_GATE_POLICY_DEFAULTS, eff;
	scan_buf json = SCAN_BUF_INIT;

	if (scan_gate_repo_policy_parse_yaml(&rp, (const char *)data, size, "fuzz") != 0)
		return 0;
	if (scan_gate_repo_policy_write_json(&json, &rp) != 0)
		abort();
	if (scan_gate_repo_policy_parse_json(&back, json.ptr, json.size) != 0 || back.set != rp.set)
		abort();
	eff = org;
	scan_gate_policy_apply_repo(&eff, &rp, true);
	if (eff.new_critical_max > org.new_critical_max || eff.new_high_max > org.new_high_max ||
	    eff.duplication_pct_max > org.duplication_pct_max || eff.complexity_new_max > org.complexity_new_max ||
	    eff.rating_min > org.rating_min || eff.new_coverage_min < org.new_coverage_min)
		abort();
	scan_buf_dispose(&json);
	return 0;
}
