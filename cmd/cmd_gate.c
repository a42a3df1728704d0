/* cmd/cmd_gate.c - rampart gate: the quality gate of a scan, and its configuration */
#include <string.h>
#include "cli.h"

static struct {
	const char *db, *format, *output, *repo, *new_code_only;
	long long pr;
	bool stored, enable, disable;
	cli_strlist set;
} o;

static const cli_opt gate_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text, json or sarif", &o.format, "text|json|sarif" },
	{ "output", 'o', OPT_STRING, "FILE", "write the report to FILE instead of standard output", &o.output, "@file" },
	{ "repo", 'r', OPT_STRING, "REPO", "the newest scan of this repository (id, name or URL)", &o.repo, NULL },
	{ "pr", 0, OPT_INT, "N", "evaluate as pull request N (for pull-request waivers)", &o.pr, NULL },
	{ "stored", 0, OPT_FLAG, NULL, "show the status stored when the scan completed, not a fresh evaluation", &o.stored, NULL },
	{ "set", 0, OPT_LIST, "KEY=VALUE", "config set: a policy key (repeatable)", &o.set, NULL },
	{ "enable", 0, OPT_FLAG, NULL, "config set: turn the gate on", &o.enable, NULL },
	{ "disable", 0, OPT_FLAG, NULL, "config set: turn the gate off (status not_configured)", &o.disable, NULL },
	{ "new-code-only", 0, OPT_STRING, "BOOL", "config set: evaluate only new findings (true or false)", &o.new_code_only, "true|false" },
	{ 0 },
};

static const cli_verb gate_verbs[] = {
	{ "config", 1, 1, "one of show, set or reset", "show, set or reset the organization's gate configuration" },
	{ 0 },
};

const cli_command cli_gate_def = {
	"gate", "rampart gate [options] [SCAN_ID]\n       rampart gate config show|set|reset [options]",
	"Evaluate the quality gate of a scan (exit 0 passed or not configured, 1 failed, 2 error).",
	gate_opts, cmd_gate, gate_verbs,
};

static int print_config(const scan_gate_config *cfg, cli_format format)
{
	scan_buf out = SCAN_BUF_INIT;
	int rc = EXIT_OK, lrc;

	if (format == FORMAT_JSON) {
		scan_json w;
		scan_json_init(&w, &out, false);
		scan_gate_config_json(&w, NULL, SCAN_STORE_LOCAL_ORG, cfg);
		scan_buf_putc(&out, '\n');
		if ((lrc = scan_json_finish(&w)) != 0)
			rc = cli_error_lib(lrc);
		else
			fputs(out.ptr, stdout);
	} else {
		scan_gate_policy_write_json(&out, &cfg->policy);
		printf("enabled: %s\napplies to new code only: %s\npolicy (%s%s): %s\n", cfg->enabled ? "yes" : "no",
		       cfg->applies_to_new_code_only ? "yes" : "no", SCAN_GATE_POLICY_VERSION,
		       cfg->configured ? "" : ", defaults", out.ptr);
	}
	scan_buf_dispose(&out);
	return rc;
}

static int gate_config(scan_store *st, const char *verb, cli_format format)
{
	scan_gate_config cfg;
	int rc;

	if ((rc = scan_store_gate_config(&cfg, st, SCAN_STORE_LOCAL_ORG)) != 0)
		return cli_error_lib(rc);
	if (!strcmp(verb, "show"))
		return print_config(&cfg, format);
	if (!strcmp(verb, "reset")) {
		scan_gate_config defaults = SCAN_GATE_CONFIG_DEFAULTS;
		cfg = defaults;
	} else if (!strcmp(verb, "set")) {
		if (o.enable && o.disable)
			return cli_error("gate config set: --enable and --disable contradict each other");
		if (!o.set.count && !o.enable && !o.disable && !o.new_code_only)
			return cli_error("gate config set: give --set KEY=VALUE, --enable, --disable or --new-code-only");
		for (size_t i = 0; i < o.set.count; i++) {
			const char *eq = strchr(o.set.items[i], '=');
			char key[64];
			if (!eq || (size_t)(eq - o.set.items[i]) >= sizeof(key))
				return cli_error("gate config set: --set takes KEY=VALUE, not '%s'", o.set.items[i]);
			memcpy(key, o.set.items[i], (size_t)(eq - o.set.items[i]));
			key[eq - o.set.items[i]] = '\0';
			if ((rc = scan_gate_policy_set(&cfg.policy, key, eq + 1)) != 0)
				return cli_error_lib(rc);
		}
		if (o.enable || o.disable)
			cfg.enabled = o.enable;
		if (o.new_code_only) {
			if (strcmp(o.new_code_only, "true") && strcmp(o.new_code_only, "false"))
				return cli_error("gate config set: --new-code-only takes true or false");
			cfg.applies_to_new_code_only = !strcmp(o.new_code_only, "true");
		}
	} else {
		return cli_error("gate config: unknown action '%s' (show, set or reset)", verb);
	}
	if ((rc = scan_store_gate_config_put(st, SCAN_STORE_LOCAL_ORG, &cfg)) != 0)
		return cli_error_lib(rc);
	cfg.configured = true;
	return print_config(&cfg, format);
}

int cmd_gate(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	cli_stored_scan loaded = { 0 };
	cli_doc *doc = &loaded.doc;
	scan_gate_report *gate = NULL;
	cli_format format;
	int64_t scan_id = 0;
	bool help;
	const cli_verb *verb = NULL;
	int rc, lrc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_gate_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (o.pr < 0) {
		rc = cli_error("gate: --pr takes a positive number");
		goto done;
	}
	/* Evaluating and showing only read; config set and reset write. */
	if ((rc = cli_verb_of(&verb, &cli_gate_def, &pos, true)) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, !verb || !strcmp(pos.items[1], "show"))) != 0)
		goto done;
	if (verb) {
		rc = gate_config(st, pos.items[1], format);
		goto done;
	}
	if (pos.count > 1) {
		rc = cli_error("gate: at most one SCAN_ID");
		goto done;
	}
	if ((rc = cli_resolve_scan(&scan_id, st, pos.count ? pos.items[0] : NULL, o.repo)) != 0)
		goto done;
	if ((rc = cli_stored_scan_load(&loaded, st, scan_id, NULL)) != 0)
		goto done;
	if ((lrc = o.stored ? scan_store_gate_stored(&gate, st, SCAN_STORE_LOCAL_ORG, scan_id)
	                    : scan_ops_gate_evaluate(&gate, st, SCAN_STORE_LOCAL_ORG, scan_id, o.pr)) != 0) {
		rc = cli_error_lib(lrc);
		goto done;
	}
	if (o.pr)
		doc->pr_number = o.pr;
	doc->gate = gate;
	if (format == FORMAT_TEXT) {
		/* The repository's and branch's names are the scanned tree's, stored: quoted for the terminal. */
		printf("scan %lld of ", (long long)doc->scan_id);
		cli_put_safe(stdout, doc->repo_name);
		if (doc->branch) {
			printf(" on ");
			cli_put_safe(stdout, doc->branch);
		}
		if (doc->pr_number)
			printf(" (pull request %lld)", (long long)doc->pr_number);
		printf("\n");
		cli_write_gate_text(stdout, doc, cli_use_color(stdout));
		cli_print_skipped_note(stdout, loaded.nskipped);
	} else if ((rc = cli_emit_doc(doc, format, o.output)) != 0) {
		goto done;
	}
	rc = gate->status == SCAN_GATE_FAILED ? EXIT_FAILED : EXIT_OK;
done:
	scan_gate_report_free(gate);
	cli_stored_scan_dispose(&loaded);
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	cli_strlist_dispose(&o.set);
	return rc;
}
