/* lib/lockfile/extract_pylock.c - pyproject.toml, poetry.lock, uv.lock and Pipfile.lock */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "lockfile/lockgraph.h"
#include "lockfile/pep508.h"
#include "lockfile/toml.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

/* ---- pyproject.toml ---------------------------------------------------- */

/*
 * Declared dependencies, from any of:
 *  [project] dependencies / optional-dependencies    PEP 621, PEP 508 strings
 *  [dependency-groups]                               PEP 735: strings, {include-group = "x"}
 *  [tool.poetry.dependencies]                        name = "^1.2" | { version, optional, git, path, url } | [ ... ]
 *  [tool.poetry.dev-dependencies], [tool.poetry.group.<g>.dependencies]
 *  [tool.uv] dev-dependencies, [tool.pdm.dev-dependencies]
 * "python" in Poetry's tables is the interpreter. Groups and dev tables
 * are development dependencies (Poetry's "main" group is not).
 */

typedef struct {
	pyreq r;
	unsigned cls;              /* SCAN_SCA_EDGE_* */
	unsigned line;
} pydecl;

typedef int (*pydecl_fn)(void *ctx, const pydecl *decl);

typedef struct {
	scan_sca_doc *d;
	const scan_toml_doc *t;
	bool strict;               /* a malformed entry fails the document; else it is skipped */
	pydecl_fn fn;
	void *ctx;
} pywalk;

static int decl_fail(const pywalk *w, unsigned line, const char *why)
{
	return w->strict ? scan_lockfile__fail(w->d, SCAN_EPARSE, line, "%s", why) : 0;
}

/*
 * Whether to walk n, an optional container that must be of kind: 1 to
 * walk it, 0 to pass over it (absent, or malformed and not strict), or
 * the error of a malformed one.
 */
static int walk_container(const pywalk *w, const scan_toml_node *n, scan_toml_kind kind, const char *why)
{
	if (!n)
		return 0;
	if (n->kind != kind)
		return decl_fail(w, n->line, why);
	return 1;
}

static int walk_pep508(const pywalk *w, const scan_toml_node *item, unsigned cls, unsigned extra_flags)
{
	pydecl decl;
	const char *why;

	if (item->kind != SCAN_TOML_STRING)
		return decl_fail(w, item->line, "a dependency is not a string");
	if ((why = scan_pep508__parse(item->str, item->len, &decl.r)) != NULL)
		return decl_fail(w, item->line, why);
	decl.r.flags |= extra_flags;
	decl.cls = cls;
	decl.line = item->line;
	return w->fn(w->ctx, &decl);
}

/* An array of PEP 508 strings (tables, such as PEP 735's include-group, are skipped). */
static int walk_pep508_list(const pywalk *w, const scan_toml_node *arr, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, arr, SCAN_TOML_ARRAY, "dependencies are not an array");

	if (err <= 0)
		return err;
	for (const scan_toml_node *it = arr->child; it; it = it->next)
		if (it->kind != SCAN_TOML_TABLE && (err = walk_pep508(w, it, cls, extra_flags)) < 0)
			return err;
	return 0;
}

/* A table of arrays of PEP 508 strings (optional-dependencies, dependency-groups). */
static int walk_pep508_groups(const pywalk *w, const scan_toml_node *tab, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, tab, SCAN_TOML_TABLE, "dependency groups are not a table");

	if (err <= 0)
		return err;
	for (const scan_toml_node *g = tab->child; g; g = g->next)
		if ((err = walk_pep508_list(w, g, cls, extra_flags)) < 0)
			return err;
	return 0;
}

/* Poetry's "1.2.3" and "==1.2.3" pin; "^1.2", "~1.2", ">=1,<2", "1.*" and "*" do not. */
static void poetry_constraint(const char *s, size_t len, pyreq *r)
{
	const char *end = s + len;

	s = scan_lockfile__py_skip_ws(s, end);
	len = scan_lockfile__py_trim_len(s, (size_t)(end - s));
	if (len > 2 && !memcmp(s, "==", 2)) {
		const char *v = scan_lockfile__py_skip_ws(s + 2, s + len);
		len -= (size_t)(v - s);
		s = v;
	}
	if (len && s[0] >= '0' && s[0] <= '9' && scan_lockfile__py_is_version(s, len, false)) {
		r->version = s;
		r->version_len = len;
	}
}

/* name = "^1.2" | { version = "1.2", optional = true, git = "...", rev = "..." } | [ either, ... ] */
static int walk_poetry_value(const pywalk *w, const scan_toml_node *key, const scan_toml_node *v, unsigned cls,
                             unsigned extra_flags)
{
	pydecl decl;

	memset(&decl, 0, sizeof(decl));
	decl.r.name = key->key;
	decl.r.name_len = key->key_len;
	decl.r.flags = extra_flags;
	decl.cls = cls;
	decl.line = v->line;
	if (v->kind == SCAN_TOML_STRING) {
		poetry_constraint(v->str, v->len, &decl.r);
	} else if (v->kind == SCAN_TOML_TABLE) {
		const scan_toml_node *opt = scan_toml__get_kind(w->t, v, "optional", SCAN_TOML_BOOL);
		const char *s;
		size_t n;

		if (opt && opt->integer) {
			decl.r.flags |= SCAN_DEP_OPTIONAL;
			if (decl.cls == SCAN_SCA_EDGE_MAIN)
				decl.cls = SCAN_SCA_EDGE_OPTIONAL;
		}
		if (scan_toml__string(w->t, v, "git", NULL)) {
			decl.r.flags |= SCAN_DEP_GIT;
			if ((s = scan_toml__string(w->t, v, "rev", &n)) || (s = scan_toml__string(w->t, v, "tag", &n))) {
				decl.r.version = s;
				decl.r.version_len = n;
			}
		} else if (scan_toml__string(w->t, v, "path", NULL)) {
			decl.r.flags |= SCAN_DEP_LOCAL;
		} else if ((s = scan_toml__string(w->t, v, "url", &n))) {
			bool skip;
			scan_lockfile__py_classify_url(s, n, &decl.r, &skip);
		} else if ((s = scan_toml__string(w->t, v, "version", &n))) {
			poetry_constraint(s, n, &decl.r);
		}
	} else if (v->kind == SCAN_TOML_ARRAY) {
		/* Multiple constraints, one per Python version or platform. */
		for (const scan_toml_node *it = v->child; it; it = it->next) {
			int err;
			if (it->kind == SCAN_TOML_ARRAY)
				return decl_fail(w, it->line, "nested array in a dependency");
			if ((err = walk_poetry_value(w, key, it, cls, extra_flags)) < 0)
				return err;
		}
		return 0;
	} else {
		return decl_fail(w, v->line, "a dependency is not a string, table or array");
	}
	if (!decl.r.version && !(decl.r.flags & (SCAN_DEP_LOCAL | SCAN_DEP_URL)))
		decl.r.flags |= SCAN_DEP_UNPINNED;
	return w->fn(w->ctx, &decl);
}

static int walk_poetry_table(const pywalk *w, const scan_toml_node *tab, unsigned cls, unsigned extra_flags)
{
	int err = walk_container(w, tab, SCAN_TOML_TABLE, "poetry dependencies are not a table");

	if (err <= 0)
		return err;
	for (const scan_toml_node *e = tab->child; e; e = e->next) {
		if (e->key_len == 6 && !strncasecmp(e->key, "python", 6))
			continue;
		if (!scan_lockfile__py_is_name(e->key, e->key_len)) {
			if ((err = decl_fail(w, e->line, "invalid package name")) < 0)
				return err;
			continue;
		}
		if ((err = walk_poetry_value(w, e, e, cls, extra_flags)) < 0)
			return err;
	}
	return 0;
}

static int pyproject_walk(const pywalk *w)
{
	const scan_toml_doc *t = w->t;
	const scan_toml_node *project = scan_toml__get_kind(t, t->root, "project", SCAN_TOML_TABLE);
	const scan_toml_node *poetry = scan_toml__path(t, t->root, "tool.poetry");
	const scan_toml_node *groups;
	int err;

	if ((err = walk_pep508_list(w, scan_toml__get(t, project, "dependencies"), SCAN_SCA_EDGE_MAIN, 0)) < 0 ||
	    (err = walk_pep508_groups(w, scan_toml__get(t, project, "optional-dependencies"),
	                              SCAN_SCA_EDGE_OPTIONAL, SCAN_DEP_OPTIONAL)) < 0 ||
	    (err = walk_pep508_groups(w, scan_toml__get(t, t->root, "dependency-groups"), SCAN_SCA_EDGE_DEV,
	                              SCAN_DEP_DEV)) < 0 ||
	    (err = walk_pep508_list(w, scan_toml__path(t, t->root, "tool.uv.dev-dependencies"),
	                            SCAN_SCA_EDGE_DEV, SCAN_DEP_DEV)) < 0 ||
	    (err = walk_pep508_groups(w, scan_toml__path(t, t->root, "tool.pdm.dev-dependencies"),
	                              SCAN_SCA_EDGE_DEV, SCAN_DEP_DEV)) < 0)
		return err;
	if (poetry && poetry->kind == SCAN_TOML_TABLE) {
		if ((err = walk_poetry_table(w, scan_toml__get(t, poetry, "dependencies"), SCAN_SCA_EDGE_MAIN, 0)) < 0 ||
		    (err = walk_poetry_table(w, scan_toml__get(t, poetry, "dev-dependencies"), SCAN_SCA_EDGE_DEV,
		                             SCAN_DEP_DEV)) < 0)
			return err;
		groups = scan_toml__get_kind(t, poetry, "group", SCAN_TOML_TABLE);
		for (const scan_toml_node *g = groups ? groups->child : NULL; g; g = g->next) {
			bool is_main = g->key_len == 4 && !memcmp(g->key, "main", 4);
			if (g->kind != SCAN_TOML_TABLE)
				continue;
			if ((err = walk_poetry_table(w, scan_toml__get(t, g, "dependencies"),
			                             is_main ? SCAN_SCA_EDGE_MAIN : SCAN_SCA_EDGE_DEV,
			                             is_main ? 0 : SCAN_DEP_DEV)) < 0)
				return err;
		}
	}
	return 0;
}

bool scan_lockfile__is_pyproject(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "pyproject.toml");
}

typedef struct {
	scan_sca_doc *d;
	size_t unpinned;
} pyproject_ctx;

/* A name in [project] dependencies and in a group is neither dev nor optional: scan_lockfile__add() merges so. */
static int pyproject_add(void *ctx, const pydecl *decl)
{
	pyproject_ctx *p = ctx;
	int idx = scan_lockfile__add(p->d, SCAN_ECO_PYPI, decl->r.name, decl->r.name_len, decl->r.version,
	                             decl->r.version_len, decl->r.flags | SCAN_DEP_DIRECT, decl->line);

	p->unpinned += idx >= 0 && (decl->r.flags & SCAN_DEP_UNPINNED);
	return idx < 0 ? idx : 0;
}

/* The lockfiles of Python's project managers that pin a pyproject.toml, beside it or at a workspace's root. */
static const char *const python_locks[] = { "poetry.lock", "uv.lock", "pdm.lock", "pylock.toml", "Pipfile.lock",
	                                        NULL };

int scan_lockfile__extract_pyproject(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t;
	pyproject_ctx pc = { d, 0 };
	pywalk w;
	int err;

	if ((err = scan_toml__parse(&t, text, len, d->file)) < 0)
		goto done;
	w.d = d;
	w.t = &t;
	w.strict = true;
	w.fn = pyproject_add;
	w.ctx = &pc;
	if ((err = pyproject_walk(&w)) >= 0 && !scan_lockfile__has_lockfile(d, python_locks))
		err = scan_lockfile__unresolved_problem(d, pc.unpinned, "poetry.lock, uv.lock or pdm.lock");
done:
	scan_toml__dispose(&t);
	return err;
}

/*
 * The project's own declarations, from the pyproject.toml beside a
 * lockfile, as edges from the project; *found when it could be read. A
 * missing or malformed one only means the lockfile's flags stay unknown.
 */
typedef struct {
	scan_sca_doc *d;
	scan_sca_graph *g;
} project_ctx;

static int project_edge(void *ctx, const pydecl *decl)
{
	project_ctx *pc = ctx;

	return scan_lockfile__graph_edge(pc->d, pc->g, SCAN_SCA_GRAPH_PROJECT, decl->r.name, decl->r.name_len, NULL, 0,
	                                 NULL, 0, decl->cls);
}

static int sibling_toml(scan_sca_doc *d, const char *name, char **text, scan_toml_doc *t, bool *found)
{
	size_t len;
	int err;

	*found = false;
	memset(t, 0, sizeof(*t));
	err = scan_lockfile__read_sibling(d, name, text, &len);
	if (err == SCAN_ENOTFOUND || err == SCAN_EINVAL)
		return 0;
	if (err < 0)
		return err;
	err = scan_toml__parse(t, *text, len, name);
	if (err == SCAN_EPARSE || err == SCAN_ELIMIT)
		return 0;
	if (err < 0)
		return err;
	*found = true;
	return 0;
}

/* The edges borrow t's strings: the caller disposes of t and frees *text after emitting the graph. */
static int project_edges(scan_sca_doc *d, scan_sca_graph *g, scan_toml_doc *t, char **text, bool *found)
{
	project_ctx pc = { d, g };
	pywalk w;
	int err;

	if ((err = sibling_toml(d, "pyproject.toml", text, t, found)) < 0 || !*found)
		return err;
	w.d = d;
	w.t = t;
	w.strict = false;
	w.fn = project_edge;
	w.ctx = &pc;
	return pyproject_walk(&w);
}

/* ---- poetry.lock ------------------------------------------------------- */

/*
 * [[package]]
 * name = "requests"
 * version = "2.31.0"
 * category = "main"              (lock-version 1.x: "main" or "dev")
 * optional = false
 * groups = ["main", "dev"]       (lock-version 2.1, Poetry 2)
 * [package.dependencies]
 * idna = ">=2.5,<4"              or { version = "*", markers = "..." } or [ {...}, {...} ]
 * [package.source]
 * type = "git" | "directory" | "file" | "url" | "legacy"
 * Which packages the project names is in pyproject.toml, not the lock.
 * Whether a package is dev-only: the lock's category or groups when it
 * has them (lock-version 2.0 has neither), else derived from the
 * pyproject.toml's groups; unknown without it.
 */

bool scan_lockfile__is_poetry_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "poetry.lock");
}

static bool array_has_string(const scan_toml_node *a, const char *s)
{
	size_t n = strlen(s);

	for (const scan_toml_node *it = a ? a->child : NULL; it; it = it->next)
		if (it->kind == SCAN_TOML_STRING && it->len == n && !memcmp(it->str, s, n))
			return true;
	return false;
}

static int poetry_package(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, const scan_toml_node *p,
                          bool *lock_says_dev)
{
	scan_sca_graph_pkg pkg;
	const scan_toml_node *opt, *src, *groups;
	const char *category, *type;
	size_t n;
	int err;

	if ((err = scan_lockfile__graph_toml_pkg(d, t, p, true, &pkg)) < 0)
		return err;
	if ((category = scan_toml__string(t, p, "category", &n))) {
		*lock_says_dev = true;
		if (n == 3 && !memcmp(category, "dev", 3))
			pkg.flags |= SCAN_DEP_DEV;
	}
	if ((groups = scan_toml__get_kind(t, p, "groups", SCAN_TOML_ARRAY))) {
		*lock_says_dev = true;
		if (!array_has_string(groups, "main"))
			pkg.flags |= SCAN_DEP_DEV;
	}
	if ((opt = scan_toml__get_kind(t, p, "optional", SCAN_TOML_BOOL)) && opt->integer)
		pkg.flags |= SCAN_DEP_OPTIONAL;
	src = scan_toml__get_kind(t, p, "source", SCAN_TOML_TABLE);
	if ((type = scan_toml__string(t, src, "type", &n))) {
		if (n == 3 && !memcmp(type, "git", 3))
			pkg.flags |= SCAN_DEP_GIT;
		else if ((n == 9 && !memcmp(type, "directory", 9)) || (n == 4 && !memcmp(type, "file", 4)))
			pkg.flags |= SCAN_DEP_LOCAL;
		else if (n == 3 && !memcmp(type, "url", 3))
			pkg.flags |= SCAN_DEP_URL;
	}
	return scan_lockfile__graph_add(d, g, &pkg);
}

int scan_lockfile__extract_poetry_lock(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t, pt;
	scan_sca_graph g;
	const scan_toml_node *packages, *p;
	bool lock_says_dev = false, project = false;
	char *ptext = NULL;
	size_t from = 0;
	int err;

	memset(&pt, 0, sizeof(pt));
	scan_lockfile__graph_init(&g, SCAN_ECO_PYPI, true);
	if ((err = scan_toml__parse(&t, text, len, d->file)) < 0)
		goto done;
	packages = scan_toml__get(&t, t.root, "package");
	if (packages && packages->kind != SCAN_TOML_ARRAY) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, packages->line, "'package' is not an array of tables");
		goto done;
	}
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = poetry_package(d, &t, &g, p, &lock_says_dev)) < 0)
			goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next, from++) {
		const scan_toml_node *deps = scan_toml__get_kind(&t, p, "dependencies", SCAN_TOML_TABLE);
		for (const scan_toml_node *e = deps ? deps->child : NULL; e; e = e->next)
			if ((err = scan_lockfile__graph_edge(d, &g, from, e->key, e->key_len, NULL, 0, NULL, 0,
			                                     SCAN_SCA_EDGE_MAIN)) < 0)
				goto done;
	}
	if ((err = project_edges(d, &g, &pt, &ptext, &project)) < 0)
		goto done;
	err = scan_lockfile__graph_emit(d, &g, SCAN_SCA_DERIVE_DIRECT | (lock_says_dev ? 0 : SCAN_SCA_DERIVE_DEV));
done:
	scan_lockfile__graph_dispose(&g);
	scan_toml__dispose(&t);
	scan_toml__dispose(&pt);
	free(ptext);
	return err;
}

/* ---- uv.lock ----------------------------------------------------------- */

/*
 * version = 1
 * revision = 3
 * [manifest]                        (workspaces) members = [...], requirements, dependency-groups
 * [[package]]
 * name = "anyio"
 * version = "4.4.0"                 (absent for a local package with a dynamic version)
 * source = { registry = "https://pypi.org/simple" }
 *          { git = "https://github.com/o/r?tag=v1#<commit>" } | { url = "..." }
 *          { path = "..." } | { directory = "..." } | { editable = "." } | { virtual = "." }
 * dependencies = [{ name = "idna" }, { name = "numpy", version = "1.26.4", marker = "..." }]
 * [package.optional-dependencies]   extra = [{ name = ... }]
 * [package.dev-dependencies]        group = [{ name = ... }]
 * The project and workspace members are editable or virtual: local roots,
 * whose dependencies are the direct ones. Early uv wrote [[distribution]].
 */

bool scan_lockfile__is_uv_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "uv.lock");
}

static int uv_edges(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, size_t from,
                    const scan_toml_node *arr, unsigned cls)
{
	if (!arr)
		return 0;
	if (arr->kind != SCAN_TOML_ARRAY)
		return scan_lockfile__fail(d, SCAN_EPARSE, arr->line, "dependencies are not an array");
	for (const scan_toml_node *e = arr->child; e; e = e->next) {
		const char *name, *version;
		size_t nlen, vlen = 0;
		int err;

		if (e->kind != SCAN_TOML_TABLE || !(name = scan_toml__string(t, e, "name", &nlen)))
			return scan_lockfile__fail(d, SCAN_EPARSE, e->line, "a dependency is not a table with a name");
		version = scan_toml__string(t, e, "version", &vlen);
		if ((err = scan_lockfile__graph_edge(d, g, from, name, nlen, version, vlen, NULL, 0, cls)) < 0)
			return err;
	}
	return 0;
}

static int uv_edge_groups(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, size_t from,
                          const scan_toml_node *tab, unsigned cls)
{
	int err;

	if (!tab)
		return 0;
	if (tab->kind != SCAN_TOML_TABLE)
		return scan_lockfile__fail(d, SCAN_EPARSE, tab->line, "dependency groups are not a table");
	for (const scan_toml_node *grp = tab->child; grp; grp = grp->next)
		if ((err = uv_edges(d, t, g, from, grp, cls)) < 0)
			return err;
	return 0;
}

static int uv_package(scan_sca_doc *d, const scan_toml_doc *t, scan_sca_graph *g, const scan_toml_node *p,
                      const scan_toml_node *members)
{
	scan_sca_graph_pkg pkg;
	const scan_toml_node *src;
	int err;

	/* The version may be absent for a local package (a dynamic one): checked below. */
	if ((err = scan_lockfile__graph_toml_pkg(d, t, p, false, &pkg)) < 0)
		return err;
	src = scan_toml__get_kind(t, p, "source", SCAN_TOML_TABLE);
	if (scan_toml__get(t, src, "editable") || scan_toml__get(t, src, "virtual")) {
		pkg.flags |= SCAN_DEP_LOCAL;
		pkg.root = true;
	} else if (scan_toml__get(t, src, "path") || scan_toml__get(t, src, "directory")) {
		pkg.flags |= SCAN_DEP_LOCAL;
	} else if (scan_toml__get(t, src, "git")) {
		pkg.flags |= SCAN_DEP_GIT;
	} else if (scan_toml__get(t, src, "url")) {
		pkg.flags |= SCAN_DEP_URL;
	} else if (!pkg.version) {
		return scan_lockfile__fail(d, SCAN_EPARSE, p->line, "package without a version");
	}
	for (const scan_toml_node *m = members ? members->child : NULL; m; m = m->next)
		if (m->kind == SCAN_TOML_STRING && scan_lockfile__pep503_eq(m->str, m->len, pkg.name, pkg.name_len))
			pkg.root = true;
	return scan_lockfile__graph_add(d, g, &pkg);
}

int scan_lockfile__extract_uv_lock(scan_sca_doc *d, const char *text, size_t len)
{
	scan_toml_doc t;
	scan_sca_graph g;
	const scan_toml_node *packages, *manifest, *members, *p;
	size_t from = 0;
	int err;

	scan_lockfile__graph_init(&g, SCAN_ECO_PYPI, true);
	if ((err = scan_toml__parse(&t, text, len, d->file)) < 0)
		goto done;
	packages = scan_toml__get(&t, t.root, "package");
	if (!packages)
		packages = scan_toml__get(&t, t.root, "distribution");
	if (packages && packages->kind != SCAN_TOML_ARRAY) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, packages->line, "'package' is not an array of tables");
		goto done;
	}
	manifest = scan_toml__get_kind(&t, t.root, "manifest", SCAN_TOML_TABLE);
	members = scan_toml__get_kind(&t, manifest, "members", SCAN_TOML_ARRAY);
	for (p = packages ? packages->child : NULL; p; p = p->next)
		if ((err = uv_package(d, &t, &g, p, members)) < 0)
			goto done;
	for (p = packages ? packages->child : NULL; p; p = p->next, from++) {
		if ((err = uv_edges(d, &t, &g, from, scan_toml__get(&t, p, "dependencies"), SCAN_SCA_EDGE_MAIN)) < 0 ||
		    (err = uv_edge_groups(d, &t, &g, from, scan_toml__get(&t, p, "optional-dependencies"),
		                          SCAN_SCA_EDGE_OPTIONAL)) < 0 ||
		    (err = uv_edge_groups(d, &t, &g, from, scan_toml__get(&t, p, "dev-dependencies"),
		                          SCAN_SCA_EDGE_DEV)) < 0)
			goto done;
	}
	/* A virtual workspace root without a project keeps its requirements in the manifest. */
	if ((err = uv_edges(d, &t, &g, SCAN_SCA_GRAPH_PROJECT, scan_toml__get(&t, manifest, "requirements"),
	                    SCAN_SCA_EDGE_MAIN)) < 0 ||
	    (err = uv_edge_groups(d, &t, &g, SCAN_SCA_GRAPH_PROJECT,
	                          scan_toml__get(&t, manifest, "dependency-groups"), SCAN_SCA_EDGE_DEV)) < 0)
		goto done;
	err = scan_lockfile__graph_emit(d, &g, SCAN_SCA_DERIVE_DIRECT | SCAN_SCA_DERIVE_DEV);
done:
	scan_lockfile__graph_dispose(&g);
	scan_toml__dispose(&t);
	return err;
}

/* ---- Pipfile.lock ------------------------------------------------------ */

/*
 * {
 *   "_meta": { "hash": {...}, "pipfile-spec": 6, "requires": {...}, "sources": [...] },
 *   "default": { "requests": { "hashes": [...], "markers": "...", "version": "==2.31.0" },
 *                "mylib": { "editable": true, "path": "." },
 *                "flask": { "git": "https://github.com/pallets/flask.git", "ref": "<commit>" } },
 *   "develop": { ... }
 * }
 * The lock lists the whole closure flat, without edges, so it cannot say
 * which packages the project names: the Pipfile beside it can ([packages],
 * [dev-packages]); without it, neither DIRECT nor TRANSITIVE is set.
 */

bool scan_lockfile__is_pipfile_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "Pipfile.lock");
}

/* The names a Pipfile declares. */
typedef struct {
	scan_toml_doc t;
	const scan_toml_node *tables[2];   /* [packages], [dev-packages] */
	bool found;
} pipfile;

static bool pipfile_declares(const pipfile *pf, const char *name, size_t len)
{
	for (int i = 0; i < 2; i++)
		for (const scan_toml_node *e = pf->tables[i] ? pf->tables[i]->child : NULL; e; e = e->next)
			if (scan_lockfile__pep503_eq(e->key, e->key_len, name, len))
				return true;
	return false;
}

/*
 * The line of "name": in the section, searching on from *from: keys
 * appear in the text in the order cJSON gives them. One miss (an escaped
 * key) stops the search, so a hostile file costs one pass.
 */
static unsigned key_line(const char *text, size_t len, const char *name, size_t *from, unsigned *line_at,
                         size_t *line_off, bool *lost)
{
	size_t n = strlen(name), at = *from;

	if (!n)
		return 0;   /* "" (or "\u0000..."): nothing to search for, and no progress if searched */
	while (!*lost && at < len) {
		const char *hit = memmem(text + at, len - at, name, n), *p;
		if (!hit) {
			*lost = true;
			break;
		}
		at = (size_t)(hit - text) + n;
		if (hit == text || hit[-1] != '"' || at >= len || text[at] != '"')
			continue;
		p = text + at + 1;
		while (p < text + len && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
			p++;
		if (p >= text + len || *p != ':')
			continue;
		/* Count newlines only once over the whole file. */
		for (size_t i = *line_off; i < (size_t)(hit - text); i++)
			*line_at += text[i] == '\n';
		*line_off = (size_t)(hit - text);
		*from = at;
		return *line_at;
	}
	return 0;
}

/* One in "default" and "develop" is not dev: scan_lockfile__add() merges so. */
static int pipfile_entry(scan_sca_doc *d, const cJSON *e, bool dev, const pipfile *pf, unsigned line)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "version");
	const cJSON *git = cJSON_GetObjectItemCaseSensitive(e, "git");
	const cJSON *ref = cJSON_GetObjectItemCaseSensitive(e, "ref");
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(e, "path");
	const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file");
	const char *name = e->string, *version = NULL;
	size_t name_len = strlen(name), version_len = 0;
	unsigned flags = dev ? SCAN_DEP_DEV : 0;
	int idx;

	if (!cJSON_IsObject(e))
		return scan_lockfile__fail(d, SCAN_EPARSE, line, "entry '%.100s' is not an object", name);
	if (cJSON_IsString(git)) {
		flags |= SCAN_DEP_GIT;
		if (cJSON_IsString(ref) && ref->valuestring[0]) {
			version = ref->valuestring;
			version_len = strlen(version);
		}
	} else if (cJSON_IsString(path)) {
		flags |= SCAN_DEP_LOCAL;
	} else if (cJSON_IsString(file)) {
		pyreq r;
		bool skip;
		memset(&r, 0, sizeof(r));
		r.name = name;
		r.name_len = name_len;
		scan_lockfile__py_classify_url(file->valuestring, strlen(file->valuestring), &r, &skip);
		flags |= r.flags & (SCAN_DEP_URL | SCAN_DEP_LOCAL);
		version = r.version;
		version_len = r.version_len;
	} else if (cJSON_IsString(v)) {
		version = v->valuestring;
		version_len = strlen(version);
		if (version_len > 3 && !memcmp(version, "===", 3))
			version += 3, version_len -= 3;
		else if (version_len > 2 && !memcmp(version, "==", 2))
			version += 2, version_len -= 2;
		else
			version = NULL, version_len = 0;   /* "*": not a lock's version */
	}
	if (!version && !(flags & (SCAN_DEP_LOCAL | SCAN_DEP_URL)))
		flags |= SCAN_DEP_UNPINNED;
	if (pf->found)
		flags |= pipfile_declares(pf, name, name_len) ? SCAN_DEP_DIRECT : SCAN_DEP_TRANSITIVE;
	idx = scan_lockfile__add(d, SCAN_ECO_PYPI, name, name_len, version, version_len, flags, line);
	return idx < 0 ? idx : 0;
}

int scan_lockfile__extract_pipfile_lock(scan_sca_doc *d, const char *text, size_t len)
{
	static const char *const sections[] = { "default", "develop" };
	cJSON *root = NULL;
	pipfile pf;
	char *pftext = NULL;
	int err;

	memset(&pf, 0, sizeof(pf));
	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		goto done;
	if (!cJSON_IsObject(root)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 1, "not a Pipfile.lock (the top level is not an object)");
		goto done;
	}
	if ((err = sibling_toml(d, "Pipfile", &pftext, &pf.t, &pf.found)) < 0)
		goto done;
	if (pf.found) {
		pf.tables[0] = scan_toml__get_kind(&pf.t, pf.t.root, "packages", SCAN_TOML_TABLE);
		pf.tables[1] = scan_toml__get_kind(&pf.t, pf.t.root, "dev-packages", SCAN_TOML_TABLE);
	}
	for (int s = 0; s < 2; s++) {
		const cJSON *sec = cJSON_GetObjectItemCaseSensitive(root, sections[s]), *e;
		size_t from = 0, line_off = 0;
		unsigned line_at = 1;
		bool lost = false;

		if (!sec)
			continue;
		if (!cJSON_IsObject(sec)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "'%s' is not an object", sections[s]);
			goto done;
		}
		/* Search from the section's own key on. */
		key_line(text, len, sections[s], &from, &line_at, &line_off, &lost);
		cJSON_ArrayForEach(e, sec) {
			unsigned line = key_line(text, len, e->string, &from, &line_at, &line_off, &lost);
			if ((err = pipfile_entry(d, e, s == 1, &pf, line)) < 0)
				goto done;
		}
	}
done:
	cJSON_Delete(root);
	scan_toml__dispose(&pf.t);
	free(pftext);
	return err;
}
