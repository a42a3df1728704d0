/* server/multipart.c - the parts of a multipart/form-data body (RFC 7578, RFC 2046 section 5.1) */
#define _GNU_SOURCE /* memmem */
#include "multipart.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define BOUNDARY_MAX 70 /* RFC 2046 */

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * One parameter value at *pp (a token, or a quoted string whose \x
 * stands for x) copied into out; 0, or -1 when malformed or longer than
 * outlen - 1. Control characters are refused: a name ends up in messages.
 */
static int param_value(const char **pp, const char *end, char *out, size_t outlen)
{
	const char *p = *pp;
	size_t k = 0;

	if (p < end && *p == '"') {
		for (p++;; p++) {
			if (p >= end)
				return -1;
			if (*p == '"')
				break;
			if (*p == '\\' && p + 1 < end)
				p++;
			if ((unsigned char)*p < 0x20 || *p == 0x7f || k + 1 >= outlen)
				return -1;
			out[k++] = *p;
		}
		p++;
	} else {
		for (; p < end && *p != ';' && *p != ' ' && *p != '\t'; p++) {
			if ((unsigned char)*p < 0x21 || *p == 0x7f || *p == '"' || k + 1 >= outlen)
				return -1;
			out[k++] = *p;
		}
	}
	out[k] = '\0';
	*pp = p;
	return 0;
}

/*
 * The parameters after a header value's first word ("; a=b; c="d""):
 * each is handed to visit, which returns -1 to refuse it. -1 when they
 * do not parse.
 */
typedef int (*param_fn)(void *ctx, const char *name, size_t name_len, const char **pp, const char *end);

static int params(const char *p, const char *end, param_fn visit, void *ctx)
{
	for (;;) {
		const char *name;

		p = skip_space(p, end);
		if (p == end)
			return 0;
		if (*p++ != ';')
			return -1;
		p = skip_space(p, end);
		if (p == end)
			return 0; /* a trailing ';' */
		for (name = p; p < end && *p != '=' && *p != ';' && *p != ' ' && *p != '\t'; p++)
			;
		if (p == name || p == end || *p != '=')
			return -1;
		p++;
		if (visit(ctx, name, (size_t)(p - 1 - name), &p, end) != 0)
			return -1;
	}
}

static bool word_is(const char *p, size_t len, const char *word)
{
	return strlen(word) == len && !strncasecmp(p, word, len);
}

static int boundary_param(void *ctx, const char *name, size_t name_len, const char **pp, const char *end)
{
	char skip[BOUNDARY_MAX + 2];

	if (word_is(name, name_len, "boundary"))
		return param_value(pp, end, ctx, BOUNDARY_MAX + 1);
	return param_value(pp, end, skip, sizeof(skip)) ? -1 : 0;
}

static int disposition_param(void *ctx, const char *name, size_t name_len, const char **pp, const char *end)
{
	srv_part *part = ctx;
	char skip[SRV_PART_FILENAME_MAX];

	if (word_is(name, name_len, "name"))
		return param_value(pp, end, part->name, sizeof(part->name));
	if (word_is(name, name_len, "filename")) {
		part->is_file = true;
		return param_value(pp, end, part->filename, sizeof(part->filename));
	}
	return param_value(pp, end, skip, sizeof(skip));
}

/* The part's headers, [p, end) of CRLF-ended lines: its name and file name from Content-Disposition. */
static int part_headers(srv_part *part, const char *p, const char *end, char *err, size_t errlen)
{
	bool disposition = false;

	while (p < end) {
		const char *eol = memmem(p, (size_t)(end - p), "\r\n", 2);
		const char *colon = memchr(p, ':', (size_t)(eol - p));
		const char *v;

		if (!colon || colon == p)
			return fail(err, errlen, "malformed multipart body: a part header has no name");
		if (word_is(p, (size_t)(colon - p), "Content-Disposition")) {
			if (disposition)
				return fail(err, errlen, "malformed multipart body: a part has two Content-Disposition headers");
			disposition = true;
			v = skip_space(colon + 1, eol);
			if ((size_t)(eol - v) < 9 || strncasecmp(v, "form-data", 9) != 0 ||
			    params(v + 9, eol, disposition_param, part) != 0)
				return fail(err, errlen, "malformed multipart body: a Content-Disposition is not form-data"
				            " with a name of at most %d characters", SRV_PART_NAME_MAX - 1);
		}
		p = eol + 2;
	}
	if (!disposition || !part->name[0])
		return fail(err, errlen, "malformed multipart body: a part has no Content-Disposition with a name");
	return 0;
}

int srv_multipart_parse(srv_part *parts, size_t max, size_t *n, const char *content_type, const char *body, size_t len,
                        char *err, size_t errlen)
{
	char boundary[BOUNDARY_MAX + 1] = "", delim[BOUNDARY_MAX + 5];
	const char *ct_end, *p, *end = body + len;
	size_t dlen;

	*n = 0;
	if (!content_type || strncasecmp(content_type, "multipart/form-data", 19) != 0)
		return fail(err, errlen, "expected a multipart/form-data body");
	ct_end = content_type + strlen(content_type);
	if (params(content_type + 19, ct_end, boundary_param, boundary) != 0 || !boundary[0])
		return fail(err, errlen, "malformed multipart body: the Content-Type has no boundary of 1 to %d characters",
		            BOUNDARY_MAX);
	/* Every delimiter but the first follows a CRLF; the first may open the body. */
	dlen = (size_t)snprintf(delim, sizeof(delim), "\r\n--%s", boundary);
	if (len >= dlen - 2 && !memcmp(body, delim + 2, dlen - 2))
		p = body + dlen - 2;
	else if ((p = memmem(body, len, delim, dlen)) != NULL)
		p += dlen;
	else
		return fail(err, errlen, "malformed multipart body: no boundary delimiter");
	for (;;) {
		srv_part *part;
		const char *hend, *next;
		size_t hlen;

		if (end - p >= 2 && p[0] == '-' && p[1] == '-')
			break; /* the close delimiter; what follows is the epilogue */
		p = skip_space(p, end);
		if (end - p < 2 || p[0] != '\r' || p[1] != '\n')
			return fail(err, errlen, "malformed multipart body: a boundary delimiter is not followed by a line end");
		p += 2;
		if (*n == max)
			return fail(err, errlen, "multipart body has more than %zu parts", max);
		part = &parts[*n];
		memset(part, 0, sizeof(*part));
		/* The header block ends at an empty line; search no further than its limit. */
		hlen = (size_t)(end - p);
		if (hlen > SRV_PART_HEADERS_MAX + 2)
			hlen = SRV_PART_HEADERS_MAX + 2;
		if (hlen >= 2 && p[0] == '\r' && p[1] == '\n')
			hend = p;
		else if ((hend = memmem(p, hlen, "\r\n\r\n", 4)) != NULL)
			hend += 2;
		else
			return fail(err, errlen, "malformed multipart body: a part's headers do not end within %d bytes",
			            SRV_PART_HEADERS_MAX);
		if (part_headers(part, p, hend, err, errlen) != 0)
			return -1;
		for (size_t i = 0; i < *n; i++)
			if (!strcmp(parts[i].name, part->name))
				return fail(err, errlen, "multipart body names the field %s twice", part->name);
		p = hend + 2;
		if (!(next = memmem(p, (size_t)(end - p), delim, dlen)))
			return fail(err, errlen, "malformed multipart body: the part %s has no closing boundary", part->name);
		part->data = p;
		part->len = (size_t)(next - p);
		(*n)++;
		p = next + dlen;
	}
	if (!*n)
		return fail(err, errlen, "multipart body has no parts");
	return 0;
}
