/* tests/fuzz/fuzz_sched_cron.c - cron expressions on arbitrary bytes, and their next runs checked minute by minute */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/schedule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define DAY 86400
#define HORIZON ((int64_t)8 * 366 * DAY)
/* The brute-force check walks every minute of this window; longer gaps are only checked for shape. */
#define CHECK_WINDOW ((int64_t)3 * DAY)

/*
 * Zones without files: UTC, and footers like New York's and Lord Howe's
 * (half an hour of DST), so clock changes fall inside the checked windows.
 */
static const char *const footers[] = { "EST5EDT,M3.2.0,M11.1.0", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
                                       "IST-1GMT0,M10.5.0,M3.5.0/1" };
#define NZONES (1 + sizeof(footers) / sizeof(footers[0]))
static scan_tz *zones[NZONES];

static scan_tz *footer_zone(const char *footer)
{
	static const unsigned char counts[24] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4 };
	unsigned char buf[256];
	size_t n = 0, flen = strlen(footer);
	scan_tz *tz = NULL;

	for (int block = 0; block < 2; block++) {
		memcpy(buf + n, "TZif2", 5);
		memset(buf + n + 5, 0, 15);
		memcpy(buf + n + 20, counts, 24);
		n += 44;
		memset(buf + n, 0, 6);
		n += 6;
		memcpy(buf + n, "XXX", 4);
		n += 4;
	}
	buf[n++] = '\n';
	memcpy(buf + n, footer, flen);
	n += flen;
	buf[n++] = '\n';
	if (scan_tz_parse(&tz, "Fuzz/Footer", buf, n) != 0)
		abort();
	return tz;
}

static void zones_init(void)
{
	if (zones[0])
		return;
	if (scan_tz_open(&zones[0], "UTC", NULL) != 0)
		abort();
	for (size_t i = 1; i < NZONES; i++)
		zones[i] = footer_zone(footers[i - 1]);
}

/* The expression names the wall-clock minute w (local seconds), read through gmtime_r, not the library. */
static bool names(const scan_cron *c, int64_t w)
{
	time_t tt = (time_t)w;
	struct tm tm;
	bool dom, dow;

	if (!gmtime_r(&tt, &tm))
		abort();
	dom = c->days_any || (c->days >> tm.tm_mday & 1u);
	dow = c->weekdays_any || (c->weekdays >> tm.tm_wday & 1u);
	return (c->minutes >> tm.tm_min & 1u) && (c->hours >> tm.tm_hour & 1u) && (c->months >> (tm.tm_mon + 1) & 1u) &&
	       (c->days_any || c->weekdays_any ? dom && dow : dom || dow);
}

/*
 * The semantics simulated a minute at a time (every offset here is whole
 * minutes): walls from the next new one up to the current wall are reached
 * now, skipped ones included; walls below it are repeats.
 */
static int64_t brute_next(const scan_cron *c, const scan_tz *tz, int64_t after, int64_t until)
{
	int64_t u = (after - DAY) / 60 * 60, next_new = u + scan_tz_offset(tz, u);

	for (; u <= until; u += 60) {
		int64_t w = u + scan_tz_offset(tz, u);
		bool fire = false;
		if (w >= next_new) {
			for (int64_t m = next_new; m <= w && !fire; m += 60)
				fire = names(c, m);
			next_new = w + 60;
		}
		if (fire && u > after)
			return u;
	}
	return INT64_MAX;
}

static void check_where(const scan_cron_error_at *where, size_t len)
{
	static const char *const fields[] = { "minute", "hour", "day-of-month", "month", "day-of-week", "expression" };
	bool known = false;

	for (size_t i = 0; i < 6; i++)
		known = known || (where->field && strcmp(where->field, fields[i]) == 0);
	if (!known || where->position < 1 || where->position > len + 1)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *expr = malloc(size + 1);
	scan_cron c;
	scan_cron_error_at where;
	uint64_t h = 1469598103934665603ull;
	const scan_tz *tz;
	int64_t after, t, t2, want;
	int rc;

	if (!expr)
		return 0;
	memcpy(expr, data, size);
	expr[size] = '\0';
	rc = scan_cron_parse(&c, expr, &where);
	if (rc != 0) {
		if (rc != SCAN_EINVAL)
			abort();
		check_where(&where, strlen(expr));
		free(expr);
		return 0;
	}
	free(expr);
	if ((c.minutes >> 60) || (c.hours >> 24) || (c.days & 1u) || (c.months & 1u) || (c.months >> 13) ||
	    (c.weekdays >> 7) || !c.minutes || !c.hours || !c.days || !c.months || !c.weekdays)
		abort();

	zones_init();
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 1099511628211ull;
	tz = zones[h % NZONES];
	after = 946684800 + (int64_t)(h >> 8 & 0xffffffff) % ((int64_t)100 * 365 * DAY); /* 2000-2100 */
	if (h & 0x10)
		after = after / (7 * DAY) * (7 * DAY); /* whole weeks: often near a change's wall hour */

	rc = scan_cron_next(&t, &c, tz, after);
	if (rc == SCAN_ENOTFOUND) {
		if (brute_next(&c, tz, after, after + CHECK_WINDOW) != INT64_MAX)
			abort();
		return 0;
	}
	if (rc != 0 || t <= after || t > after + HORIZON)
		abort();
	/* A fire is a minute it names, or the change that skipped one. */
	if (!(scan_tz_offset(tz, t - 1) < scan_tz_offset(tz, t)) &&
	    ((t + scan_tz_offset(tz, t)) % 60 != 0 || !names(&c, t + scan_tz_offset(tz, t))))
		abort();
	want = brute_next(&c, tz, after, t < after + CHECK_WINDOW ? t : after + CHECK_WINDOW);
	if (t <= after + CHECK_WINDOW ? want != t : want != INT64_MAX)
		abort();
	if (scan_cron_next(&t2, &c, tz, t) == 0 && t2 <= t)
		abort();
	return 0;
}
