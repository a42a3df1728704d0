/* lib/policy/policy_eval.c - a policy over one scan's components and SCA findings */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_int.h"
#include "version/version.h"
#include "util/error.h"
#include "scan/array.h"

/*
 * The semantics are documented in policy.h; this file follows them in
 * three passes: which items take part at all (suppressed and ignored ones
 * do not), what the allow rules exempt, then each block or warn rule over
 * what is left. Every rule gets a result, so a rule that could not be
 * judged is visible as such rather than passing quietly.
 */

#define DAY 86400

typedef struct {
	scan_sca_policy_report pub;   /* first: the caller's pointer is to it */
	scan_arena arena;
	scan_sca_rule_result *results;
	scan_sca_violation *violations;
	size_t cap;
} report;

typedef struct {
	const scan_sca_policy_input *in;
	report *rep;
	bool *fin_ok, *fin_exempt;    /* per finding */
	bool *comp_ok, *comp_exempt;  /* per component */
	const char *threshold;        /* of the rule being evaluated */
	bool oom;                     /* a copy into the report failed: checked once at the end */
} evalctx;

const char *scan_sca_rule_status_name(scan_sca_rule_status s)
{
	static const char *const names[] = { "passed", "violated", "not_evaluated", "disabled" };
	return (unsigned)s < sizeof(names) / sizeof(names[0]) ? names[s] : "passed";
}

static bool is_finding_condition(scan_sca_condition c)
{
	return c == SCAN_SCA_COND_SEVERITY || c == SCAN_SCA_COND_CVSS || c == SCAN_SCA_COND_EPSS ||
	       c == SCAN_SCA_COND_KEV || c == SCAN_SCA_COND_AGE;
}

static bool num_cmp(scan_sca_operator op, double actual, double want)
{
	switch (op) {
	case SCAN_SCA_OP_EQ:
		return actual == want;
	case SCAN_SCA_OP_GT:
		return actual > want;
	case SCAN_SCA_OP_GE:
		return actual >= want;
	default:
		return false;
	}
}

/* The rule's string or list values, one by one. */
static size_t value_count(const scan_sca_rule *r)
{
	return r->value.kind == SCAN_SCA_VALUE_LIST ? r->value.count : r->value.kind == SCAN_SCA_VALUE_STRING;
}

static const char *value_at(const scan_sca_rule *r, size_t i)
{
	return r->value.kind == SCAN_SCA_VALUE_LIST ? r->value.list[i] : r->value.string;
}

static bool name_matches(const scan_sca_rule *r, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < value_count(r); i++) {
		const char *v = value_at(r, i);
		if (r->op == SCAN_SCA_OP_CONTAINS ? scan_policy__contains_ci(name, len, v) : scan_policy__eq_ci(name, len, v))
			return true;
	}
	return false;
}

/* ---- findings ------------------------------------------------------------ */

static double age_days(time_t published, time_t now)
{
	return now > published ? (double)((now - published) / DAY) : 0;
}

/* 1 matches, 0 does not, -1 the finding lacks the data. */
static int finding_matches(const scan_sca_rule *r, const scan_finding *f, time_t published, time_t now)
{
	const scan_finding_sca *s = f->sca;
	scan_severity want;

	switch (r->condition) {
	case SCAN_SCA_COND_SEVERITY:
		if (r->op == SCAN_SCA_OP_IN) {
			for (size_t i = 0; i < r->value.count; i++)
				if (scan_severity_parse(&want, r->value.list[i]) == 0 && f->severity == want)
					return 1;
			return 0;
		}
		if (scan_severity_parse(&want, r->value.string) != 0)
			return 0;
		return num_cmp(r->op, (double)f->severity, (double)want);
	case SCAN_SCA_COND_CVSS:
		return f->cvss_score < 0 ? -1 : num_cmp(r->op, f->cvss_score, r->value.number);
	case SCAN_SCA_COND_EPSS:
		return s->epss_score < 0 ? -1 : num_cmp(r->op, s->epss_score, r->value.number);
	case SCAN_SCA_COND_KEV:
		return s->kev_listed == r->value.boolean;
	case SCAN_SCA_COND_AGE:
		return published == 0 ? -1 : num_cmp(r->op, age_days(published, now), r->value.number);
	case SCAN_SCA_COND_PACKAGE:
		return s->package_name ? name_matches(r, s->package_name) : -1;
	default:
		return 0;
	}
}

/* ---- components ---------------------------------------------------------- */

static bool is_class_word(const char *v, int *cls)
{
	static const char *const words[] = { "permissive", "copyleft", "unknown" };

	for (int i = 0; i < 3; i++)
		if (scan_policy__eq_ci(v, strlen(v), words[i])) {
			*cls = i;
			return true;
		}
	return false;
}

static bool license_leaf(const char *id, size_t len, const void *ctx)
{
	const scan_sca_rule *r = ctx;
	int cls;

	for (size_t i = 0; i < value_count(r); i++) {
		const char *v = value_at(r, i);
		if (r->op == SCAN_SCA_OP_CONTAINS) {
			if (scan_policy__contains_ci(id, len, v))
				return true;
		} else if (!is_class_word(v, &cls) && scan_policy__license_id_matches(v, id, len)) {
			return true;
		}
	}
	return false;
}

static int license_matches(const scan_sca_rule *r, const scan_component *c, const int *classes, size_t idx)
{
	bool has_ids = false, has_classes = false, ids_known = scan_policy__license_known(c->license);
	int cls;

	for (size_t i = 0; i < value_count(r); i++) {
		if (r->op != SCAN_SCA_OP_CONTAINS && is_class_word(value_at(r, i), &cls)) {
			has_classes = true;
			if (classes && classes[idx] == cls)
				return 1;
		} else {
			has_ids = true;
		}
	}
	if (has_ids && ids_known &&
	    scan_policy__license_eval(c->license,
	                              r->action == SCAN_SCA_ACTION_ALLOW ? SCAN_POLICY__LIC_USABLE : SCAN_POLICY__LIC_BOUND,
	                              license_leaf, r))
		return 1;
	/* Not matched: but was there anything to judge by? */
	if ((has_ids && !ids_known) || (has_classes && !classes))
		return -1;
	return 0;
}

static int component_matches(const scan_sca_rule *r, const scan_component *c, const int *classes, size_t idx)
{
	if (r->condition == SCAN_SCA_COND_PACKAGE)
		return name_matches(r, c->name);
	if (r->condition == SCAN_SCA_COND_LICENSE)
		return license_matches(r, c, classes, idx);
	return 0;
}

/* ---- the report ---------------------------------------------------------- */

static const char *dup(evalctx *e, const char *s)
{
	const char *d = s ? scan_arena__strdup(&e->rep->arena, s) : NULL;

	e->oom |= s && !d;
	return d;
}

static const char *value_text(evalctx *e, const scan_sca_rule *r)
{
	scan_buf b = SCAN_BUF_INIT;
	const char *s;

	switch (r->value.kind) {
	case SCAN_SCA_VALUE_STRING:
		return dup(e, r->value.string);
	case SCAN_SCA_VALUE_NUMBER:
		scan_buf_printf(&b, "%g", r->value.number);
		break;
	case SCAN_SCA_VALUE_BOOL:
		scan_buf_puts(&b, r->value.boolean ? "true" : "false");
		break;
	case SCAN_SCA_VALUE_LIST:
		for (size_t i = 0; i < r->value.count; i++) {
			if (i)
				scan_buf_puts(&b, ", ");
			scan_buf_puts(&b, r->value.list[i]);
		}
		break;
	}
	s = scan_buf_failed(&b) ? NULL : dup(e, b.ptr);
	scan_buf_dispose(&b);
	return s;
}

/* d with decimals places, or as %g when decimals is negative. */
static const char *number_text(evalctx *e, int decimals, double d)
{
	char buf[64];

	if (decimals < 0)
		snprintf(buf, sizeof(buf), "%g", d);
	else
		snprintf(buf, sizeof(buf), "%.*f", decimals, d);
	return dup(e, buf);
}

static const char *count_text(evalctx *e, size_t n)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%zu", n);
	return dup(e, buf);
}

/* The slot for one more violation, or NULL when over the cap (then only counted). */
static int add_violation(evalctx *e, const scan_sca_rule *r, scan_sca_violation **out)
{
	report *rep = e->rep;

	*out = NULL;
	if (r->action == SCAN_SCA_ACTION_BLOCK)
		rep->pub.blocking++;
	else
		rep->pub.warnings++;
	if (rep->pub.violation_count == SCAN_SCA_POLICY_VIOLATIONS_MAX) {
		rep->pub.violations_dropped++;
		return 0;
	}
	if (scan_array_reserve(&rep->violations, &rep->cap, rep->pub.violation_count + 1, sizeof(*rep->violations)) != 0)
		return SCAN_ENOMEM;
	*out = &rep->violations[rep->pub.violation_count++];
	memset(*out, 0, sizeof(**out));
	(*out)->rule_id = dup(e, r->id);
	(*out)->condition = r->condition;
	(*out)->action = r->action;
	(*out)->threshold = e->threshold;
	(*out)->finding = SCAN_SCA_NO_INDEX;
	(*out)->component = SCAN_SCA_NO_INDEX;
	return (*out)->rule_id ? 0 : scan_error__oom();
}

static const char *finding_actual(evalctx *e, const scan_sca_rule *r, const scan_finding *f, time_t published)
{
	switch (r->condition) {
	case SCAN_SCA_COND_SEVERITY:
		return scan_severity_name(f->severity);
	case SCAN_SCA_COND_CVSS:
		return number_text(e, 1, f->cvss_score);
	case SCAN_SCA_COND_EPSS:
		return number_text(e, -1, f->sca->epss_score);
	case SCAN_SCA_COND_KEV:
		return f->sca->kev_listed ? "true" : "false";
	case SCAN_SCA_COND_AGE:
		return number_text(e, 0, age_days(published, e->in->now));
	default:
		return dup(e, f->sca->package_name);
	}
}

static int finding_violation(evalctx *e, const scan_sca_rule *r, size_t i, time_t published)
{
	const scan_finding *f = e->in->findings[i];
	scan_sca_violation *v;
	int rc = add_violation(e, r, &v);

	if (rc || !v)
		return rc;
	v->finding = i;
	v->actual = finding_actual(e, r, f, published);
	v->package = dup(e, f->sca->package_name);
	v->version = dup(e, f->sca->installed_version);
	v->vuln_id = dup(e, f->sca->cve_id ? f->sca->cve_id : f->sca->vuln_id);
	return 0;
}

static int component_violation(evalctx *e, const scan_sca_rule *r, size_t j)
{
	const scan_component *c = &e->in->components[j];
	scan_sca_violation *v;
	int rc = add_violation(e, r, &v);

	if (rc || !v)
		return rc;
	v->component = j;
	v->package = dup(e, c->name);
	v->version = dup(e, c->version);
	if (r->condition == SCAN_SCA_COND_LICENSE) {
		v->license = dup(e, c->license);
		v->actual = c->license ? v->license : "unknown";
	} else {
		v->actual = v->package;
	}
	return 0;
}

static int count_violation(evalctx *e, const scan_sca_rule *r, const char *actual)
{
	scan_sca_violation *v;
	int rc = add_violation(e, r, &v);

	if (rc || !v)
		return rc;
	v->actual = actual;
	return 0;
}

static time_t published_of(const evalctx *e, size_t i)
{
	return e->in->published ? e->in->published[i] : 0;
}

/* ---- the rules ----------------------------------------------------------- */

/* An allow rule: mark what it matches as exempt. */
static void run_allow(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	const scan_sca_policy_input *in = e->in;

	if (is_finding_condition(r->condition) || r->condition == SCAN_SCA_COND_PACKAGE)
		for (size_t i = 0; i < in->nfindings; i++) {
			int m;
			if (!e->fin_ok[i])
				continue;
			res->candidates++;
			m = finding_matches(r, in->findings[i], published_of(e, i), in->now);
			if (m < 0)
				res->unknown++;
			else if (m) {
				res->matched += !e->fin_exempt[i];
				e->fin_exempt[i] = true;
			}
		}
	if (r->condition == SCAN_SCA_COND_LICENSE || r->condition == SCAN_SCA_COND_PACKAGE)
		for (size_t j = 0; j < in->ncomponents; j++) {
			int m;
			if (!e->comp_ok[j])
				continue;
			res->candidates++;
			m = component_matches(r, &in->components[j], in->license_class, j);
			if (m < 0)
				res->unknown++;
			else if (m) {
				res->matched += !e->comp_exempt[j];
				e->comp_exempt[j] = true;
			}
		}
}

/*
 * A per-item rule's matches: each a violation, or with max_count one
 * violation for the count.
 */
static int run_findings(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	const scan_sca_policy_input *in = e->in;
	int rc;

	for (size_t i = 0; i < in->nfindings; i++) {
		int m;
		if (!e->fin_ok[i] || e->fin_exempt[i])
			continue;
		res->candidates++;
		m = finding_matches(r, in->findings[i], published_of(e, i), in->now);
		if (m < 0) {
			res->unknown++;
		} else if (m) {
			res->matched++;
			if (r->max_count < 0 && (rc = finding_violation(e, r, i, published_of(e, i))) != 0)
				return rc;
		}
	}
	return 0;
}

static int run_components(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	const scan_sca_policy_input *in = e->in;
	int rc;

	for (size_t j = 0; j < in->ncomponents; j++) {
		int m;
		if (!e->comp_ok[j] || e->comp_exempt[j])
			continue;
		res->candidates++;
		m = component_matches(r, &in->components[j], in->license_class, j);
		if (m < 0) {
			res->unknown++;
		} else if (m) {
			res->matched++;
			if (r->max_count < 0 && (rc = component_violation(e, r, j)) != 0)
				return rc;
		}
	}
	return 0;
}

static int run_outdated(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	const scan_sca_policy_input *in = e->in;
	size_t known = 0;
	double pct;

	for (size_t j = 0; j < in->ncomponents; j++) {
		const scan_component *c = &in->components[j];
		const char *latest = in->latest_version ? in->latest_version[j] : NULL;
		int cmp;
		if (!e->comp_ok[j] || e->comp_exempt[j] || (c->flags & SCAN_DEP_LOCAL))
			continue;
		res->candidates++;
		/* Ordered by the ecosystem's rules; a version that will not order is not known to be behind. */
		if (!latest || !c->version || scan_version__cmp(c->ecosystem, c->version, latest, &cmp) != 0) {
			res->unknown++;
			continue;
		}
		known++;
		res->matched += cmp < 0;
	}
	if (!known) {
		res->status = SCAN_SCA_RULE_NOT_EVALUATED;
		res->note = "no component has a known latest version";
		return 0;
	}
	pct = 100.0 * (double)res->matched / (double)res->candidates;
	if (num_cmp(r->op, pct, r->value.number))
		return count_violation(e, r, number_text(e, 1, pct));
	return 0;
}

static int run_direct(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	const scan_sca_policy_input *in = e->in;
	bool violated;

	for (size_t i = 0; i < in->nfindings; i++) {
		if (!e->fin_ok[i] || e->fin_exempt[i])
			continue;
		res->candidates++;
		res->matched += in->findings[i]->sca->direct;
	}
	if (r->value.kind == SCAN_SCA_VALUE_BOOL)
		violated = res->matched > 0;
	else
		violated = num_cmp(r->op, (double)res->matched, r->value.number);
	return violated ? count_violation(e, r, count_text(e, res->matched)) : 0;
}

static int run_rule(evalctx *e, const scan_sca_rule *r, scan_sca_rule_result *res)
{
	size_t before = e->rep->pub.blocking + e->rep->pub.warnings;
	int rc;

	if (!(e->threshold = r->max_count >= 0 ? count_text(e, (size_t)r->max_count) : value_text(e, r)))
		return scan_error__oom();
	switch (r->condition) {
	case SCAN_SCA_COND_OUTDATED_PCT:
		rc = run_outdated(e, r, res);
		break;
	case SCAN_SCA_COND_DIRECT_VULN:
		rc = run_direct(e, r, res);
		break;
	case SCAN_SCA_COND_LICENSE:
	case SCAN_SCA_COND_PACKAGE:
		rc = run_components(e, r, res);
		break;
	default:
		rc = run_findings(e, r, res);
		break;
	}
	if (rc)
		return rc;
	if (r->max_count >= 0 && res->matched > (size_t)r->max_count &&
	    (rc = count_violation(e, r, count_text(e, res->matched))) != 0)
		return rc;
	if (e->rep->pub.blocking + e->rep->pub.warnings > before)
		res->status = SCAN_SCA_RULE_VIOLATED;
	return 0;
}

/* ---- the whole evaluation ------------------------------------------------ */

static bool is_sca(const scan_finding *f)
{
	return f && f->category == SCAN_CAT_SCA && f->sca;
}

static int select_items(evalctx *e, const scan_sca_policy *p)
{
	const scan_sca_policy_input *in = e->in;

	for (size_t i = 0; i < in->nfindings; i++) {
		const scan_finding *f = in->findings[i];
		if (!is_sca(f))
			continue;
		e->fin_ok[i] = !(in->suppressed && in->suppressed[i]);
		for (size_t k = 0; e->fin_ok[i] && k < p->nignores; k++)
			if (scan_sca_ignore_matches_finding(&p->ignores[k], f, in->now))
				e->fin_ok[i] = false;
		e->rep->pub.ignored_findings += !e->fin_ok[i];
	}
	for (size_t j = 0; j < in->ncomponents; j++) {
		e->comp_ok[j] = true;
		for (size_t k = 0; e->comp_ok[j] && k < p->nignores; k++)
			if (scan_sca_ignore_matches_component(&p->ignores[k], &in->components[j], in->now))
				e->comp_ok[j] = false;
		e->rep->pub.ignored_components += !e->comp_ok[j];
	}
	return 0;
}

int scan_sca_policy_evaluate(scan_sca_policy_report **out, const scan_sca_policy *p, const scan_sca_policy_input *in)
{
	report *rep;
	evalctx e;
	int rc = 0;

	*out = NULL;
	if ((rc = scan_error__check_version(in, 1, "scan_sca_policy_input")) != 0)
		return rc;
	rep = calloc(1, sizeof(*rep));
	memset(&e, 0, sizeof(e));
	e.in = in;
	e.rep = rep;
	if (!rep || !(rep->results = calloc(p->nrules + 1, sizeof(*rep->results))) ||
	    !(e.fin_ok = calloc(in->nfindings + 1, sizeof(bool))) ||
	    !(e.fin_exempt = calloc(in->nfindings + 1, sizeof(bool))) ||
	    !(e.comp_ok = calloc(in->ncomponents + 1, sizeof(bool))) ||
	    !(e.comp_exempt = calloc(in->ncomponents + 1, sizeof(bool)))) {
		rc = scan_error__oom();
		goto done;
	}
	rep->pub.policy_name = scan_sca_policy_name(p);
	rep->pub.fail_on_violation = p->fail_on_violation;
	rep->pub.rule_count = p->nrules;
	rep->pub.rules = rep->results;
	if ((rc = select_items(&e, p)) != 0)
		goto done;
	for (size_t k = 0; k < p->nrules; k++) {
		rep->results[k].rule = &p->rules[k];
		if (!p->rules[k].enabled) {
			rep->results[k].status = SCAN_SCA_RULE_DISABLED;
			rep->results[k].note = "disabled";
		}
	}
	/* Allow rules first, wherever they stand: they only exempt. */
	for (size_t k = 0; k < p->nrules; k++)
		if (p->rules[k].enabled && p->rules[k].action == SCAN_SCA_ACTION_ALLOW)
			run_allow(&e, &p->rules[k], &rep->results[k]);
	for (size_t k = 0; k < p->nrules; k++)
		if (p->rules[k].enabled && p->rules[k].action != SCAN_SCA_ACTION_ALLOW &&
		    (rc = run_rule(&e, &p->rules[k], &rep->results[k])) != 0)
			goto done;
	/* Candidates that all lacked the data: not judged, never passed. */
	for (size_t k = 0; k < p->nrules; k++) {
		scan_sca_rule_result *res = &rep->results[k];
		if (res->status == SCAN_SCA_RULE_PASSED && res->candidates && res->unknown == res->candidates) {
			res->status = SCAN_SCA_RULE_NOT_EVALUATED;
			res->note = "no finding or component has the data this rule tests";
		}
	}
	if (e.oom) {
		rc = scan_error__oom();
		goto done;
	}
	rep->pub.violations = rep->violations;
	rep->pub.failed = p->fail_on_violation && rep->pub.blocking > 0;
	*out = &rep->pub;
	rep = NULL;
done:
	free(e.fin_ok);
	free(e.fin_exempt);
	free(e.comp_ok);
	free(e.comp_exempt);
	scan_sca_policy_report_free(rep ? &rep->pub : NULL);
	return rc;
}

void scan_sca_policy_report_free(scan_sca_policy_report *r)
{
	report *rep = (report *)r;

	if (!rep)
		return;
	scan_arena__dispose(&rep->arena);
	free(rep->results);
	free(rep->violations);
	free(rep);
}
