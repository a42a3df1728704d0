/* lib/sast/eval.c - a rule's formula over the leaf matches of one file */
#include <stdlib.h>
#include <string.h>
#include "sast/engine.h"
#include "sast/match.h"
#include "scan/common.h"

static bool is_positive(sast_fkind k)
{
	return k == SAST_F_PATTERN || k == SAST_F_QUERY || k == SAST_F_REGEX ||
	       k == SAST_F_INSTRUCTION || k == SAST_F_ALL || k == SAST_F_ANY;
}

static bool same_text(const sast_ctx *c, const sast_binding *a, const sast_binding *b)
{
	const char *s, *t;
	size_t n, m;
	scan_sast__binding_text(a, c->src, &s, &n);
	scan_sast__binding_text(b, c->src, &t, &m);
	return n == m && !memcmp(s, t, n);
}

/* a's bindings and b's must agree where both bind; out gets both. */
static bool unify(const sast_ctx *c, const sast_match *a, const sast_match *b, sast_match *out)
{
	uint32_t both = a->bound & b->bound, extra = b->bound & ~a->bound;
	for (unsigned i = 0; both; i++, both >>= 1)
		if ((both & 1u) && !same_text(c, &a->b[i], &b->b[i]))
			return false;
	if (out) {
		if (out != a)
			*out = *a;
		for (unsigned i = 0; extra; i++, extra >>= 1)
			if (extra & 1u)
				out->b[i] = b->b[i];
		out->bound |= b->bound;
	}
	return true;
}

static bool regex_ok(sast_ctx *c, pcre2_code *re, const char *s, size_t n)
{
	int rc = pcre2_match(re, (PCRE2_SPTR)s, n, 0, 0, c->md, c->mctx);

	/* Over its match limit a regex has no answer: the rule is dropped for the file, and said so. */
	if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && c->rule != SAST_NO_RULE)
		scan_sast__drop_rule(c, c->rule, "its regex exceeded the match limit");
	return rc >= 0;
}

static bool parse_number(const char *s, size_t n, double *out)
{
	char buf[64], *end;
	size_t k = 0;
	if (n && (s[0] == '"' || s[0] == '\'') && n >= 2)
		s++, n -= 2;
	for (size_t i = 0; i < n && k + 1 < sizeof(buf); i++)
		if (s[i] != '_')
			buf[k++] = s[i];
	buf[k] = '\0';
	while (k && strchr("lLuU", buf[k - 1])) /* 2048L, 1024u */
		buf[--k] = '\0';
	if (!k)
		return false;
	if (k > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
		*out = (double)strtoll(buf, &end, 16);
	else
		*out = strtod(buf, &end);
	return *end == '\0';
}

/* Single-child wrappers (PHP's argument, Python's expression_statement) say nothing of their own. */
static TSNode unwrap(TSNode n)
{
	while (ts_node_child_count(n) == 1 && ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	return n;
}

bool scan_sast__where_binding_ok(sast_ctx *c, const sast_where *w, const sast_binding *b)
{
	const char *s;
	size_t n;

	scan_sast__binding_text(b, c->src, &s, &n);
	if (w->regex && !regex_ok(c, w->regex, s, n))
		return false;
	if (w->not_regex && regex_ok(c, w->not_regex, s, n))
		return false;
	if (w->cmp != SAST_CMP_NONE) {
		double v;
		if (!parse_number(s, n, &v))
			return false;
		switch (w->cmp) {
		case SAST_CMP_LT: if (!(v < w->cmp_value)) return false; break;
		case SAST_CMP_LE: if (!(v <= w->cmp_value)) return false; break;
		case SAST_CMP_GT: if (!(v > w->cmp_value)) return false; break;
		case SAST_CMP_GE: if (!(v >= w->cmp_value)) return false; break;
		case SAST_CMP_EQ: if (!(v == w->cmp_value)) return false; break;
		case SAST_CMP_NE: if (!(v != w->cmp_value)) return false; break;
		case SAST_CMP_NONE: break;
		}
	}
	if (w->constant >= 0) {
		bool k = b->node.id && !b->text && scan_sast__is_constant(c, b->node, 0);
		if (k != (w->constant == 1))
			return false;
	}
	if (w->kind_regex) {
		const char *kind;
		if (!b->node.id || b->text)
			return false;
		kind = ts_node_type(unwrap(b->node));
		if (!regex_ok(c, w->kind_regex, kind, strlen(kind)))
			return false;
	}
	return true;
}

static bool where_ok(sast_ctx *c, const sast_where *w, const sast_match *m)
{
	const sast_binding *b;

	if (!(m->bound & (1u << w->mv)))
		return false;
	b = &m->b[w->mv];
	if (!scan_sast__where_binding_ok(c, w, b))
		return false;
	if (w->equals_mv >= 0)
		return (m->bound & (1u << w->equals_mv)) && same_text(c, b, &m->b[w->equals_mv]);
	return true;
}

static void focus(const sast_ctx *c, sast_match *m, int mv)
{
	const sast_binding *b = &m->b[mv];
	if (b->text || b->eb < b->sb)
		return;
	m->sb = b->sb, m->eb = b->eb;
	if (b->node.id) {
		TSPoint sp = ts_node_start_point(b->node), ep = ts_node_end_point(b->node);
		m->line = sp.row + 1, m->column = sp.column + 1, m->end_line = ep.row + 1;
	} else {
		scan_sast__set_lines(c, m);
	}
}

typedef enum { REL_SAME, REL_INSIDE, REL_CONTAINS } relation;

static bool related(const sast_match *r, const sast_match *x, relation rel)
{
	switch (rel) {
	case REL_SAME: return r->sb == x->sb && r->eb == x->eb;
	case REL_INSIDE: return x->sb <= r->sb && r->eb <= x->eb;
	case REL_CONTAINS: return r->sb <= x->sb && x->eb <= r->eb;
	}
	return false;
}

#define FANOUT_MAX 20000

/*
 * inside:/has: keep a result once for every match of the member it relates
 * to, each with that match's bindings, so a later where: can still pick the
 * one that satisfies it (not just the first).
 */
static int keep_related(sast_ctx *c, sast_matches *r, const sast_matches *x, relation rel)
{
	sast_matches out = { 0 };
	sast_match m;
	int rc = 0;
	for (size_t i = 0; i < r->n && !rc; i++)
		for (size_t j = 0; j < x->n && !rc && out.n < FANOUT_MAX; j++)
			if (related(&r->v[i], &x->v[j], rel) && unify(c, &r->v[i], &x->v[j], &m))
				rc = scan_sast__matches_push(&out, &m);
	free(r->v);
	*r = out;
	return rc;
}

/* not:/not-inside:/not-has: drop the results of r that relate to some compatible result of x. */
static void drop_related(sast_ctx *c, sast_matches *r, const sast_matches *x, relation rel)
{
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++) {
		bool hit = false;
		for (size_t j = 0; j < x->n && !hit; j++)
			hit = related(&r->v[i], &x->v[j], rel) && unify(c, &r->v[i], &x->v[j], NULL);
		if (!hit)
			r->v[k++] = r->v[i];
	}
	r->n = k;
}

static int intersect(sast_ctx *c, sast_matches *r, const sast_matches *x)
{
	sast_matches out = { 0 };
	sast_match m;
	int rc = 0;
	for (size_t i = 0; i < r->n && !rc; i++)
		for (size_t j = 0; j < x->n && !rc; j++)
			if (related(&r->v[i], &x->v[j], REL_SAME) && unify(c, &r->v[i], &x->v[j], &m))
				rc = scan_sast__matches_push(&out, &m);
	free(r->v);
	*r = out;
	return rc;
}

static int eval_all(sast_ctx *c, const sast_rule *r, const sast_formula *f, sast_matches *dst, unsigned depth)
{
	sast_matches res = { 0 }, *out = &res;
	bool have = false;
	int rc = 0;

	for (size_t i = 0; i < f->nkids && !rc; i++) {
		const sast_formula *k = f->kids[i];
		sast_matches x = { 0 };
		if (!is_positive(k->kind))
			continue;
		if ((rc = scan_sast__eval(c, r, k, have ? &x : out, depth + 1)) != 0)
			break;
		if (have)
			rc = intersect(c, out, &x);
		free(x.v);
		have = true;
		if (!out->n)
			break;
	}
	for (size_t i = 0; i < f->nkids && !rc && out->n; i++) {
		const sast_formula *k = f->kids[i];
		sast_matches x = { 0 };
		switch (k->kind) {
		case SAST_F_NOT: case SAST_F_INSIDE: case SAST_F_NOT_INSIDE: case SAST_F_HAS: case SAST_F_NOT_HAS:
			if ((rc = scan_sast__eval(c, r, k->kids[0], &x, depth + 1)) != 0)
				break;
			if (k->kind == SAST_F_NOT)
				drop_related(c, out, &x, REL_SAME);
			else if (k->kind == SAST_F_INSIDE)
				rc = keep_related(c, out, &x, REL_INSIDE);
			else if (k->kind == SAST_F_NOT_INSIDE)
				drop_related(c, out, &x, REL_INSIDE);
			else if (k->kind == SAST_F_HAS)
				rc = keep_related(c, out, &x, REL_CONTAINS);
			else
				drop_related(c, out, &x, REL_CONTAINS);
			break;
		case SAST_F_WHERE: {
			size_t n = 0;
			for (size_t j = 0; j < out->n; j++) {
				bool ok = true;
				for (size_t w = 0; w < k->nwhere && ok; w++)
					ok = where_ok(c, &k->where[w], &out->v[j]);
				if (ok)
					out->v[n++] = out->v[j];
			}
			out->n = n;
			break;
		}
		case SAST_F_FOCUS:
			for (size_t j = 0; j < out->n; j++)
				if (out->v[j].bound & (1u << k->focus_mv))
					focus(c, &out->v[j], k->focus_mv);
			break;
		default:
			break;
		}
		free(x.v);
	}
	for (size_t i = 0; i < res.n && !rc; i++)
		rc = scan_sast__matches_push(dst, &res.v[i]);
	free(res.v);
	return rc;
}

int scan_sast__eval(sast_ctx *c, const sast_rule *r, const sast_formula *f, sast_matches *out, unsigned depth)
{
	int rc = 0;
	if (depth > SAST_FORMULA_DEPTH_MAX)
		return SCAN_ELIMIT;
	switch (f->kind) {
	case SAST_F_PATTERN: case SAST_F_QUERY: case SAST_F_REGEX: case SAST_F_INSTRUCTION: {
		const sast_matches *l = &c->leaf[f->leaf];
		for (size_t i = 0; i < l->n && !rc; i++)
			rc = scan_sast__matches_push(out, &l->v[i]);
		return rc;
	}
	case SAST_F_ANY:
		for (size_t i = 0; i < f->nkids && !rc; i++)
			rc = scan_sast__eval(c, r, f->kids[i], out, depth + 1);
		return rc;
	case SAST_F_ALL:
		return eval_all(c, r, f, out, depth);
	default:
		return SCAN_EINVAL; /* the loader keeps filters inside all: */
	}
}
