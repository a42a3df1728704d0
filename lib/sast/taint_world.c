/* lib/sast/taint_world.c - what a deep scan's taint rules learnt of every file's functions */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sast/taint.h"
#include "scan/map.h"
#include "util/error.h"

/*
 * Files are analysed in parallel, in no order. In a deep scan's first
 * pass each file tells the world, per taint rule, what its functions do
 * (which parameters reach the return value, whether request data does)
 * and what it passes to functions it does not define (request data into
 * a parameter); the second pass reads it back. Functions are known by
 * name: two of one name (two classes' methods) merge, erring towards a
 * flow. Bounded: past TAINT_WORLD_FUNCS entries nothing more is learnt.
 */

#define TAINT_WORLD_FUNCS 200000
#define TAINT_WORLD_STEPS 32     /* steps kept of an imported trail */

typedef struct {
	uint64_t ret_params;
	uint64_t recv_params;       /* parameters stored in the receiver's fields */
	taint_gtrail ret;           /* request data the function returns, by this trail */
	uint64_t in_params;         /* parameters a caller elsewhere passed request data to */
	taint_gtrail in[TAINT_WORLD_IN];
	bool defined;               /* some file defines it: its summary is known */
} wfunc;

struct taint_world {
	pthread_mutex_t lock;
	scan_arena arena;
	scan_map funcs;              /* (rule id, name) -> index in v */
	wfunc *v;
	size_t n, cap;
	scan_map held;               /* (file path, rule id): flows kept back for the second pass */
	size_t nheld;
};

int scan_taint__world_new(taint_world **out)
{
	taint_world *w = calloc(1, sizeof(*w));

	*out = NULL;
	if (!w)
		return scan_error__oom();
	pthread_mutex_init(&w->lock, NULL);
	w->funcs = (scan_map)SCAN_MAP_INIT;
	w->held = (scan_map)SCAN_MAP_INIT;
	*out = w;
	return 0;
}

void scan_taint__world_free(taint_world *w)
{
	if (!w)
		return;
	scan_map_dispose(&w->funcs);
	scan_map_dispose(&w->held);
	free(w->v);
	scan_arena__dispose(&w->arena);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

/* Under the lock: the entry of (rule, name), made when missing; NULL past the bound or out of memory. */
static wfunc *entry(taint_world *w, const char *rule, const char *name, size_t len, bool make)
{
	size_t i;
	char *key;

	if (scan_map_get_bytes(&w->funcs, rule, strlen(rule), name, len, &i))
		return &w->v[i];
	if (!make || w->n >= TAINT_WORLD_FUNCS)
		return NULL;
	if (w->n == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 256;
		wfunc *nv = realloc(w->v, cap * sizeof(*nv));
		if (!nv)
			return NULL;
		w->v = nv, w->cap = cap;
	}
	if (!(key = scan_arena__strndup(&w->arena, name, len)) ||
	    scan_map_put_bytes(&w->funcs, rule, strlen(rule), key, len, w->n, NULL) < 0)
		return NULL;
	memset(&w->v[w->n], 0, sizeof(w->v[w->n]));
	return &w->v[w->n++];
}

/* A trail copied into the world's arena (paths and code included). */
static bool keep(taint_world *w, taint_gtrail *out, const taint_gtrail *in)
{
	size_t n = in->n < TAINT_WORLD_STEPS ? in->n : TAINT_WORLD_STEPS, skip = in->n - n;
	taint_gstep *v;

	if (!n)
		return true;
	if (!(v = scan_arena__alloc(&w->arena, n * sizeof(*v))))
		return false;
	for (size_t i = 0; i < n; i++) {
		/* a long trail keeps its source and its end */
		const taint_gstep *s = &in->v[i == 0 ? 0 : i + skip];
		v[i] = *s;
		if (!(v[i].path = scan_arena__strdup(&w->arena, s->path)) ||
		    !(v[i].code = scan_arena__strdup(&w->arena, s->code ? s->code : "")))
			return false;
	}
	out->v = v, out->n = n;
	return true;
}

void scan_taint__world_define(taint_world *w, const char *rule, const char *name, size_t len, uint64_t ret_params,
                              uint64_t recv_params, const taint_gtrail *ret)
{
	wfunc *f;

	pthread_mutex_lock(&w->lock);
	if ((f = entry(w, rule, name, len, true)) != NULL) {
		f->defined = true;
		f->ret_params |= ret_params;
		f->recv_params |= recv_params;
		if (ret && ret->n && !f->ret.n)
			keep(w, &f->ret, ret);
	}
	pthread_mutex_unlock(&w->lock);
}

void scan_taint__world_pass(taint_world *w, const char *rule, const char *name, size_t len, unsigned param,
                            const taint_gtrail *trail)
{
	wfunc *f;

	if (param >= TAINT_WORLD_IN)
		return;
	pthread_mutex_lock(&w->lock);
	if ((f = entry(w, rule, name, len, true)) != NULL && !(f->in_params & (1ull << param)) &&
	    keep(w, &f->in[param], trail))
		f->in_params |= 1ull << param;
	pthread_mutex_unlock(&w->lock);
}

bool scan_taint__world_summary(taint_world *w, const char *rule, const char *name, size_t len, uint64_t *ret_params,
                               uint64_t *recv_params, taint_gtrail *ret)
{
	wfunc *f;
	bool found = false;

	/* read after the first pass, when no file writes any more: the lock is for the record */
	pthread_mutex_lock(&w->lock);
	if ((f = entry(w, rule, name, len, false)) != NULL && f->defined) {
		*ret_params = f->ret_params;
		*recv_params = f->recv_params;
		*ret = f->ret;
		found = true;
	}
	pthread_mutex_unlock(&w->lock);
	return found;
}

uint64_t scan_taint__world_incoming(taint_world *w, const char *rule, const char *name, size_t len,
                                    taint_gtrail in[TAINT_WORLD_IN])
{
	wfunc *f;
	uint64_t params = 0;

	pthread_mutex_lock(&w->lock);
	if ((f = entry(w, rule, name, len, false)) != NULL) {
		params = f->in_params;
		memcpy(in, f->in, sizeof(f->in));
	}
	pthread_mutex_unlock(&w->lock);
	return params;
}

void scan_taint__world_hold(taint_world *w, const char *path, const char *rule)
{
	char *key;

	pthread_mutex_lock(&w->lock);
	if (!scan_map_get(&w->held, path, rule, NULL) && (key = scan_arena__strdup(&w->arena, path)) != NULL)
		if (scan_map_put(&w->held, key, rule, w->nheld, NULL) == 0)
			w->nheld++;
	pthread_mutex_unlock(&w->lock);
}

bool scan_taint__world_held(taint_world *w, const char *path, const char *rule)
{
	bool held;

	pthread_mutex_lock(&w->lock);
	held = scan_map_get(&w->held, path, rule, NULL);
	pthread_mutex_unlock(&w->lock);
	return held;
}
