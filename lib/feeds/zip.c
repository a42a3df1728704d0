/* lib/feeds/zip.c - a bounded zip reader over memory (OSV's all.zip exports) */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#define ZLIB_CONST /* next_in is const: the archive is the caller's */
#include <zlib.h>
#include "feeds/feeds.h"
#include "util/error.h"

/*
 * The layout (PKWARE APPNOTE.TXT): each entry is a local header, its
 * (compressed) data and, with flag bit 3, a data descriptor; then the
 * central directory, one header per entry, then the end of central
 * directory record (EOCD) with a comment of up to 65535 bytes, preceded for
 * zip64 by a zip64 EOCD record and its locator.
 *
 * An archive from the internet may lie in any field, so nothing is taken on
 * trust: the EOCD is searched only in the last 64 KiB + 22 bytes and must end
 * the data exactly; the central directory and every entry's local header
 * and data must lie inside the data, before the central directory, without
 * two entries overlapping (the "overlapping files" zip bomb, where every
 * entry points at the same data); the local header must agree with the
 * central one; sizes are capped before anything is inflated, and inflation
 * stops one byte past the recorded size. Names are never used as paths
 * here; one that would be unsafe as a path is flagged for the caller.
 */

#define SIG_LOCAL 0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_EOCD 0x06054b50u
#define SIG_EOCD64 0x06064b50u
#define SIG_LOCATOR64 0x07064b50u
#define SIG_DESCRIPTOR 0x08074b50u

#define EOCD_LEN 22
#define LOCATOR64_LEN 20
#define EOCD64_LEN 56
#define CENTRAL_LEN 46
#define LOCAL_LEN 30
#define COMMENT_MAX 65535

#define FLAG_ENCRYPTED 0x0001u
#define FLAG_DESCRIPTOR 0x0008u
#define FLAG_STRONG_ENCRYPTION 0x0040u
#define METHOD_STORED 0
#define METHOD_DEFLATE 8
#define METHOD_AES 99 /* WinZip AES: encrypted whatever the flags say */

struct zip_entry {
	const char *name;          /* arena copy, NUL-terminated */
	size_t name_len;
	uint64_t csize, usize;
	uint64_t local;            /* offset of the local header */
	uint64_t data;             /* offset of the data, from the local header's lengths */
	uint32_t crc;
	uint16_t method, flags;
	bool zip64;                /* sizes came from a zip64 extra field: a descriptor has 8-byte sizes */
	bool safe;
};

struct scan_zip {
	const unsigned char *data;
	size_t len;
	const char *origin;
	scan_arena arena;
	struct zip_entry *ents;
	size_t count;
	uint64_t cd_off;           /* entries (and descriptors) end here */
	uint64_t inflated;         /* recorded sizes of every read so far */
};

static uint16_t rd16(const unsigned char *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t rd32(const unsigned char *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t rd64(const unsigned char *p)
{
	return (uint64_t)rd32(p) | ((uint64_t)rd32(p + 4) << 32);
}

/* Absolute, a drive letter, a ".." segment, a backslash (a separator on Windows) or a NUL. */
static bool name_safe(const char *n, size_t len)
{
	size_t i = 0;

	if (!len || n[0] == '/' || memchr(n, '\\', len) || memchr(n, '\0', len))
		return false;
	if (len >= 2 && n[1] == ':')
		return false;
	while (i < len) {
		const char *slash = memchr(n + i, '/', len - i);
		size_t seg = slash ? (size_t)(slash - (n + i)) : len - i;

		if (seg == 2 && n[i] == '.' && n[i + 1] == '.')
			return false;
		i += seg + 1;
	}
	return true;
}

/*
 * The zip64 extra field (id 0x0001) holds, in this order, only the fields
 * whose 32-bit (16-bit for the disk) value in the header is all ones.
 * Returns false when the field is missing or too short for them.
 */
static bool zip64_extra(const unsigned char *x, size_t xlen, uint64_t *usize, uint64_t *csize,
                        uint64_t *local, uint32_t *disk, bool *used)
{
	size_t i = 0;
	bool need = *usize == 0xFFFFFFFFu || *csize == 0xFFFFFFFFu || (local && *local == 0xFFFFFFFFu) ||
	            (disk && *disk == 0xFFFFu);

	*used = false;
	if (!need)
		return true;
	while (i + 4 <= xlen) {
		uint16_t id = rd16(x + i), sz = rd16(x + i + 2);
		const unsigned char *f = x + i + 4;
		size_t at = 0;

		if ((size_t)sz > xlen - i - 4)
			return false;
		if (id == 0x0001) {
			uint64_t *fields[3] = { usize, csize, local };
			for (size_t k = 0; k < 3; k++) {
				if (!fields[k] || *fields[k] != 0xFFFFFFFFu)
					continue;
				if (at + 8 > sz)
					return false;
				*fields[k] = rd64(f + at);
				at += 8;
			}
			if (disk && *disk == 0xFFFFu) {
				if (at + 4 > sz)
					return false;
				*disk = rd32(f + at);
			}
			*used = true;
			return true;
		}
		i += 4 + (size_t)sz;
	}
	return false;
}

/* The EOCD whose comment ends the data exactly; the search reads at most 64 KiB + 22 bytes. */
static bool find_eocd(const unsigned char *d, size_t len, size_t *at)
{
	size_t lo = len - EOCD_LEN > COMMENT_MAX ? len - EOCD_LEN - COMMENT_MAX : 0;

	for (size_t off = len - EOCD_LEN + 1; off-- > lo;) {
		if (rd32(d + off) == SIG_EOCD && off + EOCD_LEN + rd16(d + off + 20) == len) {
			*at = off;
			return true;
		}
	}
	return false;
}

static int cmp_local(const void *a, const void *b)
{
	const struct zip_entry *x = *(const struct zip_entry *const *)a, *y = *(const struct zip_entry *const *)b;

	return x->local < y->local ? -1 : x->local > y->local;
}

/* Each entry's local header, data and descriptor end before the next entry's header starts. */
static int check_overlaps(scan_zip *z)
{
	struct zip_entry **order;
	int err = 0;

	if (z->count < 2)
		return 0;
	if (!(order = malloc(z->count * sizeof(*order))))
		return scan_error__oom();
	for (size_t i = 0; i < z->count; i++)
		order[i] = &z->ents[i];
	qsort(order, z->count, sizeof(*order), cmp_local);
	for (size_t i = 1; i < z->count && !err; i++) {
		const struct zip_entry *p = order[i - 1];
		uint64_t end = p->data + p->csize;

		if (p->flags & FLAG_DESCRIPTOR)
			end += p->zip64 ? 20 : 12; /* without the optional signature */
		if (end > order[i]->local)
			err = scan_util__error(SCAN_EPARSE, "%.200s: entries '%.100s' and '%.100s' overlap", z->origin,
			                       p->name, order[i]->name);
	}
	free(order);
	return err;
}

/* One central directory header at *pos (inside [.., end)); advances *pos. */
static int read_central(scan_zip *z, uint64_t *pos, uint64_t end, struct zip_entry *e, uint64_t *total)
{
	const unsigned char *d = z->data, *p, *lh;
	uint64_t at = *pos;
	uint32_t disk;
	uint16_t nlen, xlen, clen;
	bool used;

	if (end - at < CENTRAL_LEN || rd32(d + at) != SIG_CENTRAL)
		return scan_util__error(SCAN_EPARSE, "%.200s: central directory entry %zu is malformed", z->origin,
		                        (size_t)(e - z->ents));
	p = d + at;
	e->flags = rd16(p + 8);
	e->method = rd16(p + 10);
	e->crc = rd32(p + 16);
	e->csize = rd32(p + 20);
	e->usize = rd32(p + 24);
	nlen = rd16(p + 28);
	xlen = rd16(p + 30);
	clen = rd16(p + 32);
	disk = rd16(p + 34);
	e->local = rd32(p + 42);
	if (end - at - CENTRAL_LEN < (uint64_t)nlen + xlen + clen)
		return scan_util__error(SCAN_EPARSE, "%.200s: central directory entry %zu runs past the directory",
		                        z->origin, (size_t)(e - z->ents));
	if (!(e->name = scan_arena__strndup(&z->arena, (const char *)p + CENTRAL_LEN, nlen)))
		return scan_error__oom();
	e->name_len = nlen;
	e->safe = name_safe(e->name, nlen);
	if (!zip64_extra(p + CENTRAL_LEN + nlen, xlen, &e->usize, &e->csize, &e->local, &disk, &used))
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' lacks its zip64 extra field", z->origin, e->name);
	e->zip64 = used;
	*pos = at + CENTRAL_LEN + nlen + xlen + clen;

	if ((e->flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) || e->method == METHOD_AES)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' is encrypted", z->origin, e->name);
	if (disk != 0)
		return scan_util__error(SCAN_EPARSE, "%.200s: multi-disk archives are not supported", z->origin);
	if (e->usize > SCAN_FEED_ZIP_ENTRY_MAX)
		return scan_util__error(SCAN_ELIMIT, "%.200s: entry '%.100s' inflates to %llu bytes (more than %zu MB)",
		                        z->origin, e->name, (unsigned long long)e->usize, SCAN_FEED_ZIP_ENTRY_MAX >> 20);
	if ((*total += e->usize) > SCAN_FEED_INFLATED_MAX)
		return scan_util__error(SCAN_ELIMIT, "%.200s: entries inflate to more than %llu GB in all", z->origin,
		                        (unsigned long long)(SCAN_FEED_INFLATED_MAX >> 30));
	if (e->method == METHOD_STORED && e->csize != e->usize)
		return scan_util__error(SCAN_EPARSE, "%.200s: stored entry '%.100s' has two sizes", z->origin, e->name);

	/* The local header and the data lie before the central directory. */
	if (e->local > z->cd_off || z->cd_off - e->local < LOCAL_LEN)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' lies outside the data", z->origin, e->name);
	lh = d + e->local;
	if (rd32(lh) != SIG_LOCAL)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' has no local header", z->origin, e->name);
	e->data = e->local + LOCAL_LEN + rd16(lh + 26) + rd16(lh + 28);
	if (e->data > z->cd_off || z->cd_off - e->data < e->csize)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' lies outside the data", z->origin, e->name);
	return 0;
}

int scan_zip__open(scan_zip **out, const unsigned char *data, size_t len, const char *origin)
{
	scan_zip *z;
	const unsigned char *eocd;
	size_t eocd_at;
	uint64_t count, cd_size, cd_off, cd_end, pos, total = 0;
	uint32_t disk, cd_disk;
	uint64_t disk_count;
	int err = 0;

	*out = NULL;
	if (!origin)
		origin = "zip archive";
	if (len < EOCD_LEN || !find_eocd(data, len, &eocd_at))
		return scan_util__error(SCAN_EPARSE, "%.200s: not a zip archive (no end of central directory record)", origin);
	eocd = data + eocd_at;
	disk = rd16(eocd + 4);
	cd_disk = rd16(eocd + 6);
	disk_count = rd16(eocd + 8);
	count = rd16(eocd + 10);
	cd_size = rd32(eocd + 12);
	cd_off = rd32(eocd + 16);
	cd_end = eocd_at;

	if (eocd_at >= LOCATOR64_LEN && rd32(eocd - LOCATOR64_LEN) == SIG_LOCATOR64) {
		const unsigned char *loc = eocd - LOCATOR64_LEN, *r;
		uint64_t r_at = rd64(loc + 8);

		if (rd32(loc + 4) != 0 || rd32(loc + 16) > 1)
			return scan_util__error(SCAN_EPARSE, "%.200s: multi-disk archives are not supported", origin);
		if (r_at > eocd_at - LOCATOR64_LEN || eocd_at - LOCATOR64_LEN - r_at < EOCD64_LEN)
			return scan_util__error(SCAN_EPARSE, "%.200s: zip64 end record outside the data", origin);
		r = data + r_at;
		if (rd32(r) != SIG_EOCD64 || rd64(r + 4) < EOCD64_LEN - 12 ||
		    rd64(r + 4) > eocd_at - LOCATOR64_LEN - r_at - 12)
			return scan_util__error(SCAN_EPARSE, "%.200s: malformed zip64 end record", origin);
		disk = rd32(r + 16);
		cd_disk = rd32(r + 20);
		disk_count = rd64(r + 24);
		count = rd64(r + 32);
		cd_size = rd64(r + 40);
		cd_off = rd64(r + 48);
		cd_end = r_at;
	} else if (count == 0xFFFF || cd_size == 0xFFFFFFFFu || cd_off == 0xFFFFFFFFu) {
		return scan_util__error(SCAN_EPARSE, "%.200s: zip64 end record missing", origin);
	}
	if (disk != 0 || cd_disk != 0 || disk_count != count)
		return scan_util__error(SCAN_EPARSE, "%.200s: multi-disk archives are not supported", origin);
	if (count > SCAN_FEED_ZIP_ENTRIES_MAX)
		return scan_util__error(SCAN_ELIMIT, "%.200s: more than %d entries", origin, SCAN_FEED_ZIP_ENTRIES_MAX);
	if (cd_off > cd_end || cd_size > cd_end - cd_off)
		return scan_util__error(SCAN_EPARSE, "%.200s: central directory outside the data (truncated archive?)", origin);
	if (count > cd_size / CENTRAL_LEN)
		return scan_util__error(SCAN_EPARSE, "%.200s: central directory too small for %llu entries", origin,
		                        (unsigned long long)count);

	if (!(z = calloc(1, sizeof(*z))))
		return scan_error__oom();
	z->data = data;
	z->len = len;
	z->cd_off = cd_off;
	if (!(z->origin = scan_arena__strdup(&z->arena, origin)) ||
	    (count && !(z->ents = calloc((size_t)count, sizeof(*z->ents))))) {
		err = scan_error__oom();
		goto done;
	}
	pos = cd_off;
	for (z->count = 0; z->count < count; z->count++)
		if ((err = read_central(z, &pos, cd_off + cd_size, &z->ents[z->count], &total)) < 0)
			goto done;
	if (pos != cd_off + cd_size) {
		err = scan_util__error(SCAN_EPARSE, "%.200s: central directory holds more than its %llu entries", origin,
		                       (unsigned long long)count);
		goto done;
	}
	err = check_overlaps(z);
done:
	if (err < 0) {
		scan_zip__free(z);
		return err;
	}
	*out = z;
	return 0;
}

size_t scan_zip__count(const scan_zip *z)
{
	return z ? z->count : 0;
}

int scan_zip__entry(const scan_zip *z, size_t i, const char **name, uint64_t *size, bool *safe)
{
	assert(z && i < z->count);
	if (!z || i >= z->count)
		return scan_util__error(SCAN_EINVAL, "zip entry %zu out of range", i);
	if (name)
		*name = z->ents[i].name;
	if (size)
		*size = z->ents[i].usize;
	if (safe)
		*safe = z->ents[i].safe;
	return 0;
}

/* The local header repeats the central one: a reader trusting either must see the same entry. */
static int check_local(const scan_zip *z, const struct zip_entry *e)
{
	const unsigned char *lh = z->data + e->local;
	uint16_t nlen = rd16(lh + 26), xlen = rd16(lh + 28);
	uint64_t usize = rd32(lh + 22), csize = rd32(lh + 18);
	uint32_t crc = rd32(lh + 14);
	bool used;

	if (rd16(lh + 8) != e->method || ((rd16(lh + 6) ^ e->flags) & (FLAG_ENCRYPTED | FLAG_DESCRIPTOR)) ||
	    nlen != e->name_len || memcmp(lh + LOCAL_LEN, e->name, nlen))
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': local header differs from the central one",
		                        z->origin, e->name);
	if (!zip64_extra(lh + LOCAL_LEN + nlen, xlen, &usize, &csize, NULL, NULL, &used))
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': local header lacks its zip64 extra field",
		                        z->origin, e->name);
	/* With a data descriptor the local fields may be zero (the writer could not seek back). */
	if ((e->flags & FLAG_DESCRIPTOR) && !crc && !csize && !usize)
		return 0;
	if (crc != e->crc || csize != e->csize || usize != e->usize)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': local header sizes or CRC differ from the central ones",
		                        z->origin, e->name);
	return 0;
}

static int check_descriptor(const scan_zip *z, const struct zip_entry *e)
{
	uint64_t at = e->data + e->csize, need = e->zip64 ? 20 : 12, csize, usize;
	const unsigned char *p;

	if (z->cd_off - at >= 4 && rd32(z->data + at) == SIG_DESCRIPTOR)
		at += 4;
	if (z->cd_off < at || z->cd_off - at < need)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': data descriptor outside the data", z->origin,
		                        e->name);
	p = z->data + at;
	csize = e->zip64 ? rd64(p + 4) : rd32(p + 4);
	usize = e->zip64 ? rd64(p + 12) : rd32(p + 8);
	if (rd32(p) != e->crc || csize != e->csize || usize != e->usize)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': data descriptor differs from the central directory",
		                        z->origin, e->name);
	return 0;
}

/* Raw deflate into buf, which has room for usize + 1 bytes: one byte past the recorded size is an error. */
static int inflate_entry(const scan_zip *z, const struct zip_entry *e, unsigned char *buf)
{
	const unsigned char *in = z->data + e->data;
	uint64_t in_left = e->csize;
	z_stream s;
	int ret, err = 0;

	memset(&s, 0, sizeof(s));
	if (inflateInit2(&s, -15) != Z_OK)
		return scan_error__oom();
	s.next_out = buf;
	s.avail_out = (uInt)(e->usize + 1); /* usize <= SCAN_FEED_ZIP_ENTRY_MAX */
	for (;;) {
		if (!s.avail_in && in_left) {
			uInt n = in_left > UINT_MAX ? UINT_MAX : (uInt)in_left;
			s.next_in = in;
			s.avail_in = n;
			in += n;
			in_left -= n;
		}
		ret = inflate(&s, Z_NO_FLUSH);
		if (ret == Z_STREAM_END)
			break;
		if (ret == Z_OK && s.avail_out)
			continue;
		if (ret == Z_MEM_ERROR)
			err = scan_error__oom();
		else if (ret == Z_OK || !s.avail_out)
			err = scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' inflates past its recorded %llu bytes",
			                       z->origin, e->name, (unsigned long long)e->usize);
		else if (ret == Z_BUF_ERROR)
			err = scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': deflate stream is truncated", z->origin, e->name);
		else
			err = scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': corrupt deflate stream (%.60s)", z->origin,
			                       e->name, s.msg ? s.msg : "bad data");
		goto done;
	}
	if (s.total_out != e->usize)
		err = scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s' inflates to %lu bytes, not its recorded %llu",
		                       z->origin, e->name, (unsigned long)s.total_out, (unsigned long long)e->usize);
done:
	inflateEnd(&s);
	return err;
}

int scan_zip__read(scan_zip *z, size_t i, size_t max, char **out, size_t *len)
{
	const struct zip_entry *e;
	unsigned char *buf = NULL;
	uLong crc;
	int err;

	*out = NULL;
	*len = 0;
	assert(z && i < z->count);
	if (!z || i >= z->count)
		return scan_util__error(SCAN_EINVAL, "zip entry %zu out of range", i);
	e = &z->ents[i];
	if (max > SCAN_FEED_ZIP_ENTRY_MAX)
		max = SCAN_FEED_ZIP_ENTRY_MAX;
	/* Limits first, on the recorded sizes: inflation never goes past them. */
	if (e->usize > max)
		return scan_util__error(SCAN_ELIMIT, "%.200s: entry '%.100s' is %llu bytes (more than %zu)", z->origin,
		                        e->name, (unsigned long long)e->usize, max);
	if (e->usize > e->csize * SCAN_FEED_ZIP_RATIO_MAX)
		return scan_util__error(SCAN_ELIMIT, "%.200s: entry '%.100s' inflates %llu bytes to %llu (ratio over %d: a zip bomb?)",
		                        z->origin, e->name, (unsigned long long)e->csize, (unsigned long long)e->usize,
		                        SCAN_FEED_ZIP_RATIO_MAX);
	if (e->usize > SCAN_FEED_INFLATED_MAX - z->inflated)
		return scan_util__error(SCAN_ELIMIT, "%.200s: more than %llu GB inflated from one archive", z->origin,
		                        (unsigned long long)(SCAN_FEED_INFLATED_MAX >> 30));
	z->inflated += e->usize;
	if ((err = check_local(z, e)) < 0 || ((e->flags & FLAG_DESCRIPTOR) && (err = check_descriptor(z, e)) < 0))
		return err;
	if (e->method != METHOD_STORED && e->method != METHOD_DEFLATE)
		return scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': compression method %u is not supported",
		                        z->origin, e->name, (unsigned)e->method);

	if (!(buf = malloc((size_t)e->usize + 1)))
		return scan_error__oom();
	if (e->method == METHOD_STORED)
		memcpy(buf, z->data + e->data, (size_t)e->usize);
	else if ((err = inflate_entry(z, e, buf)) < 0)
		goto done;
	crc = crc32(0L, Z_NULL, 0);
	for (size_t off = 0; off < e->usize;) {
		uInt n = e->usize - off > UINT_MAX ? UINT_MAX : (uInt)(e->usize - off);
		crc = crc32(crc, buf + off, n);
		off += n;
	}
	if ((uint32_t)crc != e->crc) {
		err = scan_util__error(SCAN_EPARSE, "%.200s: entry '%.100s': bad CRC-32", z->origin, e->name);
		goto done;
	}
	buf[e->usize] = '\0';
	*out = (char *)buf;
	*len = (size_t)e->usize;
	buf = NULL;
done:
	free(buf);
	return err;
}

void scan_zip__free(scan_zip *z)
{
	if (!z)
		return;
	free(z->ents);
	scan_arena__dispose(&z->arena);
	free(z);
}
