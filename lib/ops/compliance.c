/* lib/ops/compliance.c - the rules of spec 4.5: selection within the plan, not-applicable controls, custom frameworks, scores and trends */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/array.h"
#include "scan/json.h"
#include "scan/ops.h"
#include "util/error.h"

bool scan_ops_compliance_enabled(const scan_compliance_config *c, const scan_framework *f, scan_plan plan)
{
	if (!scan_compliance_plan_allows(plan, f))
		return false;
	if (c->all_enabled)
		return true;
	for (size_t i = 0; i < c->nenabled; i++)
		if (!strcmp(c->enabled[i], f->key))
			return true;
	return false;
}

int scan_ops_compliance_all(const scan_framework ***out, size_t *n, const scan_compliance_config *c)
{
	const scan_framework_set *builtin;
	size_t nb, nc = scan_framework_set_count(c->custom);
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = scan_compliance_builtin(&builtin)) != 0)
		return rc;
	nb = scan_framework_set_count(builtin);
	if (!(*out = calloc(nb + nc + 1, sizeof(**out))))
		return scan_error__oom();
	for (size_t i = 0; i < nb; i++)
		(*out)[(*n)++] = scan_framework_set_get(builtin, i);
	for (size_t i = 0; i < nc; i++)
		(*out)[(*n)++] = scan_framework_set_get(c->custom, i);
	return 0;
}

const scan_framework *scan_ops_compliance_find(const scan_compliance_config *c, const char *key)
{
	const scan_framework_set *builtin;
	const scan_framework *f;

	if (scan_compliance_builtin(&builtin) == 0 && (f = scan_framework_set_find(builtin, key)) != NULL)
		return f;
	return scan_framework_set_find(c->custom, key);
}

/* ---- changes ---- */

static void keys_member(scan_json *w, const char *name, bool all, const char *const *keys, size_t n)
{
	if (all) {
		scan_json_null(w, name);
		return;
	}
	scan_json_open(w, name, '[');
	for (size_t i = 0; i < n; i++)
		scan_json_str(w, NULL, keys[i]);
	scan_json_close(w, ']');
}

/* The entry to write: who acted, the action, the metadata. */
static scan_audit_entry entry(const scan_audit_entry *who, const char *action, const scan_buf *metadata)
{
	scan_audit_entry e = *who;

	e.action = action;
	e.metadata = metadata->ptr;
	e.created_at = 0;
	return e;
}

int scan_ops_compliance_enable(scan_store *st, int64_t org, scan_plan plan, bool all, const char *const *keys,
                               size_t n, const scan_audit_entry *who, const scan_framework **locked)
{
	scan_compliance_config c;
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json w;
	int rc;

	*locked = NULL;
	if ((rc = scan_store_compliance_config(&c, st, org)) != 0)
		return rc;
	for (size_t i = 0; !all && i < n && !rc; i++) {
		const scan_framework *f = scan_ops_compliance_find(&c, keys[i]);
		if (!f)
			rc = scan_util__error(SCAN_EINVAL, "Unknown framework: %s", keys[i]);
		else if (!scan_compliance_plan_allows(plan, f)) {
			*locked = f;
			rc = scan_util__error(SCAN_EPLAN, "The %s framework needs the %s plan; the organization is on the %s"
			                      " plan", f->key, scan_plan_name(f->requires_plan), scan_plan_name(plan));
		}
		for (size_t j = 0; j < i && !rc; j++)
			if (!strcmp(keys[i], keys[j]))
				rc = scan_util__error(SCAN_EINVAL, "Framework %s is given twice", keys[i]);
	}
	if (!rc) {
		scan_json_init(&w, &meta, false);
		scan_json_open(&w, NULL, '{');
		keys_member(&w, "before", c.all_enabled, c.enabled, c.nenabled);
		keys_member(&w, "after", all, keys, n);
		scan_json_close(&w, '}');
		if ((rc = scan_json_finish(&w)) == 0) {
			e = entry(who, "COMPLIANCE_FRAMEWORKS_UPDATED", &meta);
			rc = scan_store_compliance_enabled_put(st, org, all, keys, n, &e);
		}
	}
	scan_buf_dispose(&meta);
	scan_compliance_config_dispose(&c);
	return rc;
}

int scan_ops_compliance_disable(scan_store *st, int64_t org, const char *key, const char *const *ids, size_t n,
                                const scan_audit_entry *who)
{
	scan_compliance_config c;
	const scan_compliance_disabled *before;
	const scan_framework *f;
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json w;
	int rc;

	if ((rc = scan_store_compliance_config(&c, st, org)) != 0)
		return rc;
	if (!(f = scan_ops_compliance_find(&c, key)))
		rc = scan_util__error(SCAN_ENOTFOUND, "Unknown framework: %s", key);
	for (size_t i = 0; i < n && !rc; i++)
		if (!scan_framework_control(f, ids[i]))
			rc = scan_util__error(SCAN_EINVAL, "Unknown control: %s", ids[i]);
	if (!rc) {
		before = scan_compliance_config_disabled(&c, key);
		scan_json_init(&w, &meta, false);
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "framework_key", key);
		keys_member(&w, "before", false, before ? before->ids : NULL, before ? before->count : 0);
		keys_member(&w, "after", false, ids, n);
		scan_json_close(&w, '}');
		if ((rc = scan_json_finish(&w)) == 0) {
			e = entry(who, "COMPLIANCE_CONTROLS_UPDATED", &meta);
			rc = scan_store_compliance_disabled_put(st, org, key, ids, n, &e);
		}
	}
	scan_buf_dispose(&meta);
	scan_compliance_config_dispose(&c);
	return rc;
}

int scan_ops_compliance_custom_add(int64_t *id, scan_framework_set **fw, scan_store *st, int64_t org,
                                   const char *document, size_t len, const scan_audit_entry *who)
{
	scan_framework_set *set = NULL;
	const scan_framework *f;
	scan_buf meta = SCAN_BUF_INIT, doc = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json w;
	int rc;

	*id = 0;
	if (fw)
		*fw = NULL;
	if ((rc = scan_compliance_framework_parse(&set, document, len, "the framework", SCAN_FRAMEWORK_CUSTOM)) != 0)
		return rc;
	f = scan_framework_set_get(set, 0);
	/* Kept as the organization wrote it, as JSON: it reads back through the same checks. */
	scan_json_init(&w, &doc, false);
	scan_compliance_framework_document(&w, NULL, f);
	rc = scan_json_finish(&w);
	if (!rc) {
		scan_json_init(&w, &meta, false);
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "framework_key", f->key);
		scan_json_str(&w, "name", f->name);
		scan_json_uint(&w, "control_count", f->count);
		scan_json_close(&w, '}');
		rc = scan_json_finish(&w);
	}
	if (!rc) {
		e = entry(who, "COMPLIANCE_CUSTOM_FRAMEWORK_CREATED", &meta);
		rc = scan_store_compliance_custom_add(id, st, org, f->key, f->name, doc.ptr, &e);
	}
	scan_buf_dispose(&meta);
	scan_buf_dispose(&doc);
	if (!rc && fw)
		*fw = set;
	else
		scan_framework_set_free(set);
	return rc;
}

int scan_ops_compliance_custom_remove(scan_store *st, int64_t org, const char *key, const scan_audit_entry *who)
{
	scan_buf meta = SCAN_BUF_INIT;
	scan_audit_entry e;
	scan_json w;
	int rc;

	scan_json_init(&w, &meta, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "framework_key", key);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) == 0) {
		e = entry(who, "COMPLIANCE_CUSTOM_FRAMEWORK_DELETED", &meta);
		rc = scan_store_compliance_custom_remove(st, org, key, &e);
	}
	scan_buf_dispose(&meta);
	return rc;
}

/* ---- scores ---- */

/*
 * The decisions the store leaves to the operations: a dependency finding
 * triaged as needing no fix is left out, and one open past its severity's
 * SLA (the default deadlines, from when the repository first had it) is a
 * breach.
 */
static int judge(scan_compliance_data *d)
{
	const scan_sca_sla_policy sla = SCAN_SCA_SLA_DEFAULTS;
	time_t now = scan_compliance_data_facts(d)->now;
	size_t n;
	scan_compliance_finding *f = scan_compliance_data_findings(d, &n);

	for (size_t i = 0; i < n; i++) {
		scan_sca_triage t;
		time_t seen;
		if (!f[i].category || strcmp(f[i].category, "sca"))
			continue;
		if (!f[i].excluded && scan_sca_triage_parse(&t, scan_compliance_data_triage(d, i)) == 0 &&
		    scan_sca_triage_suppresses(t))
			f[i].excluded = "triaged";
		seen = scan_compliance_data_first_seen(d, i);
		f[i].sla_breached = seen > 0 && now > seen + scan_sca_sla_days(&sla, f[i].severity) * 86400;
	}
	return 0;
}

/* The frameworks to score: the enabled ones, or key alone (which must be enabled). */
static int chosen(const scan_framework ***out, size_t *n, const scan_compliance_config *c, scan_plan plan,
                  const char *key, bool any_key)
{
	const scan_framework **all;
	size_t nall, k = 0;
	int rc;

	if ((rc = scan_ops_compliance_all(&all, &nall, c)) != 0)
		return rc;
	if (key) {
		const scan_framework *f = scan_ops_compliance_find(c, key);
		if (!f) {
			free(all);
			return scan_util__error(SCAN_EINVAL, "Unknown framework: %s", key);
		}
		if (!any_key && !scan_ops_compliance_enabled(c, f, plan)) {
			free(all);
			return scan_util__error(SCAN_EINVAL, "Framework %s is not enabled for the organization", key);
		}
	}
	for (size_t i = 0; i < nall; i++)
		if (key ? !strcmp(all[i]->key, key) : scan_ops_compliance_enabled(c, all[i], plan))
			all[k++] = all[i];
	*out = all;
	*n = k;
	return 0;
}

static int evaluate_at(scan_compliance_report **rep, scan_compliance_data **data, scan_store *st, int64_t org,
                       const scan_compliance_config *c, const scan_framework *const *fws, size_t n, int64_t repo_id,
                       int64_t scan_id, bool refine, time_t now)
{
	int rc;

	if ((rc = scan_store_compliance_data(data, st, org, repo_id, scan_id, now)) != 0)
		return rc;
	/* now 0: as things stood when the scan completed (a trend's point). */
	if (!now)
		scan_compliance_data_facts(*data)->now = scan_compliance_data_facts(*data)->scanned_at;
	if ((rc = judge(*data)) != 0)
		return rc;
	return scan_compliance_evaluate(rep, fws, n, c->disabled, c->ndisabled, scan_compliance_data_facts(*data),
	                                refine);
}

void scan_compliance_score_dispose(scan_compliance_score *s)
{
	scan_compliance_report_free(s->report);
	scan_compliance_data_free(s->data);
	scan_compliance_config_dispose(&s->config);
	memset(s, 0, sizeof(*s));
}

int scan_ops_compliance_score(scan_compliance_score *out, scan_store *st, int64_t org, scan_plan plan,
                              int64_t repo_id, int64_t scan_id, const char *key, unsigned flags, time_t now)
{
	const scan_framework **fws = NULL;
	size_t n;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = scan_store_compliance_config(&out->config, st, org)) == 0 &&
	    (rc = chosen(&fws, &n, &out->config, plan, key, flags & SCAN_COMPLIANCE_ANY_KEY)) == 0)
		rc = evaluate_at(&out->report, &out->data, st, org, &out->config, fws, n, repo_id, scan_id,
		                 flags & SCAN_COMPLIANCE_REFINE, now);
	free(fws);
	if (rc)
		scan_compliance_score_dispose(out);
	return rc;
}

void scan_compliance_trend_dispose(scan_compliance_trend *t)
{
	for (size_t i = 0; i < t->count; i++)
		free(t->points[i].scores);
	free(t->points);
	free(t->frameworks);
	scan_compliance_config_dispose(&t->config);
	memset(t, 0, sizeof(*t));
}

int scan_ops_compliance_trend(scan_compliance_trend *out, scan_store *st, int64_t org, scan_plan plan,
                              int64_t repo_id, const char *key, int days, time_t now)
{
	int64_t *ids = NULL;
	size_t nids = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	if (days < 1 || days > 3650)
		return scan_util__error(SCAN_EINVAL, "days must be 1 to 3650");
	if ((rc = scan_store_compliance_config(&out->config, st, org)) != 0 ||
	    (rc = chosen(&out->frameworks, &out->nframeworks, &out->config, plan, key, false)) != 0 ||
	    (rc = scan_store_compliance_scans(&ids, &nids, st, org, repo_id, now - (time_t)days * 86400)) != 0)
		goto done;
	if (!(out->points = calloc(nids + 1, sizeof(*out->points)))) {
		rc = scan_error__oom();
		goto done;
	}
	/*
	 * Each point is the score as it stood when that scan completed, from
	 * its stored findings; only the scores are kept, so a long window costs
	 * the memory of one scan at a time.
	 */
	for (size_t i = 0; i < nids && !rc; i++) {
		scan_compliance_data *d = NULL;
		scan_compliance_report *r = NULL;
		if ((rc = evaluate_at(&r, &d, st, org, &out->config, out->frameworks, out->nframeworks, repo_id, ids[i],
		                      false, 0)) == 0 &&
		    (rc = scan_compliance_trend_point_of(&out->points[out->count], r)) == 0)
			out->count++;
		scan_compliance_report_free(r);
		scan_compliance_data_free(d);
	}
done:
	free(ids);
	if (rc)
		scan_compliance_trend_dispose(out);
	return rc;
}
