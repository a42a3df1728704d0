/* lib/secrets/rules.c - read secret rule packs into a ruleset */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/buf.h"
#include "secrets/rules.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "util/yamltree.h"

#define RULE_PATTERN_MAX 4096

typedef struct {
	scan_secret_ruleset *set;
	const char *origin;
	const char *file_provider;
} loader;

static int bad(const loader *ld, const scan_yaml_node *at, const char *fmt, ...) SCAN_PRINTF(3, 4);

static int bad(const loader *ld, const scan_yaml_node *at, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(SCAN_EINVAL, "%s:%u: %s", ld->origin, at ? at->line : 1, reason);
}

static const char *scalar(const scan_yaml_node *n)
{
	return n && n->kind == SCAN_YAML_SCALAR ? n->value : NULL;
}

static const char *copy_str(loader *ld, const char *s)
{
	return s ? scan_arena__strdup(&ld->set->arena, s) : NULL;
}

/* A required or optional string field. */
static int get_string(loader *ld, const scan_yaml_node *rule, const char *key, bool required, const char **out)
{
	const scan_yaml_node *n = scan_util__yaml_get(rule, key);

	*out = NULL;
	if (!n) {
		if (required)
			return bad(ld, rule, "rule has no '%s'", key);
		return 0;
	}
	if (n->kind != SCAN_YAML_SCALAR || !*n->value)
		return bad(ld, n, "'%s' must be a non-empty string", key);
	if (strlen(n->value) != n->len)
		return bad(ld, n, "'%s' holds a NUL byte", key);
	if (!(*out = copy_str(ld, n->value)))
		return scan_error__oom();
	return 0;
}

static int get_list(loader *ld, const scan_yaml_node *rule, const scan_yaml_node *n, const char *key,
                    const char ***out, size_t *count, bool lower)
{
	const char **items;

	(void)rule;
	*out = NULL;
	*count = 0;
	if (!n)
		return 0;
	if (n->kind != SCAN_YAML_SEQUENCE)
		return bad(ld, n, "'%s' must be a list", key);
	if (n->len > SCAN_SECRET_EXAMPLES_MAX)
		return bad(ld, n, "'%s' has too many entries", key);
	if (!(items = scan_arena__calloc(&ld->set->arena, (n->len ? n->len : 1) * sizeof(*items))))
		return scan_error__oom();
	for (size_t i = 0; i < n->len; i++) {
		const char *v = scalar(n->items[i]);
		char *c;
		if (!v || !*v)
			return bad(ld, n->items[i], "'%s' entries must be non-empty strings", key);
		if (!(c = scan_arena__strdup(&ld->set->arena, v)))
			return scan_error__oom();
		if (lower)
			for (char *p = c; *p; p++)
				if (*p >= 'A' && *p <= 'Z')
					return bad(ld, n->items[i], "'%s' must be lowercase", key);
		items[i] = c;
	}
	*out = items;
	*count = n->len;
	return 0;
}

static int get_number(loader *ld, const scan_yaml_node *rule, const char *key, double lo, double hi,
                      bool *present, double *out)
{
	const scan_yaml_node *n = scan_util__yaml_get(rule, key);
	char *end;
	double v;

	*present = n != NULL;
	if (!n)
		return 0;
	if (n->kind != SCAN_YAML_SCALAR || !n->plain)
		return bad(ld, n, "'%s' must be a number", key);
	errno = 0;
	v = strtod(n->value, &end);
	if (!*n->value || *end || errno || v < lo || v > hi)
		return bad(ld, n, "'%s' is out of range", key);
	*out = v;
	return 0;
}

static const struct {
	const char *name;
	scan_secret_validator v;
} validators[] = {
	{ "crc32-base62", SECRET_VALIDATOR_CRC32_BASE62 },
	{ "jwt", SECRET_VALIDATOR_JWT },
	{ "pem-private-key", SECRET_VALIDATOR_PEM_PRIVATE_KEY },
	{ "aws-access-key-id", SECRET_VALIDATOR_AWS_KEY_ID },
	{ "base64", SECRET_VALIDATOR_BASE64 },
};

static int get_statuses(loader *ld, const scan_yaml_node *v, const char *key, int *out, size_t *count)
{
	const scan_yaml_node *n = scan_util__yaml_get(v, key);

	*count = 0;
	if (!n || n->kind != SCAN_YAML_SEQUENCE || !n->len || n->len > 8)
		return bad(ld, n ? n : v, "verify '%s' must list 1 to 8 HTTP statuses", key);
	for (size_t i = 0; i < n->len; i++) {
		const char *t = scalar(n->items[i]);
		char *end;
		long st = t ? strtol(t, &end, 10) : 0;
		if (!t || *end || st < 100 || st > 599)
			return bad(ld, n->items[i], "verify '%s' entries must be HTTP statuses", key);
		out[(*count)++] = (int)st;
	}
	return 0;
}

/*
 * verify: {url, method, headers, body, live, dead}. The URL must be https,
 * or http to a loopback address (tests): a credential goes nowhere else.
 */
static int load_verify(loader *ld, const scan_yaml_node *node, scan_secret_rule *r)
{
	const scan_yaml_node *v = scan_util__yaml_get(node, "verify");
	int rc;

	if (!v)
		return 0;
	if (v->kind != SCAN_YAML_MAPPING)
		return bad(ld, v, "'verify' must be a mapping");
	if ((rc = get_string(ld, v, "url", true, &r->verify_url)) != 0 ||
	    (rc = get_string(ld, v, "method", false, &r->verify_method)) != 0 ||
	    (rc = get_string(ld, v, "body", false, &r->verify_body)) != 0 ||
	    (rc = get_list(ld, v, scan_util__yaml_get(v, "headers"), "headers", &r->verify_headers,
	                   &r->verify_header_count, false)) != 0 ||
	    (rc = get_statuses(ld, v, "live", r->verify_live, &r->verify_live_count)) != 0 ||
	    (rc = get_statuses(ld, v, "dead", r->verify_dead, &r->verify_dead_count)) != 0)
		return rc;
	if (!r->verify_method)
		r->verify_method = "GET";
	if (strcmp(r->verify_method, "GET") && strcmp(r->verify_method, "POST"))
		return bad(ld, v, "verify method must be GET or POST");
	if (strncmp(r->verify_url, "https://", 8) && strncmp(r->verify_url, "http://127.0.0.1:", 17) &&
	    strncmp(r->verify_url, "http://localhost:", 17))
		return bad(ld, v, "verify url must be https (plain http only to localhost)");
	return 0;
}

static bool valid_id(const char *id)
{
	if (!*id || strlen(id) > 100)
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return false;
	return true;
}

static int load_rule(loader *ld, const scan_yaml_node *node)
{
	scan_secret_ruleset *set = ld->set;
	scan_secret_rule r;
	const char *s, *ids;
	double num;
	bool present;
	scan_buf rid = SCAN_BUF_INIT;
	int rc;

	memset(&r, 0, sizeof(r));
	if (node->kind != SCAN_YAML_MAPPING)
		return bad(ld, node, "a rule must be a mapping");
	if ((rc = get_string(ld, node, "id", true, &ids)) != 0)
		return rc;
	if (!valid_id(ids))
		return bad(ld, scan_util__yaml_get(node, "id"), "rule id '%s' must be [a-z0-9-]+", ids);
	for (size_t i = 0; i < set->count; i++)
		if (!strcmp(set->rules[i].id, ids))
			return bad(ld, scan_util__yaml_get(node, "id"), "duplicate rule id '%s'", ids);
	r.id = ids;
	if ((rc = get_string(ld, node, "name", true, &r.name)) != 0 ||
	    (rc = get_string(ld, node, "provider", !ld->file_provider, &r.provider)) != 0 ||
	    (rc = get_string(ld, node, "pattern", true, &r.pattern)) != 0 ||
	    (rc = get_string(ld, node, "context", false, &r.context)) != 0 ||
	    (rc = get_string(ld, node, "remediation", true, &r.remediation)) != 0 ||
	    (rc = get_string(ld, node, "cwe", false, &r.cwe)) != 0)
		return rc;
	if (!r.provider)
		r.provider = ld->file_provider;
	if (!r.cwe)
		r.cwe = "CWE-798";
	if (strlen(r.pattern) > RULE_PATTERN_MAX)
		return bad(ld, scan_util__yaml_get(node, "pattern"), "pattern longer than 4096 bytes");
	if ((rc = get_list(ld, node, scan_util__yaml_get(node, "keywords"), "keywords", &r.keywords, &r.keyword_count, true)) ||
	    (rc = get_list(ld, node, scan_util__yaml_get(node, "references"), "references", &r.references, &r.reference_count, false)))
		return rc;
	if (r.context && !r.keyword_count)
		return bad(ld, node, "a rule with a context needs keywords");
	{
		const scan_yaml_node *ex = scan_util__yaml_get(node, "examples");
		if (!ex || ex->kind != SCAN_YAML_MAPPING)
			return bad(ld, node, "rule has no 'examples' mapping");
		if ((rc = get_list(ld, node, scan_util__yaml_get(ex, "positive"), "positive", &r.positives, &r.positive_count, false)) ||
		    (rc = get_list(ld, node, scan_util__yaml_get(ex, "negative"), "negative", &r.negatives, &r.negative_count, false)))
			return rc;
		if (r.positive_count < 2 || r.negative_count < 2)
			return bad(ld, ex, "a rule needs at least two positive and two negative examples");
	}
	if ((rc = get_number(ld, node, "secret_group", 0, 99, &present, &num)) != 0)
		return rc;
	r.secret_group = present ? (unsigned)num : strchr(r.pattern, '(') ? 1 : 0;
	if ((rc = get_number(ld, node, "min_entropy", 0, 8, &present, &num)) != 0)
		return rc;
	r.min_entropy = present ? num : 0;
	if ((rc = get_number(ld, node, "confidence", 0, 100, &present, &num)) != 0)
		return rc;
	if (!present)
		return bad(ld, node, "rule has no 'confidence'");
	r.confidence = (unsigned)num;
	if ((rc = get_string(ld, node, "severity", true, &s)) != 0)
		return rc;
	if (scan_severity_parse(&r.severity, s) != 0)
		return bad(ld, scan_util__yaml_get(node, "severity"), "unknown severity '%s'", s);
	if ((rc = get_string(ld, node, "validator", false, &s)) != 0)
		return rc;
	if (s) {
		size_t i;
		for (i = 0; i < sizeof(validators) / sizeof(validators[0]); i++)
			if (!strcmp(s, validators[i].name))
				break;
		if (i == sizeof(validators) / sizeof(validators[0]))
			return bad(ld, scan_util__yaml_get(node, "validator"), "unknown validator '%s'", s);
		r.validator = validators[i].v;
	}
	{
		const scan_yaml_node *g = scan_util__yaml_get(node, "generic");
		if (g && (!scalar(g) || (strcmp(g->value, "true") && strcmp(g->value, "false"))))
			return bad(ld, g, "'generic' must be true or false");
		r.generic = g && !strcmp(g->value, "true");
	}
	if ((rc = load_verify(ld, node, &r)) != 0)
		return rc;
	scan_buf_printf(&rid, "secrets/%s", r.id);
	r.rule_id = scan_buf_failed(&rid) ? NULL : copy_str(ld, rid.ptr);
	scan_buf_clear(&rid);
	scan_buf_printf(&rid, "%s:%u", ld->origin, node->line);
	r.origin = scan_buf_failed(&rid) ? NULL : copy_str(ld, rid.ptr);
	scan_buf_dispose(&rid);
	if (!r.rule_id || !r.origin)
		return scan_error__oom();
	if (set->count == SCAN_SECRET_RULES_MAX)
		return bad(ld, node, "more than 4096 rules");
	if (scan_array_reserve(&set->rules, &set->cap, set->count + 1, sizeof(*set->rules)))
		return SCAN_ENOMEM;
	set->rules[set->count++] = r;
	return 0;
}

int scan_secrets__load_text(scan_secret_ruleset *set, const char *text, size_t len, const char *origin)
{
	scan_yaml_doc doc;
	loader ld = { set, origin ? origin : "<rules>", NULL };
	const scan_yaml_node *rules;
	size_t before = set->count;
	int rc;

	if ((rc = scan_util__yaml_parse(&doc, text, len, ld.origin)) != 0)
		return rc;
	if (!doc.root || doc.root->kind != SCAN_YAML_MAPPING) {
		rc = bad(&ld, doc.root, "a rule file must be a mapping with 'rules'");
		goto done;
	}
	ld.file_provider = scalar(scan_util__yaml_get(doc.root, "provider"));
	if (ld.file_provider && !(ld.file_provider = copy_str(&ld, ld.file_provider))) {
		rc = scan_error__oom();
		goto done;
	}
	rules = scan_util__yaml_get(doc.root, "rules");
	if (!rules || rules->kind != SCAN_YAML_SEQUENCE) {
		rc = bad(&ld, doc.root, "'rules' must be a list");
		goto done;
	}
	for (size_t i = 0; i < rules->len && !rc; i++)
		rc = load_rule(&ld, rules->items[i]);
done:
	if (rc)
		set->count = before; /* strings stay in the arena until the set goes */
	scan_util__yaml_dispose(&doc);
	return rc;
}

static int load_one(void *ud, const char *text, size_t len, const char *path)
{
	return scan_secrets__load_text(ud, text, len, path);
}

int scan_secrets__load_dir(scan_secret_ruleset *set, const char *dir)
{
	return scan_util__rule_files_each(dir, false, load_one, set);
}

int scan_secrets__load_builtin(scan_secret_ruleset *set)
{
	return scan_util__rule_files_each_embedded(scan_secrets__builtin, scan_secrets__builtin_count, load_one, set);
}

void scan_secrets__ruleset_dispose(scan_secret_ruleset *set)
{
	free(set->rules);
	scan_arena__dispose(&set->arena);
	memset(set, 0, sizeof(*set));
}
