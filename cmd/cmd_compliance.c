/* cmd/cmd_compliance.c - rampart compliance: frameworks, controls, scores, trends, the selection, custom frameworks, evidence reports */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "scan/report.h"

static struct {
	const char *db, *format, *repo, *framework, *output;
	long long days;
	bool all, none;
} o;

static const cli_opt compliance_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json; report: html, md or pdf", &o.format,
	  "text|json|html|md|pdf" },
	{ "repo", 'r', OPT_STRING, "REPO", "the repository (id, name or URL; default: the only one)", &o.repo, NULL },
	{ "framework", 0, OPT_STRING, "KEY", "score, trend, report: this framework only", &o.framework, NULL },
	{ "days", 0, OPT_INT, "N", "trend: the window, in days (default 90)", &o.days, NULL },
	{ "output", 'o', OPT_STRING, "FILE", "report: write to FILE (default: standard output)", &o.output, "@file" },
	{ "all", 0, OPT_FLAG, NULL, "enable: every framework (the default selection)", &o.all, NULL },
	{ "none", 0, OPT_FLAG, NULL, "disable: every framework", &o.none, NULL },
	{ 0 },
};

static const cli_verb compliance_verbs[] = {
	{ "frameworks", 0, 0, NULL, "list the frameworks, which are enabled and which the plan locks" },
	{ "controls", 1, 1, "one FRAMEWORK", "list a framework's controls, refined for --repo when given" },
	{ "score", 0, 0, NULL, "score the enabled frameworks on the repository's latest default-branch scan" },
	{ "trend", 0, 0, NULL, "the score at each default-branch scan of the last --days days" },
	{ "enable", 0, CLI_ARGS_ANY, "FRAMEWORK [CONTROL...]", "enable frameworks (--all: every one), or controls"
	  " marked not applicable" },
	{ "disable", 0, CLI_ARGS_ANY, "FRAMEWORK [CONTROL...]", "disable frameworks (--none: every one), or mark"
	  " controls not applicable" },
	{ "custom", 2, 2, "add FILE or rm KEY", "add the organization's own framework from a YAML or JSON file, or"
	  " remove one" },
	{ "validate", 1, 1, "one FILE", "check a custom framework file without storing it" },
	{ "report", 0, 0, NULL, "an evidence report for an auditor (--format html, md or pdf)" },
	{ 0 },
};

const cli_command cli_compliance_def = {
	"compliance", "rampart compliance frameworks|score|trend|report [--repo REPO] [--framework KEY]\n"
	"       rampart compliance controls FRAMEWORK [--repo REPO]\n"
	"       rampart compliance enable|disable FRAMEWORK [CONTROL...]\n"
	"       rampart compliance custom add FILE | custom rm KEY | validate FILE",
	"Compliance scoring: SOC 2, ISO 27001, OWASP Top 10, PCI DSS, HIPAA, NIST CSF and your own frameworks.",
	compliance_opts, cmd_compliance, compliance_verbs,
};

/* The CLI's store is its user's own: no plan stands between them and a framework. */
#define LOCAL_PLAN SCAN_PLAN_ENTERPRISE
#define FRAMEWORK_FILE_MAX ((size_t)1 << 20)


static int finish_json(scan_json *w, scan_buf *out)
{
	int lrc;

	scan_buf_putc(out, '\n');
	return (lrc = scan_json_finish(w)) != 0 ? cli_error_lib(lrc) : cli_emit(out, NULL);
}

static int frameworks(scan_store *st, cli_format format)
{
	scan_compliance_config c;
	const scan_framework **all = NULL;
	scan_buf out = SCAN_BUF_INIT, s1 = SCAN_BUF_INIT, s2 = SCAN_BUF_INIT;
	scan_json w;
	size_t n = 0;
	int rc;

	if ((rc = scan_store_compliance_config(&c, st, SCAN_STORE_LOCAL_ORG)) != 0)
		return cli_error_lib(rc);
	if ((rc = scan_ops_compliance_all(&all, &n, &c)) != 0) {
		scan_compliance_config_dispose(&c);
		return cli_error_lib(rc);
	}
	scan_json_init(&w, &out, false);
	if (format == FORMAT_JSON) {
		scan_json_open(&w, NULL, '{');
		scan_json_open(&w, "available", '[');
	}
	for (size_t i = 0; i < n; i++) {
		const scan_compliance_disabled *d = scan_compliance_config_disabled(&c, all[i]->key);
		bool on = scan_ops_compliance_enabled(&c, all[i], LOCAL_PLAN);
		if (format == FORMAT_JSON)
			scan_compliance_framework_json(&w, NULL, all[i], on, LOCAL_PLAN, d ? d->count : 0);
		else
			printf("%-12s %-8s %3zu controls%s  %s\n", cli_safe(&s1, all[i]->key), on ? "enabled" : "off",
			       all[i]->count, all[i]->custom ? " (custom)" : "", cli_safe(&s2, all[i]->name));
	}
	if (format == FORMAT_JSON) {
		scan_json_close(&w, ']');
		scan_compliance_selection_json(&w, c.all_enabled, c.enabled, c.nenabled);
		scan_json_close(&w, '}');
		rc = finish_json(&w, &out);
	} else if (!c.all_enabled && !c.nenabled) {
		printf("every framework is disabled: 'rampart compliance enable --all' turns them on\n");
	}
	scan_buf_dispose(&out);
	scan_buf_dispose(&s1);
	scan_buf_dispose(&s2);
	free(all);
	scan_compliance_config_dispose(&c);
	return rc;
}

static int controls(scan_store *st, cli_format format, const char *key)
{
	scan_compliance_config c;
	scan_compliance_score sc;
	const scan_framework *f;
	scan_buf out = SCAN_BUF_INIT, s1 = SCAN_BUF_INIT, s2 = SCAN_BUF_INIT;
	const scan_compliance_disabled *d;
	int64_t repo_id = 0;
	scan_json w;
	int rc = 0;

	memset(&sc, 0, sizeof(sc));
	if (o.repo && (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		return rc;
	if ((rc = scan_store_compliance_config(&c, st, SCAN_STORE_LOCAL_ORG)) != 0)
		return cli_error_lib(rc);
	if (!(f = scan_ops_compliance_find(&c, key))) {
		rc = cli_error("controls: no framework '%s' (see 'rampart compliance frameworks')", key);
		goto done;
	}
	/* With a repository, the recommendations are refined with its latest scan (spec 4.5 rule 2). */
	if (repo_id && (rc = scan_ops_compliance_score(&sc, st, SCAN_STORE_LOCAL_ORG, LOCAL_PLAN, repo_id, 0, key,
	                                               SCAN_COMPLIANCE_REFINE | SCAN_COMPLIANCE_ANY_KEY, time(NULL))) != 0) {
		rc = cli_error_lib(rc);
		goto done;
	}
	d = scan_compliance_config_disabled(&c, f->key);
	if (format == FORMAT_JSON) {
		scan_json_init(&w, &out, false);
		scan_compliance_controls_json(&w, NULL, f, scan_ops_compliance_enabled(&c, f, LOCAL_PLAN), d, sc.report);
		rc = finish_json(&w, &out);
		goto done;
	}
	for (size_t i = 0; i < f->count; i++) {
		const scan_control *ctl = &f->controls[i];
		const scan_control_result *res = scan_compliance_report_result(sc.report, f->key, ctl->id);
		printf("%-22s %-14s %-11s%s %s\n", cli_safe(&s1, ctl->id), scan_check_type_name(ctl->check),
		       scan_recommendation_name(res ? res->recommendation : ctl->recommendation),
		       scan_compliance_disabled_has(d, ctl->id) ? " (not applicable)" : "", cli_safe(&s2, ctl->name));
	}
done:
	scan_compliance_score_dispose(&sc);
	scan_buf_dispose(&out);
	scan_buf_dispose(&s1);
	scan_buf_dispose(&s2);
	scan_compliance_config_dispose(&c);
	return rc;
}

static void score_text(const scan_compliance_report *r)
{
	const scan_compliance_summary *s = scan_compliance_report_summary(r);
	const scan_compliance_facts *x = scan_compliance_report_facts(r);
	scan_buf b1 = SCAN_BUF_INIT, b2 = SCAN_BUF_INIT;

	if (!x->scanned)
		printf("%s: no completed scan of the default branch\n", cli_safe(&b1, x->repo_name));
	else
		printf("%s: scan %lld of %.12s\n", cli_safe(&b1, x->repo_name), (long long)x->scan_id,
		       x->commit ? x->commit : "(no commit)");
	if (s->overall_score >= 0)
		printf("overall %.1f (%s): %u pass, %u partial, %u fail; %u not assessed, %u not applicable\n",
		       s->overall_score, s->posture, s->passing, s->partial, s->failing, s->not_assessed, s->disabled);
	else
		printf("overall: not assessed (%u controls without data)\n", s->not_assessed);
	for (size_t i = 0; i < scan_compliance_report_count(r); i++) {
		const scan_framework_result *f = scan_compliance_report_get(r, i);
		if (f->score >= 0)
			printf("\n%s  %.1f  (%u pass, %u partial, %u fail, %u not assessed)\n",
			       cli_safe(&b1, f->framework->name), f->score, f->pass, f->partial, f->fail, f->no_data);
		else
			printf("\n%s  not assessed\n", cli_safe(&b1, f->framework->name));
		for (size_t j = 0; j < f->count; j++) {
			const scan_control_result *c = &f->controls[j];
			printf("  %-8s %-20s %s\n", scan_outcome_name(c->outcome), cli_safe(&b1, c->control->id),
			       cli_safe(&b2, c->why));
		}
	}
	printf("\n%s\n", s->recommendation);
	scan_buf_dispose(&b1);
	scan_buf_dispose(&b2);
}

static int score(scan_store *st, cli_format format)
{
	scan_compliance_score sc;
	scan_buf out = SCAN_BUF_INIT;
	int64_t repo_id;
	scan_json w;
	int rc;

	if ((rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		return rc;
	if ((rc = scan_ops_compliance_score(&sc, st, SCAN_STORE_LOCAL_ORG, LOCAL_PLAN, repo_id, 0, o.framework, SCAN_COMPLIANCE_REFINE,
	                                    time(NULL))) != 0)
		return cli_error_lib(rc);
	if (format == FORMAT_JSON) {
		scan_json_init(&w, &out, true);
		scan_compliance_report_json(&w, NULL, sc.report);
		rc = finish_json(&w, &out);
	} else {
		score_text(sc.report);
	}
	scan_buf_dispose(&out);
	scan_compliance_score_dispose(&sc);
	return rc;
}

static int trend(scan_store *st, cli_format format)
{
	scan_compliance_trend t;
	scan_buf out = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	int64_t repo_id;
	scan_json w;
	int days = o.days ? (int)o.days : 90;
	int rc;

	if (o.days < 0 || o.days > 3650)
		return cli_error("trend: --days takes 1 to 3650, not %lld", o.days);
	if ((rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		return rc;
	if ((rc = scan_ops_compliance_trend(&t, st, SCAN_STORE_LOCAL_ORG, LOCAL_PLAN, repo_id, o.framework, days,
	                                    time(NULL))) != 0)
		return cli_error_lib(rc);
	if (format == FORMAT_JSON) {
		scan_json_init(&w, &out, true);
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "repo_id", repo_id);
		scan_json_str(&w, "framework", o.framework);
		scan_json_int(&w, "days", days);
		scan_json_open(&w, "points", '[');
		for (size_t i = 0; i < t.count; i++)
			scan_compliance_trend_point_json(&w, NULL, &t.points[i], t.frameworks, t.nframeworks);
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
		rc = finish_json(&w, &out);
	} else if (!t.count) {
		printf("no completed default-branch scan in the last %d days\n", days);
	} else {
		for (size_t i = 0; i < t.count; i++) {
			const scan_compliance_trend_point *p = &t.points[i];
			char when[32];
			struct tm tm;
			gmtime_r(&p->completed_at, &tm);
			strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
			printf("%s  scan %-6lld %.12s  ", when, (long long)p->scan_id, p->commit[0] ? p->commit : "-");
			if (p->overall_score >= 0)
				printf("%5.1f", p->overall_score);
			else
				printf("  n/a");
			for (size_t k = 0; k < t.nframeworks; k++) {
				printf("  %s ", cli_safe(&b, t.frameworks[k]->key));
				if (p->scores[k] >= 0)
					printf("%.1f", p->scores[k]);
				else
					printf("n/a");
			}
			printf("\n");
		}
	}
	scan_buf_dispose(&out);
	scan_buf_dispose(&b);
	scan_compliance_trend_dispose(&t);
	return rc;
}

/* enable/disable: frameworks in the selection, or (with control ids) the framework's not-applicable controls. */
static int selection(scan_store *st, const cli_strlist *pos, bool on)
{
	scan_compliance_config c;
	const scan_framework **all = NULL;
	const scan_framework *locked = NULL;
	scan_audit_entry who = cli_local_actor();
	const char **keys = NULL;
	size_t n = 0, k = 0;
	int rc;

	if ((o.all && !on) || (o.none && on))
		return cli_error("%s: --%s belongs to '%s'", on ? "enable" : "disable", on ? "none" : "all",
		                 on ? "disable" : "enable");
	if ((o.all || o.none) && pos->count > 1)
		return cli_error("%s: give frameworks or --%s, not both", on ? "enable" : "disable", on ? "all" : "none");
	if (!o.all && !o.none && pos->count < 2)
		return cli_error("%s: name a framework (or --%s)", on ? "enable" : "disable", on ? "all" : "none");
	if (pos->count > 2) {
		/* Controls of one framework: the not-applicable list after this change. */
		const scan_compliance_disabled *d;
		if ((rc = scan_store_compliance_config(&c, st, SCAN_STORE_LOCAL_ORG)) != 0)
			return cli_error_lib(rc);
		d = scan_compliance_config_disabled(&c, pos->items[1]);
		if (!(keys = calloc((d ? d->count : 0) + pos->count, sizeof(*keys)))) {
			scan_compliance_config_dispose(&c);
			return cli_error("out of memory");
		}
		for (size_t i = 0; d && i < d->count; i++) {
			bool named = false;
			for (size_t j = 2; j < pos->count; j++)
				named |= !strcmp(d->ids[i], pos->items[j]);
			if (!named || !on)
				keys[k++] = d->ids[i];
		}
		for (size_t j = 2; !on && j < pos->count; j++) {
			bool have = false;
			for (size_t i = 0; i < k; i++)
				have |= !strcmp(keys[i], pos->items[j]);
			if (!have)
				keys[k++] = pos->items[j];
		}
		rc = scan_ops_compliance_disable(st, SCAN_STORE_LOCAL_ORG, pos->items[1], keys, k, &who);
		if (!rc)
			printf("%s: %zu control%s marked not applicable\n", pos->items[1], k, k == 1 ? "" : "s");
		free(keys);
		scan_compliance_config_dispose(&c);
		return rc ? cli_error_lib(rc) : EXIT_OK;
	}
	if ((rc = scan_store_compliance_config(&c, st, SCAN_STORE_LOCAL_ORG)) != 0)
		return cli_error_lib(rc);
	if ((rc = scan_ops_compliance_all(&all, &n, &c)) != 0)
		goto done;
	if (!(keys = calloc(n + 1, sizeof(*keys)))) {
		rc = SCAN_ENOMEM;
		goto done;
	}
	/* The current selection (every framework, when none is explicit) with the one named added or dropped. */
	if (!o.all && !o.none) {
		bool known = false;
		for (size_t i = 0; i < n; i++) {
			bool named = !strcmp(all[i]->key, pos->items[1]), in = scan_ops_compliance_enabled(&c, all[i], LOCAL_PLAN);
			known |= named;
			if (named && on && in) {
				printf("%s is enabled already\n", pos->items[1]);
				goto done;
			}
			if (on ? named || in : !named && in)
				keys[k++] = all[i]->key;
		}
		if (!known)
			keys[k++] = pos->items[1]; /* the operation names it unknown */
	}
	rc = scan_ops_compliance_enable(st, SCAN_STORE_LOCAL_ORG, LOCAL_PLAN, o.all, keys, k, &who, &locked);
	if (!rc) {
		if (o.all)
			printf("every framework enabled\n");
		else
			printf("%zu framework%s enabled\n", k, k == 1 ? "" : "s");
	}
done:
	free(keys);
	free(all);
	scan_compliance_config_dispose(&c);
	return rc ? cli_error_lib(rc) : EXIT_OK;
}

static int custom(scan_store *st, const cli_strlist *pos)
{
	scan_audit_entry who = cli_local_actor();
	scan_framework_set *fw = NULL;
	char *text = NULL;
	size_t len;
	int64_t id;
	int rc;

	if (!strcmp(pos->items[1], "rm")) {
		if ((rc = scan_ops_compliance_custom_remove(st, SCAN_STORE_LOCAL_ORG, pos->items[2], &who)) != 0)
			return cli_error_lib(rc);
		printf("framework %s removed\n", pos->items[2]);
		return EXIT_OK;
	}
	if (strcmp(pos->items[1], "add"))
		return cli_error("custom: 'add FILE' or 'rm KEY', not '%s'", pos->items[1]);
	if ((rc = cli_read_file(&text, &len, pos->items[2], FRAMEWORK_FILE_MAX, 0)) != 0)
		return rc;
	rc = scan_ops_compliance_custom_add(&id, &fw, st, SCAN_STORE_LOCAL_ORG, text, len, &who);
	free(text);
	if (rc)
		return cli_error_lib(rc);
	printf("framework %s added (%zu controls)\n", scan_framework_set_get(fw, 0)->key,
	       scan_framework_set_get(fw, 0)->count);
	scan_framework_set_free(fw);
	return EXIT_OK;
}

static int validate(const char *path)
{
	scan_framework_set *set = NULL;
	char *text = NULL;
	size_t len;
	int rc;

	if ((rc = cli_read_file(&text, &len, path, FRAMEWORK_FILE_MAX, 0)) != 0)
		return rc;
	rc = scan_compliance_framework_parse(&set, text, len, path, SCAN_FRAMEWORK_ANY);
	free(text);
	if (rc)
		return cli_error_lib(rc);
	printf("%s: framework %s, %zu controls: valid\n", path, scan_framework_set_get(set, 0)->key,
	       scan_framework_set_get(set, 0)->count);
	scan_framework_set_free(set);
	return EXIT_OK;
}

static int report(scan_store *st)
{
	scan_compliance_score sc;
	scan_report_format fmt;
	scan_buf out = SCAN_BUF_INIT;
	int64_t repo_id;
	int rc;

	if (!o.format || scan_report_format_parse(&fmt, o.format) != 0)
		return cli_error("report: --format takes html, md or pdf");
	if ((rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		return rc;
	if ((rc = scan_ops_compliance_score(&sc, st, SCAN_STORE_LOCAL_ORG, LOCAL_PLAN, repo_id, 0, o.framework, SCAN_COMPLIANCE_REFINE,
	                                    time(NULL))) != 0)
		return cli_error_lib(rc);
	if ((rc = scan_report_compliance(&out, fmt, sc.report)) != 0)
		rc = cli_error_lib(rc);
	else
		rc = cli_emit(&out, o.output);
	scan_buf_dispose(&out);
	scan_compliance_score_dispose(&sc);
	return rc;
}

int cmd_compliance(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	cli_format format = FORMAT_TEXT;
	const cli_verb *verb;
	bool help;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_compliance_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_verb_of(&verb, &cli_compliance_def, &pos, false)) != EXIT_OK)
		goto done;
	if (!cli_verb_is(verb, "report") && (rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (format != FORMAT_TEXT && format != FORMAT_JSON) {
		rc = cli_error("compliance: --format takes text or json");
		goto done;
	}
	if (cli_verb_is(verb, "validate")) {
		rc = validate(pos.items[1]);
		goto done;
	}
	bool reads = cli_verb_is(verb, "frameworks") || cli_verb_is(verb, "controls") || cli_verb_is(verb, "score") ||
	             cli_verb_is(verb, "trend") || cli_verb_is(verb, "report");
	if ((rc = cli_open_store(&st, o.db, reads)) != 0)
		goto done;
	if (cli_verb_is(verb, "frameworks"))
		rc = frameworks(st, format);
	else if (cli_verb_is(verb, "controls"))
		rc = controls(st, format, pos.items[1]);
	else if (cli_verb_is(verb, "score"))
		rc = score(st, format);
	else if (cli_verb_is(verb, "trend"))
		rc = trend(st, format);
	else if (cli_verb_is(verb, "enable") || cli_verb_is(verb, "disable"))
		rc = selection(st, &pos, cli_verb_is(verb, "enable"));
	else if (cli_verb_is(verb, "custom"))
		rc = custom(st, &pos);
	else
		rc = report(st);
done:
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
