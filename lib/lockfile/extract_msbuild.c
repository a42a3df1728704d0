/* lib/lockfile/extract_msbuild.c - NuGet PackageReference in MSBuild project files (*.csproj, *.fsproj, *.vbproj) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/extractors.h"
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

/* A definition of a property or of a central package version. */
typedef struct {
	const char *name, *value;
	uint64_t order;           /* file rank << 32 | position: later definitions win */
	bool cond;                /* under a Condition */
} msb_def;

typedef struct {
	msb_def *v;
	size_t n, cap;
} msb_table;

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
	msb_table props, versions;
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
	/* interpolation of one value */
	struct {
		const char *name;
		size_t len;
	} stack[MSB_EXPAND_DEPTH];
	unsigned depth, budget;
	bool unresolved;
} msb_ctx;

static const char *dup(msb_ctx *c, const char *s, size_t len)
{
	return scan_arena__strndup(&c->arena, s, len);
}

static int table_add(msb_ctx *c, msb_table *t, const char *name, const char *value, size_t vlen, bool cond)
{
	msb_def *def;

	if (t->n >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, 0, "more than %d properties", SCAN_SCA_COMPONENTS_MAX);
	if (scan_array_reserve(&t->v, &t->cap, t->n + 1, sizeof(*t->v)))
		return SCAN_ENOMEM;
	def = &t->v[t->n];
	def->order = c->rank << 32 | (uint64_t)t->n;
	def->cond = cond;
	if (!(def->name = dup(c, name, strlen(name))) || !(def->value = dup(c, value, vlen)))
		return scan_error__oom();
	t->n++;
	return 0;
}

static int cmp_def(const void *a, const void *b)
{
	const msb_def *x = a, *y = b;
	int c = strcasecmp(x->name, y->name);

	if (c)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * One value per name: the last unconditional definition; failing that, the
 * conditional ones when they all agree (the "default unless set" idiom);
 * otherwise none (value NULL): which one applies depends on the build.
 */
static void table_resolve(msb_table *t)
{
	size_t out = 0, i = 0;

	if (!t->n)
		return;
	qsort(t->v, t->n, sizeof(*t->v), cmp_def);
	while (i < t->n) {
		size_t j = i;
		const char *value = NULL;
		bool agree = true;

		while (j < t->n && !strcasecmp(t->v[j].name, t->v[i].name))
			j++;
		for (size_t k = i; k < j; k++)
			if (!t->v[k].cond)
				value = t->v[k].value;
		if (!value) {
			const msb_def *first = &t->v[i];
			for (const msb_def *d = first + 1; d < t->v + j && agree; d++)
				agree = !strcmp(d->value, first->value);
			value = agree ? t->v[i].value : NULL;
		}
		t->v[out] = t->v[i];
		t->v[out].value = value;
		out++;
		i = j;
	}
	t->n = out;
}

static const msb_def *table_find(const msb_table *t, const char *name, size_t len)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *k = t->v[mid].name;
		int c = strncasecmp(k, name, len);
		if (!c && k[len])
			c = 1;
		if (!c)
			return &t->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
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

static bool msb_in_stack(const msb_ctx *c, const char *name, size_t len)
{
	for (unsigned i = 0; i < c->depth; i++)
		if (c->stack[i].len == len && !strncasecmp(c->stack[i].name, name, len))
			return true;
	return false;
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

/* Append s with every $(Name) replaced; property functions and unknown names are kept and noted. */
static void msb_expand_into(msb_ctx *c, const char *s, size_t len, scan_buf *out)
{
	size_t i = 0;

	while (i < len) {
		const char *open = NULL, *close, *name;
		const msb_def *def;
		size_t nlen;

		for (size_t k = i; k + 1 < len; k++) {
			if (s[k] == '$' && s[k + 1] == '(') {
				open = s + k;
				break;
			}
		}
		if (!open) {
			scan_buf_put(out, s + i, len - i);
			return;
		}
		scan_buf_put(out, s + i, (size_t)(open - (s + i)));
		name = open + 2;
		if (!(close = memchr(name, ')', len - (size_t)(name - s)))) {
			scan_buf_put(out, open, len - (size_t)(open - s));
			c->unresolved = true;
			return;
		}
		nlen = (size_t)(close - name);
		def = msb_ident(name, nlen) ? table_find(&c->props, name, nlen) : NULL;
		if (!def || !def->value || !c->budget || c->depth >= MSB_EXPAND_DEPTH || msb_in_stack(c, name, nlen)) {
			c->unresolved = true;
			scan_buf_put(out, open, (size_t)(close + 1 - open));
		} else {
			c->budget--;
			c->stack[c->depth].name = name;
			c->stack[c->depth].len = nlen;
			c->depth++;
			msb_expand_into(c, def->value, strlen(def->value), out);
			c->depth--;
		}
		i = (size_t)(close + 1 - s);
	}
}

/* s with properties expanded, trimmed, in the arena; NULL when empty or not fully known. */
static int msb_expand(msb_ctx *c, const char *s, const char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	int err = 0;

	*out = NULL;
	if (!s)
		return 0;
	scan_buf_init(&b, MSB_VALUE_MAX);
	c->depth = 0;
	c->budget = MSB_EXPAND_BUDGET;
	c->unresolved = false;
	msb_expand_into(c, s, strlen(s), &b);
	if (scan_buf_failed(&b) == SCAN_ENOMEM) {
		err = scan_error__oom();
	} else if (!scan_buf_failed(&b) && !c->unresolved) {
		const char *v = b.ptr;
		size_t len = b.size;
		while (len && scan_lockfile__is_space(*v)) {
			v++;
			len--;
		}
		while (len && scan_lockfile__is_space(v[len - 1]))
			len--;
		if (len && !(*out = dup(c, v, len)))
			err = scan_error__oom();
	}
	scan_buf_dispose(&b);
	return err;
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
	c->in_project = true;
	c->rank = 2000;
	if ((err = parse_msbuild(c, NULL, text, len)) < 0)
		goto done;
	/* Only a reference without a version needs the central file. */
	for (size_t i = 0; i < c->nrefs; i++)
		central |= c->refs[i].op == REF_INCLUDE && !c->refs[i].version && !c->refs[i].override;
	if (central && (err = read_central(c)) < 0)
		goto done;
	table_resolve(&c->props);
	table_resolve(&c->versions);
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
			const msb_def *pv = table_find(&c->versions, it->name, strlen(it->name));
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
	free(c->props.v);
	free(c->versions.v);
	free(c->refs);
	scan_arena__dispose(&c->arena);
	free(c);
	return err;
}
