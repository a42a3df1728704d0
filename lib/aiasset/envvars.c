/* lib/aiasset/envvars.c - dotenv files and other definitions of the repository's own environment */
#include <stdlib.h>
#include <string.h>
#include "aiasset/envvars.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/yamltree.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

bool scan_aiasset__is_dotenv(const char *path)
{
	const char *b = base_name(path);
	size_t n = strlen(b);

	return !strcmp(b, ".env") || !strncmp(b, ".env.", 5) || (n > 4 && !strcmp(b + n - 4, ".env"));
}

void scan_aiasset__envvars_dispose(scan_envvars *e)
{
	scan_map_dispose(&e->values);
	scan_arena__dispose(&e->arena);
	free(e->defs);
	memset(e, 0, sizeof(*e));
}

int scan_aiasset__envvars_add(scan_envvars *e, const char *name, const char *value, const char *path, unsigned line)
{
	struct scan_envvar_def *d;
	size_t at;

	if (!*name)
		return 0; /* "name: " with nothing after it defines nothing */
	if (scan_map_get(&e->values, name, "", &at)) {
		/* Defined again: the same value changes nothing, another makes it ambiguous. */
		if (strcmp(e->defs[at].value, value))
			e->defs[at].ambiguous = true;
		return 0;
	}
	if (e->count >= SCAN_ENVVARS_MAX) {
		e->full = true;
		return 0;
	}
	if (!(d = scan_array_push(&e->defs, &e->count, &e->cap, sizeof(*d))))
		return SCAN_ENOMEM;
	if (!(d->name = scan_arena__strdup(&e->arena, name)) || !(d->value = scan_arena__strdup(&e->arena, value)) ||
	    !(d->path = scan_arena__strdup(&e->arena, path)))
		return scan_error__oom();
	d->line = line;
	return scan_map_put(&e->values, d->name, "", e->count - 1, NULL);
}

const char *scan_aiasset__envvars_get(const scan_envvars *e, const char *name, const struct scan_envvar_def **def)
{
	size_t at;

	if (def)
		*def = NULL;
	if (!scan_map_get(&e->values, name, "", &at) || e->defs[at].ambiguous)
		return NULL;
	if (def)
		*def = &e->defs[at];
	return e->defs[at].value;
}

bool scan_aiasset__envvars_defined(const scan_envvars *e, const char *name)
{
	size_t at;

	return scan_map_get(&e->values, name, "", &at);
}

static bool name_char(char c, bool first)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || (!first && c >= '0' && c <= '9');
}

int scan_aiasset__envvars_dotenv(scan_envvars *e, const char *text, size_t len, const char *path)
{
	char name[256], value[SCAN_ENVVAR_VALUE_MAX + 1];
	unsigned line = 0;
	int rc = 0;

	for (size_t i = 0; i < len && !rc;) {
		size_t end = i, n = 0, v = 0;
		line++;
		while (end < len && text[end] != '\n')
			end++;
		/* [export] NAME=VALUE */
		while (i < end && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (end - i > 7 && !strncmp(text + i, "export ", 7))
			i += 7;
		while (i < end && n < sizeof(name) - 1 && name_char(text[i], n == 0))
			name[n++] = text[i++];
		name[n] = '\0';
		if (n && i < end && text[i] == '=') {
			char quote = 0;
			i++;
			if (i < end && (text[i] == '"' || text[i] == '\''))
				quote = text[i++];
			while (i < end && v < SCAN_ENVVAR_VALUE_MAX) {
				char c = text[i];
				if (quote ? c == quote : (c == '#' && (v == 0 || value[v - 1] == ' ')))
					break;
				if (c == '\0' || c == '\r')
					break;
				value[v++] = c;
				i++;
			}
			while (!quote && v && (value[v - 1] == ' ' || value[v - 1] == '\t'))
				v--;
			value[v] = '\0';
			rc = scan_aiasset__envvars_add(e, name, value, path, line);
		}
		i = end + 1;
	}
	return rc;
}

static const char *text_of(const scan_yaml_node *n)
{
	return n && n->kind == SCAN_YAML_SCALAR && n->len == strlen(n->value) ? n->value : NULL;
}

/* A Compose service's environment: {NAME: value} or ["NAME=value", ...]. */
static int compose_environment(scan_envvars *e, const scan_yaml_node *env, const char *path)
{
	int rc = 0;

	if (env->kind == SCAN_YAML_MAPPING) {
		for (size_t i = 0; i + 1 < env->len && !rc; i += 2) {
			const char *k = text_of(env->items[i]), *v = text_of(env->items[i + 1]);
			if (k && v)
				rc = scan_aiasset__envvars_add(e, k, v, path, env->items[i]->line);
		}
	} else if (env->kind == SCAN_YAML_SEQUENCE) {
		for (size_t i = 0; i < env->len && !rc; i++) {
			const char *item = text_of(env->items[i]), *eq = item ? strchr(item, '=') : NULL;
			char name[256];
			if (!eq || eq == item || (size_t)(eq - item) >= sizeof(name))
				continue;
			memcpy(name, item, (size_t)(eq - item));
			name[eq - item] = '\0';
			rc = scan_aiasset__envvars_add(e, name, eq + 1, path, env->items[i]->line);
		}
	}
	return rc;
}

/* Anywhere in the tree, an "env" list of {name, value} (Kubernetes containers, Helm values). */
static int env_lists(scan_envvars *e, const scan_yaml_node *n, const char *path, unsigned depth)
{
	int rc = 0;

	if (!n || depth > SCAN_YAML_DEPTH_MAX)
		return 0;
	if (n->kind == SCAN_YAML_MAPPING) {
		for (size_t i = 0; i + 1 < n->len && !rc; i += 2) {
			const char *k = text_of(n->items[i]);
			const scan_yaml_node *v = n->items[i + 1];
			if (k && !strcmp(k, "env") && v->kind == SCAN_YAML_SEQUENCE) {
				for (size_t j = 0; j < v->len && !rc; j++) {
					const char *name = text_of(scan_util__yaml_get(v->items[j], "name"));
					const char *value = text_of(scan_util__yaml_get(v->items[j], "value"));
					if (v->items[j]->kind == SCAN_YAML_MAPPING && name && value)
						rc = scan_aiasset__envvars_add(e, name, value, path, v->items[j]->line);
				}
			} else {
				rc = env_lists(e, v, path, depth + 1);
			}
		}
	} else if (n->kind == SCAN_YAML_SEQUENCE) {
		for (size_t i = 0; i < n->len && !rc; i++)
			rc = env_lists(e, n->items[i], path, depth + 1);
	}
	return rc;
}

int scan_aiasset__envvars_yaml(scan_envvars *e, const char *text, size_t len, const char *path)
{
	const scan_yaml_node *services;
	scan_yaml_doc doc;
	int rc;

	if ((rc = scan_util__yaml_parse(&doc, text, len, path)) != 0)
		return rc;
	services = doc.root && doc.root->kind == SCAN_YAML_MAPPING ? scan_util__yaml_get(doc.root, "services") : NULL;
	for (size_t i = 0; services && services->kind == SCAN_YAML_MAPPING && i + 1 < services->len && !rc; i += 2) {
		const scan_yaml_node *env = scan_util__yaml_get(services->items[i + 1], "environment");
		if (env && services->items[i + 1]->kind == SCAN_YAML_MAPPING)
			rc = compose_environment(e, env, path);
	}
	if (!rc)
		rc = env_lists(e, doc.root, path, 0);
	scan_util__yaml_dispose(&doc);
	return rc;
}
