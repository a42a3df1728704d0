/* cmd/cmd_bomexport.c - rampart bom-export: the AI bill of materials as CycloneDX 1.7 or SPDX 3.0.1 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/aiasm_store.h"
#include "scan/aibom.h"
#include "scan/store.h"

static struct {
	const char *db, *format, *output, *repo;
	long long generation;
	bool allow_incomplete;
	cli_strlist excludes;
} o;

static const cli_opt bomexport_opts[] = {
	{ "format", 'f', OPT_STRING, "FORMAT", "cyclonedx-1.7-json (default) or spdx-3.0.1-jsonld", &o.format,
	  "cyclonedx-1.7-json|spdx-3.0.1-jsonld" },
	{ "repo", 'r', OPT_STRING, "REPO", "export a stored generation of REPO instead of scanning a PATH", &o.repo, NULL },
	{ "generation", 0, OPT_INT, "N", "with --repo: generation N (default: the latest)", &o.generation, NULL },
	{ "output", 'o', OPT_STRING, "FILE", "write the document to FILE instead of standard output", &o.output, "@file" },
	{ "allow-incomplete", 0, OPT_FLAG, NULL,
	  "SPDX: write the document even when a model or dataset lacks what the AI or Dataset profile requires",
	  &o.allow_incomplete, NULL },
	{ "exclude", 'e', OPT_LIST, "GLOB", "PATH: leave out paths matching GLOB (gitignore syntax; repeatable)", &o.excludes, NULL },
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

const cli_command cli_bomexport_def = {
	"bom-export", "rampart bom-export [options] PATH | --repo REPO [--generation N]",
	"Write the AI bill of materials: the models, datasets, providers, agents, MCP servers, prompts and model files "
	"of PATH (scanned now) or of a stored generation, as CycloneDX 1.7 JSON or SPDX 3.0.1 JSON-LD.",
	bomexport_opts, cmd_bomexport, NULL,
};

/*
 * The time of an unstored export: SOURCE_DATE_EPOCH when set (the
 * reproducible-builds convention), else the scan's start. A stored
 * generation carries its own.
 */
static long long export_time(const scan_result *r)
{
	const char *e = cli_getvar("SOURCE_DATE_EPOCH", NULL);
	char *end;
	long long t;

	if (e && *e) {
		t = strtoll(e, &end, 10);
		if (!*end && t > 0)
			return t;
	}
	return (long long)scan_result_repo(r)->started_at;
}

static int blockers_refuse(const scan_aibom_input *in)
{
	scan_aibom_blocker *b = NULL;
	size_t n = 0;
	int lrc;

	if ((lrc = scan_aibom_spdx_blockers(in, &b, &n)) != 0)
		return cli_error_lib(lrc);
	for (size_t i = 0; i < n; i++)
		cli_warn("bom-export: %s lacks %s (declare it verified)", b[i].identity, b[i].missing);
	free(b);
	if (n && !o.allow_incomplete)
		return cli_error("bom-export: %zu model%s or dataset%s not ready for the SPDX AI profile "
		                 "(SPDX_AI_PROFILE_NOT_READY); pass --allow-incomplete to write it anyway",
		                 n, n == 1 ? "" : "s", n == 1 ? "" : "s");
	return EXIT_OK;
}

int cmd_bomexport(int argc, char **argv)
{
	scan_options opts = SCAN_OPTIONS_INIT;
	scan_aibom_input in;
	cli_strlist pos = { 0 };
	scan_result *result = NULL;
	scan_store *st = NULL;
	scan_ai_snapshot *snap = NULL;
	scan_ai_declaration_list decl = { 0 };
	scan_scan_list *scan = NULL;
	scan_buf out = CLI_REPORT_BUF_INIT;
	bool spdx = false, help;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_bomexport_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (o.format && !strcmp(o.format, "spdx-3.0.1-jsonld")) {
		spdx = true;
	} else if (o.format && strcmp(o.format, "cyclonedx-1.7-json")) {
		rc = cli_error("bom-export: --format takes cyclonedx-1.7-json or spdx-3.0.1-jsonld, not '%s'", o.format);
		goto done;
	}
	if ((pos.count == 1) == (o.repo != NULL)) {
		rc = cli_error("bom-export: name a PATH to scan or --repo REPO, one of the two");
		goto done;
	}
	if (o.generation < 0 || (o.generation && !o.repo)) {
		rc = cli_error(o.generation < 0 ? "bom-export: --generation takes 1 or more"
		                                : "bom-export: --generation reads a stored generation: give --repo");
		goto done;
	}
	memset(&in, 0, sizeof(in));
	in.tool_version = RAMPART_VERSION;
	if (o.repo) {
		int64_t repo_id;
		const scan_ai_generation_record *g;
		if ((rc = cli_open_store(&st, o.db, true)) != 0 || (rc = cli_resolve_repo(&repo_id, st, o.repo)) != 0)
			goto done;
		if ((lrc = scan_store_ai_snapshot(&snap, st, SCAN_STORE_LOCAL_ORG, repo_id, o.generation)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		g = scan_ai_snapshot_generation(snap);
		if ((lrc = scan_store_scan_get(&scan, st, SCAN_STORE_LOCAL_ORG, g->scan_id)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		/* what the organization declared: the latest version of each, verified ones used */
		if ((lrc = scan_store_ai_declarations(&decl, st, SCAN_STORE_LOCAL_ORG, repo_id)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		in.declarations = decl.items;
		in.ndeclarations = decl.count;
		in.inv = scan_ai_snapshot_inventory(snap);
		in.repo_name = scan_scan_list_count(scan) ? scan_scan_list_get(scan, 0)->repo_name : NULL;
		in.repo_id = repo_id;
		in.commit = g->commit;
		in.generation = g->generation;
		in.generated_at = (long long)g->created_at;
	} else {
		opts.target = pos.items[0];
		cli_scan_environment(&opts, NULL);
		/* the dependency inventory for manifests, the ai analyzer for the rest */
		opts.analyzers = "sca,ai";
		opts.excludes = o.excludes.items;
		opts.exclude_count = o.excludes.count;
		if ((lrc = scan_run(&result, &opts)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		cli_warn_sca_problems(result, false);
		in.inv = scan_result_ai(result);
		in.repo_name = scan_result_repo(result)->name;
		in.commit = scan_result_repo(result)->commit;
		in.generation = 1; /* not a stored generation: the first of its own */
		in.generated_at = export_time(result);
	}
	for (size_t i = 0; in.inv && i < in.inv->ngaps; i++)
		cli_warn("bom-export: coverage gap: %s%s%s", in.inv->gaps[i].file_path ? in.inv->gaps[i].file_path : "",
		         in.inv->gaps[i].file_path ? ": " : "", in.inv->gaps[i].reason);
	if (spdx && (rc = blockers_refuse(&in)) != EXIT_OK)
		goto done;
	if ((lrc = spdx ? scan_aibom_spdx(&out, &in) : scan_aibom_cyclonedx(&out, &in)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	rc = cli_emit(&out, o.output);
done:
	scan_buf_dispose(&out);
	scan_scan_list_free(scan);
	scan_ai_snapshot_free(snap);
	scan_ai_declaration_list_dispose(&decl);
	scan_result_free(result);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	cli_strlist_dispose(&o.excludes);
	return rc;
}
