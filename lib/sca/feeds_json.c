/* lib/sca/feeds_json.c - JSON feed documents (OSV records, the KEV catalog) through cJSON */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "sca/feeds_int.h"
#include "util/error.h"

/*
 * Feeds are downloaded, so the JSON may be hostile. cJSON recurses once per
 * nesting level and allocates ~80 bytes per value, accepts "\u0000" by
 * cutting the string short and keeps both values of a duplicate key; each
 * is checked here, the first two before cJSON runs.
 */

static unsigned line_at(const char *text, size_t off)
{
	unsigned line = 1;

	for (size_t i = 0; i < off; i++)
		if (text[i] == '\n')
			line++;
	return line;
}

/*
 * One pass over the bytes, strings skipped: nesting depth, an upper bound on
 * the number of values (each value but a container's first follows a comma;
 * the first follows the bracket) and NULs, raw or escaped.
 */
static int prescan(const char *text, size_t len, size_t max_values, const char *origin)
{
	size_t depth = 0, values = 1;
	bool in_string = false;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (c == '\0')
			return scan__error(SCAN_EPARSE, "%.200s: line %u: NUL byte in JSON", origin, line_at(text, i));
		if (in_string) {
			if (c == '"') {
				in_string = false;
			} else if (c == '\\' && i + 1 < len) {
				if (text[i + 1] == 'u' && len - i >= 6 && !memcmp(text + i + 2, "0000", 4))
					return scan__error(SCAN_EPARSE, "%.200s: line %u: NUL character in a JSON string",
					                   origin, line_at(text, i));
				i++;
			}
			continue;
		}
		switch (c) {
		case '"':
			in_string = true;
			break;
		case '[':
		case '{':
			if (++depth > SCAN_FEED_JSON_DEPTH_MAX)
				return scan__error(SCAN_ELIMIT, "%.200s: line %u: JSON nested deeper than %d",
				                   origin, line_at(text, i), SCAN_FEED_JSON_DEPTH_MAX);
			values++;
			break;
		case ']':
		case '}':
			if (depth)
				depth--;
			break;
		case ',':
			values++;
			break;
		default:
			break;
		}
		if (values > max_values)
			return scan__error(SCAN_ELIMIT, "%.200s: more than %zu JSON values", origin, max_values);
	}
	return 0;
}

static int cmp_key(const void *a, const void *b)
{
	const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;

	return strcmp(x->string, y->string);
}

/*
 * Two values for one key are read differently by different tools (first
 * wins, last wins): a record could show one affected range to us and
 * another to the tool that published it. Depth is bounded by prescan().
 */
static int check_keys(const cJSON *n, const char *origin)
{
	const cJSON *c;
	size_t count = 0;

	for (c = n->child; c; c = c->next) {
		int err = check_keys(c, origin);
		if (err < 0)
			return err;
		count++;
	}
	if (!cJSON_IsObject(n) || count < 2)
		return 0;
	if (count <= 8) {
		for (c = n->child; c; c = c->next)
			for (const cJSON *e = c->next; e; e = e->next)
				if (!strcmp(c->string, e->string))
					return scan__error(SCAN_EPARSE, "%.200s: duplicate key '%.100s'", origin, c->string);
		return 0;
	} else {
		const cJSON **keys = malloc(count * sizeof(*keys));
		size_t i = 0;
		int err = 0;

		if (!keys)
			return scan__error_oom();
		for (c = n->child; c; c = c->next)
			keys[i++] = c;
		qsort(keys, count, sizeof(*keys), cmp_key);
		for (i = 1; i < count && !err; i++)
			if (!strcmp(keys[i - 1]->string, keys[i]->string))
				err = scan__error(SCAN_EPARSE, "%.200s: duplicate key '%.100s'", origin, keys[i]->string);
		free(keys);
		return err;
	}
}

int scan_sca__feed_json(const char *text, size_t len, size_t max_bytes, size_t max_values,
                        const char *origin, cJSON **out)
{
	const char *end = NULL;
	cJSON *root;
	size_t off;
	int err;

	*out = NULL;
	if (len > max_bytes)
		return scan__error(SCAN_ELIMIT, "%.200s: larger than %zu bytes", origin, max_bytes);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
		text += 3;
		len -= 3;
	}
	if ((err = prescan(text, len, max_values, origin)) < 0)
		return err;
	if (!(root = cJSON_ParseWithLengthOpts(text, len, &end, false))) {
		off = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
		return scan__error(SCAN_EPARSE, "%.200s: line %u: not valid JSON", origin, line_at(text, off));
	}
	/* cJSON stops after the first value: whatever follows must be blank. */
	off = end && end >= text && end <= text + len ? (size_t)(end - text) : len;
	while (off < len && (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' || text[off] == '\r'))
		off++;
	if (off < len) {
		cJSON_Delete(root);
		return scan__error(SCAN_EPARSE, "%.200s: line %u: data after the JSON document",
		                   origin, line_at(text, off));
	}
	if ((err = check_keys(root, origin)) < 0) {
		cJSON_Delete(root);
		return err;
	}
	*out = root;
	return 0;
}
