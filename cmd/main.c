/* cmd/main.c - rampart: dispatch to a subcommand */
#include <string.h>
#include "cli.h"

typedef struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} subcommand;

static const subcommand subcommands[] = {
	{ "scan", cmd_scan },
	{ "gate", cmd_gate },
	{ "findings", cmd_findings },
	{ "baseline", cmd_baseline },
	{ "waiver", cmd_waiver },
	{ "coverage", cmd_coverage },
	{ "db", cmd_db },
	{ "sbom", cmd_sbom },
	{ "policy", cmd_policy },
	{ "vex", cmd_vex },
	{ "rules", cmd_rules },
	{ "version", cmd_version },
	{ "help", cmd_help },
};

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		cmd_help(1, argv);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_help(1, argv + 1);
	if (!strcmp(argv[1], "--version"))
		return cmd_version(1, argv + 1);
	for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			return subcommands[i].fn(argc - 1, argv + 1);
	return cli_error("unknown command '%s' (see 'rampart help')", argv[1]);
}

/* Every command's output is checked once, here: a failed write is exit 2, whatever the command said. */
int main(int argc, char **argv)
{
	/* Before any thread starts; a failure is reported by the network features that need it. */
	(void)scan_global_init();
	return cli_finish(dispatch(argc, argv));
}
