/* lib/sca/dbimport.c - `rampart db import`: feeds from files into the store */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "feeds.h"
#include "scan/buf.h"
#include "scan/vulndb.h"
#include "store/vulndb.h"
#include "util/digest.h"
#include "util/error.h"

/* An archive is mapped, not read: OSV's largest exports are hundreds of MB. */
#define IMPORT_FILE_MAX ((uint64_t)4 << 30)
#define IMPORT_DIR_DEPTH_MAX 16
#define IMPORT_DIR_FILES_MAX 2000000

typedef struct {
	const unsigned char *data;
	size_t len;
	int fd;
	char sha256[65];
} mapped;

static void unmap(mapped *m)
{
	if (m->data && m->len)
		munmap((void *)(uintptr_t)m->data, m->len);
	if (m->fd >= 0)
		close(m->fd);
	m->data = NULL;
	m->fd = -1;
}

static int map_file(mapped *m, int dirfd, const char *name, const char *label)
{
	struct stat st;
	void *p;

	m->data = NULL;
	m->len = 0;
	m->sha256[0] = '\0';
	if ((m->fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) < 0)
		return scan__error(errno == ENOENT ? SCAN_ENOTFOUND : SCAN_EIO, "cannot open '%s': %s", label,
		                   strerror(errno));
	if (fstat(m->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		unmap(m);
		return scan__error(SCAN_EINVAL, "'%s' is not a regular file", label);
	}
	if ((uint64_t)st.st_size > IMPORT_FILE_MAX) {
		unmap(m);
		return scan__error(SCAN_ELIMIT, "'%s' is larger than %llu GB", label,
		                   (unsigned long long)(IMPORT_FILE_MAX >> 30));
	}
	if (st.st_size == 0) {
		unmap(m);
		return scan__error(SCAN_EPARSE, "'%s' is empty", label);
	}
	if ((p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, m->fd, 0)) == MAP_FAILED) {
		unmap(m);
		return scan__error(SCAN_EIO, "cannot read '%s': %s", label, strerror(errno));
	}
	m->data = p;
	m->len = (size_t)st.st_size;
	scan__sha256_hex(m->sha256, m->data, m->len);
	return 0;
}

typedef struct {
	scan_vulndb_writer *w;
	scan_vulndb_import_report *rep;
	int64_t records;
	char newest[40];           /* the largest `modified` seen: the source's data version */
} osv_batch;

/* One record: stored, or counted as invalid (a feed of thousands keeps one bad record out, not all). */
static int put_record(osv_batch *b, const char *text, size_t len, const char *origin)
{
	scan_osv_record rec;
	int rc = scan_sca__osv_parse(&rec, text, len, origin);

	if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT) {
		if (!b->rep->invalid++)
			snprintf(b->rep->first_invalid, sizeof(b->rep->first_invalid), "%s", scan_error_last()->message);
		scan_sca__osv_dispose(&rec);
		return 0;
	}
	if (rc == 0)
		rc = scan__vulndb_put_osv(b->w, &rec);
	if (rc == 0) {
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

static int import_zip(scan_store *st, const mapped *m, const char *source, const char *label,
                      scan_vulndb_import_report *rep)
{
	osv_batch b = { NULL, rep, 0, "" };
	scan_zip *z = NULL;
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
	rep->sources++;
	return scan__vulndb_write_end(b.w, true, b.records, b.newest[0] ? b.newest : NULL, m->sha256);
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
			mapped m;
			if (++*files > IMPORT_DIR_FILES_MAX)
				rc = scan__error(SCAN_ELIMIT, "'%s' holds more than %d records", label, IMPORT_DIR_FILES_MAX);
			else if ((rc = map_file(&m, dirfd, e->d_name, path.ptr)) == 0) {
				if (m.len <= SCAN_FEED_RECORD_MAX)
					rc = put_record(b, (const char *)m.data, m.len, path.ptr);
				else if (!b->rep->invalid++)
					snprintf(b->rep->first_invalid, sizeof(b->rep->first_invalid),
					         "%s: larger than an OSV record may be", path.ptr);
				unmap(&m);
			} else if (rc == SCAN_EPARSE) {
				b->rep->invalid++;
				rc = 0;
			}
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

static int import_file(scan_store *st, const char *path, scan_vulndb_import_report *rep)
{
	mapped m;
	scan_buf source = SCAN_BUF_INIT;
	size_t i = 0;
	int rc;

	if ((rc = map_file(&m, AT_FDCWD, path, path)) != 0)
		return rc;
	source_name(&source, path);
	if (m.len >= 4 && !memcmp(m.data, "PK\x03\x04", 4)) {
		rc = import_zip(st, &m, source.ptr, path, rep);
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
				if (!rc) {
					rep->kev = cat.count;
					rep->sources++;
				}
				rc = rc ? (scan__vulndb_write_end(w, false, 0, NULL, NULL), rc)
				        : scan__vulndb_write_end(w, true, (int64_t)cat.count, cat.catalog_version, m.sha256);
			}
			scan_sca__kev_dispose(&cat);
		} else {
			osv_batch b = { NULL, rep, 0, "" };
			if (m.len > SCAN_FEED_RECORD_MAX) {
				rc = scan__error(SCAN_ELIMIT, "'%s' is larger than an OSV record may be", path);
			} else if ((rc = scan__vulndb_write_begin(&b.w, st, source.ptr, "osv", path)) == 0) {
				size_t invalid = rep->invalid;
				rc = put_record(&b, (const char *)m.data, m.len, path);
				if (!rc && rep->invalid > invalid)
					rc = scan__error(SCAN_EPARSE, "%s", rep->first_invalid);
				if (rc) {
					scan__vulndb_write_end(b.w, false, 0, NULL, NULL);
				} else {
					rep->sources++;
					rc = scan__vulndb_write_end(b.w, true, b.records, b.newest[0] ? b.newest : NULL, m.sha256);
				}
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
			if (!rc) {
				rep->epss = ef.count;
				rep->sources++;
			}
			rc = rc ? (scan__vulndb_write_end(w, false, 0, NULL, NULL), rc)
			        : scan__vulndb_write_end(w, true, (int64_t)ef.count, ef.score_date, m.sha256);
		}
		scan_sca__epss_dispose(&ef);
	}
done:
	scan_buf_dispose(&source);
	unmap(&m);
	return rc;
}

int scan_vulndb_import(scan_store *st, const char *path, scan_vulndb_import_report *rep)
{
	struct stat sb;
	int dirfd, rc = 0;
	bool bucket = false;
	DIR *d;
	struct dirent *e;

	memset(rep, 0, sizeof(*rep));
	if (stat(path, &sb) != 0)
		return scan__error(SCAN_ENOTFOUND, "cannot import '%s': %s", path, strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return import_file(st, path, rep);
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
				rc = import_file(st, zip.ptr, rep);
			}
			scan_buf_dispose(&zip);
		}
		closedir(d);
	}
	if (!rc && !bucket) {
		scan_buf source = SCAN_BUF_INIT;
		osv_batch b = { NULL, rep, 0, "" };
		size_t files = 0;

		source_name(&source, path);
		if ((rc = scan__vulndb_write_begin(&b.w, st, source.ptr, "osv", path)) == 0) {
			rc = import_dir_records(&b, dirfd, path, 0, &files);
			if (!rc && !files)
				rc = scan__error(SCAN_ENOTFOUND, "'%s' holds no OSV records, all.zip exports or feeds", path);
			if (rc) {
				scan__vulndb_write_end(b.w, false, 0, NULL, NULL);
			} else {
				rep->sources++;
				rc = scan__vulndb_write_end(b.w, true, b.records, b.newest[0] ? b.newest : NULL, NULL);
			}
		}
		scan_buf_dispose(&source);
	}
	close(dirfd);
	return rc;
}
