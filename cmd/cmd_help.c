/* cmd/cmd_help.c - rampart help, rampart version */
#include <string.h>
#include "cli.h"

static const cli_opt version_opts[] = { { 0 } };
const cli_command cli_version_def = {
	"version", "rampart version", "Print the version of rampart and of each analyzer.",
	version_opts, cmd_version, NULL,
};

static const cli_opt help_opts[] = { { 0 } };
const cli_command cli_help_def = {
	"help", "rampart help [COMMAND]", "List the commands, or show one command's options.", help_opts, cmd_help, NULL,
};

int cmd_version(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	bool help;
	int rc = cli_parse(&cli_version_def, argc, argv, &pos, &help);

	cli_strlist_dispose(&pos);
	if (rc || help)
		return rc;
	printf("rampart %s\n", scan_version());
	printf("analyzers:");
	for (size_t i = 0; i < scan_analyzer_count(); i++)
		printf(" %s/%s", scan_analyzer_info_get(i)->name, scan_analyzer_info_get(i)->version);
	printf("\n");
	return EXIT_OK;
}

int cmd_help(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	bool help;
	int rc = cli_parse(&cli_help_def, argc, argv, &pos, &help);

	if (rc || help) {
		cli_strlist_dispose(&pos);
		return rc;
	}
	if (pos.count) {
		size_t i = 0;
		while (cli_commands[i] && strcmp(pos.items[0], cli_commands[i]->name))
			i++;
		/* The error only when no command has the name: "help scan" once printed one as well. */
		if (cli_commands[i])
			cli_print_help(cli_commands[i], stdout);
		else
			rc = cli_error("unknown command '%s' (see 'rampart help')", pos.items[0]);
		cli_strlist_dispose(&pos);
		return rc;
	}
	printf("usage: rampart COMMAND [options]\n\n"
	       "Rampart finds security and quality problems in source code and gates CI on new ones.\n\n"
	       "commands:\n");
	for (size_t i = 0; cli_commands[i]; i++)
		printf("  %-10s %s\n", cli_commands[i]->name, cli_commands[i]->summary);
	printf("\nexit codes: 0 success or gate passed, 1 gate failed or --fail-on matched, 2 error\n"
	       "'rampart COMMAND --help' shows a command's options; 'man rampart' the whole manual.\n");
	return EXIT_OK;
}
