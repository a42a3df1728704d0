/* lib/util/quote.h - the one way to put outside text into a message */
#ifndef SCAN_UTIL_QUOTE_H
#define SCAN_UTIL_QUOTE_H

#include <stddef.h>
#include "scan/buf.h"

/* Input bytes shown; what is cut is marked "...". */
#define SCAN_QUOTE_MAX 64
#define SCAN_QUOTE_LEN (4 * SCAN_QUOTE_MAX + 4)

/*
 * len bytes of s (NULL: none) as a message may show them: by the rule of
 * scan_buf_put_printable() (controls and bytes that are not UTF-8 as \xNN),
 * at most SCAN_QUOTE_MAX of them. Returns out.
 */
const char *scan_util__quote(char out[SCAN_QUOTE_LEN], const char *s, size_t len);

/*
 * s (NULL: nothing) as Markdown text that cannot become markup: every
 * character Markdown gives a meaning backslash-escaped, line breaks and
 * tabs as spaces, other controls dropped. For text from a scan in a
 * report or a pull-request comment.
 */
void scan_util__md_text(scan_buf *b, const char *s);

#endif
