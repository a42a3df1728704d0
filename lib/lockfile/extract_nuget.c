/* lib/lockfile/extract_nuget.c - NuGet's packages.lock.json */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>
#include "lockfile/extractors.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"

/* --- packages.lock.json --------------------------------------------------- */

/*
 * `dotnet restore` with RestorePackagesWithLockFile writes, per target
 * framework (and per framework/runtime pair), every package of the graph:
 *
 *   { "version": 1,
 *     "dependencies": {
 *       "net8.0": {
 *         "Serilog": { "type": "Direct", "requested": "[3.1.1, )", "resolved": "3.1.1",
 *                      "contentHash": "...", "dependencies": { "System.Memory": "4.5.5" } },
 *         "MyLib": { "type": "Project", "dependencies": { ... } } } } }
 *
 * Version 2 (Central Package Management) adds "CentralTransitive": a
 * transitive package whose version the central file pins. The same package
 * in several frameworks is one component; a dependency edge goes to the
 * version resolved in the same framework. NuGet ids ignore case, so edges
 * are matched that way. The file is also "packages.<project>.lock.json"
 * when several projects share a directory.
 */

bool scan_lockfile__is_nuget_lock(const char *path, const char *base)
{
	size_t n = strlen(base);

	(void)path;
	return !strcmp(base, "packages.lock.json") ||
	       (n > 20 && !strncmp(base, "packages.", 9) && !strcmp(base + n - 10, ".lock.json"));
}

/*
 * Line numbers for a tree cJSON does not locate: the keys are visited in
 * document order, so each is searched for forward from the previous one.
 * A key not found as written (an escaped name) ends the search: later
 * components get line 0 rather than a scan of the whole file each.
 */
typedef struct {
	const char *text;
	size_t len, pos;
	unsigned line;
	bool on;
} key_cursor;

static unsigned find_key(key_cursor *k, const char *key)
{
	size_t klen = strlen(key), i = k->pos;

	while (k->on && i < k->len) {
		const char *q = memchr(k->text + i, '"', k->len - i);
		size_t j;

		if (!q)
			break;
		i = (size_t)(q - k->text) + 1;
		if (k->len - i < klen + 1 || memcmp(k->text + i, key, klen) || k->text[i + klen] != '"')
			continue;
		for (j = i + klen + 1; j < k->len && scan_lockfile__is_space(k->text[j]); j++)
			;
		if (j >= k->len || k->text[j] != ':')
			continue;
		for (j++; j < k->len && scan_lockfile__is_space(k->text[j]); j++)
			;
		if (j >= k->len || k->text[j] != '{')
			continue;
		for (size_t p = k->pos; p < i; p++)
			k->line += k->text[p] == '\n';
		k->pos = i;
		return k->line;
	}
	k->on = false;
	return 0;
}

typedef struct {
	const cJSON *item;        /* the package's entry; ->string its name */
	const char *resolved;     /* NULL for a project */
	int idx;                  /* its component */
} tfm_pkg;

static int cmp_pkg(const void *a, const void *b)
{
	return strcasecmp(((const tfm_pkg *)a)->item->string, ((const tfm_pkg *)b)->item->string);
}

static const tfm_pkg *find_pkg(const tfm_pkg *pkgs, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcasecmp(pkgs[mid].item->string, name);
		if (!c)
			return &pkgs[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int lock_tfm(scan_sca_doc *d, const cJSON *tfm, key_cursor *kc)
{
	const cJSON *pkg;
	tfm_pkg *pkgs;
	size_t n = 0, count = 0;
	int err = 0;

	if (!cJSON_IsObject(tfm))
		return scan_lockfile__fail(d, SCAN_EPARSE, 0, "\"dependencies\".\"%.100s\" is not an object", tfm->string);
	find_key(kc, tfm->string);
	for (pkg = tfm->child; pkg; pkg = pkg->next)
		count++;
	if (!count)
		return 0;
	if (!(pkgs = calloc(count, sizeof(*pkgs))))
		return scan_error__oom();
	for (pkg = tfm->child; pkg; pkg = pkg->next) {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(pkg, "type");
		const cJSON *resolved = cJSON_GetObjectItemCaseSensitive(pkg, "resolved");
		const char *t = cJSON_IsString(type) ? type->valuestring : "";
		const char *version = cJSON_IsString(resolved) ? resolved->valuestring : NULL;
		unsigned flags = 0, line;
		int idx;

		if (!cJSON_IsObject(pkg)) {
			err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "package '%.100s' is not an object", pkg->string);
			goto done;
		}
		line = find_key(kc, pkg->string);
		if (!strcmp(t, "Direct"))
			flags = SCAN_DEP_DIRECT;
		else if (!strcmp(t, "Transitive") || !strcmp(t, "CentralTransitive"))
			flags = SCAN_DEP_TRANSITIVE;
		else if (!strcmp(t, "Project"))
			flags = SCAN_DEP_LOCAL;
		if (!(flags & SCAN_DEP_LOCAL) && !version)
			flags |= SCAN_DEP_UNPINNED;
		if (flags & SCAN_DEP_LOCAL)
			version = NULL;
		idx = scan_lockfile__add(d, SCAN_ECO_NUGET, pkg->string, strlen(pkg->string), version,
		                         version ? strlen(version) : 0, flags, line);
		if (idx < 0) {
			err = idx;
			goto done;
		}
		pkgs[n].item = pkg;
		pkgs[n].resolved = version;
		pkgs[n].idx = idx;
		n++;
	}
	qsort(pkgs, n, sizeof(*pkgs), cmp_pkg);
	for (size_t i = 0; i < n; i++) {
		const cJSON *deps = cJSON_GetObjectItemCaseSensitive(pkgs[i].item, "dependencies");
		if (!cJSON_IsObject(deps))
			continue;
		for (const cJSON *dep = deps->child; dep; dep = dep->next) {
			const tfm_pkg *to = find_pkg(pkgs, n, dep->string);
			if (!to)
				continue; /* not in this framework's graph: nothing to point at */
			err = scan_lockfile__dep(d, pkgs[i].idx, to->item->string, strlen(to->item->string), to->resolved,
			                         to->resolved ? strlen(to->resolved) : 0);
			if (err < 0)
				goto done;
		}
	}
done:
	free(pkgs);
	return err;
}

int scan_lockfile__extract_nuget_lock(scan_sca_doc *d, const char *text, size_t len)
{
	key_cursor kc = { text, len, 0, 1, true };
	const cJSON *version, *deps, *tfm;
	cJSON *root = NULL;
	int err;

	if ((err = scan_json__parse(d, text, len, &root)) < 0)
		return err;
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	deps = cJSON_GetObjectItemCaseSensitive(root, "dependencies");
	if (!cJSON_IsNumber(version)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "no \"version\": not a NuGet lock file");
		goto done;
	}
	if (version->valuedouble != 1 && version->valuedouble != 2) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "unsupported lock file version %g", version->valuedouble);
		goto done;
	}
	if (!cJSON_IsObject(deps)) {
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "no \"dependencies\" object");
		goto done;
	}
	find_key(&kc, "dependencies");
	for (tfm = deps->child; tfm; tfm = tfm->next)
		if ((err = lock_tfm(d, tfm, &kc)) < 0)
			goto done;
done:
	cJSON_Delete(root);
	return err;
}
