/*
 * tests/unit/test_sca_match.c - an inventory against an imported database:
 * alias merging, fixed versions, CVSS computed from vectors, labels, KEV,
 * EPSS, priority, withdrawn and unorderable versions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "sca/match.h"
#include "scan/store.h"
#include "scan/vulndb.h"

/*
 * Two advisories of one vulnerability (the GHSA names the PYSEC as an
 * alias), each with its own fix; a label-only advisory; a withdrawn one;
 * and an npm advisory scored with CVSS 3.1.
 */
static const char pysec[] =
	"{\"id\":\"PYSEC-2099-1\",\"modified\":\"2099-01-01T00:00:00Z\",\"aliases\":[\"CVE-2099-0001\"],"
	"\"summary\":\"template injection\","
	"\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"Jinja2\"},"
	"\"ranges\":[{\"type\":\"ECOSYSTEM\",\"events\":[{\"introduced\":\"0\"},{\"fixed\":\"2.11.3\"}]}]}]}";
static const char ghsa[] =
	"{\"id\":\"GHSA-aaaa-bbbb-cccc\",\"modified\":\"2099-01-02T00:00:00Z\","
	"\"aliases\":[\"CVE-2099-0001\",\"PYSEC-2099-1\"],"
	"\"severity\":[{\"type\":\"CVSS_V3\",\"score\":\"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H\"}],"
	"\"database_specific\":{\"severity\":\"MODERATE\",\"cwe_ids\":[\"CWE-94\"]},"
	"\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"jinja2\"},"
	"\"ranges\":[{\"type\":\"ECOSYSTEM\",\"events\":[{\"introduced\":\"2.0\"},{\"fixed\":\"2.10.1\"},"
	"{\"introduced\":\"2.11.0\"},{\"fixed\":\"2.11.3\"}]}]}]}";
static const char label_only[] =
	"{\"id\":\"GHSA-dddd-eeee-ffff\",\"modified\":\"2099-01-03T00:00:00Z\","
	"\"database_specific\":{\"severity\":\"MODERATE\"},"
	"\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"JiNjA2\"},"
	"\"versions\":[\"2.10\",\"2.10.0.post1\"]}]}";
static const char withdrawn[] =
	"{\"id\":\"GHSA-wwww-wwww-wwww\",\"modified\":\"2099-01-04T00:00:00Z\",\"withdrawn\":\"2099-01-05T00:00:00Z\","
	"\"affected\":[{\"package\":{\"ecosystem\":\"PyPI\",\"name\":\"jinja2\"},"
	"\"ranges\":[{\"type\":\"ECOSYSTEM\",\"events\":[{\"introduced\":\"0\"}]}]}]}";
static const char npm[] =
	"{\"id\":\"GHSA-nnnn-nnnn-nnnn\",\"modified\":\"2099-01-06T00:00:00Z\",\"aliases\":[\"CVE-2099-0002\"],"
	"\"severity\":[{\"type\":\"CVSS_V3\",\"score\":\"CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N\"}],"
	"\"affected\":[{\"package\":{\"ecosystem\":\"npm\",\"name\":\"Left-Pad\"},"
	"\"ranges\":[{\"type\":\"SEMVER\",\"events\":[{\"introduced\":\"0\"},{\"last_affected\":\"1.3.0\"}]}]}]}";
static const char kev[] =
	"{\"title\":\"t\",\"catalogVersion\":\"2099.01.01\",\"dateReleased\":\"2099-01-01T00:00:00.000Z\",\"count\":1,"
	"\"vulnerabilities\":[{\"cveID\":\"CVE-2099-0001\",\"vendorProject\":\"Pallets\",\"product\":\"Jinja\","
	"\"vulnerabilityName\":\"x\",\"dateAdded\":\"2099-01-01\",\"shortDescription\":\"x\",\"requiredAction\":\"x\","
	"\"dueDate\":\"2099-01-21\",\"knownRansomwareCampaignUse\":\"Unknown\",\"notes\":\"\"}]}";
static const char epss[] =
	"#model_version:v2025.03.14,score_date:2099-01-01T00:00:00+0000\n"
	"cve,epss,percentile\n"
	"CVE-2099-0001,0.50000,0.98000\n"
	"CVE-2099-0002,0.01000,0.40000\n";

typedef struct {
	char *dir;
	scan_store *st;
	scan_vulndb_reader *r;
	scan_sca_inventory inv;
	scan_sca_matches m;
} fixture;

static void setup_db(fixture *f)
{
	scan_vulndb_import_report rep;
	char *db, *p;

	f->dir = th_tmpdir();
	th_write(f->dir, "osv/PYSEC-2099-1.json", pysec);
	th_write(f->dir, "osv/GHSA-aaaa-bbbb-cccc.json", ghsa);
	th_write(f->dir, "osv/GHSA-dddd-eeee-ffff.json", label_only);
	th_write(f->dir, "osv/GHSA-wwww-wwww-wwww.json", withdrawn);
	th_write(f->dir, "osv/GHSA-nnnn-nnnn-nnnn.json", npm);
	th_write(f->dir, "kev.json", kev);
	th_write(f->dir, "epss.csv", epss);
	db = th_join(f->dir, "rampart.db");
	assert_int_equal(scan_store_open(&f->st, db), 0);
	free(db);
	p = th_join(f->dir, "osv");
	assert_int_equal(scan_vulndb_import(f->st, p, NULL, &rep), 0);
	assert_int_equal(rep.advisories, 4);
	assert_int_equal(rep.withdrawn, 1);
	free(p);
	p = th_join(f->dir, "kev.json");
	assert_int_equal(scan_vulndb_import(f->st, p, NULL, &rep), 0);
	assert_int_equal(rep.kev, 1);
	free(p);
	p = th_join(f->dir, "epss.csv");
	assert_int_equal(scan_vulndb_import(f->st, p, NULL, &rep), 0);
	assert_int_equal(rep.epss, 2);
	free(p);
	assert_int_equal(scan_vulndb_reader_open(&f->r, f->st), 0);
}

static void add(scan_sca_doc *d, scan_ecosystem eco, const char *name, const char *version, unsigned flags)
{
	assert_true(scan_lockfile__add(d, eco, name, strlen(name), version, strlen(version), flags, 7) >= 0);
}

static void teardown_db(fixture *f)
{
	scan_sca__matches_dispose(&f->m);
	scan_inventory__dispose(&f->inv);
	scan_vulndb_reader_free(f->r);
	scan_store_free(f->st);
	th_rmtree(f->dir);
	free(f->dir);
}

static const scan_sca_vuln *vuln_of(const fixture *f, const char *name, const char *id)
{
	for (size_t i = 0; i < f->m.count; i++)
		if (!strcmp(f->inv.items[f->m.items[i].component].name, name) && !strcmp(f->m.items[i].vuln_id, id))
			return &f->m.items[i];
	return NULL;
}

static size_t count_of(const fixture *f, const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < f->m.count; i++)
		n += !strcmp(f->inv.items[f->m.items[i].component].name, name);
	return n;
}

static void test_match(void **state)
{
	fixture f;
	scan_sca_doc d;
	const scan_sca_vuln *v;

	(void)state;
	memset(&f, 0, sizeof(f));
	setup_db(&f);
	scan_inventory__init(&f.inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &f.inv, "requirements.txt", -1), 0);
	add(&d, SCAN_ECO_PYPI, "Jinja2", "2.10", SCAN_DEP_DIRECT);       /* both advisories + the label-only one */
	add(&d, SCAN_ECO_PYPI, "jinja2", "2.10.1", SCAN_DEP_TRANSITIVE); /* only the PYSEC range */
	add(&d, SCAN_ECO_PYPI, "jinja2", "2.11.3", 0);                   /* fixed everywhere */
	add(&d, SCAN_ECO_PYPI, "jinja2", "not a version!", 0);           /* reported, never guessed */
	assert_int_equal(scan_lockfile__doc_end(&d), 0);
	assert_int_equal(scan_lockfile__doc_begin(&d, &f.inv, "package-lock.json", -1), 0);
	add(&d, SCAN_ECO_NPM, "left-pad", "1.3.0", SCAN_DEP_DIRECT);     /* last_affected is inclusive */
	add(&d, SCAN_ECO_NPM, "left-pad", "1.3.1", SCAN_DEP_DIRECT);
	assert_int_equal(scan_lockfile__doc_end(&d), 0);

	assert_int_equal(scan_sca__match(&f.m, &f.inv, f.r), 0);

	/* One finding for the PYSEC and the GHSA that alias each other. */
	assert_int_equal(count_of(&f, "Jinja2"), 2);
	assert_non_null(v = vuln_of(&f, "Jinja2", "GHSA-aaaa-bbbb-cccc"));
	assert_string_equal(v->cve_id, "CVE-2099-0001");
	assert_string_equal(v->aliases, "PYSEC-2099-1");
	assert_string_equal(v->fixed_version, "2.10.1");     /* the smallest fix above 2.10 */
	assert_true(v->cvss_score > 9.99 && v->cvss_score < 10.01); /* computed; the label says moderate */
	assert_int_equal(v->severity, SCAN_SEV_CRITICAL);
	assert_string_equal(v->cwe_id, "CWE-94");
	assert_true(v->kev);
	assert_true(v->epss > 0.49 && v->epss < 0.51);
	assert_string_equal(v->priority_label, "urgent");
	assert_true(v->priority > 95.0 && v->priority <= 100.0); /* 0.5*1 + 0.3*1 + 0.1 + 0.1 */

	/* The advisory with only a label and an explicit versions list, its name in another case. */
	assert_non_null(v = vuln_of(&f, "Jinja2", "GHSA-dddd-eeee-ffff"));
	assert_int_equal(v->severity, SCAN_SEV_MEDIUM);
	assert_true(v->severity_known);
	assert_true(v->cvss_score < 0);
	assert_null(v->fixed_version);
	assert_null(v->cve_id);
	assert_false(v->kev);
	/* 100 x (0.5 x 0.5 for a medium label + 0 exploitation + 0 fix + 0.1 direct) */
	assert_true(v->priority > 34.9 && v->priority < 35.1);
	assert_string_equal(v->priority_label, "medium");

	/* 2.10.1 is fixed for the GHSA's first range, not for the PYSEC's. */
	assert_int_equal(count_of(&f, "jinja2"), 1);
	for (size_t i = 0; i < f.m.count; i++) {
		const scan_component *c = &f.inv.items[f.m.items[i].component];
		if (!strcmp(c->name, "jinja2")) {
			assert_string_equal(c->version, "2.10.1");
			assert_string_equal(f.m.items[i].fixed_version, "2.11.3");
		}
	}
	assert_int_equal(f.m.unorderable, 1);
	assert_int_equal(f.inv.nproblems, 1);
	assert_non_null(strstr(f.inv.problems[0].message, "not a version!"));

	/* npm: case-insensitive name, last_affected inclusive, CVSS 3.1 low band. */
	assert_int_equal(count_of(&f, "left-pad"), 1);
	assert_non_null(v = vuln_of(&f, "left-pad", "GHSA-nnnn-nnnn-nnnn"));
	assert_string_equal(f.inv.items[v->component].version, "1.3.0");
	assert_true(v->cvss_score > 3.09 && v->cvss_score < 3.11);
	assert_int_equal(v->severity, SCAN_SEV_LOW);
	assert_null(v->fixed_version);
	teardown_db(&f);
}

/* Re-importing a source replaces it whole; a failed import changes nothing. */
static void test_reimport_atomic(void **state)
{
	fixture f;
	scan_vulndb_import_report rep;
	scan_vulndb_source_list *l = NULL;
	char *p;

	(void)state;
	memset(&f, 0, sizeof(f));
	setup_db(&f);
	th_write(f.dir, "bad/GHSA-x.json", "{\"id\":\"GHSA-x\",\"affected\":[{\"package\":{\"ecosystem\":\"npm\"");
	p = th_join(f.dir, "bad");
	/* malformed records are counted, not stored; with no valid one the import fails */
	assert_int_equal(scan_vulndb_import(f.st, p, NULL, &rep), SCAN_EPARSE);
	assert_int_equal(rep.invalid, 1);
	assert_int_equal(rep.advisories, 0);
	free(p);
	th_write(f.dir, "trunc/all.zip", "PK\x03\x04truncated");
	p = th_join(f.dir, "trunc/all.zip");
	assert_int_not_equal(scan_vulndb_import(f.st, p, NULL, &rep), 0);
	free(p);
	assert_int_equal(scan_vulndb_sources(&l, f.st), 0);
	for (size_t i = 0; i < scan_vulndb_source_list_count(l); i++) {
		const scan_vulndb_source *s = scan_vulndb_source_list_get(l, i);
		assert_string_not_equal(s->name, "osv:trunc");
		assert_string_not_equal(s->name, "osv:bad");
		if (!strcmp(s->name, "osv:osv"))
			assert_int_equal(s->records, 4);
	}
	scan_vulndb_source_list_free(l);
	assert_int_equal(f.r->ops->advisory_count(f.r), 4);
	teardown_db(&f);
}

/* The records osv:NAME holds per `db status`; -1 when there is no such source. */
static int64_t source_records(scan_store *st, const char *name)
{
	scan_vulndb_source_list *l = NULL;
	int64_t n = -1;

	assert_int_equal(scan_vulndb_sources(&l, st), 0);
	for (size_t i = 0; i < scan_vulndb_source_list_count(l); i++)
		if (!strcmp(scan_vulndb_source_list_get(l, i)->name, name))
			n = scan_vulndb_source_list_get(l, i)->records;
	scan_vulndb_source_list_free(l);
	return n;
}

/* dir/NAME/GHSA-*.json: n valid records (first..first+n-1) and bad malformed ones. */
static void write_records(const char *dir, const char *name, int first, int n, int bad)
{
	char rel[256], rec[512];

	for (int i = first; i < first + n; i++) {
		snprintf(rel, sizeof(rel), "%s/GHSA-%04d-aaaa-bbbb.json", name, i);
		snprintf(rec, sizeof(rec), "{\"id\":\"GHSA-%04d-aaaa-bbbb\",\"modified\":\"2024-01-01T00:00:00Z\","
		         "\"affected\":[{\"package\":{\"ecosystem\":\"npm\",\"name\":\"p%d\"},"
		         "\"ranges\":[{\"type\":\"SEMVER\",\"events\":[{\"introduced\":\"0\"},{\"fixed\":\"1.0.0\"}]}]}]}",
		         i, i);
		th_write(dir, rel, rec);
	}
	for (int i = 0; i < bad; i++) {
		snprintf(rel, sizeof(rel), "%s/GHSA-bad%d.json", name, i);
		th_write(dir, rel, "{\"id\":\"GHSA-bad\",\"affected\":[{\"package\":{}}]}");
	}
}

/*
 * An import with no valid record fails and keeps the source; one that
 * would leave it with fewer than half its records fails too, unless
 * allow_shrink; a smaller source than the floor may shrink freely.
 */
static void test_import_no_hollowing(void **state)
{
	scan_vulndb_import_options opts = SCAN_VULNDB_IMPORT_OPTIONS_INIT;
	scan_vulndb_import_report rep;
	scan_store *st = NULL;
	char *dir = th_tmpdir(), *db = th_join(dir, "rampart.db"), *a = th_join(dir, "a/feed"),
	     *b = th_join(dir, "b/feed"), *c = th_join(dir, "c/feed"), *small = th_join(dir, "small");

	(void)state;
	assert_int_equal(scan_store_open(&st, db), 0);
	write_records(dir, "a/feed", 0, SCAN_VULNDB_SHRINK_FLOOR + 20, 0);
	assert_int_equal(scan_vulndb_import(st, a, NULL, &rep), 0);
	assert_int_equal(source_records(st, "osv:feed"), SCAN_VULNDB_SHRINK_FLOOR + 20);

	/* every record malformed: refused, the source as it was */
	write_records(dir, "b/feed", 0, 0, 3);
	assert_int_equal(scan_vulndb_import(st, b, NULL, &rep), SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "no valid record"));
	assert_int_equal(rep.invalid, 3);
	assert_int_equal(source_records(st, "osv:feed"), SCAN_VULNDB_SHRINK_FLOOR + 20);

	/* a tenth of it: refused without allow_shrink, taken with it */
	write_records(dir, "c/feed", 0, 12, 0);
	assert_int_equal(scan_vulndb_import(st, c, NULL, &rep), SCAN_ELIMIT);
	assert_non_null(strstr(scan_error_last()->message, "would shrink osv:feed from 120 to 12 records"));
	assert_int_equal(source_records(st, "osv:feed"), SCAN_VULNDB_SHRINK_FLOOR + 20);
	opts.allow_shrink = true;
	assert_int_equal(scan_vulndb_import(st, c, &opts, &rep), 0);
	assert_int_equal(source_records(st, "osv:feed"), 12);

	/* over half of what it held is an ordinary update */
	assert_int_equal(scan_vulndb_import(st, a, NULL, &rep), 0);
	th_rmtree(a);
	write_records(dir, "a/feed", 0, 61, 0);
	assert_int_equal(scan_vulndb_import(st, a, NULL, &rep), 0);
	assert_int_equal(source_records(st, "osv:feed"), 61);

	/* below the floor a source may shrink, but never to nothing */
	write_records(dir, "small", 0, 5, 0);
	assert_int_equal(scan_vulndb_import(st, small, NULL, &rep), 0);
	th_rmtree(small);
	write_records(dir, "small", 0, 1, 1);
	assert_int_equal(scan_vulndb_import(st, small, NULL, &rep), 0);
	assert_int_equal(source_records(st, "osv:small"), 1);
	th_rmtree(small);
	write_records(dir, "small", 0, 0, 1);
	assert_int_equal(scan_vulndb_import(st, small, &opts, &rep), SCAN_EPARSE);
	assert_int_equal(source_records(st, "osv:small"), 1);

	scan_store_free(st);
	th_rmtree(dir);
	free(dir);
	free(db);
	free(a);
	free(b);
	free(c);
	free(small);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_reimport_atomic),
		cmocka_unit_test(test_import_no_hollowing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
