/* server/server.h - `rampart serve`: what the command line hands the server */
#ifndef RAMPART_SERVER_SERVER_H
#define RAMPART_SERVER_SERVER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include "scan/ops.h"

/*
 * The configuration, from the file (`/etc/rampart/server.yaml` or
 * --config), then the environment (RAMPART_<KEY>), then the command line;
 * cmd/ reads all three and fills this. Strings are owned by whoever
 * filled it and outlive the server.
 */
typedef struct {
	const char *listen;            /* "127.0.0.1:8080"; "[::1]:8080"; a port alone listens on 127.0.0.1 */
	const char *database;          /* a SQLite file or a postgres:// URL */
	const char *data_dir;          /* the signing key and job work directories */
	unsigned http_threads;         /* 0: 16 */
	unsigned workers;              /* scan workers in this process */
	const char *tls_cert, *tls_key;
	const char *jwt_key_file;      /* NULL: <data_dir>/jwt.key, created 0600 at first start */
	const char *token_key_file;    /* NULL: <data_dir>/token.key, the same; rampart worker needs a copy */
	unsigned token_ttl;            /* seconds a sign-in lasts; 0: 8 hours */
	const char *cors_origins;      /* comma-separated allow-list; NULL: CORS off */
	const char *trusted_proxies;   /* comma-separated addresses whose X-Forwarded-For is believed */
	unsigned rate_default, rate_trigger, rate_login; /* per client address per minute; 0: 500, 10, 10 */
	const char *environment;       /* shown by /api/health; NULL: "production" */
	const char *access_log;        /* a file; NULL: standard error; "-": standard output */
	unsigned allow_local_repos;    /* 1: repositories may be local paths of git repositories (self-hosted, offline) */
	const char *git_hosts;         /* the hosts repositories may be imported and cloned from; NULL: any */
	unsigned grace_seconds;        /* on SIGTERM, how long running scans may go on; 0: 30 */
	unsigned lease_seconds;        /* a claimed scan stays a worker's this long without news; 0: 60 */
	unsigned max_attempts;         /* a scan whose workers die this often fails; 0: 3 */
	unsigned scheduler_interval;   /* seconds between looks for due scheduled scans; 0: 30 */
	/* Git hosting providers' API roots (GitHub Enterprise, self-hosted GitLab); NULL: the hosted services'. */
	const char *github_api_url, *gitlab_api_url, *bitbucket_api_url;
	/* AI remediation: an OpenAI-compatible API root and model (both, or it is off); the key only from the environment. */
	const char *ai_url, *ai_model, *ai_api_key;
	/* The server's address as people reach it ("https://rampart.example"), for links it posts; NULL: none. */
	const char *public_url;
	/* The secret Git providers sign webhook deliveries with (only from the environment or a 0600 file); NULL: refused. */
	const char *webhook_secret;
	/* Outbound notifications: the address classes beyond public ones a webhook may reach ("loopback,private,link-local"; NULL: none), attempts per delivery (0: 8), the first retry's wait in seconds (0: 30), deliveries failed in a row that disable a webhook (0: 5), seconds between looks for due deliveries (0: 5). */
	const char *notify_allow_targets;
	unsigned notify_max_attempts, notify_backoff, notify_disable_after, notify_interval;
	/* Private: the strings srv_config_load() copied, freed by srv_config_dispose(). */
	char **owned;
	size_t nowned, owned_cap;
} srv_config;

/* Fill the defaults of what is unset. */
void srv_config_defaults(srv_config *cfg);

/*
 * Check a configuration without serving: the database opens and migrates,
 * the key file is usable, TLS files read, the address parses. 0, or the
 * exit code after one line on standard error.
 */
int srv_check(const srv_config *cfg);

/*
 * Serve until *stop becomes non-zero (SIGTERM, SIGINT), then stop
 * accepting, finish the requests in flight and return 0; 2 after one line
 * on standard error when the server cannot start.
 */
int srv_run(const srv_config *cfg, volatile sig_atomic_t *stop);

/*
 * A scan worker until *o->stop: claim and run jobs, idle half a second
 * when there are none, give back what it holds at the end; errors of the
 * store go to standard error prefixed with who. The server's worker
 * threads and `rampart worker` both run this.
 */
void srv_worker_loop(scan_store *st, const scan_worker_options *o, const char *who);

/*
 * The scheduler until *stop: every interval seconds (0: 30), queue the
 * scans of the schedules due (scan_ops_schedules_tick(); any number of
 * processes may run it on one database, each slot fires once).
 */
void srv_scheduler_loop(scan_store *st, volatile sig_atomic_t *stop, unsigned interval, const char *who);

/*
 * The notifier until *stop: every interval seconds (0: 5), queue the events
 * of finished scans (scan_ops_notify_tick()) and attempt every due delivery
 * (scan_ops_notify_step()); any number of processes may, each delivery is
 * claimed under a lease.
 */
void srv_notifier_loop(scan_store *st, volatile sig_atomic_t *stop, const scan_notify_options *o, unsigned interval,
                       const char *who);

#endif
