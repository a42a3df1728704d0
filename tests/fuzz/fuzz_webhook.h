/* tests/fuzz/fuzz_webhook.h - the body shared by the webhook readers' fuzz targets */
#ifndef RAMPART_FUZZ_WEBHOOK_H
#define RAMPART_FUZZ_WEBHOOK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/webhook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input's first line is the event header's value, the rest the body; every other header is absent. */
typedef struct {
	const char *event_header;
	char event[128];
} fuzz_headers;

static const char *fuzz_header(void *ctx, const char *name)
{
	fuzz_headers *h = ctx;

	return !strcmp(name, h->event_header) ? h->event : NULL;
}

static size_t bounded_len(const char *s, size_t cap)
{
	size_t n = 0;

	while (n < cap && s[n])
		n++;
	return n;
}

/*
 * Whatever is read is a delivery whose strings end inside their buffers and
 * whose kind is one of the four; a pull request worth a scan has a head
 * branch and a number; a refused body says so with a documented code, and
 * no signature check of an unsigned delivery passes.
 */
static int fuzz_webhook(scan_provider p, const char *event_header, const uint8_t *data, size_t size)
{
	fuzz_headers h = { event_header, "" };
	scan_webhook_event e;
	const uint8_t *nl = memchr(data, '\n', size);
	size_t n = nl ? (size_t)(nl - data) : 0;
	const char *body = nl ? (const char *)nl + 1 : (const char *)data;
	size_t len = nl ? size - n - 1 : size;
	int rc;

	if (n >= sizeof(h.event))
		n = sizeof(h.event) - 1;
	memcpy(h.event, data, n);
	h.event[n] = '\0';
	if (scan_webhook_verify(p, fuzz_header, &h, (const unsigned char *)body, len, "secret", 1700000000) == 0)
		abort();
	rc = scan_webhook_read(&e, p, fuzz_header, &h, body, len);
	if (rc != 0 && rc != SCAN_EPARSE && rc != SCAN_ELIMIT)
		abort();
	if (bounded_len(e.event, sizeof(e.event)) == sizeof(e.event) ||
	    bounded_len(e.head_ref, sizeof(e.head_ref)) == sizeof(e.head_ref) ||
	    bounded_len(e.clone_url, sizeof(e.clone_url)) == sizeof(e.clone_url) ||
	    bounded_len(e.repo_full_name, sizeof(e.repo_full_name)) == sizeof(e.repo_full_name) ||
	    bounded_len(e.action, sizeof(e.action)) == sizeof(e.action))
		abort();
	if (e.kind > SCAN_WEBHOOK_PUSH)
		abort();
	if (rc == 0 && e.kind == SCAN_WEBHOOK_PULL_REQUEST && e.analyze && (!e.head_ref[0] || e.number < 1))
		abort();
	return 0;
}

#endif
