/* lib/util/timefmt.h - ISO 8601 UTC timestamps, the form the spec and the store use */
#ifndef SCAN_UTIL_TIMEFMT_H
#define SCAN_UTIL_TIMEFMT_H

#include <time.h>

#define SCAN_TIME_LEN 21  /* "2026-11-21T09:35:00Z" and its NUL */

void scan_util__time_format(char out[SCAN_TIME_LEN], time_t t);
/*
 * "2026-11-21T09:35:00Z", "2026-11-21T09:35:00+01:00", "2026-11-21 09:35:00"
 * (UTC) or a date "2026-11-21" (midnight UTC). 0 or SCAN_EINVAL.
 */
int scan_util__time_parse(time_t *out, const char *s);

#endif
