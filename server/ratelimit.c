/* server/ratelimit.c - requests per minute per client address (spec §8) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

int srv_rate_init(srv_rate_limiter *rl, const srv_config *cfg)
{
	memset(rl, 0, sizeof(*rl));
	if (!(rl->slots = calloc(SRV_RATE_CLIENTS_MAX, sizeof(*rl->slots))))
		return -1;
	pthread_mutex_init(&rl->lock, NULL);
	rl->per_minute[SRV_RATE_DEFAULT] = cfg->rate_default;
	rl->per_minute[SRV_RATE_TRIGGER] = cfg->rate_trigger;
	rl->per_minute[SRV_RATE_LOGIN] = cfg->rate_login;
	return 0;
}

void srv_rate_dispose(srv_rate_limiter *rl)
{
	if (!rl->slots)
		return;
	pthread_mutex_destroy(&rl->lock);
	scan_map_dispose(&rl->index);
	free(rl->slots);
	rl->slots = NULL;
}

/* Keep the slots of this minute only, and index them again (the map has no delete). */
static void sweep(srv_rate_limiter *rl, time_t window)
{
	size_t kept = 0;

	scan_map_dispose(&rl->index);
	for (size_t i = 0; i < rl->used; i++) {
		if (rl->slots[i].window != window)
			continue;
		rl->slots[kept] = rl->slots[i];
		if (scan_map_put(&rl->index, rl->slots[kept].key, NULL, kept, NULL) < 0)
			break; /* out of memory: the rest start again from zero */
		kept++;
	}
	rl->used = kept;
}

unsigned srv_rate_take(srv_rate_limiter *rl, srv_rate cls, const char *ip, time_t now)
{
	time_t window = now - now % 60;
	char key[sizeof(rl->slots[0].key)];
	unsigned limit = rl->per_minute[cls], wait = 0;
	size_t at;

	if (!limit)
		return 0;
	snprintf(key, sizeof(key), "%d|%s", (int)cls, ip);
	pthread_mutex_lock(&rl->lock);
	if (!scan_map_get(&rl->index, key, NULL, &at)) {
		if (rl->used == SRV_RATE_CLIENTS_MAX)
			sweep(rl, window);
		if (rl->used == SRV_RATE_CLIENTS_MAX) {
			/* More clients this minute than we keep count of: refuse the new ones rather than forget the old. */
			pthread_mutex_unlock(&rl->lock);
			return (unsigned)(window + 60 - now);
		}
		at = rl->used;
		memcpy(rl->slots[at].key, key, sizeof(key));
		rl->slots[at].window = window;
		rl->slots[at].count = 0;
		if (scan_map_put(&rl->index, rl->slots[at].key, NULL, at, NULL) < 0) {
			pthread_mutex_unlock(&rl->lock);
			return 1;
		}
		rl->used++;
	}
	if (rl->slots[at].window != window) {
		rl->slots[at].window = window;
		rl->slots[at].count = 0;
	}
	if (rl->slots[at].count >= limit)
		wait = (unsigned)(window + 60 - now);
	else
		rl->slots[at].count++;
	pthread_mutex_unlock(&rl->lock);
	return wait ? wait : 0;
}
