/* lib/util/buf.c - the bounded string buffer */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"

char scan_buf__empty[1] = "";

void scan_buf_init(scan_buf *b, size_t max)
{
	b->ptr = scan_buf__empty;
	b->size = 0;
	b->asize = 0;
	b->max = max ? max : SCAN_BUF_MAX_DEFAULT;
	b->error = 0;
}

static int buf_fail(scan_buf *b, int code)
{
	if (!b->error)
		b->error = code;
	return b->error;
}

/* Make room for `more` bytes plus the NUL. */
static int buf_grow(scan_buf *b, size_t more)
{
	size_t need, cap;
	char *p;

	if (b->error)
		return b->error;
	if (more > b->max || b->size > b->max - more || b->size + more == SIZE_MAX)
		return buf_fail(b, SCAN_ELIMIT);
	need = b->size + more + 1;
	if (need <= b->asize)
		return 0;
	cap = b->asize ? b->asize : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	if (b->max < SIZE_MAX && cap > b->max + 1)
		cap = b->max + 1;
	p = realloc(b->asize ? b->ptr : NULL, cap);
	if (!p)
		return buf_fail(b, SCAN_ENOMEM);
	if (!b->asize)
		p[0] = '\0';
	b->ptr = p;
	b->asize = cap;
	return 0;
}

int scan_buf_put(scan_buf *b, const void *data, size_t len)
{
	int rc;

	if (!len)
		return b->error;
	if ((rc = buf_grow(b, len)) != 0)
		return rc;
	memmove(b->ptr + b->size, data, len);
	b->size += len;
	b->ptr[b->size] = '\0';
	return 0;
}

int scan_buf_puts(scan_buf *b, const char *s)
{
	return scan_buf_put(b, s, strlen(s));
}

int scan_buf_putc(scan_buf *b, char c)
{
	return scan_buf_put(b, &c, 1);
}

int scan_buf_vprintf(scan_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n, rc;

	if (b->error)
		return b->error;
	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return buf_fail(b, SCAN_EINVAL);
	if ((rc = buf_grow(b, (size_t)n)) != 0)
		return rc;
	vsnprintf(b->ptr + b->size, (size_t)n + 1, fmt, ap);
	b->size += (size_t)n;
	return 0;
}

int scan_buf_printf(scan_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = scan_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void scan_buf_clear(scan_buf *b)
{
	b->size = 0;
	b->error = 0;
	if (b->asize)
		b->ptr[0] = '\0';
}

void scan_buf_truncate(scan_buf *b, size_t len)
{
	if (len < b->size) {
		b->size = len;
		b->ptr[len] = '\0';
	}
}

char *scan_buf_detach(scan_buf *b)
{
	char *p;

	if (b->error) {
		scan_buf_dispose(b);
		return NULL;
	}
	p = b->asize ? b->ptr : strdup("");
	scan_buf_init(b, b->max);
	return p;
}

void scan_buf_dispose(scan_buf *b)
{
	size_t max = b->max;

	if (b->asize)
		free(b->ptr);
	scan_buf_init(b, max);
}

int scan_buf_failed(const scan_buf *b)
{
	return b->error;
}

/* The length of the character at p (n bytes left, n > 0); *control when it is to be shown as \xNN. */
static size_t next_char(const unsigned char *p, size_t left, bool *control)
{
	size_t n;
	uint32_t cp;

	if (*p < 0x80) {
		*control = *p < 0x20 || *p == 0x7F;
		return 1;
	}
	*control = true;
	if (*p >= 0xC2 && *p <= 0xDF) {
		n = 2;
		cp = *p & 0x1Fu;
	} else if (*p >= 0xE0 && *p <= 0xEF) {
		n = 3;
		cp = *p & 0x0Fu;
	} else if (*p >= 0xF0 && *p <= 0xF4) {
		n = 4;
		cp = *p & 0x07u;
	} else {
		return 1;
	}
	if (n > left)
		return 1;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 1;
		cp = cp << 6 | (p[i] & 0x3Fu);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
		return 1;
	*control = cp <= 0x9F;
	return n;
}

int scan_buf_put_printable(scan_buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		bool control;
		size_t n = next_char(p, (size_t)(end - p), &control);
		for (size_t i = 0; i < n; i++) {
			if (control) {
				char esc[4] = { '\\', 'x', hex[p[i] >> 4], hex[p[i] & 15] };
				scan_buf_put(b, esc, sizeof(esc));
			} else {
				scan_buf_putc(b, (char)p[i]);
			}
		}
		p += n;
	}
	return scan_buf_failed(b);
}
