/* lib/secrets/verify.c - ask the provider whether a credential is live (--verify only) */
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"
#include "secrets/verify.h"
#include "util/global.h"
#include "util/http.h"

#define VERIFY_CONNECT_TIMEOUT_MS 3000L
#define VERIFY_BODY_MAX 65536

/* Replaces every {secret} of tmpl by value (escaped for a URL when escape is set). */
static int substitute(scan_buf *out, const char *tmpl, const char *secret, bool escape)
{
	const char *p = tmpl, *hit;
	char *esc = NULL;
	const char *value = secret;

	if (escape && strstr(tmpl, "{secret}")) {
		if (!(esc = curl_easy_escape(NULL, secret, 0)))
			return -1;
		value = esc;
	}
	while ((hit = strstr(p, "{secret}")) != NULL) {
		scan_buf_put(out, p, (size_t)(hit - p));
		scan_buf_puts(out, value);
		p = hit + 8;
	}
	scan_buf_puts(out, p);
	curl_free(esc);
	return scan_buf_failed(out);
}

static bool in_list(const int *list, size_t n, long status)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == status)
			return true;
	return false;
}

/* The secret was in this buffer: wiped before it goes back to the allocator. */
static void wipe(scan_buf *b)
{
	if (b->asize)
		explicit_bzero(b->ptr, b->asize);
	scan_buf_dispose(b);
}

scan_secret_verdict scan_secrets__verify(const scan_secret_rule *r, const unsigned char *secret, size_t len,
                                         long timeout_ms, long *status_out)
{
	scan_buf url = SCAN_BUF_INIT, body = SCAN_BUF_INIT, answer = SCAN_BUF_INIT;
	scan_buf *lines = NULL;
	const char **headers = NULL;
	scan_http_request hr;
	char *value = NULL;
	int status = 0;
	scan_secret_verdict verdict = SECRET_VERIFY_UNKNOWN;

	if (status_out)
		*status_out = 0;
	if (!r->verify_url)
		return SECRET_VERIFY_UNKNOWN;
	/* A secret with a line break or control byte would inject headers: not sent. */
	for (size_t i = 0; i < len; i++)
		if (secret[i] < 0x21 || secret[i] == 0x7F)
			return SECRET_VERIFY_UNKNOWN;
	if (scan_util__curl_ready() != 0 || !(value = strndup((const char *)secret, len)) ||
	    !(lines = calloc(r->verify_header_count + 1, sizeof(*lines))) ||
	    !(headers = calloc(r->verify_header_count + 1, sizeof(*headers))))
		goto done;
	if (substitute(&url, r->verify_url, value, true) != 0)
		goto done;
	for (size_t i = 0; i < r->verify_header_count; i++)
		lines[i] = (scan_buf)SCAN_BUF_INIT;
	for (size_t i = 0; i < r->verify_header_count; i++) {
		if (substitute(&lines[i], r->verify_headers[i], value, false) != 0)
			goto done;
		headers[i] = lines[i].ptr;
	}
	memset(&hr, 0, sizeof(hr));
	hr.method = r->verify_method;
	hr.url = url.ptr;
	hr.headers = headers;
	hr.max_response = VERIFY_BODY_MAX; /* a provider answers a status line and a small body */
	hr.timeout_ms = timeout_ms;
	hr.connect_timeout_ms = VERIFY_CONNECT_TIMEOUT_MS;
	hr.user_agent = "rampart secret verification";
	hr.allow_http = true;
	if (!strcmp(r->verify_method, "POST")) {
		if (substitute(&body, r->verify_body ? r->verify_body : "", value, false) != 0)
			goto done;
		hr.body = body.ptr;
		hr.body_len = body.size;
	}
	if (scan_util__http(&status, &answer, &hr) != 0)
		goto done; /* no answer says nothing about the credential */
	if (status_out)
		*status_out = status;
	if (in_list(r->verify_live, r->verify_live_count, status))
		verdict = SECRET_VERIFY_LIVE;
	else if (in_list(r->verify_dead, r->verify_dead_count, status))
		verdict = SECRET_VERIFY_DEAD;
done:
	if (value) {
		explicit_bzero(value, len);
		free(value);
	}
	wipe(&url);
	wipe(&body);
	for (size_t i = 0; lines && i < r->verify_header_count; i++)
		wipe(&lines[i]);
	free(lines);
	free(headers);
	scan_buf_dispose(&answer);
	return verdict;
}

const char *scan_secrets__verdict_name(scan_secret_verdict v)
{
	switch (v) {
	case SECRET_VERIFY_LIVE: return "live";
	case SECRET_VERIFY_DEAD: return "dead";
	default: return "unknown";
	}
}
