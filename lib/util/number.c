/* lib/util/number.c - numbers in untrusted text, checked */
#include "util/number.h"

bool scan_util__parse_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (!len || len > 20)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned d;
		if (s[i] < '0' || s[i] > '9')
			return false;
		d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}
