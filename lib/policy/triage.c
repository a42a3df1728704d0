/* lib/policy/triage.c - the triage states of an SCA finding (spec 2.11) */
#include <string.h>
#include "scan/sca_policy.h"
#include "util/error.h"

static const char *const names[SCAN_SCA_TRIAGE__COUNT] = {
	"open", "accepted_risk", "not_applicable", "false_positive", "wont_fix", "in_progress", "fixed",
};

const char *scan_sca_triage_name(scan_sca_triage t)
{
	return (unsigned)t < SCAN_SCA_TRIAGE__COUNT ? names[t] : "open";
}

int scan_sca_triage_parse(scan_sca_triage *out, const char *name)
{
	for (int i = 0; name && i < SCAN_SCA_TRIAGE__COUNT; i++)
		if (!strcmp(name, names[i])) {
			*out = (scan_sca_triage)i;
			return 0;
		}
	return scan__error(SCAN_EINVAL, "unknown triage status '%.64s' (expected open, accepted_risk, not_applicable, "
	                                "false_positive, wont_fix, in_progress or fixed)", name ? name : "");
}

bool scan_sca_triage_suppresses(scan_sca_triage t)
{
	switch (t) {
	case SCAN_SCA_TRIAGE_ACCEPTED_RISK:
	case SCAN_SCA_TRIAGE_NOT_APPLICABLE:
	case SCAN_SCA_TRIAGE_FALSE_POSITIVE:
	case SCAN_SCA_TRIAGE_WONT_FIX:
		return true;
	case SCAN_SCA_TRIAGE_OPEN:
	case SCAN_SCA_TRIAGE_IN_PROGRESS:
	case SCAN_SCA_TRIAGE_FIXED: /* present again: the fix did not hold */
	default:
		return false;
	}
}
