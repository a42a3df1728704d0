/* lib/compliance/evaluate.h - one control over one scan's facts (evaluate.c), for the report (score.c) */
#ifndef SCAN_COMPLIANCE_EVALUATE_H
#define SCAN_COMPLIANCE_EVALUATE_H

#include "scan/compliance.h"
#include "util/arena.h"

/* A finding's category as a small number, worked out once per evaluation rather than per control. */
enum {
	SCAN_COMPLIANCE_KIND_OTHER = 0,
	SCAN_COMPLIANCE_KIND_SECURITY,
	SCAN_COMPLIANCE_KIND_SECRET,
	SCAN_COMPLIANCE_KIND_IAC,
	SCAN_COMPLIANCE_KIND_SCA,
};
unsigned char scan_compliance__kind(const scan_compliance_finding *f);

/* Whether a finding of that kind and CWE is the control's business (its filter, or its check type's kind and family). */
bool scan_compliance__in_scope(const scan_control *c, unsigned char kind, int cwe);

/*
 * Evaluate c into *r (kinds[i]: the kind of x->findings[i]): the open findings in scope counted, the excluded
 * ones listed, the outcome with its reason, the recommendation refined
 * with the facts when refined. Strings and id lists in arena a.
 */
int scan_compliance__evaluate_control(scan_control_result *r, const scan_control *c, const scan_compliance_facts *x,
                                      const unsigned char *kinds, bool disabled, bool refined, scan_arena *a);

#endif
