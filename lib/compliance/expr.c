/* lib/compliance/expr.c - the pass_condition language: a recursive-descent parser into a bounded tree, and its walk */
#include <stdlib.h>
#include <string.h>
#include "compliance/expr.h"
#include "util/error.h"

const char *const scan_compliance__fact_names[SCAN_FACT__COUNT] = {
	"critical", "high", "medium", "low", "total",
	"in_test", "excluded", "kev", "malicious", "sla_breaches",
	"days_since_scan", "scheduled", "gate_passed", "gate_failed",
	"gate_waived", "gate_blocking", "rating", "prs", "prs_reviewed",
	"review_pct", "has_iac",
};

typedef enum {
	OP_INT, OP_FACT, OP_NOT, OP_NEG, OP_AND, OP_OR,
	OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_ADD, OP_SUB,
} op;

typedef struct {
	op op;
	int64_t value;      /* OP_INT: the number; OP_FACT: the fact */
	int a, b;           /* operands: node indexes, -1 when none */
} node;

struct scan_cexpr {
	node nodes[SCAN_CEXPR_NODES_MAX];
	int count, root;
	uint64_t uses;
};

typedef struct {
	const char *s;
	size_t len, pos;
	unsigned depth;
	scan_cexpr *e;
	int rc;
} parser;

static int fail(parser *p, size_t at, int code, const char *what)
{
	if (!p->rc)
		p->rc = scan_util__error(code, "at byte %zu: %s", at, what);
	return -1;
}

static void skip_space(parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
	                           p->s[p->pos] == '\r'))
		p->pos++;
}

/* The next token is t (an operator): consume it. "<" does not match the start of "<=". */
static bool accept(parser *p, const char *t)
{
	size_t n = strlen(t);

	skip_space(p);
	if (p->len - p->pos < n || memcmp(p->s + p->pos, t, n) != 0)
		return false;
	if (n == 1 && p->pos + 1 < p->len && p->s[p->pos + 1] == '=' && strchr("<>!=", t[0]))
		return false;
	if (n == 1 && (t[0] == '&' || t[0] == '|'))
		return false;
	p->pos += n;
	return true;
}

static int add(parser *p, op o, int64_t v, int a, int b)
{
	node *n;

	if (p->rc)
		return -1;
	if (p->e->count >= SCAN_CEXPR_NODES_MAX)
		return fail(p, p->pos, SCAN_ELIMIT, "the expression has too many terms");
	n = &p->e->nodes[p->e->count];
	n->op = o, n->value = v, n->a = a, n->b = b;
	return p->e->count++;
}

static int parse_or(parser *p);

static bool is_name_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
}

static int parse_atom(parser *p)
{
	size_t at;

	skip_space(p);
	at = p->pos;
	if (at >= p->len)
		return fail(p, at, SCAN_EINVAL, "the expression ends where a value was expected");
	if (p->s[at] == '(') {
		int n;
		p->pos++;
		if (++p->depth > SCAN_CEXPR_DEPTH_MAX)
			return fail(p, at, SCAN_ELIMIT, "parentheses nested too deep");
		n = parse_or(p);
		p->depth--;
		if (n < 0)
			return -1;
		if (!accept(p, ")"))
			return fail(p, p->pos, SCAN_EINVAL, "')' expected");
		return n;
	}
	if (p->s[at] >= '0' && p->s[at] <= '9') {
		int64_t v = 0;
		while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
			int d = p->s[p->pos] - '0';
			if (v > (INT64_MAX - d) / 10)
				return fail(p, at, SCAN_EINVAL, "the number is too large");
			v = v * 10 + d;
			p->pos++;
		}
		if (p->pos < p->len && is_name_char(p->s[p->pos], false))
			return fail(p, p->pos, SCAN_EINVAL, "a number runs into a name");
		return add(p, OP_INT, v, -1, -1);
	}
	if (is_name_char(p->s[at], true)) {
		size_t n;
		while (p->pos < p->len && is_name_char(p->s[p->pos], false))
			p->pos++;
		n = p->pos - at;
		if (n == 4 && !memcmp(p->s + at, "true", 4))
			return add(p, OP_INT, 1, -1, -1);
		if (n == 5 && !memcmp(p->s + at, "false", 5))
			return add(p, OP_INT, 0, -1, -1);
		for (int f = 0; f < SCAN_FACT__COUNT; f++) {
			if (strlen(scan_compliance__fact_names[f]) == n && !memcmp(scan_compliance__fact_names[f], p->s + at, n)) {
				p->e->uses |= 1ull << f;
				return add(p, OP_FACT, f, -1, -1);
			}
		}
		return fail(p, at, SCAN_EINVAL, "unknown name (see docs/compliance.md for the facts a condition may use)");
	}
	return fail(p, at, SCAN_EINVAL, "a number, a fact's name, true, false or '(' expected");
}

static int parse_unary(parser *p)
{
	size_t at;
	int n;

	skip_space(p);
	at = p->pos;
	if (!accept(p, "-"))
		return parse_atom(p);
	if (++p->depth > SCAN_CEXPR_DEPTH_MAX)
		return fail(p, at, SCAN_ELIMIT, "operators nested too deep");
	n = parse_unary(p);
	p->depth--;
	return n < 0 ? -1 : add(p, OP_NEG, 0, n, -1);
}

static int parse_sum(parser *p)
{
	int a = parse_unary(p);

	while (a >= 0) {
		op o;
		int b;
		if (accept(p, "+"))
			o = OP_ADD;
		else if (accept(p, "-"))
			o = OP_SUB;
		else
			break;
		if ((b = parse_unary(p)) < 0)
			return -1;
		a = add(p, o, 0, a, b);
	}
	return a;
}

static int parse_cmp(parser *p)
{
	static const struct { const char *t; op o; } ops[] = {
		{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE }, { "<", OP_LT }, { ">", OP_GT },
	};
	int a = parse_sum(p), b;

	if (a < 0)
		return -1;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (accept(p, ops[i].t)) {
			if ((b = parse_sum(p)) < 0)
				return -1;
			return add(p, ops[i].o, 0, a, b);
		}
	}
	return a;
}

static int parse_not(parser *p)
{
	size_t at;
	int n;

	skip_space(p);
	at = p->pos;
	if (!accept(p, "!"))
		return parse_cmp(p);
	if (++p->depth > SCAN_CEXPR_DEPTH_MAX)
		return fail(p, at, SCAN_ELIMIT, "operators nested too deep");
	n = parse_not(p);
	p->depth--;
	return n < 0 ? -1 : add(p, OP_NOT, 0, n, -1);
}

static int parse_and(parser *p)
{
	int a = parse_not(p), b;

	while (a >= 0 && accept(p, "&&")) {
		if ((b = parse_not(p)) < 0)
			return -1;
		a = add(p, OP_AND, 0, a, b);
	}
	return a;
}

static int parse_or(parser *p)
{
	int a = parse_and(p), b;

	while (a >= 0 && accept(p, "||")) {
		if ((b = parse_and(p)) < 0)
			return -1;
		a = add(p, OP_OR, 0, a, b);
	}
	return a;
}

int scan_compliance__expr_parse(scan_cexpr **out, const char *text, size_t len)
{
	parser p;

	*out = NULL;
	if (len > SCAN_CEXPR_TEXT_MAX)
		return scan_util__error(SCAN_ELIMIT, "at byte %d: the expression is longer than %d bytes",
		                        SCAN_CEXPR_TEXT_MAX, SCAN_CEXPR_TEXT_MAX);
	memset(&p, 0, sizeof(p));
	p.s = text, p.len = len;
	if (memchr(text, '\0', len))
		return scan_util__error(SCAN_EINVAL, "at byte %zu: a NUL byte", (size_t)((const char *)memchr(text, '\0', len) - text));
	if (!(p.e = calloc(1, sizeof(*p.e))))
		return scan_error__oom();
	p.e->root = parse_or(&p);
	skip_space(&p);
	if (!p.rc && p.pos < p.len)
		fail(&p, p.pos, SCAN_EINVAL, "an operator or the end expected");
	if (p.rc) {
		free(p.e);
		return p.rc;
	}
	*out = p.e;
	return 0;
}

void scan_compliance__expr_free(scan_cexpr *e)
{
	free(e);
}

size_t scan_compliance__expr_size(void)
{
	return sizeof(scan_cexpr);
}

uint64_t scan_compliance__expr_uses(const scan_cexpr *e)
{
	return e->uses;
}

static int64_t sat_add(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

/* Depth is bounded by the parser (SCAN_CEXPR_DEPTH_MAX per nesting, SCAN_CEXPR_NODES_MAX in all). */
static int64_t eval(const scan_cexpr *e, int i, const int64_t *v)
{
	const node *n = &e->nodes[i];

	switch (n->op) {
	case OP_INT: return n->value;
	case OP_FACT: return v[n->value];
	case OP_NOT: return !eval(e, n->a, v);
	case OP_NEG: { int64_t x = eval(e, n->a, v); return x == INT64_MIN ? INT64_MAX : -x; }
	case OP_AND: return eval(e, n->a, v) && eval(e, n->b, v);
	case OP_OR: return eval(e, n->a, v) || eval(e, n->b, v);
	case OP_EQ: return eval(e, n->a, v) == eval(e, n->b, v);
	case OP_NE: return eval(e, n->a, v) != eval(e, n->b, v);
	case OP_LT: return eval(e, n->a, v) < eval(e, n->b, v);
	case OP_LE: return eval(e, n->a, v) <= eval(e, n->b, v);
	case OP_GT: return eval(e, n->a, v) > eval(e, n->b, v);
	case OP_GE: return eval(e, n->a, v) >= eval(e, n->b, v);
	case OP_ADD: return sat_add(eval(e, n->a, v), eval(e, n->b, v));
	case OP_SUB: {
		int64_t b = eval(e, n->b, v);
		return sat_add(eval(e, n->a, v), b == INT64_MIN ? INT64_MAX : -b);
	}
	}
	return 0;
}

bool scan_compliance__expr_eval(const scan_cexpr *e, const int64_t values[SCAN_FACT__COUNT], uint64_t known, bool *known_out)
{
	*known_out = (e->uses & ~known) == 0;
	return *known_out && eval(e, e->root, values) != 0;
}
