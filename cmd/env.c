/*
 * cmd/env.c - everything the CLI takes from the process environment: the
 * library reads none of it, so this is the one place that does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/userdir.h"

const char *cli_getvar(const char *name, void *ctx)
{
	(void)ctx;
	return getenv(name);
}

/* A path in a static buffer: the CLI runs one command, single-threaded. */
static const char *keep(scan_buf *kept, const scan_buf *path)
{
	scan_buf_clear(kept);
	scan_buf_put(kept, path->ptr, path->size);
	return scan_buf_failed(kept) ? NULL : kept->ptr;
}

int cli_default_database(const char **out, bool *own_dir)
{
	static scan_buf kept = SCAN_BUF_INIT;
	const char *env = getenv("RAMPART_DB");
	scan_buf path = SCAN_BUF_INIT;
	int rc;

	*own_dir = false;
	if (env && *env) {
		*out = env;
		return EXIT_OK;
	}
	/* The data directory's own directories are ours to create; a path the user names is not. */
	*own_dir = true;
	rc = scan_user_dir_path(&path, SCAN_DIR_DATA, "rampart.db", cli_getvar, NULL);
	*out = rc ? NULL : keep(&kept, &path);
	scan_buf_dispose(&path);
	if (!*out)
		return cli_error("no database location: set RAMPART_DB, XDG_DATA_HOME or HOME, or pass --db");
	return EXIT_OK;
}

const char *cli_cache_dir(const char *sub)
{
	static scan_buf kept = SCAN_BUF_INIT;
	scan_buf path = SCAN_BUF_INIT;
	const char *dir = NULL;

	if (scan_user_dir_path(&path, SCAN_DIR_CACHE, sub, cli_getvar, NULL) == 0)
		dir = keep(&kept, &path);
	scan_buf_dispose(&path);
	return dir;
}

void cli_scan_environment(scan_options *opts, const char *token_env)
{
	static char hint[128];
	const char *tmp = getenv("TMPDIR"), *no_cache = getenv("RAMPART_NO_CACHE");

	if (!token_env || !*token_env)
		token_env = "RAMPART_GIT_TOKEN";
	opts->git_token = getenv(token_env);
	snprintf(hint, sizeof(hint), "$%s", token_env);
	opts->git_token_hint = hint;
	scan_ci_facts_read(&opts->ci, cli_getvar, NULL);
	opts->tmp_dir = tmp && *tmp ? tmp : NULL;
	/* The compiled pattern databases, kept between runs unless RAMPART_NO_CACHE=1. */
	opts->cache_dir = no_cache && *no_cache && strcmp(no_cache, "0") ? NULL : cli_cache_dir(NULL);
}
