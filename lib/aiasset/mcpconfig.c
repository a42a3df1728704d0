/* lib/aiasset/mcpconfig.c - MCP client configurations read with their lines: servers, what they launch, what they expose */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "aiasset/mcpconfig.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/yamltree.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

bool scan_aiasset__is_mcp_config(const char *path)
{
	static const char *const names[] = { "mcp.json", ".mcp.json", "mcp_config.json", "claude_desktop_config.json",
		"cline_mcp_settings.json", "mcp_settings.json" };
	const char *b = base_name(path);

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(b, names[i]))
			return true;
	return false;
}

void scan_aiasset__mcp_config_dispose(scan_mcp_config *c)
{
	scan_arena__dispose(&c->arena);
	free(c->servers);
	memset(c, 0, sizeof(*c));
}

/* JSONC to JSON: comments become spaces (newlines kept, so lines still count), strings untouched. */
static char *strip_comments(const char *s, size_t len)
{
	char *out = malloc(len + 1);
	bool in_string = false;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (in_string) {
			out[i] = c;
			if (c == '\\' && i + 1 < len) {
				out[i + 1] = s[i + 1];
				i++;
			} else if (c == '"') {
				in_string = false;
			}
		} else if (c == '"') {
			in_string = true;
			out[i] = c;
		} else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
			for (; i < len && s[i] != '\n'; i++)
				out[i] = ' ';
			if (i < len)
				out[i] = '\n';
		} else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
			out[i++] = ' ';
			out[i] = ' ';
			for (i++; i < len && !(s[i] == '*' && i + 1 < len && s[i + 1] == '/'); i++)
				out[i] = s[i] == '\n' ? '\n' : ' ';
			if (i < len) {
				out[i++] = ' ';
				if (i < len)
					out[i] = ' ';
			}
		} else {
			out[i] = c;
		}
	}
	out[len] = '\0';
	return out;
}

static const char *scalar(const scan_yaml_node *map, const char *key)
{
	const scan_yaml_node *n = scan_util__yaml_get(map, key);

	return n && n->kind == SCAN_YAML_SCALAR && n->len == strlen(n->value) ? n->value : NULL;
}

static bool ci_has(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (!strncasecmp(s, needle, n))
			return true;
	return false;
}

/* A value written out, not a reference to the environment or a prompt (${VAR}, $VAR, ${input:x}, {env:X}). */
static bool literal(const char *v)
{
	return v && *v && !strchr(v, '$') && strncmp(v, "{env:", 5) && strncmp(v, "<", 1);
}

static bool looks_secret(const char *key, const char *value)
{
	static const char *const prefixes[] = { "sk-", "ghp_", "github_pat_", "xoxb-", "xoxp-", "AIza", "hf_", "gsk_",
		"glpat-", "pcsk_", "Bearer " };
	if (!literal(value) || strlen(value) < 8)
		return false;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(value, prefixes[i], strlen(prefixes[i])))
			return true;
	return ci_has(key, "key") || ci_has(key, "token") || ci_has(key, "secret") || ci_has(key, "password") ||
	       ci_has(key, "authorization");
}

/* The first argument that is not an option: what npx, uvx, bunx run. */
static const char *first_operand(const char *const *args, size_t n, size_t from)
{
	for (size_t i = from; i < n; i++)
		if (args[i][0] != '-')
			return args[i];
	return NULL;
}

/* docker run's image: the first operand, skipping the values of the options that take one. */
static const char *docker_image(const char *const *args, size_t n)
{
	static const char *const with_value[] = { "-e", "--env", "-v", "--volume", "-p", "--publish", "--name",
		"--network", "-w", "--workdir", "--env-file", "--mount", "-u", "--user", "--entrypoint" };
	size_t i = 0;

	while (i < n && strcmp(args[i], "run"))
		i++;
	for (i++; i < n; i++) {
		bool takes = false;
		if (args[i][0] != '-')
			return args[i];
		for (size_t k = 0; k < sizeof(with_value) / sizeof(with_value[0]); k++)
			takes |= !strcmp(args[i], with_value[k]);
		if (takes)
			i++;
	}
	return NULL;
}

static void launched(scan_mcp_server *s)
{
	const char *cmd = base_name(s->command ? s->command : "");
	const char *pkg = NULL;

	if (!strcmp(cmd, "npx") || !strcmp(cmd, "bunx") || !strcmp(cmd, "pnpx")) {
		pkg = first_operand(s->args, s->nargs, 0);
		/* "@scope/name@1.2.3" or "name@1.2.3": a version after the name's own '@'. */
		s->package_pinned = pkg && strchr(pkg + 1, '@') && isdigit((unsigned char)strchr(pkg + 1, '@')[1]);
	} else if (!strcmp(cmd, "uvx") || (!strcmp(cmd, "pipx") && s->nargs && !strcmp(s->args[0], "run"))) {
		pkg = first_operand(s->args, s->nargs, !strcmp(cmd, "pipx") ? 1 : 0);
		s->package_pinned = pkg && (strstr(pkg, "==") || strchr(pkg, '@'));
	} else if (!strcmp(cmd, "docker") || !strcmp(cmd, "podman")) {
		const char *colon;
		pkg = docker_image(s->args, s->nargs);
		colon = pkg ? strrchr(pkg, ':') : NULL;
		s->package_pinned = pkg && (strstr(pkg, "@sha256:") ||
		                            (colon && !strchr(colon, '/') && strcmp(colon, ":latest")));
	}
	s->package = pkg;
	if (pkg && strstr(pkg, "server-filesystem")) {
		for (size_t i = 0; i < s->nargs; i++) {
			const char *a = s->args[i];
			if (!strcmp(a, "/") || !strcmp(a, "~") || !strcmp(a, "~/") || !strncmp(a, "$HOME", 5) ||
			    !strncmp(a, "${HOME}", 7) || !strcmp(a, "/home") || !strcmp(a, "/Users") || !strcmp(a, "C:\\") ||
			    !strcmp(a, "C:/"))
				s->broad_filesystem = true;
		}
	}
}

/* Whether url is plaintext HTTP to another machine, or a public tunnel's. */
static void judge_url(const char *url, bool *plaintext, bool *tunnel)
{
	static const char *const tunnels[] = { "ngrok.io", "ngrok-free.app", "ngrok.app", "trycloudflare.com", "loca.lt",
		"serveo.net", "localhost.run" };
	const char *host, *end;
	char h[256];
	size_t n;

	host = strstr(url, "://");
	host = host ? host + 3 : url;
	if (strchr(host, '@') && strchr(host, '@') < host + strcspn(host, "/?#"))
		host = strchr(host, '@') + 1; /* user:password@ is not the host */
	end = *host == '[' ? host + strcspn(host, "]") + (strchr(host, ']') ? 1 : 0) : host + strcspn(host, "/:?#");
	n = (size_t)(end - host) < sizeof(h) ? (size_t)(end - host) : sizeof(h) - 1;
	memcpy(h, host, n);
	h[n] = '\0';
	*plaintext |= !strncmp(url, "http://", 7) && strcmp(h, "localhost") && strcmp(h, "127.0.0.1") && strcmp(h, "[::1]");
	for (size_t i = 0; i < sizeof(tunnels) / sizeof(tunnels[0]); i++) {
		size_t t = strlen(tunnels[i]);
		if (n >= t && !strcmp(h + n - t, tunnels[i]))
			*tunnel = true;
	}
}

/* The server's URL, and URLs given to a local bridge as arguments (npx mcp-remote https://...). */
static void remote(scan_mcp_server *s)
{
	if (s->url)
		judge_url(s->url, &s->plaintext_url, &s->tunnel_url);
	for (size_t i = 0; i < s->nargs; i++)
		if (!strncmp(s->args[i], "http://", 7) || !strncmp(s->args[i], "https://", 8))
			judge_url(s->args[i], &s->plaintext_url, &s->tunnel_url);
}

static int strings_of(scan_mcp_config *c, const char *const **out, size_t *n, const scan_yaml_node *seq)
{
	const char **v;

	*out = NULL;
	*n = 0;
	if (!seq || seq->kind != SCAN_YAML_SEQUENCE || !seq->len)
		return 0;
	if (!(v = scan_arena__calloc(&c->arena, seq->len * sizeof(*v))))
		return scan_error__oom();
	for (size_t i = 0; i < seq->len; i++)
		if (seq->items[i]->kind == SCAN_YAML_SCALAR)
			v[(*n)++] = seq->items[i]->value;
	*out = v;
	return 0;
}

static int server(scan_mcp_config *c, const scan_yaml_node *key, const scan_yaml_node *entry)
{
	scan_mcp_server *s;
	const scan_yaml_node *env = scan_util__yaml_get(entry, "env"), *headers = scan_util__yaml_get(entry, "headers");
	const char *type;
	const char **keys;
	int rc;

	if (c->count >= SCAN_MCP_SERVERS_MAX)
		return scan_util__error(SCAN_ELIMIT, "more than %d MCP servers", SCAN_MCP_SERVERS_MAX);
	if (!(s = scan_array_push(&c->servers, &c->count, &c->cap, sizeof(*s))))
		return SCAN_ENOMEM;
	s->name = key->value;
	s->line = key->line;
	s->command = scalar(entry, "command");
	s->url = scalar(entry, "url");
	if (!s->url)
		s->url = scalar(entry, "serverUrl");
	type = scalar(entry, "type");
	if (!type)
		type = scalar(entry, "transport");
	s->transport = type && !strcmp(type, "sse") ? SCAN_MCP_SSE
	             : (type && (!strcmp(type, "http") || !strcmp(type, "streamable-http") ||
	                         !strcmp(type, "streamableHttp"))) || (!s->command && s->url) ? SCAN_MCP_HTTP
	             : SCAN_MCP_STDIO;
	if ((rc = strings_of(c, &s->args, &s->nargs, scan_util__yaml_get(entry, "args"))) != 0)
		return rc;
	if (env && env->kind == SCAN_YAML_MAPPING && env->len) {
		if (!(keys = scan_arena__calloc(&c->arena, env->len * sizeof(*keys))))
			return scan_error__oom();
		for (size_t i = 0; i + 1 < env->len; i += 2) {
			const scan_yaml_node *k = env->items[i], *v = env->items[i + 1];
			if (k->kind != SCAN_YAML_SCALAR)
				continue;
			keys[s->nenv++] = k->value;
			if (v->kind == SCAN_YAML_SCALAR && looks_secret(k->value, v->value) && !s->literal_secrets++)
				s->literal_secret_line = v->line;
		}
		s->env_keys = keys;
	}
	for (size_t i = 0; headers && headers->kind == SCAN_YAML_MAPPING && i + 1 < headers->len; i += 2) {
		const scan_yaml_node *k = headers->items[i], *v = headers->items[i + 1];
		if (k->kind == SCAN_YAML_SCALAR && v->kind == SCAN_YAML_SCALAR && looks_secret(k->value, v->value) &&
		    !s->literal_secrets++)
			s->literal_secret_line = v->line;
	}
	launched(s);
	remote(s);
	return 0;
}

int scan_aiasset__mcp_config_read(scan_mcp_config *out, const char *text, size_t len, const char *origin)
{
	scan_yaml_doc doc;
	const scan_yaml_node *servers;
	char *json;
	int rc;

	memset(out, 0, sizeof(*out));
	if (len > SCAN_MCP_CONFIG_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s: larger than %zu bytes", origin, (size_t)SCAN_MCP_CONFIG_MAX);
	if (!(json = strip_comments(text, len)))
		return scan_error__oom();
	/* JSON is YAML's flow style: the YAML reader gives every node its line, and its bounds. */
	rc = scan_util__yaml_parse(&doc, json, len, origin);
	free(json);
	if (rc)
		return rc;
	if (!doc.root || doc.root->kind != SCAN_YAML_MAPPING) {
		scan_util__yaml_dispose(&doc);
		return scan_util__error(SCAN_EPARSE, "%s: not a JSON object", origin);
	}
	servers = scan_util__yaml_get(doc.root, "mcpServers");
	if (!servers)
		servers = scan_util__yaml_get(doc.root, "servers");
	/* The strings stay in the document's arena, which the configuration takes over. */
	for (size_t i = 0; !rc && servers && servers->kind == SCAN_YAML_MAPPING && i + 1 < servers->len; i += 2)
		if (servers->items[i]->kind == SCAN_YAML_SCALAR && servers->items[i + 1]->kind == SCAN_YAML_MAPPING)
			rc = server(out, servers->items[i], servers->items[i + 1]);
	scan_arena__absorb(&out->arena, &doc.arena);
	scan_util__yaml_dispose(&doc);
	if (rc)
		scan_aiasset__mcp_config_dispose(out);
	return rc;
}
