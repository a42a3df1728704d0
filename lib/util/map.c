/* lib/util/map.c - the one hash map: one or two borrowed keys to an index */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include "util/error.h"
#include "util/hash.h"
#include "scan/map.h"

typedef struct {
	const char *a, *b;
	size_t alen, blen;
	uint64_t hash;
} map_key;

/*
 * Maps hold names from scanned files: a seed the file cannot know, drawn
 * once per process, keeps it from planning bucket collisions. Nothing
 * iterates a map, so the seed changes no output.
 */
static uint64_t map_seed;
static pthread_once_t map_seed_once = PTHREAD_ONCE_INIT;

static void seed_init(void)
{
	uint64_t r = 0;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r = (uint64_t)(uintptr_t)&map_seed ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 32);
	}
	map_seed = SCAN_HASH_SEED ^ r;
}

static map_key key_of(const void *a, size_t alen, const void *b, size_t blen)
{
	map_key k = { a, b, alen, b ? blen : 0, 0 };

	pthread_once(&map_seed_once, seed_init);
	k.hash = scan_hash__bytes(map_seed, k.a, alen);
	if (b) {
		/* A separator no byte is, so ("ab", "c") and ("a", "bc") hash apart. */
		k.hash = (k.hash ^ 0x100) * 1099511628211ull;
		k.hash = scan_hash__bytes(k.hash, k.b, k.blen);
	}
	/* The table indexes by the low bits: fold the high ones in. */
	k.hash ^= (k.hash >> 29) ^ (k.hash >> 47);
	return k;
}

static bool key_equal(const scan_map_entry *e, const map_key *k)
{
	if (e->hash != k->hash || e->alen != k->alen || memcmp(e->a, k->a, k->alen))
		return false;
	if (!e->b || !k->b)
		return !e->b && !k->b;
	return e->blen == k->blen && !memcmp(e->b, k->b, k->blen);
}

static scan_map_entry *probe(scan_map_entry *t, size_t cap, const map_key *k)
{
	size_t i = (size_t)k->hash & (cap - 1);

	while (t[i].used && !key_equal(&t[i], k))
		i = (i + 1) & (cap - 1);
	return &t[i];
}

static int grow(scan_map *m)
{
	size_t cap = m->cap ? 2 * m->cap : 64;
	scan_map_entry *t;

	if (cap > SIZE_MAX / sizeof(*t) || !(t = calloc(cap, sizeof(*t))))
		return scan_error__oom();
	for (size_t i = 0; i < m->cap; i++) {
		if (m->e[i].used) {
			/* Keys are distinct: the first free slot of the probe is the one. */
			size_t j = (size_t)m->e[i].hash & (cap - 1);
			while (t[j].used)
				j = (j + 1) & (cap - 1);
			t[j] = m->e[i];
		}
	}
	free(m->e);
	m->e = t;
	m->cap = cap;
	return 0;
}

int scan_map_put_bytes(scan_map *m, const void *a, size_t alen, const void *b, size_t blen, size_t value,
                       size_t *existing)
{
	map_key k = key_of(a, alen, b, blen);
	scan_map_entry *e;
	int rc;

	/* At most half full, so probes stay short. */
	if (2 * (m->count + 1) > m->cap && (rc = grow(m)) != 0)
		return rc;
	e = probe(m->e, m->cap, &k);
	if (e->used) {
		if (existing)
			*existing = e->value;
		return 1;
	}
	e->a = k.a, e->alen = k.alen;
	e->b = k.b, e->blen = k.blen;
	e->hash = k.hash;
	e->value = value;
	e->used = true;
	m->count++;
	return 0;
}

static scan_map_entry *lookup(const scan_map *m, const void *a, size_t alen, const void *b, size_t blen)
{
	map_key k;
	scan_map_entry *e;

	if (!m->cap)
		return NULL;
	k = key_of(a, alen, b, blen);
	e = probe(m->e, m->cap, &k);
	return e->used ? e : NULL;
}

bool scan_map_get_bytes(const scan_map *m, const void *a, size_t alen, const void *b, size_t blen, size_t *value)
{
	const scan_map_entry *e = lookup(m, a, alen, b, blen);

	if (e && value)
		*value = e->value;
	return e != NULL;
}

bool scan_map_set_bytes(scan_map *m, const void *a, size_t alen, const void *b, size_t blen, size_t value)
{
	scan_map_entry *e = lookup(m, a, alen, b, blen);

	if (e)
		e->value = value;
	return e != NULL;
}

int scan_map_put(scan_map *m, const char *a, const char *b, size_t value, size_t *existing)
{
	return scan_map_put_bytes(m, a, strlen(a), b, b ? strlen(b) : 0, value, existing);
}

bool scan_map_get(const scan_map *m, const char *a, const char *b, size_t *value)
{
	return scan_map_get_bytes(m, a, strlen(a), b, b ? strlen(b) : 0, value);
}

bool scan_map_set(scan_map *m, const char *a, const char *b, size_t value)
{
	return scan_map_set_bytes(m, a, strlen(a), b, b ? strlen(b) : 0, value);
}

void scan_map_dispose(scan_map *m)
{
	free(m->e);
	memset(m, 0, sizeof(*m));
}
