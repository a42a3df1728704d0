/* lib/lockfile/extract_maven.c - pom.xml: the dependencies a Maven project declares */
#include <stdlib.h>
#include <string.h>
#include "lockfile/extractors.h"
#include "lockfile/props.h"
#include "lockfile/xmlread.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * A pom is a manifest, not a lockfile: it names the project's direct
 * dependencies, whose versions may come from <properties>, from
 * <dependencyManagement> or from a parent pom. Maven builds the effective
 * model by inheritance first and interpolates ${...} afterwards, so a
 * parent's ${foo.version} takes the child's value of foo.version and
 * ${project.version} is the child's version everywhere; we do the same.
 *
 * What is resolved here: parents in the same repository (<relativePath>,
 * default ../pom.xml), properties with nesting and cycle detection,
 * project.* built-ins, dependencyManagement of the whole chain. What is
 * not: anything from a remote repository (a parent that is not in the
 * tree, BOMs imported with <scope>import</scope>), profiles (active only
 * under conditions we cannot evaluate), ${env.*} and ${settings.*}. A
 * version that stays unknown is reported as NULL with SCAN_DEP_UNPINNED,
 * never guessed. Dependencies inherited from a parent's <dependencies> are
 * reported by the parent's own pom.xml, not repeated in each module.
 *
 * Scopes: test is SCAN_DEP_DEV; provided is not (the code runs against it,
 * the container ships it, and its vulnerabilities are the deployment's);
 * system is SCAN_DEP_LOCAL (a jar at a path on disk, not from a registry).
 */

#define POM_PARENTS_MAX 16       /* ancestors followed; also bounded by SCAN_SCA_INCLUDES_MAX */
#define POM_EXPAND_DEPTH 16      /* properties nested in properties */
#define POM_EXPAND_BUDGET 1000   /* substitutions for one value: ${a}=${b}${b}, ${b}=${c}${c}... */
#define POM_EXPAND_TOTAL 1000000 /* substitutions for the whole document */
#define POM_VALUE_MAX 4096       /* bytes of one interpolated value */

typedef struct {
	const char *group, *artifact, *version, *scope, *type, *classifier, *optional;
	unsigned line;
} pom_dep;

typedef struct {
	const char *group, *artifact, *version;
	const char *parent_group, *parent_artifact, *parent_version, *parent_relpath;
	bool has_parent;
	scan_lockfile__props props;
	pom_dep *deps;
	size_t ndeps, deps_cap;
	pom_dep *mgmt;
	size_t nmgmt, mgmt_cap;
} pom;

/* A dependencyManagement entry of the chain, keyed by its interpolated coordinates. */
typedef struct {
	const char *key;          /* "group:artifact:type:classifier" */
	const pom_dep *dep;
	size_t order;             /* the child's entries first */
} mgmt_entry;

typedef struct {
	scan_sca_doc *d;
	scan_arena arena;         /* strings of every pom read; freed at the end */
	pom chain[POM_PARENTS_MAX + 1];
	size_t n;                 /* poms in chain; chain[0] is the document */
	mgmt_entry *mgmt;
	size_t nmgmt;
	scan_lockfile__interp_rules interp;
	size_t total;             /* substitutions so far, all values */
} pom_ctx;

/* The parse of one pom: the element being filled in. */
typedef struct {
	pom_ctx *c;
	pom *p;
	pom_dep **list;           /* &p->deps or &p->mgmt while a <dependency> is open */
	size_t cur;               /* its index there */
	unsigned cur_depth;       /* and its depth */
	bool root_checked;
} pom_parse;

static void pom_dispose(pom *p)
{
	scan_lockfile__props_dispose(&p->props);
	free(p->deps);
	free(p->mgmt);
	memset(p, 0, sizeof(*p));
}

static int grow(void **items, size_t *cap, size_t count, size_t size)
{
	if (count < *cap)
		return 0;
	if (count >= SCAN_SCA_COMPONENTS_MAX)
		return SCAN_ELIMIT;
	if (scan_array_reserve(items, cap, count + 1, size))
		return SCAN_ENOMEM;
	return 0;
}

static int set_str(pom_parse *s, const char **field, const char *text, size_t len)
{
	if (!(*field = scan_arena__strndup(&s->c->arena, text, len)))
		return scan_error__oom();
	return 0;
}

static int dep_field(pom_parse *s, pom_dep *dep, const char *name, const char *text, size_t len)
{
	if (!strcmp(name, "groupId"))
		return set_str(s, &dep->group, text, len);
	if (!strcmp(name, "artifactId"))
		return set_str(s, &dep->artifact, text, len);
	if (!strcmp(name, "version"))
		return set_str(s, &dep->version, text, len);
	if (!strcmp(name, "scope"))
		return set_str(s, &dep->scope, text, len);
	if (!strcmp(name, "type"))
		return set_str(s, &dep->type, text, len);
	if (!strcmp(name, "classifier"))
		return set_str(s, &dep->classifier, text, len);
	if (!strcmp(name, "optional"))
		return set_str(s, &dep->optional, text, len);
	return 0;
}

#define DEPS "project/dependencies/dependency"
#define MGMT "project/dependencyManagement/dependencies/dependency"
#define PROPS "project/properties/"

static int on_start(scan_sca_xml *x, const char *path, const char **attrs)
{
	pom_parse *s = scan_lockfile__xml_ctx(x);
	pom *p = s->p;
	int err;

	(void)attrs;
	if (!s->root_checked) {
		s->root_checked = true;
		if (strcmp(path, "project"))
			return scan_lockfile__xml_fail(x, SCAN_EPARSE, "root element is <%s>, not <project>", path);
		return 0;
	}
	if (!strcmp(path, "project/parent")) {
		p->has_parent = true;
		return 0;
	}
	if (!strcmp(path, DEPS)) {
		if ((err = grow((void **)&p->deps, &p->deps_cap, p->ndeps, sizeof(*p->deps))) < 0)
			goto limit;
		s->list = &p->deps;
		s->cur = p->ndeps++;
	} else if (!strcmp(path, MGMT)) {
		if ((err = grow((void **)&p->mgmt, &p->mgmt_cap, p->nmgmt, sizeof(*p->mgmt))) < 0)
			goto limit;
		s->list = &p->mgmt;
		s->cur = p->nmgmt++;
	} else {
		return 0;
	}
	memset(&(*s->list)[s->cur], 0, sizeof(pom_dep));
	(*s->list)[s->cur].line = scan_lockfile__xml_line(x);
	s->cur_depth = scan_lockfile__xml_depth(x);
	return 0;
limit:
	if (err == SCAN_ELIMIT)
		return scan_lockfile__xml_fail(x, SCAN_ELIMIT, "more than %d dependencies", SCAN_SCA_COMPONENTS_MAX);
	return err;
}

static int on_end(scan_sca_xml *x, const char *path, const char *text, size_t len)
{
	pom_parse *s = scan_lockfile__xml_ctx(x);
	pom *p = s->p;
	const char *name = scan_lockfile__xml_name(x);
	unsigned depth = scan_lockfile__xml_depth(x);
	int err;

	if (s->list && depth == s->cur_depth) {
		s->list = NULL;
		return 0;
	}
	if (s->list) {
		if (depth == s->cur_depth + 1)
			return dep_field(s, &(*s->list)[s->cur], name, text, len);
		return 0;
	}
	if (depth == 2) {
		if (!strcmp(name, "groupId"))
			return set_str(s, &p->group, text, len);
		if (!strcmp(name, "artifactId"))
			return set_str(s, &p->artifact, text, len);
		if (!strcmp(name, "version"))
			return set_str(s, &p->version, text, len);
		return 0;
	}
	if (depth == 3 && !strncmp(path, "project/parent/", 15)) {
		if (!strcmp(name, "groupId"))
			return set_str(s, &p->parent_group, text, len);
		if (!strcmp(name, "artifactId"))
			return set_str(s, &p->parent_artifact, text, len);
		if (!strcmp(name, "version"))
			return set_str(s, &p->parent_version, text, len);
		if (!strcmp(name, "relativePath"))
			return set_str(s, &p->parent_relpath, text, len);
		return 0;
	}
	if (depth == 3 && !strncmp(path, PROPS, strlen(PROPS))) {
		const char *key, *value;
		if ((err = set_str(s, &key, name, strlen(name))) < 0 || (err = set_str(s, &value, text, len)) < 0)
			return err;
		if ((err = scan_lockfile__props_add(&p->props, key, value, p->props.n, false)) < 0)
			return err == SCAN_ELIMIT ? scan_lockfile__xml_fail(x, err, "too many properties") : err;
	}
	return 0;
}

static int parse_pom(pom_ctx *c, pom *p, const char *label, const char *text, size_t len)
{
	static const scan_sca_xml_handlers h = { on_start, on_end };
	pom_parse s;
	int err;

	memset(&s, 0, sizeof(s));
	s.c = c;
	s.p = p;
	if ((err = scan_lockfile__xml_parse(c->d, label, text, len, &h, &s)) < 0)
		return err;
	scan_lockfile__props_resolve(&p->props);
	return 0;
}

/* --- interpolation -------------------------------------------------------- */

static bool name_is(const char *name, size_t len, const char *want)
{
	return strlen(want) == len && !memcmp(name, want, len);
}

/* project.<rest>: the model's own coordinates, or NULL. */
static const char *lookup_builtin(const pom_ctx *c, const char *rest, size_t rlen)
{
	const pom *doc = &c->chain[0];

	if (name_is(rest, rlen, "groupId"))
		return doc->group ? doc->group : doc->parent_group;
	if (name_is(rest, rlen, "artifactId"))
		return doc->artifact;
	if (name_is(rest, rlen, "version"))
		return doc->version ? doc->version : doc->parent_version;
	if (name_is(rest, rlen, "parent.groupId"))
		return doc->parent_group;
	if (name_is(rest, rlen, "parent.artifactId"))
		return doc->parent_artifact;
	if (name_is(rest, rlen, "parent.version"))
		return doc->parent_version;
	return NULL;
}

/* The raw value of ${name}: a project.* built-in or a property of the chain, child first. */
static const char *lookup(void *ctx, const char *name, size_t len)
{
	const pom_ctx *c = ctx;
	const char *v;

	if (len > 8 && !memcmp(name, "project.", 8) && (v = lookup_builtin(c, name + 8, len - 8)))
		return v;
	/* Maven 2's pom.* spelling, still honoured */
	if (len > 4 && !memcmp(name, "pom.", 4) && (v = lookup_builtin(c, name + 4, len - 4)))
		return v;
	for (size_t i = 0; i < c->n; i++) {
		const scan_lockfile__prop *pr = scan_lockfile__props_find(&c->chain[i].props, name, len);
		if (pr)
			return pr->value;
	}
	/* Maven 2's unprefixed ${version} and friends, which Maven 3 still resolves with a warning. */
	if (name_is(name, len, "version") || name_is(name, len, "groupId") || name_is(name, len, "artifactId"))
		return lookup_builtin(c, name, len);
	return NULL;
}

/*
 * The interpolated value of s in the arena: *out is NULL when s is NULL,
 * empty, or keeps a ${...} nothing defines (or that is circular).
 */
static int interp(pom_ctx *c, const char *s, const char **out)
{
	*out = NULL;
	if (c->total > POM_EXPAND_TOTAL)
		return scan_lockfile__fail(c->d, SCAN_ELIMIT, 0, "more than %d property substitutions", POM_EXPAND_TOTAL);
	return scan_lockfile__interp(&c->interp, &c->arena, s, out, &c->total);
}

/* --- the parent chain ----------------------------------------------------- */

/* Where the parent of the pom at cur_path (relative to the document's directory) is. */
static int parent_path(const pom *p, const char *cur_path, scan_buf *out)
{
	const char *rel = p->parent_relpath ? p->parent_relpath : "../pom.xml";
	const char *slash = strrchr(cur_path, '/');
	size_t rlen = strlen(rel);

	scan_buf_clear(out);
	if (slash) {
		scan_buf_put(out, cur_path, (size_t)(slash - cur_path));
		scan_buf_putc(out, '/');
	}
	scan_buf_puts(out, rel);
	/* A directory means its pom.xml. */
	if (rlen < 4 || strcmp(rel + rlen - 4, ".xml")) {
		if (rlen && rel[rlen - 1] != '/')
			scan_buf_putc(out, '/');
		scan_buf_puts(out, "pom.xml");
	}
	return scan_buf_failed(out) == SCAN_ENOMEM ? scan_error__oom() : scan_buf_failed(out);
}

static bool same(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/*
 * Read the parents of chain[0] that are in the repository. A parent that
 * is missing, outside the tree, unreadable or not the declared one ends the
 * chain without failing the document: Maven would fetch it from a
 * repository, and what it would have supplied stays unresolved.
 */
static int read_parents(pom_ctx *c)
{
	scan_buf path = SCAN_BUF_INIT, cur = SCAN_BUF_INIT;
	int err = 0;

	scan_buf_init(&path, 4096);
	scan_buf_init(&cur, 4096);
	while (c->n <= POM_PARENTS_MAX) {
		const pom *child = &c->chain[c->n - 1];
		pom *parent = &c->chain[c->n];
		const char *parent_group;
		char *text = NULL;
		size_t len;

		if (!child->has_parent || !child->parent_artifact)
			break;
		/* An empty <relativePath/> says: look the parent up in the repository only. */
		if (child->parent_relpath && !child->parent_relpath[0])
			break;
		if ((err = parent_path(child, cur.ptr, &path)) < 0) {
			if (err != SCAN_ENOMEM)
				err = 0; /* a path too long to be real */
			break;
		}
		err = scan_lockfile__read_sibling(c->d, path.ptr, &text, &len);
		if (err == SCAN_ENOMEM)
			break;
		if (err < 0) {
			err = 0;
			break;
		}
		memset(parent, 0, sizeof(*parent));
		err = parse_pom(c, parent, path.ptr, text, len);
		free(text);
		if (err == SCAN_ENOMEM)
			break;
		parent_group = parent->group ? parent->group : parent->parent_group;
		if (err < 0 || !same(parent->artifact, child->parent_artifact) ||
		    (child->parent_group && !same(parent_group, child->parent_group))) {
			pom_dispose(parent);
			err = 0;
			break;
		}
		c->n++;
		scan_buf_clear(&cur);
		scan_buf_put(&cur, path.ptr, path.size);
		if (scan_buf_failed(&cur)) {
			err = scan_error__oom();
			break;
		}
	}
	scan_buf_dispose(&path);
	scan_buf_dispose(&cur);
	return err;
}

/* --- dependencyManagement ------------------------------------------------- */

static int dep_key(pom_ctx *c, const pom_dep *dep, const char **key)
{
	const char *g, *a, *t = NULL, *cl = NULL;
	scan_buf b = SCAN_BUF_INIT;
	int err;

	*key = NULL;
	if ((err = interp(c, dep->group, &g)) < 0 || (err = interp(c, dep->artifact, &a)) < 0 ||
	    (err = interp(c, dep->type, &t)) < 0 || (err = interp(c, dep->classifier, &cl)) < 0)
		return err;
	if (!g || !a)
		return 0;
	scan_buf_init(&b, 4 * POM_VALUE_MAX);
	scan_buf_printf(&b, "%s:%s:%s:%s", g, a, t ? t : "jar", cl ? cl : "");
	if (scan_buf_failed(&b)) {
		scan_buf_dispose(&b);
		return scan_error__oom();
	}
	*key = scan_arena__strndup(&c->arena, b.ptr, b.size);
	scan_buf_dispose(&b);
	return *key ? 0 : scan_error__oom();
}

static int cmp_mgmt(const void *a, const void *b)
{
	const mgmt_entry *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The managed entries of the whole chain; for a key given twice the nearest pom wins. */
static int index_mgmt(pom_ctx *c)
{
	size_t total = 0, out = 0, order = 0;
	int err;

	for (size_t i = 0; i < c->n; i++)
		total += c->chain[i].nmgmt;
	if (!total)
		return 0;
	if (!(c->mgmt = calloc(total, sizeof(*c->mgmt))))
		return scan_error__oom();
	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->chain[i].nmgmt; k++) {
			const pom_dep *m = &c->chain[i].mgmt[k];
			const char *scope, *key;
			if ((err = interp(c, m->scope, &scope)) < 0)
				return err;
			/*
			 * <scope>import</scope> pulls in another pom's (a BOM's)
			 * dependencyManagement from a repository: not resolvable here,
			 * so dependencies it would have versioned stay unpinned.
			 */
			if (scope && !strcmp(scope, "import"))
				continue;
			if ((err = dep_key(c, m, &key)) < 0)
				return err;
			if (!key)
				continue;
			c->mgmt[c->nmgmt].key = key;
			c->mgmt[c->nmgmt].dep = m;
			c->mgmt[c->nmgmt].order = order++;
			c->nmgmt++;
		}
	}
	qsort(c->mgmt, c->nmgmt, sizeof(*c->mgmt), cmp_mgmt);
	for (size_t i = 0; i < c->nmgmt; i++)
		if (!out || strcmp(c->mgmt[out - 1].key, c->mgmt[i].key))
			c->mgmt[out++] = c->mgmt[i];
	c->nmgmt = out;
	return 0;
}

static const pom_dep *find_mgmt(const pom_ctx *c, const char *key)
{
	size_t lo = 0, hi = c->nmgmt;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(c->mgmt[mid].key, key);
		if (!r)
			return c->mgmt[mid].dep;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* --- the dependencies ----------------------------------------------------- */

/* Maven's version ranges ("[1.0,2.0)", "(,1.0]") and the LATEST/RELEASE meta-versions. */
static bool is_exact(const char *v)
{
	return !strpbrk(v, "[](),") && strcmp(v, "LATEST") && strcmp(v, "RELEASE");
}

static int add_dep(pom_ctx *c, const pom_dep *dep)
{
	const char *g, *a, *key, *version = NULL, *scope = NULL, *optional = NULL;
	const pom_dep *m;
	scan_buf name = SCAN_BUF_INIT;
	unsigned flags = SCAN_DEP_DIRECT;
	int err, idx;

	if ((err = interp(c, dep->group, &g)) < 0 || (err = interp(c, dep->artifact, &a)) < 0 ||
	    (err = dep_key(c, dep, &key)) < 0)
		return err;
	/* Coordinates that stay unknown name no package we could look up. */
	if (!g || !a || !key)
		return 0;
	m = find_mgmt(c, key);
	if ((err = interp(c, dep->version && dep->version[0] ? dep->version : m ? m->version : NULL,
	                  &version)) < 0 ||
	    (err = interp(c, dep->scope ? dep->scope : m ? m->scope : NULL, &scope)) < 0 ||
	    (err = interp(c, dep->optional ? dep->optional : m ? m->optional : NULL, &optional)) < 0)
		return err;
	if (!version || !is_exact(version)) {
		version = NULL;
		flags |= SCAN_DEP_UNPINNED;
	}
	if (scope && !strcmp(scope, "test"))
		flags |= SCAN_DEP_DEV;
	else if (scope && !strcmp(scope, "system"))
		flags |= SCAN_DEP_LOCAL;
	if (optional && !strcmp(optional, "true"))
		flags |= SCAN_DEP_OPTIONAL;
	scan_buf_init(&name, 4 * POM_VALUE_MAX);
	scan_buf_printf(&name, "%s:%s", g, a);
	if (scan_buf_failed(&name)) {
		scan_buf_dispose(&name);
		return scan_error__oom();
	}
	idx = scan_lockfile__add(c->d, SCAN_ECO_MAVEN, name.ptr, name.size, version, version ? strlen(version) : 0,
	                         flags, dep->line);
	scan_buf_dispose(&name);
	return idx < 0 ? idx : 0;
}

bool scan_lockfile__is_pom(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "pom.xml");
}

int scan_lockfile__extract_pom(scan_sca_doc *d, const char *text, size_t len)
{
	pom_ctx *c = calloc(1, sizeof(*c));
	int err;

	if (!c)
		return scan_error__oom();
	c->d = d;
	c->interp = (scan_lockfile__interp_rules){ '{', '}', false, POM_EXPAND_DEPTH, POM_EXPAND_BUDGET, POM_VALUE_MAX,
	                                           lookup, c };
	if ((err = parse_pom(c, &c->chain[0], NULL, text, len)) < 0)
		goto done;
	c->n = 1;
	if ((err = read_parents(c)) < 0 || (err = index_mgmt(c)) < 0)
		goto done;
	for (size_t i = 0; i < c->chain[0].ndeps; i++)
		if ((err = add_dep(c, &c->chain[0].deps[i])) < 0)
			goto done;
done:
	for (size_t i = 0; i <= POM_PARENTS_MAX; i++)
		pom_dispose(&c->chain[i]);
	free(c->mgmt);
	scan_arena__dispose(&c->arena);
	free(c);
	return err;
}
