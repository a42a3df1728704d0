/* lib/lockfile/extract_sbom.c - SBOMs as inventories: CycloneDX JSON (1.2-1.7) and SPDX 2 JSON */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "model/purl.h"
#include "lockfile/sbom_read.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * An SBOM already is an inventory; what it takes is turning each of its
 * components into a Rampart component, through its package URL, and its
 * graph into edges and DIRECT/TRANSITIVE bits.
 *
 * Components. CycloneDX: components[], each possibly with components[] of
 * its own (an assembly: a module and what it bundles, to any depth);
 * metadata.component is the project itself (its own nested components are
 * not read),
 * not a dependency, and so is a component listed again with its bom-ref.
 * SPDX: packages[], each with its purl in externalRefs (category
 * PACKAGE-MANAGER, or PACKAGE_MANAGER as SPDX 2.2 wrote it, type purl); the
 * packages the document DESCRIBES (relationship or documentDescribes) are
 * the project. The purl gives ecosystem, name and version
 * (scan_model__purl_package); the component's version field stands in when
 * the purl has none. Debian and Alpine packages become their source
 * package as extract_ospkg.c reports them: from the purl's upstream
 * qualifier (syft), else from trivy's SrcName/SrcVersion/SrcRelease/
 * SrcEpoch properties (CycloneDX) or "built package from: <name>
 * <version>" sourceInfo (SPDX).
 *
 * Skipped, counted in scan_sbom_stats and reported as one problem of the
 * document, never fatal: a library without a purl (an application, an
 * operating system or a file component is not a package and is not
 * counted), a purl of a type Rampart has no advisories for, a purl that
 * does not parse. A component listed twice is one component (scan_lockfile__add
 * merges them).
 *
 * Edges. CycloneDX dependencies[] ({ref, dependsOn[]} by bom-ref); SPDX
 * relationships DEPENDS_ON, DEPENDENCY_OF and its kinds (DEV_, TEST_,
 * BUILD_, OPTIONAL_, RUNTIME_, PROVIDED_), CONTAINS and CONTAINED_BY. An
 * edge between two packages becomes a dependency; edges through anything
 * else are not followed for deps. A package every dependency edge into
 * marks dev, test or build only is SCAN_DEP_DEV, optional only
 * SCAN_DEP_OPTIONAL; in CycloneDX, scope "excluded" is SCAN_DEP_DEV and
 * "optional" SCAN_DEP_OPTIONAL.
 *
 * DIRECT and TRANSITIVE. A package is DIRECT when the project depends on
 * it, itself or through components that are not packages (trivy puts the
 * lockfile and the operating system between the image and its packages:
 * image -> "package-lock.json" -> express). A project that merely CONTAINS
 * a package (syft's SPDX: the scanned directory contains every package,
 * direct or not) says nothing. When some package is DIRECT, the packages
 * reachable from the DIRECT ones are TRANSITIVE and any other has neither
 * bit; when none is, the graph says nothing and no package has either bit.
 * A direct dependency that is skipped (a local package without a purl)
 * still makes what it depends on TRANSITIVE.
 *
 * Lines: cJSON keeps no positions, so each package's line is where its
 * purl is next written after the previous package's (as a JSON string,
 * up to the first character a writer may escape: Go writes '&' as
 * \u0026); after a few misses lines are left 0.
 */

#define SBOM_LINE_MISSES_MAX 8

enum { EDGE_DEP, EDGE_CONTAINS };

typedef struct {
	const char *ref;           /* bom-ref or SPDXID (in the cJSON tree); NULL when none */
	const char *purl;          /* as written; NULL when none */
	const cJSON *json;
	const char *name, *version;  /* the package, when pkg (scratch arena) */
	scan_ecosystem eco;
	unsigned flags;            /* DEV / OPTIONAL from the document */
	unsigned graph;            /* DIRECT / TRANSITIVE from the graph */
	unsigned dep_in, dev_in, opt_in;  /* SPDX: dependency edges into it, of them dev / optional */
	bool pkg;                  /* a package Rampart reads */
	bool root;                 /* the project */
	bool seen;                 /* graph walks */
	bool seed;                 /* a package without a usable purl the project depends on */
	bool library;              /* a package, by its type: counted when it has no purl, never looked through */
	int idx;                   /* inventory index once added */
} sbom_node;

typedef struct {
	size_t from, to;
	int kind;
} sbom_edge;

typedef struct {
	const char *ref;
	size_t node;
} sbom_ref;

typedef struct {
	scan_sca_doc *d;
	scan_sbom_stats *st;
	const char *text;
	size_t len;
	size_t cursor;             /* line search */
	unsigned cursor_line, misses;
	scan_arena scratch;
	sbom_node *nodes;
	size_t nnodes, cap;
	sbom_edge *edges;
	size_t nedges, ecap;
	sbom_ref *byref;           /* the nodes with a ref, sorted by ref */
	size_t nbyref;
	bool spdx;
} sbom;

static int add_node(sbom *g, const cJSON *json, const char *ref, const char *purl, sbom_node **out)
{
	sbom_node *n;

	*out = NULL; /* on error too: GCC cannot see that callers then skip it */
	if (g->nnodes >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(g->d, SCAN_ELIMIT, 0, "more than %d components", SCAN_SCA_COMPONENTS_MAX);
	if (!(n = scan_array_push(&g->nodes, &g->nnodes, &g->cap, sizeof(*g->nodes))))
		return SCAN_ENOMEM;
	n->json = json;
	n->ref = ref && ref[0] ? ref : NULL;
	n->purl = purl;
	n->idx = -1;
	*out = n;
	return 0;
}

static int add_edge(sbom *g, size_t from, size_t to, int kind)
{
	if (from == to)
		return 0;
	if (g->nedges >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(g->d, SCAN_ELIMIT, 0, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&g->edges, &g->ecap, g->nedges + 1, sizeof(*g->edges)))
		return SCAN_ENOMEM;
	g->edges[g->nedges].from = from;
	g->edges[g->nedges].to = to;
	g->edges[g->nedges].kind = kind;
	g->nedges++;
	return 0;
}

static int cmp_ref(const void *x, const void *y)
{
	const sbom_ref *a = x, *b = y;
	int c = strcmp(a->ref, b->ref);

	/* Equal refs (a hostile or sloppy document) stay in document order: the first one wins. */
	return c ? c : (a->node > b->node) - (a->node < b->node);
}

static int index_refs(sbom *g)
{
	if (!g->nnodes)
		return 0;
	if (!(g->byref = malloc(g->nnodes * sizeof(*g->byref))))
		return scan_error__oom();
	for (size_t i = 0; i < g->nnodes; i++)
		if (g->nodes[i].ref) {
			g->byref[g->nbyref].ref = g->nodes[i].ref;
			g->byref[g->nbyref++].node = i;
		}
	if (g->nbyref > 1)
		qsort(g->byref, g->nbyref, sizeof(*g->byref), cmp_ref);
	return 0;
}

/* The node named ref (the first of that name), or -1. */
static long find_ref(const sbom *g, const char *ref)
{
	size_t lo = 0, hi = g->nbyref;

	if (!ref)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(g->byref[mid].ref, ref) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < g->nbyref && !strcmp(g->byref[lo].ref, ref))
		return (long)g->byref[lo].node;
	return -1;
}

/* The line where purl is next written as a JSON string, or 0. */
static unsigned find_line(sbom *g, const char *purl)
{
	char needle[160];
	size_t n = 0;
	const char *hit, *s;

	if (g->misses >= SBOM_LINE_MISSES_MAX)
		return 0;
	needle[n++] = '"';
	/* Up to the first byte some JSON writer escapes ('/' only PHP's does, by default). */
	for (s = purl; *s && n < sizeof(needle) - 1; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '&' || c == '<' || c == '>' || c == '\'')
			break;
		needle[n++] = (char)c;
	}
	if (!*s)
		needle[n++] = '"';
	hit = memmem(g->text + g->cursor, g->len - g->cursor, needle, n);
	if (!hit) {
		g->misses++;
		return 0;
	}
	for (const char *p = g->text + g->cursor; p < hit; p++)
		g->cursor_line += *p == '\n';
	g->cursor = (size_t)(hit - g->text);
	return g->cursor_line;
}

static void note_skipped(sbom *g, const char *why)
{
	if (!g->st->first_skipped[0])
		snprintf(g->st->first_skipped, sizeof(g->st->first_skipped), "%s", why);
}

/* The value of the CycloneDX property name (trivy's aquasecurity:trivy:*), or NULL. */
static const char *cdx_property(const cJSON *c, const char *name)
{
	const cJSON *props = cJSON_GetObjectItemCaseSensitive(c, "properties"), *p;

	if (!cJSON_IsArray(props))
		return NULL;
	cJSON_ArrayForEach(p, props) {
		const char *k = scan_json__string(p, "name");
		if (k && !strcmp(k, name))
			return scan_json__string(p, "value");
	}
	return NULL;
}

/*
 * The source package of an OS package, as trivy writes it: SrcName, and
 * [SrcEpoch:]SrcVersion[-SrcRelease] (Debian's upstream version and
 * revision apart; Alpine's whole version in SrcVersion).
 */
static int source_from_trivy(sbom *g, sbom_node *n)
{
	const char *name = cdx_property(n->json, "aquasecurity:trivy:SrcName");
	const char *ver = cdx_property(n->json, "aquasecurity:trivy:SrcVersion");
	const char *rel = cdx_property(n->json, "aquasecurity:trivy:SrcRelease");
	const char *epoch = cdx_property(n->json, "aquasecurity:trivy:SrcEpoch");
	scan_buf b = SCAN_BUF_INIT;

	if (!name || !name[0])
		return 0;
	n->name = name;
	if (!ver || !ver[0])
		return 0;
	scan_buf_init(&b, SCAN_SCA_VERSION_MAX + 1);
	if (epoch && epoch[0] && strcmp(epoch, "0"))
		scan_buf_printf(&b, "%s:", epoch);
	scan_buf_puts(&b, ver);
	if (rel && rel[0])
		scan_buf_printf(&b, "-%s", rel);
	if (!scan_buf_failed(&b) && !(n->version = scan_arena__strndup(&g->scratch, b.ptr, b.size))) {
		scan_buf_dispose(&b);
		return scan_error__oom();
	}
	scan_buf_dispose(&b);
	return 0;
}

/* trivy's SPDX: "sourceInfo": "built package from: glibc 2.36-9+deb12u4". */
static int source_from_spdx(sbom *g, sbom_node *n)
{
	static const char prefix[] = "built package from: ";
	const char *info = scan_json__string(n->json, "sourceInfo"), *sp;

	if (!info || strncmp(info, prefix, sizeof(prefix) - 1))
		return 0;
	info += sizeof(prefix) - 1;
	if (!(sp = strchr(info, ' ')) || sp == info || !sp[1] || strchr(sp + 1, ' '))
		return 0;
	if (!(n->name = scan_arena__strndup(&g->scratch, info, (size_t)(sp - info))))
		return scan_error__oom();
	n->version = sp + 1;
	return 0;
}

/* The package a node's purl names: sets pkg, or counts why not. */
static int resolve(sbom *g, sbom_node *n, const char *fallback_version)
{
	scan_purl p;
	scan_purl_package pk;
	int err;

	if (!n->purl) {
		if (n->library)
			g->st->no_purl++;
		return 0;
	}
	err = scan_model__purl_parse(&p, n->purl, strlen(n->purl), &g->scratch);
	if (err == 0)
		err = scan_model__purl_package(&pk, &p, &g->scratch);
	if (err == SCAN_ENOMEM)
		return err;
	if (err < 0) {
		/* Not fatal: the message only says which was the first one skipped. */
		if (err == SCAN_EINVAL)
			g->st->unsupported++;
		else
			g->st->bad_purl++;
		note_skipped(g, scan_error_last()->message);
		return 0;
	}
	n->eco = pk.ecosystem;
	n->name = pk.name;
	n->version = pk.version ? pk.version : fallback_version;
	if ((pk.ecosystem == SCAN_ECO_DEBIAN || pk.ecosystem == SCAN_ECO_ALPINE) &&
	    !scan_model__purl_qualifier(&p, "upstream") &&
	    (err = g->spdx ? source_from_spdx(g, n) : source_from_trivy(g, n)) < 0)
		return err;
	if (!scan_json__printable(n->name, SCAN_SCA_NAME_MAX) ||
	    (n->version && !scan_json__printable(n->version, SCAN_SCA_VERSION_MAX))) {
		g->st->bad_purl++;
		note_skipped(g, "a package URL naming an empty, overlong or unprintable name or version");
		return 0;
	}
	n->pkg = true;
	g->st->packages++;
	return 0;
}

/*
 * DIRECT: what the project depends on, itself or through nodes without a
 * purl; TRANSITIVE: the rest of what those reach (see the top).
 */
static int classify(sbom *g)
{
	size_t *start = NULL, *adj = NULL, *queue = NULL, head = 0, tail = 0;
	bool any = false;
	int err = 0;

	if (!g->nnodes || !g->nedges)
		return 0;
	start = calloc(g->nnodes + 1, sizeof(*start));
	adj = malloc(g->nedges * sizeof(*adj));
	queue = malloc(g->nnodes * sizeof(*queue));
	if (!start || !adj || !queue) {
		err = scan_error__oom();
		goto done;
	}
	/* Adjacency by source: start[u]..start[u+1] index adj, which holds edge indexes. */
	for (size_t i = 0; i < g->nedges; i++)
		start[g->edges[i].from + 1]++;
	for (size_t u = 0; u < g->nnodes; u++)
		start[u + 1] += start[u];
	{
		size_t *fill = queue;  /* borrowed as a cursor per node */
		memcpy(fill, start, g->nnodes * sizeof(*fill));
		for (size_t i = 0; i < g->nedges; i++)
			adj[fill[g->edges[i].from]++] = i;
	}

	for (size_t u = 0; u < g->nnodes; u++) {
		g->nodes[u].seen = g->nodes[u].root;
		if (g->nodes[u].root)
			queue[tail++] = u;
	}
	while (head < tail) {
		size_t u = queue[head++];
		for (size_t k = start[u]; k < start[u + 1]; k++) {
			const sbom_edge *e = &g->edges[adj[k]];
			sbom_node *v = &g->nodes[e->to];
			if (g->nodes[u].root && e->kind == EDGE_CONTAINS && (v->pkg || v->library))
				continue;
			if (v->pkg) {
				v->graph = SCAN_DEP_DIRECT;
				any = true;
			} else if (!v->seen && !v->purl && !v->library) {
				/* an application, a lockfile, an operating system: look through it */
				v->seen = true;
				queue[tail++] = e->to;
			} else if (!v->root) {
				/* a package Rampart cannot name: what it depends on is still transitive */
				v->seed = true;
				any = true;
			}
		}
	}
	if (!any)
		goto done;

	head = tail = 0;
	for (size_t u = 0; u < g->nnodes; u++) {
		g->nodes[u].seen = g->nodes[u].graph == SCAN_DEP_DIRECT || g->nodes[u].seed;
		if (g->nodes[u].seen)
			queue[tail++] = u;
	}
	while (head < tail) {
		size_t u = queue[head++];
		for (size_t k = start[u]; k < start[u + 1]; k++) {
			sbom_node *v = &g->nodes[g->edges[adj[k]].to];
			if (v->seen || v->root)
				continue;
			v->seen = true;
			if (v->pkg)
				v->graph = SCAN_DEP_TRANSITIVE;
			queue[tail++] = g->edges[adj[k]].to;
		}
	}
done:
	free(start);
	free(adj);
	free(queue);
	return err;
}

static bool license_ok(const char *s)
{
	return s && s[0] && strcmp(s, "NOASSERTION") && strcmp(s, "NONE") &&
	       scan_json__printable(s, SCAN_SCA_NAME_MAX);
}

/* CycloneDX licenses[]: license.id, license.name or expression; several are all of them (AND). */
static int cdx_license(sbom *g, int idx, const cJSON *c)
{
	const cJSON *lics = cJSON_GetObjectItemCaseSensitive(c, "licenses"), *e;
	scan_buf b = SCAN_BUF_INIT;
	size_t count = 0;
	int err = 0;

	if (!cJSON_IsArray(lics))
		return 0;
	cJSON_ArrayForEach(e, lics)
		count++;
	scan_buf_init(&b, SCAN_SCA_NAME_MAX);
	cJSON_ArrayForEach(e, lics) {
		const cJSON *l = cJSON_GetObjectItemCaseSensitive(e, "license");
		const char *expr = scan_json__string(e, "expression"), *s = NULL;
		if (expr)
			s = expr;
		else if (cJSON_IsObject(l) && !(s = scan_json__string(l, "id")))
			s = scan_json__string(l, "name");
		if (!license_ok(s))
			continue;
		if (b.size)
			scan_buf_puts(&b, " AND ");
		if (expr && count > 1 && strchr(expr, ' '))
			scan_buf_printf(&b, "(%s)", expr);
		else
			scan_buf_puts(&b, s);
	}
	if (scan_buf_failed(&b) == SCAN_ENOMEM)
		err = scan_error__oom();
	else if (!scan_buf_failed(&b) && b.size)
		err = scan_lockfile__set_license(g->d, idx, b.ptr, b.size);
	scan_buf_dispose(&b);
	return err;
}

static int spdx_license(sbom *g, int idx, const cJSON *p)
{
	const char *s = scan_json__string(p, "licenseDeclared");

	if (!license_ok(s))
		s = scan_json__string(p, "licenseConcluded");
	if (!license_ok(s))
		return 0;
	return scan_lockfile__set_license(g->d, idx, s, strlen(s));
}

/* Every package into the inventory, in document order, then the edges between packages. */
static int emit(sbom *g)
{
	int err;

	for (size_t i = 0; i < g->nnodes; i++) {
		sbom_node *n = &g->nodes[i];
		unsigned flags = n->flags | n->graph;
		if (!n->pkg || n->root)
			continue;
		if (n->dep_in && n->dev_in == n->dep_in)
			flags |= SCAN_DEP_DEV;
		if (n->dep_in && n->opt_in == n->dep_in)
			flags |= SCAN_DEP_OPTIONAL;
		n->idx = scan_lockfile__add(g->d, n->eco, n->name, strlen(n->name), n->version,
		                            n->version ? strlen(n->version) : 0, flags, find_line(g, n->purl));
		if (n->idx < 0)
			return n->idx;
		if ((err = g->spdx ? spdx_license(g, n->idx, n->json) : cdx_license(g, n->idx, n->json)) < 0)
			return err;
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const sbom_node *from = &g->nodes[g->edges[i].from], *to = &g->nodes[g->edges[i].to];
		if (from->idx < 0 || to->idx < 0)
			continue;
		if ((err = scan_lockfile__dep(g->d, from->idx, to->name, strlen(to->name), to->version,
		                              to->version ? strlen(to->version) : 0)) < 0)
			return err;
	}
	return 0;
}

static void sbom_init(sbom *g, scan_sca_doc *d, const char *text, size_t len, scan_sbom_stats *st, bool spdx)
{
	memset(g, 0, sizeof(*g));
	memset(st, 0, sizeof(*st));
	g->d = d;
	g->st = st;
	g->text = text;
	g->len = len;
	g->cursor_line = 1;
	g->spdx = spdx;
}

/* What both formats do once the graph is read: versions, then flags, then the inventory. */
static int finish(sbom *g)
{
	const char *version_key = g->spdx ? "versionInfo" : "version";
	int err;

	for (size_t i = 0; i < g->nnodes; i++) {
		sbom_node *n = &g->nodes[i];
		if (!n->root && (err = resolve(g, n, scan_json__string(n->json, version_key))) < 0)
			return err;
	}
	if ((err = classify(g)) < 0)
		return err;
	return emit(g);
}

static void sbom_dispose(sbom *g)
{
	scan_arena__dispose(&g->scratch);
	free(g->nodes);
	free(g->edges);
	free(g->byref);
}

/* ---- CycloneDX ---- */

static bool cdx_is_library(const char *type)
{
	/* Package-like types; "application", "operating-system", "file", "container"... are not. */
	return !type || !strcmp(type, "library") || !strcmp(type, "framework");
}

static int cdx_components(sbom *g, const cJSON *list, const char *root_ref, unsigned depth)
{
	const cJSON *c;
	int err;

	if (depth > SCAN_SCA_DEPTH_MAX)
		return scan_lockfile__fail(g->d, SCAN_ELIMIT, 0, "components nested deeper than %d", SCAN_SCA_DEPTH_MAX);
	cJSON_ArrayForEach(c, list) {
		const char *ref, *scope;
		const cJSON *nested;
		sbom_node *n;

		if (!cJSON_IsObject(c))
			return scan_lockfile__fail(g->d, SCAN_EPARSE, 0, "a component is not an object");
		ref = scan_json__string(c, "bom-ref");
		if ((err = scan_json__array(g->d, c, "components", "a component", &nested)) < 0)
			return err;
		/* The project listed again among its components is still the project. */
		if (!(root_ref && ref && !strcmp(ref, root_ref))) {
			if ((err = add_node(g, c, ref, scan_json__string(c, "purl"), &n)) < 0)
				return err;
			n->library = cdx_is_library(scan_json__string(c, "type"));
			scope = scan_json__string(c, "scope");
			if (scope && !strcmp(scope, "excluded"))
				n->flags |= SCAN_DEP_DEV;
			else if (scope && !strcmp(scope, "optional"))
				n->flags |= SCAN_DEP_OPTIONAL;
		}
		if (nested && (err = cdx_components(g, nested, root_ref, depth + 1)) < 0)
			return err;
	}
	return 0;
}

static bool cdx_spec_ok(const char *v)
{
	static const char *const known[] = { "1.2", "1.3", "1.4", "1.5", "1.6", "1.7" };

	for (size_t i = 0; v && i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(v, known[i]))
			return true;
	return false;
}

int scan_lockfile__read_cyclonedx(scan_sca_doc *d, const char *text, size_t len, scan_sbom_stats *st)
{
	sbom g;
	cJSON *root = NULL;
	const cJSON *meta, *rootc = NULL, *comps, *deps, *e;
	const char *fmt, *spec, *root_ref = NULL;
	int err;

	sbom_init(&g, d, text, len, st, false);
	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		goto done;
	fmt = cJSON_IsObject(root) ? scan_json__string(root, "bomFormat") : NULL;
	if (!fmt || strcmp(fmt, "CycloneDX")) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "no \"bomFormat\": \"CycloneDX\": not a CycloneDX JSON document");
		goto done;
	}
	spec = scan_json__string(root, "specVersion");
	if (!cdx_spec_ok(spec)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "unsupported CycloneDX specVersion '%.20s' (1.2 to 1.7 are read)",
		                          spec ? spec : "(none)");
		goto done;
	}
	meta = cJSON_GetObjectItemCaseSensitive(root, "metadata");
	if (cJSON_IsObject(meta) && cJSON_IsObject(rootc = cJSON_GetObjectItemCaseSensitive(meta, "component"))) {
		sbom_node *n;
		root_ref = scan_json__string(rootc, "bom-ref");
		if ((err = add_node(&g, rootc, root_ref, NULL, &n)) < 0)
			goto done;
		n->root = true;
	}
	if ((err = scan_json__array(d, root, "components", "the document", &comps)) < 0 ||
	    (err = scan_json__array(d, root, "dependencies", "the document", &deps)) < 0)
		goto done;
	if (comps && (err = cdx_components(&g, comps, root_ref, 0)) < 0)
		goto done;
	if ((err = index_refs(&g)) < 0)
		goto done;
	cJSON_ArrayForEach(e, deps) {
		const cJSON *on, *t;
		long from;
		if (!cJSON_IsObject(e)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "an entry of \"dependencies\" is not an object");
			goto done;
		}
		if ((err = scan_json__array(d, e, "dependsOn", "a dependency", &on)) < 0)
			goto done;
		if ((from = find_ref(&g, scan_json__string(e, "ref"))) < 0)
			continue;
		cJSON_ArrayForEach(t, on) {
			long to = cJSON_IsString(t) ? find_ref(&g, t->valuestring) : -1;
			if (to >= 0 && (err = add_edge(&g, (size_t)from, (size_t)to, EDGE_DEP)) < 0)
				goto done;
		}
	}
	err = finish(&g);
done:
	sbom_dispose(&g);
	cJSON_Delete(root);
	return err;
}

/* ---- SPDX 2 ---- */

/* The purl of an SPDX package: externalRefs[] of category PACKAGE-MANAGER and type purl. */
static const char *spdx_purl(const cJSON *pkg)
{
	const cJSON *refs = cJSON_GetObjectItemCaseSensitive(pkg, "externalRefs"), *r;

	if (!cJSON_IsArray(refs))
		return NULL;
	cJSON_ArrayForEach(r, refs) {
		const char *cat = scan_json__string(r, "referenceCategory");
		const char *type = scan_json__string(r, "referenceType");
		if (cat && type && (!strcmp(cat, "PACKAGE-MANAGER") || !strcmp(cat, "PACKAGE_MANAGER")) &&
		    !strcmp(type, "purl"))
			return scan_json__string(r, "referenceLocator");
	}
	return NULL;
}

static bool spdx_is_library(const char *purpose)
{
	/* SPDX 2.3; before it there is no purpose and every package may be one. */
	return !purpose || !strcmp(purpose, "LIBRARY") || !strcmp(purpose, "FRAMEWORK");
}

typedef struct {
	const char *type;
	bool reverse;              /* the edge runs from relatedSpdxElement to spdxElementId */
	int kind;
	unsigned flags;            /* SCAN_DEP_DEV / OPTIONAL the edge gives its target */
} spdx_rel;

static const spdx_rel spdx_rels[] = {
	{ "DEPENDS_ON", false, EDGE_DEP, 0 },
	{ "DEPENDENCY_OF", true, EDGE_DEP, 0 },
	{ "RUNTIME_DEPENDENCY_OF", true, EDGE_DEP, 0 },
	{ "PROVIDED_DEPENDENCY_OF", true, EDGE_DEP, 0 },
	{ "DEV_DEPENDENCY_OF", true, EDGE_DEP, SCAN_DEP_DEV },
	{ "TEST_DEPENDENCY_OF", true, EDGE_DEP, SCAN_DEP_DEV },
	{ "BUILD_DEPENDENCY_OF", true, EDGE_DEP, SCAN_DEP_DEV },
	{ "OPTIONAL_DEPENDENCY_OF", true, EDGE_DEP, SCAN_DEP_OPTIONAL },
	{ "CONTAINS", false, EDGE_CONTAINS, 0 },
	{ "CONTAINED_BY", true, EDGE_CONTAINS, 0 },
};

static void spdx_mark_root(sbom *g, const char *id)
{
	long n = find_ref(g, id);

	if (n >= 0)
		g->nodes[n].root = true;
}

int scan_lockfile__read_spdx(scan_sca_doc *d, const char *text, size_t len, scan_sbom_stats *st)
{
	sbom g;
	cJSON *root = NULL;
	const cJSON *pkgs, *rels, *describes, *e;
	const char *ver, *doc_id;
	int err;

	sbom_init(&g, d, text, len, st, true);
	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		goto done;
	ver = cJSON_IsObject(root) ? scan_json__string(root, "spdxVersion") : NULL;
	if (!ver || strncmp(ver, "SPDX-2.", 7)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "spdxVersion is '%.20s', not SPDX-2.x: not an SPDX 2 JSON document",
		                          ver ? ver : "(none)");
		goto done;
	}
	doc_id = scan_json__string(root, "SPDXID");
	if (!doc_id)
		doc_id = "SPDXRef-DOCUMENT";
	if ((err = scan_json__array(d, root, "packages", "the document", &pkgs)) < 0 ||
	    (err = scan_json__array(d, root, "relationships", "the document", &rels)) < 0 ||
	    (err = scan_json__array(d, root, "documentDescribes", "the document", &describes)) < 0)
		goto done;
	cJSON_ArrayForEach(e, pkgs) {
		sbom_node *n;
		if (!cJSON_IsObject(e)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "a package is not an object");
			goto done;
		}
		if ((err = add_node(&g, e, scan_json__string(e, "SPDXID"), spdx_purl(e), &n)) < 0)
			goto done;
		n->library = spdx_is_library(scan_json__string(e, "primaryPackagePurpose"));
	}
	if ((err = index_refs(&g)) < 0)
		goto done;
	cJSON_ArrayForEach(e, describes)
		if (cJSON_IsString(e))
			spdx_mark_root(&g, e->valuestring);
	cJSON_ArrayForEach(e, rels) {
		const char *a, *b, *type;
		long x, y;
		if (!cJSON_IsObject(e)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "a relationship is not an object");
			goto done;
		}
		a = scan_json__string(e, "spdxElementId");
		b = scan_json__string(e, "relatedSpdxElement");
		type = scan_json__string(e, "relationshipType");
		if (!a || !b || !type)
			continue;
		if (!strcmp(type, "DESCRIBES") && !strcmp(a, doc_id)) {
			spdx_mark_root(&g, b);
			continue;
		}
		if (!strcmp(type, "DESCRIBED_BY") && !strcmp(b, doc_id)) {
			spdx_mark_root(&g, a);
			continue;
		}
		for (size_t i = 0; i < sizeof(spdx_rels) / sizeof(spdx_rels[0]); i++) {
			const spdx_rel *r = &spdx_rels[i];
			if (strcmp(type, r->type))
				continue;
			x = find_ref(&g, r->reverse ? b : a);
			y = find_ref(&g, r->reverse ? a : b);
			if (x < 0 || y < 0 || x == y)
				break;
			if ((err = add_edge(&g, (size_t)x, (size_t)y, r->kind)) < 0)
				goto done;
			if (r->kind == EDGE_DEP) {
				g.nodes[y].dep_in++;
				g.nodes[y].dev_in += (r->flags & SCAN_DEP_DEV) != 0;
				g.nodes[y].opt_in += (r->flags & SCAN_DEP_OPTIONAL) != 0;
			}
			break;
		}
	}
	err = finish(&g);
done:
	sbom_dispose(&g);
	cJSON_Delete(root);
	return err;
}

/* ---- the extractors ---- */

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix);
}

bool scan_lockfile__is_cyclonedx_json(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "bom.json") || ends_with(base, ".cdx.json") || ends_with(base, ".bom.json");
}

bool scan_lockfile__is_spdx_json(const char *path, const char *base)
{
	(void)path;
	return ends_with(base, ".spdx.json");
}

/* One problem for the document about what it held that Rampart cannot check. */
static int report_skipped(scan_sca_doc *d, const scan_sbom_stats *st)
{
	size_t skipped = st->no_purl + st->unsupported + st->bad_purl;
	scan_buf b = SCAN_BUF_INIT;
	int err;

	if (!skipped)
		return 0;
	scan_buf_printf(&b, "skipped %zu of %zu components:", skipped, skipped + st->packages);
	if (st->no_purl)
		scan_buf_printf(&b, " %zu without a package URL%s", st->no_purl, st->unsupported + st->bad_purl ? "," : "");
	if (st->unsupported)
		scan_buf_printf(&b, " %zu of an unsupported type%s", st->unsupported, st->bad_purl ? "," : "");
	if (st->bad_purl)
		scan_buf_printf(&b, " %zu with an invalid package URL", st->bad_purl);
	if (st->first_skipped[0])
		scan_buf_printf(&b, " (first: %s)", st->first_skipped);
	err = scan_buf_failed(&b) ? scan_error__oom()
	                          : scan_inventory__problem(d->inv, d->file, 0, b.ptr);
	scan_buf_dispose(&b);
	return err;
}

int scan_lockfile__extract_cyclonedx_json(scan_sca_doc *d, const char *text, size_t len)
{
	scan_sbom_stats st;
	int err = scan_lockfile__read_cyclonedx(d, text, len, &st);

	return err < 0 ? err : report_skipped(d, &st);
}

int scan_lockfile__extract_spdx_json(scan_sca_doc *d, const char *text, size_t len)
{
	scan_sbom_stats st;
	int err = scan_lockfile__read_spdx(d, text, len, &st);

	return err < 0 ? err : report_skipped(d, &st);
}
