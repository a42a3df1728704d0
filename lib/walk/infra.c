/* lib/walk/infra.c - infrastructure code, by language, path and the keys a manifest starts with */
#include <string.h>
#include "walk/infra.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* A line of the head that starts with key at column 0. */
static bool top_level_key(const unsigned char *head, size_t len, const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0; i + n <= len; i++) {
		if ((i == 0 || head[i - 1] == '\n') && !memcmp(head + i, key, n))
			return true;
	}
	return false;
}

bool scan_walk__is_infra(const char *path, scan_lang lang, const unsigned char *head, size_t len)
{
	const char *b = base_name(path);

	if (lang == SCAN_LANG_HCL || lang == SCAN_LANG_DOCKERFILE)
		return true;
	if (lang != SCAN_LANG_YAML)
		return false;
	if (strstr(path, ".github/workflows/") == path || strstr(path, "/.github/workflows/"))
		return true;
	if (!strncmp(b, "docker-compose", 14) || !strncmp(b, "compose.y", 9))
		return true;
	return head && top_level_key(head, len, "apiVersion:") && top_level_key(head, len, "kind:");
}
