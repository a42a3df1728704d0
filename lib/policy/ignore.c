/* lib/policy/ignore.c - ignore rules against findings and components (spec 2.11) */
#include <string.h>
#include "policy/policy_int.h"

bool scan_sca_ignore_active(const scan_sca_ignore_rule *r, time_t now)
{
	return r->expires_at == 0 || now < r->expires_at;
}

/* id is one of the comma-separated ids in list (spaces around them ignored). */
static bool in_id_list(const char *list, const char *id)
{
	const char *p = list;

	while (p && *p) {
		const char *comma = strchr(p, ','), *end = comma ? comma : p + strlen(p);
		const char *a = p, *b = end;
		while (a < b && (*a == ' ' || *a == '\t'))
			a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > a && scan_policy__eq_ci(a, (size_t)(b - a), id))
			return true;
		p = comma ? comma + 1 : NULL;
	}
	return false;
}

/*
 * "name" or "name@version": the version starts after the last '@' that is
 * not the first byte, so npm's "@scope/name" is a name and
 * "@scope/name@1.2.3" is that name at 1.2.3.
 */
static bool package_matches(const char *value, const char *name, const char *version)
{
	const char *at = strrchr(value, '@');

	if (!name)
		return false;
	if (!at || at == value)
		return scan_policy__eq_ci(name, strlen(name), value);
	return scan_policy__eq_ci(value, (size_t)(at - value), name) && version && !strcmp(version, at + 1);
}

static bool license_leaf(const char *id, size_t len, const void *ctx)
{
	return scan_policy__license_id_matches(ctx, id, len);
}

bool scan_sca_ignore_matches_finding(const scan_sca_ignore_rule *r, const scan_finding *f, time_t now)
{
	const scan_finding_sca *s = f->sca;
	scan_severity sev;

	if (!r->value || !scan_sca_ignore_active(r, now))
		return false;
	switch (r->type) {
	case SCAN_SCA_IGNORE_CVE:
		return s && ((s->cve_id && scan_policy__eq_ci(s->cve_id, strlen(s->cve_id), r->value)) ||
		             (s->vuln_id && scan_policy__eq_ci(s->vuln_id, strlen(s->vuln_id), r->value)) ||
		             (s->aliases && in_id_list(s->aliases, r->value)));
	case SCAN_SCA_IGNORE_PACKAGE:
		return s && package_matches(r->value, s->package_name, s->installed_version);
	case SCAN_SCA_IGNORE_PATH:
		return scan_policy__path_matches(r->value, f->file_path);
	case SCAN_SCA_IGNORE_SEVERITY:
		return scan_severity_parse(&sev, r->value) == 0 && f->severity == sev;
	case SCAN_SCA_IGNORE_LICENSE: /* a finding has no license; its component does */
	default:
		return false;
	}
}

bool scan_sca_ignore_matches_component(const scan_sca_ignore_rule *r, const scan_component *c, time_t now)
{
	if (!r->value || !scan_sca_ignore_active(r, now))
		return false;
	switch (r->type) {
	case SCAN_SCA_IGNORE_PACKAGE:
		return package_matches(r->value, c->name, c->version);
	case SCAN_SCA_IGNORE_PATH:
		return scan_policy__path_matches(r->value, c->file);
	case SCAN_SCA_IGNORE_LICENSE:
		return scan_policy__license_known(c->license) &&
		       scan_policy__license_eval(c->license, SCAN_POLICY__LIC_ANY, license_leaf, r->value);
	case SCAN_SCA_IGNORE_CVE:
	case SCAN_SCA_IGNORE_SEVERITY:
	default:
		return false;
	}
}
