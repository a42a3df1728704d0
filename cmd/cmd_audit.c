/* cmd/cmd_audit.c - rampart audit: the organization's audit log, newest first */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"

static struct {
	const char *db, *format;
	long long limit;
} o;

static const cli_opt audit_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "limit", 'n', OPT_INT, "N", "at most N entries (default 100; 0: all)", &o.limit, NULL },
	{ 0 },
};

static const cli_verb audit_verbs[] = {
	{ "list", 0, 0, NULL, "list the audit log: who changed what, from where, when" },
	{ 0 },
};

const cli_command cli_audit_def = {
	"audit", "rampart audit list [--limit N] [--format text|json]",
	"Read the audit log of compliance and other changes (append-only).",
	audit_opts, cmd_audit, audit_verbs,
};

#define AUDIT_DEFAULT_LIMIT 100

int cmd_audit(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	scan_audit_list *l = NULL;
	scan_buf out = SCAN_BUF_INIT, s1 = SCAN_BUF_INIT, s2 = SCAN_BUF_INIT, s3 = SCAN_BUF_INIT;
	const cli_verb *verb;
	cli_format format;
	scan_json w;
	bool help;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	o.limit = AUDIT_DEFAULT_LIMIT;
	if ((rc = cli_parse(&cli_audit_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0 || (rc = cli_verb_of(&verb, &cli_audit_def, &pos, false)) != 0)
		goto done;
	if (o.limit < 0) {
		rc = cli_error("audit list: --limit takes 0 or more, not %lld", o.limit);
		goto done;
	}
	if ((rc = cli_open_store(&st, o.db, true)) != 0)
		goto done;
	if ((lrc = scan_store_audit(&l, st, SCAN_STORE_LOCAL_ORG, (size_t)o.limit)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	scan_json_init(&w, &out, false);
	if (format == FORMAT_JSON) {
		scan_json_open(&w, NULL, '{');
		scan_json_open(&w, "entries", '[');
	}
	for (size_t i = 0; i < scan_audit_list_count(l); i++) {
		const scan_audit_entry *e = scan_audit_list_get(l, i);
		if (format == FORMAT_JSON) {
			scan_audit_entry_json(&w, NULL, e);
			continue;
		}
		char when[32];
		struct tm tm;
		gmtime_r(&e->created_at, &tm);
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
		/* Every field was written by a caller of the API: shown safe. */
		printf("%s  %-38s %s", when, cli_safe(&s1, e->action), cli_safe(&s2, e->actor_email ? e->actor_email : "-"));
		if (e->ip)
			printf(" from %s", cli_safe(&s3, e->ip));
		printf("\n    %s\n", cli_safe(&s1, e->metadata ? e->metadata : "{}"));
	}
	if (format == FORMAT_JSON) {
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		rc = (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&out, NULL);
	} else if (!scan_audit_list_count(l)) {
		printf("the audit log is empty\n");
	}
done:
	scan_audit_list_free(l);
	scan_buf_dispose(&out);
	scan_buf_dispose(&s1);
	scan_buf_dispose(&s2);
	scan_buf_dispose(&s3);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
