/* lib/sbom/vex.c - triage decisions as VEX: CycloneDX 1.6 analysis and OpenVEX 0.2.0 */
#include <string.h>
#include "sbom/sbom_int.h"
#include "util/error.h"
#include "util/number.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The spec's triage states in the two VEX vocabularies:
 *
 *   triage          CycloneDX analysis.state     OpenVEX status
 *   open            in_triage                    under_investigation
 *   in_progress     in_triage                    under_investigation
 *   not_applicable  not_affected                 not_affected
 *   false_positive  false_positive               not_affected
 *   fixed           resolved                     fixed
 *   accepted_risk   exploitable + will_not_fix   affected
 *   wont_fix        exploitable + will_not_fix   affected
 *
 * in_progress means someone is working on the finding, not that its impact
 * is settled, so it stays in triage. A false positive is, for OpenVEX,
 * a product that is not affected. Accepting a risk and declining to fix
 * both say the product is affected and will stay so.
 */
static const scan_vex_state states[] = {
	{ "open", "in_triage", false, "under_investigation" },
	{ "in_progress", "in_triage", false, "under_investigation" },
	{ "not_applicable", "not_affected", false, "not_affected" },
	{ "false_positive", "false_positive", false, "not_affected" },
	{ "fixed", "resolved", false, "fixed" },
	{ "accepted_risk", "exploitable", true, "affected" },
	{ "wont_fix", "exploitable", true, "affected" },
};

/*
 * Justification labels: a triage justification that is one of these is
 * carried as a label in both formats; any other text is carried as
 * prose (CycloneDX detail, OpenVEX impact_statement or notes). Pairs are
 * given only where the two labels say the same thing; NULL: the other
 * vocabulary has no label for it.
 */
typedef struct {
	const char *cdx;
	const char *openvex;
} justification_pair;

static const justification_pair cdx_labels[] = {
	{ "code_not_present", "vulnerable_code_not_present" },
	{ "code_not_reachable", "vulnerable_code_not_in_execute_path" },
	{ "requires_configuration", NULL },
	{ "requires_dependency", NULL },
	{ "requires_environment", NULL },
	{ "protected_by_compiler", "inline_mitigations_already_exist" },
	{ "protected_at_runtime", "inline_mitigations_already_exist" },
	{ "protected_at_perimeter", NULL },
	{ "protected_by_mitigating_control", NULL },
};

static const justification_pair openvex_labels[] = {
	{ "code_not_present", "component_not_present" },
	{ "code_not_present", "vulnerable_code_not_present" },
	{ "code_not_reachable", "vulnerable_code_not_in_execute_path" },
	{ NULL, "vulnerable_code_cannot_be_controlled_by_adversary" },
	{ "protected_by_mitigating_control", "inline_mitigations_already_exist" },
};

/* The pair a justification names as a label, or NULL for prose. */
static const justification_pair *label_of(const char *j)
{
	if (!j)
		return NULL;
	for (size_t i = 0; i < N_ELEMS(cdx_labels); i++)
		if (!strcmp(j, cdx_labels[i].cdx))
			return &cdx_labels[i];
	for (size_t i = 0; i < N_ELEMS(openvex_labels); i++)
		if (!strcmp(j, openvex_labels[i].openvex))
			return &openvex_labels[i];
	return NULL;
}

const scan_vex_state *scan_vex__state(const char *triage)
{
	for (size_t i = 0; triage && i < N_ELEMS(states); i++)
		if (!strcmp(triage, states[i].triage))
			return &states[i];
	scan_util__error(SCAN_EINVAL, "unknown triage state '%.40s'", triage ? triage : "");
	return NULL;
}

/* The justification when it is not carried as a label: NULL for none or an empty one. */
static const char *prose(const char *j)
{
	return j && j[0] ? j : NULL;
}

void scan_vex__cdx_analysis(scan_json *w, const scan_vex_decision *d, const scan_vex_state *s)
{
	const justification_pair *label = label_of(d->justification);
	bool as_label = label && label->cdx && !strcmp(s->cdx_state, "not_affected");
	char when[SCAN_SBOM_TIME_LEN];

	scan_json_open(w, "analysis", '{');
	scan_json_str_opt(w, "state", s->cdx_state);
	if (as_label)
		scan_json_str_opt(w, "justification", label->cdx);
	if (s->will_not_fix) {
		scan_json_open(w, "response", '[');
		scan_json_str_opt(w, NULL, "will_not_fix");
		scan_json_close(w, ']');
	}
	/* Text, or a label CycloneDX has no word for, is the detail. */
	if (!as_label)
		scan_json_str_opt(w, "detail", prose(d->justification));
	if (d->updated > 0 && scan_sbom__time(when, d->updated) == 0)
		scan_json_str_opt(w, "lastUpdated", when);
	scan_json_close(w, '}');
}

int scan_vex__index(scan_map *m, const scan_vex_decision *d, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t have = 0;
		int rc;

		if (!d[i].vuln_id || !d[i].vuln_id[0] || !d[i].purl || !d[i].purl[0])
			return scan_util__error(SCAN_EINVAL, "triage decision %zu has no vulnerability id or purl", i);
		if (!scan_vex__state(d[i].state))
			return SCAN_EINVAL;
		if ((rc = scan_map_put(m, d[i].vuln_id, d[i].purl, i, &have)) < 0)
			return rc;
		/* The latest decision about a vulnerability in a package is the one that holds. */
		if (rc == 1 && d[i].updated >= d[have].updated)
			scan_map_set(m, d[i].vuln_id, d[i].purl, i);
	}
	return 0;
}

/* ---- purls ---- */

static void put_decoded(scan_buf *b, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		int hi, lo;
		if (s[i] == '%' && i + 2 < len && (hi = scan_number__hex_digit(s[i + 1])) >= 0 &&
		    (lo = scan_number__hex_digit(s[i + 2])) >= 0) {
			scan_buf_putc(b, (char)(hi * 16 + lo));
			i += 2;
		} else {
			scan_buf_putc(b, s[i]);
		}
	}
}

/*
 * The namespace, name and version of a purl, percent-decoded, each
 * NUL-separated in b: "pkg:npm/%40babel/core@7.0.0" gives "@babel",
 * "core", "7.0.0". Offsets of name and version (SIZE_MAX: none); a
 * string that is not a purl is its own name.
 */
static void purl_parts(scan_buf *b, const char *purl, size_t *name, size_t *version)
{
	size_t len = strcspn(purl, "?#"), type_end, last_slash, at;
	const char *p = purl;

	*name = 0;
	*version = (size_t)-1;
	if (len < 5 || strncmp(p, "pkg:", 4) || !memchr(p + 4, '/', len - 4)) {
		scan_buf_puts(b, purl);
		scan_buf_putc(b, '\0');
		return;
	}
	type_end = (size_t)((const char *)memchr(p + 4, '/', len - 4) - p);
	for (last_slash = len; last_slash > type_end && p[last_slash - 1] != '/'; last_slash--)
		;
	last_slash--;
	for (at = len; at > last_slash && p[at - 1] != '@'; at--)
		;
	at = at > last_slash + 1 ? at - 1 : len;
	if (last_slash > type_end + 1)
		put_decoded(b, p + type_end + 1, last_slash - type_end - 1);
	scan_buf_putc(b, '\0');
	*name = b->size;
	put_decoded(b, p + last_slash + 1, at - last_slash - 1);
	scan_buf_putc(b, '\0');
	if (at < len) {
		*version = b->size;
		put_decoded(b, p + at + 1, len - at - 1);
		scan_buf_putc(b, '\0');
	}
}

/* ---- the documents ---- */

static void tool(scan_json *w, const char *version)
{
	scan_json_open(w, "tools", '{');
	scan_json_open(w, "components", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "type", "application");
	scan_json_str_opt(w, "name", "rampart");
	scan_json_str_opt(w, "version", version);
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

int scan_vex_cyclonedx(scan_buf *out, const scan_vex_input *in)
{
	scan_map decided = { 0 }, purls = { 0 };
	scan_json w;
	scan_buf parts = SCAN_BUF_INIT;
	char uuid[SCAN_SBOM_UUID_LEN], when[SCAN_SBOM_TIME_LEN];
	int rc;

	if ((rc = scan_buf_failed(out)) != 0)
		return scan_util__error(rc, "output buffer failed before the document");
	if ((rc = scan_vex__index(&decided, in->decisions, in->ndecisions)) != 0 ||
	    (rc = scan_sbom__uuid(uuid)) != 0 || (rc = scan_sbom__time(when, in->created)) != 0)
		goto done;
	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "$schema", "http://cyclonedx.org/schema/bom-1.6.schema.json");
	scan_json_str_opt(&w, "bomFormat", "CycloneDX");
	scan_json_str_opt(&w, "specVersion", "1.6");
	scan_sbom__json_cat(&w, "serialNumber", "urn:uuid:", uuid);
	scan_json_int(&w, "version", 1);
	scan_json_open(&w, "metadata", '{');
	scan_json_str_opt(&w, "timestamp", when);
	tool(&w, in->tool_version);
	if (in->root_name) {
		scan_json_open(&w, "component", '{');
		scan_json_str_opt(&w, "type", "application");
		scan_json_str_opt(&w, "bom-ref", "rampart:root");
		scan_json_str_opt(&w, "name", in->root_name);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, '}');

	/* The packages the statements are about, so each affects[].ref names a bom-ref of this BOM. */
	scan_json_open(&w, "components", '[');
	for (size_t i = 0; i < in->ndecisions; i++) {
		const char *purl = in->decisions[i].purl;
		size_t name, version;

		if ((rc = scan_map_put(&purls, purl, NULL, i, NULL)) < 0)
			goto done;
		if (rc == 1)
			continue;
		rc = 0;
		scan_buf_clear(&parts);
		purl_parts(&parts, purl, &name, &version);
		if (scan_buf_failed(&parts)) {
			rc = scan_error__oom();
			goto done;
		}
		scan_json_open(&w, NULL, '{');
		scan_json_str_opt(&w, "type", "library");
		scan_json_str_opt(&w, "bom-ref", purl);
		if (name > 0 && parts.ptr[0])
			scan_json_str_opt(&w, "group", parts.ptr);
		scan_json_str_opt(&w, "name", parts.ptr[name] ? parts.ptr + name : purl);
		if (version != (size_t)-1 && parts.ptr[version])
			scan_json_str_opt(&w, "version", parts.ptr + version);
		scan_json_str_opt(&w, "purl", purl);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');

	scan_json_open(&w, "vulnerabilities", '[');
	for (size_t i = 0; i < in->ndecisions; i++) {
		const scan_vex_decision *d = &in->decisions[i];
		size_t winner = 0;

		if (!scan_map_get(&decided, d->vuln_id, d->purl, &winner) || winner != i)
			continue;
		scan_json_open(&w, NULL, '{');
		scan_json_str_opt(&w, "id", d->vuln_id);
		scan_sbom__vuln_source(&w, "source", d->vuln_id);
		scan_vex__cdx_analysis(&w, d, scan_vex__state(d->state));
		scan_json_open(&w, "affects", '[');
		scan_json_open(&w, NULL, '{');
		scan_json_str_opt(&w, "ref", d->purl);
		scan_json_close(&w, '}');
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	rc = scan_json_finish(&w);
done:
	scan_map_dispose(&decided);
	scan_map_dispose(&purls);
	scan_buf_dispose(&parts);
	return rc;
}

static void openvex_statement(scan_json *w, const scan_vex_decision *d)
{
	const scan_vex_state *s = scan_vex__state(d->state);
	const justification_pair *label = label_of(d->justification);
	const char *text = prose(d->justification);
	char when[SCAN_SBOM_TIME_LEN];

	scan_json_open(w, NULL, '{');
	scan_json_open(w, "vulnerability", '{');
	scan_json_str_opt(w, "name", d->vuln_id);
	scan_json_close(w, '}');
	if (d->updated > 0 && scan_sbom__time(when, d->updated) == 0)
		scan_json_str_opt(w, "timestamp", when);
	scan_json_open(w, "products", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "@id", d->purl);
	scan_json_open(w, "identifiers", '{');
	scan_json_str_opt(w, "purl", d->purl);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_str_opt(w, "status", s->openvex_status);
	if (!strcmp(s->openvex_status, "not_affected")) {
		/*
		 * A not_affected statement must carry a justification label or an
		 * impact statement: the label when OpenVEX has one for it, else the
		 * text (or the CycloneDX label) as the impact statement.
		 */
		if (label && label->openvex)
			scan_json_str_opt(w, "justification", label->openvex);
		else
			scan_json_str_opt(w, "impact_statement", text ? text : !strcmp(d->state, "false_positive")
			                    ? "Marked as a false positive in triage."
			                    : "Marked as not applicable in triage.");
	} else if (!strcmp(s->openvex_status, "affected")) {
		/* An affected statement must say what is done about it. */
		scan_json_str_opt(w, "action_statement", text ? text : !strcmp(d->state, "wont_fix")
		                    ? "Will not fix." : "Risk accepted: no fix is planned.");
	} else {
		scan_json_str_opt(w, "status_notes", text);
	}
	scan_json_close(w, '}');
}

int scan_vex_openvex(scan_buf *out, const scan_vex_input *in)
{
	scan_map decided = { 0 };
	scan_json w;
	char uuid[SCAN_SBOM_UUID_LEN], when[SCAN_SBOM_TIME_LEN];
	int rc;

	if ((rc = scan_buf_failed(out)) != 0)
		return scan_util__error(rc, "output buffer failed before the document");
	if ((rc = scan_vex__index(&decided, in->decisions, in->ndecisions)) != 0 ||
	    (rc = scan_sbom__time(when, in->created)) != 0)
		goto done;
	if (!in->doc_id && (rc = scan_sbom__uuid(uuid)) != 0)
		goto done;
	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "@context", "https://openvex.dev/ns/v0.2.0");
	if (in->doc_id)
		scan_json_str_opt(&w, "@id", in->doc_id);
	else
		scan_sbom__json_cat(&w, "@id", "urn:uuid:", uuid);
	scan_json_str_opt(&w, "author", in->author ? in->author : "Rampart");
	scan_json_str_opt(&w, "timestamp", when);
	scan_json_int(&w, "version", 1);
	scan_sbom__json_cat(&w, "tooling", in->tool_version ? "Rampart " : "Rampart", in->tool_version);
	scan_json_open(&w, "statements", '[');
	for (size_t i = 0; i < in->ndecisions; i++) {
		size_t winner = 0;
		if (scan_map_get(&decided, in->decisions[i].vuln_id, in->decisions[i].purl, &winner) &&
		    winner == i)
			openvex_statement(&w, &in->decisions[i]);
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	rc = scan_json_finish(&w);
done:
	scan_map_dispose(&decided);
	return rc;
}
