/* lib/lockfile/extract_manifest.c - package.json, composer.json and Gemfile when no lockfile pins them */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * A manifest names what a project wants, often as a range ("^4.17.0"); the
 * lockfile says what was installed. When the lockfile is there it is read
 * and the manifest is not (the lockfile's extractor reads the manifest
 * itself for the direct bit). When it is not, the manifest is still the
 * project's dependency list: an exact version is a component at that
 * version, and a range is a component without a version (SCAN_DEP_UNPINNED),
 * matched against no advisory, and one problem says how many were left
 * unresolved, so an empty SBOM is never silent.
 *
 * Lines: cJSON keeps no positions, so a dependency's line is that of its
 * quoted name after its section's key, found by a forward search.
 */

/* Lockfiles that pin a package.json, beside it or in a workspace root above. */
static const char *const npm_locks[] = { "package-lock.json", "npm-shrinkwrap.json", "yarn.lock",
	                                     "pnpm-lock.yaml", "bun.lock", NULL };

#define MANIFEST_UP_MAX 16 /* directories above a package.json searched for a workspace's lockfile */

bool scan_lockfile__has_lockfile(scan_sca_doc *d, const char *const *names)
{
	unsigned depth = 0;
	scan_buf rel = SCAN_BUF_INIT;
	bool found = false;

	for (const char *p = d->file; *p; p++)
		depth += *p == '/';
	for (unsigned up = 0; up <= depth && up <= MANIFEST_UP_MAX && !found; up++)
		for (const char *const *n = names; *n && !found; n++) {
			scan_buf_clear(&rel);
			for (unsigned k = 0; k < up; k++)
				scan_buf_puts(&rel, "../");
			scan_buf_puts(&rel, *n);
			found = !scan_buf_failed(&rel) && scan_lockfile__sibling_exists(d, rel.ptr);
		}
	scan_buf_dispose(&rel);
	return found;
}

/* "1.2.3", "=1.2.3", "v1.2.3-rc.1+b5": one version, not a range; ver and vlen: the version proper. */
static bool npm_exact(const char *spec, const char **ver, size_t *vlen)
{
	const char *p = spec;
	int dots = 0;

	if (*p == '=')
		p++;
	if (*p == 'v')
		p++;
	*ver = p;
	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p) || *p == '.'; p++)
		dots += *p == '.';
	if (dots != 2 || p[-1] == '.')
		return false;
	if (*p == '-' || *p == '+')
		for (p++; isalnum((unsigned char)*p) || *p == '.' || *p == '-' || *p == '+'; p++)
			;
	*vlen = (size_t)(p - *ver);
	return *p == '\0';
}

/* Where a spec that is no registry version points: local, git or URL flags; 0 for a registry range. */
static unsigned npm_source_flags(const char *spec)
{
	if (!strncmp(spec, "file:", 5) || !strncmp(spec, "link:", 5) || !strncmp(spec, "workspace:", 10) ||
	    !strncmp(spec, "portal:", 7))
		return SCAN_DEP_LOCAL;
	if (!strncmp(spec, "git", 3) || !strncmp(spec, "github:", 7) || !strncmp(spec, "gitlab:", 7) ||
	    !strncmp(spec, "bitbucket:", 10))
		return SCAN_DEP_GIT;
	if (!strncmp(spec, "http://", 7) || !strncmp(spec, "https://", 8))
		return SCAN_DEP_URL;
	/* "user/repo" or "user/repo#ref" is GitHub shorthand; a scoped name starts with '@' */
	if (spec[0] != '@' && strchr(spec, '/') && !strchr(spec, ' '))
		return SCAN_DEP_GIT;
	return 0;
}

typedef struct {
	scan_sca_doc *d;
	const char *text;
	size_t len;
	size_t unpinned;
} manifest;

/* The line of "name" after the section's key; 0 when it cannot be found. */
static unsigned line_of(const manifest *m, const char *section, const char *name)
{
	scan_buf key = SCAN_BUF_INIT;
	const char *at = NULL, *from;
	unsigned line = 0;

	scan_buf_printf(&key, "\"%s\"", section);
	if (!scan_buf_failed(&key) && (from = strstr(m->text, key.ptr))) {
		scan_buf_clear(&key);
		scan_buf_printf(&key, "\"%s\"", name);
		if (!scan_buf_failed(&key))
			at = strstr(from, key.ptr);
	}
	if (at)
		line = scan_lockfile__line_at(m->text, (size_t)(at - m->text));
	scan_buf_dispose(&key);
	return line;
}

int scan_lockfile__unresolved_problem(scan_sca_doc *d, size_t unpinned, const char *lockfiles)
{
	char msg[256];

	if (!unpinned)
		return 0;
	snprintf(msg, sizeof(msg), "no lockfile: %zu dependenc%s declared with a version range not resolved "
	         "(commit %s to check them)", unpinned, unpinned == 1 ? "y" : "ies", lockfiles);
	return scan_inventory__problem(d->inv, d->file, 0, msg);
}

typedef struct {
	const char *key;
	unsigned flags;
} manifest_section;

typedef int (*manifest_add_fn)(manifest *m, const char *section, const char *name, const char *spec,
                               unsigned flags);

/*
 * Each "name": "version spec" of the manifest's sections to add(); then one
 * problem for the ranges left unresolved, naming the lockfiles that would pin them.
 */
static int read_sections(manifest *m, const char *what, const manifest_section *sections, size_t nsections,
                         manifest_add_fn add, const char *lockfiles)
{
	cJSON *root = NULL;
	int err;

	if ((err = scan_json__parse(m->d, m->text, m->len, &root)) < 0)
		return err;
	if (!cJSON_IsObject(root)) {
		err = scan_lockfile__fail(m->d, SCAN_EPARSE, 1, "%s is not a JSON object", what);
		goto done;
	}
	for (size_t s = 0; s < nsections && !err; s++) {
		const cJSON *sec = cJSON_GetObjectItemCaseSensitive(root, sections[s].key), *e;
		if (!sec)
			continue;
		if (!cJSON_IsObject(sec)) {
			err = scan_lockfile__fail(m->d, SCAN_EPARSE, line_of(m, sections[s].key, sections[s].key),
			                          "\"%s\" is not an object", sections[s].key);
			break;
		}
		cJSON_ArrayForEach(e, sec) {
			if (!cJSON_IsString(e) || !e->string[0]) {
				err = scan_lockfile__fail(m->d, SCAN_EPARSE, line_of(m, sections[s].key, e->string),
				                          "the version of \"%s\" is not a string", e->string);
				break;
			}
			if ((err = add(m, sections[s].key, e->string, e->valuestring, sections[s].flags)) < 0)
				break;
		}
	}
	if (!err)
		err = scan_lockfile__unresolved_problem(m->d, m->unpinned, lockfiles);
done:
	cJSON_Delete(root);
	return err;
}

static int add_npm(manifest *m, const char *section, const char *name, const char *spec, unsigned flags)
{
	const char *real = name, *ver = NULL;
	size_t real_len = strlen(name), vlen = 0;
	unsigned src;
	int idx;

	/* "alias": "npm:real-name@1.2.3" installs real-name under another name */
	if (!strncmp(spec, "npm:", 4)) {
		const char *at = strrchr(spec + 5, '@'); /* after a scope's leading '@' */
		real = spec + 4;
		real_len = at ? (size_t)(at - real) : strlen(real);
		spec = at ? at + 1 : "";
	}
	src = npm_source_flags(spec);
	if (!src && npm_exact(spec, &ver, &vlen)) {
		/* pinned: a version advisories can be matched against */
	} else {
		ver = NULL, vlen = 0;
		flags |= src;
		if (!src) {
			flags |= SCAN_DEP_UNPINNED;
			m->unpinned++;
		}
	}
	idx = scan_lockfile__add(m->d, SCAN_ECO_NPM, real, real_len, ver, vlen, flags | SCAN_DEP_DIRECT,
	                         line_of(m, section, name));
	return idx < 0 ? idx : 0;
}

bool scan_lockfile__is_npm_manifest(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "package.json");
}

int scan_lockfile__extract_npm_manifest(scan_sca_doc *d, const char *text, size_t len)
{
	static const manifest_section sections[] = {
		{ "dependencies", 0 },
		{ "devDependencies", SCAN_DEP_DEV },
		{ "optionalDependencies", SCAN_DEP_OPTIONAL },
	};
	manifest m = { d, text, len, 0 };

	if (scan_lockfile__has_lockfile(d, npm_locks))
		return 0;
	return read_sections(&m, "package.json", sections, sizeof(sections) / sizeof(sections[0]), add_npm,
	                     "package-lock.json, yarn.lock or pnpm-lock.yaml");
}

/* Composer: "1.2.3", "v1.2.3", "1.2.3.4", "1.2.3-beta2" are one version; carets, tildes, stars and "dev-main" are not. */
static bool composer_exact(const char *spec, const char **ver, size_t *vlen)
{
	const char *p = spec;
	int dots = 0;

	if (*p == 'v' && isdigit((unsigned char)p[1]))
		p++;
	*ver = p;
	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p) || *p == '.'; p++)
		dots += *p == '.';
	if (!dots || p[-1] == '.')
		return false;
	if (*p == '-')
		for (p++; isalnum((unsigned char)*p) || *p == '.'; p++)
			;
	*vlen = (size_t)(p - *ver);
	return *p == '\0';
}

bool scan_lockfile__is_composer_manifest(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "composer.json");
}

static int add_composer(manifest *m, const char *section, const char *pkg, const char *spec, unsigned flags)
{
	const char *ver = NULL;
	size_t vlen = 0;
	char name[256];
	int idx;

	/* php, ext-*, lib-*: the platform, not packages (every package has a vendor) */
	if (!strchr(pkg, '/'))
		return 0;
	if (strlen(pkg) >= sizeof(name))
		return scan_lockfile__fail(m->d, SCAN_EPARSE, line_of(m, section, pkg), "a package name longer than %zu bytes",
		                           sizeof(name) - 1);
	/* Packagist and OSV spell names in lower case */
	for (size_t i = 0; (name[i] = (char)tolower((unsigned char)pkg[i])) != '\0'; i++)
		;
	if (!composer_exact(spec, &ver, &vlen)) {
		ver = NULL, vlen = 0;
		flags |= SCAN_DEP_UNPINNED;
		m->unpinned++;
	}
	idx = scan_lockfile__add(m->d, SCAN_ECO_PACKAGIST, name, strlen(name), ver, vlen, flags | SCAN_DEP_DIRECT,
	                         line_of(m, section, pkg));
	return idx < 0 ? idx : 0;
}

int scan_lockfile__extract_composer_manifest(scan_sca_doc *d, const char *text, size_t len)
{
	static const char *const locks[] = { "composer.lock", NULL };
	static const manifest_section sections[] = {
		{ "require", 0 },
		{ "require-dev", SCAN_DEP_DEV },
	};
	manifest m = { d, text, len, 0 };

	if (scan_lockfile__has_lockfile(d, locks))
		return 0;
	return read_sections(&m, "composer.json", sections, sizeof(sections) / sizeof(sections[0]), add_composer,
	                     "composer.lock");
}

/*
 * Gemfile: Ruby, read line by line the way Gemfiles are written, never
 * evaluated. `gem "name"` with its requirements ("= 1.2.3" or "1.2.3" is a
 * pin, anything else a range) and options (path: is local, git: and github:
 * are git, group: :development or :test is dev); `group ... do` blocks of
 * :development or :test make their gems dev; a line the reader does not
 * understand is passed over.
 */
#define GEMFILE_DEPTH_MAX 32

/* A quoted Ruby string at *p ("..." or '...', no interpolation kept): its bytes; *p moves past it. */
static bool ruby_string(const char **p, const char *end, const char **s, size_t *n)
{
	char q = **p;
	const char *e;

	if (q != '"' && q != '\'')
		return false;
	for (e = *p + 1; e < end && *e != q; e++)
		if (*e == '\\' && e + 1 < end)
			e++;
	if (e >= end)
		return false;
	*s = *p + 1, *n = (size_t)(e - *p - 1);
	*p = e + 1;
	return true;
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static bool gem_exact(const char *s, size_t n, const char **ver, size_t *vlen)
{
	const char *e = s + n;
	int dots = 0;

	if (s < e && *s == '=') {
		s++;
		while (s < e && *s == ' ')
			s++;
	}
	*ver = s;
	if (s >= e || !isdigit((unsigned char)*s))
		return false;
	for (; s < e && (isalnum((unsigned char)*s) || *s == '.'); s++)
		dots += *s == '.';
	*vlen = (size_t)(s - *ver);
	return s == e && dots > 0;
}

/* Does a line's text name the development or test group (":test", "'development'", test:)? */
static bool names_dev_group(const char *p, const char *end)
{
	static const char *const groups[] = { "development", "test" };
	for (size_t g = 0; g < 2; g++) {
		size_t n = strlen(groups[g]);
		for (const char *q = p; q + n <= end; q++)
			if (!memcmp(q, groups[g], n) && q > p && strchr(":'\"", q[-1]) &&
			    (q + n == end || !isalnum((unsigned char)q[n])))
				return true;
	}
	return false;
}

static int gemfile_line(manifest *m, const char *p, const char *end, unsigned line, bool dev)
{
	const char *name, *req = NULL, *ver = NULL;
	size_t nlen, rlen = 0, vlen = 0, nreq = 0;
	unsigned flags = SCAN_DEP_DIRECT | (dev ? SCAN_DEP_DEV : 0);
	int idx;

	p = skip_blank(p + 3, end);
	if (*p == '(')
		p = skip_blank(p + 1, end);
	if (!ruby_string(&p, end, &name, &nlen) || !nlen)
		return 0;
	for (;;) {
		const char *s;
		size_t n;
		p = skip_blank(p, end);
		if (p < end && *p == ',')
			p = skip_blank(p + 1, end);
		if (!ruby_string(&p, end, &s, &n))
			break;
		req = s, rlen = n, nreq++;
	}
	/* the options after the requirements */
	for (const char *q = p; q < end && *q != '#'; q++) {
		size_t left = (size_t)(end - q);
		if ((left >= 5 && !memcmp(q, "path:", 5)) || (left >= 5 && !memcmp(q, ":path", 5)))
			flags |= SCAN_DEP_LOCAL;
		else if ((left >= 4 && !memcmp(q, "git:", 4)) || (left >= 7 && !memcmp(q, "github:", 7)) ||
		         (left >= 4 && !memcmp(q, ":git", 4)))
			flags |= SCAN_DEP_GIT;
	}
	{
		const char *g = p < end ? memmem(p, (size_t)(end - p), "group", 5) : NULL;
		if (g && names_dev_group(g + 5, end))
			flags |= SCAN_DEP_DEV;
	}
	if (!(flags & (SCAN_DEP_LOCAL | SCAN_DEP_GIT)) && !(nreq == 1 && gem_exact(req, rlen, &ver, &vlen))) {
		ver = NULL, vlen = 0;
		if (!(flags & (SCAN_DEP_LOCAL | SCAN_DEP_GIT))) {
			flags |= SCAN_DEP_UNPINNED;
			m->unpinned++;
		}
	}
	idx = scan_lockfile__add(m->d, SCAN_ECO_RUBYGEMS, name, nlen, ver, vlen, flags, line);
	return idx < 0 ? idx : 0;
}

bool scan_lockfile__is_gemfile(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "Gemfile") || !strcmp(base, "gems.rb");
}

int scan_lockfile__extract_gemfile(scan_sca_doc *d, const char *text, size_t len)
{
	static const char *const locks[] = { "Gemfile.lock", "gems.locked", NULL };
	manifest m = { d, text, len, 0 };
	bool dev[GEMFILE_DEPTH_MAX];
	unsigned depth = 0, line = 0;
	int err = 0;

	if (scan_lockfile__has_lockfile(d, locks))
		return 0;
	for (const char *p = text, *end = text + len; p < end && !err;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end, *q;
		bool in_dev = depth && dev[depth - 1];
		line++;
		q = skip_blank(p, e);
		while (e > q && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (e - q >= 4 && !memcmp(q, "gem", 3) && (q[3] == ' ' || q[3] == '(')) {
			err = gemfile_line(&m, q, e, line, in_dev);
		} else if ((e - q >= 3 && !memcmp(e - 3, " do", 3)) ||
		           (e > q && e[-1] == '|' && memmem(q, (size_t)(e - q), " do |", 5))) {
			/* a block: group, platforms, source; its gems are dev when a dev group opens it */
			if (depth == GEMFILE_DEPTH_MAX)
				err = scan_lockfile__fail(d, SCAN_ELIMIT, line, "blocks nested deeper than %d", GEMFILE_DEPTH_MAX);
			else
				dev[depth] = in_dev || (e - q > 5 && !memcmp(q, "group", 5) && names_dev_group(q + 5, e)), depth++;
		} else if (e - q == 3 && !memcmp(q, "end", 3) && depth) {
			depth--;
		}
		p = nl ? nl + 1 : end;
	}
	return err ? err : scan_lockfile__unresolved_problem(m.d, m.unpinned, "Gemfile.lock");
}
