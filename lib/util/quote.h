/* lib/util/quote.h - the one way to put outside text into a message */
#ifndef SCAN_UTIL_QUOTE_H
#define SCAN_UTIL_QUOTE_H

#include <stddef.h>

/* Input bytes shown; what is cut is marked "...". */
#define SCAN_QUOTE_MAX 64
#define SCAN_QUOTE_LEN (4 * SCAN_QUOTE_MAX + 4)

/*
 * len bytes of s (NULL: none) as a message may show them: by the rule of
 * scan_buf_put_printable() (controls and bytes that are not UTF-8 as \xNN),
 * at most SCAN_QUOTE_MAX of them. Returns out.
 */
const char *scan_util__quote(char out[SCAN_QUOTE_LEN], const char *s, size_t len);

#endif
