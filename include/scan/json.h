/* include/scan/json.h - the one JSON writer: streaming, into a scan_buf */
#ifndef SCAN_JSON_H
#define SCAN_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include "buf.h"
#include "common.h"

/*
 * Every JSON document libscan and rampart write goes through this writer:
 * the CLI's outputs, SARIF, the SBOM and VEX documents, the summaries and
 * policies the store keeps, and the server's responses. It streams (a scan
 * of 100,000 findings is not built as a tree first), places commas itself,
 * and escapes every string by one rule:
 *   - '"' and '\' backslashed; \n, \r and \t as such;
 *   - every other C0 control, DEL, the C1 controls (so a hostile name
 *     cannot drive a terminal that shows the output) and U+2028/U+2029 (so
 *     the document is also a JavaScript literal) as \u00XX / \u20XX;
 *   - a byte that is not well-formed UTF-8 (Unicode table 3-7) becomes
 *     U+FFFD, one for each maximal ill-formed subpart, so every decoder
 *     agrees on the text;
 *   - the rest, valid UTF-8, as it is.
 * Errors are sticky: the buffer's (out of memory, over its cap) and the
 * writer's own (nesting past SCAN_JSON_DEPTH_MAX, a close that does not
 * match); scan_json_finish() reports them once.
 *
 * key is the member name inside an object and NULL inside an array or at
 * the top.
 */
#define SCAN_JSON_DEPTH_MAX 32

typedef struct {
	scan_buf *b;
	unsigned depth;
	bool pretty;                      /* newlines and two-space indents */
	bool more[SCAN_JSON_DEPTH_MAX];   /* the container open at this depth has a member */
	char open[SCAN_JSON_DEPTH_MAX];   /* its bracket */
	bool broken;                      /* nested too deep, or a close that matched nothing */
} scan_json;

SCAN_EXTERN void scan_json_init(scan_json *w, scan_buf *b, bool pretty);
/* '{' or '['. */
SCAN_EXTERN void scan_json_open(scan_json *w, const char *key, char bracket);
/* '}' or ']'. */
SCAN_EXTERN void scan_json_close(scan_json *w, char bracket);

/* Values; a NULL string is null. */
SCAN_EXTERN void scan_json_str(scan_json *w, const char *key, const char *val);
SCAN_EXTERN void scan_json_strn(scan_json *w, const char *key, const char *val, size_t len);
SCAN_EXTERN void scan_json_int(scan_json *w, const char *key, long long val);
SCAN_EXTERN void scan_json_uint(scan_json *w, const char *key, unsigned long long val);
SCAN_EXTERN void scan_json_bool(scan_json *w, const char *key, bool val);
SCAN_EXTERN void scan_json_null(scan_json *w, const char *key);
/*
 * Numbers by one rule: the fewest decimals that read back as the same double
 * ("9.8", "10", "0.00042", never "9.8000000000000007"), exponent form only
 * below 1e-4 and from 1e15; null when not finite.
 */
SCAN_EXTERN void scan_json_num(scan_json *w, const char *key, double val);
#define SCAN_JSON_NUM_LEN 40
SCAN_EXTERN void scan_json_format_num(char out[SCAN_JSON_NUM_LEN], double val);
/* With printf's %.*g (digits > 0) or %.*f (digits < 0: -digits decimals); null when not finite. */
SCAN_EXTERN void scan_json_num_fmt(scan_json *w, const char *key, double val, int digits);
/* An id: a positive number, or null for 0 ("none" throughout the model). */
SCAN_EXTERN void scan_json_id(scan_json *w, const char *key, long long val);
/* An ISO 8601 UTC time ("2026-11-28T13:05:00Z"), or null for 0. */
SCAN_EXTERN void scan_json_time(scan_json *w, const char *key, long long epoch_seconds);
/* A value that is JSON already (a stored document); the caller vouches for it. */
SCAN_EXTERN void scan_json_raw(scan_json *w, const char *key, const char *json);

/* Members that are left out when there is nothing to say (the SBOM formats' optional fields). */
SCAN_EXTERN void scan_json_str_opt(scan_json *w, const char *key, const char *val);
SCAN_EXTERN void scan_json_num_opt(scan_json *w, const char *key, double val);

/* 0, or the first error (SCAN_ENOMEM, SCAN_ELIMIT, SCAN_EINVAL for a broken nesting) raised. */
SCAN_EXTERN int scan_json_finish(scan_json *w);

/* s (NULL: null), or len bytes of it, as a JSON string literal appended to b, by the rule above. */
SCAN_EXTERN void scan_json_quote(scan_buf *b, const char *s);
SCAN_EXTERN void scan_json_quoten(scan_buf *b, const char *s, size_t len);

#endif
