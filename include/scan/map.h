/* include/scan/map.h - the one hash map: one or two borrowed keys to an index */
#ifndef SCAN_MAP_H
#define SCAN_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "common.h"

/*
 * Open addressing, at most half full; keys are borrowed (they must outlive
 * the map) and compared whole, so a collision costs a probe, never a wrong
 * answer. A key is one or two parts: strings, or byte ranges (a substring
 * of a file, an object id, a pointer's own bytes). The value is an index
 * into the owner's array; several values under one key are a chain the
 * owner keeps in that array, the map holding its head. SCAN_MAP_INIT is an
 * empty map.
 */
typedef struct {
	const char *a, *b;      /* borrowed; b may be NULL (a one-part key) */
	size_t alen, blen;
	uint64_t hash;
	size_t value;
	bool used;
} scan_map_entry;

typedef struct {
	scan_map_entry *e;
	size_t cap, count;      /* cap is 0 or a power of two */
} scan_map;

/*
 * Insert (a, b) -> value. Returns 1 and sets *existing when the key is
 * there already (the map is unchanged), 0 when inserted, SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_map_put(scan_map *m, const char *a, const char *b, size_t value, size_t *existing);
SCAN_EXTERN bool scan_map_get(const scan_map *m, const char *a, const char *b, size_t *value);
/* Change the value of a key that is there; false when it is not. */
SCAN_EXTERN bool scan_map_set(scan_map *m, const char *a, const char *b, size_t value);

/* The same over byte ranges; b NULL is a one-part key. */
SCAN_EXTERN int scan_map_put_bytes(scan_map *m, const void *a, size_t alen, const void *b, size_t blen, size_t value,
                                   size_t *existing);
SCAN_EXTERN bool scan_map_get_bytes(const scan_map *m, const void *a, size_t alen, const void *b, size_t blen,
                                    size_t *value);
SCAN_EXTERN bool scan_map_set_bytes(scan_map *m, const void *a, size_t alen, const void *b, size_t blen, size_t value);

SCAN_EXTERN void scan_map_dispose(scan_map *m);
#define SCAN_MAP_INIT { NULL, 0, 0 }

#endif
