/* lib/compliance/score.c - frameworks evaluated over one scan: control points, framework scores, the executive summary */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compliance/compliance_int.h"
#include "compliance/evaluate.h"
#include "util/error.h"

struct scan_compliance_report {
	scan_arena arena;
	scan_framework_result *frameworks;
	size_t count;
	scan_compliance_summary summary;
	scan_compliance_facts facts;   /* the caller's, borrowed */
};

size_t scan_compliance_report_count(const scan_compliance_report *r)
{
	return r ? r->count : 0;
}

const scan_framework_result *scan_compliance_report_get(const scan_compliance_report *r, size_t i)
{
	return r && i < r->count ? &r->frameworks[i] : NULL;
}

const scan_compliance_summary *scan_compliance_report_summary(const scan_compliance_report *r)
{
	return &r->summary;
}

const scan_compliance_facts *scan_compliance_report_facts(const scan_compliance_report *r)
{
	return &r->facts;
}

void scan_compliance_report_free(scan_compliance_report *r)
{
	if (!r)
		return;
	scan_arena__dispose(&r->arena);
	free(r);
}

bool scan_compliance_disabled_has(const scan_compliance_disabled *d, const char *id)
{
	for (size_t i = 0; d && i < d->count; i++)
		if (!strcmp(d->ids[i], id))
			return true;
	return false;
}

static bool is_disabled(const scan_compliance_disabled *d, size_t nd, const char *key, const char *id)
{
	for (size_t i = 0; i < nd; i++)
		if (!strcmp(d[i].key, key))
			return scan_compliance_disabled_has(&d[i], id);
	return false;
}

const scan_control_result *scan_compliance_report_result(const scan_compliance_report *r, const char *key,
                                                        const char *id)
{
	for (size_t i = 0; r && i < r->count; i++) {
		const scan_framework_result *f = &r->frameworks[i];
		if (strcmp(f->framework->key, key))
			continue;
		for (size_t j = 0; j < f->count; j++)
			if (!strcmp(f->controls[j].control->id, id))
				return &f->controls[j];
	}
	return NULL;
}

/* Points: pass 1, partial 0.5, fail 0; a score is their share of the assessed controls, to one decimal. */
static double score_of(unsigned pass, unsigned partial, unsigned fail)
{
	unsigned n = pass + partial + fail;

	return n ? round(1000.0 * (pass + 0.5 * partial) / n) / 10.0 : -1.0;
}

static const char *posture_of(double score)
{
	if (score < 0)
		return "not_assessed";
	return score >= 90 ? "strong" : score >= 70 ? "moderate" : score >= 50 ? "weak" : "critical";
}

/* What to do first, for the worst risk area. */
static const char *advice(scan_check_type t)
{
	switch (t) {
	case SCAN_CHECK_SECRETS: return "remove the hard-coded credentials from the code and rotate them";
	case SCAN_CHECK_SAST_SECURITY: return "fix the open critical and high code vulnerabilities";
	case SCAN_CHECK_SAST_CRYPTO: return "replace the weak or misused cryptography";
	case SCAN_CHECK_SAST_AUTH: return "fix the access-control and authentication findings";
	case SCAN_CHECK_SCAN_RECENCY: return "scan the default branch on a schedule of at most 7 days";
	case SCAN_CHECK_QUALITY_GATES: return "enable the quality gate, make it block merges and fix what fails it";
	case SCAN_CHECK_PR_REVIEWS: return "have every pull request reviewed before merge";
	case SCAN_CHECK_SCA_VULNS: return "upgrade the dependencies with critical, known-exploited or overdue vulnerabilities";
	case SCAN_CHECK_CODE_QUALITY: return "bring the maintainability and reliability ratings to B or better";
	case SCAN_CHECK_IAC_ISSUES: return "fix the high and critical infrastructure-code misconfigurations";
	default: return "fix the failing controls";
	}
}

static int cmp_risk(const void *a, const void *b)
{
	const scan_risk_area *x = a, *y = b;

	if (x->failing != y->failing)
		return x->failing < y->failing ? 1 : -1;
	if (x->partial != y->partial)
		return x->partial < y->partial ? 1 : -1;
	return (int)x->check - (int)y->check;
}

static int summarize(scan_compliance_report *rep)
{
	scan_compliance_summary *s = &rep->summary;
	scan_risk_area areas[SCAN_CHECK__COUNT];
	bool seen[SCAN_CHECK__COUNT];
	scan_risk_area *out;
	size_t n = 0;
	char text[512];

	memset(areas, 0, sizeof(areas));
	for (size_t i = 0; i < rep->count; i++) {
		const scan_framework_result *f = &rep->frameworks[i];
		memset(seen, 0, sizeof(seen));
		s->passing += f->pass, s->partial += f->partial, s->failing += f->fail;
		s->not_assessed += f->no_data, s->disabled += f->disabled;
		for (size_t j = 0; j < f->count; j++) {
			const scan_control_result *c = &f->controls[j];
			scan_check_type t = c->control->check;
			if (c->outcome != SCAN_OUTCOME_FAIL && c->outcome != SCAN_OUTCOME_PARTIAL)
				continue;
			areas[t].check = t;
			if (c->outcome == SCAN_OUTCOME_FAIL)
				areas[t].failing++;
			else
				areas[t].partial++;
			if (!seen[t]) {
				seen[t] = true;
				areas[t].frameworks++;
			}
		}
	}
	s->total_controls = s->passing + s->partial + s->failing;
	s->overall_score = score_of(s->passing, s->partial, s->failing);
	s->posture = posture_of(s->overall_score);
	if (!(out = scan_arena__calloc(&rep->arena, sizeof(areas))))
		return scan_error__oom();
	for (int t = 0; t < SCAN_CHECK__COUNT; t++)
		if (areas[t].failing || areas[t].partial)
			out[n++] = areas[t];
	qsort(out, n, sizeof(*out), cmp_risk);
	s->risk_areas = out;
	s->nrisk_areas = n;
	if (s->total_controls == 0)
		snprintf(text, sizeof(text), "Nothing could be assessed: scan the repository's default branch with every"
		         " analyzer, then score again.");
	else if (n == 0)
		snprintf(text, sizeof(text), "Every assessed control passes; keep scanning on a schedule to hold the"
		         " posture.");
	else
		snprintf(text, sizeof(text), "First %s: %s %u control%s in %u framework%s.", advice(out[0].check),
		         out[0].failing ? "it fails" : "it is partial on", out[0].failing ? out[0].failing : out[0].partial,
		         (out[0].failing ? out[0].failing : out[0].partial) == 1 ? "" : "s", out[0].frameworks,
		         out[0].frameworks == 1 ? "" : "s");
	return (s->recommendation = scan_arena__strdup(&rep->arena, text)) ? 0 : scan_error__oom();
}

int scan_compliance_evaluate(scan_compliance_report **out, const scan_framework *const *fws, size_t n,
                             const scan_compliance_disabled *disabled, size_t ndisabled,
                             const scan_compliance_facts *facts, bool refine)
{
	scan_compliance_report *rep;
	unsigned char *kinds;
	int rc = 0;

	*out = NULL;
	if (!(rep = calloc(1, sizeof(*rep))))
		return scan_error__oom();
	rep->facts = *facts;
	if (!(kinds = malloc(facts->nfindings + 1))) {
		free(rep);
		return scan_error__oom();
	}
	for (size_t i = 0; i < facts->nfindings; i++)
		kinds[i] = scan_compliance__kind(&facts->findings[i]);
	if (n && !(rep->frameworks = scan_arena__calloc(&rep->arena, n * sizeof(*rep->frameworks))))
		rc = scan_error__oom();
	for (size_t i = 0; i < n && !rc; i++) {
		const scan_framework *fw = fws[i];
		scan_framework_result *fr = &rep->frameworks[i];
		scan_control_result *cs;
		fr->framework = fw;
		if (!(cs = scan_arena__calloc(&rep->arena, (fw->count ? fw->count : 1) * sizeof(*cs)))) {
			rc = scan_error__oom();
			break;
		}
		for (size_t j = 0; j < fw->count && !rc; j++) {
			rc = scan_compliance__evaluate_control(&cs[j], &fw->controls[j], facts, kinds,
			                                       is_disabled(disabled, ndisabled, fw->key, fw->controls[j].id),
			                                       refine, &rep->arena);
			switch (cs[j].outcome) {
			case SCAN_OUTCOME_PASS: fr->pass++; break;
			case SCAN_OUTCOME_PARTIAL: fr->partial++; break;
			case SCAN_OUTCOME_FAIL: fr->fail++; break;
			case SCAN_OUTCOME_NO_DATA: fr->no_data++; break;
			case SCAN_OUTCOME_DISABLED: fr->disabled++; break;
			}
		}
		fr->controls = cs;
		fr->count = fw->count;
		fr->score = score_of(fr->pass, fr->partial, fr->fail);
		rep->count++;
	}
	free(kinds);
	if (!rc)
		rc = summarize(rep);
	if (rc) {
		scan_compliance_report_free(rep);
		return rc;
	}
	*out = rep;
	return 0;
}
