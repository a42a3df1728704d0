/* server/config.c - the server's configuration: the file, then RAMPART_<KEY> variables */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>
#include "config.h"
#include "scan/array.h"

typedef enum { K_STRING, K_UINT, K_SECRET } key_type; /* K_SECRET: from the environment, or a file of mode 0600 */

#define FIELD(name, type, member) { name, type, offsetof(srv_config, member) }

static const struct {
	const char *name;
	key_type type;
	size_t offset;
} keys[] = {
	FIELD("listen", K_STRING, listen),
	FIELD("database", K_STRING, database),
	FIELD("data_dir", K_STRING, data_dir),
	FIELD("http_threads", K_UINT, http_threads),
	FIELD("workers", K_UINT, workers),
	FIELD("tls_cert", K_STRING, tls_cert),
	FIELD("tls_key", K_STRING, tls_key),
	FIELD("jwt_key_file", K_STRING, jwt_key_file),
	FIELD("token_key_file", K_STRING, token_key_file),
	FIELD("token_ttl", K_UINT, token_ttl),
	FIELD("cors_origins", K_STRING, cors_origins),
	FIELD("trusted_proxies", K_STRING, trusted_proxies),
	FIELD("rate_default", K_UINT, rate_default),
	FIELD("rate_trigger", K_UINT, rate_trigger),
	FIELD("rate_login", K_UINT, rate_login),
	FIELD("environment", K_STRING, environment),
	FIELD("access_log", K_STRING, access_log),
	FIELD("allow_local_repos", K_UINT, allow_local_repos),
	FIELD("git_hosts", K_STRING, git_hosts),
	FIELD("grace_seconds", K_UINT, grace_seconds),
	FIELD("lease_seconds", K_UINT, lease_seconds),
	FIELD("max_attempts", K_UINT, max_attempts),
	FIELD("scheduler_interval", K_UINT, scheduler_interval),
	FIELD("github_api_url", K_STRING, github_api_url),
	FIELD("gitlab_api_url", K_STRING, gitlab_api_url),
	FIELD("bitbucket_api_url", K_STRING, bitbucket_api_url),
	FIELD("ai_url", K_STRING, ai_url),
	FIELD("ai_model", K_STRING, ai_model),
	FIELD("ai_api_key", K_SECRET, ai_api_key),
	FIELD("webhook_secret", K_SECRET, webhook_secret),
	FIELD("public_url", K_STRING, public_url),
	FIELD("notify_allow_targets", K_STRING, notify_allow_targets),
	FIELD("notify_max_attempts", K_UINT, notify_max_attempts),
	FIELD("notify_backoff", K_UINT, notify_backoff),
	FIELD("notify_disable_after", K_UINT, notify_disable_after),
	FIELD("notify_interval", K_UINT, notify_interval),
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))
#define CONFIG_MAX (256u << 10)

static int set_key(srv_config *cfg, size_t k, const char *value, const char *origin, char *err, size_t errlen)
{
	char *copy, *end;
	unsigned long v;

	if (keys[k].type == K_UINT) {
		errno = 0;
		v = strtoul(value, &end, 10);
		if (!*value || *end || errno || v > 1000000) {
			snprintf(err, errlen, "%s: %s must be a whole number, not '%.40s'", origin, keys[k].name, value);
			return -1;
		}
		*(unsigned *)((char *)cfg + keys[k].offset) = (unsigned)v;
		return 0;
	}
	if (scan_array_reserve(&cfg->owned, &cfg->owned_cap, cfg->nowned + 1, sizeof(*cfg->owned)) ||
	    !(copy = strdup(value))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	cfg->owned[cfg->nowned++] = copy;
	*(const char **)((char *)cfg + keys[k].offset) = copy;
	return 0;
}

static int find_key(const char *name)
{
	for (size_t k = 0; k < NKEYS; k++)
		if (!strcmp(keys[k].name, name))
			return (int)k;
	return -1;
}

/* A flat mapping of scalars: "key: value" lines; anything else is an error, not a guess. */
/* "scheme://user:password@host/...": a password in the authority. */
static bool url_has_password(const char *v)
{
	const char *a = strstr(v, "://"), *end, *at, *colon;

	if (!a)
		return false;
	a += 3;
	end = a + strcspn(a, "/?#");
	at = memchr(a, '@', (size_t)(end - a));
	colon = at ? memchr(a, ':', (size_t)(at - a)) : NULL;
	return colon != NULL;
}

static int load_file(srv_config *cfg, const char *path, char *err, size_t errlen)
{
	struct stat st;
	bool private_file;
	FILE *f = fopen(path, "re");
	yaml_parser_t p;
	yaml_event_t ev;
	char key[64] = "";
	int depth = 0, rc = 0, done = 0;
	long size;

	if (!f) {
		snprintf(err, errlen, "cannot read the configuration '%s': %s", path, strerror(errno));
		return -1;
	}
	/* A file others can read holds no secret: a key, or a database URL with a password, is refused in it. */
	private_file = fstat(fileno(f), &st) == 0 && !(st.st_mode & 077);
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || size > (long)CONFIG_MAX || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		snprintf(err, errlen, "%s: not a configuration file (over %u bytes, or not a file)", path, CONFIG_MAX);
		return -1;
	}
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	while (!done && !rc) {
		if (!yaml_parser_parse(&p, &ev)) {
			snprintf(err, errlen, "%s:%zu: %s", path, p.problem_mark.line + 1, p.problem ? p.problem : "malformed YAML");
			rc = -1;
			break;
		}
		switch (ev.type) {
		case YAML_MAPPING_START_EVENT:
			if (++depth > 1) {
				snprintf(err, errlen, "%s:%zu: values are plain scalars", path, ev.start_mark.line + 1);
				rc = -1;
			}
			break;
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_ALIAS_EVENT:
			snprintf(err, errlen, "%s:%zu: values are plain scalars", path, ev.start_mark.line + 1);
			rc = -1;
			break;
		case YAML_SCALAR_EVENT: {
			const char *v = (const char *)ev.data.scalar.value;
			int k;
			if (depth != 1) {
				snprintf(err, errlen, "%s: the configuration is a mapping of keys to values", path);
				rc = -1;
			} else if (!*key) {
				if (strlen(v) >= sizeof(key) || (k = find_key(v)) < 0) {
					snprintf(err, errlen, "%s:%zu: unknown key '%.40s'", path, ev.start_mark.line + 1, v);
					rc = -1;
				} else if (keys[k].type == K_SECRET && !private_file) {
					snprintf(err, errlen, "%s:%zu: %s is a secret: set it in the environment, or make the file"
					         " readable by its owner only (chmod 600)", path, ev.start_mark.line + 1, v);
					rc = -1;
				} else {
					snprintf(key, sizeof(key), "%s", v);
				}
			} else if (!private_file && !strcmp(key, "database") && url_has_password(v)) {
				snprintf(err, errlen, "%s:%zu: the database URL holds a password: use PGPASSWORD or ~/.pgpass, or"
				         " make the file readable by its owner only (chmod 600)", path, ev.start_mark.line + 1);
				rc = -1;
			} else {
				rc = set_key(cfg, (size_t)find_key(key), v, path, err, errlen);
				key[0] = '\0';
			}
			break;
		}
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	fclose(f);
	return rc;
}

int srv_config_load(srv_config *cfg, const char *path, bool path_given, scan_getvar_fn getvar, void *ctx, char *err,
                    size_t errlen)
{
	char var[64];

	if (path && (path_given || access(path, F_OK) == 0) && load_file(cfg, path, err, errlen) != 0)
		return -1;
	/* Every key also as RAMPART_<KEY>, over the file. */
	for (size_t k = 0; k < NKEYS; k++) {
		const char *v;
		size_t i = 0;
		memcpy(var, "RAMPART_", 8);
		for (const char *s = keys[k].name; *s && i + 9 < sizeof(var); s++, i++)
			var[8 + i] = (char)(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
		var[8 + i] = '\0';
		if ((v = getvar(var, ctx)) && *v && set_key(cfg, k, v, var, err, errlen) != 0)
			return -1;
	}
	return 0;
}

void srv_config_dispose(srv_config *cfg)
{
	for (size_t i = 0; i < cfg->nowned; i++)
		free(cfg->owned[i]);
	free(cfg->owned);
	cfg->owned = NULL;
	cfg->nowned = cfg->owned_cap = 0;
}
