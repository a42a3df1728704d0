/* lib/sbom/cyclonedx.c - CycloneDX 1.5 and 1.6 JSON BOMs */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scan/license.h"
#include "sbom/sbom_int.h"
#include "util/error.h"

#define ROOT_REF "rampart:root"
/* Bounds on what one finding's strings may expand into. */
#define CDX_ALIASES_MAX 64
#define CDX_CWES_MAX 32

/*
 * Where 1.5 and 1.6 differ in what is written here: metadata.tools is the
 * same object ({components: [...]}) in both, the legacy array being
 * deprecated in both; 1.6 adds licenses[].acknowledgement, which says a
 * license was declared (by the package, as a lockfile records it) rather
 * than concluded by analysis.
 */

/* licenses[] of a component whose license was analysed into info, norm. */
static void component_licenses(scan_json *w, const scan_license_info *info, const char *norm,
                               scan_cyclonedx_version version)
{
	if (info->form == SCAN_LICENSE_NONE)
		return;
	scan_json_open(w, "licenses", '[');
	scan_json_open(w, NULL, '{');
	if (info->form == SCAN_LICENSE_EXPRESSION) {
		scan_json_str_opt(w, "expression", norm);
	} else {
		scan_json_open(w, "license", '{');
		/* Only a listed id may be an id (the schema enumerates them); anything else is a name. */
		scan_json_str_opt(w, info->form == SCAN_LICENSE_ID ? "id" : "name", norm);
	}
	if (version >= SCAN_CYCLONEDX_1_6)
		scan_json_str_opt(w, "acknowledgement", "declared");
	if (info->form != SCAN_LICENSE_EXPRESSION)
		scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
}

static int write_component(scan_json *w, const scan_component *c, const scan_sbom_node *node,
                           scan_cyclonedx_version version, scan_buf *scratch)
{
	const char *group, *name;
	size_t group_len;
	unsigned f = node->flags;
	scan_license_info lic;
	int rc;

	scan_buf_clear(scratch);
	if ((rc = scan_license_analyze(&lic, scratch, node->license)) != 0)
		return rc;
	scan_sbom__split_name(c, &group, &group_len, &name);
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "type", "library");
	scan_json_str_opt(w, "bom-ref", c->purl);
	if (group)
		scan_json_strn(w, "group", group, group_len);
	scan_json_str_opt(w, "name", name);
	scan_json_str_opt(w, "version", c->version);
	/* "excluded": used for development and tests, not at run time. */
	if (f & SCAN_DEP_DEV)
		scan_json_str_opt(w, "scope", "excluded");
	else if (f & SCAN_DEP_OPTIONAL)
		scan_json_str_opt(w, "scope", "optional");
	component_licenses(w, &lic, scratch->ptr, version);
	scan_json_str_opt(w, "purl", c->purl);
	scan_json_open(w, "properties", '[');
	for (size_t i = 0; i < node->nfiles; i++)
		scan_sbom__json_property(w, "rampart:file", node->files[i]);
	scan_sbom__json_property(w, "rampart:ecosystem", scan_ecosystem_name(c->ecosystem));
	if (f & (SCAN_DEP_DIRECT | SCAN_DEP_TRANSITIVE))
		scan_sbom__json_property(w, "rampart:direct", f & SCAN_DEP_DIRECT ? "true" : "false");
	if (f & SCAN_DEP_DEV)
		scan_sbom__json_property(w, "rampart:dev", "true");
	if (f & SCAN_DEP_OPTIONAL)
		scan_sbom__json_property(w, "rampart:optional", "true");
	if (f & SCAN_DEP_LOCAL)
		scan_sbom__json_property(w, "rampart:local", "true");
	if (f & SCAN_DEP_GIT)
		scan_sbom__json_property(w, "rampart:git", "true");
	if (f & SCAN_DEP_URL)
		scan_sbom__json_property(w, "rampart:url", "true");
	if (f & SCAN_DEP_UNPINNED)
		scan_sbom__json_property(w, "rampart:unpinned", "true");
	if (lic.form != SCAN_LICENSE_NONE)
		scan_sbom__json_property(w, "rampart:license_type", scan_license_type(lic.kind));
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	return 0;
}

static void write_dependencies(scan_json *w, const scan_sbom_graph *g, const scan_component *c)
{
	scan_json_open(w, "dependencies", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "ref", ROOT_REF);
	scan_json_open(w, "dependsOn", '[');
	for (size_t k = 0; k < g->count; k++)
		if (g->nodes[k].root_dep)
			scan_json_str_opt(w, NULL, c[g->nodes[k].first].purl);
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	/*
	 * Only components with dependencies: an empty dependsOn would claim a
	 * component has none, and a lockfile that lists no edges does not
	 * know that.
	 */
	for (size_t k = 0; k < g->count; k++) {
		const scan_sbom_node *node = &g->nodes[k];
		if (!node->ndeps)
			continue;
		scan_json_open(w, NULL, '{');
		scan_json_str_opt(w, "ref", c[node->first].purl);
		scan_json_open(w, "dependsOn", '[');
		for (size_t d = 0; d < node->ndeps; d++)
			scan_json_str_opt(w, NULL, c[g->nodes[node->deps[d]].first].purl);
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static const char *severity_name(scan_severity s)
{
	switch (s) {
	case SCAN_SEV_CRITICAL:
		return "critical";
	case SCAN_SEV_HIGH:
		return "high";
	case SCAN_SEV_MEDIUM:
		return "medium";
	case SCAN_SEV_LOW:
		return "low";
	default:
		return "unknown";
	}
}

/* CycloneDX scoreMethod of a CVSS vector; NULL when it is none we know. */
static const char *cvss_method(const char *v)
{
	if (!v)
		return NULL;
	if (!strncmp(v, "CVSS:3.1/", 9))
		return "CVSSv31";
	if (!strncmp(v, "CVSS:3.0/", 9))
		return "CVSSv3";
	if (!strncmp(v, "CVSS:4.0/", 9))
		return "CVSSv4";
	if (!strncmp(v, "AV:", 3) || !strncmp(v, "(AV:", 4))
		return "CVSSv2";
	return NULL;
}

static bool usable_id(const char *s, size_t len)
{
	return len > 0 && len <= 128 && !memchr(s, '"', len);
}

/* The CVE id and the aliases, other than the id itself, each once. */
static void write_references(scan_json *w, const scan_finding_sca *v, scan_buf *scratch)
{
	const char *ids[CDX_ALIASES_MAX + 1];
	size_t n = 0, off[CDX_ALIASES_MAX + 1];
	bool open = false;

	scan_buf_clear(scratch);
	if (v->cve_id && usable_id(v->cve_id, strlen(v->cve_id))) {
		off[n++] = scratch->size;
		scan_buf_puts(scratch, v->cve_id);
		scan_buf_putc(scratch, '\0');
	}
	for (const char *p = v->aliases; p && *p && n < CDX_ALIASES_MAX + 1;) {
		size_t len = strcspn(p, ","), s = 0, e = len;
		while (s < e && (p[s] == ' ' || p[s] == '\t'))
			s++;
		while (e > s && (p[e - 1] == ' ' || p[e - 1] == '\t'))
			e--;
		if (usable_id(p + s, e - s)) {
			off[n++] = scratch->size;
			scan_buf_put(scratch, p + s, e - s);
			scan_buf_putc(scratch, '\0');
		}
		p += len + (p[len] == ',');
	}
	if (scan_buf_failed(scratch))
		return;
	for (size_t i = 0; i < n; i++)
		ids[i] = scratch->ptr + off[i];
	for (size_t i = 0; i < n; i++) {
		bool seen = !strcmp(ids[i], v->vuln_id);
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(ids[k], ids[i]);
		if (seen)
			continue;
		if (!open)
			scan_json_open(w, "references", '[');
		open = true;
		scan_json_open(w, NULL, '{');
		scan_json_str_opt(w, "id", ids[i]);
		scan_sbom__vuln_source(w, "source", ids[i]);
		scan_json_close(w, '}');
	}
	if (open)
		scan_json_close(w, ']');
}

/* Every "CWE-<n>" in the finding's cwe_id, once each. */
static void write_cwes(scan_json *w, const char *cwe)
{
	long seen[CDX_CWES_MAX];
	size_t n = 0;

	for (const char *p = cwe; p && *p && n < CDX_CWES_MAX; p++) {
		long v = 0;
		bool dup = false;
		const char *q;

		if (strncmp(p, "CWE-", 4) && strncmp(p, "cwe-", 4))
			continue;
		for (q = p + 4; *q >= '0' && *q <= '9' && v < 100000000; q++)
			v = v * 10 + (*q - '0');
		if (q == p + 4 || v < 1 || (*q >= '0' && *q <= '9'))
			continue;
		for (size_t k = 0; k < n && !dup; k++)
			dup = seen[k] == v;
		if (dup)
			continue;
		if (!n)
			scan_json_open(w, "cwes", '[');
		seen[n++] = v;
		scan_json_int(w, NULL, v);
		p = q - 1;
	}
	if (n)
		scan_json_close(w, ']');
}

static void num_property(scan_json *w, const char *name, double v)
{
	char tmp[SCAN_JSON_NUM_LEN];

	if (!isfinite(v) || v < 0)
		return;
	scan_json_format_num(tmp, v);
	scan_sbom__json_property(w, name, tmp);
}

static void write_vulnerability(scan_json *w, const scan_sbom_input *in, size_t fi,
                                const scan_map *triage, scan_buf *scratch)
{
	const scan_finding *f = in->findings[fi];
	const scan_finding_sca *v = f->sca;
	const char *vector = in->cvss_vectors ? in->cvss_vectors[fi] : v->cvss_vector;
	size_t ti = 0;

	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "id", v->vuln_id);
	scan_sbom__vuln_source(w, "source", v->vuln_id);
	write_references(w, v, scratch);
	scan_json_open(w, "ratings", '[');
	scan_json_open(w, NULL, '{');
	if (isfinite(f->cvss_score) && f->cvss_score >= 0 && f->cvss_score <= 10)
		scan_json_num_opt(w, "score", f->cvss_score);
	/* CycloneDX's own word for a vulnerability nobody rated. */
	scan_json_str_opt(w, "severity", v->unrated ? "unknown" : severity_name(f->severity));
	if (cvss_method(vector)) {
		scan_json_str_opt(w, "method", cvss_method(vector));
		scan_json_str_opt(w, "vector", vector);
	}
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	write_cwes(w, f->cwe_id);
	scan_json_str_opt(w, "description", f->description ? f->description : f->title);
	scan_json_str_opt(w, "recommendation", f->remediation);
	if (triage && (scan_map_get(triage, v->vuln_id, v->purl, &ti) ||
	               (v->cve_id && scan_map_get(triage, v->cve_id, v->purl, &ti))))
		scan_vex__cdx_analysis(w, &in->triage[ti], scan_vex__state(in->triage[ti].state));
	scan_json_open(w, "affects", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "ref", v->purl);
	if (v->installed_version || v->fixed_version) {
		scan_json_open(w, "versions", '[');
		if (v->installed_version) {
			scan_json_open(w, NULL, '{');
			scan_json_str_opt(w, "version", v->installed_version);
			scan_json_str_opt(w, "status", "affected");
			scan_json_close(w, '}');
		}
		if (v->fixed_version) {
			scan_json_open(w, NULL, '{');
			scan_json_str_opt(w, "version", v->fixed_version);
			scan_json_str_opt(w, "status", "unaffected");
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
	}
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_open(w, "properties", '[');
	num_property(w, "rampart:epss_score", v->epss_score);
	num_property(w, "rampart:epss_percentile", v->epss_percentile);
	scan_sbom__json_property(w, "rampart:kev", v->kev_listed ? "true" : "false");
	if (v->fixed_version)
		scan_sbom__json_property(w, "rampart:fixed_version", v->fixed_version);
	num_property(w, "rampart:risk_score", v->risk_score);
	if (v->priority_label)
		scan_sbom__json_property(w, "rampart:priority", v->priority_label);
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

/*
 * One vulnerability per advisory and package: the same advisory found in
 * one package through several lockfiles is one entry (its first finding),
 * and each entry can carry the triage decision about that package.
 */
static int write_vulnerabilities(scan_json *w, const scan_sbom_input *in, const scan_map *triage,
                                 scan_buf *scratch)
{
	scan_map seen = { 0 };
	int rc = 0;

	scan_json_open(w, "vulnerabilities", '[');
	for (size_t i = 0; i < in->nfindings; i++) {
		const scan_finding *f = in->findings[i];
		if (!f || f->category != SCAN_CAT_SCA || !f->sca || !f->sca->vuln_id || !f->sca->vuln_id[0] ||
		    !f->sca->purl || !f->sca->purl[0])
			continue;
		if ((rc = scan_map_put(&seen, f->sca->vuln_id, f->sca->purl, i, NULL)) < 0)
			break;
		if (rc == 0)
			write_vulnerability(w, in, i, triage, scratch);
		rc = 0;
	}
	scan_json_close(w, ']');
	scan_map_dispose(&seen);
	return rc;
}

int scan_sbom_cyclonedx(scan_buf *out, const scan_sbom_input *in, scan_cyclonedx_version version)
{
	scan_sbom_graph g;
	scan_map triage = { 0 };
	scan_json w;
	scan_buf scratch;
	char uuid[SCAN_SBOM_UUID_LEN], when[SCAN_SBOM_TIME_LEN];
	int rc;

	if (version != SCAN_CYCLONEDX_1_5 && version != SCAN_CYCLONEDX_1_6)
		return scan_util__error(SCAN_EINVAL, "unsupported CycloneDX version 1.%d", (int)version);
	if ((rc = scan_buf_failed(out)) != 0)
		return scan_util__error(rc, "output buffer failed before the document");
	if ((rc = scan_sbom__uuid(uuid)) != 0 || (rc = scan_sbom__time(when, in->created)) != 0)
		return rc;
	if (in->triage && (rc = scan_vex__index(&triage, in->triage, in->ntriage)) != 0) {
		scan_map_dispose(&triage);
		return rc;
	}
	if ((rc = scan_sbom__graph_build(&g, in->components, in->ncomponents)) != 0) {
		scan_map_dispose(&triage);
		return rc;
	}
	/* A license field may hold a whole license text: the scratch has the default cap, not a small one. */
	scan_buf_init(&scratch, SCAN_BUF_MAX_DEFAULT);
	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "$schema", version == SCAN_CYCLONEDX_1_5
	                    ? "http://cyclonedx.org/schema/bom-1.5.schema.json"
	                    : "http://cyclonedx.org/schema/bom-1.6.schema.json");
	scan_json_str_opt(&w, "bomFormat", "CycloneDX");
	scan_json_str_opt(&w, "specVersion", version == SCAN_CYCLONEDX_1_5 ? "1.5" : "1.6");
	scan_sbom__json_cat(&w, "serialNumber", "urn:uuid:", uuid);
	scan_json_int(&w, "version", 1);

	scan_json_open(&w, "metadata", '{');
	scan_json_str_opt(&w, "timestamp", when);
	/* Read from lockfiles and manifests, before any build. */
	scan_json_open(&w, "lifecycles", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "phase", "pre-build");
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_open(&w, "tools", '{');
	scan_json_open(&w, "components", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "type", "application");
	scan_json_str_opt(&w, "name", "rampart");
	scan_json_str_opt(&w, "version", in->tool_version);
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_open(&w, "component", '{');
	scan_json_str_opt(&w, "type", "application");
	scan_json_str_opt(&w, "bom-ref", ROOT_REF);
	scan_json_str_opt(&w, "name", in->root_name && in->root_name[0] ? in->root_name : "project");
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');

	scan_json_open(&w, "components", '[');
	for (size_t k = 0; k < g.count && !rc; k++)
		rc = write_component(&w, &in->components[g.nodes[k].first], &g.nodes[k], version, &scratch);
	scan_json_close(&w, ']');
	if (rc)
		goto done;
	write_dependencies(&w, &g, in->components);
	if (in->vulns && (rc = write_vulnerabilities(&w, in, in->triage ? &triage : NULL, &scratch)) != 0)
		goto done;
	scan_json_close(&w, '}');
	rc = scan_json_finish(&w);
done:
	scan_buf_dispose(&scratch);
	scan_sbom__graph_dispose(&g);
	scan_map_dispose(&triage);
	return rc;
}
