/* lib/sched/sched_int.h - what the cron parser, the zone reader and the next-run search share */
#ifndef SCAN_SCHED_INT_H
#define SCAN_SCHED_INT_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/schedule.h"

#define SCAN_SCHED_DAY 86400

/* Division that rounds toward minus infinity, so instants before 1970 land in the right day. */
static inline int64_t scan_sched__floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline bool scan_sched__is_leap(int64_t year)
{
	return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

unsigned scan_sched__month_days(int64_t year, unsigned month);
/* Days since 1970-01-01 of a proleptic Gregorian date; month 1-12, day 1-31. */
int64_t scan_sched__days_from_civil(int64_t year, unsigned month, unsigned day);
void scan_sched__civil_from_days(int64_t days, int64_t *year, unsigned *month, unsigned *day);
/* 0 = Sunday. */
unsigned scan_sched__weekday(int64_t days);

/*
 * The offset (seconds east of UTC) in effect at t, and in *next_change an
 * instant after t before which it does not change (INT64_MAX: never). The
 * offset may stay the same at *next_change: callers treat it as "look again".
 */
int32_t scan_sched__tz_lookup(const scan_tz *tz, int64_t t, int64_t *next_change);

#endif
