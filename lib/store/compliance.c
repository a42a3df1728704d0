/* lib/store/compliance.c - an organization's compliance selection and frameworks; a scan's compliance facts */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "scan/compliance_store.h"
#include "scan/json.h"
#include "store/store_int.h"
#include "util/error.h"
#include "util/number.h"

/* ---- the selection ---- */

typedef struct {
	const char *key;
	const char **ids;
	size_t count, cap;
} disabled_list;

typedef struct {
	scan_arena arena;
	const char **enabled;
	size_t nenabled, cap;
	disabled_list *lists;
	scan_compliance_disabled *disabled;    /* a view of lists, built when they are read */
	size_t ndisabled, dcap;
} config_storage;

void scan_compliance_config_dispose(scan_compliance_config *c)
{
	config_storage *s = c->storage;

	if (s) {
		scan_arena__dispose(&s->arena);
		free(s->enabled);
		for (size_t i = 0; i < s->ndisabled; i++)
			free(s->lists[i].ids);
		free(s->lists);
		free(s->disabled);
		free(s);
	}
	scan_framework_set_free(c->custom);
	memset(c, 0, sizeof(*c));
}

const scan_compliance_disabled *scan_compliance_config_disabled(const scan_compliance_config *c, const char *key)
{
	for (size_t i = 0; i < c->ndisabled; i++)
		if (!strcmp(c->disabled[i].key, key))
			return &c->disabled[i];
	return NULL;
}

static int read_enabled(scan_compliance_config *c, config_storage *s, scan_store *st, int64_t org)
{
	scan_db_stmt *q = NULL;
	int rc, step;

	c->all_enabled = true;
	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT enabled_keys FROM compliance_settings WHERE org_id = ?1")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, org);
	if ((step = scan_db__step(q)) == SCAN_DB_ROW && !scan_db__column_is_null(q, 0)) {
		cJSON *doc = cJSON_Parse(scan_db__column_text(q, 0)), *k;
		c->all_enabled = false;
		cJSON_ArrayForEach(k, doc) {
			if (!cJSON_IsString(k))
				continue;
			if (scan_array_reserve(&s->enabled, &s->cap, s->nenabled + 1, sizeof(*s->enabled)) ||
			    !(s->enabled[s->nenabled++] = scan_arena__strdup(&s->arena, k->valuestring))) {
				rc = scan_error__oom();
				break;
			}
		}
		cJSON_Delete(doc);
	} else if (step != SCAN_DB_ROW && step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the compliance selection");
	}
	scan_db__finalize(q);
	c->enabled = s->enabled;
	c->nenabled = s->nenabled;
	return rc;
}

static int read_disabled(scan_compliance_config *c, config_storage *s, scan_store *st, int64_t org)
{
	scan_db_stmt *q = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT framework_key, control_id FROM compliance_disabled_controls WHERE org_id = ?1"
	        " ORDER BY framework_key, control_id")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, org);
	while (!rc && (step = scan_db__step(q)) == SCAN_DB_ROW) {
		const char *key = scan_db__column_text(q, 0), *id = scan_db__column_text(q, 1);
		disabled_list *d = s->ndisabled ? &s->lists[s->ndisabled - 1] : NULL;
		if (!d || strcmp(d->key, key)) {
			if (!(d = scan_array_push(&s->lists, &s->ndisabled, &s->dcap, sizeof(*d))) ||
			    !(d->key = scan_arena__strdup(&s->arena, key))) {
				rc = scan_error__oom();
				break;
			}
		}
		if (scan_array_reserve(&d->ids, &d->cap, d->count + 1, sizeof(*d->ids))) {
			rc = SCAN_ENOMEM;
			break;
		}
		if (!(d->ids[d->count++] = scan_arena__strdup(&s->arena, id)))
			rc = scan_error__oom();
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the disabled controls");
	scan_db__finalize(q);
	if (!rc && s->ndisabled && !(s->disabled = calloc(s->ndisabled, sizeof(*s->disabled))))
		rc = scan_error__oom();
	for (size_t i = 0; !rc && i < s->ndisabled; i++) {
		s->disabled[i].key = s->lists[i].key;
		s->disabled[i].ids = s->lists[i].ids;
		s->disabled[i].count = s->lists[i].count;
	}
	c->disabled = s->disabled;
	c->ndisabled = rc ? 0 : s->ndisabled;
	return rc;
}

static int read_custom(scan_compliance_config *c, scan_store *st, int64_t org)
{
	scan_db_stmt *q = NULL;
	int rc, step;

	if (!(c->custom = scan_framework_set_new()))
		return SCAN_ENOMEM;
	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT id, framework_key, document, created_at FROM compliance_custom_frameworks WHERE org_id = ?1"
	        " ORDER BY framework_key")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, org);
	while (!rc && (step = scan_db__step(q)) == SCAN_DB_ROW) {
		const char *doc = scan_db__column_text(q, 2);
		size_t n = scan_framework_set_count(c->custom);
		/* Checked when it was added; a document a later Rampart refuses is named, not skipped. */
		if ((rc = scan_compliance_framework_parse(&c->custom, doc, strlen(doc), scan_db__column_text(q, 1),
		                                                SCAN_FRAMEWORK_CUSTOM)) != 0)
			break;
		scan_framework_set_stamp(c->custom, n, scan_db__column_int64(q, 0), scan_db__col_time(q, 3));
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the custom frameworks");
	scan_db__finalize(q);
	return rc;
}

int scan_store_compliance_config(scan_compliance_config *out, scan_store *st, int64_t org)
{
	config_storage *s;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!(s = calloc(1, sizeof(*s))))
		return scan_error__oom();
	out->storage = s;
	if ((rc = read_enabled(out, s, st, org)) != 0 || (rc = read_disabled(out, s, st, org)) != 0 ||
	    (rc = read_custom(out, st, org)) != 0)
		scan_compliance_config_dispose(out);
	return rc;
}

/* ---- changes, each with its audit entry ---- */

static int run(scan_store *st, const char *sql, int64_t org, const char *a, const char *b, const char *what)
{
	scan_db_stmt *q = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q, sql)) != 0)
		return rc;
	scan_db__bind_int64(q, 1, org);
	if (a)
		scan_db__bind_text(q, 2, a);
	if (b)
		scan_db__bind_text(q, 3, b);
	if (scan_db__step(q) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), what);
	scan_db__finalize(q);
	return rc;
}

/* enabled_keys: NULL for every framework, else the JSON array of keys. */
static int put_enabled(scan_store *st, int64_t org, const char *json)
{
	scan_db_stmt *q = NULL;
	int rc;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "INSERT INTO compliance_settings (org_id, enabled_keys, updated_at) VALUES (?1, ?2, ?3)"
	        " ON CONFLICT (org_id) DO UPDATE SET enabled_keys = excluded.enabled_keys,"
	        " updated_at = excluded.updated_at")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, org);
	scan_db__bind_text(q, 2, json);
	scan_db__bind_time(q, 3, time(NULL));
	if (scan_db__step(q) != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot save the compliance selection");
	scan_db__finalize(q);
	return rc;
}

static int keys_json(scan_buf *b, const char *const *keys, size_t n, const char *drop, const char *add)
{
	scan_json w;
	bool has_add = false;

	scan_json_init(&w, b, false);
	scan_json_open(&w, NULL, '[');
	for (size_t i = 0; i < n; i++) {
		if (drop && !strcmp(keys[i], drop))
			continue;
		has_add |= add && !strcmp(keys[i], add);
		scan_json_str(&w, NULL, keys[i]);
	}
	if (add && !has_add)
		scan_json_str(&w, NULL, add);
	scan_json_close(&w, ']');
	return scan_json_finish(&w);
}

typedef struct {
	int64_t org;
	const scan_audit_entry *audit;
	bool all;
	const char *const *keys, *const *ids;
	size_t n;
	const char *key, *name, *document;
	int64_t id;
} change;

static int audit(scan_store *st, const change *c)
{
	int64_t id;

	return scan_store_audit_add(&id, st, c->org, c->audit);
}

static int enabled_body(scan_store *st, void *ctx)
{
	change *c = ctx;
	scan_buf b = SCAN_BUF_INIT;
	int rc;

	if (!c->all && (rc = keys_json(&b, c->keys, c->n, NULL, NULL)) != 0)
		return rc;
	rc = put_enabled(st, c->org, c->all ? NULL : b.ptr);
	scan_buf_dispose(&b);
	return rc ? rc : audit(st, c);
}

int scan_store_compliance_enabled_put(scan_store *st, int64_t org, bool all, const char *const *keys, size_t n,
                                      const scan_audit_entry *a)
{
	change c = { .org = org, .audit = a, .all = all, .keys = keys, .n = n };

	return scan_store_transact(st, enabled_body, &c);
}

static int disabled_body(scan_store *st, void *ctx)
{
	change *c = ctx;
	int rc;

	if ((rc = run(st, "DELETE FROM compliance_disabled_controls WHERE org_id = ?1 AND framework_key = ?2", c->org,
	              c->key, NULL, "cannot save the disabled controls")) != 0)
		return rc;
	for (size_t i = 0; i < c->n && !rc; i++)
		rc = run(st, "INSERT INTO compliance_disabled_controls (org_id, framework_key, control_id) VALUES (?1, ?2, ?3)"
		         " ON CONFLICT DO NOTHING", c->org, c->key, c->ids[i], "cannot save the disabled controls");
	return rc ? rc : audit(st, c);
}

int scan_store_compliance_disabled_put(scan_store *st, int64_t org, const char *key, const char *const *ids, size_t n,
                                       const scan_audit_entry *a)
{
	change c = { .org = org, .audit = a, .key = key, .ids = ids, .n = n };

	return scan_store_transact(st, disabled_body, &c);
}

/* The explicit selection with key added or dropped; nothing when every framework is on. */
static int selection_edit(scan_store *st, int64_t org, const char *drop, const char *add)
{
	scan_compliance_config cfg;
	scan_buf b = SCAN_BUF_INIT;
	config_storage s;
	int rc;

	memset(&cfg, 0, sizeof(cfg));
	memset(&s, 0, sizeof(s));
	if ((rc = read_enabled(&cfg, &s, st, org)) == 0 && !cfg.all_enabled &&
	    (rc = keys_json(&b, cfg.enabled, cfg.nenabled, drop, add)) == 0)
		rc = put_enabled(st, org, b.ptr);
	scan_buf_dispose(&b);
	scan_arena__dispose(&s.arena);
	free(s.enabled);
	return rc;
}

static int custom_add_body(scan_store *st, void *ctx)
{
	change *c = ctx;
	scan_db_stmt *q = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "INSERT INTO compliance_custom_frameworks (org_id, framework_key, name, document, created_at)"
	        " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (org_id, framework_key) DO NOTHING RETURNING id")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, c->org);
	scan_db__bind_text(q, 2, c->key);
	scan_db__bind_text(q, 3, c->name);
	scan_db__bind_text(q, 4, c->document);
	scan_db__bind_time(q, 5, time(NULL));
	if ((step = scan_db__step(q)) == SCAN_DB_ROW)
		c->id = scan_db__column_int64(q, 0);
	else if (step == SCAN_DB_DONE)
		rc = scan_util__error(SCAN_EEXIST, "the organization has a framework with the key '%s'", c->key);
	else
		rc = scan_db__error(scan_store__conn(st), "cannot save the custom framework");
	scan_db__reset(q);
	scan_db__finalize(q);
	if (!rc)
		rc = selection_edit(st, c->org, NULL, c->key);
	return rc ? rc : audit(st, c);
}

int scan_store_compliance_custom_add(int64_t *id, scan_store *st, int64_t org, const char *key, const char *name,
                                     const char *document, const scan_audit_entry *a)
{
	change c = { .org = org, .audit = a, .key = key, .name = name, .document = document };
	int rc = scan_store_transact(st, custom_add_body, &c);

	*id = rc ? 0 : c.id;
	return rc;
}

static int custom_remove_body(scan_store *st, void *ctx)
{
	change *c = ctx;
	int rc;

	if ((rc = run(st, "DELETE FROM compliance_custom_frameworks WHERE org_id = ?1 AND framework_key = ?2", c->org,
	              c->key, NULL, "cannot remove the custom framework")) != 0)
		return rc;
	if (scan_db__changes(scan_store__conn(st)) == 0)
		return scan_util__error(SCAN_ENOTFOUND, "the organization has no framework with the key '%s'", c->key);
	if ((rc = run(st, "DELETE FROM compliance_disabled_controls WHERE org_id = ?1 AND framework_key = ?2", c->org,
	              c->key, NULL, "cannot remove the custom framework")) != 0 ||
	    (rc = selection_edit(st, c->org, c->key, NULL)) != 0)
		return rc;
	return audit(st, c);
}

int scan_store_compliance_custom_remove(scan_store *st, int64_t org, const char *key, const scan_audit_entry *a)
{
	change c = { .org = org, .audit = a, .key = key };

	return scan_store_transact(st, custom_remove_body, &c);
}

/* ---- a scan's facts ---- */

struct scan_compliance_data {
	scan_compliance_facts facts;
	scan_arena arena;
	scan_compliance_finding *findings;
	const char **triage;
	time_t *first_seen;
	size_t count, cap, tcap, fcap;
	const char **languages;
	size_t nlanguages, lcap;
	const char **waived;           /* the gate's waived conditions */
};

scan_compliance_facts *scan_compliance_data_facts(scan_compliance_data *d)
{
	return &d->facts;
}

scan_compliance_finding *scan_compliance_data_findings(scan_compliance_data *d, size_t *count)
{
	*count = d->count;
	return d->findings;
}

const char *scan_compliance_data_triage(const scan_compliance_data *d, size_t i)
{
	return i < d->count && d->triage[i] ? d->triage[i] : "";
}

time_t scan_compliance_data_first_seen(const scan_compliance_data *d, size_t i)
{
	return i < d->count ? d->first_seen[i] : 0;
}

void scan_compliance_data_free(scan_compliance_data *d)
{
	if (!d)
		return;
	scan_arena__dispose(&d->arena);
	free(d->findings);
	free(d->triage);
	free(d->first_seen);
	free(d->languages);
	free(d->waived);
	free(d);
}

/* A completed scan of the repository's default branch (not a pull request's). */
#define DEFAULT_BRANCH_SCAN " s.status = 'completed' AND s.is_baseline_scan = 1 AND s.pr_number IS NULL"

static int read_scan(scan_compliance_data *d, scan_store *st, int64_t org, int64_t repo_id, int64_t scan_id)
{
	scan_compliance_facts *x = &d->facts;
	scan_db_stmt *q = NULL;
	int rc, step, oom = 0;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT r.name, s.id, s.completed_at, s.commit_sha, s.branch, s.stats FROM repositories r"
	        " LEFT JOIN scans s ON s.id = (SELECT s.id FROM scans s WHERE s.repo_id = r.id AND" DEFAULT_BRANCH_SCAN
	        "   AND (?3 = 0 OR s.id = ?3) ORDER BY s.completed_at DESC, s.id DESC LIMIT 1)"
	        " WHERE r.id = ?1 AND r.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, repo_id);
	scan_db__bind_int64(q, 2, org);
	scan_db__bind_int64(q, 3, scan_id);
	if ((step = scan_db__step(q)) == SCAN_DB_DONE) {
		rc = scan_util__error(SCAN_ENOTFOUND, "no repository %lld", (long long)repo_id);
	} else if (step != SCAN_DB_ROW) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository's latest scan");
	} else {
		x->repo_id = repo_id;
		x->repo_name = scan_db__col_text(q, 0, &d->arena, &oom);
		x->scanned = !scan_db__column_is_null(q, 1);
		x->scan_id = scan_db__column_int64(q, 1);
		x->scanned_at = scan_db__col_time(q, 2);
		x->commit = scan_db__col_text(q, 3, &d->arena, &oom);
		x->branch = scan_db__col_text(q, 4, &d->arena, &oom);
		if (x->scanned && !scan_db__column_is_null(q, 5)) {
			cJSON *stats = cJSON_Parse(scan_db__column_text(q, 5)), *v;
			cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(stats, "analyzers")) {
				const char *n = cJSON_IsString(v) ? v->valuestring : "";
				x->ran |= !strcmp(n, "secrets") ? SCAN_RAN_SECRETS : !strcmp(n, "sast") ? SCAN_RAN_SAST
				        : !strcmp(n, "sca") ? SCAN_RAN_SCA : !strcmp(n, "quality") ? SCAN_RAN_QUALITY : 0;
			}
			cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(stats, "languages")) {
				const char **slot = scan_array_push(&d->languages, &d->nlanguages, &d->lcap, sizeof(*slot));
				if (!slot || !(*slot = scan_arena__strdup(&d->arena, v->string)))
					oom = 1;
			}
			v = cJSON_GetObjectItemCaseSensitive(stats, "infrastructure_files");
			x->has_iac = cJSON_IsNumber(v) && v->valuedouble > 0;
			x->has_dependencies = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(stats, "dependencies"));
			x->sca_checked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(stats, "dependencies_checked"));
			cJSON_Delete(stats);
		}
		if (scan_id && !x->scanned)
			rc = scan_util__error(SCAN_ENOTFOUND, "no completed default-branch scan %lld of repository %lld",
			                      (long long)scan_id, (long long)repo_id);
	}
	scan_db__finalize(q);
	return rc ? rc : oom ? scan_error__oom() : 0;
}

static bool is_sast_language(const char *l)
{
	static const char *const langs[] = { "python", "javascript", "typescript", "tsx", "java", "go", "c", "cpp",
		"csharp", "ruby", "php", "kotlin", "rust", "bash" };
	for (size_t i = 0; i < sizeof(langs) / sizeof(langs[0]); i++)
		if (!strcmp(l, langs[i]))
			return true;
	return false;
}

static int read_findings(scan_compliance_data *d, scan_store *st, int64_t org)
{
	scan_compliance_facts *x = &d->facts;
	scan_db_stmt *q = NULL;
	int rc, step, oom = 0;

	/*
	 * The lean columns of every finding, with its triage state and, for a
	 * dependency finding, when the repository first had it: the SLA clock.
	 */
	/*
	 * The first scan of the repository with a dependency finding is the
	 * first in id order among the few rows of its fingerprint (a partial
	 * index of migration 17): ids grow with time, so that is when the
	 * repository first had it.
	 */
	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT i.id, i.rule_id, i.category, i.severity, i.cwe_id, i.confidence, i.in_test, i.kev_listed,"
	        " i.user_marked_fp, i.suppressed, t.status, i.vuln_id,"
	        " CASE WHEN i.category = 'sca' THEN (SELECT o.created_at FROM scan_issues p CROSS JOIN scans o"
	        "   WHERE p.fingerprint = i.fingerprint AND p.category = 'sca' AND o.id = p.scan_id"
	        "   AND o.repo_id = s.repo_id ORDER BY p.scan_id LIMIT 1) END,"
	        " i.file_path, i.line_number"
	        " FROM scan_issues i JOIN scans s ON s.id = i.scan_id"
	        " LEFT JOIN sca_triage t ON i.category = 'sca' AND t.repo_id = s.repo_id AND t.vuln_id = i.vuln_id"
	        "   AND t.ecosystem = i.ecosystem AND t.package_name = i.package_name"
	        " WHERE i.scan_id = ?1 AND s.org_id = ?2 ORDER BY i.id")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, x->scan_id);
	scan_db__bind_int64(q, 2, org);
	while ((step = scan_db__step(q)) == SCAN_DB_ROW) {
		scan_compliance_finding *f;
		const char *cwe, *vuln;
		uint64_t cwe_n;
		if (scan_array_reserve(&d->findings, &d->cap, d->count + 1, sizeof(*d->findings)) ||
		    scan_array_reserve(&d->triage, &d->tcap, d->count + 1, sizeof(*d->triage)) ||
		    scan_array_reserve(&d->first_seen, &d->fcap, d->count + 1, sizeof(*d->first_seen))) {
			oom = 1;
			break;
		}
		f = &d->findings[d->count];
		memset(f, 0, sizeof(*f));
		f->id = scan_db__column_int64(q, 0);
		f->rule_id = scan_db__col_text(q, 1, &d->arena, &oom);
		f->category = scan_db__col_text(q, 2, &d->arena, &oom);
		(void)scan_severity_parse(&f->severity, scan_db__column_text(q, 3));
		cwe = scan_db__column_text(q, 4);
		if (cwe && !strncmp(cwe, "CWE-", 4) && scan_util__parse_u64(cwe + 4, strlen(cwe + 4), &cwe_n) &&
		    cwe_n <= 1000000)
			f->cwe = (int)cwe_n;
		f->confidence = scan_db__column_int(q, 5);
		f->in_test = scan_db__column_int(q, 6) != 0;
		f->kev = scan_db__column_int(q, 7) != 0;
		if (scan_db__column_int(q, 8))
			f->excluded = "false_positive";
		else if (scan_db__column_int(q, 9))
			f->excluded = "suppressed";
		d->triage[d->count] = scan_db__col_text(q, 10, &d->arena, &oom);
		vuln = scan_db__column_text(q, 11);
		f->malicious = vuln && !strncmp(vuln, "MAL-", 4);
		d->first_seen[d->count] = scan_db__col_time(q, 12);
		f->file = scan_db__col_text(q, 13, &d->arena, &oom);
		f->line = (unsigned)scan_db__column_int64(q, 14);
		d->count++;
	}
	if (!oom && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot read the scan's findings");
	scan_db__finalize(q);
	x->findings = d->findings;
	x->nfindings = d->count;
	return rc ? rc : oom ? scan_error__oom() : 0;
}

static int read_gate(scan_compliance_data *d, scan_store *st, int64_t org)
{
	scan_compliance_facts *x = &d->facts;
	scan_gate_config cfg;
	scan_db_stmt *q = NULL;
	int rc, step;

	if ((rc = scan_store_gate_config(&cfg, st, org)) != 0)
		return rc;
	x->gate_block_merge = cfg.block_merge_on_fail;
	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT g.status, g.waived_violations FROM quality_gate_results g WHERE g.scan_id = ?1 AND"
	        SCAN_STORE_SCAN_IN_ORG("g.scan_id", "?2"))) != 0)
		return rc;
	scan_db__bind_int64(q, 1, x->scan_id);
	scan_db__bind_int64(q, 2, org);
	if ((step = scan_db__step(q)) == SCAN_DB_ROW) {
		const char *status = scan_db__column_text(q, 0);
		cJSON *waived = cJSON_Parse(scan_db__column_text(q, 1));
		x->gate = !strcmp(status, "passed") ? SCAN_GATE_FACT_PASSED : !strcmp(status, "failed")
		        ? SCAN_GATE_FACT_FAILED : SCAN_GATE_FACT_NOT_CONFIGURED;
		const cJSON *v;
		size_t cap = 0;
		/* The conditions a waiver covered are listed by their policy key. */
		cJSON_ArrayForEach(v, waived) {
			const cJSON *rule = cJSON_GetObjectItemCaseSensitive(v, "rule");
			const char **slot = scan_array_push(&d->waived, &x->gate_waived, &cap, sizeof(*d->waived));
			if (!slot || !(*slot = scan_arena__strdup(&d->arena, cJSON_IsString(rule) ? rule->valuestring : "?"))) {
				rc = scan_error__oom();
				break;
			}
		}
		x->gate_waived_rules = d->waived;
		cJSON_Delete(waived);
	} else if (step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the scan's gate");
	}
	scan_db__finalize(q);
	return rc;
}

static char worse(char a, char b)
{
	return a > b ? a : b;
}

static int read_quality(scan_compliance_data *d, scan_store *st, int64_t org)
{
	scan_compliance_facts *x = &d->facts;
	cJSON *doc, *ratings, *m, *r;
	char *text = NULL;
	int rc;

	if ((rc = scan_store_quality_json(&text, st, org, x->scan_id)) != 0 || !text)
		return rc;
	doc = cJSON_Parse(text);
	ratings = cJSON_GetObjectItemCaseSensitive(doc, "ratings");
	m = cJSON_GetObjectItemCaseSensitive(ratings, "maintainability_rating");
	r = cJSON_GetObjectItemCaseSensitive(ratings, "reliability_rating");
	if (cJSON_IsString(m) && cJSON_IsString(r) && m->valuestring[0] >= 'A' && m->valuestring[0] <= 'E' &&
	    r->valuestring[0] >= 'A' && r->valuestring[0] <= 'E')
		x->rating = worse(m->valuestring[0], r->valuestring[0]);
	cJSON_Delete(doc);
	free(text);
	return 0;
}

static int read_schedule(scan_compliance_data *d, scan_store *st, int64_t org)
{
	scan_compliance_facts *x = &d->facts;
	scan_db_stmt *q = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT sc.last_run, (SELECT s.status FROM scheduled_scan_runs r JOIN scans s ON s.id = r.scan_id"
	        "   WHERE r.schedule_id = sc.id AND s.status IN ('completed', 'failed') ORDER BY r.id DESC LIMIT 1)"
	        " FROM scheduled_scans sc JOIN repositories rp ON rp.id = sc.repo_id"
	        " WHERE sc.repo_id = ?1 AND sc.org_id = ?2 AND sc.is_active = 1"
	        "   AND sc.trigger_branch = COALESCE(rp.default_branch, sc.trigger_branch)"
	        " ORDER BY sc.last_run DESC LIMIT 1")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, x->repo_id);
	scan_db__bind_int64(q, 2, org);
	if ((step = scan_db__step(q)) == SCAN_DB_ROW) {
		const char *status = scan_db__column_text(q, 1);
		x->schedule_active = true;
		x->schedule_last_run = scan_db__col_time(q, 0);
		x->schedule_last_ok = status && !strcmp(status, "completed");
	} else if (step != SCAN_DB_DONE) {
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository's schedule");
	}
	scan_db__finalize(q);
	return rc;
}

/*
 * Pull-request reviews (spec 6): known when the repository has a provider
 * integration or a review was ever recorded; the pull requests of the 90
 * days before now, and those whose review scan completed.
 */
static int read_reviews(scan_compliance_data *d, scan_store *st, int64_t org)
{
	scan_compliance_facts *x = &d->facts;
	scan_db_stmt *q = NULL;
	int rc, step;

	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT (SELECT COUNT(*) FROM repository_integrations i WHERE i.repo_id = ?1 AND i.org_id = ?2),"
	        " (SELECT COUNT(*) FROM pr_reviews p WHERE p.repo_id = ?1 AND p.org_id = ?2),"
	        " (SELECT COUNT(DISTINCT p.pr_number) FROM pr_reviews p WHERE p.repo_id = ?1 AND p.org_id = ?2"
	        "   AND p.created_at >= ?3 AND p.created_at <= ?4),"
	        " (SELECT COUNT(DISTINCT p.pr_number) FROM pr_reviews p JOIN scans s ON s.id = p.scan_id"
	        "   WHERE p.repo_id = ?1 AND p.org_id = ?2 AND p.created_at >= ?3 AND p.created_at <= ?4"
	        "   AND s.status = 'completed')")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, x->repo_id);
	scan_db__bind_int64(q, 2, org);
	scan_db__bind_time(q, 3, x->now - 90 * 86400);
	scan_db__bind_time(q, 4, x->now);
	if ((step = scan_db__step(q)) == SCAN_DB_ROW) {
		x->reviews_known = scan_db__column_int64(q, 0) > 0 || scan_db__column_int64(q, 1) > 0;
		x->prs = (unsigned)scan_db__column_int64(q, 2);
		x->prs_reviewed = (unsigned)scan_db__column_int64(q, 3);
	} else {
		rc = scan_db__error(scan_store__conn(st), "cannot read the repository's pull-request reviews");
	}
	scan_db__finalize(q);
	return rc;
}

int scan_store_compliance_data(scan_compliance_data **out, scan_store *st, int64_t org, int64_t repo_id,
                               int64_t scan_id, time_t now)
{
	scan_compliance_data *d;
	int rc;

	*out = NULL;
	if (!(d = calloc(1, sizeof(*d))))
		return scan_error__oom();
	d->facts.now = now;
	if ((rc = read_scan(d, st, org, repo_id, scan_id)) == 0 && (rc = read_schedule(d, st, org)) == 0 &&
	    (rc = read_reviews(d, st, org)) == 0 &&
	    d->facts.scanned && (rc = read_findings(d, st, org)) == 0 && (rc = read_gate(d, st, org)) == 0)
		rc = read_quality(d, st, org);
	if (rc) {
		scan_compliance_data_free(d);
		return rc;
	}
	d->facts.languages = d->languages;
	d->facts.nlanguages = d->nlanguages;
	for (size_t i = 0; i < d->nlanguages; i++) {
		d->facts.sast_languages |= is_sast_language(d->languages[i]);
		d->facts.has_iac |= !strcmp(d->languages[i], "hcl") || !strcmp(d->languages[i], "dockerfile");
	}
	for (size_t i = 0; i < d->count; i++)
		d->facts.has_iac |= d->findings[i].category && !strcmp(d->findings[i].category, "iac");
	*out = d;
	return 0;
}

int scan_store_compliance_scans(int64_t **ids, size_t *n, scan_store *st, int64_t org, int64_t repo_id, time_t since)
{
	scan_db_stmt *q = NULL;
	size_t cap = 0;
	int rc, step;

	*ids = NULL;
	*n = 0;
	if ((rc = scan_store__repo_in_org(st, org, repo_id)) != 0)
		return rc;
	if ((rc = scan_db__prepare(scan_store__conn(st), &q,
	        "SELECT s.id FROM scans s WHERE s.repo_id = ?1 AND s.org_id = ?2 AND" DEFAULT_BRANCH_SCAN
	        " AND s.completed_at >= ?3 ORDER BY s.completed_at, s.id")) != 0)
		return rc;
	scan_db__bind_int64(q, 1, repo_id);
	scan_db__bind_int64(q, 2, org);
	scan_db__bind_time(q, 3, since);
	while ((step = scan_db__step(q)) == SCAN_DB_ROW) {
		if (scan_array_reserve(ids, &cap, *n + 1, sizeof(**ids))) {
			rc = SCAN_ENOMEM;
			break;
		}
		(*ids)[(*n)++] = scan_db__column_int64(q, 0);
	}
	if (!rc && step != SCAN_DB_DONE)
		rc = scan_db__error(scan_store__conn(st), "cannot list the repository's scans");
	scan_db__finalize(q);
	if (rc) {
		free(*ids);
		*ids = NULL;
		*n = 0;
	}
	return rc;
}
