/* lib/util/quote.c - the one way to put outside text into a message */
#include <stdio.h>
#include <string.h>
#include "scan/buf.h"
#include "util/quote.h"

const char *scan_util__quote(char out[SCAN_QUOTE_LEN], const char *s, size_t len)
{
	scan_buf b = SCAN_BUF_INIT;
	size_t n = len > SCAN_QUOTE_MAX ? SCAN_QUOTE_MAX : len;

	scan_buf_put_printable(&b, s ? s : "", s ? n : 0);
	snprintf(out, SCAN_QUOTE_LEN, "%s%s", scan_buf_failed(&b) ? "?" : b.ptr, len > n ? "..." : "");
	scan_buf_dispose(&b);
	return out;
}

void scan_util__md_text(scan_buf *b, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n' || c == '\r' || c == '\t')
			scan_buf_putc(b, ' ');
		else if (c < 0x20 || c == 0x7f)
			continue;
		else if (strchr("\\`*_{}[]()#+-.!|<>~&", c)) {
			scan_buf_putc(b, '\\');
			scan_buf_putc(b, (char)c);
		} else
			scan_buf_putc(b, (char)c);
	}
}
