/* include/scan/schedule.h - five-field cron expressions and when they fire in an IANA time zone */
#ifndef SCAN_SCHEDULE_H
#define SCAN_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>
#include "common.h"

/*
 * A parsed cron expression: minute hour day-of-month month day-of-week,
 * each a set. Numbers, `*`, ranges `a-b`, steps `*`/n and `a-b/n` and `a/n`,
 * lists `a,b`, month names JAN-DEC and weekday names SUN-SAT (any case);
 * weekday 7 is Sunday as 0 is. When both day fields are restricted (neither
 * is `*`), a day matches when either matches (the Vixie rule); otherwise the
 * restricted one decides. Plain data: copy it freely.
 */
typedef struct {
	uint64_t minutes;        /* bit m: minute m, 0-59 */
	uint32_t hours;          /* bit h: hour h, 0-23 */
	uint32_t days;           /* bit d: day of month d, 1-31 */
	uint16_t months;         /* bit m: month m, 1-12 */
	uint8_t weekdays;        /* bit w: weekday w, 0-6, 0 = Sunday */
	bool days_any, weekdays_any; /* the field was `*` (or `*` with a step of 1) */
} scan_cron;

/* The longest expression scan_cron_parse() reads. */
#define SCAN_CRON_MAX_LEN 256

/*
 * Where a parse failed: the field's name ("minute", "hour", "day-of-month",
 * "month", "day-of-week", or "expression" for the field count and length)
 * and the 1-based byte position in the expression.
 */
typedef struct {
	const char *field;
	unsigned position;
} scan_cron_error_at;

/*
 * Parse expr (NUL-terminated). Returns 0, or SCAN_EINVAL with a message
 * naming the field and the position ("day-of-month at position 9: 32 is
 * out of range 1-31"); where (may be NULL) gets them as data.
 */
SCAN_EXTERN int scan_cron_parse(scan_cron *out, const char *expr, scan_cron_error_at *where);

/* A time zone read from the tz database; immutable once open, so threads share it. */
typedef struct scan_tz scan_tz;

/*
 * Open the zone name ("UTC", "Europe/Berlin", "America/New_York"): a
 * relative path of [A-Za-z0-9._+-] components, no "." or ".." component,
 * read from zoneinfo_dir (NULL: /usr/share/zoneinfo) as a TZif file
 * (RFC 8536, versions 1-4, bounded) with its POSIX TZ footer for times past
 * the last transition. "UTC" opens without a file. *out is the caller's.
 * Returns 0, SCAN_EINVAL for a name that is not a zone name, SCAN_ENOTFOUND
 * for a zone the database does not have, SCAN_EPARSE for a file that is not
 * a valid TZif file.
 */
SCAN_EXTERN int scan_tz_open(scan_tz **out, const char *name, const char *zoneinfo_dir);
/* The same, from a TZif file's bytes already read. */
SCAN_EXTERN int scan_tz_parse(scan_tz **out, const char *name, const unsigned char *bytes, size_t len);
SCAN_EXTERN void scan_tz_free(scan_tz *tz); /* NULL is fine */
/* The zone's name as opened; borrowed. */
SCAN_EXTERN const char *scan_tz_name(const scan_tz *tz);
/* Seconds east of UTC in effect at the instant t (seconds since the epoch, UTC). */
SCAN_EXTERN int32_t scan_tz_offset(const scan_tz *tz, int64_t t);

/*
 * The first instant strictly after `after` (UTC seconds) at which the
 * expression fires, in the zone's wall-clock time. Every wall-clock minute
 * the expression names fires at most once: a minute a clock change skips
 * (spring forward) fires at the change, once however many skipped minutes
 * the expression names; a minute that occurs twice (fall back) fires at its
 * first occurrence only. SCAN_ENOTFOUND when the expression never fires in
 * the next eight years (30 February).
 */
SCAN_EXTERN int scan_cron_next(int64_t *out, const scan_cron *cron, const scan_tz *tz, int64_t after);

#endif
