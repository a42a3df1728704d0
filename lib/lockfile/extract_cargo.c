/* lib/lockfile/extract_cargo.c - Cargo.lock (v1 with [metadata] checksums, v2, v3, v4) */
#include <string.h>
#include "lockfile/extractors.h"
#include "lockfile/lockgraph.h"
#include "lockfile/toml.h"
#include "util/error.h"

/*
 * [[package]]
 * name = "rand"
 * version = "0.8.5"
 * source = "registry+https://github.com/rust-lang/crates.io-index"
 * checksum = "..."                    (v2+; v1 keeps them in [metadata])
 * dependencies = [
 *  "libc",                            unique name (v2+)
 *  "rand_core 0.6.4",                 name and version when several versions are locked
 *  "itoa 1.0.11 (registry+https://...)",  and the source when even that is ambiguous
 * ]                                       (v1 always writes all three but for path packages)
 *
 * A package without a source is a workspace member or a path dependency:
 * it is local, and what it depends on is direct. Git sources are
 * "git+URL?branch=x#commit"; a dependency's source leaves out the
 * "#commit". The lockfile does not say which dependencies are dev-only.
 * Very old lockfiles put the root package in a [root] table.
 */

bool scan_lockfile__is_cargo_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "Cargo.lock");
}

static int add_package(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, const scan_toml_node *p)
{
	scan_sca_graph_pkg pkg;
	const char *source;
	size_t source_len;
	int err;

	if ((err = scan_lockfile__graph_toml_pkg(d, t, p, true, &pkg)) < 0)
		return err;
	source = scan_toml__string(t, p, "source", &source_len);
	if (!source) {
		pkg.flags = SCAN_DEP_LOCAL;
		pkg.root = true;
	} else if (source_len >= 4 && !memcmp(source, "git+", 4)) {
		pkg.flags = SCAN_DEP_GIT;
	}
	pkg.source = source;
	pkg.source_len = source_len;
	return scan_lockfile__graph_add(d, g, &pkg);
}

/* "name", "name version" or "name version (source)". */
static int add_edges(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, size_t from,
                     const scan_toml_node *p)
{
	const scan_toml_node *deps = scan_toml__get(t, p, "dependencies"), *e;

	if (!deps)
		return 0;
	if (deps->kind != SCAN_TOML_ARRAY)
		return scan_lockfile__fail(d, SCAN_EPARSE, deps->line, "dependencies is not an array");
	for (e = deps->child; e; e = e->next) {
		const char *s, *end, *sp, *ver = NULL, *src = NULL;
		size_t ver_len = 0, src_len = 0;
		int err;

		if (e->kind != SCAN_TOML_STRING)
			return scan_lockfile__fail(d, SCAN_EPARSE, e->line, "a dependency is not a string");
		s = e->str;
		end = s + e->len;
		sp = memchr(s, ' ', e->len);
		if (sp) {
			ver = sp + 1;
			ver_len = (size_t)(end - ver);
			if ((sp = memchr(ver, ' ', ver_len))) {
				ver_len = (size_t)(sp - ver);
				src = sp + 1;
				if (end - src < 3 || *src != '(' || end[-1] != ')')
					return scan_lockfile__fail(d, SCAN_EPARSE, e->line, "malformed dependency '%.100s'", s);
				src++;
				src_len = (size_t)(end - 1 - src);
			}
			end = ver - 1;
			if (!ver_len)
				return scan_lockfile__fail(d, SCAN_EPARSE, e->line, "malformed dependency '%.100s'", s);
		}
		if (end == s)
			return scan_lockfile__fail(d, SCAN_EPARSE, e->line, "malformed dependency '%.100s'", s);
		if ((err = scan_lockfile__graph_edge(d, g, from, s, (size_t)(end - s), ver, ver_len, src, src_len,
		                                     SCAN_SCA_EDGE_MAIN)) < 0)
			return err;
	}
	return 0;
}

int scan_lockfile__extract_cargo_lock(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t;
	scan_sca_graph g;
	const scan_toml_node *packages, *root, *p;
	size_t n = 0;
	int err;

	scan_lockfile__graph_init(&g, SCAN_ECO_CARGO, false);
	if ((err = scan_toml__parse(&t, text, len, d->file)) < 0)
		goto done;
	packages = scan_toml__get(&t, t.root, "package");
	root = scan_toml__get_kind(&t, t.root, "root", SCAN_TOML_TABLE);
	if (packages && packages->kind != SCAN_TOML_ARRAY) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, packages->line, "'package' is not an array of tables");
		goto done;
	}
	if (root && (err = add_package(d, &t, &g, root)) < 0)
		goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = add_package(d, &t, &g, p)) < 0)
			goto done;
	/* Packages first, so an edge's index is the package's in the graph. */
	if (root && (err = add_edges(d, &t, &g, n++, root)) < 0)
		goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = add_edges(d, &t, &g, n++, p)) < 0)
			goto done;
	err = scan_lockfile__graph_emit(d, &g, SCAN_SCA_DERIVE_DIRECT);
done:
	scan_lockfile__graph_dispose(&g);
	scan_toml__dispose(&t);
	return err;
}
