/* lib/notify/target.c - a webhook URL checked before it is stored, and shown without its credential */
#include <curl/curl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "scan/notify.h"
#include "util/error.h"
#include "util/netaddr.h"

#define URL_MAX 2048

/* "localhost" and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
static bool is_localhost(const char *host)
{
	size_t n = strlen(host);

	if (n && host[n - 1] == '.')
		n--;
	return (n == 9 && !strncasecmp(host, "localhost", 9)) ||
	       (n > 10 && !strncasecmp(host + n - 10, ".localhost", 10));
}

int scan_notify_url_check(char *display, size_t cap, const char *url, unsigned allow)
{
	CURLU *u = NULL;
	char *scheme = NULL, *host = NULL, *port = NULL, *fragment = NULL;
	scan_addr_class c = SCAN_ADDR_PUBLIC;
	bool named;
	int rc = 0, n;

	if (cap)
		display[0] = '\0';
	if (!url || !*url)
		return scan_util__error(SCAN_EINVAL, "webhook_url is required");
	if (strlen(url) > URL_MAX)
		return scan_util__error(SCAN_EINVAL, "webhook_url is longer than %d bytes", URL_MAX);
	for (const char *p = url; *p; p++)
		if ((unsigned char)*p <= 0x20 || *p == 0x7f)
			return scan_util__error(SCAN_EINVAL, "webhook_url holds a space or a control character");
	if (!(u = curl_url()))
		return scan_error__oom();
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK) {
		rc = scan_util__error(SCAN_EINVAL, "webhook_url is not a URL");
		goto done;
	}
	if (strcmp(scheme, "https") && strcmp(scheme, "http")) {
		rc = scan_util__error(SCAN_EINVAL, "webhook_url must be http or https");
		goto done;
	}
	if (curl_url_get(u, CURLUPART_FRAGMENT, &fragment, 0) == CURLUE_OK) {
		rc = scan_util__error(SCAN_EINVAL, "webhook_url has a fragment, which is never sent");
		goto done;
	}
	/* A name is checked again where it matters, when the connection opens; an address can be refused now. */
	named = !scan_util__addr_class_of(&c, host);
	if (named && is_localhost(host))
		c = SCAN_ADDR_LOOPBACK;
	if (c != SCAN_ADDR_PUBLIC && (c == SCAN_ADDR_RESERVED || !(allow & (unsigned)c))) {
		rc = scan_util__error(SCAN_EINVAL, "webhook_url points at a %s address, which this server does not send to%s",
		                      scan_addr_class_name(c),
		                      c == SCAN_ADDR_RESERVED ? "" : " (configuration notify_allow_targets)");
		goto done;
	}
	curl_url_get(u, CURLUPART_PORT, &port, 0);
	n = snprintf(display, cap, "%s://%s%s%s/...", scheme, host, port ? ":" : "", port ? port : "");
	if (n < 0 || (size_t)n >= cap) {
		if (cap)
			display[0] = '\0';
		rc = scan_util__error(SCAN_EINVAL, "webhook_url's host is too long");
	}
done:
	curl_free(scheme);
	curl_free(host);
	curl_free(port);
	curl_free(fragment);
	curl_url_cleanup(u);
	return rc;
}
