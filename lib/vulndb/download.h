/* lib/vulndb/download.h - fetching one feed URL into a file: resumable, conditional, bounded */
#ifndef SCAN_SCA_DOWNLOAD_H
#define SCAN_SCA_DOWNLOAD_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/common.h"

/*
 * The files next to dest:
 *   dest            the last complete download; replaced only by rename()
 *   dest.meta       its validators (ETag, Last-Modified) and URL, for a conditional GET
 *   dest.part       a download in progress, kept when a transfer fails so the next run resumes it
 *   dest.part.meta  the validators of dest.part, sent in If-Range when resuming
 * A .meta file is small text, "key value" per line (url, etag, last-modified);
 * anything else in it is ignored, and a .meta written for another URL is not used.
 */

typedef struct {
	unsigned int version;
	bool allow_http;          /* plain http as well as https: for tests on 127.0.0.1 only */
	uint64_t max_bytes;       /* the whole file, resumed part included; larger is SCAN_ELIMIT */
	long connect_timeout_s;
	long low_speed_limit;     /* bytes per second: slower than this ... */
	long low_speed_time_s;    /* ... for this long aborts the transfer */
	long max_redirects;       /* at most 5 are followed, whatever is asked */
} scan_download_options;
#define SCAN_DOWNLOAD_MAX_REDIRECTS 5
#define SCAN_DOWNLOAD_OPTIONS_INIT { 1, false, (uint64_t)2 << 30, 30, 1024, 60, SCAN_DOWNLOAD_MAX_REDIRECTS }

typedef enum {
	SCAN_DOWNLOAD_FETCHED = 1,    /* dest now holds a new download */
	SCAN_DOWNLOAD_NOT_MODIFIED,   /* the server answered 304: dest is current and untouched */
} scan_download_status;

typedef struct {
	scan_download_status status;
	long http_status;         /* of the final response: 200, 206, 304, 416 */
	uint64_t size;            /* bytes in dest */
	uint64_t received;        /* body bytes received by this call */
	bool resumed;             /* a .part was continued rather than restarted */
} scan_download_result;

/*
 * Fetch url into dest (a path; its directory must exist). https only unless
 * opts->allow_http; redirects (at most 5) may only go to the same schemes;
 * TLS is verified; .netrc is not read; proxies come from the environment as
 * for every libcurl program. The body goes to dest.part and is fsync'ed and
 * renamed over dest once complete, so dest is either the old file or the
 * whole new one. A .part left by an earlier call is resumed with
 * Range/If-Range when it has a strong validator; when dest and dest.meta
 * exist (and no .part), the request is conditional and a 304 leaves dest
 * as it is. On error dest is untouched and a .part worth resuming is kept.
 * opts NULL: SCAN_DOWNLOAD_OPTIONS_INIT. Thread-safe (curl_global_init runs once).
 * Returns 0, SCAN_EINVAL (bad URL or scheme), SCAN_ENOTFOUND (404, 410),
 * SCAN_ELIMIT (larger than max_bytes), SCAN_EIO (network, HTTP, or file
 * system), SCAN_ENOMEM; the message is one line naming the URL and the cause.
 */
int scan_vulndb__download(scan_download_result *out, const char *url, const char *dest,
                          const scan_download_options *opts);

#endif
