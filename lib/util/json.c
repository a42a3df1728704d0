/* lib/util/json.c - the one JSON writer (include/scan/json.h) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/json.h"
#include "util/error.h"

/*
 * Length of the well-formed UTF-8 sequence at p (n bytes left), per
 * Unicode table 3-7, or 0 with *bad set to the length of its maximal
 * ill-formed subpart, which one U+FFFD replaces.
 */
static size_t utf8_seq(const unsigned char *p, size_t n, size_t *bad)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t len;

	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		if (c == 0xE0)
			lo = 0xA0;      /* below: overlong */
		else if (c == 0xED)
			hi = 0x9F;      /* above: UTF-16 surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		if (c == 0xF0)
			lo = 0x90;      /* below: overlong */
		else if (c == 0xF4)
			hi = 0x8F;      /* above: past U+10FFFF */
	} else {
		*bad = 1;               /* stray continuation, C0, C1, F5-FF */
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		unsigned char min = i == 1 ? lo : 0x80, max = i == 1 ? hi : 0xBF;
		if (i >= n || p[i] < min || p[i] > max) {
			*bad = i;
			return 0;
		}
	}
	return len;
}

/* A well-formed sequence that is still escaped: a C1 control, U+2028, U+2029. */
static bool escaped_anyway(const unsigned char *p, size_t n)
{
	if (n == 2)
		return p[0] == 0xC2 && p[1] < 0xA0;
	return n == 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9);
}

void scan_json_quoten(scan_buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p, *end;

	if (!s) {
		scan_buf_puts(b, "null");
		return;
	}
	p = (const unsigned char *)s, end = p + len;
	scan_buf_putc(b, '"');
	while (p < end) {
		const unsigned char *run = p;
		size_t n = 0, bad = 1;

		/* Runs that need no escaping go in one append. */
		for (;; p += n) {
			if (p == end)
				break;
			if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
				n = 1;
			else if (*p < 0x80 || !(n = utf8_seq(p, (size_t)(end - p), &bad)) || escaped_anyway(p, n))
				break;
		}
		scan_buf_put(b, run, (size_t)(p - run));
		if (p == end)
			break;
		if (*p == '"' || *p == '\\') {
			scan_buf_putc(b, '\\');
			scan_buf_putc(b, (char)*p++);
		} else if (*p == '\n' || *p == '\r' || *p == '\t') {
			scan_buf_puts(b, *p == '\n' ? "\\n" : *p == '\r' ? "\\r" : "\\t");
			p++;
		} else if (*p < 0x80) {
			char esc[7] = { '\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15], 0 };
			scan_buf_puts(b, esc);
			p++;
		} else if (n) {
			/* a C1 control (2 bytes) or U+2028/U+2029 (3 bytes) */
			unsigned cp = n == 2 ? p[1] : 0x2000u + (p[2] & 0x3Fu);
			char esc[7] = { '\\', 'u', hex[cp >> 12], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15], 0 };
			scan_buf_puts(b, esc);
			p += n;
		} else {
			scan_buf_puts(b, "\xEF\xBF\xBD");
			p += bad;
		}
	}
	scan_buf_putc(b, '"');
}

void scan_json_quote(scan_buf *b, const char *s)
{
	scan_json_quoten(b, s, s ? strlen(s) : 0);
}

void scan_json_init(scan_json *w, scan_buf *b, bool pretty)
{
	memset(w, 0, sizeof(*w));
	w->b = b;
	w->pretty = pretty;
}

static void indent(scan_json *w, unsigned depth)
{
	static const char spaces[] = "                                ";
	size_t n = 2 * (size_t)depth;

	scan_buf_putc(w->b, '\n');
	scan_buf_put(w->b, spaces, n < sizeof(spaces) - 1 ? n : sizeof(spaces) - 1);
}

/* The comma, line and key before a value. */
static void member(scan_json *w, const char *key)
{
	if (w->depth > 0) {
		if (w->more[w->depth - 1])
			scan_buf_putc(w->b, ',');
		w->more[w->depth - 1] = true;
		if (w->pretty)
			indent(w, w->depth);
	}
	if (key) {
		scan_json_quote(w->b, key);
		scan_buf_puts(w->b, w->pretty ? ": " : ":");
	}
}

void scan_json_open(scan_json *w, const char *key, char bracket)
{
	if (w->depth == SCAN_JSON_DEPTH_MAX || (bracket != '{' && bracket != '[')) {
		w->broken = true;
		return;
	}
	member(w, key);
	scan_buf_putc(w->b, bracket);
	w->open[w->depth] = bracket;
	w->more[w->depth++] = false;
}

void scan_json_close(scan_json *w, char bracket)
{
	/* The closing bracket, and the one its open asked for: a slip that would write bad JSON breaks the writer. */
	if (!w->depth || (bracket != '}' && bracket != ']') || w->open[w->depth - 1] != (bracket == '}' ? '{' : '[')) {
		w->broken = true;
		return;
	}
	w->depth--;
	if (w->pretty && w->more[w->depth])
		indent(w, w->depth);
	scan_buf_putc(w->b, bracket);
}

void scan_json_strn(scan_json *w, const char *key, const char *val, size_t len)
{
	member(w, key);
	scan_json_quoten(w->b, val, len);
}

void scan_json_str(scan_json *w, const char *key, const char *val)
{
	member(w, key);
	scan_json_quote(w->b, val);
}

void scan_json_int(scan_json *w, const char *key, long long val)
{
	member(w, key);
	scan_buf_printf(w->b, "%lld", val);
}

void scan_json_uint(scan_json *w, const char *key, unsigned long long val)
{
	member(w, key);
	scan_buf_printf(w->b, "%llu", val);
}

void scan_json_bool(scan_json *w, const char *key, bool val)
{
	member(w, key);
	scan_buf_puts(w->b, val ? "true" : "false");
}

void scan_json_null(scan_json *w, const char *key)
{
	member(w, key);
	scan_buf_puts(w->b, "null");
}

void scan_json_id(scan_json *w, const char *key, long long val)
{
	if (val)
		scan_json_int(w, key, val);
	else
		scan_json_null(w, key);
}

void scan_json_time(scan_json *w, const char *key, long long epoch_seconds)
{
	time_t t = (time_t)epoch_seconds;
	struct tm tm;
	char s[32];

	if (!epoch_seconds || !gmtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%SZ", &tm)) {
		scan_json_null(w, key);
		return;
	}
	scan_json_str(w, key, s);
}

void scan_json_format_num(char out[SCAN_JSON_NUM_LEN], double val)
{
	double mag = fabs(val);

	/* The fewest decimals that read back as the same double: 9.8, 10, 0.00042, not 9.8000000000000007. */
	if (mag == 0 || (mag >= 1e-4 && mag < 1e15)) {
		for (int prec = 0; prec <= 20; prec++) {
			snprintf(out, SCAN_JSON_NUM_LEN, "%.*f", prec, val);
			if (strtod(out, NULL) == val)
				return;
		}
	}
	snprintf(out, SCAN_JSON_NUM_LEN, "%.17g", val);
}

void scan_json_num(scan_json *w, const char *key, double val)
{
	char s[SCAN_JSON_NUM_LEN];

	if (!isfinite(val)) {
		scan_json_null(w, key);
		return;
	}
	scan_json_format_num(s, val);
	member(w, key);
	scan_buf_puts(w->b, s);
}

void scan_json_num_fmt(scan_json *w, const char *key, double val, int digits)
{
	if (!isfinite(val)) {
		scan_json_null(w, key);
		return;
	}
	member(w, key);
	if (digits > 0)
		scan_buf_printf(w->b, "%.*g", digits, val);
	else
		scan_buf_printf(w->b, "%.*f", -digits, val);
}

void scan_json_raw(scan_json *w, const char *key, const char *json)
{
	member(w, key);
	scan_buf_puts(w->b, json ? json : "null");
}

void scan_json_str_opt(scan_json *w, const char *key, const char *val)
{
	if (val)
		scan_json_str(w, key, val);
}

void scan_json_num_opt(scan_json *w, const char *key, double val)
{
	if (isfinite(val))
		scan_json_num(w, key, val);
}

int scan_json_finish(scan_json *w)
{
	int rc = scan_buf_failed(w->b);

	if (rc == SCAN_ENOMEM)
		return scan_error__oom();
	if (rc)
		return scan_util__error(rc, "document larger than the output limit of %zu bytes", w->b->max);
	if (w->broken || w->depth)
		return scan_util__error(SCAN_EINVAL, "the JSON document's nesting is broken (a writer bug)");
	return 0;
}
