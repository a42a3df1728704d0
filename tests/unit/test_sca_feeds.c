/*
 * tests/unit/test_sca_feeds.c - the vulnerability feeds: zip archives, OSV
 * records (every record of the PyPI and Go exports in shared/data), the
 * CISA KEV catalog and FIRST EPSS files, and hostile input for each.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include "helpers.h"
#include "feeds/feeds.h"
#include "scan/common.h"

#define FIXTURES RAMPART_SOURCE_DIR "/tests/sca/feeds/"
/* shared/ sits beside the repository (CI clones main with shared/ next to it). */
#ifndef SHARED_DATA
#define SHARED_DATA RAMPART_SOURCE_DIR "/../shared/data/"
#endif
/* Hostile inputs must fail long before this; generous for sanitizer builds. */
#define FAST_SECONDS 10.0

static unsigned char *read_file(const char *path, size_t *len)
{
	unsigned char *data = (unsigned char *)th_read(path, len);

	if (!data)
		fail_msg("cannot read %s", path);
	return data;
}

static unsigned char *read_shared(const char *rel, size_t *len)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s%s", SHARED_DATA, rel);
	return read_file(path, len);
}

static void expect_code(int rc, int code, const char *want)
{
	if (rc != code)
		fail_msg("expected %d, got %d: %s", code, rc, scan_error_last()->message);
	assert_int_equal(scan_error_last()->code, code);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
}

static void ok(int rc)
{
	if (rc != 0)
		fail_msg("failed (%d): %s", rc, scan_error_last()->message);
}

/* ---- a zip writer, for archives zipfile will not write ------------------- */

typedef struct {
	const char *name;
	size_t name_len;           /* 0: strlen(name) */
	const void *data;
	size_t len;
	int method;                /* 0 stored, 8 deflate */
	bool descriptor;
} tz_entry;

#define TZ_MAX 400
typedef struct {
	size_t local[TZ_MAX], central[TZ_MAX], data[TZ_MAX], descriptor[TZ_MAX];
	size_t csize[TZ_MAX];
	size_t cd_off, eocd;
} tz_layout;

typedef struct {
	unsigned char *p;
	size_t len, cap;
} tz_buf;

static void put(tz_buf *b, const void *d, size_t n)
{
	if (b->cap - b->len < n) {
		b->cap = (b->cap + n) * 2;
		if (!(b->p = realloc(b->p, b->cap)))
			abort();
	}
	if (n)
		memcpy(b->p + b->len, d, n);
	b->len += n;
}

static void put16(tz_buf *b, uint32_t v)
{
	unsigned char x[2] = { (unsigned char)v, (unsigned char)(v >> 8) };
	put(b, x, 2);
}

static void put32(tz_buf *b, uint32_t v)
{
	put16(b, v & 0xFFFF);
	put16(b, v >> 16);
}

static void put64(tz_buf *b, uint64_t v)
{
	put32(b, (uint32_t)v);
	put32(b, (uint32_t)(v >> 32));
}

static void wr16(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

static void wr32(unsigned char *p, uint32_t v)
{
	wr16(p, v & 0xFFFF);
	wr16(p + 2, v >> 16);
}

static void wr64(unsigned char *p, uint64_t v)
{
	wr32(p, (uint32_t)v);
	wr32(p + 4, (uint32_t)(v >> 32));
}

/* Raw deflate (or gzip with window_bits 31) of data at a level; malloc'd. */
static unsigned char *deflate_raw(const void *data, size_t len, int window_bits, int level, size_t *out_len)
{
	z_stream s;
	unsigned char *out;
	size_t cap;

	memset(&s, 0, sizeof(s));
	if (deflateInit2(&s, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	cap = deflateBound(&s, (uLong)len) + 16;
	if (!(out = malloc(cap)))
		abort();
	s.next_in = (unsigned char *)(uintptr_t)data;
	s.avail_in = (uInt)len;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	if (deflate(&s, Z_FINISH) != Z_STREAM_END)
		abort();
	*out_len = s.total_out;
	deflateEnd(&s);
	return out;
}

/*
 * An archive of n entries. zip64: every size and offset goes through zip64
 * extra fields and a zip64 end record. The layout says where things are.
 */
static unsigned char *tz_build(const tz_entry *e, size_t n, bool zip64, const void *comment, size_t comment_len,
                               tz_layout *lay, size_t *len)
{
	tz_buf b = { NULL, 0, 0 };
	unsigned char **comp = calloc(n ? n : 1, sizeof(*comp));
	size_t *clen = calloc(n ? n : 1, sizeof(*clen));
	uint32_t *crc = calloc(n ? n : 1, sizeof(*crc));
	size_t cd_size;

	assert_true(n <= TZ_MAX);
	for (size_t i = 0; i < n; i++) {
		size_t nl = e[i].name_len ? e[i].name_len : strlen(e[i].name);
		uint16_t flags = e[i].descriptor ? 8 : 0;

		crc[i] = (uint32_t)crc32(0, e[i].data, (uInt)e[i].len);
		if (e[i].method == 8) {
			comp[i] = deflate_raw(e[i].data, e[i].len, -15, 9, &clen[i]);
		} else {
			comp[i] = malloc(e[i].len + 1);
			memcpy(comp[i], e[i].data, e[i].len);
			clen[i] = e[i].len;
		}
		lay->local[i] = b.len;
		lay->csize[i] = clen[i];
		put32(&b, 0x04034b50);
		put16(&b, zip64 ? 45 : 20);
		put16(&b, flags);
		put16(&b, (uint32_t)e[i].method);
		put32(&b, 0x59486000); /* 2024-10-10 12:00 */
		if (e[i].descriptor) {
			put32(&b, 0);
			put32(&b, 0);
			put32(&b, 0);
		} else {
			put32(&b, crc[i]);
			put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)clen[i]);
			put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)e[i].len);
		}
		put16(&b, (uint32_t)nl);
		put16(&b, zip64 && !e[i].descriptor ? 20 : 0);
		put(&b, e[i].name, nl);
		if (zip64 && !e[i].descriptor) {
			put16(&b, 1);
			put16(&b, 16);
			put64(&b, e[i].len);
			put64(&b, clen[i]);
		}
		lay->data[i] = b.len;
		put(&b, comp[i], clen[i]);
		if (e[i].descriptor) {
			lay->descriptor[i] = b.len;
			put32(&b, 0x08074b50);
			put32(&b, crc[i]);
			if (zip64) {
				put64(&b, clen[i]);
				put64(&b, e[i].len);
			} else {
				put32(&b, (uint32_t)clen[i]);
				put32(&b, (uint32_t)e[i].len);
			}
		}
	}
	lay->cd_off = b.len;
	for (size_t i = 0; i < n; i++) {
		size_t nl = e[i].name_len ? e[i].name_len : strlen(e[i].name);

		lay->central[i] = b.len;
		put32(&b, 0x02014b50);
		put16(&b, 0x031e);
		put16(&b, zip64 ? 45 : 20);
		put16(&b, e[i].descriptor ? 8 : 0);
		put16(&b, (uint32_t)e[i].method);
		put32(&b, 0x59486000);
		put32(&b, crc[i]);
		put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)clen[i]);
		put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)e[i].len);
		put16(&b, (uint32_t)nl);
		put16(&b, zip64 ? 28 : 0);
		put16(&b, 0);
		put16(&b, 0);
		put16(&b, 0);
		put32(&b, 0644u << 16);
		put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)lay->local[i]);
		put(&b, e[i].name, nl);
		if (zip64) {
			put16(&b, 1);
			put16(&b, 24);
			put64(&b, e[i].len);
			put64(&b, clen[i]);
			put64(&b, lay->local[i]);
		}
		free(comp[i]);
	}
	cd_size = b.len - lay->cd_off;
	if (zip64) {
		size_t rec = b.len;
		put32(&b, 0x06064b50);
		put64(&b, 44);
		put16(&b, 45);
		put16(&b, 45);
		put32(&b, 0);
		put32(&b, 0);
		put64(&b, n);
		put64(&b, n);
		put64(&b, cd_size);
		put64(&b, lay->cd_off);
		put32(&b, 0x07064b50);
		put32(&b, 0);
		put64(&b, rec);
		put32(&b, 1);
	}
	lay->eocd = b.len;
	put32(&b, 0x06054b50);
	put16(&b, 0);
	put16(&b, 0);
	put16(&b, zip64 ? 0xFFFF : (uint32_t)n);
	put16(&b, zip64 ? 0xFFFF : (uint32_t)n);
	put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)cd_size);
	put32(&b, zip64 ? 0xFFFFFFFFu : (uint32_t)lay->cd_off);
	put16(&b, (uint32_t)comment_len);
	put(&b, comment, comment_len);
	free(comp);
	free(clen);
	free(crc);
	*len = b.len;
	return b.p;
}

static const char OSV_A[] = "{\"id\": \"PYSEC-0000-1\", \"modified\": \"2024-01-01T00:00:00Z\", \"affected\": []}\n";
static const char OSV_B[] = "{\"id\": \"PYSEC-0000-2\", \"modified\": \"2024-01-02T00:00:00Z\"}\n";

/* Three entries: deflated, stored, empty. */
static unsigned char *tz_sample(bool zip64, bool descriptor, tz_layout *lay, size_t *len)
{
	tz_entry e[3] = {
		{ "PYSEC-0000-1.json", 0, OSV_A, sizeof(OSV_A) - 1, 8, descriptor },
		{ "PYSEC-0000-2.json", 0, OSV_B, sizeof(OSV_B) - 1, 0, descriptor },
		{ "empty.json", 0, "", 0, 8, descriptor },
	};
	return tz_build(e, 3, zip64, NULL, 0, lay, len);
}

/* Open, then read every entry; the first failure's code (0 when all read). */
static int zip_read_all(const unsigned char *data, size_t len)
{
	scan_zip *z = NULL;
	int rc = scan_zip__open(&z, data, len, "t.zip");

	for (size_t i = 0; !rc && i < scan_zip__count(z); i++) {
		char *out;
		size_t n;
		rc = scan_zip__read(z, i, SCAN_FEED_RECORD_MAX, &out, &n);
		if (!rc)
			free(out);
		else
			assert_null(out);
	}
	scan_zip__free(z);
	return rc;
}

/* Entry i of an open archive must hold exactly want. */
static void expect_entry(scan_zip *z, size_t i, const char *name, const char *want, size_t want_len)
{
	const char *got_name;
	uint64_t size;
	bool safe;
	char *out;
	size_t n;

	ok(scan_zip__entry(z, i, &got_name, &size, &safe));
	assert_string_equal(got_name, name);
	assert_true(safe);
	assert_int_equal(size, want_len);
	ok(scan_zip__read(z, i, SCAN_FEED_RECORD_MAX, &out, &n));
	assert_int_equal(n, want_len);
	assert_memory_equal(out, want, want_len);
	assert_int_equal(out[n], '\0');
	free(out);
}

/* ---- zip ---------------------------------------------------------------- */

static void test_zip_own_writer(void **state)
{
	static const bool modes[4][2] = { { false, false }, { true, false }, { false, true }, { true, true } };
	(void)state;

	for (size_t m = 0; m < 4; m++) {
		tz_layout lay;
		size_t len;
		unsigned char *data = tz_sample(modes[m][0], modes[m][1], &lay, &len);
		scan_zip *z = NULL;

		ok(scan_zip__open(&z, data, len, "t.zip"));
		assert_int_equal(scan_zip__count(z), 3);
		expect_entry(z, 0, "PYSEC-0000-1.json", OSV_A, sizeof(OSV_A) - 1);
		expect_entry(z, 1, "PYSEC-0000-2.json", OSV_B, sizeof(OSV_B) - 1);
		expect_entry(z, 2, "empty.json", "", 0);
		/* Reading twice is fine (and counts twice against the archive's total). */
		expect_entry(z, 0, "PYSEC-0000-1.json", OSV_A, sizeof(OSV_A) - 1);
		scan_zip__free(z);
		free(data);
	}
}

static void test_zip_python_fixtures(void **state)
{
	size_t len;
	unsigned char *data;
	scan_zip *z = NULL;
	(void)state;

	/* zipfile writing to an unseekable stream: data descriptors, stored and deflated, a comment. */
	data = read_file(FIXTURES "descriptor.zip", &len);
	ok(scan_zip__open(&z, data, len, "descriptor.zip"));
	assert_int_equal(scan_zip__count(z), 3);
	expect_entry(z, 0, "PYSEC-0000-1.json", OSV_A, sizeof(OSV_A) - 1);
	expect_entry(z, 1, "PYSEC-0000-2.json", OSV_B, sizeof(OSV_B) - 1);
	expect_entry(z, 2, "empty.json", "", 0);
	scan_zip__free(z);
	free(data);

	/* force_zip64: local headers with all-ones sizes and a zip64 extra field. */
	data = read_file(FIXTURES "zip64_local.zip", &len);
	ok(scan_zip__open(&z, data, len, "zip64_local.zip"));
	assert_int_equal(scan_zip__count(z), 2);
	expect_entry(z, 0, "PYSEC-0000-1.json", OSV_A, sizeof(OSV_A) - 1);
	expect_entry(z, 1, "PYSEC-0000-2.json", OSV_B, sizeof(OSV_B) - 1);
	scan_zip__free(z);
	free(data);
}

static void test_zip_empty_archive(void **state)
{
	tz_layout lay;
	size_t len;
	unsigned char *data = tz_build(NULL, 0, false, NULL, 0, &lay, &len);
	scan_zip *z = NULL;
	(void)state;

	assert_int_equal(len, 22);
	ok(scan_zip__open(&z, data, len, "empty.zip"));
	assert_int_equal(scan_zip__count(z), 0);
	scan_zip__free(z);
	scan_zip__free(NULL);
	free(data);
	expect_code(scan_zip__open(&z, (const unsigned char *)"", 0, "nothing.zip"), SCAN_EPARSE,
	            "nothing.zip: not a zip archive");
	assert_null(z);
	expect_code(scan_zip__open(&z, (const unsigned char *)OSV_A, sizeof(OSV_A) - 1, "x.zip"), SCAN_EPARSE,
	            "not a zip archive");
}

static void test_zip_slip_names(void **state)
{
	static const struct {
		const char *name;
		bool safe;
	} want[] = {
		{ "../../etc/passwd", false }, { "/abs", false },         { "a\\..\\b", false },      { "ok/PYSEC-0000-1.json", true },
		{ "C:/windows", false },       { "x/../../y", false },    { "..foo/bar..", true },
	};
	size_t len;
	unsigned char *data = read_file(FIXTURES "zipslip.zip", &len);
	scan_zip *z = NULL;
	(void)state;

	ok(scan_zip__open(&z, data, len, "zipslip.zip"));
	assert_int_equal(scan_zip__count(z), sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const char *name;
		uint64_t size;
		bool safe = !want[i].safe;
		ok(scan_zip__entry(z, i, &name, &size, &safe));
		assert_string_equal(name, want[i].name);
		if (safe != want[i].safe)
			fail_msg("'%s' should be %s", name, want[i].safe ? "safe" : "unsafe");
	}
	/* Flagged, not refused: the data is still there for an importer that wants it. */
	expect_entry(z, 3, "ok/PYSEC-0000-1.json", OSV_A, sizeof(OSV_A) - 1);
	scan_zip__free(z);
	free(data);

	/* NUL inside a name, an empty name, a bare "..": zipfile cannot write these. */
	{
		tz_entry e[4] = {
			{ "evil\0.json", 10, "x", 1, 0, false },
			{ "", 0, "y", 1, 0, false },
			{ "..", 0, "z", 1, 0, false },
			{ "a/b/./c.json", 0, "w", 1, 0, false },
		};
		static const bool safe_want[4] = { false, false, false, true };
		tz_layout lay;
		e[1].name_len = 0;
		data = tz_build(e, 4, false, NULL, 0, &lay, &len);
		ok(scan_zip__open(&z, data, len, "names.zip"));
		for (size_t i = 0; i < 4; i++) {
			bool safe;
			ok(scan_zip__entry(z, i, NULL, NULL, &safe));
			assert_int_equal(safe, safe_want[i]);
		}
		scan_zip__free(z);
		free(data);
	}
}

static void test_zip_comment(void **state)
{
	static const char comment[] = "PK\x05\x06 a fake end record in the comment";
	tz_layout lay;
	size_t len;
	unsigned char *data, *big;
	scan_zip *z = NULL;
	tz_entry e = { "a.json", 0, OSV_A, sizeof(OSV_A) - 1, 8, false };
	(void)state;

	data = tz_build(&e, 1, false, comment, sizeof(comment) - 1, &lay, &len);
	ok(scan_zip__open(&z, data, len, "c.zip"));
	expect_entry(z, 0, "a.json", OSV_A, sizeof(OSV_A) - 1);
	scan_zip__free(z);

	/* Bytes after the end record: its comment length no longer ends the data. */
	big = malloc(len + 70000);
	memcpy(big, data, len);
	memset(big + len, 'x', 70000);
	expect_code(scan_zip__open(&z, big, len + 5, "c.zip"), SCAN_EPARSE, "not a zip archive");
	/* ... and the search stops 64 KiB + 22 bytes from the end. */
	expect_code(scan_zip__open(&z, big, len + 70000, "c.zip"), SCAN_EPARSE, "not a zip archive");
	free(big);
	free(data);
}

static void test_zip_bomb(void **state)
{
	size_t big = (size_t)100 << 20, mid = (size_t)10 << 20, clen, len;
	unsigned char *zeros = calloc(1, big), *comp, *data;
	tz_layout lay;
	scan_zip *z = NULL;
	char *out;
	size_t n;
	double t0;
	(void)state;

	/* 100 MB of zeros deflate to ~100 KB: refused when the archive is opened. */
	{
		tz_entry e = { "bomb.json", 0, zeros, big, 8, false };
		data = tz_build(&e, 1, false, NULL, 0, &lay, &len);
		assert_true(len < 200000);
		t0 = th_cpu_seconds();
		expect_code(scan_zip__open(&z, data, len, "bomb.zip"), SCAN_ELIMIT, "bomb.json' inflates to 104857600 bytes");
		assert_null(z);
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
		free(data);
	}
	/* 10 MB (under the entry cap) at a ratio of ~1000: refused before inflating. */
	{
		tz_entry e[2] = { { "a.json", 0, OSV_A, sizeof(OSV_A) - 1, 8, false }, { "bomb.json", 0, zeros, mid, 8, false } };
		data = tz_build(e, 2, false, NULL, 0, &lay, &len);
		ok(scan_zip__open(&z, data, len, "bomb.zip"));
		t0 = th_cpu_seconds();
		expect_code(scan_zip__read(z, 1, SCAN_FEED_ZIP_ENTRY_MAX, &out, &n), SCAN_ELIMIT, "zip bomb");
		assert_null(out);
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
		expect_entry(z, 0, "a.json", OSV_A, sizeof(OSV_A) - 1);
		scan_zip__free(z);
		free(data);
	}
	/* The same stream recorded as 1000 bytes: inflation stops one byte past them. */
	comp = deflate_raw(zeros, mid, -15, 9, &clen);
	{
		/* Built stored (csize == usize == clen), then patched to deflate, 1000 bytes, their CRC. */
		tz_entry e = { "liar.json", 0, comp, clen, 0, false };
		data = tz_build(&e, 1, false, NULL, 0, &lay, &len);
		for (int k = 0; k < 2; k++) {
			unsigned char *h = data + (k ? lay.central[0] : lay.local[0]);
			wr16(h + (k ? 10 : 8), 8);
			wr32(h + (k ? 16 : 14), (uint32_t)crc32(0, zeros, 1000));
			wr32(h + (k ? 24 : 22), 1000);
		}
		ok(scan_zip__open(&z, data, len, "liar.zip"));
		t0 = th_cpu_seconds();
		expect_code(scan_zip__read(z, 0, SCAN_FEED_ZIP_ENTRY_MAX, &out, &n), SCAN_EPARSE,
		            "inflates past its recorded 1000 bytes");
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
		scan_zip__free(z);
		free(data);
	}
	/* Many entries that each claim 60 MB: over the archive's total before anything is read. */
	{
		static tz_entry e[TZ_MAX];
		static char names[TZ_MAX][16];
		for (size_t i = 0; i < 300; i++) {
			snprintf(names[i], sizeof(names[i]), "e%zu.json", i);
			e[i] = (tz_entry){ names[i], 0, "x", 1, 8, false };
		}
		data = tz_build(e, 300, false, NULL, 0, &lay, &len);
		for (size_t i = 0; i < 300; i++) {
			wr32(data + lay.central[i] + 24, 60u << 20);
			wr32(data + lay.local[i] + 22, 60u << 20);
		}
		expect_code(scan_zip__open(&z, data, len, "many.zip"), SCAN_ELIMIT, "in all");
		free(data);
	}
	free(comp);
	free(zeros);
}

static void test_zip_truncated(void **state)
{
	tz_layout lay;
	size_t len;
	unsigned char *data = tz_sample(false, false, &lay, &len), *copy;
	scan_zip *z = NULL;
	(void)state;

	/* Every cut of the end: an archive without its end record is not an archive. */
	for (size_t cut = 0; cut < len; cut++) {
		copy = malloc(cut ? cut : 1);
		memcpy(copy, data, cut);
		expect_code(scan_zip__open(&z, copy, cut, "cut.zip"), SCAN_EPARSE, NULL);
		free(copy);
	}
	/* The start cut off: every offset now points elsewhere. */
	for (size_t skip = 1; skip < lay.cd_off; skip++)
		assert_int_equal(zip_read_all(data + skip, len - skip), SCAN_EPARSE);
	/* An end record naming a central directory past the data (a download cut and re-ended). */
	wr32(data + lay.eocd + 16, (uint32_t)len);
	expect_code(scan_zip__open(&z, data, len, "t.zip"), SCAN_EPARSE, "central directory outside the data");
	free(data);
}

static void test_zip_bad_crc(void **state)
{
	tz_layout lay;
	size_t len, n;
	unsigned char *data;
	scan_zip *z = NULL;
	char *out;
	(void)state;

	/* CRC fields agree with each other but not with the data. */
	data = tz_sample(false, false, &lay, &len);
	for (size_t i = 0; i < 2; i++) {
		data[lay.central[i] + 16] ^= 1;
		data[lay.local[i] + 14] ^= 1;
	}
	ok(scan_zip__open(&z, data, len, "crc.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "'PYSEC-0000-1.json': bad CRC-32");
	assert_null(out);
	expect_code(scan_zip__read(z, 1, 1 << 20, &out, &n), SCAN_EPARSE, "bad CRC-32");
	scan_zip__free(z);
	free(data);

	/* A byte of stored data changed. */
	data = tz_sample(false, false, &lay, &len);
	data[lay.data[1] + 3] ^= 0x20;
	ok(scan_zip__open(&z, data, len, "crc.zip"));
	expect_code(scan_zip__read(z, 1, 1 << 20, &out, &n), SCAN_EPARSE, "bad CRC-32");
	scan_zip__free(z);
	free(data);

	/* Deflate data changed: a corrupt stream or a bad CRC, never a success. */
	for (size_t k = 0; k < lay.csize[0]; k++) {
		data = tz_sample(false, false, &lay, &len);
		data[lay.data[0] + k] ^= 0x55;
		ok(scan_zip__open(&z, data, len, "crc.zip"));
		assert_int_equal(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE);
		scan_zip__free(z);
		free(data);
	}
}

static void test_zip_out_of_bounds(void **state)
{
	tz_layout lay;
	size_t len;
	unsigned char *data;
	scan_zip *z = NULL;
	(void)state;

	/* Two central entries naming one local header: the overlapping-files bomb. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[1] + 42, (uint32_t)lay.local[0]);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "overlap");
	free(data);

	/* An entry whose data runs into the next one. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[0] + 20, (uint32_t)lay.csize[0] + 10);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "overlap");
	free(data);

	/* Compressed size past the data. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[2] + 20, 0x7FFFFFFF);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "'empty.json' lies outside the data");
	free(data);

	/* Local header offset past the data, or inside the central directory. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[1] + 42, 0xFFFFFF00u);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "lies outside the data");
	wr32(data + lay.central[1] + 42, (uint32_t)lay.central[0]);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "outside the data");
	wr32(data + lay.central[1] + 42, (uint32_t)lay.data[0]);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "no local header");
	free(data);

	/* A name running past the central directory. */
	data = tz_sample(false, false, &lay, &len);
	wr16(data + lay.central[2] + 28, 0xFFFF);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "runs past the directory");
	free(data);

	/* zip64: an end record pointing outside the data, an extra field too short. */
	data = tz_sample(true, false, &lay, &len);
	wr64(data + lay.eocd - 20 + 8, (uint64_t)1 << 40);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "zip64 end record outside the data");
	free(data);
	data = tz_sample(true, false, &lay, &len);
	/* the zip64 field holds one value where three are all ones */
	wr16(data + lay.central[0] + 46 + 17 + 2, 8);
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, NULL);
	free(data);
	data = tz_sample(true, false, &lay, &len);
	wr64(data + lay.central[1] + 46 + 17 + 4 + 16, (uint64_t)1 << 50); /* local offset in the extra */
	expect_code(scan_zip__open(&z, data, len, "o.zip"), SCAN_EPARSE, "lies outside the data");
	free(data);
}

static void test_zip_too_many_entries(void **state)
{
	tz_layout lay;
	size_t len;
	unsigned char *data;
	scan_zip *z = NULL;
	double t0 = th_cpu_seconds();
	(void)state;

	/* A zip64 end record claiming 3 million entries. */
	data = tz_sample(true, false, &lay, &len);
	{
		unsigned char *rec = data + lay.eocd - 20 - 56;
		wr64(rec + 24, 3000000);
		wr64(rec + 32, 3000000);
	}
	expect_code(scan_zip__open(&z, data, len, "many.zip"), SCAN_ELIMIT, "more than 2000000 entries");
	free(data);

	/* 60000 entries claimed by a central directory that holds three. */
	data = tz_sample(false, false, &lay, &len);
	wr16(data + lay.eocd + 8, 60000);
	wr16(data + lay.eocd + 10, 60000);
	expect_code(scan_zip__open(&z, data, len, "many.zip"), SCAN_EPARSE, "too small for 60000 entries");
	/* Two claimed, three present: the third would be hidden from us but not from unzip. */
	wr16(data + lay.eocd + 8, 2);
	wr16(data + lay.eocd + 10, 2);
	expect_code(scan_zip__open(&z, data, len, "many.zip"), SCAN_EPARSE, "holds more than its 2 entries");
	/* Multi-disk. */
	wr16(data + lay.eocd + 10, 3);
	expect_code(scan_zip__open(&z, data, len, "many.zip"), SCAN_EPARSE, "multi-disk");
	free(data);
	assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
}

static void test_zip_refusals(void **state)
{
	tz_layout lay;
	size_t len, n;
	unsigned char *data;
	scan_zip *z = NULL;
	char *out;
	(void)state;

	/* Encrypted (traditional PKWARE flag, and WinZip AES as method 99). */
	data = tz_sample(false, false, &lay, &len);
	wr16(data + lay.central[1] + 8, 1);
	expect_code(scan_zip__open(&z, data, len, "enc.zip"), SCAN_EPARSE, "'PYSEC-0000-2.json' is encrypted");
	wr16(data + lay.central[1] + 8, 0);
	wr16(data + lay.central[1] + 10, 99);
	expect_code(scan_zip__open(&z, data, len, "enc.zip"), SCAN_EPARSE, "is encrypted");
	free(data);

	/* A method other than stored and deflate (12: bzip2). */
	data = tz_sample(false, false, &lay, &len);
	wr16(data + lay.central[0] + 10, 12);
	wr16(data + lay.local[0] + 8, 12);
	ok(scan_zip__open(&z, data, len, "m.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "compression method 12 is not supported");
	expect_entry(z, 1, "PYSEC-0000-2.json", OSV_B, sizeof(OSV_B) - 1);
	scan_zip__free(z);
	free(data);

	/* The local header names another file than the central directory. */
	data = tz_sample(false, false, &lay, &len);
	data[lay.local[0] + 30] = 'Q';
	ok(scan_zip__open(&z, data, len, "l.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "local header differs");
	scan_zip__free(z);
	free(data);

	/* The local header's size disagrees. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.local[0] + 22, 5);
	ok(scan_zip__open(&z, data, len, "l.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "local header sizes or CRC differ");
	scan_zip__free(z);
	free(data);

	/* A deflate stream that ends short of its recorded size. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[0] + 24, sizeof(OSV_A) - 1 + 5);
	wr32(data + lay.local[0] + 22, sizeof(OSV_A) - 1 + 5);
	ok(scan_zip__open(&z, data, len, "l.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "inflates to 75 bytes, not its recorded 80");
	scan_zip__free(z);
	free(data);

	/* A data descriptor that disagrees with the central directory. */
	data = tz_sample(false, true, &lay, &len);
	wr32(data + lay.descriptor[0] + 4, 0x12345678);
	ok(scan_zip__open(&z, data, len, "d.zip"));
	expect_code(scan_zip__read(z, 0, 1 << 20, &out, &n), SCAN_EPARSE, "data descriptor differs");
	expect_entry(z, 1, "PYSEC-0000-2.json", OSV_B, sizeof(OSV_B) - 1);
	scan_zip__free(z);
	free(data);

	/* The caller's cap. */
	data = tz_sample(false, false, &lay, &len);
	ok(scan_zip__open(&z, data, len, "cap.zip"));
	expect_code(scan_zip__read(z, 0, 10, &out, &n), SCAN_ELIMIT, "more than 10");
	assert_null(out);
	assert_int_equal(n, 0);
	scan_zip__free(z);
	free(data);

	/* A stored entry with two sizes. */
	data = tz_sample(false, false, &lay, &len);
	wr32(data + lay.central[1] + 24, 3);
	expect_code(scan_zip__open(&z, data, len, "s.zip"), SCAN_EPARSE, "has two sizes");
	free(data);

	/* all-ones markers without a zip64 end record */
	data = tz_sample(false, false, &lay, &len);
	wr16(data + lay.eocd + 8, 0xFFFF);
	wr16(data + lay.eocd + 10, 0xFFFF);
	expect_code(scan_zip__open(&z, data, len, "s.zip"), SCAN_EPARSE, "zip64 end record missing");
	free(data);
}

/* Random damage to a small archive: only documented codes, nothing else (ASan watches). */
static void test_zip_mutations(void **state)
{
	uint32_t seed = 12345;
	(void)state;

	for (int round = 0; round < 4000; round++) {
		tz_layout lay;
		size_t len;
		unsigned char *data = tz_sample(round & 1, (round >> 1) & 1, &lay, &len);
		int flips = 1 + round % 4, rc;

		for (int k = 0; k < flips; k++) {
			seed = seed * 1103515245u + 12345u;
			data[(seed >> 8) % len] ^= (unsigned char)(1u << ((seed >> 4) & 7));
		}
		rc = zip_read_all(data, len);
		if (rc != 0 && rc != SCAN_EPARSE && rc != SCAN_ELIMIT)
			fail_msg("round %d: unexpected code %d: %s", round, rc, scan_error_last()->message);
		free(data);
	}
}

/* ---- OSV: the real exports ---------------------------------------------- */

typedef struct {
	size_t records, affected, ranges, events, versions, aliases, references, severity, withdrawn, git, purls,
	       summaries;
} osv_totals;

static const scan_osv_record *find_record(scan_osv_record *recs, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (recs[i].id && !strcmp(recs[i].id, id))
			return &recs[i];
	fail_msg("no record %s", id);
	return NULL;
}

/* Read and parse every entry of an export; the records are the caller's (dispose each, free). */
static scan_osv_record *read_export(const char *rel, const char *label, size_t want, osv_totals *t)
{
	size_t len;
	unsigned char *data = read_shared(rel, &len);
	scan_zip *z = NULL;
	scan_osv_record *recs;
	char origin[256];

	ok(scan_zip__open(&z, data, len, label));
	assert_int_equal(scan_zip__count(z), want);
	recs = calloc(want, sizeof(*recs));
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < want; i++) {
		const char *name;
		uint64_t size;
		bool safe;
		char *text;
		size_t n;
		scan_osv_record *r = &recs[i];

		ok(scan_zip__entry(z, i, &name, &size, &safe));
		assert_true(safe);
		ok(scan_zip__read(z, i, SCAN_FEED_RECORD_MAX, &text, &n));
		assert_int_equal(n, size);
		snprintf(origin, sizeof(origin), "%s:%s", label, name);
		ok(scan_osv__parse(r, text, n, origin));
		free(text);
		/* <ID>.json */
		assert_int_equal(strlen(name), strlen(r->id) + 5);
		assert_memory_equal(name, r->id, strlen(r->id));
		assert_non_null(r->modified);
		t->records++;
		t->affected += r->naffected;
		t->aliases += r->naliases;
		t->references += r->nreferences;
		t->severity += r->nseverity;
		t->withdrawn += r->withdrawn != NULL;
		t->summaries += r->summary != NULL;
		for (size_t a = 0; a < r->naffected; a++) {
			const scan_osv_affected *af = &r->affected[a];
			assert_non_null(af->ecosystem);
			assert_non_null(af->name);
			t->versions += af->nversions;
			t->purls += af->purl != NULL;
			t->ranges += af->nranges;
			for (size_t k = 0; k < af->nranges; k++) {
				t->events += af->ranges[k].nevents;
				t->git += af->ranges[k].type == SCAN_OSV_RANGE_GIT;
			}
		}
	}
	scan_zip__free(z);
	free(data);
	return recs;
}

static void expect_event(const scan_osv_range *r, size_t i, scan_osv_event_kind kind, const char *version)
{
	assert_true(i < r->nevents);
	assert_int_equal(r->events[i].kind, kind);
	assert_string_equal(r->events[i].version, version);
}

static void test_osv_pypi_export(void **state)
{
	osv_totals t;
	scan_osv_record *recs = read_export("osv/PyPI/all.zip", "PyPI/all.zip", 2661, &t);
	const scan_osv_record *r;
	const scan_osv_affected *a;
	(void)state;

	/* Totals counted independently from the JSON (python3's json module). */
	assert_int_equal(t.records, 2661);
	assert_int_equal(t.affected, 2661);
	assert_int_equal(t.ranges, 4050);
	assert_int_equal(t.git, 1391);
	assert_int_equal(t.events, 13005);
	assert_int_equal(t.versions, 140847);
	assert_int_equal(t.aliases, 4475);
	assert_int_equal(t.references, 10315);
	assert_int_equal(t.severity, 202);
	assert_int_equal(t.withdrawn, 10);
	assert_int_equal(t.purls, 2661);
	assert_int_equal(t.summaries, 2);

	r = find_record(recs, 2661, "PYSEC-2021-59");
	assert_string_equal(r->modified, "2021-03-23T16:47:00Z");
	assert_string_equal(r->published, "2021-03-15T18:15:00Z");
	assert_null(r->withdrawn);
	assert_null(r->summary);
	assert_non_null(strstr(r->details, "urllib3 library 1.26.x before 1.26.4"));
	assert_int_equal(r->naliases, 2);
	assert_string_equal(r->aliases[0], "CVE-2021-28363");
	assert_string_equal(r->aliases[1], "GHSA-5phf-pp7p-vc2r");
	assert_int_equal(r->naffected, 1);
	a = &r->affected[0];
	assert_string_equal(a->ecosystem, "PyPI");
	assert_string_equal(a->name, "urllib3");
	assert_string_equal(a->purl, "pkg:pypi/urllib3");
	assert_null(a->severity);
	assert_int_equal(a->nranges, 2);
	assert_int_equal(a->ranges[0].type, SCAN_OSV_RANGE_GIT);
	assert_int_equal(a->ranges[0].nevents, 2);
	expect_event(&a->ranges[0], 0, SCAN_OSV_INTRODUCED, "0");
	expect_event(&a->ranges[0], 1, SCAN_OSV_FIXED, "8d65ea1ecf6e2cdc27d42124e587c1b83a3118b0");
	assert_int_equal(a->ranges[1].type, SCAN_OSV_RANGE_ECOSYSTEM);
	assert_int_equal(a->ranges[1].nevents, 2);
	expect_event(&a->ranges[1], 0, SCAN_OSV_INTRODUCED, "1.26.0");
	expect_event(&a->ranges[1], 1, SCAN_OSV_FIXED, "1.26.4");
	assert_int_equal(a->nversions, 4);
	assert_string_equal(a->versions[0], "1.26.0");
	assert_string_equal(a->versions[3], "1.26.3");
	assert_int_equal(r->nreferences, 4);
	assert_string_equal(r->references[0], "https://github.com/urllib3/urllib3/commits/main");
	assert_string_equal(r->references[3], "https://github.com/urllib3/urllib3/security/advisories/GHSA-5phf-pp7p-vc2r");
	assert_int_equal(r->nseverity, 0);
	assert_null(r->db_severity);
	assert_int_equal(r->ncwes, 0);

	/* One of the seven abbreviated commit hashes the current schema rejects. */
	r = find_record(recs, 2661, "PYSEC-2019-155");
	a = &r->affected[0];
	assert_string_equal(a->name, "python-dbusmock");
	assert_int_equal(a->ranges[0].type, SCAN_OSV_RANGE_GIT);
	expect_event(&a->ranges[0], 1, SCAN_OSV_FIXED, "4e7d0df9093");
	expect_event(&a->ranges[1], 1, SCAN_OSV_FIXED, "0.15.1");
	assert_int_equal(a->nversions, 38);
	r = find_record(recs, 2661, "PYSEC-2017-27");
	assert_non_null(strstr(r->affected[0].ranges[0].events[1].version, ".patch"));

	r = find_record(recs, 2661, "PYSEC-2017-105");
	assert_int_equal(r->nseverity, 1);
	assert_string_equal(r->severity[0].type, "CVSS_V3");
	assert_string_equal(r->severity[0].score, "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N");
	assert_string_equal(r->aliases[0], "CVE-2016-8752");

	r = find_record(recs, 2661, "PYSEC-2022-42969");
	expect_event(&r->affected[0].ranges[0], 0, SCAN_OSV_INTRODUCED, "0");
	expect_event(&r->affected[0].ranges[0], 1, SCAN_OSV_LAST_AFFECTED, "1.11.0");

	r = find_record(recs, 2661, "PYSEC-2019-144");
	assert_string_equal(r->withdrawn, "2022-09-09T05:28:00Z");

	for (size_t i = 0; i < 2661; i++)
		scan_osv__dispose(&recs[i]);
	free(recs);
}

static void test_osv_go_export(void **state)
{
	osv_totals t;
	scan_osv_record *recs = read_export("osv/Go/all.zip", "Go/all.zip", 4291, &t);
	const scan_osv_record *r;
	const scan_osv_affected *a;
	(void)state;

	assert_int_equal(t.records, 4291);
	assert_int_equal(t.affected, 6125);
	assert_int_equal(t.ranges, 6125);
	assert_int_equal(t.git, 0);
	assert_int_equal(t.events, 12888);
	assert_int_equal(t.versions, 0);
	assert_int_equal(t.aliases, 7965);
	assert_int_equal(t.references, 15734);
	assert_int_equal(t.severity, 0);
	assert_int_equal(t.withdrawn, 17);
	assert_int_equal(t.purls, 0);
	assert_int_equal(t.summaries, 4291);

	r = find_record(recs, 4291, "GO-2022-0969");
	assert_string_equal(r->modified, "0001-01-01T00:00:00Z");
	assert_string_equal(r->published, "2022-09-12T20:23:06Z");
	assert_string_equal(r->summary, "Denial of service in net/http and golang.org/x/net/http2");
	assert_int_equal(r->naliases, 2);
	assert_string_equal(r->aliases[0], "CVE-2022-27664");
	assert_string_equal(r->aliases[1], "GHSA-69cg-p879-7622");
	assert_int_equal(r->naffected, 2);
	a = &r->affected[0];
	assert_string_equal(a->ecosystem, "Go");
	assert_string_equal(a->name, "stdlib");
	assert_null(a->purl);
	assert_null(a->severity);
	assert_int_equal(a->nversions, 0);
	assert_int_equal(a->nranges, 1);
	assert_int_equal(a->ranges[0].type, SCAN_OSV_RANGE_SEMVER);
	assert_int_equal(a->ranges[0].nevents, 4);
	expect_event(&a->ranges[0], 0, SCAN_OSV_INTRODUCED, "0");
	expect_event(&a->ranges[0], 1, SCAN_OSV_FIXED, "1.18.6");
	expect_event(&a->ranges[0], 2, SCAN_OSV_INTRODUCED, "1.19.0-0");
	expect_event(&a->ranges[0], 3, SCAN_OSV_FIXED, "1.19.1");
	a = &r->affected[1];
	assert_string_equal(a->name, "golang.org/x/net");
	assert_int_equal(a->ranges[0].type, SCAN_OSV_RANGE_SEMVER);
	assert_int_equal(a->ranges[0].nevents, 2);
	expect_event(&a->ranges[0], 1, SCAN_OSV_FIXED, "0.0.0-20220906165146-f3363e06e74c");
	assert_int_equal(r->nreferences, 3);
	assert_string_equal(r->references[2], "https://go.dev/cl/428735");
	/* database_specific holds url and review_status: no severity, no CWEs. */
	assert_null(r->db_severity);
	assert_int_equal(r->ncwes, 0);

	for (size_t i = 0; i < 4291; i++)
		scan_osv__dispose(&recs[i]);
	free(recs);
}

/* ---- OSV: fixtures and hostile records ----------------------------------- */

static void test_osv_ghsa(void **state)
{
	size_t len;
	char *text = (char *)read_file(FIXTURES "osv/GHSA-jfh8-c2jp-5v3q.json", &len);
	scan_osv_record r;
	const scan_osv_affected *a;
	(void)state;

	ok(scan_osv__parse(&r, text, len, "GHSA-jfh8-c2jp-5v3q.json"));
	assert_string_equal(r.id, "GHSA-jfh8-c2jp-5v3q");
	assert_string_equal(r.summary, "Remote code injection in Log4j");
	assert_int_equal(r.nseverity, 2);
	assert_string_equal(r.severity[1].type, "CVSS_V4");
	assert_string_equal(r.severity[0].score, "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H");
	assert_string_equal(r.db_severity, "CRITICAL");
	assert_int_equal(r.ncwes, 4);
	assert_string_equal(r.cwes[0], "CWE-20");
	assert_string_equal(r.cwes[3], "CWE-917");
	assert_int_equal(r.naffected, 3);
	a = &r.affected[0];
	assert_string_equal(a->ecosystem, "Maven");
	assert_string_equal(a->name, "org.apache.logging.log4j:log4j-core");
	assert_null(a->severity); /* database_specific without a severity */
	expect_event(&a->ranges[0], 0, SCAN_OSV_INTRODUCED, "2.13.0");
	a = &r.affected[2];
	assert_string_equal(a->purl, "pkg:maven/org.ops4j.pax.logging/pax-logging-log4j2");
	assert_string_equal(a->severity, "CRITICAL"); /* ecosystem_specific before database_specific */
	expect_event(&a->ranges[0], 1, SCAN_OSV_LAST_AFFECTED, "1.11.9");
	expect_event(&a->ranges[0], 3, SCAN_OSV_LIMIT, "1.10.8");
	assert_int_equal(a->nversions, 2);
	scan_osv__dispose(&r);
	scan_osv__dispose(&r); /* twice is harmless */
	free(text);
}

static int osv_str(scan_osv_record *r, const char *s)
{
	return scan_osv__parse(r, s, strlen(s), "t.json");
}

static void test_osv_tolerant(void **state)
{
	scan_osv_record r;
	(void)state;

	/* Unknown fields anywhere, nulls for absent optional fields, a BOM. */
	ok(osv_str(&r, "\xEF\xBB\xBF{\"id\":\"RUSTSEC-2021-0001\",\"future_field\":{\"x\":[1,2]},\"aliases\":null,"
	               "\"summary\":null,\"references\":[{\"type\":\"WEB\",\"url\":\"https://x\"}],"
	               "\"affected\":[{\"package\":{\"ecosystem\":\"crates.io\",\"name\":\"x\",\"extra\":1},"
	               "\"ranges\":[{\"type\":\"SEMVER\",\"events\":[{\"introduced\":\"0\"}],\"database_specific\":{}}],"
	               "\"versions\":null,\"ecosystem_specific\":{\"severity\":3},"
	               "\"database_specific\":{\"severity\":\"low\"}}],"
	               "\"database_specific\":{\"severity\":[\"HIGH\"],\"cwe_ids\":[\"CWE-1\",7,\"CWE-2\"]}}"));
	assert_string_equal(r.id, "RUSTSEC-2021-0001");
	assert_int_equal(r.naliases, 0);
	assert_null(r.summary);
	assert_null(r.modified);
	assert_int_equal(r.nreferences, 1);
	assert_string_equal(r.affected[0].severity, "low"); /* a number in ecosystem_specific is skipped */
	assert_null(r.db_severity);                         /* free-form: an array is ignored */
	assert_int_equal(r.ncwes, 2);
	assert_string_equal(r.cwes[1], "CWE-2");
	scan_osv__dispose(&r);

	/* A withdrawn record without affected[]; ids with a colon (AlmaLinux) or dots. */
	ok(osv_str(&r, "{\"id\":\"ALSA-2023:1234\",\"withdrawn\":\"2024-01-01T00:00:00Z\"}"));
	assert_int_equal(r.naffected, 0);
	assert_string_equal(r.withdrawn, "2024-01-01T00:00:00Z");
	scan_osv__dispose(&r);
	ok(osv_str(&r, "{\"id\":\"openSUSE-SU-2024:0001-1\",\"cwe\":1,\"database_specific\":\"free\"}\n\n"));
	scan_osv__dispose(&r);
	/* A severity without a score, a reference without a url: skipped, the rest kept. */
	ok(osv_str(&r, "{\"id\":\"A-1\",\"severity\":[{\"type\":\"CVSS_V3\"},{\"type\":\"Ubuntu\",\"score\":\"medium\"}],"
	               "\"references\":[\"https://x\",{\"type\":\"WEB\"},{\"url\":\"https://y\"}]}"));
	assert_int_equal(r.nseverity, 1);
	assert_string_equal(r.severity[0].type, "Ubuntu");
	assert_string_equal(r.severity[0].score, "medium");
	assert_int_equal(r.nreferences, 1);
	assert_string_equal(r.references[0], "https://y");
	scan_osv__dispose(&r);
	/* GIT ranges keep whatever the publisher wrote. */
	ok(osv_str(&r, "{\"id\":\"OSV-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"p\"},"
	               "\"ranges\":[{\"type\":\"GIT\",\"repo\":\"https://x\",\"events\":[{\"introduced\":\"0\"},"
	               "{\"fixed\":\"02339dfda0f3caabad142060d511d10bfe93c520.\"}]}]}]}"));
	expect_event(&r.affected[0].ranges[0], 1, SCAN_OSV_FIXED, "02339dfda0f3caabad142060d511d10bfe93c520.");
	scan_osv__dispose(&r);
}

static void test_osv_hostile(void **state)
{
	static const struct {
		const char *json;
		int code;
		const char *want;
	} cases[] = {
		{ "", SCAN_EPARSE, "t.json: line 1: not valid JSON" },
		{ "not json", SCAN_EPARSE, "not valid JSON" },
		{ "{\"id\": \"A-1\",\n\"x\": }", SCAN_EPARSE, "line 2: not valid JSON" },
		{ "{\"id\":\"A-1\"} {\"id\":\"A-2\"}", SCAN_EPARSE, "data after the JSON document" },
		{ "[]", SCAN_EPARSE, "an OSV record is a JSON object" },
		{ "{}", SCAN_EPARSE, "no id" },
		{ "{\"id\":7}", SCAN_EPARSE, "no id" },
		{ "{\"id\":\"\"}", SCAN_EPARSE, "id is empty" },
		{ "{\"id\":\"../../etc/passwd\"}", SCAN_EPARSE, "outside [A-Za-z0-9._:-]" },
		{ "{\"id\":\"A B\"}", SCAN_EPARSE, "outside" },
		{ "{\"id\":\"PYSEC-1\\u0000x\"}", SCAN_EPARSE, "NUL character in a JSON string" },
		{ "{\"id\":\"A-1\",\"id\":\"A-2\"}", SCAN_EPARSE, "duplicate key 'id'" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\",\"name\":\"b\"}}]}",
		  SCAN_EPARSE, "duplicate key 'name'" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"ECOSYSTEM\",\"events\":[{\"introduced\":\"0\",\"introduced\":\"1\"}]}]}]}",
		  SCAN_EPARSE, "duplicate key 'introduced'" },
		{ "{\"id\":\"A-1\",\"modified\":5}", SCAN_EPARSE, "modified is not a string" },
		{ "{\"id\":\"A-1\",\"aliases\":\"CVE-1\"}", SCAN_EPARSE, "aliases is not an array" },
		{ "{\"id\":\"A-1\",\"aliases\":[\"CVE-1\",2]}", SCAN_EPARSE, "aliases[1] is not a string" },
		{ "{\"id\":\"A-1\",\"severity\":{\"type\":\"CVSS_V3\"}}", SCAN_EPARSE, "severity is not an array" },
		{ "{\"id\":\"A-1\",\"references\":\"https://x\"}", SCAN_EPARSE, "references is not an array" },
		{ "{\"id\":\"A-1\",\"affected\":{}}", SCAN_EPARSE, "affected is not an array" },
		{ "{\"id\":\"A-1\",\"affected\":[7]}", SCAN_EPARSE, "affected[0] is not an object" },
		{ "{\"id\":\"A-1\",\"affected\":[{}]}", SCAN_EPARSE, "affected[0] has no package" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"name\":\"a\"}}]}", SCAN_EPARSE, "has no ecosystem" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"\"}}]}", SCAN_EPARSE,
		  "has no name" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\",\"purl\":1}}]}",
		  SCAN_EPARSE, "affected[0].package.purl is not a string" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[]}]}]}", SCAN_EPARSE, "affected[0].ranges[0] has no events" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"CALVER\",\"events\":[{\"introduced\":\"0\"}]}]}]}", SCAN_EPARSE, "unknown range type 'CALVER'" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[{\"introduced\":\"0\",\"fixed\":\"1\"}]}]}]}", SCAN_EPARSE,
		  "events[0] is not an object with one member" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[{\"introduced\":\"0\"},{\"patched\":\"1\"}]}]}]}", SCAN_EPARSE,
		  "events[1]: unknown event 'patched'" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[{\"fixed\":1.2}]}]}]}", SCAN_EPARSE, "events[0].fixed is not a non-empty string" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[{\"fixed\":\"\"}]}]}]}", SCAN_EPARSE, "is not a non-empty string" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"type\":"
		  "\"SEMVER\",\"events\":[{}]}]}]}", SCAN_EPARSE, "is not an object with one member" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"ranges\":[{\"events\":"
		  "[{\"introduced\":\"0\"}]}]}]}", SCAN_EPARSE, "ranges[0] has no type" },
		{ "{\"id\":\"A-1\",\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"a\"},\"versions\":[1]}]}",
		  SCAN_EPARSE, "affected[0].versions[0] is not a string" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_osv_record r;
		int rc = osv_str(&r, cases[i].json);
		if (rc != cases[i].code)
			fail_msg("case %zu: expected %d, got %d: %s", i, cases[i].code, rc, scan_error_last()->message);
		expect_code(rc, cases[i].code, cases[i].want);
		assert_null(r.id);
		assert_int_equal(r.naffected, 0);
		scan_osv__dispose(&r);
	}
	{
		/* A raw NUL byte. */
		scan_osv_record r;
		static const char nul[] = "{\"id\":\"A-1\0\"}";
		expect_code(scan_osv__parse(&r, nul, sizeof(nul) - 1, "t.json"), SCAN_EPARSE, "NUL byte");
		scan_osv__dispose(&r);
	}
}

static void test_osv_limits(void **state)
{
	size_t n = (size_t)1 << 20;
	char *s = malloc(SCAN_FEED_RECORD_MAX + 16);
	scan_osv_record r;
	double t0;
	(void)state;

	/* Deep nesting, far past cJSON's own recursion: refused before cJSON runs. */
	memset(s, '[', n);
	t0 = th_cpu_seconds();
	expect_code(scan_osv__parse(&r, s, n, "deep.json"), SCAN_ELIMIT, "nested deeper than 64");
	scan_osv__dispose(&r);
	memcpy(s, "{\"id\":\"A-1\",\"x\":", 16);
	memset(s + 16, '{', 100);
	expect_code(scan_osv__parse(&r, s, 116, "deep.json"), SCAN_ELIMIT, "nested deeper");
	scan_osv__dispose(&r);
	assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);

	/* Over the record cap. */
	memset(s, ' ', SCAN_FEED_RECORD_MAX + 1);
	expect_code(scan_osv__parse(&r, s, SCAN_FEED_RECORD_MAX + 1, "big.json"), SCAN_ELIMIT, "larger than");
	scan_osv__dispose(&r);

	/* Millions of tiny values inside the cap. */
	{
		size_t len = 0;
		memcpy(s, "{\"id\":\"A-1\",\"x\":[", 17);
		len = 17;
		while (len < 3000000) {
			s[len++] = '0';
			s[len++] = ',';
		}
		s[len++] = '0';
		s[len++] = ']';
		s[len++] = '}';
		t0 = th_cpu_seconds();
		expect_code(scan_osv__parse(&r, s, len, "wide.json"), SCAN_ELIMIT, "JSON values");
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
		scan_osv__dispose(&r);
	}
	/* Many keys in one object (the sorted duplicate check), still fine. */
	{
		size_t len = 0;
		len += (size_t)snprintf(s + len, 64, "{\"id\":\"A-1\"");
		for (int i = 0; i < 20000; i++)
			len += (size_t)snprintf(s + len, 64, ",\"k%d\":%d", i, i);
		s[len++] = '}';
		ok(scan_osv__parse(&r, s, len, "keys.json"));
		scan_osv__dispose(&r);
		memcpy(s + len - 1, ",\"k777\":1}", 10);
		expect_code(scan_osv__parse(&r, s, len + 9, "keys.json"), SCAN_EPARSE, "duplicate key 'k777'");
		scan_osv__dispose(&r);
	}
	/*
	 * Range events: SCAN_OSV_EVENTS_MAX in one record, over all its ranges and
	 * packages, are taken; one more is refused whole (ELIMIT, which an import
	 * counts as a malformed record), whichever range it falls in.
	 */
	for (int extra = 0; extra <= 1; extra++) {
		size_t len = (size_t)snprintf(s, 128, "{\"id\":\"A-1\",\"affected\":[");
		int total = SCAN_OSV_EVENTS_MAX + extra, done = 0;
		for (int a = 0; done < total; a++) {
			int here = a == 0 ? 24 : total - done; /* two packages, the second over the line */
			len += (size_t)snprintf(s + len, 128, "%s{\"package\":{\"ecosystem\":\"npm\",\"name\":\"p\"},"
			                        "\"ranges\":[{\"type\":\"SEMVER\",\"events\":[", a ? "," : "");
			for (int e = 0; e < here; e++)
				len += (size_t)snprintf(s + len, 64, "%s{\"%s\":\"%d.0.0\"}", e ? "," : "",
				                        e % 2 ? "fixed" : "introduced", done + e);
			len += (size_t)snprintf(s + len, 16, "]}]}");
			done += here;
		}
		len += (size_t)snprintf(s + len, 16, "]}");
		if (extra)
			expect_code(scan_osv__parse(&r, s, len, "events.json"), SCAN_ELIMIT, "more than 1024 range events");
		else
			ok(scan_osv__parse(&r, s, len, "events.json"));
		scan_osv__dispose(&r);
	}
	free(s);
}

/* ---- KEV ---------------------------------------------------------------- */

static void test_kev_real(void **state)
{
	size_t len, ransom = 0;
	char *text = (char *)read_shared("kev/known_exploited_vulnerabilities.json", &len);
	scan_kev_catalog cat;
	const scan_kev_entry *log4shell = NULL;
	(void)state;

	ok(scan_kev__parse(&cat, text, len, "known_exploited_vulnerabilities.json"));
	assert_int_equal(cat.count, 1404);
	assert_string_equal(cat.catalog_version, "2025.08.25");
	assert_string_equal(cat.date_released, "2025-08-25T17:04:19.9796Z");
	assert_string_equal(cat.entries[0].cve, "CVE-2025-48384");
	assert_string_equal(cat.entries[0].vendor, "Git");
	for (size_t i = 0; i < cat.count; i++) {
		ransom += cat.entries[i].ransomware;
		if (!strcmp(cat.entries[i].cve, "CVE-2021-44228"))
			log4shell = &cat.entries[i];
	}
	assert_int_equal(ransom, 293);
	assert_non_null(log4shell);
	assert_string_equal(log4shell->vendor, "Apache");
	assert_string_equal(log4shell->product, "Log4j2");
	assert_string_equal(log4shell->name, "Apache Log4j2 Remote Code Execution Vulnerability");
	assert_string_equal(log4shell->date_added, "2021-12-10");
	assert_string_equal(log4shell->due_date, "2021-12-24");
	assert_true(log4shell->ransomware);
	scan_kev__dispose(&cat);
	free(text);
}

#define KEV_ENTRY(cve, added, ransom) \
	"{\"cveID\":\"" cve "\",\"vendorProject\":\"V\",\"product\":\"P\",\"vulnerabilityName\":\"N\"," \
	"\"dateAdded\":\"" added "\",\"shortDescription\":\"d\",\"requiredAction\":\"a\",\"dueDate\":\"2024-02-01\"" ransom "}"
#define KEV_DOC(count, entries) \
	"{\"title\":\"t\",\"catalogVersion\":\"2024.01.01\",\"dateReleased\":\"2024-01-01T00:00:00.000Z\"" count \
	",\"vulnerabilities\":[" entries "]}"

static void test_kev_shapes(void **state)
{
	static const struct {
		const char *json;
		int code;
		const char *want;
	} cases[] = {
		{ KEV_DOC(",\"count\":2", KEV_ENTRY("CVE-2024-1234", "2024-01-01", "") "," KEV_ENTRY("CVE-2024-1234567",
		  "2024-01-02", ",\"knownRansomwareCampaignUse\":\"Known\"")), 0, NULL },
		{ KEV_DOC("", ""), 0, NULL },
		{ KEV_DOC(",\"count\":3", KEV_ENTRY("CVE-2024-1234", "2024-01-01", "")), SCAN_EPARSE,
		  "count does not match the 1 vulnerabilities" },
		{ KEV_DOC("", KEV_ENTRY("CVE-24-1234", "2024-01-01", "")), SCAN_EPARSE, "'CVE-24-1234' is not a CVE id" },
		{ KEV_DOC("", KEV_ENTRY("CVE-2024-123", "2024-01-01", "")), SCAN_EPARSE, "is not a CVE id" },
		{ KEV_DOC("", KEV_ENTRY("CVE-2024-1234", "2024-13-01", "")), SCAN_EPARSE, "dateAdded '2024-13-01'" },
		{ KEV_DOC("", KEV_ENTRY("CVE-2024-1234", "01/02/2024", "")), SCAN_EPARSE, "is not YYYY-MM-DD" },
		{ KEV_DOC("", KEV_ENTRY("CVE-2024-1234", "2024-01-01", ",\"knownRansomwareCampaignUse\":true")),
		  SCAN_EPARSE, "knownRansomwareCampaignUse is not a string" },
		{ KEV_DOC("", KEV_ENTRY("CVE-2024-1234", "2024-01-01", ",\"cveID\":\"CVE-2024-9999\"")), SCAN_EPARSE,
		  "duplicate key 'cveID'" },
		{ KEV_DOC("", "{\"cveID\":\"CVE-2024-1234\"}"), SCAN_EPARSE, "vulnerabilities[0] has no vendorProject" },
		{ KEV_DOC("", "7"), SCAN_EPARSE, "vulnerabilities[0] is not an object" },
		{ "{\"catalogVersion\":\"1\",\"dateReleased\":\"x\"}", SCAN_EPARSE, "no vulnerabilities array" },
		{ "{\"dateReleased\":\"x\",\"vulnerabilities\":[]}", SCAN_EPARSE, "no catalogVersion" },
		{ "[]", SCAN_EPARSE, "is a JSON object" },
		{ "<html>503</html>", SCAN_EPARSE, "kev.json: line 1: not valid JSON" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_kev_catalog cat;
		int rc = scan_kev__parse(&cat, cases[i].json, strlen(cases[i].json), "kev.json");
		if (rc != cases[i].code)
			fail_msg("case %zu: expected %d, got %d: %s", i, cases[i].code, rc, scan_error_last()->message);
		if (rc)
			expect_code(rc, cases[i].code, cases[i].want);
		if (i == 0) {
			assert_int_equal(cat.count, 2);
			assert_false(cat.entries[0].ransomware);
			assert_true(cat.entries[1].ransomware);
			assert_string_equal(cat.entries[1].cve, "CVE-2024-1234567");
			assert_string_equal(cat.entries[1].date_added, "2024-01-02");
			assert_string_equal(cat.entries[1].due_date, "2024-02-01");
		}
		if (rc)
			assert_int_equal(cat.count, 0);
		scan_kev__dispose(&cat);
	}
}

/* ---- EPSS --------------------------------------------------------------- */

static int epss_str(scan_epss_file *f, const char *s)
{
	return scan_epss__parse(f, (const unsigned char *)s, strlen(s), "epss.csv");
}

static void check_fixture_scores(const scan_epss_file *f)
{
	assert_string_equal(f->model_version, "v2025.03.14");
	assert_string_equal(f->score_date, "2025-03-17T00:00:00+0000");
	assert_int_equal(f->count, 12);
	assert_string_equal(f->entries[0].cve, "CVE-1999-0001");
	assert_true(fabs(f->entries[0].epss - 0.01297) < 1e-12);
	assert_true(fabs(f->entries[0].percentile - 0.78949) < 1e-12);
	assert_string_equal(f->entries[5].cve, "CVE-2021-44228");
	assert_true(fabs(f->entries[5].epss - 0.94358) < 1e-12);
	assert_true(fabs(f->entries[5].percentile - 0.99965) < 1e-12);
	assert_string_equal(f->entries[10].cve, "CVE-2024-1000001");
	assert_true(fabs(f->entries[10].epss - 0.00018) < 1e-12);
	assert_string_equal(f->entries[11].cve, "CVE-2025-21298");
}

static void test_epss_fixtures(void **state)
{
	size_t len, glen;
	unsigned char *csv = read_file(FIXTURES "epss_scores-2025-03-17.csv", &len);
	unsigned char *gz = read_file(FIXTURES "epss_scores-2025-03-17.csv.gz", &glen), *z, *two;
	scan_epss_file f;
	size_t zlen;
	(void)state;

	ok(scan_epss__parse(&f, csv, len, "epss_scores-2025-03-17.csv"));
	check_fixture_scores(&f);
	scan_epss__dispose(&f);

	/* gzip -n -9, as downloaded. */
	assert_int_equal(gz[0], 0x1f);
	ok(scan_epss__parse(&f, gz, glen, "epss_scores-2025-03-17.csv.gz"));
	check_fixture_scores(&f);
	scan_epss__dispose(&f);

	/* zlib's gzip, and two members back to back (gzip -c a b). */
	z = deflate_raw(csv, len, 31, 9, &zlen);
	ok(scan_epss__parse(&f, z, zlen, "z.csv.gz"));
	check_fixture_scores(&f);
	scan_epss__dispose(&f);
	{
		size_t rows_at = (size_t)((unsigned char *)strstr((char *)csv, "CVE-2021-3156") - csv), l1, l2;
		unsigned char *m1 = deflate_raw(csv, rows_at, 31, 9, &l1),
		              *m2 = deflate_raw(csv + rows_at, len - rows_at, 31, 9, &l2);
		two = malloc(l1 + l2);
		memcpy(two, m1, l1);
		memcpy(two + l1, m2, l2);
		ok(scan_epss__parse(&f, two, l1 + l2, "two.csv.gz"));
		check_fixture_scores(&f);
		scan_epss__dispose(&f);
		/* trailing junk after the last member */
		memcpy(two + l1, "junk", 4);
		expect_code(scan_epss__parse(&f, two, l1 + 4, "two.csv.gz"), SCAN_EPARSE, "data after the gzip stream");
		scan_epss__dispose(&f);
		free(m1);
		free(m2);
		free(two);
	}

	/* Every cut of the gzip stream is an error, not a shorter list. */
	for (size_t cut = 2; cut < glen; cut++) {
		int rc = scan_epss__parse(&f, gz, cut, "cut.csv.gz");
		if (rc != SCAN_EPARSE)
			fail_msg("cut at %zu of %zu: %d (%s)", cut, glen, rc, scan_error_last()->message);
		if (cut > 20)
			expect_code(rc, SCAN_EPARSE, "gzip stream is truncated");
		assert_int_equal(f.count, 0);
		scan_epss__dispose(&f);
	}
	/* A damaged trailer (CRC) or body. */
	gz[glen - 6] ^= 1;
	expect_code(scan_epss__parse(&f, gz, glen, "bad.csv.gz"), SCAN_EPARSE, "corrupt gzip stream");
	scan_epss__dispose(&f);
	free(z);
	free(gz);
	free(csv);
}

static void test_epss_variants(void **state)
{
	scan_epss_file f;
	(void)state;

	/* CRLF, a BOM, no comment line (older files), exponents, a blank last line. */
	ok(epss_str(&f, "\xEF\xBB\xBF" "cve,epss,percentile\r\nCVE-2020-0001,4e-05,0.0\r\nCVE-2020-0002,1,1.000\r\n\r\n"));
	assert_null(f.model_version);
	assert_null(f.score_date);
	assert_int_equal(f.count, 2);
	assert_true(fabs(f.entries[0].epss - 4e-05) < 1e-15);
	assert_true(f.entries[0].percentile == 0.0);
	assert_true(f.entries[1].epss == 1.0);
	scan_epss__dispose(&f);
	/* Only the header: no scores, not an error. Unknown comment keys are skipped. */
	ok(epss_str(&f, "#model_version:v2023.03.01,publisher:first,score_date:2024-01-01T00:00:00Z\ncve,epss,percentile\n"));
	assert_string_equal(f.model_version, "v2023.03.01");
	assert_string_equal(f.score_date, "2024-01-01T00:00:00Z");
	assert_int_equal(f.count, 0);
	scan_epss__dispose(&f);
	/* No trailing newline. */
	ok(epss_str(&f, "cve,epss,percentile\nCVE-2020-0001,0.5,0.25"));
	assert_int_equal(f.count, 1);
	assert_true(fabs(f.entries[0].percentile - 0.25) < 1e-15);
	scan_epss__dispose(&f);
}

static void test_epss_hostile(void **state)
{
	static const struct {
		const char *csv;
		const char *want;
	} cases[] = {
		{ "", "no 'cve,epss,percentile' header" },
		{ "#model_version:v1\n", "no 'cve,epss,percentile' header" },
		{ "cve,epss\nCVE-2020-0001,0.1\n", "line 1: expected the header" },
		{ "<html><body>Service Unavailable</body></html>\n", "line 1: expected the header" },
		{ "cve,epss,percentile\n#comment later\n", "line 2: expected three fields" },
		{ "cve,epss,percentile\nCVE-2020-0001,0.1\n", "line 2: expected three fields" },
		{ "cve,epss,percentile\nCVE-2020-0001,0.1,0.2,0.3\n", "expected three fields" },
		{ "cve,epss,percentile\nGHSA-xxxx,0.1,0.2\n", "'GHSA-xxxx' is not a CVE id" },
		{ "cve,epss,percentile\nCVE-2020-01,0.1,0.2\n", "is not a CVE id" },
		{ "cve,epss,percentile\nCVE-2020-0001,1.5,0.2\n", "epss is not a number from 0 to 1" },
		{ "cve,epss,percentile\nCVE-2020-0001,-0.1,0.2\n", "epss is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,nan,0.2\n", "epss is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,inf,0.2\n", "epss is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,0x1p-2,0.2\n", "epss is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,,0.2\n", "epss is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,0.1,1e400\n", "percentile is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,0.1,0.2 \n", "percentile is not a number" },
		{ "cve,epss,percentile\nCVE-2020-0001,0.1,.\n", "percentile is not a number" },
	};
	scan_epss_file f;
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = epss_str(&f, cases[i].csv);
		if (rc != SCAN_EPARSE)
			fail_msg("case %zu: expected an error, got %d", i, rc);
		expect_code(rc, SCAN_EPARSE, cases[i].want);
		assert_int_equal(f.count, 0);
		scan_epss__dispose(&f);
	}
	{
		static const char nul[] = "cve,epss,percentile\nCVE-2020-0001,0.1,0.2\0\n";
		expect_code(scan_epss__parse(&f, (const unsigned char *)nul, sizeof(nul) - 1, "e.csv"), SCAN_EPARSE,
		            "NUL byte");
		scan_epss__dispose(&f);
	}
	{
		char *line = malloc(6000);
		memcpy(line, "cve,epss,percentile\n", 20);
		memset(line + 20, 'x', 5000);
		line[5020] = '\0';
		expect_code(epss_str(&f, line), SCAN_EPARSE, "line 2: line longer than 4096 bytes");
		scan_epss__dispose(&f);
		free(line);
	}
	{
		/* Not gzip after all: the magic bytes and garbage. */
		static const unsigned char fake[] = { 0x1f, 0x8b, 0x08, 0x00, 'n', 'o', 'p', 'e', 0, 0, 0xff, 0xff, 0xff };
		assert_int_equal(scan_epss__parse(&f, fake, sizeof(fake), "fake.gz"), SCAN_EPARSE);
		scan_epss__dispose(&f);
	}
}

/*
 * gzip bombs: members of 64 MB each, back to back (one stream to gzip).
 * Zeros fail on the first line; blank lines, which are allowed, run into
 * SCAN_FEED_CSV_MAX. Neither is ever held inflated.
 */
static void test_epss_gzip_bomb(void **state)
{
	static const char head[] = "#model_version:v2025.03.14,score_date:2025-03-17T00:00:00+0000\n"
	                           "cve,epss,percentile\nCVE-2020-0001,0.1,0.2\n";
	size_t chunk = (size_t)64 << 20, members = SCAN_FEED_CSV_MAX / chunk + 1, hlen, mlen;
	unsigned char *fill = malloc(chunk), *h, *m, *bomb;
	scan_epss_file f;
	double t0;
	(void)state;

	h = deflate_raw(head, sizeof(head) - 1, 31, 9, &hlen);
	for (int kind = 0; kind < 2; kind++) {
		memset(fill, kind ? '\n' : '\0', chunk);
		m = deflate_raw(fill, chunk, 31, 1, &mlen); /* level 1: fast, ~100:1 */
		bomb = malloc(hlen + members * mlen);
		memcpy(bomb, h, hlen);
		for (size_t i = 0; i < members; i++)
			memcpy(bomb + hlen + i * mlen, m, mlen);
		t0 = th_cpu_seconds();
		if (kind == 0) {
			expect_code(scan_epss__parse(&f, bomb, hlen + members * mlen, "zeros.csv.gz"), SCAN_EPARSE,
			            "line 4: line longer than 4096 bytes");
			assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
		} else {
			expect_code(scan_epss__parse(&f, bomb, hlen + members * mlen, "blank.csv.gz"), SCAN_ELIMIT,
			            "inflates to more than 512 MB");
			/* Inflating 512 MB takes a moment; it must not take a long one. */
			assert_true(th_cpu_seconds() - t0 < 10.0);
		}
		assert_int_equal(f.count, 0);
		scan_epss__dispose(&f);
		/* Without the trailing members it is a fine file. */
		ok(scan_epss__parse(&f, bomb, hlen + (kind ? mlen : 0), "ok.csv.gz"));
		assert_int_equal(f.count, 1);
		scan_epss__dispose(&f);
		free(bomb);
		free(m);
	}
	free(h);
	free(fill);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zip_own_writer),
		cmocka_unit_test(test_zip_python_fixtures),
		cmocka_unit_test(test_zip_empty_archive),
		cmocka_unit_test(test_zip_slip_names),
		cmocka_unit_test(test_zip_comment),
		cmocka_unit_test(test_zip_bomb),
		cmocka_unit_test(test_zip_truncated),
		cmocka_unit_test(test_zip_bad_crc),
		cmocka_unit_test(test_zip_out_of_bounds),
		cmocka_unit_test(test_zip_too_many_entries),
		cmocka_unit_test(test_zip_refusals),
		cmocka_unit_test(test_zip_mutations),
		cmocka_unit_test(test_osv_pypi_export),
		cmocka_unit_test(test_osv_go_export),
		cmocka_unit_test(test_osv_ghsa),
		cmocka_unit_test(test_osv_tolerant),
		cmocka_unit_test(test_osv_hostile),
		cmocka_unit_test(test_osv_limits),
		cmocka_unit_test(test_kev_real),
		cmocka_unit_test(test_kev_shapes),
		cmocka_unit_test(test_epss_fixtures),
		cmocka_unit_test(test_epss_variants),
		cmocka_unit_test(test_epss_hostile),
		cmocka_unit_test(test_epss_gzip_bomb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
