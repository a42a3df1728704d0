/* lib/store/cache.h - the readers' side of the store's cache (cache.c) */
#ifndef SCAN_STORE_CACHE_H
#define SCAN_STORE_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/store.h"

typedef struct scan_store_cache scan_store_cache;

/* How a reader's list of one record is copied (NULL when out of memory) and freed. */
typedef struct {
	void *(*copy)(const void *list);
	void (*free)(void *list);
} scan_store_cache_type;

/*
 * A copy of the list kept for (kind, id), or NULL: then *generation is what
 * to hand scan_store__cache_put() with the list read from the database.
 */
void *scan_store__cache_get(scan_store *st, const scan_store_cache_type *t, char kind, int64_t id,
                            uint64_t *generation);
void scan_store__cache_put(scan_store *st, const scan_store_cache_type *t, char kind, int64_t id,
                           uint64_t generation, const void *list);
/* scan_store_free(): the listener stopped, all freed. */
void scan_store__cache_stop(scan_store *st);

#endif
