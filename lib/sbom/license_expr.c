/* lib/sbom/license_expr.c - SPDX license expressions (SPDX 2.3 Annex D): the one reader (license_expr.h) */
#include <stdbool.h>
#include <string.h>
#include "scan/license.h"
#include "sbom/license_expr.h"
#include "sbom/spdx_list.h"

enum { T_END, T_LP, T_RP, T_AND, T_OR, T_WITH, T_ID, T_ERR };

typedef struct {
	const scan_license_expr_ops *ops;
	void *ctx;
	scan_buf *canon;
	const char *s;
	size_t len, pos;
	int tok;
	size_t tstart, tlen;   /* T_ID: s[tstart..tstart + tlen), its '+' included */
	unsigned depth;
} expr_reader;

static bool expr_blank(const expr_reader *r, char c)
{
	if (c == '\f' || c == '\v')
		return (r->ops->flags & SCAN_LICENSE_EXPR_ALL_BLANKS) != 0;
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A character that ends an id: a blank, a parenthesis, '/' when it means OR. */
static bool expr_delimiter(const expr_reader *r, char c)
{
	return c == '(' || c == ')' || expr_blank(r, c) || (c == '/' && (r->ops->flags & SCAN_LICENSE_EXPR_SLASH_OR));
}

/* Characters of an SPDX idstring, and ':' of DocumentRef-x:LicenseRef-y. */
static bool is_idchar(char c)
{
	return scan_spdx__is_alpha(c) || scan_spdx__is_digit(c) || c == '-' || c == '.' || c == ':';
}

static void emit(expr_reader *r, const char *s)
{
	if (r->canon)
		scan_buf_puts(r->canon, s);
}

static void next_token(expr_reader *r)
{
	bool strict = (r->ops->flags & SCAN_LICENSE_EXPR_STRICT_IDS) != 0;
	char c;

	while (r->pos < r->len && expr_blank(r, r->s[r->pos]))
		r->pos++;
	if (r->pos >= r->len) {
		r->tok = T_END;
		return;
	}
	c = r->s[r->pos];
	if (expr_delimiter(r, c)) {
		r->pos++;
		r->tok = c == '(' ? T_LP : c == ')' ? T_RP : T_OR;
		return;
	}
	/* The whole run is one token, so a stray character spoils it rather than splitting it. */
	r->tok = T_ID;
	r->tstart = r->pos;
	while (r->pos < r->len && !expr_delimiter(r, (c = r->s[r->pos]))) {
		r->pos++;
		if (c == '+' && strict) {
			if (r->pos - 1 == r->tstart)
				r->tok = T_ERR;
			break;
		}
		if (c != '+' && !is_idchar(c))
			r->tok = T_ERR;
	}
	r->tlen = r->pos - r->tstart;
	if (r->tok != T_ID)
		return;
	if (r->tlen == 3 && !scan_spdx__idncmp(r->s + r->tstart, 3, "AND"))
		r->tok = T_AND;
	else if (r->tlen == 2 && !scan_spdx__idncmp(r->s + r->tstart, 2, "OR"))
		r->tok = T_OR;
	else if (r->tlen == 4 && !scan_spdx__idncmp(r->s + r->tstart, 4, "WITH"))
		r->tok = T_WITH;
}

static int read_or(expr_reader *r);

/* simple-expression ["WITH" exception] / "(" compound-expression ")" */
static int read_with(expr_reader *r)
{
	int v;

	if (r->tok == T_LP) {
		if (++r->depth > SCAN_LICENSE_EXPR_DEPTH_MAX)
			return -1;
		emit(r, "(");
		next_token(r);
		if ((v = read_or(r)) < 0 || r->tok != T_RP)
			return -1;
		emit(r, ")");
		r->depth--;
		next_token(r);
		if (!(r->ops->flags & SCAN_LICENSE_EXPR_GROUP_WITH))
			return v;
	} else if (r->tok == T_ID) {
		if ((v = r->ops->leaf(r->ctx, r->s + r->tstart, r->tlen)) < 0)
			return -1;
		next_token(r);
	} else {
		return -1;
	}
	if (r->tok == T_WITH) {
		next_token(r);
		if (r->tok != T_ID)
			return -1;
		emit(r, " WITH ");
		if (r->ops->with && (v = r->ops->with(r->ctx, v, r->s + r->tstart, r->tlen)) < 0)
			return -1;
		next_token(r);
	}
	return v;
}

static int read_and(expr_reader *r)
{
	int v = read_with(r), w;

	while (v >= 0 && r->tok == T_AND) {
		emit(r, " AND ");
		next_token(r);
		if ((w = read_with(r)) < 0)
			return -1;
		v = r->ops->and_op(r->ctx, v, w);
	}
	return v;
}

static int read_or(expr_reader *r)
{
	int v = read_and(r), w;

	while (v >= 0 && r->tok == T_OR) {
		emit(r, " OR ");
		next_token(r);
		if ((w = read_and(r)) < 0)
			return -1;
		v = r->ops->or_op(r->ctx, v, w);
	}
	return v;
}

int scan_license__expr_eval(const scan_license_expr_ops *ops, void *ctx, scan_buf *canon, const char *s,
                            size_t len)
{
	expr_reader r;
	int v;

	if (len > SCAN_LICENSE_TEXT_MAX)
		return -1;
	memset(&r, 0, sizeof(r));
	r.ops = ops;
	r.ctx = ctx;
	r.canon = canon;
	r.s = s;
	r.len = len;
	next_token(&r);
	v = read_or(&r);
	return v >= 0 && r.tok == T_END ? v : -1;
}
