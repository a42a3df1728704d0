/* cmd/cmd_baseline.c - rampart baseline: show or rebuild the default-branch baseline */
#include <string.h>
#include "cli.h"

static struct {
	const char *db, *format, *repo;
} o;

static const cli_opt baseline_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "repo", 'r', OPT_STRING, "REPO", "repository id, name or URL (default: the only one)", &o.repo, NULL },
	{ 0 },
};

static const cli_verb baseline_verbs[] = {
	{ "show", 0, 0, NULL, "how many fingerprints the baseline of the default branch holds" },
	{ "rebuild", 0, 0, NULL, "clear the baseline; the next default-branch scan fills it again" },
	{ 0 },
};

const cli_command cli_baseline_def = {
	"baseline", "rampart baseline show|rebuild [options]",
	"Show the size of a repository's baseline, or clear it (the next default-branch scan refills it).",
	baseline_opts, cmd_baseline, baseline_verbs,
};

int cmd_baseline(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	const cli_verb *verb;
	scan_store *st = NULL;
	scan_buf branch = SCAN_BUF_INIT;
	cli_format format;
	int64_t repo_id = 0, count = 0;
	bool help, rebuild;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_baseline_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (format == FORMAT_SARIF) {
		rc = cli_error("baseline: --format takes text or json");
		goto done;
	}
	if ((rc = cli_verb_of(&verb, &cli_baseline_def, &pos, false)) != EXIT_OK)
		goto done;
	rebuild = cli_verb_is(verb, "rebuild");
	if ((rc = cli_open_store(&st, o.db, !rebuild)) != 0 || (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		goto done;
	lrc = rebuild ? scan_store_baseline_rebuild(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch)
	              : scan_store_baseline_count(&count, st, SCAN_STORE_LOCAL_ORG, repo_id, &branch);
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (format == FORMAT_JSON) {
		scan_buf out = SCAN_BUF_INIT;
		scan_json w;
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_int(&w, "repo_id", (long long)repo_id);
		scan_json_str(&w, "branch", branch.ptr);
		if (rebuild) {
			scan_json_int(&w, "cleared_fingerprints", (long long)count);
			scan_json_str(&w, "note", "the next scan of the default branch repopulates the baseline");
		} else {
			scan_json_int(&w, "fingerprints", (long long)count);
		}
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		rc = (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&out, NULL);
		scan_buf_dispose(&out);
	} else {
		scan_buf shown = SCAN_BUF_INIT; /* a branch name is the repository's: quoted for the terminal */
		const char *name = cli_safe(&shown, branch.ptr);
		if (rebuild)
			printf("cleared %lld fingerprints from the baseline of repository %lld (%s); "
			       "the next scan of %s repopulates it\n", (long long)count, (long long)repo_id, name, name);
		else
			printf("repository %lld: %lld fingerprints in the baseline of %s\n", (long long)repo_id,
			       (long long)count, name);
		scan_buf_dispose(&shown);
	}
done:
	scan_buf_dispose(&branch);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
