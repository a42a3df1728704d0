/* lib/ops/schedule.c - scheduled scans: the plan's limits, next runs in the organization's zone, firing due slots */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/location.h"
#include "scan/ops.h"
#include "scan/tenant.h"
#include "util/error.h"

#define MONTH_SECONDS (30 * 86400)
/* Enough for a schedule that fires every minute for the 30 days (43,200), and a bound on the work of one estimate. */
#define ESTIMATE_RUNS_MAX 50000
#define TICK_BATCH 100

scan_schedule_plan scan_plan_schedule_limits(scan_plan p)
{
	switch (p) {
	case SCAN_PLAN_ENTERPRISE:
		return (scan_schedule_plan){ 15, 0 };
	case SCAN_PLAN_TEAM:
		return (scan_schedule_plan){ 60, 1500 };
	default:
		return (scan_schedule_plan){ 1440, 62 };
	}
}

unsigned scan_schedule_units_per_run(const char *scan_type)
{
	/* A deep scan walks the history and follows flows across files: about four smart scans of work. */
	return scan_type && !strcmp(scan_type, "deep") ? 4 : 1;
}

static bool scan_type_ok(const char *t)
{
	return t && (!strcmp(t, "smart") || !strcmp(t, "deep"));
}

/* The organization's plan and zone (opened). */
static int org_zone(scan_plan *plan, scan_tz **tz, char *name, size_t cap, scan_store *st, int64_t org)
{
	scan_org_list *ol = NULL;
	const scan_org *o;
	int rc;

	*tz = NULL;
	if ((rc = scan_store_org_get(&ol, st, org)) != 0)
		return rc;
	o = scan_org_list_get(ol, 0);
	*plan = o->plan;
	snprintf(name, cap, "%s", o->timezone && *o->timezone ? o->timezone : "UTC");
	scan_org_list_free(ol);
	if ((rc = scan_tz_open(tz, name, NULL)) != 0)
		return scan_util__error(rc, "the organization's time zone '%s' cannot be read: %s", name,
		                        scan_error_last()->message);
	return 0;
}

/* Fires of c in the 30 days after now: how many (up to ESTIMATE_RUNS_MAX), the shortest gap, the first few. */
static int count_fires(scan_schedule_estimate *e, const scan_cron *c, const scan_tz *tz, time_t now)
{
	int64_t t = now, prev = 0, next;
	int64_t min_gap = 0;
	int rc;

	e->runs_per_month = 0;
	e->nnext = 0;
	while (e->runs_per_month < ESTIMATE_RUNS_MAX) {
		if ((rc = scan_cron_next(&next, c, tz, t)) != 0) {
			if (rc == SCAN_ENOTFOUND && e->nnext)
				break; /* fires, but not again within eight years of the last */
			return rc == SCAN_ENOTFOUND ? scan_util__error(SCAN_EINVAL, "the expression never fires") : rc;
		}
		if (e->nnext < SCAN_SCHEDULE_ESTIMATE_NEXT)
			e->next_runs[e->nnext++] = (time_t)next;
		if (next > (int64_t)now + MONTH_SECONDS)
			break;
		if (prev && (!min_gap || next - prev < min_gap))
			min_gap = next - prev;
		prev = next;
		t = next;
		e->runs_per_month++;
	}
	e->min_interval_minutes = (unsigned)(min_gap / 60);
	return 0;
}

/* The units the organization's other active schedules spend in a month. */
static int other_units(int64_t *out, scan_store *st, int64_t org, int64_t exclude_id, const scan_tz *tz, time_t now)
{
	scan_schedule_list *l = NULL;
	int rc;

	*out = 0;
	if ((rc = scan_store_schedules(&l, st, org, 0)) != 0)
		return rc;
	for (size_t i = 0; i < scan_schedule_list_count(l) && !rc; i++) {
		const scan_schedule *s = scan_schedule_list_get(l, i);
		scan_schedule_estimate e;
		scan_cron c;
		if (!s->is_active || s->id == exclude_id || scan_cron_parse(&c, s->cron_expression, NULL) != 0)
			continue;
		memset(&e, 0, sizeof(e));
		if (count_fires(&e, &c, tz, now) == 0)
			*out += e.runs_per_month * scan_schedule_units_per_run(s->scan_type);
	}
	scan_schedule_list_free(l);
	return rc;
}

/* Whether limits allow the estimated schedule beside the organization's others. */
static bool allows(const scan_schedule_estimate *e, scan_schedule_plan limits, bool is_active)
{
	if (e->runs_per_month > 1 && e->min_interval_minutes < limits.min_interval_minutes)
		return false;
	return !is_active || !limits.monthly_units || e->projected_units + e->other_units <= limits.monthly_units;
}

int scan_ops_schedule_estimate(scan_schedule_estimate *out, scan_store *st, int64_t org, const char *cron,
                               const char *scan_type, bool is_active, int64_t exclude_id, const char *zone,
                               time_t now)
{
	scan_tz *tz = NULL;
	scan_cron c;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!scan_type_ok(scan_type))
		return scan_util__error(SCAN_EINVAL, "scan_type must be smart or deep");
	if ((rc = scan_cron_parse(&c, cron, NULL)) != 0)
		return rc;
	if ((rc = org_zone(&out->plan, &tz, out->timezone, sizeof(out->timezone), st, org)) != 0)
		return rc;
	if (zone) {
		scan_tz_free(tz);
		tz = NULL;
		if (scan_tz_open(&tz, zone, NULL) != 0)
			return scan_util__error(SCAN_EINVAL, "'%s' is not a time zone this machine knows: %s", zone,
			                        scan_error_last()->message);
		snprintf(out->timezone, sizeof(out->timezone), "%s", scan_tz_name(tz));
	}
	out->limits = scan_plan_schedule_limits(out->plan);
	out->units_per_run = scan_schedule_units_per_run(scan_type);
	if ((rc = count_fires(out, &c, tz, now)) != 0 || (rc = other_units(&out->other_units, st, org, exclude_id, tz, now)))
		goto done;
	out->projected_units = is_active ? out->runs_per_month * out->units_per_run : 0;
	out->within_plan = allows(out, out->limits, is_active);
	out->required_plan = -1;
	for (int p = (int)out->plan + 1; !out->within_plan && p <= (int)SCAN_PLAN_ENTERPRISE; p++) {
		if (allows(out, scan_plan_schedule_limits((scan_plan)p), is_active)) {
			out->required_plan = p;
			break;
		}
	}
	if (out->runs_per_month > 1 && out->min_interval_minutes < out->limits.min_interval_minutes)
		snprintf(out->reason, sizeof(out->reason),
		         "the %s plan runs a schedule at most every %u minutes; this one fires %u minutes apart",
		         scan_plan_name(out->plan), out->limits.min_interval_minutes, out->min_interval_minutes);
	else if (!out->within_plan)
		snprintf(out->reason, sizeof(out->reason),
		         "the %s plan allows %lld scan units a month; the organization's schedules would use %lld",
		         scan_plan_name(out->plan), (long long)out->limits.monthly_units,
		         (long long)(out->projected_units + out->other_units));
done:
	scan_tz_free(tz);
	return rc;
}

int scan_ops_schedule_save(int64_t *id, scan_schedule_estimate *est, scan_store *st, int64_t org,
                           const scan_schedule *in, time_t now)
{
	scan_schedule s = *in;
	scan_tz *tz = NULL;
	scan_cron c;
	scan_plan plan;
	char zone[64];
	int64_t next = 0;
	int rc;

	*id = 0;
	if (!scan_branch_name_ok(in->trigger_branch))
		return scan_util__error(SCAN_EINVAL, "trigger_branch is not a branch name");
	if ((rc = scan_ops_schedule_estimate(est, st, org, in->cron_expression, in->scan_type, in->is_active, in->id,
	                                     NULL, now)) != 0)
		return rc;
	/* Pausing is always allowed, also a schedule the plan no longer permits. */
	if (in->is_active && !est->within_plan)
		return scan_util__error(SCAN_ELIMIT, "%s", est->reason);
	if (in->is_active) {
		if ((rc = scan_cron_parse(&c, in->cron_expression, NULL)) != 0 ||
		    (rc = org_zone(&plan, &tz, zone, sizeof(zone), st, org)) != 0 ||
		    (rc = scan_cron_next(&next, &c, tz, now)) != 0)
			goto done;
	}
	s.next_run = (time_t)next;
	if (s.id) {
		rc = scan_store_schedule_update(st, org, &s);
		*id = s.id;
	} else {
		rc = scan_store_schedule_create(id, st, org, &s);
	}
done:
	scan_tz_free(tz);
	return rc;
}

int scan_ops_schedule_toggle(scan_schedule_estimate *est, scan_store *st, int64_t org, int64_t id, time_t now)
{
	scan_schedule_list *l = NULL;
	scan_schedule s;
	int64_t ignored;
	int rc;

	memset(est, 0, sizeof(*est));
	if ((rc = scan_store_schedule_get(&l, st, org, id)) != 0)
		return rc;
	s = *scan_schedule_list_get(l, 0);
	s.is_active = !s.is_active;
	/* Resuming is a change like any other: the plan's limits apply again. */
	rc = scan_ops_schedule_save(&ignored, est, st, org, &s, now);
	scan_schedule_list_free(l);
	return rc;
}

/* One due schedule: its slot fired (or recorded failed) once. */
static int fire_one(unsigned *fired, unsigned *failed, scan_store *st, const scan_schedule *s, time_t now)
{
	scan_schedule_fire f = { NULL, "schedule", s->next_run, 0, 80, now, NULL };
	scan_plan plan;
	scan_tz *tz = NULL;
	scan_cron c;
	char zone[64], key[32], why[256];
	struct tm tm;
	int64_t next = 0, scan_id = 0;
	int rc;

	gmtime_r(&s->next_run, &tm);
	strftime(key, sizeof(key), "%Y-%m-%dT%H:%M:%SZ", &tm);
	f.run_key = key;
	if ((rc = scan_cron_parse(&c, s->cron_expression, NULL)) != 0 ||
	    (rc = org_zone(&plan, &tz, zone, sizeof(zone), st, s->org_id)) != 0 ||
	    (rc = scan_cron_next(&next, &c, tz, now)) != 0) {
		/* Not silently: the run says why, and the schedule stops until someone changes it. */
		snprintf(why, sizeof(why), "cannot compute the schedule's next run: %s", scan_error_last()->message);
		f.error = why;
		next = 0;
	}
	f.next_run = (time_t)next;
	if (f.error) {
		/* next_run 0 in the store is "none": the schedule is kept, its runs stop. */
		rc = scan_store_schedule_fire(&scan_id, st, s, &f);
		if (!rc)
			(*failed)++;
	} else if ((rc = scan_store_schedule_fire(&scan_id, st, s, &f)) == 0 && scan_id) {
		(*fired)++;
	}
	scan_tz_free(tz);
	return rc;
}

int scan_ops_schedules_tick(unsigned *fired, unsigned *failed, scan_store *st, time_t now)
{
	scan_schedule_list *l = NULL;
	int rc, first = 0;

	*fired = *failed = 0;
	if ((rc = scan_store_schedules_due(&l, st, now, TICK_BATCH)) != 0)
		return rc;
	for (size_t i = 0; i < scan_schedule_list_count(l); i++) {
		/* One schedule's failure does not hold back the others; the first error is returned. */
		if ((rc = fire_one(fired, failed, st, scan_schedule_list_get(l, i), now)) != 0 && !first)
			first = rc;
	}
	scan_schedule_list_free(l);
	return first;
}

int scan_ops_org_set_timezone(scan_store *st, int64_t org, const char *zone, time_t now)
{
	scan_schedule_list *l = NULL;
	scan_tz *tz = NULL;
	int rc;

	if ((rc = scan_tz_open(&tz, zone, NULL)) != 0)
		return scan_util__error(SCAN_EINVAL, "'%s' is not a time zone this machine knows: %s", zone,
		                        scan_error_last()->message);
	if ((rc = scan_store_org_set_timezone(st, org, scan_tz_name(tz))) != 0 ||
	    (rc = scan_store_schedules(&l, st, org, 0)) != 0)
		goto done;
	for (size_t i = 0; i < scan_schedule_list_count(l) && !rc; i++) {
		const scan_schedule *s = scan_schedule_list_get(l, i);
		scan_cron c;
		int64_t next;
		if (!s->is_active || scan_cron_parse(&c, s->cron_expression, NULL) != 0)
			continue;
		if ((rc = scan_cron_next(&next, &c, tz, now)) == 0)
			rc = scan_store_schedule_set_next(st, org, s->id, (time_t)next);
	}
done:
	scan_schedule_list_free(l);
	scan_tz_free(tz);
	return rc;
}
