/* lib/sast/dockerfile.c - Dockerfile instructions, with continuations, heredocs and stages */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sast/sast.h"
#include "scan/buf.h"
#include "scan/common.h"
#include "scan/array.h"

/*
 * Dockerfiles are line-based, so a grammar buys nothing: an instruction is a
 * keyword and its arguments, continued while a line ends in the escape
 * character ('\', or '`' after "# escape=`"), with comment lines inside a
 * continuation dropped, and RUN/COPY heredocs (<<EOF ... EOF) taken in whole.
 */
#define INSTRUCTIONS_MAX 100000

typedef struct {
	const char *s;
	size_t len, pos;
	uint32_t line;            /* of the line at pos, 1-based */
} reader;

/* The next line [*b, *e) without its newline; false at the end. */
static bool next_line(reader *r, size_t *b, size_t *e)
{
	size_t p = r->pos;
	if (p >= r->len)
		return false;
	*b = p;
	while (p < r->len && r->s[p] != '\n')
		p++;
	*e = p;
	if (*e > *b && r->s[*e - 1] == '\r')
		(*e)--;
	r->pos = p < r->len ? p + 1 : p;
	r->line++;
	return true;
}

static size_t skip_ws(const char *s, size_t b, size_t e)
{
	while (b < e && (s[b] == ' ' || s[b] == '\t'))
		b++;
	return b;
}

static size_t trim_end(const char *s, size_t b, size_t e)
{
	while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	return e;
}

/* "<<EOF", "<<-EOF", "<<'EOF'", "<<\"EOF\"" in args: the delimiter, or len 0. */
static void heredoc_delim(const char *a, size_t n, const char **d, size_t *dlen, bool *dash)
{
	*dlen = 0;
	for (size_t i = 0; i + 2 < n; i++) {
		size_t j;
		if (a[i] != '<' || a[i + 1] != '<' || (i && a[i - 1] == '<'))
			continue;
		j = i + 2;
		*dash = j < n && a[j] == '-';
		if (*dash)
			j++;
		if (j < n && (a[j] == '\'' || a[j] == '"'))
			j++;
		*d = a + j;
		while (j < n && ((a[j] >= 'A' && a[j] <= 'Z') || (a[j] >= 'a' && a[j] <= 'z') ||
		                 (a[j] >= '0' && a[j] <= '9') || a[j] == '_'))
			j++;
		*dlen = (size_t)(a + j - *d);
		if (*dlen)
			return;
	}
}

static int push(sast_dockerfile *df, const sast_instr *in)
{
	if (df->n >= INSTRUCTIONS_MAX)
		return SCAN_ELIMIT;
	if (scan_array_reserve(&df->v, &df->cap, df->n + 1, sizeof(*df->v)))
		return SCAN_ENOMEM;
	df->v[df->n++] = *in;
	return 0;
}

int scan_dockerfile__parse(sast_dockerfile *df, scan_arena *a, const char *data, size_t len)
{
	reader r = { data, len, 0, 0 };
	char esc = '\\';
	bool directives = true;
	unsigned froms = 0;
	size_t b, e;
	int rc = 0;

	df->n = 0;
	df->stages = 0;
	while (!rc && next_line(&r, &b, &e)) {
		sast_instr in;
		scan_buf args = SCAN_BUF_INIT;
		size_t k, kend, hb;
		bool more;
		const char *delim;
		size_t dlen;
		bool dash;

		b = skip_ws(data, b, e);
		if (b == e)
			continue;
		if (data[b] == '#') {
			/* parser directives come first: "# escape=`" */
			if (directives) {
				size_t p = skip_ws(data, b + 1, e);
				if (e - p >= 7 && !strncasecmp(data + p, "escape", 6)) {
					p = skip_ws(data, p + 6, e);
					if (p < e && data[p] == '=') {
						p = skip_ws(data, p + 1, e);
						if (p < e && (data[p] == '`' || data[p] == '\\'))
							esc = data[p];
					}
				}
			}
			continue;
		}
		directives = false;
		memset(&in, 0, sizeof(in));
		in.sb = (uint32_t)b;
		in.line = r.line;
		for (k = b; k < e && data[k] != ' ' && data[k] != '\t' && data[k] != esc; k++)
			;
		kend = k;
		for (size_t i = 0; i < kend - b && i + 1 < sizeof(in.keyword); i++)
			in.keyword[i] = (char)(data[b + i] >= 'a' && data[b + i] <= 'z' ? data[b + i] - 32 : data[b + i]);
		/* the arguments, joined across continuation lines */
		hb = skip_ws(data, kend, e);
		for (;;) {
			size_t te = trim_end(data, hb, e);
			more = te > hb && data[te - 1] == esc;
			scan_buf_put(&args, data + hb, more ? te - 1 - hb : te - hb);
			in.eb = (uint32_t)e;
			in.end_line = r.line;
			if (!more)
				break;
			scan_buf_putc(&args, ' ');
			do {
				if (!next_line(&r, &b, &e)) {
					more = false;
					break;
				}
				hb = skip_ws(data, b, e);
			} while (hb < e && data[hb] == '#'); /* comments inside a continuation are dropped */
			if (!more)
				break;
		}
		heredoc_delim(args.ptr ? args.ptr : "", args.size, &delim, &dlen, &dash);
		if (dlen && (!strcmp(in.keyword, "RUN") || !strcmp(in.keyword, "COPY") || !strcmp(in.keyword, "ADD"))) {
			char d[64];
			size_t dl = dlen < sizeof(d) - 1 ? dlen : sizeof(d) - 1;
			memcpy(d, delim, dl);
			while (next_line(&r, &b, &e)) {
				size_t lb = dash ? skip_ws(data, b, e) : b;
				in.eb = (uint32_t)e;
				in.end_line = r.line;
				if ((size_t)(e - lb) == dl && !memcmp(data + lb, d, dl))
					break;
				scan_buf_putc(&args, '\n');
				scan_buf_put(&args, data + b, e - b);
			}
		}
		if (scan_buf_failed(&args)) {
			scan_buf_dispose(&args);
			return SCAN_ENOMEM;
		}
		if (!strcmp(in.keyword, "FROM"))
			froms++;
		in.stage = froms ? froms - 1 : 0;
		in.args = scan_arena__strndup(a, args.ptr ? args.ptr : "", args.size);
		in.args_len = args.size;
		scan_buf_dispose(&args);
		if (!in.args)
			return SCAN_ENOMEM;
		rc = push(df, &in);
	}
	df->stages = froms ? froms : 1;
	return rc;
}
