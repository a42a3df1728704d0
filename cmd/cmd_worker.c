/* cmd/cmd_worker.c - rampart worker: scan workers in a process of their own, on a shared database */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "scan/ops.h"
#include "scan/seal.h"
#include "server.h"

static struct {
	const char *db, *tmp_dir, *token_key, *git_hosts, *github_api, *gitlab_api, *bitbucket_api, *public_url;
	long long threads, grace, lease, scheduler_interval;
	bool allow_local;
} o;

static const cli_opt worker_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "threads", 0, OPT_INT, "N", "scans this process runs at once (default: 1)", &o.threads, NULL },
	{ "allow-local-repos", 0, OPT_FLAG, NULL, "run jobs whose repository is a local path, not a URL", &o.allow_local, NULL },
	{ "git-hosts", 0, OPT_STRING, "LIST", "the only hosts scans may clone from: host names, *.domain for a domain's hosts, comma-separated (default: any)", &o.git_hosts, NULL },
	{ "token-key", 0, OPT_STRING, "FILE", "the server's token.key (mode 0600): opens the provider tokens scans of private repositories carry", &o.token_key, "@file" },
	{ "github-api-url", 0, OPT_STRING, "URL", "GitHub Enterprise's API root, for pull-request results (default: https://api.github.com)", &o.github_api, NULL },
	{ "gitlab-api-url", 0, OPT_STRING, "URL", "a self-hosted GitLab's API root (default: https://gitlab.com/api/v4)", &o.gitlab_api, NULL },
	{ "bitbucket-api-url", 0, OPT_STRING, "URL", "Bitbucket's API root (default: https://api.bitbucket.org/2.0)", &o.bitbucket_api, NULL },
	{ "public-url", 0, OPT_STRING, "URL", "the server's address people reach, for the link a pull request's result carries", &o.public_url, NULL },
	{ "tmp-dir", 0, OPT_STRING, "DIR", "where clones are made (default: $TMPDIR or /tmp)", &o.tmp_dir, "@dir" },
	{ "lease", 0, OPT_INT, "SECONDS", "how long a claimed scan stays this worker's without news (default: 60; renewed while it runs)", &o.lease, NULL },
	{ "scheduler-interval", 0, OPT_INT, "SECONDS", "how often this process looks for due scheduled scans (default: 30; any number of processes may, each slot fires once)", &o.scheduler_interval, NULL },
	{ "grace", 0, OPT_INT, "SECONDS", "on SIGTERM, how long running scans may go on before they are given back (default: 30)", &o.grace, NULL },
	{ 0 },
};

const cli_command cli_worker_def = {
	"worker", "rampart worker [--database-url URL | --db FILE] [--threads N]",
	"Run the scans the server queues, as a process of its own (on this or another machine, sharing PostgreSQL).",
	worker_opts, cmd_worker, NULL,
};

static volatile sig_atomic_t stop_requested;
static unsigned char token_key[SCAN_SEAL_KEY_BYTES];

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

typedef struct {
	scan_store *st;
	char owner[128];
} thread_arg;

static void *scheduler_thread(void *p)
{
	srv_scheduler_loop(p, &stop_requested, (unsigned)o.scheduler_interval, "rampart worker");
	return NULL;
}

static void *run_thread(void *p)
{
	thread_arg *t = p;
	scan_worker_options w = SCAN_WORKER_OPTIONS_INIT;

	w.owner = t->owner;
	w.allow_local = o.allow_local;
	w.tmp_dir = o.tmp_dir ? o.tmp_dir : cli_getvar("TMPDIR", NULL);
	w.stop = &stop_requested;
	w.grace_seconds = (unsigned)o.grace;
	w.lease_seconds = (unsigned)o.lease;
	w.token_key = o.token_key ? token_key : NULL;
	w.git_hosts = o.git_hosts;
	w.provider_api[SCAN_PROVIDER_GITHUB] = o.github_api;
	w.provider_api[SCAN_PROVIDER_GITLAB] = o.gitlab_api;
	w.provider_api[SCAN_PROVIDER_BITBUCKET] = o.bitbucket_api;
	w.public_url = o.public_url;
	srv_worker_loop(t->st, &w, "rampart worker");
	return NULL;
}

int cmd_worker(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	thread_arg *args = NULL;
	pthread_t *threads = NULL, scheduler;
	bool scheduling = false;
	struct sigaction sa;
	char host[64] = "host";
	bool help;
	int rc;

	memset(&o, 0, sizeof(o));
	o.threads = 1;
	o.grace = 30;
	o.lease = 60;
	o.scheduler_interval = 30;
	if ((rc = cli_parse(&cli_worker_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (pos.count) {
		rc = cli_error("worker takes no arguments");
		goto done;
	}
	if (o.threads < 1 || o.threads > 64) {
		rc = cli_error("--threads takes 1 to 64");
		goto done;
	}
	if (o.lease < 2 || o.lease > 3600) {
		rc = cli_error("--lease takes 2 to 3600 seconds");
		goto done;
	}
	if (o.scheduler_interval < 1 || o.scheduler_interval > 3600) {
		rc = cli_error("--scheduler-interval takes 1 to 3600 seconds");
		goto done;
	}
	if (o.grace < 0 || o.grace > 86400) {
		rc = cli_error("--grace takes 0 to 86400 seconds");
		goto done;
	}
	if (o.token_key && scan_key_file(token_key, sizeof(token_key), o.token_key, false) != 0) {
		rc = cli_error("--token-key: %s", scan_error_last()->message);
		goto done;
	}
	if ((rc = cli_open_store(&st, o.db, false)) != 0)
		goto done;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	gethostname(host, sizeof(host) - 1);
	threads = calloc((size_t)o.threads, sizeof(*threads));
	args = calloc((size_t)o.threads, sizeof(*args));
	if (!threads || !args) {
		rc = cli_error("out of memory");
		goto done;
	}
	fprintf(stderr, "rampart worker: %lld thread%s waiting for scans\n", o.threads, o.threads == 1 ? "" : "s");
	for (long long i = 0; i < o.threads; i++) {
		args[i].st = st;
		snprintf(args[i].owner, sizeof(args[i].owner), "%s:%ld:w%lld", host, (long)getpid(), i);
		if (pthread_create(&threads[i], NULL, run_thread, &args[i]) != 0) {
			stop_requested = 1;
			o.threads = i;
			rc = cli_error("cannot start a worker thread");
			break;
		}
	}
	if (!stop_requested) {
		if (pthread_create(&scheduler, NULL, scheduler_thread, st) == 0)
			scheduling = true;
		else
			rc = cli_error("cannot start the scheduler thread");
		if (rc)
			stop_requested = 1;
	}
	for (long long i = 0; i < o.threads; i++)
		pthread_join(threads[i], NULL);
	if (scheduling)
		pthread_join(scheduler, NULL);
done:
	explicit_bzero(token_key, sizeof(token_key));
	free(threads);
	free(args);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
