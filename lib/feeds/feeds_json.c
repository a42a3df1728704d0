/* lib/feeds/feeds_json.c - JSON feed documents (OSV records, the KEV catalog) through cJSON */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "feeds/feeds_int.h"
#include "lockfile/lockfile.h"
#include "util/error.h"

/*
 * Feeds are downloaded, so the JSON may be hostile. cJSON recurses once per
 * nesting level and allocates ~80 bytes per value, accepts "\u0000" by
 * cutting the string short and keeps both values of a duplicate key; each
 * is checked here, the first two before cJSON runs.
 */

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
			return scan_util__error(SCAN_EPARSE, "%.200s: line %u: NUL byte in JSON", origin,
			                        scan_lockfile__line_at(text, i));
		if (in_string) {
			if (c == '"') {
				in_string = false;
			} else if (c == '\\' && i + 1 < len) {
				if (text[i + 1] == 'u' && len - i >= 6 && !memcmp(text + i + 2, "0000", 4))
					return scan_util__error(SCAN_EPARSE, "%.200s: line %u: NUL character in a JSON string",
					                        origin, scan_lockfile__line_at(text, i));
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
				return scan_util__error(SCAN_ELIMIT, "%.200s: line %u: JSON nested deeper than %d",
				                        origin, scan_lockfile__line_at(text, i), SCAN_FEED_JSON_DEPTH_MAX);
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
			return scan_util__error(SCAN_ELIMIT, "%.200s: more than %zu JSON values", origin, max_values);
	}
	return 0;
}

int scan_feeds__feed_json(const char *text, size_t len, size_t max_bytes, size_t max_values,
                          const char *origin, cJSON **out)
{
	const char *end = NULL;
	const cJSON *dup;
	cJSON *root;
	size_t off;
	int err;

	*out = NULL;
	if (len > max_bytes)
		return scan_util__error(SCAN_ELIMIT, "%.200s: larger than %zu bytes", origin, max_bytes);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
		text += 3;
		len -= 3;
	}
	if ((err = prescan(text, len, max_values, origin)) < 0)
		return err;
	if (!(root = cJSON_ParseWithLengthOpts(text, len, &end, false))) {
		off = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
		return scan_util__error(SCAN_EPARSE, "%.200s: line %u: not valid JSON", origin,
		                        scan_lockfile__line_at(text, off));
	}
	/* cJSON stops after the first value: whatever follows must be blank. */
	off = end && end >= text && end <= text + len ? (size_t)(end - text) : len;
	while (off < len && (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' || text[off] == '\r'))
		off++;
	if (off < len) {
		cJSON_Delete(root);
		return scan_util__error(SCAN_EPARSE, "%.200s: line %u: data after the JSON document",
		                        origin, scan_lockfile__line_at(text, off));
	}
	/* nesting is bounded by prescan(): the depth limit here is a second guard */
	if ((err = scan_json__repeated_key(root, SCAN_FEED_JSON_DEPTH_MAX, &dup)) == SCAN_ELIMIT)
		err = scan_util__error(err, "%.200s: JSON nested deeper than %d", origin, SCAN_FEED_JSON_DEPTH_MAX);
	else if (!err && dup)
		err = scan_util__error(SCAN_EPARSE, "%.200s: duplicate key '%.100s'", origin, dup->string);
	if (err < 0) {
		cJSON_Delete(root);
		return err;
	}
	*out = root;
	return 0;
}
