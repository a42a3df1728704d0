/*
 * lib/ops/gate.c - the gate of a stored scan: what it measures (findings
 * that count, on new code or all; duplication, complexity, rating and
 * coverage from the quality summary), the organization's configuration with
 * the repository's own gate file applied, and the waivers in force.
 */
#include <stdlib.h>
#include <string.h>
#include "ops/ops_int.h"
#include "scan/ops.h"
#include "store/record.h"
#include "util/error.h"

/*
 * The quality measures the gate compares: on new code when the gate applies
 * to new code only (not measured when the scan has no new-code reference),
 * else on the whole scan. rating_min compares the maintainability rating.
 */
static int quality_input(scan_gate_input *in, scan_store *st, int64_t org, int64_t scan_id, bool new_only)
{
	scan_quality_summary q;
	bool found;
	int rc;

	if ((rc = scan_store_quality(&q, &found, st, org, scan_id)) != 0 || !found)
		return rc;
	if (new_only) {
		in->duplication_pct = q.new_duplication_pct;
		in->max_complexity_new = q.new_code_known ? (double)(q.new_cognitive_max < 0 ? 0 : q.new_cognitive_max) : -1.0;
		in->rating = q.new_maintainability;
		in->new_coverage_pct = q.new_coverage_pct;
	} else {
		in->duplication_pct = q.duplication_pct;
		in->max_complexity_new = q.cognitive_max < 0 ? 0 : (double)q.cognitive_max;
		in->rating = q.maintainability;
		in->new_coverage_pct = q.coverage_pct;
	}
	return 0;
}

/* The repository's .rampart/quality_gate.yaml, as recorded with the scan, over the organization's policy. */
static int apply_repo_policy(scan_gate_config *cfg, scan_store *st, int64_t org, int64_t scan_id)
{
	scan_gate_repo_policy rp;
	char *json = NULL;
	int rc;

	if ((rc = scan_store__repo_policy(&json, st, org, scan_id)) != 0 || !json)
		return rc;
	if ((rc = scan_gate_repo_policy_parse_json(&rp, json, strlen(json))) == 0)
		scan_gate_policy_apply_repo(&cfg->policy, &rp, cfg->configured);
	free(json);
	return rc;
}

int scan_ops__gate_compute(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id,
                           int64_t pr_number, time_t now)
{
	scan_gate_config cfg;
	scan_gate_input in = SCAN_GATE_INPUT_INIT;
	scan_scan_list *scan = NULL;
	scan_waiver_list *waivers = NULL;
	uint64_t counts[5];
	int rc;

	*out = NULL;
	if ((rc = scan_store_scan_get(&scan, st, org, scan_id)) != 0 ||
	    (rc = scan_store_gate_config(&cfg, st, org)) != 0 ||
	    (rc = scan_store__count_findings(counts, st, org, scan_id, cfg.applies_to_new_code_only)) != 0 ||
	    (rc = scan_store_waivers(&waivers, st, org, 0, false, false)) != 0)
		goto done;
	in.repo_id = scan_scan_list_get(scan, 0)->repo_id;
	in.pr_number = pr_number ? pr_number : scan_scan_list_get(scan, 0)->pr_number;
	if ((rc = quality_input(&in, st, org, scan_id, cfg.applies_to_new_code_only)) != 0 ||
	    (rc = apply_repo_policy(&cfg, st, org, scan_id)) != 0)
		goto done;
	in.critical = counts[0];
	in.high = counts[1];
	in.medium = counts[2];
	in.low = counts[3];
	rc = scan_gate_evaluate(out, &cfg, &in, scan_waiver_list_get(waivers, 0), scan_waiver_list_count(waivers), now);
done:
	scan_scan_list_free(scan);
	scan_waiver_list_free(waivers);
	return rc;
}

int scan_ops_gate_evaluate(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id, int64_t pr_number)
{
	return scan_ops__gate_compute(out, st, org, scan_id, pr_number, time(NULL));
}

int scan_ops__gate_refresh(scan_store *st, int64_t org, int64_t scan_id)
{
	scan_gate_report *gate = NULL;
	time_t now = time(NULL);
	int rc;

	if ((rc = scan_ops__gate_compute(&gate, st, org, scan_id, 0, now)) == 0)
		rc = scan_store__gate_save(st, scan_id, gate, now);
	scan_gate_report_free(gate);
	return rc;
}
