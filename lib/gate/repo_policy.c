/* lib/gate/repo_policy.c - a repository's .rampart/quality_gate.yaml, and how it meets the stored policy */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include "gate/gate_int.h"
#include "util/error.h"
#include "util/yamltree.h"

static int key_index(const scan_gate_policy_key *k)
{
	return (int)(k - scan_gate__policy_keys);
}

int scan_gate_repo_policy_parse_yaml(scan_gate_repo_policy *out, const char *text, size_t len, const char *origin)
{
	scan_gate_policy defaults = SCAN_GATE_POLICY_DEFAULTS;
	scan_yaml_doc doc;
	const scan_yaml_node *root, *policy;
	int rc;

	out->policy = defaults, out->set = 0;
	if (len > SCAN_REPO_POLICY_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s is larger than %u KiB", origin, SCAN_REPO_POLICY_MAX >> 10);
	if ((rc = scan_util__yaml_parse(&doc, text, len, origin)) != 0)
		return rc;
	root = doc.root;
	if (!root) /* an empty file sets nothing */
		goto done;
	if (root->kind != SCAN_YAML_MAPPING) {
		rc = scan_util__error(SCAN_EPARSE, "%s line %u: expected a mapping with 'version' and 'policy'", origin, root->line);
		goto done;
	}
	for (size_t i = 0; i + 1 < 2 * scan_util__yaml_count(root); i += 2) {
		const scan_yaml_node *k = root->items[i], *v = root->items[i + 1];
		if (k->kind != SCAN_YAML_SCALAR || (strcmp(k->value, "version") && strcmp(k->value, "policy"))) {
			rc = scan_util__error(SCAN_EPARSE, "%s line %u: unknown key '%s' (expected version or policy)", origin,
			                      k->line, k->kind == SCAN_YAML_SCALAR ? k->value : "?");
			goto done;
		}
		if (!strcmp(k->value, "version") && (v->kind != SCAN_YAML_SCALAR || strcmp(v->value, "1"))) {
			rc = scan_util__error(SCAN_EPARSE, "%s line %u: version must be 1", origin, v->line);
			goto done;
		}
	}
	policy = scan_util__yaml_get(root, "policy");
	if (!policy)
		goto done;
	if (policy->kind != SCAN_YAML_MAPPING) {
		rc = scan_util__error(SCAN_EPARSE, "%s line %u: policy must be a mapping of policy keys", origin, policy->line);
		goto done;
	}
	for (size_t i = 0; i + 1 < 2 * scan_util__yaml_count(policy); i += 2) {
		const scan_yaml_node *k = policy->items[i], *v = policy->items[i + 1];
		const scan_gate_policy_key *key;
		if (k->kind != SCAN_YAML_SCALAR || !(key = scan_gate__policy_key_find(k->value)))
			continue; /* unknown keys are dropped, as for a stored policy */
		if (v->kind != SCAN_YAML_SCALAR) {
			rc = scan_util__error(SCAN_EPARSE, "%s line %u: %s takes a value", origin, v->line, key->name);
			goto done;
		}
		if ((rc = scan_gate_policy_set(&out->policy, key->name, v->value)) != 0) {
			char why[256];
			snprintf(why, sizeof(why), "%s", scan_error_last()->message);
			rc = scan_util__error(rc, "%s line %u: %s", origin, v->line, why);
			goto done;
		}
		out->set |= 1u << key_index(key);
	}
done:
	scan_util__yaml_dispose(&doc);
	return rc;
}

int scan_gate_repo_policy_write_json(scan_buf *out, const scan_gate_repo_policy *rp)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_gate__policy_members(&w, NULL, &rp->policy, rp->set);
	return scan_json_finish(&w);
}

int scan_gate_repo_policy_parse_json(scan_gate_repo_policy *out, const char *json, size_t len)
{
	cJSON *root;
	int rc;

	if ((rc = scan_gate_policy_parse_json(&out->policy, json, len)) != 0)
		return rc;
	out->set = 0;
	if (!(root = cJSON_ParseWithLength(json, len)))
		return scan_util__error(SCAN_EPARSE, "repository policy is not JSON");
	for (const scan_gate_policy_key *k = scan_gate__policy_keys; k->name; k++)
		if (cJSON_GetObjectItemCaseSensitive(root, k->name))
			out->set |= 1u << key_index(k);
	cJSON_Delete(root);
	return 0;
}

void scan_gate_policy_apply_repo(scan_gate_policy *eff, const scan_gate_repo_policy *rp, bool org_configured)
{
	const scan_gate_policy *r = &rp->policy;
#define SET(i) (rp->set & (1u << (i)))
#define TIGHTEN_MAX(i, f) if (SET(i)) eff->f = !org_configured || r->f < eff->f ? r->f : eff->f
	TIGHTEN_MAX(0, new_critical_max);
	TIGHTEN_MAX(1, new_high_max);
	TIGHTEN_MAX(2, duplication_pct_max);
	TIGHTEN_MAX(3, complexity_new_max);
	TIGHTEN_MAX(4, rating_min); /* 'A' < 'B': the better rating is the smaller letter */
	if (SET(5))
		eff->new_coverage_min = !org_configured || r->new_coverage_min > eff->new_coverage_min ?
		                        r->new_coverage_min : eff->new_coverage_min;
#undef TIGHTEN_MAX
#undef SET
}
