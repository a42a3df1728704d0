/* tests/fuzz/fuzz_policy.c - the gate policy parser and setter on arbitrary bytes */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"
#include "scan/gate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input: the whole buffer is handed to scan_gate_policy_parse_json(); split at
 * the first '=' it is also a key and value for scan_gate_policy_set(). Whatever
 * either accepts must be in range, and a parsed policy written back as
 * JSON must parse again to the same policy (percentages within the
 * precision the writer keeps).
 */

static void check_ranges(const scan_gate_policy *p)
{
	if (p->new_critical_max < 0 || p->new_critical_max > 1000000000 ||
	    p->new_high_max < 0 || p->new_high_max > 1000000000 ||
	    p->complexity_new_max < 0 || p->complexity_new_max > 1000000000)
		abort();
	if (!(p->duplication_pct_max >= 0 && p->duplication_pct_max <= 100) ||
	    !(p->new_coverage_min >= 0 && p->new_coverage_min <= 100))
		abort();
	if (p->rating_min < 'A' || p->rating_min > 'E')
		abort();
}

static bool close_enough(double a, double b)
{
	return fabs(a - b) <= 1e-5 * (fabs(a) > 1 ? fabs(a) : 1);
}

static void check_roundtrip(const scan_gate_policy *p)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_gate_policy q;

	if (scan_gate_policy_write_json(&b, p) != 0)
		abort();
	if (scan_gate_policy_parse_json(&q, b.ptr, b.size) != 0)
		abort(); /* what we write, we must read */
	if (q.new_critical_max != p->new_critical_max || q.new_high_max != p->new_high_max ||
	    q.complexity_new_max != p->complexity_new_max || q.rating_min != p->rating_min ||
	    !close_enough(q.duplication_pct_max, p->duplication_pct_max) ||
	    !close_enough(q.new_coverage_min, p->new_coverage_min))
		abort();
	scan_buf_dispose(&b);
}

static char *copy_z(const uint8_t *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_gate_policy p;
	const uint8_t *eq;

	if (scan_gate_policy_parse_json(&p, (const char *)data, size) == 0) {
		check_ranges(&p);
		check_roundtrip(&p);
	}

	eq = size ? memchr(data, '=', size) : NULL;
	if (eq) {
		char *key = copy_z(data, (size_t)(eq - data));
		char *value = copy_z(eq + 1, size - (size_t)(eq - data) - 1);
		scan_gate_policy q = SCAN_GATE_POLICY_DEFAULTS, before = q;

		if (key && value) {
			int rc = scan_gate_policy_set(&q, key, value);
			if (rc == 0) {
				if (!scan_gate_policy_is_key(key))
					abort();
				check_ranges(&q);
				check_roundtrip(&q);
			} else if (rc != SCAN_EINVAL || memcmp(&q, &before, sizeof(q)) != 0) {
				abort(); /* a refused value leaves the policy alone */
			}
		}
		free(key);
		free(value);
	}
	return 0;
}
