/* lib/sbom/sbom_util.c - JSON writing, identifiers, and the inventory as a graph of purls */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include "sbom/sbom_int.h"
#include "lockfile/lockfile.h"
#include "util/error.h"

/* ---- JSON ---- */

void scan_sbom__json_cat(scan_json *w, const char *key, const char *a, const char *b)
{
	scan_buf t = SCAN_BUF_INIT;

	scan_buf_puts(&t, a);
	if (b)
		scan_buf_puts(&t, b);
	scan_json_str(w, key, t.ptr);
	scan_buf_dispose(&t);
}

void scan_sbom__json_property(scan_json *w, const char *name, const char *value)
{
	scan_json_open(w, NULL, '{');
	scan_json_str_opt(w, "name", name);
	scan_json_str_opt(w, "value", value);
	scan_json_close(w, '}');
}

/* ---- identifiers and time ---- */

/* 16 bytes as a UUID of the given version, lowercase. */
static void uuid_format(char out[SCAN_SBOM_UUID_LEN], unsigned char r[16], unsigned version)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;

	r[6] = (unsigned char)((r[6] & 0x0f) | (version << 4));
	r[8] = (unsigned char)((r[8] & 0x3f) | 0x80); /* RFC 4122 variant */
	for (size_t i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			out[n++] = '-';
		out[n++] = hex[r[i] >> 4];
		out[n++] = hex[r[i] & 15];
	}
	out[n] = '\0';
}

int scan_sbom__uuid(char out[SCAN_SBOM_UUID_LEN])
{
	unsigned char r[16];

	if (RAND_bytes(r, (int)sizeof(r)) != 1)
		return scan_util__error(SCAN_EIO, "cannot get random bytes for a document id");
	uuid_format(out, r, 4);
	return 0;
}

void scan_sbom__uuid_named(char out[SCAN_SBOM_UUID_LEN], const char *name)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	EVP_Digest(name, strlen(name), md, &mdlen, EVP_sha256(), NULL);
	uuid_format(out, md, 8);
}

int scan_sbom__time(char out[SCAN_SBOM_TIME_LEN], time_t t)
{
	struct tm tm;

	if (t == 0)
		t = time(NULL);
	if (t < 0 || !gmtime_r(&t, &tm) || tm.tm_year + 1900 > 9999)
		return scan_util__error(SCAN_EINVAL, "time %lld cannot be written as a date", (long long)t);
	if (strftime(out, SCAN_SBOM_TIME_LEN, "%Y-%m-%dT%H:%M:%SZ", &tm) != SCAN_SBOM_TIME_LEN - 1)
		return scan_util__error(SCAN_EINVAL, "time %lld cannot be written as a date", (long long)t);
	return 0;
}

/* ---- graph ---- */

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void scan_sbom__graph_dispose(scan_sbom_graph *g)
{
	free(g->nodes);
	free(g->node_of);
	free(g->edge_pool);
	free(g->file_pool);
	scan_map_dispose(&g->by_purl);
	memset(g, 0, sizeof(*g));
}

static unsigned merge_flags(unsigned have, unsigned add)
{
	const unsigned all = SCAN_DEP_DEV | SCAN_DEP_OPTIONAL;
	unsigned f = (have | add) & ~all;

	f |= have & add & all;
	if (f & SCAN_DEP_DIRECT)
		f &= ~(unsigned)SCAN_DEP_TRANSITIVE;
	return f;
}

int scan_sbom__graph_build(scan_sbom_graph *g, const scan_component *c, size_t n)
{
	size_t edges = 0, files = 0, *fill = NULL, *indeg = NULL, *fillf = NULL;
	int rc = 0;

	memset(g, 0, sizeof(*g));
	if (n > SCAN_SCA_COMPONENTS_MAX)
		return scan_util__error(SCAN_ELIMIT, "more than %d components", SCAN_SCA_COMPONENTS_MAX);
	if (!(g->nodes = calloc(n ? n : 1, sizeof(*g->nodes))) || !(g->node_of = calloc(n ? n : 1, sizeof(size_t)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		size_t at = 0;
		if (!c[i].name || !c[i].name[0] || !c[i].purl || !c[i].purl[0]) {
			rc = scan_util__error(SCAN_EINVAL, "component %zu has no name or purl", i);
			goto done;
		}
		if (c[i].ndeps && !c[i].deps) {
			rc = scan_util__error(SCAN_EINVAL, "component %zu has dependencies but no list of them", i);
			goto done;
		}
		if (c[i].ndeps > SCAN_SCA_EDGES_MAX - edges) {
			rc = scan_util__error(SCAN_ELIMIT, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
			goto done;
		}
		edges += c[i].ndeps;
		if ((rc = scan_map_put(&g->by_purl, c[i].purl, NULL, g->count, &at)) < 0)
			goto done;
		if (rc == 0) {
			at = g->count++;
			g->nodes[at].first = i;
			g->nodes[at].flags = c[i].flags;
		} else {
			g->nodes[at].flags = merge_flags(g->nodes[at].flags, c[i].flags);
		}
		rc = 0;
		g->node_of[i] = at;
		if (!g->nodes[at].license && c[i].license && c[i].license[0])
			g->nodes[at].license = c[i].license;
		if (c[i].file) {
			g->nodes[at].nfiles++;
			files++;
		}
		g->nodes[at].ndeps += c[i].ndeps;
	}
	/* Dependencies and files in pools, each node a slice of them. */
	if (!(g->edge_pool = malloc((edges ? edges : 1) * sizeof(size_t))) ||
	    !(g->file_pool = malloc((files ? files : 1) * sizeof(char *))) ||
	    !(fill = calloc(g->count ? g->count : 1, sizeof(size_t))) ||
	    !(fillf = calloc(g->count ? g->count : 1, sizeof(size_t))) ||
	    !(indeg = calloc(g->count ? g->count : 1, sizeof(size_t)))) {
		rc = scan_error__oom();
		goto done;
	}
	edges = files = 0;
	for (size_t k = 0; k < g->count; k++) {
		g->nodes[k].deps = g->edge_pool + edges;
		g->nodes[k].files = g->file_pool + files;
		edges += g->nodes[k].ndeps;
		files += g->nodes[k].nfiles;
	}
	for (size_t i = 0; i < n; i++) {
		scan_sbom_node *node = &g->nodes[g->node_of[i]];
		for (size_t d = 0; d < c[i].ndeps; d++) {
			if (c[i].deps[d] >= n) {
				rc = scan_util__error(SCAN_EINVAL, "component %zu depends on component %zu of %zu", i,
				                      c[i].deps[d], n);
				goto done;
			}
			node->deps[fill[g->node_of[i]]++] = g->node_of[c[i].deps[d]];
		}
		if (c[i].file)
			node->files[fillf[g->node_of[i]]++] = c[i].file;
	}
	for (size_t k = 0; k < g->count; k++) {
		scan_sbom_node *node = &g->nodes[k];
		size_t m = 0;

		qsort(node->deps, node->ndeps, sizeof(size_t), cmp_size);
		for (size_t d = 0; d < node->ndeps; d++)
			if (node->deps[d] != k && (m == 0 || node->deps[m - 1] != node->deps[d]))
				node->deps[m++] = node->deps[d];
		node->ndeps = m;
		for (size_t d = 0; d < m; d++)
			indeg[node->deps[d]]++;
		qsort(node->files, node->nfiles, sizeof(char *), cmp_str);
		m = 0;
		for (size_t f = 0; f < node->nfiles; f++)
			if (m == 0 || strcmp(node->files[m - 1], node->files[f]))
				node->files[m++] = node->files[f];
		node->nfiles = m;
	}
	for (size_t k = 0; k < g->count; k++) {
		unsigned f = g->nodes[k].flags;
		g->nodes[k].root_dep = (f & SCAN_DEP_DIRECT) ||
		                       (!(f & (SCAN_DEP_DIRECT | SCAN_DEP_TRANSITIVE)) && indeg[k] == 0);
	}
done:
	free(fill);
	free(fillf);
	free(indeg);
	if (rc)
		scan_sbom__graph_dispose(g);
	return rc;
}

void scan_sbom__split_name(const scan_component *c, const char **group, size_t *group_len, const char **name)
{
	const char *sep = NULL;

	*group = NULL;
	*group_len = 0;
	*name = c->name;
	if (c->ecosystem == SCAN_ECO_MAVEN)
		sep = strchr(c->name, ':');
	else if (c->ecosystem == SCAN_ECO_PACKAGIST || (c->ecosystem == SCAN_ECO_NPM && c->name[0] == '@'))
		sep = strchr(c->name, '/');
	if (sep && sep > c->name && sep[1]) {
		*group = c->name;
		*group_len = (size_t)(sep - c->name);
		*name = sep + 1;
	}
}

void scan_sbom__vuln_source(scan_json *w, const char *key, const char *id)
{
	const char *name = "OSV", *url = "https://osv.dev/vulnerability/";

	if (!strncmp(id, "GHSA-", 5)) {
		name = "GitHub Advisories";
		url = "https://github.com/advisories/";
	} else if (!strncmp(id, "CVE-", 4)) {
		name = "NVD";
		url = "https://nvd.nist.gov/vuln/detail/";
	}
	scan_json_open(w, key, '{');
	scan_json_str_opt(w, "name", name);
	/* Advisory ids are letters, digits and a little punctuation; anything else would not make a URL. */
	if (id[0] && strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:") == strlen(id))
		scan_sbom__json_cat(w, "url", url, id);
	scan_json_close(w, '}');
}
