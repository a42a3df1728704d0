/* lib/ops/notify.c - outbound notifications: webhooks checked and sealed, events found, deliveries attempted */
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/json.h"
#include "scan/ops.h"
#include "scan/seal.h"
#include "util/error.h"
#include "util/signature.h"

#define NAME_MAX_LEN 100
#define SOURCES_PER_TICK 50
#define VULNS_LISTED 20
#define BACKOFF_CAP 3600

static unsigned max_attempts(const scan_notify_options *o) { return o->max_attempts ? o->max_attempts : 8; }
static unsigned backoff(const scan_notify_options *o) { return o->backoff_seconds ? o->backoff_seconds : 30; }
static unsigned disable_after(const scan_notify_options *o) { return o->disable_after ? o->disable_after : 5; }

static int check_options(const scan_notify_options *o)
{
	if (!o || o->version != SCAN_NOTIFY_OPTIONS_VERSION || !o->token_key)
		return scan_util__error(SCAN_EINVAL, "notification options: version %u, token key %s", o ? o->version : 0,
		                        o && o->token_key ? "set" : "missing");
	return 0;
}

/* "whsec_" and 32 random bytes in base64: the Standard Webhooks form every receiver's library reads. */
static int new_secret(char **out)
{
	unsigned char key[32];
	char text[6 + 48];

	*out = NULL;
	if (RAND_bytes(key, sizeof(key)) != 1)
		return scan_util__error(SCAN_EIO, "no random bytes for a signing secret");
	memcpy(text, "whsec_", 6);
	scan_util__base64_encode(text + 6, sizeof(text) - 6, key, sizeof(key));
	explicit_bzero(key, sizeof(key));
	if (!(*out = strdup(text)))
		return scan_error__oom();
	explicit_bzero(text, sizeof(text));
	return 0;
}

static int check_name(const char *name)
{
	size_t n = strlen(name);

	if (!n || n > NAME_MAX_LEN)
		return scan_util__error(SCAN_EINVAL, "name must be 1 to %d characters", NAME_MAX_LEN);
	for (const char *p = name; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return scan_util__error(SCAN_EINVAL, "name holds a control character");
	return 0;
}

/* The input over the record: every field checked, the URL sealed, the secret made when the channel needs one. */
typedef struct {
	char *sealed_url, *sealed_secret, *display; /* what apply() made, the record pointing at it */
} made;

static int apply(scan_notify_hook *h, made *m, char **secret, const scan_notify_hook_input *in,
                 const scan_notify_options *o)
{
	scan_channel ch;
	unsigned events = h->events;
	int rc;

	if (in->name && (rc = check_name(in->name)) != 0)
		return rc;
	if (in->name)
		h->name = in->name;
	if (!h->name)
		return scan_util__error(SCAN_EINVAL, "name is required");
	if (in->channel_type) {
		if ((rc = scan_channel_parse(&ch, in->channel_type)) != 0)
			return rc;
		h->channel_type = scan_channel_name(ch);
	}
	if (!h->channel_type)
		return scan_util__error(SCAN_EINVAL, "channel_type is required (generic, slack or teams)");
	if (in->events_given) {
		if (!in->events)
			return scan_util__error(SCAN_EINVAL, "events must name at least one event");
		events = in->events;
	}
	if (in->on_critical_vuln >= 0) {
		if (in->events_given && !!(events & SCAN_NOTIFY_CRITICAL_VULNERABILITY) != !!in->on_critical_vuln)
			return scan_util__error(SCAN_EINVAL, "on_critical_vuln contradicts events");
		events = in->on_critical_vuln ? events | SCAN_NOTIFY_CRITICAL_VULNERABILITY
		                              : events & ~SCAN_NOTIFY_CRITICAL_VULNERABILITY;
		if (!events)
			return scan_util__error(SCAN_EINVAL, "on_critical_vuln false leaves the webhook no event to hear");
	}
	h->events = events;
	if (in->is_active >= 0) {
		h->is_active = in->is_active != 0;
		if (h->is_active) {
			h->disabled_reason = NULL;
			h->consecutive_failures = 0;
		}
	}
	if (in->webhook_url) {
		char shown[256];
		if ((rc = scan_notify_url_check(shown, sizeof(shown), in->webhook_url, o->allow_targets)) != 0)
			return rc;
		if ((rc = scan_seal(&m->sealed_url, o->token_key, in->webhook_url)) != 0)
			return rc;
		h->url_sealed = m->sealed_url;
		if (!(m->display = strdup(shown)))
			return scan_error__oom();
		h->url_display = m->display;
	}
	if (!h->url_sealed)
		return scan_util__error(SCAN_EINVAL, "webhook_url is required");
	if (strcmp(h->channel_type, "generic")) {
		h->secret_sealed = NULL;
	} else if (!h->secret_sealed || in->rotate_secret) {
		if ((rc = new_secret(secret)) != 0 || (rc = scan_seal(&m->sealed_secret, o->token_key, *secret)) != 0)
			return rc;
		h->secret_sealed = m->sealed_secret;
	}
	return 0;
}

static void release(made *m, char **secret, int rc)
{
	free(m->sealed_url);
	free(m->sealed_secret);
	free(m->display);
	if (rc && *secret) {
		explicit_bzero(*secret, strlen(*secret));
		free(*secret);
		*secret = NULL;
	}
}

int scan_ops_notify_hook_create(int64_t *id, char **secret, scan_store *st, int64_t org, int64_t user,
                                const scan_notify_hook_input *in, const scan_notify_options *o)
{
	scan_notify_hook h;
	made m = { NULL, NULL, NULL };
	int rc;

	*id = 0;
	*secret = NULL;
	if ((rc = check_options(o)) != 0)
		return rc;
	memset(&h, 0, sizeof(h));
	h.events = SCAN_NOTIFY_EVENTS_ALL;
	h.is_active = true;
	h.created_by = user;
	if ((rc = apply(&h, &m, secret, in, o)) == 0)
		rc = scan_store_notify_hook_create(id, st, org, &h, time(NULL));
	release(&m, secret, rc);
	return rc;
}

int scan_ops_notify_hook_update(char **secret, scan_store *st, int64_t org, int64_t id,
                                const scan_notify_hook_input *in, const scan_notify_options *o)
{
	scan_notify_hook_list *l = NULL;
	scan_notify_hook h;
	made m = { NULL, NULL, NULL };
	int rc;

	*secret = NULL;
	if ((rc = check_options(o)) != 0 || (rc = scan_store_notify_hooks(&l, st, org, id)) != 0)
		return rc;
	h = *scan_notify_hook_list_get(l, 0);
	if ((rc = apply(&h, &m, secret, in, o)) == 0)
		rc = scan_store_notify_hook_update(st, org, &h, time(NULL));
	release(&m, secret, rc);
	scan_notify_hook_list_free(l);
	return rc;
}

/* ---- events ---- */

static void payload_head(scan_json *w, const char *type, const char *key, int64_t org, time_t now)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "schema", "rampart.notification/1");
	scan_json_str(w, "id", key);
	scan_json_str(w, "type", type);
	scan_json_time(w, "created_at", now);
	scan_json_id(w, "organization_id", org);
}

static int source_payload(scan_buf *out, unsigned event, const char *key, const scan_notify_source *src,
                          const scan_notify_vuln_list *vulns, const scan_notify_options *o, time_t now)
{
	scan_json w;

	scan_json_init(&w, out, false);
	payload_head(&w, scan_notify_event_name(event), key, src->org_id, now);
	scan_json_open(&w, "repository", '{');
	scan_json_id(&w, "id", src->repo_id);
	scan_json_str(&w, "name", src->repo_name);
	scan_json_str(&w, "branch", src->branch);
	scan_json_close(&w, '}');
	if (src->scan_id) {
		scan_json_open(&w, "scan", '{');
		scan_json_id(&w, "id", src->scan_id);
		scan_json_str(&w, "status", src->status);
		scan_json_str(&w, "scan_type", src->scan_type);
		scan_json_str(&w, "commit_sha", src->commit_sha);
		if (src->pr_number)
			scan_json_int(&w, "pr_number", src->pr_number);
		else
			scan_json_null(&w, "pr_number");
		scan_json_int(&w, "issues_count", src->issues_count);
		scan_json_int(&w, "new_issues", src->new_issues);
		scan_json_str(&w, "gate_status", src->gate_status);
		if (o->public_url && *o->public_url) {
			char url[1024];
			size_t n = strlen(o->public_url);
			snprintf(url, sizeof(url), "%.*s/scans/%lld", (int)(o->public_url[n - 1] == '/' ? n - 1 : n),
			         o->public_url, (long long)src->scan_id);
			scan_json_str(&w, "url", url);
		} else {
			scan_json_null(&w, "url");
		}
		scan_json_time(&w, "finished_at", src->finished_at);
		scan_json_close(&w, '}');
	} else {
		scan_json_null(&w, "scan");
	}
	if (src->schedule_id) {
		scan_json_open(&w, "schedule", '{');
		scan_json_id(&w, "id", src->schedule_id);
		scan_json_str(&w, "cron_expression", src->cron_expression);
		scan_json_id(&w, "run_id", src->run_id);
		scan_json_close(&w, '}');
	}
	if (event == SCAN_NOTIFY_CRITICAL_VULNERABILITY && vulns) {
		size_t n = scan_notify_vuln_list_count(vulns);
		scan_json_open(&w, "vulnerabilities", '{');
		scan_json_uint(&w, "new_critical", n);
		scan_json_bool(&w, "truncated", n > VULNS_LISTED);
		scan_json_open(&w, "items", '[');
		for (size_t i = 0; i < n && i < VULNS_LISTED; i++) {
			const scan_notify_vuln *v = scan_notify_vuln_list_get(vulns, i);
			scan_json_open(&w, NULL, '{');
			scan_json_str(&w, "id", v->vuln_id);
			scan_json_str(&w, "cve_id", v->cve_id);
			scan_json_str(&w, "ecosystem", v->ecosystem);
			scan_json_str(&w, "package_name", v->package_name);
			scan_json_str(&w, "installed_version", v->installed_version);
			scan_json_str(&w, "fixed_version", v->fixed_version);
			if (v->cvss_score >= 0)
				scan_json_num(&w, "cvss_score", v->cvss_score);
			else
				scan_json_null(&w, "cvss_score");
			scan_json_bool(&w, "kev_listed", v->kev_listed);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
	}
	if (event == SCAN_NOTIFY_SCAN_FAILED || event == SCAN_NOTIFY_SCHEDULE_FAILED)
		scan_json_str(&w, "error", src->error ? src->error : "the scan failed");
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}

/* One source's events, queued for the webhooks that hear them. */
static int emit_source(scan_store *st, const scan_notify_source *src, const scan_notify_options *o, time_t now)
{
	scan_notify_event ev[4];
	scan_buf bodies[4];
	char keys[4][80];
	scan_notify_vuln_list *vulns = NULL;
	size_t n = 0;
	unsigned bits = 0;
	int rc = 0;

	if (src->scan_id) {
		if (!strcmp(src->status, "failed"))
			bits |= SCAN_NOTIFY_SCAN_FAILED | (src->schedule_id ? SCAN_NOTIFY_SCHEDULE_FAILED : 0);
		else if (src->gate_status && !strcmp(src->gate_status, "failed"))
			bits |= SCAN_NOTIFY_GATE_FAILED;
		if (!strcmp(src->status, "completed")) {
			if ((rc = scan_store_notify_new_criticals(&vulns, st, src->scan_id)) != 0)
				return rc;
			if (scan_notify_vuln_list_count(vulns))
				bits |= SCAN_NOTIFY_CRITICAL_VULNERABILITY;
		}
	} else {
		bits = SCAN_NOTIFY_SCHEDULE_FAILED;
	}
	for (unsigned bit = 1; bit <= SCAN_NOTIFY_SCHEDULE_FAILED && !rc; bit <<= 1) {
		if (!(bits & bit))
			continue;
		if (src->scan_id)
			snprintf(keys[n], sizeof(keys[n]), "scan:%lld:%s", (long long)src->scan_id, scan_notify_event_name(bit));
		else
			snprintf(keys[n], sizeof(keys[n]), "run:%lld:%s", (long long)src->run_id, scan_notify_event_name(bit));
		scan_buf_init(&bodies[n], 256 * 1024);
		rc = source_payload(&bodies[n], bit, keys[n], src, vulns, o, now);
		ev[n].event = bit;
		ev[n].key = keys[n];
		ev[n].payload = bodies[n].ptr;
		n++;
	}
	if (!rc)
		rc = scan_store_notify_emit(st, src, ev, n, now);
	for (size_t i = 0; i < n; i++)
		scan_buf_dispose(&bodies[i]);
	scan_notify_vuln_list_free(vulns);
	return rc;
}

int scan_ops_notify_tick(unsigned *queued, scan_store *st, const scan_notify_options *o, time_t now)
{
	scan_notify_source_list *l = NULL;
	int rc;

	*queued = 0;
	if ((rc = check_options(o)) != 0 ||
	    (rc = scan_store_notify_prune(st, now - (time_t)SCAN_NOTIFY_HISTORY_DAYS * 86400)) != 0 ||
	    (rc = scan_store_notify_sources(&l, st, SOURCES_PER_TICK)) != 0)
		return rc;
	for (size_t i = 0; i < scan_notify_source_list_count(l) && !rc; i++)
		if ((rc = emit_source(st, scan_notify_source_list_get(l, i), o, now)) == 0)
			(*queued)++;
	scan_notify_source_list_free(l);
	return rc;
}

/* ---- deliveries ---- */

/* Attempt a claimed delivery and record what happened. */
static int attempt(scan_store *st, const scan_notify_delivery *d, const scan_notify_options *o)
{
	scan_notify_request req;
	scan_notify_outcome out;
	scan_notify_attempt a;
	scan_channel ch = SCAN_CHANNEL_GENERIC;
	scan_buf body = { 0 };
	char *url = NULL, *secret = NULL, id[48];
	time_t now = time(NULL), next;
	unsigned n = (unsigned)d->attempts + 1, wait;
	bool disabled;
	int rc = 0;

	memset(&out, 0, sizeof(out));
	scan_buf_init(&body, 512 * 1024);
	if (scan_channel_parse(&ch, d->channel_type) != 0 || scan_unseal(&url, o->token_key, d->url_sealed) != 0 ||
	    (d->secret_sealed && scan_unseal(&secret, o->token_key, d->secret_sealed) != 0)) {
		snprintf(out.error, sizeof(out.error), "cannot open the webhook's URL or secret: %s",
		         scan_error_last()->message);
	} else if ((rc = scan_notify_render(&body, ch, d->payload)) != 0) {
		if (rc == SCAN_ENOMEM)
			goto done;
		snprintf(out.error, sizeof(out.error), "cannot render the notification: %s", scan_error_last()->message);
		rc = 0;
	} else {
		snprintf(id, sizeof(id), "msg_rampart_%lld", (long long)d->id);
		memset(&req, 0, sizeof(req));
		req.url = url;
		req.channel = ch;
		req.secret = secret;
		req.delivery_id = id;
		req.event = d->event;
		req.body = body.ptr ? body.ptr : "";
		req.body_len = body.size;
		req.allow = o->allow_targets;
		req.timeout_ms = o->timeout_ms;
		req.now = now;
		if ((rc = scan_notify_send(&out, &req)) != 0)
			goto done;
	}
	memset(&a, 0, sizeof(a));
	a.delivery_id = d->id;
	a.status_code = out.status_code;
	a.duration_ms = out.duration_ms;
	a.error = out.error[0] ? out.error : NULL;
	a.attempted_at = now;
	/* 30 s, 1 min, 2 min, ... an hour at most: a receiver that is down for a deploy is waited for. */
	wait = backoff(o);
	for (unsigned i = 1; i < n && wait < BACKOFF_CAP; i++)
		wait *= 2;
	next = now + (time_t)(wait < BACKOFF_CAP ? wait : BACKOFF_CAP);
	rc = scan_store_notify_attempted(&disabled, st, d, o->owner, &a, next, n >= max_attempts(o), disable_after(o),
	                                 time(NULL));
done:
	if (url) {
		explicit_bzero(url, strlen(url));
		free(url);
	}
	if (secret) {
		explicit_bzero(secret, strlen(secret));
		free(secret);
	}
	scan_buf_dispose(&body);
	return rc;
}

static unsigned lease_of(const scan_notify_options *o)
{
	long t = o->timeout_ms > 0 ? o->timeout_ms : 10000;

	return (unsigned)(t / 1000) + 60;
}

int scan_ops_notify_step(bool *sent, scan_store *st, const scan_notify_options *o)
{
	scan_notify_delivery_list *l = NULL;
	int rc;

	*sent = false;
	if ((rc = check_options(o)) != 0)
		return rc;
	if (!o->owner)
		return scan_util__error(SCAN_EINVAL, "notification options: no owner");
	if ((rc = scan_store_notify_claim(&l, st, o->owner, lease_of(o), 0, time(NULL))) != 0 || !l)
		return rc;
	*sent = true;
	rc = attempt(st, scan_notify_delivery_list_get(l, 0), o);
	scan_notify_delivery_list_free(l);
	return rc;
}

int scan_ops_notify_test(int64_t *delivery_id, scan_store *st, int64_t org, int64_t webhook_id,
                         const scan_notify_options *o)
{
	scan_notify_hook_list *hooks = NULL;
	scan_notify_delivery_list *l = NULL;
	unsigned char r[12];
	char key[40];
	scan_buf doc = { 0 };
	scan_json w;
	scan_notify_options mine;
	time_t now = time(NULL);
	int rc;

	*delivery_id = 0;
	if ((rc = check_options(o)) != 0 || (rc = scan_store_notify_hooks(&hooks, st, org, webhook_id)) != 0)
		return rc;
	/* A request's attempt holds the lease under a name of its own. */
	mine = *o;
	if (!mine.owner)
		mine.owner = "test";
	if (RAND_bytes(r, sizeof(r)) != 1) {
		rc = scan_util__error(SCAN_EIO, "no random bytes for a test event's id");
		goto done;
	}
	memcpy(key, "test:", 5);
	for (size_t i = 0; i < sizeof(r); i++)
		snprintf(key + 5 + 2 * i, 3, "%02x", r[i]);
	scan_buf_init(&doc, 4096);
	scan_json_init(&w, &doc, false);
	payload_head(&w, "test", key, org, now);
	scan_json_open(&w, "webhook", '{');
	scan_json_id(&w, "id", webhook_id);
	scan_json_str(&w, "name", scan_notify_hook_list_get(hooks, 0)->name);
	scan_json_close(&w, '}');
	scan_json_str(&w, "message", "A test notification from Rampart: this webhook receives events.");
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0 ||
	    (rc = scan_store_notify_enqueue(delivery_id, st, org, webhook_id, "test", key, doc.ptr, now)) != 0)
		goto done;
	/* Attempted here, so the caller sees the answer; a retry is the notifier's, like any delivery's. */
	if ((rc = scan_store_notify_claim(&l, st, mine.owner, lease_of(o), *delivery_id, now)) != 0)
		goto done;
	if (l)
		rc = attempt(st, scan_notify_delivery_list_get(l, 0), &mine);
done:
	scan_buf_dispose(&doc);
	scan_notify_delivery_list_free(l);
	scan_notify_hook_list_free(hooks);
	return rc;
}
