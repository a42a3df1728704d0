/* lib/util/array.c - the one growable array */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/array.h"
#include "util/error.h"

int scan_array_reserve(void *itemsp, size_t *cap, size_t need, size_t size)
{
	void *items, *grown;
	size_t ncap = *cap ? *cap : 16;

	if (need <= *cap)
		return 0;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return scan_error__oom();
		ncap *= 2;
	}
	if (size && ncap > SIZE_MAX / size)
		return scan_error__oom();
	/* The owner's pointer has its own type: read and written as bytes, not through a void ** */
	memcpy(&items, itemsp, sizeof(items));
	if (!(grown = realloc(items, ncap * size)))
		return scan_error__oom();
	memcpy(itemsp, &grown, sizeof(grown));
	*cap = ncap;
	return 0;
}

void *scan_array_push(void *itemsp, size_t *count, size_t *cap, size_t size)
{
	char *items;

	if (scan_array_reserve(itemsp, cap, *count + 1, size) != 0)
		return NULL;
	memcpy(&items, itemsp, sizeof(items));
	return memset(items + (*count)++ * size, 0, size);
}
