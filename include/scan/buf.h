/* include/scan/buf.h - the one bounded string buffer */
#ifndef SCAN_BUF_H
#define SCAN_BUF_H

#include <stdarg.h>
#include "common.h"

/*
 * A growable byte buffer with a size cap. ptr is never NULL once initialised
 * (an empty buffer points at a static ""), the content is always
 * NUL-terminated, and a failed append (out of memory or over max) makes the
 * buffer sticky-failed: later appends do nothing and scan_buf_failed() says so,
 * so callers may append many times and check once.
 */
typedef struct {
	char *ptr;
	size_t size;  /* bytes used, excluding the terminating NUL */
	size_t asize; /* bytes allocated; 0 while ptr is the static "" */
	size_t max;   /* most bytes the content may hold */
	int error;    /* 0, SCAN_ENOMEM or SCAN_ELIMIT */
} scan_buf;

#define SCAN_BUF_MAX_DEFAULT ((size_t)64 << 20)
#define SCAN_BUF_INIT { scan_buf__empty, 0, 0, SCAN_BUF_MAX_DEFAULT, 0 }
/* Never written: an empty buffer points here until its first append. */
extern SCAN_EXTERN char scan_buf__empty[1];

SCAN_EXTERN void scan_buf_init(scan_buf *b, size_t max);
SCAN_EXTERN int scan_buf_put(scan_buf *b, const void *data, size_t len);
SCAN_EXTERN int scan_buf_puts(scan_buf *b, const char *s);
SCAN_EXTERN int scan_buf_putc(scan_buf *b, char c);
SCAN_EXTERN int scan_buf_printf(scan_buf *b, const char *fmt, ...) SCAN_PRINTF(2, 3);
SCAN_EXTERN int scan_buf_vprintf(scan_buf *b, const char *fmt, va_list ap) SCAN_PRINTF(2, 0);
/* Empties the content; keeps the allocation and clears a sticky error. */
SCAN_EXTERN void scan_buf_clear(scan_buf *b);
SCAN_EXTERN void scan_buf_truncate(scan_buf *b, size_t len);
/* Hands the content to the caller (free() it) and resets b. NULL on a failed buffer. */
SCAN_EXTERN char *scan_buf_detach(scan_buf *b);
SCAN_EXTERN void scan_buf_dispose(scan_buf *b);
/*
 * Text from outside (a file name, a snippet, a repository name, a reason, a
 * URL) made safe for a message or a terminal, by the one rule: C0 controls,
 * DEL, C1 controls (U+0080-U+009F) and bytes that are not UTF-8 are shown
 * as \xNN, everything else as it is. Appends len bytes of s.
 */
SCAN_EXTERN int scan_buf_put_printable(scan_buf *b, const char *s, size_t len);

/* 0 or the sticky error code. */
SCAN_EXTERN int scan_buf_failed(const scan_buf *b);

#endif
