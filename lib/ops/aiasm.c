/* lib/ops/aiasm.c - the rules of AI governance (spec 4.6): policy versions, approvals, triage, waivers, verdicts */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cjson/cJSON.h>
#include "aiasset/policy.h"
#include "ops/ops_int.h"
#include "scan/aiasm_store.h"
#include "scan/ops.h"
#include "util/error.h"

#define REASON_MAX 2000
#define WAIVER_DAYS_MAX 366

static scan_audit_entry entry(const scan_audit_entry *who, const char *action, const scan_buf *metadata)
{
	scan_audit_entry e;

	memset(&e, 0, sizeof(e));
	if (who)
		e = *who;
	e.action = action;
	e.metadata = metadata->ptr;
	return e;
}

/* ---- policy ---- */

/* The stored document of org or a repository, parsed; absent: unset (an empty override). */
static int stored_policy(scan_ai_policy *p, long long *version, scan_store *st, int64_t org, int64_t repo_id)
{
	char *doc = NULL;
	int rc = scan_store_ai_policy_get(&doc, version, st, org, repo_id);

	if (rc == SCAN_ENOTFOUND) /* none stored: every field inherited */
		return scan_aiasset__policy_parse(p, "{}", 2);
	if (rc)
		return rc;
	rc = scan_aiasset__policy_parse(p, doc, strlen(doc));
	free(doc);
	return rc;
}

typedef struct {
	scan_ai_policy def, org, repo, org_eff, eff;
	long long org_version, repo_version;
	bool has_repo;
} policy_stack;

static void stack_dispose(policy_stack *s)
{
	scan_aiasset__policy_dispose(&s->org);
	scan_aiasset__policy_dispose(&s->repo);
}

static int stack_read(policy_stack *s, scan_store *st, int64_t org, int64_t repo_id)
{
	int rc;

	memset(s, 0, sizeof(*s));
	scan_aiasset__policy_default(&s->def);
	if ((rc = stored_policy(&s->org, &s->org_version, st, org, 0)) != 0 ||
	    (rc = stored_policy(&s->repo, &s->repo_version, st, org, repo_id)) != 0)
		return rc;
	s->has_repo = repo_id && s->repo_version;
	scan_aiasset__policy_overlay(&s->org_eff, &s->def, &s->org);
	scan_aiasset__policy_overlay(&s->eff, &s->org_eff, &s->repo);
	return 0;
}

int scan_ops_ai_policy_json(scan_buf *out, scan_store *st, int64_t org, int64_t repo_id)
{
	policy_stack s;
	scan_json w;
	int rc;

	if ((rc = stack_read(&s, st, org, repo_id)) != 0) {
		stack_dispose(&s);
		return rc;
	}
	scan_json_init(&w, out, true);
	scan_json_open(&w, NULL, '{');
	if (!repo_id) {
		scan_json_int(&w, "version", s.org_version);
		scan_aiasset__policy_fields_json(&w, &s.org_eff);
	} else {
		scan_json_id(&w, "repo_id", repo_id);
		scan_json_int(&w, "version", s.repo_version);
		scan_json_bool(&w, "has_override", s.has_repo);
		scan_json_open(&w, "override", '{');
		scan_aiasset__policy_fields_json(&w, &s.repo);
		scan_json_close(&w, '}');
		scan_json_open(&w, "effective", '{');
		scan_aiasset__policy_fields_json(&w, &s.eff);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	stack_dispose(&s);
	return scan_json_finish(&w);
}

int scan_ops_ai_policy_put(long long *version, scan_store *st, int64_t org, int64_t repo_id, const char *body,
                           size_t len, long long expected_version, const scan_audit_entry *who)
{
	scan_ai_policy p;
	cJSON *doc = NULL;
	const cJSON *ev;
	scan_buf norm = SCAN_BUF_INIT, meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json w;
	long long expected;
	int rc;

	if ((rc = scan_aiasset__policy_parse(&p, body, len)) != 0)
		goto done;
	doc = cJSON_ParseWithLength(body, len);
	ev = cJSON_GetObjectItemCaseSensitive(doc, "expected_version");
	if (expected_version >= 0) {
		expected = expected_version;
	} else if (!cJSON_IsNumber(ev) || ev->valuedouble < 0 || ev->valuedouble != (double)(long long)ev->valuedouble) {
		rc = scan_util__error(SCAN_EINVAL, "Field 'expected_version' is required: the version read (0 for a "
		                                   "first policy)");
		goto done;
	} else {
		expected = (long long)ev->valuedouble;
	}
	/* kept as its fields alone, in one order: what is read back is what was meant */
	scan_json_init(&w, &norm, false);
	scan_json_open(&w, NULL, '{');
	scan_aiasset__policy_fields_json(&w, &p);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	scan_buf_printf(&meta, "{\"repo_id\":%lld,\"expected_version\":%lld,\"policy\":%s}", (long long)repo_id, expected,
	                norm.ptr);
	if ((rc = scan_buf_failed(&meta)) != 0)
		goto done;
	e = entry(who, repo_id ? "AI_REPO_POLICY_UPDATED" : "AI_POLICY_UPDATED", &meta);
	rc = scan_store_ai_policy_put(version, st, org, repo_id, norm.ptr, expected, who ? who->user_id : 0, &e);
done:
	cJSON_Delete(doc);
	scan_aiasset__policy_dispose(&p);
	scan_buf_dispose(&norm);
	scan_buf_dispose(&meta);
	return rc;
}

int scan_ops_ai_policy_delete(scan_store *st, int64_t org, int64_t repo_id, const scan_audit_entry *who)
{
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	int rc;

	if (!repo_id)
		return scan_util__error(SCAN_EINVAL, "the organization's policy is replaced, not deleted");
	scan_buf_printf(&meta, "{\"repo_id\":%lld}", (long long)repo_id);
	e = entry(who, "AI_REPO_POLICY_DELETED", &meta);
	rc = scan_buf_failed(&meta) ? SCAN_ENOMEM : scan_store_ai_policy_delete(st, org, repo_id, &e);
	scan_buf_dispose(&meta);
	return rc;
}

/* ---- approvals and triage ---- */

static bool one_of(const char *s, const char *const *set)
{
	for (; s && *set; set++)
		if (!strcmp(s, *set))
			return true;
	return false;
}

static int decision_meta(scan_buf *meta, const char *what, int64_t id, const char *status, const char *reason)
{
	scan_json w;

	scan_json_init(&w, meta, false);
	scan_json_open(&w, NULL, '{');
	scan_json_id(&w, what, id);
	scan_json_str(&w, "status", status);
	scan_json_str(&w, "reason", reason);
	scan_json_close(&w, '}');
	return scan_json_finish(&w);
}

int scan_ops_ai_approve(scan_store *st, int64_t org, int64_t asset_id, const char *status, const char *reason,
                        const scan_audit_entry *who)
{
	static const char *const statuses[] = { "unreviewed", "approved", "restricted", "denied", NULL };
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	int rc;

	if (!one_of(status, statuses))
		return scan_util__error(SCAN_EINVAL, "Field 'approval_status' is one of unreviewed, approved, restricted, denied");
	if (reason && strlen(reason) > REASON_MAX)
		return scan_util__error(SCAN_EINVAL, "Field 'reason' is at most %d characters", REASON_MAX);
	if ((rc = decision_meta(&meta, "asset_id", asset_id, status, reason)) == 0) {
		e = entry(who, "AI_ASSET_APPROVAL_CHANGED", &meta);
		rc = scan_store_ai_approval_set(st, org, asset_id, status, reason, who ? who->user_id : 0, &e);
	}
	scan_buf_dispose(&meta);
	return rc;
}

int scan_ops_ai_triage(scan_store *st, int64_t org, int64_t finding_id, const char *status, const char *reason,
                       const scan_audit_entry *who)
{
	static const char *const statuses[] = { "open", "acknowledged", "accepted_risk", "resolved", "dismissed", NULL };
	static const char *const need_reason[] = { "accepted_risk", "resolved", "dismissed", NULL };
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	int rc;

	if (!one_of(status, statuses))
		return scan_util__error(SCAN_EINVAL,
		                        "Field 'status' is one of open, acknowledged, accepted_risk, resolved, dismissed");
	if (one_of(status, need_reason) && (!reason || !*reason))
		return scan_util__error(SCAN_EINVAL, "Field 'reason' is required for %s", status);
	if (reason && strlen(reason) > REASON_MAX)
		return scan_util__error(SCAN_EINVAL, "Field 'reason' is at most %d characters", REASON_MAX);
	if ((rc = decision_meta(&meta, "finding_id", finding_id, status, reason)) == 0) {
		e = entry(who, "AI_FINDING_TRIAGED", &meta);
		rc = scan_store_ai_triage_set(st, org, finding_id, status, reason, who ? who->user_id : 0, &e);
	}
	scan_buf_dispose(&meta);
	return rc;
}

/* ---- waivers ---- */

int scan_ops_ai_waiver_add(int64_t *id, scan_store *st, const scan_ai_waiver *w, time_t now, const scan_audit_entry *who)
{
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json j;
	int rc;

	/* Spec 4.6 rule 1: organization has neither; repository has a repository; finding has both. */
	if (!w->scope || (strcmp(w->scope, "organization") && strcmp(w->scope, "repository") && strcmp(w->scope, "finding")))
		return scan_util__error(SCAN_EINVAL, "Field 'scope' is organization, repository or finding");
	if (!strcmp(w->scope, "organization") && (w->repo_id || w->finding_id))
		return scan_util__error(SCAN_EINVAL, "An organization waiver has no repo_id and no finding_id");
	if (!strcmp(w->scope, "repository") && (!w->repo_id || w->finding_id))
		return scan_util__error(SCAN_EINVAL, "A repository waiver has a repo_id and no finding_id");
	if (!strcmp(w->scope, "finding") && (!w->repo_id || !w->finding_id))
		return scan_util__error(SCAN_EINVAL, "A finding waiver needs both repo_id and finding_id");
	if (w->rule_id && (strlen(w->rule_id) != 5 || strncmp(w->rule_id, "AI", 2) ||
	                   strspn(w->rule_id + 2, "0123456789") != 3))
		return scan_util__error(SCAN_EINVAL, "Field 'rule_id' is an AI rule id, AI001 to AI025");
	if (!w->reason || !*w->reason || strlen(w->reason) > REASON_MAX)
		return scan_util__error(SCAN_EINVAL, "Field 'reason' is required, at most %d characters", REASON_MAX);
	if (w->expires_at <= now)
		return scan_util__error(SCAN_EINVAL, "Field 'expires_at' must be in the future");
	if (w->expires_at > now + (time_t)WAIVER_DAYS_MAX * 86400)
		return scan_util__error(SCAN_EINVAL, "Field 'expires_at' is at most %d days ahead", WAIVER_DAYS_MAX);
	scan_json_init(&j, &meta, false);
	scan_json_open(&j, NULL, '{');
	scan_json_str(&j, "scope", w->scope);
	scan_json_id(&j, "repo_id", w->repo_id);
	scan_json_id(&j, "finding_id", w->finding_id);
	scan_json_str(&j, "rule_id", w->rule_id);
	scan_json_str(&j, "reason", w->reason);
	scan_json_time(&j, "expires_at", (long long)w->expires_at);
	scan_json_close(&j, '}');
	if ((rc = scan_json_finish(&j)) == 0) {
		e = entry(who, "AI_WAIVER_CREATED", &meta);
		rc = scan_store_ai_waiver_add(id, st, w, &e);
	}
	scan_buf_dispose(&meta);
	return rc;
}

int scan_ops_ai_waiver_revoke(scan_store *st, int64_t org, int64_t id, const scan_audit_entry *who)
{
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	int rc;

	scan_buf_printf(&meta, "{\"waiver_id\":%lld}", (long long)id);
	e = entry(who, "AI_WAIVER_REVOKED", &meta);
	rc = scan_buf_failed(&meta) ? SCAN_ENOMEM : scan_store_ai_waiver_revoke(st, org, id, who ? who->user_id : 0, &e);
	scan_buf_dispose(&meta);
	return rc;
}

/* ---- the verdict on a run being recorded ---- */

static bool waived(const scan_ai_waiver_list *wl, int64_t repo_id, int64_t finding_id, const char *rule)
{
	for (size_t i = 0; i < wl->count; i++) {
		const scan_ai_waiver *w = &wl->items[i];
		if (w->rule_id && (!rule || strcmp(w->rule_id, rule)))
			continue;
		if (!strcmp(w->scope, "organization") || (!strcmp(w->scope, "repository") && w->repo_id == repo_id) ||
		    (!strcmp(w->scope, "finding") && w->finding_id && w->finding_id == finding_id))
			return true;
	}
	return false;
}

int scan_ops__ai_verdict(char **result_json, const char **status, bool *gate, scan_store *st, int64_t org,
                         int64_t repo_id, const scan_ai_inventory *inv, const scan_finding_list *fl)
{
	policy_stack ps;
	scan_ai_waiver_list wl;
	scan_ai_records assets, triaged;
	scan_ai_policy_facts facts;
	scan_ai_policy_finding *pf = NULL;
	const char **approval = NULL;
	scan_ai_verdict v;
	scan_ai_filter f;
	scan_buf out = SCAN_BUF_INIT;
	scan_json w;
	size_t n = 0, nf = scan_finding_list_count(fl);
	int rc;

	*result_json = NULL;
	memset(&wl, 0, sizeof(wl));
	memset(&assets, 0, sizeof(assets));
	memset(&triaged, 0, sizeof(triaged));
	memset(&v, 0, sizeof(v));
	memset(&f, 0, sizeof(f));
	f.repo_id = repo_id;
	if ((rc = stack_read(&ps, st, org, repo_id)) != 0 || (rc = scan_store_ai_waivers(&wl, st, org, true, time(NULL))) != 0 ||
	    (rc = scan_store_ai_assets(&assets, st, org, &f)) != 0 || (rc = scan_store_ai_findings(&triaged, st, org, &f)) != 0)
		goto done;
	/* approvals by identity: what was decided on earlier runs stands */
	if (inv->nassets && !(approval = calloc(inv->nassets, sizeof(*approval)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < inv->nassets; i++)
		for (size_t k = 0; k < assets.count; k++)
			if (!strcmp(assets.assets[k].identity, inv->assets[i].identity))
				approval[i] = assets.assets[k].approval_status;
	if (nf && !(pf = calloc(nf, sizeof(*pf)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < nf; i++) {
		const scan_finding *x = scan_finding_list_get(fl, i);
		const scan_ai_finding_record *t = NULL;
		if (!x->ai_rule || !scan_finding_counts(x))
			continue;
		/* a finding triaged on an earlier run keeps its state: the same fingerprint */
		for (size_t k = 0; k < triaged.count && !t; k++)
			if (triaged.findings[k].fingerprint && !strcmp(triaged.findings[k].fingerprint, x->fingerprint))
				t = &triaged.findings[k];
		pf[n].ai_rule = x->ai_rule;
		pf[n].owasp = x->owasp;
		pf[n].severity = x->severity;
		pf[n].counts = (!t || !strcmp(t->status, "open") || !strcmp(t->status, "acknowledged")) &&
		               !waived(&wl, repo_id, t ? t->id : 0, x->ai_rule);
		n++;
	}
	facts.inv = inv;
	facts.approval = approval;
	facts.findings = pf;
	facts.nfindings = n;
	if ((rc = scan_aiasset__policy_evaluate(&v, &ps.eff, &facts)) != 0)
		goto done;
	scan_json_init(&w, &out, false);
	scan_aiasset__verdict_json(&w, NULL, &v);
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	*result_json = scan_buf_detach(&out);
	*status = v.status;
	*gate = v.gate;
done:
	scan_aiasset__verdict_dispose(&v);
	free(pf);
	free(approval);
	scan_ai_records_dispose(&assets);
	scan_ai_records_dispose(&triaged);
	scan_ai_waiver_list_dispose(&wl);
	stack_dispose(&ps);
	scan_buf_dispose(&out);
	return rc;
}

/* ---- BOM declarations ---- */

#define DECLARATION_FIELD_MAX 1000

static bool hex64(const char *s)
{
	return strlen(s) == 64 && strspn(s, "0123456789abcdefABCDEF") == 64;
}

static int text_field(const cJSON *doc, const char *name, const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, name);

	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v) || strlen(v->valuestring) > DECLARATION_FIELD_MAX)
		return scan_util__error(SCAN_EINVAL, "Field '%s' must be a string of at most %d characters", name,
		                        DECLARATION_FIELD_MAX);
	for (const unsigned char *c = (const unsigned char *)v->valuestring; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return scan_util__error(SCAN_EINVAL, "Field '%s' holds a control character", name);
	*out = *v->valuestring ? v->valuestring : NULL;
	return 0;
}

int scan_ops_ai_declare(long long *version, scan_store *st, int64_t org, int64_t asset_id, const char *body,
                        size_t len, long long expected_version, const scan_audit_entry *who)
{
	static const char *const known[] = { "expected_version", "supplier_name", "component_version", "declared_license",
		"download_location", "release_time", "source_kind", "source_uri", "source_digest", "verified", NULL };
	static const char *const kinds[] = { "manual", "repository", "upstream", "imported_attestation", NULL };
	cJSON *doc = NULL;
	const cJSON *v;
	scan_ai_declaration d;
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	const char *release = NULL;
	char digest[65];
	int rc = 0;

	memset(&d, 0, sizeof(d));
	if (len > SCAN_AI_POLICY_MAX || !(doc = cJSON_ParseWithLength(body, len)) || !cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		return scan_util__error(SCAN_EINVAL, "the declaration is not a JSON object");
	}
	cJSON_ArrayForEach(v, doc) {
		if (!one_of(v->string, known)) {
			rc = scan_util__error(SCAN_EINVAL, "Unknown field '%.60s' in the declaration", v->string);
			goto done;
		}
	}
	if ((rc = text_field(doc, "supplier_name", &d.supplier_name)) != 0 ||
	    (rc = text_field(doc, "component_version", &d.component_version)) != 0 ||
	    (rc = text_field(doc, "declared_license", &d.declared_license)) != 0 ||
	    (rc = text_field(doc, "download_location", &d.download_location)) != 0 ||
	    (rc = text_field(doc, "release_time", &release)) != 0 || (rc = text_field(doc, "source_kind", &d.source_kind)) != 0 ||
	    (rc = text_field(doc, "source_uri", &d.source_uri)) != 0 ||
	    (rc = text_field(doc, "source_digest", &d.source_digest)) != 0)
		goto done;
	if (!d.source_kind)
		d.source_kind = "manual";
	if (!one_of(d.source_kind, kinds)) {
		rc = scan_util__error(SCAN_EINVAL, "Field 'source_kind' is manual, repository, upstream or imported_attestation");
		goto done;
	}
	/* Spec 4.6 rule 3: a statement taken from somewhere says where. */
	if (strcmp(d.source_kind, "manual") && !d.source_uri && !d.source_digest) {
		rc = scan_util__error(SCAN_EINVAL, "A source_kind of %s needs a source_uri or a source_digest", d.source_kind);
		goto done;
	}
	if (d.source_digest) {
		if (!hex64(d.source_digest)) {
			rc = scan_util__error(SCAN_EINVAL, "Field 'source_digest' is a SHA-256 digest: 64 hexadecimal characters");
			goto done;
		}
		for (int i = 0; i < 65; i++)
			digest[i] = (char)(d.source_digest[i] >= 'A' && d.source_digest[i] <= 'F' ? d.source_digest[i] - 'A' + 'a'
			                                                                        : d.source_digest[i]);
		d.source_digest = digest;
	}
	if (d.download_location && strncmp(d.download_location, "https://", 8) && strncmp(d.download_location, "http://", 7)) {
		rc = scan_util__error(SCAN_EINVAL, "Field 'download_location' is an http or https URL");
		goto done;
	}
	if (release) {
		time_t t;
		if (scan_time_parse(&t, release) != 0 || t <= 0) {
			rc = scan_util__error(SCAN_EINVAL, "Field 'release_time' is an ISO 8601 time, like 2024-08-06T00:00:00Z");
			goto done;
		}
		d.release_time = (long long)t;
	}
	v = cJSON_GetObjectItemCaseSensitive(doc, "verified");
	if (v && !cJSON_IsBool(v)) {
		rc = scan_util__error(SCAN_EINVAL, "Field 'verified' must be true or false");
		goto done;
	}
	d.verified = cJSON_IsTrue(v);
	if (expected_version < 0) {
		v = cJSON_GetObjectItemCaseSensitive(doc, "expected_version");
		if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble != (double)(long long)v->valuedouble) {
			rc = scan_util__error(SCAN_EINVAL, "Field 'expected_version' is required: the version read (0 for a "
			                                   "first declaration)");
			goto done;
		}
		expected_version = (long long)v->valuedouble;
	}
	{
		scan_json w;
		scan_json_init(&w, &meta, false);
		scan_json_open(&w, NULL, '{');
		scan_json_id(&w, "asset_id", asset_id);
		scan_json_int(&w, "expected_version", expected_version);
		scan_ai_declaration_fields_json(&w, &d);
		scan_json_close(&w, '}');
		if ((rc = scan_json_finish(&w)) != 0)
			goto done;
	}
	e = entry(who, "AI_BOM_DECLARATION_UPDATED", &meta);
	rc = scan_store_ai_declaration_put(version, st, org, asset_id, &d, expected_version, who ? who->user_id : 0, &e);
done:
	cJSON_Delete(doc);
	scan_buf_dispose(&meta);
	return rc;
}

