/* lib/feeds/osv_range.c - whether a version is inside an OSV record's affected ranges */
#include <assert.h>
#include <string.h>
#include "version/ver_int.h"

/*
 * The OSV schema's "Evaluation" pseudocode, for one affected[] entry:
 *
 *   affected if v is in versions[] or in any range, where for a range:
 *     if it has limit events and v is not below any of them: not in it;
 *     vulnerable = false
 *     for evt in sorted(range.events):
 *       if evt.introduced and v >= evt.introduced: vulnerable = true
 *       elif evt.fixed and v >= evt.fixed: vulnerable = false
 *       elif evt.last_affected and v > evt.last_affected: vulnerable = false
 *
 * Walking the sorted events leaves the state the last event whose
 * condition holds set, and the conditions hold exactly for the events at
 * or below v (below v, for last_affected): so the greatest event whose
 * condition holds decides. One pass that keeps the greatest needs no
 * sorting, which suits records whose events come unsorted and costs no
 * allocation.
 *
 * Choices the pseudocode leaves open:
 * - introduced "0" is below every version, whether or not "0" parses;
 *   limit "*" is above every version;
 * - events at the same version sort fixed < introduced < last_affected:
 *   "fixed X, introduced X" joins two ranges ([a, X) and [X, b)), and
 *   "introduced X, last_affected X" is the single version X, the two
 *   readings real records mean;
 * - an event whose version does not parse is skipped, and so is a range
 *   whose type the version cannot be read in (a PyPI "1.0" against a
 *   SEMVER range); GIT ranges name commits and are never evaluated;
 * - SEMVER ranges use SemVer 2.0 precedence; for Go, whose records drop the
 *   "v", and npm, whose versions node-semver reads loosely, both sides are
 *   read the way that ecosystem's versions are;
 * - versions[] entries match by the ecosystem's equality, not by text
 *   (PyPI "1.0" is "1.0.0").
 */

typedef struct {
	scan_osv_event_kind kind;
	bool zero;                 /* introduced "0": below everything */
	const char *text;
	scan_version__ver v;
} event;

/* At one version: fixed, then introduced, then last_affected. */
static int tie_rank(scan_osv_event_kind k)
{
	return k == SCAN_OSV_FIXED ? 0 : k == SCAN_OSV_INTRODUCED ? 1 : 2;
}

static int event_cmp(const event *a, const event *b)
{
	int c;

	if (a->zero || b->zero)
		c = (int)b->zero - (int)a->zero;
	else
		c = scan_version__ver_order(&a->v, &b->v);
	return c ? c : tie_rank(a->kind) - tie_rank(b->kind);
}

/* Parse e's version as family f into out; false when it does not parse. */
static bool read_event(event *out, const scan_osv_event *e, scan_version__vfamily f)
{
	out->kind = e->kind;
	out->text = e->version;
	out->zero = false;
	if (!e->version)
		return false;
	if (e->kind == SCAN_OSV_INTRODUCED && !strcmp(e->version, "0")) {
		out->zero = true;
		return true;
	}
	return scan_version__ver_parse(&out->v, f, e->version) == NULL;
}

static bool below_limits(const scan_osv_range *r, const scan_version__ver *v)
{
	bool any = false;
	event e;

	for (size_t k = 0; k < r->nevents; k++) {
		if (r->events[k].kind != SCAN_OSV_LIMIT)
			continue;
		if (r->events[k].version && !strcmp(r->events[k].version, "*"))
			return true;
		if (!read_event(&e, &r->events[k], v->family))
			continue;
		any = true;
		if (scan_version__ver_order(v, &e.v) < 0)
			return true;
	}
	return !any;
}

/* Whether v is inside range r (read in v's family). */
static bool in_range(const scan_osv_range *r, const scan_version__ver *v)
{
	event cur, best;
	bool have = false;

	if (!below_limits(r, v))
		return false;
	for (size_t k = 0; k < r->nevents; k++) {
		int c;

		if (r->events[k].kind == SCAN_OSV_LIMIT || !read_event(&cur, &r->events[k], v->family))
			continue;
		c = cur.zero ? 1 : scan_version__ver_order(v, &cur.v);
		if (cur.kind == SCAN_OSV_LAST_AFFECTED ? c <= 0 : c < 0)
			continue;          /* its condition does not hold */
		if (!have || event_cmp(&cur, &best) > 0) {
			best = cur;
			have = true;
		}
	}
	return have && best.kind == SCAN_OSV_INTRODUCED;
}

int scan_version__osv_affects(scan_ecosystem eco, const scan_osv_range *ranges, size_t nranges,
                          const char *const *versions, size_t nversions, const char *version,
                          bool *affected, const char **fixed)
{
	scan_version__vfamily fam = scan_version__ver_family(eco), semfam;
	scan_version__ver pv, psem, other;
	event fix, best_fix;
	const char *why;
	int sem_state = 0;         /* 0 not read yet, 1 read, -1 not SemVer */
	bool have_fix = false;

	assert(version && affected && fixed);
	assert(nranges == 0 || ranges);
	assert(nversions == 0 || versions);
	*affected = false;
	*fixed = NULL;
	if ((why = scan_version__ver_parse(&pv, fam, version)) != NULL)
		return scan_version__ver_fail(eco, version, why);
	semfam = fam == SCAN_SCA__VF_GO || fam == SCAN_SCA__VF_NPM ? fam : SCAN_SCA__VF_SEMVER;

	for (size_t r = 0; r < nranges; r++) {
		const scan_osv_range *rg = &ranges[r];
		const scan_version__ver *v = &pv;

		if (rg->type == SCAN_OSV_RANGE_GIT)
			continue;
		if (rg->type == SCAN_OSV_RANGE_SEMVER && semfam != fam) {
			if (sem_state == 0)
				sem_state = scan_version__ver_parse(&psem, semfam, version) ? -1 : 1;
			if (sem_state < 0)
				continue;
			v = &psem;
		}
		if (!in_range(rg, v))
			continue;
		*affected = true;
		/* The first fix above the version, across the ranges that hold it. */
		for (size_t k = 0; k < rg->nevents; k++) {
			if (rg->events[k].kind != SCAN_OSV_FIXED || !read_event(&fix, &rg->events[k], v->family))
				continue;
			if (scan_version__ver_order(&fix.v, v) <= 0)
				continue;
			if (have_fix && (best_fix.v.family != fix.v.family || scan_version__ver_order(&fix.v, &best_fix.v) >= 0))
				continue;
			best_fix = fix;
			have_fix = true;
		}
	}
	if (have_fix)
		*fixed = best_fix.text;
	for (size_t k = 0; k < nversions && !*affected; k++)
		if (versions[k] && !scan_version__ver_parse(&other, fam, versions[k]) && !scan_version__ver_order(&pv, &other))
			*affected = true;
	return 0;
}
