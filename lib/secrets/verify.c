/* lib/secrets/verify.c - ask the provider whether a credential is live (--verify only) */
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"
#include "secrets/verify.h"
#include "util/global.h"

#define VERIFY_CONNECT_TIMEOUT_MS 3000L
#define VERIFY_BODY_MAX 65536

/* Replaces every {secret} of tmpl by value (escaped for a URL when escape is set). */
static int substitute(scan_buf *out, const char *tmpl, const char *secret, CURL *curl, bool escape)
{
	const char *p = tmpl, *hit;
	char *esc = NULL;
	const char *value = secret;

	if (escape && strstr(tmpl, "{secret}")) {
		if (!(esc = curl_easy_escape(curl, secret, 0)))
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

static size_t discard(char *ptr, size_t size, size_t nmemb, void *userdata)
{
	size_t *seen = userdata;

	(void)ptr;
	*seen += size * nmemb;
	/* A provider answers a status line and a small body; more is not worth reading. */
	return *seen > VERIFY_BODY_MAX ? 0 : size * nmemb;
}

static bool in_list(const int *list, size_t n, long status)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == status)
			return true;
	return false;
}

scan_secret_verdict scan_secrets__verify(const scan_secret_rule *r, const unsigned char *secret, size_t len,
                                         long timeout_ms, long *status_out)
{
	CURL *curl = NULL;
	struct curl_slist *headers = NULL;
	scan_buf url = SCAN_BUF_INIT, body = SCAN_BUF_INIT, line = SCAN_BUF_INIT;
	char *value = NULL;
	size_t seen = 0;
	long status = 0;
	scan_secret_verdict verdict = SECRET_VERIFY_UNKNOWN;

	if (status_out)
		*status_out = 0;
	if (!r->verify_url)
		return SECRET_VERIFY_UNKNOWN;
	/* A secret with a line break or control byte would inject headers: not sent. */
	for (size_t i = 0; i < len; i++)
		if (secret[i] < 0x21 || secret[i] == 0x7F)
			return SECRET_VERIFY_UNKNOWN;
	if (scan_util__curl_ready() != 0 || !(value = strndup((const char *)secret, len)) || !(curl = curl_easy_init()))
		goto done;
	if (substitute(&url, r->verify_url, value, curl, true) != 0)
		goto done;
	for (size_t i = 0; i < r->verify_header_count; i++) {
		struct curl_slist *n;
		scan_buf_clear(&line);
		if (substitute(&line, r->verify_headers[i], value, curl, false) != 0 ||
		    !(n = curl_slist_append(headers, line.ptr)))
			goto done;
		headers = n;
	}
	curl_easy_setopt(curl, CURLOPT_URL, url.ptr);
	curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "https,http");
	curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, VERIFY_CONNECT_TIMEOUT_MS);
	curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(curl, CURLOPT_USERAGENT, "rampart secret verification");
	curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
	curl_easy_setopt(curl, CURLOPT_WRITEDATA, &seen);
	if (!strcmp(r->verify_method, "POST")) {
		if (substitute(&body, r->verify_body ? r->verify_body : "", value, curl, false) != 0)
			goto done;
		curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.ptr);
		curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)body.size);
	}
	if (curl_easy_perform(curl) != CURLE_OK)
		goto done; /* no answer says nothing about the credential */
	curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
	if (status_out)
		*status_out = status;
	if (in_list(r->verify_live, r->verify_live_count, status))
		verdict = SECRET_VERIFY_LIVE;
	else if (in_list(r->verify_dead, r->verify_dead_count, status))
		verdict = SECRET_VERIFY_DEAD;
done:
	curl_slist_free_all(headers);
	curl_easy_cleanup(curl);
	/* The secret was in these buffers: wipe them before they go back to the allocator. */
	if (value) {
		explicit_bzero(value, len);
		free(value);
	}
	if (url.asize)
		explicit_bzero(url.ptr, url.asize);
	if (line.asize)
		explicit_bzero(line.ptr, line.asize);
	if (body.asize)
		explicit_bzero(body.ptr, body.asize);
	scan_buf_dispose(&url);
	scan_buf_dispose(&line);
	scan_buf_dispose(&body);
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
