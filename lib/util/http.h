/* lib/util/http.h - one bounded HTTP request to a service's JSON API */
#ifndef SCAN_UTIL_HTTP_H
#define SCAN_UTIL_HTTP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include "scan/buf.h"

typedef struct {
	const char *method;          /* "GET" or "POST" */
	const char *url;
	const char *const *headers;  /* "Name: value" lines, NULL-terminated; may be NULL */
	const char *body;            /* POST: sent as is; NULL for none */
	size_t body_len;
	size_t max_response;         /* larger responses fail with SCAN_ELIMIT */
	long timeout_ms;             /* the whole request */
	long connect_timeout_ms;     /* 0: the smaller of timeout_ms and 10 s */
	const char *user_agent;      /* NULL: "rampart/VERSION" */
	bool allow_http;             /* else https only: http is for a service on this machine or a test */
	volatile sig_atomic_t *cancel; /* non-zero: the request stops within a second (SCAN_ECANCELED); may be NULL */
	/*
	 * A target someone outside chose (a notification webhook): connect to
	 * public addresses only, and to the scan_addr_class bits in
	 * allow_addresses; every address is checked as its socket opens, after
	 * DNS, and no proxy is used.
	 */
	bool public_only;
	unsigned allow_addresses;
} scan_http_request;

/*
 * Perform it: no redirect followed (a service that moves answers 3xx, and
 * the caller decides), no .netrc, no proxy from the environment beyond
 * libcurl's own rules. *status is the HTTP status and the body is
 * appended to out (for any status). 0, SCAN_EIO for a transport failure
 * (the message names the host, never the headers), SCAN_ECANCELED, SCAN_ELIMIT
 * or SCAN_ENOMEM.
 */
int scan_util__http(int *status, scan_buf *out, const scan_http_request *req);

#endif
