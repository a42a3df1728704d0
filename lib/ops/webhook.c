/* lib/ops/webhook.c - what a verified delivery of a Git provider asks for: a pull request's scan, a push's scheduled scans */
#include <stdio.h>
#include <string.h>
#include "scan/location.h"
#include "scan/ops.h"
#include "util/error.h"

/* The repositories the delivery's clone URL names, as this server would store it; NULL list when none. */
static int matching(scan_repo_ref_list **out, scan_webhook_outcome *o, scan_store *st, const scan_webhook_event *e,
                    const scan_location_policy *policy)
{
	scan_location loc;

	*out = NULL;
	if (scan_location_check(&loc, e->clone_url, policy) != 0) {
		snprintf(o->message, sizeof(o->message), "Ignored: the repository %s is not one this server scans (%s)", e->repo_full_name,
		    scan_error_last()->message);
		return 0;
	}
	return scan_store_repos_by_url(out, st, loc.url);
}

static int pull_request(scan_webhook_outcome *o, scan_store *st, scan_provider p, const scan_webhook_event *e,
                        const scan_webhook_options *opts)
{
	scan_repo_ref_list *repos = NULL;
	int rc;

	if (!e->analyze) {
		snprintf(o->message, sizeof(o->message), "Pull request %s: nothing to scan", e->action);
		return 0;
	}
	if (!scan_branch_name_ok(e->head_ref) || !scan_branch_name_ok(e->base_ref))
		return scan_util__error(SCAN_EINVAL, "the pull request's branches are not branch names");
	if (e->from_fork) {
		/* The head is in another repository: cloning it would run a stranger's URL through the worker. */
		snprintf(o->message, sizeof(o->message), "Ignored: pull requests from forks are not scanned (%s into %s)", e->head_ref, e->base_ref);
		return 0;
	}
	if ((rc = matching(&repos, o, st, e, opts->locations)) != 0 || !repos)
		return rc;
	for (size_t i = 0; i < scan_repo_ref_list_count(repos) && o->nscans < SCAN_WEBHOOK_SCANS_MAX; i++) {
		const scan_repo_ref *ref = scan_repo_ref_list_get(repos, i);
		scan_pr_review in = { 0 };
		int64_t scan_id;
		if (opts->only_repo && ref->repo_id != opts->only_repo)
			continue;
		in.org_id = ref->org_id;
		in.repo_id = ref->repo_id;
		in.provider = scan_provider_name(p);
		in.pr_number = e->number;
		in.action = e->action;
		in.head_ref = e->head_ref;
		in.head_sha = e->head_sha;
		in.base_ref = e->base_ref;
		in.delivery = e->delivery;
		in.repo_full_name = e->repo_full_name;
		if ((rc = scan_store_pr_review_enqueue(&scan_id, st, &in, ref->url, "smart", 80)) != 0)
			goto done;
		o->scan_ids[o->nscans++] = scan_id;
	}
	if (o->nscans)
		snprintf(o->message, sizeof(o->message), "Pull request #%lld %s: %zu scan%s queued", (long long)e->number,
		         e->action, o->nscans, o->nscans == 1 ? "" : "s");
	else
		snprintf(o->message, sizeof(o->message), "Ignored: no imported repository is %s", e->repo_full_name);
done:
	scan_repo_ref_list_free(repos);
	return rc;
}

static int push(scan_webhook_outcome *o, scan_store *st, const scan_webhook_event *e, const scan_webhook_options *opts,
                time_t now)
{
	scan_repo_ref_list *repos = NULL;
	char key[SCAN_WEBHOOK_REF_MAX + 160];
	int rc = 0;

	if (e->branch_deleted) {
		snprintf(o->message, sizeof(o->message), "Ignored: the branch %s was deleted", e->head_ref);
		return 0;
	}
	if (!scan_branch_name_ok(e->head_ref))
		return scan_util__error(SCAN_EINVAL, "the push's branch is not a branch name");
	if ((rc = matching(&repos, o, st, e, opts->locations)) != 0 || !repos)
		return rc;
	/* One scan per push, however often it is delivered: the key is the delivery's, else the commit's. */
	snprintf(key, sizeof(key), "push:%s", *e->delivery ? e->delivery : *e->head_sha ? e->head_sha : "unknown");
	for (size_t i = 0; i < scan_repo_ref_list_count(repos) && !rc && o->nscans < SCAN_WEBHOOK_SCANS_MAX; i++) {
		const scan_repo_ref *ref = scan_repo_ref_list_get(repos, i);
		scan_schedule_list *l = NULL;
		if (opts->only_repo && ref->repo_id != opts->only_repo)
			continue;
		if ((rc = scan_store_schedules_on_push(&l, st, ref->org_id, ref->repo_id, e->head_ref)) != 0)
			break;
		for (size_t k = 0; k < scan_schedule_list_count(l) && o->nscans < SCAN_WEBHOOK_SCANS_MAX; k++) {
			scan_schedule_fire f = { key, "push", 0, 0, 80, now, NULL };
			int64_t scan_id = 0;
			if ((rc = scan_store_schedule_fire(&scan_id, st, scan_schedule_list_get(l, k), &f)) != 0)
				break;
			if (scan_id)
				o->scan_ids[o->nscans++] = scan_id;
		}
		scan_schedule_list_free(l);
	}
	scan_repo_ref_list_free(repos);
	if (rc)
		return rc;
	if (o->nscans)
		snprintf(o->message, sizeof(o->message), "Push to %s: %zu scan%s queued", e->head_ref, o->nscans,
		         o->nscans == 1 ? "" : "s");
	else if (!*o->message)
		snprintf(o->message, sizeof(o->message), "Ignored: no schedule scans %s on push", e->head_ref);
	return 0;
}

int scan_ops_webhook_deliver(scan_webhook_outcome *out, scan_store *st, scan_provider p, const scan_webhook_event *e,
                             const scan_webhook_options *opts, time_t now)
{
	const char *provider = scan_provider_name(p);
	bool fresh = true;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (e->kind == SCAN_WEBHOOK_PING) {
		snprintf(out->message, sizeof(out->message), "Pong!");
		return 0;
	}
	if (*e->delivery && (rc = scan_store_webhook_delivery(&fresh, st, provider, e->delivery, e->event, now)) != 0)
		return rc;
	if (!fresh) {
		out->duplicate = true;
		snprintf(out->message, sizeof(out->message), "Ignored: delivery %s was received before", e->delivery);
		return 0;
	}
	switch (e->kind) {
	case SCAN_WEBHOOK_PULL_REQUEST:
		rc = pull_request(out, st, p, e, opts);
		break;
	case SCAN_WEBHOOK_PUSH:
		rc = push(out, st, e, opts, now);
		break;
	default:
		snprintf(out->message, sizeof(out->message), "Ignored: the event %s is not one Rampart acts on", e->event);
	}
	if (*e->delivery) {
		/* A delivery that failed here is forgotten, so the provider's retry is not taken for a replay. */
		int orc = scan_store_webhook_outcome(st, provider, e->delivery, rc ? NULL : out->message);
		if (!rc)
			rc = orc;
	}
	return rc;
}
