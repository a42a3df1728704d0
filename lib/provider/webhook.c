/* lib/provider/webhook.c - Git providers' webhook deliveries: signatures checked on the raw body, payloads read */
#include <cjson/cJSON.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "scan/webhook.h"
#include "util/error.h"
#include "util/signature.h"

/* Standard Webhooks: a signature more than this far from now is a replay, or a clock too far off to trust. */
#define TIMESTAMP_TOLERANCE 300
#define SIGNATURE_HEADER_MAX SCAN_BASE64_TEXT_MAX

static int mismatch(void)
{
	return scan_util__error(SCAN_EINVAL, "signature does not match");
}

static int missing(const char *header)
{
	return scan_util__error(SCAN_EINVAL, "missing %s", header);
}

/* "sha256=<64 hex>" against HMAC-SHA256(secret, body). */
static int verify_hex(const char *given, const char *header, const unsigned char *body, size_t len,
                      const char *secret)
{
	unsigned char mac[EVP_MAX_MD_SIZE], want[32];
	unsigned mac_len = 0;

	if (!given)
		return missing(header);
	if (strncasecmp(given, "sha256=", 7) != 0 || strlen(given + 7) != 64)
		return scan_util__error(SCAN_EINVAL, "%s is not sha256=<64 hex digits>", header);
	for (size_t i = 0; i < 32; i++) {
		unsigned v = 0;
		for (int k = 0; k < 2; k++) {
			char c = given[7 + 2 * i + (size_t)k];
			int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			      : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
			if (d < 0)
				return scan_util__error(SCAN_EINVAL, "%s is not sha256=<64 hex digits>", header);
			v = v * 16 + (unsigned)d;
		}
		want[i] = (unsigned char)v;
	}
	if (!HMAC(EVP_sha256(), secret, (int)strlen(secret), body, len, mac, &mac_len) || mac_len != 32)
		return scan_util__error(SCAN_EIO, "cannot compute the signature");
	return CRYPTO_memcmp(mac, want, 32) == 0 ? 0 : mismatch();
}

/* The shared token GitLab sends as it is: compared whole, in constant time, the length included. */
static int verify_token(const char *given, const char *secret)
{
	unsigned char a[32], b[32];
	unsigned la = 0, lb = 0;
	static const unsigned char key[] = "rampart webhook token";

	if (!given)
		return missing("X-Gitlab-Token (or a webhook-signature)");
	/* Hashing both sides first makes the comparison length-independent. */
	HMAC(EVP_sha256(), key, sizeof(key) - 1, (const unsigned char *)given, strlen(given), a, &la);
	HMAC(EVP_sha256(), key, sizeof(key) - 1, (const unsigned char *)secret, strlen(secret), b, &lb);
	return la == 32 && lb == 32 && CRYPTO_memcmp(a, b, 32) == 0 ? 0 : mismatch();
}

/*
 * Standard Webhooks, as GitLab signs with a signing token: one or more
 * space-separated "v1,<base64>" over "<id>.<timestamp>.<body>".
 */
static int verify_standard(scan_webhook_header_fn header, void *ctx, const unsigned char *body, size_t len,
                           const char *secret, time_t now)
{
	const char *id = header(ctx, "webhook-id"), *ts = header(ctx, "webhook-timestamp");
	const char *sigs = header(ctx, "webhook-signature");
	unsigned char mac[32], given[64];
	char *end;
	long long t;
	int rc;

	if (!id || !ts)
		return missing("webhook-id or webhook-timestamp");
	if (strlen(id) > 256 || strlen(sigs) > SIGNATURE_HEADER_MAX)
		return scan_util__error(SCAN_EINVAL, "webhook headers too long");
	t = strtoll(ts, &end, 10);
	if (!*ts || *end || t <= 0)
		return scan_util__error(SCAN_EINVAL, "webhook-timestamp is not a time");
	if (t < (long long)now - TIMESTAMP_TOLERANCE || t > (long long)now + TIMESTAMP_TOLERANCE)
		return scan_util__error(SCAN_EINVAL, "webhook-timestamp is more than %d seconds from now", TIMESTAMP_TOLERANCE);
	if ((rc = scan_util__webhook_mac(mac, secret, id, ts, body, len)) != 0)
		return rc;
	rc = mismatch();
	for (const char *p = sigs; *p;) {
		const char *sp = strchr(p, ' ');
		size_t n = sp ? (size_t)(sp - p) : strlen(p);
		if (n > 3 && !strncmp(p, "v1,", 3) && scan_util__base64_decode(given, sizeof(given), p + 3, n - 3) == 32 &&
		    CRYPTO_memcmp(given, mac, 32) == 0) {
			rc = 0;
			break;
		}
		p += n;
		while (*p == ' ')
			p++;
	}
	explicit_bzero(mac, sizeof(mac));
	return rc;
}

int scan_webhook_verify(scan_provider p, scan_webhook_header_fn header, void *ctx, const unsigned char *body,
                        size_t len, const char *secret, time_t now)
{
	if (!secret || !*secret)
		return scan_util__error(SCAN_EINVAL, "no webhook secret is configured");
	if (len > SCAN_WEBHOOK_BODY_MAX)
		return scan_util__error(SCAN_ELIMIT, "the delivery is over %zu bytes", SCAN_WEBHOOK_BODY_MAX);
	switch (p) {
	case SCAN_PROVIDER_GITHUB:
		return verify_hex(header(ctx, "X-Hub-Signature-256"), "X-Hub-Signature-256", body, len, secret);
	case SCAN_PROVIDER_GITLAB:
		if (header(ctx, "webhook-signature"))
			return verify_standard(header, ctx, body, len, secret, now);
		return verify_token(header(ctx, "X-Gitlab-Token"), secret);
	case SCAN_PROVIDER_BITBUCKET:
		return verify_hex(header(ctx, "X-Hub-Signature"), "X-Hub-Signature", body, len, secret);
	}
	return scan_util__error(SCAN_EINVAL, "unknown provider");
}

/* ---- payloads ---- */

/* The object at a dotted path of o ("pull_request.head.ref"); NULL when any step is missing. */
static const cJSON *at(const cJSON *o, const char *path)
{
	char part[64];

	while (o && *path) {
		const char *dot = strchr(path, '.');
		size_t n = dot ? (size_t)(dot - path) : strlen(path);
		if (n >= sizeof(part))
			return NULL;
		memcpy(part, path, n);
		part[n] = '\0';
		o = cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, part) : NULL;
		path += n + (dot ? 1 : 0);
	}
	return o;
}

typedef struct {
	const cJSON *root;
	int rc;
} reader;

/* Copy the string at path into out; required: a missing one is SCAN_EPARSE naming it. Too long: SCAN_EPARSE. */
static void copy(reader *r, char *out, size_t cap, const char *path, bool required)
{
	const char *s;

	out[0] = '\0';
	if (r->rc)
		return;
	s = cJSON_GetStringValue(at(r->root, path));
	if (!s) {
		if (required)
			r->rc = scan_util__error(SCAN_EPARSE, "the payload has no %s", path);
		return;
	}
	if (strlen(s) >= cap) {
		r->rc = scan_util__error(SCAN_EPARSE, "the payload's %s is longer than %zu bytes", path, cap - 1);
		return;
	}
	memcpy(out, s, strlen(s) + 1);
}

static int64_t number(reader *r, const char *path)
{
	const cJSON *v = at(r->root, path);

	if (r->rc)
		return 0;
	if (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 1e15) {
		r->rc = scan_util__error(SCAN_EPARSE, "the payload has no %s number", path);
		return 0;
	}
	return (int64_t)v->valuedouble;
}

static void header_copy(char *out, size_t cap, scan_webhook_header_fn header, void *ctx, const char *name)
{
	const char *v = header(ctx, name);
	size_t n = 0;

	out[0] = '\0';
	if (!v)
		return;
	/* A header is shown in the history and the logs: printable characters only, cut to fit. */
	for (; v[n] && n + 1 < cap; n++)
		out[n] = (unsigned char)v[n] >= 0x20 && (unsigned char)v[n] < 0x7f ? v[n] : '?';
	out[n] = '\0';
}

/* "refs/heads/x" -> "x"; false for a tag or another ref. */
static bool branch_of_ref(char *ref)
{
	static const char heads[] = "refs/heads/";

	if (strncmp(ref, heads, sizeof(heads) - 1) != 0)
		return false;
	memmove(ref, ref + sizeof(heads) - 1, strlen(ref + sizeof(heads) - 1) + 1);
	return true;
}

static bool all_zero(const char *sha)
{
	if (!*sha)
		return false;
	for (; *sha; sha++)
		if (*sha != '0')
			return false;
	return true;
}

static void github(reader *r, scan_webhook_event *e)
{
	char base_clone[SCAN_WEBHOOK_URL_MAX], head_clone[SCAN_WEBHOOK_URL_MAX];

	if (!strcmp(e->event, "ping")) {
		e->kind = SCAN_WEBHOOK_PING;
		return;
	}
	if (!strcmp(e->event, "pull_request")) {
		e->kind = SCAN_WEBHOOK_PULL_REQUEST;
		copy(r, e->action, sizeof(e->action), "action", true);
		e->number = number(r, "number");
		copy(r, e->head_ref, sizeof(e->head_ref), "pull_request.head.ref", true);
		copy(r, e->head_sha, sizeof(e->head_sha), "pull_request.head.sha", true);
		copy(r, e->base_ref, sizeof(e->base_ref), "pull_request.base.ref", true);
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "repository.full_name", true);
		copy(r, e->clone_url, sizeof(e->clone_url), "repository.clone_url", true);
		copy(r, base_clone, sizeof(base_clone), "pull_request.base.repo.clone_url", false);
		copy(r, head_clone, sizeof(head_clone), "pull_request.head.repo.clone_url", false);
		/* A fork's head repository may be gone (null): the branch is not in the base repository either way. */
		e->from_fork = !*head_clone || (*base_clone && strcmp(head_clone, base_clone) != 0);
		e->analyze = !strcmp(e->action, "opened") || !strcmp(e->action, "synchronize") ||
		             !strcmp(e->action, "reopened");
		return;
	}
	if (!strcmp(e->event, "push")) {
		copy(r, e->head_ref, sizeof(e->head_ref), "ref", true);
		copy(r, e->head_sha, sizeof(e->head_sha), "after", false);
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "repository.full_name", true);
		copy(r, e->clone_url, sizeof(e->clone_url), "repository.clone_url", true);
		if (r->rc || !branch_of_ref(e->head_ref))
			return; /* a tag: nothing to scan */
		e->kind = SCAN_WEBHOOK_PUSH;
		e->branch_deleted = cJSON_IsTrue(at(r->root, "deleted")) || all_zero(e->head_sha);
	}
}

static void gitlab(reader *r, scan_webhook_event *e)
{
	char source[SCAN_WEBHOOK_URL_MAX], target[SCAN_WEBHOOK_URL_MAX], action[32];

	if (!strcmp(e->event, "Merge Request Hook")) {
		e->kind = SCAN_WEBHOOK_PULL_REQUEST;
		copy(r, action, sizeof(action), "object_attributes.action", false);
		e->number = number(r, "object_attributes.iid");
		copy(r, e->head_ref, sizeof(e->head_ref), "object_attributes.source_branch", true);
		copy(r, e->head_sha, sizeof(e->head_sha), "object_attributes.last_commit.id", false);
		copy(r, e->base_ref, sizeof(e->base_ref), "object_attributes.target_branch", true);
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "project.path_with_namespace", true);
		copy(r, e->clone_url, sizeof(e->clone_url), "project.git_http_url", true);
		copy(r, source, sizeof(source), "object_attributes.source.git_http_url", false);
		copy(r, target, sizeof(target), "object_attributes.target.git_http_url", false);
		if (r->rc)
			return;
		e->from_fork = *source && *target && strcmp(source, target) != 0;
		/* GitLab's words in GitHub's: an update that pushed code carries oldrev. */
		if (!strcmp(action, "open"))
			snprintf(e->action, sizeof(e->action), "opened");
		else if (!strcmp(action, "reopen"))
			snprintf(e->action, sizeof(e->action), "reopened");
		else if (!strcmp(action, "update") && at(r->root, "object_attributes.oldrev"))
			snprintf(e->action, sizeof(e->action), "synchronize");
		else
			snprintf(e->action, sizeof(e->action), "%s", action);
		e->analyze = !strcmp(e->action, "opened") || !strcmp(e->action, "synchronize") ||
		             !strcmp(e->action, "reopened");
		return;
	}
	if (!strcmp(e->event, "Push Hook")) {
		copy(r, e->head_ref, sizeof(e->head_ref), "ref", true);
		copy(r, e->head_sha, sizeof(e->head_sha), "after", false);
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "project.path_with_namespace", true);
		copy(r, e->clone_url, sizeof(e->clone_url), "project.git_http_url", true);
		if (r->rc || !branch_of_ref(e->head_ref))
			return;
		e->kind = SCAN_WEBHOOK_PUSH;
		e->branch_deleted = all_zero(e->head_sha);
	}
}

/* Bitbucket Cloud's payloads name no clone URL: the repository's page is one (git takes it, with or without ".git"). */
static void bitbucket_clone(reader *r, scan_webhook_event *e)
{
	copy(r, e->clone_url, sizeof(e->clone_url), "repository.links.html.href", false);
	if (r->rc || *e->clone_url)
		return;
	if (snprintf(e->clone_url, sizeof(e->clone_url), "https://bitbucket.org/%s", e->repo_full_name) >=
	    (int)sizeof(e->clone_url))
		r->rc = scan_util__error(SCAN_EPARSE, "the payload's repository.full_name is too long");
}

static void bitbucket(reader *r, scan_webhook_event *e)
{
	static const struct {
		const char *key, *action;
		bool analyze;
	} pr[] = {
		{ "pullrequest:created", "opened", true },
		/* Cloud sends one event for new commits and for edits: a scan of an unchanged head is cheap and right. */
		{ "pullrequest:updated", "synchronize", true },
		{ "pullrequest:fulfilled", "merged", false },
		{ "pullrequest:rejected", "declined", false },
	};
	char source[SCAN_WEBHOOK_REF_MAX], dest[SCAN_WEBHOOK_REF_MAX];

	if (!strcmp(e->event, "diagnostics:ping")) {
		e->kind = SCAN_WEBHOOK_PING;
		return;
	}
	for (size_t i = 0; i < sizeof(pr) / sizeof(pr[0]); i++) {
		if (strcmp(e->event, pr[i].key) != 0)
			continue;
		e->kind = SCAN_WEBHOOK_PULL_REQUEST;
		snprintf(e->action, sizeof(e->action), "%s", pr[i].action);
		e->analyze = pr[i].analyze;
		e->number = number(r, "pullrequest.id");
		copy(r, e->head_ref, sizeof(e->head_ref), "pullrequest.source.branch.name", true);
		copy(r, e->head_sha, sizeof(e->head_sha), "pullrequest.source.commit.hash", false);
		copy(r, e->base_ref, sizeof(e->base_ref), "pullrequest.destination.branch.name", true);
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "repository.full_name", true);
		copy(r, source, sizeof(source), "pullrequest.source.repository.full_name", false);
		copy(r, dest, sizeof(dest), "pullrequest.destination.repository.full_name", false);
		bitbucket_clone(r, e);
		e->from_fork = *source && *dest && strcmp(source, dest) != 0;
		return;
	}
	if (!strcmp(e->event, "repo:push")) {
		const cJSON *change = cJSON_GetArrayItem(at(r->root, "push.changes"), 0);
		const cJSON *fresh = change ? cJSON_GetObjectItemCaseSensitive(change, "new") : NULL;
		const cJSON *old = change ? cJSON_GetObjectItemCaseSensitive(change, "old") : NULL;
		reader sub = { NULL, 0 };
		copy(r, e->repo_full_name, sizeof(e->repo_full_name), "repository.full_name", true);
		bitbucket_clone(r, e);
		if (r->rc || !change)
			return;
		/* A deleted branch has no "new": its name is the old one's. */
		sub.root = cJSON_IsObject(fresh) ? fresh : old;
		if (!cJSON_IsObject(sub.root))
			return;
		copy(&sub, e->head_ref, sizeof(e->head_ref), "name", true);
		copy(&sub, e->head_sha, sizeof(e->head_sha), "target.hash", false);
		if (sub.rc) {
			r->rc = sub.rc;
			return;
		}
		const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sub.root, "type"));
		if (!type || strcmp(type, "branch") != 0)
			return; /* a tag */
		e->kind = SCAN_WEBHOOK_PUSH;
		e->branch_deleted = !cJSON_IsObject(fresh);
		if (e->branch_deleted)
			e->head_sha[0] = '\0';
	}
}

int scan_webhook_read(scan_webhook_event *out, scan_provider p, scan_webhook_header_fn header, void *ctx,
                      const char *body, size_t len)
{
	reader r = { NULL, 0 };
	cJSON *root;

	memset(out, 0, sizeof(*out));
	if (len > SCAN_WEBHOOK_BODY_MAX)
		return scan_util__error(SCAN_ELIMIT, "the delivery is over %zu bytes", SCAN_WEBHOOK_BODY_MAX);
	switch (p) {
	case SCAN_PROVIDER_GITHUB:
		header_copy(out->event, sizeof(out->event), header, ctx, "X-GitHub-Event");
		header_copy(out->delivery, sizeof(out->delivery), header, ctx, "X-GitHub-Delivery");
		break;
	case SCAN_PROVIDER_GITLAB:
		header_copy(out->event, sizeof(out->event), header, ctx, "X-Gitlab-Event");
		/* The same across GitLab's retries of one event. */
		header_copy(out->delivery, sizeof(out->delivery), header, ctx, "Idempotency-Key");
		if (!*out->delivery)
			header_copy(out->delivery, sizeof(out->delivery), header, ctx, "X-Gitlab-Event-UUID");
		if (!*out->delivery)
			header_copy(out->delivery, sizeof(out->delivery), header, ctx, "webhook-id");
		break;
	case SCAN_PROVIDER_BITBUCKET:
		header_copy(out->event, sizeof(out->event), header, ctx, "X-Event-Key");
		header_copy(out->delivery, sizeof(out->delivery), header, ctx, "X-Request-UUID");
		break;
	}
	if (!(root = cJSON_ParseWithLength(body, len)))
		return scan_util__error(SCAN_EPARSE, "the delivery's body is not JSON");
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return scan_util__error(SCAN_EPARSE, "the delivery's body is not a JSON object");
	}
	r.root = root;
	switch (p) {
	case SCAN_PROVIDER_GITHUB:
		github(&r, out);
		break;
	case SCAN_PROVIDER_GITLAB:
		gitlab(&r, out);
		break;
	case SCAN_PROVIDER_BITBUCKET:
		bitbucket(&r, out);
		break;
	}
	cJSON_Delete(root);
	if (r.rc) {
		scan_webhook_kind k = out->kind;
		memset(out, 0, sizeof(*out));
		out->kind = k;
		return r.rc;
	}
	return 0;
}
