/* cmd/cmd_vex.c - rampart vex: a repository's triage decisions as a VEX document */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/sbom.h"

static struct {
	const char *db, *format, *output, *repo, *author;
} o;

static const cli_opt vex_opts[] = {
	{ "format", 'f', OPT_STRING, "FORMAT", "cyclonedx (default) or openvex", &o.format, "cyclonedx|openvex" },
	{ "output", 'o', OPT_STRING, "FILE", "write the document to FILE instead of standard output", &o.output, "@file" },
	{ "repo", 'r', OPT_STRING, "REPO", "the repository (id, name or URL; default: the only one)", &o.repo, NULL },
	{ "author", 0, OPT_STRING, "NAME", "who makes the statements (OpenVEX author; default: Rampart)", &o.author, NULL },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

const cli_command cli_vex_def = {
	"vex", "rampart vex [options]",
	"Export the triage decisions of a repository's dependency findings as CycloneDX VEX or OpenVEX.",
	vex_opts, cmd_vex, NULL,
};

int cmd_vex(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	scan_triage_list *tl = NULL;
	scan_vex_decision *d = NULL;
	scan_vex_input in;
	scan_buf out = CLI_REPORT_BUF_INIT;
	int64_t repo_id = 0;
	bool openvex = false, help;
	size_t n;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_vex_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (pos.count) {
		rc = cli_error("vex: takes no arguments (see 'rampart vex --help')");
		goto done;
	}
	if (o.format && !strcmp(o.format, "openvex")) {
		openvex = true;
	} else if (o.format && strcmp(o.format, "cyclonedx")) {
		rc = cli_error("vex: --format takes cyclonedx or openvex, not '%s'", o.format);
		goto done;
	}
	if ((rc = cli_open_store(&st, o.db, true)) != 0 || (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
		goto done;
	if ((lrc = scan_store_triage_list(&tl, st, SCAN_STORE_LOCAL_ORG, repo_id)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	n = scan_triage_list_count(tl);
	if (!(d = calloc(n + 1, sizeof(*d)))) {
		rc = cli_error("vex: out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		const scan_triage *t = scan_triage_list_get(tl, i);
		/* VEX readers key on CVE ids first: name the vulnerability by its CVE when it has one. */
		d[i].vuln_id = t->cve_id ? t->cve_id : t->vuln_id;
		d[i].purl = t->purl;
		d[i].state = t->status;
		d[i].justification = t->justification;
		d[i].updated = t->updated_at;
	}
	memset(&in, 0, sizeof(in));
	in.decisions = d;
	in.ndecisions = n;
	in.author = o.author;
	in.tool_version = RAMPART_VERSION;
	lrc = openvex ? scan_vex_openvex(&out, &in) : scan_vex_cyclonedx(&out, &in);
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	scan_buf_putc(&out, '\n');
	rc = cli_emit(&out, o.output);
done:
	free(d);
	scan_triage_list_free(tl);
	scan_store_free(st);
	scan_buf_dispose(&out);
	cli_strlist_dispose(&pos);
	return rc;
}
