/* lib/walk/glob.c - gitignore-style glob matching in bounded time */
#include <stdint.h>
#include <string.h>
#include "walk/ignore.h"

/*
 * Two levels, each the classic one-star backtracking loop. Inside a path
 * segment '*' is the star and every other token eats exactly one byte; at the
 * segment level a whole "**" segment is the star and every other segment
 * eats exactly one text segment. Remembering only the most recent star is
 * enough when every non-star element consumes exactly one unit, so neither
 * level ever returns to an older star: the work is at most the sum over
 * (pattern segment, text segment) pairs of their length product, that is
 * O(plen * tlen), whatever the pattern.
 */

#define NONE SIZE_MAX

enum { CLASS_INVALID = -1, CLASS_NO = 0, CLASS_YES = 1 };

struct posix_class {
	const char *name;
	size_t len;
	int (*test)(unsigned char c);
};

/* ASCII only, independent of the locale, so a scan gives the same answer everywhere. */
static int is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static int is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alpha(unsigned char c) { return is_upper(c) || is_lower(c); }
static int is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
static int is_blank(unsigned char c) { return c == ' ' || c == '\t'; }
static int is_cntrl(unsigned char c) { return c < 0x20 || c == 0x7f; }
static int is_graph(unsigned char c) { return c > 0x20 && c < 0x7f; }
static int is_print(unsigned char c) { return c >= 0x20 && c < 0x7f; }
static int is_punct(unsigned char c) { return is_graph(c) && !is_alnum(c); }
static int is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int is_xdigit(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static const struct posix_class posix_classes[] = {
	{ "alnum", 5, is_alnum }, { "alpha", 5, is_alpha }, { "blank", 5, is_blank },
	{ "cntrl", 5, is_cntrl }, { "digit", 5, is_digit }, { "graph", 5, is_graph },
	{ "lower", 5, is_lower }, { "print", 5, is_print }, { "punct", 5, is_punct },
	{ "space", 5, is_space }, { "upper", 5, is_upper }, { "xdigit", 6, is_xdigit },
};

/*
 * "[:name:]" at p[i] inside a class. Returns the index after ":]" and sets
 * *test, or NONE when there is no ":]" (then '[' is an ordinary member).
 * An unknown name makes the pattern invalid: *test stays NULL.
 */
static size_t posix_class_at(const char *p, size_t plen, size_t i, int (**test)(unsigned char))
{
	size_t j;

	*test = NULL;
	for (j = i + 2; j + 1 < plen; j++) {
		if (p[j] == ':' && p[j + 1] == ']')
			break;
		if (p[j] == ']')
			return NONE;
	}
	if (j + 1 >= plen)
		return NONE;
	for (size_t k = 0; k < sizeof(posix_classes) / sizeof(posix_classes[0]); k++)
		if (posix_classes[k].len == j - (i + 2) &&
		    memcmp(posix_classes[k].name, p + i + 2, j - (i + 2)) == 0)
			*test = posix_classes[k].test;
	return j + 2;
}

/* One member byte of a class at p[*j], '\' escaping the next byte. */
static int class_byte(const char *p, size_t plen, size_t *j, unsigned char *out)
{
	if (p[*j] == '\\') {
		if (*j + 1 >= plen)
			return CLASS_INVALID;
		*out = (unsigned char)p[*j + 1];
		*j += 2;
		return 0;
	}
	*out = (unsigned char)p[*j];
	*j += 1;
	return 0;
}

/*
 * The class opening at p[i] == '['. Returns whether it matches c (or
 * CLASS_INVALID for an unterminated class or an unknown "[:name:]") and sets
 * *end to the index after the closing ']'. A ']' first in the class, after
 * the optional '!' or '^', is a member rather than the end.
 */
static int class_match(const char *p, size_t plen, size_t i, unsigned char c, size_t *end)
{
	size_t j = i + 1;
	bool negate = false, matched = false, first = true;

	if (j < plen && (p[j] == '!' || p[j] == '^')) {
		negate = true;
		j++;
	}
	for (;;) {
		unsigned char lo, hi;

		if (j >= plen)
			return CLASS_INVALID;
		if (p[j] == ']' && !first)
			break;
		first = false;
		if (p[j] == '[' && j + 1 < plen && p[j + 1] == ':') {
			int (*test)(unsigned char);
			size_t next = posix_class_at(p, plen, j, &test);

			if (next != NONE) {
				if (!test)
					return CLASS_INVALID;
				if (test(c))
					matched = true;
				j = next;
				continue;
			}
		}
		if (class_byte(p, plen, &j, &lo) != 0)
			return CLASS_INVALID;
		if (j + 1 < plen && p[j] == '-' && p[j + 1] != ']') {
			j++;
			if (class_byte(p, plen, &j, &hi) != 0)
				return CLASS_INVALID;
			if (c >= lo && c <= hi)
				matched = true;
		} else if (c == lo) {
			matched = true;
		}
	}
	*end = j + 1;
	return matched != negate ? CLASS_YES : CLASS_NO;
}

/*
 * Whether every class is terminated and known and no '\' is left dangling,
 * checked once up front so the matching loops need no error paths.
 */
static bool glob_valid(const char *p, size_t plen)
{
	size_t i = 0, end;

	while (i < plen) {
		if (p[i] == '\\') {
			if (i + 1 >= plen)
				return false;
			i += 2;
		} else if (p[i] == '[') {
			if (class_match(p, plen, i, 0, &end) == CLASS_INVALID)
				return false;
			i = end;
		} else {
			i++;
		}
	}
	return true;
}

/* Whether the single-byte token at p[*pi] matches c; advances *pi past it. */
static bool token_match(const char *p, size_t plen, size_t *pi, unsigned char c)
{
	size_t i = *pi, end;

	switch (p[i]) {
	case '?':
		*pi = i + 1;
		return true;
	case '[':
		/* Validated already: never CLASS_INVALID here. */
		{
			bool yes = class_match(p, plen, i, c, &end) == CLASS_YES;

			*pi = end;
			return yes;
		}
	case '\\':
		*pi = i + 2;
		return (unsigned char)p[i + 1] == c;
	default:
		*pi = i + 1;
		return (unsigned char)p[i] == c;
	}
}

/*
 * One pattern segment against one text segment (in non-pathname mode, the
 * whole pattern against the whole text). '*' matches any run of bytes: the
 * caller has cut the text at '/' when '*' must not cross it.
 */
static bool segment_match(const char *p, size_t plen, const char *t, size_t tlen)
{
	size_t pi = 0, ti = 0, star_p = NONE, star_t = 0;

	while (ti < tlen) {
		if (pi < plen) {
			size_t next = pi;

			if (p[pi] == '*') {
				while (pi < plen && p[pi] == '*')
					pi++;
				star_p = pi;
				star_t = ti;
				continue;
			}
			if (token_match(p, plen, &next, (unsigned char)t[ti])) {
				pi = next;
				ti++;
				continue;
			}
		}
		if (star_p == NONE)
			return false;
		/* The star takes one more byte and the rest is tried again. */
		pi = star_p;
		ti = ++star_t;
	}
	while (pi < plen && p[pi] == '*')
		pi++;
	return pi == plen;
}

/*
 * The end of the pattern segment starting at i: the next '/' outside a class
 * (an escaped "\/" also separates, since it too matches only '/'), or plen.
 * *next is where the following segment starts, plen + 1 when there is none.
 */
static size_t pattern_segment_end(const char *p, size_t plen, size_t i, size_t *next)
{
	size_t end;

	while (i < plen) {
		if (p[i] == '/') {
			*next = i + 1;
			return i;
		}
		if (p[i] == '\\') {
			if (p[i + 1] == '/') {
				*next = i + 2;
				return i;
			}
			i += 2;
		} else if (p[i] == '[') {
			class_match(p, plen, i, 0, &end);
			i = end;
		} else {
			i++;
		}
	}
	*next = plen + 1;
	return plen;
}

static size_t text_segment_end(const char *t, size_t tlen, size_t i)
{
	const char *slash = i < tlen ? memchr(t + i, '/', tlen - i) : NULL;

	return slash ? (size_t)(slash - t) : tlen;
}

static bool is_double_star(const char *p, size_t start, size_t end)
{
	return end - start == 2 && p[start] == '*' && p[start + 1] == '*';
}

/*
 * Segment by segment. A "**" segment matches zero or more whole text
 * segments, except as the last segment, where it needs at least one: "a/" +
 * "**" is everything inside a, not a itself. A position past the end
 * (plen + 1, tlen + 1) means no segment is left.
 */
static bool path_match(const char *p, size_t plen, const char *t, size_t tlen)
{
	size_t pi = 0, ti = 0, star_p = NONE, star_t = 0;

	while (ti <= tlen) {
		size_t te = text_segment_end(t, tlen, ti);

		if (pi <= plen) {
			size_t pnext, pe = pattern_segment_end(p, plen, pi, &pnext);

			if (is_double_star(p, pi, pe)) {
				if (pnext > plen)
					return true;
				star_p = pnext;
				star_t = ti;
				pi = pnext;
				continue;
			}
			if (segment_match(p + pi, pe - pi, t + ti, te - ti)) {
				pi = pnext;
				ti = te + 1;
				continue;
			}
		}
		if (star_p == NONE)
			return false;
		/* The "**" takes one more text segment and the rest is tried again. */
		star_t = text_segment_end(t, tlen, star_t) + 1;
		ti = star_t;
		pi = star_p;
	}
	/* Text used up: only "**" segments that may match nothing can remain. */
	while (pi <= plen) {
		size_t pnext, pe = pattern_segment_end(p, plen, pi, &pnext);

		if (!is_double_star(p, pi, pe) || pnext > plen)
			return false;
		pi = pnext;
	}
	return true;
}

bool scan_glob__match(const char *pattern, size_t plen, const char *text, size_t tlen, bool pathname)
{
	if (!glob_valid(pattern, plen))
		return false;
	if (!pathname)
		return segment_match(pattern, plen, text, tlen);
	return path_match(pattern, plen, text, tlen);
}
