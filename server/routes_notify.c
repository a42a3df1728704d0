/* server/routes_notify.c - spec §4.4: the organization's outbound notification webhooks and their deliveries */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "scan/ops.h"

#define DELIVERIES_LIMIT_MAX 200

static void write_events(scan_json *w, unsigned events)
{
	scan_json_open(w, "events", '[');
	for (unsigned bit = 1; bit <= SCAN_NOTIFY_EVENTS_ALL; bit <<= 1)
		if (events & bit)
			scan_json_str(w, NULL, scan_notify_event_name(bit));
	scan_json_close(w, ']');
}

static void write_hook(scan_json *w, const scan_notify_hook *h, const char *secret)
{
	scan_json_open(w, NULL, '{');
	scan_json_id(w, "id", h->id);
	scan_json_str(w, "name", h->name);
	scan_json_str(w, "channel_type", h->channel_type);
	scan_json_str(w, "webhook_url", h->url_display);
	write_events(w, h->events);
	scan_json_bool(w, "on_critical_vuln", (h->events & SCAN_NOTIFY_CRITICAL_VULNERABILITY) != 0);
	scan_json_bool(w, "is_active", h->is_active);
	scan_json_str(w, "disabled_reason", h->disabled_reason);
	scan_json_int(w, "consecutive_failures", h->consecutive_failures);
	scan_json_bool(w, "signed", h->secret_sealed != NULL);
	/* Shown once, when made: the store keeps it sealed and no read returns it. */
	if (secret)
		scan_json_str(w, "signing_secret", secret);
	scan_json_time(w, "last_delivery_at", h->last_delivery_at);
	scan_json_str(w, "last_delivery_status", h->last_delivery_status);
	scan_json_id(w, "created_by", h->created_by);
	scan_json_time(w, "created_at", h->created_at);
	scan_json_time(w, "updated_at", h->updated_at);
	scan_json_close(w, '}');
}

static int respond_one(srv_req *r, int status, int64_t id, const char *secret)
{
	scan_notify_hook_list *l = NULL;
	scan_json w;
	int rc;

	if ((rc = scan_store_notify_hooks(&l, srv_store(r), r->who.org, id)) != 0)
		return rc == SCAN_ENOTFOUND ? srv_error(r, 404, "Webhook not found") : srv_lib_error(r, rc);
	srv_json_begin(r, &w, status);
	write_hook(&w, scan_notify_hook_list_get(l, 0), secret);
	scan_notify_hook_list_free(l);
	return srv_json_end(r, &w);
}

/* A signing secret, once it has been shown. */
static void forget(char *secret)
{
	if (secret) {
		explicit_bzero(secret, strlen(secret));
		free(secret);
	}
}

static int change_error(srv_req *r, int rc)
{
	if (rc == SCAN_EINVAL)
		return srv_error(r, 422, "%s", scan_error_last()->message);
	if (rc == SCAN_ENOTFOUND)
		return srv_error(r, 404, "Webhook not found");
	return srv_lib_error(r, rc);
}

/* The body's fields into in; false after a 4xx. */
static bool read_hook(srv_req *r, scan_notify_hook_input *in, bool create, cJSON **body)
{
	const cJSON *events = NULL;
	bool critical = false, has_critical = false, active = true, has_active = false, rotate = false;
	srv_field fields[] = {
		{ "name", SRV_F_STRING, create, false, &in->name, NULL },
		{ "channel_type", SRV_F_STRING, create, false, &in->channel_type, NULL },
		{ "webhook_url", SRV_F_STRING, create, false, &in->webhook_url, NULL },
		{ "on_critical_vuln", SRV_F_BOOL, false, false, &critical, &has_critical },
		{ "events", SRV_F_STRINGS, false, false, &events, &in->events_given },
		{ "is_active", SRV_F_BOOL, false, false, &active, &has_active },
		{ "rotate_secret", SRV_F_BOOL, false, false, &rotate, NULL },
		{ 0 },
	};
	const cJSON *e;

	if (!srv_body_json(r, body) || !srv_read_fields(r, *body, fields, "the webhook"))
		return false;
	in->on_critical_vuln = has_critical ? critical : -1;
	in->is_active = has_active ? active : -1;
	in->rotate_secret = rotate;
	cJSON_ArrayForEach(e, events) {
		unsigned bit = scan_notify_event_bit(e->valuestring);
		if (!bit) {
			srv_error(r, 422, "Field 'events': unknown event '%.40s' (critical_vulnerability, gate_failed,"
			          " scan_failed, schedule_failed)", e->valuestring);
			return false;
		}
		in->events |= bit;
	}
	return true;
}

static int list(srv_req *r)
{
	scan_notify_hook_list *l = NULL;
	scan_json w;
	int rc;

	if ((rc = scan_store_notify_hooks(&l, srv_store(r), r->who.org, 0)) != 0)
		return srv_lib_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < scan_notify_hook_list_count(l); i++)
		write_hook(&w, scan_notify_hook_list_get(l, i), NULL);
	scan_json_close(&w, ']');
	scan_notify_hook_list_free(l);
	return srv_json_end(r, &w);
}

static int create(srv_req *r)
{
	scan_notify_hook_input in = { 0 };
	scan_notify_options o = srv_notify_options(r->s, NULL);
	cJSON *body = NULL;
	char *secret = NULL;
	int64_t id;
	int rc;

	if (read_hook(r, &in, true, &body)) {
		if ((rc = scan_ops_notify_hook_create(&id, &secret, srv_store(r), r->who.org, r->who.user_id, &in, &o)) != 0)
			change_error(r, rc);
		else
			respond_one(r, 201, id, secret);
	}
	forget(secret);
	cJSON_Delete(body);
	return r->status;
}

static int update(srv_req *r)
{
	int64_t id = srv_param_id(r, "webhook_id");
	scan_notify_hook_input in = { 0 };
	scan_notify_options o = srv_notify_options(r->s, NULL);
	cJSON *body = NULL;
	char *secret = NULL;
	int rc;

	if (!id)
		return r->status;
	if (read_hook(r, &in, false, &body)) {
		if ((rc = scan_ops_notify_hook_update(&secret, srv_store(r), r->who.org, id, &in, &o)) != 0)
			change_error(r, rc);
		else
			respond_one(r, 200, id, secret);
	}
	forget(secret);
	cJSON_Delete(body);
	return r->status;
}

static int remove_one(srv_req *r)
{
	int64_t id = srv_param_id(r, "webhook_id");
	scan_json w;
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_store_notify_hook_delete(srv_store(r), r->who.org, id)) != 0)
		return change_error(r, rc);
	srv_json_begin(r, &w, 200);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "message", "Webhook deleted");
	scan_json_close(&w, '}');
	return srv_json_end(r, &w);
}

/* Deliveries newest first, each with its attempts; one delivery alone when delivery_id is given. */
static int write_deliveries(srv_req *r, int status, int64_t webhook_id, int64_t delivery_id, size_t skip,
                            size_t limit)
{
	scan_notify_delivery_list *l = NULL;
	scan_notify_attempt_list *a = NULL;
	size_t n, k = 0;
	scan_json w;
	int rc;

	if ((rc = scan_store_notify_deliveries(&l, srv_store(r), r->who.org, webhook_id, delivery_id, skip, limit)) != 0)
		return srv_lib_error(r, rc);
	n = scan_notify_delivery_list_count(l);
	if (n && (rc = scan_store_notify_attempts(&a, srv_store(r), r->who.org, webhook_id,
	                                          scan_notify_delivery_list_get(l, n - 1)->id,
	                                          scan_notify_delivery_list_get(l, 0)->id)) != 0) {
		scan_notify_delivery_list_free(l);
		return srv_lib_error(r, rc);
	}
	srv_json_begin(r, &w, status);
	if (!delivery_id) {
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "webhook_id", webhook_id);
		scan_json_open(&w, "deliveries", '[');
	}
	for (size_t i = 0; i < n; i++) {
		const scan_notify_delivery *d = scan_notify_delivery_list_get(l, i);
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "id", d->id);
		scan_json_str(&w, "event", d->event);
		scan_json_str(&w, "event_id", d->event_key);
		scan_json_str(&w, "status", d->status);
		scan_json_int(&w, "attempts", d->attempts);
		scan_json_time(&w, "created_at", d->created_at);
		scan_json_time(&w, "next_attempt_at", strcmp(d->status, "pending") ? 0 : d->next_attempt_at);
		scan_json_time(&w, "finished_at", d->finished_at);
		scan_json_id(&w, "last_status_code", d->last_status_code);
		scan_json_str(&w, "last_error", d->last_error);
		scan_json_raw(&w, "payload", d->payload);
		scan_json_open(&w, "attempt_history", '[');
		/* The attempts come by delivery ascending; the deliveries descending. */
		for (k = 0; k < scan_notify_attempt_list_count(a); k++) {
			const scan_notify_attempt *x = scan_notify_attempt_list_get(a, k);
			if (x->delivery_id != d->id)
				continue;
			scan_json_open(&w, NULL, '{');
			scan_json_int(&w, "attempt", x->attempt);
			scan_json_id(&w, "status_code", x->status_code);
			scan_json_int(&w, "duration_ms", x->duration_ms);
			scan_json_str(&w, "error", x->error);
			scan_json_time(&w, "attempted_at", x->attempted_at);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
	}
	if (!delivery_id) {
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
	}
	scan_notify_attempt_list_free(a);
	scan_notify_delivery_list_free(l);
	return srv_json_end(r, &w);
}

static int test(srv_req *r)
{
	int64_t id = srv_param_id(r, "webhook_id"), delivery = 0;
	scan_notify_options o = srv_notify_options(r->s, NULL);
	int rc;

	if (!id)
		return r->status;
	if ((rc = scan_ops_notify_test(&delivery, srv_store(r), r->who.org, id, &o)) != 0)
		return change_error(r, rc);
	return write_deliveries(r, 200, id, delivery, 0, 1);
}

static int deliveries(srv_req *r)
{
	int64_t id = srv_param_id(r, "webhook_id");
	scan_notify_hook_list *l = NULL;
	size_t skip, limit;
	int rc;

	if (!id || !srv_paging(r, &skip, &limit, 50, DELIVERIES_LIMIT_MAX))
		return r->status;
	if ((rc = scan_store_notify_hooks(&l, srv_store(r), r->who.org, id)) != 0)
		return change_error(r, rc);
	scan_notify_hook_list_free(l);
	return write_deliveries(r, 200, id, 0, skip, limit);
}

srv_family srv_routes_notify = {
	{ SRV_GET, "/sca/webhooks", list, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 0, 0,
	  "The organization's notification webhooks (URLs shown to the host only)", NULL, 0 },
	{ SRV_POST, "/sca/webhooks", create, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 8192, 0,
	  "Register a notification webhook: generic (signed JSON), slack or teams; the signing secret is shown once", NULL, 0 },
	{ SRV_PUT, "/sca/webhooks/{webhook_id}", update, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 8192, 0,
	  "Change a webhook (an absent field keeps its value; is_active true re-enables a disabled one)", NULL, 0 },
	{ SRV_DELETE, "/sca/webhooks/{webhook_id}", remove_one, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Delete a webhook and its delivery history", NULL, 0 },
	{ SRV_POST, "/sca/webhooks/{webhook_id}/test", test, SRV_AUTH_PERSON, SCAN_ROLE_ORG_ADMIN, 0, 0, 0,
	  "Send a test event now: the delivery with its first attempt (retried like any other)", NULL, 0 },
	{ SRV_GET, "/sca/webhooks/{webhook_id}/deliveries", deliveries, SRV_AUTH_PERSON, SCAN_ROLE_MEMBER, 0, 0, 0,
	  "A webhook's deliveries, newest first, each with its attempts: status code, duration, error (limit)", NULL, 0 },
	{ 0 },
};
