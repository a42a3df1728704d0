/* tests/unit/test_notify.c - outbound notifications: address classes, URL checks, channel bodies, signatures, the connect-time guard */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/json.h"
#include "scan/notify.h"
#include "util/netaddr.h"
#include "util/signature.h"

static scan_addr_class class_of(const char *host)
{
	scan_addr_class c = SCAN_ADDR_PUBLIC;

	assert_true(scan_util__addr_class_of(&c, host));
	return c;
}

static void test_address_classes(void **state)
{
	scan_addr_class c;

	(void)state;
	assert_int_equal(class_of("127.0.0.1"), SCAN_ADDR_LOOPBACK);
	assert_int_equal(class_of("127.1"), SCAN_ADDR_LOOPBACK);
	assert_int_equal(class_of("0x7f000001"), SCAN_ADDR_LOOPBACK);
	assert_int_equal(class_of("[::1]"), SCAN_ADDR_LOOPBACK);
	assert_int_equal(class_of("10.1.2.3"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("172.16.0.1"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("172.31.255.255"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("172.32.0.1"), SCAN_ADDR_PUBLIC);
	assert_int_equal(class_of("192.168.0.1"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("100.64.0.1"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("100.128.0.1"), SCAN_ADDR_PUBLIC);
	assert_int_equal(class_of("169.254.169.254"), SCAN_ADDR_LINK_LOCAL);
	assert_int_equal(class_of("0.0.0.0"), SCAN_ADDR_RESERVED);
	assert_int_equal(class_of("224.0.0.1"), SCAN_ADDR_RESERVED);
	assert_int_equal(class_of("255.255.255.255"), SCAN_ADDR_RESERVED);
	assert_int_equal(class_of("192.0.2.1"), SCAN_ADDR_RESERVED);
	assert_int_equal(class_of("8.8.8.8"), SCAN_ADDR_PUBLIC);
	assert_int_equal(class_of("fd12::1"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("fe80::1"), SCAN_ADDR_LINK_LOCAL);
	assert_int_equal(class_of("::"), SCAN_ADDR_RESERVED);
	assert_int_equal(class_of("ff02::1"), SCAN_ADDR_RESERVED);
	/* IPv4 inside IPv6 is the IPv4 address: mapped, NAT64, 6to4. */
	assert_int_equal(class_of("::ffff:10.0.0.1"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("::ffff:169.254.169.254"), SCAN_ADDR_LINK_LOCAL);
	assert_int_equal(class_of("64:ff9b::7f00:1"), SCAN_ADDR_LOOPBACK);
	assert_int_equal(class_of("2002:a00:1::"), SCAN_ADDR_PRIVATE);
	assert_int_equal(class_of("2606:4700::1111"), SCAN_ADDR_PUBLIC);
	assert_false(scan_util__addr_class_of(&c, "hooks.slack.com"));
}

static void test_url_check(void **state)
{
	char shown[256];

	(void)state;
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "https://hooks.slack.com/services/T0/B0/XYZ", 0), 0);
	assert_string_equal(shown, "https://hooks.slack.com/...");
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://127.0.0.1:8080/x?k=secret", SCAN_ADDR_LOOPBACK), 0);
	assert_string_equal(shown, "http://127.0.0.1:8080/...");
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://127.0.0.1:8080/x", 0), SCAN_EINVAL);
	assert_non_null(strstr(scan_error_last()->message, "loopback"));
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://localhost/x", 0), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://a.b.localhost./x", 0), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://169.254.169.254/", SCAN_ADDR_LOOPBACK), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://10.0.0.1/", SCAN_ADDR_PRIVATE), 0);
	/* Reserved addresses are never allowed, whatever the configuration says. */
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "http://0.0.0.0/", 0xff), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "gopher://example.com/", 0), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "https://example.com/a b", 0), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "https://example.com/#frag", 0), SCAN_EINVAL);
	assert_int_equal(scan_notify_url_check(shown, sizeof(shown), "", 0), SCAN_EINVAL);
	assert_string_equal(shown, "");
}

static void test_classes_parse(void **state)
{
	unsigned bits = 99;

	(void)state;
	assert_int_equal(scan_addr_classes_parse(&bits, NULL), 0);
	assert_int_equal(bits, 0);
	assert_int_equal(scan_addr_classes_parse(&bits, "loopback, link-local"), 0);
	assert_int_equal(bits, SCAN_ADDR_LOOPBACK | SCAN_ADDR_LINK_LOCAL);
	assert_int_equal(scan_addr_classes_parse(&bits, "loopback,public"), SCAN_EINVAL);
	assert_int_equal(scan_notify_event_bit("gate_failed"), SCAN_NOTIFY_GATE_FAILED);
	assert_int_equal(scan_notify_event_bit("nope"), 0);
	assert_string_equal(scan_notify_event_name(SCAN_NOTIFY_SCHEDULE_FAILED), "schedule_failed");
}

/* The Standard Webhooks specification's own example. */
static void test_signature_vector(void **state)
{
	unsigned char mac[32];
	char b64[64];
	const char *body = "{\"test\": 2432232314}";

	(void)state;
	assert_int_equal(scan_util__webhook_mac(mac, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
	                                        "1614265330", body, strlen(body)), 0);
	assert_int_equal(scan_util__base64_encode(b64, sizeof(b64), mac, sizeof(mac)), 44);
	assert_string_equal(b64, "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
	assert_int_equal(scan_util__webhook_mac(mac, "whsec_!!!", "id", "1", body, strlen(body)), SCAN_EINVAL);
	assert_int_equal(scan_util__base64_encode(b64, 10, mac, sizeof(mac)), -1);
}

static const char critical_doc[] =
	"{\"schema\":\"rampart.notification/1\",\"id\":\"scan:7:critical_vulnerability\",\"type\":\"critical_vulnerability\","
	"\"organization_id\":1,\"repository\":{\"id\":3,\"name\":\"<@U123|x> *bold* [a](http://evil)\",\"branch\":\"main\"},"
	"\"scan\":{\"id\":7,\"url\":\"https://rampart.example/scans/7\",\"commit_sha\":\"abc\"},"
	"\"vulnerabilities\":{\"new_critical\":2,\"items\":[{\"cve_id\":\"CVE-1\",\"package_name\":\"<b>p</b>&\","
	"\"installed_version\":\"1\",\"fixed_version\":null,\"kev_listed\":true}]}}";

static void test_render_slack(void **state)
{
	scan_buf out;
	cJSON *doc, *blocks, *b;
	const char *text;
	bool header = false, link = false;

	(void)state;
	scan_buf_init(&out, 1 << 20);
	assert_int_equal(scan_notify_render(&out, SCAN_CHANNEL_SLACK, critical_doc), 0);
	assert_non_null(doc = cJSON_Parse(out.ptr));
	text = cJSON_GetObjectItem(doc, "text")->valuestring;
	/* Slack's control sequences are inert in the fallback text: no mention, no link, no tag. */
	assert_null(strchr(text, '<'));
	assert_null(strchr(text, '>'));
	assert_non_null(strstr(text, "&lt;@U123|x&gt;"));
	assert_non_null(strstr(text, "2 new critical vulnerabilities"));
	assert_non_null(strstr(text, "CVE-1 in &lt;b&gt;p&lt;/b&gt;&amp; 1, no fix yet, known exploited"));
	blocks = cJSON_GetObjectItem(doc, "blocks");
	cJSON_ArrayForEach(b, blocks) {
		const char *type = cJSON_GetObjectItem(b, "type")->valuestring;
		cJSON *t = cJSON_GetObjectItem(b, "text");
		if (t)
			assert_string_equal(cJSON_GetObjectItem(t, "type")->valuestring, "plain_text");
		char *flat = cJSON_PrintUnformatted(b);
		header |= !strcmp(type, "header");
		link |= !strcmp(type, "actions") && strstr(flat, "https://rampart.example/scans/7") != NULL;
		free(flat);
	}
	assert_true(header);
	assert_true(link);
	cJSON_Delete(doc);
	scan_buf_dispose(&out);
}

static void test_render_teams_and_generic(void **state)
{
	scan_buf out;
	cJSON *doc, *card;
	char *flat;

	(void)state;
	scan_buf_init(&out, 1 << 20);
	assert_int_equal(scan_notify_render(&out, SCAN_CHANNEL_TEAMS, critical_doc), 0);
	assert_non_null(doc = cJSON_Parse(out.ptr));
	assert_string_equal(cJSON_GetObjectItem(doc, "type")->valuestring, "message");
	card = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "attachments"), 0), "content");
	assert_string_equal(cJSON_GetObjectItem(card, "type")->valuestring, "AdaptiveCard");
	flat = cJSON_PrintUnformatted(card);
	/* Markdown from the repository stays text: escaped, never a link. */
	assert_null(strstr(flat, "[a](http://evil)"));
	assert_non_null(strstr(flat, "\\\\[a\\\\]\\\\(http://evil\\\\)"));
	assert_non_null(strstr(flat, "Action.OpenUrl"));
	free(flat);
	cJSON_Delete(doc);
	scan_buf_clear(&out);
	assert_int_equal(scan_notify_render(&out, SCAN_CHANNEL_GENERIC, critical_doc), 0);
	assert_string_equal(out.ptr, critical_doc);
	scan_buf_clear(&out);
	assert_int_equal(scan_notify_render(&out, SCAN_CHANNEL_SLACK, "{\"type\":\"unheard-of\"}"), SCAN_EPARSE);
	assert_int_equal(scan_notify_render(&out, SCAN_CHANNEL_TEAMS, "[1"), SCAN_EPARSE);
	scan_buf_dispose(&out);
}

/* A close with the opening bracket is a slip that would write bad JSON: the writer refuses it. */
static void test_json_writer_close(void **state)
{
	scan_buf b;
	scan_json w;

	(void)state;
	scan_buf_init(&b, 1024);
	scan_json_init(&w, &b, false);
	scan_json_open(&w, NULL, '[');
	scan_json_close(&w, '[');
	assert_int_not_equal(scan_json_finish(&w), 0);
	scan_buf_dispose(&b);
}

/* A listening socket on loopback that never answers; its port. */
static int listener(int *fd)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);

	*fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(*fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(*fd, 4), 0);
	assert_int_equal(getsockname(*fd, (struct sockaddr *)&a, &len), 0);
	return ntohs(a.sin_port);
}

/*
 * The name "localhost" passes no URL check here: what refuses it is the
 * address libcurl resolved, checked as the socket opens - as a name that
 * rebinds to a private address after its check would be.
 */
static void test_send_guard(void **state)
{
	scan_notify_request req;
	scan_notify_outcome out;
	char url[64];
	int fd, port = listener(&fd);

	(void)state;
	snprintf(url, sizeof(url), "http://localhost:%d/hook", port);
	memset(&req, 0, sizeof(req));
	req.url = url;
	req.channel = SCAN_CHANNEL_GENERIC;
	req.secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
	req.delivery_id = "msg_1";
	req.event = "test";
	req.body = "{}";
	req.body_len = 2;
	req.timeout_ms = 700;
	req.now = 1790000000;
	assert_int_equal(scan_notify_send(&out, &req), 0);
	assert_int_equal(out.status_code, 0);
	assert_non_null(strstr(out.error, "refused to connect to localhost"));
	assert_non_null(strstr(out.error, "is a loopback address"));
	/* Allowed, the same connection is made: the listener never answers, so it times out instead. */
	req.allow = SCAN_ADDR_LOOPBACK;
	assert_int_equal(scan_notify_send(&out, &req), 0);
	assert_null(strstr(out.error, "refused to connect"));
	assert_true(out.error[0] != '\0');
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_address_classes),
		cmocka_unit_test(test_url_check),
		cmocka_unit_test(test_classes_parse),
		cmocka_unit_test(test_signature_vector),
		cmocka_unit_test(test_render_slack),
		cmocka_unit_test(test_render_teams_and_generic),
		cmocka_unit_test(test_json_writer_close),
		cmocka_unit_test(test_send_guard),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
