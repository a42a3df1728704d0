/* cmd/cmd_sbom.c - rampart sbom: the inventory of a tree as CycloneDX or SPDX JSON */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/sbom.h"

static struct {
	const char *db, *format, *spec_version, *output, *name;
	cli_strlist excludes;
	bool vulns, no_default_excludes;
} o;

static const cli_opt sbom_opts[] = {
	{ "format", 'f', OPT_STRING, "FORMAT", "cyclonedx-json (default) or spdx-json", &o.format, "cyclonedx-json|spdx-json" },
	{ "spec-version", 0, OPT_STRING, "VERSION", "CycloneDX specification version: 1.5 or 1.6 (default)", &o.spec_version, "1.5|1.6" },
	{ "vulns", 0, OPT_FLAG, NULL, "add the known vulnerabilities of each component (CycloneDX)", &o.vulns, NULL },
	{ "output", 'o', OPT_STRING, "FILE", "write the document to FILE instead of standard output", &o.output, "@file" },
	{ "name", 0, OPT_STRING, "NAME", "the project's name in the document (default: the directory's)", &o.name, NULL },
	{ "exclude", 'e', OPT_LIST, "GLOB", "leave out paths matching GLOB (gitignore syntax; repeatable)", &o.excludes, NULL },
	{ "no-default-excludes", 0, OPT_FLAG, NULL, "also read node_modules, vendor and build output", &o.no_default_excludes, NULL },
	{ "db", 0, OPT_STRING, "FILE", "database with the vulnerability data for --vulns", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ 0 },
};

const cli_command cli_sbom_def = {
	"sbom", "rampart sbom [options] PATH",
	"Write the software bill of materials of every lockfile under PATH (CycloneDX 1.5/1.6 or SPDX 2.3 JSON).",
	sbom_opts, cmd_sbom, NULL,
};

int cmd_sbom(int argc, char **argv)
{
	scan_options opts = SCAN_OPTIONS_INIT;
	scan_sbom_input in;
	cli_strlist pos = { 0 };
	scan_result *result = NULL;
	scan_store *store = NULL;
	scan_vulndb_reader *vulndb = NULL;
	scan_buf out = CLI_REPORT_BUF_INIT;
	const scan_finding **findings = NULL;
	scan_cyclonedx_version version = SCAN_CYCLONEDX_1_6;
	bool spdx = false, help;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_sbom_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (pos.count != 1) {
		rc = cli_error("sbom: name exactly one PATH (see 'rampart sbom --help')");
		goto done;
	}
	if (o.format && !strcmp(o.format, "spdx-json")) {
		spdx = true;
	} else if (o.format && strcmp(o.format, "cyclonedx-json")) {
		rc = cli_error("sbom: --format takes cyclonedx-json or spdx-json, not '%s'", o.format);
		goto done;
	}
	if (o.spec_version) {
		if (spdx) {
			rc = cli_error("sbom: --spec-version is for CycloneDX; spdx-json is SPDX 2.3");
			goto done;
		}
		if (!strcmp(o.spec_version, "1.5")) {
			version = SCAN_CYCLONEDX_1_5;
		} else if (strcmp(o.spec_version, "1.6")) {
			rc = cli_error("sbom: --spec-version takes 1.5 or 1.6, not '%s'", o.spec_version);
			goto done;
		}
	}
	if (o.vulns && spdx) {
		rc = cli_error("sbom: SPDX 2.3 has no place for vulnerabilities; use --format cyclonedx-json with --vulns");
		goto done;
	}
	if (o.vulns && (rc = cli_open_store(&store, o.db, true)) != 0)
		goto done;

	opts.target = pos.items[0];
	cli_scan_environment(&opts, NULL);
	opts.analyzers = "sca";
	opts.excludes = o.excludes.items;
	opts.exclude_count = o.excludes.count;
	opts.no_default_excludes = o.no_default_excludes;
	if ((rc = cli_open_vulndb(&vulndb, store)) != EXIT_OK)
		goto done;
	opts.vulndb = vulndb;
	if ((lrc = scan_run(&result, &opts)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	/* Without --vulns there is no database to miss. */
	cli_warn_sca_problems(result, o.vulns);

	memset(&in, 0, sizeof(in));
	in.components = scan_result_components(result, &in.ncomponents);
	in.root_name = o.name ? o.name : scan_result_repo(result)->name;
	in.created = scan_result_repo(result)->started_at;
	in.tool_version = RAMPART_VERSION;
	in.vulns = o.vulns;
	if (o.vulns) {
		const scan_finding_list *l = scan_result_findings(result);
		size_t n = scan_finding_list_count(l);

		if (n && !(findings = calloc(n, sizeof(*findings)))) {
			rc = cli_error("sbom: out of memory");
			goto done;
		}
		for (size_t i = 0; i < n; i++)
			findings[i] = scan_finding_list_get(l, i);
		in.findings = findings;
		in.nfindings = n;
	}
	lrc = spdx ? scan_sbom_spdx(&out, &in) : scan_sbom_cyclonedx(&out, &in, version);
	if (lrc) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	scan_buf_putc(&out, '\n');
	rc = cli_emit(&out, o.output);

done:
	free(findings);
	scan_buf_dispose(&out);
	scan_result_free(result);
	scan_vulndb_reader_free(vulndb);
	scan_store_free(store);
	cli_strlist_dispose(&pos);
	cli_strlist_dispose(&o.excludes);
	return rc;
}
