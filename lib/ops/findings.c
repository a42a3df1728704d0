/*
 * lib/ops/findings.c - what users decide about findings and the gate: a
 * false-positive mark, a dependency finding's triage, a gate waiver. Each
 * is checked here and written by the store.
 */
#include <string.h>
#include <time.h>
#include "scan/ops.h"
#include "scan/sca_policy.h"
#include "store/record.h"
#include "util/error.h"

#define WAIVER_MAX_DAYS 366
#define WAIVER_REASON_MAX 2000
#define TRIAGE_JUSTIFICATION_MAX 2000
#define FP_REASON_MAX 2000

int scan_ops_mark_fp(scan_store *st, int64_t org, int64_t user_id, int64_t issue_id, bool is_fp, const char *reason)
{
	if (is_fp && (!reason || !*reason))
		return scan_util__error(SCAN_EINVAL, "marking a false positive needs a reason");
	if (is_fp && strlen(reason) > FP_REASON_MAX)
		return scan_util__error(SCAN_EINVAL, "a false-positive reason is at most %d bytes", FP_REASON_MAX);
	return scan_store__mark_fp(st, org, user_id, issue_id, is_fp, reason);
}

int scan_ops_triage_set(scan_store *st, int64_t org, int64_t issue_id, const char *status, const char *justification,
                        int64_t assigned_to)
{
	scan_sca_triage state;
	int rc;

	if ((rc = scan_sca_triage_parse(&state, status ? status : "")) != 0)
		return rc;
	if (justification && strlen(justification) > TRIAGE_JUSTIFICATION_MAX)
		return scan_util__error(SCAN_EINVAL, "a justification is at most %d bytes", TRIAGE_JUSTIFICATION_MAX);
	return scan_store__triage_set(st, org, issue_id, status, justification, assigned_to);
}

int scan_ops_waiver_add(int64_t *id, scan_store *st, int64_t org, const scan_waiver *w)
{
	time_t now = time(NULL);

	if (!scan_gate_policy_is_key(w->rule))
		return scan_util__error(SCAN_EINVAL, "waiver rule must be a policy key, not '%s'", w->rule ? w->rule : "");
	if (!w->reason || !*w->reason)
		return scan_util__error(SCAN_EINVAL, "a waiver needs a reason");
	if (strlen(w->reason) > WAIVER_REASON_MAX)
		return scan_util__error(SCAN_EINVAL, "waiver reason is longer than %d characters", WAIVER_REASON_MAX);
	if (w->pr_number < 0 || w->repo_id < 0)
		return scan_util__error(SCAN_EINVAL, "repository and pull request numbers are positive");
	if (w->pr_number && !w->repo_id)
		return scan_util__error(SCAN_EINVAL, "a pull-request waiver needs a repository");
	if (w->expires_at && w->expires_at <= now)
		return scan_util__error(SCAN_EINVAL, "waiver expiry must be in the future");
	if (!w->expires_at || w->expires_at > now + (time_t)WAIVER_MAX_DAYS * 86400)
		return scan_util__error(SCAN_EINVAL, "waiver expiry must be at most %d days ahead", WAIVER_MAX_DAYS);
	return scan_store__waiver_insert(id, st, org, w);
}
