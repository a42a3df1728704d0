/* lib/compliance/evaluate.c - one control over one scan's facts: its findings, its outcome, the evidence, the recommendation */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compliance/compliance_int.h"
#include "compliance/evaluate.h"
#include "compliance/expr.h"
#include "util/error.h"

/*
 * The CWE families of notes §1.2, for a crypto or access control without
 * a filter of its own: a finding is about cryptography, or about who may
 * do what, when its weakness is one of these.
 */
static const int crypto_family[] = {
	261, 295, 296, 297, 319, 321, 322, 323, 325, 326, 327, 328, 329, 330, 331, 335, 336, 337, 338, 340,
	347, 523, 757, 759, 760, 780, 916,
};
static const int auth_family[] = {
	22, 269, 284, 285, 287, 288, 290, 294, 306, 307, 346, 352, 384, 521, 613, 614, 620, 639, 640, 732,
	862, 863, 942, 1004, 1390,
};

const int *scan_compliance__family(scan_check_type t, size_t *count)
{
	if (t == SCAN_CHECK_SAST_CRYPTO) {
		*count = sizeof(crypto_family) / sizeof(crypto_family[0]);
		return crypto_family;
	}
	if (t == SCAN_CHECK_SAST_AUTH) {
		*count = sizeof(auth_family) / sizeof(auth_family[0]);
		return auth_family;
	}
	*count = 0;
	return NULL;
}

bool scan_compliance__is_finding_check(scan_check_type t)
{
	return t == SCAN_CHECK_SECRETS || t == SCAN_CHECK_SAST_SECURITY || t == SCAN_CHECK_SAST_CRYPTO ||
	       t == SCAN_CHECK_SAST_AUTH || t == SCAN_CHECK_SCA_VULNS || t == SCAN_CHECK_IAC_ISSUES;
}

static bool has_cwe(const int *list, size_t n, int cwe)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == cwe)
			return true;
	return false;
}

/*
 * Whether a finding is the control's business. A control's own CWE filter
 * may reach across analyzers (a hard-coded password, CWE-798, is an
 * authentication failure in OWASP's A07 though the secrets analyzer finds
 * it); without one, the check type's kind of finding, narrowed to its CWE
 * family for crypto and access controls.
 */
unsigned char scan_compliance__kind(const scan_compliance_finding *f)
{
	const char *cat = f->category ? f->category : "";

	if (!strcmp(cat, "security"))
		return SCAN_COMPLIANCE_KIND_SECURITY;
	if (!strcmp(cat, "secret"))
		return SCAN_COMPLIANCE_KIND_SECRET;
	if (!strcmp(cat, "iac"))
		return SCAN_COMPLIANCE_KIND_IAC;
	if (!strcmp(cat, "sca"))
		return SCAN_COMPLIANCE_KIND_SCA;
	return SCAN_COMPLIANCE_KIND_OTHER;
}

bool scan_compliance__in_scope(const scan_control *c, unsigned char kind, int cwe)
{
	bool code = kind == SCAN_COMPLIANCE_KIND_SECURITY || kind == SCAN_COMPLIANCE_KIND_SECRET;
	size_t nfam;
	const int *fam;

	switch (c->check) {
	case SCAN_CHECK_SECRETS:
		return c->ncwe ? code && has_cwe(c->cwe, c->ncwe, cwe) : kind == SCAN_COMPLIANCE_KIND_SECRET;
	case SCAN_CHECK_SAST_SECURITY:
	case SCAN_CHECK_SAST_CRYPTO:
	case SCAN_CHECK_SAST_AUTH:
		if (c->ncwe)
			return code && has_cwe(c->cwe, c->ncwe, cwe);
		if (kind != SCAN_COMPLIANCE_KIND_SECURITY)
			return false;
		fam = scan_compliance__family(c->check, &nfam);
		return !fam || has_cwe(fam, nfam, cwe);
	case SCAN_CHECK_SCA_VULNS:
		return kind == SCAN_COMPLIANCE_KIND_SCA && (!c->ncwe || has_cwe(c->cwe, c->ncwe, cwe));
	case SCAN_CHECK_IAC_ISSUES:
		return kind == SCAN_COMPLIANCE_KIND_IAC && (!c->ncwe || has_cwe(c->cwe, c->ncwe, cwe));
	default:
		return false;
	}
}

/* A finding of the secrets check that decides a fail: outside test code and confidently a credential. */
#define SECRET_CONFIDENCE_MIN 70

typedef struct {
	scan_control_result *res;
	scan_arena *arena;
	int64_t *ids, *xids;
} collect;

static void keep_id(int64_t *list, size_t *n, int64_t id)
{
	if (*n < SCAN_COMPLIANCE_EVIDENCE_IDS)
		list[(*n)++] = id;
}

/* Which findings decide a fail (level 2) or a partial (level 1) for the control's check type; 0: neither. */
static int level_of(const scan_control *c, const scan_compliance_finding *f)
{
	switch (c->check) {
	case SCAN_CHECK_SECRETS:
		return !f->in_test && f->confidence >= SECRET_CONFIDENCE_MIN ? 2 : 1;
	case SCAN_CHECK_SAST_SECURITY:
		return f->severity == SCAN_SEV_CRITICAL ? 2 : f->severity >= SCAN_SEV_MEDIUM ? 1 : 0;
	case SCAN_CHECK_SAST_CRYPTO:
	case SCAN_CHECK_SAST_AUTH:
	case SCAN_CHECK_IAC_ISSUES:
		return f->severity >= SCAN_SEV_HIGH ? 2 : f->severity == SCAN_SEV_MEDIUM ? 1
		     : c->check == SCAN_CHECK_IAC_ISSUES ? 1 : 0;
	case SCAN_CHECK_SCA_VULNS:
		if (f->severity == SCAN_SEV_CRITICAL || f->kev || f->malicious || f->sla_breached)
			return 2;
		return f->severity == SCAN_SEV_HIGH ? 1 : 0;
	default:
		return 0;
	}
}

/* Why the scan cannot speak for the control (static text), or NULL when it can. */
static const char *no_data_reason(const scan_control *c, const scan_compliance_facts *x)
{
	if (!x->scanned && c->check != SCAN_CHECK_SCAN_RECENCY)
		return "The repository has no completed scan of its default branch.";
	switch (c->check) {
	case SCAN_CHECK_SECRETS:
		if (!(x->ran & SCAN_RAN_SECRETS) && !(c->ncwe && (x->ran & SCAN_RAN_SAST)))
			return "The secrets analyzer did not run on the latest scan.";
		return NULL;
	case SCAN_CHECK_SAST_SECURITY:
	case SCAN_CHECK_SAST_CRYPTO:
	case SCAN_CHECK_SAST_AUTH:
		if (!(x->ran & SCAN_RAN_SAST))
			return "The code analyzer (sast) did not run on the latest scan.";
		if (!x->sast_languages)
			return "No file of the repository is in a language the code rules cover.";
		return NULL;
	case SCAN_CHECK_IAC_ISSUES:
		if (!(x->ran & SCAN_RAN_SAST))
			return "The code analyzer (sast), which checks infrastructure code, did not run on the latest scan.";
		if (!x->has_iac)
			return "The scan met no infrastructure code (Terraform, Dockerfile, Kubernetes, Compose, workflows) and no IaC finding.";
		return NULL;
	case SCAN_CHECK_SCA_VULNS:
		if (!(x->ran & SCAN_RAN_SCA))
			return "The dependency analyzer (sca) did not run on the latest scan.";
		if (!x->has_dependencies)
			return "The latest scan found no dependency manifest or lockfile.";
		if (!x->sca_checked)
			return "The dependencies were not checked: the vulnerability database was empty ('rampart db import').";
		return NULL;
	case SCAN_CHECK_CODE_QUALITY:
		return x->rating ? NULL : "The quality analyzer did not rate the latest scan.";
	case SCAN_CHECK_QUALITY_GATES:
		return x->gate == SCAN_GATE_FACT_NONE ? "No gate result is stored for the latest scan." : NULL;
	case SCAN_CHECK_PR_REVIEWS:
		return x->reviews_known ? NULL
		     : "No pull-request reviews are recorded for the repository (no provider webhook delivers them).";
	default:
		return NULL;
	}
}

static const char *sentence(scan_arena *a, const char *fmt, ...) SCAN_PRINTF(2, 3);
static const char *sentence(scan_arena *a, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return scan_arena__strdup(a, buf);
}

static uint64_t open_total(const scan_control_result *r)
{
	return r->counts[0] + r->counts[1] + r->counts[2] + r->counts[3];
}

/* "2 critical, 1 high" of the open findings. */
static void counts_text(char *out, size_t n, const scan_control_result *r)
{
	static const char *const names[] = { "low", "medium", "high", "critical" };
	size_t used = 0;

	out[0] = '\0';
	for (int s = SCAN_SEV_CRITICAL; s >= SCAN_SEV_LOW && used < n; s--) {
		if (!r->counts[s])
			continue;
		used += (size_t)snprintf(out + used, n - used, "%s%llu %s", used ? ", " : "",
		                         (unsigned long long)r->counts[s], names[s]);
	}
}

static void days_value(const scan_compliance_facts *x, int64_t *days)
{
	*days = x->scanned ? (int64_t)((x->now > x->scanned_at ? x->now - x->scanned_at : 0) / 86400) : 36500;
}

static const char *builtin_outcome(scan_control_result *r, const scan_compliance_facts *x, int worst, scan_arena *a)
{
	const scan_control *c = r->control;
	char counts[128];
	int64_t days;

	counts_text(counts, sizeof(counts), r);
	switch (c->check) {
	case SCAN_CHECK_SCAN_RECENCY: {
		bool schedule = x->schedule_active && x->schedule_last_ok && x->schedule_last_run &&
		                x->now - x->schedule_last_run <= 7 * 86400;
		days_value(x, &days);
		if (!x->scanned) {
			r->outcome = SCAN_OUTCOME_FAIL;
			return "The default branch has never been scanned.";
		}
		if (days <= 7 || schedule) {
			r->outcome = SCAN_OUTCOME_PASS;
			return days <= 7 ? sentence(a, "The default branch was scanned %lld day%s ago.", (long long)days,
			                            days == 1 ? "" : "s")
			                 : "An active schedule's last run of the default branch completed within 7 days.";
		}
		r->outcome = days <= 30 ? SCAN_OUTCOME_PARTIAL : SCAN_OUTCOME_FAIL;
		return sentence(a, "The default branch was last scanned %lld days ago (7 or fewer pass, 30 or fewer are"
		                " partial).", (long long)days);
	}
	case SCAN_CHECK_QUALITY_GATES:
		if (x->gate == SCAN_GATE_FACT_NOT_CONFIGURED) {
			r->outcome = SCAN_OUTCOME_FAIL;
			return "The quality gate is not enabled.";
		}
		if (x->gate == SCAN_GATE_FACT_FAILED) {
			r->outcome = SCAN_OUTCOME_FAIL;
			return "The latest scan failed the quality gate.";
		}
		if (x->gate_waived) {
			char rules[256] = "";
			size_t used = 0;
			for (size_t i = 0; x->gate_waived_rules && i < x->gate_waived && used < sizeof(rules); i++)
				used += (size_t)snprintf(rules + used, sizeof(rules) - used, "%s%s", i ? ", " : "",
				                         x->gate_waived_rules[i]);
			r->outcome = SCAN_OUTCOME_PARTIAL;
			return sentence(a, "The gate passed, but %zu condition%s passed only under a waiver%s%s.", x->gate_waived,
			                x->gate_waived == 1 ? "" : "s", rules[0] ? ": " : "", rules);
		}
		if (!x->gate_block_merge) {
			r->outcome = SCAN_OUTCOME_PARTIAL;
			return "The gate passed, but a failing gate does not block merges (block_merge_on_fail is false).";
		}
		r->outcome = SCAN_OUTCOME_PASS;
		return "The latest scan passed the quality gate, which blocks merges when it fails.";
	case SCAN_CHECK_PR_REVIEWS: {
		unsigned pct = x->prs ? (unsigned)((uint64_t)x->prs_reviewed * 100 / x->prs) : 0;
		if (x->prs && !x->prs_reviewed) {
			r->outcome = SCAN_OUTCOME_FAIL;
			return sentence(a, "None of the %u pull requests of the last 90 days was reviewed.", x->prs);
		}
		if (x->prs < 3) {
			r->outcome = x->prs ? SCAN_OUTCOME_PARTIAL : SCAN_OUTCOME_FAIL;
			return x->prs ? sentence(a, "Only %u pull request%s in the last 90 days: too few to show a practice.",
			                         x->prs, x->prs == 1 ? "" : "s")
			              : "No pull request was reviewed in the last 90 days.";
		}
		r->outcome = pct >= 90 ? SCAN_OUTCOME_PASS : pct >= 50 ? SCAN_OUTCOME_PARTIAL : SCAN_OUTCOME_FAIL;
		return sentence(a, "%u of %u pull requests of the last 90 days were reviewed (%u%%; 90%% passes).",
		                x->prs_reviewed, x->prs, pct);
	}
	case SCAN_CHECK_CODE_QUALITY:
		r->outcome = x->rating <= 'B' ? SCAN_OUTCOME_PASS : x->rating == 'C' ? SCAN_OUTCOME_PARTIAL
		                                                                      : SCAN_OUTCOME_FAIL;
		return sentence(a, "The worse of the maintainability and reliability ratings is %c (A or B pass, C is"
		                " partial).", x->rating);
	default:
		break;
	}
	r->outcome = worst == 2 ? SCAN_OUTCOME_FAIL : worst == 1 ? SCAN_OUTCOME_PARTIAL : SCAN_OUTCOME_PASS;
	if (!open_total(r))
		return r->excluded ? sentence(a, "No open finding; %llu left out (false positives, suppressed or triaged).",
		                              (unsigned long long)r->excluded)
		                   : "No open finding in the latest scan.";
	if (c->check == SCAN_CHECK_SECRETS)
		return worst == 2 ? sentence(a, "%llu open secret finding%s (%s), at least one a confident match outside"
		                             " test code.", (unsigned long long)open_total(r), open_total(r) == 1 ? "" : "s",
		                             counts)
		                  : sentence(a, "%llu open secret finding%s, all in test code or low-confidence matches.",
		                             (unsigned long long)open_total(r), open_total(r) == 1 ? "" : "s");
	if (c->check == SCAN_CHECK_SCA_VULNS && worst == 2 && (r->kev || r->malicious || r->sla_breached))
		return sentence(a, "Open: %s (%llu known exploited, %llu malicious, %llu past their SLA).", counts,
		                (unsigned long long)r->kev, (unsigned long long)r->malicious,
		                (unsigned long long)r->sla_breached);
	return sentence(a, "%llu open finding%s (%s).", (unsigned long long)open_total(r), open_total(r) == 1 ? "" : "s",
	                counts);
}

/* The control's facts as a condition sees them; known has a bit for each fact the scan can speak for. */
static void fact_values(int64_t v[SCAN_FACT__COUNT], uint64_t *known, const scan_control_result *r,
                        const scan_compliance_facts *x, bool findings_known)
{
	memset(v, 0, sizeof(int64_t) * SCAN_FACT__COUNT);
	*known = 1ull << SCAN_FACT_SCHEDULED | 1ull << SCAN_FACT_HAS_IAC | 1ull << SCAN_FACT_DAYS_SINCE_SCAN;
	v[SCAN_FACT_CRITICAL] = (int64_t)r->counts[SCAN_SEV_CRITICAL];
	v[SCAN_FACT_HIGH] = (int64_t)r->counts[SCAN_SEV_HIGH];
	v[SCAN_FACT_MEDIUM] = (int64_t)r->counts[SCAN_SEV_MEDIUM];
	v[SCAN_FACT_LOW] = (int64_t)r->counts[SCAN_SEV_LOW];
	v[SCAN_FACT_TOTAL] = (int64_t)open_total(r);
	v[SCAN_FACT_IN_TEST] = (int64_t)r->in_test;
	v[SCAN_FACT_EXCLUDED] = (int64_t)r->excluded;
	v[SCAN_FACT_KEV] = (int64_t)r->kev;
	v[SCAN_FACT_MALICIOUS] = (int64_t)r->malicious;
	v[SCAN_FACT_SLA_BREACHES] = (int64_t)r->sla_breached;
	if (findings_known)
		*known |= 1ull << SCAN_FACT_CRITICAL | 1ull << SCAN_FACT_HIGH | 1ull << SCAN_FACT_MEDIUM |
		          1ull << SCAN_FACT_LOW | 1ull << SCAN_FACT_TOTAL | 1ull << SCAN_FACT_IN_TEST |
		          1ull << SCAN_FACT_EXCLUDED | 1ull << SCAN_FACT_KEV | 1ull << SCAN_FACT_MALICIOUS |
		          1ull << SCAN_FACT_SLA_BREACHES;
	days_value(x, &v[SCAN_FACT_DAYS_SINCE_SCAN]);
	v[SCAN_FACT_SCHEDULED] = x->schedule_active;
	v[SCAN_FACT_HAS_IAC] = x->has_iac;
	if (x->scanned && x->gate != SCAN_GATE_FACT_NONE) {
		*known |= 1ull << SCAN_FACT_GATE_PASSED | 1ull << SCAN_FACT_GATE_FAILED | 1ull << SCAN_FACT_GATE_WAIVED |
		          1ull << SCAN_FACT_GATE_BLOCKING;
		v[SCAN_FACT_GATE_PASSED] = x->gate == SCAN_GATE_FACT_PASSED;
		v[SCAN_FACT_GATE_FAILED] = x->gate == SCAN_GATE_FACT_FAILED;
		v[SCAN_FACT_GATE_WAIVED] = (int64_t)x->gate_waived;
		v[SCAN_FACT_GATE_BLOCKING] = x->gate_block_merge;
	}
	if (x->scanned && x->rating) {
		*known |= 1ull << SCAN_FACT_RATING;
		v[SCAN_FACT_RATING] = x->rating - 'A' + 1;
	}
	if (x->reviews_known) {
		*known |= 1ull << SCAN_FACT_PRS | 1ull << SCAN_FACT_PRS_REVIEWED | 1ull << SCAN_FACT_REVIEW_PCT;
		v[SCAN_FACT_PRS] = x->prs;
		v[SCAN_FACT_PRS_REVIEWED] = x->prs_reviewed;
		v[SCAN_FACT_REVIEW_PCT] = x->prs ? (int64_t)((uint64_t)x->prs_reviewed * 100 / x->prs) : 0;
	}
}

static const char *custom_outcome(scan_control_result *r, const scan_compliance_facts *x, bool findings_known,
                                  scan_arena *a)
{
	const scan_control *c = r->control;
	int64_t v[SCAN_FACT__COUNT];
	uint64_t known;
	bool ok, partial = false;

	fact_values(v, &known, r, x, findings_known);
	if (scan_compliance__expr_eval(c->pass_expr, v, known, &ok)) {
		r->outcome = SCAN_OUTCOME_PASS;
		return sentence(a, "The pass condition holds: %s.", c->pass_condition);
	}
	if (!ok) {
		r->outcome = SCAN_OUTCOME_NO_DATA;
		return "The pass condition names a fact the latest scan did not measure.";
	}
	if (c->partial_expr && (partial = scan_compliance__expr_eval(c->partial_expr, v, known, &ok))) {
		r->outcome = SCAN_OUTCOME_PARTIAL;
		return sentence(a, "The pass condition does not hold, the partial one does: %s.", c->partial_condition);
	}
	r->outcome = SCAN_OUTCOME_FAIL;
	return sentence(a, "The pass condition does not hold: %s.", c->pass_condition);
}

static const char *const lang_web[] = {
	"javascript", "typescript", "tsx", "python", "java", "php", "ruby", "go", "csharp", "kotlin",
};

static bool speaks(const scan_compliance_facts *x, const char *const *langs, size_t n)
{
	for (size_t i = 0; i < x->nlanguages; i++)
		for (size_t j = 0; j < n; j++)
			if (!strcmp(x->languages[i], langs[j]))
				return true;
	return false;
}

/*
 * Spec 4.5 rule 2: findings under the control make it required; a
 * repository with what the control's domain is about makes an optional one
 * recommended; one without it (no infrastructure code for an IaC control)
 * makes it optional. Otherwise the static default, said so.
 */
static void refine(scan_control_result *r, const scan_compliance_facts *x, scan_arena *a)
{
	const scan_control *c = r->control;
	char counts[128];
	bool present;
	const char *what;

	r->recommendation = c->recommendation;
	r->recommendation_reason = c->reason;
	if (!x->scanned)
		return;
	if (scan_compliance__is_finding_check(c->check) && open_total(r)) {
		counts_text(counts, sizeof(counts), r);
		r->recommendation = SCAN_REC_REQUIRED;
		r->recommendation_reason = sentence(a, "Required: the latest scan has %llu open finding%s under this control"
		                                    " (%s).", (unsigned long long)open_total(r),
		                                    open_total(r) == 1 ? "" : "s", counts);
		return;
	}
	switch (c->domain) {
	case SCAN_DOMAIN_IAC:
		present = x->has_iac, what = "infrastructure code";
		break;
	case SCAN_DOMAIN_DEPENDENCIES:
		present = x->has_dependencies, what = "dependency manifests or lockfiles";
		break;
	case SCAN_DOMAIN_WEB:
		present = speaks(x, lang_web, sizeof(lang_web) / sizeof(lang_web[0])), what = "web-service code";
		break;
	case SCAN_DOMAIN_CODE:
		present = x->nlanguages > 0, what = "program code";
		break;
	default:
		return;
	}
	if (present && c->recommendation == SCAN_REC_OPTIONAL) {
		r->recommendation = SCAN_REC_RECOMMENDED;
		r->recommendation_reason = sentence(a, "Recommended: the repository holds %s, which this control is about.",
		                                    what);
	} else if (!present && c->recommendation != SCAN_REC_OPTIONAL) {
		r->recommendation = SCAN_REC_OPTIONAL;
		r->recommendation_reason = sentence(a, "Optional here: the repository holds no %s, which this control is"
		                                    " about.", what);
	}
}

int scan_compliance__evaluate_control(scan_control_result *r, const scan_control *c, const scan_compliance_facts *x,
                                      const unsigned char *kinds, bool disabled, bool refined, scan_arena *a)
{
	int64_t *ids = NULL, *xids = NULL;
	size_t nids = 0, nxids = 0;
	const char *why;
	int worst = 0;

	memset(r, 0, sizeof(*r));
	r->control = c;
	if (scan_compliance__is_finding_check(c->check) && x->scanned) {
		if (!(ids = scan_arena__alloc(a, SCAN_COMPLIANCE_EVIDENCE_IDS * sizeof(*ids))) ||
		    !(xids = scan_arena__alloc(a, SCAN_COMPLIANCE_EVIDENCE_IDS * sizeof(*xids))))
			return scan_error__oom();
		/* Two passes: the worst level first, then the ids of the findings at it. */
		for (size_t i = 0; i < x->nfindings; i++) {
			const scan_compliance_finding *f = &x->findings[i];
			int lv;
			if (!scan_compliance__in_scope(c, kinds[i], f->cwe))
				continue;
			if (f->excluded) {
				r->excluded++;
				keep_id(xids, &nxids, f->id);
				continue;
			}
			r->counts[f->severity & 3]++;
			r->in_test += f->in_test;
			r->kev += f->kev;
			r->malicious += f->malicious;
			r->sla_breached += f->sla_breached;
			if ((lv = level_of(c, f)) > worst)
				worst = lv;
		}
		for (size_t i = 0; worst && i < x->nfindings && nids < SCAN_COMPLIANCE_EVIDENCE_IDS; i++) {
			const scan_compliance_finding *f = &x->findings[i];
			if (!f->excluded && scan_compliance__in_scope(c, kinds[i], f->cwe) && level_of(c, f) == worst)
				keep_id(ids, &nids, f->id);
		}
	}
	r->decisive = ids, r->ndecisive = nids;
	r->excluded_ids = xids, r->nexcluded_ids = nxids;
	if (disabled) {
		r->outcome = SCAN_OUTCOME_DISABLED;
		why = "Marked not applicable by the organization; not scored.";
	} else if ((why = no_data_reason(c, x)) != NULL) {
		r->outcome = SCAN_OUTCOME_NO_DATA;
	} else if (c->pass_expr) {
		why = custom_outcome(r, x, scan_compliance__is_finding_check(c->check), a);
	} else {
		why = builtin_outcome(r, x, worst, a);
	}
	if (!why)
		return scan_error__oom();
	r->why = why;
	if (refined)
		refine(r, x, a);
	else
		r->recommendation = c->recommendation, r->recommendation_reason = c->reason;
	return r->recommendation_reason || !c->reason ? 0 : scan_error__oom();
}
