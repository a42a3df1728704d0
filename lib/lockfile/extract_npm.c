/* lib/lockfile/extract_npm.c - package-lock.json (lockfileVersion 1-3) and npm-shrinkwrap.json */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "lockfile/js_common.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/quote.h"

/*
 * v2 and v3 describe the node_modules tree npm lays out: "packages" maps
 * each install location ("node_modules/a/node_modules/@s/b", a workspace
 * folder "packages/x", "" for the project) to its package.json metadata.
 * The package is named by the last node_modules segment of its location,
 * or by "name" when that differs (an alias: node_modules/foo holding the
 * package bar). Workspaces and directory dependencies are symlinks:
 * { "resolved": "packages/x", "link": true } at the location, the package
 * itself under the folder's own key. v2 repeats the tree in v1's form
 * under "dependencies"; "packages" is read when present.
 *
 * v1 nests instead: "dependencies" maps names to entries whose own
 * "dependencies" are the packages installed under them, and "requires"
 * names what each needs. Its entries are given the location they would
 * have in v2 (a/node_modules/b), so one resolver serves both.
 *
 * Edges follow Node's module resolution: a package at P finds N in
 * P/node_modules/N, then in the node_modules folder of each folder above
 * P, up to the project's. The version found there is the edge's version.
 *
 * Direct dependencies are those the project's package.json names (v2/v3:
 * packages[""]; v1: the package.json beside the lockfile) and those of its
 * workspaces, which are components themselves (LOCAL, DIRECT). Without
 * either (a v1 lockfile alone), the rule is what the tree alone proves: a
 * top-level package no other package requires can only be there for the
 * project (DIRECT); a nested one was placed for its parent (TRANSITIVE);
 * a top-level one that others require may be either, so neither bit is set.
 */

#define NPM_PATH_MAX 4096          /* bytes of a location: Node's own PATH_MAX */
#define NPM_SEGMENTS_MAX 256       /* folders in a location */
#define NPM_WORKSPACES_MAX 64      /* patterns of "workspaces" honoured */
#define NPM_GLOB_BUDGET 20000000u  /* character steps for matching all workspace patterns */
#define NPM_LINK_HOPS 8

typedef struct {
	const char *path;          /* location; NUL-terminated */
	size_t len;
	const cJSON *obj;
	bool in_nm;                /* installed in a node_modules folder */
	size_t dir_len;            /* in_nm: path[0..dir_len) holds the node_modules folder */
	size_t name_off;           /* in_nm: where the installed name starts */
	int container;             /* in_nm: id of that folder */
	int link;                  /* a link: the target entry, or -1 when it is not listed */
	bool is_link;
	bool required;             /* some package's edge reaches it */
	int node;                  /* graph node; -1 none */
	const char *link_name;     /* a link target: the name a link installs it as */
	size_t link_name_len;
	size_t ordinal;            /* of its key among all keys of the document */
	unsigned line;
} npm_ent;

typedef struct {
	scan_sca_doc *d;
	const char *text;
	size_t len;
	npm_ent *ents;
	size_t nents, cap;
	scan_lockfile__js_map paths;        /* location -> entry */
	scan_lockfile__js_map containers;   /* folder holding a node_modules -> container id */
	struct npm_dir { const char *s; size_t len; } *dirs;
	size_t ndirs, dirs_cap;
	scan_lockfile__js_map places;       /* (container, installed name) -> entry */
	scan_lockfile__js_graph g;
	int root;                      /* entry of the project (v2/v3 ""), -1 */
	size_t glob_budget;
} npm_ctx;

bool scan_lockfile__is_npm_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "package-lock.json") || !strcmp(base, "npm-shrinkwrap.json");
}

static const char *str_of(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool true_of(const cJSON *obj, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(obj, key));
}

/* Keys in the subtree of n (JSON depth is already bounded by the parse). */
static size_t count_keys(const cJSON *n)
{
	size_t k = 0;

	for (const cJSON *c = n->child; c; c = c->next)
		k += (cJSON_IsObject(n) ? 1 : 0) + count_keys(c);
	return k;
}

static uint64_t place_hash(int container, const char *name, size_t len)
{
	uint64_t h = scan_lockfile__js_hash(name, len) ^ ((uint64_t)(unsigned)container + 1) * 0x9E3779B97F4A7C15ull;

	h ^= h >> 31;
	return h * 0xD6E8FEB86659FD93ull;
}

static bool is_nm_segment(const char *s, size_t len)
{
	return len == 12 && !memcmp(s, "node_modules", 12);
}

/*
 * The container id of the folder of length len with hash h, or -1. Folders
 * are prefixes of locations; comparing their bytes would cost the length
 * of the location for each of its folders, so the 64-bit hash and the
 * length stand for the bytes (a collision misplaces an edge, nothing more).
 */
static int find_dir(const npm_ctx *c, size_t len, uint64_t h)
{
	size_t cur = 0;
	int id;

	while ((id = scan_lockfile__js_map_next(&c->containers, h, &cur)) >= 0)
		if (c->dirs[id].len == len)
			return id;
	return -1;
}

static int add_dir(npm_ctx *c, const char *s, size_t len, int *out)
{
	uint64_t h = scan_lockfile__js_hash(s, len);
	int err;

	if ((*out = find_dir(c, len, h)) >= 0)
		return 0;
	if (scan_array_reserve(&c->dirs, &c->dirs_cap, c->ndirs + 1, sizeof(*c->dirs)))
		return SCAN_ENOMEM;
	c->dirs[c->ndirs].s = s;
	c->dirs[c->ndirs].len = len;
	if ((err = scan_lockfile__js_map_add(&c->containers, h, (int)c->ndirs)) < 0)
		return err;
	*out = (int)c->ndirs++;
	return 0;
}

/*
 * Split a location: the name after its last node_modules segment (one
 * segment, or two for a scope) and the folder above that segment.
 */
static int parse_location(npm_ctx *c, npm_ent *e)
{
	const char *p = e->path;
	size_t segs = 0, last_nm = SIZE_MAX, i = 0;

	if (e->len > NPM_PATH_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, e->line, "location longer than %d bytes", NPM_PATH_MAX);
	while (i < e->len) {
		size_t n = strcspn(p + i, "/");
		if (n > e->len - i)
			n = e->len - i;
		if (++segs > NPM_SEGMENTS_MAX)
			return scan_lockfile__fail(c->d, SCAN_ELIMIT, e->line, "location nested deeper than %d folders",
			                           NPM_SEGMENTS_MAX);
		if (is_nm_segment(p + i, n) && i + n < e->len)
			last_nm = i;
		i += n + 1;
	}
	if (last_nm == SIZE_MAX)
		return 0;
	{
		const char *name = p + last_nm + 13;
		size_t nlen = e->len - last_nm - 13;
		const char *slash = memchr(name, '/', nlen);
		/* "@scope/name" is the only name with a slash */
		if (slash && (name[0] != '@' || memchr(slash + 1, '/', nlen - (size_t)(slash + 1 - name))))
			return 0;
		if (!nlen)
			return 0;
		e->in_nm = true;
		e->name_off = last_nm + 13;
		e->dir_len = last_nm ? last_nm - 1 : 0;
	}
	return 0;
}

static int ent_new(npm_ctx *c, const char *path, size_t len, const cJSON *obj, size_t ordinal)
{
	char show[SCAN_QUOTE_LEN];
	npm_ent *e;

	if (!cJSON_IsObject(obj))
		return scan_lockfile__fail(c->d, SCAN_EPARSE, 0, "entry '%s' is not an object", scan_util__quote(show, path, len));
	if (c->nents >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, 0, "more than %d packages", SCAN_SCA_COMPONENTS_MAX);
	if (!(e = scan_array_push(&c->ents, &c->nents, &c->cap, sizeof(*c->ents))))
		return SCAN_ENOMEM;
	e->path = path;
	e->len = len;
	e->obj = obj;
	e->link = -1;
	e->node = -1;
	e->container = -1;
	e->ordinal = ordinal;
	return (int)c->nents - 1;
}

/* v2/v3: one entry per key of "packages", in document order. */
static int collect_packages(npm_ctx *c, const cJSON *packages, size_t *ord)
{
	for (const cJSON *p = packages->child; p; p = p->next) {
		int err = ent_new(c, p->string, strlen(p->string), p, *ord);
		if (err < 0)
			return err;
		*ord += 1 + count_keys(p);
	}
	return 0;
}

/* v1: the nested "dependencies", each given its v2 location. */
static int collect_v1(npm_ctx *c, const cJSON *deps, int parent, size_t *ord)
{
	for (const cJSON *p = deps->child; p; p = p->next) {
		scan_buf loc = SCAN_BUF_INIT;
		const char *path;
		int idx, err;

		scan_buf_init(&loc, NPM_PATH_MAX + 1);
		if (parent >= 0) {
			scan_buf_put(&loc, c->ents[parent].path, c->ents[parent].len);
			scan_buf_putc(&loc, '/');
		}
		scan_buf_puts(&loc, "node_modules/");
		scan_buf_puts(&loc, p->string);
		if ((err = scan_buf_failed(&loc)) < 0) {
			scan_buf_dispose(&loc);
			char show[SCAN_QUOTE_LEN];
			return err == SCAN_ELIMIT ? scan_lockfile__fail(c->d, SCAN_ELIMIT, 0, "'%s' nested too deep",
			                                                scan_util__quote(show, p->string, strlen(p->string)))
			                          : scan_error__oom();
		}
		path = scan_arena__strndup(&c->g.arena, loc.ptr, loc.size);
		scan_buf_dispose(&loc);
		if (!path)
			return scan_error__oom();
		if ((idx = ent_new(c, path, strlen(path), p, *ord)) < 0)
			return idx;
		*ord += 1;
		/* the entry's members in order: nested "dependencies" are entries themselves */
		for (const cJSON *m = p->child; m; m = m->next) {
			*ord += 1;
			if (!strcmp(m->string, "dependencies") && cJSON_IsObject(m)) {
				if ((err = collect_v1(c, m, idx, ord)) < 0)
					return err;
			} else {
				*ord += count_keys(m);
			}
		}
	}
	return 0;
}

/*
 * cJSON keeps no positions, but it keeps keys in document order: the n-th
 * key a plain scan of the text meets is the n-th key of the tree. Entries
 * were collected in document order, so one pass assigns every line.
 */
static void assign_lines(npm_ctx *c)
{
	const char *p = c->text, *end = c->text + c->len;
	size_t want = 0, key = 0;
	unsigned line = 1;

	if (c->len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	while (p < end && want < c->nents) {
		if (*p == '\n') {
			line++;
			p++;
		} else if (*p == '"') {
			unsigned at = line;
			for (p++; p < end && *p != '"'; p++) {
				if (*p == '\\' && p + 1 < end)
					p++;
				if (*p == '\n')
					line++;
			}
			for (p++; p < end && (unsigned char)*p <= 32; p++)
				line += *p == '\n';
			if (p < end && *p == ':') {
				while (want < c->nents && c->ents[want].ordinal < key)
					want++;
				if (want < c->nents && c->ents[want].ordinal == key)
					c->ents[want++].line = at;
				key++;
			}
		} else {
			p++;
		}
	}
}

/* Does pattern segment p match name segment s ('*' and '?' within the segment)? */
static bool seg_match(npm_ctx *c, const char *p, size_t pl, const char *s, size_t sl)
{
	size_t i = 0, j = 0, star = SIZE_MAX, mark = 0;

	while (j < sl) {
		if (!c->glob_budget)
			return false;
		c->glob_budget--;
		if (i < pl && (p[i] == '?' || p[i] == s[j])) {
			i++;
			j++;
		} else if (i < pl && p[i] == '*') {
			star = i++;
			mark = j;
		} else if (star != SIZE_MAX) {
			i = star + 1;
			j = ++mark;
		} else {
			return false;
		}
	}
	while (i < pl && p[i] == '*')
		i++;
	return i == pl;
}

/*
 * A "workspaces" pattern against a folder: segments match one for one
 * ('*' and '?' within a segment), a final "**" matches whatever remains.
 * That covers what projects write (packages/<star>, apps/web, libs/<star><star>);
 * a "**" elsewhere stands for one folder, and the whole matching has a
 * budget so a hostile file stays cheap.
 */
static bool glob_match(npm_ctx *c, const char *pat, const char *path, size_t plen)
{
	size_t i = 0;

	while (pat[0] == '.' && pat[1] == '/')
		pat += 2;
	for (;;) {
		size_t pn = strcspn(pat, "/"), sn;
		if (!pn && !pat[0])
			return i >= plen;
		if (pn == 2 && !memcmp(pat, "**", 2) && (!pat[2] || (pat[2] == '/' && !pat[3])))
			return i < plen;
		if (i >= plen)
			return false;
		sn = strcspn(path + i, "/");
		if (sn > plen - i)
			sn = plen - i;
		if (!seg_match(c, pat, pn, path + i, sn))
			return false;
		pat += pn + (pat[pn] == '/');
		i += sn + 1;
		if (!pat[0] && i < plen)
			return false;
	}
}

static bool is_workspace(npm_ctx *c, const cJSON *patterns, const npm_ent *e)
{
	int n = 0;

	if (cJSON_IsObject(patterns))  /* the yarn form, { "packages": [...] } */
		patterns = cJSON_GetObjectItemCaseSensitive(patterns, "packages");
	if (!cJSON_IsArray(patterns) || e->in_nm || !e->len)
		return false;
	for (const cJSON *p = patterns->child; p && n < NPM_WORKSPACES_MAX; p = p->next, n++)
		if (cJSON_IsString(p) && p->valuestring[0] != '!' && glob_match(c, p->valuestring, e->path, e->len))
			return true;
	return false;
}

/*
 * What a "version" says. v2/v3 give the package's own version; v1 gives
 * the spec for what is not from the registry: "npm:real@1.0.0" (an alias),
 * "git+ssh://...#<commit>", "file:../dir", a tarball URL.
 */
static void parse_version(const char *v, scan_lockfile__js_pkg *p)
{
	size_t len = strlen(v), nlen;
	const char *hash;

	p->version = v;
	p->version_len = len;
	if (scan_lockfile__js_prefix(v, len, "npm:") && scan_lockfile__js_split_at(v + 4, len - 4, &nlen)) {
		p->name = v + 4;
		p->name_len = nlen;
		p->version = v + 4 + nlen + 1;
		p->version_len = len - 4 - nlen - 1;
	} else if (scan_lockfile__js_prefix(v, len, "git+") || scan_lockfile__js_prefix(v, len, "git:") ||
	           scan_lockfile__js_prefix(v, len, "github:") || scan_lockfile__js_prefix(v, len, "gitlab:") ||
	           scan_lockfile__js_prefix(v, len, "bitbucket:")) {
		p->flags |= SCAN_DEP_GIT;
		hash = strrchr(v, '#');
		p->version = hash && hash[1] ? hash + 1 : NULL;
		p->version_len = p->version ? strlen(p->version) : 0;
	} else if (scan_lockfile__js_prefix(v, len, "file:") || scan_lockfile__js_prefix(v, len, "link:")) {
		p->flags |= SCAN_DEP_LOCAL;
		p->version = NULL;
	} else if (scan_lockfile__js_prefix(v, len, "http:") || scan_lockfile__js_prefix(v, len, "https:")) {
		p->flags |= SCAN_DEP_URL;
		p->version = NULL;
	}
	if (p->version && !p->version_len)
		p->version = NULL;
}

/* Where "resolved" says the package came from. */
static unsigned resolved_flags(const char *r)
{
	size_t len;

	if (!r)
		return 0;
	len = strlen(r);
	if (scan_lockfile__js_prefix(r, len, "git+") || scan_lockfile__js_prefix(r, len, "git:"))
		return SCAN_DEP_GIT;
	if (scan_lockfile__js_prefix(r, len, "file:"))
		return SCAN_DEP_LOCAL;
	/* registry tarballs are .../<name>/-/<name>-<version>.tgz; any other URL was named by hand */
	if ((scan_lockfile__js_prefix(r, len, "http:") || scan_lockfile__js_prefix(r, len, "https:")) && !strstr(r, "/-/"))
		return SCAN_DEP_URL;
	return 0;
}

static void set_license(const cJSON *obj, scan_lockfile__js_pkg *p)
{
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(obj, "license");

	/* old packages wrote { "type": "MIT", "url": ... } */
	if (cJSON_IsObject(l))
		l = cJSON_GetObjectItemCaseSensitive(l, "type");
	if (cJSON_IsString(l) && l->valuestring[0]) {
		p->license = l->valuestring;
		p->license_len = strlen(l->valuestring);
	}
}

/*
 * The node_modules folders Node searches from the package at e, nearest
 * first: e's own, then each folder above it (never node_modules/node_modules)
 * up to the project's. Only folders some entry is installed in count.
 */
static size_t search_dirs(const npm_ctx *c, const npm_ent *e, int *dirs)
{
	int tmp[NPM_SEGMENTS_MAX + 2];
	size_t n = 0, seg = 0;
	uint64_t h = scan_lockfile__js_hash("", 0);
	int dir;

	if ((dir = find_dir(c, 0, h)) >= 0)
		tmp[n++] = dir;
	for (size_t i = 0; i <= e->len && e->len; i++) {
		if (i == e->len || e->path[i] == '/') {
			if (i && !is_nm_segment(e->path + seg, i - seg) && (dir = find_dir(c, i, h)) >= 0 &&
			    n < NPM_SEGMENTS_MAX + 2)
				tmp[n++] = dir;
			seg = i + 1;
		}
		if (i < e->len)
			h = scan_lockfile__js_hash_more(h, e->path + i, 1);
	}
	for (size_t i = 0; i < n; i++)
		dirs[i] = tmp[n - 1 - i];
	return n;
}

/* The entry name resolves to from the folders dirs, following links; -1 when not installed. */
static int resolve(const npm_ctx *c, const int *dirs, size_t ndirs, const char *name, size_t nlen)
{
	for (size_t k = 0; k < ndirs; k++) {
		uint64_t ph = place_hash(dirs[k], name, nlen);
		size_t cur = 0;
		int at;

		while ((at = scan_lockfile__js_map_next(&c->places, ph, &cur)) >= 0) {
			const npm_ent *t = &c->ents[at];
			if (t->container != dirs[k] || t->len - t->name_off != nlen || memcmp(t->path + t->name_off, name, nlen))
				continue;
			for (int hop = 0; hop < NPM_LINK_HOPS && c->ents[at].is_link && c->ents[at].link >= 0; hop++)
				at = c->ents[at].link;
			return at;
		}
	}
	return -1;
}

/* Edges from entry e's dependency groups (the resolved nodes); importers also their devDependencies. */
static int add_edges(npm_ctx *c, int idx, bool v1, bool importer)
{
	static const struct { const char *key; unsigned kind; } groups[] = {
		{ "dependencies", SCAN_SCA_JS_PROD },
		{ "optionalDependencies", SCAN_SCA_JS_OPT },
		{ "peerDependencies", SCAN_SCA_JS_PROD },
		{ "devDependencies", SCAN_SCA_JS_DEV },
		{ "requires", SCAN_SCA_JS_PROD },
	};
	const npm_ent *e = &c->ents[idx];
	int from = e->node, dirs[NPM_SEGMENTS_MAX + 2];
	size_t ndirs = search_dirs(c, e, dirs);

	for (size_t k = 0; k < sizeof(groups) / sizeof(groups[0]); k++) {
		const cJSON *deps;
		/* v1 entries say "requires"; their "dependencies" are the nested packages */
		if (v1 != (k == 4) || (k == 3 && !importer))
			continue;
		deps = cJSON_GetObjectItemCaseSensitive(e->obj, groups[k].key);
		if (!cJSON_IsObject(deps))
			continue;
		for (const cJSON *dep = deps->child; dep; dep = dep->next) {
			int to = resolve(c, dirs, ndirs, dep->string, strlen(dep->string)), err;
			if (to < 0 || c->ents[to].node < 0)
				continue;
			if (!importer)
				c->ents[to].required = true;
			if ((err = scan_lockfile__js_edge_add(c->d, &c->g, from, c->ents[to].node, groups[k].kind)) < 0)
				return err;
		}
	}
	return 0;
}

/* The locations, their folders and names, the links between them. */
static int index_entries(npm_ctx *c)
{
	int err;

	for (size_t i = 0; i < c->nents; i++) {
		npm_ent *e = &c->ents[i];
		if ((err = parse_location(c, e)) < 0)
			return err;
		if ((err = scan_lockfile__js_map_add(&c->paths, scan_lockfile__js_hash(e->path, e->len), (int)i)) < 0)
			return err;
		if (!e->in_nm)
			continue;
		if ((err = add_dir(c, e->path, e->dir_len, &e->container)) < 0)
			return err;
		err = scan_lockfile__js_map_add(&c->places, place_hash(e->container, e->path + e->name_off, e->len - e->name_off),
		                                (int)i);
		if (err < 0)
			return err;
	}
	for (size_t i = 0; i < c->nents; i++) {
		npm_ent *e = &c->ents[i];
		const char *target;
		size_t cur = 0, tlen;
		uint64_t th;
		int at;

		if (!true_of(e->obj, "link") || !(target = str_of(e->obj, "resolved")))
			continue;
		e->is_link = true;
		tlen = strlen(target);
		th = scan_lockfile__js_hash(target, tlen);
		while ((at = scan_lockfile__js_map_next(&c->paths, th, &cur)) >= 0) {
			if (c->ents[at].len == tlen && !memcmp(c->ents[at].path, target, tlen) &&
			    (size_t)at != i) {
				e->link = at;
				if (e->in_nm && !c->ents[at].link_name) {
					c->ents[at].link_name = e->path + e->name_off;
					c->ents[at].link_name_len = e->len - e->name_off;
				}
				break;
			}
		}
	}
	return 0;
}

/* A graph node for every entry that is a package (not a link to one). */
static int make_nodes(npm_ctx *c, bool v1)
{
	const cJSON *workspaces = c->root >= 0 ? cJSON_GetObjectItemCaseSensitive(c->ents[c->root].obj, "workspaces")
	                                       : NULL;

	for (size_t i = 0; i < c->nents; i++) {
		npm_ent *e = &c->ents[i];
		const char *v, *name;
		scan_lockfile__js_pkg *p;
		int node;

		/* a link to a listed folder is that folder's package; a dangling one stands for itself */
		if (e->is_link && e->link >= 0)
			continue;
		if ((node = scan_lockfile__js_pkg_new(c->d, &c->g, e->line)) < 0)
			return node;
		e->node = node;
		p = &c->g.pkgs[node];
		if ((int)i == c->root) {
			p->importer = p->skip = true;
			continue;
		}
		if (e->in_nm) {
			p->name = e->path + e->name_off;
			p->name_len = e->len - e->name_off;
		} else if (e->link_name) {
			p->name = e->link_name;
			p->name_len = e->link_name_len;
		} else {
			size_t base = e->len;
			while (base && e->path[base - 1] != '/')
				base--;
			p->name = e->path + base;
			p->name_len = e->len - base;
		}
		if (!v1 && (name = str_of(e->obj, "name")) && name[0]) {
			p->name = name;
			p->name_len = strlen(name);
		}
		if ((v = str_of(e->obj, "version")))
			parse_version(v, p);
		p->flags |= resolved_flags(str_of(e->obj, "resolved"));
		/* a folder outside node_modules, or a symlink to one: the project's own code */
		if (!e->in_nm || e->is_link)
			p->flags |= SCAN_DEP_LOCAL;
		if (true_of(e->obj, "dev"))
			p->flags |= SCAN_DEP_DEV;
		/* devOptional: a dev dependency, and an optional one of the production tree */
		if (true_of(e->obj, "optional") || true_of(e->obj, "devOptional"))
			p->flags |= SCAN_DEP_OPTIONAL;
		set_license(e->obj, p);
		if (!e->in_nm && !e->is_link && is_workspace(c, workspaces, e))
			p->importer = true;
	}
	return 0;
}

/* v1 with the project's package.json: its dependencies, resolved from the top. */
static int v1_manifest_root(npm_ctx *c, bool *have)
{
	cJSON *pkg = NULL;
	npm_ent top;
	int root, err = 0, dirs[NPM_SEGMENTS_MAX + 2];
	size_t ndirs;

	*have = false;
	if (scan_lockfile__js_read_manifest(c->d, "package.json", &pkg) < 0)
		return 0;
	if ((root = scan_lockfile__js_pkg_new(c->d, &c->g, 0)) < 0) {
		err = root;
		goto done;
	}
	c->g.pkgs[root].importer = c->g.pkgs[root].skip = true;
	memset(&top, 0, sizeof(top));
	top.path = "";
	ndirs = search_dirs(c, &top, dirs);
	for (size_t k = 0; k < 4; k++) {
		const cJSON *deps = cJSON_GetObjectItemCaseSensitive(pkg, scan_lockfile__js_manifest_groups[k].key);
		if (!cJSON_IsObject(deps))
			continue;
		for (const cJSON *dep = deps->child; dep; dep = dep->next) {
			int to = resolve(c, dirs, ndirs, dep->string, strlen(dep->string));
			if (to < 0 || c->ents[to].node < 0)
				continue;
			if ((err = scan_lockfile__js_edge_add(c->d, &c->g, root, c->ents[to].node,
			                                      scan_lockfile__js_manifest_groups[k].kind)) < 0)
				goto done;
		}
	}
	*have = true;
done:
	cJSON_Delete(pkg);
	return err;
}

int scan_lockfile__extract_npm_lock(scan_sca_doc *d, const char *text, size_t len)
{
	npm_ctx c;
	cJSON *root = NULL;
	const cJSON *packages, *deps, *ver;
	size_t ord = 0;
	bool v1, have_root = false;
	int err;

	memset(&c, 0, sizeof(c));
	c.d = d;
	c.text = text;
	c.len = len;
	c.root = -1;
	c.glob_budget = NPM_GLOB_BUDGET;
	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		goto done;
	if (!cJSON_IsObject(root)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 1, "not a package-lock.json: the top is not an object");
		goto done;
	}
	ver = cJSON_GetObjectItemCaseSensitive(root, "lockfileVersion");
	if (ver && (!cJSON_IsNumber(ver) || ver->valuedouble < 1 || ver->valuedouble > 1000 ||
	            ver->valuedouble != (double)(int)ver->valuedouble)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "lockfileVersion is not a version number");
		goto done;
	}
	packages = cJSON_GetObjectItemCaseSensitive(root, "packages");
	deps = cJSON_GetObjectItemCaseSensitive(root, "dependencies");
	if ((packages && !cJSON_IsObject(packages)) || (deps && !cJSON_IsObject(deps))) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "\"%s\" is not an object", packages ? "packages" : "dependencies");
		goto done;
	}
	/* v2 has both; a future version without "packages" would not be v1 either */
	v1 = !packages;
	if (v1 && ver && ver->valueint > 1 && deps) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "lockfileVersion %d without \"packages\"", ver->valueint);
		goto done;
	}
	for (const cJSON *m = root->child; m; m = m->next) {
		ord++;
		if (!v1 && m == packages)
			err = collect_packages(&c, m, &ord);
		else if (v1 && m == deps)
			err = collect_v1(&c, m, -1, &ord);
		else
			ord += count_keys(m);
		if (err < 0)
			goto done;
	}
	assign_lines(&c);
	for (size_t i = 0; !v1 && i < c.nents; i++)
		if (!c.ents[i].len)
			c.root = (int)i;
	if ((err = index_entries(&c)) < 0 || (err = make_nodes(&c, v1)) < 0)
		goto done;
	for (size_t i = 0; i < c.nents; i++) {
		if (c.ents[i].node < 0)
			continue;
		if ((err = add_edges(&c, (int)i, v1, c.g.pkgs[c.ents[i].node].importer)) < 0)
			goto done;
	}
	have_root = c.root >= 0;
	if (v1 && (err = v1_manifest_root(&c, &have_root)) < 0)
		goto done;
	if (have_root) {
		err = scan_lockfile__js_classify(&c.g, SCAN_SCA_JS_DIRECT | SCAN_SCA_JS_TRANSITIVE);
	} else {
		/* the tree alone: see the comment at the top */
		for (size_t i = 0; i < c.nents; i++) {
			const npm_ent *e = &c.ents[i];
			if (e->node < 0 || !e->in_nm)
				continue;
			if (scan_lockfile__js_prefix(e->path, e->dir_len, "node_modules/"))
				c.g.pkgs[e->node].flags |= SCAN_DEP_TRANSITIVE;
			else if (!e->dir_len && !e->required)
				c.g.pkgs[e->node].flags |= SCAN_DEP_DIRECT;
		}
		err = 0;
	}
	if (err < 0)
		goto done;
	err = scan_lockfile__js_emit(d, &c.g);
done:
	cJSON_Delete(root);
	scan_lockfile__js_map_dispose(&c.paths);
	scan_lockfile__js_map_dispose(&c.containers);
	scan_lockfile__js_map_dispose(&c.places);
	free(c.dirs);
	free(c.ents);
	scan_lockfile__js_graph_dispose(&c.g);
	return err;
}
