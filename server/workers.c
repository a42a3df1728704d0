/* server/workers.c - scan workers: the loop over the library's worker step, and the threads of `rampart serve` */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core.h"
#include "scan/ops.h"

typedef struct {
	srv *s;
	char owner[128];
} worker_arg;

void srv_worker_loop(scan_store *st, const scan_worker_options *o, const char *who)
{
	bool ran;
	int rc;

	while (!*o->stop) {
		if ((rc = scan_ops_worker_step(&ran, st, o)) != 0)
			fprintf(stderr, "%s: worker %s: %s\n", who, o->owner, scan_error_last()->message);
		if (!ran || rc) {
			/* Idle (or the store failing): look again in half a second. */
			for (int i = 0; i < 5 && !*o->stop; i++)
				usleep(100 * 1000);
		}
	}
	scan_store_job_release(st, o->owner, time(NULL));
}

void srv_scheduler_loop(scan_store *st, volatile sig_atomic_t *stop, unsigned interval, const char *who)
{
	unsigned every = interval ? interval : 30;

	while (!*stop) {
		unsigned fired = 0, failed = 0;
		if (scan_ops_schedules_tick(&fired, &failed, st, time(NULL)) != 0)
			fprintf(stderr, "%s: scheduler: %s\n", who, scan_error_last()->message);
		if (fired || failed)
			fprintf(stderr, "%s: scheduler: %u scheduled scan%s queued, %u schedule%s failed\n", who, fired,
			        fired == 1 ? "" : "s", failed, failed == 1 ? "" : "s");
		for (unsigned i = 0; i < every * 10 && !*stop; i++)
			usleep(100 * 1000);
	}
}

void srv_notifier_loop(scan_store *st, volatile sig_atomic_t *stop, const scan_notify_options *o, unsigned interval,
                       const char *who)
{
	unsigned every = interval ? interval : 5;

	while (!*stop) {
		unsigned queued = 0, sent = 0;
		bool more = true;
		if (scan_ops_notify_tick(&queued, st, o, time(NULL)) != 0)
			fprintf(stderr, "%s: notifier: %s\n", who, scan_error_last()->message);
		/* Every due delivery, one by one; a stop ends the round between two. */
		while (more && !*stop) {
			if (scan_ops_notify_step(&more, st, o) != 0) {
				fprintf(stderr, "%s: notifier: %s\n", who, scan_error_last()->message);
				break;
			}
			sent += more;
		}
		if (sent)
			fprintf(stderr, "%s: notifier: %u delivery attempt%s\n", who, sent, sent == 1 ? "" : "s");
		for (unsigned i = 0; i < every * 10 && !*stop; i++)
			usleep(100 * 1000);
	}
}

scan_notify_options srv_notify_options(const srv *s, const char *owner)
{
	scan_notify_options o = SCAN_NOTIFY_OPTIONS_INIT;

	o.token_key = s->token_key;
	o.allow_targets = s->notify_allow;
	o.max_attempts = s->cfg.notify_max_attempts;
	o.backoff_seconds = s->cfg.notify_backoff;
	o.disable_after = s->cfg.notify_disable_after;
	o.public_url = s->cfg.public_url;
	o.owner = owner;
	return o;
}

static void *notifier_main(void *p)
{
	srv *s = p;
	char owner[128] = "host";
	scan_notify_options o;

	gethostname(owner, 64);
	snprintf(owner + strlen(owner), sizeof(owner) - strlen(owner), ":%ld:notifier", (long)getpid());
	o = srv_notify_options(s, owner);
	srv_notifier_loop(s->store, s->stop, &o, s->cfg.notify_interval, "rampart serve");
	return NULL;
}

static void *scheduler_main(void *p)
{
	srv *s = p;

	srv_scheduler_loop(s->store, s->stop, s->cfg.scheduler_interval, "rampart serve");
	return NULL;
}

static void *worker_main(void *p)
{
	worker_arg *w = p;
	srv *s = w->s;
	scan_worker_options o = SCAN_WORKER_OPTIONS_INIT;

	o.owner = w->owner;
	o.allow_local = s->cfg.allow_local_repos != 0;
	o.tmp_dir = s->cfg.data_dir;
	o.stop = s->stop;
	o.grace_seconds = s->cfg.grace_seconds;
	o.lease_seconds = s->cfg.lease_seconds;
	o.max_attempts = s->cfg.max_attempts;
	o.token_key = s->token_key;
	o.git_hosts = s->cfg.git_hosts;
	o.provider_api[SCAN_PROVIDER_GITHUB] = s->cfg.github_api_url;
	o.provider_api[SCAN_PROVIDER_GITLAB] = s->cfg.gitlab_api_url;
	o.provider_api[SCAN_PROVIDER_BITBUCKET] = s->cfg.bitbucket_api_url;
	o.public_url = s->cfg.public_url;
	/* Scans share the machine with the requests: each takes two threads. */
	o.jobs = 2;
	srv_worker_loop(s->store, &o, "rampart serve");
	free(w);
	return NULL;
}

int srv_workers_start(srv *s)
{
	char host[64] = "host";

	/* Notifications go out from every server, workers or not: a test's retries need someone to send them. */
	if (pthread_create(&s->notifier, NULL, notifier_main, s) != 0)
		return -1;
	s->has_notifier = true;
	if (!s->cfg.workers)
		return 0;
	/* The scheduler runs where scans run: a server without workers only queues what it is asked to. */
	if (pthread_create(&s->scheduler, NULL, scheduler_main, s) != 0)
		return -1;
	s->has_scheduler = true;
	gethostname(host, sizeof(host) - 1);
	if (!(s->workers = calloc(s->cfg.workers, sizeof(*s->workers))))
		return -1;
	for (unsigned i = 0; i < s->cfg.workers; i++) {
		worker_arg *w = calloc(1, sizeof(*w));
		if (!w)
			return -1;
		w->s = s;
		snprintf(w->owner, sizeof(w->owner), "%s:%ld:%u", host, (long)getpid(), i);
		if (pthread_create(&s->workers[s->nworkers], NULL, worker_main, w) != 0) {
			free(w);
			return -1;
		}
		s->nworkers++;
	}
	return 0;
}

void srv_workers_join(srv *s)
{
	if (s->has_scheduler)
		pthread_join(s->scheduler, NULL);
	s->has_scheduler = false;
	if (s->has_notifier)
		pthread_join(s->notifier, NULL);
	s->has_notifier = false;
	for (size_t i = 0; i < s->nworkers; i++)
		pthread_join(s->workers[i], NULL);
	free(s->workers);
	s->workers = NULL;
	s->nworkers = 0;
}
