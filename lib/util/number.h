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
bool scan__parse_u64(const char *s, size_t len, uint64_t *out);

#endif
