/* lib/store/cache.c - PostgreSQL: the users and scans a server reads over and over, kept until a change is announced */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "store/cache.h"
#include "store/store_int.h"
#include "util/error.h"
#include "scan/map.h"

/*
 * Every request reads its caller's user and, most often, one scan: two
 * round trips to PostgreSQL for rows that rarely change. A server keeps
 * them here. The database announces each change to such a row, whichever
 * process made it (migration 15's triggers, at commit, in commit order),
 * and one thread per cache listens and drops what changed. While that
 * thread holds no listening connection - before the first, after one is
 * lost - the cache is dark: every read goes to the database, and all that
 * was kept is dropped when listening starts again, since what changed in
 * between is unknown.
 *
 * A read that missed puts what it read only if nothing was dropped since
 * it looked (the generation): a change committed while it read, announced
 * before it puts, would otherwise be overwritten by the older row.
 */

#define CACHE_SLOTS 4096
#define CACHE_CHANNEL "rampart_changes"
#define LISTEN_WAIT_MS 250

typedef struct {
	unsigned char key[9]; /* the kind, then the id's bytes: the map's borrowed key */
	const scan_store_cache_type *type;
	void *list;           /* NULL: dropped */
} cache_slot;

struct scan_store_cache {
	pthread_mutex_t lock; /* guards all below but stop */
	scan_map map;         /* key -> slot */
	cache_slot *slots;    /* CACHE_SLOTS, never moved: the map borrows their keys */
	size_t nslots;
	uint64_t generation;  /* raised by every drop */
	bool live;            /* the listener is listening */
	char *target;         /* the database URL: the listener's own connection */
	pthread_t listener;
	atomic_bool stop;
};

static void make_key(unsigned char key[9], char kind, int64_t id)
{
	key[0] = (unsigned char)kind;
	memcpy(key + 1, &id, sizeof(id));
}

/* Under the lock. */
static void drop_all(scan_store_cache *c)
{
	for (size_t i = 0; i < c->nslots; i++) {
		if (c->slots[i].list)
			c->slots[i].type->free(c->slots[i].list);
		c->slots[i].list = NULL;
	}
	scan_map_dispose(&c->map);
	c->map = (scan_map)SCAN_MAP_INIT;
	c->nslots = 0;
	c->generation++;
}

static void drop_one(scan_store_cache *c, char kind, int64_t id)
{
	unsigned char key[9];
	size_t i;

	make_key(key, kind, id);
	pthread_mutex_lock(&c->lock);
	if (scan_map_get_bytes(&c->map, key, sizeof(key), NULL, 0, &i) && c->slots[i].list) {
		c->slots[i].type->free(c->slots[i].list);
		c->slots[i].list = NULL;
	}
	c->generation++;
	pthread_mutex_unlock(&c->lock);
}

/* A notification: "table:id". Anything else - a repository, an organization, a word not known - drops all. */
static void on_change(void *ctx, const char *channel, const char *payload)
{
	scan_store_cache *c = ctx;
	const char *colon = payload ? strchr(payload, ':') : NULL;
	char *end = NULL;
	long long id = colon ? strtoll(colon + 1, &end, 10) : 0;
	size_t n = colon ? (size_t)(colon - payload) : 0;

	(void)channel;
	if (colon && end && !*end && end != colon + 1) {
		if (n == 5 && !strncmp(payload, "users", n))
			return drop_one(c, 'u', id);
		if ((n == 5 && !strncmp(payload, "scans", n)) || (n == 9 && !strncmp(payload, "scan_jobs", n)))
			return drop_one(c, 's', id);
	}
	pthread_mutex_lock(&c->lock);
	drop_all(c);
	pthread_mutex_unlock(&c->lock);
}

static void set_live(scan_store_cache *c, bool live)
{
	pthread_mutex_lock(&c->lock);
	if (c->live != live)
		drop_all(c);
	c->live = live;
	pthread_mutex_unlock(&c->lock);
}

static void pause_ms(scan_store_cache *c, int ms)
{
	struct timespec step = { 0, 50 * 1000 * 1000 };

	for (int waited = 0; waited < ms && !atomic_load(&c->stop); waited += 50)
		nanosleep(&step, NULL);
}

static void *listen_loop(void *arg)
{
	scan_store_cache *c = arg;
	scan_db *db = NULL;

	while (!atomic_load(&c->stop)) {
		if (!db && scan_db__open_postgres(&db, c->target) != 0) {
			pause_ms(c, 1000);
			continue;
		}
		if (scan_db__listen(db, CACHE_CHANNEL, LISTEN_WAIT_MS, on_change, c) != 0) {
			set_live(c, false);
			scan_db__close(db);
			db = NULL;
			pause_ms(c, 1000);
			continue;
		}
		/* LISTEN holds from here: what is announced from now on reaches on_change. */
		set_live(c, true);
	}
	scan_db__close(db);
	return NULL;
}

int scan_store_cache_start(scan_store *st)
{
	scan_store_cache *c;

	if (!st->target || !scan_db__is_postgres_url(st->target) || st->cache)
		return 0;
	if (!(c = calloc(1, sizeof(*c))) || !(c->slots = calloc(CACHE_SLOTS, sizeof(*c->slots))) ||
	    !(c->target = strdup(st->target))) {
		if (c)
			free(c->slots);
		free(c);
		return scan_error__oom();
	}
	pthread_mutex_init(&c->lock, NULL);
	atomic_init(&c->stop, false);
	if (pthread_create(&c->listener, NULL, listen_loop, c) != 0) {
		pthread_mutex_destroy(&c->lock);
		free(c->target);
		free(c->slots);
		free(c);
		return scan_util__error(SCAN_EIO, "cannot start the cache's listener");
	}
	st->cache = c;
	return 0;
}

void scan_store_cache_flush(scan_store *st)
{
	if (!st->cache)
		return;
	pthread_mutex_lock(&st->cache->lock);
	drop_all(st->cache);
	pthread_mutex_unlock(&st->cache->lock);
}

bool scan_store_cache_live(scan_store *st)
{
	bool live;

	if (!st->cache)
		return false;
	pthread_mutex_lock(&st->cache->lock);
	live = st->cache->live;
	pthread_mutex_unlock(&st->cache->lock);
	return live;
}

void scan_store__cache_stop(scan_store *st)
{
	scan_store_cache *c = st->cache;

	if (!c)
		return;
	atomic_store(&c->stop, true);
	pthread_join(c->listener, NULL);
	drop_all(c);
	pthread_mutex_destroy(&c->lock);
	free(c->slots);
	free(c->target);
	free(c);
	st->cache = NULL;
}

/* A transaction's reads may see its own writes, not yet committed: they neither come from the cache nor go in. */
static bool usable(scan_store *st)
{
	return st->cache && !scan_db__in_transaction(scan_store__conn(st));
}

void *scan_store__cache_get(scan_store *st, const scan_store_cache_type *t, char kind, int64_t id,
                            uint64_t *generation)
{
	scan_store_cache *c = st->cache;
	unsigned char key[9];
	void *copy = NULL;
	size_t i;

	*generation = UINT64_MAX; /* put nothing */
	if (!usable(st))
		return NULL;
	make_key(key, kind, id);
	pthread_mutex_lock(&c->lock);
	if (c->live) {
		if (scan_map_get_bytes(&c->map, key, sizeof(key), NULL, 0, &i) && c->slots[i].list)
			copy = t->copy(c->slots[i].list);
		else
			*generation = c->generation;
	}
	pthread_mutex_unlock(&c->lock);
	return copy;
}

void scan_store__cache_put(scan_store *st, const scan_store_cache_type *t, char kind, int64_t id,
                           uint64_t generation, const void *list)
{
	scan_store_cache *c = st->cache;
	unsigned char key[9];
	size_t i;
	void *copy;

	if (generation == UINT64_MAX || !usable(st) || !(copy = t->copy(list)))
		return;
	make_key(key, kind, id);
	pthread_mutex_lock(&c->lock);
	if (!c->live || c->generation != generation) {
		pthread_mutex_unlock(&c->lock);
		t->free(copy);
		return;
	}
	if (!scan_map_get_bytes(&c->map, key, sizeof(key), NULL, 0, &i)) {
		if (c->nslots == CACHE_SLOTS)
			drop_all(c); /* bounded: starting again is simpler than choosing what to evict, and rare */
		i = c->nslots;
		make_key(c->slots[i].key, kind, id);
		if (scan_map_put_bytes(&c->map, c->slots[i].key, sizeof(key), NULL, 0, i, NULL) != 0) {
			pthread_mutex_unlock(&c->lock);
			t->free(copy);
			return;
		}
		c->nslots++;
	}
	if (c->slots[i].list)
		c->slots[i].type->free(c->slots[i].list);
	c->slots[i].type = t;
	c->slots[i].list = copy;
	pthread_mutex_unlock(&c->lock);
}
