/* lib/coverage/native.c - Rampart's own coverage JSON */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>
#include "coverage/coverage_int.h"
#include "util/error.h"

/*
 * {"format": "rampart-coverage", "version": 1,
 *  "files": [{"path": "src/a.c", "lines": {"12": 3, "13": 0}}]}
 * lines maps each coverable line (a decimal string key) to its hit count.
 * Unknown keys are ignored so version 1 can grow optional fields; a larger
 * version is SCAN_EVERSION. Documented in docs/coverage.md.
 */

#define NATIVE_FORMAT "rampart-coverage"
#define NATIVE_VERSION 1
/* Largest double below which every integer is exact; hits beyond saturate anyway. */
#define NATIVE_INT_MAX 9007199254740992.0

/* The 1-based line of offset, for messages: cJSON keeps no positions. */
static unsigned long line_of(const char *data, size_t off)
{
	unsigned long line = 1;

	for (size_t i = 0; i < off; i++)
		line += data[i] == '\n';
	return line;
}

static int parse_file(scan_coverage__builder *b, const cJSON *f, size_t index)
{
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(f, "path");
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(f, "lines");
	const cJSON *l;
	int rc;

	if (!cJSON_IsObject(f))
		return scan_coverage__fail(b, SCAN_EPARSE, 0, "files[%zu] is not an object", index);
	if (!cJSON_IsString(path))
		return scan_coverage__fail(b, SCAN_EPARSE, 0, "files[%zu] has no \"path\" string", index);
	if (!cJSON_IsObject(lines))
		return scan_coverage__fail(b, SCAN_EPARSE, 0, "files[%zu] has no \"lines\" object", index);
	if ((rc = scan_coverage__add_file(b, path->valuestring, strlen(path->valuestring), 0)) != 0)
		return rc;
	cJSON_ArrayForEach(l, lines) {
		uint64_t line;
		double v = l->valuedouble;

		if (!scan_util__parse_u64(l->string, strlen(l->string), &line))
			return scan_coverage__fail(b, SCAN_EPARSE, 0, "files[%zu]: line key \"%.40s\" is not a line number",
			                           index, l->string);
		if (!cJSON_IsNumber(l) || !isfinite(v) || v < 0 || v != floor(v))
			return scan_coverage__fail(b, SCAN_EPARSE, 0, "files[%zu]: hits of line %s is not a whole number >= 0",
			                           index, l->string);
		if ((rc = scan_coverage__add_line(b, line, v >= NATIVE_INT_MAX ? UINT64_MAX : (uint64_t)v, 0)) != 0)
			return rc;
	}
	return 0;
}

/* In detection any JSON object comes here; only ours gets past the format key. */
static int not_ours(const scan_coverage__builder *b, const char *why)
{
	if (b->detected)
		return scan_coverage__unknown(why);
	return scan_coverage__fail(b, SCAN_EPARSE, 0, "%s (expected {\"format\": \"" NATIVE_FORMAT "\", ...})", why);
}

int scan_coverage__parse_native(scan_coverage__builder *b, const char *data, size_t len)
{
	const cJSON *format, *version, *files, *f;
	const char *end = NULL;
	cJSON *root;
	size_t index = 0;
	int rc = 0;

	root = cJSON_ParseWithLengthOpts(data, len, &end, 0);
	if (!root) {
		size_t off = end && end >= data && end <= data + len ? (size_t)(end - data) : 0;
		if (b->detected)
			return scan_coverage__unknown("malformed JSON");
		return scan_coverage__fail(b, SCAN_EPARSE, line_of(data, off), "malformed JSON near offset %zu", off);
	}
	/* A truncated or concatenated document must not pass as its first object. */
	while (end < data + len && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
		end++;
	if (end < data + len) {
		rc = scan_coverage__fail(b, SCAN_EPARSE, line_of(data, (size_t)(end - data)),
		                         "text after the JSON document at offset %zu", (size_t)(end - data));
		goto done;
	}
	if (!cJSON_IsObject(root)) {
		rc = not_ours(b, "the JSON document is not an object");
		goto done;
	}
	format = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsString(format) || strcmp(format->valuestring, NATIVE_FORMAT)) {
		rc = not_ours(b, "the JSON object has no \"format\": \"" NATIVE_FORMAT "\"");
		goto done;
	}
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (!cJSON_IsNumber(version) || version->valuedouble < 1 || version->valuedouble != floor(version->valuedouble)) {
		rc = scan_coverage__fail(b, SCAN_EPARSE, 0, "\"version\" is missing or not a whole number >= 1");
		goto done;
	}
	if (version->valuedouble > NATIVE_VERSION) {
		rc = scan_coverage__fail(b, SCAN_EVERSION, 0, "version %g is newer than this Rampart reads (%d)",
		                         version->valuedouble, NATIVE_VERSION);
		goto done;
	}
	files = cJSON_GetObjectItemCaseSensitive(root, "files");
	if (!cJSON_IsArray(files)) {
		rc = scan_coverage__fail(b, SCAN_EPARSE, 0, "\"files\" is missing or not an array");
		goto done;
	}
	cJSON_ArrayForEach(f, files) {
		if ((rc = parse_file(b, f, index++)) != 0)
			goto done;
	}
done:
	cJSON_Delete(root);
	return rc;
}
