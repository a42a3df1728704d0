/* server/enrich.c - AI remediation advice for issues that lack it, asked in the background of an issue read */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "scan/ai.h"

/* Spec 8: the top 5 of a read. A full queue drops the offer: the next read offers again. */
#define ENRICH_PER_READ 5
#define ENRICH_QUEUE_MAX 64

/* One issue, copied out of the read: the request's list is gone by the time it is asked about. */
typedef struct {
	int64_t org, issue;
	scan_finding f;
	char *strings;          /* the finding's texts, one allocation */
} enrich_item;

struct srv_enricher {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	enrich_item *queue[ENRICH_QUEUE_MAX];
	size_t head, count;
	int64_t current;        /* the issue being asked about; 0: none */
	bool stopping;
	pthread_t thread;
	scan_ai_endpoint ep;
	scan_store *st;
	volatile sig_atomic_t *stop;
};

static void item_free(enrich_item *it)
{
	if (it) {
		free(it->strings);
		free(it);
	}
}

/* The texts of f copied into one block; the item's finding points into it. */
static enrich_item *item_new(int64_t org, const scan_finding *f)
{
	const char *src[6] = { f->title, f->rule_id, f->cwe_id, f->file_path, f->description, f->snippet };
	const char **dst[6];
	enrich_item *it = calloc(1, sizeof(*it));
	size_t total = 0, at = 0;

	if (!it)
		return NULL;
	it->org = org;
	it->issue = f->id;
	it->f.id = f->id;
	it->f.severity = f->severity;
	it->f.category = f->category;
	it->f.line_number = f->line_number;
	dst[0] = &it->f.title, dst[1] = &it->f.rule_id, dst[2] = &it->f.cwe_id;
	dst[3] = &it->f.file_path, dst[4] = &it->f.description, dst[5] = &it->f.snippet;
	for (size_t i = 0; i < 6; i++)
		total += src[i] ? strlen(src[i]) + 1 : 0;
	if (!(it->strings = malloc(total ? total : 1))) {
		free(it);
		return NULL;
	}
	for (size_t i = 0; i < 6; i++) {
		if (!src[i])
			continue;
		*dst[i] = it->strings + at;
		memcpy(it->strings + at, src[i], strlen(src[i]) + 1);
		at += strlen(src[i]) + 1;
	}
	return it;
}

static bool queued(const struct srv_enricher *e, int64_t issue)
{
	if (e->current == issue)
		return true;
	for (size_t i = 0; i < e->count; i++)
		if (e->queue[(e->head + i) % ENRICH_QUEUE_MAX]->issue == issue)
			return true;
	return false;
}

void srv_enrich_offer(srv *s, int64_t org, const scan_finding_list *l)
{
	struct srv_enricher *e = s->enrich;
	size_t offered = 0;

	if (!e)
		return;
	/* Most severe first: critical, then high, then medium; low findings are not worth a model's time. */
	for (int sev = SCAN_SEV_CRITICAL; sev >= SCAN_SEV_MEDIUM && offered < ENRICH_PER_READ; sev--) {
		for (size_t i = 0; i < scan_finding_list_count(l) && offered < ENRICH_PER_READ; i++) {
			const scan_finding *f = scan_finding_list_get(l, i);
			enrich_item *it;
			if ((int)f->severity != sev || (f->remediation && *f->remediation) || f->user_marked_fp)
				continue;
			offered++;
			pthread_mutex_lock(&e->lock);
			if (!e->stopping && e->count < ENRICH_QUEUE_MAX && !queued(e, f->id) && (it = item_new(org, f)) != NULL) {
				e->queue[(e->head + e->count++) % ENRICH_QUEUE_MAX] = it;
				pthread_cond_signal(&e->wake);
			}
			pthread_mutex_unlock(&e->lock);
		}
	}
}

static enrich_item *next(struct srv_enricher *e)
{
	enrich_item *it = NULL;

	pthread_mutex_lock(&e->lock);
	while (!e->count && !e->stopping && !*e->stop) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		pthread_cond_timedwait(&e->wake, &e->lock, &until);
	}
	if (e->count && !e->stopping && !*e->stop) {
		it = e->queue[e->head];
		e->head = (e->head + 1) % ENRICH_QUEUE_MAX;
		e->count--;
		e->current = it->issue;
	}
	pthread_mutex_unlock(&e->lock);
	return it;
}

static void *enrich_main(void *p)
{
	struct srv_enricher *e = p;
	scan_ai_client *client = NULL;
	enrich_item *it;

	while ((it = next(e)) != NULL) {
		char *text = NULL;
		bool set;
		int rc;

		/* Made on the first issue: compiling the masking rules costs a start that never needs them. */
		if (!client && (rc = scan_ai_client_new(&client, &e->ep)) != 0)
			fprintf(stderr, "rampart serve: AI remediation is off: %s\n", scan_error_last()->message);
		if (client && (rc = scan_ai_remediation(&text, client, &it->f)) != 0)
			fprintf(stderr, "rampart serve: AI remediation of issue %lld: %s\n", (long long)it->issue,
			        scan_error_last()->message);
		if (text && scan_store_issue_remediation_fill(&set, e->st, it->org, it->issue, text) != 0)
			fprintf(stderr, "rampart serve: AI remediation of issue %lld: %s\n", (long long)it->issue,
			        scan_error_last()->message);
		free(text);
		pthread_mutex_lock(&e->lock);
		e->current = 0;
		pthread_mutex_unlock(&e->lock);
		item_free(it);
		if (!client)
			break;
	}
	scan_ai_client_free(client);
	return NULL;
}

int srv_enrich_start(srv *s)
{
	struct srv_enricher *e;

	if (!s->cfg.ai_url || !*s->cfg.ai_url || !s->cfg.ai_model || !*s->cfg.ai_model)
		return 0; /* off: the rule's own remediation stands */
	if (!(e = calloc(1, sizeof(*e))))
		return -1;
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->wake, NULL);
	e->ep.url = s->cfg.ai_url;
	e->ep.model = s->cfg.ai_model;
	e->ep.api_key = s->cfg.ai_api_key && *s->cfg.ai_api_key ? s->cfg.ai_api_key : NULL;
	e->ep.timeout_ms = 60000;
	/* A stop does not wait out a slow model: the question in flight is dropped, and asked again after a restart. */
	e->ep.cancel = s->stop;
	e->st = s->store;
	e->stop = s->stop;
	if (pthread_create(&e->thread, NULL, enrich_main, e) != 0) {
		pthread_cond_destroy(&e->wake);
		pthread_mutex_destroy(&e->lock);
		free(e);
		return -1;
	}
	s->enrich = e;
	return 0;
}

void srv_enrich_join(srv *s)
{
	struct srv_enricher *e = s->enrich;

	if (!e)
		return;
	pthread_mutex_lock(&e->lock);
	e->stopping = true;
	pthread_cond_signal(&e->wake);
	pthread_mutex_unlock(&e->lock);
	pthread_join(e->thread, NULL);
	while (e->count) {
		item_free(e->queue[e->head]);
		e->head = (e->head + 1) % ENRICH_QUEUE_MAX;
		e->count--;
	}
	pthread_cond_destroy(&e->wake);
	pthread_mutex_destroy(&e->lock);
	free(e);
	s->enrich = NULL;
}
