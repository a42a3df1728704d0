/* cmd/main.c - rampart: dispatch to a command of cli_commands (commands.c) */
#include <string.h>
#include "cli.h"

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
	for (size_t i = 0; cli_commands[i]; i++)
		if (!strcmp(argv[1], cli_commands[i]->name))
			return cli_commands[i]->run(argc - 1, argv + 1);
	return cli_error("unknown command '%s' (see 'rampart help')", argv[1]);
}

/* Every command's output is checked once, here: a failed write is exit 2, whatever the command said. */
int main(int argc, char **argv)
{
	/* Before any thread starts; a failure is reported by the network features that need it. */
	(void)scan_global_init();
	return cli_finish(dispatch(argc, argv));
}
