/* tests/unit/test_sched.c - cron expressions, zones from TZif files and POSIX footers, next runs across clock changes */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/schedule.h"

#define ZONEINFO "/usr/share/zoneinfo"
#define HOUR 3600
#define DAY 86400

static int64_t utc(int year, int month, int day, int hour, int minute, int second)
{
	struct tm tm = { 0 };

	tm.tm_year = year - 1900, tm.tm_mon = month - 1, tm.tm_mday = day;
	tm.tm_hour = hour, tm.tm_min = minute, tm.tm_sec = second;
	return (int64_t)timegm(&tm);
}

/* --- the cron parser --------------------------------------------------------- */

static scan_cron parse_ok(const char *expr)
{
	scan_cron c;
	scan_cron_error_at where;

	if (scan_cron_parse(&c, expr, &where) != 0)
		fail_msg("'%s': %s", expr, scan_error_last()->message);
	return c;
}

static void test_cron_forms(void **state)
{
	scan_cron c;

	(void)state;
	c = parse_ok("* * * * *");
	assert_true(c.minutes == (UINT64_C(1) << 60) - 1);
	assert_int_equal(c.hours, (1u << 24) - 1);
	assert_int_equal(c.days, 0xfffffffeu);
	assert_int_equal(c.months, 0x1ffe);
	assert_int_equal(c.weekdays, 0x7f);
	assert_true(c.days_any && c.weekdays_any);

	c = parse_ok("*/15 0 1 1 0");
	assert_true(c.minutes == (1ull << 0 | 1ull << 15 | 1ull << 30 | 1ull << 45));
	assert_int_equal(c.hours, 1);
	assert_int_equal(c.days, 1u << 1);
	assert_int_equal(c.months, 1u << 1);
	assert_int_equal(c.weekdays, 1);
	assert_false(c.days_any || c.weekdays_any);

	c = parse_ok("1-10/3 9-17 1,15,31 */4 1-5");
	assert_true(c.minutes == (1ull << 1 | 1ull << 4 | 1ull << 7 | 1ull << 10));
	assert_int_equal(c.hours, 0x3fe00);
	assert_int_equal(c.days, 1u << 1 | 1u << 15 | 1u << 31);
	assert_int_equal(c.months, 1u << 1 | 1u << 5 | 1u << 9);
	assert_int_equal(c.weekdays, 0x3e);

	c = parse_ok("5/20 22/1 */10 2/5 *"); /* a/n runs to the top of the field */
	assert_true(c.minutes == (1ull << 5 | 1ull << 25 | 1ull << 45));
	assert_int_equal(c.hours, 1u << 22 | 1u << 23);
	assert_int_equal(c.days, 1u << 1 | 1u << 11 | 1u << 21 | 1u << 31);
	assert_int_equal(c.months, 1u << 2 | 1u << 7 | 1u << 12);

	c = parse_ok("0,59 1-3,12,*/12 * * *");
	assert_true(c.minutes == (1ull | 1ull << 59));
	assert_int_equal(c.hours, 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 | 1u << 12);

	/* Names in any case, in lists and ranges; 7 is Sunday as 0 is. */
	c = parse_ok("0 0 * JAN-MAR,jul,Dec mon-FRI");
	assert_int_equal(c.months, 1u << 1 | 1u << 2 | 1u << 3 | 1u << 7 | 1u << 12);
	assert_int_equal(c.weekdays, 0x3e);
	assert_int_equal(parse_ok("0 0 * * 7").weekdays, 1);
	assert_int_equal(parse_ok("0 0 * * 5-7").weekdays, 1u << 0 | 1u << 5 | 1u << 6);
	assert_int_equal(parse_ok("0 0 * * SUN,sat").weekdays, 1u << 0 | 1u << 6);
	assert_int_equal(parse_ok("0 0 * * 0-7").weekdays, 0x7f);
	assert_int_equal(parse_ok("0 0 * * */2").weekdays, 1u << 0 | 1u << 2 | 1u << 4 | 1u << 6);
	assert_int_equal(parse_ok("0 0 * * 1/2").weekdays, 1u << 1 | 1u << 3 | 1u << 5);

	/* Only `*` (step 1) is "any" for the day rule; a range over the whole field is a restriction. */
	c = parse_ok("0 0 */1 * */1");
	assert_true(c.days_any && c.weekdays_any);
	c = parse_ok("0 0 */2 * 0-6");
	assert_false(c.days_any || c.weekdays_any);
	assert_false(parse_ok("0 0 1-31 * *").days_any);
	assert_false(parse_ok("0 0 *,1 * *").days_any);

	/* Blanks around and between fields; leading zeros. */
	c = parse_ok("  \t05 \t 07  * * *\t ");
	assert_true(c.minutes == 1ull << 5);
	assert_int_equal(c.hours, 1u << 7);
}

static void expect_cron_error(const char *expr, const char *field, unsigned position, const char *what)
{
	scan_cron c;
	scan_cron_error_at where;
	char prefix[64];

	memset(&c, 0xa5, sizeof(c));
	assert_int_equal(scan_cron_parse(&c, expr, &where), SCAN_EINVAL);
	if (!where.field || strcmp(where.field, field) != 0 || where.position != position)
		fail_msg("'%s': at %s %u, expected %s %u", expr, where.field ? where.field : "(null)", where.position, field,
		         position);
	snprintf(prefix, sizeof(prefix), "%s at position %u: ", field, position);
	if (strncmp(scan_error_last()->message, prefix, strlen(prefix)) != 0 || !strstr(scan_error_last()->message, what))
		fail_msg("'%s': message '%s', expected '%s...%s'", expr, scan_error_last()->message, prefix, what);
	assert_true(c.minutes == 0 && c.hours == 0 && c.days == 0); /* nothing half-parsed */
	assert_int_equal(scan_cron_parse(&c, expr, NULL), SCAN_EINVAL);
}

static void test_cron_errors(void **state)
{
	char long_expr[SCAN_CRON_MAX_LEN + 40];

	(void)state;
	expect_cron_error("", "expression", 1, "0 fields, expected 5");
	expect_cron_error("  \t ", "expression", 5, "0 fields");
	expect_cron_error("* * * *", "expression", 8, "4 fields, expected 5");
	expect_cron_error("* * * * * *", "expression", 11, "more than 5 fields");
	expect_cron_error("15 14 1,32 * *", "day-of-month", 9, "32 is out of range 1-31");
	assert_string_equal(scan_error_last()->message, "day-of-month at position 9: 32 is out of range 1-31");
	expect_cron_error("60 * * * *", "minute", 1, "60 is out of range 0-59");
	expect_cron_error("* 24 * * *", "hour", 3, "24 is out of range 0-23");
	expect_cron_error("0 0 0 * *", "day-of-month", 5, "0 is out of range 1-31");
	expect_cron_error("0 0 * 13 *", "month", 7, "13 is out of range 1-12");
	expect_cron_error("0 0 * 0 *", "month", 7, "0 is out of range 1-12");
	expect_cron_error("0 0 * * 8", "day-of-week", 9, "8 is out of range 0-7");
	expect_cron_error("99999999999999999999999 * * * *", "minute", 1, "is out of range 0-59");
	expect_cron_error("*/0 * * * *", "minute", 3, "step 0 is out of range 1-60");
	expect_cron_error("0 1-5/0 * * *", "hour", 7, "step 0 is out of range 1-24");
	expect_cron_error("0 0 * * */8", "day-of-week", 11, "step 8 is out of range 1-7");
	expect_cron_error("*/ * * * *", "minute", 3, "a step is expected");
	expect_cron_error("*/x * * * *", "minute", 3, "unexpected 'x'");
	expect_cron_error("5-1 * * * *", "minute", 1, "5-1 is a reversed range");
	expect_cron_error("0 0 * DEC-JAN *", "month", 7, "DEC-JAN is a reversed range");
	expect_cron_error("0 0 * * 7-1", "day-of-week", 9, "reversed range");
	expect_cron_error("a * * * *", "minute", 1, "'a' is not a number");
	expect_cron_error("0 0 L * *", "day-of-month", 5, "'L' is not a number");
	expect_cron_error("0 0 * FOO *", "month", 7, "'FOO' is not a name of JAN-DEC");
	expect_cron_error("0 0 * * MONDAY", "day-of-week", 9, "'MONDAY' is not a name of SUN-SAT");
	expect_cron_error("0 0 * * MO", "day-of-week", 9, "'MO' is not a name");
	expect_cron_error("0 0 ? * *", "day-of-month", 5, "unexpected '?'");
	expect_cron_error("0 0 * * 1#2", "day-of-week", 10, "unexpected '#'");
	expect_cron_error("0 0 * * 5x", "day-of-week", 10, "unexpected 'x'");
	expect_cron_error("1,,2 * * * *", "minute", 3, "an empty list item");
	expect_cron_error("1, * * * *", "minute", 3, "an empty list item");
	expect_cron_error(",1 * * * *", "minute", 1, "an empty list item");
	expect_cron_error("1- * * * *", "minute", 3, "the field ends where a value was expected");
	expect_cron_error("1-* * * * *", "minute", 3, "unexpected '*'");
	expect_cron_error("** * * * *", "minute", 2, "unexpected '*'");
	expect_cron_error("0 0 1\x01 * *", "day-of-month", 6, "unexpected byte 0x01");
	expect_cron_error("@daily", "expression", 7, "1 field,");
	memset(long_expr, ' ', sizeof(long_expr));
	memcpy(long_expr, "* * * * *", 9);
	long_expr[sizeof(long_expr) - 1] = '\0';
	expect_cron_error(long_expr, "expression", SCAN_CRON_MAX_LEN + 1, "longer than 256 bytes");
	long_expr[SCAN_CRON_MAX_LEN] = '\0'; /* at the limit: parses */
	parse_ok(long_expr);
}

/* --- zones ----------------------------------------------------------------------- */

static bool have_zoneinfo(void)
{
	return access(ZONEINFO "/America/New_York", R_OK) == 0 && access(ZONEINFO "/Australia/Lord_Howe", R_OK) == 0;
}

static scan_tz *zone(const char *name)
{
	scan_tz *tz = NULL;

	if (scan_tz_open(&tz, name, NULL) != 0)
		fail_msg("%s: %s", name, scan_error_last()->message);
	assert_string_equal(scan_tz_name(tz), name);
	return tz;
}

static void test_tz_utc_without_file(void **state)
{
	scan_tz *tz = NULL;

	(void)state;
	assert_int_equal(scan_tz_open(&tz, "UTC", "/nonexistent/zoneinfo"), 0);
	assert_string_equal(scan_tz_name(tz), "UTC");
	assert_int_equal(scan_tz_offset(tz, 0), 0);
	assert_int_equal(scan_tz_offset(tz, INT64_MIN), 0);
	assert_int_equal(scan_tz_offset(tz, INT64_MAX), 0);
	scan_tz_free(tz);
	scan_tz_free(NULL);
}

typedef struct {
	const char *zone;
	int64_t t;
	int32_t offset;
} offset_case;

static void test_tz_offsets(void **state)
{
	const offset_case cases[] = {
		{ "America/New_York", utc(2026, 1, 15, 12, 0, 0), -5 * HOUR },
		{ "America/New_York", utc(2026, 7, 1, 12, 0, 0), -4 * HOUR },
		{ "America/New_York", utc(2026, 3, 8, 7, 0, 0) - 1, -5 * HOUR },  /* 01:59:59 EST */
		{ "America/New_York", utc(2026, 3, 8, 7, 0, 0), -4 * HOUR },      /* 03:00:00 EDT */
		{ "America/New_York", utc(2026, 11, 1, 6, 0, 0) - 1, -4 * HOUR }, /* 01:59:59 EDT */
		{ "America/New_York", utc(2026, 11, 1, 6, 0, 0), -5 * HOUR },     /* 01:00:00 EST */
		{ "America/New_York", utc(1950, 7, 1, 12, 0, 0), -4 * HOUR },
		{ "America/New_York", utc(2100, 1, 1, 12, 0, 0), -5 * HOUR },     /* the footer from here on */
		{ "America/New_York", utc(2100, 7, 1, 12, 0, 0), -4 * HOUR },
		{ "America/New_York", utc(2100, 3, 14, 7, 0, 0) - 1, -5 * HOUR },
		{ "America/New_York", utc(2100, 3, 14, 7, 0, 0), -4 * HOUR },
		{ "Europe/Berlin", utc(2026, 1, 15, 12, 0, 0), HOUR },
		{ "Europe/Berlin", utc(2026, 7, 1, 12, 0, 0), 2 * HOUR },
		{ "Europe/Berlin", utc(2026, 3, 29, 1, 0, 0) - 1, HOUR },
		{ "Europe/Berlin", utc(2026, 3, 29, 1, 0, 0), 2 * HOUR },
		{ "Europe/Berlin", utc(2200, 7, 1, 12, 0, 0), 2 * HOUR },
		{ "Europe/Berlin", utc(2200, 10, 26, 1, 0, 0) - 1, 2 * HOUR },  /* last Sunday of October 2200 */
		{ "Europe/Berlin", utc(2200, 10, 26, 1, 0, 0), HOUR },
		{ "Australia/Lord_Howe", utc(2026, 1, 15, 12, 0, 0), 11 * HOUR },
		{ "Australia/Lord_Howe", utc(2026, 7, 1, 12, 0, 0), 10 * HOUR + 1800 },
		{ "Australia/Lord_Howe", utc(2026, 10, 3, 15, 30, 0) - 1, 10 * HOUR + 1800 },
		{ "Australia/Lord_Howe", utc(2026, 10, 3, 15, 30, 0), 11 * HOUR },
		{ "Australia/Lord_Howe", utc(2150, 1, 1, 12, 0, 0), 11 * HOUR },
		{ "Australia/Lord_Howe", utc(2150, 7, 1, 12, 0, 0), 10 * HOUR + 1800 },
		{ "Europe/Dublin", utc(2026, 1, 15, 12, 0, 0), 0 },
		{ "Europe/Dublin", utc(2026, 7, 1, 12, 0, 0), HOUR },
		{ "Europe/Dublin", utc(2026, 3, 29, 1, 0, 0) - 1, 0 },
		{ "Europe/Dublin", utc(2026, 3, 29, 1, 0, 0), HOUR },
		{ "Europe/Dublin", utc(2300, 1, 15, 12, 0, 0), 0 },          /* negative DST in the footer */
		{ "Europe/Dublin", utc(2300, 7, 1, 12, 0, 0), HOUR },
		{ "Asia/Kolkata", utc(2026, 7, 1, 12, 0, 0), 5 * HOUR + 1800 },
		{ "Asia/Kolkata", utc(2400, 1, 1, 12, 0, 0), 5 * HOUR + 1800 },
		{ "UTC", utc(2026, 7, 1, 12, 0, 0), 0 },
	};

	(void)state;
	if (!have_zoneinfo())
		skip();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_tz *tz = zone(cases[i].zone);
		int32_t got = scan_tz_offset(tz, cases[i].t);
		if (got != cases[i].offset)
			fail_msg("%s at %lld: %d, expected %d", cases[i].zone, (long long)cases[i].t, got, cases[i].offset);
		scan_tz_free(tz);
	}
}

static void test_tz_names(void **state)
{
	static const char *const invalid[] = {
		"", "../etc/passwd", "/etc/x", "a//b", "Europe/", "./UTC", "Europe/./Berlin", "Europe/..", "..",
		"Europe/Berlin\n", "Europe Berlin", "Europe\\Berlin", "Zone*", "é",
	};
	char long_name[300];
	scan_tz *tz = (scan_tz *)&tz;

	(void)state;
	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		if (scan_tz_open(&tz, invalid[i], NULL) != SCAN_EINVAL)
			fail_msg("'%s' opened", invalid[i]);
		assert_null(tz);
		assert_int_equal(scan_tz_parse(&tz, invalid[i], (const unsigned char *)"TZif", 4), SCAN_EINVAL);
	}
	assert_int_equal(scan_tz_open(&tz, NULL, NULL), SCAN_EINVAL);
	memset(long_name, 'a', sizeof(long_name));
	long_name[sizeof(long_name) - 1] = '\0';
	assert_int_equal(scan_tz_open(&tz, long_name, NULL), SCAN_EINVAL);
	assert_int_equal(scan_tz_open(&tz, "Mars/Olympus_Mons", NULL), SCAN_ENOTFOUND);
	assert_non_null(strstr(scan_error_last()->message, "Mars/Olympus_Mons"));
	assert_null(tz);
	assert_int_equal(scan_tz_open(&tz, "Europe/Berlin/x", NULL), SCAN_ENOTFOUND);
	if (have_zoneinfo()) {
		assert_int_equal(scan_tz_open(&tz, "America", NULL), SCAN_ENOTFOUND); /* a directory */
		assert_int_equal(scan_tz_open(&tz, "Etc/GMT+5", NULL), 0);
		assert_int_equal(scan_tz_offset(tz, 0), -5 * HOUR);
		scan_tz_free(tz);
	}
}

/* A version 2 file with no transitions: the footer decides everything. */
static size_t footer_zone(unsigned char *buf, size_t cap, const char *footer, int32_t offset)
{
	static const unsigned char counts[24] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4 };
	size_t n = 0, flen = strlen(footer);

	assert_true(cap >= 2 * (44 + 10) + flen + 2);
	for (int block = 0; block < 2; block++) {
		memcpy(buf + n, "TZif2", 5);
		memset(buf + n + 5, 0, 15);
		memcpy(buf + n + 20, counts, 24);
		n += 44;
		buf[n++] = (unsigned char)((uint32_t)offset >> 24), buf[n++] = (unsigned char)((uint32_t)offset >> 16);
		buf[n++] = (unsigned char)((uint32_t)offset >> 8), buf[n++] = (unsigned char)offset;
		buf[n++] = 0, buf[n++] = 0;
		memcpy(buf + n, "XXX", 4);
		n += 4;
	}
	buf[n++] = '\n';
	memcpy(buf + n, footer, flen);
	n += flen;
	buf[n++] = '\n';
	return n;
}

static void test_tz_footers(void **state)
{
	static const struct {
		const char *footer;
		int64_t t;
		int32_t offset;
	} cases[] = {
		/* Checked against Python's zoneinfo on the same bytes. */
		{ "EST5EDT,M3.2.0,M11.1.0", 1909094400, -4 * HOUR },
		{ "EST5EDT,M3.2.0,M11.1.0", 1893456000, -5 * HOUR },
		{ "EST5EDT,M3.2.0,M11.1.0", 1899356399, -5 * HOUR },
		{ "EST5EDT,M3.2.0,M11.1.0", 1899356400, -4 * HOUR },
		{ "EST5EDT", 1899356400, -4 * HOUR }, /* no rules: tzcode's default, the United States' */
		{ "CET-1CEST,M3.5.0,M10.5.0/3", 1909094400, 2 * HOUR },
		{ "CET-1CEST,M3.5.0,M10.5.0/3", 1922313600, HOUR },
		{ "CET-1CEST,M3.5.0,M10.5.0/3", 1919293199, 2 * HOUR },
		{ "CET-1CEST,M3.5.0,M10.5.0/3", 1919293200, HOUR },
		{ "<+0330>-3:30", 1909094400, 3 * HOUR + 1800 },
		{ "<-03>3", 1909094400, -3 * HOUR },
		{ "<+0545>-5:45", 0, 5 * HOUR + 45 * 60 },
		{ "IST-1GMT0,M10.5.0,M3.5.0/1", 1909094400, HOUR },
		{ "IST-1GMT0,M10.5.0,M3.5.0/1", 1894665600, 0 },
		{ "<+00>0<+01>,J60,J300", 1835438400, 0 },       /* 2028-02-29: Jn never counts it */
		{ "<+00>0<+01>,J60,J300", 1803902400, HOUR },
		{ "<+00>0<+01>,59,299", 1835438400, HOUR },      /* n counts from 0 with the leap day */
		{ "<+00>0<+01>,59,299", 1803902400, HOUR },
		{ "EST5EDT,M3.2.0/167,M11.1.0/-167", 1899950399, -5 * HOUR },
		{ "EST5EDT,M3.2.0/167,M11.1.0/-167", 1899950400, -4 * HOUR },
		{ "EST5EDT,M3.2.0/167,M11.1.0/-167", 1919307599, -4 * HOUR },
		{ "EST5EDT,M3.2.0/167,M11.1.0/-167", 1919307600, -5 * HOUR },
		{ "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1901149199, -2 * HOUR },
		{ "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1901149200, -1 * HOUR },
		{ "EST5EDT,0/0,J365/25", 1893456000, -4 * HOUR }, /* DST all year */
		{ "EST5EDT,0/0,J365/25", 1925010000, -4 * HOUR },
		{ "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 1909094400, 12 * HOUR + 45 * 60 },
		{ "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 1893456000, 13 * HOUR + 45 * 60 },
		{ "AAA+24:59:59", 0, -(24 * HOUR + 59 * 60 + 59) },
	};
	static const char *const invalid[] = {
		"EST", "5EST", "ES5", "EST5EDT,M3.2.0", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
		"EST5EDT,M3.2.7,M11.1.0", "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,J0,J100", "EST5EDT,J366,J100",
		"EST5EDT,366,100", "EST25", "EST5:60", "EST5:00:60", "<AB>3", "<A B>3", "<ABC3", "EST5EDT,M3.2.0,M11.1.0,",
		"EST5 ", "EST5EDT4x", "EST5EDT,,M11.1.0", "EST1234",
	};
	unsigned char buf[256];
	scan_tz *tz = NULL;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = footer_zone(buf, sizeof(buf), cases[i].footer, 0);
		int32_t got;
		if (scan_tz_parse(&tz, "Test/Footer", buf, n) != 0)
			fail_msg("'%s': %s", cases[i].footer, scan_error_last()->message);
		got = scan_tz_offset(tz, cases[i].t);
		if (got != cases[i].offset)
			fail_msg("'%s' at %lld: %d, expected %d", cases[i].footer, (long long)cases[i].t, got, cases[i].offset);
		scan_tz_free(tz);
	}
	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		size_t n = footer_zone(buf, sizeof(buf), invalid[i], 0);
		tz = (scan_tz *)&tz;
		if (scan_tz_parse(&tz, "Test/Footer", buf, n) != SCAN_EPARSE)
			fail_msg("'%s' parsed", invalid[i]);
		assert_null(tz);
	}
	/* An empty footer: the last type holds (here the only one). */
	assert_int_equal(scan_tz_parse(&tz, "Test/Footer", buf, footer_zone(buf, sizeof(buf), "", 4 * HOUR)), 0);
	assert_int_equal(scan_tz_offset(tz, INT64_MAX), 4 * HOUR);
	scan_tz_free(tz);
	/* Offsets of 26 hours or more are refused in the binary part too. */
	assert_int_equal(scan_tz_parse(&tz, "Test/Footer", buf, footer_zone(buf, sizeof(buf), "", 26 * HOUR)), SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "26 hours"));
	/* Counts the RFC rules out, in the header that is read (the second, at byte 54). */
	{
		static const struct { size_t at; unsigned char value; const char *what; } counts[] = {
			{ 54 + 39, 0, "typecnt" }, { 54 + 43, 0, "charcnt" }, { 54 + 27, 2, "isstdcnt" },
			{ 54 + 23, 3, "isutcnt" }, { 54 + 35, 1, "truncated" }, { 54 + 31, 1, "truncated" },
		};
		for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
			size_t n = footer_zone(buf, sizeof(buf), "", 0);
			buf[counts[i].at] = counts[i].value;
			assert_int_equal(scan_tz_parse(&tz, "Test/Footer", buf, n), SCAN_EPARSE);
			if (!strstr(scan_error_last()->message, counts[i].what))
				fail_msg("byte %zu: '%s' lacks '%s'", counts[i].at, scan_error_last()->message, counts[i].what);
		}
	}
}

static unsigned char *read_zone(const char *name, size_t *len)
{
	char path[256];
	unsigned char *bytes;

	snprintf(path, sizeof(path), "%s/%s", ZONEINFO, name);
	if (!(bytes = (unsigned char *)th_read(path, len)))
		fail_msg("cannot read %s", path);
	return bytes;
}

static uint32_t be32_at(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void test_tz_bad_bytes(void **state)
{
	static const char *const zones[] = { "America/New_York", "Europe/Dublin", "Etc/UTC" };
	unsigned char *bytes, *big;
	scan_tz *tz = NULL;
	size_t len, v1len;

	(void)state;
	if (!have_zoneinfo())
		skip();
	/* Every prefix of a real file is refused, and reading stops at its end (ASan). */
	for (size_t z = 0; z < sizeof(zones) / sizeof(zones[0]); z++) {
		bytes = read_zone(zones[z], &len);
		assert_int_equal(scan_tz_parse(&tz, zones[z], bytes, len), 0);
		scan_tz_free(tz);
		for (size_t n = 0; n < len; n++) {
			unsigned char *prefix = malloc(n ? n : 1);
			assert_non_null(prefix);
			memcpy(prefix, bytes, n);
			tz = (scan_tz *)&tz;
			if (scan_tz_parse(&tz, zones[z], prefix, n) != SCAN_EPARSE)
				fail_msg("%s: the first %zu of %zu bytes parsed", zones[z], n, len);
			assert_null(tz);
			free(prefix);
		}
		free(bytes);
	}

	bytes = read_zone("America/New_York", &len);
	/* The same file cut to its version 1 part: 32-bit times, no footer, the last type after 2037. */
	v1len = 44 + (size_t)be32_at(bytes + 32) * 5 + (size_t)be32_at(bytes + 36) * 6 + be32_at(bytes + 40) +
	        (size_t)be32_at(bytes + 28) * 8 + be32_at(bytes + 24) + be32_at(bytes + 20);
	assert_true(v1len < len);
	bytes[4] = 0;
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, v1len), 0);
	assert_int_equal(scan_tz_offset(tz, utc(2026, 7, 1, 12, 0, 0)), -4 * HOUR);
	assert_int_equal(scan_tz_offset(tz, utc(2026, 1, 1, 12, 0, 0)), -5 * HOUR);
	assert_int_equal(scan_tz_offset(tz, utc(2100, 7, 1, 12, 0, 0)), -5 * HOUR);
	scan_tz_free(tz);
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, v1len + 1), SCAN_EPARSE); /* trailing byte */
	bytes[4] = '2';
	/* Counts that contradict the RFC. */
	bytes[36 + 3] = 0, bytes[36 + 2] = 0; /* typecnt 0 */
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, len), SCAN_EPARSE);
	free(bytes);
	bytes = read_zone("America/New_York", &len);
	bytes[24 + 3] ^= 1; /* isstdcnt neither 0 nor typecnt */
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, len), SCAN_EPARSE);
	bytes[24 + 3] ^= 1;
	bytes[len - 2] = '!'; /* the footer's last byte */
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, len), SCAN_EPARSE);
	bytes[4] = '1';
	assert_int_equal(scan_tz_parse(&tz, "America/New_York", bytes, len), SCAN_EPARSE);
	free(bytes);

	assert_int_equal(scan_tz_parse(&tz, "Bad/Zone", (const unsigned char *)"not a zone file at all", 22), SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "Bad/Zone"));
	assert_int_equal(scan_tz_parse(&tz, "Bad/Zone", (const unsigned char *)"", 0), SCAN_EPARSE);
	big = calloc(256 * 1024 + 1, 1);
	assert_non_null(big);
	memcpy(big, "TZif2", 5);
	assert_int_equal(scan_tz_parse(&tz, "Bad/Zone", big, 256 * 1024 + 1), SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "larger than"));
	free(big);
}

static void test_tz_open_directory(void **state)
{
	char *dir = th_tmpdir(), *sub;
	unsigned char *bytes, *big;
	scan_tz *tz = NULL;
	size_t len;

	(void)state;
	if (!have_zoneinfo()) {
		th_rmtree(dir);
		free(dir);
		skip();
	}
	bytes = read_zone("Australia/Lord_Howe", &len);
	th_write_bytes(dir, "Test/Zone", bytes, len);
	th_write(dir, "Bad/Garbage", "TZif2 this is not what it says it is\n");
	big = calloc(256 * 1024 + 1, 1);
	assert_non_null(big);
	th_write_bytes(dir, "Bad/Big", big, 256 * 1024 + 1);
	sub = th_join(dir, "Bad/Dir");
	assert_int_equal(mkdir(sub, 0700), 0);

	assert_int_equal(scan_tz_open(&tz, "Test/Zone", dir), 0);
	assert_int_equal(scan_tz_offset(tz, utc(2026, 7, 1, 0, 0, 0)), 10 * HOUR + 1800);
	scan_tz_free(tz);
	assert_int_equal(scan_tz_open(&tz, "Bad/Garbage", dir), SCAN_EPARSE);
	assert_null(tz);
	assert_int_equal(scan_tz_open(&tz, "Bad/Big", dir), SCAN_EPARSE);
	assert_int_equal(scan_tz_open(&tz, "Bad/Dir", dir), SCAN_ENOTFOUND);
	assert_int_equal(scan_tz_open(&tz, "Bad/Missing", dir), SCAN_ENOTFOUND);
	assert_int_equal(scan_tz_open(&tz, "Europe/Berlin", dir), SCAN_ENOTFOUND);
	free(big);
	free(bytes);
	free(sub);
	th_rmtree(dir);
	free(dir);
}

/* --- next runs ------------------------------------------------------------------- */

/* The next count fires of expr in zone after `after`, checked against want. */
static void expect_fires(const char *zone_name, const char *expr, int64_t after, const int64_t *want, size_t count)
{
	scan_cron c = parse_ok(expr);
	scan_tz *tz = zone(zone_name);
	int64_t t = after;

	for (size_t i = 0; i < count; i++) {
		int64_t prev = t;
		if (scan_cron_next(&t, &c, tz, prev) != 0)
			fail_msg("%s '%s' fire %zu: %s", zone_name, expr, i + 1, scan_error_last()->message);
		if (t != want[i])
			fail_msg("%s '%s' fire %zu after %lld: %lld, expected %lld", zone_name, expr, i + 1, (long long)prev,
			         (long long)t, (long long)want[i]);
	}
	scan_tz_free(tz);
}

static void test_next_dst(void **state)
{
	(void)state;
	if (!have_zoneinfo())
		skip();
	/* Spring forward, 2026-03-08: 02:30 does not exist; it fires at the change, 03:00 EDT, once. */
	expect_fires("America/New_York", "30 2 * * *", utc(2026, 3, 7, 12, 0, 0),
	             (const int64_t[]){ utc(2026, 3, 8, 7, 0, 0), utc(2026, 3, 9, 6, 30, 0), utc(2026, 3, 10, 6, 30, 0) }, 3);
	/* Fall back, 2026-11-01: 01:30 happens twice; it fires at the first, 05:30 UTC, only. */
	expect_fires("America/New_York", "30 1 * * *", utc(2026, 10, 31, 12, 0, 0),
	             (const int64_t[]){ utc(2026, 11, 1, 5, 30, 0), utc(2026, 11, 2, 6, 30, 0), utc(2026, 11, 3, 6, 30, 0) }, 3);
	/* Every quarter hour: the four skipped ones fire once, at 03:00 EDT... */
	expect_fires("America/New_York", "*/15 * * * *", utc(2026, 3, 8, 6, 30, 0),
	             (const int64_t[]){ utc(2026, 3, 8, 6, 45, 0), utc(2026, 3, 8, 7, 0, 0), utc(2026, 3, 8, 7, 15, 0) }, 3);
	/* ...and the repeated hour does not fire again. */
	expect_fires("America/New_York", "*/15 * * * *", utc(2026, 11, 1, 5, 30, 0),
	             (const int64_t[]){ utc(2026, 11, 1, 5, 45, 0), utc(2026, 11, 1, 7, 0, 0), utc(2026, 11, 1, 7, 15, 0) }, 3);
	/* Lord Howe moves half an hour: 02:15 is skipped on 2026-10-04, 01:45 repeats on 2026-04-05. */
	expect_fires("Australia/Lord_Howe", "15 2 * * *", utc(2026, 10, 3, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 10, 3, 15, 30, 0), utc(2026, 10, 4, 15, 15, 0) }, 2);
	expect_fires("Australia/Lord_Howe", "45 1 * * *", utc(2026, 4, 4, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 4, 4, 14, 45, 0), utc(2026, 4, 5, 15, 15, 0) }, 2);
	/* Dublin: winter is the "daylight" time, the offsets are what count. */
	expect_fires("Europe/Dublin", "30 1 * * *", utc(2026, 3, 28, 12, 0, 0),
	             (const int64_t[]){ utc(2026, 3, 29, 1, 0, 0), utc(2026, 3, 30, 0, 30, 0) }, 2);
	expect_fires("Europe/Dublin", "30 1 * * *", utc(2026, 10, 24, 12, 0, 0),
	             (const int64_t[]){ utc(2026, 10, 25, 0, 30, 0), utc(2026, 10, 26, 1, 30, 0) }, 2);
	/* Far past the transitions the file lists: the footer's rules, 2101-03-13 (second Sunday). */
	expect_fires("America/New_York", "30 2 * * *", utc(2101, 3, 12, 12, 0, 0),
	             (const int64_t[]){ utc(2101, 3, 13, 7, 0, 0), utc(2101, 3, 14, 6, 30, 0) }, 2);
}

static void test_next_calendar(void **state)
{
	scan_cron c;
	scan_tz *tz = NULL;
	int64_t t;

	(void)state;
	/* Vixie: both day fields restricted, either matches: the 13th or a Friday. */
	expect_fires("UTC", "0 0 13 * FRI", utc(2026, 1, 1, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 1, 2, 0, 0, 0), utc(2026, 1, 9, 0, 0, 0), utc(2026, 1, 13, 0, 0, 0),
	                                utc(2026, 1, 16, 0, 0, 0) }, 4);
	/* One of them `*`: the other decides. */
	expect_fires("UTC", "0 0 13 * *", utc(2026, 1, 1, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 1, 13, 0, 0, 0), utc(2026, 2, 13, 0, 0, 0) }, 2);
	expect_fires("UTC", "0 0 * * FRI", utc(2026, 1, 1, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 1, 2, 0, 0, 0), utc(2026, 1, 9, 0, 0, 0) }, 2);
	/* `*`/2 is a restriction: the 1st, 3rd... or a Sunday (7). */
	expect_fires("UTC", "0 0 */2 * 7", utc(2026, 2, 1, 0, 0, 0),
	             (const int64_t[]){ utc(2026, 2, 3, 0, 0, 0), utc(2026, 2, 5, 0, 0, 0), utc(2026, 2, 7, 0, 0, 0),
	                                utc(2026, 2, 8, 0, 0, 0) }, 4);
	/* 29 February, every four years; 2100 is not a leap year. */
	expect_fires("UTC", "0 12 29 2 *", utc(2026, 1, 1, 0, 0, 0),
	             (const int64_t[]){ utc(2028, 2, 29, 12, 0, 0), utc(2032, 2, 29, 12, 0, 0) }, 2);
	expect_fires("UTC", "0 0 29 FEB *", utc(2096, 3, 1, 0, 0, 0), (const int64_t[]){ utc(2104, 2, 29, 0, 0, 0) }, 1);
	/* Strictly after: a fire at `after` itself is not the next one. */
	expect_fires("UTC", "0 * * * *", utc(2026, 5, 5, 5, 0, 0), (const int64_t[]){ utc(2026, 5, 5, 6, 0, 0) }, 1);
	expect_fires("UTC", "59 23 31 12 *", utc(1969, 6, 1, 0, 0, 0), (const int64_t[]){ utc(1969, 12, 31, 23, 59, 0) }, 1);
	expect_fires("UTC", "0 0 1 1 *", utc(9999, 6, 1, 0, 0, 0), (const int64_t[]){ utc(10000, 1, 1, 0, 0, 0) }, 1);

	assert_int_equal(scan_tz_open(&tz, "UTC", NULL), 0);
	c = parse_ok("0 0 30 2 *");
	assert_int_equal(scan_cron_next(&t, &c, tz, utc(2026, 1, 1, 0, 0, 0)), SCAN_ENOTFOUND);
	assert_non_null(strstr(scan_error_last()->message, "eight years"));
	c = parse_ok("0 0 31 4,6,9,11 *");
	assert_int_equal(scan_cron_next(&t, &c, tz, 0), SCAN_ENOTFOUND);
	c = parse_ok("* * * * *");
	assert_int_equal(scan_cron_next(&t, &c, tz, INT64_MAX), SCAN_EINVAL);
	assert_int_equal(scan_cron_next(&t, &c, tz, INT64_MIN), SCAN_EINVAL);
	assert_int_equal(scan_cron_next(&t, &c, tz, -62135596801), SCAN_EINVAL);
	assert_int_equal(scan_cron_next(&t, &c, tz, -62135596800), 0);
	assert_int_equal(t, -62135596800 + 60);
	memset(&c, 0, sizeof(c)); /* names no minute at all */
	assert_int_equal(scan_cron_next(&t, &c, tz, 0), SCAN_ENOTFOUND);
	scan_tz_free(tz);
}

/* The zone is shared, read-only, by threads that each compute their own runs. */
typedef struct {
	const scan_tz *tz;
	const int64_t *want;
	int ok;
} thread_job;

#define THREAD_RUNS 400

static void *run_thread(void *arg)
{
	thread_job *job = arg;
	scan_cron c;
	int64_t t = utc(2026, 1, 1, 0, 0, 0);

	job->ok = scan_cron_parse(&c, "*/20 1-3 * * *", NULL) == 0;
	for (int i = 0; job->ok && i < THREAD_RUNS; i++)
		job->ok = scan_cron_next(&t, &c, job->tz, t) == 0 && t == job->want[i];
	return NULL;
}

static void test_next_threads(void **state)
{
	int64_t want[THREAD_RUNS], t = utc(2026, 1, 1, 0, 0, 0);
	thread_job jobs[4];
	pthread_t th[4];
	scan_cron c = parse_ok("*/20 1-3 * * *");
	scan_tz *tz;

	(void)state;
	if (!have_zoneinfo())
		skip();
	tz = zone("Europe/Dublin");
	for (int i = 0; i < THREAD_RUNS; i++) {
		assert_int_equal(scan_cron_next(&t, &c, tz, t), 0);
		want[i] = t;
	}
	for (int i = 0; i < 4; i++) {
		jobs[i] = (thread_job){ tz, want, 0 };
		assert_int_equal(pthread_create(&th[i], NULL, run_thread, &jobs[i]), 0);
	}
	for (int i = 0; i < 4; i++) {
		assert_int_equal(pthread_join(th[i], NULL), 0);
		assert_true(jobs[i].ok);
	}
	scan_tz_free(tz);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cron_forms),
		cmocka_unit_test(test_cron_errors),
		cmocka_unit_test(test_tz_utc_without_file),
		cmocka_unit_test(test_tz_offsets),
		cmocka_unit_test(test_tz_names),
		cmocka_unit_test(test_tz_footers),
		cmocka_unit_test(test_tz_bad_bytes),
		cmocka_unit_test(test_tz_open_directory),
		cmocka_unit_test(test_next_dst),
		cmocka_unit_test(test_next_calendar),
		cmocka_unit_test(test_next_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
