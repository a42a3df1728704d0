/* lib/vulndb/download.c - fetching one feed URL into a file with libcurl: resumable, conditional, bounded */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <curl/curl.h>
#include "vulndb/download.h"
#include "scan/buf.h"
#include "util/error.h"
#include "util/global.h"
#include "util/rulefiles.h"
#include "util/number.h"

/*
 * The server is not trusted: it may lie about lengths, ranges and
 * validators, stall, redirect anywhere, or send more than it announced.
 * What it says is checked before it decides anything here, and what is
 * echoed back to it (validators in If-Range, If-None-Match) is checked
 * once more when read from the .meta file, so a tampered cache cannot
 * inject header lines.
 */

#define URL_MAX 4096
#define PATH_MAX_LEN 4096
#define META_MAX 4096          /* bytes of a .meta file; larger is ignored */
#define VALIDATOR_MAX 256      /* bytes of an ETag or Last-Modified value */
#define MSG_URL_MAX 200        /* bytes of a URL quoted in a message */
#define ATTEMPTS 2             /* a refused resume restarts once from zero */

typedef struct {
	char url[URL_MAX + 1];
	char etag[VALIDATOR_MAX + 1];
	char last_modified[VALIDATOR_MAX + 1];
} meta;

enum stop { STOP_NONE, STOP_STATUS, STOP_LIMIT, STOP_IO, STOP_BADRANGE };

typedef struct {
	CURL *curl;
	const char *url;
	const char *part, *part_meta;
	uint64_t max_bytes;
	/* the request */
	uint64_t offset;           /* bytes of .part asked to be continued; 0: a whole download */
	const meta *resume_meta;   /* the .part's validators, when resuming */
	bool resume_by_etag;       /* If-Range carried the ETag (else Last-Modified) */
	/* the response being received: reset by each status line (redirects, 1xx) */
	meta got;
	bool has_range, range_unsatisfied, range_total_known;
	uint64_t range_start, range_total;
	/* the body */
	bool started;
	long status;
	int fd;
	uint64_t written;          /* bytes in .part */
	uint64_t received;         /* body bytes of this call */
	bool resumed;
	enum stop stop;
	int saved_errno;
	char detail[160];          /* why a response was refused (STOP_BADRANGE, STOP_IO) */
} xfer;

/* --- small helpers --------------------------------------------------------- */

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static bool ieq_n(const char *a, size_t alen, const char *b)
{
	size_t n = strlen(b);

	if (alen != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return false;
	return true;
}

static bool iprefix(const char *s, const char *prefix)
{
	for (; *prefix; s++, prefix++)
		if (lower((unsigned char)*s) != lower((unsigned char)*prefix))
			return false;
	return true;
}

/* The URL as messages quote it: no user:password@, at most MSG_URL_MAX bytes. */
static void url_for_message(char out[MSG_URL_MAX + 1], const char *url)
{
	const char *scheme_end = strstr(url, "://"), *rest = url;
	size_t keep = 0;
	int n;

	if (scheme_end) {
		const char *host = scheme_end + 3, *end = host + strcspn(host, "/?#");
		/* The last '@' of the authority ends the userinfo. */
		for (const char *s = host; s < end; s++)
			if (*s == '@')
				rest = s + 1;
		if (rest != url)
			keep = (size_t)(host - url);
	}
	n = snprintf(out, MSG_URL_MAX + 1, "%.*s%s", (int)keep, url, rest);
	if (n < 0)
		out[0] = '\0';
	else if (n > MSG_URL_MAX)
		memcpy(out + MSG_URL_MAX - 3, "...", 3);
}

static int fail_url(int code, const char *url, const char *cause)
{
	char u[MSG_URL_MAX + 1];

	url_for_message(u, url);
	return scan_util__error(code, "cannot download '%s': %s", u, cause);
}

/* entity-tag = [ W/ ] DQUOTE *etagc DQUOTE (RFC 9110 8.8.3); no controls, no inner quote. */
static bool valid_etag(const char *s, size_t len)
{
	size_t i = 0;

	if (len > VALIDATOR_MAX)
		return false;
	if (len >= 2 && s[0] == 'W' && s[1] == '/')
		i = 2;
	if (len < i + 2 || s[i] != '"' || s[len - 1] != '"')
		return false;
	for (i++; i < len - 1; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x21 || c == '"' || c == 0x7f)
			return false;
	}
	return true;
}

/* An HTTP date is printable ASCII; it is echoed back verbatim, as RFC 9110 13.1.3 advises. */
static bool valid_date(const char *s, size_t len)
{
	if (!len || len > 64)
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return false;
	return true;
}

static bool valid_url_text(const char *url)
{
	size_t n = strlen(url);

	if (!n || n > URL_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)url[i] <= 0x20 || (unsigned char)url[i] == 0x7f)
			return false;
	return true;
}

static bool strong_etag(const meta *m)
{
	return m->etag[0] == '"';
}

static void set_value(char *dst, size_t cap, const char *s, size_t len)
{
	if (len >= cap)
		len = cap - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/* --- .meta files ----------------------------------------------------------- */

/* false when missing, unreadable, too large or for another URL: as if there were none. */
static bool meta_read(meta *m, const char *path, const char *url)
{
	char *buf = NULL;
	size_t len = 0;
	bool url_seen = false;

	memset(m, 0, sizeof(*m));
	/* The one bounded reader: a FIFO put in the cache is refused, not waited on. */
	if (scan_util__read_file_at(&buf, &len, AT_FDCWD, path, NULL, META_MAX, SCAN_FILE_NOFOLLOW | SCAN_FILE_OPTIONAL) != 0 ||
	    !buf)
		return false;
	for (size_t pos = 0; pos < len;) {
		const char *line = buf + pos, *nl = memchr(line, '\n', len - pos), *sp;
		size_t llen = nl ? (size_t)(nl - line) : len - pos;

		pos += llen + 1;
		if (!(sp = memchr(line, ' ', llen)))
			continue;
		const char *v = sp + 1;
		size_t klen = (size_t)(sp - line), vlen = llen - klen - 1;
		if (ieq_n(line, klen, "url")) {
			url_seen = vlen == strlen(url) && !memcmp(v, url, vlen);
		} else if (ieq_n(line, klen, "etag")) {
			if (valid_etag(v, vlen))
				set_value(m->etag, sizeof(m->etag), v, vlen);
		} else if (ieq_n(line, klen, "last-modified")) {
			if (valid_date(v, vlen))
				set_value(m->last_modified, sizeof(m->last_modified), v, vlen);
		}
	}
	free(buf);
	if (!url_seen)
		return false;
	snprintf(m->url, sizeof(m->url), "%s", url);
	return true;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Written beside, then renamed: a reader sees the old file or the new one. */
static int meta_write(const char *path, const char *url, const meta *m)
{
	scan_buf text = SCAN_BUF_INIT, tmp = SCAN_BUF_INIT;
	int fd = -1, rc = -1;

	scan_buf_init(&text, META_MAX);
	scan_buf_printf(&text, "url %s\n", url);
	if (m->etag[0])
		scan_buf_printf(&text, "etag %s\n", m->etag);
	if (m->last_modified[0])
		scan_buf_printf(&text, "last-modified %s\n", m->last_modified);
	scan_buf_init(&tmp, PATH_MAX_LEN + 16);
	scan_buf_printf(&tmp, "%s.tmp", path);
	if (scan_buf_failed(&text) || scan_buf_failed(&tmp)) {
		errno = ENAMETOOLONG;
		goto done;
	}
	if ((fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644)) < 0)
		goto done;
	if (write_all(fd, text.ptr, text.size) != 0 || close(fd) != 0) {
		fd = -1;
		unlink(tmp.ptr);
		goto done;
	}
	fd = -1;
	if (rename(tmp.ptr, path) != 0) {
		unlink(tmp.ptr);
		goto done;
	}
	rc = 0;
done:
	if (fd >= 0)
		close(fd);
	scan_buf_dispose(&text);
	scan_buf_dispose(&tmp);
	return rc;
}

/* --- libcurl callbacks ----------------------------------------------------- */

/* Content-Range: "bytes FIRST-LAST/TOTAL", TOTAL may be a star; a 416 has a star for FIRST-LAST. Anything else: no range. */
static void parse_content_range(xfer *x, const char *v, size_t len)
{
	const char *slash, *dash;
	uint64_t end;

	if (len < 6 || !iprefix(v, "bytes "))
		return;
	v += 6;
	len -= 6;
	if (!(slash = memchr(v, '/', len)))
		return;
	if ((size_t)(slash - v) == 1 && v[0] == '*') {
		x->range_unsatisfied = true;
	} else {
		if (!(dash = memchr(v, '-', (size_t)(slash - v))) || !scan_util__parse_u64(v, (size_t)(dash - v), &x->range_start) ||
		    !scan_util__parse_u64(dash + 1, (size_t)(slash - dash - 1), &end))
			return;
		x->has_range = true;
	}
	len -= (size_t)(slash + 1 - v);
	if (len == 1 && slash[1] == '*')
		return;
	x->range_total_known = scan_util__parse_u64(slash + 1, len, &x->range_total);
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *ud)
{
	xfer *x = ud;
	size_t len = size * nmemb, all = len;
	const char *colon, *v;
	size_t nlen, vlen;

	while (len && (data[len - 1] == '\n' || data[len - 1] == '\r'))
		len--;
	if (len >= 5 && !memcmp(data, "HTTP/", 5)) {
		/* A new response (after a redirect or a 1xx): forget what the last one said. */
		memset(&x->got, 0, sizeof(x->got));
		x->has_range = x->range_unsatisfied = x->range_total_known = false;
		x->range_start = x->range_total = 0;
		return all;
	}
	if (!(colon = memchr(data, ':', len)))
		return all;
	nlen = (size_t)(colon - data);
	v = colon + 1;
	vlen = len - nlen - 1;
	while (vlen && (*v == ' ' || *v == '\t'))
		v++, vlen--;
	while (vlen && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t'))
		vlen--;
	if (ieq_n(data, nlen, "etag")) {
		if (valid_etag(v, vlen))
			set_value(x->got.etag, sizeof(x->got.etag), v, vlen);
	} else if (ieq_n(data, nlen, "last-modified")) {
		if (valid_date(v, vlen))
			set_value(x->got.last_modified, sizeof(x->got.last_modified), v, vlen);
	} else if (ieq_n(data, nlen, "content-range")) {
		parse_content_range(x, v, vlen);
	}
	return all;
}

static bool stop_io(xfer *x, const char *what)
{
	x->saved_errno = errno;
	x->stop = STOP_IO;
	snprintf(x->detail, sizeof(x->detail), "%s", what);
	return false;
}

/*
 * The first body byte of the final response (or its end, for an empty
 * body): decide from its status what .part becomes. false stops the transfer.
 */
static bool start_body(xfer *x)
{
	int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC;

	x->started = true;
	curl_easy_getinfo(x->curl, CURLINFO_RESPONSE_CODE, &x->status);
	if (x->status == 206) {
		const meta *m = x->resume_meta;
		if (!x->offset) {
			snprintf(x->detail, sizeof(x->detail), "206 partial content to a request without a range");
			x->stop = STOP_BADRANGE;
			return false;
		}
		if (!x->has_range || x->range_start != x->offset) {
			snprintf(x->detail, sizeof(x->detail), "asked to resume at byte %llu, the server sent %s",
			         (unsigned long long)x->offset, x->has_range ? "another range" : "no Content-Range");
			x->stop = STOP_BADRANGE;
			return false;
		}
		/* If-Range should have made a changed file a 200; a server that ignores it is caught here. */
		if ((x->resume_by_etag && x->got.etag[0] && strcmp(x->got.etag, m->etag)) ||
		    (!x->resume_by_etag && x->got.last_modified[0] && strcmp(x->got.last_modified, m->last_modified))) {
			snprintf(x->detail, sizeof(x->detail), "the file changed but the server resumed it anyway");
			x->stop = STOP_BADRANGE;
			return false;
		}
		if ((x->fd = open(x->part, flags, 0644)) < 0)
			return stop_io(x, x->part);
		if (lseek(x->fd, (off_t)x->offset, SEEK_SET) < 0 || ftruncate(x->fd, (off_t)x->offset) != 0)
			return stop_io(x, x->part);
		x->written = x->offset;
		x->resumed = true;
		return true;
	}
	if (x->status != 200) {
		x->stop = STOP_STATUS;
		return false;
	}
	/* A whole file: the old .part (if any) is dropped, then its validators are kept for a later resume. */
	if ((x->fd = open(x->part, flags | O_TRUNC, 0644)) < 0)
		return stop_io(x, x->part);
	x->written = 0;
	if (meta_write(x->part_meta, x->url, &x->got) != 0)
		return stop_io(x, x->part_meta);
	return true;
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *ud)
{
	xfer *x = ud;
	size_t len = size * nmemb;

	if (!x->started && !start_body(x))
		return 0;
	if (x->fd < 0)
		return 0;
	if (len > x->max_bytes - x->written) {
		x->stop = STOP_LIMIT;
		return 0;
	}
	if (write_all(x->fd, data, len) != 0) {
		stop_io(x, x->part);
		return 0;
	}
	x->written += len;
	x->received += len;
	return len;
}

/* --- the transfer ---------------------------------------------------------- */

static void fsync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	scan_buf dir = SCAN_BUF_INIT;
	int fd;

	scan_buf_init(&dir, PATH_MAX_LEN);
	if (!slash)
		scan_buf_puts(&dir, ".");
	else
		scan_buf_put(&dir, path, slash == path ? 1 : (size_t)(slash - path));
	if (!scan_buf_failed(&dir) && (fd = open(dir.ptr, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
	scan_buf_dispose(&dir);
}

typedef struct {
	const char *dest;
	scan_buf part, part_meta, meta;
} paths;

static void drop_part(const paths *p)
{
	unlink(p->part.ptr);
	unlink(p->part_meta.ptr);
}

/*
 * .part is complete: make it dest. The old dest.meta is removed first and
 * the new one moved in last, so at no moment do validators describe a file
 * they were not sent with (a 304 would then keep stale data).
 */
static int finish(const char *url, const paths *p)
{
	char cause[300];

	if (unlink(p->meta.ptr) != 0 && errno != ENOENT) {
		snprintf(cause, sizeof(cause), "cannot remove '%s': %s", p->meta.ptr, strerror(errno));
		return fail_url(SCAN_EIO, url, cause);
	}
	if (rename(p->part.ptr, p->dest) != 0) {
		snprintf(cause, sizeof(cause), "cannot rename '%s': %s", p->part.ptr, strerror(errno));
		return fail_url(SCAN_EIO, url, cause);
	}
	/* Without it the next run downloads unconditionally: slower, never wrong. */
	rename(p->part_meta.ptr, p->meta.ptr);
	fsync_dir_of(p->dest);
	return 0;
}

/* The .part to continue: its size, when it and its validators allow it; otherwise it is removed. */
static uint64_t resumable(meta *m, const char *url, const paths *p, uint64_t max_bytes)
{
	struct stat sb;

	if (lstat(p->part.ptr, &sb) != 0) {
		unlink(p->part_meta.ptr);
		return 0;
	}
	if (S_ISREG(sb.st_mode) && sb.st_size > 0 && (uint64_t)sb.st_size <= max_bytes &&
	    meta_read(m, p->part_meta.ptr, url) && (strong_etag(m) || m->last_modified[0]))
		return (uint64_t)sb.st_size;
	drop_part(p);
	return 0;
}

#define RETRY 1

static int attempt(scan_download_result *out, const char *url, const paths *p, const scan_download_options *o,
                   bool last_attempt)
{
	xfer x;
	meta part_meta, dest_meta;
	struct curl_slist *hdrs = NULL, *h;
	scan_buf line = SCAN_BUF_INIT;
	char errbuf[CURL_ERROR_SIZE] = "", cause[400], range[32], agent[64];
	bool conditional = false;
	struct stat sb;
	CURLcode cc;
	int rc = 0;

	memset(&x, 0, sizeof(x));
	memset(&sb, 0, sizeof(sb));
	x.fd = -1;
	x.url = url;
	x.part = p->part.ptr;
	x.part_meta = p->part_meta.ptr;
	x.max_bytes = o->max_bytes;
	scan_buf_init(&line, 2 * VALIDATOR_MAX);

	if ((x.offset = resumable(&part_meta, url, p, o->max_bytes)) > 0) {
		x.resume_meta = &part_meta;
		x.resume_by_etag = strong_etag(&part_meta);
		scan_buf_printf(&line, "If-Range: %s", x.resume_by_etag ? part_meta.etag : part_meta.last_modified);
		if (!(h = curl_slist_append(hdrs, line.ptr)))
			goto oom;
		hdrs = h;
	} else if (lstat(p->dest, &sb) == 0 && S_ISREG(sb.st_mode) && meta_read(&dest_meta, p->meta.ptr, url) &&
	           (dest_meta.etag[0] || dest_meta.last_modified[0])) {
		conditional = true;
		if (dest_meta.etag[0]) {
			scan_buf_printf(&line, "If-None-Match: %s", dest_meta.etag);
			if (!(h = curl_slist_append(hdrs, line.ptr)))
				goto oom;
			hdrs = h;
		}
		if (dest_meta.last_modified[0]) {
			scan_buf_clear(&line);
			scan_buf_printf(&line, "If-Modified-Since: %s", dest_meta.last_modified);
			if (!(h = curl_slist_append(hdrs, line.ptr)))
				goto oom;
			hdrs = h;
		}
	}
	if (scan_buf_failed(&line))
		goto oom;

	if (!(x.curl = curl_easy_init()))
		goto oom;
	curl_easy_setopt(x.curl, CURLOPT_URL, url);
	curl_easy_setopt(x.curl, CURLOPT_PROTOCOLS_STR, o->allow_http ? "http,https" : "https");
	curl_easy_setopt(x.curl, CURLOPT_REDIR_PROTOCOLS_STR, o->allow_http ? "http,https" : "https");
	curl_easy_setopt(x.curl, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(x.curl, CURLOPT_MAXREDIRS,
	                 o->max_redirects >= 0 && o->max_redirects < SCAN_DOWNLOAD_MAX_REDIRECTS
	                         ? o->max_redirects : (long)SCAN_DOWNLOAD_MAX_REDIRECTS);
	curl_easy_setopt(x.curl, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(x.curl, CURLOPT_SSL_VERIFYHOST, 2L);
	curl_easy_setopt(x.curl, CURLOPT_NETRC, (long)CURL_NETRC_IGNORED);
	/* No signals: the library may run on any thread of the server. */
	curl_easy_setopt(x.curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(x.curl, CURLOPT_CONNECTTIMEOUT, o->connect_timeout_s > 0 ? o->connect_timeout_s : 30L);
	curl_easy_setopt(x.curl, CURLOPT_LOW_SPEED_LIMIT, o->low_speed_limit > 0 ? o->low_speed_limit : 1L);
	curl_easy_setopt(x.curl, CURLOPT_LOW_SPEED_TIME, o->low_speed_time_s > 0 ? o->low_speed_time_s : 60L);
	/* A Content-Length over the cap is refused before the body; the body callback counts the rest. */
	curl_easy_setopt(x.curl, CURLOPT_MAXFILESIZE_LARGE,
	                 (curl_off_t)(o->max_bytes > (uint64_t)INT64_MAX ? (uint64_t)INT64_MAX : o->max_bytes));
	snprintf(agent, sizeof(agent), "rampart/%s", scan_version());
	curl_easy_setopt(x.curl, CURLOPT_USERAGENT, agent);
	curl_easy_setopt(x.curl, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(x.curl, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(x.curl, CURLOPT_HEADERDATA, &x);
	curl_easy_setopt(x.curl, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(x.curl, CURLOPT_WRITEDATA, &x);
	if (x.offset) {
		snprintf(range, sizeof(range), "%llu-", (unsigned long long)x.offset);
		curl_easy_setopt(x.curl, CURLOPT_RANGE, range);
	}
	if (hdrs)
		curl_easy_setopt(x.curl, CURLOPT_HTTPHEADER, hdrs);

	cc = curl_easy_perform(x.curl);
	curl_easy_getinfo(x.curl, CURLINFO_RESPONSE_CODE, &x.status);
	/* An empty body never reaches on_body. */
	if (cc == CURLE_OK && !x.started && (x.status == 200 || x.status == 206) && !start_body(&x))
		cc = CURLE_WRITE_ERROR;
	if (x.fd >= 0 && cc == CURLE_OK && x.stop == STOP_NONE && fsync(x.fd) != 0)
		stop_io(&x, x.part), cc = CURLE_WRITE_ERROR;
	if (x.fd >= 0 && close(x.fd) != 0 && cc == CURLE_OK && x.stop == STOP_NONE)
		stop_io(&x, x.part), cc = CURLE_WRITE_ERROR;
	x.fd = -1;
	out->http_status = x.status;
	out->received = x.received;
	out->resumed = x.resumed;

	if (x.stop == STOP_LIMIT || cc == CURLE_FILESIZE_EXCEEDED) {
		drop_part(p);
		snprintf(cause, sizeof(cause), "larger than the limit of %llu bytes", (unsigned long long)o->max_bytes);
		rc = fail_url(SCAN_ELIMIT, url, cause);
	} else if (x.stop == STOP_IO) {
		snprintf(cause, sizeof(cause), "cannot write '%s': %s", x.detail, strerror(x.saved_errno));
		rc = fail_url(SCAN_EIO, url, cause);
	} else if (x.stop == STOP_BADRANGE) {
		/* The .part cannot be trusted to continue: start over. */
		drop_part(p);
		rc = last_attempt ? fail_url(SCAN_EIO, url, x.detail) : RETRY;
	} else if (cc == CURLE_OK && x.status == 304) {
		if (!conditional) {
			rc = fail_url(SCAN_EIO, url, "http 304 to a request that was not conditional");
		} else {
			out->status = SCAN_DOWNLOAD_NOT_MODIFIED;
			out->size = (uint64_t)sb.st_size;
		}
	} else if ((cc == CURLE_OK || x.stop == STOP_STATUS) && x.status == 416 && x.offset) {
		/* Asked for what follows a .part that already holds everything. */
		if (x.range_unsatisfied && x.range_total_known && x.range_total == x.offset) {
			out->status = SCAN_DOWNLOAD_FETCHED;
			out->size = x.offset;
			out->resumed = true;
			rc = finish(url, p);
		} else {
			drop_part(p);
			rc = last_attempt ? fail_url(SCAN_EIO, url, "http 416 (range not satisfiable)") : RETRY;
		}
	} else if (x.stop == STOP_STATUS || (cc == CURLE_OK && x.status != 200 && x.status != 206)) {
		snprintf(cause, sizeof(cause), "http %ld", x.status);
		rc = fail_url(x.status == 404 || x.status == 410 ? SCAN_ENOTFOUND : SCAN_EIO, url, cause);
	} else if (cc != CURLE_OK) {
		/* What arrived stays in .part for the next run to resume; an empty one is worth nothing. */
		if (lstat(p->part.ptr, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0)
			drop_part(p);
		/* curl's own words, lowercased as our messages are: "couldn't connect to server (...)". */
		snprintf(cause, sizeof(cause), "%s%s%s%s", curl_easy_strerror(cc), errbuf[0] ? " (" : "", errbuf,
		         errbuf[0] ? ")" : "");
		if (!(cause[1] >= 'A' && cause[1] <= 'Z')) /* "SSL connect error" stays */
			cause[0] = (char)lower((unsigned char)cause[0]);
		rc = fail_url(cc == CURLE_UNSUPPORTED_PROTOCOL ? SCAN_EINVAL : SCAN_EIO, url, cause);
	} else if (x.status == 206 && x.range_total_known && x.written != x.range_total) {
		/* A 206 that ends early on a clean connection: keep what came, like a cut transfer. */
		snprintf(cause, sizeof(cause), "the server sent %llu of %llu bytes", (unsigned long long)x.written,
		         (unsigned long long)x.range_total);
		rc = fail_url(SCAN_EIO, url, cause);
	} else {
		out->status = SCAN_DOWNLOAD_FETCHED;
		out->size = x.written;
		rc = finish(url, p);
	}
	goto done;
oom:
	rc = scan_error__oom();
done:
	if (x.curl)
		curl_easy_cleanup(x.curl);
	curl_slist_free_all(hdrs);
	scan_buf_dispose(&line);
	return rc;
}

int scan_vulndb__download(scan_download_result *out, const char *url, const char *dest,
                          const scan_download_options *opts)
{
	scan_download_options defaults = SCAN_DOWNLOAD_OPTIONS_INIT;
	const scan_download_options *o = opts ? opts : &defaults;
	paths p = { dest, SCAN_BUF_INIT, SCAN_BUF_INIT, SCAN_BUF_INIT };
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!valid_url_text(url))
		return fail_url(SCAN_EINVAL, url, "not a URL (empty, too long, or with spaces or control characters)");
	if (!iprefix(url, "https://") && !(o->allow_http && iprefix(url, "http://")))
		return fail_url(SCAN_EINVAL, url, o->allow_http ? "only http and https URLs are allowed"
		                                                   : "only https URLs are allowed");
	if (!o->max_bytes)
		return fail_url(SCAN_EINVAL, url, "the size limit is 0");
	if (scan_util__curl_ready() != 0)
		return fail_url(SCAN_EIO, url, "cannot initialise libcurl");

	scan_buf_init(&p.part, PATH_MAX_LEN + 16);
	scan_buf_init(&p.part_meta, PATH_MAX_LEN + 16);
	scan_buf_init(&p.meta, PATH_MAX_LEN + 16);
	scan_buf_printf(&p.part, "%s.part", dest);
	scan_buf_printf(&p.part_meta, "%s.part.meta", dest);
	scan_buf_printf(&p.meta, "%s.meta", dest);
	if (scan_buf_failed(&p.part) || scan_buf_failed(&p.part_meta) || scan_buf_failed(&p.meta)) {
		rc = scan_util__error(SCAN_EINVAL, "cannot download to '%s': the path is too long", dest);
		goto done;
	}
	for (int i = 0; i < ATTEMPTS; i++) {
		memset(out, 0, sizeof(*out));
		if ((rc = attempt(out, url, &p, o, i == ATTEMPTS - 1)) != RETRY)
			break;
	}
done:
	scan_buf_dispose(&p.part);
	scan_buf_dispose(&p.part_meta);
	scan_buf_dispose(&p.meta);
	return rc;
}
