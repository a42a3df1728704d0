/* lib/vulndb/dbupdate.c - `rampart db update`: download the feeds into a cache, then import them */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/vulndb_update.h"
#include "vulndb/download.h"
#include "scan/sca.h"
#include "util/digest.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * The cache holds one directory per source, named so that
 * scan_vulndb_import() gives each file its source name:
 *   <cache>/osv/<Ecosystem>/all.zip      -> "osv:<Ecosystem>"
 *   <cache>/kev/known_exploited_vulnerabilities.json -> "kev"
 *   <cache>/epss/epss_scores.csv         -> "epss" (gzip or not: the import looks at the content)
 * next to the download's own .meta/.part files, and <cache>/.lock.
 */

#define OSV_EXPORT "https://osv-vulnerabilities.storage.googleapis.com/"
#define FEEDS_TEXT_MAX ((size_t)1 << 20)
#define FEEDS_MAX 1000
#define ECOSYSTEM_MAX 64
#define CACHE_PATH_MAX 4096
#define SNIFF_BYTES 4096

static const scan_vulndb_feed default_feeds[] = {
	{ SCAN_VULNDB_FEED_OSV, "npm", OSV_EXPORT "npm/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "PyPI", OSV_EXPORT "PyPI/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "Go", OSV_EXPORT "Go/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "crates.io", OSV_EXPORT "crates.io/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "Maven", OSV_EXPORT "Maven/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "RubyGems", OSV_EXPORT "RubyGems/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "NuGet", OSV_EXPORT "NuGet/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "Packagist", OSV_EXPORT "Packagist/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "Debian", OSV_EXPORT "Debian/all.zip" },
	{ SCAN_VULNDB_FEED_OSV, "Alpine", OSV_EXPORT "Alpine/all.zip" },
	{ SCAN_VULNDB_FEED_KEV, NULL, "https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json" },
	{ SCAN_VULNDB_FEED_EPSS, NULL, "https://epss.empiricalsecurity.com/epss_scores-current.csv.gz" },
};
/* One OSV export per ecosystem Rampart reads: a new ecosystem needs its feed here. */
_Static_assert(sizeof(default_feeds) / sizeof(default_feeds[0]) == (size_t)SCAN_ECO__COUNT + 2,
               "default_feeds lists every ecosystem of scan/sca.h");

const scan_vulndb_feed *scan_vulndb_default_feeds(size_t *count)
{
	*count = sizeof(default_feeds) / sizeof(default_feeds[0]);
	return default_feeds;
}

const char *scan_vulndb_update_status_name(scan_vulndb_update_status s)
{
	switch (s) {
	case SCAN_VULNDB_UPDATED:
		return "updated";
	case SCAN_VULNDB_NOT_MODIFIED:
		return "not modified";
	case SCAN_VULNDB_FAILED:
		return "failed";
	}
	return "unknown";
}

/* --- names ----------------------------------------------------------------- */

/* It becomes a directory name: no '/', no leading '.', nothing a shell or a path would read twice. */
static bool valid_ecosystem(const char *s, size_t len)
{
	if (!len || len > ECOSYSTEM_MAX || s[0] == '.')
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
		      c == '_' || c == '-' || c == ':' || c == '+'))
			return false;
	}
	return true;
}

static bool valid_feed_url(const char *s, size_t len)
{
	if (len <= 8 || len > 4096 || strncasecmp(s, "https://", 8) != 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] == 0x7f)
			return false;
	return true;
}

/* "osv:PyPI", "kev", "epss": what scan_vulndb_import() names the source. */
static void source_name(scan_buf *out, const scan_vulndb_feed *f)
{
	if (f->kind == SCAN_VULNDB_FEED_OSV)
		scan_buf_printf(out, "osv:%s", f->ecosystem);
	else
		scan_buf_puts(out, f->kind == SCAN_VULNDB_FEED_KEV ? "kev" : "epss");
}

static bool same_source(const scan_vulndb_feed *a, const scan_vulndb_feed *b)
{
	if (a->kind != b->kind)
		return false;
	return a->kind != SCAN_VULNDB_FEED_OSV || !strcmp(a->ecosystem, b->ecosystem);
}

/* --- the feed list --------------------------------------------------------- */

static void free_const(const char *p)
{
	free((void *)(uintptr_t)p);
}

void scan_vulndb_feed_list_dispose(scan_vulndb_feed_list *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->count; i++) {
		free_const(l->feeds[i].ecosystem);
		free_const(l->feeds[i].url);
	}
	free(l->feeds);
	l->feeds = NULL;
	l->count = l->cap = 0;
}

static char *dup_n(const char *s, size_t len)
{
	char *p = malloc(len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* Appends, or replaces the entry of the same source: the later one wins. */
static int add_feed(scan_vulndb_feed_list *l, scan_vulndb_feed_kind kind, const char *eco, size_t eco_len,
                    const char *url, size_t url_len)
{
	scan_vulndb_feed f = { kind, NULL, NULL };
	size_t i;

	if (eco && !(f.ecosystem = dup_n(eco, eco_len)))
		return scan_error__oom();
	if (!(f.url = dup_n(url, url_len))) {
		free_const(f.ecosystem);
		return scan_error__oom();
	}
	for (i = 0; i < l->count && !same_source(&l->feeds[i], &f); i++)
		;
	if (i < l->count) {
		free_const(l->feeds[i].ecosystem);
		free_const(l->feeds[i].url);
	} else {
		if (l->count >= FEEDS_MAX) {
			free_const(f.ecosystem);
			free_const(f.url);
			return scan_util__error(SCAN_EINVAL, "feed list: more than %d feeds", FEEDS_MAX);
		}
		if (scan_array_reserve(&l->feeds, &l->cap, l->count + 1, sizeof(*l->feeds))) {
			free_const(f.ecosystem);
			free_const(f.url);
			return SCAN_ENOMEM;
		}
		l->count++;
	}
	l->feeds[i] = f;
	return 0;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* One entry, blanks trimmed; n counts entries for messages. */
static int parse_entry(scan_vulndb_feed_list *l, const char *s, size_t len, size_t n)
{
	const char *eq, *name, *url;
	size_t name_len, url_len;

	if (len == 7 && !strncasecmp(s, "default", 7)) {
		for (size_t i = 0; i < sizeof(default_feeds) / sizeof(default_feeds[0]); i++) {
			const scan_vulndb_feed *d = &default_feeds[i];
			int rc = add_feed(l, d->kind, d->ecosystem, d->ecosystem ? strlen(d->ecosystem) : 0, d->url,
			                  strlen(d->url));
			if (rc)
				return rc;
		}
		return 0;
	}
	if (!(eq = memchr(s, '=', len)))
		return scan_util__error(SCAN_EINVAL, "feed list, entry %zu: '%.*s' is neither NAME=URL nor default", n,
		                        (int)(len > 80 ? 80 : len), s);
	name = s;
	name_len = (size_t)(eq - s);
	while (name_len && is_blank(name[name_len - 1]))
		name_len--;
	url = eq + 1;
	url_len = len - (size_t)(url - s);
	while (url_len && is_blank(*url))
		url++, url_len--;
	if (!valid_feed_url(url, url_len))
		return scan_util__error(SCAN_EINVAL, "feed list, entry %zu: '%.*s' is not an https URL", n,
		                        (int)(url_len > 80 ? 80 : url_len), url);
	if (name_len == 3 && !strncasecmp(name, "kev", 3))
		return add_feed(l, SCAN_VULNDB_FEED_KEV, NULL, 0, url, url_len);
	if (name_len == 4 && !strncasecmp(name, "epss", 4))
		return add_feed(l, SCAN_VULNDB_FEED_EPSS, NULL, 0, url, url_len);
	if (name_len >= 4 && !strncasecmp(name, "osv:", 4)) {
		if (!valid_ecosystem(name + 4, name_len - 4))
			return scan_util__error(SCAN_EINVAL, "feed list, entry %zu: '%.*s' is not an OSV ecosystem name", n,
			                        (int)(name_len - 4 > 80 ? 80 : name_len - 4), name + 4);
		return add_feed(l, SCAN_VULNDB_FEED_OSV, name + 4, name_len - 4, url, url_len);
	}
	return scan_util__error(SCAN_EINVAL, "feed list, entry %zu: unknown source '%.*s' (expected osv:<Ecosystem>, kev or epss)",
	                        n, (int)(name_len > 80 ? 80 : name_len), name);
}

int scan_vulndb_feeds_parse(scan_vulndb_feed_list *out, const char *text)
{
	size_t len = strlen(text), pos = 0, n = 0;
	char sep = memchr(text, '\n', len) ? '\n' : ',';
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (len > FEEDS_TEXT_MAX)
		return scan_util__error(SCAN_ELIMIT, "feed list: larger than %zu bytes", FEEDS_TEXT_MAX);
	while (pos <= len && !rc) {
		const char *s = text + pos, *end = memchr(s, sep, len - pos);
		size_t elen = end ? (size_t)(end - s) : len - pos;

		pos += elen + 1;
		while (elen && is_blank(*s))
			s++, elen--;
		while (elen && is_blank(s[elen - 1]))
			elen--;
		if (!elen || s[0] == '#')
			continue;
		rc = parse_entry(out, s, elen, ++n);
	}
	if (!rc && !out->count)
		rc = scan_util__error(SCAN_EINVAL, "feed list: no feeds");
	return rc;
}

/* --- the cache ------------------------------------------------------------- */

/* mkdir -p, one component at a time. */
static int make_dirs(const char *path)
{
	scan_buf p = SCAN_BUF_INIT;
	int rc = 0;

	scan_buf_init(&p, CACHE_PATH_MAX);
	if (scan_buf_puts(&p, path))
		return scan_util__error(SCAN_EINVAL, "the path '%.200s' is too long", path);
	for (size_t i = 1; i <= p.size && !rc; i++) {
		struct stat sb;
		if (i < p.size && p.ptr[i] != '/')
			continue;
		p.ptr[i] = '\0';
		if (mkdir(p.ptr, 0755) != 0 && errno != EEXIST)
			rc = scan_util__error(SCAN_EIO, "cannot create '%s': %s", p.ptr, strerror(errno));
		else if (stat(p.ptr, &sb) != 0 || !S_ISDIR(sb.st_mode))
			rc = scan_util__error(SCAN_EIO, "'%s' is not a directory", p.ptr);
		if (i < p.size)
			p.ptr[i] = '/';
	}
	scan_buf_dispose(&p);
	return rc;
}

static void cache_path(scan_buf *out, const char *cache, const scan_vulndb_feed *f, bool dir_only)
{
	switch (f->kind) {
	case SCAN_VULNDB_FEED_OSV:
		scan_buf_printf(out, "%s/osv/%s%s", cache, f->ecosystem, dir_only ? "" : "/all.zip");
		break;
	case SCAN_VULNDB_FEED_KEV:
		scan_buf_printf(out, "%s/kev%s", cache, dir_only ? "" : "/known_exploited_vulnerabilities.json");
		break;
	case SCAN_VULNDB_FEED_EPSS:
		scan_buf_printf(out, "%s/epss%s", cache, dir_only ? "" : "/epss_scores.csv");
		break;
	}
}

/* One update per cache at a time: two would write the same .part files. */
static int lock_cache(int *fd, const char *cache)
{
	scan_buf p = SCAN_BUF_INIT;
	int rc = 0;

	scan_buf_init(&p, CACHE_PATH_MAX + 16);
	scan_buf_printf(&p, "%s/.lock", cache);
	if (scan_buf_failed(&p))
		rc = scan_util__error(SCAN_EINVAL, "the path '%.200s' is too long", cache);
	else if ((*fd = open(p.ptr, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644)) < 0)
		rc = scan_util__error(SCAN_EIO, "cannot open '%s': %s", p.ptr, strerror(errno));
	else if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
		rc = errno == EWOULDBLOCK
		             ? scan_util__error(SCAN_EIO, "another update is using the feed cache '%s'", cache)
		             : scan_util__error(SCAN_EIO, "cannot lock '%s': %s", p.ptr, strerror(errno));
		close(*fd);
		*fd = -1;
	}
	scan_buf_dispose(&p);
	return rc;
}

/* --- checks before the import ---------------------------------------------- */

/*
 * The import detects a file's kind from its content; a feed URL that serves
 * something else (a captive portal's page, another feed by mistake) must not
 * replace a source of another kind, so the kind is checked first.
 */
static int sniff(const char *path, const scan_vulndb_feed *f, const char *name)
{
	unsigned char head[SNIFF_BYTES];
	size_t len = 0, i = 0;
	struct stat sb;
	int fd;
	bool ok = false;

	/* Only the head is read, but as every input is: non-blocking, and only from a regular file. */
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0)
		return scan_util__error(SCAN_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return scan_util__error(SCAN_EINVAL, "cannot read '%s': not a regular file", path);
	}
	while (len < sizeof(head)) {
		ssize_t n = read(fd, head + len, sizeof(head) - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	switch (f->kind) {
	case SCAN_VULNDB_FEED_OSV:
		ok = len >= 4 && !memcmp(head, "PK\x03\x04", 4);
		break;
	case SCAN_VULNDB_FEED_KEV:
		while (i < len && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
			i++;
		if (i < len && head[i] == '{')
			for (size_t k = i; k + 16 <= len && !ok; k++)
				ok = !memcmp(head + k, "\"catalogVersion\"", 16);
		break;
	case SCAN_VULNDB_FEED_EPSS:
		/* gzip, or the CSV's "#model_version:..." comment or "cve,epss,percentile" header. */
		ok = (len >= 2 && head[0] == 0x1f && head[1] == 0x8b) || (len >= 1 && head[0] == '#') ||
		     (len >= 4 && !strncasecmp((const char *)head, "cve,", 4));
		break;
	}
	if (!ok)
		return scan_util__error(SCAN_EPARSE, "%s: the download is not %s", name,
		                        f->kind == SCAN_VULNDB_FEED_OSV   ? "an OSV all.zip export"
		                        : f->kind == SCAN_VULNDB_FEED_KEV ? "the KEV JSON catalog"
		                                                     : "an EPSS CSV (plain or gzip)");
	return 0;
}

/* The default import step; ctx is the update's configuration. */
static int default_import(void *ctx, scan_store *st, const char *path, scan_vulndb_import_report *rep)
{
	const scan_vulndb_update_config *cfg = ctx;
	scan_vulndb_import_options opts = SCAN_VULNDB_IMPORT_OPTIONS_INIT;

	opts.allow_shrink = cfg->allow_shrink;
	return scan_vulndb_import(st, path, &opts, rep);
}

/* Read in chunks, not mapped: a cached file truncated meanwhile must not fault. */
static bool file_sha256(char out[65], const char *path)
{
	return scan_util__sha256_file_hex(out, path) == 0;
}

/* The store's source was imported from this very file (same SHA-256): a 304 needs no import. */
static bool default_imported(void *ctx, scan_store *st, const char *source, const char *path)
{
	scan_vulndb_source_list *l = NULL;
	char sha[65];
	bool same = false;

	(void)ctx;
	if (scan_vulndb_sources(&l, st) != 0)
		return false;
	for (size_t i = 0; i < scan_vulndb_source_list_count(l); i++) {
		const scan_vulndb_source *s = scan_vulndb_source_list_get(l, i);
		if (!strcmp(s->name, source)) {
			same = s->sha256 && file_sha256(sha, path) && !strcmp(sha, s->sha256);
			break;
		}
	}
	scan_vulndb_source_list_free(l);
	return same;
}

/* --- the update ------------------------------------------------------------ */

void scan_vulndb_update_report_dispose(scan_vulndb_update_report *rep)
{
	if (!rep)
		return;
	for (size_t i = 0; i < rep->count; i++) {
		free_const(rep->entries[i].name);
		free_const(rep->entries[i].url);
		free_const(rep->entries[i].path);
		free_const(rep->entries[i].message);
	}
	free(rep->entries);
	memset(rep, 0, sizeof(*rep));
}

/* The error just raised becomes the entry's; the update goes on with the next feed. */
static void entry_fail(scan_vulndb_update_entry *e, int code)
{
	e->status = SCAN_VULNDB_FAILED;
	e->code = code;
	free_const(e->message);
	e->message = dup_n(scan_error_last()->message, strlen(scan_error_last()->message));
}

static int check_feeds(const scan_vulndb_feed *feeds, size_t n)
{
	if (!n)
		return scan_util__error(SCAN_EINVAL, "no feeds to update");
	if (n > FEEDS_MAX)
		return scan_util__error(SCAN_EINVAL, "more than %d feeds", FEEDS_MAX);
	for (size_t i = 0; i < n; i++) {
		const scan_vulndb_feed *f = &feeds[i];
		if (f->kind != SCAN_VULNDB_FEED_OSV && f->kind != SCAN_VULNDB_FEED_KEV && f->kind != SCAN_VULNDB_FEED_EPSS)
			return scan_util__error(SCAN_EINVAL, "feed %zu: unknown kind %d", i + 1, (int)f->kind);
		if (!f->url || !f->url[0])
			return scan_util__error(SCAN_EINVAL, "feed %zu: no URL", i + 1);
		if (f->kind == SCAN_VULNDB_FEED_OSV && (!f->ecosystem || !valid_ecosystem(f->ecosystem, strlen(f->ecosystem))))
			return scan_util__error(SCAN_EINVAL, "feed %zu: '%.80s' is not an OSV ecosystem name", i + 1,
			                        f->ecosystem ? f->ecosystem : "");
		for (size_t k = 0; k < i; k++)
			if (same_source(&feeds[k], f))
				return scan_util__error(SCAN_EINVAL, "feed %zu: the same source as feed %zu", i + 1, k + 1);
	}
	return 0;
}

int scan_vulndb_update(scan_store *st, const scan_vulndb_update_config *cfg, scan_vulndb_update_report *rep)
{
	scan_vulndb_update_config defaults = SCAN_VULNDB_UPDATE_CONFIG_INIT;
	scan_download_options dl = SCAN_DOWNLOAD_OPTIONS_INIT;
	scan_buf cache = SCAN_BUF_INIT, path = SCAN_BUF_INIT;
	const scan_vulndb_feed *feeds;
	bool *pending = NULL;
	size_t n;
	int lock_fd = -1, rc, first = 0;
	int (*import)(void *, scan_store *, const char *, scan_vulndb_import_report *);
	bool (*imported)(void *, scan_store *, const char *, const char *);
	void *import_ctx;

	memset(rep, 0, sizeof(*rep));
	if ((rc = scan_error__check_version(cfg, 1, "scan_vulndb_update_config")) != 0)
		return rc;
	if (!cfg)
		cfg = &defaults;
	/* The default import needs a store; only hooks may go without. */
	assert(st || (cfg->import && cfg->imported));
	import = cfg->import ? cfg->import : default_import;
	import_ctx = cfg->import ? cfg->hook_ctx : (void *)(uintptr_t)cfg; /* default_import only reads it */
	imported = cfg->imported ? cfg->imported : default_imported;
	if (cfg->feeds) {
		feeds = cfg->feeds;
		n = cfg->nfeeds;
	} else {
		feeds = scan_vulndb_default_feeds(&n);
	}
	if ((rc = check_feeds(feeds, n)) != 0)
		return rc;
	dl.allow_http = cfg->allow_http;
	if (cfg->max_bytes)
		dl.max_bytes = cfg->max_bytes;

	scan_buf_init(&cache, CACHE_PATH_MAX);
	scan_buf_init(&path, CACHE_PATH_MAX + 128);
	if (cfg->cache_dir)
		scan_buf_puts(&cache, cfg->cache_dir);
	if (scan_buf_failed(&cache) || !cache.size) {
		rc = scan_util__error(SCAN_EINVAL, "the feed cache directory's path is empty or too long");
		goto done;
	}
	if ((rc = make_dirs(cache.ptr)) != 0 || (rc = lock_cache(&lock_fd, cache.ptr)) != 0)
		goto done;
	if (!(rep->entries = calloc(n, sizeof(*rep->entries))) || !(pending = calloc(n, sizeof(*pending)))) {
		rc = scan_error__oom();
		goto done;
	}
	rep->count = n;
	for (size_t i = 0; i < n; i++) {
		scan_vulndb_update_entry *e = &rep->entries[i];
		scan_buf_clear(&path);
		source_name(&path, &feeds[i]);
		e->name = dup_n(path.ptr, path.size);
		e->url = dup_n(feeds[i].url, strlen(feeds[i].url));
		scan_buf_clear(&path);
		cache_path(&path, cache.ptr, &feeds[i], false);
		if (scan_buf_failed(&path)) {
			rc = scan_util__error(SCAN_EINVAL, "the feed cache directory's path is too long");
			goto done;
		}
		e->path = dup_n(path.ptr, path.size);
		if (!e->name || !e->url || !e->path) {
			rc = scan_error__oom();
			goto done;
		}
	}

	/* Every download first: the network part is the one likely to fail, and a store is not held meanwhile. */
	for (size_t i = 0; i < n; i++) {
		scan_vulndb_update_entry *e = &rep->entries[i];
		scan_download_result res;
		scan_buf_clear(&path);
		cache_path(&path, cache.ptr, &feeds[i], true);
		memset(&res, 0, sizeof(res));
		rc = make_dirs(path.ptr);
		if (!rc)
			rc = scan_vulndb__download(&res, e->url, e->path, &dl);
		e->downloaded = res.received;
		e->resumed = res.resumed;
		if (rc) {
			entry_fail(e, rc);
			continue;
		}
		if (res.status == SCAN_DOWNLOAD_FETCHED || cfg->force || !imported(cfg->hook_ctx, st, e->name, e->path))
			pending[i] = true;
		else
			e->status = SCAN_VULNDB_NOT_MODIFIED;
	}
	for (size_t i = 0; i < n; i++) {
		scan_vulndb_update_entry *e = &rep->entries[i];
		if (!pending[i])
			continue;
		if ((rc = sniff(e->path, &feeds[i], e->name)) != 0 ||
		    (rc = import(import_ctx, st, e->path, &e->import)) != 0) {
			entry_fail(e, rc);
			continue;
		}
		e->status = SCAN_VULNDB_UPDATED;
		e->records = (int64_t)(feeds[i].kind == SCAN_VULNDB_FEED_OSV   ? e->import.advisories
		                       : feeds[i].kind == SCAN_VULNDB_FEED_KEV ? e->import.kev
		                                                               : e->import.epss);
	}
	rc = 0;
	for (size_t i = 0; i < n; i++) {
		const scan_vulndb_update_entry *e = &rep->entries[i];
		if (e->status == SCAN_VULNDB_UPDATED)
			rep->updated++;
		else if (e->status == SCAN_VULNDB_NOT_MODIFIED)
			rep->not_modified++;
		else if (rep->failed++ == 0)
			first = (int)i;
	}
	if (rep->failed) {
		const scan_vulndb_update_entry *e = &rep->entries[first];
		rc = scan_util__error(e->code, "%zu of %zu feeds failed; the first: %s", rep->failed, n,
		                      e->message ? e->message : "out of memory");
	}
done:
	if (lock_fd >= 0)
		close(lock_fd);
	free(pending);
	scan_buf_dispose(&cache);
	scan_buf_dispose(&path);
	return rc;
}
