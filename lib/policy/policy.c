/* lib/policy/policy.c - the dependency policy as an object: the default, a file merged onto it, what it holds, its JSON */
#include <stdlib.h>
#include <string.h>
#include "policy/policy_int.h"
#include "scan/json.h"
#include "util/error.h"
#include "util/timefmt.h"

/* ------------------------------------------------------------------------ */
/* The default policy                                                         */

static const char *const default_licenses[] = { "AGPL-1.0", "AGPL-3.0", "GPL-1.0", "GPL-2.0", "GPL-3.0", "SSPL-1.0" };

#define STR(s) { SCAN_SCA_VALUE_STRING, s, 0, false, NULL, 0 }
#define NUM(x) { SCAN_SCA_VALUE_NUMBER, NULL, x, false, NULL, 0 }
#define BOOL(x) { SCAN_SCA_VALUE_BOOL, NULL, 0, x, NULL, 0 }
#define LIST(l) { SCAN_SCA_VALUE_LIST, NULL, 0, false, l, sizeof(l) / sizeof(l[0]) }
static const scan_sca_rule default_rules[] = {
	{ "block-critical", "Block critical vulnerabilities", "Any critical-severity vulnerability fails the policy.",
	  SCAN_SCA_COND_SEVERITY, SCAN_SCA_OP_EQ, STR("critical"), SCAN_SCA_ACTION_BLOCK, true, -1, 0 },
	{ "block-kev", "Block known-exploited vulnerabilities",
	  "A vulnerability in CISA's Known Exploited Vulnerabilities catalog fails the policy.",
	  SCAN_SCA_COND_KEV, SCAN_SCA_OP_EQ, BOOL(true), SCAN_SCA_ACTION_BLOCK, true, -1, 0 },
	{ "block-high-cvss", "Block high CVSS scores", "A vulnerability with a CVSS score of 9.0 or more fails the policy.",
	  SCAN_SCA_COND_CVSS, SCAN_SCA_OP_GE, NUM(9.0), SCAN_SCA_ACTION_BLOCK, true, -1, 0 },
	{ "block-licenses", "Block strong copyleft licenses",
	  "A dependency that can only be used under the AGPL, GPL or SSPL fails the policy.",
	  SCAN_SCA_COND_LICENSE, SCAN_SCA_OP_IN, LIST(default_licenses), SCAN_SCA_ACTION_BLOCK, true, -1, 0 },
	{ "warn-high-epss", "Warn on high EPSS scores",
	  "A vulnerability with an exploitation probability (EPSS) of 0.5 or more is reported.",
	  SCAN_SCA_COND_EPSS, SCAN_SCA_OP_GE, NUM(0.5), SCAN_SCA_ACTION_WARN, true, -1, 0 },
	{ "warn-outdated", "Warn on many outdated dependencies",
	  "More than 30% of the dependencies behind their latest release is reported.",
	  SCAN_SCA_COND_OUTDATED_PCT, SCAN_SCA_OP_GT, NUM(30), SCAN_SCA_ACTION_WARN, true, -1, 0 },
};
#undef STR
#undef NUM
#undef BOOL
#undef LIST

int scan_sca_policy_default(scan_sca_policy **out)
{
	scan_sca_policy *p = scan_policy__new();
	size_t n = sizeof(default_rules) / sizeof(default_rules[0]);

	*out = NULL;
	if (!p || !(p->rules = scan_arena__alloc(&p->arena, sizeof(default_rules)))) {
		scan_sca_policy_free(p);
		return scan_error__oom();
	}
	memcpy(p->rules, default_rules, sizeof(default_rules));
	p->nrules = n;
	p->name = SCAN_SCA_POLICY_DEFAULT_NAME;
	p->fail_on_violation = true;
	p->fail_set = true;
	*out = p;
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Merge                                                                      */

static int copy_str(scan_arena *a, const char **s)
{
	if (*s && !(*s = scan_arena__strdup(a, *s)))
		return scan_error__oom();
	return 0;
}

static int copy_rule(scan_arena *a, scan_sca_rule *dst, const scan_sca_rule *src)
{
	*dst = *src;
	if (copy_str(a, &dst->id) || copy_str(a, &dst->name) || copy_str(a, &dst->description) ||
	    copy_str(a, &dst->value.string))
		return SCAN_ENOMEM;
	if (src->value.kind == SCAN_SCA_VALUE_LIST) {
		const char **list = scan_arena__alloc(a, (src->value.count + 1) * sizeof(*list));
		if (!list)
			return scan_error__oom();
		for (size_t i = 0; i < src->value.count; i++) {
			list[i] = src->value.list[i];
			if (copy_str(a, &list[i]))
				return SCAN_ENOMEM;
		}
		dst->value.list = list;
	}
	return 0;
}

int scan_sca_policy_merge(scan_sca_policy **out, const scan_sca_policy *base, const scan_sca_policy *file)
{
	scan_sca_policy *p = scan_policy__new();
	size_t maxrules = base->nrules + file->nrules, nign = base->nignores + file->nignores;
	size_t nwarn = base->nwarnings + file->nwarnings;
	bool *used = calloc(file->nrules + 1, sizeof(*used));
	int rc = 0;

	*out = NULL;
	if (!p || !used || !(p->rules = scan_arena__calloc(&p->arena, (maxrules + 1) * sizeof(*p->rules))) ||
	    !(p->ignores = scan_arena__calloc(&p->arena, (nign + 1) * sizeof(*p->ignores))) ||
	    !(p->warnings = scan_arena__calloc(&p->arena, (nwarn + 1) * sizeof(*p->warnings)))) {
		rc = scan_error__oom();
		goto done;
	}
	/* Base order, each rule replaced in place by the file's rule of the same id. */
	for (size_t i = 0; i < base->nrules; i++) {
		const scan_sca_rule *src = &base->rules[i];
		for (size_t k = 0; k < file->nrules; k++)
			if (!used[k] && !strcmp(file->rules[k].id, src->id)) {
				src = &file->rules[k];
				used[k] = true;
				break;
			}
		if ((rc = copy_rule(&p->arena, &p->rules[p->nrules++], src)) != 0)
			goto done;
	}
	for (size_t k = 0; k < file->nrules; k++)
		if (!used[k] && (rc = copy_rule(&p->arena, &p->rules[p->nrules++], &file->rules[k])) != 0)
			goto done;
	for (size_t i = 0; i < nign; i++) {
		scan_sca_ignore_rule *r = &p->ignores[p->nignores++];
		*r = i < base->nignores ? base->ignores[i] : file->ignores[i - base->nignores];
		if ((rc = copy_str(&p->arena, &r->value)) != 0 || (rc = copy_str(&p->arena, &r->reason)) != 0)
			goto done;
	}
	for (size_t i = 0; i < nwarn; i++) {
		p->warnings[p->nwarnings] = i < base->nwarnings ? base->warnings[i] : file->warnings[i - base->nwarnings];
		if ((rc = copy_str(&p->arena, &p->warnings[p->nwarnings++])) != 0)
			goto done;
	}
	p->name = file->name ? file->name : base->name;
	p->fail_on_violation = file->fail_set ? file->fail_on_violation : base->fail_on_violation;
	p->fail_set = file->fail_set || base->fail_set;
	p->sla = file->sla_set ? file->sla : base->sla;
	p->sla_set = file->sla_set || base->sla_set;
	if ((rc = copy_str(&p->arena, &p->name)) != 0)
		goto done;
	*out = p;
	p = NULL;
done:
	free(used);
	scan_sca_policy_free(p);
	return rc;
}

void scan_sca_policy_free(scan_sca_policy *p)
{
	if (!p)
		return;
	scan_arena__dispose(&p->arena);
	free(p);
}

/* ------------------------------------------------------------------------ */
/* Accessors                                                                  */

const char *scan_sca_policy_name(const scan_sca_policy *p)
{
	return p->name ? p->name : "";
}

bool scan_sca_policy_fail_on_violation(const scan_sca_policy *p)
{
	return p->fail_on_violation;
}

const scan_sca_sla_policy *scan_sca_policy_sla(const scan_sca_policy *p)
{
	return &p->sla;
}

size_t scan_sca_policy_rule_count(const scan_sca_policy *p)
{
	return p->nrules;
}

const scan_sca_rule *scan_sca_policy_rule(const scan_sca_policy *p, size_t i)
{
	return i < p->nrules ? &p->rules[i] : NULL;
}

const scan_sca_rule *scan_sca_policy_find_rule(const scan_sca_policy *p, const char *id)
{
	for (size_t i = 0; i < p->nrules; i++)
		if (!strcmp(p->rules[i].id, id))
			return &p->rules[i];
	return NULL;
}

size_t scan_sca_policy_ignore_count(const scan_sca_policy *p)
{
	return p->nignores;
}

const scan_sca_ignore_rule *scan_sca_policy_ignore(const scan_sca_policy *p, size_t i)
{
	return i < p->nignores ? &p->ignores[i] : NULL;
}

size_t scan_sca_policy_warning_count(const scan_sca_policy *p)
{
	return p->nwarnings;
}

const char *scan_sca_policy_warning(const scan_sca_policy *p, size_t i)
{
	return i < p->nwarnings ? p->warnings[i] : NULL;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                    */

static void value_json(scan_json *w, const char *key, const scan_sca_value *v)
{
	switch (v->kind) {
	case SCAN_SCA_VALUE_STRING:
		scan_json_str(w, key, v->string);
		return;
	case SCAN_SCA_VALUE_NUMBER:
		scan_json_num(w, key, v->number);
		return;
	case SCAN_SCA_VALUE_BOOL:
		scan_json_bool(w, key, v->boolean);
		return;
	case SCAN_SCA_VALUE_LIST:
		scan_json_open(w, key, '[');
		for (size_t i = 0; i < v->count; i++)
			scan_json_str(w, NULL, v->list[i]);
		scan_json_close(w, ']');
		return;
	}
	scan_json_null(w, key);
}

int scan_sca_policy_write_json(scan_buf *out, const scan_sca_policy *p)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "name", p->name);
	if (p->fail_set)
		scan_json_bool(&w, "fail_on_violation", p->fail_on_violation);
	if (p->sla_set) {
		scan_json_open(&w, "sla", '{');
		scan_json_int(&w, "critical_days", (long long)p->sla.critical_days);
		scan_json_int(&w, "high_days", (long long)p->sla.high_days);
		scan_json_int(&w, "medium_days", (long long)p->sla.medium_days);
		scan_json_int(&w, "low_days", (long long)p->sla.low_days);
		scan_json_close(&w, '}');
	}
	scan_json_open(&w, "rules", '[');
	for (size_t i = 0; i < p->nrules; i++) {
		const scan_sca_rule *r = &p->rules[i];
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "id", r->id);
		if (r->name && strcmp(r->name, r->id))
			scan_json_str(&w, "name", r->name);
		scan_json_str_opt(&w, "description", r->description);
		scan_json_str(&w, "condition_type", scan_sca_condition_name(r->condition));
		scan_json_str(&w, "operator", scan_sca_operator_name(r->op));
		value_json(&w, "value", &r->value);
		scan_json_str(&w, "action", scan_sca_action_name(r->action));
		scan_json_bool(&w, "enabled", r->enabled);
		if (r->max_count >= 0)
			scan_json_int(&w, "max_count", (long long)r->max_count);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	if (p->nignores) {
		scan_json_open(&w, "ignore", '[');
		for (size_t i = 0; i < p->nignores; i++) {
			const scan_sca_ignore_rule *r = &p->ignores[i];
			scan_json_open(&w, NULL, '{');
			scan_json_str(&w, "type", scan_sca_ignore_type_name(r->type));
			scan_json_str(&w, "value", r->value);
			scan_json_str_opt(&w, "reason", r->reason);
			if (r->expires_at) {
				char when[SCAN_TIME_LEN];
				scan_util__time_format(when, r->expires_at);
				scan_json_str(&w, "expires", when);
			}
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
	}
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}
