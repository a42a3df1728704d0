/* tests/fuzz/fuzz_sched_tzif.c - TZif files (and their POSIX footers) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sched/sched_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OFFSET (26 * 3600)
#define HORIZON ((int64_t)8 * 366 * 86400)

static void check_instant(const scan_tz *tz, int64_t t)
{
	int64_t next;
	int32_t off = scan_sched__tz_lookup(tz, t, &next);

	if (off <= -MAX_OFFSET || off >= MAX_OFFSET || (next <= t && t != INT64_MAX) || off != scan_tz_offset(tz, t))
		abort();
	/* Nothing changes before the change it announced. */
	if (next != INT64_MAX && next - 1 > t && scan_tz_offset(tz, next - 1) != off)
		abort();
}

/*
 * Whatever parses answers an offset within 26 hours of UTC at any instant,
 * announces its next change after the instant, and schedules: the next run
 * is after `after`, within eight years, and the one after it later still.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int64_t instants[] = {
		INT64_MIN, -((int64_t)1 << 59), -2208988800, -1, 0, 1, 946684800, 1772953200, 2147483647, 4102444800,
		(int64_t)1 << 40, (int64_t)1 << 52, ((int64_t)1 << 53) + 12345, INT64_MAX - 1, INT64_MAX,
	};
	static const char *const exprs[] = { "30 2 * * *", "*/7 * * * *", "0 0 29 2 *" };
	scan_tz *tz = NULL;
	scan_cron c;

	if (scan_tz_parse(&tz, "Fuzz/Zone", data, size) != 0) {
		if (tz)
			abort();
		return 0;
	}
	if (strcmp(scan_tz_name(tz), "Fuzz/Zone") != 0)
		abort();
	for (size_t i = 0; i < sizeof(instants) / sizeof(instants[0]); i++)
		check_instant(tz, instants[i]);
	/* Around every instant the bytes could name as a transition. */
	for (size_t i = 0; i + 8 <= size && i < 4096; i += 4) {
		int64_t t = 0;
		for (size_t k = 0; k < 8; k++)
			t = (int64_t)((uint64_t)t << 8 | data[i + k]);
		check_instant(tz, t);
		if (t > INT64_MIN)
			check_instant(tz, t - 1);
		t = (int32_t)((uint32_t)data[i] << 24 | (uint32_t)data[i + 1] << 16 | (uint32_t)data[i + 2] << 8 | data[i + 3]);
		check_instant(tz, t);
		check_instant(tz, t - 1);
	}
	for (size_t i = 0; i < sizeof(exprs) / sizeof(exprs[0]); i++) {
		int64_t after = i == 0 ? 1772900000 : i == 1 ? -2208988800 : 4102444800, t, t2;
		int rc;
		if (scan_cron_parse(&c, exprs[i], NULL) != 0)
			abort();
		rc = scan_cron_next(&t, &c, tz, after);
		if (rc == SCAN_ENOTFOUND)
			continue;
		if (rc != 0 || t <= after || t > after + HORIZON)
			abort();
		if (scan_cron_next(&t2, &c, tz, t) == 0 && t2 <= t)
			abort();
	}
	scan_tz_free(tz);
	return 0;
}
