/* lib/sast/match.c - structural matching of a compiled pattern against a file's tree */
#include <stdlib.h>
#include <string.h>
#include "sast/engine.h"
#include "sast/match.h"
#include "scan/common.h"
#include "scan/array.h"

void scan_sast__drop_rule(sast_ctx *c, uint32_t rule, const char *why)
{
	if (!c->active[rule])
		return;
	c->active[rule] = 0;
	/* Its matches so far are of no use now: give their memory back at once. */
	for (size_t i = 0; i < c->engine_rules->nleaves; i++)
		if (c->leaf[i].count == &c->rule_matches[rule]) {
			free(c->leaf[i].v);
			c->leaf[i].v = NULL, c->leaf[i].n = c->leaf[i].cap = 0;
		}
	c->leaf_matches -= c->rule_matches[rule];
	c->rule_matches[rule] = 0;
	c->dropped[c->ndropped] = rule;
	c->dropped_why[c->ndropped++] = why; /* room for every rule: a rule is dropped once */
}

/* A pool past its budget: every rule of it still active is dropped. */
static void drop_pool(sast_ctx *c, bool custom)
{
	const sast_ruleset *rs = c->engine_rules;

	for (uint32_t r = 0; r < rs->count; r++)
		if (c->active[r] && rs->rules[r].custom == custom)
			scan_sast__drop_rule(c, r, custom ? "the user's rules together exceeded their step budget" :
			                               "the built-in rules together exceeded their step budget");
}

bool scan_sast__budget_ok(sast_ctx *c)
{
	if (c->exhausted)
		return false;
	if (++c->steps > c->steps_max) {
		c->exhausted = true;
		c->why = "rule matching exceeded the file's step budget";
		return false;
	}
	/* Over the file's memory budget: the rules holding the most matches go first. */
	while (c->leaf_matches > c->leaf_matches_max) {
		uint32_t heaviest = SAST_NO_RULE;
		for (uint32_t r = 0; r < c->engine_rules->count; r++)
			if (c->rule_matches[r] && (heaviest == SAST_NO_RULE || c->rule_matches[r] > c->rule_matches[heaviest]))
				heaviest = r;
		if (heaviest == SAST_NO_RULE) {
			c->exhausted = true;
			c->why = "rule matching exceeded the file's memory budget";
			return false;
		}
		scan_sast__drop_rule(c, heaviest, "held the most matches when the file's memory budget ran out");
	}
	if (c->rule != SAST_NO_RULE) {
		bool custom = c->engine_rules->rules[c->rule].custom;
		if (!c->active[c->rule])
			return false; /* dropped while it was being matched */
		if (c->rule_matches[c->rule] > c->rule_matches_max) {
			scan_sast__drop_rule(c, c->rule, "exceeded its memory budget for matches");
			return false;
		}
		if (++c->rule_steps[c->rule] > c->rule_steps_max) {
			scan_sast__drop_rule(c, c->rule, "exceeded its step budget");
			return false;
		}
		if (++c->pool_steps[custom] > c->pool_steps_max) {
			drop_pool(c, custom);
			return false;
		}
	}
	return true;
}

int scan_sast__matches_push(sast_matches *v, const sast_match *m)
{
	if (scan_array_reserve(&v->v, &v->cap, v->n + 1, sizeof(*v->v)))
		return SCAN_ENOMEM;
	v->v[v->n++] = *m;
	if (v->count)
		(*v->count)++, (*v->total)++;
	return 0;
}

void scan_sast__set_lines(const sast_ctx *c, sast_match *m)
{
	uint32_t line = 1, col = 1;
	for (uint32_t i = 0; i < m->sb && i < c->len; i++)
		if (c->src[i] == '\n')
			line++, col = 1;
		else
			col++;
	m->line = line, m->column = col;
	for (uint32_t i = m->sb; i + 1 < m->eb && i < c->len; i++)
		if (c->src[i] == '\n')
			line++;
	m->end_line = line;
}

static uint16_t flags_of(const sast_ctx *c, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	return s < c->li->nsym ? c->li->flags[s] : 0;
}

static bool significant(const sast_ctx *c, TSNode n)
{
	return !ts_node_is_extra(n) && !ts_node_is_missing(n) && !(flags_of(c, n) & SAST_SYM_PUNCT);
}

void scan_sast__binding_text(const sast_binding *b, const char *src, const char **s, size_t *n)
{
	if (b->text) {
		*s = b->text, *n = b->len;
	} else {
		*s = src + b->sb, *n = b->eb - b->sb;
	}
}

static bool bind(sast_ctx *c, int mv, uint32_t sb, uint32_t eb, TSNode node)
{
	sast_binding *b;
	if (mv < 0)
		return true;
	b = &c->m->b[mv];
	if (c->m->bound & (1u << mv)) {
		const char *s;
		size_t n;
		scan_sast__binding_text(b, c->src, &s, &n);
		return n == eb - sb && !memcmp(s, c->src + sb, n);
	}
	b->sb = sb, b->eb = eb, b->node = node, b->text = NULL, b->len = 0;
	for (size_t i = 0; i < c->npushed; i++)
		if (c->pushed[i]->mv == mv && !scan_sast__where_binding_ok(c, c->pushed[i], b))
			return false;
	c->m->bound |= 1u << mv;
	return true;
}

/* Push the significant children of n onto the stack; returns how many. */
static int push_children(sast_ctx *c, TSNode n, uint32_t *count)
{
	uint32_t k = 0;
	sast_kids_entry *e = &c->kids[((uintptr_t)n.id >> 4) % SAST_KIDS_CACHE];
	*count = 0;
	if (scan_array_reserve(&c->stk, &c->cap, c->top + SAST_KIDS_CACHED, sizeof(*c->stk)))
		return SCAN_ENOMEM;
	if (e->id == n.id && e->gen == c->gen) {
		memcpy(c->stk + c->top, e->kids, e->n * sizeof(TSNode));
		c->top += e->n;
		*count = e->n;
		return 0;
	}
	ts_tree_cursor_reset(&c->cur, n);
	if (!ts_tree_cursor_goto_first_child(&c->cur))
		return 0;
	do {
		TSNode ch = ts_tree_cursor_current_node(&c->cur);
		if (!significant(c, ch))
			continue;
		if ((flags_of(c, ch) & SAST_SYM_WRAPPER) && ts_node_named_child_count(ch) == 1)
			ch = ts_node_named_child(ch, 0); /* statements match alike at file level and in a body */
		if (scan_array_reserve(&c->stk, &c->cap, c->top + 1, sizeof(*c->stk)))
			return SCAN_ENOMEM;
		c->stk[c->top++] = ch;
		k++;
	} while (ts_tree_cursor_goto_next_sibling(&c->cur));
	*count = k;
	if (k <= SAST_KIDS_CACHED) {
		e->id = n.id, e->gen = c->gen, e->n = k;
		memcpy(e->kids, c->stk + c->top - k, k * sizeof(TSNode));
	}
	return 0;
}

static bool string_is_constant(const sast_ctx *c, TSNode n, unsigned depth)
{
	uint32_t nc = ts_node_named_child_count(n);
	if (depth > 8)
		return false;
	/* the Kotlin grammar leaves "$name" templates inside the string's text */
	if (c->lang_id == SCAN_LANG_KOTLIN && depth == 0) {
		uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
		for (uint32_t i = sb; i + 1 < eb; i++)
			if (c->src[i] == '$' && (i == sb || c->src[i - 1] != '\\') &&
			    (c->src[i + 1] == '{' || c->src[i + 1] == '_' || ((c->src[i + 1] | 0x20) >= 'a' && (c->src[i + 1] | 0x20) <= 'z')))
				return false;
	}
	for (uint32_t i = 0; i < nc; i++) {
		TSNode ch = ts_node_named_child(n, i);
		if (ts_node_is_extra(ch))
			continue;
		if (!(flags_of(c, ch) & SAST_SYM_STRPART))
			return false;
		if (ts_node_named_child_count(ch) && !string_is_constant(c, ch, depth + 1))
			return false;
	}
	return true;
}

bool scan_sast__is_constant(const sast_ctx *c, TSNode n, unsigned depth)
{
	uint16_t f;
	uint32_t nc;
	if (ts_node_is_null(n) || depth > 32)
		return false;
	f = flags_of(c, n);
	/* wrappers such as PHP's argument node: judge what they wrap */
	while (!f && ts_node_named_child_count(n) == 1 && ts_node_child_count(n) == 1) {
		n = ts_node_named_child(n, 0);
		f = flags_of(c, n);
	}
	if (f & SAST_SYM_STRING)
		return string_is_constant(c, n, 0);
	if (f & (SAST_SYM_NUMBER | SAST_SYM_CONSTKW))
		return true;
	if (!(f & (SAST_SYM_PAREN | SAST_SYM_CONCAT)))
		return false;
	nc = ts_node_named_child_count(n);
	if (nc == 0)
		return false;
	for (uint32_t i = 0; i < nc; i++) {
		TSNode ch = ts_node_named_child(n, i);
		if (!ts_node_is_extra(ch) && !scan_sast__is_constant(c, ch, depth + 1))
			return false;
	}
	return true;
}

static bool match_node(sast_ctx *c, const sast_pnode *p, TSNode t);

/*
 * Pattern children p[pi..] against target children stk[tb+ti .. tb+nt).
 * With open_end the pattern may stop before the target does; *end gets
 * where it stopped (statement sequences).
 */
static bool match_seq(sast_ctx *c, sast_pnode *const *p, uint32_t np, uint32_t pi,
                      size_t tb, uint32_t nt, uint32_t ti, bool open_end, uint32_t *end)
{
	for (;;) {
		const sast_pnode *q;
		uint32_t saved;
		if (!scan_sast__budget_ok(c))
			return false;
		if (pi == np) {
			if (open_end) {
				*end = ti;
				return true;
			}
			/* a set the pattern leaves out (an HCL block body) is the empty set: anything goes */
			while (ti < nt && (flags_of(c, c->stk[tb + ti]) & (SAST_SYM_UNORDERED | SAST_SYM_OPTIONAL)))
				ti++;
			return ti == nt;
		}
		q = p[pi];
		if (q->type == PN_ELLIPSIS || q->type == PN_MV_SEQ) {
			for (uint32_t k = ti; k <= nt; k++) {
				saved = c->m->bound;
				if (q->type == PN_MV_SEQ) {
					uint32_t sb, eb;
					TSNode none = { 0 };
					if (k > ti) {
						sb = ts_node_start_byte(c->stk[tb + ti]);
						eb = ts_node_end_byte(c->stk[tb + k - 1]);
					} else {
						sb = eb = ti < nt ? ts_node_start_byte(c->stk[tb + ti]) :
						          (ti ? ts_node_end_byte(c->stk[tb + ti - 1]) : 0);
					}
					if (!bind(c, q->mv, sb, eb, k == ti + 1 ? c->stk[tb + ti] : none))
						continue;
				}
				if (match_seq(c, p, np, pi + 1, tb, nt, k, open_end, end))
					return true;
				c->m->bound = saved;
			}
			return false;
		}
		if (ti == nt)
			return false;
		saved = c->m->bound;
		if (!match_node(c, q, c->stk[tb + ti])) {
			c->m->bound = saved;
			if (flags_of(c, c->stk[tb + ti]) & (SAST_SYM_UNORDERED | SAST_SYM_OPTIONAL)) {
				ti++; /* the pattern left this set out */
				continue;
			}
			return false;
		}
		pi++, ti++;
	}
}

/* Every pattern child matches a distinct target child, in any order. */
static bool match_set(sast_ctx *c, sast_pnode *const *p, uint32_t np, uint32_t pi, size_t tb, uint32_t nt, size_t ub)
{
	const sast_pnode *q;
	if (pi == np)
		return true;
	q = p[pi];
	if (q->type == PN_ELLIPSIS || q->type == PN_MV_SEQ)
		return match_set(c, p, np, pi + 1, tb, nt, ub);
	for (uint32_t j = 0; j < nt; j++) {
		uint32_t saved = c->m->bound;
		if (c->used[ub + j] || !scan_sast__budget_ok(c))
			continue;
		if (match_node(c, q, c->stk[tb + j])) {
			c->used[ub + j] = 1;
			if (match_set(c, p, np, pi + 1, tb, nt, ub))
				return true;
			c->used[ub + j] = 0;
		}
		c->m->bound = saved;
	}
	return false;
}

static bool match_children(sast_ctx *c, const sast_pnode *p, TSNode t)
{
	size_t tb = c->top, ub = c->used_top;
	uint32_t nt, end;
	bool ok;

	if (push_children(c, t, &nt) != 0) {
		c->exhausted = true;
		c->why = "out of memory";
		return false;
	}
	if (p->unordered) {
		if (scan_array_reserve(&c->used, &c->used_cap, c->used_top + nt, sizeof(*c->used))) {
			c->top = tb;
			return false;
		}
		memset(c->used + ub, 0, nt);
		c->used_top += nt;
		ok = match_set(c, p->kids, p->nkids, 0, tb, nt, ub);
		c->used_top = ub;
	} else {
		ok = match_seq(c, p->kids, p->nkids, 0, tb, nt, 0, false, &end);
	}
	c->top = tb;
	return ok;
}

static bool match_node(sast_ctx *c, const sast_pnode *p, TSNode t)
{
	uint16_t tf;
	if (!scan_sast__budget_ok(c))
		return false;
	tf = flags_of(c, t);
	/* (x) matches x */
	while ((tf & SAST_SYM_PAREN) && !(p->type == PN_NODE && p->sym == ts_node_symbol(t)) &&
	       p->type != PN_MV && ts_node_named_child_count(t) == 1) {
		t = ts_node_named_child(t, 0);
		tf = flags_of(c, t);
	}
	switch ((sast_pn_type)p->type) {
	case PN_MV:
	case PN_MV_SEQ:
		/* bind (x) as x, so it equals the x bound elsewhere */
		while ((tf & SAST_SYM_PAREN) && ts_node_named_child_count(t) == 1) {
			t = ts_node_named_child(t, 0);
			tf = flags_of(c, t);
		}
		return bind(c, p->mv, ts_node_start_byte(t), ts_node_end_byte(t), t);
	case PN_ELLIPSIS:
		return true;
	case PN_STRING_ANY:
		return (tf & SAST_SYM_STRING) && string_is_constant(c, t, 0);
	case PN_STRING_MV:
		return (tf & SAST_SYM_STRING) && bind(c, p->mv, ts_node_start_byte(t), ts_node_end_byte(t), t);
	case PN_STRING: {
		const char *v;
		size_t vlen;
		uint32_t sb = ts_node_start_byte(t), eb = ts_node_end_byte(t);
		if (!(tf & SAST_SYM_STRING))
			return false;
		scan_sast__string_value(c->src + sb, eb - sb, &v, &vlen);
		return vlen == p->len && !memcmp(v, p->text, vlen) && string_is_constant(c, t, 0);
	}
	case PN_LEAF: {
		uint32_t sb = ts_node_start_byte(t), eb = ts_node_end_byte(t);
		return ts_node_symbol(t) == p->sym && eb - sb == p->len && !memcmp(c->src + sb, p->text, p->len);
	}
	case PN_NODE:
		return ts_node_symbol(t) == p->sym && match_children(c, p, t);
	}
	return false;
}

static void set_range(sast_match *m, TSNode first, TSNode last)
{
	TSPoint sp = ts_node_start_point(first), ep = ts_node_end_point(last);
	m->sb = ts_node_start_byte(first);
	m->eb = ts_node_end_byte(last);
	m->line = sp.row + 1;
	m->column = sp.column + 1;
	m->end_line = ep.row + 1;
	if (ep.column == 0 && m->end_line > m->line)
		m->end_line--;
}

int scan_match__pattern(sast_ctx *c, const sast_pattern *p, TSNode t, sast_matches *out)
{
	sast_match m;
	int rc = 0;

	m.bound = 0;
	c->m = &m;
	if (p->root) {
		if (match_node(c, p->root, t)) {
			set_range(&m, t, t);
			rc = scan_sast__matches_push(out, &m);
		}
		return rc;
	} else {
		size_t tb = c->top;
		uint32_t nt, end;
		if ((rc = push_children(c, t, &nt)) != 0)
			return rc;
		for (uint32_t i = 0; i < nt && !c->exhausted; i++) {
			m.bound = 0;
			if (match_seq(c, p->seq, p->nseq, 0, tb, nt, i, true, &end) && end > i) {
				/* a trailing ... runs to the end of the block, from each start (`$V := src` then
				   `...`: every assignment in the block is a start, not just the first) */
				bool open = p->seq[p->nseq - 1]->type == PN_ELLIPSIS || p->seq[p->nseq - 1]->type == PN_MV_SEQ;
				set_range(&m, c->stk[tb + i], c->stk[tb + (open ? nt : end) - 1]);
				if ((rc = scan_sast__matches_push(out, &m)) != 0)
					break;
				if (!open)
					i = end - 1;
			}
		}
		c->top = tb;
	}
	return rc;
}
