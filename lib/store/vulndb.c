/* lib/store/vulndb.c - the vulnerability database: advisories, KEV, EPSS */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "model/purl.h"
#include "sca/advisories.h"
#include "store/store_int.h"
#include "scan/json.h"
#include "scan/vulndb.h"
#include "store/vulndb.h"
#include "util/error.h"

struct scan_vulndb_writer {
	scan_store *st;
	char *source, *kind, *location;
	int64_t previous;          /* the records the source held before this import */
	scan_db_stmt *adv, *del_adv, *id, *aff, *kev, *epss;
};

static void writer_free(scan_vulndb_writer *w)
{
	if (!w)
		return;
	scan_db__finalize(w->adv);
	scan_db__finalize(w->del_adv);
	scan_db__finalize(w->id);
	scan_db__finalize(w->aff);
	scan_db__finalize(w->kev);
	scan_db__finalize(w->epss);
	free(w->source);
	free(w->kind);
	free(w->location);
	free(w);
}

int scan_store__vulndb_write_begin(scan_vulndb_writer **out, scan_store *st, const char *source,
                                   const char *kind, const char *location)
{
	scan_vulndb_writer *w;
	scan_db_stmt *s = NULL;
	int rc;

	*out = NULL;
	if (!(w = calloc(1, sizeof(*w))))
		return scan_error__oom();
	w->st = st;
	w->source = strdup(source);
	w->kind = strdup(kind);
	w->location = strdup(location);
	if (!w->source || !w->kind || !w->location) {
		writer_free(w);
		return scan_error__oom();
	}
	if ((rc = scan_db__begin(scan_store__conn(st))) != 0) {
		writer_free(w);
		return rc;
	}
	if ((rc = scan_db__prepare(scan_store__conn(st), &s, "SELECT records FROM vuln_sources WHERE name = ?1")) != 0)
		goto fail;
	scan_db__bind_text(s, 1, source);
	if (scan_db__step(s) == SCAN_DB_ROW)
		w->previous = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	s = NULL;
	/* The source row first: advisories reference it. Its figures are set at the end. */
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO vuln_sources (name, kind, location, imported_at, records) VALUES (?1, ?2, ?3, NULL, 0)"
	        " ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, location = excluded.location")) != 0)
		goto fail;
	scan_db__bind_text(s, 1, source);
	scan_db__bind_text(s, 2, kind);
	scan_db__bind_text(s, 3, location);
	if (scan_db__step(s) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot record the source");
		goto fail;
	}
	scan_db__finalize(s);
	s = NULL;
	/* KEV and EPSS are one source each; OSV has one per export. */
	if (!strcmp(kind, "osv"))
		rc = scan_db__prepare(scan_store__conn(st), &s, "DELETE FROM vuln_advisories WHERE source = ?1");
	else
		rc = scan_db__prepare(scan_store__conn(st), &s, !strcmp(kind, "kev") ? "DELETE FROM vuln_kev" : "DELETE FROM vuln_epss");
	if (rc)
		goto fail;
	if (!strcmp(kind, "osv"))
		scan_db__bind_text(s, 1, source);
	if (scan_db__step(s) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot replace the source's records");
		goto fail;
	}
	scan_db__finalize(s);
	s = NULL;
	if ((rc = scan_db__prepare(scan_store__conn(st), &w->adv,
	        "INSERT INTO vuln_advisories (osv_id, source, modified, published, summary, details, severity,"
	        " db_severity, cwes, refs) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10) RETURNING id")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &w->del_adv, "DELETE FROM vuln_advisories WHERE osv_id = ?1")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &w->id, "INSERT INTO vuln_ids (vuln_id, advisory_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &w->aff,
	        "INSERT INTO vuln_affected (advisory_id, ecosystem, name, ranges, severity) VALUES (?1,?2,?3,?4,?5)")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &w->kev,
	        "INSERT INTO vuln_kev (cve, vendor, product, name, date_added, due_date, ransomware)"
	        " VALUES (?1,?2,?3,?4,?5,?6,?7) ON CONFLICT (cve) DO UPDATE SET vendor = excluded.vendor,"
	        "  product = excluded.product, name = excluded.name, date_added = excluded.date_added,"
	        "  due_date = excluded.due_date, ransomware = excluded.ransomware")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &w->epss,
	        "INSERT INTO vuln_epss (cve, score, percentile) VALUES (?1,?2,?3)"
	        " ON CONFLICT (cve) DO UPDATE SET score = excluded.score, percentile = excluded.percentile")))
		goto fail;
	*out = w;
	return 0;
fail:
	scan_db__finalize(s);
	scan_db__rollback(scan_store__conn(st));
	writer_free(w);
	return rc;
}

int64_t scan_store__vulndb_write_previous(const scan_vulndb_writer *w)
{
	return w->previous;
}

/* The JSON text w wrote into b, detached into *out (the caller frees it), or the writer's error. */
static int json_text(scan_json *w, scan_buf *b, char **out)
{
	int rc = scan_json_finish(w);

	*out = rc ? NULL : scan_buf_detach(b);
	scan_buf_dispose(b);
	return rc ? rc : *out ? 0 : scan_error__oom();
}

/* JSON text of a string array; *out NULL for an empty one. */
static int string_array_json(const char *const *v, size_t n, char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_json w;

	*out = NULL;
	if (!n)
		return 0;
	scan_json_init(&w, &b, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < n; i++)
		scan_json_str(&w, NULL, v[i]);
	scan_json_close(&w, ']');
	return json_text(&w, &b, out);
}

static int severity_json(const scan_osv_record *rec, char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_json w;

	*out = NULL;
	if (!rec->nseverity)
		return 0;
	scan_json_init(&w, &b, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < rec->nseverity; i++) {
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "type", rec->severity[i].type ? rec->severity[i].type : "");
		scan_json_str(&w, "score", rec->severity[i].score ? rec->severity[i].score : "");
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	return json_text(&w, &b, out);
}

static const char *const event_keys[] = { "introduced", "fixed", "last_affected", "limit" };
static const char *const range_types[] = { "ECOSYSTEM", "SEMVER", "GIT" };

/* What matching needs of one affected[] entry, as compact JSON. */
static int ranges_json(const scan_osv_affected *a, char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_json w;

	scan_json_init(&w, &b, false);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "ranges", '[');
	for (size_t i = 0; i < a->nranges; i++) {
		const scan_osv_range *r = &a->ranges[i];
		if (r->type == SCAN_OSV_RANGE_GIT)
			continue;
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "type", range_types[r->type]);
		scan_json_open(&w, "events", '[');
		for (size_t k = 0; k < r->nevents; k++) {
			scan_json_open(&w, NULL, '{');
			scan_json_str(&w, event_keys[r->events[k].kind], r->events[k].version);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_open(&w, "versions", '[');
	for (size_t i = 0; i < a->nversions; i++)
		scan_json_str(&w, NULL, a->versions[i]);
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	return json_text(&w, &b, out);
}

static int add_id(scan_vulndb_writer *w, const char *id, int64_t adv)
{
	scan_db__reset(w->id);
	scan_db__bind_text(w->id, 1, id);
	scan_db__bind_int64(w->id, 2, adv);
	if (scan_db__step(w->id) != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(w->st), "cannot record an advisory id");
	return 0;
}

int scan_store__vulndb_put_osv(scan_vulndb_writer *w, const scan_osv_record *rec)
{
	char *sev = NULL, *cwes = NULL, *refs = NULL;
	scan_arena keys = SCAN_ARENA_INIT;
	int64_t adv;
	int rc = 0;

	/* The same advisory in a second export (a GHSA in npm and PyPI) is the newest import's. */
	scan_db__reset(w->del_adv);
	scan_db__bind_text(w->del_adv, 1, rec->id);
	if (scan_db__step(w->del_adv) != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(w->st), "cannot replace an advisory");
	if (rec->withdrawn)
		return 0;
	if ((rc = severity_json(rec, &sev)) < 0 || (rc = string_array_json(rec->cwes, rec->ncwes, &cwes)) < 0 ||
	    (rc = string_array_json(rec->references, rec->nreferences, &refs)) < 0)
		goto done;
	scan_db__reset(w->adv);
	scan_db__bind_text(w->adv, 1, rec->id);
	scan_db__bind_text(w->adv, 2, w->source);
	scan_db__bind_text(w->adv, 3, rec->modified);
	scan_db__bind_text(w->adv, 4, rec->published);
	scan_db__bind_text(w->adv, 5, rec->summary);
	scan_db__bind_text(w->adv, 6, rec->details);
	scan_db__bind_text(w->adv, 7, sev);
	scan_db__bind_text(w->adv, 8, rec->db_severity);
	scan_db__bind_text(w->adv, 9, cwes);
	scan_db__bind_text(w->adv, 10, refs);
	if (scan_db__step(w->adv) != SCAN_DB_ROW) {
		rc = scan_db__error(scan_store__conn(w->st), "cannot record an advisory");
		goto done;
	}
	adv = scan_db__column_int64(w->adv, 0);
	scan_db__reset(w->adv); /* the row read, the statement done: nothing stays open until commit */
	if ((rc = add_id(w, rec->id, adv)) < 0)
		goto done;
	for (size_t i = 0; i < rec->naliases; i++)
		if ((rc = add_id(w, rec->aliases[i], adv)) < 0)
			goto done;
	for (size_t i = 0; i < rec->naffected; i++) {
		const scan_osv_affected *a = &rec->affected[i];
		int eco = a->ecosystem ? scan_ecosystem_parse(a->ecosystem) : -1;
		const char *key;
		char *ranges;

		/* Ecosystems Rampart has no inventory for are not stored: nothing could match them. */
		if (eco < 0 || !a->name)
			continue;
		if ((rc = scan_model__name_key(&keys, (scan_ecosystem)eco, a->name, &key)) < 0)
			goto done;
		if ((rc = ranges_json(a, &ranges)) < 0)
			goto done;
		scan_db__reset(w->aff);
		scan_db__bind_int64(w->aff, 1, adv);
		scan_db__bind_text(w->aff, 2, scan_ecosystem_name((scan_ecosystem)eco));
		scan_db__bind_text(w->aff, 3, key);
		scan_db__bind_text(w->aff, 4, ranges);
		scan_db__bind_text(w->aff, 5, a->severity);
		free(ranges);
		if (scan_db__step(w->aff) != SCAN_DB_DONE) {
			rc = scan_db__error(scan_store__conn(w->st), "cannot record an affected package");
			goto done;
		}
	}
done:
	scan_arena__dispose(&keys);
	free(sev);
	free(cwes);
	free(refs);
	return rc;
}

int scan_store__vulndb_put_kev(scan_vulndb_writer *w, const scan_kev_entry *e)
{
	scan_db_stmt *s = w->kev;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, e->cve);
	scan_db__bind_text(s, 2, e->vendor);
	scan_db__bind_text(s, 3, e->product);
	scan_db__bind_text(s, 4, e->name);
	scan_db__bind_text(s, 5, e->date_added);
	scan_db__bind_text(s, 6, e->due_date);
	scan_db__bind_int64(s, 7, e->ransomware);
	if (scan_db__step(s) != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(w->st), "cannot record a KEV entry");
	return 0;
}

int scan_store__vulndb_put_epss(scan_vulndb_writer *w, const scan_epss_entry *e)
{
	scan_db_stmt *s = w->epss;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, e->cve);
	scan_db__bind_double(s, 2, e->epss);
	scan_db__bind_double(s, 3, e->percentile);
	if (scan_db__step(s) != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(w->st), "cannot record an EPSS score");
	return 0;
}

int scan_store__vulndb_write_end(scan_vulndb_writer *w, bool ok, int64_t records, const char *data_version,
                                 const char *sha256)
{
	scan_store *st = w->st;
	scan_db_stmt *s = NULL;
	int rc = 0;

	if (!ok) {
		scan_db__rollback(scan_store__conn(st));
		writer_free(w);
		return 0;
	}
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "UPDATE vuln_sources SET imported_at = ?2, records = ?3, data_version = ?4, sha256 = ?5"
	        " WHERE name = ?1")) != 0)
		goto fail;
	scan_db__bind_text(s, 1, w->source);
	scan_db__bind_time(s, 2, time(NULL));
	scan_db__bind_int64(s, 3, records);
	scan_db__bind_text(s, 4, data_version);
	scan_db__bind_text(s, 5, sha256);
	if (scan_db__step(s) != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot record the source");
		goto fail;
	}
	scan_db__finalize(s);
	writer_free(w);
	return scan_db__commit(scan_store__conn(st));
fail:
	scan_db__finalize(s);
	scan_db__rollback(scan_store__conn(st));
	writer_free(w);
	return rc;
}

/* --- reading -------------------------------------------------------------- */

/* The store's implementation of lib/sca/advisories.h: statements prepared once per scan. */
typedef struct {
	scan_vulndb_reader head;
	scan_store *st;
	scan_db_stmt *affected, *ids, *ratings, *kev, *epss;
} store_reader;

static void reader_free(scan_vulndb_reader *base)
{
	store_reader *r = (store_reader *)base;

	scan_db__finalize(r->affected);
	scan_db__finalize(r->ids);
	scan_db__finalize(r->ratings);
	scan_db__finalize(r->kev);
	scan_db__finalize(r->epss);
	free(r);
}

static int64_t advisory_count(scan_vulndb_reader *base)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = NULL;
	int64_t n = 0;

	if (scan_db__prepare(scan_store__conn(r->st), &s, "SELECT count(*) FROM vuln_advisories") == 0 && scan_db__step(s) == SCAN_DB_ROW)
		n = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	return n;
}

static const char *col(scan_db_stmt *s, int i)
{
	return scan_db__column_text(s, i);
}

static int each_affected(scan_vulndb_reader *base, const char *ecosystem, const char *key,
                               int (*cb)(const scan_vuln_row *row, void *payload), void *payload)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = r->affected;
	int step, rc = 0;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, ecosystem);
	scan_db__bind_text(s, 2, key);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_vuln_row row = {
			scan_db__column_int64(s, 0), col(s, 1), col(s, 2), col(s, 3), col(s, 4), col(s, 5),
			col(s, 6), col(s, 7), col(s, 8), col(s, 9), col(s, 10), col(s, 11),
		};
		if ((rc = cb(&row, payload)) < 0)
			break;
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(r->st), "cannot read the vulnerability database");
	scan_db__reset(s);
	return rc;
}

static int each_id(scan_vulndb_reader *base, int64_t advisory_id,
                         int (*cb)(const char *id, void *payload), void *payload)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = r->ids;
	int step, rc = 0;

	scan_db__reset(s);
	scan_db__bind_int64(s, 1, advisory_id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW)
		if ((rc = cb(col(s, 0), payload)) < 0)
			break;
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(r->st), "cannot read the vulnerability database");
	scan_db__reset(s);
	return rc;
}

static int each_rating(scan_vulndb_reader *base, const char *id,
                             int (*cb)(const char *osv_id, const char *severity_json, const char *db_severity,
                                       void *payload),
                             void *payload)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = r->ratings;
	int step, rc = 0;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, id);
	while ((step = scan_db__step(s)) == SCAN_DB_ROW)
		if ((rc = cb(col(s, 0), col(s, 1), col(s, 2), payload)) != 0)
			break;
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(r->st), "cannot read the vulnerability database");
	scan_db__reset(s);
	return rc;
}

static int kev(scan_vulndb_reader *base, const char *cve, bool *ransomware)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = r->kev;
	int step;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, cve);
	step = scan_db__step(s);
	*ransomware = step == SCAN_DB_ROW && scan_db__column_int(s, 0);
	scan_db__reset(s);
	if (step != SCAN_DB_ROW && step != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(r->st), "cannot read the KEV catalog");
	return step == SCAN_DB_ROW;
}

static int epss(scan_vulndb_reader *base, const char *cve, double *score, double *percentile)
{
	store_reader *r = (store_reader *)base;

	scan_db_stmt *s = r->epss;
	int step;

	scan_db__reset(s);
	scan_db__bind_text(s, 1, cve);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW) {
		*score = scan_db__column_double(s, 0);
		*percentile = scan_db__column_double(s, 1);
	}
	scan_db__reset(s);
	if (step != SCAN_DB_ROW && step != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(r->st), "cannot read EPSS scores");
	return step == SCAN_DB_ROW;
}

/* --- status --------------------------------------------------------------- */

SCAN_STORE_LIST(scan_vulndb_source, scan_vulndb_source)

int scan_vulndb_sources(scan_vulndb_source_list **out, scan_store *st)
{
	scan_vulndb_source_list *l;
	scan_db_stmt *s = NULL;
	int rc, step, oom = 0;

	*out = NULL;
	if (!(l = calloc(1, sizeof(*l))))
		return scan_error__oom();
	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "SELECT name, kind, location, imported_at, records, data_version, sha256 FROM vuln_sources"
	        " WHERE imported_at IS NOT NULL ORDER BY kind, name")) != 0)
		goto done;
	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_vulndb_source *v = scan_array_push(&l->items, &l->count, &l->cap, sizeof(*v));
		if (!v) {
			oom = 1;
			break;
		}
		v->name = scan_db__col_text(s, 0, &l->arena, &oom);
		v->kind = scan_db__col_text(s, 1, &l->arena, &oom);
		v->location = scan_db__col_text(s, 2, &l->arena, &oom);
		v->imported_at = scan_db__col_time(s, 3);
		v->records = scan_db__column_int64(s, 4);
		v->data_version = scan_db__col_text(s, 5, &l->arena, &oom);
		v->sha256 = scan_db__col_text(s, 6, &l->arena, &oom);
	}
	if (oom)
		rc = scan_error__oom();
	else if (step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the vulnerability sources");
done:
	scan_db__finalize(s);
	if (rc) {
		scan_vulndb_source_list_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

static const scan_vulndb_reader_ops store_reader_ops = {
	advisory_count, each_affected, each_id, each_rating, kev, epss, reader_free,
};

int scan_vulndb_reader_open(scan_vulndb_reader **out, scan_store *st)
{
	store_reader *r;
	int rc;

	*out = NULL;
	if (!(r = calloc(1, sizeof(*r))))
		return scan_error__oom();
	r->head.ops = &store_reader_ops;
	r->st = st;
	if ((rc = scan_db__prepare(scan_store__conn(st), &r->affected,
	        "SELECT a.id, a.osv_id, a.modified, a.published, a.summary, a.details, a.severity, a.db_severity,"
	        " a.cwes, a.refs, f.ranges, f.severity FROM vuln_affected f JOIN vuln_advisories a ON a.id = f.advisory_id"
	        " WHERE f.ecosystem = ?1 AND f.name = ?2 ORDER BY a.osv_id")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &r->ids, "SELECT vuln_id FROM vuln_ids WHERE advisory_id = ?1 ORDER BY vuln_id")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &r->ratings,
	        "SELECT a.osv_id, a.severity, a.db_severity FROM vuln_ids i JOIN vuln_advisories a ON a.id = i.advisory_id"
	        " WHERE i.vuln_id = ?1 AND (a.severity IS NOT NULL OR a.db_severity IS NOT NULL) ORDER BY a.osv_id")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &r->kev, "SELECT ransomware FROM vuln_kev WHERE cve = ?1")) ||
	    (rc = scan_db__prepare(scan_store__conn(st), &r->epss, "SELECT score, percentile FROM vuln_epss WHERE cve = ?1"))) {
		reader_free(&r->head);
		return rc;
	}
	*out = &r->head;
	return 0;
}

void scan_vulndb_reader_free(scan_vulndb_reader *r)
{
	if (r)
		r->ops->free(r);
}
