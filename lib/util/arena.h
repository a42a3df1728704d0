/* lib/util/arena.h - bump allocation for the objects of one scan */
#ifndef SCAN_UTIL_ARENA_H
#define SCAN_UTIL_ARENA_H

#include <stddef.h>

/*
 * Paths, snippets and findings of a scan live in arenas freed all at once.
 * Each worker owns one; the result absorbs them. With SCAN_ARENA_MALLOC
 * (the sanitizer build) every allocation is its own malloc so ASan sees
 * overflows between neighbours.
 */
typedef struct scan_arena_chunk scan_arena_chunk;
typedef struct {
	scan_arena_chunk *head;
	size_t used;       /* in head */
	size_t cap;        /* of head */
} scan_arena;

#define SCAN_ARENA_INIT { NULL, 0, 0 }

void *scan_arena__alloc(scan_arena *a, size_t size);
void *scan_arena__calloc(scan_arena *a, size_t size);
char *scan_arena__strndup(scan_arena *a, const char *s, size_t len);
char *scan_arena__strdup(scan_arena *a, const char *s); /* NULL stays NULL */
/* Moves every chunk of src into dst; src is empty afterwards. */
void scan_arena__absorb(scan_arena *dst, scan_arena *src);
void scan_arena__dispose(scan_arena *a);

#endif
