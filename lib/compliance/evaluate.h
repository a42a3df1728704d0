/* lib/compliance/evaluate.h - one control over one scan's facts (evaluate.c), for the report (score.c) */
#ifndef SCAN_COMPLIANCE_EVALUATE_H
#define SCAN_COMPLIANCE_EVALUATE_H

#include "scan/compliance.h"
#include "util/arena.h"

/* Whether a finding is the control's business (its filter, or its check type's kind and CWE family). */
bool scan_compliance__in_scope(const scan_control *c, const scan_compliance_finding *f);

/*
 * Evaluate c into *r: the open findings in scope counted, the excluded
 * ones listed, the outcome with its reason, the recommendation refined
 * with the facts when refined. Strings and id lists in arena a.
 */
int scan_compliance__evaluate_control(scan_control_result *r, const scan_control *c, const scan_compliance_facts *x,
                                      bool disabled, bool refined, scan_arena *a);

#endif
