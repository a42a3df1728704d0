/* lib/sca/dbimport.c - `rampart db import`: feeds from files into the store */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "feeds.h"
#include "scan/buf.h"
#include "scan/vulndb.h"
#include "store/vulndb.h"
#include "util/digest.h"
#include "util/error.h"
#include "util/rulefiles.h"

/*
 * Files are read whole (up to SCAN_FEED_FILE_MAX), not mapped: a mapped
 * file that shrinks while it is imported faults (SIGBUS) on the pages it
 * lost. OSV's largest exports are hundreds of MB.
 */
#define IMPORT_DIR_DEPTH_MAX 16
#define IMPORT_DIR_FILES_MAX 2000000

typedef struct {
	unsigned char *data;
	size_t len;
	char sha256[65];
} loaded;

static void unload(loaded *m)
{
	free(m->data);
	m->data = NULL;
	m->len = 0;
}

/* path whole, at most max bytes; a file whose size changed while it was read is an error. */
static int load_file(loaded *m, const char *path, size_t max)
{
	struct stat st;
	char *text = NULL;
	int rc;

	memset(m, 0, sizeof(*m));
	if ((rc = scan__read_file(&text, &m->len, path, max)) != 0)
		return rc;
	m->data = (unsigned char *)text;
	if (stat(path, &st) != 0 || (uint64_t)st.st_size != (uint64_t)m->len) {
		unload(m);
		return scan__error(SCAN_EIO, "'%s' changed while it was read", path);
	}
	if (!m->len) {
		unload(m);
		return scan__error(SCAN_EPARSE, "'%s' is empty", path);
	}
	scan__sha256_hex(m->sha256, m->data, m->len);
	return 0;
}

typedef struct {
	scan_vulndb_writer *w;
	scan_vulndb_import_report *rep;
	int64_t records;
	size_t valid;              /* records read whole: stored or withdrawn */
	size_t invalid, skipped;   /* this source's share of rep's */
	char newest[40];           /* the largest `modified` seen: the source's data version */
	char first_invalid[256];   /* this source's first malformed record */
} osv_batch;

/*
 * Commit a source, or roll it back when the import would hollow it out: no
 * valid record at all, or (without allow_shrink) far fewer records than
 * it held. Either way w is freed.
 */
static int end_source(scan_vulndb_writer *w, const scan_vulndb_import_options *opts, const char *source,
                      const char *label, size_t valid, int64_t records, const char *version, const char *sha256,
                      const char *why_none)
{
	int64_t before = scan__vulndb_write_previous(w);
	int rc = 0;

	if (!valid)
		rc = scan__error(SCAN_EPARSE, "'%s' holds no valid record (%s); %s is left as it was", label,
		                 why_none, source);
	else if (!opts->allow_shrink && before >= SCAN_VULNDB_SHRINK_FLOOR &&
	         records * SCAN_VULNDB_SHRINK_RATIO < before)
		rc = scan__error(SCAN_ELIMIT, "'%s' would shrink %s from %lld to %lld records; it is left as it was "
		                 "(--allow-shrink replaces it)", label, source, (long long)before, (long long)records);
	if (rc) {
		scan__vulndb_write_end(w, false, 0, NULL, NULL);
		return rc;
	}
	return scan__vulndb_write_end(w, true, records, version, sha256);
}

/* Why an OSV source has no valid record, for end_source()'s message. */
static const char *why_no_record(char *buf, size_t n, const osv_batch *b)
{
	if (b->invalid)
		snprintf(buf, n, "%zu malformed, the first: %s", b->invalid, b->first_invalid);
	else if (b->skipped)
		snprintf(buf, n, "%zu entries, none of them a .json record", b->skipped);
	else
		snprintf(buf, n, "no records");
	return buf;
}

/* One record: stored, or counted as invalid (a feed of thousands keeps one bad record out, not all). */
static int put_record(osv_batch *b, const char *text, size_t len, const char *origin)
{
	scan_osv_record rec;
	int rc = scan_sca__osv_parse(&rec, text, len, origin);

	if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT) {
		if (!b->invalid++)
			snprintf(b->first_invalid, sizeof(b->first_invalid), "%s", scan_error_last()->message);
		if (!b->rep->invalid++)
			snprintf(b->rep->first_invalid, sizeof(b->rep->first_invalid), "%s", scan_error_last()->message);
		scan_sca__osv_dispose(&rec);
		return 0;
	}
	if (rc == 0)
		rc = scan__vulndb_put_osv(b->w, &rec);
	if (rc == 0) {
		b->valid++;
		if (rec.withdrawn) {
			b->rep->withdrawn++;
		} else {
			b->rep->advisories++;
			b->records++;
		}
		if (rec.modified && strcmp(rec.modified, b->newest) > 0)
			snprintf(b->newest, sizeof(b->newest), "%s", rec.modified);
	}
	scan_sca__osv_dispose(&rec);
	return rc;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static int import_zip(scan_store *st, const loaded *m, const char *source, const char *label,
                      const scan_vulndb_import_options *opts, scan_vulndb_import_report *rep)
{
	osv_batch b = { NULL, rep, 0, 0, 0, 0, "", "" };
	scan_zip *z = NULL;
	char why[320];
	int rc;

	if ((rc = scan_sca__zip_open(&z, m->data, m->len, label)) != 0)
		return rc;
	if ((rc = scan__vulndb_write_begin(&b.w, st, source, "osv", label)) != 0) {
		scan_sca__zip_free(z);
		return rc;
	}
	for (size_t i = 0; i < scan_sca__zip_count(z) && !rc; i++) {
		const char *name;
		uint64_t size;
		bool safe;
		char *text = NULL;
		size_t len;
		scan_buf origin = SCAN_BUF_INIT;

		if ((rc = scan_sca__zip_entry(z, i, &name, &size, &safe)) != 0)
			break;
		if (!safe || !ends_with(name, ".json")) {
			rep->skipped++;
			b.skipped++;
			continue;
		}
		if ((rc = scan_sca__zip_read(z, i, SCAN_FEED_RECORD_MAX, &text, &len)) != 0)
			break;
		scan_buf_init(&origin, 4096);
		scan_buf_printf(&origin, "%s:%s", label, name);
		rc = put_record(&b, text, len, origin.ptr);
		scan_buf_dispose(&origin);
		free(text);
	}
	scan_sca__zip_free(z);
	if (rc) {
		scan__vulndb_write_end(b.w, false, 0, NULL, NULL);
		return rc;
	}
	if ((rc = end_source(b.w, opts, source, label, b.valid, b.records, b.newest[0] ? b.newest : NULL, m->sha256,
	                     why_no_record(why, sizeof(why), &b))) == 0)
		rep->sources++;
	return rc;
}

/* Every *.json under dirfd, depth-first, no symlinks. */
static int import_dir_records(osv_batch *b, int dirfd, const char *label, unsigned depth, size_t *files)
{
	DIR *d;
	struct dirent *e;
	int rc = 0, fd;

	if (depth > IMPORT_DIR_DEPTH_MAX)
		return scan__error(SCAN_ELIMIT, "'%s' is nested deeper than %d directories", label, IMPORT_DIR_DEPTH_MAX);
	if ((fd = dup(dirfd)) < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return scan__error(SCAN_EIO, "cannot list '%s': %s", label, strerror(errno));
	}
	/* A dup'ed descriptor shares its offset: whoever listed dirfd before may have left it at the end. */
	rewinddir(d);
	while (!rc && (e = readdir(d))) {
		struct stat sb;
		scan_buf path = SCAN_BUF_INIT;

		if (e->d_name[0] == '.')
			continue;
		if (fstatat(dirfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		scan_buf_init(&path, 4096);
		scan_buf_printf(&path, "%s/%s", label, e->d_name);
		if (S_ISDIR(sb.st_mode)) {
			int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0) {
				rc = import_dir_records(b, sub, path.ptr, depth + 1, files);
				close(sub);
			}
		} else if (S_ISREG(sb.st_mode) && ends_with(e->d_name, ".json")) {
			loaded m;
			if (++*files > IMPORT_DIR_FILES_MAX)
				rc = scan__error(SCAN_ELIMIT, "'%s' holds more than %d records", label, IMPORT_DIR_FILES_MAX);
			else if ((rc = load_file(&m, path.ptr, SCAN_FEED_RECORD_MAX)) == 0) {
				rc = put_record(b, (const char *)m.data, m.len, path.ptr);
				unload(&m);
			} else if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT || rc == SCAN_EINVAL) {
				/* empty, or larger than a record may be: one bad record, not a failed import */
				if (!b->invalid++)
					snprintf(b->first_invalid, sizeof(b->first_invalid), "%s", scan_error_last()->message);
				if (!b->rep->invalid++)
					snprintf(b->rep->first_invalid, sizeof(b->rep->first_invalid), "%s",
					         scan_error_last()->message);
				rc = 0;
			}
		} else if (!S_ISDIR(sb.st_mode)) {
			b->skipped++;
		}
		scan_buf_dispose(&path);
	}
	closedir(d);
	return rc;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s && s[1] ? s + 1 : path;
}

/* "PyPI" for ".../PyPI/all.zip" and ".../PyPI"; "osv-pypi" for "osv-pypi.zip". */
static void source_name(scan_buf *out, const char *path)
{
	scan_buf copy = SCAN_BUF_INIT;
	const char *base;

	scan_buf_puts(&copy, path);
	while (copy.size > 1 && copy.ptr[copy.size - 1] == '/')
		scan_buf_truncate(&copy, copy.size - 1);
	base = base_name(copy.ptr);
	if (!strcmp(base, "all.zip") && base != copy.ptr) {
		scan_buf_truncate(&copy, (size_t)(base - copy.ptr - 1));
		base = base_name(copy.ptr);
	}
	scan_buf_puts(out, "osv:");
	if (ends_with(base, ".zip") || ends_with(base, ".json"))
		scan_buf_put(out, base, strlen(base) - (ends_with(base, ".zip") ? 4 : 5));
	else
		scan_buf_puts(out, base);
	scan_buf_dispose(&copy);
}

static int import_file(scan_store *st, const char *path, const scan_vulndb_import_options *opts,
                       scan_vulndb_import_report *rep)
{
	loaded m;
	scan_buf source = SCAN_BUF_INIT;
	char why[320];
	size_t i = 0;
	int rc;

	if ((rc = load_file(&m, path, SCAN_FEED_FILE_MAX)) != 0)
		return rc;
	source_name(&source, path);
	if (m.len >= 4 && !memcmp(m.data, "PK\x03\x04", 4)) {
		rc = import_zip(st, &m, source.ptr, path, opts, rep);
		goto done;
	}
	if (m.len >= 2 && m.data[0] == 0x1f && m.data[1] == 0x8b)
		goto epss;
	while (i < m.len && (m.data[i] == ' ' || m.data[i] == '\n' || m.data[i] == '\r' || m.data[i] == '\t'))
		i++;
	if (i < m.len && m.data[i] == '{') {
		/* A KEV catalog names its version; anything else in braces is an OSV record. */
		if (memmem(m.data, m.len < 4096 ? m.len : 4096, "\"catalogVersion\"", 16)) {
			scan_kev_catalog cat;
			scan_vulndb_writer *w = NULL;
			if ((rc = scan_sca__kev_parse(&cat, (const char *)m.data, m.len, path)) == 0 &&
			    (rc = scan__vulndb_write_begin(&w, st, "kev", "kev", path)) == 0) {
				for (size_t k = 0; k < cat.count && !rc; k++)
					rc = scan__vulndb_put_kev(w, &cat.entries[k]);
				if (rc)
					scan__vulndb_write_end(w, false, 0, NULL, NULL);
				else if ((rc = end_source(w, opts, "kev", path, cat.count, (int64_t)cat.count,
				                          cat.catalog_version, m.sha256, "an empty catalog")) == 0) {
					rep->kev = cat.count;
					rep->sources++;
				}
			}
			scan_sca__kev_dispose(&cat);
		} else {
			osv_batch b = { NULL, rep, 0, 0, 0, 0, "", "" };
			if (m.len > SCAN_FEED_RECORD_MAX) {
				rc = scan__error(SCAN_ELIMIT, "'%s' is larger than an OSV record may be", path);
			} else if ((rc = scan__vulndb_write_begin(&b.w, st, source.ptr, "osv", path)) == 0) {
				rc = put_record(&b, (const char *)m.data, m.len, path);
				if (!rc && b.invalid)
					rc = scan__error(SCAN_EPARSE, "%s", b.first_invalid);
				if (rc)
					scan__vulndb_write_end(b.w, false, 0, NULL, NULL);
				else if ((rc = end_source(b.w, opts, source.ptr, path, b.valid, b.records,
				                          b.newest[0] ? b.newest : NULL, m.sha256,
				                          why_no_record(why, sizeof(why), &b))) == 0)
					rep->sources++;
			}
		}
		goto done;
	}
epss:
	{
		scan_epss_file ef;
		scan_vulndb_writer *w = NULL;
		if ((rc = scan_sca__epss_parse(&ef, m.data, m.len, path)) == 0 &&
		    (rc = scan__vulndb_write_begin(&w, st, "epss", "epss", path)) == 0) {
			for (size_t k = 0; k < ef.count && !rc; k++)
				rc = scan__vulndb_put_epss(w, &ef.entries[k]);
			if (rc)
				scan__vulndb_write_end(w, false, 0, NULL, NULL);
			else if ((rc = end_source(w, opts, "epss", path, ef.count, (int64_t)ef.count, ef.score_date,
			                          m.sha256, "no scores")) == 0) {
				rep->epss = ef.count;
				rep->sources++;
			}
		}
		scan_sca__epss_dispose(&ef);
	}
done:
	scan_buf_dispose(&source);
	unload(&m);
	return rc;
}

int scan_vulndb_import(scan_store *st, const char *path, const scan_vulndb_import_options *opts,
                       scan_vulndb_import_report *rep)
{
	static const scan_vulndb_import_options defaults = SCAN_VULNDB_IMPORT_OPTIONS_INIT;
	struct stat sb;
	int dirfd, rc = 0;
	bool bucket = false;
	DIR *d;
	struct dirent *e;

	memset(rep, 0, sizeof(*rep));
	if (!opts)
		opts = &defaults;
	if (stat(path, &sb) != 0)
		return scan__error(SCAN_ENOTFOUND, "cannot import '%s': %s", path, strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return import_file(st, path, opts, rep);
	if ((dirfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return scan__error(SCAN_EIO, "cannot open '%s': %s", path, strerror(errno));
	/* OSV's bucket layout: <Ecosystem>/all.zip, one source per ecosystem. */
	if ((d = fdopendir(dup(dirfd)))) {
		while (!rc && (e = readdir(d))) {
			struct stat zs;
			scan_buf zip = SCAN_BUF_INIT;
			if (e->d_name[0] == '.')
				continue;
			scan_buf_init(&zip, 4096);
			scan_buf_printf(&zip, "%s/%s/all.zip", path, e->d_name);
			if (fstatat(dirfd, e->d_name, &zs, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(zs.st_mode) &&
			    lstat(zip.ptr, &zs) == 0 && S_ISREG(zs.st_mode)) {
				bucket = true;
				rc = import_file(st, zip.ptr, opts, rep);
			}
			scan_buf_dispose(&zip);
		}
		closedir(d);
	}
	if (!rc && !bucket) {
		scan_buf source = SCAN_BUF_INIT;
		osv_batch b = { NULL, rep, 0, 0, 0, 0, "", "" };
		char why[320];
		size_t files = 0;

		source_name(&source, path);
		if ((rc = scan__vulndb_write_begin(&b.w, st, source.ptr, "osv", path)) == 0) {
			rc = import_dir_records(&b, dirfd, path, 0, &files);
			if (!rc && !files)
				rc = scan__error(SCAN_ENOTFOUND, "'%s' holds no OSV records, all.zip exports or feeds", path);
			if (rc)
				scan__vulndb_write_end(b.w, false, 0, NULL, NULL);
			else if ((rc = end_source(b.w, opts, source.ptr, path, b.valid, b.records,
			                          b.newest[0] ? b.newest : NULL, NULL,
			                          why_no_record(why, sizeof(why), &b))) == 0)
				rep->sources++;
		}
		scan_buf_dispose(&source);
	}
	close(dirfd);
	return rc;
}
