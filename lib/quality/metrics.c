/* lib/quality/metrics.c - lines, complexity, parameters and nesting of one file's functions */
#include <stdlib.h>
#include <string.h>
#include "parse/tree.h"
#include "quality/quality.h"
#include "scan/array.h"
#include "util/error.h"

/* Deeper trees are cut here: a hostile file must not exhaust the stack. */
#define Q_DEPTH_MAX 600
#define Q_NAME_MAX 128

typedef struct {
	uint32_t cyclomatic, cognitive, nesting_max;
} q_acc;

typedef struct {
	const q_lang *q;
	const char *src;
	size_t len;
	scan_arena *arena;
	scan_function_metrics *fn;
	size_t nfn, cap;
	uint32_t *code_upto;         /* code lines among lines 1..i */
	uint32_t nlines;
	TSTreeCursor cur;             /* at the node being walked */
	int rc;
} walker;

static q_role role_of(const walker *w, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	return ts_node_is_named(n) && s < w->q->nsym ? (q_role)w->q->role[s] : Q_NONE;
}

static bool text_is(const walker *w, TSNode n, const char *s)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t k = strlen(s);
	return e <= w->len && e - b == k && !memcmp(w->src + b, s, k);
}

static bool text_starts(const walker *w, TSNode n, const char *s)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t k = strlen(s);
	return e <= w->len && e - b >= k && !memcmp(w->src + b, s, k);
}

/* The operator of a binary node when it is a logical one (&& || and or), else NULL. */
static const char *logical_op(const walker *w, TSNode n)
{
	static const char *const ops[] = { "&&", "||", "and", "or" };
	TSNode op;
	if (role_of(w, n) != Q_BINARY)
		return NULL;
	op = ts_node_child_by_field_name(n, "operator", 8);
	if (ts_node_is_null(op)) {
		for (uint32_t i = 0; i < ts_node_child_count(n); i++) {
			TSNode k = ts_node_child(n, i);
			if (!ts_node_is_named(k)) {
				op = k;
				break;
			}
		}
		if (ts_node_is_null(op))
			return NULL;
	}
	for (size_t i = 0; i < sizeof(ops) / sizeof(*ops); i++)
		if (text_is(w, op, ops[i]))
			return ops[i];
	return NULL;
}

static TSNode unparen(const walker *w, TSNode n)
{
	for (unsigned k = 0; k < 64 && role_of(w, n) == Q_PAREN && ts_node_named_child_count(n) == 1; k++)
		n = ts_node_named_child(n, 0);
	return n;
}

/*
 * Operators of a sequence of logical operators read left to right: a run of
 * the same operator counts once (a && b && c: 1; a && b || c: 2).
 */
static void op_runs(const walker *w, TSNode n, const char **last, uint32_t *runs, unsigned depth)
{
	const char *op;
	uint32_t nk;
	n = unparen(w, n);
	if (depth > Q_DEPTH_MAX || !(op = logical_op(w, n)))
		return;
	nk = ts_node_named_child_count(n);
	if (nk)
		op_runs(w, ts_node_named_child(n, 0), last, runs, depth + 1);
	if (op != *last)
		(*runs)++, *last = op;
	if (nk > 1)
		op_runs(w, ts_node_named_child(n, nk - 1), last, runs, depth + 1);
}

static bool is_default_case(const walker *w, TSNode n)
{
	TSNode first = ts_node_child(n, 0);
	return !ts_node_is_null(first) && (text_starts(w, first, "default") || text_is(w, first, "else") || text_is(w, first, "*") ||
	                                   text_is(w, first, "_"));
}

static bool jumps_to_label(const walker *w, TSNode n)
{
	for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
		TSNode k = ts_node_named_child(n, i);
		if (!w->q->label || ts_node_symbol(k) == w->q->label)
			return true;
	}
	return false;
}

/*
 * The walk keeps one tree cursor: listing a node's children with
 * ts_node_child(n, i) costs O(i) each, quadratic on a module of thousands
 * of statements. Every function returns with the cursor where it found it.
 */
static void walk(walker *w, q_acc *a, unsigned nesting, unsigned level, bool in_logical, unsigned depth);
static void record(walker *w, unsigned depth);

static void walk_kids(walker *w, q_acc *a, unsigned nesting, unsigned level, bool in_logical, unsigned depth)
{
	if (!ts_tree_cursor_goto_first_child(&w->cur))
		return;
	do
		walk(w, a, nesting, level, in_logical, depth + 1);
	while (!w->rc && ts_tree_cursor_goto_next_sibling(&w->cur));
	ts_tree_cursor_goto_parent(&w->cur);
}

static void enter(q_acc *a, unsigned level)
{
	if (level > a->nesting_max)
		a->nesting_max = level;
}

static void walk_if(walker *w, q_acc *a, unsigned nesting, unsigned level, bool else_if, unsigned depth);

/* An else branch: `else if` continues the chain at the same nesting; a plain else costs 1. */
static void walk_else(walker *w, q_acc *a, unsigned nesting, unsigned level, unsigned depth)
{
	if (role_of(w, ts_tree_cursor_current_node(&w->cur)) == Q_IF) {
		walk_if(w, a, nesting, level, true, depth + 1);
		return;
	}
	a->cognitive++;
	walk(w, a, nesting + 1, level + 1, false, depth + 1);
}

/* else_clause: one if inside is an else-if; anything else is the else body. */
static void walk_else_clause(walker *w, q_acc *a, unsigned nesting, unsigned level, unsigned depth)
{
	TSNode k = ts_tree_cursor_current_node(&w->cur), only = { 0 };
	uint32_t named = 0;
	for (uint32_t j = 0; j < ts_node_named_child_count(k) && named < 2; j++) {
		TSNode c = ts_node_named_child(k, j);
		if (role_of(w, c) != Q_COMMENT)
			named++, only = c;
	}
	if (named != 1 || role_of(w, only) != Q_IF) {
		a->cognitive++;
		walk_kids(w, a, nesting + 1, level + 1, false, depth);
		return;
	}
	if (!ts_tree_cursor_goto_first_child(&w->cur))
		return;
	do
		if (ts_tree_cursor_current_node(&w->cur).id == only.id)
			walk_if(w, a, nesting, level, true, depth + 1);
	while (!w->rc && ts_tree_cursor_goto_next_sibling(&w->cur));
	ts_tree_cursor_goto_parent(&w->cur);
}

static void walk_if(walker *w, q_acc *a, unsigned nesting, unsigned level, bool else_if, unsigned depth)
{
	bool after_else = false;

	if (depth > Q_DEPTH_MAX)
		return;
	a->cognitive += else_if ? 1 : 1 + nesting;
	a->cyclomatic++;
	enter(a, level + 1);
	if (!ts_tree_cursor_goto_first_child(&w->cur))
		return;
	do {
		TSNode k = ts_tree_cursor_current_node(&w->cur);
		const char *field = ts_tree_cursor_current_field_name(&w->cur);
		q_role r = role_of(w, k);
		if (!ts_node_is_named(k) && text_is(w, k, "else")) {
			after_else = true; /* the next named node is the else branch */
		} else if (after_else && ts_node_is_named(k) && r != Q_COMMENT) {
			after_else = false;
			walk_else(w, a, nesting, level, depth);
		} else if (r == Q_ELSE) {
			walk_else_clause(w, a, nesting, level, depth);
		} else if (r == Q_ELIF) {
			walk_if(w, a, nesting, level, true, depth + 1);
		} else if (field && !strcmp(field, "condition")) {
			walk(w, a, nesting, level, false, depth + 1);
		} else {
			walk(w, a, nesting + 1, level + 1, false, depth + 1);
		}
	} while (!w->rc && ts_tree_cursor_goto_next_sibling(&w->cur));
	ts_tree_cursor_goto_parent(&w->cur);
}

static void walk(walker *w, q_acc *a, unsigned nesting, unsigned level, bool in_logical, unsigned depth)
{
	TSNode n = ts_tree_cursor_current_node(&w->cur);
	q_role r;

	if (depth > Q_DEPTH_MAX || w->rc)
		return;
	r = role_of(w, n);
	switch (r) {
	case Q_COMMENT:
		return;
	case Q_FUNC:
		record(w, depth);
		return;
	case Q_LAMBDA:
		if (!a) {
			record(w, depth); /* top level: a function of its own */
			return;
		}
		walk_kids(w, a, nesting + 1, level, false, depth);
		return;
	case Q_IF: case Q_ELIF:
		if (a)
			walk_if(w, a, nesting, level, r == Q_ELIF, depth);
		else
			walk_kids(w, a, nesting, level, false, depth);
		return;
	case Q_LOOP: case Q_SWITCH: case Q_CATCH: case Q_TERNARY:
		if (a) {
			a->cognitive += 1 + nesting;
			a->cyclomatic += r != Q_SWITCH;
			enter(a, level + 1);
		}
		walk_kids(w, a, nesting + 1, level + 1, false, depth);
		return;
	case Q_CASE:
		if (a && !is_default_case(w, n))
			a->cyclomatic++;
		break;
	case Q_BINARY:
		if (a && logical_op(w, n)) {
			a->cyclomatic++;
			if (!in_logical) {
				const char *last = NULL;
				uint32_t runs = 0;
				op_runs(w, n, &last, &runs, depth);
				a->cognitive += runs;
			}
			walk_kids(w, a, nesting, level, true, depth);
			return;
		}
		break;
	case Q_PAREN:
		walk_kids(w, a, nesting, level, in_logical, depth);
		return;
	case Q_JUMP:
		if (a && jumps_to_label(w, n))
			a->cognitive++;
		break;
	case Q_GOTO:
		if (a)
			a->cognitive++;
		break;
	default:
		if (a && w->q->kotlin_labels && ts_node_symbol(n) == w->q->label &&
		    (text_starts(w, n, "break@") || text_starts(w, n, "continue@")))
			a->cognitive++;
		break;
	}
	walk_kids(w, a, nesting, level, false, depth);
}

static void copy_name(walker *w, TSNode n, const char **out)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n), k = 0;
	char buf[Q_NAME_MAX + 1];
	for (uint32_t i = b; i < e && i < w->len && k < Q_NAME_MAX; i++)
		if (w->src[i] != '\n' && w->src[i] != '\r' && w->src[i] != '\t')
			buf[k++] = w->src[i];
	buf[k] = '\0';
	if (k && !(*out = scan_arena__strndup(w->arena, buf, k)))
		w->rc = SCAN_ENOMEM;
}

/* The declared name; C and C++ hide it in a chain of declarators. */
static void function_name(walker *w, TSNode n, const char **out, TSNode *params)
{
	TSNode nm = ts_node_child_by_field_name(n, "name", 4), d = n;

	*params = ts_node_child_by_field_name(n, "parameters", 10);
	for (unsigned k = 0; ts_node_is_null(nm) && k < 16; k++) {
		TSNode next = ts_node_child_by_field_name(d, "declarator", 10);
		if (ts_node_is_null(next)) {
			if (d.id != n.id)
				nm = d;
			break;
		}
		if (ts_node_is_null(*params))
			*params = ts_node_child_by_field_name(next, "parameters", 10);
		d = next;
	}
	if (ts_node_is_null(nm)) {
		/* a lambda assigned to a name: const f = () => ... */
		TSNode p = ts_node_parent(n);
		if (!ts_node_is_null(p)) {
			nm = ts_node_child_by_field_name(p, "name", 4);
			if (ts_node_is_null(nm))
				nm = ts_node_child_by_field_name(p, "left", 4);
			if (!ts_node_is_null(nm) && ts_node_end_byte(nm) - ts_node_start_byte(nm) > Q_NAME_MAX)
				nm = (TSNode){ 0 };
		}
	}
	if (ts_node_is_null(*params))
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
			TSNode k = ts_node_named_child(n, i);
			if (role_of(w, k) == Q_PARAMS) {
				*params = k;
				break;
			}
		}
	*out = "<anonymous>";
	if (!ts_node_is_null(nm) && !ts_node_is_null(ts_node_parent(nm)))
		copy_name(w, nm, out);
}

static uint32_t count_params(walker *w, TSNode n, TSNode params)
{
	uint32_t count = 0;
	if (ts_node_is_null(params))
		return ts_node_is_null(ts_node_child_by_field_name(n, "parameter", 9)) ? 0 : 1; /* x => ... */
	for (uint32_t i = 0; i < ts_node_named_child_count(params); i++) {
		TSNode k = ts_node_named_child(params, i);
		const char *type = ts_node_type(k);
		if (role_of(w, k) == Q_COMMENT || !strcmp(type, "self_parameter") || !strcmp(type, "receiver_parameter"))
			continue;
		if (count == 0 && !strcmp(type, "identifier") && (text_is(w, k, "self") || text_is(w, k, "cls")))
			continue; /* Python's self and cls are not chosen by the caller */
		if (!strcmp(type, "parameter_declaration") || !strcmp(type, "variadic_parameter_declaration")) {
			uint32_t names = 0;
			for (uint32_t j = 0; j < ts_node_named_child_count(k); j++)
				names += !strcmp(ts_node_type(ts_node_named_child(k, j)), "identifier");
			if (names > 1) { /* Go: func f(a, b int) */
				count += names;
				continue;
			}
			if (ts_node_named_child_count(params) == 1 && text_is(w, k, "void"))
				continue; /* C: f(void) */
		}
		count++;
	}
	return count;
}

/* A function: a record of its own, walked from nesting 0. */
static void record(walker *w, unsigned depth)
{
	TSNode n = ts_tree_cursor_current_node(&w->cur);
	q_acc a = { 1, 0, 0 };
	TSNode params;
	scan_function_metrics *f;
	size_t at;
	uint32_t sl = ts_node_start_point(n).row + 1, el = ts_node_end_point(n).row + 1;

	if (!(f = scan_array_push(&w->fn, &w->nfn, &w->cap, sizeof(*w->fn)))) {
		w->rc = SCAN_ENOMEM;
		return;
	}
	at = w->nfn - 1;
	function_name(w, n, &f->name, &params);
	f->params = count_params(w, n, params);
	f->line = sl, f->end_line = el;
	if (el > w->nlines)
		el = w->nlines;
	f->code_lines = sl <= el ? w->code_upto[el] - w->code_upto[sl - 1] : 0;
	walk_kids(w, &a, 0, 0, false, depth);
	f = &w->fn[at]; /* walking may have grown the array */
	f->cyclomatic = a.cyclomatic, f->cognitive = a.cognitive, f->nesting = a.nesting_max;
}

static void mark(uint8_t *v, uint32_t nlines, uint32_t from, uint32_t to, uint8_t bit)
{
	for (uint32_t l = from; l <= to && l < nlines; l++)
		v[l] |= bit;
}

/* Code and comment lines: a leaf token marks its lines as code, a comment as comment. */
static void count_lines(walker *w, TSNode root, uint8_t *kind)
{
	TSTreeCursor cur = ts_tree_cursor_new(root);
	uint32_t depth = 0;

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		bool comment = role_of(w, n) == Q_COMMENT, leaf = comment || ts_node_child_count(n) == 0;
		if (leaf) {
			if (ts_node_end_byte(n) > ts_node_start_byte(n))
				mark(kind, w->nlines, ts_node_start_point(n).row, ts_node_end_point(n).row, comment ? 2 : 1);
		}
		if (!scan_parse__walk_next(&cur, !leaf, &depth))
			break;
	}
	ts_tree_cursor_delete(&cur);
}

int scan_quality__file_metrics(scan_file_metrics *out, scan_arena *arena, scan_lang l, const TSTree *tree,
                               const char *src, size_t len)
{
	walker w = { 0 };
	uint8_t *kind = NULL;
	uint32_t nlines = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->language = scan_lang__name(l);
	if (!(w.q = scan_quality__lang(l)) || !tree)
		return 0;
	for (size_t i = 0; i < len; i++)
		nlines += src[i] == '\n';
	if (len && src[len - 1] != '\n')
		nlines++;
	w.src = src, w.len = len, w.arena = arena, w.nlines = nlines;
	if (!(kind = calloc(nlines + 1, 1)) || !(w.code_upto = calloc(nlines + 1, sizeof(*w.code_upto)))) {
		rc = scan_error__oom();
		goto done;
	}
	count_lines(&w, ts_tree_root_node(tree), kind);
	{
		size_t at = 0;
		for (uint32_t line = 0; line < nlines; line++) {
			bool blank = true;
			for (; at < len && src[at] != '\n'; at++)
				if (src[at] != ' ' && src[at] != '\t' && src[at] != '\r' && src[at] != '\f' && src[at] != '\v')
					blank = false;
			at++;
			out->code_lines += kind[line] & 1;
			out->comment_lines += (kind[line] & 2) >> 1;
			out->blank_lines += blank && !kind[line];
			w.code_upto[line + 1] = w.code_upto[line] + (kind[line] & 1);
		}
	}
	out->lines = nlines;
	w.cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	walk(&w, NULL, 0, 0, false, 0);
	ts_tree_cursor_delete(&w.cur);
	if ((rc = w.rc) != 0) {
		rc = scan_error__oom();
		goto done;
	}
	if (w.nfn) {
		scan_function_metrics *fn = scan_arena__alloc(arena, w.nfn * sizeof(*fn));
		if (!fn) {
			rc = scan_error__oom();
			goto done;
		}
		memcpy(fn, w.fn, w.nfn * sizeof(*fn));
		for (size_t i = 0; i < w.nfn; i++)
			out->cyclomatic += fn[i].cyclomatic, out->cognitive += fn[i].cognitive;
		out->functions = fn, out->nfunctions = (uint32_t)w.nfn;
	}
done:
	free(kind);
	free(w.code_upto);
	free(w.fn);
	return rc;
}
