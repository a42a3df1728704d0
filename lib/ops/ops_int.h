/* lib/ops/ops_int.h - what the operations share among themselves */
#ifndef SCAN_OPS_INT_H
#define SCAN_OPS_INT_H

#include <time.h>
#include "scan/aiasm.h"
#include "scan/gate.h"
#include "scan/store.h"

/* The gate of a stored scan at `now` (gate.c); pr_number 0 keeps the scan's own. */
int scan_ops__gate_compute(scan_gate_report **out, scan_store *st, int64_t org, int64_t scan_id,
                           int64_t pr_number, time_t now);
/* The scan's gate computed again and stored, after something it measures changed (coverage). */
int scan_ops__gate_refresh(scan_store *st, int64_t org, int64_t scan_id);

/*
 * The AI policy's verdict on a run being recorded (aiasm.c): the effective
 * policy of the repository over the organization's and the default, the
 * approvals and triage stored by identity and fingerprint, active waivers.
 * *result_json malloc'd; *status static.
 */
int scan_ops__ai_verdict(char **result_json, const char **status, bool *gate, scan_store *st, int64_t org,
                         int64_t repo_id, const scan_ai_inventory *inv, const scan_finding_list *fl);

#endif
