/* lib/sched/tz.c - IANA zones from TZif files (RFC 8536, versions 1-4) and their POSIX TZ footers, checked at every byte */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sched/sched_int.h"
#include "util/error.h"

/* Real zone files are under 4 KB; anything this large is not one. */
#define TZ_FILE_MAX (256u * 1024u)
#define TZ_NAME_MAX 255
#define TZ_HEADER_LEN 44
/* A transition's type is one byte, so no file can use more types than this. */
#define TZ_TYPES_MAX 256
/* RFC 8536 3.2: an offset is more than -25 and less than 26 hours; both bounds widened to 26 so a POSIX
 * zone at 24:59:59 west with its default hour of DST still fits. */
#define TZ_OFFSET_MAX (26 * 3600 - 1)
/* POSIX: hh of an offset is at most 24; version 3 lets a rule's time run to 167 hours either way. */
#define TZ_OFFSET_HOURS_MAX 24
#define TZ_RULE_HOURS_MAX 167
/* Rule arithmetic stays far inside int64 for instants within this many seconds of the epoch. */
#define TZ_RULE_INSTANT_MAX ((int64_t)1 << 52)
#define TZ_DEFAULT_DIR "/usr/share/zoneinfo"

typedef struct {
	char kind;              /* 'J': day 1-365 without 29 February; 'D': day 0-365; 'M': month.week.weekday */
	unsigned day, month, week, weekday;
	int32_t time;           /* seconds after local midnight, may be negative or past a day */
} tz_rule;

/* The footer: standard time, and optionally daylight time between two rules. */
typedef struct {
	int32_t std_off, dst_off; /* seconds east of UTC */
	bool has_dst;
	tz_rule start, end;       /* start is in standard time, end in daylight time */
} tz_posix;

struct scan_tz {
	char *name;
	size_t ntimes;
	int64_t *times;          /* strictly ascending */
	uint8_t *types;          /* the type each transition switches to */
	size_t ntypes;
	int32_t offsets[TZ_TYPES_MAX];
	bool has_footer;
	tz_posix footer;
};

typedef struct {
	const unsigned char *b;
	size_t len, pos;
} cursor;

typedef struct {
	unsigned version;        /* 1, or the digit of a later version */
	uint32_t isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt;
} tz_header;

/* --- names --------------------------------------------------------------- */

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
	       c == '+' || c == '-';
}

/* A relative path of safe components: it can only name a file under the zone directory. */
static int check_name(const char *name)
{
	size_t len, start = 0;

	if (!name || !*name)
		return scan_util__error(SCAN_EINVAL, "an empty time zone name");
	len = strnlen(name, TZ_NAME_MAX + 1);
	if (len > TZ_NAME_MAX)
		return scan_util__error(SCAN_EINVAL, "time zone name '%.32s...' is longer than %d bytes", name, TZ_NAME_MAX);
	for (size_t i = 0; i <= len; i++) {
		if (i < len && name[i] != '/') {
			if (!is_name_char(name[i]))
				return scan_util__error(SCAN_EINVAL, "'%s' is not a time zone name (byte %zu)", name, i + 1);
			continue;
		}
		if (i == start || (i - start == 1 && name[start] == '.') ||
		    (i - start == 2 && name[start] == '.' && name[start + 1] == '.'))
			return scan_util__error(SCAN_EINVAL, "'%s' is not a time zone name (an empty, '.' or '..' component)",
			                        name);
		start = i + 1;
	}
	return 0;
}

/* --- the binary part ----------------------------------------------------- */

static bool take(cursor *c, size_t n, const unsigned char **out)
{
	if (c->len - c->pos < n)
		return false;
	*out = c->b + c->pos;
	c->pos += n;
	return true;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const unsigned char *p)
{
	return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

static int bad(const char *name, size_t at, const char *what)
{
	return scan_util__error(SCAN_EPARSE, "zone '%s': not a valid TZif file at byte %zu: %s", name, at, what);
}

static int read_header(cursor *c, const char *name, tz_header *h)
{
	const unsigned char *p;
	size_t at = c->pos;

	if (!take(c, TZ_HEADER_LEN, &p))
		return bad(name, at, "the header is truncated");
	if (memcmp(p, "TZif", 4) != 0)
		return bad(name, at, "no TZif magic");
	if (p[4] == 0)
		h->version = 1;
	else if (p[4] >= '2' && p[4] <= '9') /* later versions only extend what version 4 means */
		h->version = (unsigned)(p[4] - '0');
	else
		return bad(name, at + 4, "an unknown version");
	h->isutcnt = be32(p + 20), h->isstdcnt = be32(p + 24), h->leapcnt = be32(p + 28);
	h->timecnt = be32(p + 32), h->typecnt = be32(p + 36), h->charcnt = be32(p + 40);
	return 0;
}

/* The length of the data block a header announces; 64-bit sums of 32-bit counts cannot overflow. */
static uint64_t block_len(const tz_header *h, unsigned tsize)
{
	return (uint64_t)h->timecnt * (tsize + 1) + (uint64_t)h->typecnt * 6 + h->charcnt +
	       (uint64_t)h->leapcnt * (tsize + 4) + h->isstdcnt + h->isutcnt;
}

static int check_counts(cursor *c, const char *name, const tz_header *h, unsigned tsize)
{
	if (h->typecnt == 0 || h->typecnt > TZ_TYPES_MAX)
		return bad(name, c->pos, "typecnt is not 1-256");
	if (h->charcnt == 0)
		return bad(name, c->pos, "charcnt is 0");
	if (h->isstdcnt != 0 && h->isstdcnt != h->typecnt)
		return bad(name, c->pos, "isstdcnt is neither 0 nor typecnt");
	if (h->isutcnt != 0 && h->isutcnt != h->typecnt)
		return bad(name, c->pos, "isutcnt is neither 0 nor typecnt");
	if (block_len(h, tsize) > c->len - c->pos)
		return bad(name, c->pos, "the data block is truncated");
	return 0;
}

/* One data block, its counts checked against the bytes left before anything is read. */
static int read_block(cursor *c, const char *name, const tz_header *h, unsigned tsize, scan_tz *tz)
{
	const unsigned char *times, *idx, *types, *chars, *leaps, *isstd, *isut;
	int rc;

	if ((rc = check_counts(c, name, h, tsize)) != 0)
		return rc;
	/* check_counts() has measured the block; the takes are checked all the same. */
	if (!take(c, (size_t)h->timecnt * tsize, &times) || !take(c, h->timecnt, &idx) ||
	    !take(c, (size_t)h->typecnt * 6, &types) || !take(c, h->charcnt, &chars) ||
	    !take(c, (size_t)h->leapcnt * (tsize + 4), &leaps) || !take(c, h->isstdcnt, &isstd) ||
	    !take(c, h->isutcnt, &isut))
		return bad(name, c->pos, "the data block is truncated");

	tz->ntimes = h->timecnt;
	tz->times = malloc((h->timecnt ? h->timecnt : 1) * sizeof(*tz->times));
	tz->types = malloc(h->timecnt ? h->timecnt : 1);
	if (!tz->times || !tz->types)
		return scan_error__oom();
	for (uint32_t i = 0; i < h->timecnt; i++) {
		const unsigned char *t = times + (size_t)i * tsize;
		tz->times[i] = tsize == 4 ? (int64_t)(int32_t)be32(t) : be64(t);
		if (i > 0 && tz->times[i] <= tz->times[i - 1])
			return bad(name, (size_t)(t - c->b), "transition times are not strictly ascending");
		if (idx[i] >= h->typecnt)
			return bad(name, (size_t)(idx + i - c->b), "a transition names a type that does not exist");
		tz->types[i] = idx[i];
	}
	tz->ntypes = h->typecnt;
	for (uint32_t i = 0; i < h->typecnt; i++) {
		const unsigned char *t = types + (size_t)i * 6;
		int32_t off = (int32_t)be32(t);
		if (off < -TZ_OFFSET_MAX || off > TZ_OFFSET_MAX)
			return bad(name, (size_t)(t - c->b), "an offset is 26 hours or more");
		if (t[4] > 1)
			return bad(name, (size_t)(t + 4 - c->b), "isdst is neither 0 nor 1");
		if (t[5] >= h->charcnt || !memchr(chars + t[5], '\0', h->charcnt - t[5]))
			return bad(name, (size_t)(t + 5 - c->b), "a designation is outside the designations or unterminated");
		tz->offsets[i] = off;
	}
	/* Leap seconds are checked for shape and not applied: schedules run on POSIX time. */
	for (uint32_t i = 1; i < h->leapcnt; i++) {
		const unsigned char *prev = leaps + (size_t)(i - 1) * (tsize + 4), *cur = prev + tsize + 4;
		int64_t a = tsize == 4 ? (int64_t)(int32_t)be32(prev) : be64(prev);
		int64_t b = tsize == 4 ? (int64_t)(int32_t)be32(cur) : be64(cur);
		int64_t ca = (int32_t)be32(prev + tsize), cb = (int32_t)be32(cur + tsize);
		if (b <= a)
			return bad(name, (size_t)(cur - c->b), "leap second records are not ascending");
		if (cb - ca != 1 && cb - ca != -1)
			return bad(name, (size_t)(cur + tsize - c->b), "leap second corrections do not step by one");
	}
	for (uint32_t i = 0; i < h->typecnt; i++) {
		unsigned std = h->isstdcnt ? isstd[i] : 0, ut = h->isutcnt ? isut[i] : 0;
		if (std > 1 || ut > 1 || (ut && !std))
			return bad(name, (size_t)((h->isutcnt ? isut : isstd) + i - c->b),
			           "a standard/UT indicator is not 0 or 1, or UT without standard");
	}
	return 0;
}

/* --- the POSIX TZ footer ------------------------------------------------- */

typedef struct {
	const char *s, *end;
} text;

static bool digit_at(const text *x)
{
	return x->s < x->end && *x->s >= '0' && *x->s <= '9';
}

/* At most max_digits digits, value at most max. */
static bool read_uint(text *x, unsigned max_digits, unsigned max, unsigned *out)
{
	unsigned v = 0, n = 0;

	while (digit_at(x) && n < max_digits) {
		v = v * 10 + (unsigned)(*x->s - '0');
		x->s++, n++;
	}
	if (n == 0 || digit_at(x) || v > max)
		return false;
	*out = v;
	return true;
}

/* A designation: three or more letters, or <...> of letters, digits, '+' and '-'. */
static bool read_designation(text *x)
{
	const char *start;

	if (x->s < x->end && *x->s == '<') {
		start = ++x->s;
		while (x->s < x->end && *x->s != '>') {
			char ch = *x->s;
			if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '+' ||
			      ch == '-'))
				return false;
			x->s++;
		}
		if (x->s >= x->end || x->s - start < 3)
			return false;
		x->s++;
		return true;
	}
	start = x->s;
	while (x->s < x->end && ((*x->s >= 'a' && *x->s <= 'z') || (*x->s >= 'A' && *x->s <= 'Z')))
		x->s++;
	return x->s - start >= 3;
}

/* [+-]hh[:mm[:ss]] in seconds, the sign as written. */
static bool read_hms(text *x, unsigned max_hours, int32_t *out)
{
	unsigned h, m = 0, sec = 0;
	int sign = 1;

	if (x->s < x->end && (*x->s == '+' || *x->s == '-'))
		sign = *x->s++ == '-' ? -1 : 1;
	if (!read_uint(x, 3, max_hours, &h))
		return false;
	if (x->s < x->end && *x->s == ':') {
		x->s++;
		if (!read_uint(x, 2, 59, &m))
			return false;
		if (x->s < x->end && *x->s == ':') {
			x->s++;
			if (!read_uint(x, 2, 59, &sec))
				return false;
		}
	}
	*out = sign * (int32_t)(h * 3600 + m * 60 + sec);
	return true;
}

static bool read_rule(text *x, tz_rule *r)
{
	memset(r, 0, sizeof(*r));
	if (x->s < x->end && *x->s == 'J') {
		x->s++;
		r->kind = 'J';
		if (!read_uint(x, 3, 365, &r->day) || r->day < 1)
			return false;
	} else if (x->s < x->end && *x->s == 'M') {
		x->s++;
		r->kind = 'M';
		if (!read_uint(x, 2, 12, &r->month) || r->month < 1 || x->s >= x->end || *x->s++ != '.' ||
		    !read_uint(x, 1, 5, &r->week) || r->week < 1 || x->s >= x->end || *x->s++ != '.' ||
		    !read_uint(x, 1, 6, &r->weekday))
			return false;
	} else {
		r->kind = 'D';
		if (!read_uint(x, 3, 365, &r->day))
			return false;
	}
	r->time = 2 * 3600;
	if (x->s < x->end && *x->s == '/') {
		x->s++;
		return read_hms(x, TZ_RULE_HOURS_MAX, &r->time);
	}
	return true;
}

/* POSIX offsets count west; ours count east. */
static bool parse_posix(const char *s, size_t len, tz_posix *out)
{
	text x = { s, s + len };
	int32_t west;

	memset(out, 0, sizeof(*out));
	if (!read_designation(&x) || !read_hms(&x, TZ_OFFSET_HOURS_MAX, &west))
		return false;
	out->std_off = -west;
	if (x.s == x.end)
		return true;
	if (!read_designation(&x))
		return false;
	out->has_dst = true;
	out->dst_off = out->std_off + 3600;
	if (x.s < x.end && *x.s != ',') {
		if (!read_hms(&x, TZ_OFFSET_HOURS_MAX, &west))
			return false;
		out->dst_off = -west;
	}
	if (x.s == x.end) {
		/* No rules: what tzcode assumes, the United States' since 2007. */
		out->start = (tz_rule){ 'M', 0, 3, 2, 0, 2 * 3600 };
		out->end = (tz_rule){ 'M', 0, 11, 1, 0, 2 * 3600 };
		return true;
	}
	if (*x.s++ != ',' || !read_rule(&x, &out->start) || x.s >= x.end || *x.s++ != ',' || !read_rule(&x, &out->end))
		return false;
	return x.s == x.end;
}

static int64_t rule_day(const tz_rule *r, int64_t year)
{
	int64_t jan1 = scan_sched__days_from_civil(year, 1, 1), first, day;
	unsigned len;

	switch (r->kind) {
	case 'J':
		return jan1 + r->day - 1 + (scan_sched__is_leap(year) && r->day >= 60 ? 1 : 0);
	case 'D':
		return jan1 + r->day;
	default:
		first = scan_sched__days_from_civil(year, r->month, 1);
		day = first + (r->weekday + 7 - scan_sched__weekday(first)) % 7 + 7 * (int64_t)(r->week - 1);
		len = scan_sched__month_days(year, r->month);
		while (day >= first + len) /* week 5 is the last such weekday, some months have four */
			day -= 7;
		return day;
	}
}

static int32_t posix_lookup(const tz_posix *p, int64_t t, int64_t *next_change)
{
	struct { int64_t at; bool dst; } ev[10];
	int64_t year, tc = t;
	unsigned m, d;
	size_t n = 0;
	bool dst = false;

	*next_change = INT64_MAX;
	if (!p->has_dst)
		return p->std_off;
	if (tc > TZ_RULE_INSTANT_MAX)
		tc = TZ_RULE_INSTANT_MAX;
	if (tc < -TZ_RULE_INSTANT_MAX)
		tc = -TZ_RULE_INSTANT_MAX;
	scan_sched__civil_from_days(scan_sched__floor_div(tc, SCAN_SCHED_DAY), &year, &m, &d);
	/* Rule times reach a week past their day, so the neighbouring years' changes can fall in this one. */
	for (int64_t y = year - 2; y <= year + 2; y++) {
		/* The change out of DST before the change into it on a tie: a zone in DST all year stays in it. */
		ev[n].at = rule_day(&p->end, y) * SCAN_SCHED_DAY + p->end.time - p->dst_off;
		ev[n].dst = false;
		n++;
		ev[n].at = rule_day(&p->start, y) * SCAN_SCHED_DAY + p->start.time - p->std_off;
		ev[n].dst = true;
		n++;
	}
	for (size_t i = 1; i < n; i++) { /* insertion sort, stable: ten items */
		for (size_t k = i; k > 0 && ev[k].at < ev[k - 1].at; k--) {
			int64_t at = ev[k].at;
			bool b = ev[k].dst;
			ev[k].at = ev[k - 1].at, ev[k].dst = ev[k - 1].dst;
			ev[k - 1].at = at, ev[k - 1].dst = b;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (ev[i].at <= tc)
			dst = ev[i].dst;
		else if (*next_change == INT64_MAX)
			*next_change = ev[i].at;
	}
	/* Past the clamp the rules stand for the clamped instant; the answer only has to stay consistent. */
	if (tc != t)
		*next_change = t > 0 ? INT64_MAX : -TZ_RULE_INSTANT_MAX;
	return dst ? p->dst_off : p->std_off;
}

/* --- the zone ------------------------------------------------------------ */

int32_t scan_sched__tz_lookup(const scan_tz *tz, int64_t t, int64_t *next_change)
{
	size_t lo = 0, hi = tz->ntimes;

	if (tz->ntimes == 0) {
		if (tz->has_footer)
			return posix_lookup(&tz->footer, t, next_change);
		*next_change = INT64_MAX;
		return tz->offsets[0];
	}
	if (t < tz->times[0]) {
		*next_change = tz->times[0];
		return tz->offsets[0]; /* RFC 8536 3.2: type 0 before the first transition */
	}
	while (hi - lo > 1) { /* times[lo] <= t < times[hi] */
		size_t mid = lo + (hi - lo) / 2;
		if (tz->times[mid] <= t)
			lo = mid;
		else
			hi = mid;
	}
	if (hi < tz->ntimes) {
		*next_change = tz->times[hi];
		return tz->offsets[tz->types[lo]];
	}
	if (tz->has_footer && t > tz->times[lo])
		return posix_lookup(&tz->footer, t, next_change);
	/* At the last transition itself: the footer takes over a second later. */
	*next_change = tz->has_footer && t < INT64_MAX ? t + 1 : INT64_MAX;
	return tz->offsets[tz->types[lo]];
}

int32_t scan_tz_offset(const scan_tz *tz, int64_t t)
{
	int64_t next;

	return scan_sched__tz_lookup(tz, t, &next);
}

const char *scan_tz_name(const scan_tz *tz)
{
	return tz->name;
}

void scan_tz_free(scan_tz *tz)
{
	if (!tz)
		return;
	free(tz->name);
	free(tz->times);
	free(tz->types);
	free(tz);
}

static int new_zone(scan_tz **out, const char *name)
{
	size_t len = strlen(name);
	scan_tz *tz = calloc(1, sizeof(*tz));

	if (!tz || !(tz->name = malloc(len + 1))) {
		free(tz);
		return scan_error__oom();
	}
	memcpy(tz->name, name, len + 1);
	tz->ntypes = 1;
	*out = tz;
	return 0;
}

static int parse_footer(cursor *c, const char *name, scan_tz *tz)
{
	const unsigned char *start, *nl;
	size_t len;

	if (c->pos >= c->len || c->b[c->pos] != '\n')
		return bad(name, c->pos, "the footer does not start with a newline");
	c->pos++;
	start = c->b + c->pos;
	if (!(nl = memchr(start, '\n', c->len - c->pos)))
		return bad(name, c->pos, "the footer does not end with a newline");
	len = (size_t)(nl - start);
	if (c->pos + len + 1 != c->len)
		return bad(name, c->pos, "bytes after the footer");
	if (len == 0)
		return 0; /* no rule: the last transition's type holds */
	if (memchr(start, '\0', len) || !parse_posix((const char *)start, len, &tz->footer))
		return bad(name, c->pos, "the footer is not a POSIX TZ string");
	tz->has_footer = true;
	c->pos += len + 1;
	return 0;
}

int scan_tz_parse(scan_tz **out, const char *name, const unsigned char *bytes, size_t len)
{
	cursor c = { bytes, len, 0 };
	tz_header h;
	scan_tz *tz = NULL;
	const unsigned char *skip;
	int rc;

	*out = NULL;
	if ((rc = check_name(name)) != 0)
		return rc;
	if (len > TZ_FILE_MAX)
		return scan_util__error(SCAN_EPARSE, "zone '%s': %zu bytes, larger than any TZif file (%u KB)", name, len,
		                        TZ_FILE_MAX / 1024);
	if ((rc = read_header(&c, name, &h)) != 0)
		return rc;
	if ((rc = new_zone(&tz, name)) != 0)
		return rc;
	if (h.version == 1) {
		if ((rc = read_block(&c, name, &h, 4, tz)) != 0)
			goto done;
		if (c.pos != c.len)
			rc = bad(name, c.pos, "bytes after the data block");
		goto done;
	}
	/* Version 2 and later: the 32-bit block is only skipped (RFC 8536 4). */
	if (block_len(&h, 4) > c.len - c.pos || !take(&c, (size_t)block_len(&h, 4), &skip)) {
		rc = bad(name, c.pos, "the version 1 data block is truncated");
		goto done;
	}
	if ((rc = read_header(&c, name, &h)) != 0)
		goto done;
	if (h.version == 1) {
		rc = bad(name, c.pos, "the second header is version 1");
		goto done;
	}
	if ((rc = read_block(&c, name, &h, 8, tz)) != 0)
		goto done;
	rc = parse_footer(&c, name, tz);
done:
	if (rc) {
		scan_tz_free(tz);
		return rc;
	}
	*out = tz;
	return 0;
}

/* The whole file, or an error: at most TZ_FILE_MAX bytes, from a regular file only (a FIFO would block). */
static int read_zone_file(const char *path, const char *name, unsigned char **bytes, size_t *len)
{
	struct stat st;
	unsigned char *buf = NULL;
	size_t n = 0;
	int fd, rc = 0;

	*bytes = NULL;
	do
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	while (fd < 0 && errno == EINTR);
	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP || errno == ENAMETOOLONG)
			return scan_util__error(SCAN_ENOTFOUND, "unknown time zone '%s'", name);
		return scan_util__error(SCAN_EIO, "cannot open '%s': %s", path, strerror(errno));
	}
	if (fstat(fd, &st) != 0) {
		rc = scan_util__error(SCAN_EIO, "cannot read '%s': %s", path, strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = scan_util__error(SCAN_ENOTFOUND, "unknown time zone '%s'", name);
		goto done;
	}
	if (!(buf = malloc(TZ_FILE_MAX + 1))) {
		rc = scan_error__oom();
		goto done;
	}
	/* One byte past the limit tells a file at the limit from a larger one. */
	while (n <= TZ_FILE_MAX) {
		ssize_t got = read(fd, buf + n, TZ_FILE_MAX + 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = scan_util__error(SCAN_EIO, "cannot read '%s': %s", path, strerror(errno));
			goto done;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n > TZ_FILE_MAX) {
		rc = scan_util__error(SCAN_EPARSE, "zone '%s': larger than any TZif file (%u KB)", name, TZ_FILE_MAX / 1024);
		goto done;
	}
	*bytes = buf, *len = n;
	buf = NULL;
done:
	free(buf);
	close(fd);
	return rc;
}

int scan_tz_open(scan_tz **out, const char *name, const char *zoneinfo_dir)
{
	char path[PATH_MAX];
	unsigned char *bytes = NULL;
	size_t len = 0;
	int rc, n;

	*out = NULL;
	if ((rc = check_name(name)) != 0)
		return rc;
	if (strcmp(name, "UTC") == 0)
		return new_zone(out, name); /* one type, offset 0, nothing to read */
	n = snprintf(path, sizeof(path), "%s/%s", zoneinfo_dir ? zoneinfo_dir : TZ_DEFAULT_DIR, name);
	if (n < 0 || (size_t)n >= sizeof(path))
		return scan_util__error(SCAN_EINVAL, "the path of zone '%s' is too long", name);
	if ((rc = read_zone_file(path, name, &bytes, &len)) != 0)
		return rc;
	rc = scan_tz_parse(out, name, bytes, len);
	free(bytes);
	return rc;
}
