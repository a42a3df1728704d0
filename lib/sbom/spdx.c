/* lib/sbom/spdx.c - SPDX 2.3 JSON documents */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/license.h"
#include "sbom/sbom_int.h"
#include "scan/array.h"
#include "util/arena.h"
#include "util/error.h"

#define ROOT_ID "SPDXRef-Root"
/* Bytes of a license's text kept in the LicenseRef- name made from it. */
#define SPDX_REF_NAME_MAX 48

/*
 * Licenses the SPDX License List does not name, each once, as
 * LicenseRef-<text made an idstring> with the text itself in
 * hasExtractedLicensingInfos: licenseDeclared must be a valid expression,
 * and NOASSERTION would drop what the package says.
 */
typedef struct {
	const char *text;       /* trimmed, as declared */
	size_t text_len;
	const char *ref;        /* "LicenseRef-..." */
} spdx_ref;

typedef struct {
	spdx_ref *items;
	size_t count, cap;
	scan_map by_text;  /* text -> index */
	scan_map by_ref;   /* ref -> index */
	scan_arena arena;
} spdx_refs;

static void refs_dispose(spdx_refs *r)
{
	free(r->items);
	scan_map_dispose(&r->by_text);
	scan_map_dispose(&r->by_ref);
	scan_arena__dispose(&r->arena);
}

static bool is_idchar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.';
}

/*
 * The LicenseRef- of a text: its letters, digits and dots with single '-'
 * between runs ("Apache Software License" is LicenseRef-Apache-Software-License).
 * Such a name never holds "--", so when two texts make one name the later
 * one gets "--<its number>", which no other name can be.
 */
static int ref_for(spdx_refs *r, const char *license, const char **out)
{
	scan_buf name = SCAN_BUF_INIT;
	const char *s = license;
	size_t len = strlen(s), at, kept = 0;
	int rc;

	while (len && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (scan_map_get(&r->by_text, license, NULL, &at)) {
		*out = r->items[at].ref;
		return 0;
	}
	if (scan_array_reserve(&r->items, &r->cap, r->count + 1, sizeof(*r->items)))
		return SCAN_ENOMEM;
	scan_buf_puts(&name, "LicenseRef-");
	for (size_t i = 0; i < len && kept < SPDX_REF_NAME_MAX; i++) {
		if (is_idchar(s[i])) {
			scan_buf_putc(&name, s[i]);
			kept++;
		} else if (kept && name.ptr[name.size - 1] != '-') {
			scan_buf_putc(&name, '-');
			kept++;
		}
	}
	while (name.size > 11 && name.ptr[name.size - 1] == '-')
		scan_buf_truncate(&name, name.size - 1);
	if (name.size == 11)
		scan_buf_puts(&name, "unnamed");
	if (scan_map_get(&r->by_ref, name.ptr, NULL, NULL))
		scan_buf_printf(&name, "--%zu", r->count + 1);
	if (scan_buf_failed(&name) ||
	    !(r->items[r->count].ref = scan_arena__strndup(&r->arena, name.ptr, name.size))) {
		scan_buf_dispose(&name);
		return scan_error__oom();
	}
	scan_buf_dispose(&name);
	r->items[r->count].text = s;
	r->items[r->count].text_len = len;
	if ((rc = scan_map_put(&r->by_text, license, NULL, r->count, NULL)) < 0 ||
	    (rc = scan_map_put(&r->by_ref, r->items[r->count].ref, NULL, r->count, NULL)) < 0)
		return rc;
	*out = r->items[r->count++].ref;
	return 0;
}

static void package_id(char *out, size_t size, size_t k)
{
	snprintf(out, size, "SPDXRef-Package-%zu", k + 1);
}

static void relationship(scan_json *w, const char *from, const char *type, const char *to)
{
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "spdxElementId", from);
	scan_json_str_opt(w, "relationshipType", type);
	scan_json_str_opt(w, "relatedSpdxElement", to);
	scan_json_close(w, '}');
}

static int write_package(scan_json *w, const scan_component *c, const scan_sbom_node *node, size_t k,
                         spdx_refs *refs, scan_buf *scratch)
{
	char id[48];
	scan_license_info lic;
	const char *declared = "NOASSERTION";
	int rc;

	scan_buf_clear(scratch);
	if ((rc = scan_license_analyze(&lic, scratch, node->license)) != 0)
		return rc;
	if (lic.form == SCAN_LICENSE_ID || (lic.form == SCAN_LICENSE_EXPRESSION && !lic.has_ref))
		declared = scratch->ptr;
	else if (lic.form != SCAN_LICENSE_NONE && (rc = ref_for(refs, node->license, &declared)) != 0)
		return rc;
	package_id(id, sizeof(id), k);
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "SPDXID", id);
	scan_json_str_opt(w, "name", c->name);
	scan_json_str_opt(w, "versionInfo", c->version);
	scan_json_str_opt(w, "downloadLocation", "NOASSERTION");
	scan_json_bool(w, "filesAnalyzed", false);
	scan_json_str_opt(w, "licenseConcluded", "NOASSERTION");
	scan_json_str_opt(w, "licenseDeclared", declared);
	scan_json_str_opt(w, "copyrightText", "NOASSERTION");
	scan_json_str_opt(w, "primaryPackagePurpose", "LIBRARY");
	scan_json_open(w, "externalRefs", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "referenceCategory", "PACKAGE-MANAGER");
	scan_json_str_opt(w, "referenceType", "purl");
	scan_json_str_opt(w, "referenceLocator", c->purl);
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	if (node->nfiles) {
		scan_buf_clear(scratch);
		scan_buf_puts(scratch, "declared in ");
		for (size_t i = 0; i < node->nfiles; i++) {
			if (i)
				scan_buf_puts(scratch, ", ");
			scan_buf_puts(scratch, node->files[i]);
		}
		if ((rc = scan_buf_failed(scratch)) != 0) {
			scan_json_close(w, '}');
			return scan_util__error(rc, "out of memory");
		}
		scan_json_str_opt(w, "comment", scratch->ptr);
	}
	scan_json_close(w, '}');
	return 0;
}

/* A URI path segment from the project name: what is not unreserved becomes '-'. */
static void namespace_name(scan_buf *b, const char *name)
{
	size_t n = 0;

	for (const char *p = name; *p && n < 64; p++, n++)
		scan_buf_putc(b, is_idchar(*p) || *p == '-' || *p == '_' ? *p : '-');
	if (!n)
		scan_buf_puts(b, "project");
}

int scan_sbom_spdx(scan_buf *out, const scan_sbom_input *in)
{
	scan_sbom_graph g;
	spdx_refs refs;
	scan_json w;
	scan_buf scratch, ns = SCAN_BUF_INIT;
	const char *root = in->root_name && in->root_name[0] ? in->root_name : "project";
	char uuid[SCAN_SBOM_UUID_LEN], when[SCAN_SBOM_TIME_LEN], id[48];
	int rc;

	if ((rc = scan_buf_failed(out)) != 0)
		return scan_util__error(rc, "output buffer failed before the document");
	if ((rc = scan_sbom__uuid(uuid)) != 0 || (rc = scan_sbom__time(when, in->created)) != 0)
		return rc;
	if ((rc = scan_sbom__graph_build(&g, in->components, in->ncomponents)) != 0)
		return rc;
	memset(&refs, 0, sizeof(refs));
	scan_buf_init(&scratch, SCAN_BUF_MAX_DEFAULT);
	/* Unique per document, as SPDX asks; .invalid says it resolves to nothing. */
	scan_buf_puts(&ns, "https://rampart.invalid/spdx/");
	namespace_name(&ns, root);
	scan_buf_printf(&ns, "-%s", uuid);
	if (scan_buf_failed(&ns)) {
		rc = scan_error__oom();
		goto done;
	}

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "spdxVersion", "SPDX-2.3");
	scan_json_str_opt(&w, "dataLicense", "CC0-1.0");
	scan_json_str_opt(&w, "SPDXID", "SPDXRef-DOCUMENT");
	scan_json_str_opt(&w, "name", root);
	scan_json_str_opt(&w, "documentNamespace", ns.ptr);
	scan_json_open(&w, "creationInfo", '{');
	scan_json_str_opt(&w, "created", when);
	scan_json_open(&w, "creators", '[');
	scan_sbom__json_cat(&w, NULL, in->tool_version ? "Tool: rampart-" : "Tool: rampart", in->tool_version);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');

	scan_json_open(&w, "packages", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str_opt(&w, "SPDXID", ROOT_ID);
	scan_json_str_opt(&w, "name", root);
	scan_json_str_opt(&w, "downloadLocation", "NOASSERTION");
	scan_json_bool(&w, "filesAnalyzed", false);
	scan_json_str_opt(&w, "licenseConcluded", "NOASSERTION");
	scan_json_str_opt(&w, "licenseDeclared", "NOASSERTION");
	scan_json_str_opt(&w, "copyrightText", "NOASSERTION");
	scan_json_str_opt(&w, "primaryPackagePurpose", "APPLICATION");
	scan_json_close(&w, '}');
	for (size_t k = 0; k < g.count && !rc; k++)
		rc = write_package(&w, &in->components[g.nodes[k].first], &g.nodes[k], k, &refs, &scratch);
	scan_json_close(&w, ']');
	if (rc)
		goto done;

	if (refs.count) {
		scan_json_open(&w, "hasExtractedLicensingInfos", '[');
		for (size_t i = 0; i < refs.count; i++) {
			scan_json_open(&w, NULL, '{');
			scan_json_str_opt(&w, "licenseId", refs.items[i].ref);
			scan_json_strn(&w, "extractedText", refs.items[i].text, refs.items[i].text_len);
			scan_json_str_opt(&w, "comment", "The license as the package declares it (a name, URL or "
			                    "text) where no SPDX License List identifier could be told from it.");
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
	}

	scan_json_open(&w, "relationships", '[');
	relationship(&w, "SPDXRef-DOCUMENT", "DESCRIBES", ROOT_ID);
	for (size_t k = 0; k < g.count; k++) {
		unsigned f = g.nodes[k].flags;
		if (!g.nodes[k].root_dep)
			continue;
		package_id(id, sizeof(id), k);
		if (f & SCAN_DEP_DEV)
			relationship(&w, id, "DEV_DEPENDENCY_OF", ROOT_ID);
		else if (f & SCAN_DEP_OPTIONAL)
			relationship(&w, id, "OPTIONAL_DEPENDENCY_OF", ROOT_ID);
		else
			relationship(&w, ROOT_ID, "DEPENDS_ON", id);
	}
	for (size_t k = 0; k < g.count; k++) {
		char to[48];
		package_id(id, sizeof(id), k);
		for (size_t d = 0; d < g.nodes[k].ndeps; d++) {
			package_id(to, sizeof(to), g.nodes[k].deps[d]);
			relationship(&w, id, "DEPENDS_ON", to);
		}
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	rc = scan_json_finish(&w);
done:
	scan_buf_dispose(&scratch);
	scan_buf_dispose(&ns);
	refs_dispose(&refs);
	scan_sbom__graph_dispose(&g);
	return rc;
}
