/* cmd/cmd_serve.c - rampart serve: the HTTP API over the same library and database */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "scan/userdir.h"
#include "server.h"

static struct {
	const char *config, *listen, *db, *data_dir, *tls_cert, *tls_key, *access_log;
	long long workers;
	bool check;
} o;

static const cli_opt serve_opts[] = {
	{ "config", 'c', OPT_STRING, "FILE", "configuration file (default: /etc/rampart/server.yaml when present)", &o.config, "@file" },
	{ "listen", 'l', OPT_STRING, "ADDR:PORT", "address to listen on (default: 127.0.0.1:8080; port 0: any free port)", &o.listen, NULL },
	{ "db", 0, OPT_STRING, "FILE", "SQLite database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "data-dir", 0, OPT_STRING, "DIR", "the signing key and scan work directories (default: the XDG data dir)", &o.data_dir, "@dir" },
	{ "workers", 0, OPT_INT, "N", "scan workers in this process (default: the cores)", &o.workers, NULL },
	{ "tls-cert", 0, OPT_STRING, "FILE", "serve HTTPS with this certificate (PEM)", &o.tls_cert, "@file" },
	{ "tls-key", 0, OPT_STRING, "FILE", "the certificate's private key (PEM; default: in the certificate file)", &o.tls_key, "@file" },
	{ "access-log", 0, OPT_STRING, "FILE", "one JSON line per request (default: standard error; - for standard output)", &o.access_log, "@file" },
	{ "check-config", 0, OPT_FLAG, NULL, "check the configuration, the database and the key file, then exit", &o.check, NULL },
	{ 0 },
};

const cli_command cli_serve_def = {
	"serve", "rampart serve [--listen ADDR:PORT] [--db FILE | --database-url URL] [options]",
	"Serve the HTTP API (/api) for many organizations over one database.",
	serve_opts, cmd_serve, NULL,
};

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

int cmd_serve(int argc, char **argv)
{
	srv_config cfg;
	cli_strlist pos = { 0 };
	scan_buf dir = SCAN_BUF_INIT;
	struct sigaction sa;
	char err[512];
	const char *target = NULL;
	bool help, own_dir;
	int rc;

	memset(&o, 0, sizeof(o));
	memset(&cfg, 0, sizeof(cfg));
	o.workers = -1;
	if ((rc = cli_parse(&cli_serve_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (pos.count) {
		rc = cli_error("serve takes no arguments");
		goto done;
	}
	cfg.workers = UINT_MAX; /* unset: the cores, unless the file or the environment says */
	if (srv_config_load(&cfg, o.config ? o.config : "/etc/rampart/server.yaml", o.config != NULL, cli_getvar, NULL, err,
	                    sizeof(err)) != 0) {
		rc = cli_error("%s", err);
		goto done;
	}
	/* The command line over the file and the environment. */
	if (o.listen)
		cfg.listen = o.listen;
	if (o.data_dir)
		cfg.data_dir = o.data_dir;
	if (o.tls_cert)
		cfg.tls_cert = o.tls_cert;
	if (o.tls_key)
		cfg.tls_key = o.tls_key;
	if (o.access_log)
		cfg.access_log = o.access_log;
	if (o.workers >= 0) {
		if (o.workers > 256) {
			rc = cli_error("--workers takes 0 to 256");
			goto done;
		}
		cfg.workers = (unsigned)o.workers;
	}
	if (cfg.workers == UINT_MAX) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		cfg.workers = cores > 0 && cores < 256 ? (unsigned)cores : 1;
	}
	if (o.db || cli_database_url || !cfg.database) {
		if ((rc = cli_store_target(&target, &own_dir, o.db)) != EXIT_OK)
			goto done;
		cfg.database = target;
	}
	if (cfg.tls_key && !cfg.tls_cert) {
		rc = cli_error("--tls-key needs --tls-cert");
		goto done;
	}
	if (!cfg.data_dir) {
		if ((rc = scan_user_dir_path(&dir, SCAN_DIR_DATA, "server", cli_getvar, NULL)) != 0) {
			rc = cli_error_lib(rc);
			goto done;
		}
		cfg.data_dir = dir.ptr;
	}
	if (o.check) {
		if ((rc = srv_check(&cfg)) == 0)
			printf("configuration ok: database %s, data directory %s\n", cfg.database, cfg.data_dir);
		rc = rc ? EXIT_ERROR : EXIT_OK;
		goto done;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	rc = srv_run(&cfg, &stop_requested) ? EXIT_ERROR : EXIT_OK;
done:
	srv_config_dispose(&cfg);
	scan_buf_dispose(&dir);
	cli_strlist_dispose(&pos);
	return rc;
}
