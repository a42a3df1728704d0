/* lib/lockfile/extract_msbuild.c - NuGet PackageReference in MSBuild project files (*.csproj, *.fsproj, *.vbproj) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/extractors.h"
#include "lockfile/props.h"
#include "lockfile/xmlread.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

static bool ends_with_ci(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcasecmp(s + n - m, suffix);
}

/* --- *.csproj, *.fsproj, *.vbproj ----------------------------------------- */

/*
 * An SDK-style project declares its packages as items:
 *
 *   <PackageReference Include="Serilog" Version="$(SerilogVersion)" />
 *   <PackageReference Include="xunit"><Version>2.6.2</Version></PackageReference>
 *   <PackageReference Include="coverlet.collector" Version="6.0.0" PrivateAssets="all" />
 *
 * MSBuild evaluates every property first and the items afterwards, in
 * document order (Update and Remove act on the items included before
 * them), and so do we. With Central Package Management the versions live
 * in the nearest Directory.Packages.props above the project
 * (<PackageVersion Include= Version=>), which may import the next one up;
 * VersionOverride on the reference beats it. Properties come from the
 * project and those files; a property set only under different Conditions
 * we cannot evaluate has no single value. Versions that stay unknown, and
 * ranges or floating versions ("[1.0,2.0)", "1.*"), are NULL with
 * SCAN_DEP_UNPINNED; "[1.2.3]" is exactly 1.2.3 and a bare "1.2.3" is what
 * NuGet restores when it exists.
 *
 * Development only (SCAN_DEP_DEV): PrivateAssets="all" (analyzers, build
 * tools, test adapters: nothing flows to consumers), a
 * GlobalPackageReference of the central file (meant for exactly those), and
 * every package of a test project (IsTestProject, or a reference to
 * Microsoft.NET.Test.Sdk, which turns a project into a test host).
 * Directory.Build.props and .targets are not read.
 */

#define MSB_REFS_MAX 5000        /* PackageReference operations in one project */
#define MSB_NAMES_MAX 5000       /* package names those operations list, after expansion */
#define MSB_PROPS_FILES_MAX 8    /* Directory.Packages.props importing its parent */
#define MSB_EXPAND_DEPTH 16
#define MSB_EXPAND_BUDGET 1000
#define MSB_VALUE_MAX 4096

bool scan_lockfile__is_csproj(const char *path, const char *base)
{
	(void)path;
	return ends_with_ci(base, ".csproj") || ends_with_ci(base, ".fsproj") || ends_with_ci(base, ".vbproj");
}

enum { REF_INCLUDE, REF_UPDATE, REF_REMOVE, REF_GLOBAL };

typedef struct {
	int op;
	const char *items;        /* Include, Update or Remove: names separated by ';' */
	const char *version, *override, *private_assets;
	unsigned line;            /* 0 outside the project file */
} msb_ref;

typedef struct {
	const char *name, *version, *override;
	bool dev;
	unsigned line;
	bool removed;
} msb_item;

typedef struct {
	scan_sca_doc *d;
	scan_arena arena;
	scan_lockfile__props props, versions;   /* names without case */
	msb_ref *refs;
	size_t nrefs, refs_cap;
	/* parse of one file */
	uint64_t rank;
	bool in_project;          /* the project file, not a Directory.Packages.props */
	bool import_parent;       /* the props file imports the next one up */
	unsigned cond_depth;      /* depth of the outermost conditional element open, 0 none */
	int open_kind;            /* 0, 'r' (a ref) or 'v' (a PackageVersion) open */
	size_t open_idx;
	unsigned open_depth;
	scan_lockfile__interp_rules interp;
} msb_ctx;

static const char *dup(msb_ctx *c, const char *s, size_t len)
{
	return scan_arena__strndup(&c->arena, s, len);
}

static int table_add(msb_ctx *c, scan_lockfile__props *t, const char *name, const char *value, size_t vlen,
                     bool cond)
{
	const char *n, *v;
	int err;

	if (!(n = dup(c, name, strlen(name))) || !(v = dup(c, value, vlen)))
		return scan_error__oom();
	if ((err = scan_lockfile__props_add(t, n, v, c->rank << 32 | (uint64_t)t->n, cond)) == SCAN_ELIMIT)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, 0, "more than %d properties", SCAN_SCA_COMPONENTS_MAX);
	return err;
}

/* The next-to-last component of path: the parent element's name. */
static const char *parent_name(const char *path, size_t *len)
{
	const char *last = strrchr(path, '/'), *p;

	if (!last)
		return NULL;
	for (p = last; p > path && p[-1] != '/'; p--)
		;
	*len = (size_t)(last - p);
	return p;
}

static bool is(const char *s, size_t len, const char *want)
{
	return strlen(want) == len && !strncasecmp(s, want, len);
}

static int add_ref(msb_ctx *c, scan_sca_xml *x, int op, const char *items, const char **attrs)
{
	const char *v;
	msb_ref *r;

	if (c->nrefs >= MSB_REFS_MAX)
		return scan_lockfile__xml_fail(x, SCAN_ELIMIT, "more than %d package references", MSB_REFS_MAX);
	if (scan_array_reserve(&c->refs, &c->refs_cap, c->nrefs + 1, sizeof(*c->refs)))
		return SCAN_ENOMEM;
	r = &c->refs[c->nrefs];
	memset(r, 0, sizeof(*r));
	r->op = op;
	r->line = c->in_project ? scan_lockfile__xml_line(x) : 0;
	if (!(r->items = dup(c, items, strlen(items))))
		return scan_error__oom();
	if ((v = scan_lockfile__xml_attr_ci(attrs, "Version")) && !(r->version = dup(c, v, strlen(v))))
		return scan_error__oom();
	if ((v = scan_lockfile__xml_attr_ci(attrs, "VersionOverride")) && !(r->override = dup(c, v, strlen(v))))
		return scan_error__oom();
	if ((v = scan_lockfile__xml_attr_ci(attrs, "PrivateAssets")) && !(r->private_assets = dup(c, v, strlen(v))))
		return scan_error__oom();
	c->open_kind = 'r';
	c->open_idx = c->nrefs++;
	c->open_depth = scan_lockfile__xml_depth(x);
	return 0;
}

static int msb_start(scan_sca_xml *x, const char *path, const char **attrs)
{
	msb_ctx *c = scan_lockfile__xml_ctx(x);
	const char *name = scan_lockfile__xml_name(x), *parent, *v;
	unsigned depth = scan_lockfile__xml_depth(x);
	size_t plen = 0;
	int err;

	if (depth == 1) {
		if (strcmp(path, "Project"))
			return scan_lockfile__xml_fail(x, SCAN_EPARSE, "root element is <%.64s>, not <Project>", path);
		return 0;
	}
	/* Targets run at build time, after evaluation: nothing in them declares a package. */
	if (!strncmp(path, "Project/Target/", 15))
		return 0;
	if (!c->cond_depth && (scan_lockfile__xml_attr_ci(attrs, "Condition") || !strcmp(name, "Choose")))
		c->cond_depth = depth;
	if (!strcmp(name, "Import") && !c->in_project) {
		v = scan_lockfile__xml_attr(attrs, "Project");
		if (v && strstr(v, "Directory.Packages.props"))
			c->import_parent = true;
		return 0;
	}
	parent = parent_name(path, &plen);
	if (c->open_kind || !parent || !is(parent, plen, "ItemGroup"))
		return 0;
	if (!strcasecmp(name, "PackageReference") && c->in_project) {
		if ((v = scan_lockfile__xml_attr(attrs, "Include")))
			return add_ref(c, x, REF_INCLUDE, v, attrs);
		if ((v = scan_lockfile__xml_attr(attrs, "Update")))
			return add_ref(c, x, REF_UPDATE, v, attrs);
		if ((v = scan_lockfile__xml_attr(attrs, "Remove")))
			return add_ref(c, x, REF_REMOVE, v, attrs);
	} else if (!strcasecmp(name, "GlobalPackageReference") && !c->in_project) {
		if ((v = scan_lockfile__xml_attr(attrs, "Include")))
			return add_ref(c, x, REF_GLOBAL, v, attrs);
	} else if (!strcasecmp(name, "PackageVersion")) {
		/* Update in a nested file re-pins a version of an outer one: nearer wins anyway. */
		const char *inc = scan_lockfile__xml_attr(attrs, "Include");
		if (!inc)
			inc = scan_lockfile__xml_attr(attrs, "Update");
		if (!inc || !*inc)
			return 0;
		v = scan_lockfile__xml_attr_ci(attrs, "Version");
		if ((err = table_add(c, &c->versions, inc, v ? v : "", v ? strlen(v) : 0, c->cond_depth != 0)) < 0)
			return err;
		c->open_kind = 'v';
		c->open_idx = c->versions.n - 1;
		c->open_depth = depth;
	}
	return 0;
}

static int msb_end(scan_sca_xml *x, const char *path, const char *text, size_t len)
{
	msb_ctx *c = scan_lockfile__xml_ctx(x);
	const char *name = scan_lockfile__xml_name(x), *parent;
	unsigned depth = scan_lockfile__xml_depth(x);
	size_t plen = 0;
	int err = 0;

	if (c->open_kind && depth == c->open_depth) {
		c->open_kind = 0;
	} else if (c->open_kind == 'r' && depth == c->open_depth + 1) {
		msb_ref *r = &c->refs[c->open_idx];
		const char **field = !strcasecmp(name, "Version")           ? &r->version
		                     : !strcasecmp(name, "VersionOverride") ? &r->override
		                     : !strcasecmp(name, "PrivateAssets")   ? &r->private_assets
		                                                            : NULL;
		if (field && !(*field = dup(c, text, len)))
			err = scan_error__oom();
	} else if (c->open_kind == 'v' && depth == c->open_depth + 1) {
		if (!strcasecmp(name, "Version") && !(c->versions.v[c->open_idx].value = dup(c, text, len)))
			err = scan_error__oom();
	} else if (!c->open_kind && depth >= 3 && strncmp(path, "Project/Target/", 15) &&
	           (parent = parent_name(path, &plen)) &&
	           is(parent, plen, "PropertyGroup")) {
		err = table_add(c, &c->props, name, text, len, c->cond_depth != 0);
	}
	if (c->cond_depth == depth)
		c->cond_depth = 0;
	return err;
}

static int parse_msbuild(msb_ctx *c, const char *label, const char *text, size_t len)
{
	static const scan_sca_xml_handlers h = { msb_start, msb_end };

	c->cond_depth = 0;
	c->open_kind = 0;
	c->import_parent = false;
	return scan_lockfile__xml_parse(c->d, label, text, len, &h, c);
}

/*
 * Read the Directory.Packages.props that applies: the nearest one in the
 * project's directory or above, and the ones it imports from further up.
 * One that cannot be read or parsed ends the search without failing the
 * project: the versions it would give stay unpinned.
 */
static int read_central(msb_ctx *c)
{
	scan_buf rel = SCAN_BUF_INIT;
	unsigned levels = 0, files = 0;
	int err = 0;

	for (const char *p = c->d->file; *p; p++)
		levels += *p == '/';
	scan_buf_init(&rel, 4096);
	c->in_project = false;
	for (unsigned up = 0; up <= levels && files < MSB_PROPS_FILES_MAX; up++) {
		size_t nprops = c->props.n, nversions = c->versions.n, nrefs = c->nrefs;
		char *text = NULL;
		size_t len;

		scan_buf_clear(&rel);
		for (unsigned k = 0; k < up; k++)
			scan_buf_puts(&rel, "../");
		scan_buf_puts(&rel, "Directory.Packages.props");
		if (scan_buf_failed(&rel))
			break;
		err = scan_lockfile__read_sibling(c->d, rel.ptr, &text, &len);
		if (err == SCAN_ENOTFOUND) {
			err = 0;
			continue;
		}
		if (err < 0)
			break;
		c->rank = 1000 - files;
		err = parse_msbuild(c, rel.ptr, text, len);
		free(text);
		if (err < 0) {
			c->props.n = nprops;
			c->versions.n = nversions;
			c->nrefs = nrefs;
			break;
		}
		files++;
		if (!c->import_parent)
			break;
	}
	scan_buf_dispose(&rel);
	return err == SCAN_ENOMEM ? err : 0;
}

static bool msb_ident(const char *s, size_t len)
{
	if (!len || !(s[0] == '_' || (s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return false;
	for (size_t i = 1; i < len; i++)
		if (!(s[i] == '_' || s[i] == '-' || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= '0' && s[i] <= '9')))
			return false;
	return true;
}

/* A property's value for $(Name); property functions ($([System...])) and unknown names are none. */
static const char *msb_lookup(void *ctx, const char *name, size_t len)
{
	const msb_ctx *c = ctx;
	const scan_lockfile__prop *def = msb_ident(name, len) ? scan_lockfile__props_find(&c->props, name, len) : NULL;

	return def ? def->value : NULL;
}

/* s with properties expanded, trimmed, in the arena; NULL when empty or not fully known. */
static int msb_expand(msb_ctx *c, const char *s, const char **out)
{
	return scan_lockfile__interp(&c->interp, &c->arena, s, out, NULL);
}

/*
 * The exact version a NuGet version string pins, or NULL: "1.2.3" and
 * "[1.2.3]" pin, ranges and floating versions ("1.*", "[1.0,)") do not.
 */
static int exact_version(msb_ctx *c, const char *v, const char **out)
{
	size_t len;

	*out = NULL;
	if (!v)
		return 0;
	len = strlen(v);
	if (len >= 2 && v[0] == '[' && v[len - 1] == ']' && !memchr(v, ',', len)) {
		const char *s = v + 1;
		len -= 2;
		while (len && *s == ' ') {
			s++;
			len--;
		}
		while (len && s[len - 1] == ' ')
			len--;
		if (!len || memchr(s, '*', len) || memchr(s, ' ', len))
			return 0;
		return (*out = dup(c, s, len)) ? 0 : scan_error__oom();
	}
	*out = strpbrk(v, "[]()*, ") ? NULL : v;
	return 0;
}

/* PrivateAssets is a ';' list; "all" keeps every asset from consumers. */
static bool private_all(const char *s)
{
	while (s && *s) {
		size_t n = strcspn(s, ";");
		const char *t = s;
		size_t m = n;
		while (m && (*t == ' ' || *t == '\t')) {
			t++;
			m--;
		}
		while (m && (t[m - 1] == ' ' || t[m - 1] == '\t'))
			m--;
		if (is(t, m, "all"))
			return true;
		s += n + (s[n] == ';');
	}
	return false;
}

static int push_item(msb_item **items, size_t *n, size_t *cap)
{
	return scan_array_push(items, n, cap, sizeof(**items)) ? 0 : SCAN_ENOMEM;
}

/* Apply the reference operations in order: the items MSBuild would end up with. */
static int evaluate_refs(msb_ctx *c, msb_item **items, size_t *nitems)
{
	size_t cap = 0, names = 0;
	int err;

	for (size_t i = 0; i < c->nrefs; i++) {
		const msb_ref *r = &c->refs[i];
		const char *list, *p;

		if ((err = msb_expand(c, r->items, &list)) < 0)
			return err;
		for (p = list; p && *p;) {
			size_t n = strcspn(p, ";"), m = n;
			const char *t = p;

			p += n + (p[n] == ';');
			while (m && scan_lockfile__is_space(*t)) {
				t++;
				m--;
			}
			while (m && scan_lockfile__is_space(t[m - 1]))
				m--;
			/* Wildcards and item transforms name no package. */
			if (!m || memchr(t, '*', m) || memchr(t, '@', m) || memchr(t, '%', m))
				continue;
			/* Update and Remove compare with every item: keep the product small. */
			if (++names > MSB_NAMES_MAX)
				return scan_lockfile__fail(c->d, SCAN_ELIMIT, r->line, "more than %d package references",
				                           MSB_NAMES_MAX);
			if (r->op == REF_INCLUDE || r->op == REF_GLOBAL) {
				msb_item *it;
				if ((err = push_item(items, nitems, &cap)) < 0)
					return err;
				it = &(*items)[*nitems - 1];
				if (!(it->name = dup(c, t, m)))
					return scan_error__oom();
				it->version = r->version;
				it->override = r->override;
				it->dev = r->op == REF_GLOBAL || private_all(r->private_assets);
				it->line = r->line;
				continue;
			}
			for (size_t k = 0; k < *nitems; k++) {
				msb_item *it = &(*items)[k];
				if (it->removed || !is(t, m, it->name))
					continue;
				if (r->op == REF_REMOVE) {
					it->removed = true;
					continue;
				}
				if (r->version)
					it->version = r->version;
				if (r->override)
					it->override = r->override;
				if (r->private_assets)
					it->dev = private_all(r->private_assets);
			}
		}
	}
	return 0;
}

int scan_lockfile__extract_csproj(scan_sca_doc *d, const char *text, size_t len)
{
	msb_ctx *c = calloc(1, sizeof(*c));
	msb_item *items = NULL;
	size_t nitems = 0;
	const char *testproj = NULL;
	bool test_project = false, central = false;
	int err;

	if (!c)
		return scan_error__oom();
	c->d = d;
	c->props.fold_case = c->versions.fold_case = true;
	c->interp = (scan_lockfile__interp_rules){ '(', ')', true, MSB_EXPAND_DEPTH, MSB_EXPAND_BUDGET, MSB_VALUE_MAX,
	                                           msb_lookup, c };
	c->in_project = true;
	c->rank = 2000;
	if ((err = parse_msbuild(c, NULL, text, len)) < 0)
		goto done;
	/* Only a reference without a version needs the central file. */
	for (size_t i = 0; i < c->nrefs; i++)
		central |= c->refs[i].op == REF_INCLUDE && !c->refs[i].version && !c->refs[i].override;
	if (central && (err = read_central(c)) < 0)
		goto done;
	scan_lockfile__props_resolve(&c->props);
	scan_lockfile__props_resolve(&c->versions);
	if ((err = evaluate_refs(c, &items, &nitems)) < 0)
		goto done;
	if ((err = msb_expand(c, "$(IsTestProject)", &testproj)) < 0)
		goto done;
	test_project = testproj && !strcasecmp(testproj, "true");
	for (size_t i = 0; i < nitems; i++)
		test_project |= !items[i].removed && !strcasecmp(items[i].name, "Microsoft.NET.Test.Sdk");
	for (size_t i = 0; i < nitems; i++) {
		const msb_item *it = &items[i];
		const char *raw = it->override ? it->override : it->version, *v = NULL;
		unsigned flags = SCAN_DEP_DIRECT;
		int idx;

		if (it->removed)
			continue;
		if (!raw) {
			const scan_lockfile__prop *pv = scan_lockfile__props_find(&c->versions, it->name, strlen(it->name));
			raw = pv ? pv->value : NULL;
		}
		if ((err = msb_expand(c, raw, &v)) < 0 || (err = exact_version(c, v, &v)) < 0)
			goto done;
		if (!v)
			flags |= SCAN_DEP_UNPINNED;
		if (it->dev || test_project)
			flags |= SCAN_DEP_DEV;
		idx = scan_lockfile__add(d, SCAN_ECO_NUGET, it->name, strlen(it->name), v, v ? strlen(v) : 0, flags,
		                         it->line);
		if (idx < 0) {
			err = idx;
			goto done;
		}
	}
done:
	free(items);
	scan_lockfile__props_dispose(&c->props);
	scan_lockfile__props_dispose(&c->versions);
	free(c->refs);
	scan_arena__dispose(&c->arena);
	free(c);
	return err;
}
