/* lib/sched/next.c - when a cron expression next fires in a zone: civil-date arithmetic and a walk over the zone's clock changes */
#include <assert.h>
#include "sched/sched_int.h"
#include "util/error.h"

/* No eight calendar years are longer: 30 February is "never" once this much time has been searched. */
#define HORIZON_DAYS (8 * 366)
/* `after` within years 1-9999: every instant and day count below then stays far inside int64. */
#define AFTER_MIN INT64_C(-62135596800)
#define AFTER_MAX INT64_C(253402300799)
/*
 * The walk starts this long before `after`: offsets are within 26 hours of UTC, so no wall-clock time
 * reached before the start can be reached again after `after`, and the walk knows every earlier one.
 */
#define LOOKBACK (3 * SCAN_SCHED_DAY)
#define MINUTES_ALL ((UINT64_C(1) << 60) - 1)

unsigned scan_sched__month_days(int64_t year, unsigned month)
{
	static const unsigned char len[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return month == 2 && scan_sched__is_leap(year) ? 29 : len[(month - 1) % 12];
}

/*
 * Years are counted from 1 March, so the leap day ends a year and the month lengths from March on repeat
 * in a five-month pattern (153 days); 400 Gregorian years are exactly 146097 days. 1970-01-01 is day
 * 719468 of that count from 0000-03-01.
 */
int64_t scan_sched__days_from_civil(int64_t year, unsigned month, unsigned day)
{
	int64_t y = month <= 2 ? year - 1 : year;
	int64_t cycle = scan_sched__floor_div(y, 400);
	int64_t year_of_cycle = y - cycle * 400;                       /* 0-399 */
	int64_t march_month = month > 2 ? month - 3 : month + 9;       /* 0 = March */
	int64_t day_of_year = (153 * march_month + 2) / 5 + day - 1;   /* 0-365 */
	int64_t day_of_cycle = year_of_cycle * 365 + year_of_cycle / 4 - year_of_cycle / 100 + day_of_year;

	return cycle * 146097 + day_of_cycle - 719468;
}

void scan_sched__civil_from_days(int64_t days, int64_t *year, unsigned *month, unsigned *day)
{
	int64_t z = days + 719468;
	int64_t cycle = scan_sched__floor_div(z, 146097);
	int64_t day_of_cycle = z - cycle * 146097;                     /* 0-146096 */
	/* Subtract the leap days before this one, so a year is 365 days exactly. */
	int64_t year_of_cycle = (day_of_cycle - day_of_cycle / 1460 + day_of_cycle / 36524 - day_of_cycle / 146096) / 365;
	int64_t day_of_year = day_of_cycle - (365 * year_of_cycle + year_of_cycle / 4 - year_of_cycle / 100);
	int64_t march_month = (5 * day_of_year + 2) / 153;

	*day = (unsigned)(day_of_year - (153 * march_month + 2) / 5 + 1);
	*month = (unsigned)(march_month < 10 ? march_month + 3 : march_month - 9);
	*year = cycle * 400 + year_of_cycle + (*month <= 2 ? 1 : 0);
}

unsigned scan_sched__weekday(int64_t days)
{
	return (unsigned)((days % 7 + 7 + 4) % 7); /* 1970-01-01 was a Thursday */
}

/* Both day fields restricted: either decides (Vixie). One `*`: the other decides. */
static bool day_matches(const scan_cron *c, unsigned dom, unsigned dow)
{
	bool dom_ok = c->days_any || (c->days >> dom & 1u);
	bool dow_ok = c->weekdays_any || (c->weekdays >> dow & 1u);

	return c->days_any || c->weekdays_any ? dom_ok && dow_ok : dom_ok || dow_ok;
}

/*
 * The first minute in [lo, hi) of wall-clock time (local seconds counted like the epoch) that the
 * expression names. Steps skip a whole month, day or hour at a time, so eight years take a few
 * thousand steps at most.
 */
static bool first_match(const scan_cron *c, int64_t lo, int64_t hi, int64_t *out)
{
	int64_t w = scan_sched__floor_div(lo + 59, 60) * 60;

	while (w < hi) {
		int64_t days = scan_sched__floor_div(w, SCAN_SCHED_DAY), year, day_start = days * SCAN_SCHED_DAY;
		unsigned month, dom, hour = (unsigned)((w - day_start) / 3600), minute = (unsigned)((w - day_start) % 3600 / 60);
		uint64_t later;

		scan_sched__civil_from_days(days, &year, &month, &dom);
		if (!(c->months >> month & 1u)) {
			w = scan_sched__days_from_civil(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1) *
			    SCAN_SCHED_DAY;
			continue;
		}
		if (!day_matches(c, dom, scan_sched__weekday(days))) {
			w = day_start + SCAN_SCHED_DAY;
			continue;
		}
		if (!(c->hours >> hour & 1u)) {
			w = day_start + (int64_t)(hour + 1) * 3600;
			continue;
		}
		later = (c->minutes & MINUTES_ALL) >> minute;
		if (!later) {
			w = day_start + (int64_t)(hour + 1) * 3600;
			continue;
		}
		while (!(later & 1u))
			later >>= 1, w += 60;
		*out = w;
		return w < hi;
	}
	return false;
}

/*
 * The zone's history as segments of constant offset, walked in UTC order from before `after`. `high`
 * is the wall-clock time reached so far: inside a segment, a minute below it has happened already
 * (fall back: only its first occurrence fires); a segment that starts above it skipped the minutes in
 * between (spring forward: they fire once, at the segment's first instant).
 */
int scan_cron_next(int64_t *out, const scan_cron *cron, const scan_tz *tz, int64_t after)
{
	int64_t limit, t, change, high, w;
	int32_t off;
	bool first = true;

	assert(out && cron && tz);
	*out = 0;
	if (after < AFTER_MIN || after > AFTER_MAX)
		return scan_util__error(SCAN_EINVAL, "instant %lld is outside years 1-9999", (long long)after);
	limit = after + (int64_t)HORIZON_DAYS * SCAN_SCHED_DAY;
	t = after - LOOKBACK;
	off = scan_sched__tz_lookup(tz, t, &change);
	high = t + off;
	for (;;) {
		int64_t seg_end = change <= limit ? change : limit + 1, wall = t + off, lo;

		if (!first && wall > high && t > after && first_match(cron, high, wall + 1, &w)) {
			*out = t;
			return 0;
		}
		lo = wall > high ? wall : high;
		if (lo < after + 1 + off)
			lo = after + 1 + off;
		if (first_match(cron, lo, seg_end + off, &w)) {
			*out = w - off;
			return 0;
		}
		if (seg_end + off > high)
			high = seg_end + off;
		first = false;
		t = seg_end;
		if (t > limit)
			break;
		off = scan_sched__tz_lookup(tz, t, &change);
	}
	return scan_util__error(SCAN_ENOTFOUND, "the expression does not fire in the eight years after %lld in zone '%s'",
	                        (long long)after, scan_tz_name(tz));
}
