/* lib/lockfile/props.c - build-file properties: their definitions and ${name} / $(Name) references */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/lockfile.h"
#include "lockfile/props.h"
#include "scan/array.h"
#include "scan/buf.h"
#include "util/error.h"

int scan_lockfile__props_add(scan_lockfile__props *t, const char *name, const char *value, uint64_t order,
                             bool cond)
{
	if (t->n >= SCAN_SCA_COMPONENTS_MAX)
		return SCAN_ELIMIT;
	if (scan_array_reserve(&t->v, &t->cap, t->n + 1, sizeof(*t->v)))
		return SCAN_ENOMEM;
	t->v[t->n++] = (scan_lockfile__prop){ name, value, order, cond };
	return 0;
}

static int name_cmp(bool fold, const char *a, const char *b)
{
	return fold ? strcasecmp(a, b) : strcmp(a, b);
}

static int cmp_fold(const void *a, const void *b)
{
	const scan_lockfile__prop *x = a, *y = b;
	int c = strcasecmp(x->name, y->name);

	return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

static int cmp_exact(const void *a, const void *b)
{
	const scan_lockfile__prop *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

void scan_lockfile__props_resolve(scan_lockfile__props *t)
{
	size_t out = 0, i = 0;

	if (!t->n)
		return;
	qsort(t->v, t->n, sizeof(*t->v), t->fold_case ? cmp_fold : cmp_exact);
	while (i < t->n) {
		size_t j = i;
		const char *value = NULL;
		bool agree = true;

		while (j < t->n && !name_cmp(t->fold_case, t->v[j].name, t->v[i].name))
			j++;
		for (size_t k = i; k < j; k++)
			if (!t->v[k].cond)
				value = t->v[k].value;
		if (!value) {
			for (size_t k = i + 1; k < j && agree; k++)
				agree = !strcmp(t->v[k].value, t->v[i].value);
			value = agree ? t->v[i].value : NULL;
		}
		t->v[out] = t->v[j - 1];
		t->v[out].value = value;
		out++;
		i = j;
	}
	t->n = out;
}

const scan_lockfile__prop *scan_lockfile__props_find(const scan_lockfile__props *t, const char *name, size_t len)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *k = t->v[mid].name;
		int c = t->fold_case ? strncasecmp(k, name, len) : strncmp(k, name, len);
		if (!c && k[len])
			c = 1;
		if (!c)
			return &t->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void scan_lockfile__props_dispose(scan_lockfile__props *t)
{
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}

typedef struct {
	const scan_lockfile__interp_rules *r;
	struct {
		const char *name;
		size_t len;
	} stack[SCAN_LOCKFILE_INTERP_DEPTH_MAX];
	unsigned depth, budget;
	size_t made;
	bool unresolved;
} interp_state;

static bool in_stack(const interp_state *st, const char *name, size_t len)
{
	for (unsigned i = 0; i < st->depth; i++)
		if (st->stack[i].len == len && !(st->r->fold_case ? strncasecmp(st->stack[i].name, name, len)
		                                                   : memcmp(st->stack[i].name, name, len)))
			return true;
	return false;
}

/* Append s[0..len) to out with every reference replaced; what cannot be is kept and noted. */
static void expand_into(interp_state *st, const char *s, size_t len, scan_buf *out)
{
	const scan_lockfile__interp_rules *r = st->r;
	unsigned depth_max = r->depth_max < SCAN_LOCKFILE_INTERP_DEPTH_MAX ? r->depth_max : SCAN_LOCKFILE_INTERP_DEPTH_MAX;
	size_t i = 0;

	while (i < len) {
		const char *open = NULL, *close, *name, *value;
		size_t nlen;

		for (size_t k = i; k + 1 < len; k++) {
			if (s[k] == '$' && s[k + 1] == r->open) {
				open = s + k;
				break;
			}
		}
		if (!open) {
			scan_buf_put(out, s + i, len - i);
			return;
		}
		scan_buf_put(out, s + i, (size_t)(open - (s + i)));
		name = open + 2;
		if (!(close = memchr(name, r->close, len - (size_t)(name - s)))) {
			scan_buf_put(out, open, len - (size_t)(open - s));
			st->unresolved = true;
			return;
		}
		nlen = (size_t)(close - name);
		value = nlen ? r->lookup(r->ctx, name, nlen) : NULL;
		if (!value || !st->budget || st->depth >= depth_max || in_stack(st, name, nlen)) {
			st->unresolved = true;
			scan_buf_put(out, open, (size_t)(close + 1 - open));
		} else {
			st->budget--;
			st->made++;
			st->stack[st->depth].name = name;
			st->stack[st->depth].len = nlen;
			st->depth++;
			expand_into(st, value, strlen(value), out);
			st->depth--;
		}
		i = (size_t)(close + 1 - s);
	}
}

int scan_lockfile__interp(const scan_lockfile__interp_rules *r, scan_arena *arena, const char *s, const char **out,
                          size_t *substitutions)
{
	interp_state st = { .r = r, .budget = r->budget };
	scan_buf b = SCAN_BUF_INIT;
	int err = 0;

	*out = NULL;
	if (!s || !*s)
		return 0;
	scan_buf_init(&b, r->value_max);
	expand_into(&st, s, strlen(s), &b);
	if (substitutions)
		*substitutions += st.made;
	if (scan_buf_failed(&b) == SCAN_ENOMEM) {
		err = scan_error__oom();
	} else if (!scan_buf_failed(&b) && !st.unresolved) {
		/* A property's value is trimmed text; what it is spliced into may add space. */
		const char *v = b.ptr;
		size_t len = b.size;
		while (len && scan_lockfile__is_space(*v)) {
			v++;
			len--;
		}
		while (len && scan_lockfile__is_space(v[len - 1]))
			len--;
		if (len && !(*out = scan_arena__strndup(arena, v, len)))
			err = scan_error__oom();
	}
	scan_buf_dispose(&b);
	return err;
}
