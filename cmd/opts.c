/* cmd/opts.c - one option table drives parsing, --help, the man pages and completions */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/array.h"

static int list_add(cli_strlist *l, const char *s)
{
	if (scan_array_reserve(&l->items, &l->cap, l->count + 1, sizeof(*l->items)))
		return cli_error("out of memory");
	l->items[l->count++] = s;
	return 0;
}

void cli_strlist_dispose(cli_strlist *l)
{
	free(l->items);
	l->items = NULL;
	l->count = l->cap = 0;
}

static const cli_opt *find_long(const cli_opt *opts, const char *name, size_t len)
{
	for (const cli_opt *o = opts; o && o->name; o++)
		if (strlen(o->name) == len && !strncmp(o->name, name, len))
			return o;
	return NULL;
}

static const cli_opt *find_short(const cli_opt *opts, char c)
{
	for (const cli_opt *o = opts; o && o->name; o++)
		if (o->short_name && o->short_name == c)
			return o;
	return NULL;
}

static int set_value(const cli_command *cmd, const cli_opt *o, const char *value)
{
	char *end;
	long long v;

	switch (o->type) {
	case OPT_FLAG:
		*(bool *)o->dest = true;
		return 0;
	case OPT_STRING:
		*(const char **)o->dest = value;
		return 0;
	case OPT_LIST:
		return list_add(o->dest, value);
	case OPT_INT:
		errno = 0;
		v = strtoll(value, &end, 10);
		if (!*value || *end || errno)
			return cli_error("%s: option '--%s' takes a number, not '%s'", cmd->name, o->name, value);
		*(long long *)o->dest = v;
		return 0;
	}
	return EXIT_ERROR;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_strlist *pos, bool *help_shown)
{
	int rc;

	*help_shown = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const cli_opt *o;
		const char *value = NULL;

		if (!strcmp(a, "--")) {
			for (i++; i < argc; i++)
				if ((rc = list_add(pos, argv[i])) != 0)
					return rc;
			break;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			cli_print_help(cmd, stdout);
			*help_shown = true;
			return 0;
		}
		if (a[0] != '-' || a[1] == '\0') {
			if ((rc = list_add(pos, a)) != 0)
				return rc;
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			if (!(o = find_long(cmd->opts, a + 2, len)))
				return cli_error("%s: unknown option '%.*s' (see 'rampart %s --help')", cmd->name,
				                 (int)(len + 2), a, cmd->name);
			if (eq) {
				if (o->type == OPT_FLAG)
					return cli_error("%s: option '--%s' takes no value", cmd->name, o->name);
				value = eq + 1;
			}
		} else {
			if (!(o = find_short(cmd->opts, a[1])))
				return cli_error("%s: unknown option '-%c' (see 'rampart %s --help')", cmd->name, a[1],
				                 cmd->name);
			if (a[2]) {
				if (o->type == OPT_FLAG)
					return cli_error("%s: option '-%c' takes no value", cmd->name, a[1]);
				value = a + 2;
			}
		}
		if (o->type != OPT_FLAG && !value) {
			if (i + 1 >= argc)
				return cli_error("%s: option '--%s' needs a value", cmd->name, o->name);
			value = argv[++i];
		}
		if ((rc = set_value(cmd, o, value)) != 0)
			return rc;
	}
	return 0;
}

void cli_print_help(const cli_command *cmd, FILE *out)
{
	fprintf(out, "usage: %s\n\n%s\n\n", cmd->usage, cmd->summary);
	if (cmd->verbs) {
		fprintf(out, "actions:\n");
		for (const cli_verb *v = cmd->verbs; v->name; v++)
			fprintf(out, "  %-28s %s\n", v->name, v->summary);
		fprintf(out, "\n");
	}
	fprintf(out, "options:\n");
	for (const cli_opt *o = cmd->opts; o && o->name; o++) {
		char left[64];
		if (o->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name, o->arg ? " " : "",
			         o->arg ? o->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-28s %s\n", left, o->help);
	}
	fprintf(out, "  %-28s %s\n", "-h, --help", "show this help");
}

bool cli_verb_is(const cli_verb *v, const char *name)
{
	return v && !strcmp(v->name, name);
}

int cli_verb_of(const cli_verb **out, const cli_command *cmd, const cli_strlist *pos, bool optional)
{
	scan_buf names = SCAN_BUF_INIT;
	const cli_verb *v = NULL;
	unsigned nargs;
	int rc;

	*out = NULL;
	for (const cli_verb *k = cmd->verbs; pos->count && k && k->name && !v; k++)
		if (!strcmp(pos->items[0], k->name))
			v = k;
	if (!v) {
		if (optional)
			return EXIT_OK;
		for (const cli_verb *k = cmd->verbs; k && k->name; k++)
			scan_buf_printf(&names, "%s%s", k == cmd->verbs ? "" : (k + 1)->name ? ", " : " or ", k->name);
		rc = pos->count ? cli_error("%s: unknown action '%s': use %s", cmd->name, pos->items[0], names.ptr)
		                : cli_error("%s: name an action: %s", cmd->name, names.ptr);
		scan_buf_dispose(&names);
		return rc;
	}
	nargs = (unsigned)(pos->count - 1);
	if (nargs < v->min_args || nargs > v->max_args) {
		return cli_error("%s %s takes %s (see 'rampart %s --help')", cmd->name, v->name,
		                 v->args ? v->args : "no arguments", cmd->name);
	}
	*out = v;
	return EXIT_OK;
}

int cli_format_parse(cli_format *out, const char *name)
{
	if (!name || !strcmp(name, "text"))
		*out = FORMAT_TEXT;
	else if (!strcmp(name, "json"))
		*out = FORMAT_JSON;
	else if (!strcmp(name, "sarif"))
		*out = FORMAT_SARIF;
	else
		return cli_error("unknown format '%s' (text, json or sarif)", name);
	return 0;
}
