/* lib/notify/send.c - one delivery attempt: signed, to a public address only, timed */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "scan/notify.h"
#include "util/error.h"
#include "util/http.h"
#include "util/signature.h"

/* What a receiver answers is read no further than this: only its status matters. */
#define RESPONSE_MAX (64 * 1024)

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int scan_notify_send(scan_notify_outcome *out, const scan_notify_request *req)
{
	char id_h[320], ts_h[64], sig_h[128], ev_h[96], ts[24], b64[64];
	const char *headers[8];
	size_t nh = 0;
	scan_http_request hr;
	scan_buf answer = { 0 };
	unsigned char mac[32];
	int64_t start;
	int status = 0, rc;

	memset(out, 0, sizeof(*out));
	snprintf(ts, sizeof(ts), "%lld", (long long)req->now);
	headers[nh++] = "Content-Type: application/json";
	snprintf(id_h, sizeof(id_h), "webhook-id: %s", req->delivery_id);
	headers[nh++] = id_h;
	snprintf(ts_h, sizeof(ts_h), "webhook-timestamp: %s", ts);
	headers[nh++] = ts_h;
	if (req->event) {
		snprintf(ev_h, sizeof(ev_h), "X-Rampart-Event: %s", req->event);
		headers[nh++] = ev_h;
	}
	if (req->channel == SCAN_CHANNEL_GENERIC && req->secret) {
		if ((rc = scan_util__webhook_mac(mac, req->secret, req->delivery_id, ts, req->body, req->body_len)) != 0) {
			if (rc == SCAN_ENOMEM)
				return rc;
			snprintf(out->error, sizeof(out->error), "cannot sign: %s", scan_error_last()->message);
			return 0;
		}
		scan_util__base64_encode(b64, sizeof(b64), mac, sizeof(mac));
		snprintf(sig_h, sizeof(sig_h), "webhook-signature: v1,%s", b64);
		headers[nh++] = sig_h;
	}
	headers[nh] = NULL;
	memset(&hr, 0, sizeof(hr));
	hr.method = "POST";
	hr.url = req->url;
	hr.headers = headers;
	hr.body = req->body;
	hr.body_len = req->body_len;
	hr.max_response = RESPONSE_MAX;
	hr.timeout_ms = req->timeout_ms > 0 ? req->timeout_ms : 10000;
	hr.allow_http = true;
	hr.public_only = true;
	hr.allow_addresses = req->allow;
	scan_buf_init(&answer, RESPONSE_MAX);
	start = now_ms();
	rc = scan_util__http(&status, &answer, &hr);
	out->duration_ms = now_ms() - start;
	scan_buf_dispose(&answer);
	if (rc == SCAN_ENOMEM)
		return rc;
	out->status_code = status;
	if (rc)
		snprintf(out->error, sizeof(out->error), "%s", scan_error_last()->message);
	if (!out->error[0] && (status < 200 || status > 299))
		snprintf(out->error, sizeof(out->error), status >= 300 && status < 400
		         ? "answered %d: a redirect, which is not followed" : "answered %d", status);
	return 0;
}
