/* lib/util/number.h - numbers in untrusted text, checked */
#ifndef SCAN_UTIL_NUMBER_H
#define SCAN_UTIL_NUMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The unsigned decimal in s[0..len): digits only (no sign, no spaces, no
 * "0x"), at least one, and no overflow. strtoull would take all of those,
 * and a length-bounded field of a report or a header is not NUL-terminated.
 */
bool scan_util__parse_u64(const char *s, size_t len, uint64_t *out);

/*
 * The value of the hex digit c (either case), or -1. Inline: it sits in
 * the loops of every decoder of %XX and \uXXXX escapes.
 */
static inline int scan_number__hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
