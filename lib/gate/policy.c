/* lib/gate/policy.c - the policy object of spec 2.6: parse, set, write */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gate/gate_int.h"
#include "util/error.h"

#define POLICY_JSON_MAX ((size_t)1 << 20)

const scan_gate_policy_key scan_gate__policy_keys[] = {
	{ "new_critical_max", POLICY_INT, "critical" },
	{ "new_high_max", POLICY_INT, "high" },
	{ "duplication_pct_max", POLICY_PCT, "medium" },
	{ "complexity_new_max", POLICY_INT, "medium" },
	{ "rating_min", POLICY_RATING, "medium" },
	{ "new_coverage_min", POLICY_PCT, "medium" },
	{ NULL, 0, NULL },
};

const scan_gate_policy_key *scan_gate__policy_key_find(const char *name)
{
	for (const scan_gate_policy_key *k = scan_gate__policy_keys; k->name; k++)
		if (name && !strcmp(k->name, name))
			return k;
	return NULL;
}

bool scan_gate_policy_is_key(const char *key)
{
	return scan_gate__policy_key_find(key) != NULL;
}

static int set_int(int64_t *dst, double v, const char *key)
{
	if (!isfinite(v) || v < 0 || v > 1e9 || v != floor(v))
		return scan_util__error(SCAN_EINVAL, "policy key '%s' takes a whole number >= 0", key);
	*dst = (int64_t)v;
	return 0;
}

static int set_pct(double *dst, double v, const char *key)
{
	if (!isfinite(v) || v < 0 || v > 100)
		return scan_util__error(SCAN_EINVAL, "policy key '%s' takes a percentage from 0 to 100", key);
	*dst = v;
	return 0;
}

static int set_rating(char *dst, const char *s, const char *key)
{
	if (!s || strlen(s) != 1 || !((s[0] >= 'A' && s[0] <= 'E') || (s[0] >= 'a' && s[0] <= 'e')))
		return scan_util__error(SCAN_EINVAL, "policy key '%s' takes a rating from A to E", key);
	*dst = (char)(s[0] & ~0x20);
	return 0;
}

static int64_t *int_field(scan_gate_policy *p, const char *key)
{
	if (!strcmp(key, "new_critical_max"))
		return &p->new_critical_max;
	if (!strcmp(key, "new_high_max"))
		return &p->new_high_max;
	return &p->complexity_new_max;
}

static double *pct_field(scan_gate_policy *p, const char *key)
{
	return !strcmp(key, "duplication_pct_max") ? &p->duplication_pct_max : &p->new_coverage_min;
}

int scan_gate_policy_parse_json(scan_gate_policy *out, const char *json, size_t len)
{
	scan_gate_policy p = SCAN_GATE_POLICY_DEFAULTS;
	cJSON *root = NULL, *item;
	const char *end = NULL;
	int rc = 0;

	if (len > POLICY_JSON_MAX)
		return scan_util__error(SCAN_ELIMIT, "policy is larger than 1 MiB");
	root = cJSON_ParseWithLengthOpts(json, len, &end, 0);
	if (root) {
		/* A truncated or concatenated document must not pass as its first object. */
		const char *stop = json + len;
		while (end < stop && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
			end++;
		if (end < stop && *end != '\0') {
			rc = scan_util__error(SCAN_EPARSE, "policy has text after the JSON object");
			goto done;
		}
	}
	if (!root || !cJSON_IsObject(root)) {
		rc = scan_util__error(SCAN_EPARSE, "policy is not a JSON object");
		goto done;
	}
	cJSON_ArrayForEach(item, root) {
		const scan_gate_policy_key *k = scan_gate__policy_key_find(item->string);
		if (!k)
			continue; /* unknown keys are dropped, as the spec says */
		if (cJSON_IsNull(item))
			continue; /* null: keep the default */
		switch (k->type) {
		case POLICY_INT:
			rc = cJSON_IsNumber(item) ? set_int(int_field(&p, k->name), item->valuedouble, k->name)
			                          : scan_util__error(SCAN_EINVAL, "policy key '%s' takes a number", k->name);
			break;
		case POLICY_PCT:
			rc = cJSON_IsNumber(item) ? set_pct(pct_field(&p, k->name), item->valuedouble, k->name)
			                          : scan_util__error(SCAN_EINVAL, "policy key '%s' takes a number", k->name);
			break;
		case POLICY_RATING:
			rc = set_rating(&p.rating_min, cJSON_GetStringValue(item), k->name);
			break;
		}
		if (rc)
			goto done;
	}
	*out = p;
done:
	cJSON_Delete(root);
	return rc;
}

int scan_gate_policy_set(scan_gate_policy *p, const char *key, const char *value)
{
	const scan_gate_policy_key *k = scan_gate__policy_key_find(key);
	char *end;
	double v;

	if (!k)
		return scan_util__error(SCAN_EINVAL, "unknown policy key '%s'", key ? key : "");
	if (k->type == POLICY_RATING)
		return set_rating(&p->rating_min, value, key);
	errno = 0;
	v = strtod(value ? value : "", &end);
	if (!value || !*value || *end || errno)
		return scan_util__error(SCAN_EINVAL, "policy key '%s' takes a number, not '%s'", key,
		                        value ? value : "");
	return k->type == POLICY_INT ? set_int(int_field(p, key), v, key) : set_pct(pct_field(p, key), v, key);
}

/* One key of the policy as a member of the object w has open. */
static void policy_member(scan_json *w, const scan_gate_policy_key *k, const scan_gate_policy *p)
{
	char rating[2] = { p->rating_min ? p->rating_min : 'A', 0 };

	if (!strcmp(k->name, "new_critical_max"))
		scan_json_int(w, k->name, (long long)p->new_critical_max);
	else if (!strcmp(k->name, "new_high_max"))
		scan_json_int(w, k->name, (long long)p->new_high_max);
	else if (!strcmp(k->name, "duplication_pct_max"))
		scan_json_num(w, k->name, p->duplication_pct_max);
	else if (!strcmp(k->name, "complexity_new_max"))
		scan_json_int(w, k->name, (long long)p->complexity_new_max);
	else if (!strcmp(k->name, "rating_min"))
		scan_json_str(w, k->name, rating);
	else if (!strcmp(k->name, "new_coverage_min"))
		scan_json_num(w, k->name, p->new_coverage_min);
}

void scan_gate__policy_members(scan_json *w, const char *key, const scan_gate_policy *p, unsigned set)
{
	scan_json_open(w, key, '{');
	for (const scan_gate_policy_key *k = scan_gate__policy_keys; k->name; k++)
		if (set & (1u << (k - scan_gate__policy_keys)))
			policy_member(w, k, p);
	scan_json_close(w, '}');
}

void scan_gate_policy_json(scan_json *w, const char *key, const scan_gate_policy *p)
{
	scan_gate__policy_members(w, key, p, ~0u);
}

int scan_gate_policy_write_json(scan_buf *out, const scan_gate_policy *p)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_gate_policy_json(&w, NULL, p);
	return scan_json_finish(&w);
}
