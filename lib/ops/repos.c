/* lib/ops/repos.c - repositories imported into an organization, within its plan */
#include <string.h>
#include "scan/ops.h"
#include "store/record.h"
#include "util/error.h"

unsigned scan_plan_repo_limit(scan_plan p)
{
	switch (p) {
	case SCAN_PLAN_FREE:
		return 5;
	case SCAN_PLAN_TEAM:
		return 50;
	default:
		return 0;
	}
}

typedef struct {
	int64_t org;
	scan_repo_import *items;
	size_t n;
	int64_t count;
	unsigned limit;
} import_ctx;

/* Run again whole when the engine undoes the transaction: the outputs are set from scratch each time. */
static int import_body(scan_store *st, void *payload)
{
	import_ctx *c = payload;
	scan_plan plan;
	size_t fresh = 0;
	int rc;

	/* The organization's row first: two imports of one organization cannot both pass the limit. */
	if ((rc = scan_store__org_lock(&plan, st, c->org)) != 0 || (rc = scan_store__repo_count(&c->count, st, c->org)) != 0)
		return rc;
	c->limit = scan_plan_repo_limit(plan);
	for (size_t i = 0; i < c->n; i++) {
		scan_repo_import *it = &c->items[i];
		it->id = 0;
		it->created = false;
		if ((rc = scan_store__repo_by_url(&it->id, st, c->org, it->url)) != 0)
			return rc;
		if (it->id)
			continue;
		for (size_t j = 0; j < i && !it->id; j++)
			if (!strcmp(c->items[j].url, it->url))
				it->id = -1; /* a repeat of an earlier item: its id once that one is added */
		if (!it->id)
			fresh++;
	}
	if (c->limit && (uint64_t)c->count + fresh > c->limit)
		return scan_util__error(SCAN_ELIMIT, "the %s plan allows %u repositories; the organization has %lld and"
		                        " this import adds %zu", scan_plan_name(plan), c->limit, (long long)c->count, fresh);
	for (size_t i = 0; i < c->n; i++) {
		scan_repo_import *it = &c->items[i];
		if (it->id == -1) {
			for (size_t j = 0; j < i; j++)
				if (!strcmp(c->items[j].url, it->url)) {
					it->id = c->items[j].id;
					break;
				}
			continue;
		}
		if (it->id)
			continue;
		if ((rc = scan_store__repo_insert(&it->id, st, c->org, it->name, it->url, it->source)) != 0)
			return rc;
		it->created = true;
	}
	return 0;
}

int scan_ops_repos_import(int64_t *count, unsigned *limit, scan_store *st, int64_t org, scan_repo_import *items,
                          size_t n)
{
	import_ctx c = { org, items, n, 0, 0 };
	int rc;

	for (size_t i = 0; i < n; i++)
		if (!items[i].name || !*items[i].name || !items[i].url || !*items[i].url || !items[i].source)
			return scan_util__error(SCAN_EINVAL, "repository %zu: a name, a URL and a source are needed", i + 1);
	rc = scan_store_transact(st, import_body, &c);
	*count = c.count;
	*limit = c.limit;
	return rc;
}
