/* lib/lockfile/extract_ospkg.c - installed-package databases: dpkg status, apk installed */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lockfile/extractors.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/slice.h"

/*
 * Both databases list binary packages, but the distributions' advisories
 * (OSV's Debian and Alpine records, the security trackers behind them)
 * name source packages: openssl, not libssl3; glibc, not libc6 and
 * libc-bin. So a component here is a source package at its source
 * version, as matching needs it: "Source: glibc (2.36-9+deb12u4)" of
 * libc6 and libc-bin is one component glibc 2.36-9+deb12u4; a package
 * without a Source field is its own source at its Version (epochs kept:
 * "1:2.38.1-5+deb12u3"). The binary names are not reported. The same holds
 * for apk's "o:" (origin). The line is that of the first binary package
 * of the source.
 *
 * Edges: a binary package's dependencies (dpkg Depends and Pre-Depends,
 * apk "D:") name binary or virtual packages; each is resolved to the
 * installed package of that name (or, failing that, one that Provides
 * it) and becomes an edge between their source components. Of
 * alternatives ("a | b") the first installed one is taken; version
 * constraints, architecture qualifiers and apk conflicts ("!name") are
 * ignored. A package depending on another binary of its own source gets
 * no edge.
 *
 * Neither database says which packages were asked for (apt's
 * extended_states and apk's world file do), so no component is DIRECT or
 * TRANSITIVE.
 */

#define OSPKG_LINE_MAX ((size_t)1 << 20)  /* bytes of one line (a Depends of a metapackage is a few KB) */
/* One binary package of the database. */
typedef struct {
	scan_slice name;
	scan_slice deps[2];              /* dpkg: Depends, Pre-Depends; apk: D: */
	scan_slice provides;
	int idx;                   /* its source component; -1 when not installed */
} os_pkg;

/* A name a dependency may use: a package's own, or one it provides. */
typedef struct {
	scan_slice name;
	bool virtual;
	int idx;
} os_provider;

typedef struct {
	scan_sca_doc *d;
	os_pkg *pkgs;
	size_t npkgs, cap;
	os_provider *prov;
	size_t nprov, prov_cap;
} os_db;

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static scan_slice trim(const char *s, size_t n)
{
	scan_slice r;

	while (n && is_ws(*s))
		s++, n--;
	while (n && is_ws(s[n - 1]))
		n--;
	r.s = s;
	r.len = n;
	return r;
}

static bool span_is(scan_slice a, const char *word)
{
	return a.len == strlen(word) && !memcmp(a.s, word, a.len);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* path[0..n) is `tail` itself or ends with "/" tail. */
static bool path_tail_is(const char *path, size_t n, const char *tail)
{
	size_t m = strlen(tail);

	return n >= m && !memcmp(path + n - m, tail, m) && (n == m || path[n - m - 1] == '/');
}

static int new_pkg(os_db *db, unsigned line, os_pkg **out)
{
	if (db->npkgs >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(db->d, SCAN_ELIMIT, line, "more than %d packages", SCAN_SCA_COMPONENTS_MAX);
	if (!(*out = scan_array_push(&db->pkgs, &db->npkgs, &db->cap, sizeof(*db->pkgs))))
		return SCAN_ENOMEM;
	(*out)->idx = -1;
	return 0;
}

static int add_provider(os_db *db, scan_slice name, bool virtual, int idx)
{
	if (!name.len)
		return 0;
	if (db->nprov >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(db->d, SCAN_ELIMIT, 0, "more than %d package names and provided names",
		                           SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&db->prov, &db->prov_cap, db->nprov + 1, sizeof(*db->prov)))
		return SCAN_ENOMEM;
	db->prov[db->nprov].name = name;
	db->prov[db->nprov].virtual = virtual;
	db->prov[db->nprov++].idx = idx;
	return 0;
}

static int cmp_span(scan_slice a, scan_slice b)
{
	int c = memcmp(a.s, b.s, a.len < b.len ? a.len : b.len);

	return c ? c : a.len < b.len ? -1 : a.len > b.len;
}

/* By name; a real package before a virtual one; then in file order. */
static int cmp_provider(const void *a, const void *b)
{
	const os_provider *x = a, *y = b;
	int c = cmp_span(x->name, y->name);

	if (c)
		return c;
	if (x->virtual != y->virtual)
		return x->virtual ? 1 : -1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* The component that provides name, or -1. */
static int resolve(const os_db *db, scan_slice name)
{
	size_t lo = 0, hi = db->nprov;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_span(db->prov[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < db->nprov && !cmp_span(db->prov[lo].name, name) ? db->prov[lo].idx : -1;
}

static int add_edge(os_db *db, int from, int to)
{
	const scan_component *t;

	if (to < 0 || to == from)
		return 0;
	t = &db->d->inv->items[to];
	return scan_lockfile__dep(db->d, from, t->name, strlen(t->name), t->version, t->version ? strlen(t->version) : 0);
}

/* The name that starts a dependency or provides entry, up to any of stop. */
static scan_slice entry_name(scan_slice e, const char *stop)
{
	size_t n = 0;

	e = trim(e.s, e.len);
	while (n < e.len && !is_ws(e.s[n]) && !strchr(stop, e.s[n]))
		n++;
	e.len = n;
	return e;
}

/* --- dpkg ------------------------------------------------------------------ */

/*
 * The status file (dpkg(1), deb822(5)): paragraphs of "Field: value"
 * separated by blank lines, continuation lines starting with a space or
 * tab, field names case-insensitive. Only packages whose files are on disk
 * are reported: the third word of "Status: want flag status" is installed,
 * triggers-pending, triggers-awaited (installed, triggers not yet run),
 * unpacked or half-configured (unpacked, configuration not finished),
 * whatever is wanted of it ("deinstall ok installed" is still installed,
 * "hold ok installed" is held). not-installed, config-files (removed,
 * configuration kept) and half-installed (files partly there, the version
 * unreliable) are not.
 *
 * Distroless images keep one file per package in var/lib/dpkg/status.d/
 * (next to a <name>.md5sums that is not a paragraph): those are control
 * files without a Status field and every one is installed.
 */

typedef struct {
	scan_slice package, version, source, status, depends, predepends, provides;
	unsigned line;             /* of the paragraph's first field */
	bool any;
} dpkg_para;

static const struct {
	const char *name;
	size_t offset;
} dpkg_fields[] = {
	{ "Package", offsetof(dpkg_para, package) },
	{ "Version", offsetof(dpkg_para, version) },
	{ "Source", offsetof(dpkg_para, source) },
	{ "Status", offsetof(dpkg_para, status) },
	{ "Depends", offsetof(dpkg_para, depends) },
	{ "Pre-Depends", offsetof(dpkg_para, predepends) },
	{ "Provides", offsetof(dpkg_para, provides) },
};

static bool status_installed(scan_slice status)
{
	static const char *const ok[] = { "installed", "triggers-pending", "triggers-awaited", "unpacked",
	                                   "half-configured" };
	size_t i = 0, word = 0;
	scan_slice w = { NULL, 0 };

	/* The third word. */
	while (word < 3 && i < status.len) {
		while (i < status.len && is_ws(status.s[i]))
			i++;
		w.s = status.s + i;
		while (i < status.len && !is_ws(status.s[i]))
			i++;
		w.len = (size_t)(status.s + i - w.s);
		if (w.len)
			word++;
	}
	if (word != 3)
		return false;
	for (size_t k = 0; k < sizeof(ok) / sizeof(ok[0]); k++)
		if (span_is(w, ok[k]))
			return true;
	return false;
}

static int dpkg_end(os_db *db, dpkg_para *p, bool control_files)
{
	scan_slice name, version;
	os_pkg *pkg = NULL;
	int err;

	if (!p->any)
		return 0;
	if (!p->package.len)
		return scan_lockfile__fail(db->d, SCAN_EPARSE, p->line, "paragraph without a Package field");
	if (p->status.s ? !status_installed(p->status) : !control_files)
		goto done;
	if (!p->version.len)
		return scan_lockfile__fail(db->d, SCAN_EPARSE, p->line, "installed package '%.*s' has no Version",
		                           (int)(p->package.len > 200 ? 200 : p->package.len), p->package.s);
	name = p->package;
	version = p->version;
	if (p->source.len) {
		/* "Source: name" or "Source: name (version)" when the source version differs. */
		scan_slice src = entry_name(p->source, "(");
		const char *open = memchr(p->source.s, '(', p->source.len);
		if (!src.len)
			return scan_lockfile__fail(db->d, SCAN_EPARSE, p->line, "malformed Source field");
		name = src;
		if (open) {
			const char *close = memchr(open, ')', (size_t)(p->source.s + p->source.len - open));
			if (!close)
				return scan_lockfile__fail(db->d, SCAN_EPARSE, p->line, "malformed Source field");
			version = trim(open + 1, (size_t)(close - open - 1));
		}
	}
	if ((err = new_pkg(db, p->line, &pkg)) < 0)
		return err;
	pkg->name = p->package;
	pkg->deps[0] = p->depends;
	pkg->deps[1] = p->predepends;
	pkg->provides = p->provides;
	if ((pkg->idx = scan_lockfile__add(db->d, SCAN_ECO_DEBIAN, name.s, name.len, version.s, version.len, 0,
	                                   p->line)) < 0)
		return pkg->idx;
done:
	memset(p, 0, sizeof(*p));
	return 0;
}

static int dpkg_parse(os_db *db, const char *text, size_t len, bool control_files)
{
	dpkg_para p;
	scan_slice *field = NULL;        /* the field continuation lines extend */
	size_t pos = 0;
	unsigned line = 0;
	int err;

	memset(&p, 0, sizeof(p));
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos), *colon;
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		scan_slice key;

		pos += n + (nl != NULL);
		line++;
		if (n > OSPKG_LINE_MAX)
			return scan_lockfile__fail(db->d, SCAN_ELIMIT, line, "line longer than %zu bytes", OSPKG_LINE_MAX);
		if (memchr(s, '\0', n))
			return scan_lockfile__fail(db->d, SCAN_EPARSE, line, "NUL byte in a package database");
		if (!trim(s, n).len) {
			if ((err = dpkg_end(db, &p, control_files)) < 0)
				return err;
			field = NULL;
			continue;
		}
		if (s[0] == ' ' || s[0] == '\t') {
			if (!p.any)
				return scan_lockfile__fail(db->d, SCAN_EPARSE, line, "continuation line without a field");
			if (field)
				*field = trim(field->s, (size_t)(s + n - field->s));
			continue;
		}
		if (s[0] == '#')
			continue;
		colon = memchr(s, ':', n);
		key = trim(s, colon ? (size_t)(colon - s) : 0);
		if (!colon || !key.len || memchr(key.s, ' ', key.len))
			return scan_lockfile__fail(db->d, SCAN_EPARSE, line, "malformed field (expected 'Name: value')");
		if (!p.any) {
			p.any = true;
			p.line = line;
		}
		field = NULL;
		for (size_t k = 0; k < sizeof(dpkg_fields) / sizeof(dpkg_fields[0]) && !field; k++)
			if (key.len == strlen(dpkg_fields[k].name) && !strncasecmp(key.s, dpkg_fields[k].name, key.len))
				field = (scan_slice *)((char *)&p + dpkg_fields[k].offset);
		if (field)
			*field = trim(colon + 1, (size_t)(s + n - colon - 1));
	}
	return dpkg_end(db, &p, control_files);
}

/* "a (>= 1) | b:any, c [amd64] <!nocheck>": each group's first installed alternative. */
static int dpkg_edges(os_db *db, const os_pkg *pkg)
{
	for (int k = 0; k < 2; k++) {
		scan_slice rest = pkg->deps[k];
		while (rest.len) {
			const char *comma = memchr(rest.s, ',', rest.len);
			scan_slice group = { rest.s, comma ? (size_t)(comma - rest.s) : rest.len };
			int to = -1, err;

			rest.s += group.len + (comma != NULL);
			rest.len -= group.len + (comma != NULL);
			while (group.len && to < 0) {
				const char *bar = memchr(group.s, '|', group.len);
				scan_slice alt = { group.s, bar ? (size_t)(bar - group.s) : group.len };
				group.s += alt.len + (bar != NULL);
				group.len -= alt.len + (bar != NULL);
				alt = entry_name(alt, "(:[<");
				if (alt.len)
					to = resolve(db, alt);
			}
			if ((err = add_edge(db, pkg->idx, to)) < 0)
				return err;
		}
	}
	return 0;
}

static int dpkg_providers(os_db *db, const os_pkg *pkg)
{
	scan_slice rest = pkg->provides;
	int err;

	if ((err = add_provider(db, pkg->name, false, pkg->idx)) < 0)
		return err;
	while (rest.len) {
		const char *comma = memchr(rest.s, ',', rest.len);
		scan_slice e = { rest.s, comma ? (size_t)(comma - rest.s) : rest.len };
		rest.s += e.len + (comma != NULL);
		rest.len -= e.len + (comma != NULL);
		if ((err = add_provider(db, entry_name(e, "(:[<"), true, pkg->idx)) < 0)
			return err;
	}
	return 0;
}

/* --- apk ------------------------------------------------------------------- */

/*
 * The installed database of apk-tools 2 (lib/apk/db/installed): one record
 * per package, separated by blank lines, each line "X:value" with X one
 * letter: P name, V version, o origin (the source package), L license,
 * D dependencies and p provides (space-separated "name", "name>=1.2",
 * "so:libc.musl-x86_64.so.1", "cmd:sh=1.36", "!conflict"), and many more
 * (files, checksums, ACLs) that are skipped.
 */

typedef struct {
	scan_slice P, V, o, L, D, p;
	unsigned first, line;      /* the record's first line, its P: line */
	bool any;
} apk_rec;

static int apk_end(os_db *db, apk_rec *r)
{
	scan_slice name;
	os_pkg *pkg = NULL;
	int err;

	if (!r->any)
		return 0;
	if (!r->P.len)
		return scan_lockfile__fail(db->d, SCAN_EPARSE, r->first, "record without a P: (package name) line");
	if (!r->V.len)
		return scan_lockfile__fail(db->d, SCAN_EPARSE, r->line, "package '%.*s' has no V: (version) line",
		                           (int)(r->P.len > 200 ? 200 : r->P.len), r->P.s);
	name = r->o.len ? r->o : r->P;
	if ((err = new_pkg(db, r->line, &pkg)) < 0)
		return err;
	pkg->name = r->P;
	pkg->deps[0] = r->D;
	pkg->provides = r->p;
	if ((pkg->idx = scan_lockfile__add(db->d, SCAN_ECO_ALPINE, name.s, name.len, r->V.s, r->V.len, 0, r->line)) < 0)
		return pkg->idx;
	if ((err = scan_lockfile__set_license(db->d, pkg->idx, r->L.s, r->L.len)) < 0)
		return err;
	memset(r, 0, sizeof(*r));
	return 0;
}

static int apk_parse(os_db *db, const char *text, size_t len)
{
	apk_rec r;
	size_t pos = 0;
	unsigned line = 0;
	int err;

	memset(&r, 0, sizeof(r));
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		scan_slice *field = NULL;

		pos += n + (nl != NULL);
		line++;
		if (n > OSPKG_LINE_MAX)
			return scan_lockfile__fail(db->d, SCAN_ELIMIT, line, "line longer than %zu bytes", OSPKG_LINE_MAX);
		if (memchr(s, '\0', n))
			return scan_lockfile__fail(db->d, SCAN_EPARSE, line, "NUL byte in a package database");
		if (n && s[n - 1] == '\r')
			n--;
		if (!n) {
			if ((err = apk_end(db, &r)) < 0)
				return err;
			continue;
		}
		if (n < 2 || s[1] != ':' || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
			return scan_lockfile__fail(db->d, SCAN_EPARSE, line, "malformed line (expected 'X:value')");
		if (!r.any) {
			r.any = true;
			r.first = line;
		}
		switch (s[0]) {
		case 'P': field = &r.P; r.line = line; break;
		case 'V': field = &r.V; break;
		case 'o': field = &r.o; break;
		case 'L': field = &r.L; break;
		case 'D': field = &r.D; break;
		case 'p': field = &r.p; break;
		default: break;
		}
		if (field)
			*field = trim(s + 2, n - 2);
	}
	return apk_end(db, &r);
}

/* Space-separated entries: "name", "name>=1", "so:x.so.1=1", "name@tag", "!conflict". */
static int apk_each(os_db *db, const os_pkg *pkg, scan_slice list, bool provides)
{
	size_t i = 0;
	int err;

	while (i < list.len) {
		scan_slice e;
		while (i < list.len && is_ws(list.s[i]))
			i++;
		e.s = list.s + i;
		while (i < list.len && !is_ws(list.s[i]))
			i++;
		e.len = (size_t)(list.s + i - e.s);
		if (!e.len || e.s[0] == '!')
			continue;
		e = entry_name(e, "<>=~@");
		if (provides)
			err = add_provider(db, e, true, pkg->idx);
		else
			err = add_edge(db, pkg->idx, resolve(db, e));
		if (err < 0)
			return err;
	}
	return 0;
}

/* --- both ------------------------------------------------------------------ */

static int link_edges(os_db *db, bool apk)
{
	int err;

	for (size_t i = 0; i < db->npkgs; i++) {
		const os_pkg *pkg = &db->pkgs[i];
		if ((err = apk ? add_provider(db, pkg->name, false, pkg->idx) : dpkg_providers(db, pkg)) < 0)
			return err;
		if (apk && (err = apk_each(db, pkg, pkg->provides, true)) < 0)
			return err;
	}
	if (db->nprov)
		qsort(db->prov, db->nprov, sizeof(*db->prov), cmp_provider);
	for (size_t i = 0; i < db->npkgs; i++)
		if ((err = apk ? apk_each(db, &db->pkgs[i], db->pkgs[i].deps[0], false)
		               : dpkg_edges(db, &db->pkgs[i])) < 0)
			return err;
	return 0;
}

static int extract(scan_sca_doc *d, const char *text, size_t len, bool apk)
{
	os_db db;
	int err;

	memset(&db, 0, sizeof(db));
	db.d = d;
	if (len > SCAN_SCA_FILE_MAX) {
		err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
		goto done;
	}
	if (apk)
		err = apk_parse(&db, text, len);
	else
		err = dpkg_parse(&db, text, len, !strncmp(d->file, "status.d/", 9) || strstr(d->file, "/status.d/"));
	if (err < 0)
		goto done;
	err = link_edges(&db, apk);
done:
	free(db.pkgs);
	free(db.prov);
	return err;
}

bool scan_lockfile__is_dpkg_status(const char *path, const char *base)
{
	size_t n = strlen(path), m = strlen(base);

	if (path_tail_is(path, strlen(path), "var/lib/dpkg/status"))
		return true;
	/* var/lib/dpkg/status.d/<package>, not its <package>.md5sums */
	if (n <= m || path[n - m - 1] != '/' || base[0] == '.' || ends_with(base, ".md5sums"))
		return false;
	return path_tail_is(path, n - m - 1, "var/lib/dpkg/status.d");
}

int scan_lockfile__extract_dpkg_status(scan_sca_doc *d, const char *text, size_t len)
{
	return extract(d, text, len, false);
}

bool scan_lockfile__is_apk_installed(const char *path, const char *base)
{
	(void)base;
	return path_tail_is(path, strlen(path), "lib/apk/db/installed");
}

int scan_lockfile__extract_apk_installed(scan_sca_doc *d, const char *text, size_t len)
{
	return extract(d, text, len, true);
}
