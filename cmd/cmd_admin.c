/* cmd/cmd_admin.c - rampart admin: bootstrap organizations and users in the server's database */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "auth.h"
#include "cli.h"
#include "scan/ops.h"

static struct {
	const char *db, *plan, *email, *role, *password_env, *timezone;
	long long org;
} o;

static const cli_opt admin_opts[] = {
	{ "plan", 0, OPT_STRING, "PLAN", "org create: free (default), team or enterprise", &o.plan, "free|team|enterprise" },
	{ "timezone", 0, OPT_STRING, "ZONE", "org create: the IANA time zone its schedules run in (default: UTC)", &o.timezone, NULL },
	{ "org", 0, OPT_INT, "ID", "user create: the user's organization", &o.org, NULL },
	{ "email", 0, OPT_STRING, "EMAIL", "user create: the sign-in email", &o.email, NULL },
	{ "role", 0, OPT_STRING, "ROLE", "user create: SUPER_ADMIN, ORG_OWNER, ORG_ADMIN, MEMBER or VIEWER", &o.role,
	  "SUPER_ADMIN|ORG_OWNER|ORG_ADMIN|MEMBER|VIEWER" },
	{ "password-env", 0, OPT_STRING, "VAR", "user create: the environment variable holding the password", &o.password_env, NULL },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

static const cli_verb admin_verbs[] = {
	{ "org", 2, 3, "create NAME | timezone ID ZONE", "org create NAME: add an organization; prints {\"id\", \"name\"}; org timezone ID ZONE: the IANA zone its schedules run in (their next runs move with it)" },
	{ "user", 1, 1, "create", "user create: add a user to an organization; prints {\"id\"}" },
	{ 0 },
};

const cli_command cli_admin_def = {
	"admin", "rampart admin org create NAME [--plan PLAN] [--timezone ZONE]\n"
	         "       rampart admin org timezone ID ZONE\n"
	         "       rampart admin user create --org ID --email EMAIL --role ROLE --password-env VAR",
	"Create organizations and users in the server's database (passwords are read from the environment, never argv).",
	admin_opts, cmd_admin, admin_verbs,
};

static bool plausible_email(const char *s)
{
	const char *at = strchr(s, '@');
	size_t n = strlen(s);

	if (!at || at == s || !at[1] || strchr(at + 1, '@') || n > 254)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return false;
	return true;
}

static int org_create(scan_store *st, const char *name)
{
	scan_plan plan = SCAN_PLAN_FREE;
	int64_t id;
	int lrc;

	if (!*name || strlen(name) > 200)
		return cli_error("admin org create: the name must be 1 to 200 characters");
	if (o.plan && scan_plan_parse(&plan, o.plan) != 0)
		return cli_error("admin org create: --plan takes free, team or enterprise, not '%s'", o.plan);
	if ((lrc = scan_store_org_create(&id, st, name, plan)) != 0)
		return cli_error_lib(lrc);
	if (o.timezone && (lrc = scan_ops_org_set_timezone(st, id, o.timezone, time(NULL))) != 0)
		return cli_error("admin org create: the organization %lld was created, but: %s", (long long)id,
		                 scan_error_last()->message);
	{
		scan_buf out = SCAN_BUF_INIT;
		scan_json w;
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "id", id);
		scan_json_str(&w, "name", name);
		scan_json_str(&w, "plan", scan_plan_name(plan));
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		lrc = scan_json_finish(&w);
		if (!lrc)
			fputs(out.ptr, stdout);
		scan_buf_dispose(&out);
	}
	return lrc ? cli_error_lib(lrc) : EXIT_OK;
}

static int org_timezone(scan_store *st, const char *id_text, const char *zone)
{
	char *end;
	long long id = strtoll(id_text, &end, 10);
	int lrc;

	if (!*id_text || *end || id <= 0)
		return cli_error("admin org timezone: '%s' is not an organization id", id_text);
	if ((lrc = scan_ops_org_set_timezone(st, id, zone, time(NULL))) == SCAN_ENOTFOUND)
		return cli_error("admin org timezone: no organization %lld", id);
	if (lrc == SCAN_EINVAL)
		return cli_error("admin org timezone: %s", scan_error_last()->message);
	if (lrc)
		return cli_error_lib(lrc);
	printf("{\"id\":%lld,\"timezone\":", id);
	{
		scan_buf out = SCAN_BUF_INIT;
		scan_json_quote(&out, zone);
		fputs(out.ptr ? out.ptr : "\"\"", stdout);
		scan_buf_dispose(&out);
	}
	fputs("}\n", stdout);
	return EXIT_OK;
}

static int user_create(scan_store *st)
{
	char hash[SRV_PASSWORD_HASH_MAX];
	const char *password;
	scan_role role;
	int64_t id;
	int lrc;

	if (!o.org || !o.email || !o.role || !o.password_env)
		return cli_error("admin user create takes --org, --email, --role and --password-env");
	if (!plausible_email(o.email))
		return cli_error("admin user create: '%s' is not an email address", o.email);
	if (scan_role_parse(&role, o.role) != 0)
		return cli_error("admin user create: --role takes SUPER_ADMIN, ORG_OWNER, ORG_ADMIN, MEMBER or VIEWER");
	if (!(password = cli_getvar(o.password_env, NULL)) || !*password)
		return cli_error("admin user create: the variable %s is not set", o.password_env);
	if (strlen(password) < 12 || strlen(password) > 1024)
		return cli_error("admin user create: the password must be 12 to 1024 characters");
	if (srv_password_hash(hash, sizeof(hash), password) != 0)
		return cli_error("admin user create: cannot hash the password");
	lrc = scan_store_user_create(&id, st, o.org, o.email, role, hash);
	memset(hash, 0, sizeof(hash));
	if (lrc == SCAN_EEXIST)
		return cli_error("admin user create: a user with the email '%s' exists", o.email);
	if (lrc == SCAN_ENOTFOUND)
		return cli_error("admin user create: no organization %lld", o.org);
	if (lrc)
		return cli_error_lib(lrc);
	printf("{\"id\":%lld}\n", (long long)id);
	return EXIT_OK;
}

int cmd_admin(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	const cli_verb *verb;
	bool help;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_admin_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_verb_of(&verb, &cli_admin_def, &pos, false)) != EXIT_OK)
		goto done;
	if (cli_verb_is(verb, "org") && !strcmp(pos.items[1], "timezone")) {
		if (pos.count != 4) {
			rc = cli_error("admin org timezone takes ID ZONE");
			goto done;
		}
		if ((rc = cli_open_store(&st, o.db, false)) == 0)
			rc = org_timezone(st, pos.items[2], pos.items[3]);
		goto done;
	}
	if (strcmp(pos.items[1], "create") != 0 || (cli_verb_is(verb, "org") && pos.count != 3)) {
		rc = cli_error("admin %s takes %s (see 'rampart admin --help')", verb->name,
		               cli_verb_is(verb, "org") ? "create NAME or timezone ID ZONE" : "create");
		goto done;
	}
	if ((rc = cli_open_store(&st, o.db, false)) != 0)
		goto done;
	rc = cli_verb_is(verb, "org") ? org_create(st, pos.items[2]) : user_create(st);
done:
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
