/* lib/util/slice.h - the one string slice: a pointer and a length into text someone else owns */
#ifndef SCAN_UTIL_SLICE_H
#define SCAN_UTIL_SLICE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Not NUL-terminated: len says where it ends. */
typedef struct {
	const char *s;
	size_t len;
} scan_slice;

static inline scan_slice scan_slice__of(const char *s, size_t len)
{
	scan_slice v = { s, len };

	return v;
}

/* Whether the slice holds exactly the NUL-terminated word. */
static inline bool scan_slice__is(scan_slice v, const char *word)
{
	size_t n = strlen(word);

	return v.len == n && (n == 0 || memcmp(v.s, word, n) == 0);
}

#endif
