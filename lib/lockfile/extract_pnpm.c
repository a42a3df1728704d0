/* lib/lockfile/extract_pnpm.c - pnpm-lock.yaml, lockfileVersion 5.x, 6.0 and 9.0 */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "lockfile/js_common.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/yamltree.h"
#include "util/slice.h"
#include "util/quote.h"

/*
 * "importers" maps each workspace folder ("." the project) to what its
 * package.json declares, each with the version it got; a lockfile without
 * workspaces keeps that at the top level. "packages" maps a key per
 * package to its metadata and, before v9, its dependencies; v9 moved the
 * dependencies to "snapshots". The key and the way a dependency names its
 * target changed with the versions:
 *
 *   5.x   /name/1.0.0        /@scope/name/1.0.0_react@18.2.0   dep: 1.0.0 or /other/1.0.0
 *   6.0   /name@1.0.0        /@scope/name@1.0.0(react@18.2.0)  dep: 1.0.0 or /other@1.0.0
 *   9.0   name@1.0.0         @scope/name@1.0.0(react@18.2.0)   dep: 1.0.0 or other@1.0.0
 *
 * The suffix is the peer context: one package installed for two peer sets
 * is two keys and one component. Packages not from the registry (git,
 * tarballs, directories) have keys of their own ("file:lib", "host/repo/
 * <commit>", "name@git+https://...") and say "name"/"version" themselves.
 * A dependency "link:../x" is a workspace (or any local folder), LOCAL.
 *
 * The importers' dependencies are direct, everything else transitive.
 * Before v9 each package says "dev: true/false" and "optional: true"; v9
 * does not, so dev is what only the importers' devDependencies reach.
 */

#define PNPM_PATH_MAX 4096
typedef struct {
	scan_slice key;
	const scan_yaml_node *info;   /* "packages" metadata */
	const scan_yaml_node *deps;   /* what holds its dependencies: the entry (<v9) or its snapshot (v9) */
	unsigned line;
	int node;
} pent;

typedef struct {
	scan_slice path;                    /* normalised: "" for the project */
	const scan_yaml_node *map;
	unsigned line;
	int node;
} pimp;

typedef struct {
	scan_sca_doc *d;
	int major;                    /* lockfileVersion's */
	pent *ents;
	size_t nents, ents_cap;
	scan_lockfile__js_map keys;        /* key -> ents index */
	pimp *imps;
	size_t nimps;
	scan_lockfile__js_map imp_paths;   /* path -> imps index */
	scan_lockfile__js_graph g;
	scan_buf scratch;
} pnpm_ctx;

bool scan_lockfile__is_pnpm_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "pnpm-lock.yaml");
}

static scan_slice pscalar(const scan_yaml_node *n)
{
	scan_slice s = { NULL, 0 };

	if (n && n->kind == SCAN_YAML_SCALAR) {
		s.s = n->value;
		s.len = n->len;
	}
	return s;
}

static bool pstr_has(scan_slice s, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; i + n <= s.len; i++)
		if (!memcmp(s.s + i, needle, n))
			return true;
	return false;
}

static int find_key(const pnpm_ctx *c, const char *s, size_t len)
{
	size_t cur = 0;
	int at;

	while ((at = scan_lockfile__js_map_next(&c->keys, scan_lockfile__js_hash(s, len), &cur)) >= 0)
		if (c->ents[at].key.len == len && !memcmp(c->ents[at].key.s, s, len))
			return at;
	return -1;
}

static int ent_add(pnpm_ctx *c, const scan_yaml_node *k, const scan_yaml_node *info, const scan_yaml_node *deps)
{
	scan_slice key = pscalar(k);
	char show[SCAN_QUOTE_LEN];
	pent *e;

	if (!key.s || !key.len)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, k->line, "package key is not a string");
	if (find_key(c, key.s, key.len) >= 0)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, k->line, "package '%s' listed twice",
		                           scan_util__quote(show, key.s, key.len));
	if (c->nents >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, k->line, "more than %d packages", SCAN_SCA_COMPONENTS_MAX);
	if (scan_array_reserve(&c->ents, &c->ents_cap, c->nents + 1, sizeof(*c->ents)))
		return SCAN_ENOMEM;
	e = &c->ents[c->nents];
	e->key = key;
	e->info = info;
	e->deps = deps;
	e->line = k->line;
	e->node = -1;
	c->nents++;
	return scan_lockfile__js_map_add(&c->keys, scan_lockfile__js_hash(key.s, key.len), (int)c->nents - 1);
}

/* The peer context cut off a version: "(react@18.2.0)" from 6.0 on, "_react@18.2.0" in 5.x. */
static size_t cut_peers(const pnpm_ctx *c, const char *v, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (v[i] == (c->major >= 6 ? '(' : '_'))
			return i;
	return len;
}

/* Where a package came from: its key's version part and its resolution. */
static unsigned source_flags(const scan_slice rest, const scan_yaml_node *info)
{
	const scan_yaml_node *res = scan_util__yaml_get(info, "resolution");
	scan_slice type = pscalar(scan_util__yaml_get(res, "type")), tarball = pscalar(scan_util__yaml_get(res, "tarball"));

	if (scan_util__yaml_get(res, "directory") || (type.s && !strcmp(type.s, "directory")) ||
	    scan_lockfile__js_prefix(rest.s, rest.len, "file:") || scan_lockfile__js_prefix(rest.s, rest.len, "link:") ||
	    (tarball.s && scan_lockfile__js_prefix(tarball.s, tarball.len, "file:")))
		return SCAN_DEP_LOCAL;
	if ((type.s && !strcmp(type.s, "git")) || scan_lockfile__js_prefix(rest.s, rest.len, "git+") ||
	    scan_lockfile__js_prefix(rest.s, rest.len, "git:") || pstr_has(rest, "codeload.github.com") ||
	    (tarball.s && (pstr_has(tarball, "codeload.github.com") || pstr_has(tarball, "/repository/archive") ||
	                   pstr_has(tarball, "bitbucket.org/"))))
		return SCAN_DEP_GIT;
	if (tarball.s && (scan_lockfile__js_prefix(tarball.s, tarball.len, "http:") ||
	                  scan_lockfile__js_prefix(tarball.s, tarball.len, "https:")) &&
	    (memchr(rest.s, ':', rest.len) || memchr(rest.s, '/', rest.len)))
		return SCAN_DEP_URL;
	return 0;
}

/* Name, version and source of a package entry. */
static int describe(pnpm_ctx *c, const pent *e, scan_lockfile__js_pkg *p)
{
	scan_slice key = e->key, name = { NULL, 0 }, rest = { NULL, 0 };
	scan_slice fname = pscalar(scan_util__yaml_get(e->info, "name")), fver = pscalar(scan_util__yaml_get(e->info, "version"));
	bool registry = false;
	char show[SCAN_QUOTE_LEN];
	size_t nl;

	if (c->major >= 9 || key.s[0] == '/') {
		if (key.s[0] == '/') {
			key.s++;
			key.len--;
		}
		if (c->major >= 6 && scan_lockfile__js_split_at(key.s, key.len, &nl)) {
			name.s = key.s;
			name.len = nl;
			rest.s = key.s + nl + 1;
			rest.len = key.len - nl - 1;
		} else if (c->major < 6) {
			/* 5.x: name/version, the name with its scope */
			const char *slash = memchr(key.s, '/', key.len);
			if (slash && key.s[0] == '@')
				slash = memchr(slash + 1, '/', key.len - (size_t)(slash + 1 - key.s));
			if (slash) {
				name.s = key.s;
				name.len = (size_t)(slash - key.s);
				rest.s = slash + 1;
				rest.len = key.len - name.len - 1;
			}
		}
		/* the version without its peer context, whose names have slashes of their own */
		if (rest.s) {
			rest.len = cut_peers(c, rest.s, rest.len);
			registry = !memchr(rest.s, ':', rest.len) && !memchr(rest.s, '/', rest.len);
		}
	}
	if (fname.s && fname.len) {
		name = fname;
	}
	if (!name.s || !name.len)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, e->line, "cannot tell the package of '%s'",
		                           scan_util__quote(show, e->key.s, e->key.len));
	p->name = name.s;
	p->name_len = name.len;
	if (fver.s && fver.len) {
		p->version = fver.s;
		p->version_len = fver.len;
	} else if (registry) {
		p->version = rest.s;
		p->version_len = rest.len;
	}
	if (!rest.s)
		rest = e->key;
	p->flags |= source_flags(rest, e->info);
	return 0;
}

/* base joined with rel, "." and ".." folded, into b; "" is the project folder. */
static void join_path(scan_buf *b, scan_slice base, const char *rel, size_t rlen)
{
	scan_buf_clear(b);
	scan_buf_put(b, base.s, base.len);
	for (size_t i = 0; i < rlen;) {
		size_t n = 0;
		while (i + n < rlen && rel[i + n] != '/')
			n++;
		if (n == 2 && rel[i] == '.' && rel[i + 1] == '.') {
			size_t up = b->size;
			while (up && b->ptr[up - 1] != '/')
				up--;
			scan_buf_truncate(b, up ? up - 1 : 0);
		} else if (n && !(n == 1 && rel[i] == '.')) {
			if (b->size)
				scan_buf_putc(b, '/');
			scan_buf_put(b, rel + i, n);
		}
		i += n + 1;
	}
}

static int find_importer(const pnpm_ctx *c, const char *s, size_t len)
{
	size_t cur = 0;
	int at;

	while ((at = scan_lockfile__js_map_next(&c->imp_paths, scan_lockfile__js_hash(s, len), &cur)) >= 0)
		if (c->imps[at].path.len == len && !memcmp(c->imps[at].path.s, s, len))
			return at;
	return -1;
}

/*
 * The node a dependency reference names, or -1 (not in the lockfile, such
 * as an optional package for another platform). from_dir: the folder of
 * the importer that names it, for "link:".
 */
static int resolve_ref(pnpm_ctx *c, scan_slice from_dir, scan_slice name, scan_slice ref, unsigned line)
{
	scan_buf *b = &c->scratch;
	int at;

	if (scan_lockfile__js_prefix(ref.s, ref.len, "link:")) {
		int node;
		join_path(b, from_dir, ref.s + 5, ref.len - 5);
		if (!scan_buf_failed(b) && (at = find_importer(c, b->ptr, b->size)) >= 0 && c->imps[at].node >= 0 &&
		    !c->g.pkgs[c->imps[at].node].skip)
			return c->imps[at].node;
		/* a folder that is not a workspace: a local package known by the name it is linked as */
		if ((node = scan_lockfile__js_pkg_new(c->d, &c->g, line)) < 0)
			return node;
		c->g.pkgs[node].name = name.s;
		c->g.pkgs[node].name_len = name.len;
		c->g.pkgs[node].flags = SCAN_DEP_LOCAL;
		return node;
	}
	scan_buf_clear(b);
	if (c->major < 9 && ref.len && ref.s[0] != '/')
		scan_buf_putc(b, '/');
	if (!ref.len || ref.s[0] != '/') {
		scan_buf_put(b, name.s, name.len);
		scan_buf_putc(b, c->major >= 6 ? '@' : '/');
	}
	scan_buf_put(b, ref.s, ref.len);
	if (!scan_buf_failed(b) && (at = find_key(c, b->ptr, b->size)) >= 0)
		return c->ents[at].node;
	/* an alias (other@1.0.0, /other/1.0.0) or a key of its own (file:lib, host/repo/<commit>) */
	if ((at = find_key(c, ref.s, ref.len)) >= 0)
		return c->ents[at].node;
	return -1;
}

/* Edges from node `from` for each dependency in the groups of map. */
static int add_edges(pnpm_ctx *c, int from, const scan_yaml_node *map, scan_slice dir, bool importer)
{
	static const struct { const char *key; unsigned kind; } groups[] = {
		{ "dependencies", SCAN_SCA_JS_PROD },
		{ "optionalDependencies", SCAN_SCA_JS_OPT },
		{ "devDependencies", SCAN_SCA_JS_DEV },
	};
	int err;

	for (size_t k = 0; k < (importer ? 3u : 2u); k++) {
		const scan_yaml_node *deps = scan_util__yaml_get(map, groups[k].key);
		if (!deps)
			continue;
		if (deps->kind != SCAN_YAML_MAPPING)
			return scan_lockfile__fail(c->d, SCAN_EPARSE, deps->line, "%s is not a mapping", groups[k].key);
		for (size_t i = 0; i + 1 < deps->len; i += 2) {
			const scan_yaml_node *v = deps->items[i + 1];
			scan_slice name = pscalar(deps->items[i]), ref;
			int to;
			/* 6.0 and 9.0 importers: { specifier, version }; otherwise the version itself */
			ref = pscalar(v->kind == SCAN_YAML_MAPPING ? scan_util__yaml_get(v, "version") : v);
			if (!name.s || !name.len || !ref.s)
				return scan_lockfile__fail(c->d, SCAN_EPARSE, deps->items[i]->line, "malformed dependency");
			if ((to = resolve_ref(c, dir, name, ref, deps->items[i]->line)) == -1)
				continue;
			if (to < 0)
				return to;
			if ((err = scan_lockfile__js_edge_add(c->d, &c->g, from, to, groups[k].kind)) < 0)
				return err;
		}
	}
	return 0;
}

static bool yes(const scan_yaml_node *map, const char *key)
{
	const scan_yaml_node *v = scan_util__yaml_get(map, key);

	return v && v->kind == SCAN_YAML_SCALAR && !strcmp(v->value, "true");
}

static int collect(pnpm_ctx *c, const scan_yaml_node *root)
{
	const scan_yaml_node *importers = scan_util__yaml_get(root, "importers");
	const scan_yaml_node *packages = scan_util__yaml_get(root, "packages");
	const scan_yaml_node *snapshots = scan_util__yaml_get(root, "snapshots");
	size_t n;
	int err;

	if ((importers && importers->kind != SCAN_YAML_MAPPING) || (packages && packages->kind != SCAN_YAML_MAPPING) ||
	    (snapshots && snapshots->kind != SCAN_YAML_MAPPING))
		return scan_lockfile__fail(c->d, SCAN_EPARSE, root->line, "importers, packages or snapshots is not a mapping");
	/* without workspaces, 5.x and 6.0 keep the project's dependencies at the top */
	n = importers ? importers->len / 2 : 1;
	if (!(c->imps = calloc(n ? n : 1, sizeof(*c->imps))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++) {
		pimp *im = &c->imps[c->nimps];
		scan_slice path = { "", 0 };
		if (importers) {
			path = pscalar(importers->items[2 * i]);
			if (!path.s || importers->items[2 * i + 1]->kind != SCAN_YAML_MAPPING)
				return scan_lockfile__fail(c->d, SCAN_EPARSE, importers->items[2 * i]->line, "malformed importer");
			while (path.len >= 2 && path.s[0] == '.' && path.s[1] == '/') {
				path.s += 2;
				path.len -= 2;
			}
			while (path.len && path.s[path.len - 1] == '/')
				path.len--;
			if (path.len == 1 && path.s[0] == '.')
				path.len = 0;
			if (path.len > PNPM_PATH_MAX)
				return scan_lockfile__fail(c->d, SCAN_ELIMIT, importers->items[2 * i]->line, "importer path too long");
		}
		if (find_importer(c, path.s, path.len) >= 0) {
			char show[SCAN_QUOTE_LEN];
			return scan_lockfile__fail(c->d, SCAN_EPARSE, importers ? importers->items[2 * i]->line : 1,
			                           "importer '%s' listed twice", scan_util__quote(show, path.s, path.len));
		}
		im->path = path;
		im->map = importers ? importers->items[2 * i + 1] : root;
		im->line = importers ? importers->items[2 * i]->line : 0;
		im->node = -1;
		if ((err = scan_lockfile__js_map_add(&c->imp_paths, scan_lockfile__js_hash(path.s, path.len), (int)c->nimps)) < 0)
			return err;
		c->nimps++;
	}
	if (c->major >= 9) {
		/* a node per snapshot, its metadata from the package without the peer context */
		scan_lockfile__js_map bases = { 0 };
		unsigned char *used = calloc(packages ? packages->len / 2 + 1 : 1, 1);
		err = used ? 0 : scan_error__oom();
		for (size_t i = 0; !err && packages && i + 1 < packages->len; i += 2) {
			scan_slice k = pscalar(packages->items[i]);
			if (!k.s)
				err = scan_lockfile__fail(c->d, SCAN_EPARSE, packages->items[i]->line, "package key is not a string");
			else
				err = scan_lockfile__js_map_add(&bases, scan_lockfile__js_hash(k.s, k.len), (int)(i / 2));
		}
		for (size_t i = 0; !err && snapshots && i + 1 < snapshots->len; i += 2) {
			scan_slice k = pscalar(snapshots->items[i]);
			const scan_yaml_node *info = NULL, *line_of = snapshots->items[i];
			size_t nl, base, cur = 0;
			int at;
			if (k.s && scan_lockfile__js_split_at(k.s, k.len, &nl)) {
				base = nl + 1 + cut_peers(c, k.s + nl + 1, k.len - nl - 1);
				while ((at = scan_lockfile__js_map_next(&bases, scan_lockfile__js_hash(k.s, base), &cur)) >= 0) {
					const scan_yaml_node *pk = packages->items[2 * at];
					if (pk->len == base && !memcmp(pk->value, k.s, base)) {
						/* the line is the package's, where its metadata is */
						line_of = pk;
						info = packages->items[2 * at + 1];
						used[at] = 1;
						break;
					}
				}
			}
			if (!(err = ent_add(c, snapshots->items[i], info, snapshots->items[i + 1])))
				c->ents[c->nents - 1].line = line_of->line;
		}
		for (size_t i = 0; !err && packages && i + 1 < packages->len; i += 2)
			if (!used[i / 2])
				err = ent_add(c, packages->items[i], packages->items[i + 1], NULL);
		free(used);
		scan_lockfile__js_map_dispose(&bases);
		if (err)
			return err;
	} else {
		for (size_t i = 0; packages && i + 1 < packages->len; i += 2)
			if ((err = ent_add(c, packages->items[i], packages->items[i + 1], packages->items[i + 1])) < 0)
				return err;
	}
	return 0;
}

/* A workspace's node: named by its package.json, or else by a link to it from another importer. */
static int importer_nodes(pnpm_ctx *c)
{
	for (size_t i = 0; i < c->nimps; i++) {
		pimp *im = &c->imps[i];
		scan_lockfile__js_pkg *p;
		cJSON *pkg = NULL;
		int node = scan_lockfile__js_pkg_new(c->d, &c->g, im->line);

		if (node < 0)
			return node;
		im->node = node;
		p = &c->g.pkgs[node];
		p->importer = true;
		p->skip = true;
		if (!im->path.len)
			continue;
		p->flags = SCAN_DEP_LOCAL;
		scan_buf_clear(&c->scratch);
		scan_buf_put(&c->scratch, im->path.s, im->path.len);
		scan_buf_puts(&c->scratch, "/package.json");
		if (!scan_buf_failed(&c->scratch) && scan_lockfile__js_read_manifest(c->d, c->scratch.ptr, &pkg) == 0) {
			const cJSON *nm = cJSON_GetObjectItemCaseSensitive(pkg, "name");
			const cJSON *v = cJSON_GetObjectItemCaseSensitive(pkg, "version");
			if (cJSON_IsString(nm) && nm->valuestring[0]) {
				p->name_len = strlen(nm->valuestring);
				p->name = scan_arena__strdup(&c->g.arena, nm->valuestring);
				p->skip = false;
				if (cJSON_IsString(v) && v->valuestring[0]) {
					p->version_len = strlen(v->valuestring);
					p->version = scan_arena__strdup(&c->g.arena, v->valuestring);
				}
			}
			cJSON_Delete(pkg);
			if ((!p->skip && !p->name) || (p->version_len && !p->version))
				return scan_error__oom();
		}
	}
	/* still unnamed: the name another importer links it as */
	for (size_t i = 0; i < c->nimps; i++) {
		static const char *const groups[] = { "dependencies", "optionalDependencies", "devDependencies" };
		for (size_t k = 0; k < 3; k++) {
			const scan_yaml_node *deps = scan_util__yaml_get(c->imps[i].map, groups[k]);
			for (size_t j = 0; deps && deps->kind == SCAN_YAML_MAPPING && j + 1 < deps->len; j += 2) {
				const scan_yaml_node *v = deps->items[j + 1];
				scan_slice name = pscalar(deps->items[j]);
				scan_slice ref = pscalar(v->kind == SCAN_YAML_MAPPING ? scan_util__yaml_get(v, "version") : v);
				scan_lockfile__js_pkg *p;
				int at;
				if (!name.s || !ref.s || !scan_lockfile__js_prefix(ref.s, ref.len, "link:"))
					continue;
				join_path(&c->scratch, c->imps[i].path, ref.s + 5, ref.len - 5);
				if (scan_buf_failed(&c->scratch) || (at = find_importer(c, c->scratch.ptr, c->scratch.size)) < 0 ||
				    !c->imps[at].path.len)
					continue;
				p = &c->g.pkgs[c->imps[at].node];
				if (p->skip) {
					p->skip = false;
					p->name = name.s;
					p->name_len = name.len;
				}
			}
		}
	}
	return 0;
}

int scan_lockfile__extract_pnpm_lock(scan_sca_doc *d, const char *text, size_t len)
{
	pnpm_ctx c;
	scan_yaml_doc yaml;
	const scan_yaml_node *root;
	scan_slice ver;
	char show[SCAN_QUOTE_LEN];
	int err;

	memset(&c, 0, sizeof(c));
	memset(&yaml, 0, sizeof(yaml));
	c.d = d;
	scan_buf_init(&c.scratch, PNPM_PATH_MAX + 2 * SCAN_SCA_NAME_MAX + 64);
	if ((err = scan_util__yaml_parse_limited(&yaml, text, len, d->file, SCAN_SCA_FILE_MAX,
	                                     SCAN_SCA_YAML_NODES_MAX)) < 0)
		goto done;
	root = yaml.root;
	if (!root || root->kind != SCAN_YAML_MAPPING) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 1, "not a pnpm-lock.yaml: the top is not a mapping");
		goto done;
	}
	ver = pscalar(scan_util__yaml_get(root, "lockfileVersion"));
	if (!ver.s) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, root->line, "not a pnpm-lock.yaml: no lockfileVersion");
		goto done;
	}
	for (size_t i = 0; i < ver.len && ver.s[i] >= '0' && ver.s[i] <= '9' && c.major < 1000; i++)
		c.major = c.major * 10 + (ver.s[i] - '0');
	if (c.major < 5 || c.major > 9) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, root->line, "unsupported lockfileVersion '%s'",
		                          scan_util__quote(show, ver.s, ver.len > 20 ? 20 : ver.len));
		goto done;
	}
	if ((err = collect(&c, root)) < 0 || (err = importer_nodes(&c)) < 0)
		goto done;
	for (size_t i = 0; i < c.nents; i++) {
		pent *e = &c.ents[i];
		scan_lockfile__js_pkg *p;
		int node = scan_lockfile__js_pkg_new(d, &c.g, e->line);
		if (node < 0) {
			err = node;
			goto done;
		}
		e->node = node;
		p = &c.g.pkgs[node];
		if ((err = describe(&c, e, p)) < 0)
			goto done;
		if (yes(e->info, "dev"))
			p->flags |= SCAN_DEP_DEV;
		if (yes(e->info, "optional") || yes(e->deps, "optional"))
			p->flags |= SCAN_DEP_OPTIONAL;
	}
	for (size_t i = 0; i < c.nimps; i++)
		if ((err = add_edges(&c, c.imps[i].node, c.imps[i].map, c.imps[i].path, true)) < 0)
			goto done;
	for (size_t i = 0; i < c.nents; i++) {
		static const scan_slice top = { "", 0 };
		if (c.ents[i].deps && (err = add_edges(&c, c.ents[i].node, c.ents[i].deps, top, false)) < 0)
			goto done;
	}
	err = scan_lockfile__js_classify(&c.g, SCAN_SCA_JS_DIRECT | SCAN_SCA_JS_TRANSITIVE |
	                                      (c.major >= 9 ? SCAN_SCA_JS_DEV_OPT : 0));
	if (err < 0)
		goto done;
	err = scan_lockfile__js_emit(d, &c.g);
done:
	scan_util__yaml_dispose(&yaml);
	scan_lockfile__js_map_dispose(&c.keys);
	scan_lockfile__js_map_dispose(&c.imp_paths);
	free(c.ents);
	free(c.imps);
	scan_buf_dispose(&c.scratch);
	scan_lockfile__js_graph_dispose(&c.g);
	return err;
}
