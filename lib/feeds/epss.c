/* lib/feeds/epss.c - FIRST's EPSS scores (CSV, plain or gzip) */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define ZLIB_CONST /* next_in is const: the data is the caller's */
#include <zlib.h>
#include "feeds/feeds.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * The daily file (epss_scores-YYYY-MM-DD.csv.gz) as FIRST publishes it:
 *   #model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000
 *   cve,epss,percentile
 *   CVE-1999-0001,0.01297,0.78949
 * The comment line is optional (older files lack it); the header is not,
 * so another CSV is not read as scores. Every row is checked: a CVE id and
 * two decimals in [0, 1], parsed here rather than with strtod(), whose
 * decimal separator follows the process locale. A gzip stream must end
 * with its trailer: a download cut short is an error, not a shorter list.
 * The file is read as a stream of lines, so gzip input is never held
 * inflated, and a stream of zeros fails on its first line.
 */

#define EPSS_ROWS_MAX 4000000 /* ~300k CVEs are scored in 2025 */
#define EPSS_LINE_MAX 4096
#define EPSS_HEADER "cve,epss,percentile"

static int epss_fail(const char *origin, size_t line, const char *fmt, ...) SCAN_PRINTF(3, 4);

static int epss_fail(const char *origin, size_t line, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (line)
		return scan_util__error(SCAN_EPARSE, "%.200s: line %zu: %s", origin, line, reason);
	return scan_util__error(SCAN_EPARSE, "%.200s: %s", origin, reason);
}

static bool is_cve(const char *s, size_t n)
{
	if (n < 13 || n > 28 || memcmp(s, "CVE-", 4) || s[8] != '-')
		return false;
	for (size_t i = 4; i < n; i++)
		if (i != 8 && (s[i] < '0' || s[i] > '9'))
			return false;
	return true;
}

/* A decimal in [0, 1]: digits, an optional fraction, an optional exponent ("4e-05"). */
static bool parse_unit(const char *s, size_t n, double *out)
{
	double mant = 0;
	long exp10 = 0, e = 0;
	size_t i = 0, ndig = 0;
	bool neg = false;

	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, ndig++)
		mant = mant * 10 + (s[i] - '0');
	if (i < n && s[i] == '.') {
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, ndig++) {
			mant = mant * 10 + (s[i] - '0');
			exp10--;
		}
	}
	if (!ndig || ndig > 40)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t edig = 0;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			neg = s[i++] == '-';
		for (; i < n && s[i] >= '0' && s[i] <= '9' && edig < 4; i++, edig++)
			e = e * 10 + (s[i] - '0');
		if (!edig)
			return false;
		exp10 += neg ? -e : e;
	}
	if (i != n)
		return false;
	*out = mant * pow(10.0, (double)exp10);
	return isfinite(*out) && *out >= 0.0 && *out <= 1.0;
}

/* "#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000"; other keys are ignored. */
static int parse_comment(scan_epss_file *f, const char *s, size_t n)
{
	size_t i = 1;

	while (i < n) {
		const char *item = s + i, *comma = memchr(item, ',', n - i), *colon;
		size_t len = comma ? (size_t)(comma - item) : n - i;
		const char **dst = NULL;

		i += len + 1;
		if (!(colon = memchr(item, ':', len)))
			continue;
		if ((size_t)(colon - item) == strlen("model_version") && !memcmp(item, "model_version", 13))
			dst = &f->model_version;
		else if ((size_t)(colon - item) == strlen("score_date") && !memcmp(item, "score_date", 10))
			dst = &f->score_date;
		if (dst && !(*dst = scan_arena__strndup(&f->arena, colon + 1, len - (size_t)(colon + 1 - item))))
			return scan_error__oom();
	}
	return 0;
}


/* Lines arrive in pieces (inflated a window at a time); rows go to a growing array. */
typedef struct {
	scan_epss_file *f;
	const char *origin;
	size_t lineno;
	bool header;
	char line[EPSS_LINE_MAX + 4]; /* a line split across windows, with a BOM or "\r" */
	size_t linelen;
	scan_epss_entry *rows;        /* malloc'd; moved into the arena at the end */
	size_t nrows, cap;
} epss_reader;

static int parse_row(epss_reader *r, const char *s, size_t n)
{
	const char *c1 = memchr(s, ',', n), *c2;
	scan_epss_entry e;
	size_t cve_len;

	if (!c1 || !(c2 = memchr(c1 + 1, ',', n - (size_t)(c1 + 1 - s))) ||
	    memchr(c2 + 1, ',', n - (size_t)(c2 + 1 - s)))
		return epss_fail(r->origin, r->lineno, "expected three fields: cve,epss,percentile");
	cve_len = (size_t)(c1 - s);
	if (!is_cve(s, cve_len))
		return epss_fail(r->origin, r->lineno, "'%.*s' is not a CVE id", (int)(cve_len > 40 ? 40 : cve_len), s);
	if (!parse_unit(c1 + 1, (size_t)(c2 - c1 - 1), &e.epss))
		return epss_fail(r->origin, r->lineno, "epss is not a number from 0 to 1");
	if (!parse_unit(c2 + 1, n - (size_t)(c2 + 1 - s), &e.percentile))
		return epss_fail(r->origin, r->lineno, "percentile is not a number from 0 to 1");
	if (r->nrows == EPSS_ROWS_MAX)
		return scan_util__error(SCAN_ELIMIT, "%.200s: more than %d rows", r->origin, EPSS_ROWS_MAX);
	if (scan_array_reserve(&r->rows, &r->cap, r->nrows + 1, sizeof(*r->rows)))
		return SCAN_ENOMEM;
	if (!(e.cve = scan_arena__strndup(&r->f->arena, s, cve_len)))
		return scan_error__oom();
	r->rows[r->nrows++] = e;
	return 0;
}

static int parse_line(epss_reader *r, const char *s, size_t n)
{
	r->lineno++;
	if (r->lineno == 1 && n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) {
		s += 3;
		n -= 3;
	}
	if (n && s[n - 1] == '\r')
		n--;
	if (n > EPSS_LINE_MAX)
		return epss_fail(r->origin, r->lineno, "line longer than %d bytes", EPSS_LINE_MAX);
	if (memchr(s, '\0', n))
		return epss_fail(r->origin, r->lineno, "NUL byte");
	if (!n)
		return 0;
	if (r->lineno == 1 && s[0] == '#')
		return parse_comment(r->f, s, n);
	if (!r->header) {
		if (n != strlen(EPSS_HEADER) || memcmp(s, EPSS_HEADER, n))
			return epss_fail(r->origin, r->lineno, "expected the header '" EPSS_HEADER "'");
		r->header = true;
		return 0;
	}
	return parse_row(r, s, n);
}

/* The next n bytes of the CSV; a line without its newline waits in r->line. */
static int feed(epss_reader *r, const char *p, size_t n)
{
	while (n) {
		const char *nl = memchr(p, '\n', n);
		size_t seg = nl ? (size_t)(nl - p) : n;
		int err;

		if (r->linelen || !nl) {
			if (seg > sizeof(r->line) - r->linelen)
				return epss_fail(r->origin, r->lineno + 1, "line longer than %d bytes", EPSS_LINE_MAX);
			memcpy(r->line + r->linelen, p, seg);
			r->linelen += seg;
			if (!nl)
				return 0;
			err = parse_line(r, r->line, r->linelen);
			r->linelen = 0;
		} else {
			err = parse_line(r, p, seg);
		}
		if (err < 0)
			return err;
		p += seg + 1;
		n -= seg + 1;
		/* A run of blank lines, quickly (padding costs no more than it weighs). */
		while (n && *p == '\n') {
			r->lineno++;
			p++;
			n--;
		}
	}
	return 0;
}

static int finish(epss_reader *r)
{
	scan_epss_file *f = r->f;
	int err;

	if (r->linelen && (err = parse_line(r, r->line, r->linelen)) < 0)
		return err;
	if (!r->header)
		return epss_fail(r->origin, 0, "no '" EPSS_HEADER "' header (not an EPSS file?)");
	if (r->nrows) {
		if (!(f->entries = scan_arena__alloc(&f->arena, r->nrows * sizeof(*f->entries))))
			return scan_error__oom();
		memcpy(f->entries, r->rows, r->nrows * sizeof(*f->entries));
	}
	f->count = r->nrows;
	return 0;
}

/*
 * Inflate a window at a time straight into the reader: the CSV is never
 * held whole, and SCAN_FEED_CSV_MAX caps the bytes inflated. Members one
 * after another (gzip -c a b) are one stream, as gzip itself reads them.
 */
static int gunzip_feed(epss_reader *r, const unsigned char *data, size_t len)
{
	unsigned char window[64 << 10];
	uint64_t total = 0;
	size_t in_left = len;
	z_stream s;
	int ret, err = 0;

	memset(&s, 0, sizeof(s));
	if (inflateInit2(&s, 15 + 16) != Z_OK)
		return scan_error__oom();
	for (;;) {
		size_t got;

		if (!s.avail_in && in_left) {
			uInt n = in_left > (1u << 30) ? (1u << 30) : (uInt)in_left;
			s.next_in = data + (len - in_left);
			s.avail_in = n;
			in_left -= n;
		}
		s.next_out = window;
		s.avail_out = sizeof(window);
		ret = inflate(&s, Z_NO_FLUSH);
		got = sizeof(window) - s.avail_out;
		if ((total += got) > SCAN_FEED_CSV_MAX) {
			err = scan_util__error(SCAN_ELIMIT, "%.200s: inflates to more than %zu MB", r->origin,
			                       SCAN_FEED_CSV_MAX >> 20);
			goto done;
		}
		if (got && (err = feed(r, (const char *)window, got)) < 0)
			goto done;
		if (ret == Z_OK)
			continue;
		if (ret == Z_STREAM_END) {
			size_t next = len - in_left - s.avail_in;

			if (next == len)
				break;
			if (len - next >= 2 && data[next] == 0x1f && data[next + 1] == 0x8b && inflateReset(&s) == Z_OK)
				continue;
			err = scan_util__error(SCAN_EPARSE, "%.200s: data after the gzip stream", r->origin);
		} else if (ret == Z_MEM_ERROR) {
			err = scan_error__oom();
		} else if (ret == Z_BUF_ERROR) {
			/* The window was empty on entry, so zlib stalled for want of input. */
			err = scan_util__error(SCAN_EPARSE, "%.200s: gzip stream is truncated", r->origin);
		} else {
			err = scan_util__error(SCAN_EPARSE, "%.200s: corrupt gzip stream (%.60s)", r->origin,
			                       s.msg ? s.msg : "bad data");
		}
		goto done;
	}
done:
	inflateEnd(&s);
	return err;
}

int scan_epss__parse(scan_epss_file *f, const unsigned char *data, size_t len, const char *origin)
{
	epss_reader *r;
	int err;

	memset(f, 0, sizeof(*f));
	if (!(r = calloc(1, sizeof(*r))))
		return scan_error__oom();
	r->f = f;
	r->origin = origin ? origin : "EPSS file";
	if (len >= 2 && data[0] == 0x1f && data[1] == 0x8b)
		err = gunzip_feed(r, data, len);
	else if (len > SCAN_FEED_CSV_MAX)
		err = scan_util__error(SCAN_ELIMIT, "%.200s: larger than %zu MB", r->origin, SCAN_FEED_CSV_MAX >> 20);
	else
		err = feed(r, (const char *)data, len);
	if (!err)
		err = finish(r);
	free(r->rows);
	free(r);
	if (err < 0)
		scan_epss__dispose(f);
	return err;
}

void scan_epss__dispose(scan_epss_file *f)
{
	if (!f)
		return;
	scan_arena__dispose(&f->arena);
	memset(f, 0, sizeof(*f));
}
