/* lib/aiasset/envvars.h - the environment a repository defines for itself, to resolve model ids read from it */
#ifndef SCAN_AIASSET_ENVVARS_H
#define SCAN_AIASSET_ENVVARS_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/map.h"
#include "util/arena.h"

#define SCAN_ENVVARS_MAX 20000
#define SCAN_ENVVAR_VALUE_MAX 1024

/*
 * Variables collected from the repository's files: dotenv files (.env,
 * .env.example, ...), Compose services' environment and Helm values'
 * env lists. A name defined with two different values is ambiguous and
 * resolves to nothing: a model id is reported unresolved, never guessed.
 */
typedef struct {
	scan_arena arena;
	scan_map values;         /* name -> index into defs */
	struct scan_envvar_def {
		const char *name, *value, *path;
		unsigned line;
		bool ambiguous;
	} *defs;
	size_t count, cap;
	bool full;               /* SCAN_ENVVARS_MAX reached: later definitions were not kept */
} scan_envvars;

/* Whether path is a dotenv file: .env, .env.local, .env.example, config/.env.production, example.env ... */
bool scan_aiasset__is_dotenv(const char *path);

/*
 * Add the definitions of a dotenv file: NAME=VALUE lines, with an optional
 * "export ", single or double quotes (no expansion, no multi-line values),
 * and # comments. Lines that are none of these are skipped. 0 or SCAN_ENOMEM.
 */
int scan_aiasset__envvars_dotenv(scan_envvars *e, const char *text, size_t len, const char *path);
/*
 * Add the environment a YAML file defines: a Compose file's
 * services.<name>.environment (a mapping, or a list of NAME=VALUE) and,
 * anywhere in a Helm values or Kubernetes file, env lists of {name, value}.
 * SCAN_EPARSE or SCAN_ELIMIT for YAML the bounded reader refuses (nothing added).
 */
int scan_aiasset__envvars_yaml(scan_envvars *e, const char *text, size_t len, const char *path);
/* Add one definition. */
int scan_aiasset__envvars_add(scan_envvars *e, const char *name, const char *value, const char *path, unsigned line);
/* The one value name has, or NULL when it is undefined or ambiguous (*def: where, when not NULL). */
const char *scan_aiasset__envvars_get(const scan_envvars *e, const char *name, const struct scan_envvar_def **def);
/* Whether name is defined at all (ambiguous or not). */
bool scan_aiasset__envvars_defined(const scan_envvars *e, const char *name);
void scan_aiasset__envvars_dispose(scan_envvars *e);

#endif
