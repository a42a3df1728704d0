/* tests/fuzz/fuzz_time.c - ISO 8601 timestamps (lib/util/timefmt.h) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/common.h"
#include "util/timefmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 0000-01-01 is before 1970; 10000-01-01T00:00:00Z no longer fits SCAN_TIME_LEN. */
#define TIME_FORMAT_MAX ((time_t)253402300799) /* 9999-12-31T23:59:59Z */

/*
 * The parser gets a NUL-terminated copy (it reads C strings). Whatever it
 * accepts must format to the canonical form, which must parse back to the
 * same instant; anything it refuses is SCAN_EINVAL and leaves *out alone.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	time_t t = (time_t)-12345, back = 0;
	char out[SCAN_TIME_LEN];
	int rc;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	rc = scan_util__time_parse(&t, s);
	if (rc != 0) {
		if (rc != SCAN_EINVAL || t != (time_t)-12345)
			abort();
	} else if (t >= 0 && t <= TIME_FORMAT_MAX) {
		scan_util__time_format(out, t);
		if (strlen(out) != SCAN_TIME_LEN - 1 || out[10] != 'T' || out[19] != 'Z')
			abort();
		if (scan_util__time_parse(&back, out) != 0 || back != t)
			abort();
	}
	free(s);
	return 0;
}
