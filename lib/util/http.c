/* lib/util/http.c - one bounded HTTP request to a service's JSON API, over libcurl */
#include <curl/curl.h>
#include <sys/socket.h>
#include <stdio.h>
#include <string.h>
#include "util/error.h"
#include "util/global.h"
#include "util/http.h"
#include "util/netaddr.h"

typedef struct {
	scan_buf *out;
	size_t max, got;
	bool too_big, oom;
} sink;

static size_t on_body(char *data, size_t size, size_t nmemb, void *payload)
{
	sink *s = payload;
	size_t n = size * nmemb;

	if (s->got + n > s->max) {
		s->too_big = true;
		return 0; /* libcurl stops with a write error */
	}
	if (scan_buf_put(s->out, data, n) != 0) {
		s->oom = true;
		return 0;
	}
	s->got += n;
	return n;
}

/* The URL's scheme and host for a message: never its path, query or credentials. */
static void host_of(char *out, size_t outlen, const char *url)
{
	const char *p = strstr(url, "://"), *end;
	const char *at;

	p = p ? p + 3 : url;
	end = p + strcspn(p, "/?#");
	if ((at = memchr(p, '@', (size_t)(end - p))) != NULL)
		p = at + 1;
	snprintf(out, outlen, "%.*s", (int)(end - p), p);
}

typedef struct {
	const scan_http_request *req;
	char refused[128];           /* the last address refused, and why */
} guard;

/*
 * libcurl opens every socket here, with the address it resolved: a name
 * that points (or rebinds between two lookups) at a refused address is
 * refused at the one moment that counts.
 */
static curl_socket_t open_checked(void *payload, curlsocktype purpose, struct curl_sockaddr *address)
{
	guard *g = payload;
	scan_addr_class c = scan_util__addr_class(&address->addr);
	char text[64];

	(void)purpose;
	if (c != SCAN_ADDR_PUBLIC && (c == SCAN_ADDR_RESERVED || !(g->req->allow_addresses & (unsigned)c))) {
		scan_util__addr_text(text, sizeof(text), &address->addr);
		snprintf(g->refused, sizeof(g->refused), "%s is a %s address", text, scan_addr_class_name(c));
		return CURL_SOCKET_BAD;
	}
	return socket(address->family, address->socktype, address->protocol);
}

/* libcurl asks about once a second, and at every chunk: a stop turns into an abort here. */
static int on_progress(void *payload, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
	const scan_http_request *req = payload;

	(void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
	return req->cancel && *req->cancel ? 1 : 0;
}

int scan_util__http(int *status, scan_buf *out, const scan_http_request *req)
{
	sink s = { out, req->max_response, 0, false, false };
	guard g = { req, "" };
	struct curl_slist *headers = NULL;
	char errbuf[CURL_ERROR_SIZE] = "", host[256];
	long code = 0;
	CURL *curl;
	CURLcode cc;
	int rc = 0;

	*status = 0;
	if ((rc = scan_util__curl_ready()) != 0)
		return rc;
	if (!(curl = curl_easy_init()))
		return scan_error__oom();
	for (size_t i = 0; req->headers && req->headers[i]; i++) {
		struct curl_slist *n = curl_slist_append(headers, req->headers[i]);
		if (!n) {
			rc = scan_error__oom();
			goto done;
		}
		headers = n;
	}
	curl_easy_setopt(curl, CURLOPT_URL, req->url);
	curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, req->allow_http ? "http,https" : "https");
	curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(curl, CURLOPT_NETRC, (long)CURL_NETRC_IGNORED);
	curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
	curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
	                 req->connect_timeout_ms > 0 ? req->connect_timeout_ms
	                 : req->timeout_ms < 10000 ? req->timeout_ms : 10000L);
	curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, req->timeout_ms);
	curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)req->max_response);
	curl_easy_setopt(curl, CURLOPT_USERAGENT, req->user_agent ? req->user_agent : "rampart/" SCAN_VERSION_STRING);
	curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
	curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
	if (req->public_only) {
		curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_checked);
		curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &g);
		curl_easy_setopt(curl, CURLOPT_PROXY, "");
	}
	if (req->cancel) {
		curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
		curl_easy_setopt(curl, CURLOPT_XFERINFODATA, req);
		curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
	}
	if (req->method && !strcmp(req->method, "POST")) {
		curl_easy_setopt(curl, CURLOPT_POST, 1L);
		curl_easy_setopt(curl, CURLOPT_POSTFIELDS, req->body ? req->body : "");
		curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(req->body ? req->body_len : 0));
	}
	cc = curl_easy_perform(curl);
	host_of(host, sizeof(host), req->url);
	if (s.oom) {
		rc = scan_error__oom();
	} else if (cc == CURLE_ABORTED_BY_CALLBACK) {
		rc = scan_util__error(SCAN_ECANCELED, "the request to %s was stopped", host);
	} else if (s.too_big || cc == CURLE_FILESIZE_EXCEEDED) {
		rc = scan_util__error(SCAN_ELIMIT, "%s answered more than %zu bytes", host, req->max_response);
	} else if (cc != CURLE_OK && g.refused[0]) {
		rc = scan_util__error(SCAN_EIO, "refused to connect to %s: %s", host, g.refused);
	} else if (cc != CURLE_OK) {
		rc = scan_util__error(SCAN_EIO, "cannot reach %s: %s", host, errbuf[0] ? errbuf : curl_easy_strerror(cc));
	} else {
		curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
		*status = (int)code;
	}
done:
	curl_slist_free_all(headers);
	curl_easy_cleanup(curl);
	return rc;
}
