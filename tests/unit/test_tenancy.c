/*
 * tests/unit/test_tenancy.c - two organizations in one store, with the same
 * repository (name and URL), scans, baselines, waivers, gate
 * configurations, triage, users, API keys and audit entries: every read of
 * one returns nothing of the other, and no write of one reaches the other.
 * On SQLite, and on PostgreSQL with RAMPART_TEST_DATABASE_URL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/scan.h"
#include "scan/ops.h"
#include "scan/store.h"

/* What one organization holds; the test builds two and compares them. */
typedef struct {
	int64_t org, user, repo, scan, issue, waiver, key, audit;
	char repo_name[256];
} tenant;

typedef struct {
	char *dir, *tree, *db;
	scan_store *st;
	tenant t[2];
} fixture;

static int64_t record_scan(scan_store *st, int64_t org, const char *tree)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;
	int64_t id = 0;

	o.target = tree;
	o.jobs = 1;
	assert_int_equal(scan_run(&r, &o), 0);
	assert_true(scan_finding_list_count(scan_result_findings(r)) > 0);
	assert_int_equal(scan_ops_record(&id, st, org, r), 0);
	scan_result_free(r);
	return id;
}

static void build_tenant(fixture *f, tenant *t, const char *name, const char *email, const char *gate_policy_key)
{
	scan_scan_list *sl = NULL;
	scan_finding_list *fl = NULL;
	scan_gate_config cfg;
	scan_waiver w;
	scan_api_key k;
	scan_audit_entry e;
	char hash[64], sql[256];

	assert_int_equal(scan_store_org_create(&t->org, f->st, name, SCAN_PLAN_TEAM), 0);
	assert_int_equal(scan_store_user_create(&t->user, f->st, t->org, email, SCAN_ROLE_ORG_OWNER, "$argon2id$x"), 0);
	t->scan = record_scan(f->st, t->org, f->tree);
	assert_int_equal(scan_store_scan_get(&sl, f->st, t->org, t->scan), 0);
	t->repo = scan_scan_list_get(sl, 0)->repo_id;
	snprintf(t->repo_name, sizeof(t->repo_name), "%s", scan_scan_list_get(sl, 0)->repo_name);
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_findings(&fl, f->st, t->org, t->scan, NULL), 0);
	t->issue = scan_finding_list_get(fl, 0)->id;
	scan_finding_list_free(fl);

	assert_int_equal(scan_store_gate_config(&cfg, f->st, t->org), 0);
	cfg.enabled = true;
	cfg.applies_to_new_code_only = !strcmp(gate_policy_key, "new");
	assert_int_equal(scan_store_gate_config_put(f->st, t->org, &cfg), 0);

	memset(&w, 0, sizeof(w));
	w.rule = "new_high_max";
	w.reason = name;
	w.repo_id = t->repo;
	w.expires_at = time(NULL) + 86400;
	w.created_by_user_id = t->user;
	assert_int_equal(scan_ops_waiver_add(&t->waiver, f->st, t->org, &w), 0);
	assert_int_equal(scan_ops_mark_fp(f->st, t->org, t->user, t->issue, true, name), 0);

	memset(&k, 0, sizeof(k));
	k.name = name;
	k.key_prefix = "rmp_";
	snprintf(hash, sizeof(hash), "hash-of-%s", name);
	assert_int_equal(scan_store_api_key_add(&t->key, f->st, t->org, &k, hash), 0);

	memset(&e, 0, sizeof(e));
	e.actor_email = email;
	e.action = "COMPLIANCE_FRAMEWORKS_UPDATED";
	e.metadata = "{\"enabled\":[\"soc2\"]}";
	assert_int_equal(scan_store_audit_add(&t->audit, f->st, t->org, &e), 0);

	/* A triage decision as the server will record it (no dependency finding is needed to store one). */
	snprintf(sql, sizeof(sql),
	         "INSERT INTO sca_triage (repo_id, vuln_id, ecosystem, package_name, purl, status, updated_at)"
	         " VALUES (%lld, 'GHSA-%s', 'npm', 'lodash', 'pkg:npm/lodash@4.17.20', 'accepted_risk',"
	         " '2026-11-01T00:00:00Z')", (long long)t->repo, name);
	th_db_exec(f->db, sql);
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	f->dir = th_tmpdir();
	th_write(f->dir, "app/run.py", "import subprocess\nfrom flask import request\n\ndef run():\n    subprocess.call(request.args[\"c\"], shell=True)\n");
	f->tree = th_join(f->dir, "app");
	f->db = th_pg_url() ? th_pg_fresh_db() : th_join(f->dir, "r.db");
	assert_int_equal(scan_store_open(&f->st, f->db), 0);
	build_tenant(f, &f->t[0], "acme", "alice@acme.test", "new");
	build_tenant(f, &f->t[1], "globex", "bob@globex.test", "all");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	scan_store_free(f->st);
	th_rmtree(f->dir);
	free(f->dir);
	free(f->tree);
	free(f->db);
	free(f);
	return 0;
}

static void test_same_repository_two_records(void **state)
{
	fixture *f = *state;

	/* Same name and URL, two repositories: each organization has its own. */
	assert_string_equal(f->t[0].repo_name, f->t[1].repo_name);
	assert_true(f->t[0].repo != f->t[1].repo);
	for (int i = 0; i < 2; i++) {
		int64_t found = 0;
		scan_repo_list *rl = NULL;
		assert_int_equal(scan_store_repo_find(&found, f->st, f->t[i].org, f->t[i].repo_name), 0);
		assert_int_equal(found, f->t[i].repo);
		assert_int_equal(scan_store_repos(&rl, f->st, f->t[i].org), 0);
		assert_int_equal(scan_repo_list_count(rl), 1);
		assert_int_equal(scan_repo_list_get(rl, 0)->id, f->t[i].repo);
		scan_repo_list_free(rl);
	}
}

/* Every read of `me` given an id of `other`: not found, or empty. */
static void reads_see_nothing_of(fixture *f, const tenant *me, const tenant *other)
{
	scan_store *st = f->st;
	scan_scan_list *sl = NULL;
	scan_finding_list *fl = NULL;
	scan_waiver_list *wl = NULL;
	scan_triage_list *tl = NULL;
	scan_user_list *ul = NULL;
	scan_api_key_list *kl = NULL;
	scan_audit_list *al = NULL;
	scan_gate_report *g = NULL;
	scan_skipped_file *sk = NULL;
	scan_quality_summary q;
	scan_buf branch = SCAN_BUF_INIT;
	char idtext[32], **files = NULL;
	char unset, *json = &unset;
	size_t n = 99;
	uint64_t counts[5];
	int64_t count = -1, found = 0;
	time_t *first;
	bool has = true;
	time_t revoked;

	assert_int_equal(scan_store_scan_get(&sl, st, me->org, other->scan), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_scans(&sl, st, me->org, 0, 0), 0);
	for (size_t i = 0; i < scan_scan_list_count(sl); i++)
		assert_true(scan_scan_list_get(sl, i)->id != other->scan && scan_scan_list_get(sl, i)->org_id == me->org);
	scan_scan_list_free(sl);
	assert_int_equal(scan_store_scans(&sl, st, me->org, other->repo, 0), 0);
	assert_int_equal(scan_scan_list_count(sl), 0);
	scan_scan_list_free(sl);

	assert_int_equal(scan_store_findings(&fl, st, me->org, other->scan, NULL), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_skipped(&sk, &n, st, me->org, other->scan), 0);
	assert_int_equal(n, 0);
	snprintf(idtext, sizeof(idtext), "%lld", (long long)other->repo);
	assert_int_equal(scan_store_repo_find(&found, st, me->org, idtext), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_baseline_count(&count, st, me->org, other->repo, &branch), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_gate_stored(&g, st, me->org, other->scan), SCAN_ENOTFOUND);
	assert_int_equal(scan_ops_gate_evaluate(&g, st, me->org, other->scan, 0), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_new_counts(counts, st, me->org, other->scan), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_quality_json(&json, st, me->org, other->scan), 0);
	assert_null(json);
	assert_int_equal(scan_store_quality(&q, &has, st, me->org, other->scan), 0);
	assert_false(has);
	assert_int_equal(scan_store_scan_files(&files, &n, st, me->org, other->scan), 0);
	assert_int_equal(n, 0);
	assert_int_equal(scan_store_findings(&fl, st, me->org, me->scan, NULL), 0);
	first = calloc(scan_finding_list_count(fl), sizeof(*first));
	for (size_t i = 0; i < scan_finding_list_count(fl); i++)
		first[i] = 7;
	assert_int_equal(scan_store_first_seen(first, st, me->org, other->scan, fl), 0);
	for (size_t i = 0; i < scan_finding_list_count(fl); i++)
		assert_int_equal(first[i], 0);
	free(first);
	scan_finding_list_free(fl);

	assert_int_equal(scan_store_waivers(&wl, st, me->org, 0, true, true), 0);
	assert_int_equal(scan_waiver_list_count(wl), 1);
	assert_int_equal(scan_waiver_list_get(wl, 0)->id, me->waiver);
	assert_int_equal(scan_waiver_list_get(wl, 0)->created_by_user_id, me->user);
	scan_waiver_list_free(wl);
	assert_int_equal(scan_store_waivers(&wl, st, me->org, other->repo, true, true), 0);
	for (size_t i = 0; i < scan_waiver_list_count(wl); i++)
		assert_true(scan_waiver_list_get(wl, i)->id != other->waiver);
	scan_waiver_list_free(wl);

	assert_int_equal(scan_store_triage_list(&tl, st, me->org, other->repo), 0);
	assert_int_equal(scan_triage_list_count(tl), 0);
	scan_triage_list_free(tl);
	assert_int_equal(scan_store_triage_list(&tl, st, me->org, me->repo), 0);
	assert_int_equal(scan_triage_list_count(tl), 1);
	scan_triage_list_free(tl);

	assert_int_equal(scan_store_users(&ul, st, me->org), 0);
	assert_int_equal(scan_user_list_count(ul), 1);
	assert_int_equal(scan_user_list_get(ul, 0)->id, me->user);
	assert_int_equal(scan_user_list_get(ul, 0)->role, SCAN_ROLE_ORG_OWNER);
	scan_user_list_free(ul);
	assert_int_equal(scan_store_user_get(&ul, st, me->org, other->user), SCAN_ENOTFOUND);

	assert_int_equal(scan_store_api_keys(&kl, st, me->org), 0);
	assert_int_equal(scan_api_key_list_count(kl), 1);
	assert_int_equal(scan_api_key_list_get(kl, 0)->id, me->key);
	assert_string_equal(scan_api_key_list_get(kl, 0)->permissions, "[\"read:scans\",\"read:repos\"]");
	scan_api_key_list_free(kl);

	assert_int_equal(scan_store_audit(&al, st, me->org, 0), 0);
	assert_int_equal(scan_audit_list_count(al), 1);
	assert_int_equal(scan_audit_list_get(al, 0)->id, me->audit);
	scan_audit_list_free(al);

	/* Writes addressed at the other's records touch nothing. */
	assert_int_equal(scan_ops_mark_fp(st, me->org, me->user, other->issue, false, NULL), SCAN_ENOTFOUND);
	assert_int_equal(scan_ops_triage_set(st, me->org, other->issue, "fixed", NULL, 0), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_waiver_revoke(&revoked, st, me->org, other->waiver), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_baseline_rebuild(&count, st, me->org, other->repo, &branch), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_api_key_set_active(st, me->org, other->key, false), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_api_key_revoke(st, me->org, other->key), SCAN_ENOTFOUND);
	{
		static const char lcov[] = "SF:run.py\nDA:1,1\nend_of_record\n";
		scan_coverage_import_result res;
		assert_int_equal(scan_ops_coverage_import(&res, st, me->org, other->scan, lcov, sizeof(lcov) - 1, NULL),
		                 SCAN_ENOTFOUND);
	}
	{
		scan_waiver w;
		int64_t id = 0;
		memset(&w, 0, sizeof(w));
		w.rule = "new_high_max";
		w.reason = "reaching over";
		w.repo_id = other->repo;
		w.expires_at = time(NULL) + 86400;
		assert_int_equal(scan_ops_waiver_add(&id, st, me->org, &w), SCAN_ENOTFOUND);
	}
	scan_buf_dispose(&branch);
}

static void test_reads_confined_to_the_organization(void **state)
{
	fixture *f = *state;

	reads_see_nothing_of(f, &f->t[0], &f->t[1]);
	reads_see_nothing_of(f, &f->t[1], &f->t[0]);
}

/* The other's records are as they were after every attempt above. */
static void test_writes_left_the_other_intact(void **state)
{
	fixture *f = *state;

	reads_see_nothing_of(f, &f->t[0], &f->t[1]);
	for (int i = 0; i < 2; i++) {
		const tenant *t = &f->t[i];
		scan_finding_list *fl = NULL;
		scan_api_key_list *kl = NULL;
		scan_waiver_list *wl = NULL;
		scan_gate_config cfg;
		scan_buf branch = SCAN_BUF_INIT;
		int64_t count = 0;
		bool marked = false;

		assert_int_equal(scan_store_findings(&fl, f->st, t->org, t->scan, NULL), 0);
		for (size_t k = 0; k < scan_finding_list_count(fl); k++)
			if (scan_finding_list_get(fl, k)->id == t->issue)
				marked = scan_finding_list_get(fl, k)->user_marked_fp;
		assert_true(marked);
		scan_finding_list_free(fl);
		assert_int_equal(scan_store_baseline_count(&count, f->st, t->org, t->repo, &branch), 0);
		assert_true(count > 0);
		scan_buf_dispose(&branch);
		assert_int_equal(scan_store_api_keys(&kl, f->st, t->org), 0);
		assert_true(scan_api_key_list_get(kl, 0)->is_active);
		assert_int_equal(scan_api_key_list_get(kl, 0)->revoked_at, 0);
		scan_api_key_list_free(kl);
		assert_int_equal(scan_store_waivers(&wl, f->st, t->org, 0, false, false), 0);
		assert_int_equal(scan_waiver_list_count(wl), 1);
		scan_waiver_list_free(wl);
		/* Each organization keeps its own gate configuration. */
		assert_int_equal(scan_store_gate_config(&cfg, f->st, t->org), 0);
		assert_true(cfg.configured);
		assert_int_equal(cfg.applies_to_new_code_only, i == 0);
	}
}

/* A baseline is the organization's: rebuilding one leaves the other's, for the same URL. */
static void test_baseline_per_organization(void **state)
{
	fixture *f = *state;
	scan_scan_list *sl = NULL;
	scan_buf branch = SCAN_BUF_INIT;
	int64_t cleared = 0;
	bool has;

	assert_int_equal(scan_store_scan_get(&sl, f->st, f->t[1].org, f->t[1].scan), 0);
	assert_int_equal(scan_store_baseline_rebuild(&cleared, f->st, f->t[1].org, f->t[1].repo, &branch), 0);
	assert_true(cleared > 0);
	assert_int_equal(scan_store_has_baseline(&has, f->st, f->t[1].org, scan_scan_list_get(sl, 0)->repo_url,
	                                         branch.ptr), 0);
	assert_false(has);
	assert_int_equal(scan_store_has_baseline(&has, f->st, f->t[0].org, scan_scan_list_get(sl, 0)->repo_url,
	                                         branch.ptr), 0);
	assert_true(has);
	scan_scan_list_free(sl);
	scan_buf_dispose(&branch);
}

static void test_accounts(void **state)
{
	fixture *f = *state;
	scan_org_list *ol = NULL;
	scan_user_list *ul = NULL;
	scan_api_key_list *kl = NULL;
	scan_role role;
	scan_plan plan;
	int64_t id = 0;

	assert_int_equal(scan_store_org_create(&id, f->st, "acme", SCAN_PLAN_FREE), SCAN_EEXIST);
	assert_int_equal(scan_store_org_create(&id, f->st, "", SCAN_PLAN_FREE), SCAN_EINVAL);
	assert_int_equal(scan_store_user_create(&id, f->st, f->t[1].org, "alice@acme.test", SCAN_ROLE_MEMBER, NULL),
	                 SCAN_EEXIST);
	assert_int_equal(scan_store_user_create(&id, f->st, 99999, "carol@nowhere.test", SCAN_ROLE_MEMBER, NULL),
	                 SCAN_ENOTFOUND);
	assert_int_equal(scan_store_user_create(&id, f->st, f->t[0].org, "not-an-email", SCAN_ROLE_MEMBER, NULL),
	                 SCAN_EINVAL);

	/* Sign-in finds the user, and so the organization, by email alone. */
	assert_int_equal(scan_store_user_by_email(&ul, f->st, "bob@globex.test"), 0);
	assert_int_equal(scan_user_list_get(ul, 0)->org_id, f->t[1].org);
	assert_string_equal(scan_user_list_get(ul, 0)->password_hash, "$argon2id$x");
	assert_true(scan_user_list_get(ul, 0)->is_active);
	scan_user_list_free(ul);
	assert_int_equal(scan_store_user_by_email(&ul, f->st, "nobody@x.test"), SCAN_ENOTFOUND);

	/* An API key names its organization; disabling, using and revoking it are recorded. */
	assert_int_equal(scan_store_api_key_by_hash(&kl, f->st, "hash-of-globex"), 0);
	assert_int_equal(scan_api_key_list_get(kl, 0)->org_id, f->t[1].org);
	scan_api_key_list_free(kl);
	assert_int_equal(scan_store_api_key_used(f->st, f->t[1].key, time(NULL)), 0);
	assert_int_equal(scan_store_api_key_set_active(f->st, f->t[1].org, f->t[1].key, false), 0);
	assert_int_equal(scan_store_api_key_revoke(f->st, f->t[1].org, f->t[1].key), 0);
	assert_int_equal(scan_store_api_key_by_hash(&kl, f->st, "hash-of-globex"), 0);
	assert_int_equal(scan_api_key_list_get(kl, 0)->use_count, 1);
	assert_true(scan_api_key_list_get(kl, 0)->last_used > 0);
	assert_false(scan_api_key_list_get(kl, 0)->is_active);
	assert_true(scan_api_key_list_get(kl, 0)->revoked_at > 0);
	scan_api_key_list_free(kl);
	assert_int_equal(scan_store_api_key_by_hash(&kl, f->st, "hash-of-nobody"), SCAN_ENOTFOUND);

	/* Plans and roles by name, as the CLI and the API spell them. */
	assert_int_equal(scan_store_org_set_plan(f->st, f->t[0].org, SCAN_PLAN_ENTERPRISE), 0);
	assert_int_equal(scan_store_org_get(&ol, f->st, f->t[0].org), 0);
	assert_int_equal(scan_org_list_get(ol, 0)->plan, SCAN_PLAN_ENTERPRISE);
	assert_string_equal(scan_org_list_get(ol, 0)->timezone, "UTC");
	scan_org_list_free(ol);
	assert_int_equal(scan_store_org_get(&ol, f->st, 99999), SCAN_ENOTFOUND);
	assert_int_equal(scan_store_orgs(&ol, f->st), 0);
	assert_int_equal(scan_org_list_count(ol), 3); /* the CLI's local organization and the two */
	scan_org_list_free(ol);
	assert_int_equal(scan_role_parse(&role, "MEMBER"), 0);
	assert_int_equal(role, SCAN_ROLE_MEMBER);
	assert_int_equal(scan_role_parse(&role, "ORG_MEMBER"), SCAN_EINVAL);
	assert_string_equal(scan_role_name(SCAN_ROLE_VIEWER), "VIEWER");
	assert_int_equal(scan_plan_parse(&plan, "team"), 0);
	assert_int_equal(plan, SCAN_PLAN_TEAM);
	assert_int_equal(scan_plan_parse(&plan, "gold"), SCAN_EINVAL);
}

int main(void)
{
	/* One fixture for all: the later tests read what the earlier ones left, in order. */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_repository_two_records),
		cmocka_unit_test(test_reads_confined_to_the_organization),
		cmocka_unit_test(test_writes_left_the_other_intact),
		cmocka_unit_test(test_baseline_per_organization),
		cmocka_unit_test(test_accounts),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
