/* cmd/cmd_waiver.c - rampart waiver: add, list and revoke quality-gate waivers */
#define _XOPEN_SOURCE 700 /* strptime */
#include <limits.h>
#include <string.h>
#include <time.h>
#include "cli.h"

static struct {
	const char *db, *format, *rule, *reason, *repo, *expires;
	long long pr, days;
	bool all;
} o;

static const cli_opt waiver_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "rule", 0, OPT_STRING, "KEY", "add: the policy key to waive, e.g. new_high_max", &o.rule,
	  "new_critical_max|new_high_max|duplication_pct_max|complexity_new_max|rating_min|new_coverage_min" },
	{ "reason", 0, OPT_STRING, "TEXT", "add: why the violation is accepted", &o.reason, NULL },
	{ "repo", 'r', OPT_STRING, "REPO", "add: limit to a repository (id, name or URL); list: filter", &o.repo, NULL },
	{ "pr", 0, OPT_INT, "N", "add: limit to pull request N of --repo", &o.pr, NULL },
	{ "expires", 0, OPT_STRING, "DATE", "add: expiry, ISO 8601 date or time (default: 30 days)", &o.expires, NULL },
	{ "days", 0, OPT_INT, "N", "add: expire after N days, 1 to 366", &o.days, NULL },
	{ "all", 0, OPT_FLAG, NULL, "list: include expired and revoked waivers", &o.all, NULL },
	{ 0 },
};

static const cli_verb waiver_verbs[] = {
	{ "add", 0, 0, NULL, "waive one gate condition, for a pull request, a repository or the organization" },
	{ "list", 0, 0, NULL, "list the waivers in force (--all: expired and revoked too)" },
	{ "revoke", 1, 1, "one WAIVER_ID", "end a waiver now" },
	{ 0 },
};

const cli_command cli_waiver_def = {
	"waiver", "rampart waiver add --rule KEY --reason TEXT [--repo REPO [--pr N]] [--expires DATE|--days N]\n"
	"       rampart waiver list [--repo REPO] [--all]\n       rampart waiver revoke WAIVER_ID",
	"Manage quality-gate waivers: pull request, repository or organization scope.",
	waiver_opts, cmd_waiver, waiver_verbs,
};

#define WAIVER_DEFAULT_DAYS 30
/* --days not given: any number a user could type is a given one. */
#define DAYS_UNSET LLONG_MIN

static const char *scope_of(const scan_waiver *w)
{
	return w->pr_number ? "pull_request" : w->repo_id ? "repository" : "organization";
}

static int waiver_add(scan_store *st)
{
	scan_waiver w;
	int64_t id = 0;
	int rc;

	memset(&w, 0, sizeof(w));
	if (!o.rule || !o.reason)
		return cli_error("waiver add: --rule and --reason are required");
	if (!scan_gate_policy_is_key(o.rule))
		return cli_error("waiver add: '%s' is not a policy key (new_critical_max, new_high_max, "
		                 "duplication_pct_max, complexity_new_max, rating_min, new_coverage_min)", o.rule);
	if (o.expires && o.days != DAYS_UNSET)
		return cli_error("waiver add: give --expires or --days, not both");
	if (o.pr < 0)
		return cli_error("waiver add: --pr takes a positive number");
	/* --days 0 is no waiver at all, not the 30-day default: refused, as a negative count is. */
	if (o.days != DAYS_UNSET && o.days <= 0)
		return cli_error("waiver add: --days takes a positive number of days, not %lld", o.days);
	if (o.pr && !o.repo)
		return cli_error("waiver add: a pull-request waiver needs --repo");
	if (o.repo && (rc = cli_resolve_repo(&w.repo_id, st, o.repo)) != 0)
		return rc;
	w.rule = o.rule;
	w.reason = o.reason;
	w.created_by_user_id = SCAN_STORE_LOCAL_USER;
	w.pr_number = o.pr;
	if (o.expires) {
		struct tm tm;
		const char *end;
		memset(&tm, 0, sizeof(tm));
		end = strptime(o.expires, "%Y-%m-%dT%H:%M:%S", &tm);
		if (!end) {
			memset(&tm, 0, sizeof(tm));
			end = strptime(o.expires, "%Y-%m-%d", &tm);
		}
		if (!end || (*end && strcmp(end, "Z")))
			return cli_error("waiver add: --expires takes a date like 2026-12-31, not '%s'", o.expires);
		w.expires_at = timegm(&tm);
	} else {
		w.expires_at = time(NULL) + (time_t)(o.days != DAYS_UNSET ? o.days : WAIVER_DEFAULT_DAYS) * 86400;
	}
	if ((rc = scan_ops_waiver_add(&id, st, SCAN_STORE_LOCAL_ORG, &w)) != 0)
		return cli_error_lib(rc);
	printf("waiver %lld added: %s waived at %s scope\n", (long long)id, w.rule, scope_of(&w));
	return EXIT_OK;
}

static void fmt_time(char *buf, size_t n, time_t t)
{
	struct tm tm;

	if (!t) {
		snprintf(buf, n, "-");
		return;
	}
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The name of a repository of the list, for a waiver's scope; "-" for an organization waiver. */
static const char *repo_name_of(const scan_repo_list *repos, int64_t id, char *buf, size_t n)
{
	if (!id)
		return "-";
	for (size_t i = 0; i < scan_repo_list_count(repos); i++)
		if (scan_repo_list_get(repos, i)->id == id && scan_repo_list_get(repos, i)->name)
			return scan_repo_list_get(repos, i)->name;
	snprintf(buf, n, "#%lld", (long long)id);
	return buf;
}

static int waiver_list(scan_store *st, cli_format format)
{
	scan_repo_list *repos = NULL;
	scan_waiver_list *l = NULL;
	int64_t repo_id = 0;
	time_t now = time(NULL);
	scan_buf out = SCAN_BUF_INIT, rule = SCAN_BUF_INIT, reason = SCAN_BUF_INIT, name = SCAN_BUF_INIT;
	scan_json jw;
	int rc, lrc;

	if (o.repo && (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		return rc;
	if ((rc = scan_store_waivers(&l, st, SCAN_STORE_LOCAL_ORG, repo_id, o.all, o.all)) != 0)
		return cli_error_lib(rc);
	if (format != FORMAT_JSON && (rc = scan_store_repos(&repos, st, SCAN_STORE_LOCAL_ORG)) != 0) {
		scan_waiver_list_free(l);
		return cli_error_lib(rc);
	}
	scan_json_init(&jw, &out, false);
	if (format == FORMAT_JSON) {
		scan_json_open(&jw, NULL, '{');
		scan_json_int(&jw, "org_id", SCAN_STORE_LOCAL_ORG);
		scan_json_open(&jw, "waivers", '[');
	}
	for (size_t i = 0; i < scan_waiver_list_count(l); i++) {
		const scan_waiver *w = scan_waiver_list_get(l, i);
		char created[32], expires[32], revoked[32];
		bool expired = w->expires_at && w->expires_at <= now;
		fmt_time(created, sizeof(created), w->created_at);
		fmt_time(expires, sizeof(expires), w->expires_at);
		fmt_time(revoked, sizeof(revoked), w->revoked_at);
		if (format == FORMAT_JSON) {
			scan_waiver_json(&jw, NULL, w, now);
		} else {
			/* The rule, reason and repository name are whatever was stored (a server takes them from anyone). */
			char idbuf[32], pr[32] = "-";
			if (w->pr_number)
				snprintf(pr, sizeof(pr), "%lld", (long long)w->pr_number);
			printf("%-5lld %-20s %-13s repo %-20s pr %-5s expires %s%s%s\n    %s\n", (long long)w->id,
			       cli_safe(&rule, w->rule), scope_of(w),
			       cli_safe(&name, repo_name_of(repos, w->repo_id, idbuf, sizeof(idbuf))), pr, expires,
			       expired ? " (expired)" : "", w->revoked_at ? " (revoked)" : "", cli_safe(&reason, w->reason));
		}
	}
	if (format == FORMAT_JSON) {
		scan_json_close(&jw, ']');
		scan_json_close(&jw, '}');
		scan_buf_putc(&out, '\n');
		rc = (lrc = scan_json_finish(&jw)) != 0 ? cli_error_lib(lrc) : cli_emit(&out, NULL);
	} else if (!scan_waiver_list_count(l)) {
		printf("no %swaivers\n", o.all ? "" : "active ");
	}
	scan_buf_dispose(&out);
	scan_buf_dispose(&rule);
	scan_buf_dispose(&reason);
	scan_buf_dispose(&name);
	scan_repo_list_free(repos);
	scan_waiver_list_free(l);
	return rc;
}

static int waiver_revoke(scan_store *st, const cli_strlist *pos)
{
	int64_t id;
	time_t at;
	char when[32];
	int rc;

	if ((rc = cli_parse_id(&id, "a waiver id", pos->items[1])) != 0)
		return rc;
	if ((rc = scan_store_waiver_revoke(&at, st, SCAN_STORE_LOCAL_ORG, id)) != 0)
		return cli_error_lib(rc);
	fmt_time(when, sizeof(when), at);
	printf("waiver %lld revoked at %s\n", (long long)id, when);
	return EXIT_OK;
}

int cmd_waiver(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	cli_format format;
	bool help;
	const cli_verb *verb;
	int rc;

	memset(&o, 0, sizeof(o));
	o.days = DAYS_UNSET;
	if ((rc = cli_parse(&cli_waiver_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if ((rc = cli_verb_of(&verb, &cli_waiver_def, &pos, false)) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, cli_verb_is(verb, "list"))) != 0)
		goto done;
	if (cli_verb_is(verb, "add"))
		rc = waiver_add(st);
	else if (cli_verb_is(verb, "list"))
		rc = waiver_list(st, format);
	else
		rc = waiver_revoke(st, &pos);
done:
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
