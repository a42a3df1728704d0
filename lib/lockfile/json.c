/* lib/lockfile/json.c - JSON documents with the checks cJSON leaves out */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "lockfile/lockfile.h"
#include "util/error.h"

static int cmp_key(const void *a, const void *b)
{
	const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;

	return strcmp(x->string, y->string);
}

static int repeated_key(const cJSON *n, unsigned depth, unsigned max_depth, const cJSON **dup)
{
	const cJSON *c;
	size_t count = 0;

	if (depth > max_depth)
		return SCAN_ELIMIT;
	for (c = n->child; c; c = c->next) {
		int err = repeated_key(c, depth + 1, max_depth, dup);
		if (err < 0 || *dup)
			return err;
		count++;
	}
	if (!cJSON_IsObject(n) || count < 2)
		return 0;
	if (count <= 8) {
		for (c = n->child; c && !*dup; c = c->next)
			for (const cJSON *e = c->next; e && !*dup; e = e->next)
				if (!strcmp(c->string, e->string))
					*dup = c;
	} else {
		const cJSON **keys = malloc(count * sizeof(*keys));
		size_t i = 0;

		if (!keys)
			return scan_error__oom();
		for (c = n->child; c; c = c->next)
			keys[i++] = c;
		qsort(keys, count, sizeof(*keys), cmp_key);
		for (i = 1; i < count && !*dup; i++)
			if (!strcmp(keys[i - 1]->string, keys[i]->string))
				*dup = keys[i];
		free(keys);
	}
	return 0;
}

int scan_json__repeated_key(const cJSON *n, unsigned max_depth, const cJSON **dup)
{
	*dup = NULL;
	return repeated_key(n, 0, max_depth, dup);
}

int scan_json__parse(const scan_sca_doc *d, const char *text, size_t len, cJSON **out)
{
	const char *end = NULL;
	const cJSON *dup;
	cJSON *root;
	int err;

	*out = NULL;
	if (len > SCAN_SCA_FILE_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
		text += 3;
		len -= 3;
	}
	if (!(root = cJSON_ParseWithLengthOpts(text, len, &end, false))) {
		size_t off = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
		return scan_lockfile__fail(d, SCAN_EPARSE, scan_lockfile__line_at(text, off), "not valid JSON");
	}
	if ((err = scan_json__repeated_key(root, SCAN_SCA_DEPTH_MAX, &dup)) == SCAN_ELIMIT)
		err = scan_lockfile__fail(d, SCAN_ELIMIT, 0, "JSON nested deeper than %d", SCAN_SCA_DEPTH_MAX);
	else if (!err && dup)
		err = scan_lockfile__fail(d, SCAN_EPARSE, 0, "duplicate key '%.100s'", dup->string);
	if (err < 0) {
		cJSON_Delete(root);
		return err;
	}
	*out = root;
	return 0;
}

const char *scan_json__string(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(v) && v->valuestring ? v->valuestring : NULL;
}

int scan_json__array(const scan_sca_doc *d, const cJSON *obj, const char *key, const char *what,
                     const cJSON **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsArray(v))
		return scan_lockfile__fail(d, SCAN_EPARSE, 0, "\"%s\" of %s is not an array", key, what);
	*out = v;
	return 0;
}

bool scan_json__printable(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (!n || n > max)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}
