/* lib/policy/sla.c - remediation deadlines per severity and who has missed them (spec 2.11) */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/sca_policy.h"
#include "util/error.h"
#include "scan/json.h"

#define DAY 86400

static const char *const keys[] = { "critical_days", "high_days", "medium_days", "low_days" };

static int64_t *field(scan_sca_sla_policy *p, size_t i)
{
	int64_t *f[] = { &p->critical_days, &p->high_days, &p->medium_days, &p->low_days };
	return f[i];
}

int64_t scan_sca_sla_days(const scan_sca_sla_policy *p, scan_severity s)
{
	switch (s) {
	case SCAN_SEV_CRITICAL:
		return p->critical_days;
	case SCAN_SEV_HIGH:
		return p->high_days;
	case SCAN_SEV_MEDIUM:
		return p->medium_days;
	case SCAN_SEV_LOW:
	default:
		return p->low_days;
	}
}

int scan_sca_sla_parse_json(scan_sca_sla_policy *out, const char *json, size_t len)
{
	scan_sca_sla_policy p = SCAN_SCA_SLA_DEFAULTS;
	bool seen[4] = { false, false, false, false };
	cJSON *root = cJSON_ParseWithLength(json, len);
	const cJSON *it;
	int rc = 0;

	if (!root || !cJSON_IsObject(root)) {
		rc = scan_util__error(SCAN_EPARSE, "SLA policy is not a JSON object");
		goto done;
	}
	for (it = root->child; it; it = it->next) {
		size_t i;
		double d;
		for (i = 0; i < 4; i++)
			if (!strcmp(it->string, keys[i]))
				break;
		if (i == 4) {
			rc = scan_util__error(SCAN_EINVAL, "SLA policy: unknown key '%.64s' (expected critical_days, high_days, "
			                              "medium_days or low_days)", it->string);
			goto done;
		}
		if (seen[i]) {
			rc = scan_util__error(SCAN_EINVAL, "SLA policy: duplicate key '%s'", keys[i]);
			goto done;
		}
		seen[i] = true;
		d = cJSON_IsNumber(it) ? it->valuedouble : -1;
		/* Range before the cast, so no double outside int64_t reaches it. */
		if (d < 0 || d > SCAN_SCA_SLA_DAYS_MAX || d != (double)(int64_t)d) {
			rc = scan_util__error(SCAN_EINVAL, "SLA policy: %s must be a whole number of days from 0 to %d", keys[i],
			                      SCAN_SCA_SLA_DAYS_MAX);
			goto done;
		}
		*field(&p, i) = (int64_t)d;
	}
	*out = p;
done:
	cJSON_Delete(root);
	return rc;
}

int scan_sca_sla_write_json(scan_buf *out, const scan_sca_sla_policy *p)
{
	scan_sca_sla_policy copy = *p;
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	for (size_t i = 0; i < 4; i++)
		scan_json_int(&w, keys[i], (long long)*field(&copy, i));
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}

static int by_due(const void *a, const void *b)
{
	const scan_sca_sla_breach *x = a, *y = b;

	if (x->due != y->due)
		return x->due < y->due ? -1 : 1;
	return x->finding < y->finding ? -1 : x->finding > y->finding;
}

int scan_sca_sla_evaluate(scan_sca_sla_status *out, const scan_sca_sla_policy *p, const scan_sca_sla_item *items,
                          size_t n, time_t now)
{
	memset(out, 0, sizeof(*out));
	if (n && !(out->breaches = calloc(n, sizeof(*out->breaches))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++) {
		int64_t days = scan_sca_sla_days(p, items[i].severity), span, due;
		int64_t first = (int64_t)items[i].first_seen;

		if (first <= 0) {
			out->unknown++;
			continue;
		}
		if (days < 0)
			days = 0;
		if (days > SCAN_SCA_SLA_DAYS_MAX)
			days = SCAN_SCA_SLA_DAYS_MAX;
		span = days * DAY;
		/* A first_seen near the end of time cannot be due before now. */
		if (first > INT64_MAX - span || (int64_t)now <= first + span) {
			out->compliant++;
			continue;
		}
		due = first + span;
		out->breaches[out->overdue].finding = i;
		out->breaches[out->overdue].severity = items[i].severity;
		out->breaches[out->overdue].due = (time_t)due;
		/* Whole days started past due: one second late is one day overdue. */
		out->breaches[out->overdue].days_overdue = ((int64_t)now - due - 1) / DAY + 1;
		out->overdue++;
	}
	if (out->overdue > 1)
		qsort(out->breaches, out->overdue, sizeof(*out->breaches), by_due);
	return 0;
}

void scan_sca_sla_status_dispose(scan_sca_sla_status *s)
{
	if (!s)
		return;
	free(s->breaches);
	memset(s, 0, sizeof(*s));
}
