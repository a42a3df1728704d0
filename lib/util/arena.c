/* lib/util/arena.c */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"

struct scan_arena_chunk {
	scan_arena_chunk *next;
	max_align_t data[];
};

#define ARENA_CHUNK_SIZE ((size_t)64 << 10)
#define ARENA_ALIGN (sizeof(max_align_t))

static void *chunk_new(scan_arena *a, size_t cap)
{
	scan_arena_chunk *c;

	if (cap > SIZE_MAX - sizeof(*c))
		return NULL;
	c = malloc(sizeof(*c) + cap);
	if (!c)
		return NULL;
	c->next = a->head;
	a->head = c;
	return c->data;
}

void *scan_arena__alloc(scan_arena *a, size_t size)
{
	void *p;

	if (size == 0)
		size = 1;
	if (size > SIZE_MAX - ARENA_ALIGN)
		return NULL;
	size = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
#ifdef SCAN_ARENA_MALLOC
	p = chunk_new(a, size);
	a->used = a->cap = 0;
	return p;
#else
	if (size > ARENA_CHUNK_SIZE / 4) {
		/* A big object gets a chunk to itself, linked after the current one. */
		scan_arena_chunk *cur = a->head;
		if (!(p = chunk_new(a, size)))
			return NULL;
		if (cur) {
			scan_arena_chunk *big = a->head;
			a->head = cur;
			big->next = cur->next;
			cur->next = big;
		} else {
			a->used = a->cap = 0;
		}
		return p;
	}
	if (!a->head || a->cap - a->used < size) {
		if (!chunk_new(a, ARENA_CHUNK_SIZE))
			return NULL;
		a->used = 0;
		a->cap = ARENA_CHUNK_SIZE;
	}
	p = (char *)a->head->data + a->used;
	a->used += size;
	return p;
#endif
}

void *scan_arena__calloc(scan_arena *a, size_t size)
{
	void *p = scan_arena__alloc(a, size);

	if (p)
		memset(p, 0, size);
	return p;
}

char *scan_arena__strndup(scan_arena *a, const char *s, size_t len)
{
	char *p;

	if (len == SIZE_MAX || !(p = scan_arena__alloc(a, len + 1)))
		return NULL;
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *scan_arena__strdup(scan_arena *a, const char *s)
{
	return s ? scan_arena__strndup(a, s, strlen(s)) : NULL;
}

void scan_arena__absorb(scan_arena *dst, scan_arena *src)
{
	scan_arena_chunk *last;

	if (!src->head)
		return;
	/* src's chunks go behind dst's head so dst keeps bumping in its own chunk. */
	for (last = src->head; last->next; last = last->next)
		;
	if (dst->head) {
		last->next = dst->head->next;
		dst->head->next = src->head;
	} else {
		dst->head = src->head;
		dst->used = src->used;
		dst->cap = src->cap;
	}
	src->head = NULL;
	src->used = src->cap = 0;
}

void scan_arena__dispose(scan_arena *a)
{
	scan_arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->used = a->cap = 0;
}
