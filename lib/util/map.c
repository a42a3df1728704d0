/* lib/util/map.c - the one hash map: one or two borrowed strings to an index */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/hash.h"
#include "scan/map.h"

static uint64_t hash_key(const char *a, const char *b)
{
	uint64_t h = scan_hash__bytes(SCAN_HASH_SEED, a, strlen(a));

	/* A separator no C string holds, so ("ab", "c") and ("a", "bc") differ. */
	h = (h ^ 0x100) * 1099511628211ull;
	return b ? scan_hash__bytes(h, b, strlen(b)) : h;
}

static bool key_equal(const scan_map_entry *e, uint64_t h, const char *a, const char *b)
{
	if (e->hash != h || strcmp(e->a, a))
		return false;
	if (!e->b || !b)
		return e->b == b;
	return !strcmp(e->b, b);
}

static scan_map_entry *probe(scan_map_entry *t, size_t cap, uint64_t h, const char *a, const char *b)
{
	size_t i = (size_t)h & (cap - 1);

	while (t[i].used && !key_equal(&t[i], h, a, b))
		i = (i + 1) & (cap - 1);
	return &t[i];
}

static int grow(scan_map *m)
{
	size_t cap = m->cap ? 2 * m->cap : 64;
	scan_map_entry *t;

	if (cap > SIZE_MAX / sizeof(*t) || !(t = calloc(cap, sizeof(*t))))
		return scan_error__oom();
	for (size_t i = 0; i < m->cap; i++)
		if (m->e[i].used)
			*probe(t, cap, m->e[i].hash, m->e[i].a, m->e[i].b) = m->e[i];
	free(m->e);
	m->e = t;
	m->cap = cap;
	return 0;
}

int scan_map_put(scan_map *m, const char *a, const char *b, size_t value, size_t *existing)
{
	uint64_t h = hash_key(a, b);
	scan_map_entry *e;
	int rc;

	/* At most half full, so probes stay short. */
	if (2 * (m->count + 1) > m->cap && (rc = grow(m)) != 0)
		return rc;
	e = probe(m->e, m->cap, h, a, b);
	if (e->used) {
		if (existing)
			*existing = e->value;
		return 1;
	}
	e->a = a;
	e->b = b;
	e->hash = h;
	e->value = value;
	e->used = true;
	m->count++;
	return 0;
}

bool scan_map_get(const scan_map *m, const char *a, const char *b, size_t *value)
{
	const scan_map_entry *e;

	if (!m->cap)
		return false;
	e = probe(m->e, m->cap, hash_key(a, b), a, b);
	if (e->used && value)
		*value = e->value;
	return e->used;
}

bool scan_map_set(scan_map *m, const char *a, const char *b, size_t value)
{
	scan_map_entry *e;

	if (!m->cap)
		return false;
	e = probe(m->e, m->cap, hash_key(a, b), a, b);
	if (e->used)
		e->value = value;
	return e->used;
}

void scan_map_dispose(scan_map *m)
{
	free(m->e);
	memset(m, 0, sizeof(*m));
}
