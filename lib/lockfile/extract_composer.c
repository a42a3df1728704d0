/* lib/lockfile/extract_composer.c - Composer's composer.lock, with composer.json beside it */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * composer.lock is JSON: "packages" (what `composer install --no-dev`
 * installs) and "packages-dev" (SCAN_DEP_DEV), each an array of package
 * objects as Composer dumps them: "name", "version", "source" and "dist"
 * ({"type": "git"|"zip"|"path"|..., "url", "reference"}), "require"
 * (package -> constraint), "license" (an array: any one of them applies).
 *
 * Names are lower-cased, as Packagist and OSV spell them (Composer
 * compares names case-insensitively). Versions are written as the tag:
 * "v6.4.3" for Symfony, "3.5.0" for Monolog. Composer's own normalisation
 * drops a leading "v" before a digit, and OSV's Packagist records (from
 * GitHub's advisories and FriendsOfPHP) carry versions without it, so the
 * "v" is dropped here too: "v6.4.3" is reported as "6.4.3". Branch
 * versions ("dev-main", "2.x-dev") are kept as written.
 *
 * A package from a path repository (dist type "path") is SCAN_DEP_LOCAL.
 * One from git without a dist archive, or at a branch version (where the
 * code is the commit in source.reference, not a release), is SCAN_DEP_GIT.
 *
 * Edges come from "require", leaving out platform packages (php, ext-*,
 * lib-*, composer-plugin-api...: every name without a '/'); virtual
 * packages ("psr/log-implementation") match no component and are dropped.
 *
 * The lockfile does not say which packages the project requires itself:
 * composer.json beside it does ("require", "require-dev"). When it can be
 * read, those are DIRECT and the rest TRANSITIVE; when it is missing or
 * broken, neither bit is set (the lockfile alone is still read).
 *
 * Lines: cJSON keeps no positions, so each package's line is found by
 * looking forward for `"name": "<name>"` as Composer writes it; after a
 * few misses (a lockfile not written by Composer) lines are left 0 rather
 * than scanning the whole text again for each package.
 */

#define COMPOSER_LINE_MISSES_MAX 8

typedef struct {
	scan_sca_doc *d;
	const char *text;
	size_t len;
	size_t cursor;             /* line search: offset and its line */
	unsigned cursor_line, misses;
	const char **direct;       /* composer.json requires, sorted case-insensitively */
	size_t ndirect;
	bool have_manifest;
	char *json_text;           /* composer.json */
	cJSON *manifest;
} composer;

static int cmp_casestr(const void *a, const void *b)
{
	return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

/* Platform packages are the names without a vendor. */
static bool is_platform(const char *name)
{
	return !strchr(name, '/');
}

static int read_manifest(composer *c)
{
	size_t len, n = 0;
	const cJSON *req[2], *e;
	int err;

	err = scan_lockfile__read_sibling(c->d, "composer.json", &c->json_text, &len);
	if (err == SCAN_ENOMEM)
		return err;
	if (err < 0)
		return 0;  /* none, or not readable: no direct information */
	err = scan_json__parse(c->d, c->json_text, len, &c->manifest);
	if (err == SCAN_ENOMEM)
		return err;
	if (err < 0 || !cJSON_IsObject(c->manifest))
		return 0;  /* broken: composer itself would refuse it; the lockfile still stands */
	req[0] = cJSON_GetObjectItemCaseSensitive(c->manifest, "require");
	req[1] = cJSON_GetObjectItemCaseSensitive(c->manifest, "require-dev");
	for (int i = 0; i < 2; i++)
		if (cJSON_IsObject(req[i]))
			for (e = req[i]->child; e; e = e->next)
				n++;
	if (n && !(c->direct = malloc(n * sizeof(*c->direct))))
		return scan_error__oom();
	for (int i = 0; i < 2; i++)
		if (cJSON_IsObject(req[i]))
			for (e = req[i]->child; e; e = e->next)
				c->direct[c->ndirect++] = e->string;
	if (c->ndirect)
		qsort(c->direct, c->ndirect, sizeof(*c->direct), cmp_casestr);
	c->have_manifest = true;
	return 0;
}

/* The line of `"name": "<name>"` after the previous package's, or 0. */
static unsigned find_line(composer *c, const char *name)
{
	scan_buf key = SCAN_BUF_INIT;
	const char *hit;
	unsigned line = 0;

	if (c->misses >= COMPOSER_LINE_MISSES_MAX)
		return 0;
	scan_buf_printf(&key, "\"name\": \"%s\"", name);
	if (scan_buf_failed(&key))
		goto done;
	hit = memmem(c->text + c->cursor, c->len - c->cursor, key.ptr, key.size);
	if (!hit) {
		c->misses++;
		goto done;
	}
	for (const char *p = c->text + c->cursor; p < hit; p++)
		c->cursor_line += *p == '\n';
	c->cursor = (size_t)(hit - c->text);
	line = c->cursor_line;
done:
	scan_buf_dispose(&key);
	return line;
}

static bool is_branch_version(const char *v)
{
	size_t n = strlen(v);

	return !strncmp(v, "dev-", 4) || (n > 4 && !strcmp(v + n - 4, "-dev"));
}

/* "MIT", or "MIT OR GPL-2.0-or-later" for several (Composer: the user picks one). */
static int set_license(composer *c, int idx, const cJSON *lic)
{
	scan_buf b = SCAN_BUF_INIT;
	const cJSON *e;
	int err;

	if (cJSON_IsString(lic))
		return scan_lockfile__set_license(c->d, idx, lic->valuestring, strlen(lic->valuestring));
	if (!cJSON_IsArray(lic))
		return 0;
	scan_buf_init(&b, SCAN_SCA_NAME_MAX);
	cJSON_ArrayForEach(e, lic) {
		if (!cJSON_IsString(e) || !e->valuestring[0])
			continue;
		if (b.size)
			scan_buf_puts(&b, " OR ");
		scan_buf_puts(&b, e->valuestring);
	}
	if (scan_buf_failed(&b) == SCAN_ENOMEM)
		err = scan_error__oom();
	else if (scan_buf_failed(&b))
		err = scan_lockfile__fail(c->d, SCAN_EPARSE, c->d->inv->items[idx].line, "license of '%s' is too long",
		                          c->d->inv->items[idx].name);
	else
		err = scan_lockfile__set_license(c->d, idx, b.ptr, b.size);
	scan_buf_dispose(&b);
	return err;
}

static int add_package(composer *c, const cJSON *pkg, bool dev)
{
	const char *name = scan_json__string(pkg, "name"), *version = scan_json__string(pkg, "version");
	const cJSON *source = cJSON_GetObjectItemCaseSensitive(pkg, "source");
	const cJSON *dist = cJSON_GetObjectItemCaseSensitive(pkg, "dist");
	const cJSON *require = cJSON_GetObjectItemCaseSensitive(pkg, "require"), *e;
	const char *source_type = cJSON_IsObject(source) ? scan_json__string(source, "type") : NULL;
	const char *dist_type = cJSON_IsObject(dist) ? scan_json__string(dist, "type") : NULL;
	char lname[SCAN_SCA_NAME_MAX + 1];
	size_t nlen, vlen;
	unsigned flags = dev ? SCAN_DEP_DEV : 0, line;
	int idx, err;

	if (!cJSON_IsObject(pkg) || !name || !name[0])
		return scan_lockfile__fail(c->d, SCAN_EPARSE, 0, "a package without a name");
	if ((nlen = strlen(name)) > SCAN_SCA_NAME_MAX)
		return scan_lockfile__fail(c->d, SCAN_EPARSE, 0, "package name longer than %d bytes", SCAN_SCA_NAME_MAX);
	line = find_line(c, name);
	if (!version || !version[0])
		return scan_lockfile__fail(c->d, SCAN_EPARSE, line, "package '%.200s' has no version", name);
	for (size_t i = 0; i < nlen; i++)
		lname[i] = (char)tolower((unsigned char)name[i]);
	lname[nlen] = '\0';
	if ((version[0] == 'v' || version[0] == 'V') && version[1] >= '0' && version[1] <= '9')
		version++;
	vlen = strlen(version);
	if (c->have_manifest)
		flags |= c->ndirect && bsearch(&name, c->direct, c->ndirect, sizeof(*c->direct), cmp_casestr)
		         ? SCAN_DEP_DIRECT : SCAN_DEP_TRANSITIVE;
	if ((dist_type && !strcmp(dist_type, "path")) || (source_type && !strcmp(source_type, "path")))
		flags |= SCAN_DEP_LOCAL;
	else if (source_type && !strcmp(source_type, "git") && (!dist_type || is_branch_version(version)))
		flags |= SCAN_DEP_GIT;
	if ((idx = scan_lockfile__add(c->d, SCAN_ECO_PACKAGIST, lname, nlen, version, vlen, flags, line)) < 0)
		return idx;
	if ((err = set_license(c, idx, cJSON_GetObjectItemCaseSensitive(pkg, "license"))) < 0)
		return err;
	if (!cJSON_IsObject(require))
		return 0;
	for (e = require->child; e; e = e->next) {
		size_t n = strlen(e->string);
		if (is_platform(e->string) || !n || n > SCAN_SCA_NAME_MAX)
			continue;
		for (size_t i = 0; i < n; i++)
			lname[i] = (char)tolower((unsigned char)e->string[i]);
		if ((err = scan_lockfile__dep(c->d, idx, lname, n, NULL, 0)) < 0)
			return err;
	}
	return 0;
}

bool scan_lockfile__is_composer_lock(const char *path, const char *base)
{
	(void)path;
	return !strcmp(base, "composer.lock");
}

int scan_lockfile__extract_composer_lock(scan_sca_doc *d, const char *text, size_t len)
{
	composer c;
	cJSON *root = NULL;
	const cJSON *list[2], *pkg;
	int err;

	memset(&c, 0, sizeof(c));
	c.d = d;
	c.text = text;
	c.len = len;
	c.cursor_line = 1;
	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		goto done;
	list[0] = cJSON_GetObjectItemCaseSensitive(root, "packages");
	list[1] = cJSON_GetObjectItemCaseSensitive(root, "packages-dev");
	if (!cJSON_IsObject(root) || !cJSON_IsArray(list[0])) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "no \"packages\" array: not a composer.lock");
		goto done;
	}
	if (list[1] && !cJSON_IsArray(list[1]) && !cJSON_IsNull(list[1])) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "\"packages-dev\" is not an array");
		goto done;
	}
	if ((err = read_manifest(&c)) < 0)
		goto done;
	for (int i = 0; i < 2; i++) {
		if (!cJSON_IsArray(list[i]))
			continue;
		cJSON_ArrayForEach(pkg, list[i])
			if ((err = add_package(&c, pkg, i == 1)) < 0)
				goto done;
	}
	err = 0;
done:
	cJSON_Delete(root);
	cJSON_Delete(c.manifest);
	free(c.json_text);
	free(c.direct);
	return err;
}
