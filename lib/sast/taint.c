/* lib/sast/taint.c - the taint engine: data followed from sources to sinks over one file's tree */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sast/taint.h"
#include "scan/array.h"
#include "scan/map.h"
#include "util/error.h"

/*
 * A file is analysed unit by unit: each named function, and the code
 * outside them (anonymous functions run where they are written). Walking a
 * unit in order, the engine keeps what each variable holds - tainted or
 * not, and by which of the unit's parameters - under an access path
 * ("x", "req.args", "m.key", "l.*" for any element), so a field, a map key
 * or a list position is told from its neighbours. Branches are walked on
 * copies of that state and joined (taint on any path); a branch whose
 * condition is a constant is dead; a loop's body is walked twice.
 *
 * A function's summary says which parameters reach its return value and
 * which reach a sink; calls to it apply the summary instead of assuming
 * that any tainted argument taints the result. Summaries are computed
 * in rounds until none changes (at most TAINT_ROUNDS); findings are taken
 * from the last round. A value's trail (source, the assignments it went
 * through, calls, the sink) is a chain of steps in the analysis's arena.
 */

#define TAINT_ROUNDS 4
#define TAINT_DEPTH_MAX 256    /* nesting of the walk */
#define TAINT_VARS_MAX 4096    /* access paths tracked in one unit */
#define TAINT_PATH_MAX 256     /* bytes of one access path */
#define TAINT_TRAIL_MAX 24     /* steps kept of one flow */
#define TAINT_PARAMS_MAX 62
#define TAINT_RECV (1ull << 63)  /* the receiver: this, self, $this, @ivars */
#define TAINT_CODE_MAX 160       /* bytes of a step's code kept for other files */

typedef struct tstep {
	uint32_t sb, eb;
	TSPoint start, end;
	taint_step_kind kind;
	unsigned len;              /* steps in the chain, this one included */
	const struct tstep *prev;
	const char *path, *code;   /* a step another file taught (a deep scan); NULL: this file's */
} tstep;

typedef struct {
	uint64_t params;           /* bit i: derives from parameter i of the unit */
	const tstep *trail;        /* non-NULL: derives from a source, by this trail */
} tval;

typedef struct {
	char *path;
	tval v;
	bool vouched;              /* a check passed for it (an allow-list): clean, whatever its parts are */
} tvar;

typedef struct {
	tvar *v;
	size_t n, cap;
	size_t nvouched;
} tenv;

typedef struct {
	uint64_t params;           /* the parameters that reach this sink */
	uint32_t sink;             /* index into the sinks */
	const tstep *trail;        /* from the parameter to the sink */
} tsink_hit;

/* The functions of the file whose summaries a unit's walk applied (indexes into funcs). */
typedef struct {
	uint32_t *v;
	size_t n, cap;
	bool many;                 /* more than TAINT_DEPS_MAX: taken as all of them */
	uint64_t ran_at;           /* the stamp when the unit's last walk began */
} tdeps;

typedef struct {
	TSNode node, body, params;
	const char *name;          /* in the file's text */
	uint32_t namelen;
	unsigned nparams;
	uint64_t ret_params;       /* parameters that reach the return value (a call's numbering: TAINT_RECV, args) */
	uint64_t recv_params;      /* parameters stored in the receiver's fields (a builder's where(), a setter) */
	const tstep *ret_trail;    /* a source that reaches it */
	tsink_hit *hits;
	size_t nhits, caphits;
	bool changed;
	bool self_param;           /* Python: the first parameter is the receiver (self, cls) */
	TSNode recv_param;         /* Go: the receiver's parameter (func (f *Filter) Eq(...)) */
	uint32_t cls;              /* start byte of its class (or module), 0 at file level: where a call to it is nearest */
	tdeps deps;
	uint64_t changed_at;       /* the stamp when its summary last changed; 0: never */
} tfunc;

typedef struct {
	uint32_t sb, eb;
} trange;

typedef struct {
	uint32_t sink;             /* index into the sinks */
	sast_flow_step *steps;
	size_t n;
} pending;

typedef struct {
	sast_ctx *c;
	const sast_rule *r;
	const taint_lang *tl;
	const char *src;
	scan_arena arena;
	trange *src_r, *san_r, *rej_r;
	size_t nsrc, nsan, nrej;
	const sast_matches *sinks;
	uint32_t *sink_order;      /* sink indexes sorted by range */
	uint8_t *sink_done;        /* reported */
	tfunc *funcs;
	size_t nfuncs, capfuncs;
	scan_map by_name;          /* function name -> first index; same names chained by next */
	size_t *next;
	tenv env;
	tfunc *unit;               /* the function being walked; NULL at file level */
	tval ret;
	bool report;               /* the last round: findings are kept */
	bool stop;                 /* over budget, or out of memory */
	bool over_budget;          /* then nothing is emitted: the rule is dropped for the file */
	pending *found;            /* emitted when the analysis completes */
	size_t nfound, capfound;
	int rc;
	unsigned depth;
	taint_emit_fn emit;
	void *ud;
	taint_scope *scope;        /* NULL or no world: the file alone */
	struct {
		char *name, *origin;     /* name = a parse of origin (u = new URL(s)): a check of one vouches for the other */
	} alias[16];
	size_t nalias;
	struct {
		const char *name;        /* in the file's text */
		uint32_t len;
		int truth;
		uint32_t sb, eb;         /* where it is known: its class, or the file */
	} consts[64];                /* the file's constants: static final boolean DEBUG = false, const X = 0 */
	size_t nconsts;
	struct {
		char *path;
		unsigned next;           /* the position the next add() fills */
		unsigned loops;          /* the loop depth it was made at: deeper, an add() may run any number of times */
	} sizes[32];                 /* lists built here from empty: l = new ArrayList<>(); l.add(a); l.add(b) */
	size_t nsizes;
	unsigned loops;              /* inside loops (or callbacks): how deep */
	bool unresolved;           /* a call to a function the file does not define */
	uint64_t stamp;            /* counts unit walks and summary changes, to order them */
	tdeps top_deps;            /* the file-level code's */
	tdeps *deps;               /* the current unit's */
	uint32_t *order;           /* the units' order after the first round: callees first */
	const taint_props *props;  /* NULL or the propagators' matches, sorted */
	TSTreeCursor cur;          /* kids_of()'s */
	bool has_cur;
} taint_run;

static const tval CLEAN = { 0, NULL };

static void size_set(taint_run *t, const char *p, long n);
static long size_slot(taint_run *t, const char *p);
static bool go_append(taint_run *t, TSNode lhs, TSNode rhs, tval *out);
static bool numeric_type(const taint_run *t, TSNode p);

static bool tainted(tval v)
{
	return v.params || v.trail;
}

static tval join(tval a, tval b)
{
	tval v = { a.params | b.params, a.trail ? a.trail : b.trail };
	return v;
}

static bool budget(taint_run *t)
{
	if (!t->stop && !scan_sast__budget_ok(t->c))
		t->stop = t->over_budget = true;
	return !t->stop;
}

static void oom(taint_run *t)
{
	if (!t->rc)
		t->rc = scan_error__oom();
	t->stop = true;
}

static const tstep *step(taint_run *t, const tstep *prev, TSNode n, taint_step_kind kind)
{
	tstep *s;

	/* A long chain keeps its source and its latest steps: the middle is what a reader needs least. */
	if (prev && prev->len >= TAINT_TRAIL_MAX && prev->prev && kind == TAINT_STEP)
		prev = prev->prev;
	if (!(s = scan_arena__alloc(&t->arena, sizeof(*s)))) {
		oom(t);
		return prev;
	}
	s->sb = ts_node_start_byte(n), s->eb = ts_node_end_byte(n);
	s->start = ts_node_start_point(n), s->end = ts_node_end_point(n);
	s->kind = kind;
	s->prev = prev;
	s->len = prev ? prev->len + 1 : 1;
	s->path = s->code = NULL;
	return s;
}

/* A trail another file taught, as steps of this file's chains. */
static const tstep *import_trail(taint_run *t, const taint_gtrail *g)
{
	const tstep *prev = NULL;

	for (size_t i = 0; i < g->n; i++) {
		tstep *s = scan_arena__calloc(&t->arena, sizeof(*s));
		if (!s) {
			oom(t);
			return prev;
		}
		s->kind = g->v[i].kind;
		s->start.row = g->v[i].line ? g->v[i].line - 1 : 0;
		s->start.column = g->v[i].column ? g->v[i].column - 1 : 0;
		s->end.row = g->v[i].end_line ? g->v[i].end_line - 1 : s->start.row;
		s->path = g->v[i].path, s->code = g->v[i].code;
		s->prev = prev;
		s->len = prev ? prev->len + 1 : 1;
		prev = s;
	}
	return prev;
}

/* A chain as other files will import it: each step with its file and its first line of code. */
static bool export_trail(taint_run *t, const tstep *last, taint_gtrail *out)
{
	const tstep *chain[TAINT_TRAIL_MAX * 3];
	taint_gstep *v;
	size_t n = 0;

	out->v = NULL, out->n = 0;
	for (const tstep *s = last; s && n < sizeof(chain) / sizeof(chain[0]); s = s->prev)
		chain[n++] = s;
	if (!n)
		return true;
	if (!(v = scan_arena__alloc(&t->arena, n * sizeof(*v)))) {
		oom(t);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		const tstep *s = chain[n - 1 - i];
		taint_gstep *g = &v[i];
		g->kind = s->kind;
		g->line = s->start.row + 1, g->column = s->start.column + 1, g->end_line = s->end.row + 1;
		if (s->path) {
			g->path = s->path, g->code = s->code;
		} else {
			size_t len = s->eb - s->sb, cut = 0;
			while (cut < len && cut < TAINT_CODE_MAX && t->src[s->sb + cut] != '\n' && t->src[s->sb + cut] != '\r')
				cut++;
			g->path = t->scope->path;
			if (!(g->code = scan_arena__strndup(&t->arena, t->src + s->sb, cut))) {
				oom(t);
				return false;
			}
		}
	}
	out->v = v, out->n = n;
	return true;
}

/* Ranges */

static int cmp_range(const void *a, const void *b)
{
	const trange *x = a, *y = b;
	return x->sb != y->sb ? (x->sb < y->sb ? -1 : 1) : x->eb != y->eb ? (x->eb < y->eb ? -1 : 1) : 0;
}

static bool in_ranges(const trange *v, size_t n, uint32_t sb, uint32_t eb)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		trange k = { sb, eb };
		int c = cmp_range(&v[mid], &k);
		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static trange *ranges_of(const sast_matches *m, size_t *n)
{
	trange *v;

	*n = 0;
	if (!m || !m->n)
		return NULL;
	if (!(v = malloc(m->n * sizeof(*v))))
		return NULL;
	for (size_t i = 0; i < m->n; i++)
		v[i].sb = m->v[i].sb, v[i].eb = m->v[i].eb;
	qsort(v, m->n, sizeof(*v), cmp_range);
	*n = m->n;
	return v;
}

static _Thread_local const sast_matches *sort_sinks; /* qsort has no context argument */

static int cmp_sink(const void *a, const void *b)
{
	const sast_match *x = &sort_sinks->v[*(const uint32_t *)a], *y = &sort_sinks->v[*(const uint32_t *)b];
	trange p = { x->sb, x->eb }, q = { y->sb, y->eb };
	return cmp_range(&p, &q);
}

/* The first sink at exactly [sb, eb), or -1. */
static long sink_at(const taint_run *t, uint32_t sb, uint32_t eb)
{
	size_t lo = 0, hi = t->sinks->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const sast_match *m = &t->sinks->v[t->sink_order[mid]];
		if (m->sb < sb || (m->sb == sb && m->eb < eb))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->sinks->n) {
		const sast_match *m = &t->sinks->v[t->sink_order[lo]];
		if (m->sb == sb && m->eb == eb)
			return (long)lo;
	}
	return -1;
}

/* Nodes */

static taint_role role_of(const taint_run *t, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	taint_role r = s < ts_language_symbol_count(t->tl->ts) ? (taint_role)t->tl->role[s] : TR_NONE;

	/*
	 * A contextual keyword used as a name (C#'s `file`, `value`, `record`)
	 * is a node of its own kind: a named leaf whose text is a name is a
	 * variable all the same.
	 */
	if (r == TR_NONE && ts_node_child_count(n) == 0 && ts_node_is_named(n) &&
	    !(t->c->li->flags[s] & (SAST_SYM_STRING | SAST_SYM_STRPART | SAST_SYM_NUMBER | SAST_SYM_CONSTKW))) {
		uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
		const char *p = t->src + sb;
		if (eb > sb && eb - sb < 64 && (isalpha((unsigned char)*p) || *p == '_')) {
			for (uint32_t i = 1; i < eb - sb; i++)
				if (!isalnum((unsigned char)p[i]) && p[i] != '_')
					return r;
			return TR_IDENT;
		}
	}
	return r;
}

/*
 * A field's id by name, remembered per grammar: tree-sitter finds it by
 * comparing every field name, and the walk asks for a few names at every
 * node. The names are this file's literals, so their pointers are the key.
 */
static TSFieldId field_id(const TSLanguage *l, const char *name)
{
	static _Thread_local struct {
		const TSLanguage *l;
		const char *name;
		TSFieldId id;
	} cache[512];
	uintptr_t h = ((uintptr_t)name >> 3) ^ ((uintptr_t)l >> 4);

	for (unsigned probe = 0; probe < 8; probe++) {
		unsigned i = (unsigned)(h + probe) & 511;
		if (cache[i].name == name && cache[i].l == l)
			return cache[i].id;
		if (!cache[i].name) {
			cache[i].l = l, cache[i].name = name;
			cache[i].id = ts_language_field_id_for_name(l, name, (uint32_t)strlen(name));
			return cache[i].id;
		}
	}
	return ts_language_field_id_for_name(l, name, (uint32_t)strlen(name));
}

static TSNode field(TSNode n, const char *name)
{
	TSFieldId id;

	if (ts_node_is_null(n))
		return n;
	id = field_id(ts_node_language(n), name);
	if (id) {
		TSNode k = ts_node_child_by_field_id(n, id);
		if (!ts_node_is_null(k))
			return k;
	}
	return scan_taint__field_alias(n, name);
}

/* The first of several field names the node has. */
static TSNode field_any(TSNode n, const char *const *names)
{
	for (; *names; names++) {
		TSNode k = field(n, *names);
		if (!ts_node_is_null(k))
			return k;
	}
	return (TSNode){ 0 };
}

static bool is_comment(TSNode n)
{
	return strstr(ts_node_type(n), "comment") != NULL;
}

static TSNode nth_named(TSNode n, uint32_t i)
{
	uint32_t k = 0, count = ts_node_named_child_count(n);

	for (uint32_t j = 0; j < count; j++) {
		TSNode c = ts_node_named_child(n, j);
		if (is_comment(c))
			continue;
		if (k++ == i)
			return c;
	}
	return (TSNode){ 0 };
}

/*
 * A node's named children, listed with the run's one cursor: tree-sitter
 * finds the i-th child by walking from the first, so a loop over
 * ts_node_named_child(n, i) costs the square of a wide node's children.
 */
typedef struct {
	TSNode *v;
	uint32_t n;
	TSNode small[16];
} kids;

static void kids_free(kids *k)
{
	if (k->v != k->small)
		free(k->v);
}

static bool kids_of(taint_run *t, TSNode n, kids *k)
{
	uint32_t count = ts_node_named_child_count(n), i = 0;

	k->n = 0;
	k->v = count <= 16 ? k->small : malloc(count * sizeof(*k->v));
	if (!k->v) {
		k->v = k->small;
		return false;
	}
	if (!count)
		return true;
	if (!t->has_cur) {
		t->cur = ts_tree_cursor_new(n);
		t->has_cur = true;
	} else {
		ts_tree_cursor_reset(&t->cur, n);
	}
	if (ts_tree_cursor_goto_first_child(&t->cur))
		do {
			TSNode c = ts_tree_cursor_current_node(&t->cur);
			if (ts_node_is_named(c) && i < count)
				k->v[i++] = c;
		} while (ts_tree_cursor_goto_next_sibling(&t->cur));
	k->n = i;
	return true;
}

/* An argument node around one expression (C#'s and PHP's argument, Kotlin's value_argument): the expression. */
static TSNode unarg(TSNode n)
{
	if (!ts_node_is_null(n) && ts_node_named_child_count(n) == 1 &&
	    (!strcmp(ts_node_type(n), "argument") || !strcmp(ts_node_type(n), "value_argument")))
		return ts_node_named_child(n, 0);
	return n;
}

static TSNode unparen(const taint_run *t, TSNode n)
{
	while (!ts_node_is_null(n) && (t->c->li->flags[ts_node_symbol(n)] & SAST_SYM_PAREN) &&
	       ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	return n;
}

static void text_of(const taint_run *t, TSNode n, const char **s, size_t *len)
{
	uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
	*s = t->src + sb;
	*len = eb - sb;
}

static bool text_is(const taint_run *t, TSNode n, const char *word)
{
	const char *s;
	size_t len;

	text_of(t, n, &s, &len);
	return len == strlen(word) && !memcmp(s, word, len);
}

static bool text_eq(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(s, word, len);
}

static bool name_in(const char *s, size_t len, const char *const *list)
{
	for (; list && *list; list++)
		if (strlen(*list) == len && !memcmp(*list, s, len))
			return true;
	return false;
}

/* A string or number literal's value, quotes dropped: a constant key or index. */
static bool literal_key(const taint_run *t, TSNode n, char *out, size_t cap)
{
	uint16_t f;
	const char *s;
	size_t len;

	n = unparen(t, n);
	if (ts_node_is_null(n))
		return false;
	n = unarg(n);
	f = t->c->li->flags[ts_node_symbol(n)];
	if (!(f & (SAST_SYM_STRING | SAST_SYM_NUMBER)) && strcmp(ts_node_type(n), "simple_symbol") != 0)
		return false;
	if ((f & SAST_SYM_STRING) && !scan_sast__is_constant(t->c, n, 0))
		return false;
	text_of(t, n, &s, &len);
	if (len && *s == ':') /* Ruby's :symbol */
		s++, len--;
	while (len >= 2 && strchr("\"'`", *s) && s[len - 1] == *s)
		s++, len -= 2;
	if (len + 1 > cap || memchr(s, '.', len))
		return false;
	memcpy(out, s, len);
	out[len] = '\0';
	return true;
}

/* Access paths */

static bool path_of(taint_run *t, TSNode n, char *out, size_t cap);

static const char *const getter_names[] = { "get", "getOrDefault", "getAttribute", "fetch", "Get", "GetValueOrDefault",
	                                    "getParameter", "dig", "at", "input", "query", "post", "cookie", "header",
	                                    "getValue", NULL };

/* recv.get(KEY, ...) with KEY its first argument: a read of recv's KEY. */
static bool call_getter(taint_run *t, TSNode n, TSNode *recv, TSNode *name, TSNode *arg)
{
	static const char *const objects[] = { "object", "receiver", NULL };
	static const char *const objs[] = { "object", "value", "operand", "expression", "argument", NULL };
	static const char *const props[] = { "property", "attribute", "field", "name", NULL };
	TSNode fn = field(n, "function"), args = field(n, "arguments");
	const char *s;
	size_t len;

	*recv = field_any(n, objects), *name = field(n, "name");
	if (ts_node_is_null(*name))
		*name = field(n, "method");
	if (ts_node_is_null(*recv) && !ts_node_is_null(fn) && role_of(t, unparen(t, fn)) == TR_MEMBER) {
		fn = unparen(t, fn);
		*recv = field_any(fn, objs), *name = field_any(fn, props);
	}
	if (ts_node_is_null(*recv) || ts_node_is_null(*name) || ts_node_is_null(args))
		return false;
	*arg = nth_named(args, 0);
	*arg = unarg(*arg);
	if (ts_node_is_null(*arg))
		return false;
	text_of(t, *name, &s, &len);
	for (const char *const *g = getter_names; *g; g++)
		if (strlen(*g) == len && !memcmp(*g, s, len))
			return true;
	return false;
}

static bool path_append(char *out, size_t cap, const char *seg, size_t len)
{
	size_t n = strlen(out);

	if (n + 1 + len + 1 > cap)
		return false;
	out[n] = '.';
	memcpy(out + n + 1, seg, len);
	out[n + 1 + len] = '\0';
	return true;
}

static bool path_of(taint_run *t, TSNode n, char *out, size_t cap)
{
	static const char *const objects[] = { "object", "value", "array", "operand", "expression", "receiver",
		                               "argument", NULL };
	static const char *const props[] = { "property", "attribute", "field", "name", "method", NULL };
	static const char *const indexes[] = { "index", "subscript", "indices", NULL };
	taint_role role;
	const char *s;
	size_t len;

	n = unparen(t, n);
	if (ts_node_is_null(n))
		return false;
	role = role_of(t, n);
	if (role == TR_IDENT || role == TR_SELF) {
		text_of(t, n, &s, &len);
		if (len + 1 > cap)
			return false;
		memcpy(out, s, len);
		out[len] = '\0';
		return true;
	}
	if (role == TR_MEMBER || (role == TR_CALL && t->tl->ternary_python == false &&
	                          !strcmp(ts_node_type(n), "call") && ts_node_is_null(field(n, "arguments")) &&
	                          !ts_node_is_null(field(n, "receiver")))) {
		TSNode obj = field_any(n, objects), prop = field_any(n, props);
		if (ts_node_is_null(obj) || ts_node_is_null(prop) || !path_of(t, obj, out, cap))
			return false;
		text_of(t, prop, &s, &len);
		return path_append(out, cap, s, len);
	}
	if (role == TR_CALL) {
		/* m.get("k"), params.fetch(:k): the same as m["k"] */
		TSNode recv, name, arg;
		char key[64];
		const char *nm;
		size_t nlen;
		if (!call_getter(t, n, &recv, &name, &arg)) {
			/* x.strip(), x.lower(): a value of x, named so a check of it can vouch for it */
			static const char *const same[] = { "c_str", "data", "as_str", "as_ref", "as_path", "as_bytes",
				                            "to_owned", "clone", "borrow", NULL };
			TSNode args = field(n, "arguments");
			if (ts_node_is_null(recv) || ts_node_is_null(name) || (!ts_node_is_null(args) && nth_named(args, 0).id) ||
			    !path_of(t, recv, out, cap))
				return false;
			text_of(t, name, &nm, &nlen);
			if (name_in(nm, nlen, same)) /* s.c_str(), s.as_str(): s itself */
				return true;
			if (!path_append(out, cap, nm, nlen) || strlen(out) + 3 > cap)
				return false;
			memcpy(out + strlen(out), "()", 3);
			return true;
		}
		text_of(t, name, &nm, &nlen);
		if (!path_of(t, recv, out, cap) || !literal_key(t, arg, key, sizeof(key)))
			return false;
		return path_append(out, cap, key, strlen(key));
	}
	if (role == TR_SUBSCRIPT) {
		TSNode obj = field_any(n, objects), idx = field_any(n, indexes);
		char key[64];
		if (ts_node_is_null(obj))
			obj = nth_named(n, 0);
		if (ts_node_is_null(idx))
			idx = nth_named(n, 1);
		if (ts_node_is_null(obj) || !path_of(t, obj, out, cap))
			return false;
		/* C#'s [x] is an argument list around the index, C++'s a subscript list */
		if (!ts_node_is_null(idx) && ts_node_named_child_count(idx) == 1 &&
		    (!strcmp(ts_node_type(idx), "bracketed_argument_list") || !strcmp(ts_node_type(idx), "subscript_argument_list")))
			idx = ts_node_named_child(ts_node_named_child(idx, 0), 0);
		idx = unarg(idx);
		if (!ts_node_is_null(idx) && literal_key(t, idx, key, sizeof(key)))
			return path_append(out, cap, key, strlen(key));
		return path_append(out, cap, "*", 1);
	}
	return false;
}

/* Environment */

static bool seg_match(const char *a, size_t alen, const char *b, size_t blen)
{
	return (alen == 1 && *a == '*') || (blen == 1 && *b == '*') || (alen == blen && !memcmp(a, b, alen));
}

/*
 * Does stored path q cover path p: equal, a prefix of it (the whole was
 * tainted), or equal segment by segment where either segment is "*"?
 */
static bool covers(const char *q, const char *p)
{
	while (*q && *p) {
		size_t ql = strcspn(q, "."), pl = strcspn(p, ".");
		if (!seg_match(q, ql, p, pl))
			return false;
		q += ql, p += pl;
		if (*q == '.')
			q++;
		else if (*q)
			return false;
		if (*p == '.')
			p++;
		if (!*q)
			return true; /* q is a prefix of p at a segment boundary */
	}
	return !*q;
}

/* What reading p yields: what covers it, and (reading a whole) what lies below it. */
static tval env_read(const tenv *e, const char *p)
{
	size_t plen = strlen(p);
	tval v = CLEAN;

	for (size_t i = 0; i < e->n; i++) {
		const char *q = e->v[i].path;
		if (covers(q, p) || (!strncmp(q, p, plen) && q[plen] == '.'))
			v = join(v, e->v[i].v);
	}
	return v;
}

static void env_kill(tenv *e, const char *p)
{
	size_t plen = strlen(p), k = 0;

	for (size_t i = 0; i < e->n; i++) {
		const char *q = e->v[i].path;
		if (!strcmp(q, p) || (!strncmp(q, p, plen) && q[plen] == '.'))
			continue;
		e->v[k++] = e->v[i];
	}
	e->n = k;
}

static void env_set(taint_run *t, tenv *e, const char *p, tval v, bool add)
{
	char *copy;

	if (!add)
		env_kill(e, p);
	if (!tainted(v))
		return;
	for (size_t i = 0; i < e->n; i++)
		if (!strcmp(e->v[i].path, p)) {
			e->v[i].v = join(e->v[i].v, v);
			e->v[i].vouched = false;
			return;
		}
	if (e->n >= TAINT_VARS_MAX)
		return;
	if (e->n == e->cap) {
		size_t cap = e->cap ? e->cap * 2 : 16;
		tvar *nv = realloc(e->v, cap * sizeof(*nv));
		if (!nv)
			return oom(t);
		e->v = nv, e->cap = cap;
	}
	if (!(copy = scan_arena__strdup(&t->arena, p)))
		return oom(t);
	e->v[e->n].path = copy;
	e->v[e->n].vouched = false;
	e->v[e->n++].v = v;
}

/* A check vouched for p: reads of it (and below it) are clean until it is assigned again. */
static void env_vouch(taint_run *t, tenv *e, const char *p)
{
	char *copy;

	env_kill(e, p);
	if (e->n >= TAINT_VARS_MAX)
		return;
	if (e->n == e->cap) {
		size_t cap = e->cap ? e->cap * 2 : 16;
		tvar *nv = realloc(e->v, cap * sizeof(*nv));
		if (!nv)
			return oom(t);
		e->v = nv, e->cap = cap;
	}
	if (!(copy = scan_arena__strdup(&t->arena, p)))
		return oom(t);
	e->v[e->n].path = copy;
	e->v[e->n].v = CLEAN;
	e->v[e->n++].vouched = true;
	e->nvouched++;
}

static bool env_vouched(const tenv *e, const char *p)
{
	if (!e->nvouched)
		return false;
	for (size_t i = 0; i < e->n; i++)
		if (e->v[i].vouched && covers(e->v[i].path, p))
			return true;
	return false;
}

static bool env_copy(taint_run *t, tenv *dst, const tenv *src)
{
	dst->n = 0;
	if (src->n > dst->cap) {
		tvar *nv = realloc(dst->v, src->n * sizeof(*nv));
		if (!nv) {
			oom(t);
			return false;
		}
		dst->v = nv, dst->cap = src->n;
	}
	if (src->n)
		memcpy(dst->v, src->v, src->n * sizeof(*src->v));
	dst->n = src->n;
	dst->nvouched = src->nvouched;
	return true;
}

/* into = into ∪ other: taint on either path. */
static void env_join(taint_run *t, tenv *into, const tenv *other)
{
	for (size_t i = 0; i < other->n; i++)
		env_set(t, into, other->v[i].path, other->v[i].v, true);
}

/* Functions */

static tfunc *func_lookup(taint_run *t, const char *name, size_t len, size_t *iter)
{
	size_t i;

	if (*iter == SIZE_MAX) {
		if (!scan_map_get_bytes(&t->by_name, name, len, NULL, 0, &i))
			return NULL;
	} else {
		i = t->next[*iter];
	}
	if (i == SIZE_MAX)
		return NULL;
	*iter = i;
	return &t->funcs[i];
}

static bool param_name(taint_run *t, TSNode p, TSNode *name)
{
	static const char *const names[] = { "name", "pattern", "left", "declarator", NULL };
	taint_role role = role_of(t, p);

	for (int depth = 0; depth < 4 && !ts_node_is_null(p); depth++) {
		if (role == TR_IDENT) {
			*name = p;
			return true;
		}
		TSNode k = field_any(p, names);
		if (ts_node_is_null(k)) {
			/* the first identifier child: Python's typed and splat parameters, Go's parameter lists, C++'s
			   references; not the type of Rust's Query(q) */
			uint32_t count = ts_node_named_child_count(p);
			TSNode type = field(p, "type");
			for (uint32_t i = 0; i < count && ts_node_is_null(k); i++) {
				TSNode c = ts_node_named_child(p, i);
				if (role_of(t, c) == TR_IDENT && !ts_node_eq(c, type))
					k = c;
			}
		}
		p = k;
		role = ts_node_is_null(p) ? TR_NONE : role_of(t, p);
	}
	return false;
}

/* The start of the class (or module) around n; 0: none. */
static uint32_t class_of(const taint_run *t, TSNode n)
{
	for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p))
		if (role_of(t, p) == TR_BLOCKFUNC)
			return ts_node_start_byte(p) + 1;
	return 0;
}

/* A function definition's name and parameter list (either may be null). */
static void func_parts(TSNode n, TSNode *name, TSNode *params)
{
	*name = field(n, "name"), *params = field(n, "parameters");
	/* C and C++: int *f(char *s) is a declarator around a function declarator */
	for (TSNode d = field(n, "declarator"); ts_node_is_null(*name) && !ts_node_is_null(d); d = field(d, "declarator"))
		if (!ts_node_is_null(field(d, "parameters"))) {
			*params = field(d, "parameters"), *name = field(d, "declarator");
			if (!ts_node_is_null(field(*name, "name"))) /* Class::method */
				*name = field(*name, "name");
		}
}

static int collect_funcs(taint_run *t, TSNode root)
{
	TSTreeCursor cur = ts_tree_cursor_new(root);
	int rc = 0;

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (role_of(t, n) == TR_FUNC) {
			TSNode name, body = field(n, "body"), params;
			func_parts(n, &name, &params);
			if (!ts_node_is_null(body)) {
				tfunc *f;
				if (t->nfuncs == t->capfuncs) {
					size_t cap = t->capfuncs ? t->capfuncs * 2 : 16;
					tfunc *nv = realloc(t->funcs, cap * sizeof(*nv));
					size_t *nn = realloc(t->next, cap * sizeof(*nn));
					if (nv)
						t->funcs = nv;
					if (nn)
						t->next = nn;
					if (!nv || !nn) {
						rc = scan_error__oom();
						break;
					}
					t->capfuncs = cap;
				}
				f = &t->funcs[t->nfuncs];
				memset(f, 0, sizeof(*f));
				f->node = n, f->body = body, f->params = params;
				f->cls = class_of(t, n);
				if (!ts_node_is_null(name)) {
					f->name = t->src + ts_node_start_byte(name);
					f->namelen = ts_node_end_byte(name) - ts_node_start_byte(name);
				}
				if (!ts_node_is_null(params))
					for (uint32_t i = 0; i < ts_node_named_child_count(params); i++)
						if (!is_comment(ts_node_named_child(params, i)) &&
						    role_of(t, ts_node_named_child(params, i)) != TR_CLEAN)
							f->nparams++;
				{
					TSNode rp = field(n, "receiver");
					if (!ts_node_is_null(rp) && nth_named(rp, 0).id)
						f->recv_param = nth_named(rp, 0);
				}
				if (t->tl->ternary_python && f->nparams) {
					TSNode first = nth_named(params, 0);
					f->self_param = text_is(t, first, "self") || text_is(t, first, "cls");
				}
				/* Rust's fn m(&self, x): the receiver, then the arguments */
				if (f->nparams && !strcmp(ts_node_type(nth_named(params, 0)), "self_parameter"))
					f->self_param = true;
				t->next[t->nfuncs] = SIZE_MAX;
				if (f->name) {
					size_t first;
					int put = scan_map_put_bytes(&t->by_name, f->name, f->namelen, NULL, 0, t->nfuncs, &first);
					if (put < 0) {
						rc = put;
						break;
					}
					if (put == 1) { /* the same name again: chain it after the first */
						size_t k = first;
						while (t->next[k] != SIZE_MAX)
							k = t->next[k];
						t->next[k] = t->nfuncs;
					}
				}
				t->nfuncs++;
			}
		}
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur))
				goto done;
	}
done:
	ts_tree_cursor_delete(&cur);
	return rc;
}

/* The walk */

static tval visit(taint_run *t, TSNode n);
static tval visit_tokens(taint_run *t, TSNode tree, unsigned depth);
static bool bind_vec(taint_run *t, TSNode lhs, TSNode rhs);

static bool is_source(const taint_run *t, TSNode n)
{
	return in_ranges(t->src_r, t->nsrc, ts_node_start_byte(n), ts_node_end_byte(n));
}

static bool is_sanitizer(const taint_run *t, TSNode n)
{
	return in_ranges(t->san_r, t->nsan, ts_node_start_byte(n), ts_node_end_byte(n));
}

static void add_hit(taint_run *t, tfunc *f, uint64_t params, uint32_t sink, const tstep *trail)
{
	for (size_t i = 0; i < f->nhits; i++)
		if (f->hits[i].sink == sink) {
			if ((f->hits[i].params | params) != f->hits[i].params)
				f->hits[i].params |= params, f->changed = true;
			return;
		}
	if (f->nhits == f->caphits) {
		size_t cap = f->caphits ? f->caphits * 2 : 4;
		tsink_hit *nv = realloc(f->hits, cap * sizeof(*nv));
		if (!nv)
			return oom(t);
		f->hits = nv, f->caphits = cap;
	}
	f->hits[f->nhits].params = params;
	f->hits[f->nhits].sink = sink;
	f->hits[f->nhits++].trail = trail;
	f->changed = true;
}

/* A flow reached sink k (an index into sink_order) with trail; report it once. */
static void report(taint_run *t, uint32_t k, const tstep *trail)
{
	const sast_match *m = &t->sinks->v[t->sink_order[k]];
	const tstep *chain[TAINT_TRAIL_MAX * 3];
	sast_flow_step steps[TAINT_TRAIL_MAX * 3 + 1];
	struct {
		size_t n;
	} flow;
	size_t n = 0;

	if (!t->report || t->sink_done[k] || t->rc)
		return;
	t->sink_done[k] = 1;
	for (const tstep *s = trail; s && n < sizeof(chain) / sizeof(chain[0]); s = s->prev)
		chain[n++] = s;
	flow.n = 0;
	for (size_t i = n; i-- > 0;) {
		sast_flow_step *o = &steps[flow.n];
		/* a step on the sink's own line adds nothing */
		if (flow.n && !chain[i]->path && !steps[flow.n - 1].path && chain[i]->sb == steps[flow.n - 1].sb &&
		    chain[i]->eb == steps[flow.n - 1].eb)
			continue;
		o->sb = chain[i]->sb, o->eb = chain[i]->eb;
		o->line = chain[i]->start.row + 1, o->column = chain[i]->start.column + 1;
		o->end_line = chain[i]->end.row + 1;
		o->kind = chain[i]->kind;
		o->path = chain[i]->path, o->code = chain[i]->code;
		flow.n++;
	}
	memset(&steps[flow.n], 0, sizeof(steps[flow.n]));
	steps[flow.n].sb = m->sb, steps[flow.n].eb = m->eb;
	steps[flow.n].line = m->line, steps[flow.n].column = m->column, steps[flow.n].end_line = m->end_line;
	steps[flow.n].kind = TAINT_SINK;
	flow.n++;
	if (t->nfound == t->capfound) {
		size_t cap = t->capfound ? t->capfound * 2 : 8;
		pending *nv = realloc(t->found, cap * sizeof(*nv));
		if (!nv)
			return oom(t);
		t->found = nv, t->capfound = cap;
	}
	if (!(t->found[t->nfound].steps = scan_arena__alloc(&t->arena, flow.n * sizeof(*steps))))
		return oom(t);
	memcpy(t->found[t->nfound].steps, steps, flow.n * sizeof(*steps));
	t->found[t->nfound].n = flow.n;
	t->found[t->nfound++].sink = t->sink_order[k];
}

/* A value reached the node of sink k. */
static void at_sink(taint_run *t, uint32_t k, tval v)
{
	if (v.trail)
		report(t, k, v.trail);
	if (v.params && t->unit) {
		/* the first parameter's trail starts at the parameter: kept for the callers' flows */
		add_hit(t, t->unit, v.params, k, NULL);
	}
}

static void bind(taint_run *t, TSNode lhs, tval v, bool add);

/* Destructuring: each name of a pattern takes the whole value's taint. */
static void bind_each(taint_run *t, TSNode pattern, tval v, bool add)
{
	uint32_t count = ts_node_named_child_count(pattern);

	for (uint32_t i = 0; i < count; i++) {
		TSNode c = ts_node_named_child(pattern, i);
		taint_role role = role_of(t, c);
		if (role == TR_IDENT || ts_node_named_child_count(c) == 0) {
			if (!is_comment(c) && (role == TR_IDENT || strstr(ts_node_type(c), "identifier")))
				bind(t, c, v, add);
		} else if (role != TR_CLEAN) {
			/* { text: reply } binds reply; { a: { b } } goes on into the inner pattern */
			TSNode value = field(c, "value");
			if (!ts_node_is_null(value) && (role_of(t, value) == TR_IDENT ||
			                                (ts_node_named_child_count(value) == 0 &&
			                                 strstr(ts_node_type(value), "identifier"))))
				bind(t, value, v, add);
			else
				bind_each(t, ts_node_is_null(value) ? c : value, v, add);
		}
	}
}

/*
 * resp.headers["X"] = v, resp.headers.set("X", v): a header sent, not data
 * the code reads back; resp itself (its body, a template's context) does
 * not carry it.
 */
static bool sent_header(const char *p)
{
	const char *dot = strchr(p, '.');

	return dot && (!strncmp(dot, ".headers.", 9) || !strncmp(dot, ".Headers.", 9));
}

static void bind(taint_run *t, TSNode lhs, tval v, bool add)
{
	char p[TAINT_PATH_MAX];
	const char *s;
	size_t len;

	lhs = unparen(t, lhs);
	/* C's char *p = ..., char buf[8] = ...: the declarator's name */
	while (!ts_node_is_null(lhs) && (!strcmp(ts_node_type(lhs), "pointer_declarator") ||
	                                 !strcmp(ts_node_type(lhs), "array_declarator") ||
	                                 !strcmp(ts_node_type(lhs), "reference_declarator"))) {
		TSNode d = field(lhs, "declarator");
		lhs = ts_node_is_null(d) && ts_node_named_child_count(lhs) == 1 ? ts_node_named_child(lhs, 0) : d;
	}
	if (ts_node_is_null(lhs))
		return;
	if (v.trail)
		v.trail = step(t, v.trail, lhs, TAINT_STEP);
	if (path_of(t, lhs, p, sizeof(p))) {
		size_t n = strlen(p);
		if (sent_header(p))
			return;
		/* a[] = x, a[i] = x: one element of many; the others keep what they hold */
		if (n >= 2 && !strcmp(p + n - 2, ".*"))
			add = true;
		/* a[] = x on a list built here: the next position */
		if (n >= 2 && !strcmp(p + n - 2, ".*") && ts_node_named_child_count(unparen(t, lhs)) == 1) {
			long slot;
			p[n - 2] = '\0';
			if ((slot = size_slot(t, p)) >= 0) {
				char pos[16];
				snprintf(pos, sizeof(pos), "%u", t->sizes[slot].next++);
				path_append(p, sizeof(p), pos, strlen(pos));
			} else {
				p[n - 2] = '.';
			}
		}
		env_set(t, &t->env, p, v, add);
		return;
	}
	if (strstr(ts_node_type(lhs), "identifier")) { /* JS's shorthand pattern names, Go's field names */
		text_of(t, lhs, &s, &len);
		if (len < sizeof(p)) {
			memcpy(p, s, len);
			p[len] = '\0';
			env_set(t, &t->env, p, v, add);
		}
		return;
	}
	/* a, b = ...; [a, b] = ...; {a, b} = ...; Go's expression lists */
	bind_each(t, lhs, v, add);
}

/* A map literal's key written as a name: {version: x} in JavaScript, {key: x} in Ruby. */
static bool name_key(const taint_run *t, TSNode k, char *out, size_t cap)
{
	const char *kind = ts_node_type(k), *s;
	size_t len;

	if (strcmp(kind, "property_identifier") && strcmp(kind, "identifier") && strcmp(kind, "hash_key_symbol") &&
	    strcmp(kind, "simple_symbol"))
		return false;
	text_of(t, k, &s, &len);
	if (len && *s == ':')
		s++, len--;
	if (len + 1 > cap || memchr(s, '.', len))
		return false;
	memcpy(out, s, len);
	out[len] = '\0';
	return true;
}

/* a = [x, y] / {k: x}: each element under its position or key. */
static bool bind_literal(taint_run *t, TSNode lhs, TSNode rhs)
{
	char base[TAINT_PATH_MAX], p[TAINT_PATH_MAX], key[64];
	taint_role role;
	uint32_t count, index = 0;

	rhs = unparen(t, rhs);
	/* Go's map[string]string{...}: the elements are its body's; C#'s new List<string> { ... }: its initializer's */
	if (!ts_node_is_null(rhs) && !strcmp(ts_node_type(rhs), "composite_literal") && field(rhs, "body").id)
		rhs = field(rhs, "body");
	else if (!ts_node_is_null(rhs) && field(rhs, "initializer").id && role_of(t, field(rhs, "initializer")) == TR_LIST)
		rhs = field(rhs, "initializer");
	role = ts_node_is_null(rhs) ? TR_NONE : role_of(t, rhs);
	/* Kotlin's listOf(a, b), mapOf("k" to v): a literal written as a call */
	if (role == TR_CALL && !ts_node_is_null(field(rhs, "function")) && !ts_node_is_null(field(rhs, "arguments"))) {
		static const char *const lists[] = { "listOf", "mutableListOf", "arrayListOf", "arrayOf", NULL };
		static const char *const maps[] = { "mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf", NULL };
		const char *s;
		size_t len;
		text_of(t, field(rhs, "function"), &s, &len);
		if (name_in(s, len, lists) || name_in(s, len, maps)) {
			role = name_in(s, len, lists) ? TR_LIST : TR_DICT;
			rhs = field(rhs, "arguments");
		}
	}
	if ((role != TR_LIST && role != TR_DICT) || !path_of(t, lhs, base, sizeof(base)))
		return false;
	env_kill(&t->env, base);
	size_set(t, base, -1);
	count = ts_node_named_child_count(rhs);
	for (uint32_t i = 0; i < count; i++) {
		TSNode c = ts_node_named_child(rhs, i), k, v;
		tval val;
		if (is_comment(c))
			continue;
		c = unarg(c);
		if (role == TR_DICT && !strcmp(ts_node_type(c), "infix_expression") && ts_node_named_child_count(c) == 3 &&
		    text_is(t, ts_node_named_child(c, 1), "to")) { /* "k" to v */
			k = ts_node_named_child(c, 0), v = ts_node_named_child(c, 2);
		} else if (role_of(t, c) == TR_PAIR) {
			k = field(c, "key"), v = field(c, "value");
			if (ts_node_is_null(k) && ts_node_named_child_count(c) == 2)
				k = ts_node_named_child(c, 0), v = ts_node_named_child(c, 1);
			if (ts_node_is_null(v))
				v = c, k = (TSNode){ 0 };
			/* Go wraps keys in literal_element */
			if (!ts_node_is_null(k) && !strcmp(ts_node_type(k), "literal_element") && ts_node_named_child_count(k) == 1)
				k = ts_node_named_child(k, 0);
		} else {
			k = (TSNode){ 0 }, v = c;
		}
		val = visit(t, v);
		snprintf(p, sizeof(p), "%s", base);
		if (!ts_node_is_null(k) ? (literal_key(t, k, key, sizeof(key)) || name_key(t, k, key, sizeof(key)))
		                        : (snprintf(key, sizeof(key), "%u", index), true))
			path_append(p, sizeof(p), key, strlen(key));
		else
			path_append(p, sizeof(p), "*", 1);
		if (val.trail)
			val.trail = step(t, val.trail, lhs, TAINT_STEP);
		env_set(t, &t->env, p, val, true);
		index++;
	}
	size_set(t, base, index);
	return true;
}

static long size_slot(taint_run *t, const char *p)
{
	for (size_t i = 0; i < t->nsizes; i++)
		if (!strcmp(t->sizes[i].path, p))
			return t->sizes[i].loops == t->loops ? (long)i : -1; /* added to in a loop it was made outside: anywhere */
	return -1;
}

/* p now holds a list of n known elements (n < 0: unknown). */
static void size_set(taint_run *t, const char *p, long n)
{
	long i = size_slot(t, p);

	if (n < 0) {
		if (i >= 0)
			t->sizes[i] = t->sizes[--t->nsizes];
		return;
	}
	if (i < 0) {
		if (t->nsizes >= sizeof(t->sizes) / sizeof(t->sizes[0]) || !(t->sizes[t->nsizes].path = scan_arena__strdup(&t->arena, p)))
			return;
		i = (long)t->nsizes++;
	}
	t->sizes[i].next = (unsigned)n;
	t->sizes[i].loops = t->loops;
}

/* An empty list or map being made: new ArrayList<>(), [], list(), new HashMap<>(), array(). */
static bool fresh_collection(taint_run *t, TSNode rhs)
{
	TSNode args;
	taint_role role;

	rhs = unparen(t, rhs);
	if (ts_node_is_null(rhs))
		return false;
	role = role_of(t, rhs);
	if (role == TR_LIST || role == TR_DICT)
		return nth_named(rhs, 0).id == NULL;
	if (role != TR_NEW && role != TR_CALL)
		return false;
	args = field(rhs, "arguments");
	if (!ts_node_is_null(args) && nth_named(args, 0).id)
		return false;
	if (role == TR_NEW && !field(rhs, "initializer").id)
		return true; /* a new object made from nothing is empty */
	{
		const char *s;
		size_t len;
		static const char *const makers[] = { "list", "dict", "ArrayList", "LinkedList", "HashMap", "LinkedHashMap",
			                              "TreeMap", "Array", "Map", "List", "Dictionary", "array", "StringBuilder",
			                              "mutableListOf", "arrayListOf", "mutableMapOf", "hashMapOf",
			                              "linkedMapOf", "Vec::new", "HashMap::new", "BTreeMap::new",
			                              "String::new", NULL };
		TSNode fn = field(rhs, role == TR_NEW ? "constructor" : "function");
		if (ts_node_is_null(fn))
			fn = field(rhs, "type");
		if (ts_node_is_null(fn) || ts_node_is_null(args))
			return role == TR_NEW && !ts_node_is_null(fn);
		if (!strcmp(ts_node_type(fn), "generic_type") && ts_node_named_child_count(fn))
			fn = ts_node_named_child(fn, 0);
		text_of(t, fn, &s, &len);
		return name_in(s, len, makers);
	}
}

/* s = append(s, x, y): Go's way to add to a slice; x and y at s's next positions. */
static bool go_append(taint_run *t, TSNode lhs, TSNode rhs, tval *out)
{
	char lp[TAINT_PATH_MAX], ap[TAINT_PATH_MAX];
	TSNode fn, args, first;
	long slot;

	if (!strcmp(ts_node_type(lhs), "expression_list") && ts_node_named_child_count(lhs) == 1)
		lhs = ts_node_named_child(lhs, 0);
	if (!strcmp(ts_node_type(rhs), "expression_list") && ts_node_named_child_count(rhs) == 1)
		rhs = ts_node_named_child(rhs, 0);
	if (role_of(t, rhs) != TR_CALL || ts_node_is_null(fn = field(rhs, "function")) || !text_is(t, fn, "append") ||
	    ts_node_is_null(args = field(rhs, "arguments")) || !(first = nth_named(args, 0)).id ||
	    !path_of(t, lhs, lp, sizeof(lp)) || !path_of(t, first, ap, sizeof(ap)) || strcmp(lp, ap))
		return false;
	*out = CLEAN;
	slot = size_slot(t, lp);
	for (uint32_t i = 1; i < ts_node_named_child_count(args); i++) {
		TSNode a = ts_node_named_child(args, i);
		tval v;
		char p[TAINT_PATH_MAX], pos[16];
		if (is_comment(a))
			continue;
		v = visit(t, a);
		snprintf(p, sizeof(p), "%s", lp);
		if (slot >= 0 && strcmp(ts_node_type(a), "variadic_argument"))
			snprintf(pos, sizeof(pos), "%u", t->sizes[slot].next++);
		else
			snprintf(pos, sizeof(pos), "*");
		path_append(p, sizeof(p), pos, strlen(pos));
		if (v.trail)
			v.trail = step(t, v.trail, a, TAINT_STEP);
		env_set(t, &t->env, p, v, true);
		*out = join(*out, v);
	}
	return true;
}

/* u = urlparse(s), u = new URL(s): u is s, parsed; a check of u's host vouches for s. */
static void note_parse(taint_run *t, TSNode lhs, TSNode rhs)
{
	static const char *const parsers[] = { "urlparse", "urlsplit", "URL", "parse", "Parse", "create", "Uri", "URI",
		                               "parse_url", "ParseRequestURI", NULL };
	char name[TAINT_PATH_MAX], origin[TAINT_PATH_MAX];
	TSNode fn, args, arg, last;
	const char *s;
	size_t len;

	rhs = unparen(t, rhs);
	if (!ts_node_is_null(rhs) && !strcmp(ts_node_type(rhs), "expression_list") && ts_node_named_child_count(rhs) == 1)
		rhs = ts_node_named_child(rhs, 0);
	if (ts_node_is_null(rhs) || t->nalias >= sizeof(t->alias) / sizeof(t->alias[0]))
		return;
	if (role_of(t, rhs) != TR_CALL && role_of(t, rhs) != TR_NEW)
		return;
	fn = field(rhs, "function");
	if (ts_node_is_null(fn))
		fn = field(rhs, "constructor");
	if (ts_node_is_null(fn))
		fn = field(rhs, "name");
	if (ts_node_is_null(fn))
		fn = field(rhs, "type");
	if (ts_node_is_null(fn))
		fn = field(rhs, "method");
	args = field(rhs, "arguments");
	if (ts_node_is_null(fn) || ts_node_is_null(args) || ts_node_is_null(arg = nth_named(args, 0)))
		return;
	arg = unarg(arg);
	last = fn;
	if (ts_node_named_child_count(fn) > 0)
		last = ts_node_named_child(fn, ts_node_named_child_count(fn) - 1);
	text_of(t, last, &s, &len);
	/* u, err := url.Parse(s): the first of a list */
	if (!strcmp(ts_node_type(lhs), "expression_list") && nth_named(lhs, 0).id)
		lhs = nth_named(lhs, 0);
	if (!name_in(s, len, parsers) || !path_of(t, lhs, name, sizeof(name)) || !path_of(t, arg, origin, sizeof(origin)))
		return;
	if (!(t->alias[t->nalias].name = scan_arena__strdup(&t->arena, name)) ||
	    !(t->alias[t->nalias].origin = scan_arena__strdup(&t->arena, origin)))
		return oom(t);
	t->nalias++;
}

static tval visit_assign(taint_run *t, TSNode n, bool aug)
{
	static const char *const lefts[] = { "left", "name", "pattern", NULL };
	static const char *const rights[] = { "right", "value", NULL };
	TSNode lhs = field_any(n, lefts), rhs = field_any(n, rights);
	TSNode op = field(n, "operator");
	tval v;

	/* x += y where one kind assigns with every operator (C, Kotlin) */
	if (!ts_node_is_null(op) && !text_is(t, op, "="))
		aug = true;
	if (ts_node_is_null(lhs))
		lhs = nth_named(n, 0);
	/* Kotlin's val x: T = ...: the name inside its declaration */
	if (!strcmp(ts_node_type(lhs), "variable_declaration") && role_of(t, nth_named(lhs, 0)) == TR_IDENT)
		lhs = nth_named(lhs, 0);
	if (ts_node_is_null(rhs)) {
		/* C#'s declarator: name, then "= value" as its last child */
		uint32_t count = ts_node_named_child_count(n);
		if (count >= 2)
			rhs = ts_node_named_child(n, count - 1);
		if (count >= 1 && ts_node_eq(rhs, lhs))
			rhs = (TSNode){ 0 };
		if (!ts_node_is_null(rhs) && !strcmp(ts_node_type(rhs), "equals_value_clause"))
			rhs = ts_node_named_child(rhs, 0);
	}
	if (ts_node_is_null(rhs))
		return CLEAN;
	/* Go's a, b := x, y: pairwise */
	if (!strcmp(ts_node_type(lhs), "expression_list") && !strcmp(ts_node_type(rhs), "expression_list") &&
	    ts_node_named_child_count(lhs) == ts_node_named_child_count(rhs)) {
		tval all = CLEAN;
		for (uint32_t i = 0; i < ts_node_named_child_count(lhs); i++) {
			TSNode l = ts_node_named_child(lhs, i), r = ts_node_named_child(rhs, i);
			tval one;
			if (!aug && bind_literal(t, l, r)) {
				all = join(all, visit(t, r));
				continue;
			}
			if (!aug && go_append(t, l, r, &one)) {
				all = join(all, one);
				continue;
			}
			one = visit(t, r);
			bind(t, l, one, aug);
			all = join(all, one);
		}
		return all;
	}
	if (!aug && bind_literal(t, lhs, rhs))
		return visit(t, rhs);
	if (!aug && go_append(t, lhs, rhs, &v))
		return v;
	if (!aug && bind_vec(t, lhs, rhs))
		return CLEAN;
	v = visit(t, rhs);
	bind(t, lhs, v, aug);
	if (!aug) {
		char p[TAINT_PATH_MAX];
		note_parse(t, lhs, rhs);
		if (path_of(t, lhs, p, sizeof(p)))
			size_set(t, p, fresh_collection(t, rhs) ? 0 : -1);
	}
	return v;
}

static bool has_text(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return true;
	return false;
}

static int constant_truth(taint_run *t, TSNode n);

/*
 * The file's named constants with a literal value: a declaration that says
 * so (final, const) or, by convention, an upper-case name assigned once at
 * the top of a module. A branch on one is as dead as a branch on the value.
 */
static void collect_consts(taint_run *t, TSNode root)
{
	static const char *const lefts[] = { "left", "name", NULL };
	static const char *const rights[] = { "right", "value", NULL };
	TSTreeCursor cur = ts_tree_cursor_new(root);

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (t->nconsts >= sizeof(t->consts) / sizeof(t->consts[0]))
			break;
		if (role_of(t, n) == TR_ASSIGN) {
			TSNode lhs = field_any(n, lefts), rhs = field_any(n, rights), decl = ts_node_parent(n);
			const char *s, *d;
			size_t len, dlen;
			bool upper = true, declared = false;
			if (!ts_node_is_null(rhs) && ts_node_named_child_count(rhs) == 1 && !strcmp(ts_node_type(rhs), "expression_list"))
				rhs = ts_node_named_child(rhs, 0);
			if (!ts_node_is_null(lhs) && !strcmp(ts_node_type(lhs), "identifier_list") && ts_node_named_child_count(lhs) == 1)
				lhs = ts_node_named_child(lhs, 0);
			if (!ts_node_is_null(lhs) && !ts_node_is_null(rhs) && ts_node_named_child_count(lhs) == 0) {
				int truth = constant_truth(t, rhs);
				text_of(t, lhs, &s, &len);
				for (size_t i = 0; i < len; i++)
					if (s[i] >= 'a' && s[i] <= 'z')
						upper = false;
				for (int up = 0; up < 3 && !ts_node_is_null(decl); up++, decl = ts_node_parent(decl)) {
					text_of(t, decl, &d, &dlen);
					if (has_text(d, dlen < 64 ? dlen : 64, "final ") || has_text(d, dlen < 64 ? dlen : 64, "const "))
						declared = true;
				}
				if (truth >= 0 && (declared || (upper && len > 1)) && len < 64) {
					TSNode scope = ts_node_parent(n);
					while (!ts_node_is_null(scope) && role_of(t, scope) != TR_BLOCKFUNC)
						scope = ts_node_parent(scope);
					if (ts_node_is_null(scope))
						scope = root;
					t->consts[t->nconsts].name = s, t->consts[t->nconsts].len = (uint32_t)len;
					t->consts[t->nconsts].sb = ts_node_start_byte(scope), t->consts[t->nconsts].eb = ts_node_end_byte(scope);
					t->consts[t->nconsts++].truth = truth;
				}
			}
		}
		if (role_of(t, n) != TR_FUNC && ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur))
				goto done;
	}
done:
	ts_tree_cursor_delete(&cur);
}

/* 1 true, 0 false, -1 not a constant. */
static int constant_truth(taint_run *t, TSNode n)
{
	static const char *const truths[] = { "true", "True", "1", NULL };
	static const char *const falsehoods[] = { "false", "False", "0", "nil", "None", "null", NULL };
	TSNode op;

	n = unparen(t, n);
	if (ts_node_is_null(n))
		return -1;
	for (const char *const *w = truths; *w; w++)
		if (text_is(t, n, *w))
			return 1;
	/* a constant of the file, by name (Config.DEBUG: its last name) */
	if (t->nconsts && (role_of(t, n) == TR_IDENT || role_of(t, n) == TR_MEMBER || strstr(ts_node_type(n), "constant"))) {
		TSNode last = n;
		const char *s;
		size_t len;
		if (role_of(t, n) == TR_MEMBER && ts_node_named_child_count(n))
			last = ts_node_named_child(n, ts_node_named_child_count(n) - 1);
		uint32_t at = ts_node_start_byte(n), best = UINT32_MAX;
		int truth = -1;
		text_of(t, last, &s, &len);
		/* the innermost class that declares it */
		for (size_t i = 0; i < t->nconsts; i++)
			if (t->consts[i].len == len && !memcmp(t->consts[i].name, s, len) && t->consts[i].sb <= at &&
			    at < t->consts[i].eb && t->consts[i].eb - t->consts[i].sb < best)
				best = t->consts[i].eb - t->consts[i].sb, truth = t->consts[i].truth;
		if (truth >= 0)
			return truth;
	}
	for (const char *const *w = falsehoods; *w; w++)
		if (text_is(t, n, *w))
			return 0;
	/* not X, !X */
	if (ts_node_named_child_count(n) == 1 && ts_node_child_count(n) == 2) {
		op = ts_node_child(n, 0);
		if (text_is(t, op, "!") || text_is(t, op, "not")) {
			int v = constant_truth(t, ts_node_named_child(n, 0));
			return v < 0 ? -1 : !v;
		}
	}
	/* literal == literal, literal != literal */
	if (ts_node_named_child_count(n) == 2 && ts_node_child_count(n) == 3) {
		TSNode a = ts_node_named_child(n, 0), b = ts_node_named_child(n, 1);
		char x[64], y[64];
		op = ts_node_child(n, 1);
		if (literal_key(t, a, x, sizeof(x)) && literal_key(t, b, y, sizeof(y))) {
			bool eq = !strcmp(x, y);
			if (text_is(t, op, "==") || text_is(t, op, "===") || text_is(t, op, "is"))
				return eq;
			if (text_is(t, op, "!=") || text_is(t, op, "!==") || text_is(t, op, "is not"))
				return !eq;
		}
	}
	return -1;
}

/* Does a branch end by leaving (return, raise, throw, break, continue, abort(), exit())? Then its state does not flow on. */
static bool exits(const taint_run *t, TSNode n)
{
	static const char *const leaving_calls[] = { "abort", "exit", "die", "halt", "raise", "fail", "panic",
		                                     "redirect_to", "render", "head", NULL };
	uint32_t count;

	for (int depth = 0; depth < 8 && !ts_node_is_null(n); depth++) {
		const char *kind = ts_node_type(n);
		if (role_of(t, n) == TR_RETURN || strstr(kind, "return") || strstr(kind, "raise") || strstr(kind, "throw") ||
		    strstr(kind, "break") || strstr(kind, "continue") || !strcmp(kind, "exit_statement"))
			return true;
		if (role_of(t, n) == TR_CALL) {
			TSNode fn = field(n, "function");
			const char *s;
			size_t len;
			if (ts_node_is_null(fn))
				fn = field(n, "method");
			if (ts_node_is_null(fn))
				fn = field(n, "name"); /* Bash's exit 2 */
			if (ts_node_is_null(fn))
				return false;
			text_of(t, fn, &s, &len);
			for (const char *const *w = leaving_calls; *w; w++)
				if (strlen(*w) == len && !memcmp(*w, s, len))
					return true;
			return false;
		}
		/* the last statement of a block, or what a statement wraps */
		count = ts_node_named_child_count(n);
		while (count > 0 && is_comment(ts_node_named_child(n, count - 1)))
			count--;
		if (!count)
			return false;
		n = ts_node_named_child(n, count - 1);
	}
	return false;
}

/*
 * A check in a condition (an allow-list, a prefix check - the rule's
 * sanitizers that match a variable there): the variables it vouches for,
 * and whether the condition holds when the check passes (1) or fails (0:
 * "not x in ALLOWED", "!isSafe(x)", "unless").
 */
typedef struct {
	char paths[4][TAINT_PATH_MAX];
	int n;
	bool negated;
} guard;


/* Is op the operator of binary node n? */
static bool has_op(const taint_run *t, TSNode n, const char *op)
{
	TSNode o = field(n, "operator");

	if (ts_node_is_null(o) && ts_node_child_count(n) == 3)
		o = ts_node_child(n, 1);
	return !ts_node_is_null(o) && text_is(t, o, op);
}

/* Is the check at x negated within cond: "not x in S", "!S.has(x)", "x not in S", "x !== y"? */
static bool check_negated(taint_run *t, TSNode x, TSNode cond)
{
	const char *s;
	size_t len;
	bool neg = false;

	text_of(t, x, &s, &len);
	(void)s;
	/* Kotlin's grammar reads !f(x) as (!f)(x) and !s.contains(x) as (!s).contains(x): a "!" at the callee's head */
	if (role_of(t, x) == TR_CALL) {
		TSNode h = field(x, "function");
		for (int depth = 0; depth < 8 && !ts_node_is_null(h); depth++) {
			if (ts_node_child_count(h) == 2 && text_is(t, ts_node_child(h, 0), "!")) {
				neg = true;
				break;
			}
			if (role_of(t, h) != TR_MEMBER && role_of(t, h) != TR_CALL)
				break;
			h = nth_named(h, 0);
		}
	}
	for (TSNode p = ts_node_parent(x); !ts_node_is_null(p); p = ts_node_parent(p)) {
		TSNode op;
		if (ts_node_start_byte(p) < ts_node_start_byte(cond) || ts_node_end_byte(p) > ts_node_end_byte(cond))
			break;
		if (ts_node_child_count(p) == 2 && ts_node_named_child_count(p) == 1) {
			op = ts_node_child(p, 0);
			if (text_is(t, op, "!") || text_is(t, op, "not"))
				neg = !neg;
		}
		if (ts_node_eq(p, cond))
			break;
	}
	return neg;
}

static void guard_of(taint_run *t, TSNode n, TSNode cond, guard *g)
{
	uint32_t sb = ts_node_start_byte(cond), eb = ts_node_end_byte(cond);
	bool unless = !strcmp(ts_node_type(n), "unless") || !strcmp(ts_node_type(n), "unless_modifier"), first = true;

	g->n = 0;
	g->negated = false;
	for (size_t i = 0; i < t->nsan + t->nrej && g->n < 4; i++) {
		/* a sanitizer holds when the value is good; a rejecting check when it is bad */
		bool rejects = i >= t->nsan;
		const trange *r = rejects ? &t->rej_r[i - t->nsan] : &t->san_r[i];
		TSNode x, check;
		bool neg;
		const char *s;
		size_t len;
		if (r->sb < sb || r->eb > eb)
			continue;
		x = ts_node_named_descendant_for_byte_range(cond, r->sb, r->eb);
		if (ts_node_is_null(x) || ts_node_start_byte(x) != r->sb || ts_node_end_byte(x) != r->eb)
			continue;
		/* the check around the vouched value: its comparison or call */
		/* the check around the vouched value: up to the boolean operator or negation that holds it */
		check = x;
		for (int up = 0; up < 6 && !ts_node_eq(check, cond); up++) {
			TSNode p = ts_node_parent(check);
			const char *k;
			if (ts_node_is_null(p) || ts_node_start_byte(p) < sb || ts_node_end_byte(p) > eb)
				break;
			k = ts_node_type(p);
			if (!strcmp(k, "boolean_operator") || (strstr(k, "binary") && (has_op(t, p, "||") || has_op(t, p, "&&") ||
			                                                             has_op(t, p, "or") || has_op(t, p, "and"))) ||
			    (ts_node_child_count(p) == 2 && ts_node_named_child_count(p) == 1) ||
			    (t->c->li->flags[ts_node_symbol(p)] & SAST_SYM_PAREN))
				break;
			check = p;
		}
		text_of(t, check, &s, &len);
		neg = check_negated(t, check, cond) != unless;
		if (has_text(s, len, " not in ") || has_text(s, len, " !in ") || has_text(s, len, "!==") ||
		    has_text(s, len, "=== false") ||
		    has_text(s, len, "== false") || has_text(s, len, "=== null"))
			neg = !neg;
		if (rejects)
			neg = !neg;
		/* in_array($x ?? '', ...): the check is of $x */
		if (role_of(t, x) != TR_IDENT && (has_op(t, x, "??") || has_op(t, x, "||") || has_op(t, x, "or")) &&
		    ts_node_named_child_count(x) == 2)
			x = ts_node_named_child(x, 0);
		if (!first && neg != g->negated)
			continue; /* mixed: only the first polarity */
		if (path_of(t, x, g->paths[g->n], sizeof(g->paths[0]))) {
			g->negated = neg, first = false;
			g->n++;
		}
	}
}

static void guard_apply(taint_run *t, tenv *e, const guard *g)
{
	for (int i = 0; i < g->n; i++) {
		env_vouch(t, e, g->paths[i]);
		for (size_t k = 0; k < t->nalias; k++) {
			size_t nl = strlen(t->alias[k].name);
			/* u checked, or its host (u.Host, u.Hostname()): s, which u was parsed from, is */
			if (!strncmp(t->alias[k].name, g->paths[i], nl) && (g->paths[i][nl] == '\0' || g->paths[i][nl] == '.')) {
				env_vouch(t, e, t->alias[k].origin);
				env_vouch(t, e, t->alias[k].name);
			}
		}
	}
}

/* An if used as a value (Kotlin, Rust): a branch's value is its block's last expression, or the branch itself. */
static tval branch_value(taint_run *t, TSNode c)
{
	uint32_t count = ts_node_named_child_count(c);
	tval last = CLEAN;

	if (strcmp(ts_node_type(c), "block") && strcmp(ts_node_type(c), "else_clause"))
		return visit(t, c);
	for (uint32_t i = 0; i < count && !t->stop; i++) {
		TSNode k = ts_node_named_child(c, i);
		if (is_comment(k))
			continue;
		last = branch_value(t, k);
		if (!strcmp(ts_node_type(k), "expression_statement") || !strcmp(ts_node_type(k), "let_declaration") ||
		    role_of(t, k) == TR_ASSIGN)
			last = CLEAN;
	}
	return last;
}

static tval visit_if(taint_run *t, TSNode n)
{
	TSNode cond = field(n, "condition"), init = field(n, "initializer");
	int truth = ts_node_is_null(cond) ? -1 : constant_truth(t, cond);
	tval val = CLEAN; /* an if used as a value (Kotlin, Rust): its branches', not its condition's */
	tenv in = { 0 }, out = { 0 };
	bool out_set = false, has_else = false;
	uint32_t count = ts_node_named_child_count(n);
	guard g = { .n = 0 };
	tval v = CLEAN;

	/* Go's if x := f(); cond { ... }: the initializer runs first, for every branch */
	if (!ts_node_is_null(init))
		visit(t, init);
	if (!ts_node_is_null(cond)) {
		v = visit(t, cond);
		guard_of(t, n, cond, &g);
	}
	if (!env_copy(t, &in, &t->env))
		return v;
	for (uint32_t i = 0; i < count && !t->stop; i++) {
		TSNode c = ts_node_named_child(n, i);
		taint_role role = role_of(t, c);
		bool alternative;
		if (ts_node_eq(c, cond) || ts_node_eq(c, init) || is_comment(c))
			continue;
		alternative = role == TR_ELSE || role == TR_ELIF ||
		              (ts_node_start_byte(c) > ts_node_start_byte(n) &&
		               !ts_node_is_null(field(n, "alternative")) && ts_node_eq(c, field(n, "alternative"))) ||
		              (t->tl->else_token && !ts_node_is_null(ts_node_prev_sibling(c)) &&
		               text_is(t, ts_node_prev_sibling(c), "else"));
		if (role == TR_ELSE || (alternative && role != TR_ELIF))
			has_else = true;
		/* a constant condition: only its live branch runs */
		if ((truth == 1 && alternative) || (truth == 0 && !alternative))
			continue;
		if (!env_copy(t, &t->env, &in))
			break;
		/* the branch where the check passed: what it vouches for is clean there */
		if (g.n && alternative == g.negated)
			guard_apply(t, &t->env, &g);
		if (t->tl->if_value)
			val = join(val, branch_value(t, c));
		else
			visit(t, c);
		if (exits(t, c))
			continue;
		if (!out_set)
			env_copy(t, &out, &t->env);
		else
			env_join(t, &out, &t->env);
		out_set = true;
	}
	/* no else: the state before the if flows on, past a failed check only when it passed */
	if (!has_else && truth != 1) {
		if (g.n && g.negated)
			guard_apply(t, &in, &g);
		if (!out_set)
			env_copy(t, &out, &in);
		else
			env_join(t, &out, &in);
	}
	env_copy(t, &t->env, &out);
	free(in.v);
	free(out.v);
	return t->tl->if_value ? val : v;
}

static tval visit_ternary(taint_run *t, TSNode n)
{
	TSNode cond = field(n, "condition"), a = field(n, "consequence"), b = field(n, "alternative");

	if (ts_node_is_null(a))
		a = field(n, "body"); /* PHP */
	int truth;

	if (t->tl->ternary_python || ts_node_is_null(cond)) {
		/* Python: a if c else b; Ruby and others without fields: c ? a : b */
		if (t->tl->ternary_python)
			a = nth_named(n, 0), cond = nth_named(n, 1), b = nth_named(n, 2);
		else
			cond = nth_named(n, 0), a = nth_named(n, 1), b = nth_named(n, 2);
	}
	if (ts_node_is_null(a) || ts_node_is_null(b)) { /* PHP's a ?: b */
		tval v = CLEAN;
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
			v = join(v, visit(t, ts_node_named_child(n, i)));
		return v;
	}
	truth = constant_truth(t, cond);
	visit(t, cond);
	if (truth == 1)
		return visit(t, a);
	if (truth == 0)
		return visit(t, b);
	{
		/* x if x in ALLOWED else "default": the branch where the check passed reads x clean */
		guard g;
		tval va, vb;
		guard_of(t, n, cond, &g);
		if (g.n) {
			tenv saved = { 0 };
			TSNode checked = g.negated ? b : a;
			if (!env_copy(t, &saved, &t->env))
				return CLEAN;
			guard_apply(t, &t->env, &g);
			va = visit(t, checked);
			env_copy(t, &t->env, &saved);
			free(saved.v);
			vb = visit(t, g.negated ? a : b);
			return join(va, vb);
		}
	}
	return join(visit(t, a), visit(t, b));
}

static tval visit_loop(taint_run *t, TSNode n)
{
	tenv in = { 0 };
	tval v = CLEAN;

	if (!env_copy(t, &in, &t->env))
		return v;
	/* twice: what one pass taints, the next reads */
	t->loops++;
	for (int pass = 0; pass < 2 && !t->stop; pass++)
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
			v = join(v, visit(t, ts_node_named_child(n, i)));
	t->loops--;
	env_join(t, &t->env, &in);
	free(in.v);
	return v;
}

static tval visit_foreach(taint_run *t, TSNode n)
{
	static const char *const targets[] = { "left", "name", "pattern", "declarator", "variable", NULL };
	static const char *const collections[] = { "right", "value", NULL };
	TSNode target = field_any(n, targets), coll = field_any(n, collections), body = field(n, "body");
	tenv in = { 0 };
	tval elems;
	char p[TAINT_PATH_MAX];

	if (ts_node_is_null(coll) || ts_node_is_null(target)) {
		/* PHP: foreach (coll as key => value) */
		coll = nth_named(n, 0), target = nth_named(n, 1);
		if (!ts_node_is_null(target) && !strcmp(ts_node_type(target), "pair"))
			target = ts_node_named_child(target, ts_node_named_child_count(target) - 1);
	}
	if (ts_node_is_null(coll) || ts_node_is_null(target))
		return visit_loop(t, n);
	elems = visit(t, coll);
	if (path_of(t, coll, p, sizeof(p))) {
		path_append(p, sizeof(p), "*", 1);
		elems = join(elems, env_read(&t->env, p));
	}
	if (!env_copy(t, &in, &t->env))
		return CLEAN;
	t->loops++;
	for (int pass = 0; pass < 2 && !t->stop; pass++) {
		bind(t, target, elems, false);
		if (!ts_node_is_null(body))
			visit(t, body);
		else
			for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
				TSNode c = ts_node_named_child(n, i);
				if (!ts_node_eq(c, coll) && !ts_node_eq(c, target))
					visit(t, c);
			}
	}
	t->loops--;
	env_join(t, &t->env, &in);
	free(in.v);
	return CLEAN;
}


/* The variable a call chain starts from: sb in sb.append(a).append(b). */
static TSNode chain_base(taint_run *t, TSNode n)
{
	static const char *const objects[] = { "object", "receiver", "operand", "expression", NULL };

	for (int i = 0; i < 64 && !ts_node_is_null(n); i++) {
		taint_role role = role_of(t, n);
		if (role == TR_CALL) {
			TSNode obj = field_any(n, objects), fn = field(n, "function");
			if (ts_node_is_null(obj) && !ts_node_is_null(fn) && role_of(t, fn) == TR_MEMBER)
				obj = field_any(fn, objects);
			n = obj;
		} else {
			return n;
		}
	}
	return (TSNode){ 0 };
}

/*
 * A read through an access path (a.b, a["k"], a.get("k")) takes what the
 * path holds; but when a node along it is a source itself (request.args in
 * request.args["q"]), the read is request data whatever the path holds.
 */
static tval chain_source(taint_run *t, TSNode n)
{
	static const char *const objects[] = { "object", "value", "array", "operand", "expression", "receiver",
		                               "argument", NULL };
	tval v = CLEAN;

	for (int i = 0; i < 32 && !ts_node_is_null(n); i++) {
		taint_role role = role_of(t, n);
		if (is_source(t, n)) {
			v.trail = step(t, NULL, n, TAINT_SOURCE);
			return v;
		}
		if (role != TR_MEMBER && role != TR_SUBSCRIPT)
			break;
		{
			TSNode obj = field_any(n, objects);
			/* PHP's subscript has no fields: its object comes first */
			n = unparen(t, ts_node_is_null(obj) ? nth_named(n, 0) : obj);
		}
		if (ts_node_is_null(n))
			break;
	}
	return v;
}

static const char *const adders[] = { "append", "add", "push", "insert", "extend", "addAll", "offer", "unshift",
	                              "WriteString", "WriteRune", "WriteByte", "push_str",
	                              "appendLine", "Add", "Append", "AppendLine", "Insert", "AddRange", "concat!",
	                              "write", "print", "println", NULL };
/* what maps each element through a function */
static const char *const mappers[] = { "Select", "map", "Map", "collect", "flat_map", "flatMap", "ConvertAll",
	                               "SelectMany", "transform", "forEach", NULL };
/* what adds one element at the end of a list */
static const char *const appenders[] = { "add", "append", "push", "Add", "offer", "addLast", "<<", NULL };
static const char *const putters[] = { "put", "set", "setdefault", "putIfAbsent", "setAttribute", "Add", "Set",
	                               "store", "[]=", "insert", NULL };
static const char *const getters[] = { "get", "getOrDefault", "pop", "getAttribute", "fetch", "Get", "GetValueOrDefault",
	                               "TryGetValue", "dig", "at", "getValue", NULL };

/*
 * What a call returns, by a summary: the arguments (and receiver) that reach
 * the return value, and request data it returns. Arguments the callee stores
 * in its receiver's fields taint the receiver from here on.
 */
static tval summary_value(taint_run *t, TSNode call, uint64_t ret_params, uint64_t recv_params, const tstep *ret_trail,
                          TSNode recv_node, tval recv, uint32_t nargs, const tval *vals)
{
	tval v = CLEAN, stored = CLEAN;

	for (uint32_t i = 0; i < nargs && i < TAINT_PARAMS_MAX; i++) {
		if (!tainted(vals[i]))
			continue;
		if (recv_params & (1ull << i))
			stored = join(stored, vals[i]);
		if (!(ret_params & (1ull << i)))
			continue;
		v.params |= vals[i].params;
		if (vals[i].trail && !v.trail)
			v.trail = step(t, vals[i].trail, call, TAINT_CALL);
	}
	if (tainted(stored)) {
		char p[TAINT_PATH_MAX];
		TSNode base = chain_base(t, recv_node);
		if (stored.trail)
			stored.trail = step(t, stored.trail, call, TAINT_STEP);
		if (!ts_node_is_null(base) && path_of(t, base, p, sizeof(p)))
			env_set(t, &t->env, p, stored, true);
		recv = join(recv, stored);
	}
	if ((ret_params & TAINT_RECV) && tainted(recv)) {
		v.params |= recv.params;
		if (recv.trail && !v.trail)
			v.trail = step(t, recv.trail, call, TAINT_CALL);
	}
	if (ret_trail && !v.trail)
		v.trail = ret_trail;
	return v;
}

#define TAINT_DEPS_MAX 64

/* The current unit applies callee's summary: if that changes later, the unit must be walked again. */
static void note_dep(taint_run *t, uint32_t callee)
{
	tdeps *d = t->deps;
	if (!d || d->many)
		return;
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i] == callee)
			return;
	if (d->n == TAINT_DEPS_MAX || (d->n == d->cap && scan_array_reserve(&d->v, &d->cap, d->n + 1, sizeof(*d->v)))) {
		d->many = true;
		return;
	}
	d->v[d->n++] = callee;
}

static tval apply_summary(taint_run *t, TSNode call, tfunc *f, TSNode recv_node, tval recv, TSNode *args,
                          uint32_t nargs, const tval *vals)
{
	tval v = summary_value(t, call, f->ret_params, f->recv_params, f->ret_trail, recv_node, recv, nargs, vals);

	note_dep(t, (uint32_t)(f - t->funcs));
	/* arguments that reach a sink inside the callee */
	for (size_t h = 0; h < f->nhits; h++)
		for (uint32_t i = 0; i < nargs && i < TAINT_PARAMS_MAX; i++) {
			if (!(f->hits[h].params & (1ull << i)) || !tainted(vals[i]))
				continue;
			if (vals[i].trail)
				report(t, f->hits[h].sink, step(t, vals[i].trail, args[i], TAINT_CALL));
			if (vals[i].params && t->unit)
				add_hit(t, t->unit, vals[i].params, f->hits[h].sink, NULL);
		}
	return v;
}

/* xs.Select(x => f(x)), xs.map(x => ...), xs.map { |x| ... }: each element passes through the function; its value is the result's */
static tval map_with(taint_run *t, TSNode lit, tval elems)
{
	TSNode params = field(lit, "parameters"), body = field(lit, "body"), p, name;
	tval saved = t->ret, v;

	if (ts_node_is_null(params)) /* Ruby: block_parameters */
		for (uint32_t i = 0; i < ts_node_named_child_count(lit) && ts_node_is_null(params); i++)
			if (strstr(ts_node_type(ts_node_named_child(lit, i)), "parameters"))
				params = ts_node_named_child(lit, i);
	if (ts_node_is_null(params) && field(lit, "parameter").id)
		params = lit, p = field(lit, "parameter"); /* C#'s x => ...: one parameter, no list */
	else
		p = ts_node_is_null(params) ? (TSNode){ 0 } : nth_named(params, 0);
	if (p.id && (param_name(t, p, &name) || role_of(t, p) == TR_IDENT)) {
		if (role_of(t, p) == TR_IDENT)
			name = p;
		bind(t, name, elems, false);
	} else if (!p.id && t->c->lang_id == SCAN_LANG_KOTLIN) {
		env_set(t, &t->env, "it", elems, false); /* { exec(it) }: the one parameter's implicit name */
	}
	t->ret = CLEAN;
	v = visit(t, ts_node_is_null(body) ? lit : body);
	if (!ts_node_is_null(body) && (strstr(ts_node_type(body), "block") || strstr(ts_node_type(body), "body") ||
	                               strstr(ts_node_type(body), "statement")))
		v = join(t->ret, t->tl->implicit_return ? v : CLEAN);
	t->ret = saved;
	return v;
}

static tval call_literal(taint_run *t, TSNode lit, TSNode argl)
{
	TSNode params = field(lit, "parameters"), body = field(lit, "body");
	tval saved = t->ret, v;
	uint32_t k = 0;

	if (!ts_node_is_null(params) && !ts_node_is_null(argl)) {
		for (uint32_t j = 0; j < ts_node_named_child_count(params); j++) {
			TSNode p = ts_node_named_child(params, j), name, a;
			if (is_comment(p))
				continue;
			while ((a = ts_node_named_child(argl, k)).id && is_comment(a))
				k++;
			if (a.id && param_name(t, p, &name))
				bind(t, name, visit(t, a), false);
			k++;
		}
	}
	t->ret = CLEAN;
	v = visit(t, ts_node_is_null(body) ? lit : body);
	v = join(v, t->ret);
	if (!ts_node_is_null(body) && (strstr(ts_node_type(body), "block") || strstr(ts_node_type(body), "body") ||
	                               strstr(ts_node_type(body), "statement")))
		v = t->ret; /* a block: what it returns */
	t->ret = saved;
	return v;
}

/* The node under n (itself, or the one expression an argument wrapper holds) spanning [sb, eb). */
static bool spans(TSNode n, uint32_t sb, uint32_t eb)
{
	for (int up = 0; up < 2 && !ts_node_is_null(n); up++) {
		if (ts_node_start_byte(n) == sb && ts_node_end_byte(n) == eb)
			return true;
		if (ts_node_named_child_count(n) != 1)
			break;
		n = ts_node_named_child(n, 0);
	}
	return false;
}

/* &v, *p: the variable itself */
static TSNode prop_target(TSNode to)
{
	while (ts_node_named_child_count(to) == 1 &&
	       (!strcmp(ts_node_type(to), "unary_expression") || !strcmp(ts_node_type(to), "pointer_expression") ||
	        !strcmp(ts_node_type(to), "argument") || !strcmp(ts_node_type(to), "parenthesized_expression")))
		to = ts_node_named_child(to, 0);
	return to;
}

/*
 * The rule's propagators that match call n: the data of their `from` (an
 * argument or the receiver, already walked) now also sits in their `to`
 * (json.Unmarshal(b, &v), d.update(x), parse_str(q, $out)). `&v` and `*p`
 * name v and p.
 */
static void propagate(taint_run *t, TSNode n, TSNode recv, tval recvv, const TSNode *args, uint32_t nargs,
                      const tval *vals)
{
	uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
	size_t lo = 0, hi = t->props->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (t->props->v[mid].sb < sb)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* a call that writes its result over `to` (a formatted print into buf, a copy into buf): what buf held is gone */
	for (size_t k = lo; k < t->props->n && t->props->v[k].sb == sb; k++)
		if (t->props->v[k].eb == eb && t->props->v[k].replaces)
			bind(t, prop_target(t->props->v[k].to), CLEAN, false);
	for (size_t k = lo; k < t->props->n && t->props->v[k].sb == sb; k++) {
		const taint_prop *p = &t->props->v[k];
		tval v = CLEAN;
		TSNode to = prop_target(p->to);
		bool found = false;
		if (p->eb != eb)
			continue;
		if (!ts_node_is_null(recv) && spans(recv, p->from_sb, p->from_eb))
			v = recvv, found = true;
		for (uint32_t i = 0; i < nargs && !found; i++)
			if (spans(args[i], p->from_sb, p->from_eb))
				v = vals[i], found = true;
		if (!found || !tainted(v))
			continue;
		if (v.trail)
			v.trail = step(t, v.trail, n, TAINT_STEP);
		bind(t, to, v, true);
	}
}

/* A method that answers yes or no (x.isEmpty(), s.startsWith(p), h.include?(k)): its value is a boolean. */
static bool predicate(const char *s, size_t len)
{
	static const char *const names[] = { "equals", "equalsIgnoreCase", "contains", "containsKey", "startsWith",
		                             "endsWith", "matches", "startswith", "endswith", "isdigit", "isalpha",
		                             "isalnum", "Contains", "ContainsKey", "StartsWith", "EndsWith", "Equals",
		                             "IsNullOrEmpty", "IsNullOrWhiteSpace", "include?", "empty?", "nil?",
		                             "start_with?", "end_with?", "key?", "is_empty", "contains_key", "starts_with",
		                             "ends_with", "HasPrefix", "HasSuffix", "EqualFold", "includes", NULL };

	if (len > 2 && (s[0] == 'i' || s[0] == 'I') && s[1] == 's' && (isupper((unsigned char)s[2]) || s[2] == '_'))
		return true; /* isEmpty, IsMatch, is_valid */
	if (len > 3 && (s[0] == 'h' || s[0] == 'H') && s[1] == 'a' && s[2] == 's' && isupper((unsigned char)s[3]))
		return true; /* hasNext, HasValue */
	return name_in(s, len, names);
}

/* obj.m() calls a method in this language, never a function defined at file level. */
static bool receiver_needs_method(const taint_run *t)
{
	scan_lang l = t->c->lang_id;
	return l == SCAN_LANG_PYTHON || l == SCAN_LANG_PHP || l == SCAN_LANG_RUBY;
}

static tval visit_call(taint_run *t, TSNode n, bool ctor)
{
	static const char *const objects[] = { "object", "receiver", "scope", NULL };
	static const char *const names[] = { "name", "method", NULL };
	static const char *const fns[] = { "function", "constructor", "type", NULL };
	TSNode fn = field_any(n, fns), recv = field_any(n, objects), name = field_any(n, names), argl = field(n, "arguments");
	TSNode args[TAINT_PARAMS_MAX];
	tval vals[TAINT_PARAMS_MAX], any = CLEAN, rv = CLEAN, recvv = CLEAN;
	uint32_t nargs = 0;
	const char *s = NULL;
	size_t len = 0;
	char p[TAINT_PATH_MAX], key[64];
	tfunc *f;
	bool own_function = false; /* a function of this file by this name, which obj.m() does not call */
	size_t iter = SIZE_MAX;
	bool have_path = false;

	/* func(v string) string { ... }(x): the literal runs here, its parameters bound to the arguments */
	if (!ts_node_is_null(fn) && role_of(t, unparen(t, fn)) == TR_LAMBDA && !ctor)
		return call_literal(t, unparen(t, fn), argl);
	/* the callee's name and receiver: f(x), o.m(x), o->m(x), O::m(x), o.m x */
	if (ts_node_is_null(name) && !ts_node_is_null(fn)) {
		TSNode f2 = unparen(t, fn);
		/* Rust's s.parse::<i64>(): the function without its type arguments */
		if (!strcmp(ts_node_type(f2), "generic_function") && !ts_node_is_null(field(f2, "function")))
			f2 = field(f2, "function");
		if (role_of(t, f2) == TR_MEMBER) {
			static const char *const props[] = { "property", "attribute", "field", "name", NULL };
			static const char *const objs[] = { "object", "value", "operand", "expression", "argument", NULL };
			name = field_any(f2, props), recv = field_any(f2, objs);
		} else if (!ctor || role_of(t, f2) == TR_IDENT || strstr(ts_node_type(f2), "identifier") ||
		           !strcmp(ts_node_type(f2), "name")) {
			name = f2;
		}
		if (!ts_node_is_null(name) && ts_node_named_child_count(name) > 0 && strcmp(ts_node_type(name), "name"))
			name = ts_node_named_child(name, ts_node_named_child_count(name) - 1); /* qualified: its last part */
	}
	if (!ts_node_is_null(name))
		text_of(t, name, &s, &len);
	/* Ruby's Foo.new(x) runs Foo#initialize */
	if (s && t->tl->ruby_new && text_eq(s, len, "new") && !ts_node_is_null(recv))
		s = "initialize", len = 10, ctor = true, recv = (TSNode){ 0 };
	if (!ts_node_is_null(recv))
		any = recvv = visit(t, recv);
	if (!ts_node_is_null(argl)) {
		kids k;
		if (!kids_of(t, argl, &k))
			oom(t);
		for (uint32_t i = 0; i < k.n && !t->stop; i++) {
			TSNode a = k.v[i];
			if (is_comment(a))
				continue;
			if (nargs < TAINT_PARAMS_MAX) {
				args[nargs] = a;
				vals[nargs] = visit(t, a);
				any = join(any, vals[nargs]);
				nargs++;
			} else {
				any = join(any, visit(t, a));
			}
		}
		kids_free(&k);
		/* Ruby's call with a block: the block runs here */
		if (field(n, "block").id)
			visit(t, field(n, "block"));
	} else {
		/* Ruby's call without parentheses, Go's conversions: the remaining children */
		for (uint32_t i = 0; i < ts_node_named_child_count(n) && !t->stop; i++) {
			TSNode a = ts_node_named_child(n, i);
			if (ts_node_eq(a, fn) || ts_node_eq(a, recv) || ts_node_eq(a, name))
				continue;
			any = join(any, visit(t, a));
		}
	}
	if (t->props && t->props->n)
		propagate(t, n, recv, recvv, args, nargs, vals);
	if (!s)
		return any;
	/* a conversion to a number sanitizes (unless the rule is about the number), and a yes-or-no answer carries no data */
	if ((name_in(s, len, t->tl->numeric) && !t->r->taint_numbers_carry) || predicate(s, len))
		return CLEAN;
	/* mapping each element through a function: the function's result is the elements' */
	if (!ts_node_is_null(recv) && name_in(s, len, mappers)) {
		TSNode lit = field(n, "block");
		for (uint32_t i = 0; i < nargs && ts_node_is_null(lit); i++) {
			TSNode a = unarg(args[i]);
			if (role_of(t, a) == TR_LAMBDA)
				lit = a;
		}
		if (!ts_node_is_null(lit) && role_of(t, lit) != TR_LAMBDA && role_of(t, nth_named(lit, 0)) == TR_LAMBDA)
			lit = nth_named(lit, 0); /* Kotlin's trailing lambda is wrapped for its annotations */
		if (!ts_node_is_null(lit))
			return map_with(t, lit, recvv);
	}
	/* a function of this file (or a constructor of its class); obj.m() in Python, PHP and Ruby is a method,
	   never a function of the file (logger.debug(...) is not the file's def debug()) */
	f = func_lookup(t, s, len, &iter);
	while (f && !ts_node_is_null(recv) && f->cls == 0 && !f->recv_param.id && receiver_needs_method(t)) {
		own_function = true;
		f = func_lookup(t, s, len, &iter);
	}
	if (f) {
		/* functions of one name in several classes: the caller's own class's, when it has one */
		uint32_t cls = t->unit ? t->unit->cls : 0; /* the caller's class is its unit's */
		size_t first = iter, it2 = SIZE_MAX;
		bool same = false;
		tval v = CLEAN;
		for (tfunc *g = func_lookup(t, s, len, &it2); g; g = func_lookup(t, s, len, &it2))
			same |= g->cls == cls;
		iter = first;
		do {
			bool method_only = !ts_node_is_null(recv) && receiver_needs_method(t);
			if ((!same || f->cls == cls) && !(method_only && f->cls == 0 && !f->recv_param.id))
				v = join(v, apply_summary(t, n, f, recv, recvv, args, nargs, vals));
		} while ((f = func_lookup(t, s, len, &iter)) != NULL);
		/* a constructor keeps what it was given in its fields: the object carries it */
		if (ctor && !tainted(v))
			v = any;
		return v;
	}
	/* a function another file defines (a deep scan); not when the name is this file's own function, which
	   obj.m() does not call (the world's summary of that name would be this file's function's) */
	if (t->scope && t->scope->world && !own_function) {
		const char *rule = t->r->rule_id;
		t->unresolved = true;
		if (t->scope->pass == 2) {
			uint64_t ret_params, recv_params;
			taint_gtrail ret;
			if (scan_taint__world_summary(t->scope->world, rule, s, len, &ret_params, &recv_params, &ret)) {
				tval v = summary_value(t, n, ret_params, recv_params, ret.n ? import_trail(t, &ret) : NULL, recv,
				                       recvv, nargs, vals);
				if (ctor && !tainted(v))
					v = any;
				return v;
			}
		} else {
			for (uint32_t i = 0; i < nargs && i < TAINT_WORLD_IN; i++) {
				taint_gtrail g;
				if (vals[i].trail && export_trail(t, step(t, vals[i].trail, args[i], TAINT_CALL), &g))
					scan_taint__world_pass(t->scope->world, rule, s, len, i, &g);
			}
		}
	}
	/* array_push($a, x, y): $a takes x and y, at its next positions */
	if (ts_node_is_null(recv) && nargs >= 2 && (text_eq(s, len, "array_push") || text_eq(s, len, "array_unshift"))) {
		TSNode arr = unarg(args[0]);
		if (path_of(t, arr, p, sizeof(p))) {
			long slot = text_eq(s, len, "array_push") ? size_slot(t, p) : -1;
			size_t base = strlen(p);
			for (uint32_t i = 1; i < nargs; i++) {
				tval v = vals[i];
				char pos[16];
				p[base] = '\0';
				if (slot >= 0)
					snprintf(pos, sizeof(pos), "%u", t->sizes[slot].next++);
				else
					snprintf(pos, sizeof(pos), "*");
				path_append(p, sizeof(p), pos, strlen(pos));
				if (v.trail)
					v.trail = step(t, v.trail, n, TAINT_STEP);
				env_set(t, &t->env, p, v, true);
			}
			return CLEAN;
		}
	}
	/* collections and builders: the receiver takes what is added to it */
	if (!ts_node_is_null(recv)) {
		TSNode base = chain_base(t, recv);
		have_path = !ts_node_is_null(base) && path_of(t, base, p, sizeof(p));
		if (have_path && nargs >= 2 && name_in(s, len, putters) && literal_key(t, args[0], key, sizeof(key))) {
			tval v = vals[1];
			path_append(p, sizeof(p), key, strlen(key));
			if (sent_header(p))
				return CLEAN;
			bind(t, base, CLEAN, true); /* the trail step is on the base */
			if (v.trail)
				v.trail = step(t, v.trail, n, TAINT_STEP);
			env_set(t, &t->env, p, v, false);
			return CLEAN;
		}
		if (have_path && nargs >= 1 && (name_in(s, len, adders) || name_in(s, len, putters))) {
			tval v = CLEAN;
			long slot = nargs == 1 && name_in(s, len, appenders) ? size_slot(t, p) : -1;
			for (uint32_t i = 0; i < nargs; i++)
				v = join(v, vals[i]);
			if (slot >= 0) {
				/* l.add(x) on a list built here: x is at the next position */
				char pos[16];
				snprintf(pos, sizeof(pos), "%u", t->sizes[slot].next++);
				path_append(p, sizeof(p), pos, strlen(pos));
			} else {
				path_append(p, sizeof(p), "*", 1);
			}
			if (v.trail)
				v.trail = step(t, v.trail, n, TAINT_STEP);
			env_set(t, &t->env, p, v, true);
			/* sb.append(x) returns sb: what it holds now */
			*strrchr(p, '.') = '\0';
			return env_read(&t->env, p);
		}
		if (have_path && nargs >= 1 && name_in(s, len, getters) && literal_key(t, args[0], key, sizeof(key))) {
			if (ts_node_eq(base, unparen(t, recv))) {
				path_append(p, sizeof(p), key, strlen(key));
				rv = join(env_read(&t->env, p), chain_source(t, base));
				for (uint32_t i = 1; i < nargs; i++) /* a default value */
					rv = join(rv, vals[i]);
				return rv;
			}
		}
	}
	return any;
}

/* A variable read by its path where there is no node for it (inside a macro): clean where a check vouched for it. */
static tval read_path(taint_run *t, const char *p, TSNode at)
{
	tval v;

	if (env_vouched(&t->env, p))
		return CLEAN;
	v = env_read(&t->env, p);
	if (v.trail)
		v.trail = step(t, v.trail, at, TAINT_STEP);
	return v;
}

/* The name (letters, digits, _; not a digit first) at s[i]: its length, 0 for none, copied into p. */
static size_t name_at(const char *s, size_t len, size_t i, char *p, size_t cap)
{
	size_t k = 0;

	if (i >= len || !(isalpha((unsigned char)s[i]) || s[i] == '_'))
		return 0;
	while (i + k < len && k + 1 < cap && (isalnum((unsigned char)s[i + k]) || s[i + k] == '_'))
		p[k] = s[i + k], k++;
	p[k] = '\0';
	return k;
}

/*
 * The variables a string literal names in its text: Rust's format!("{name}")
 * and println!("{x:?}"), Kotlin's "id=$id" (which the grammar leaves in the
 * string's text; "${expr}" is a node of its own).
 */
static tval names_in_text(taint_run *t, TSNode lit, char open)
{
	const char *s;
	size_t len;
	tval v = CLEAN;

	text_of(t, lit, &s, &len);
	for (size_t i = 0; i + 1 < len; i++) {
		char p[TAINT_PATH_MAX];
		size_t k;
		if (s[i] == '\\' && open == '$') { /* \$x is a dollar sign */
			i++;
			continue;
		}
		if (s[i] != open)
			continue;
		if (open == '{' && s[i + 1] == '{') { /* {{ is a brace */
			i++;
			continue;
		}
		if (!(k = name_at(s, len, i + 1, p, sizeof(p))))
			continue;
		if (open == '$' || (i + 1 + k < len && (s[i + 1 + k] == '}' || s[i + 1 + k] == ':')))
			v = join(v, read_path(t, p, lit));
		i += k;
	}
	return v;
}

/*
 * A macro's arguments are tokens, not expressions: a.b.c is three names and
 * two dots, f(x) a name and a token tree. Names joined by dots are read as
 * one path; a string literal is read for its inline captures.
 */
static tval visit_token_range(taint_run *t, TSNode tree, uint32_t from, uint32_t count, unsigned depth)
{
	tval v = CLEAN;

	for (uint32_t i = from; i < count && !t->stop && depth < 32; i++) {
		TSNode c = ts_node_child(tree, i);
		const char *kind = ts_node_type(c);
		if (!strcmp(kind, "token_tree")) {
			v = join(v, visit_tokens(t, c, depth + 1));
		} else if (!strcmp(kind, "string_literal") || !strcmp(kind, "raw_string_literal")) {
			v = join(v, names_in_text(t, c, '{'));
		} else if (!strcmp(kind, "identifier") || !strcmp(kind, "self")) {
			char p[TAINT_PATH_MAX];
			const char *nm;
			size_t nlen;
			TSNode first = c;
			text_of(t, c, &nm, &nlen);
			if (nlen + 1 > sizeof(p))
				continue;
			memcpy(p, nm, nlen);
			p[nlen] = '\0';
			while (i + 2 < count && text_is(t, ts_node_child(tree, i + 1), ".") &&
			       !strcmp(ts_node_type(ts_node_child(tree, i + 2)), "identifier")) {
				c = ts_node_child(tree, i + 2);
				text_of(t, c, &nm, &nlen);
				if (!path_append(p, sizeof(p), nm, nlen))
					break;
				i += 2;
			}
			/* name["k"]: the element at a literal key (any element, for another index) */
			if (i + 1 < count && !strcmp(ts_node_type(ts_node_child(tree, i + 1)), "token_tree") &&
			    text_is(t, ts_node_child(ts_node_child(tree, i + 1), 0), "[")) {
				TSNode idx = ts_node_child(tree, i + 1);
				char key[64];
				i++;
				if (ts_node_child_count(idx) == 3 && literal_key(t, ts_node_child(idx, 1), key, sizeof(key)))
					path_append(p, sizeof(p), key, strlen(key));
				else
					v = join(v, visit_tokens(t, idx, depth + 1));
				v = join(v, read_path(t, p, first));
				continue;
			}
			/* name(args): a call; a number conversion is clean, anything else carries its arguments */
			if (i + 1 < count && !strcmp(ts_node_type(ts_node_child(tree, i + 1)), "token_tree")) {
				const char *last = strrchr(p, '.') ? strrchr(p, '.') + 1 : p;
				tval args = visit_tokens(t, ts_node_child(tree, i + 1), depth + 1);
				size_t iter = SIZE_MAX;
				tfunc *f = strrchr(p, '.') ? NULL : func_lookup(t, p, strlen(p), &iter);
				i++;
				if (name_in(last, strlen(last), t->tl->numeric) && !t->r->taint_numbers_carry)
					continue;
				/* a function of this file whose arguments never reach its value (it returns a constant) */
				if (f && func_lookup(t, p, strlen(p), &iter) == NULL) {
					note_dep(t, (uint32_t)(f - t->funcs));
					if (!f->ret_params && !f->ret_trail && !f->recv_params)
						continue;
				}
				if (strrchr(p, '.'))
					*strrchr(p, '.') = '\0'; /* x.clone(): x */
				else
					p[0] = '\0';
				v = join(v, args);
			}
			if (p[0])
				v = join(v, read_path(t, p, first));
		} else if (ts_node_is_named(c)) {
			v = join(v, visit(t, c));
		}
	}
	return v;
}

static tval visit_tokens(taint_run *t, TSNode tree, unsigned depth)
{
	return visit_token_range(t, tree, 0, ts_node_child_count(tree), depth);
}

/* Rust's vec![a, b]: its elements by position, each the tokens between two commas. */
static bool bind_vec(taint_run *t, TSNode lhs, TSNode rhs)
{
	char base[TAINT_PATH_MAX], p[TAINT_PATH_MAX];
	TSNode tree = nth_named(rhs, 1);
	uint32_t count, start = 1, index = 0;

	if (strcmp(ts_node_type(rhs), "macro_invocation") || !text_is(t, field(rhs, "macro"), "vec") ||
	    ts_node_is_null(tree) || strcmp(ts_node_type(tree), "token_tree") || !path_of(t, lhs, base, sizeof(base)))
		return false;
	count = ts_node_child_count(tree);
	for (uint32_t i = 1; i < count; i++) {
		TSNode c = ts_node_child(tree, i);
		if (text_is(t, c, ";")) /* vec![x; n]: n copies of x */
			return false;
	}
	env_kill(&t->env, base);
	for (uint32_t i = 1; i < count; i++) {
		TSNode c = ts_node_child(tree, i);
		tval val;
		char key[16];
		if (!text_is(t, c, ",") && i + 1 < count)
			continue;
		if (i > start) {
			val = visit_token_range(t, tree, start, i, 1);
			snprintf(key, sizeof(key), "%u", index++);
			snprintf(p, sizeof(p), "%s", base);
			path_append(p, sizeof(p), key, strlen(key));
			if (val.trail)
				val.trail = step(t, val.trail, lhs, TAINT_STEP);
			env_set(t, &t->env, p, val, true);
		}
		start = i + 1;
	}
	size_set(t, base, index);
	return true;
}

static tval visit_ident(taint_run *t, TSNode n)
{
	char p[TAINT_PATH_MAX];
	const char *s;
	size_t len;
	tval v;

	text_of(t, n, &s, &len);
	if (len + 1 > sizeof(p))
		return CLEAN;
	memcpy(p, s, len);
	p[len] = '\0';
	v = env_read(&t->env, p);
	/* Ruby's @name unset in this method: what the object holds */
	if (!tainted(v) && len > 1 && *s == '@' && s[1] != '@' && t->unit)
		v.params |= TAINT_RECV;
	return v;
}

static tval visit_children(taint_run *t, TSNode n)
{
	tval v = CLEAN;
	kids k;

	if (!kids_of(t, n, &k)) {
		oom(t);
		return v;
	}
	for (uint32_t i = 0; i < k.n && !t->stop; i++)
		v = join(v, visit(t, k.v[i]));
	kids_free(&k);
	return v;
}

static tval visit_inner(taint_run *t, TSNode n)
{
	char p[TAINT_PATH_MAX];

	switch (role_of(t, n)) {
	case TR_CLEAN:
		return CLEAN;
	case TR_FUNC:
		/* its own unit; but where a class's code runs, what it holds is not this unit's */
		return CLEAN;
	case TR_LAMBDA: {
		TSNode body = field(n, "body"), params = field(n, "parameters");
		/* a handler the sources name as a whole (app.MapGet("/x", (string q) => ...)): its parameters are request data */
		if (!ts_node_is_null(params) && is_source(t, n))
			for (uint32_t j = 0; j < ts_node_named_child_count(params); j++) {
				TSNode prm = ts_node_named_child(params, j), name;
				if (!is_comment(prm) && !numeric_type(t, prm) && param_name(t, prm, &name))
					bind(t, name, (tval){ 0, step(t, NULL, prm, TAINT_SOURCE) }, false);
			}
		t->loops++; /* a callback may run any number of times */
		if (ts_node_is_null(body)) /* Kotlin's { x -> ... }: the statements are the lambda's own children */
			visit_children(t, n);
		else
			visit(t, body); /* runs here, in this state; its value is code, not data */
		t->loops--;
		return CLEAN;
	}
	case TR_ASSIGN:
		return visit_assign(t, n, false);
	case TR_AUGASSIGN:
		return visit_assign(t, n, true);
	case TR_RETURN: {
		tval v = visit_children(t, n);
		t->ret = join(t->ret, v);
		return v;
	}
	case TR_IF:
		return visit_if(t, n);
	case TR_TERNARY:
		return visit_ternary(t, n);
	case TR_LOOP:
		return visit_loop(t, n);
	case TR_FOREACH:
		return visit_foreach(t, n);
	case TR_CALL:
		return visit_call(t, n, false);
	case TR_NEW:
		return visit_call(t, n, true);
	case TR_IDENT:
		return visit_ident(t, n);
	case TR_MEMBER:
	case TR_SUBSCRIPT: {
		tval v;
		if (path_of(t, n, p, sizeof(p))) {
			v = join(env_read(&t->env, p), chain_source(t, n));
			/* an index expression is evaluated too (it may hold a sink) */
			if (role_of(t, n) == TR_SUBSCRIPT)
				for (uint32_t i = 1; i < ts_node_named_child_count(n); i++)
					visit(t, ts_node_named_child(n, i));
			return v;
		}
		return visit_children(t, n);
	}
	default:
		if (!strcmp(ts_node_type(n), "token_tree"))
			return visit_tokens(t, n, 0);
		if (t->tl->dollar_names && !strcmp(ts_node_type(n), "string_literal"))
			return join(visit_children(t, n), names_in_text(t, n, '$'));
		/* Ruby's s << x, a << x, C++'s os << x: the left takes x (at the next position of a list built here) */
		if (t->tl->shift_appends && strstr(ts_node_type(n), "binary") && has_op(t, n, "<<")) {
			TSNode l = field(n, "left"), r = field(n, "right"), base = l;
			/* os << a << b: each part goes to os, the chain's first operand */
			while (!ts_node_is_null(base) && strstr(ts_node_type(base), "binary") && has_op(t, base, "<<"))
				base = field(base, "left");
			if (!ts_node_is_null(base) && !ts_node_is_null(r) && path_of(t, base, p, sizeof(p))) {
				tval v;
				if (!ts_node_eq(base, l))
					visit(t, l);
				v = visit(t, r);
				long slot = size_slot(t, p);
				char pos[16];
				snprintf(pos, sizeof(pos), "*");
				if (slot >= 0)
					snprintf(pos, sizeof(pos), "%u", t->sizes[slot].next++);
				path_append(p, sizeof(p), pos, strlen(pos));
				if (v.trail)
					v.trail = step(t, v.trail, n, TAINT_STEP);
				env_set(t, &t->env, p, v, true);
				*strrchr(p, '.') = '\0';
				return env_read(&t->env, p);
			}
		}
		return visit_children(t, n);
	}
}

static tval visit(taint_run *t, TSNode n)
{
	uint32_t sb, eb;
	long k;
	tval v;

	if (ts_node_is_null(n) || t->stop || !budget(t))
		return CLEAN;
	if (t->depth >= TAINT_DEPTH_MAX)
		return CLEAN;
	sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
	if (t->env.nvouched) {
		char p[TAINT_PATH_MAX];
		if (path_of(t, n, p, sizeof(p)) && env_vouched(&t->env, p))
			return CLEAN;
	}
	if (is_sanitizer(t, n)) {
		/* still walked, for what it assigns and the sinks inside it; its value is clean */
		t->depth++;
		visit_inner(t, n);
		t->depth--;
		return CLEAN;
	}
	t->depth++;
	v = visit_inner(t, n);
	t->depth--;
	if (is_source(t, n)) {
		taint_role role = role_of(t, n);
		if (!v.trail)
			v.trail = step(t, NULL, n, TAINT_SOURCE);
		/* a variable a source fills (c.ShouldBindJSON(&req), fgets(buf, ...), recv(fd, s->buf, ...)): it holds
		   request data from here on */
		if (role == TR_IDENT || ((role == TR_MEMBER || role == TR_SUBSCRIPT) && !ts_node_is_null(ts_node_parent(n)) &&
		                         strstr(ts_node_type(ts_node_parent(n)), "argument"))) {
			char p[TAINT_PATH_MAX];
			if (path_of(t, n, p, sizeof(p)))
				env_set(t, &t->env, p, v, true);
		}
	}
	if ((k = sink_at(t, sb, eb)) >= 0) {
		/* every sink with this range */
		for (size_t i = (size_t)k; i < t->sinks->n; i++) {
			const sast_match *m = &t->sinks->v[t->sink_order[i]];
			if (m->sb != sb || m->eb != eb)
				break;
			at_sink(t, (uint32_t)i, v);
		}
	}
	return v;
}

static bool numeric_type(const taint_run *t, TSNode p)
{
	static const char *const numbers[] = { "int", "float", "bool", "long", "double", "short", "byte", "boolean",
		                               "Integer", "Long", "Double", "Float", "Boolean", "Short", "UUID",
		                               "uuid.UUID", "int32", "int64", "uint", "uint32", "uint64", "float64",
		                               "decimal", "Decimal", "Guid", "DateTime", "date", "datetime", "Int", "Byte",
		                               "UInt", "ULong", "i32", "i64", "u32", "u64", "usize", NULL };
	TSNode type = field(p, "type");
	const char *s;
	size_t len;

	if (ts_node_is_null(type) || t->r->taint_numbers_carry)
		return false;
	text_of(t, type, &s, &len);
	return name_in(s, len, numbers);
}

/* A unit: a function with its parameters bound, or the file outside its functions. */
static void run_unit(taint_run *t, tfunc *f, TSNode root)
{
	char recv_name[TAINT_PATH_MAX];
	taint_gtrail in[TAINT_WORLD_IN];
	uint64_t in_params = 0;
	bool whole;

	t->env.n = 0;
	t->env.nvouched = 0;
	t->nalias = 0;
	t->nsizes = 0;
	t->loops = 0;
	t->ret = CLEAN;
	t->unit = f;
	t->depth = 0;
	if (!f) {
		visit(t, root);
		return;
	}
	/* a source that matches the whole function (a route handler's definition): all its parameters are request data */
	{
		TSNode up = ts_node_parent(f->node);
		whole = is_source(t, f->node) || (!ts_node_is_null(up) && is_source(t, up));
	}
	/* request data other files pass to this function (a deep scan's second pass) */
	if (t->scope && t->scope->world && t->scope->pass == 2 && f->name)
		in_params = scan_taint__world_incoming(t->scope->world, t->r->rule_id, f->name, f->namelen, in);
	/* the receiver: what the object holds (fields set by its constructor) */
	recv_name[0] = '\0';
	{
		static const char *const receivers[] = { "this", "self", "$this", NULL };
		TSNode name;
		for (const char *const *rv = receivers; *rv; rv++)
			env_set(t, &t->env, *rv, (tval){ TAINT_RECV, NULL }, true);
		if (f->recv_param.id && param_name(t, f->recv_param, &name) && path_of(t, name, recv_name, sizeof(recv_name)))
			env_set(t, &t->env, recv_name, (tval){ TAINT_RECV, NULL }, true);
	}
	if (!ts_node_is_null(f->params)) {
		uint32_t count = ts_node_named_child_count(f->params), i = 0;
		for (uint32_t j = 0; j < count; j++) {
			TSNode p = ts_node_named_child(f->params, j), name;
			tval v = CLEAN;
			int arg;
			if (is_comment(p) || role_of(t, p) == TR_CLEAN) /* Kotlin's parameter_modifiers are its siblings */
				continue;
			/* the call's numbering: Python's self is the receiver, the arguments come after it */
			arg = f->self_param ? (int)i - 1 : (int)i;
			v.params = arg < 0 ? TAINT_RECV : arg < TAINT_PARAMS_MAX ? 1ull << arg : 0;
			/* a parameter the rule's sources name (an annotated request parameter, a handler's request),
			   unless its declared type is a number: the framework converted it */
			if ((whole || is_source(t, p)) && !numeric_type(t, p))
				v.trail = step(t, NULL, p, TAINT_SOURCE);
			if (!v.trail && arg >= 0 && arg < TAINT_WORLD_IN && (in_params & (1ull << arg)) && !numeric_type(t, p))
				v.trail = step(t, import_trail(t, &in[arg]), p, TAINT_STEP);
			if (param_name(t, p, &name)) {
				if (!v.trail && is_source(t, name))
					v.trail = step(t, NULL, name, TAINT_SOURCE);
				bind(t, name, (tval){ v.params, NULL }, false);
				if (v.trail) {
					char path[TAINT_PATH_MAX];
					if (path_of(t, name, path, sizeof(path)))
						env_set(t, &t->env, path, v, true);
				}
			}
			i++;
		}
	}
	if (t->tl->implicit_return) {
		/* Ruby, Rust: the last expression is the function's value (in Rust, unless a ; ends it) */
		uint32_t count = ts_node_named_child_count(f->body);
		tval last = CLEAN;
		for (uint32_t j = 0; j < count && !t->stop; j++) {
			TSNode c = ts_node_named_child(f->body, j);
			if (!is_comment(c))
				last = visit(t, c);
			if (!strcmp(ts_node_type(c), "expression_statement") || !strcmp(ts_node_type(c), "let_declaration"))
				last = CLEAN;
		}
		t->ret = join(t->ret, last);
	} else if (!strcmp(ts_node_type(f->body), "function_body") && ts_node_named_child_count(f->body) == 1 &&
	           strcmp(ts_node_type(ts_node_named_child(f->body, 0)), "block")) {
		/* Kotlin's fun f(x: String) = expr: the expression is the value */
		t->ret = join(t->ret, visit(t, ts_node_named_child(f->body, 0)));
	} else {
		visit(t, f->body);
	}
	/* what the function left in its receiver's fields */
	for (size_t i = 0; i < t->env.n; i++) {
		const char *q = t->env.v[i].path;
		uint64_t stored = t->env.v[i].v.params & ~TAINT_RECV;
		size_t rl = strlen(recv_name);
		bool field = !strncmp(q, "this.", 5) || !strncmp(q, "self.", 5) || !strncmp(q, "$this.", 6) || *q == '@' ||
		             (rl && !strncmp(q, recv_name, rl) && q[rl] == '.');
		if (stored && field && (f->recv_params | stored) != f->recv_params) {
			f->recv_params |= stored;
			f->changed = true;
		}
	}
	if (f->ret_params != (f->ret_params | t->ret.params) || (!f->ret_trail && t->ret.trail)) {
		f->ret_params |= t->ret.params;
		if (!f->ret_trail)
			f->ret_trail = t->ret.trail;
		f->changed = true;
	}
}

/* Did unit d's last walk apply a summary that changed after the walk began? */
static bool stale(const taint_run *t, const tdeps *d, uint64_t last_change)
{
	if (d->many)
		return last_change > d->ran_at;
	for (size_t i = 0; i < d->n; i++)
		if (t->funcs[d->v[i]].changed_at > d->ran_at)
			return true;
	return false;
}

static bool settled(const taint_run *t)
{
	uint64_t last = 0;
	for (size_t i = 0; i < t->nfuncs; i++)
		if (t->funcs[i].changed_at > last)
			last = t->funcs[i].changed_at;
	for (size_t i = 0; i < t->nfuncs; i++)
		if (stale(t, &t->funcs[i].deps, last))
			return false;
	return !stale(t, &t->top_deps, last);
}

/* The functions in an order where each comes after the ones it applied (cycles broken anywhere); NULL: out of memory. */
static uint32_t *callees_first(const taint_run *t)
{
	uint32_t *order = malloc((t->nfuncs + 1) * sizeof(*order)), *stack = malloc((t->nfuncs + 1) * sizeof(*stack));
	uint32_t *next = calloc(t->nfuncs + 1, sizeof(*next)); /* per function: the next dep to visit */
	uint8_t *state = calloc(t->nfuncs + 1, 1);             /* 0 new, 1 on the stack, 2 placed */
	size_t n = 0;

	if (!order || !stack || !next || !state) {
		free(order), free(stack), free(next), free(state);
		return NULL;
	}
	for (size_t root = 0; root < t->nfuncs; root++) {
		size_t depth = 0;
		if (state[root])
			continue;
		stack[depth++] = (uint32_t)root, state[root] = 1;
		while (depth) {
			uint32_t u = stack[depth - 1];
			const tdeps *d = &t->funcs[u].deps;
			if (next[u] < d->n) {
				uint32_t v = d->v[next[u]++];
				if (!state[v])
					stack[depth++] = v, state[v] = 1;
				continue;
			}
			state[u] = 2, order[n++] = u, depth--;
		}
	}
	free(stack), free(next), free(state);
	return order;
}

bool scan_taint__may_flow_in(sast_ctx *c, const sast_rule *r, const TSTree *tree, taint_world *world)
{
	taint_run t;
	TSTreeCursor cur;
	bool found = false;

	memset(&t, 0, sizeof(t));
	if (!tree || !(t.tl = scan_taint__lang(c->lang_id)))
		return true;
	t.c = c, t.src = c->src;
	cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	while (!found) {
		TSNode n = ts_tree_cursor_current_node(&cur), name, params;
		taint_gtrail in[TAINT_WORLD_IN];
		if (role_of(&t, n) == TR_FUNC) {
			func_parts(n, &name, &params);
			if (!ts_node_is_null(name) &&
			    scan_taint__world_incoming(world, r->rule_id, t.src + ts_node_start_byte(name),
			                               ts_node_end_byte(name) - ts_node_start_byte(name), in))
				found = true;
		}
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
	}
out:
	ts_tree_cursor_delete(&cur);
	return found;
}

int scan_taint__run(sast_ctx *c, const sast_rule *r, const TSTree *tree, const sast_matches *sources,
                    const sast_matches *sinks, const sast_matches *sanitizers, const sast_matches *rejects,
                    const taint_props *props,
                    taint_scope *scope, taint_emit_fn emit, void *ud)
{
	static const sast_matches none = { 0 };
	bool world = scope && scope->world;
	taint_run t;
	bool summaries_only;
	TSNode root;
	int rc = 0;

	/* alone, a file needs a source and a sink; in a deep scan its functions matter to other files */
	if (!tree || (!world && (!sinks || !sinks->n || !sources || !sources->n)))
		return 0;
	if (!sinks)
		sinks = &none;
	if (!sources)
		sources = &none;
	memset(&t, 0, sizeof(t));
	if (!(t.tl = scan_taint__lang(c->lang_id)))
		return 0;
	t.c = c, t.r = r, t.src = c->src, t.sinks = sinks, t.emit = emit, t.ud = ud, t.scope = world ? scope : NULL;
	t.props = props;
	t.by_name = (scan_map)SCAN_MAP_INIT;
	root = ts_tree_root_node(tree);
	t.src_r = ranges_of(sources, &t.nsrc);
	t.san_r = ranges_of(sanitizers, &t.nsan);
	t.rej_r = ranges_of(rejects, &t.nrej);
	t.sink_order = malloc((sinks->n + 1) * sizeof(*t.sink_order));
	t.sink_done = calloc(sinks->n + 1, 1);
	if ((sources->n && !t.src_r) || (sanitizers && sanitizers->n && !t.san_r) || (rejects && rejects->n && !t.rej_r) ||
	    !t.sink_order || !t.sink_done) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < sinks->n; i++)
		t.sink_order[i] = (uint32_t)i;
	sort_sinks = sinks;
	qsort(t.sink_order, sinks->n, sizeof(*t.sink_order), cmp_sink);
	if ((rc = collect_funcs(&t, root)) != 0)
		goto done;
	collect_consts(&t, root);
	/*
	 * Summaries until they settle: a round in which no unit applied a
	 * summary that changed after it did has used final summaries
	 * throughout, so its flows are the ones reported. The first round
	 * takes the file's order; later ones put callees before their callers,
	 * so that one more round usually settles.
	 */
	t.report = true;
	/*
	 * With no source and no sink (a deep scan's first pass learning what
	 * a file's functions do), code that takes no data in - the file's top
	 * level, a function with no parameter and no object - has nothing to
	 * learn: it is left out, and such a function's summary stays clean.
	 */
	summaries_only = !sources->n && !sinks->n;
	for (int round = 0; !t.stop; round++) {
		t.nfound = 0;
		memset(t.sink_done, 0, sinks->n + 1);
		if (round == 1 && !(t.order = callees_first(&t)))
			oom(&t);
		for (size_t k = 0; k < t.nfuncs && !t.stop; k++) {
			tfunc *f = &t.funcs[round && t.order ? t.order[k] : k];
			if (summaries_only && !f->nparams && !f->recv_param.id && !f->cls)
				continue;
			f->changed = false;
			f->deps.n = 0, f->deps.many = false, f->deps.ran_at = t.stamp++;
			t.deps = &f->deps;
			run_unit(&t, f, root);
			if (f->changed)
				f->changed_at = t.stamp++;
		}
		if (!t.stop && !summaries_only) {
			t.top_deps.n = 0, t.top_deps.many = false, t.top_deps.ran_at = t.stamp++;
			t.deps = &t.top_deps;
			run_unit(&t, NULL, root);
		}
		t.deps = NULL;
		if (settled(&t) || round + 1 >= TAINT_ROUNDS)
			break;
	}
	rc = t.rc;
	if (!rc && !t.stop && t.scope && t.scope->pass == 1) {
		bool param_hits = false;
		/* what this file's functions do, for the files that call them */
		for (size_t i = 0; i < t.nfuncs; i++) {
			taint_gtrail ret = { NULL, 0 };
			if (!t.funcs[i].name)
				continue;
			if (t.funcs[i].ret_trail)
				export_trail(&t, t.funcs[i].ret_trail, &ret);
			scan_taint__world_define(t.scope->world, r->rule_id, t.funcs[i].name, t.funcs[i].namelen,
			                         t.funcs[i].ret_params, t.funcs[i].recv_params, &ret);
			if (t.scope->record && !scan_array_reserve(&t.scope->record->v, &t.scope->record->cap,
			                                           t.scope->record->n + 1, sizeof(*t.scope->record->v))) {
				taint_summaries *rec = t.scope->record;
				rec->v[rec->n].name = t.funcs[i].name, rec->v[rec->n].len = t.funcs[i].namelen;
				rec->v[rec->n].ret_params = t.funcs[i].ret_params;
				rec->v[rec->n++].recv_params = t.funcs[i].recv_params;
			}
			for (size_t h = 0; h < t.funcs[i].nhits; h++)
				param_hits |= t.funcs[i].hits[h].params != 0;
		}
		/* flows that other files' functions decide wait for the second pass: whether the helper returns
		   request data, or what callers elsewhere pass to a sink here */
		if ((t.unresolved && sinks->n && (sources->n || param_hits)) || param_hits) {
			t.scope->again = true;
			scan_taint__world_hold(t.scope->world, t.scope->path, r->rule_id);
			t.nfound = 0;
		}
	}
	/* a flow that went through another reported sink of the rule is that one's, continued: reported once */
	for (size_t i = 0; i < t.nfound; i++)
		for (size_t j = 0; j < t.nfound && t.found[i].n; j++) {
			const sast_match *other = &sinks->v[t.found[j].sink];
			if (i == j || !t.found[j].n)
				continue;
			for (size_t k = 0; k + 1 < t.found[i].n; k++)
				if (!t.found[i].steps[k].path && t.found[i].steps[k].line == other->line &&
				    t.found[i].steps[t.found[i].n - 1].line != other->line) {
					t.found[i].n = 0;
					break;
				}
		}
	/* a rule over its budget is dropped for the file (the engine says so): none of its flows is whole */
	for (size_t i = 0; i < t.nfound && !rc && !t.over_budget; i++) {
		sast_flow flow = { t.found[i].steps, t.found[i].n, NULL, 0 };
		if (!flow.n)
			continue;
		rc = emit(ud, r, &sinks->v[t.found[i].sink], &flow);
	}
done:
	if (t.has_cur)
		ts_tree_cursor_delete(&t.cur);
	free(t.found);
	for (size_t i = 0; i < t.nfuncs; i++) {
		free(t.funcs[i].hits);
		free(t.funcs[i].deps.v);
	}
	free(t.top_deps.v);
	free(t.order);
	free(t.funcs);
	free(t.next);
	free(t.env.v);
	scan_map_dispose(&t.by_name);
	free(t.src_r);
	free(t.san_r);
	free(t.rej_r);
	free(t.sink_order);
	free(t.sink_done);
	scan_arena__dispose(&t.arena);
	return rc;
}
