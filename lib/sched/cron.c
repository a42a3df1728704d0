/* lib/sched/cron.c - five-field cron expressions: a cursor parser into bit sets, errors naming field and byte */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "sched/sched_int.h"
#include "util/error.h"

/*
 *     expression := blank* field (blank+ field){4} blank*      blank: space or tab
 *     field      := item ("," item)*
 *     item       := ("*" | value ("-" value)?) ("/" digits)?
 *     value      := digits | three-letter name (month, day-of-week)
 *
 * Only what the Vixie and POSIX crons agree on: no `L`, `W`, `#`, `?` or
 * `@daily`, which would each mean something different to another cron.
 */
static const char *const month_names[] = {
	"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
};
static const char *const weekday_names[] = { "SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT" };

typedef struct {
	const char *name;
	unsigned min, max;        /* what a number may be; day-of-week takes 7 for Sunday */
	unsigned star_max;        /* the top of `*` and of `a/n`: day-of-week stops at 6 so Sunday is not set twice */
	const char *const *names; /* three-letter names, the first standing for names_base */
	unsigned names_count, names_base;
	const char *names_range;
} field_spec;

enum { F_MINUTE, F_HOUR, F_DOM, F_MONTH, F_DOW, F__COUNT };

static const field_spec fields[F__COUNT] = {
	{ "minute", 0, 59, 59, NULL, 0, 0, NULL },
	{ "hour", 0, 23, 23, NULL, 0, 0, NULL },
	{ "day-of-month", 1, 31, 31, NULL, 0, 0, NULL },
	{ "month", 1, 12, 12, month_names, 12, 1, "JAN-DEC" },
	{ "day-of-week", 0, 7, 6, weekday_names, 7, 0, "SUN-SAT" },
};

/* Longest piece of the expression a message quotes: enough to recognise it, never a flood. */
#define QUOTE_MAX 16
#define QUOTE_LEN(n) (int)((n) > QUOTE_MAX ? QUOTE_MAX : (n))
#define QUOTE_MORE(n) ((n) > QUOTE_MAX ? "..." : "")

typedef struct {
	const char *s;
	size_t pos, end;          /* the cursor and the end of the current field */
	const field_spec *f;
	scan_cron_error_at *where;
} cron_parser;

static int fail_at(scan_cron_error_at *where, const char *field, size_t at, const char *fmt, ...) SCAN_PRINTF(4, 5);

static int fail_at(scan_cron_error_at *where, const char *field, size_t at, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (where) {
		where->field = field;
		where->position = (unsigned)(at + 1);
	}
	return scan_util__error(SCAN_EINVAL, "%s at position %zu: %s", field, at + 1, what);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The byte at the cursor as a message shows it: quoted when printable, in hex when not. */
static int fail_unexpected(cron_parser *p)
{
	unsigned char c;

	if (p->pos >= p->end)
		return fail_at(p->where, p->f->name, p->pos, "the field ends where a value was expected");
	c = (unsigned char)p->s[p->pos];
	if (c >= 0x21 && c < 0x7f)
		return fail_at(p->where, p->f->name, p->pos, "unexpected '%c'", c);
	return fail_at(p->where, p->f->name, p->pos, "unexpected byte 0x%02x", c);
}

/* A run of digits, saturating: the value only has to be told apart from the field's range. */
static unsigned read_number(cron_parser *p, size_t *len)
{
	unsigned v = 0;
	size_t at = p->pos;

	while (p->pos < p->end && is_digit(p->s[p->pos])) {
		if (v < 100000)
			v = v * 10 + (unsigned)(p->s[p->pos] - '0');
		p->pos++;
	}
	*len = p->pos - at;
	return v;
}

static int parse_value(cron_parser *p, unsigned *out)
{
	size_t at = p->pos, len;
	const field_spec *f = p->f;

	if (at < p->end && is_digit(p->s[at])) {
		unsigned v = read_number(p, &len);
		if (v < f->min || v > f->max)
			return fail_at(p->where, f->name, at, "%.*s%s is out of range %u-%u", QUOTE_LEN(len), p->s + at,
			               QUOTE_MORE(len), f->min, f->max);
		*out = v;
		return 0;
	}
	if (at < p->end && is_alpha(p->s[at])) {
		while (p->pos < p->end && is_alpha(p->s[p->pos]))
			p->pos++;
		len = p->pos - at;
		if (!f->names)
			return fail_at(p->where, f->name, at, "'%.*s%s' is not a number", QUOTE_LEN(len), p->s + at,
			               QUOTE_MORE(len));
		for (unsigned i = 0; len == 3 && i < f->names_count; i++) {
			const char *n = f->names[i];
			bool same = true;
			for (size_t k = 0; k < 3; k++)
				same = same && (p->s[at + k] & ~0x20) == n[k];
			if (same) {
				*out = f->names_base + i;
				return 0;
			}
		}
		return fail_at(p->where, f->name, at, "'%.*s%s' is not a name of %s", QUOTE_LEN(len), p->s + at,
		               QUOTE_MORE(len), f->names_range);
	}
	return fail_unexpected(p);
}

/* One list item: `*`, `a`, `a-b`, each with an optional `/step`; `a/step` runs to the field's top. */
static int parse_item(cron_parser *p, uint64_t *bits, bool *plain_star)
{
	const field_spec *f = p->f;
	size_t at = p->pos;
	unsigned lo, hi, step = 1;
	bool star = false, range = false;
	int rc;

	if (at < p->end && p->s[at] == '*') {
		p->pos++;
		lo = f->min, hi = f->star_max, star = true;
	} else {
		if ((rc = parse_value(p, &lo)) != 0)
			return rc;
		hi = lo;
		if (p->pos < p->end && p->s[p->pos] == '-') {
			p->pos++;
			if ((rc = parse_value(p, &hi)) != 0)
				return rc;
			if (hi < lo)
				return fail_at(p->where, f->name, at, "%.*s%s is a reversed range", QUOTE_LEN(p->pos - at),
				               p->s + at, QUOTE_MORE(p->pos - at));
			range = true;
		}
	}
	if (p->pos < p->end && p->s[p->pos] == '/') {
		size_t step_at = ++p->pos, len;
		unsigned span = f->star_max - f->min + 1;
		if (p->pos >= p->end || !is_digit(p->s[p->pos]))
			return p->pos >= p->end ? fail_at(p->where, f->name, p->pos, "a step is expected after '/'")
			                        : fail_unexpected(p);
		step = read_number(p, &len);
		if (step < 1 || step > span)
			return fail_at(p->where, f->name, step_at, "step %.*s%s is out of range 1-%u", QUOTE_LEN(len),
			               p->s + step_at, QUOTE_MORE(len), span);
		if (!star && !range && hi < f->star_max)
			hi = f->star_max;
	}
	if (p->pos < p->end && p->s[p->pos] != ',')
		return fail_unexpected(p);
	for (unsigned v = lo; v <= hi; v += step)
		*bits |= (uint64_t)1 << v;
	*plain_star = star && step == 1;
	return 0;
}

static int parse_field(cron_parser *p, uint64_t *bits, bool *any)
{
	size_t items = 0;
	bool plain_star = false;
	int rc;

	*bits = 0;
	for (;;) {
		if (p->pos >= p->end || p->s[p->pos] == ',')
			return fail_at(p->where, p->f->name, p->pos, "an empty list item");
		if ((rc = parse_item(p, bits, &plain_star)) != 0)
			return rc;
		items++;
		if (p->pos >= p->end)
			break;
		p->pos++; /* the ',' parse_item stopped at */
	}
	*any = items == 1 && plain_star;
	return 0;
}

int scan_cron_parse(scan_cron *out, const char *expr, scan_cron_error_at *where)
{
	size_t start[F__COUNT], end[F__COUNT], count = 0, pos = 0, len;
	uint64_t bits[F__COUNT];
	bool any[F__COUNT];
	int rc;

	memset(out, 0, sizeof(*out));
	if (where)
		where->field = NULL, where->position = 0;
	len = strnlen(expr, SCAN_CRON_MAX_LEN + 1);
	if (len > SCAN_CRON_MAX_LEN)
		return fail_at(where, "expression", SCAN_CRON_MAX_LEN, "longer than %d bytes", SCAN_CRON_MAX_LEN);
	for (;;) {
		while (pos < len && is_blank(expr[pos]))
			pos++;
		if (pos >= len)
			break;
		if (count == F__COUNT)
			return fail_at(where, "expression", pos, "more than 5 fields (minute hour day-of-month month day-of-week)");
		start[count] = pos;
		while (pos < len && !is_blank(expr[pos]))
			pos++;
		end[count++] = pos;
	}
	if (count < F__COUNT)
		return fail_at(where, "expression", len, "%zu field%s, expected 5 (minute hour day-of-month month day-of-week)",
		               count, count == 1 ? "" : "s");
	for (size_t i = 0; i < F__COUNT; i++) {
		cron_parser p = { expr, start[i], end[i], &fields[i], where };
		if ((rc = parse_field(&p, &bits[i], &any[i])) != 0)
			return rc;
	}
	out->minutes = bits[F_MINUTE];
	out->hours = (uint32_t)bits[F_HOUR];
	out->days = (uint32_t)bits[F_DOM];
	out->months = (uint16_t)bits[F_MONTH];
	/* 7 is Sunday as 0 is: fold it onto bit 0. */
	out->weekdays = (uint8_t)((bits[F_DOW] | (bits[F_DOW] >> 7)) & 0x7f);
	out->days_any = any[F_DOM];
	out->weekdays_any = any[F_DOW];
	return 0;
}
