/* tests/unit/test_webhook.c - providers' webhook deliveries: signatures over the raw body, payloads read */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "helpers.h"
#include "scan/webhook.h"

#define NOW 1790000000
#define SECRET "It's a Secret to Everybody"

typedef struct {
	const char *names[8];
	const char *values[8];
	char owned[8][512];
	int n;
} headers;

static const char *get(void *ctx, const char *name)
{
	headers *h = ctx;

	for (int i = 0; i < h->n; i++)
		if (!strcasecmp(h->names[i], name))
			return h->values[i];
	return NULL;
}

static void set(headers *h, const char *name, const char *value)
{
	snprintf(h->owned[h->n], sizeof(h->owned[h->n]), "%s", value);
	h->names[h->n] = name;
	h->values[h->n] = h->owned[h->n];
	h->n++;
}

static void hex_hmac(char out[72], const char *key, const char *body)
{
	unsigned char mac[32];
	unsigned len = 0;

	HMAC(EVP_sha256(), key, (int)strlen(key), (const unsigned char *)body, strlen(body), mac, &len);
	memcpy(out, "sha256=", 7);
	for (int i = 0; i < 32; i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", mac[i]);
}

static void expect_refused(headers *h, scan_provider p, const char *body, const char *secret, const char *says)
{
	assert_int_equal(scan_webhook_verify(p, get, h, (const unsigned char *)body, strlen(body), secret, NOW),
	                 SCAN_EINVAL);
	if (!strstr(scan_error_last()->message, says))
		fail_msg("refused with '%s', not '%s'", scan_error_last()->message, says);
}

static void test_github_signature(void **state)
{
	/* The example of GitHub's documentation: this secret, this body, this signature. */
	const char *body = "Hello, World!";
	char sig[72];
	headers h = { 0 }, bad = { 0 }, none = { 0 };
	(void)state;

	hex_hmac(sig, SECRET, body);
	assert_string_equal(sig, "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
	set(&h, "X-Hub-Signature-256", sig);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITHUB, get, &h, (const unsigned char *)body, strlen(body),
	                                     SECRET, NOW), 0);
	/* Upper-case hex is the same signature. */
	for (char *p = h.owned[0] + 7; *p; p++)
		if (*p >= 'a' && *p <= 'f')
			*p = (char)(*p - 'a' + 'A');
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITHUB, get, &h, (const unsigned char *)body, strlen(body),
	                                     SECRET, NOW), 0);
	expect_refused(&h, SCAN_PROVIDER_GITHUB, "Hello, World?", SECRET, "signature does not match");
	expect_refused(&h, SCAN_PROVIDER_GITHUB, body, "another secret", "signature does not match");
	expect_refused(&none, SCAN_PROVIDER_GITHUB, body, SECRET, "missing X-Hub-Signature-256");
	set(&bad, "X-Hub-Signature-256", "sha1=0123");
	expect_refused(&bad, SCAN_PROVIDER_GITHUB, body, SECRET, "sha256=<64 hex digits>");
	expect_refused(&h, SCAN_PROVIDER_GITHUB, body, "", "no webhook secret");
	/* The message never carries the expected value. */
	hex_hmac(sig, SECRET, "Hello, World?");
	expect_refused(&h, SCAN_PROVIDER_GITHUB, "Hello, World?", "x", "does not match");
	assert_null(strstr(scan_error_last()->message, sig + 7));
}

static void test_bitbucket_and_gitlab_token(void **state)
{
	const char *body = "{\"a\":1}";
	char sig[72];
	headers bb = { 0 }, gl = { 0 }, gl_bad = { 0 }, gl_prefix = { 0 };
	(void)state;

	hex_hmac(sig, SECRET, body);
	set(&bb, "X-Hub-Signature", sig);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_BITBUCKET, get, &bb, (const unsigned char *)body,
	                                     strlen(body), SECRET, NOW), 0);
	/* GitHub's header is not Bitbucket's. */
	expect_refused(&bb, SCAN_PROVIDER_GITHUB, body, SECRET, "missing X-Hub-Signature-256");

	set(&gl, "X-Gitlab-Token", SECRET);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITLAB, get, &gl, (const unsigned char *)body, strlen(body),
	                                     SECRET, NOW), 0);
	set(&gl_bad, "X-Gitlab-Token", "It's a Secret to Everybodx");
	expect_refused(&gl_bad, SCAN_PROVIDER_GITLAB, body, SECRET, "does not match");
	/* A prefix of the secret is not the secret. */
	set(&gl_prefix, "X-Gitlab-Token", "It's a Secret");
	expect_refused(&gl_prefix, SCAN_PROVIDER_GITLAB, body, SECRET, "does not match");
	expect_refused(&bb, SCAN_PROVIDER_GITLAB, body, SECRET, "missing X-Gitlab-Token");
}

/* Standard Webhooks: "v1," + base64 of HMAC-SHA256(key, id.ts.body). */
static void standard_sig(char *out, size_t cap, const unsigned char *key, size_t keylen, const char *id, long ts,
                         const char *body)
{
	char content[512];
	unsigned char mac[32];
	unsigned len = 0;

	snprintf(content, sizeof(content), "%s.%ld.%s", id, ts, body);
	HMAC(EVP_sha256(), key, (int)keylen, (const unsigned char *)content, strlen(content), mac, &len);
	memcpy(out, "v1,", 3);
	EVP_EncodeBlock((unsigned char *)out + 3, mac, 32);
	(void)cap;
}

static void test_gitlab_standard(void **state)
{
	/* whsec_ + base64("0123456789abcdef0123456789abcdef") */
	const char *secret = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
	const unsigned char key[] = "0123456789abcdef0123456789abcdef";
	const char *body = "{\"object_kind\":\"merge_request\"}";
	char sig[128], ts[32], two[300];
	headers h = { 0 }, stale = { 0 }, many = { 0 }, plain = { 0 };
	(void)state;

	standard_sig(sig, sizeof(sig), key, 32, "msg_1", NOW - 10, body);
	snprintf(ts, sizeof(ts), "%ld", (long)NOW - 10);
	set(&h, "webhook-id", "msg_1");
	set(&h, "webhook-timestamp", ts);
	set(&h, "webhook-signature", sig);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITLAB, get, &h, (const unsigned char *)body, strlen(body),
	                                     secret, NOW), 0);
	expect_refused(&h, SCAN_PROVIDER_GITLAB, "{\"object_kind\":\"push\"}", secret, "does not match");
	/* The id is signed too: another id, the same signature, refused. */
	snprintf(h.owned[0], sizeof(h.owned[0]), "msg_2");
	expect_refused(&h, SCAN_PROVIDER_GITLAB, body, secret, "does not match");

	standard_sig(sig, sizeof(sig), key, 32, "msg_1", NOW - 400, body);
	snprintf(ts, sizeof(ts), "%ld", (long)NOW - 400);
	set(&stale, "webhook-id", "msg_1");
	set(&stale, "webhook-timestamp", ts);
	set(&stale, "webhook-signature", sig);
	expect_refused(&stale, SCAN_PROVIDER_GITLAB, body, secret, "more than 300 seconds");

	/* Several signatures (a key being rotated): any one that matches will do. */
	standard_sig(sig, sizeof(sig), key, 32, "msg_3", NOW, body);
	snprintf(two, sizeof(two), "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= %s", sig);
	snprintf(ts, sizeof(ts), "%ld", (long)NOW);
	set(&many, "webhook-id", "msg_3");
	set(&many, "webhook-timestamp", ts);
	set(&many, "webhook-signature", two);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITLAB, get, &many, (const unsigned char *)body,
	                                     strlen(body), secret, NOW), 0);

	/* A secret without whsec_ is the key as it is. */
	standard_sig(sig, sizeof(sig), (const unsigned char *)"plain key", 9, "msg_4", NOW, body);
	set(&plain, "webhook-id", "msg_4");
	set(&plain, "webhook-timestamp", ts);
	set(&plain, "webhook-signature", sig);
	assert_int_equal(scan_webhook_verify(SCAN_PROVIDER_GITLAB, get, &plain, (const unsigned char *)body,
	                                     strlen(body), "plain key", NOW), 0);
}

static void read_ok(scan_webhook_event *e, scan_provider p, const char *event_header, const char *event,
                    const char *body)
{
	headers h = { 0 };

	set(&h, event_header, event);
	set(&h, p == SCAN_PROVIDER_GITHUB ? "X-GitHub-Delivery" : p == SCAN_PROVIDER_GITLAB ? "Idempotency-Key"
	                                                                                      : "X-Request-UUID",
	    "d-1");
	if (scan_webhook_read(e, p, get, &h, body, strlen(body)) != 0)
		fail_msg("%s: %s", event, scan_error_last()->message);
	assert_string_equal(e->delivery, "d-1");
}

static void test_read_payloads(void **state)
{
	scan_webhook_event e;
	headers h = { 0 };
	(void)state;

	read_ok(&e, SCAN_PROVIDER_GITHUB, "X-GitHub-Event", "pull_request",
	        "{\"action\":\"synchronize\",\"number\":42,\"pull_request\":{\"head\":{\"ref\":\"fix\",\"sha\":\"abc\","
	        "\"repo\":{\"clone_url\":\"https://github.com/o/r.git\"}},\"base\":{\"ref\":\"main\",\"repo\":"
	        "{\"clone_url\":\"https://github.com/o/r.git\"}}},\"repository\":{\"full_name\":\"o/r\","
	        "\"clone_url\":\"https://github.com/o/r.git\"}}");
	assert_int_equal(e.kind, SCAN_WEBHOOK_PULL_REQUEST);
	assert_true(e.analyze);
	assert_false(e.from_fork);
	assert_int_equal(e.number, 42);
	assert_string_equal(e.head_ref, "fix");
	assert_string_equal(e.base_ref, "main");
	assert_string_equal(e.clone_url, "https://github.com/o/r.git");

	read_ok(&e, SCAN_PROVIDER_GITHUB, "X-GitHub-Event", "pull_request",
	        "{\"action\":\"labeled\",\"number\":42,\"pull_request\":{\"head\":{\"ref\":\"fix\",\"sha\":\"abc\","
	        "\"repo\":null},\"base\":{\"ref\":\"main\",\"repo\":{\"clone_url\":\"https://github.com/o/r.git\"}}},"
	        "\"repository\":{\"full_name\":\"o/r\",\"clone_url\":\"https://github.com/o/r.git\"}}");
	assert_false(e.analyze);
	assert_true(e.from_fork); /* the fork is gone: still not the base repository */

	read_ok(&e, SCAN_PROVIDER_GITLAB, "X-Gitlab-Event", "Merge Request Hook",
	        "{\"project\":{\"path_with_namespace\":\"g/s/r\",\"git_http_url\":\"https://gl.example/g/s/r.git\"},"
	        "\"object_attributes\":{\"iid\":3,\"action\":\"update\",\"source_branch\":\"f\",\"target_branch\":\"main\"}}");
	assert_string_equal(e.action, "update");
	assert_false(e.analyze); /* an update without oldrev pushed no code */
	read_ok(&e, SCAN_PROVIDER_GITLAB, "X-Gitlab-Event", "Merge Request Hook",
	        "{\"project\":{\"path_with_namespace\":\"g/s/r\",\"git_http_url\":\"https://gl.example/g/s/r.git\"},"
	        "\"object_attributes\":{\"iid\":3,\"action\":\"update\",\"oldrev\":\"a1\",\"source_branch\":\"f\","
	        "\"target_branch\":\"main\"}}");
	assert_string_equal(e.action, "synchronize");
	assert_true(e.analyze);
	assert_int_equal(e.number, 3);

	read_ok(&e, SCAN_PROVIDER_BITBUCKET, "X-Event-Key", "repo:push",
	        "{\"push\":{\"changes\":[{\"new\":null,\"old\":{\"type\":\"branch\",\"name\":\"gone\"}}]},"
	        "\"repository\":{\"full_name\":\"w/r\"}}");
	assert_int_equal(e.kind, SCAN_WEBHOOK_PUSH);
	assert_true(e.branch_deleted);
	assert_string_equal(e.head_ref, "gone");
	assert_string_equal(e.clone_url, "https://bitbucket.org/w/r");

	read_ok(&e, SCAN_PROVIDER_GITHUB, "X-GitHub-Event", "push",
	        "{\"ref\":\"refs/tags/v1\",\"after\":\"a\",\"repository\":{\"full_name\":\"o/r\","
	        "\"clone_url\":\"https://github.com/o/r.git\"}}");
	assert_int_equal(e.kind, SCAN_WEBHOOK_OTHER);

	set(&h, "X-GitHub-Event", "pull_request");
	assert_int_equal(scan_webhook_read(&e, SCAN_PROVIDER_GITHUB, get, &h, "{\"action\":\"opened\"}", 19),
	                 SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "number"));
	assert_int_equal(scan_webhook_read(&e, SCAN_PROVIDER_GITHUB, get, &h, "nope", 4), SCAN_EPARSE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_github_signature),
		cmocka_unit_test(test_bitbucket_and_gitlab_token),
		cmocka_unit_test(test_gitlab_standard),
		cmocka_unit_test(test_read_payloads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
