/* lib/lockfile/toml.c - a bounded TOML 1.0 reader (https://toml.io/en/v1.0.0) */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockfile/toml.h"
#include "scan/array.h"
#include "scan/buf.h"
#include "util/error.h"
#include "util/number.h"

/*
 * A cursor over the whole input, one pass, building the tree as it goes.
 * Only arrays and inline tables recurse, and each level of those is a
 * level of depth, so the C stack is bounded by SCAN_TOML_DEPTH_MAX.
 *
 * What makes TOML more than key = value is which tables may be added to
 * later. Each table remembers how it came to be:
 *  - implicit: created on the way to a header ([a.b] creates a); a later
 *    [a] header or dotted keys may still define it, once;
 *  - header: defined by [a] or an [[a]] element; a second [a] is a
 *    redefinition, and dotted keys from another table's block may not
 *    reach into it;
 *  - dotted: defined by dotted keys (a.b = 1 defines a); no header may
 *    define it again, though a header may name a sub-table of it;
 *  - inline: { ... } is complete when it closes; nothing may add to it.
 * Arrays made by [[a]] accept more elements; arrays written as values do
 * not. Two values for one key are always an error: lockfile readers that
 * disagree on which one wins are how a package hides from a scanner.
 */

enum {
	T_IMPLICIT = 1u << 0,
	T_HEADER = 1u << 1,
	T_DOTTED = 1u << 2,
	T_INLINE = 1u << 3,
	A_TABLES = 1u << 4,
};

typedef struct {
	scan_toml_doc *doc;
	const char *origin;
	const char *p, *end;
	unsigned line;
	scan_toml_node *cur;   /* the table the current block's key/value lines go into */
	scan_buf sb;           /* scratch for decoding strings */
} parser;

/* A key part: bare keys point into the input, quoted ones into the arena. */
typedef struct {
	const char *s;
	size_t len;
	bool owned;            /* s is an arena copy, NUL-terminated */
} keypart;

static int fail(const parser *ps, int code, const char *fmt, ...) SCAN_PRINTF(3, 4);

static int fail(const parser *ps, int code, const char *fmt, ...)
{
	char reason[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(code, "%s:%u: %s", ps->origin, ps->line, reason);
}

/* A key for a message: printable ASCII, others as '?', long ones cut. */
static const char *shown(char buf[72], const char *s, size_t len)
{
	size_t n = len > 60 ? 60 : len, i;

	for (i = 0; i < n; i++)
		buf[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (n < len) {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n] = '\0';
	return buf;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_bare(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_' || c == '-';
}

/* What may follow a scalar value: whitespace, a newline, a separator, a comment or the end. */
static bool at_delim(const parser *ps, const char *p)
{
	return p >= ps->end || *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',' ||
	       *p == ']' || *p == '}' || *p == '#';
}

static bool at_newline(const parser *ps)
{
	return ps->p < ps->end &&
	       (*ps->p == '\n' || (*ps->p == '\r' && ps->p + 1 < ps->end && ps->p[1] == '\n'));
}

static void eat_newline(parser *ps)
{
	ps->p += *ps->p == '\r' ? 2 : 1;
	ps->line++;
}

static void skip_ws(parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t'))
		ps->p++;
}

/*
 * Bytes of the UTF-8 sequence at p, or 0 when it is not the shortest
 * encoding of a Unicode scalar value (TOML documents are UTF-8; overlong
 * forms and surrogates would let two spellings mean one key).
 */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
	unsigned c = p[0], cp, min;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2, cp = c & 0x1F, min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		n = 3, cp = c & 0x0F, min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4, cp = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if ((size_t)(end - p) < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3Fu);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

/* At '#': to the end of the line, leaving the newline. */
static int skip_comment(parser *ps)
{
	const char *p = ps->p + 1;

	while (p < ps->end && *p != '\n') {
		unsigned char c = (unsigned char)*p;
		if (c == '\r' && p + 1 < ps->end && p[1] == '\n')
			break;
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return fail(ps, SCAN_EPARSE, "control character in a comment");
		if (c >= 0x80) {
			size_t n = utf8_seq((const unsigned char *)p, (const unsigned char *)ps->end);
			if (!n)
				return fail(ps, SCAN_EPARSE, "invalid UTF-8 in a comment");
			p += n;
		} else {
			p++;
		}
	}
	ps->p = p;
	return 0;
}

/* Whitespace, comments and newlines, as arrays allow between items. */
static int skip_wcn(parser *ps)
{
	for (;;) {
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == '#') {
			int err = skip_comment(ps);
			if (err < 0)
				return err;
		}
		if (!at_newline(ps))
			return 0;
		eat_newline(ps);
	}
}

/* ---- the tree ---------------------------------------------------------- */

/* An entry's key is its table's address (as bytes) and its name. */
static scan_toml_node *find(const scan_toml_doc *doc, const scan_toml_node *table, const char *key, size_t len)
{
	size_t at;

	if (!scan_map_get_bytes(&doc->by_key, &table, sizeof(table), key, len, &at))
		return NULL;
	return doc->entries[at];
}

static int new_node(parser *ps, scan_toml_node **out, scan_toml_kind kind, unsigned depth, unsigned line)
{
	scan_toml_node *n;

	*out = NULL;
	if (depth > SCAN_TOML_DEPTH_MAX)
		return fail(ps, SCAN_ELIMIT, "nested deeper than %d levels", SCAN_TOML_DEPTH_MAX);
	if (ps->doc->nodes >= SCAN_TOML_NODES_MAX)
		return fail(ps, SCAN_ELIMIT, "more than %d values", SCAN_TOML_NODES_MAX);
	if (!(n = scan_arena__calloc(&ps->doc->arena, sizeof(*n))))
		return scan_error__oom();
	ps->doc->nodes++;
	n->kind = (unsigned char)kind;
	n->depth = (unsigned short)depth;
	n->line = line;
	*out = n;
	return 0;
}

static void append(scan_toml_node *parent, scan_toml_node *n)
{
	if (parent->last)
		parent->last->next = n;
	else
		parent->child = n;
	parent->last = n;
	parent->len++;
}

/* n becomes the entry k of table; the caller has checked k is not there yet. */
static int attach(parser *ps, scan_toml_node *table, const keypart *k, scan_toml_node *n)
{
	int err;

	if (k->owned) {
		n->key = k->s;
	} else if (!(n->key = scan_arena__strndup(&ps->doc->arena, k->s, k->len))) {
		return scan_error__oom();
	}
	n->key_len = k->len;
	n->parent = table;
	if (scan_array_reserve(&ps->doc->entries, &ps->doc->cap_entries, ps->doc->nentries + 1,
	                       sizeof(*ps->doc->entries)))
		return SCAN_ENOMEM;
	if ((err = scan_map_put_bytes(&ps->doc->by_key, &n->parent, sizeof(n->parent), n->key, n->key_len,
	                              ps->doc->nentries, NULL)) < 0)
		return err;
	ps->doc->entries[ps->doc->nentries++] = n;
	append(table, n);
	return 0;
}

static int new_table(parser *ps, scan_toml_node **out, scan_toml_node *parent, const keypart *k,
                     unsigned flags, unsigned line)
{
	int err = new_node(ps, out, SCAN_TOML_TABLE, parent->depth + 1u, line);

	if (err < 0)
		return err;
	(*out)->flags = (unsigned char)flags;
	return attach(ps, parent, k, *out);
}

/* ---- strings ----------------------------------------------------------- */

static void put_utf8(scan_buf *b, uint32_t cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
	}
	scan_buf_put(b, u, n);
}

/* At '\\' in a basic string: one escape into the scratch buffer. */
static int escape(parser *ps, const char **pp)
{
	const char *p = *pp + 1;
	uint32_t cp = 0;
	int digits = 0;

	if (p >= ps->end)
		return fail(ps, SCAN_EPARSE, "unterminated string");
	switch (*p) {
	case 'b': scan_buf_putc(&ps->sb, '\b'); break;
	case 't': scan_buf_putc(&ps->sb, '\t'); break;
	case 'n': scan_buf_putc(&ps->sb, '\n'); break;
	case 'f': scan_buf_putc(&ps->sb, '\f'); break;
	case 'r': scan_buf_putc(&ps->sb, '\r'); break;
	case '"': scan_buf_putc(&ps->sb, '"'); break;
	case '\\': scan_buf_putc(&ps->sb, '\\'); break;
	case 'u': digits = 4; break;
	case 'U': digits = 8; break;
	default:
		return fail(ps, SCAN_EPARSE, "invalid escape sequence in a string");
	}
	p++;
	if (digits) {
		if (ps->end - p < digits)
			return fail(ps, SCAN_EPARSE, "short \\%c escape in a string", p[-1]);
		for (int i = 0; i < digits; i++) {
			int v = scan_number__hex_digit(p[i]);
			if (v < 0)
				return fail(ps, SCAN_EPARSE, "invalid \\%c escape in a string", p[-1]);
			cp = cp << 4 | (uint32_t)v;
		}
		if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return fail(ps, SCAN_EPARSE, "escape of a code point that is not a Unicode scalar value");
		put_utf8(&ps->sb, cp);
		p += digits;
	}
	*pp = p;
	return 0;
}

/*
 * At the opening quote of any of the four kinds of string: decode it into
 * the arena (*out NUL-terminated, *outlen bytes). Keys may not be
 * multi-line strings.
 */
static int parse_string(parser *ps, bool is_key, const char **out, size_t *outlen)
{
	const char *p = ps->p, *end = ps->end;
	char q = *p;
	bool multi = end - p >= 3 && p[1] == q && p[2] == q;
	bool literal = q == '\'';
	char *s;
	int err;

	if (multi && is_key)
		return fail(ps, SCAN_EPARSE, "a multi-line string cannot be a key");
	scan_buf_clear(&ps->sb);
	p += multi ? 3 : 1;
	/* A newline right after the opening delimiter is not part of the string. */
	if (multi && p < end && (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n'))) {
		p += *p == '\r' ? 2 : 1;
		ps->line++;
	}
	for (;;) {
		unsigned char c;

		if (p >= end)
			return fail(ps, SCAN_EPARSE, "unterminated string");
		c = (unsigned char)*p;
		if (c == (unsigned char)q) {
			size_t run = 1;
			if (!multi) {
				p++;
				break;
			}
			while (p + run < end && p[run] == q)
				run++;
			if (run >= 3) {
				/* Up to two quotes right before the closing delimiter are content. */
				if (run > 5)
					return fail(ps, SCAN_EPARSE, "too many quotes at the end of a multi-line string");
				scan_buf_put(&ps->sb, p, run - 3);
				p += run;
				break;
			}
			scan_buf_put(&ps->sb, p, run);
			p += run;
		} else if (c == '\\' && !literal) {
			const char *e = p + 1;
			if (multi) {
				/* A backslash ending a line trims it and the whitespace after it. */
				while (e < end && (*e == ' ' || *e == '\t'))
					e++;
				if (e < end && (*e == '\n' || (*e == '\r' && e + 1 < end && e[1] == '\n'))) {
					p = e;
					while (p < end) {
						if (*p == ' ' || *p == '\t') {
							p++;
						} else if (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n')) {
							p += *p == '\r' ? 2 : 1;
							ps->line++;
						} else {
							break;
						}
					}
					continue;
				}
			}
			if ((err = escape(ps, &p)) < 0)
				return err;
		} else if (c == '\n' || (c == '\r' && p + 1 < end && p[1] == '\n')) {
			if (!multi)
				return fail(ps, SCAN_EPARSE, "unterminated string (newline before the closing quote)");
			scan_buf_put(&ps->sb, p, c == '\r' ? 2 : 1);
			p += c == '\r' ? 2 : 1;
			ps->line++;
		} else if ((c < 0x20 && c != '\t') || c == 0x7f) {
			return fail(ps, SCAN_EPARSE, "control character in a string");
		} else if (c >= 0x80) {
			size_t n = utf8_seq((const unsigned char *)p, (const unsigned char *)end);
			if (!n)
				return fail(ps, SCAN_EPARSE, "invalid UTF-8 in a string");
			scan_buf_put(&ps->sb, p, n);
			p += n;
		} else {
			/* A run of plain ASCII in one append. */
			const char *r = p + 1;
			while (r < end && (unsigned char)*r >= 0x20 && (unsigned char)*r < 0x7f && *r != q &&
			       (*r != '\\' || literal))
				r++;
			scan_buf_put(&ps->sb, p, (size_t)(r - p));
			p = r;
		}
	}
	if ((err = scan_buf_failed(&ps->sb)) != 0)
		return err == SCAN_ENOMEM ? scan_error__oom() : fail(ps, SCAN_ELIMIT, "string too long");
	if (!(s = scan_arena__strndup(&ps->doc->arena, ps->sb.ptr, ps->sb.size)))
		return scan_error__oom();
	*out = s;
	*outlen = ps->sb.size;
	ps->p = p;
	return 0;
}

/* ---- keys -------------------------------------------------------------- */

static int parse_simple_key(parser *ps, keypart *k)
{
	const char *p = ps->p;

	if (p < ps->end && (*p == '"' || *p == '\'')) {
		k->owned = true;
		return parse_string(ps, true, &k->s, &k->len);
	}
	while (p < ps->end && is_bare(*p))
		p++;
	if (p == ps->p)
		return fail(ps, SCAN_EPARSE, "expected a key");
	k->s = ps->p;
	k->len = (size_t)(p - ps->p);
	k->owned = false;
	ps->p = p;
	return 0;
}

/* Parse "a.b.c": every part but the last through step(), the last into *last. */
typedef int (*key_step_fn)(parser *ps, scan_toml_node **t, const keypart *k, unsigned line);

static int parse_key(parser *ps, scan_toml_node **t, keypart *last, key_step_fn step, unsigned line)
{
	unsigned parts = 0;
	int err;

	for (;;) {
		if ((err = parse_simple_key(ps, last)) < 0)
			return err;
		skip_ws(ps);
		if (ps->p >= ps->end || *ps->p != '.')
			return 0;
		if (++parts >= SCAN_TOML_DEPTH_MAX)
			return fail(ps, SCAN_ELIMIT, "key of more than %d parts", SCAN_TOML_DEPTH_MAX);
		ps->p++;
		skip_ws(ps);
		if ((err = step(ps, t, last, line)) < 0)
			return err;
	}
}

/* A dotted key's part before the last, within the table of a key/value line. */
static int step_dotted(parser *ps, scan_toml_node **t, const keypart *k, unsigned line)
{
	scan_toml_node *c = find(ps->doc, *t, k->s, k->len);
	char b[72];

	if (!c)
		return new_table(ps, t, *t, k, T_DOTTED, line);
	if (c->kind != SCAN_TOML_TABLE)
		return fail(ps, SCAN_EPARSE, "key '%s' already has a value that is not a table", shown(b, k->s, k->len));
	if (c->flags & T_INLINE)
		return fail(ps, SCAN_EPARSE, "inline table '%s' cannot be extended", shown(b, k->s, k->len));
	if (c->flags & T_HEADER)
		return fail(ps, SCAN_EPARSE, "table '%s' is defined by a header and cannot be extended with dotted keys",
		            shown(b, k->s, k->len));
	if (c->flags & T_IMPLICIT)
		c->flags = T_DOTTED;
	*t = c;
	return 0;
}

/* A header's part before the last. */
static int step_header(parser *ps, scan_toml_node **t, const keypart *k, unsigned line)
{
	scan_toml_node *c = find(ps->doc, *t, k->s, k->len);
	char b[72];

	if (!c)
		return new_table(ps, t, *t, k, T_IMPLICIT, line);
	if (c->kind == SCAN_TOML_ARRAY && (c->flags & A_TABLES)) {
		*t = c->last;   /* [a.b] after [[a]] is in a's last element */
		return 0;
	}
	if (c->kind != SCAN_TOML_TABLE)
		return fail(ps, SCAN_EPARSE, "key '%s' already has a value that is not a table", shown(b, k->s, k->len));
	if (c->flags & T_INLINE)
		return fail(ps, SCAN_EPARSE, "inline table '%s' cannot be extended", shown(b, k->s, k->len));
	*t = c;
	return 0;
}

/* ---- values ------------------------------------------------------------ */

static int parse_value(parser *ps, unsigned depth, scan_toml_node **out);

/* Digits of base with single underscores between them; NULL when malformed. */
static const char *digits_us(const char *p, const char *end, int base)
{
	bool any = false;

	while (p < end) {
		int v = scan_number__hex_digit(*p);
		if (v >= 0 && v < base) {
			any = true;
			p++;
		} else if (*p == '_' && any && p + 1 < end && scan_number__hex_digit(p[1]) >= 0 &&
		           scan_number__hex_digit(p[1]) < base) {
			p++;
		} else {
			break;
		}
	}
	return any ? p : NULL;
}

/* The value of digits (underscores skipped) of base; false when above max. */
static bool int_value(const char *s, const char *e, int base, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	for (; s < e; s++) {
		int d;
		if (*s == '_')
			continue;
		d = scan_number__hex_digit(*s);
		if (v > (max - (uint64_t)d) / (uint64_t)base)
			return false;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	*out = v;
	return true;
}

static bool two_digits(const char *p, const char *end, int *v)
{
	if (end - p < 2 || !is_digit(p[0]) || !is_digit(p[1]))
		return false;
	*v = (p[0] - '0') * 10 + (p[1] - '0');
	return true;
}

/* HH:MM:SS[.fraction] at *pp; false when malformed or out of range. */
static bool parse_time(const char **pp, const char *end)
{
	const char *p = *pp;
	int h, m, s;

	if (!two_digits(p, end, &h) || end - p < 8 || p[2] != ':' || !two_digits(p + 3, end, &m) || p[5] != ':' ||
	    !two_digits(p + 6, end, &s))
		return false;
	if (h > 23 || m > 59 || s > 60)
		return false;
	p += 8;
	if (p < end && *p == '.') {
		const char *f = ++p;
		while (p < end && is_digit(*p))
			p++;
		if (p == f)
			return false;
	}
	*pp = p;
	return true;
}

/* A date, date-time or time (RFC 3339 as TOML 1.0 profiles it), kept as text. */
static int parse_datetime(parser *ps, const char **endp)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p = ps->p, *end = ps->end;
	int y1, y2, mo, da;

	if (end - p >= 5 && is_digit(p[0]) && is_digit(p[1]) && is_digit(p[2]) && is_digit(p[3]) && p[4] == '-') {
		int year;
		bool leap;
		if (!two_digits(p, end, &y1) || !two_digits(p + 2, end, &y2) || end - p < 10 ||
		    !two_digits(p + 5, end, &mo) || p[7] != '-' || !two_digits(p + 8, end, &da))
			return fail(ps, SCAN_EPARSE, "invalid date");
		year = y1 * 100 + y2;
		leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
		if (mo < 1 || mo > 12 || da < 1 || da > mdays[mo - 1] || (mo == 2 && da == 29 && !leap))
			return fail(ps, SCAN_EPARSE, "invalid date");
		p += 10;
		/* 'T', 't' or a space may join a time; a space before anything else ends the date. */
		if (p < end && (*p == 'T' || *p == 't' ||
		                (*p == ' ' && end - p >= 4 && is_digit(p[1]) && is_digit(p[2]) && p[3] == ':'))) {
			p++;
			if (!parse_time(&p, end))
				return fail(ps, SCAN_EPARSE, "invalid time");
			if (p < end && (*p == 'Z' || *p == 'z')) {
				p++;
			} else if (p < end && (*p == '+' || *p == '-')) {
				int oh, om;
				if (end - p < 6 || !two_digits(p + 1, end, &oh) || p[3] != ':' || !two_digits(p + 4, end, &om) ||
				    oh > 23 || om > 59)
					return fail(ps, SCAN_EPARSE, "invalid time offset");
				p += 6;
			}
		}
	} else if (!parse_time(&p, end)) {
		return fail(ps, SCAN_EPARSE, "invalid time");
	}
	if (!at_delim(ps, p))
		return fail(ps, SCAN_EPARSE, "invalid date or time");
	*endp = p;
	return 0;
}

/* Integers and floats; *is_float tells which. */
static int parse_number(parser *ps, const char **endp, bool *is_float, int64_t *ival)
{
	const char *s = ps->p, *p = s, *end = ps->end, *digits;
	bool neg = false;
	uint64_t v;

	*is_float = false;
	*ival = 0;
	if (p < end && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (end - p >= 3 && (!memcmp(p, "inf", 3) || !memcmp(p, "nan", 3))) {
		*is_float = true;
		p += 3;
		goto delim;
	}
	if (p == s && end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o' || p[1] == 'b')) {
		int base = p[1] == 'x' ? 16 : p[1] == 'o' ? 8 : 2;
		const char *e = digits_us(p + 2, end, base);
		if (!e)
			return fail(ps, SCAN_EPARSE, "invalid integer");
		if (!int_value(p + 2, e, base, INT64_MAX, &v))
			return fail(ps, SCAN_EPARSE, "integer out of the 64-bit range");
		*ival = (int64_t)v;
		p = e;
		goto delim;
	}
	digits = p;
	if (!(p = digits_us(p, end, 10)))
		return fail(ps, SCAN_EPARSE, "invalid value");
	if (*digits == '0' && p - digits > 1)
		return fail(ps, SCAN_EPARSE, "leading zero in a number");
	if (p < end && *p == '.') {
		*is_float = true;
		if (!(p = digits_us(p + 1, end, 10)))
			return fail(ps, SCAN_EPARSE, "invalid float (digits must follow the decimal point)");
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		*is_float = true;
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (!(p = digits_us(p, end, 10)))
			return fail(ps, SCAN_EPARSE, "invalid float exponent");
	}
	if (!*is_float) {
		const char *e = p;
		if (!int_value(digits, e, 10, neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX, &v))
			return fail(ps, SCAN_EPARSE, "integer out of the 64-bit range");
		*ival = neg ? (int64_t)(0 - v) : (int64_t)v;
	}
delim:
	if (!at_delim(ps, p))
		return fail(ps, SCAN_EPARSE, "invalid value");
	*endp = p;
	return 0;
}

static int parse_array(parser *ps, unsigned depth, scan_toml_node **out)
{
	scan_toml_node *a, *item;
	int err;

	if ((err = new_node(ps, &a, SCAN_TOML_ARRAY, depth, ps->line)) < 0)
		return err;
	ps->p++;
	for (;;) {
		if ((err = skip_wcn(ps)) < 0)
			return err;
		if (ps->p >= ps->end)
			return fail(ps, SCAN_EPARSE, "unterminated array");
		if (*ps->p == ']')
			break;
		if ((err = parse_value(ps, depth + 1, &item)) < 0)
			return err;
		append(a, item);
		if ((err = skip_wcn(ps)) < 0)
			return err;
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == ']')
			break;
		return fail(ps, SCAN_EPARSE, ps->p >= ps->end ? "unterminated array" : "expected ',' or ']' in an array");
	}
	ps->p++;
	*out = a;
	return 0;
}

static int parse_keyval(parser *ps, scan_toml_node *t);

static int parse_inline_table(parser *ps, unsigned depth, scan_toml_node **out)
{
	scan_toml_node *t;
	int err;

	if ((err = new_node(ps, &t, SCAN_TOML_TABLE, depth, ps->line)) < 0)
		return err;
	t->flags = T_INLINE;
	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		*out = t;
		return 0;
	}
	for (;;) {
		if ((err = parse_keyval(ps, t)) < 0)
			return err;
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			skip_ws(ps);
			if (ps->p < ps->end && *ps->p == '}')
				return fail(ps, SCAN_EPARSE, "trailing comma in an inline table");
			continue;
		}
		if (ps->p < ps->end && *ps->p == '}')
			break;
		return fail(ps, SCAN_EPARSE, "expected ',' or '}' in an inline table (which must fit on one line)");
	}
	ps->p++;
	*out = t;
	return 0;
}

static int parse_value(parser *ps, unsigned depth, scan_toml_node **out)
{
	const char *s = ps->p, *e = NULL;
	scan_toml_node *n;
	bool is_float;
	int64_t ival = 0;
	scan_toml_kind kind;
	int err;

	if (s >= ps->end || *s == '\n' || *s == '\r' || *s == '#')
		return fail(ps, SCAN_EPARSE, "expected a value");
	if (*s == '[')
		return parse_array(ps, depth, out);
	if (*s == '{')
		return parse_inline_table(ps, depth, out);
	if ((err = new_node(ps, &n, SCAN_TOML_STRING, depth, ps->line)) < 0)
		return err;
	if (*s == '"' || *s == '\'') {
		if ((err = parse_string(ps, false, &n->str, &n->len)) < 0)
			return err;
		*out = n;
		return 0;
	}
	if (ps->end - s >= 4 && !memcmp(s, "true", 4) && at_delim(ps, s + 4)) {
		kind = SCAN_TOML_BOOL, ival = 1, e = s + 4;
	} else if (ps->end - s >= 5 && !memcmp(s, "false", 5) && at_delim(ps, s + 5)) {
		kind = SCAN_TOML_BOOL, e = s + 5;
	} else if ((ps->end - s >= 5 && is_digit(s[0]) && is_digit(s[1]) && is_digit(s[2]) && is_digit(s[3]) &&
	            s[4] == '-') ||
	           (ps->end - s >= 3 && is_digit(s[0]) && is_digit(s[1]) && s[2] == ':')) {
		if ((err = parse_datetime(ps, &e)) < 0)
			return err;
		kind = SCAN_TOML_DATETIME;
	} else if (is_digit(*s) || *s == '+' || *s == '-' || *s == 'i' || *s == 'n') {
		if ((err = parse_number(ps, &e, &is_float, &ival)) < 0)
			return err;
		kind = is_float ? SCAN_TOML_FLOAT : SCAN_TOML_INTEGER;
	} else {
		return fail(ps, SCAN_EPARSE, "expected a value");
	}
	n->kind = (unsigned char)kind;
	n->integer = ival;
	n->len = (size_t)(e - s);
	if (!(n->str = scan_arena__strndup(&ps->doc->arena, s, n->len)))
		return scan_error__oom();
	ps->p = e;
	*out = n;
	return 0;
}

/* key = value into table t (a block's table or an inline table). */
static int parse_keyval(parser *ps, scan_toml_node *t)
{
	unsigned line = ps->line;
	scan_toml_node *v;
	keypart k;
	char b[72];
	int err;

	if ((err = parse_key(ps, &t, &k, step_dotted, line)) < 0)
		return err;
	if (ps->p >= ps->end || *ps->p != '=')
		return fail(ps, SCAN_EPARSE, "expected '=' after key '%s'", shown(b, k.s, k.len));
	ps->p++;
	skip_ws(ps);
	if (find(ps->doc, t, k.s, k.len))
		return fail(ps, SCAN_EPARSE, "duplicate key '%s'", shown(b, k.s, k.len));
	if ((err = parse_value(ps, t->depth + 1u, &v)) < 0)
		return err;
	v->line = line;
	return attach(ps, t, &k, v);
}

/* At '[': a [table] or [[array of tables]] header; it becomes the current table. */
static int parse_header(parser *ps)
{
	bool aot = ps->end - ps->p >= 2 && ps->p[1] == '[';
	unsigned line = ps->line;
	scan_toml_node *t = ps->doc->root, *c, *el;
	keypart k;
	char b[72];
	int err;

	ps->p += aot ? 2 : 1;
	skip_ws(ps);
	if ((err = parse_key(ps, &t, &k, step_header, line)) < 0)
		return err;
	if (ps->p >= ps->end || *ps->p != ']' || (aot && (ps->end - ps->p < 2 || ps->p[1] != ']')))
		return fail(ps, SCAN_EPARSE, "expected '%s' to close the header", aot ? "]]" : "]");
	ps->p += aot ? 2 : 1;
	c = find(ps->doc, t, k.s, k.len);
	if (!aot) {
		if (!c) {
			if ((err = new_table(ps, &c, t, &k, T_HEADER, line)) < 0)
				return err;
		} else if (c->kind == SCAN_TOML_TABLE && (c->flags & T_IMPLICIT)) {
			c->flags = T_HEADER;
			c->line = line;
		} else if (c->kind == SCAN_TOML_TABLE) {
			return fail(ps, SCAN_EPARSE, "table '%s' is defined twice", shown(b, k.s, k.len));
		} else {
			return fail(ps, SCAN_EPARSE, "key '%s' already has a value that is not a table", shown(b, k.s, k.len));
		}
		ps->cur = c;
		return 0;
	}
	if (!c) {
		if ((err = new_node(ps, &c, SCAN_TOML_ARRAY, t->depth + 1u, line)) < 0)
			return err;
		c->flags = A_TABLES;
		if ((err = attach(ps, t, &k, c)) < 0)
			return err;
	} else if (c->kind != SCAN_TOML_ARRAY || !(c->flags & A_TABLES)) {
		return fail(ps, SCAN_EPARSE, "'%s' is already defined and is not an array of tables",
		            shown(b, k.s, k.len));
	}
	if ((err = new_node(ps, &el, SCAN_TOML_TABLE, c->depth + 1u, line)) < 0)
		return err;
	el->flags = T_HEADER;
	append(c, el);
	ps->cur = el;
	return 0;
}

static int parse_document(parser *ps)
{
	int err;

	while (ps->p < ps->end) {
		skip_ws(ps);
		if (ps->p >= ps->end)
			break;
		if (*ps->p == '[') {
			if ((err = parse_header(ps)) < 0)
				return err;
		} else if (*ps->p != '#' && !at_newline(ps)) {
			if ((err = parse_keyval(ps, ps->cur)) < 0)
				return err;
		}
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == '#' && (err = skip_comment(ps)) < 0)
			return err;
		if (ps->p >= ps->end)
			break;
		if (!at_newline(ps))
			return fail(ps, SCAN_EPARSE, "expected a newline after a key/value pair or header");
		eat_newline(ps);
	}
	return 0;
}

void scan_toml__dispose(scan_toml_doc *doc)
{
	if (!doc)
		return;
	scan_arena__dispose(&doc->arena);
	scan_map_dispose(&doc->by_key);
	free(doc->entries);
	memset(doc, 0, sizeof(*doc));
}

int scan_toml__parse(scan_toml_doc *doc, const char *text, size_t len, const char *origin)
{
	parser ps;
	int err;

	memset(doc, 0, sizeof(*doc));
	memset(&ps, 0, sizeof(ps));
	ps.doc = doc;
	ps.origin = origin;
	ps.line = 1;
	if (len > SCAN_TOML_INPUT_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s: larger than %zu MB", origin, SCAN_TOML_INPUT_MAX >> 20);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
		text += 3;
		len -= 3;
	}
	ps.p = text;
	ps.end = text + len;
	scan_buf_init(&ps.sb, SCAN_TOML_INPUT_MAX);
	if ((err = new_node(&ps, &doc->root, SCAN_TOML_TABLE, 0, 1)) < 0)
		goto done;
	doc->root->flags = T_HEADER;
	ps.cur = doc->root;
	err = parse_document(&ps);
done:
	scan_buf_dispose(&ps.sb);
	if (err < 0)
		scan_toml__dispose(doc);
	return err;
}

const scan_toml_node *scan_toml__get(const scan_toml_doc *doc, const scan_toml_node *table, const char *key)
{
	if (!table || table->kind != SCAN_TOML_TABLE)
		return NULL;
	return find(doc, table, key, strlen(key));
}

const scan_toml_node *scan_toml__get_kind(const scan_toml_doc *doc, const scan_toml_node *table,
                                          const char *key, scan_toml_kind kind)
{
	const scan_toml_node *n = scan_toml__get(doc, table, key);

	return n && n->kind == kind ? n : NULL;
}

const scan_toml_node *scan_toml__path(const scan_toml_doc *doc, const scan_toml_node *table, const char *path)
{
	const scan_toml_node *t = table;

	while (t) {
		size_t n = strcspn(path, ".");
		if (t->kind != SCAN_TOML_TABLE)
			return NULL;
		t = find(doc, t, path, n);
		if (!path[n])
			return t;
		path += n + 1;
	}
	return NULL;
}

const char *scan_toml__string(const scan_toml_doc *doc, const scan_toml_node *table, const char *key,
                              size_t *len)
{
	const scan_toml_node *n = scan_toml__get_kind(doc, table, key, SCAN_TOML_STRING);

	if (len)
		*len = n ? n->len : 0;
	return n ? n->str : NULL;
}
