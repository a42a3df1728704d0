/* lib/aiasset/configmodels.c - model ids in Spring AI, Prompty and model-server configuration, by key path */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "aiasset/configmodels.h"
#include "scan/array.h"
#include "util/error.h"

#define DEPTH_MAX 16
#define KEY_MAX 64

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static bool ends(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcasecmp(s + n - m, suffix);
}

bool scan_aiasset__is_model_config(const char *path)
{
	const char *b = base_name(path);

	if (!strncmp(b, "application", 11) && (ends(b, ".yml") || ends(b, ".yaml") || ends(b, ".properties")))
		return true;
	if (ends(b, ".prompty"))
		return true;
	/* LiteLLM's proxy configuration: litellm*.yaml, or a config.yaml holding a model_list (checked when read) */
	if ((!strncmp(b, "litellm", 7) || !strcmp(b, "config.yaml") || !strcmp(b, "config.yml") ||
	     !strcmp(b, "proxy_config.yaml")) && (ends(b, ".yml") || ends(b, ".yaml")))
		return true;
	return (!strncmp(b, "docker-compose", 14) || !strncmp(b, "compose", 7)) && (ends(b, ".yml") || ends(b, ".yaml"));
}

void scan_aiasset__config_models_dispose(scan_ai_config_models *c)
{
	free(c->models);
	scan_arena__dispose(&c->arena);
	memset(c, 0, sizeof(*c));
}

/* Spring AI's provider segment: spring.ai.openai, spring.ai.azure.openai, spring.ai.vertex.ai.gemini ... */
static scan_ai_provider spring_provider(const char *path, bool *deployment)
{
	*deployment = false;
	if (strstr(path, "spring.ai.azure.openai.")) {
		*deployment = strstr(path, "deployment") != NULL;
		return SCAN_AI_PROVIDER_AZURE_OPENAI;
	}
	if (strstr(path, "spring.ai.openai."))
		return SCAN_AI_PROVIDER_OPENAI;
	if (strstr(path, "spring.ai.anthropic."))
		return SCAN_AI_PROVIDER_ANTHROPIC;
	if (strstr(path, "spring.ai.vertex.") || strstr(path, "spring.ai.google."))
		return SCAN_AI_PROVIDER_GOOGLE;
	if (strstr(path, "spring.ai.mistralai."))
		return SCAN_AI_PROVIDER_MISTRAL;
	if (strstr(path, "spring.ai.ollama."))
		return SCAN_AI_PROVIDER_OLLAMA;
	if (strstr(path, "spring.ai.bedrock."))
		return SCAN_AI_PROVIDER_BEDROCK;
	return SCAN_AI_PROVIDER_UNKNOWN;
}

static int add(scan_ai_config_models *c, const char *value, size_t n, scan_ai_provider p, bool deployment, unsigned line)
{
	scan_ai_config_model *m;
	char *v;

	while (n && (value[n - 1] == ' ' || value[n - 1] == '\r' || value[n - 1] == '\t'))
		n--;
	if (n >= 2 && (value[0] == '"' || value[0] == '\'') && value[n - 1] == value[0])
		value++, n -= 2;
	if (!n || n > 200 || memchr(value, ' ', n) || memchr(value, '#', n) || c->count >= SCAN_AI_CONFIG_MODELS_MAX)
		return 0;
	if (scan_array_reserve(&c->models, &c->cap, c->count + 1, sizeof(*c->models)) ||
	    !(v = scan_arena__strndup(&c->arena, value, n)))
		return SCAN_ENOMEM;
	m = &c->models[c->count++];
	memset(m, 0, sizeof(*m));
	m->provider = p;
	m->deployment = deployment;
	m->line = line;
	if (!strncmp(v, "${", 2) && v[n - 1] == '}') {
		/* ${VAR} or ${VAR:default} (Spring's placeholder) */
		char *colon = strchr(v, ':');
		v[n - 1] = '\0';
		if (colon) {
			*colon = '\0';
			m->fallback = *(colon + 1) ? colon + 1 : NULL;
		}
		m->env = v + 2;
	} else {
		m->id = v;
	}
	return 0;
}

typedef struct {
	char keys[DEPTH_MAX][KEY_MAX];
	int indent[DEPTH_MAX];
	int depth;
} key_path;

static void path_text(const key_path *k, char *out, size_t cap)
{
	size_t n = 0;

	out[0] = '\0';
	for (int i = 0; i < k->depth && n + 1 < cap; i++)
		n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? "." : "", k->keys[i]);
}

static bool prompty_type(const char *v, size_t n, scan_ai_provider *p)
{
	if (n >= 12 && !strncmp(v, "azure_openai", 12))
		*p = SCAN_AI_PROVIDER_AZURE_OPENAI;
	else if (n >= 6 && !strncmp(v, "openai", 6))
		*p = SCAN_AI_PROVIDER_OPENAI;
	else
		return false;
	return true;
}

int scan_aiasset__config_models(scan_ai_config_models *out, const char *path, const char *text, size_t len)
{
	bool properties = ends(path, ".properties"), prompty = ends(path, ".prompty");
	/* a LiteLLM model_list: each entry's litellm_params.model, "provider/model" */
	bool litellm = !properties && !prompty && memmem(text, len, "litellm_params", 14) && memmem(text, len, "model_list", 10);
	bool compose = !properties && !prompty && (!strncmp(base_name(path), "docker-compose", 14) ||
	                                           !strncmp(base_name(path), "compose", 7));
	const char *s = text, *end = text + len;
	key_path kp;
	unsigned line = 0;
	int rc = 0, fences = 0;
	bool next_is_model = false;
	scan_ai_provider prompty_provider = SCAN_AI_PROVIDER_UNKNOWN;
	/* a Prompty configuration's model: kept until its type is known (either order) */
	const char *pending = NULL;
	size_t pending_n = 0;
	unsigned pending_line = 0;
	bool pending_deployment = false;

	memset(out, 0, sizeof(*out));
	memset(&kp, 0, sizeof(kp));
	for (; s < end && !rc; s++) {
		const char *e = memchr(s, '\n', (size_t)(end - s)), *p, *colon, *v;
		char full[DEPTH_MAX * KEY_MAX];
		int indent = 0;
		size_t klen;
		if (!e)
			e = end;
		line++;
		for (p = s; p < e && *p == ' '; p++)
			indent++;
		if (p == e || *p == '#') {
			s = e;
			continue;
		}
		if (prompty && e - p >= 3 && !strncmp(p, "---", 3)) {
			if (++fences == 2)
				break; /* the front matter ends; the rest is the prompt */
			s = e;
			continue;
		}
		if (properties) {
			const char *eq = memchr(p, '=', (size_t)(e - p));
			bool dep;
			scan_ai_provider prov;
			char key[256];
			size_t n = eq ? (size_t)(eq - p) : 0;
			if (eq && n < sizeof(key)) {
				memcpy(key, p, n);
				key[n] = '\0';
				prov = spring_provider(key, &dep);
				if (!strncmp(key, "spring.ai.", 10) && (ends(key, ".model") || ends(key, ".deployment-name")))
					rc = add(out, eq + 1, (size_t)(e - eq - 1), prov, dep, line);
			}
			s = e;
			continue;
		}
		/* a sequence item under a command: vLLM's --model takes the next item */
		if (*p == '-' && p + 1 < e && p[1] == ' ') {
			const char *item = p + 2;
			size_t n = (size_t)(e - item);
			while (n && (item[n - 1] == '\r' || item[n - 1] == ' '))
				n--;
			if (compose && next_is_model) {
				rc = add(out, item, n, SCAN_AI_PROVIDER_UNKNOWN, false, line);
				next_is_model = false;
			} else if (compose && n >= 7 && !strncmp(item, "--model", 7)) {
				if (n > 8 && item[7] == '=')
					rc = add(out, item + 8, n - 8, SCAN_AI_PROVIDER_UNKNOWN, false, line);
				else
					next_is_model = true;
			} else if (compose && n >= 19 && !strncmp(item, "--trust-remote-code", 19)) {
				if (!out->trust_remote_code_line)
					out->trust_remote_code_line = line;
			}
			s = e;
			continue;
		}
		colon = memchr(p, ':', (size_t)(e - p));
		if (!colon) {
			s = e;
			continue;
		}
		klen = (size_t)(colon - p);
		while (kp.depth && kp.indent[kp.depth - 1] >= indent)
			kp.depth--;
		if (kp.depth < DEPTH_MAX && klen < KEY_MAX) {
			memcpy(kp.keys[kp.depth], p, klen);
			kp.keys[kp.depth][klen] = '\0';
			kp.indent[kp.depth] = indent;
			kp.depth++;
		}
		path_text(&kp, full, sizeof(full));
		for (v = colon + 1; v < e && *v == ' '; v++)
			;
		if (v < e && *v != '\r') {
			size_t n = (size_t)(e - v);
			bool dep;
			scan_ai_provider prov = spring_provider(full, &dep);
			if (!strncmp(full, "spring.ai.", 10) && (ends(full, ".model") || ends(full, ".deployment-name"))) {
				rc = add(out, v, n, prov, dep, line);
			} else if (litellm && ends(full, "litellm_params.model")) {
				rc = add(out, v, n, SCAN_AI_PROVIDER_LITELLM, false, line);
			} else if (prompty && !strcmp(full, "model.configuration.type")) {
				prompty_type(v, n, &prompty_provider);
			} else if (prompty && (!strcmp(full, "model.configuration.model") ||
			                       !strcmp(full, "model.configuration.name") ||
			                       !strcmp(full, "model.configuration.azure_deployment"))) {
				pending = v, pending_n = n, pending_line = line;
				pending_deployment = !strcmp(full, "model.configuration.azure_deployment");
			} else if (compose && (!strcmp(kp.keys[kp.depth - 1], "command") ||
			                       !strcmp(kp.keys[kp.depth - 1], "entrypoint"))) {
				/* a command string: "--model org/name" or "vllm serve org/name" */
				const char *m = NULL;
				size_t i;
				for (i = 0; i + 8 < n; i++) {
					if (!strncmp(v + i, "--model ", 8) || !strncmp(v + i, "--model=", 8)) {
						m = v + i + 8;
						break;
					}
					if (!strncmp(v + i, "serve ", 6)) {
						m = v + i + 6;
						break;
					}
				}
				if (m) {
					size_t k = strcspn(m, " \"'\r\n");
					if (m + k > e)
						k = (size_t)(e - m);
					rc = add(out, m, k, SCAN_AI_PROVIDER_UNKNOWN, false, line);
				}
				for (i = 0; i + 19 <= n; i++)
					if (!strncmp(v + i, "--trust-remote-code", 19) && !out->trust_remote_code_line)
						out->trust_remote_code_line = line;
			}
		}
		s = e;
	}
	if (!rc && pending)
		rc = add(out, pending, pending_n, pending_deployment ? SCAN_AI_PROVIDER_AZURE_OPENAI : prompty_provider,
		         pending_deployment, pending_line);
	return rc;
}
