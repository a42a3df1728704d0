/* lib/lockfile/extract_ruby.c - Bundler's Gemfile.lock (and gems.locked) */
#include <stdlib.h>
#include <string.h>
#include "lockfile/extractors.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/slice.h"

/*
 * Bundler writes the lockfile as sections, each a header at column 0
 * followed by lines indented by two spaces:
 *
 *   GIT                                      a source: GEM, GIT, PATH
 *     remote: https://github.com/rails/rails.git   (or PLUGIN SOURCE)
 *     revision: 5e2a0f8...
 *     specs:
 *       rails (7.2.0.alpha)                  4 spaces: a resolved gem
 *         actionpack (= 7.2.0.alpha)         6 spaces: what it depends on
 *   PLATFORMS / DEPENDENCIES / CHECKSUMS / RUBY VERSION / BUNDLED WITH
 *
 * A spec is "name (version)" or, for a gem built for one platform,
 * "name (version-platform)": Bundler splits at the first '-', as RubyGems
 * versions of released gems hold none, so the platform never reaches the
 * version. The same gem for several platforms is one component.
 * DEPENDENCIES lists what the Gemfile names ("name (requirement)", with a
 * "!" when it comes from a git or path source): those are DIRECT, every
 * other spec TRANSITIVE. GIT specs are SCAN_DEP_GIT (their version is the
 * gemspec's, the code is the locked revision), PATH specs SCAN_DEP_LOCAL
 * (including the project's own gemspec, "remote: ."). PLUGIN SOURCE specs
 * are Bundler plugins, not gems of the bundle, and are skipped; so are
 * PLATFORMS, CHECKSUMS, RUBY VERSION, BUNDLED WITH and sections of later
 * Bundler releases. Groups (development, test) are not in the lockfile.
 */

#define GEMLOCK_LINE_MAX 65536

typedef enum {
	SEC_NONE,        /* before the first header */
	SEC_SOURCE,      /* GEM, GIT, PATH */
	SEC_PLUGIN,      /* PLUGIN SOURCE: same shape, not gems of the bundle */
	SEC_DEPENDENCIES,
	SEC_OTHER,       /* known or unknown sections whose lines are skipped */
} gem_section;
typedef struct {
	const char *text;
	size_t len, pos;
	unsigned line;
} gem_lines;

/* The next line without its newline (and a '\r' before it). */
static bool next_line(gem_lines *it, const char **s, size_t *n)
{
	const char *nl;

	if (it->pos >= it->len)
		return false;
	*s = it->text + it->pos;
	nl = memchr(*s, '\n', it->len - it->pos);
	*n = nl ? (size_t)(nl - *s) : it->len - it->pos;
	it->pos += *n + (nl != NULL);
	it->line++;
	if (*n && (*s)[*n - 1] == '\r')
		(*n)--;
	return true;
}

static size_t indent_of(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] == ' ')
		i++;
	return i;
}

static bool is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

static bool line_is(const char *s, size_t n, const char *word)
{
	return n == strlen(word) && !memcmp(s, word, n);
}

/* A section header: upper-case words ("GEM", "PLUGIN SOURCE", "BUNDLED WITH"). */
static bool is_header(const char *s, size_t n)
{
	if (!n || s[0] < 'A' || s[0] > 'Z')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || s[i] == ' ' || s[i] == '_'))
			return false;
	return true;
}

/* The gem name at the start of s[0..n): up to a space, '(' or '!'. */
static size_t name_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] != ' ' && s[i] != '(' && s[i] != '!' && s[i] != '\t')
		i++;
	return i;
}

static int cmp_name(const void *a, const void *b)
{
	const scan_slice *x = a, *y = b;
	int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);

	return c ? c : x->len < y->len ? -1 : x->len > y->len;
}

/* Common checks of every line; a merge conflict is the usual way a lockfile breaks. */
static int check_line(const scan_sca_doc *d, const char *s, size_t n, unsigned line)
{
	if (n > GEMLOCK_LINE_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, line, "line longer than %d bytes", GEMLOCK_LINE_MAX);
	if (memchr(s, '\0', n))
		return scan_lockfile__fail(d, SCAN_EPARSE, line, "NUL byte in a lockfile");
	if (n >= 7 && (!memcmp(s, "<<<<<<<", 7) || !memcmp(s, "=======", 7) || !memcmp(s, ">>>>>>>", 7)))
		return scan_lockfile__fail(d, SCAN_EPARSE, line, "merge conflict marker");
	return 0;
}

/* The names DEPENDENCIES lists, sorted; *count 0 when there is no such section. */
static int direct_names(const scan_sca_doc *d, const char *text, size_t len, scan_slice **out, size_t *count)
{
	gem_lines it = { text, len, 0, 0 };
	scan_slice *names = NULL;
	size_t n, cap = 0, nnames = 0;
	const char *s;
	bool in = false;
	int err;

	*out = NULL;
	*count = 0;
	while (next_line(&it, &s, &n)) {
		if ((err = check_line(d, s, n, it.line)) < 0)
			goto fail;
		if (n && s[0] != ' ') {
			in = line_is(s, n, "DEPENDENCIES");
			continue;
		}
		if (!in || is_blank(s, n))
			continue;
		if (indent_of(s, n) != 2 || !name_len(s + 2, n - 2)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "malformed DEPENDENCIES entry");
			goto fail;
		}
		if (nnames >= SCAN_SCA_COMPONENTS_MAX) {
			err = scan_lockfile__fail(d, SCAN_ELIMIT, it.line, "more than %d dependencies", SCAN_SCA_COMPONENTS_MAX);
			goto fail;
		}
		if (scan_array_reserve(&names, &cap, nnames + 1, sizeof(*names))) {
			err = SCAN_ENOMEM;
			goto fail;
		}
		names[nnames].s = s + 2;
		names[nnames++].len = name_len(s + 2, n - 2);
	}
	if (nnames)
		qsort(names, nnames, sizeof(*names), cmp_name);
	*out = names;
	*count = nnames;
	return 0;
fail:
	free(names);
	return err;
}

/*
 * "name (version)" or "name (version-platform)" after the 4-space indent:
 * *name and *version point into s. False when it is not that shape.
 */
static bool parse_spec(const char *s, size_t n, scan_slice *name, scan_slice *version)
{
	const char *open, *dash;

	name->s = s;
	name->len = name_len(s, n);
	if (!name->len || name->len + 2 >= n || s[name->len] != ' ' || s[name->len + 1] != '(' || s[n - 1] != ')')
		return false;
	open = s + name->len + 2;
	version->s = open;
	version->len = (size_t)(s + n - 1 - open);
	if ((dash = memchr(open, '-', version->len)))
		version->len = (size_t)(dash - open);
	return version->len > 0 && !memchr(version->s, ' ', version->len) && !memchr(version->s, '(', version->len);
}

bool scan_lockfile__is_gemfile_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "Gemfile.lock") || !strcmp(base, "gems.locked");
}

int scan_lockfile__extract_gemfile_lock(scan_sca_doc *d, const char *text, size_t len)
{
	gem_lines it = { text, len, 0, 0 };
	gem_section sec = SEC_NONE;
	scan_slice *direct = NULL;
	size_t ndirect = 0, n;
	unsigned source_flags = 0;
	bool in_specs = false, known = false, any = false;
	int cur = -1, err;
	const char *s;

	if (len > SCAN_SCA_FILE_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		it.pos = 3;
	if ((err = direct_names(d, text + it.pos, len - it.pos, &direct, &ndirect)) < 0)
		return err;
	while (next_line(&it, &s, &n)) {
		size_t ind;

		if (is_blank(s, n))
			continue;
		any = true;
		/* direct_names() checked length, NULs and conflict markers of every line. */
		if (s[0] != ' ') {
			if (!is_header(s, n)) {
				err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "expected a section header such as GEM or DEPENDENCIES");
				goto done;
			}
			in_specs = false;
			cur = -1;
			source_flags = 0;
			if (line_is(s, n, "GEM") || line_is(s, n, "GIT") || line_is(s, n, "PATH")) {
				sec = SEC_SOURCE;
				source_flags = s[1] == 'I' ? SCAN_DEP_GIT : s[0] == 'P' ? SCAN_DEP_LOCAL : 0;
				known = true;
			} else if (line_is(s, n, "PLUGIN SOURCE")) {
				sec = SEC_PLUGIN;
			} else if (line_is(s, n, "DEPENDENCIES")) {
				sec = SEC_DEPENDENCIES;
				known = true;
			} else {
				/* PLATFORMS, CHECKSUMS, RUBY VERSION, BUNDLED WITH, later additions */
				sec = SEC_OTHER;
			}
			continue;
		}
		ind = indent_of(s, n);
		if (sec == SEC_NONE) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "indented line before the first section");
			goto done;
		}
		if (sec != SEC_SOURCE && sec != SEC_PLUGIN)
			continue;
		if (ind == 2) {
			/* remote:, revision:, branch:, tag:, ref:, glob:, submodules:, specs: */
			in_specs = line_is(s + 2, n - 2, "specs:");
			cur = -1;
			if (!in_specs && !memchr(s, ':', n)) {
				err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "malformed source option (expected 'key: value')");
				goto done;
			}
		} else if (ind == 4 && in_specs) {
			scan_slice name, version, key;
			unsigned flags = source_flags;
			if (!parse_spec(s + 4, n - 4, &name, &version)) {
				err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "malformed spec (expected 'name (version)')");
				goto done;
			}
			if (sec == SEC_PLUGIN) {
				cur = -1;
				continue;
			}
			key = name;
			flags |= ndirect && bsearch(&key, direct, ndirect, sizeof(*direct), cmp_name)
			         ? SCAN_DEP_DIRECT : SCAN_DEP_TRANSITIVE;
			if ((cur = scan_lockfile__add(d, SCAN_ECO_RUBYGEMS, name.s, name.len, version.s, version.len,
			                              flags, it.line)) < 0) {
				err = cur;
				goto done;
			}
		} else if (ind == 6 && in_specs) {
			size_t nl = name_len(s + 6, n - 6);
			if (sec == SEC_PLUGIN)
				continue;
			if (cur < 0 || !nl) {
				err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, cur < 0 ? "dependency line outside a spec"
				                                                        : "malformed dependency line");
				goto done;
			}
			/* A requirement, not a version: the edge goes to whichever version is locked. */
			if ((err = scan_lockfile__dep(d, cur, s + 6, nl, NULL, 0)) < 0)
				goto done;
		} else {
			err = scan_lockfile__fail(d, SCAN_EPARSE, it.line, "unexpected indentation of %zu spaces", ind);
			goto done;
		}
	}
	if (any && !known)
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "no GEM, GIT, PATH or DEPENDENCIES section: not a Gemfile.lock");
done:
	free(direct);
	return err;
}
