/* lib/policy/policy_parse.c - .rampart-policy.yml and its JSON form, parsed and validated into a policy */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_int.h"
#include "util/error.h"
#include "util/timefmt.h"
#include "util/yamltree.h"
#include "util/quote.h"

/*
 * The document is untrusted (it comes with the repository), so it is read
 * into the bounded YAML tree and then validated key by key: everything the
 * file says is either understood or refused with the line it is on, so a
 * typo ("opertor") never silently weakens a gate. The JSON form of the API
 * is converted into the same tree (without lines) and validated by the same
 * code, so both accept exactly the same policies.
 */

#define YAML_NODES_MAX 100000  /* a policy with 1000 rules needs about 20000 */
#define JSON_DEPTH_MAX 64
#define COUNT_MAX 1000000000LL /* max_count, max_critical, direct_vuln counts */

static const char *const condition_names[SCAN_SCA_COND__COUNT] = {
	"severity", "license", "age", "epss", "kev", "package", "cvss", "outdated_pct", "direct_vuln",
};
static const char *const operator_names[SCAN_SCA_OP__COUNT] = { "==", ">", ">=", "in", "contains" };
static const char *const action_names[SCAN_SCA_ACTION__COUNT] = { "block", "warn", "allow" };
static const char *const ignore_names[SCAN_SCA_IGNORE__COUNT] = { "cve", "package", "path", "license", "severity" };

#define OPS(...) (0 __VA_ARGS__)
#define EQ | 1u << SCAN_SCA_OP_EQ
#define GT | 1u << SCAN_SCA_OP_GT
#define GE | 1u << SCAN_SCA_OP_GE
#define IN | 1u << SCAN_SCA_OP_IN
#define CONTAINS | 1u << SCAN_SCA_OP_CONTAINS
static const unsigned operators_of[SCAN_SCA_COND__COUNT] = {
	[SCAN_SCA_COND_SEVERITY] = OPS(EQ GT GE IN),
	[SCAN_SCA_COND_LICENSE] = OPS(EQ IN CONTAINS),
	[SCAN_SCA_COND_AGE] = OPS(EQ GT GE),
	[SCAN_SCA_COND_EPSS] = OPS(EQ GT GE),
	[SCAN_SCA_COND_KEV] = OPS(EQ),
	[SCAN_SCA_COND_PACKAGE] = OPS(EQ IN CONTAINS),
	[SCAN_SCA_COND_CVSS] = OPS(EQ GT GE),
	[SCAN_SCA_COND_OUTDATED_PCT] = OPS(EQ GT GE),
	[SCAN_SCA_COND_DIRECT_VULN] = OPS(EQ GT GE),
};
#undef OPS
#undef EQ
#undef GT
#undef GE
#undef IN
#undef CONTAINS

const char *scan_sca_condition_name(scan_sca_condition c)
{
	return (unsigned)c < SCAN_SCA_COND__COUNT ? condition_names[c] : "?";
}

const char *scan_sca_operator_name(scan_sca_operator op)
{
	return (unsigned)op < SCAN_SCA_OP__COUNT ? operator_names[op] : "?";
}

const char *scan_sca_action_name(scan_sca_action a)
{
	return (unsigned)a < SCAN_SCA_ACTION__COUNT ? action_names[a] : "?";
}

bool scan_sca_operator_applies(scan_sca_condition c, scan_sca_operator op)
{
	return (unsigned)c < SCAN_SCA_COND__COUNT && (unsigned)op < SCAN_SCA_OP__COUNT &&
	       (operators_of[c] & (1u << op));
}

const char *scan_sca_ignore_type_name(scan_sca_ignore_type t)
{
	return (unsigned)t < SCAN_SCA_IGNORE__COUNT ? ignore_names[t] : "?";
}

int scan_sca_ignore_type_parse(scan_sca_ignore_type *out, const char *name)
{
	for (int i = 0; name && i < SCAN_SCA_IGNORE__COUNT; i++)
		if (!strcmp(name, ignore_names[i])) {
			*out = (scan_sca_ignore_type)i;
			return 0;
		}
	return SCAN_EINVAL;
}

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* ------------------------------------------------------------------------ */
/* The parse context and its messages                                        */

typedef struct {
	const char *origin;
	scan_sca_policy *p;
	time_t now;
	unsigned rule_lines[SCAN_SCA_POLICY_RULES_MAX + 3]; /* for "first defined on line N" */
} pctx;

static int fail(const pctx *c, int code, unsigned line, const char *fmt, ...) SCAN_PRINTF(4, 5);

static int fail(const pctx *c, int code, unsigned line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (line)
		return scan_util__error(code, "%s:%u: %s", c->origin, line, msg);
	return scan_util__error(code, "%s: %s", c->origin, msg);
}

/*
 * User text as it may appear in a message (scan_util__quote()), so a message
 * stays one short line whatever the file holds. Returns a buffer of one of
 * four slots: enough for one message.
 */
static const char *show(const char *s, size_t len)
{
	static _Thread_local char slots[4][SCAN_QUOTE_LEN];
	static _Thread_local unsigned next_slot;

	return scan_util__quote(slots[next_slot++ % 4], s, len);
}

/* " (first on line N)" after a duplicate; nothing for JSON, which has no lines. */
static const char *where_first(const char *what, unsigned line)
{
	static _Thread_local char buf[64];

	if (!line)
		return "";
	snprintf(buf, sizeof(buf), " (%s %u)", what, line);
	return buf;
}

static const char *show_node(const scan_yaml_node *n)
{
	if (n->kind == SCAN_YAML_SCALAR)
		return show(n->value, n->len);
	return n->kind == SCAN_YAML_SEQUENCE ? "<list>" : "<mapping>";
}

/* ------------------------------------------------------------------------ */
/* Scalars                                                                    */

typedef enum { V_NULL, V_BOOL, V_NUMBER, V_STRING, V_LIST, V_MAP } vkind;

static bool is_number_text(const char *s)
{
	const char *p = s;
	bool digits = false;

	if (*p == '-' || *p == '+')
		p++;
	while (*p >= '0' && *p <= '9')
		p++, digits = true;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits = true;
	if (!digits)
		return false;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/*
 * The YAML 1.2 core schema for plain scalars: null, true/false, numbers;
 * everything else, and every quoted scalar, is a string.
 */
static vkind classify(const scan_yaml_node *n, bool *b, double *d)
{
	const char *s;

	if (n->kind == SCAN_YAML_SEQUENCE)
		return V_LIST;
	if (n->kind == SCAN_YAML_MAPPING)
		return V_MAP;
	s = n->value;
	if (!n->plain)
		return V_STRING;
	if (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL"))
		return V_NULL;
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) {
		*b = true;
		return V_BOOL;
	}
	if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) {
		*b = false;
		return V_BOOL;
	}
	if (is_number_text(s)) {
		char *end;
		errno = 0;
		*d = strtod(s, &end);
		if (*end == '\0' && errno != ERANGE)
			return V_NUMBER;
	}
	return V_STRING;
}

static const char *kind_name(vkind k)
{
	static const char *const names[] = { "null", "a boolean", "a number", "a string", "a list", "a mapping" };
	return names[k];
}

/* What a wrong value is, for "must be X, not <this>": 'text' for a string, 3 for a number. */
static const char *describe(const scan_yaml_node *n)
{
	static _Thread_local char buf[SCAN_QUOTE_LEN + 4];
	bool b;
	double d;
	vkind k = classify(n, &b, &d);

	if (k == V_NUMBER || k == V_BOOL)
		return show_node(n);
	if (k != V_STRING)
		return kind_name(k);
	snprintf(buf, sizeof(buf), "'%s'", show_node(n));
	return buf;
}

/* A scalar as text for a string field: non-empty, no NUL, at most max bytes. */
static int text_of(const pctx *c, const scan_yaml_node *n, size_t max, const char *what, const char *label,
                   const char **out)
{
	bool b;
	double d;
	vkind k = classify(n, &b, &d);

	if (k == V_NULL || k == V_LIST || k == V_MAP)
		return fail(c, SCAN_EINVAL, n->line, "%s%s must be a string, not %s", label, what, kind_name(k));
	/* An empty string would make contains and == match everything or nothing. */
	if (!n->len)
		return fail(c, SCAN_EINVAL, n->line, "%s%s must not be empty", label, what);
	if (strlen(n->value) != n->len)
		return fail(c, SCAN_EINVAL, n->line, "%s%s contains a NUL byte", label, what);
	if (n->len > max)
		return fail(c, SCAN_ELIMIT, n->line, "%s%s is longer than %zu bytes", label, what, max);
	*out = n->value; /* the tree's arena is moved into the policy */
	return 0;
}

static int whole_number(const pctx *c, const scan_yaml_node *n, int64_t max, const char *what,
                        const char *label, int64_t *out)
{
	bool b;
	double d = 0;
	vkind k = classify(n, &b, &d);

	/* Range before the cast: a double beyond int64_t must never reach it. */
	if (k != V_NUMBER || d < 0 || d > (double)max || d != (double)(int64_t)d)
		return fail(c, SCAN_EINVAL, n->line, "%s%s must be a whole number from 0 to %lld, not %s", label, what,
		            (long long)max, describe(n));
	*out = (int64_t)d;
	return 0;
}

static int boolean(const pctx *c, const scan_yaml_node *n, const char *what, const char *label, bool *out)
{
	double d;
	vkind k = classify(n, out, &d);

	if (k != V_BOOL)
		return fail(c, SCAN_EINVAL, n->line, "%s%s must be true or false, not %s", label, what, describe(n));
	return 0;
}

/*
 * Walk a mapping's keys: each must be a string naming one of keys[], and
 * appear once. vals[i] receives the value of keys[i] (NULL when absent).
 * alias[i] >= 0 makes keys[i] another spelling of keys[alias[i]].
 */
static int read_keys(const pctx *c, const scan_yaml_node *map, const char *const *keys, const int *alias, size_t nkeys,
                     const char *label, const scan_yaml_node **vals)
{
	const scan_yaml_node *keynode[16] = { 0 };

	for (size_t i = 0; i < nkeys; i++)
		vals[i] = NULL;
	for (size_t i = 0; i + 1 < map->len; i += 2) {
		const scan_yaml_node *k = map->items[i];
		size_t j;
		int slot;

		if (k->kind != SCAN_YAML_SCALAR)
			return fail(c, SCAN_EINVAL, k->line, "%skeys must be strings", label);
		for (j = 0; j < nkeys; j++)
			if (!strcmp(k->value, keys[j]) && strlen(k->value) == k->len)
				break;
		if (j == nkeys)
			return fail(c, SCAN_EINVAL, k->line, "%sunknown key '%s'", label, show(k->value, k->len));
		slot = alias && alias[j] >= 0 ? alias[j] : (int)j;
		if (keynode[slot])
			return fail(c, SCAN_EINVAL, k->line, "%sduplicate key '%s'%s", label, keys[j],
			            where_first("first on line", keynode[slot]->line));
		keynode[slot] = k;
		vals[slot] = map->items[i + 1];
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Rules                                                                      */

static bool valid_id(const char *s, size_t len)
{
	if (!len || len > SCAN_SCA_POLICY_ID_MAX || strlen(s) != len)
		return false;
	for (size_t i = 0; i < len; i++) {
		char ch = s[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
		      ch == '_' || ch == '-' || ch == ':'))
			return false;
	}
	return true;
}

static bool is_license_class_word(const char *s)
{
	return scan_policy__eq_ci(s, strlen(s), "permissive") || scan_policy__eq_ci(s, strlen(s), "copyleft") ||
	       scan_policy__eq_ci(s, strlen(s), "unknown");
}

/* A severity name, returned as its canonical (lowercase) spelling. */
static int severity_text(const pctx *c, const scan_yaml_node *n, const char *label, const char **out)
{
	scan_severity s;

	if (scan_severity_parse(&s, n->value) != 0 || strlen(n->value) != n->len)
		return fail(c, SCAN_EINVAL, n->line, "%sunknown severity '%s' (expected low, medium, high or critical)",
		            label, show(n->value, n->len));
	*out = scan_severity_name(s);
	return 0;
}

static int string_list(const pctx *c, const scan_yaml_node *v, scan_sca_rule *r, const char *label)
{
	const char **list;

	if (v->kind != SCAN_YAML_SEQUENCE)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must be a list of strings for operator '%s'", label,
		            operator_names[r->op]);
	if (v->len == 0)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must not be an empty list", label);
	if (v->len > SCAN_SCA_POLICY_LIST_MAX)
		return fail(c, SCAN_ELIMIT, v->line, "%svalue has more than %d items", label, SCAN_SCA_POLICY_LIST_MAX);
	if (!(list = scan_arena__alloc(&c->p->arena, v->len * sizeof(*list))))
		return scan_error__oom();
	for (size_t i = 0; i < v->len; i++) {
		const scan_yaml_node *it = v->items[i];
		int rc;
		if (it->kind != SCAN_YAML_SCALAR)
			return fail(c, SCAN_EINVAL, it->line, "%svalue must be a list of strings, not of %s", label,
			            it->kind == SCAN_YAML_SEQUENCE ? "lists" : "mappings");
		if ((rc = text_of(c, it, SCAN_SCA_POLICY_STRING_MAX, "a list item", label, &list[i])) != 0)
			return rc;
		if (r->condition == SCAN_SCA_COND_SEVERITY && (rc = severity_text(c, it, label, &list[i])) != 0)
			return rc;
	}
	r->value.kind = SCAN_SCA_VALUE_LIST;
	r->value.list = list;
	r->value.count = v->len;
	return 0;
}

static int number_in(const pctx *c, const scan_yaml_node *v, scan_sca_rule *r, const char *label, double lo,
                     double hi, bool whole)
{
	bool b;
	double d = 0;
	vkind k = classify(v, &b, &d);

	if (k != V_NUMBER)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must be a number for condition '%s', not %s", label,
		            condition_names[r->condition], k == V_STRING ? "a string" : kind_name(k));
	if (d < lo || d > hi)
		return fail(c, SCAN_EINVAL, v->line, "%svalue %s is out of range for condition '%s' (%g to %g)", label,
		            show_node(v), condition_names[r->condition], lo, hi);
	if (whole && d != (double)(int64_t)d)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must be a whole number for condition '%s', not %s", label,
		            condition_names[r->condition], show_node(v));
	r->value.kind = SCAN_SCA_VALUE_NUMBER;
	r->value.number = d;
	return 0;
}

static int rule_value(const pctx *c, const scan_yaml_node *v, scan_sca_rule *r, const char *label)
{
	bool b = false;
	double d = 0;
	vkind k = classify(v, &b, &d);
	int rc;

	if (k == V_NULL)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must not be empty", label);
	if (k == V_MAP)
		return fail(c, SCAN_EINVAL, v->line, "%svalue must not be a mapping", label);
	switch (r->condition) {
	case SCAN_SCA_COND_SEVERITY:
	case SCAN_SCA_COND_LICENSE:
	case SCAN_SCA_COND_PACKAGE:
		if (r->op == SCAN_SCA_OP_IN || (r->op == SCAN_SCA_OP_CONTAINS && k == V_LIST))
			return string_list(c, v, r, label);
		if (k == V_LIST)
			return fail(c, SCAN_EINVAL, v->line, "%svalue must be a string for operator '%s' (use 'in' for a list)",
			            label, operator_names[r->op]);
		if ((rc = text_of(c, v, SCAN_SCA_POLICY_STRING_MAX, "value", label, &r->value.string)) != 0)
			return rc;
		if (r->condition == SCAN_SCA_COND_SEVERITY && (rc = severity_text(c, v, label, &r->value.string)) != 0)
			return rc;
		if (r->condition == SCAN_SCA_COND_LICENSE && r->op == SCAN_SCA_OP_CONTAINS &&
		    is_license_class_word(r->value.string))
			return fail(c, SCAN_EINVAL, v->line, "%s'%s' is a license class: use '==' or 'in' with it", label,
			            show(v->value, v->len));
		r->value.kind = SCAN_SCA_VALUE_STRING;
		return 0;
	case SCAN_SCA_COND_CVSS:
		return number_in(c, v, r, label, 0, 10, false);
	case SCAN_SCA_COND_EPSS:
		return number_in(c, v, r, label, 0, 1, false);
	case SCAN_SCA_COND_OUTDATED_PCT:
		return number_in(c, v, r, label, 0, 100, false);
	case SCAN_SCA_COND_AGE:
		return number_in(c, v, r, label, 0, 365000, true);
	case SCAN_SCA_COND_KEV:
		if (k != V_BOOL)
			return fail(c, SCAN_EINVAL, v->line, "%svalue must be true or false for condition 'kev', not %s",
			            label, kind_name(k));
		r->value.kind = SCAN_SCA_VALUE_BOOL;
		r->value.boolean = b;
		return 0;
	case SCAN_SCA_COND_DIRECT_VULN:
		if (r->op == SCAN_SCA_OP_EQ) {
			if (k != V_BOOL || !b)
				return fail(c, SCAN_EINVAL, v->line,
				            "%svalue must be true for condition 'direct_vuln' with '==' (use '>' with a count)", label);
			r->value.kind = SCAN_SCA_VALUE_BOOL;
			r->value.boolean = true;
			return 0;
		}
		return number_in(c, v, r, label, 0, (double)COUNT_MAX, true);
	default:
		return fail(c, SCAN_EINVAL, v->line, "%sunknown condition", label);
	}
}

static const char *const rule_keys[] = {
	"id", "name", "description", "condition_type", "operator", "value", "action", "enabled", "max_count",
};
enum { RK_ID, RK_NAME, RK_DESC, RK_COND, RK_OP, RK_VALUE, RK_ACTION, RK_ENABLED, RK_MAX, RK__COUNT };

static int parse_rule(pctx *c, const scan_yaml_node *n, size_t index, scan_sca_rule *r)
{
	const scan_yaml_node *v[RK__COUNT];
	char label[SCAN_SCA_POLICY_ID_MAX + 32];
	int rc, i;

	memset(r, 0, sizeof(*r));
	r->enabled = true;
	r->max_count = -1;
	r->line = n->line;
	snprintf(label, sizeof(label), "rule %zu: ", index + 1);
	if (n->kind != SCAN_YAML_MAPPING)
		return fail(c, SCAN_EINVAL, n->line, "%sexpected a mapping with id, condition_type, operator, value and action",
		            label);
	/* The id first, so every later message can name the rule. */
	v[RK_ID] = scan_util__yaml_get(n, "id");
	if (v[RK_ID] && v[RK_ID]->kind == SCAN_YAML_SCALAR && valid_id(v[RK_ID]->value, v[RK_ID]->len))
		snprintf(label, sizeof(label), "rule '%s': ", v[RK_ID]->value);
	if ((rc = read_keys(c, n, rule_keys, NULL, RK__COUNT, label, v)) != 0)
		return rc;
	{
		static const int required[] = { RK_ID, RK_COND, RK_OP, RK_VALUE, RK_ACTION };
		for (size_t k = 0; k < sizeof(required) / sizeof(required[0]); k++)
			if (!v[required[k]])
				return fail(c, SCAN_EINVAL, n->line, "%smissing key '%s'", label, rule_keys[required[k]]);
	}
	if (v[RK_ID]->kind != SCAN_YAML_SCALAR || !valid_id(v[RK_ID]->value, v[RK_ID]->len))
		return fail(c, SCAN_EINVAL, v[RK_ID]->line,
		            "%sid '%s' must be 1 to %d letters, digits, '.', '_', '-' or ':'", label, show_node(v[RK_ID]),
		            SCAN_SCA_POLICY_ID_MAX);
	r->id = v[RK_ID]->value;
	for (size_t k = 0; k < c->p->nrules; k++)
		if (!strcmp(c->p->rules[k].id, r->id))
			return fail(c, SCAN_EINVAL, v[RK_ID]->line, "%sduplicate id%s", label,
			            where_first("first defined on line", c->rule_lines[k]));
	r->name = r->id;
	if (v[RK_NAME] && (rc = text_of(c, v[RK_NAME], SCAN_SCA_POLICY_STRING_MAX, "name", label, &r->name)) != 0)
		return rc;
	if (v[RK_DESC] && (rc = text_of(c, v[RK_DESC], SCAN_SCA_POLICY_TEXT_MAX, "description", label,
	                                &r->description)) != 0)
		return rc;
	if (v[RK_COND]->kind != SCAN_YAML_SCALAR || (i = lookup(condition_names, SCAN_SCA_COND__COUNT, v[RK_COND]->value)) < 0)
		return fail(c, SCAN_EINVAL, v[RK_COND]->line,
		            "%sunknown condition_type '%s' (expected severity, license, age, epss, kev, package, cvss, "
		            "outdated_pct or direct_vuln)", label, show_node(v[RK_COND]));
	r->condition = (scan_sca_condition)i;
	if (v[RK_OP]->kind != SCAN_YAML_SCALAR || (i = lookup(operator_names, SCAN_SCA_OP__COUNT, v[RK_OP]->value)) < 0)
		return fail(c, SCAN_EINVAL, v[RK_OP]->line, "%sunknown operator '%s' (expected ==, >, >=, in or contains)",
		            label, show_node(v[RK_OP]));
	r->op = (scan_sca_operator)i;
	if (v[RK_ACTION]->kind != SCAN_YAML_SCALAR ||
	    (i = lookup(action_names, SCAN_SCA_ACTION__COUNT, v[RK_ACTION]->value)) < 0)
		return fail(c, SCAN_EINVAL, v[RK_ACTION]->line, "%sunknown action '%s' (expected block, warn or allow)",
		            label, show_node(v[RK_ACTION]));
	r->action = (scan_sca_action)i;
	if (!scan_sca_operator_applies(r->condition, r->op))
		return fail(c, SCAN_EINVAL, v[RK_OP]->line, "%soperator '%s' does not apply to condition '%s'", label,
		            operator_names[r->op], condition_names[r->condition]);
	if ((rc = rule_value(c, v[RK_VALUE], r, label)) != 0)
		return rc;
	if (v[RK_ENABLED] && (rc = boolean(c, v[RK_ENABLED], "enabled", label, &r->enabled)) != 0)
		return rc;
	if (r->action == SCAN_SCA_ACTION_ALLOW &&
	    (r->condition == SCAN_SCA_COND_OUTDATED_PCT || r->condition == SCAN_SCA_COND_DIRECT_VULN))
		return fail(c, SCAN_EINVAL, v[RK_ACTION]->line, "%saction 'allow' does not apply to condition '%s'", label,
		            condition_names[r->condition]);
	if (v[RK_MAX]) {
		if (r->action == SCAN_SCA_ACTION_ALLOW || r->condition == SCAN_SCA_COND_OUTDATED_PCT ||
		    r->condition == SCAN_SCA_COND_DIRECT_VULN)
			return fail(c, SCAN_EINVAL, v[RK_MAX]->line, "%smax_count does not apply to %s", label,
			            r->action == SCAN_SCA_ACTION_ALLOW ? "an allow rule" : "this condition");
		if ((rc = whole_number(c, v[RK_MAX], COUNT_MAX, "max_count", label, &r->max_count)) != 0)
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Ignore rules                                                               */

int scan_sca_ignore_check(const scan_sca_ignore_rule *r)
{
	scan_severity s;
	size_t len;

	if ((unsigned)r->type >= SCAN_SCA_IGNORE__COUNT)
		return scan_util__error(SCAN_EINVAL, "unknown ignore rule type");
	if (!r->value || !(len = strlen(r->value)))
		return scan_util__error(SCAN_EINVAL, "ignore rule value must not be empty");
	if (len > SCAN_SCA_POLICY_STRING_MAX)
		return scan_util__error(SCAN_EINVAL, "ignore rule value is longer than %d bytes", SCAN_SCA_POLICY_STRING_MAX);
	if (r->type == SCAN_SCA_IGNORE_SEVERITY && scan_severity_parse(&s, r->value) != 0)
		return scan_util__error(SCAN_EINVAL, "unknown severity '%s' (expected low, medium, high or critical)",
		                        show(r->value, len));
	if (r->reason && strlen(r->reason) > SCAN_SCA_POLICY_STRING_MAX)
		return scan_util__error(SCAN_EINVAL, "ignore rule reason is longer than %d bytes", SCAN_SCA_POLICY_STRING_MAX);
	return 0;
}

static const char *const ignore_keys[] = { "type", "value", "reason", "expires", "rule_type", "expires_at" };
static const int ignore_alias[] = { -1, -1, -1, -1, 0, 3 };
enum { IK_TYPE, IK_VALUE, IK_REASON, IK_EXPIRES, IK__COUNT = 6 };

static int add_warning(pctx *c, const char *fmt, ...) SCAN_PRINTF(2, 3);

static int add_warning(pctx *c, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	char *w;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!(w = scan_arena__strdup(&c->p->arena, msg)))
		return scan_error__oom();
	c->p->warnings[c->p->nwarnings++] = w;
	return 0;
}

static int parse_ignore(pctx *c, const scan_yaml_node *n, size_t index, scan_sca_ignore_rule *r)
{
	const scan_yaml_node *v[IK__COUNT];
	char label[48];
	int rc, t;

	memset(r, 0, sizeof(*r));
	r->line = n->line;
	snprintf(label, sizeof(label), "ignore rule %zu: ", index + 1);
	if (n->kind != SCAN_YAML_MAPPING)
		return fail(c, SCAN_EINVAL, n->line, "%sexpected a mapping with type, value and reason", label);
	if ((rc = read_keys(c, n, ignore_keys, ignore_alias, IK__COUNT, label, v)) != 0)
		return rc;
	if (!v[IK_TYPE] || !v[IK_VALUE] || !v[IK_REASON])
		return fail(c, SCAN_EINVAL, n->line, "%smissing key '%s'", label,
		            !v[IK_TYPE] ? "type" : !v[IK_VALUE] ? "value" : "reason");
	if (v[IK_TYPE]->kind != SCAN_YAML_SCALAR || (t = lookup(ignore_names, SCAN_SCA_IGNORE__COUNT, v[IK_TYPE]->value)) < 0)
		return fail(c, SCAN_EINVAL, v[IK_TYPE]->line,
		            "%sunknown type '%s' (expected cve, package, path, license or severity)", label,
		            show_node(v[IK_TYPE]));
	r->type = (scan_sca_ignore_type)t;
	if ((rc = text_of(c, v[IK_VALUE], SCAN_SCA_POLICY_STRING_MAX, "value", label, &r->value)) != 0)
		return rc;
	if (r->type == SCAN_SCA_IGNORE_SEVERITY && (rc = severity_text(c, v[IK_VALUE], label, &r->value)) != 0)
		return rc;
	if ((rc = text_of(c, v[IK_REASON], SCAN_SCA_POLICY_STRING_MAX, "reason", label, &r->reason)) != 0)
		return rc;
	if (v[IK_EXPIRES]) {
		bool b;
		double d;
		vkind k = classify(v[IK_EXPIRES], &b, &d);
		if (k == V_NULL) {
			r->expires_at = 0;
		} else if (k != V_STRING || strlen(v[IK_EXPIRES]->value) != v[IK_EXPIRES]->len ||
		           scan_util__time_parse(&r->expires_at, v[IK_EXPIRES]->value) != 0) {
			return fail(c, SCAN_EINVAL, v[IK_EXPIRES]->line,
			            "%sexpires '%s' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)", label,
			            show_node(v[IK_EXPIRES]));
		} else if (r->expires_at == 0) {
			r->expires_at = 1; /* 1970-01-01 itself: expired, not "never" */
		}
	}
	if (r->expires_at && r->expires_at <= c->now) {
		char when[SCAN_TIME_LEN];
		scan_util__time_format(when, r->expires_at);
		if (n->line)
			return add_warning(c, "%s:%u: ignore rule %zu (%s %s) expired on %s and no longer applies", c->origin,
			                   n->line, index + 1, ignore_names[r->type], show(r->value, strlen(r->value)), when);
		return add_warning(c, "%s: ignore rule %zu (%s %s) expired on %s and no longer applies", c->origin,
		                   index + 1, ignore_names[r->type], show(r->value, strlen(r->value)), when);
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* The document                                                               */

static const char *const top_keys[] = {
	"name", "fail_on_violation", "rules", "fail_on_severity", "blocked_licenses", "max_critical", "ignore", "sla",
};
enum { TK_NAME, TK_FAIL, TK_RULES, TK_SEVERITY, TK_LICENSES, TK_MAXCRIT, TK_IGNORE, TK_SLA, TK__COUNT };

static const char *const sla_keys[] = { "critical_days", "high_days", "medium_days", "low_days" };

/* sla: {critical_days, high_days, medium_days, low_days}; keys left out keep their defaults. */
static int parse_sla(pctx *c, const scan_yaml_node *n)
{
	const scan_yaml_node *v[4];
	int64_t *days[4] = { &c->p->sla.critical_days, &c->p->sla.high_days, &c->p->sla.medium_days,
	                     &c->p->sla.low_days };
	int rc;

	if (n->kind != SCAN_YAML_MAPPING)
		return fail(c, SCAN_EINVAL, n->line, "sla must be a mapping of critical_days, high_days, medium_days "
		            "and low_days");
	if ((rc = read_keys(c, n, sla_keys, NULL, 4, "sla: ", v)) != 0)
		return rc;
	for (size_t i = 0; i < 4; i++)
		if (v[i] && (rc = whole_number(c, v[i], SCAN_SCA_SLA_DAYS_MAX, sla_keys[i], "sla: ", days[i])) != 0)
			return rc;
	c->p->sla_set = true;
	return 0;
}

static int simple_rule(pctx *c, const scan_yaml_node *key_value, const char *key, const char *id, scan_sca_rule **out)
{
	scan_sca_rule *r;

	for (size_t k = 0; k < c->p->nrules; k++)
		if (!strcmp(c->p->rules[k].id, id))
			return fail(c, SCAN_EINVAL, key_value->line, "%s: rule id '%s' is already used by a rule%s",
			            key, id, where_first("on line", c->rule_lines[k]));
	r = &c->p->rules[c->p->nrules];
	memset(r, 0, sizeof(*r));
	r->id = id;
	r->name = id;
	r->action = SCAN_SCA_ACTION_BLOCK;
	r->enabled = true;
	r->max_count = -1;
	r->line = key_value->line;
	*out = r;
	return 0;
}

static int parse_simple_keys(pctx *c, const scan_yaml_node *const *v)
{
	scan_sca_rule *r;
	int rc;

	if (v[TK_SEVERITY]) {
		const char *sev;
		if ((rc = text_of(c, v[TK_SEVERITY], SCAN_SCA_POLICY_STRING_MAX, "fail_on_severity", "", &sev)) != 0 ||
		    (rc = severity_text(c, v[TK_SEVERITY], "fail_on_severity: ", &sev)) != 0 ||
		    (rc = simple_rule(c, v[TK_SEVERITY], "fail_on_severity", SCAN_SCA_RULE_FAIL_ON_SEVERITY, &r)) != 0)
			return rc;
		r->condition = SCAN_SCA_COND_SEVERITY;
		r->op = SCAN_SCA_OP_GE;
		r->value.kind = SCAN_SCA_VALUE_STRING;
		r->value.string = sev;
		c->rule_lines[c->p->nrules++] = r->line;
	}
	if (v[TK_LICENSES]) {
		scan_sca_rule tmp;
		bool b;
		double d;
		/* An empty list blocks nothing: no rule. */
		if (classify(v[TK_LICENSES], &b, &d) == V_NULL ||
		    (v[TK_LICENSES]->kind == SCAN_YAML_SEQUENCE && v[TK_LICENSES]->len == 0)) {
			/* nothing */
		} else {
			memset(&tmp, 0, sizeof(tmp));
			tmp.condition = SCAN_SCA_COND_LICENSE;
			tmp.op = SCAN_SCA_OP_IN;
			if ((rc = string_list(c, v[TK_LICENSES], &tmp, "blocked_licenses: ")) != 0 ||
			    (rc = simple_rule(c, v[TK_LICENSES], "blocked_licenses", SCAN_SCA_RULE_BLOCKED_LICENSES, &r)) != 0)
				return rc;
			r->condition = SCAN_SCA_COND_LICENSE;
			r->op = SCAN_SCA_OP_IN;
			r->value = tmp.value;
			c->rule_lines[c->p->nrules++] = r->line;
		}
	}
	if (v[TK_MAXCRIT]) {
		int64_t n;
		static const char *const critical = "critical";
		if ((rc = whole_number(c, v[TK_MAXCRIT], COUNT_MAX, "max_critical", "", &n)) != 0 ||
		    (rc = simple_rule(c, v[TK_MAXCRIT], "max_critical", SCAN_SCA_RULE_MAX_CRITICAL, &r)) != 0)
			return rc;
		r->condition = SCAN_SCA_COND_SEVERITY;
		r->op = SCAN_SCA_OP_EQ;
		r->value.kind = SCAN_SCA_VALUE_STRING;
		r->value.string = critical;
		r->max_count = n;
		c->rule_lines[c->p->nrules++] = r->line;
	}
	return 0;
}

static int parse_root(pctx *c, const scan_yaml_node *root)
{
	const scan_yaml_node *v[TK__COUNT];
	scan_sca_policy *p = c->p;
	size_t nrules = 0, nignore = 0;
	bool b;
	double d;
	int rc;

	if (!root)
		return 0;
	if (root->kind != SCAN_YAML_MAPPING)
		return fail(c, SCAN_EINVAL, root->line, "expected a mapping with name, fail_on_violation and rules");
	if ((rc = read_keys(c, root, top_keys, NULL, TK__COUNT, "", v)) != 0)
		return rc;
	if (v[TK_NAME] && (rc = text_of(c, v[TK_NAME], SCAN_SCA_POLICY_STRING_MAX, "name", "", &p->name)) != 0)
		return rc;
	if (v[TK_FAIL]) {
		if ((rc = boolean(c, v[TK_FAIL], "fail_on_violation", "", &p->fail_on_violation)) != 0)
			return rc;
		p->fail_set = true;
	}
	if (v[TK_RULES] && classify(v[TK_RULES], &b, &d) != V_NULL) {
		if (v[TK_RULES]->kind != SCAN_YAML_SEQUENCE)
			return fail(c, SCAN_EINVAL, v[TK_RULES]->line, "rules must be a list of rules");
		nrules = v[TK_RULES]->len;
		if (nrules > SCAN_SCA_POLICY_RULES_MAX)
			return fail(c, SCAN_ELIMIT, v[TK_RULES]->line, "more than %d rules", SCAN_SCA_POLICY_RULES_MAX);
	}
	if (v[TK_IGNORE] && classify(v[TK_IGNORE], &b, &d) != V_NULL) {
		if (v[TK_IGNORE]->kind != SCAN_YAML_SEQUENCE)
			return fail(c, SCAN_EINVAL, v[TK_IGNORE]->line, "ignore must be a list of ignore rules");
		nignore = v[TK_IGNORE]->len;
		if (nignore > SCAN_SCA_POLICY_IGNORES_MAX)
			return fail(c, SCAN_ELIMIT, v[TK_IGNORE]->line, "more than %d ignore rules", SCAN_SCA_POLICY_IGNORES_MAX);
	}
	/* Room for the rules, the three simple keys' rules, and a warning per ignore rule. */
	p->rules = scan_arena__calloc(&p->arena, (nrules + 3) * sizeof(*p->rules));
	p->ignores = scan_arena__calloc(&p->arena, (nignore + 1) * sizeof(*p->ignores));
	p->warnings = scan_arena__calloc(&p->arena, (nignore + 1) * sizeof(*p->warnings));
	if (!p->rules || !p->ignores || !p->warnings)
		return scan_error__oom();
	for (size_t i = 0; i < nrules; i++) {
		if ((rc = parse_rule(c, v[TK_RULES]->items[i], i, &p->rules[p->nrules])) != 0)
			return rc;
		c->rule_lines[p->nrules++] = v[TK_RULES]->items[i]->line;
	}
	if ((rc = parse_simple_keys(c, v)) != 0)
		return rc;
	if (v[TK_SLA] && classify(v[TK_SLA], &b, &d) != V_NULL && (rc = parse_sla(c, v[TK_SLA])) != 0)
		return rc;
	for (size_t i = 0; i < nignore; i++) {
		if ((rc = parse_ignore(c, v[TK_IGNORE]->items[i], i, &p->ignores[p->nignores])) != 0)
			return rc;
		p->nignores++;
	}
	return 0;
}

scan_sca_policy *scan_policy__new(void)
{
	scan_sca_policy *p = calloc(1, sizeof(*p));
	static const scan_sca_sla_policy sla_defaults = SCAN_SCA_SLA_DEFAULTS;

	if (p) {
		p->fail_on_violation = true;
		p->sla = sla_defaults;
	}
	return p;
}

static time_t now_of(const scan_sca_policy_options *opts)
{
	return opts && opts->now ? opts->now : time(NULL);
}

/* Validate doc into a new policy; the document's arena moves into it. */
static int build(scan_sca_policy **out, scan_yaml_doc *doc, const char *origin, const scan_sca_policy_options *opts)
{
	pctx *c = calloc(1, sizeof(*c));
	scan_sca_policy *p = scan_policy__new();
	int rc;

	*out = NULL;
	if (!c || !p) {
		rc = scan_error__oom();
		goto done;
	}
	c->origin = origin;
	c->p = p;
	c->now = now_of(opts);
	/* The tree's strings become the policy's: take its arena over. */
	scan_arena__absorb(&p->arena, &doc->arena);
	if ((rc = parse_root(c, doc->root)) != 0)
		goto done;
	*out = p;
	p = NULL;
done:
	scan_sca_policy_free(p);
	free(c);
	doc->root = NULL;
	return rc;
}

int scan_sca_policy_parse_yaml(scan_sca_policy **out, const char *text, size_t len, const char *origin,
                               const scan_sca_policy_options *opts)
{
	scan_yaml_doc doc;
	int rc;

	*out = NULL;
	if ((rc = scan_error__check_version(opts, 1, "scan_sca_policy_options")) != 0)
		return rc;
	origin = origin ? origin : SCAN_SCA_POLICY_FILE;
	if (len > SCAN_SCA_POLICY_MAX_BYTES)
		return scan_util__error(SCAN_ELIMIT, "%s: larger than %zu KiB", origin, SCAN_SCA_POLICY_MAX_BYTES >> 10);
	if ((rc = scan_util__yaml_parse_limited(&doc, text, len, origin, SCAN_SCA_POLICY_MAX_BYTES, YAML_NODES_MAX)) != 0)
		return rc;
	rc = build(out, &doc, origin, opts);
	scan_util__yaml_dispose(&doc);
	return rc;
}

/* ------------------------------------------------------------------------ */
/* JSON: into the same tree, without lines                                    */

static scan_yaml_node *scalar_node(scan_arena *a, const char *text, bool plain)
{
	scan_yaml_node *n = scan_arena__calloc(a, sizeof(*n));

	if (!n || !(n->value = scan_arena__strdup(a, text)))
		return NULL;
	n->kind = SCAN_YAML_SCALAR;
	n->len = strlen(text);
	n->plain = plain;
	return n;
}

static int from_json(const pctx *c, scan_arena *a, const cJSON *j, unsigned depth, scan_yaml_node **out)
{
	scan_yaml_node *n;
	size_t count = 0, i = 0;
	const cJSON *it;
	char num[40];
	int rc;

	if (depth > JSON_DEPTH_MAX)
		return fail(c, SCAN_ELIMIT, 0, "nesting deeper than %d levels", JSON_DEPTH_MAX);
	if (cJSON_IsString(j)) {
		n = scalar_node(a, j->valuestring, false);
	} else if (cJSON_IsNumber(j)) {
		snprintf(num, sizeof(num), "%.17g", j->valuedouble);
		n = scalar_node(a, num, true);
	} else if (cJSON_IsBool(j)) {
		n = scalar_node(a, cJSON_IsTrue(j) ? "true" : "false", true);
	} else if (cJSON_IsNull(j)) {
		n = scalar_node(a, "null", true);
	} else if (cJSON_IsArray(j) || cJSON_IsObject(j)) {
		bool obj = cJSON_IsObject(j);
		for (it = j->child; it; it = it->next)
			count++;
		if (!(n = scan_arena__calloc(a, sizeof(*n))))
			return scan_error__oom();
		n->kind = obj ? SCAN_YAML_MAPPING : SCAN_YAML_SEQUENCE;
		n->len = obj ? 2 * count : count;
		if (n->len && !(n->items = scan_arena__alloc(a, n->len * sizeof(*n->items))))
			return scan_error__oom();
		for (it = j->child; it; it = it->next) {
			if (obj && !(n->items[i++] = scalar_node(a, it->string ? it->string : "", false)))
				return scan_error__oom();
			if ((rc = from_json(c, a, it, depth + 1, &n->items[i++])) != 0)
				return rc;
		}
	} else {
		return fail(c, SCAN_EPARSE, 0, "unsupported JSON value");
	}
	if (!n)
		return scan_error__oom();
	*out = n;
	return 0;
}

int scan_sca_policy_parse_json(scan_sca_policy **out, const char *json, size_t len, const char *origin,
                               const scan_sca_policy_options *opts)
{
	scan_yaml_doc doc;
	pctx c;
	cJSON *root = NULL;
	int rc;

	*out = NULL;
	if ((rc = scan_error__check_version(opts, 1, "scan_sca_policy_options")) != 0)
		return rc;
	memset(&doc, 0, sizeof(doc));
	memset(&c, 0, sizeof(c));
	c.origin = origin = origin ? origin : "policy";
	if (len > SCAN_SCA_POLICY_MAX_BYTES)
		return scan_util__error(SCAN_ELIMIT, "%s: larger than %zu KiB", origin, SCAN_SCA_POLICY_MAX_BYTES >> 10);
	if (!(root = cJSON_ParseWithLength(json, len)))
		return scan_util__error(SCAN_EPARSE, "%s: not a JSON document", origin);
	if ((rc = from_json(&c, &doc.arena, root, 0, &doc.root)) != 0)
		goto done;
	rc = build(out, &doc, origin, opts);
done:
	cJSON_Delete(root);
	scan_util__yaml_dispose(&doc);
	return rc;
}
