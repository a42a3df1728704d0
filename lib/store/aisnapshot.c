/* lib/store/aisnapshot.c - the inventory of one AI-BOM generation, rebuilt from what its run observed */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "scan/aiasm_store.h"
#include "scan/array.h"
#include "store/store_int.h"
#include "util/error.h"

struct scan_ai_snapshot {
	scan_ai_inventory inv;
	scan_ai_records generation;   /* one record */
	scan_ai_asset *assets;
	scan_ai_evidence *evidence;   /* SCAN_AI_EVIDENCE_MAX per asset */
	scan_ai_relation *relations;
	scan_ai_gap *gaps;
	int64_t *asset_ids;           /* assets[i]'s row */
	cJSON **docs;                 /* the observations, kept: the assets' strings point into them */
	size_t ndocs;
	cJSON *gap_doc;
	scan_arena arena;
};

const scan_ai_inventory *scan_ai_snapshot_inventory(const scan_ai_snapshot *s)
{
	return &s->inv;
}

const scan_ai_generation_record *scan_ai_snapshot_generation(const scan_ai_snapshot *s)
{
	return &s->generation.generations[0];
}

void scan_ai_snapshot_free(scan_ai_snapshot *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->ndocs; i++)
		cJSON_Delete(s->docs[i]);
	free(s->docs);
	cJSON_Delete(s->gap_doc);
	free(s->assets);
	free(s->evidence);
	free(s->relations);
	free(s->gaps);
	free(s->asset_ids);
	scan_ai_records_dispose(&s->generation);
	scan_arena__dispose(&s->arena);
	free(s);
}

static const char *jstr(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static uint64_t juint(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 ? (uint64_t)v->valuedouble : 0;
}

static bool jbool(const cJSON *o, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* An observation back into an asset: the fields scan_ai_asset_json() wrote. */
static int asset_from(scan_ai_asset *a, scan_ai_evidence *ev, const cJSON *o)
{
	const cJSON *list, *e;
	size_t n = 0;

	memset(a, 0, sizeof(*a));
	a->identity = jstr(o, "identity");
	a->type = jstr(o, "asset_type");
	a->name = jstr(o, "name");
	if (!a->identity || !a->type || !a->name)
		return scan_util__error(SCAN_EPARSE, "a stored AI observation lacks its identity, type or name");
	a->provider = jstr(o, "provider");
	a->version = jstr(o, "version");
	a->pinning = jstr(o, "pinning");
	a->pinning_reason = jstr(o, "pinning_reason");
	a->sha256 = jstr(o, "sha256");
	a->hash_skipped = jstr(o, "hash_skipped");
	a->size = juint(o, "size");
	a->transport = jstr(o, "transport");
	a->package = jstr(o, "package");
	a->confidence = (unsigned)juint(o, "confidence");
	a->declared = jbool(o, "declared");
	a->used_in_code = jbool(o, "used_in_code");
	a->nevidence_total = juint(o, "evidence_count");
	list = cJSON_GetObjectItemCaseSensitive(o, "evidence");
	cJSON_ArrayForEach(e, list) {
		if (n == SCAN_AI_EVIDENCE_MAX || !jstr(e, "file_path") || !jstr(e, "signal"))
			break;
		ev[n].file_path = jstr(e, "file_path");
		ev[n].line = (uint32_t)juint(e, "line_number");
		ev[n].signal = jstr(e, "signal");
		ev[n].snippet = jstr(e, "snippet");
		n++;
	}
	a->evidence = ev;
	a->nevidence = n;
	return 0;
}

typedef struct {
	scan_ai_asset a;
	int64_t id;
} keyed_asset;

static int cmp_keyed(const void *x, const void *y)
{
	return strcmp(((const keyed_asset *)x)->a.identity, ((const keyed_asset *)y)->a.identity);
}

/*
 * The inventory's order is strcmp's on identities (the writers search it),
 * which a database's collation need not share: sorted here, ids alongside.
 * The evidence stays where it is: each asset points to its own.
 */
static int sort_assets(scan_ai_snapshot *sn)
{
	keyed_asset *k;
	size_t n = sn->inv.nassets;

	if (n < 2)
		return 0;
	if (!(k = malloc(n * sizeof(*k))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++)
		k[i].a = sn->assets[i], k[i].id = sn->asset_ids[i];
	qsort(k, n, sizeof(*k), cmp_keyed);
	for (size_t i = 0; i < n; i++)
		sn->assets[i] = k[i].a, sn->asset_ids[i] = k[i].id;
	free(k);
	return 0;
}

static int cmp_relation(const void *x, const void *y)
{
	const scan_ai_relation *a = x, *b = y;
	int c;

	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	if ((c = strcmp(a->kind, b->kind)))
		return c;
	return a->to < b->to ? -1 : a->to > b->to;
}

static int load_assets(scan_ai_snapshot *sn, scan_db *db, int64_t run_id)
{
	scan_db_stmt *s = NULL;
	size_t cap = 0, idcap = 0, dcap = 0;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "SELECT o.asset_id, o.fields FROM ai_observations o JOIN ai_assets a ON a.id = o.asset_id"
	        " WHERE o.run_id = ?1 ORDER BY a.identity")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, run_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		size_t i = sn->inv.nassets;
		cJSON *doc = cJSON_Parse(scan_db__column_text(s, 1));
		if (!doc) {
			rc = scan_util__error(SCAN_EPARSE, "a stored AI observation is not JSON");
			break;
		}
		if (scan_array_reserve(&sn->docs, &dcap, sn->ndocs + 1, sizeof(*sn->docs))) {
			cJSON_Delete(doc);
			rc = SCAN_ENOMEM;
			break;
		}
		sn->docs[sn->ndocs++] = doc;
		if (scan_array_reserve(&sn->assets, &cap, i + 1, sizeof(*sn->assets)) ||
		    scan_array_reserve(&sn->asset_ids, &idcap, i + 1, sizeof(*sn->asset_ids))) {
			rc = SCAN_ENOMEM;
			break;
		}
		sn->asset_ids[i] = scan_db__column_int64(s, 0);
		sn->inv.nassets++;
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI observations");
	scan_db__finalize(s);
	if (rc)
		return rc;
	/* evidence arrays only once the number of assets is known: the assets point into them */
	if (sn->inv.nassets && !(sn->evidence = calloc(sn->inv.nassets * SCAN_AI_EVIDENCE_MAX, sizeof(*sn->evidence))))
		return scan_error__oom();
	for (size_t i = 0; i < sn->inv.nassets && !rc; i++)
		rc = asset_from(&sn->assets[i], &sn->evidence[i * SCAN_AI_EVIDENCE_MAX], sn->docs[i]);
	sn->inv.assets = sn->assets;
	return rc ? rc : sort_assets(sn);
}

static size_t index_of(const scan_ai_snapshot *sn, int64_t id)
{
	for (size_t i = 0; i < sn->inv.nassets; i++)
		if (sn->asset_ids[i] == id)
			return i;
	return (size_t)-1;
}

static int load_relations(scan_ai_snapshot *sn, scan_db *db, int64_t run_id)
{
	scan_db_stmt *s = NULL;
	size_t cap = 0;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "SELECT r.from_asset, r.kind, r.to_asset FROM ai_relations r"
	        " JOIN ai_assets f ON f.id = r.from_asset JOIN ai_assets t ON t.id = r.to_asset"
	        " WHERE r.run_id = ?1 ORDER BY f.identity, r.kind, t.identity")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, run_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		size_t f = index_of(sn, scan_db__column_int64(s, 0)), t = index_of(sn, scan_db__column_int64(s, 2));
		scan_ai_relation *r;
		const char *kind;
		if (f == (size_t)-1 || t == (size_t)-1)
			continue;
		if (scan_array_reserve(&sn->relations, &cap, sn->inv.nrelations + 1, sizeof(*sn->relations)) ||
		    !(kind = scan_arena__strdup(&sn->arena, scan_db__column_text(s, 1)))) {
			rc = scan_error__oom();
			break;
		}
		r = &sn->relations[sn->inv.nrelations++];
		r->from = f, r->to = t, r->kind = kind;
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(db, "cannot read the AI relations");
	scan_db__finalize(s);
	if (sn->inv.nrelations > 1)
		qsort(sn->relations, sn->inv.nrelations, sizeof(*sn->relations), cmp_relation);
	sn->inv.relations = sn->relations;
	return rc;
}

static int load_run(scan_ai_snapshot *sn, scan_db *db, int64_t run_id)
{
	scan_db_stmt *s = NULL;
	int rc;
	const cJSON *g;
	size_t n = 0;

	if ((rc = scan_db__prepare(db, &s, "SELECT coverage_reasons, manifests_read FROM ai_runs WHERE id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, run_id);
	if (scan_db__step(s) != SCAN_DB_ROW) {
		rc = scan_db__error(db, "cannot read the AI run");
	} else {
		sn->gap_doc = cJSON_Parse(scan_db__column_text(s, 0));
		sn->inv.manifests_read = scan_db__column_int(s, 1) != 0;
	}
	scan_db__finalize(s);
	if (rc)
		return rc;
	if (!cJSON_IsArray(sn->gap_doc))
		return scan_util__error(SCAN_EPARSE, "the stored AI run's coverage reasons are not a JSON array");
	if (cJSON_GetArraySize(sn->gap_doc) &&
	    !(sn->gaps = calloc((size_t)cJSON_GetArraySize(sn->gap_doc), sizeof(*sn->gaps))))
		return scan_error__oom();
	cJSON_ArrayForEach(g, sn->gap_doc) {
		if (!jstr(g, "reason"))
			continue;
		sn->gaps[n].file_path = jstr(g, "file_path");
		sn->gaps[n].line = (uint32_t)juint(g, "line_number");
		sn->gaps[n].reason = jstr(g, "reason");
		n++;
	}
	sn->inv.gaps = sn->gaps;
	sn->inv.ngaps = n;
	return 0;
}

int scan_store_ai_snapshot(scan_ai_snapshot **out, scan_store *st, int64_t org, int64_t repo_id, int64_t generation)
{
	scan_ai_snapshot *sn = calloc(1, sizeof(*sn));
	scan_db *db = scan_store__conn(st);
	int64_t run_id;
	int rc;

	*out = NULL;
	if (!sn)
		return scan_error__oom();
	if ((rc = scan_store__ai_generation_read(&sn->generation, st, org, repo_id, generation)) != 0)
		goto fail;
	if (!sn->generation.count) {
		rc = generation ? scan_util__error(SCAN_ENOTFOUND, "the repository has no AI-BOM generation %lld",
		                                   (long long)generation)
		                : scan_util__error(SCAN_ENOTFOUND, "the repository has no AI-BOM generation yet: scan its "
		                                                   "default branch");
		goto fail;
	}
	if (sn->generation.count > 1)
		sn->generation.count = 1; /* the newest, as read */
	run_id = sn->generation.generations[0].run_id;
	if ((rc = load_run(sn, db, run_id)) != 0 || (rc = load_assets(sn, db, run_id)) != 0 ||
	    (rc = load_relations(sn, db, run_id)) != 0)
		goto fail;
	*out = sn;
	return 0;
fail:
	scan_ai_snapshot_free(sn);
	return rc;
}
