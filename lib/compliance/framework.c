/* lib/compliance/framework.c - frameworks read from YAML or JSON, checked strictly; the built-in set, loaded once */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compliance/compliance_int.h"
#include "compliance/expr.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/yamltree.h"

#define CONTROLS_MAX 500
#define CUSTOM_CONTROLS_MAX 200
#define CWE_MAX 200

static const char *const check_names[SCAN_CHECK__COUNT] = {
	"secrets", "sast_security", "sast_crypto", "sast_auth", "scan_recency",
	"quality_gates", "pr_reviews", "sca_vulns", "code_quality", "iac_issues",
};
static const char *const domain_names[] = { "code", "web", "iac", "dependencies", "process" };
static const char *const rec_names[] = { "optional", "recommended", "required" };

const char *scan_check_type_name(scan_check_type t)
{
	return (unsigned)t < SCAN_CHECK__COUNT ? check_names[t] : "unknown";
}

int scan_check_type_parse(scan_check_type *out, const char *name)
{
	for (int i = 0; i < SCAN_CHECK__COUNT; i++) {
		if (!strcmp(name, check_names[i])) {
			*out = (scan_check_type)i;
			return 0;
		}
	}
	return scan_util__error(SCAN_EINVAL, "unknown check_type '%s' (one of secrets, sast_security, sast_crypto,"
	                        " sast_auth, scan_recency, quality_gates, pr_reviews, sca_vulns, code_quality,"
	                        " iac_issues)", name);
}

const char *scan_compliance__domain_name(scan_control_domain d)
{
	return (unsigned)d < sizeof(domain_names) / sizeof(domain_names[0]) ? domain_names[d] : "code";
}

const char *scan_outcome_name(scan_outcome o)
{
	static const char *const names[] = { "pass", "partial", "fail", "no_data", "disabled" };
	return (unsigned)o < sizeof(names) / sizeof(names[0]) ? names[o] : "unknown";
}

const char *scan_recommendation_name(scan_recommendation r)
{
	return (unsigned)r < 3 ? rec_names[r] : "optional";
}

size_t scan_framework_set_count(const scan_framework_set *s)
{
	return s ? s->count : 0;
}

const scan_framework *scan_framework_set_get(const scan_framework_set *s, size_t i)
{
	return s && i < s->count ? s->items[i] : NULL;
}

const scan_framework *scan_framework_set_find(const scan_framework_set *s, const char *key)
{
	for (size_t i = 0; s && i < s->count; i++)
		if (!strcmp(s->items[i]->key, key))
			return s->items[i];
	return NULL;
}

const scan_control *scan_framework_control(const scan_framework *f, const char *id)
{
	for (size_t i = 0; i < f->count; i++)
		if (!strcmp(f->controls[i].id, id))
			return &f->controls[i];
	return NULL;
}

void scan_framework_set_free(scan_framework_set *s)
{
	if (!s)
		return;
	scan_arena__dispose(&s->arena);
	free(s->items);
	free(s);
}

scan_framework_set *scan_framework_set_new(void)
{
	scan_framework_set *s = calloc(1, sizeof(*s));

	if (!s)
		scan_error__oom();
	return s;
}

void scan_framework_set_stamp(scan_framework_set *s, size_t i, int64_t id, time_t created_at)
{
	if (i < s->count)
		s->items[i]->id = id, s->items[i]->created_at = created_at;
}

bool scan_compliance_plan_allows(scan_plan plan, const scan_framework *f)
{
	return f->custom || plan >= f->requires_plan;
}

/* ---- reading one document ---- */

typedef struct {
	scan_framework_set *set;
	const char *origin;
	bool custom;
	char where[96];     /* the field being read, for messages */
} reader;

static int bad(reader *r, const char *fmt, const char *arg)
{
	return scan_util__error(SCAN_EINVAL, "%s: %s: %s%s", r->origin, r->where, fmt, arg ? arg : "");
}

static bool is_null(const scan_yaml_node *n)
{
	return n && n->kind == SCAN_YAML_SCALAR && n->plain &&
	       (!strcmp(n->value, "null") || !strcmp(n->value, "~") || n->len == 0);
}

/* Every key of map is one of allowed (NULL-terminated). */
static int only_keys(reader *r, const scan_yaml_node *map, const char *const *allowed, const char *what)
{
	for (size_t i = 0; i + 1 < map->len; i += 2) {
		const scan_yaml_node *k = map->items[i];
		size_t j = 0;
		if (k->kind != SCAN_YAML_SCALAR)
			return scan_util__error(SCAN_EINVAL, "%s: %s: a key that is not a string", r->origin, what);
		for (; allowed[j]; j++)
			if (!strcmp(allowed[j], k->value))
				break;
		if (!allowed[j])
			return scan_util__error(SCAN_EINVAL, "%s: %s: unknown key '%s'", r->origin, what, k->value);
		for (size_t m = i + 2; m + 1 < map->len; m += 2)
			if (map->items[m]->kind == SCAN_YAML_SCALAR && !strcmp(map->items[m]->value, k->value))
				return scan_util__error(SCAN_EINVAL, "%s: %s: key '%s' given twice", r->origin, what, k->value);
	}
	return 0;
}

/* A string member: *out NULL when absent or null and not required. */
static int text(reader *r, const char **out, const scan_yaml_node *map, const char *key, const char *prefix,
                bool required, size_t max)
{
	const scan_yaml_node *n = scan_util__yaml_get(map, key);

	snprintf(r->where, sizeof(r->where), "%s%s", prefix, key);
	*out = NULL;
	if (!n || is_null(n))
		return required ? bad(r, "required", NULL) : 0;
	if (n->kind != SCAN_YAML_SCALAR)
		return bad(r, "must be a string", NULL);
	if (n->len == 0 || strlen(n->value) != n->len)
		return bad(r, required ? "must not be empty" : "must be a string without NUL bytes", NULL);
	if (n->len > max) {
		char lim[32];
		snprintf(lim, sizeof(lim), "%zu bytes", max);
		return bad(r, "longer than ", lim);
	}
	if (!(*out = scan_arena__strndup(&r->set->arena, n->value, n->len)))
		return scan_error__oom();
	return 0;
}

static int choice(reader *r, int *out, const scan_yaml_node *map, const char *key, const char *prefix,
                  const char *const *names, size_t nnames, int def)
{
	const char *v;
	int rc;

	if ((rc = text(r, &v, map, key, prefix, def < 0, 64)) != 0)
		return rc;
	if (!v) {
		*out = def;
		return 0;
	}
	for (size_t i = 0; i < nnames; i++) {
		if (!strcmp(v, names[i])) {
			*out = (int)i;
			return 0;
		}
	}
	return bad(r, "not one of the allowed values: ", v);
}

static bool valid_key(const char *k)
{
	size_t n = strlen(k);

	if (n == 0 || n > 32)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '_' || k[i] == '-'))
			return false;
	return true;
}

/* "CWE-89" or 89. */
static int cwe_filter(reader *r, scan_control *c, const scan_yaml_node *filter, const char *prefix)
{
	static const char *const keys[] = { "cwe", NULL };
	const scan_yaml_node *list;
	int *cwe;
	int rc;

	snprintf(r->where, sizeof(r->where), "%sfilter", prefix);
	if (filter->kind != SCAN_YAML_MAPPING)
		return bad(r, "must be a mapping with the key cwe", NULL);
	if ((rc = only_keys(r, filter, keys, r->where)) != 0)
		return rc;
	list = scan_util__yaml_get(filter, "cwe");
	snprintf(r->where, sizeof(r->where), "%sfilter.cwe", prefix);
	if (!list || list->kind != SCAN_YAML_SEQUENCE || list->len == 0)
		return bad(r, "must be a non-empty list of CWE ids", NULL);
	if (list->len > CWE_MAX)
		return bad(r, "too many CWE ids", NULL);
	if (!(cwe = scan_arena__alloc(&r->set->arena, list->len * sizeof(*cwe))))
		return scan_error__oom();
	for (size_t i = 0; i < list->len; i++) {
		const scan_yaml_node *n = list->items[i];
		const char *s = n->kind == SCAN_YAML_SCALAR ? n->value : "";
		long v = 0;
		if (!strncmp(s, "CWE-", 4))
			s += 4;
		if (!*s || strlen(s) > 6)
			return bad(r, "not a CWE id: ", n->kind == SCAN_YAML_SCALAR ? n->value : "(not a string)");
		for (; *s; s++) {
			if (*s < '0' || *s > '9')
				return bad(r, "not a CWE id: ", n->value);
			v = v * 10 + (*s - '0');
		}
		if (v <= 0)
			return bad(r, "not a CWE id: ", n->value);
		cwe[i] = (int)v;
	}
	c->cwe = cwe;
	c->ncwe = list->len;
	return 0;
}

static int condition(reader *r, const char **textp, const struct scan_cexpr **exprp, const scan_yaml_node *m,
                     const char *key, const char *prefix, bool required)
{
	scan_cexpr *e = NULL, *copy;
	int rc;

	if ((rc = text(r, textp, m, key, prefix, required, SCAN_CEXPR_TEXT_MAX)) != 0 || !*textp)
		return rc;
	if ((rc = scan_compliance__expr_parse(&e, *textp, strlen(*textp))) != 0) {
		char msg[256];
		snprintf(msg, sizeof(msg), "%s", scan_error_last()->message);
		return scan_util__error(rc == SCAN_ENOMEM ? rc : SCAN_EINVAL, "%s: %s: %s", r->origin, r->where, msg);
	}
	/* The tree is copied into the set, so the set is freed in one go. */
	copy = scan_arena__alloc(&r->set->arena, scan_compliance__expr_size());
	if (copy)
		memcpy(copy, e, scan_compliance__expr_size());
	scan_compliance__expr_free(e);
	if (!copy)
		return scan_error__oom();
	*exprp = copy;
	return 0;
}

static int read_control(reader *r, scan_control *c, const scan_yaml_node *m, size_t idx)
{
	static const char *const builtin_keys[] = { "id", "name", "category", "description", "check_type", "filter",
		"domain", "automation", "recommendation", "reason", NULL };
	static const char *const custom_keys[] = { "id", "name", "category", "description", "check_type", "filter",
		"domain", "automation", "recommendation", "reason", "pass_condition", "partial_condition", NULL };
	static const char *const automation[] = { "partial", "automated" };
	const scan_yaml_node *filter;
	char prefix[48];
	const char *check;
	int v = 0, rc;

	snprintf(prefix, sizeof(prefix), "controls[%zu].", idx);
	snprintf(r->where, sizeof(r->where), "controls[%zu]", idx);
	if (m->kind != SCAN_YAML_MAPPING)
		return bad(r, "must be a mapping", NULL);
	if ((rc = only_keys(r, m, r->custom ? custom_keys : builtin_keys, r->where)) != 0 ||
	    (rc = text(r, &c->id, m, "id", prefix, true, 64)) != 0 ||
	    (rc = text(r, &c->name, m, "name", prefix, true, 200)) != 0 ||
	    (rc = text(r, &c->category, m, "category", prefix, !r->custom, 100)) != 0 ||
	    (rc = text(r, &c->description, m, "description", prefix, !r->custom, 1000)) != 0 ||
	    (rc = text(r, &check, m, "check_type", prefix, true, 64)) != 0)
		return rc;
	if (scan_check_type_parse(&c->check, check) != 0)
		return bad(r, "unknown check_type: ", check);
	if ((rc = choice(r, &v, m, "domain", prefix, domain_names, 5, r->custom ? SCAN_DOMAIN_CODE : -1)) != 0)
		return rc;
	c->domain = (scan_control_domain)v;
	if ((rc = choice(r, &v, m, "automation", prefix, automation, 2, r->custom ? 1 : -1)) != 0)
		return rc;
	c->automated = v == 1;
	if ((rc = choice(r, &v, m, "recommendation", prefix, rec_names, 3, r->custom ? SCAN_REC_RECOMMENDED : -1)) != 0)
		return rc;
	c->recommendation = (scan_recommendation)v;
	if ((rc = text(r, &c->reason, m, "reason", prefix, !r->custom, 500)) != 0)
		return rc;
	if ((filter = scan_util__yaml_get(m, "filter")) != NULL && !is_null(filter) &&
	    (rc = cwe_filter(r, c, filter, prefix)) != 0)
		return rc;
	if (r->custom && ((rc = condition(r, &c->pass_condition, &c->pass_expr, m, "pass_condition", prefix, true)) != 0 ||
	                  (rc = condition(r, &c->partial_condition, &c->partial_expr, m, "partial_condition", prefix,
	                                  false)) != 0))
		return rc;
	return 0;
}

static int read_framework(reader *r, const scan_yaml_node *root)
{
	static const char *const builtin_keys[] = { "key", "name", "edition", "description", "requires_plan", "source",
		"controls", NULL };
	static const char *const custom_keys[] = { "key", "name", "description", "controls", NULL };
	static const char *const plans[] = { "free", "team", "enterprise" };
	scan_framework *f;
	const scan_yaml_node *controls;
	scan_control *cs;
	size_t max = r->custom ? CUSTOM_CONTROLS_MAX : CONTROLS_MAX;
	int plan = SCAN_PLAN_FREE, rc;

	snprintf(r->where, sizeof(r->where), "the document");
	if (!root || root->kind != SCAN_YAML_MAPPING)
		return bad(r, "must be a mapping (a framework)", NULL);
	if ((rc = only_keys(r, root, r->custom ? custom_keys : builtin_keys, "the framework")) != 0)
		return rc;
	if (!(f = scan_arena__calloc(&r->set->arena, sizeof(*f))))
		return scan_error__oom();
	f->custom = r->custom;
	if ((rc = text(r, &f->key, root, "key", "", true, 64)) != 0 ||
	    (rc = text(r, &f->name, root, "name", "", true, 100)) != 0 ||
	    (rc = text(r, &f->description, root, "description", "", !r->custom, 1000)) != 0)
		return rc;
	snprintf(r->where, sizeof(r->where), "key");
	if (!valid_key(f->key))
		return bad(r, "must be 1 to 32 of a-z, 0-9, '_' and '-': ", f->key);
	if (!r->custom && ((rc = text(r, &f->edition, root, "edition", "", true, 100)) != 0 ||
	                   (rc = text(r, &f->source, root, "source", "", true, 500)) != 0 ||
	                   (rc = choice(r, &plan, root, "requires_plan", "", plans, 3, -1)) != 0))
		return rc;
	f->requires_plan = (scan_plan)plan;
	if (scan_framework_set_find(r->set, f->key)) {
		snprintf(r->where, sizeof(r->where), "key");
		return bad(r, "a framework with this key already exists: ", f->key);
	}
	if (r->custom) {
		const scan_framework_set *builtin;
		if ((rc = scan_compliance_builtin(&builtin)) != 0)
			return rc;
		if (scan_framework_set_find(builtin, f->key)) {
			snprintf(r->where, sizeof(r->where), "key");
			return bad(r, "is a built-in framework's key: ", f->key);
		}
	}
	controls = scan_util__yaml_get(root, "controls");
	snprintf(r->where, sizeof(r->where), "controls");
	if (!controls || controls->kind != SCAN_YAML_SEQUENCE || controls->len == 0)
		return bad(r, "must be a non-empty list of controls", NULL);
	if (controls->len > max)
		return bad(r, "too many controls", NULL);
	if (!(cs = scan_arena__calloc(&r->set->arena, controls->len * sizeof(*cs))))
		return scan_error__oom();
	for (size_t i = 0; i < controls->len; i++) {
		if ((rc = read_control(r, &cs[i], controls->items[i], i)) != 0)
			return rc;
		for (size_t j = 0; j < i; j++) {
			if (!strcmp(cs[j].id, cs[i].id)) {
				snprintf(r->where, sizeof(r->where), "controls[%zu].id", i);
				return bad(r, "a control with this id comes before: ", cs[i].id);
			}
		}
	}
	f->controls = cs;
	f->count = controls->len;
	if (scan_array_reserve(&r->set->items, &r->set->cap, r->set->count + 1, sizeof(*r->set->items)))
		return SCAN_ENOMEM;
	r->set->items[r->set->count++] = f;
	return 0;
}

int scan_compliance_framework_parse(scan_framework_set **out, const char *text, size_t len, const char *origin,
                                    scan_framework_kind kind)
{
	scan_yaml_doc doc;
	reader r;
	bool fresh = !*out;
	int rc;

	if (fresh && !(*out = calloc(1, sizeof(**out))))
		return scan_error__oom();
	memset(&r, 0, sizeof(r));
	r.set = *out;
	r.origin = origin;
	r.custom = kind == SCAN_FRAMEWORK_CUSTOM;
	if ((rc = scan_util__yaml_parse(&doc, text, len, origin)) == 0) {
		/* A file checked alone may be a built-in one, which names its plan (and has its own key). */
		if (kind == SCAN_FRAMEWORK_ANY)
			r.custom = !(doc.root && doc.root->kind == SCAN_YAML_MAPPING && scan_util__yaml_get(doc.root, "requires_plan"));
		rc = read_framework(&r, doc.root);
	}
	scan_util__yaml_dispose(&doc);
	if (rc && fresh) {
		scan_framework_set_free(*out);
		*out = NULL;
	}
	return rc;
}

/* ---- the built-in set ---- */

static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;
static scan_framework_set *builtin_set;
static int builtin_rc;
static char builtin_message[512];

static void load_builtin(void)
{
	scan_framework_set *s = NULL;

	for (size_t i = 0; i < scan_compliance__builtin_files_count && !builtin_rc; i++) {
		const scan_embedded_rule_file *f = &scan_compliance__builtin_files[i];
		if ((builtin_rc = scan_compliance_framework_parse(&s, f->text, f->len, f->name, SCAN_FRAMEWORK_BUILTIN)) != 0)
			snprintf(builtin_message, sizeof(builtin_message), "%s", scan_error_last()->message);
	}
	if (builtin_rc) {
		scan_framework_set_free(s);
		return;
	}
	builtin_set = s;
}

int scan_compliance_builtin(const scan_framework_set **out)
{
	pthread_once(&builtin_once, load_builtin);
	*out = builtin_set;
	if (builtin_rc)
		return scan_util__error(SCAN_EINVAL, "the built-in compliance frameworks do not load: %s", builtin_message);
	return 0;
}
