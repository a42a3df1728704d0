/* lib/util/timefmt.c */
#include <stdio.h>
#include <string.h>
#include "scan/common.h"
#include "util/timefmt.h"

void scan_util__time_format(char out[SCAN_TIME_LEN], time_t t)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, SCAN_TIME_LEN, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Reads exactly n digits. */
static int digits(const char **p, int n, int *out)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return 0;
}

#define SCAN_TIME_LAST ((time_t)253402300799) /* 9999-12-31T23:59:59Z */

static const int days_in_month[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

int scan_util__time_parse(time_t *out, const char *s)
{
	struct tm tm;
	const char *p = s;
	int y, mo, d, h = 0, mi = 0, sec = 0, off = 0;
	time_t t;

	if (!s)
		return SCAN_EINVAL;
	memset(&tm, 0, sizeof(tm));
	if (digits(&p, 4, &y) || *p++ != '-' || digits(&p, 2, &mo) || *p++ != '-' || digits(&p, 2, &d))
		return SCAN_EINVAL;
	if (mo < 1 || mo > 12 || d < 1 || d > days_in_month[mo - 1] || y < 1970)
		return SCAN_EINVAL;
	if (mo == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return SCAN_EINVAL;
	if (*p == 'T' || *p == ' ') {
		p++;
		if (digits(&p, 2, &h) || *p++ != ':' || digits(&p, 2, &mi))
			return SCAN_EINVAL;
		if (*p == ':') {
			p++;
			if (digits(&p, 2, &sec))
				return SCAN_EINVAL;
			if (*p == '.') /* fractions of a second are dropped */
				for (p++; *p >= '0' && *p <= '9'; p++)
					;
		}
		if (h > 23 || mi > 59 || sec > 60)
			return SCAN_EINVAL;
		if (*p == 'Z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int sign = *p++ == '-' ? -1 : 1, oh, om;
			if (digits(&p, 2, &oh))
				return SCAN_EINVAL;
			if (*p == ':')
				p++;
			if (digits(&p, 2, &om) || oh > 23 || om > 59)
				return SCAN_EINVAL;
			off = sign * (oh * 3600 + om * 60);
		}
	}
	if (*p)
		return SCAN_EINVAL;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	t = timegm(&tm) - off;
	/* Only what scan_util__time_format() can write back: 1970 to the end of 9999. */
	if (t < 0 || t > SCAN_TIME_LAST)
		return SCAN_EINVAL;
	*out = t;
	return 0;
}

int scan_time_parse(time_t *out, const char *s)
{
	return scan_util__time_parse(out, s);
}
