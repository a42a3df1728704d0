/* include/scan/array.h - the one growable array */
#ifndef SCAN_ARRAY_H
#define SCAN_ARRAY_H

#include <stddef.h>
#include "common.h"

/*
 * An array that grows is three things the owner keeps side by side - a
 * pointer, a count and a capacity - and one call before each append:
 *
 *	if (scan_array_reserve(&v.items, &v.cap, v.count + 1, sizeof(*v.items)))
 *		return SCAN_ENOMEM;
 *	v.items[v.count++] = x;
 *
 * The capacity doubles (from 16), the size computation cannot overflow,
 * and on failure the array is left as it was with the error raised.
 * itemsp is the address of any object pointer (T **).
 */
SCAN_EXTERN int scan_array_reserve(void *itemsp, size_t *cap, size_t need, size_t size);

/* Reserves one more item and returns it zeroed (count advanced), or NULL with the error raised. */
SCAN_EXTERN void *scan_array_push(void *itemsp, size_t *count, size_t *cap, size_t size);

#endif /* SCAN_ARRAY_H */
