/* lib/store/dependencies.c - a scan's dependency inventory (spec 2.11 Dependency) */
#include <stdlib.h>
#include <string.h>
#include "scan/scan.h"
#include "store/record.h"
#include "store/store_int.h"
#include "util/error.h"

/* The vulnerabilities of one component: its purl and lockfile, as its findings carry them. */
typedef struct {
	const char *purl, *file;
} vuln_key;

static int key_cmp(const void *pa, const void *pb)
{
	const vuln_key *a = pa, *b = pb;
	int c = strcmp(a->purl, b->purl);

	return c ? c : strcmp(a->file, b->file);
}

static int64_t count_vulns(const vuln_key *keys, size_t n, const scan_component *c)
{
	vuln_key k = { c->purl, c->file };
	size_t lo = 0, hi = n;
	int64_t count = 0;

	/* First key not below k, then every equal one. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(&keys[mid], &k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo < n && !key_cmp(&keys[lo], &k)) {
		count++;
		lo++;
	}
	return count;
}

static int insert_components(scan_store *st, int64_t scan_id, const scan_component *comp, size_t n,
                             const char *const *license_types, const vuln_key *keys, size_t nkeys, int64_t *ids)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO scan_dependencies (scan_id, ecosystem, name, version, purl, license, license_type,"
	        " file_path, line, flags, is_direct, vulnerability_count)"
	        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id")) != 0)
		return rc;
	for (size_t i = 0; i < n && !rc; i++) {
		const scan_component *c = &comp[i];
		scan_db__reset(s);
		scan_db__bind_int64(s, 1, scan_id);
		scan_db__bind_text(s, 2, scan_ecosystem_name(c->ecosystem));
		scan_db__bind_text(s, 3, c->name);
		scan_db__bind_text(s, 4, c->version);
		scan_db__bind_text(s, 5, c->purl);
		scan_db__bind_text(s, 6, c->license);
		scan_db__bind_text(s, 7, license_types[i]);
		scan_db__bind_text(s, 8, c->file);
		scan_db__bind_int64(s, 9, c->line);
		scan_db__bind_int64(s, 10, c->flags);
		scan_db__bind_int64(s, 11, (c->flags & SCAN_DEP_DIRECT) != 0);
		scan_db__bind_int64(s, 12, count_vulns(keys, nkeys, c));
		if (scan_db__step(s) != SCAN_DB_ROW) {
			rc = scan_db__error(scan_store__conn(st), "cannot record a dependency");
		} else {
			ids[i] = scan_db__column_int64(s, 0);
			scan_db__reset(s); /* the row read, the statement done: nothing stays open until commit */
		}
	}
	scan_db__finalize(s);
	return rc;
}

static int insert_edges(scan_store *st, const scan_component *comp, size_t n, const int64_t *ids)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &s,
	        "INSERT INTO scan_dependency_edges (from_id, to_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING")) != 0)
		return rc;
	for (size_t i = 0; i < n && !rc; i++)
		for (size_t k = 0; k < comp[i].ndeps && !rc; k++) {
			if (comp[i].deps[k] >= n)
				continue;
			scan_db__reset(s);
			scan_db__bind_int64(s, 1, ids[i]);
			scan_db__bind_int64(s, 2, ids[comp[i].deps[k]]);
			if (scan_db__step(s) != SCAN_DB_DONE)
				rc = scan_db__error(scan_store__conn(st), "cannot record a dependency edge");
		}
	scan_db__finalize(s);
	return rc;
}

int scan_store__dependencies_record(scan_store *st, int64_t scan_id, const scan_result *r,
                                    const char *const *license_types)
{
	size_t n, nf = scan_finding_list_count(scan_result_findings(r)), nkeys = 0;
	const scan_component *comp = scan_result_components(r, &n);
	vuln_key *keys = NULL;
	int64_t *ids = NULL;
	int rc;

	if (!n)
		return 0;
	if (!(ids = calloc(n, sizeof(*ids))) || !(keys = calloc(nf + 1, sizeof(*keys)))) {
		free(ids);
		return scan_error__oom();
	}
	for (size_t i = 0; i < nf; i++) {
		const scan_finding *f = scan_finding_list_get(scan_result_findings(r), i);
		if (f->sca && f->sca->purl && f->file_path)
			keys[nkeys++] = (vuln_key){ f->sca->purl, f->file_path };
	}
	qsort(keys, nkeys, sizeof(*keys), key_cmp);
	if ((rc = insert_components(st, scan_id, comp, n, license_types, keys, nkeys, ids)) == 0)
		rc = insert_edges(st, comp, n, ids);
	free(keys);
	free(ids);
	return rc;
}
