/* lib/gate/evaluate.c - apply a policy and the waivers to what one scan measured */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "gate/gate_int.h"
#include "util/error.h"

const char *scan_gate_status_name(scan_gate_status s)
{
	switch (s) {
	case SCAN_GATE_PASSED: return "passed";
	case SCAN_GATE_FAILED: return "failed";
	default: return "not_configured";
	}
}

/* 0: no match; 1 organization, 2 repository, 3 pull request: higher is more specific. */
static int waiver_scope(const scan_waiver *w, const scan_gate_input *in, time_t now)
{
	if (w->revoked_at)
		return 0;
	if (w->expires_at && w->expires_at <= now)
		return 0;
	if (!w->repo_id)
		return w->pr_number ? 0 : 1;
	if (w->repo_id != in->repo_id)
		return 0;
	if (!w->pr_number)
		return 2;
	return in->pr_number && w->pr_number == in->pr_number ? 3 : 0;
}

static const char *const scope_names[] = { NULL, "organization", "repository", "pull_request" };

static int add_violation(scan_gate_report *r, const scan_gate_policy_key *k, double threshold,
                         double actual, const scan_gate_input *in, const scan_waiver *waivers,
                         size_t nw, time_t now)
{
	const scan_waiver *best = NULL;
	int best_scope = 0;
	scan_gate_violation *v, **arr;
	size_t *count;

	for (size_t i = 0; i < nw; i++) {
		int s;
		if (!waivers[i].rule || strcmp(waivers[i].rule, k->name))
			continue;
		s = waiver_scope(&waivers[i], in, now);
		/* Most specific wins; between equals the newest, so a renewed waiver is the one shown. */
		if (s > best_scope || (s && s == best_scope && waivers[i].id > best->id)) {
			best = &waivers[i];
			best_scope = s;
		}
	}
	arr = best ? &r->waived : &r->violations;
	count = best ? &r->waived_count : &r->violation_count;
	v = &(*arr)[(*count)++];
	v->rule = k->name;
	v->threshold = threshold;
	v->actual = actual;
	v->severity = k->severity;
	v->waived = best != NULL;
	v->waiver_id = best ? best->id : 0;
	v->waiver_scope = scope_names[best_scope];
	return 0;
}

const char *scan_condition_status_name(scan_condition_status s)
{
	switch (s) {
	case SCAN_COND_PASSED: return "passed";
	case SCAN_COND_FAILED: return "failed";
	case SCAN_COND_WAIVED: return "waived";
	default: return "not_measured";
	}
}

/* A list with nothing in it is NULL, as the report documents. */
static void empty_is_null(scan_gate_report *r)
{
	if (!r->condition_count) {
		free(r->conditions);
		r->conditions = NULL;
	}
	if (!r->violation_count) {
		free(r->violations);
		r->violations = NULL;
	}
	if (!r->waived_count) {
		free(r->waived);
		r->waived = NULL;
	}
}

static size_t key_count(void)
{
	size_t n = 0;

	while (scan_gate__policy_keys[n].name)
		n++;
	return n;
}

/* One condition: always in the table; a violation (waived or not) when it fails. */
static int check(scan_gate_report *r, const scan_gate_policy_key *k, bool measured, bool bad, double threshold,
                 double actual, const scan_gate_input *in, const scan_waiver *waivers, size_t nw, time_t now)
{
	scan_gate_condition *v;
	size_t waived = r->waived_count;
	int rc;

	assert(k && r->condition_count < key_count());
	v = &r->conditions[r->condition_count++];
	v->rule = k->name, v->threshold = threshold, v->actual = actual;
	v->status = measured ? SCAN_COND_PASSED : SCAN_COND_NOT_MEASURED;
	if (!bad)
		return 0;
	if ((rc = add_violation(r, k, threshold, actual, in, waivers, nw, now)) != 0)
		return rc;
	v->status = r->waived_count > waived ? SCAN_COND_WAIVED : SCAN_COND_FAILED;
	return 0;
}

int scan_gate_evaluate(scan_gate_report **out, const scan_gate_config *cfg, const scan_gate_input *in,
                       const scan_waiver *waivers, size_t nw, time_t now)
{
	scan_gate_report *r = calloc(1, sizeof(*r));
	const scan_gate_policy *p = &cfg->policy;
	size_t nkeys = key_count();
	int rc = 0;

	*out = NULL;
	if (!r)
		return scan_error__oom();
	r->config = *cfg;
	/* Each key gives one condition and at most one violation, waived or not. */
	r->conditions = calloc(nkeys, sizeof(*r->conditions));
	r->violations = calloc(nkeys, sizeof(*r->violations));
	r->waived = calloc(nkeys, sizeof(*r->waived));
	if (!r->conditions || !r->violations || !r->waived) {
		scan_gate_report_free(r);
		return scan_error__oom();
	}
	if (!cfg->enabled) {
		r->status = SCAN_GATE_NOT_CONFIGURED;
		empty_is_null(r);
		*out = r;
		return 0;
	}
#define CHECK(key, measured, bad, threshold, actual) \
	if (!rc) \
		rc = check(r, scan_gate__policy_key_find(key), measured, (measured) && (bad), (double)(threshold), \
		           (double)(actual), in, waivers, nw, now)
	CHECK("new_critical_max", true, in->critical > (uint64_t)p->new_critical_max, p->new_critical_max, in->critical);
	CHECK("new_high_max", true, in->high > (uint64_t)p->new_high_max, p->new_high_max, in->high);
	/* Quality metrics gate only once they are measured (negative: not measured). */
	CHECK("duplication_pct_max", in->duplication_pct >= 0, in->duplication_pct > p->duplication_pct_max,
	      p->duplication_pct_max, in->duplication_pct);
	CHECK("complexity_new_max", in->max_complexity_new >= 0,
	      in->max_complexity_new > (double)p->complexity_new_max, p->complexity_new_max,
	      in->max_complexity_new);
	/* Ratings compare as letters: 'A' is best, so a worse rating is a larger letter. */
	CHECK("rating_min", in->rating && p->rating_min, in->rating > p->rating_min,
	      p->rating_min - 'A' + 1, in->rating - 'A' + 1);
	CHECK("new_coverage_min", in->new_coverage_pct >= 0, in->new_coverage_pct < p->new_coverage_min,
	      p->new_coverage_min, in->new_coverage_pct);
#undef CHECK
	if (rc) {
		scan_gate_report_free(r);
		return rc;
	}
	r->status = r->violation_count ? SCAN_GATE_FAILED : SCAN_GATE_PASSED;
	empty_is_null(r);
	*out = r;
	return 0;
}

void scan_gate_report_free(scan_gate_report *r)
{
	if (!r)
		return;
	free(r->conditions);
	free(r->violations);
	free(r->waived);
	free(r);
}
