/* lib/vulndb/dbimport.c - `rampart db import`: feeds from files into the store */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "feeds/feeds.h"
#include "scan/buf.h"
#include "scan/vulndb.h"
#include "store/vulndb.h"
#include "scan/array.h"
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
#define IMPORT_DIR_FEEDS_MAX 1000 /* KEV catalogs, EPSS files and zip exports in one directory */
#define SNIFF_BYTES 4096          /* what is read of a file to tell its kind */

/* What a file is, from its first bytes. */
typedef enum {
	FEED_OTHER,
	FEED_OSV,     /* a JSON object: one OSV record */
	FEED_KEV,     /* a JSON object with a string catalogVersion: CISA's catalog */
	FEED_EPSS,    /* gzip, or a CSV starting with #model_version or cve,epss */
	FEED_ZIP,     /* an OSV all.zip export */
	FEED_SCHEMA,  /* a JSON schema (KEV ships one beside its catalog): not data */
} feed_kind;

static bool starts_with(const unsigned char *p, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && !memcmp(p, s, k);
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* "key" followed by a colon, and a string value when string_value. */
static bool has_member(const unsigned char *p, size_t n, const char *key, bool string_value)
{
	size_t k = strlen(key);

	for (const unsigned char *s = p; (s = memmem(s, n - (size_t)(s - p), key, k)) != NULL; s += k) {
		size_t i = (size_t)(s - p) + k;
		if (s == p || s[-1] != '"' || i >= n || p[i] != '"')
			continue;
		for (i++; i < n && is_space(p[i]); i++)
			;
		if (i >= n || p[i] != ':')
			continue;
		for (i++; i < n && is_space(p[i]); i++)
			;
		if (!string_value || (i < n && p[i] == '"'))
			return true;
	}
	return false;
}

static feed_kind feed_kind_of(const unsigned char *p, size_t n)
{
	size_t i = 0;

	if (n > SNIFF_BYTES)
		n = SNIFF_BYTES;
	if (starts_with(p, n, "PK\x03\x04"))
		return FEED_ZIP;
	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return FEED_EPSS;
	while (i < n && is_space(p[i]))
		i++;
	if (i < n && p[i] == '{') {
		if (has_member(p + i, n - i, "catalogVersion", true))
			return FEED_KEV;
		if (has_member(p + i, n - i, "$schema", false))
			return FEED_SCHEMA;
		return FEED_OSV;
	}
	if (starts_with(p + i, n - i, "#model_version") || starts_with(p + i, n - i, "cve,epss"))
		return FEED_EPSS;
	return FEED_OTHER;
}

/* The kind of the file name in dirfd, from its first SNIFF_BYTES; FEED_OTHER when it cannot be read. */
static feed_kind sniff_at(int dirfd, const char *name)
{
	unsigned char head[SNIFF_BYTES];
	ssize_t n;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return FEED_OTHER;
	n = read(fd, head, sizeof(head));
	close(fd);
	return n > 0 ? feed_kind_of(head, (size_t)n) : FEED_OTHER;
}

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
	if ((rc = scan_util__read_file(&text, &m->len, path, max)) != 0)
		return rc;
	m->data = (unsigned char *)text;
	if (stat(path, &st) != 0 || (uint64_t)st.st_size != (uint64_t)m->len) {
		unload(m);
		return scan_util__error(SCAN_EIO, "'%s' changed while it was read", path);
	}
	if (!m->len) {
		unload(m);
		return scan_util__error(SCAN_EPARSE, "'%s' is empty", path);
	}
	scan_util__sha256_hex(m->sha256, m->data, m->len);
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
	int64_t before = scan_store__vulndb_write_previous(w);
	int rc = 0;

	if (!valid)
		rc = scan_util__error(SCAN_EPARSE, "'%s' holds no valid record (%s); %s is left as it was", label,
		                      why_none, source);
	else if (!opts->allow_shrink && before >= SCAN_VULNDB_SHRINK_FLOOR &&
	         records * SCAN_VULNDB_SHRINK_RATIO < before)
		rc = scan_util__error(SCAN_ELIMIT, "'%s' would shrink %s from %lld to %lld records; it is left as it was "
		                      "(--allow-shrink replaces it)", label, source, (long long)before, (long long)records);
	if (rc) {
		scan_store__vulndb_write_end(w, false, 0, NULL, NULL);
		return rc;
	}
	return scan_store__vulndb_write_end(w, true, records, version, sha256);
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
	int rc = scan_osv__parse(&rec, text, len, origin);

	if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT) {
		if (!b->invalid++)
			snprintf(b->first_invalid, sizeof(b->first_invalid), "%s", scan_error_last()->message);
		if (!b->rep->invalid++)
			snprintf(b->rep->first_invalid, sizeof(b->rep->first_invalid), "%s", scan_error_last()->message);
		scan_osv__dispose(&rec);
		return 0;
	}
	if (rc == 0)
		rc = scan_store__vulndb_put_osv(b->w, &rec);
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
	scan_osv__dispose(&rec);
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

	if ((rc = scan_zip__open(&z, m->data, m->len, label)) != 0)
		return rc;
	if ((rc = scan_store__vulndb_write_begin(&b.w, st, source, "osv", label)) != 0) {
		scan_zip__free(z);
		return rc;
	}
	for (size_t i = 0; i < scan_zip__count(z) && !rc; i++) {
		const char *name;
		uint64_t size;
		bool safe;
		char *text = NULL;
		size_t len;
		scan_buf origin = SCAN_BUF_INIT;

		if ((rc = scan_zip__entry(z, i, &name, &size, &safe)) != 0)
			break;
		if (!safe || !ends_with(name, ".json")) {
			rep->skipped++;
			b.skipped++;
			continue;
		}
		if ((rc = scan_zip__read(z, i, SCAN_FEED_RECORD_MAX, &text, &len)) != 0)
			break;
		scan_buf_init(&origin, 4096);
		scan_buf_printf(&origin, "%s:%s", label, name);
		rc = put_record(&b, text, len, origin.ptr);
		scan_buf_dispose(&origin);
		free(text);
	}
	scan_zip__free(z);
	if (rc) {
		scan_store__vulndb_write_end(b.w, false, 0, NULL, NULL);
		return rc;
	}
	if ((rc = end_source(b.w, opts, source, label, b.valid, b.records, b.newest[0] ? b.newest : NULL, m->sha256,
	                     why_no_record(why, sizeof(why), &b))) == 0)
		rep->sources++;
	return rc;
}

/*
 * A directory of feeds: its OSV records go to one source, begun at the first
 * (the writer's transaction), and its KEV catalogs, EPSS files and zip
 * exports are kept to be imported each on its own afterwards.
 */
typedef struct {
	osv_batch *b;
	scan_store *st;
	const char *source, *root;
	char **feeds;
	size_t nfeeds, feeds_cap;
} dir_import;

static int keep_feed(dir_import *di, const char *path)
{
	if (di->nfeeds >= IMPORT_DIR_FEEDS_MAX)
		return scan_util__error(SCAN_ELIMIT, "'%s' holds more than %d KEV, EPSS or zip files", di->root,
		                        IMPORT_DIR_FEEDS_MAX);
	if (scan_array_reserve(&di->feeds, &di->feeds_cap, di->nfeeds + 1, sizeof(*di->feeds)))
		return SCAN_ENOMEM;
	if (!(di->feeds[di->nfeeds] = strdup(path)))
		return scan_error__oom();
	di->nfeeds++;
	return 0;
}

/* Every file under dirfd by its kind, depth-first, no symlinks: OSV records, feeds, the rest skipped. */
static int import_dir_records(dir_import *di, int dirfd, const char *label, unsigned depth, size_t *files)
{
	osv_batch *b = di->b;
	DIR *d;
	struct dirent *e;
	int rc = 0, fd;

	if (depth > IMPORT_DIR_DEPTH_MAX)
		return scan_util__error(SCAN_ELIMIT, "'%s' is nested deeper than %d directories", label, IMPORT_DIR_DEPTH_MAX);
	if ((fd = dup(dirfd)) < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return scan_util__error(SCAN_EIO, "cannot list '%s': %s", label, strerror(errno));
	}
	/* A dup'ed descriptor shares its offset: whoever listed dirfd before may have left it at the end. */
	rewinddir(d);
	while (!rc && (e = readdir(d))) {
		struct stat sb;
		scan_buf path = SCAN_BUF_INIT;
		feed_kind kind = FEED_OTHER;

		if (e->d_name[0] == '.')
			continue;
		if (fstatat(dirfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		scan_buf_init(&path, 4096);
		scan_buf_printf(&path, "%s/%s", label, e->d_name);
		if (S_ISDIR(sb.st_mode)) {
			int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0) {
				rc = import_dir_records(di, sub, path.ptr, depth + 1, files);
				close(sub);
			}
		} else if (S_ISREG(sb.st_mode) && (kind = sniff_at(dirfd, e->d_name)) != FEED_OSV && kind != FEED_OTHER) {
			if (kind == FEED_SCHEMA)
				b->skipped++;
			else
				rc = keep_feed(di, path.ptr);
		} else if (S_ISREG(sb.st_mode) && (kind == FEED_OSV || ends_with(e->d_name, ".json"))) {
			loaded m;
			if (!b->w && (rc = scan_store__vulndb_write_begin(&b->w, di->st, di->source, "osv", di->root)) != 0)
				; /* reported below */
			else if (++*files > IMPORT_DIR_FILES_MAX)
				rc = scan_util__error(SCAN_ELIMIT, "'%s' holds more than %d records", label, IMPORT_DIR_FILES_MAX);
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
		/* A KEV catalog names its version (a string); anything else in braces is an OSV record. */
		if (feed_kind_of(m.data, m.len) == FEED_KEV) {
			scan_kev_catalog cat;
			scan_vulndb_writer *w = NULL;
			if ((rc = scan_kev__parse(&cat, (const char *)m.data, m.len, path)) == 0 &&
			    (rc = scan_store__vulndb_write_begin(&w, st, "kev", "kev", path)) == 0) {
				for (size_t k = 0; k < cat.count && !rc; k++)
					rc = scan_store__vulndb_put_kev(w, &cat.entries[k]);
				if (rc)
					scan_store__vulndb_write_end(w, false, 0, NULL, NULL);
				else if ((rc = end_source(w, opts, "kev", path, cat.count, (int64_t)cat.count,
				                          cat.catalog_version, m.sha256, "an empty catalog")) == 0) {
					rep->kev = cat.count;
					rep->sources++;
				}
			}
			scan_kev__dispose(&cat);
		} else {
			osv_batch b = { NULL, rep, 0, 0, 0, 0, "", "" };
			if (m.len > SCAN_FEED_RECORD_MAX) {
				rc = scan_util__error(SCAN_ELIMIT, "'%s' is larger than an OSV record may be", path);
			} else if ((rc = scan_store__vulndb_write_begin(&b.w, st, source.ptr, "osv", path)) == 0) {
				rc = put_record(&b, (const char *)m.data, m.len, path);
				if (!rc && b.invalid)
					rc = scan_util__error(SCAN_EPARSE, "%s", b.first_invalid);
				if (rc)
					scan_store__vulndb_write_end(b.w, false, 0, NULL, NULL);
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
		if ((rc = scan_epss__parse(&ef, m.data, m.len, path)) == 0 &&
		    (rc = scan_store__vulndb_write_begin(&w, st, "epss", "epss", path)) == 0) {
			for (size_t k = 0; k < ef.count && !rc; k++)
				rc = scan_store__vulndb_put_epss(w, &ef.entries[k]);
			if (rc)
				scan_store__vulndb_write_end(w, false, 0, NULL, NULL);
			else if ((rc = end_source(w, opts, "epss", path, ef.count, (int64_t)ef.count, ef.score_date,
			                          m.sha256, "no scores")) == 0) {
				rep->epss = ef.count;
				rep->sources++;
			}
		}
		scan_epss__dispose(&ef);
	}
done:
	scan_buf_dispose(&source);
	unload(&m);
	return rc;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
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
	if ((rc = scan_error__check_version(opts, 1, "scan_vulndb_import_options")) != 0)
		return rc;
	if (!opts)
		opts = &defaults;
	if (stat(path, &sb) != 0)
		return scan_util__error(SCAN_ENOTFOUND, "cannot import '%s': %s", path, strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return import_file(st, path, opts, rep);
	if ((dirfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return scan_util__error(SCAN_EIO, "cannot open '%s': %s", path, strerror(errno));
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
		dir_import di = { &b, st, NULL, path, NULL, 0, 0 };
		char why[320];
		size_t files = 0;

		source_name(&source, path);
		di.source = source.ptr;
		/* Each file by its content: OSV records into this directory's source, the feeds after it. */
		rc = import_dir_records(&di, dirfd, path, 0, &files);
		if (b.w) {
			if (rc)
				scan_store__vulndb_write_end(b.w, false, 0, NULL, NULL);
			else if ((rc = end_source(b.w, opts, source.ptr, path, b.valid, b.records,
			                          b.newest[0] ? b.newest : NULL, NULL,
			                          why_no_record(why, sizeof(why), &b))) == 0)
				rep->sources++;
		} else if (!rc && !di.nfeeds) {
			rc = scan_util__error(SCAN_ENOTFOUND, "'%s' holds no OSV records, all.zip exports or feeds", path);
		}
		if (di.nfeeds)
			qsort(di.feeds, di.nfeeds, sizeof(*di.feeds), cmp_path);
		for (size_t i = 0; i < di.nfeeds; i++) {
			if (!rc)
				rc = import_file(st, di.feeds[i], opts, rep);
			free(di.feeds[i]);
		}
		free(di.feeds);
		scan_buf_dispose(&source);
	}
	close(dirfd);
	return rc;
}
