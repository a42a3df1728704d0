/*
 * tests/unit/test_sca_download.c - `rampart db update`: the resumable,
 * conditional, bounded download against an in-process civetweb on
 * 127.0.0.1 (static files, and handlers that misbehave on purpose), and
 * the update's orchestration with the import step replaced by a recorder.
 * Nothing here leaves the machine.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <civetweb.h>
#include "helpers.h"
#include "scan/vulndb_update.h"
#include "vulndb/download.h"
#include "scan/sca.h"
#include "util/error.h"

/* --- the server ------------------------------------------------------------ */

#define F_SIZE 100000
#define BIG_SIZE 300000
#define MEM_SIZE 200000
#define LOG_MAX 64

typedef struct {
	char uri[128];
	char range[64], if_range[128], if_none_match[128], if_modified_since[64];
} req_log;

static struct {
	struct mg_context *ctx;
	int port;
	char *root;
	pthread_mutex_t lock;
	req_log log[LOG_MAX];
	int nlog;
	/* /mem: a body held in memory, served with proper Range/If-Range semantics */
	unsigned char mem[MEM_SIZE];
	char mem_etag[64];            /* "" to send none */
	size_t mem_cut;               /* > 0: a 200 sends this many bytes of the body, then closes */
} srv;

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (unsigned char)(seed >> 16);
	}
}

static void copy_header(char *dst, size_t cap, const struct mg_connection *c, const char *name)
{
	const char *v = mg_get_header(c, name);

	snprintf(dst, cap, "%s", v ? v : "");
}

static int on_begin(struct mg_connection *c)
{
	const struct mg_request_info *ri = mg_get_request_info(c);

	pthread_mutex_lock(&srv.lock);
	if (srv.nlog < LOG_MAX) {
		req_log *l = &srv.log[srv.nlog++];
		snprintf(l->uri, sizeof(l->uri), "%s", ri->local_uri ? ri->local_uri : "");
		copy_header(l->range, sizeof(l->range), c, "Range");
		copy_header(l->if_range, sizeof(l->if_range), c, "If-Range");
		copy_header(l->if_none_match, sizeof(l->if_none_match), c, "If-None-Match");
		copy_header(l->if_modified_since, sizeof(l->if_modified_since), c, "If-Modified-Since");
	}
	pthread_mutex_unlock(&srv.lock);
	return 0; /* civetweb goes on: static file or handler */
}

static int on_log(const struct mg_connection *c, const char *msg)
{
	(void)c;
	(void)msg;
	return 1; /* quiet */
}

static void log_reset(void)
{
	pthread_mutex_lock(&srv.lock);
	srv.nlog = 0;
	pthread_mutex_unlock(&srv.lock);
}

static int log_count(void)
{
	int n;

	pthread_mutex_lock(&srv.lock);
	n = srv.nlog;
	pthread_mutex_unlock(&srv.lock);
	return n;
}

/* The i-th request since log_reset() (the server answered it before the client returned). */
static req_log log_get(int i)
{
	req_log l;

	pthread_mutex_lock(&srv.lock);
	assert_true(i < srv.nlog);
	l = srv.log[i];
	pthread_mutex_unlock(&srv.lock);
	return l;
}

static int mem_handler(struct mg_connection *c, void *cb)
{
	const char *range = mg_get_header(c, "Range"), *ifr = mg_get_header(c, "If-Range");
	const char *inm = mg_get_header(c, "If-None-Match");
	unsigned long long start = 0;
	bool partial = false;
	char etag_line[96] = "";
	size_t n;

	(void)cb;
	if (srv.mem_etag[0])
		snprintf(etag_line, sizeof(etag_line), "ETag: %s\r\n", srv.mem_etag);
	if (inm && srv.mem_etag[0] && !strcmp(inm, srv.mem_etag)) {
		mg_printf(c, "HTTP/1.1 304 Not Modified\r\n%sConnection: close\r\n\r\n", etag_line);
		return 304;
	}
	if (range && sscanf(range, "bytes=%llu-", &start) == 1 && (!ifr || (srv.mem_etag[0] && !strcmp(ifr, srv.mem_etag)))) {
		if (start >= MEM_SIZE) {
			mg_printf(c, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */%d\r\n%s"
			          "Content-Length: 9\r\nConnection: close\r\n\r\nno range\n", MEM_SIZE, etag_line);
			return 416;
		}
		partial = true;
	} else {
		start = 0;
	}
	if (partial)
		mg_printf(c, "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes %llu-%d/%d\r\n", start, MEM_SIZE - 1,
		          MEM_SIZE);
	else
		mg_printf(c, "HTTP/1.1 200 OK\r\n");
	mg_printf(c, "%sContent-Length: %llu\r\nConnection: close\r\n\r\n", etag_line,
	          (unsigned long long)MEM_SIZE - start);
	n = MEM_SIZE - (size_t)start;
	if (!partial && srv.mem_cut)
		n = srv.mem_cut;
	mg_write(c, srv.mem + start, n);
	return partial ? 206 : 200;
}

/* Answers any Range with the whole body as "bytes 0-...": a server that cannot resume but says it did. */
static int wrongrange_handler(struct mg_connection *c, void *cb)
{
	(void)cb;
	if (mg_get_header(c, "Range"))
		mg_printf(c, "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-%d/%d\r\n", MEM_SIZE - 1, MEM_SIZE);
	else
		mg_printf(c, "HTTP/1.1 200 OK\r\n");
	mg_printf(c, "ETag: \"w1\"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", MEM_SIZE);
	mg_write(c, srv.mem, MEM_SIZE);
	return 200;
}

/* No Content-Length: the body ends when the connection does, so only counting can stop it. */
static int endless_handler(struct mg_connection *c, void *cb)
{
	(void)cb;
	mg_printf(c, "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n");
	for (int i = 0; i < 30; i++)
		if (mg_write(c, srv.mem, 10000) <= 0)
			break;
	return 200;
}

/* With a body, as real servers send: it must not end up in the file. */
static int redirect_handler(struct mg_connection *c, void *cb)
{
	mg_printf(c, "HTTP/1.1 302 Found\r\nLocation: %s\r\nContent-Length: 6\r\nConnection: close\r\n\r\nmoved\n",
	          (const char *)cb);
	return 302;
}

static int html_handler(struct mg_connection *c, void *cb)
{
	static const char page[] = "<html><body>please log in to the hotel wifi</body></html>\n";

	(void)cb;
	mg_printf(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n%s",
	          sizeof(page) - 1, page);
	return 200;
}

static void url_of(char *out, size_t n, const char *path)
{
	snprintf(out, n, "http://127.0.0.1:%d%s", srv.port, path);
}

static int server_start(void **state)
{
	unsigned char *buf;
	struct mg_callbacks cb;
	struct mg_server_port ports[2];
	static const char zip1[] = "PK\x03\x04 a zip as far as the sniff goes";
	static const char zip2[] = "PK\x03\x04 another zip";
	static const char gz[] = "\x1f\x8b\x08\x00 gzip enough";
	const char *opts[] = { "document_root", NULL, "listening_ports", "127.0.0.1:0", "num_threads", "4",
		               "enable_keep_alive", "no", "request_timeout_ms", "10000", NULL };

	(void)state;
	/* A proxy from the environment would carry 127.0.0.1 away from here. */
	setenv("NO_PROXY", "*", 1);
	setenv("no_proxy", "*", 1);
	unsetenv("http_proxy");
	unsetenv("HTTP_PROXY");
	unsetenv("https_proxy");
	unsetenv("HTTPS_PROXY");
	unsetenv("ALL_PROXY");
	unsetenv("all_proxy");

	pthread_mutex_init(&srv.lock, NULL);
	srv.root = th_tmpdir();
	buf = malloc(BIG_SIZE);
	assert_non_null(buf);
	fill(buf, F_SIZE, 1);
	th_write_bytes(srv.root, "f.bin", buf, F_SIZE);
	fill(buf, BIG_SIZE, 2);
	th_write_bytes(srv.root, "big.bin", buf, BIG_SIZE);
	free(buf);
	/* The update's feeds: content that passes the kind check (the import is a recorder here). */
	th_write_bytes(srv.root, "osv/PyPI/all.zip", zip1, sizeof(zip1) - 1);
	th_write_bytes(srv.root, "osv/npm/all.zip", zip2, sizeof(zip2) - 1);
	th_write(srv.root, "kev.json", "{\n  \"title\": \"CISA Catalog of Known Exploited Vulnerabilities\",\n"
	                              "  \"catalogVersion\": \"2024.06.01\",\n  \"vulnerabilities\": []\n}\n");
	th_write_bytes(srv.root, "epss.csv.gz", gz, sizeof(gz) - 1);
	fill(srv.mem, MEM_SIZE, 3);
	snprintf(srv.mem_etag, sizeof(srv.mem_etag), "\"mem-v1\"");

	opts[1] = srv.root;
	memset(&cb, 0, sizeof(cb));
	cb.begin_request = on_begin;
	cb.log_message = on_log;
	cb.log_access = on_log;
	mg_init_library(0);
	srv.ctx = mg_start(&cb, NULL, opts);
	assert_non_null(srv.ctx);
	memset(ports, 0, sizeof(ports));
	assert_true(mg_get_server_ports(srv.ctx, 2, ports) >= 1);
	srv.port = ports[0].port;
	assert_true(srv.port > 0);
	mg_set_request_handler(srv.ctx, "/mem$", mem_handler, NULL);
	mg_set_request_handler(srv.ctx, "/wrongrange$", wrongrange_handler, NULL);
	mg_set_request_handler(srv.ctx, "/endless$", endless_handler, NULL);
	mg_set_request_handler(srv.ctx, "/html$", html_handler, NULL);
	mg_set_request_handler(srv.ctx, "/to-file$", redirect_handler, (void *)(uintptr_t)"file:///etc/passwd");
	mg_set_request_handler(srv.ctx, "/to-ftp$", redirect_handler, (void *)(uintptr_t)"ftp://127.0.0.1:9/x");
	mg_set_request_handler(srv.ctx, "/to-gopher$", redirect_handler, (void *)(uintptr_t)"gopher://127.0.0.1:9/x");
	mg_set_request_handler(srv.ctx, "/loop$", redirect_handler, (void *)(uintptr_t)"/loop");
	mg_set_request_handler(srv.ctx, "/to-f$", redirect_handler, (void *)(uintptr_t)"/f.bin");
	return 0;
}

static int server_stop(void **state)
{
	(void)state;
	mg_stop(srv.ctx);
	mg_exit_library();
	th_rmtree(srv.root);
	free(srv.root);
	pthread_mutex_destroy(&srv.lock);
	return 0;
}

/* --- helpers --------------------------------------------------------------- */

static scan_download_options http_opts(void)
{
	scan_download_options o = SCAN_DOWNLOAD_OPTIONS_INIT;

	o.allow_http = true;
	o.connect_timeout_s = 5;
	o.low_speed_time_s = 10;
	return o;
}

static bool exists(const char *path)
{
	struct stat sb;

	return lstat(path, &sb) == 0;
}

static char *path_in(const char *dir, const char *name)
{
	return th_join(dir, name);
}

/* dest holds exactly the n bytes at want. */
static void assert_file(const char *path, const void *want, size_t n)
{
	size_t len = 0;
	char *got = th_read(path, &len);

	if (!got)
		fail_msg("cannot read %s", path);
	if (len != n || memcmp(got, want, n))
		fail_msg("%s: %zu bytes, want %zu%s", path, len, n, len == n ? " (content differs)" : "");
	free(got);
}

static void assert_file_str(const char *path, const char *want)
{
	assert_file(path, want, strlen(want));
}

static void expect_fail(int rc, int code, const char *want1, const char *want2)
{
	const char *m = scan_error_last()->message;

	if (getenv("SHOW_MESSAGES"))
		fprintf(stderr, "message: %s\n", m);
	if (rc != code)
		fail_msg("expected %d, got %d: %s", code, rc, m);
	assert_int_equal(scan_error_last()->code, code);
	if (want1 && !strstr(m, want1))
		fail_msg("message '%s' lacks '%s'", m, want1);
	if (want2 && !strstr(m, want2))
		fail_msg("message '%s' lacks '%s'", m, want2);
	assert_null(strchr(m, '\n'));
}

/* The ETag civetweb gives f.bin, as the download stored it in a .meta file. */
static void meta_etag(char *out, size_t n, const char *meta_path)
{
	char *text = th_read(meta_path, NULL), *line;

	assert_non_null(text);
	line = strstr(text, "etag ");
	assert_non_null(line);
	line += 5;
	snprintf(out, n, "%.*s", (int)strcspn(line, "\n"), line);
	free(text);
}

static unsigned char *read_root(const char *rel, size_t *len)
{
	char *p = path_in(srv.root, rel);
	unsigned char *data = (unsigned char *)th_read(p, len);

	free(p);
	assert_non_null(data);
	return data;
}

/* --- downloads ------------------------------------------------------------- */

static void test_full_download(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], etag[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "f.bin"), *meta = path_in(dir, "f.bin.meta");
	char *part = path_in(dir, "f.bin.part");
	size_t len;
	unsigned char *want = read_root("f.bin", &len);

	(void)state;
	url_of(url, sizeof(url), "/f.bin");
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
	assert_int_equal(r.http_status, 200);
	assert_int_equal(r.size, F_SIZE);
	assert_int_equal(r.received, F_SIZE);
	assert_false(r.resumed);
	assert_file(dest, want, len);
	assert_false(exists(part));
	/* The validators are kept for the next run, with the URL they belong to. */
	meta_etag(etag, sizeof(etag), meta);
	assert_true(etag[0] == '"');
	{
		char *text = th_read(meta, NULL);
		char line[160];
		snprintf(line, sizeof(line), "url %s\n", url);
		assert_non_null(strstr(text, line));
		assert_non_null(strstr(text, "last-modified "));
		free(text);
	}
	assert_int_equal(log_count(), 1);
	assert_string_equal(log_get(0).range, "");
	assert_string_equal(log_get(0).if_none_match, "");
	free(want);
	free(part);
	free(meta);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_resume_static(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], etag[128], meta_text[400];
	char *dir = th_tmpdir(), *first = path_in(dir, "first.bin"), *dest = path_in(dir, "f.bin");
	char *first_meta = path_in(dir, "first.bin.meta"), *part = path_in(dir, "f.bin.part");
	size_t len;
	unsigned char *want = read_root("f.bin", &len);

	(void)state;
	url_of(url, sizeof(url), "/f.bin");
	/* The server's ETag for f.bin, the way an interrupted run would have stored it. */
	assert_int_equal(scan_vulndb__download(&r, url, first, &o), 0);
	meta_etag(etag, sizeof(etag), first_meta);
	th_write_bytes(dir, "f.bin.part", want, F_SIZE / 2);
	snprintf(meta_text, sizeof(meta_text), "url %s\netag %s\n", url, etag);
	th_write(dir, "f.bin.part.meta", meta_text);

	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
	assert_int_equal(r.http_status, 206);
	assert_true(r.resumed);
	assert_int_equal(r.received, F_SIZE - F_SIZE / 2);
	assert_int_equal(r.size, F_SIZE);
	assert_file(dest, want, len);
	assert_false(exists(part));
	assert_int_equal(log_count(), 1);
	assert_string_equal(log_get(0).range, "bytes=50000-");
	assert_string_equal(log_get(0).if_range, etag);

	/* Last-Modified alone is a validator too: If-Range carries the date. */
	{
		char *text = th_read(first_meta, NULL), *lm = strstr(text, "last-modified ");
		char date[80];
		assert_non_null(lm);
		lm += 14;
		snprintf(date, sizeof(date), "%.*s", (int)strcspn(lm, "\n"), lm);
		free(text);
		unlink(dest);
		th_write_bytes(dir, "f.bin.part", want, 1234);
		snprintf(meta_text, sizeof(meta_text), "url %s\nlast-modified %s\n", url, date);
		th_write(dir, "f.bin.part.meta", meta_text);
		log_reset();
		assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
		assert_true(r.resumed);
		assert_file(dest, want, len);
		assert_string_equal(log_get(0).range, "bytes=1234-");
		assert_string_equal(log_get(0).if_range, date);
	}
	/* A weak ETag alone cannot make a range request safe: the download starts over. */
	unlink(dest);
	th_write_bytes(dir, "f.bin.part", want, 1234);
	snprintf(meta_text, sizeof(meta_text), "url %s\netag W/%s\n", url, etag);
	th_write(dir, "f.bin.part.meta", meta_text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_false(r.resumed);
	assert_int_equal(r.received, F_SIZE);
	assert_string_equal(log_get(0).range, "");
	assert_file(dest, want, len);
	free(want);
	free(part);
	free(first_meta);
	free(dest);
	free(first);
	th_rmtree(dir);
	free(dir);
}

static void test_not_modified(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], etag[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "f.bin"), *meta = path_in(dir, "f.bin.meta");
	struct stat before, after;
	size_t len;
	unsigned char *want = read_root("f.bin", &len);

	(void)state;
	url_of(url, sizeof(url), "/f.bin");
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	meta_etag(etag, sizeof(etag), meta);
	assert_int_equal(stat(dest, &before), 0);

	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_NOT_MODIFIED);
	assert_int_equal(r.http_status, 304);
	assert_int_equal(r.received, 0);
	assert_int_equal(r.size, F_SIZE);
	assert_int_equal(log_count(), 1);
	assert_string_equal(log_get(0).if_none_match, etag);
	assert_true(log_get(0).if_modified_since[0] != '\0');
	assert_string_equal(log_get(0).range, "");
	assert_int_equal(stat(dest, &after), 0);
	assert_true(before.st_ino == after.st_ino && before.st_mtime == after.st_mtime);
	assert_file(dest, want, len);

	/* A .meta written for another URL is not sent to this one. */
	{
		char other[128];
		url_of(other, sizeof(other), "/to-f");
		log_reset();
		assert_int_equal(scan_vulndb__download(&r, other, dest, &o), 0);
		assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
		assert_string_equal(log_get(0).if_none_match, "");
		assert_file(dest, want, len);
	}
	free(want);
	free(meta);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* A tampered .meta cannot smuggle header lines: an invalid validator is not sent at all. */
static void test_meta_tampered(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], text[300];
	char *dir = th_tmpdir(), *dest = path_in(dir, "f.bin");

	(void)state;
	url_of(url, sizeof(url), "/f.bin");
	th_write(dir, "f.bin", "old");
	snprintf(text, sizeof(text), "url %s\netag \"x\"\rX-Injected: 1\nlast-modified Mon\x01" "day\n", url);
	th_write(dir, "f.bin.meta", text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
	assert_string_equal(log_get(0).if_none_match, "");
	assert_string_equal(log_get(0).if_modified_since, "");
	assert_int_equal(r.size, F_SIZE);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_not_found_keeps_dest(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "feed.zip"), *part = path_in(dir, "feed.zip.part");
	int rc;

	(void)state;
	th_write(dir, "feed.zip", "the previous download");
	url_of(url, sizeof(url), "/missing.zip");
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_ENOTFOUND, "http 404", url);
	assert_int_equal(r.http_status, 404);
	assert_file_str(dest, "the previous download");
	assert_false(exists(part));

	/* The message names the URL without its password. */
	snprintf(url, sizeof(url), "http://reader:s3cret@127.0.0.1:%d/missing.zip", srv.port);
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_ENOTFOUND, "http 404", "http://127.0.0.1:");
	assert_null(strstr(scan_error_last()->message, "s3cret"));
	assert_file_str(dest, "the previous download");
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_size_cap(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "big.bin"), *part = path_in(dir, "big.bin.part");
	char *meta = path_in(dir, "big.bin.part.meta");
	int rc;

	(void)state;
	o.max_bytes = 100000;
	/* Announced by Content-Length. */
	url_of(url, sizeof(url), "/big.bin");
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_ELIMIT, "larger than the limit of 100000 bytes", url);
	assert_false(exists(dest));
	assert_false(exists(part));
	/* Not announced: the body is counted as it comes. */
	url_of(url, sizeof(url), "/endless");
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_ELIMIT, "larger than the limit", url);
	assert_false(exists(dest));
	assert_false(exists(part));
	assert_false(exists(meta));
	/* Exactly at the limit is fine. */
	o.max_bytes = F_SIZE;
	url_of(url, sizeof(url), "/f.bin");
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.size, F_SIZE);
	free(meta);
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* The server closes mid-body: an error, .part kept, dest untouched; the next run resumes it. */
static void test_cut_then_resume(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "mem.bin"), *part = path_in(dir, "mem.bin.part");
	char *part_meta = path_in(dir, "mem.bin.part.meta"), *meta = path_in(dir, "mem.bin.meta");
	char etag[128];
	int rc;

	(void)state;
	th_write(dir, "mem.bin", "the previous download");
	url_of(url, sizeof(url), "/mem");
	srv.mem_cut = 70000;
	rc = scan_vulndb__download(&r, url, dest, &o);
	srv.mem_cut = 0;
	expect_fail(rc, SCAN_EIO, url, "ransfer");
	assert_file_str(dest, "the previous download");
	assert_file(part, srv.mem, 70000);
	meta_etag(etag, sizeof(etag), part_meta);
	assert_string_equal(etag, "\"mem-v1\"");
	assert_false(exists(meta));

	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
	assert_true(r.resumed);
	assert_int_equal(r.received, MEM_SIZE - 70000);
	assert_file(dest, srv.mem, MEM_SIZE);
	assert_string_equal(log_get(0).range, "bytes=70000-");
	assert_string_equal(log_get(0).if_range, "\"mem-v1\"");
	assert_false(exists(part));
	assert_false(exists(part_meta));
	meta_etag(etag, sizeof(etag), meta);
	assert_string_equal(etag, "\"mem-v1\"");
	free(meta);
	free(part_meta);
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* Without a validator a .part cannot be resumed safely: the next run starts over. */
static void test_cut_without_validator_restarts(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "mem.bin"), *part = path_in(dir, "mem.bin.part");

	(void)state;
	url_of(url, sizeof(url), "/mem");
	srv.mem_etag[0] = '\0';
	srv.mem_cut = 50000;
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), SCAN_EIO);
	srv.mem_cut = 0;
	assert_file(part, srv.mem, 50000);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	snprintf(srv.mem_etag, sizeof(srv.mem_etag), "\"mem-v1\"");
	assert_false(r.resumed);
	assert_int_equal(r.received, MEM_SIZE);
	assert_string_equal(log_get(0).range, "");
	assert_file(dest, srv.mem, MEM_SIZE);
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* The file changed since the .part: If-Range fails, the server sends it whole, the .part is replaced. */
static void test_if_range_mismatch_restarts(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], text[200], range[32];
	char *dir = th_tmpdir(), *dest = path_in(dir, "mem.bin");
	static const char older[] = "bytes of an older version of the file";

	(void)state;
	url_of(url, sizeof(url), "/mem");
	th_write(dir, "mem.bin.part", older);
	snprintf(range, sizeof(range), "bytes=%zu-", sizeof(older) - 1);
	snprintf(text, sizeof(text), "url %s\netag \"mem-v0\"\n", url);
	th_write(dir, "mem.bin.part.meta", text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.http_status, 200);
	assert_false(r.resumed);
	assert_int_equal(r.received, MEM_SIZE);
	assert_file(dest, srv.mem, MEM_SIZE);
	assert_string_equal(log_get(0).if_range, "\"mem-v0\"");
	assert_string_equal(log_get(0).range, range);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* A .part that already holds everything: 416 with the same total completes it. */
static void test_416_complete(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], text[200];
	char *dir = th_tmpdir(), *dest = path_in(dir, "mem.bin"), *part = path_in(dir, "mem.bin.part");

	(void)state;
	url_of(url, sizeof(url), "/mem");
	th_write_bytes(dir, "mem.bin.part", srv.mem, MEM_SIZE);
	snprintf(text, sizeof(text), "url %s\netag \"mem-v1\"\n", url);
	th_write(dir, "mem.bin.part.meta", text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.status, SCAN_DOWNLOAD_FETCHED);
	assert_int_equal(r.http_status, 416);
	assert_true(r.resumed);
	assert_int_equal(r.received, 0);
	assert_int_equal(r.size, MEM_SIZE);
	assert_file(dest, srv.mem, MEM_SIZE);
	assert_false(exists(part));
	assert_int_equal(log_count(), 1);

	/* A .part longer than the file is not complete: it is dropped and the file fetched again. */
	unlink(dest);
	th_write_bytes(dir, "mem.bin.part", "x", 1);
	{
		int fd = open(part, O_WRONLY | O_APPEND);
		assert_true(fd >= 0);
		for (int i = 0; i < 3; i++)
			assert_int_equal(write(fd, srv.mem, MEM_SIZE), MEM_SIZE);
		close(fd);
	}
	th_write(dir, "mem.bin.part.meta", text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(r.http_status, 200);
	assert_false(r.resumed);
	assert_file(dest, srv.mem, MEM_SIZE);
	assert_int_equal(log_count(), 2);
	assert_string_equal(log_get(1).range, "");
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* A server that answers a Range with other bytes, or ignores If-Range: the .part is dropped, one restart. */
static void test_bad_resume_restarts(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128], text[300], etag[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "w.bin"), *first = path_in(dir, "first.bin");
	char *first_meta = path_in(dir, "first.bin.meta"), *dest2 = path_in(dir, "f.bin");
	unsigned char *old;
	size_t len;

	(void)state;
	url_of(url, sizeof(url), "/wrongrange");
	th_write_bytes(dir, "w.bin.part", srv.mem, 1000);
	snprintf(text, sizeof(text), "url %s\netag \"w1\"\n", url);
	th_write(dir, "w.bin.part.meta", text);
	log_reset();
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_false(r.resumed);
	assert_file(dest, srv.mem, MEM_SIZE);
	assert_int_equal(log_count(), 2);
	assert_string_equal(log_get(0).range, "bytes=1000-");
	assert_string_equal(log_get(1).range, "");

	/* civetweb's static files ignore If-Range: a changed file resumed as if it were the same is caught. */
	url_of(url, sizeof(url), "/f.bin");
	assert_int_equal(scan_vulndb__download(&r, url, first, &o), 0);
	meta_etag(etag, sizeof(etag), first_meta);
	old = read_root("f.bin", &len);
	th_write_bytes(dir, "f.bin.part", old, 40000);
	snprintf(text, sizeof(text), "url %s\netag %s\n", url, etag);
	th_write(dir, "f.bin.part.meta", text);
	{
		/* The new f.bin: other bytes, another size, so another ETag. */
		unsigned char *fresh = malloc(F_SIZE + 10);
		assert_non_null(fresh);
		fill(fresh, F_SIZE + 10, 9);
		th_write_bytes(srv.root, "f.bin", fresh, F_SIZE + 10);
		log_reset();
		assert_int_equal(scan_vulndb__download(&r, url, dest2, &o), 0);
		assert_false(r.resumed);
		assert_file(dest2, fresh, F_SIZE + 10);
		assert_int_equal(log_count(), 2);
		assert_string_equal(log_get(0).range, "bytes=40000-");
		th_write_bytes(srv.root, "f.bin", old, len);
		free(fresh);
	}
	free(old);
	free(dest2);
	free(first_meta);
	free(first);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_redirects(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "x.bin"), *part = path_in(dir, "x.bin.part");
	size_t len;
	unsigned char *want = read_root("f.bin", &len);
	int rc;

	(void)state;
	/* Followed within http(s). */
	url_of(url, sizeof(url), "/to-f");
	assert_int_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_file(dest, want, len);
	unlink(dest);
	unlink(part);
	/* Refused to any other scheme. */
	url_of(url, sizeof(url), "/to-file");
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_EINVAL, url, "file");
	assert_false(exists(dest));
	assert_false(exists(part));
	url_of(url, sizeof(url), "/to-ftp");
	expect_fail(scan_vulndb__download(&r, url, dest, &o), SCAN_EINVAL, url, "ftp");
	url_of(url, sizeof(url), "/to-gopher");
	expect_fail(scan_vulndb__download(&r, url, dest, &o), SCAN_EINVAL, url, "gopher");
	assert_false(exists(dest));
	/* At most five. */
	url_of(url, sizeof(url), "/loop");
	log_reset();
	rc = scan_vulndb__download(&r, url, dest, &o);
	expect_fail(rc, SCAN_EIO, url, "edirect");
	assert_int_equal(log_count(), 1 + SCAN_DOWNLOAD_MAX_REDIRECTS);
	o.max_redirects = 50; /* more is not allowed */
	log_reset();
	assert_int_not_equal(scan_vulndb__download(&r, url, dest, &o), 0);
	assert_int_equal(log_count(), 1 + SCAN_DOWNLOAD_MAX_REDIRECTS);
	assert_false(exists(dest));
	free(want);
	free(part);
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_https_only(void **state)
{
	scan_download_options o = SCAN_DOWNLOAD_OPTIONS_INIT;
	scan_download_result r;
	char url[128];
	char *dir = th_tmpdir(), *dest = path_in(dir, "x.bin");

	(void)state;
	url_of(url, sizeof(url), "/f.bin");
	log_reset();
	expect_fail(scan_vulndb__download(&r, url, dest, &o), SCAN_EINVAL, "only https URLs are allowed", url);
	expect_fail(scan_vulndb__download(&r, url, dest, NULL), SCAN_EINVAL, "only https", NULL);
	assert_int_equal(log_count(), 0);
	o.allow_http = true;
	expect_fail(scan_vulndb__download(&r, "file:///etc/passwd", dest, &o), SCAN_EINVAL, "only http and https", NULL);
	expect_fail(scan_vulndb__download(&r, "ftp://127.0.0.1/x", dest, &o), SCAN_EINVAL, "only http and https", NULL);
	expect_fail(scan_vulndb__download(&r, "", dest, &o), SCAN_EINVAL, "not a URL", NULL);
	expect_fail(scan_vulndb__download(&r, "http://127.0.0.1/a b", dest, &o), SCAN_EINVAL, "not a URL", NULL);
	expect_fail(scan_vulndb__download(&r, "http://127.0.0.1/a\r\nX: y", dest, &o), SCAN_EINVAL, "not a URL", NULL);
	assert_int_equal(log_count(), 0);
	assert_false(exists(dest));
	/* TLS is on: an https URL to this plain-http server fails the handshake, it never falls back. */
	snprintf(url, sizeof(url), "https://127.0.0.1:%d/f.bin", srv.port);
	o.allow_http = false;
	expect_fail(scan_vulndb__download(&r, url, dest, &o), SCAN_EIO, url, NULL);
	assert_false(exists(dest));
	free(dest);
	th_rmtree(dir);
	free(dir);
}

static void test_connection_refused(void **state)
{
	scan_download_options o = http_opts();
	scan_download_result r;
	char *dir = th_tmpdir(), *dest = path_in(dir, "x.bin");

	(void)state;
	/* Port 9 (discard) has no listener here. */
	expect_fail(scan_vulndb__download(&r, "http://127.0.0.1:9/x", dest, &o), SCAN_EIO, "http://127.0.0.1:9/x", NULL);
	assert_false(exists(dest));
	free(dest);
	th_rmtree(dir);
	free(dir);
}

/* --- the feed list --------------------------------------------------------- */

static void test_default_feeds(void **state)
{
	size_t n;
	const scan_vulndb_feed *f = scan_vulndb_default_feeds(&n);
	bool kev = false, epss = false;

	(void)state;
	assert_int_equal(n, SCAN_ECO__COUNT + 2);
	for (int e = 0; e < SCAN_ECO__COUNT; e++) {
		const char *name = scan_ecosystem_name((scan_ecosystem)e);
		char want[200];
		bool found = false;
		snprintf(want, sizeof(want), "https://osv-vulnerabilities.storage.googleapis.com/%s/all.zip", name);
		for (size_t i = 0; i < n; i++)
			if (f[i].kind == SCAN_VULNDB_FEED_OSV && !strcmp(f[i].ecosystem, name)) {
				assert_string_equal(f[i].url, want);
				found = true;
			}
		if (!found)
			fail_msg("no default feed for %s", name);
	}
	for (size_t i = 0; i < n; i++) {
		if (f[i].kind == SCAN_VULNDB_FEED_KEV) {
			assert_string_equal(f[i].url,
			                    "https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json");
			kev = true;
		} else if (f[i].kind == SCAN_VULNDB_FEED_EPSS) {
			assert_string_equal(f[i].url, "https://epss.empiricalsecurity.com/epss_scores-current.csv.gz");
			epss = true;
		}
	}
	assert_true(kev && epss);
}

static void test_feeds_parse(void **state)
{
	scan_vulndb_feed_list l;

	(void)state;
	assert_int_equal(scan_vulndb_feeds_parse(&l,
	                 "# a mirror\n"
	                 "osv:PyPI = https://mirror.example/osv/PyPI/all.zip\r\n"
	                 "\n"
	                 "  kev=https://mirror.example/kev.json  \n"
	                 "osv:crates.io=https://mirror.example/osv/crates.io/all.zip?a=1,2\n"
	                 "epss=https://mirror.example/epss.csv.gz\n"), 0);
	assert_int_equal(l.count, 4);
	assert_int_equal(l.feeds[0].kind, SCAN_VULNDB_FEED_OSV);
	assert_string_equal(l.feeds[0].ecosystem, "PyPI");
	assert_string_equal(l.feeds[0].url, "https://mirror.example/osv/PyPI/all.zip");
	assert_int_equal(l.feeds[1].kind, SCAN_VULNDB_FEED_KEV);
	assert_null(l.feeds[1].ecosystem);
	assert_string_equal(l.feeds[1].url, "https://mirror.example/kev.json");
	assert_string_equal(l.feeds[2].ecosystem, "crates.io");
	/* One per line: a comma belongs to the URL. */
	assert_string_equal(l.feeds[2].url, "https://mirror.example/osv/crates.io/all.zip?a=1,2");
	assert_int_equal(l.feeds[3].kind, SCAN_VULNDB_FEED_EPSS);
	scan_vulndb_feed_list_dispose(&l);

	/* The environment form: commas; default first, then one URL replaced. */
	assert_int_equal(scan_vulndb_feeds_parse(&l, "default, epss=https://mirror.example/e.csv ,osv:Go=https://m.example/go.zip"), 0);
	assert_int_equal(l.count, SCAN_ECO__COUNT + 2);
	for (size_t i = 0; i < l.count; i++) {
		if (l.feeds[i].kind == SCAN_VULNDB_FEED_EPSS)
			assert_string_equal(l.feeds[i].url, "https://mirror.example/e.csv");
		else if (l.feeds[i].kind == SCAN_VULNDB_FEED_OSV && !strcmp(l.feeds[i].ecosystem, "Go"))
			assert_string_equal(l.feeds[i].url, "https://m.example/go.zip");
		else if (l.feeds[i].kind == SCAN_VULNDB_FEED_OSV)
			assert_non_null(strstr(l.feeds[i].url, "osv-vulnerabilities.storage.googleapis.com"));
	}
	scan_vulndb_feed_list_dispose(&l);

	assert_int_equal(scan_vulndb_feeds_parse(&l, "osv:Debian:12=https://m.example/d12.zip"), 0);
	assert_string_equal(l.feeds[0].ecosystem, "Debian:12");
	scan_vulndb_feed_list_dispose(&l);

	expect_fail(scan_vulndb_feeds_parse(&l, "kev=https://a.example/k,nvd=https://a.example/n"), SCAN_EINVAL,
	            "entry 2", "unknown source 'nvd'");
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "kev=http://a.example/k"), SCAN_EINVAL, "entry 1", "not an https URL");
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "epss=file:///etc/passwd"), SCAN_EINVAL, "not an https URL", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "osv:../../etc=https://a.example/x"), SCAN_EINVAL,
	            "'../../etc' is not an OSV ecosystem name", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "osv:a/b=https://a.example/x"), SCAN_EINVAL, "not an OSV ecosystem", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "osv:=https://a.example/x"), SCAN_EINVAL, "not an OSV ecosystem", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "# only a comment\n\n"), SCAN_EINVAL, "no feeds", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "https://a.example/x"), SCAN_EINVAL, "neither NAME=URL nor default", NULL);
	scan_vulndb_feed_list_dispose(&l);
	expect_fail(scan_vulndb_feeds_parse(&l, "kev=https://a.example/a b"), SCAN_EINVAL, "not an https URL", NULL);
	scan_vulndb_feed_list_dispose(&l);
}

/* --- the update ------------------------------------------------------------ */

#define CALLS_MAX 16

/* Stands in for the store: records what would be imported, answers what the store would hold. */
typedef struct {
	char calls[CALLS_MAX][512];
	int ncalls;
	bool holds;                /* what `imported` answers */
	const char *fail_suffix;   /* an import of a path ending so fails with SCAN_EPARSE */
	char asked[CALLS_MAX][64]; /* the sources `imported` was asked about */
	int nasked;
} recorder;

static int rec_import(void *ctx, scan_store *st, const char *path, scan_vulndb_import_report *rep)
{
	recorder *r = ctx;
	size_t n = strlen(path);

	assert_null(st);
	memset(rep, 0, sizeof(*rep));
	assert_true(r->ncalls < CALLS_MAX);
	snprintf(r->calls[r->ncalls++], sizeof(r->calls[0]), "%s", path);
	if (r->fail_suffix && n >= strlen(r->fail_suffix) && !strcmp(path + n - strlen(r->fail_suffix), r->fail_suffix)) {
		scan_error_clear();
		return scan_util__error(SCAN_EPARSE, "'%s': a broken feed", path);
	}
	rep->sources = 1;
	rep->advisories = 11;
	rep->kev = 22;
	rep->epss = 33;
	return 0;
}

static bool rec_imported(void *ctx, scan_store *st, const char *source, const char *path)
{
	recorder *r = ctx;

	(void)st;
	(void)path;
	assert_true(r->nasked < CALLS_MAX);
	snprintf(r->asked[r->nasked++], sizeof(r->asked[0]), "%s", source);
	return r->holds;
}

typedef struct {
	char *cache;
	char urls[4][128];
	scan_vulndb_feed feeds[4];
	recorder rec;
	scan_vulndb_update_config cfg;
} update_fixture;

static void fixture_init(update_fixture *fx)
{
	scan_vulndb_update_config init = SCAN_VULNDB_UPDATE_CONFIG_INIT;

	memset(fx, 0, sizeof(*fx));
	fx->cache = th_tmpdir();
	url_of(fx->urls[0], sizeof(fx->urls[0]), "/osv/PyPI/all.zip");
	url_of(fx->urls[1], sizeof(fx->urls[1]), "/kev.json");
	url_of(fx->urls[2], sizeof(fx->urls[2]), "/epss.csv.gz");
	url_of(fx->urls[3], sizeof(fx->urls[3]), "/osv/npm/all.zip");
	fx->feeds[0] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_OSV, "PyPI", fx->urls[0] };
	fx->feeds[1] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_KEV, NULL, fx->urls[1] };
	fx->feeds[2] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_EPSS, NULL, fx->urls[2] };
	fx->feeds[3] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_OSV, "npm", fx->urls[3] };
	fx->cfg = init;
	fx->cfg.cache_dir = fx->cache;
	fx->cfg.feeds = fx->feeds;
	fx->cfg.nfeeds = 3;
	fx->cfg.allow_http = true;
	fx->cfg.import = rec_import;
	fx->cfg.imported = rec_imported;
	fx->cfg.hook_ctx = &fx->rec;
}

static void fixture_dispose(update_fixture *fx)
{
	th_rmtree(fx->cache);
	free(fx->cache);
}

static void assert_cache_path(const update_fixture *fx, const char *got, const char *rel)
{
	char want[600];

	snprintf(want, sizeof(want), "%s/%s", fx->cache, rel);
	assert_string_equal(got, want);
}

static void test_update_then_not_modified(void **state)
{
	update_fixture fx;
	scan_vulndb_update_report rep;

	(void)state;
	fixture_init(&fx);
	/* First run: everything downloaded and imported, in the order given. */
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	assert_int_equal(rep.count, 3);
	assert_int_equal(rep.updated, 3);
	assert_int_equal(rep.not_modified + rep.failed, 0);
	assert_string_equal(rep.entries[0].name, "osv:PyPI");
	assert_string_equal(rep.entries[1].name, "kev");
	assert_string_equal(rep.entries[2].name, "epss");
	assert_cache_path(&fx, rep.entries[0].path, "osv/PyPI/all.zip");
	assert_cache_path(&fx, rep.entries[1].path, "kev/known_exploited_vulnerabilities.json");
	assert_cache_path(&fx, rep.entries[2].path, "epss/epss_scores.csv");
	for (int i = 0; i < 3; i++) {
		assert_int_equal(rep.entries[i].status, SCAN_VULNDB_UPDATED);
		assert_string_equal(rep.entries[i].url, fx.urls[i]);
		assert_null(rep.entries[i].message);
		assert_string_equal(fx.rec.calls[i], rep.entries[i].path);
		assert_true(rep.entries[i].downloaded > 0);
	}
	assert_int_equal(rep.entries[0].records, 11);
	assert_int_equal(rep.entries[1].records, 22);
	assert_int_equal(rep.entries[2].records, 33);
	assert_int_equal(rep.entries[1].import.kev, 22);
	assert_int_equal(fx.rec.ncalls, 3);
	assert_int_equal(fx.rec.nasked, 0); /* a new file is imported without asking */
	{
		size_t len;
		unsigned char *want = read_root("kev.json", &len);
		assert_file(rep.entries[1].path, want, len);
		free(want);
	}
	assert_string_equal(scan_vulndb_update_status_name(rep.entries[0].status), "updated");
	scan_vulndb_update_report_dispose(&rep);

	/* Second run: the server says 304 and the store holds the files: nothing is imported. */
	fx.rec.ncalls = 0;
	fx.rec.holds = true;
	log_reset();
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	assert_int_equal(rep.not_modified, 3);
	assert_int_equal(fx.rec.ncalls, 0);
	assert_int_equal(fx.rec.nasked, 3);
	assert_string_equal(fx.rec.asked[0], "osv:PyPI");
	assert_string_equal(fx.rec.asked[1], "kev");
	assert_string_equal(fx.rec.asked[2], "epss");
	assert_int_equal(log_count(), 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(rep.entries[i].status, SCAN_VULNDB_NOT_MODIFIED);
		assert_int_equal(rep.entries[i].downloaded, 0);
		assert_true(log_get(i).if_none_match[0] == '"');
	}
	assert_string_equal(scan_vulndb_update_status_name(SCAN_VULNDB_NOT_MODIFIED), "not modified");
	scan_vulndb_update_report_dispose(&rep);

	/* 304, but the store lacks the data (a failed import last time, another database): imported again. */
	fx.rec.holds = false;
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	assert_int_equal(rep.updated, 3);
	assert_int_equal(fx.rec.ncalls, 3);
	assert_int_equal(rep.entries[0].downloaded, 0);
	scan_vulndb_update_report_dispose(&rep);

	/* force: imported whatever the store holds. */
	fx.rec.ncalls = 0;
	fx.rec.nasked = 0;
	fx.rec.holds = true;
	fx.cfg.force = true;
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	assert_int_equal(rep.updated, 3);
	assert_int_equal(fx.rec.ncalls, 3);
	scan_vulndb_update_report_dispose(&rep);
	fixture_dispose(&fx);
}

/* One feed's failure keeps that source's previous data and does not stop the others. */
static void test_update_failures_are_per_source(void **state)
{
	update_fixture fx;
	scan_vulndb_update_report rep;
	char missing[128], html[128];
	int rc;

	(void)state;
	fixture_init(&fx);
	url_of(missing, sizeof(missing), "/osv/Nope/all.zip");
	url_of(html, sizeof(html), "/html");
	fx.feeds[0].url = missing;                 /* download fails: 404 */
	fx.rec.fail_suffix = "/known_exploited_vulnerabilities.json"; /* import fails */
	fx.feeds[3].url = html;                    /* a captive portal's page for a zip */
	fx.cfg.nfeeds = 4;
	rc = scan_vulndb_update(NULL, &fx.cfg, &rep);
	expect_fail(rc, SCAN_ENOTFOUND, "3 of 4 feeds failed", "http 404");
	assert_int_equal(rep.count, 4);
	assert_int_equal(rep.failed, 3);
	assert_int_equal(rep.updated, 1);
	assert_int_equal(rep.entries[0].status, SCAN_VULNDB_FAILED);
	assert_int_equal(rep.entries[0].code, SCAN_ENOTFOUND);
	assert_non_null(strstr(rep.entries[0].message, "http 404"));
	assert_non_null(strstr(rep.entries[0].message, missing));
	assert_int_equal(rep.entries[1].status, SCAN_VULNDB_FAILED);
	assert_int_equal(rep.entries[1].code, SCAN_EPARSE);
	assert_non_null(strstr(rep.entries[1].message, "a broken feed"));
	assert_int_equal(rep.entries[2].status, SCAN_VULNDB_UPDATED);
	assert_int_equal(rep.entries[2].records, 33);
	assert_int_equal(rep.entries[3].status, SCAN_VULNDB_FAILED);
	assert_int_equal(rep.entries[3].code, SCAN_EPARSE);
	assert_string_equal(rep.entries[3].message, "osv:npm: the download is not an OSV all.zip export");
	assert_string_equal(scan_vulndb_update_status_name(rep.entries[3].status), "failed");
	/* The 404 and the HTML page never reach the import; the broken KEV and EPSS do. */
	assert_int_equal(fx.rec.ncalls, 2);
	assert_string_equal(fx.rec.calls[0], rep.entries[1].path);
	assert_string_equal(fx.rec.calls[1], rep.entries[2].path);
	assert_false(exists(rep.entries[0].path));
	scan_vulndb_update_report_dispose(&rep);

	/* Next run, the KEV import works again: the file is still in the cache; a 304 does not hide it. */
	fx.rec.ncalls = 0;
	fx.rec.fail_suffix = NULL;
	fx.rec.holds = false;
	fx.feeds[0].url = fx.urls[0];
	fx.feeds[3].url = fx.urls[3];
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	assert_int_equal(rep.updated, 4);
	assert_int_equal(fx.rec.ncalls, 4);
	scan_vulndb_update_report_dispose(&rep);
	fixture_dispose(&fx);
}

static void test_update_bad_config(void **state)
{
	update_fixture fx;
	scan_vulndb_update_report rep;
	scan_vulndb_feed bad[2];
	int fd;
	char *lock;

	(void)state;
	fixture_init(&fx);
	/* The same source twice would share a cache file. */
	bad[0] = fx.feeds[1];
	bad[1] = fx.feeds[1];
	fx.cfg.feeds = bad;
	fx.cfg.nfeeds = 2;
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EINVAL, "the same source", NULL);
	assert_int_equal(rep.count, 0);
	scan_vulndb_update_report_dispose(&rep);
	/* An ecosystem is a directory name: no path tricks. */
	bad[0] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_OSV, "../../x", fx.urls[0] };
	fx.cfg.nfeeds = 1;
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EINVAL, "not an OSV ecosystem name", NULL);
	scan_vulndb_update_report_dispose(&rep);
	bad[0] = (scan_vulndb_feed){ SCAN_VULNDB_FEED_OSV, NULL, fx.urls[0] };
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EINVAL, "not an OSV ecosystem name", NULL);
	scan_vulndb_update_report_dispose(&rep);
	fx.cfg.nfeeds = 0;
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EINVAL, "no feeds", NULL);
	scan_vulndb_update_report_dispose(&rep);
	/* Without allow_http, http feeds fail one by one (the CLI never sets it). */
	fx.cfg.feeds = fx.feeds;
	fx.cfg.nfeeds = 3;
	fx.cfg.allow_http = false;
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EINVAL, "3 of 3 feeds failed", "only https");
	assert_int_equal(rep.failed, 3);
	assert_int_equal(fx.rec.ncalls, 0);
	scan_vulndb_update_report_dispose(&rep);
	fx.cfg.allow_http = true;

	/* A second update of the same cache waits for nobody: it fails at once. */
	lock = path_in(fx.cache, ".lock");
	fd = open(lock, O_RDWR | O_CREAT, 0644);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
	expect_fail(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EIO, "another update is using the feed cache", NULL);
	scan_vulndb_update_report_dispose(&rep);
	close(fd);
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), 0);
	scan_vulndb_update_report_dispose(&rep);
	free(lock);
	fixture_dispose(&fx);
}

/* An interrupted run leaves a .part in the cache; the next run resumes it. */
static void test_update_resumes(void **state)
{
	update_fixture fx;
	scan_vulndb_update_report rep;
	char url[128];
	scan_vulndb_feed one;

	(void)state;
	fixture_init(&fx);
	url_of(url, sizeof(url), "/mem");
	one = (scan_vulndb_feed){ SCAN_VULNDB_FEED_OSV, "Mem", url };
	fx.cfg.feeds = &one;
	fx.cfg.nfeeds = 1;
	srv.mem_cut = 120000;
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EIO);
	srv.mem_cut = 0;
	assert_int_equal(rep.entries[0].status, SCAN_VULNDB_FAILED);
	assert_int_equal(rep.entries[0].downloaded, 120000);
	assert_non_null(strstr(rep.entries[0].message, "partial"));
	assert_int_equal(fx.rec.ncalls, 0);
	scan_vulndb_update_report_dispose(&rep);
	log_reset();
	/* srv.mem is random bytes, not a zip: the resumed file is downloaded whole and then refused by the kind check. */
	assert_int_equal(scan_vulndb_update(NULL, &fx.cfg, &rep), SCAN_EPARSE);
	assert_true(rep.entries[0].resumed);
	assert_int_equal(rep.entries[0].downloaded, MEM_SIZE - 120000);
	assert_string_equal(log_get(0).range, "bytes=120000-");
	assert_file(rep.entries[0].path, srv.mem, MEM_SIZE);
	scan_vulndb_update_report_dispose(&rep);
	fixture_dispose(&fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_download),
		cmocka_unit_test(test_resume_static),
		cmocka_unit_test(test_not_modified),
		cmocka_unit_test(test_meta_tampered),
		cmocka_unit_test(test_not_found_keeps_dest),
		cmocka_unit_test(test_size_cap),
		cmocka_unit_test(test_cut_then_resume),
		cmocka_unit_test(test_cut_without_validator_restarts),
		cmocka_unit_test(test_if_range_mismatch_restarts),
		cmocka_unit_test(test_416_complete),
		cmocka_unit_test(test_bad_resume_restarts),
		cmocka_unit_test(test_redirects),
		cmocka_unit_test(test_https_only),
		cmocka_unit_test(test_connection_refused),
		cmocka_unit_test(test_default_feeds),
		cmocka_unit_test(test_feeds_parse),
		cmocka_unit_test(test_update_then_not_modified),
		cmocka_unit_test(test_update_failures_are_per_source),
		cmocka_unit_test(test_update_bad_config),
		cmocka_unit_test(test_update_resumes),
	};

	return cmocka_run_group_tests(tests, server_start, server_stop);
}
