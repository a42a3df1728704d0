/* cmd/cmd_rules.c - rampart rules: list, show, test and validate the code and IaC rules */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scan/rules.h"

static struct {
	const char *rules, *format, *lang;
	bool no_builtin, verbose;
} o;

static const cli_opt rules_opts[] = {
	{ "rules", 0, OPT_STRING, "DIR", "add the rules under DIR to the built-in packs", &o.rules, "@dir" },
	{ "no-builtin", 0, OPT_FLAG, NULL, "leave out the built-in packs (test your own rules alone)", &o.no_builtin, NULL },
	{ "lang", 'l', OPT_STRING, "LANG", "list: only rules for this language", &o.lang, NULL },
	{ "format", 'f', OPT_STRING, "FORMAT", "list, show: text or json", &o.format, "text|json" },
	{ "verbose", 'v', OPT_FLAG, NULL, "test: print every fixture, not only failures", &o.verbose, NULL },
	{ 0 },
};

static const cli_verb rules_verbs[] = {
	{ "list", 0, 0, NULL, "list the rules, with their severity and confidence" },
	{ "show", 1, 1, "one RULE_ID", "show one rule" },
	{ "test", 0, 1, "at most one RULE_ID", "run the rules against their fixtures" },
	{ "validate", 1, 1, "one file or directory", "check rule files without running them" },
	{ "tree", 1, 1, "one FILE", "print a file's syntax tree, to write patterns against" },
	{ 0 },
};

const cli_command cli_rules_def = {
	"rules", "rampart rules list [--lang LANG] [--rules DIR] [--format text|json]\n"
	"       rampart rules show RULE_ID [--rules DIR] [--format text|json]\n"
	"       rampart rules test [RULE_ID] [--rules DIR] [--no-builtin] [--verbose]\n"
	"       rampart rules validate PATH\n"
	"       rampart rules tree FILE",
	"List, show, test or validate the code and IaC rules; print a file's syntax tree for writing them.",
	rules_opts, cmd_rules, rules_verbs,
};

static void json_rule(scan_json *w, const scan_rule_info *r)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "id", r->rule_id);
	scan_json_str(w, "title", r->title);
	scan_json_str(w, "languages", r->languages);
	scan_json_str(w, "severity", scan_severity_name(r->severity));
	scan_json_str(w, "category", scan_category_name(r->category));
	scan_json_uint(w, "confidence", r->confidence);
	scan_json_str(w, "cwe", r->cwe);
	scan_json_str(w, "owasp", r->owasp);
	scan_json_str(w, "ai_rule", r->ai_rule);
	scan_json_str(w, "kind", r->taint ? "taint" : "pattern");
	scan_json_str(w, "message", r->message);
	scan_json_str(w, "remediation", r->remediation);
	scan_json_str(w, "fix", r->fix);
	scan_json_open(w, "references", '[');
	for (size_t i = 0; i < r->reference_count; i++)
		scan_json_str(w, NULL, r->references[i]);
	scan_json_close(w, ']');
	scan_json_str(w, "origin", r->origin);
	scan_json_open(w, "fixtures", '{');
	scan_json_uint(w, "vulnerable", r->vulnerable_fixtures);
	scan_json_uint(w, "safe", r->safe_fixtures);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

static bool lang_matches(const char *langs, const char *want)
{
	size_t n = strlen(want);
	for (const char *p = langs; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, want, n))
			return true;
		p = e ? e + 1 : NULL;
	}
	return false;
}

static int rules_list(const scan_rules *rs, bool json)
{
	scan_buf b = CLI_REPORT_BUF_INIT, q = SCAN_BUF_INIT;
	scan_json w;
	size_t shown = 0;
	int rc, lrc;

	scan_json_init(&w, &b, false);
	if (json)
		scan_json_open(&w, NULL, '[');
	else
		scan_buf_printf(&b, "%-52s %-8s %-4s %-9s %-22s %s\n", "rule", "severity", "conf", "cwe", "languages",
		                "title");
	for (size_t i = 0; i < scan_rules_count(rs); i++) {
		scan_rule_info r;
		scan_rules_get(rs, i, &r);
		if (o.lang && !lang_matches(r.languages, o.lang))
			continue;
		if (json) {
			json_rule(&w, &r);
		} else {
			/* A rule pack is untrusted text (--rules, .rampart/rules): each field quoted for the terminal. */
			scan_buf_printf(&b, "%-52s %-8s %-4u ", cli_safe(&q, r.rule_id), scan_severity_name(r.severity),
			                r.confidence);
			scan_buf_printf(&b, "%-9s ", cli_safe(&q, r.cwe ? r.cwe : "-"));
			scan_buf_printf(&b, "%-22s ", cli_safe(&q, r.languages));
			scan_buf_printf(&b, "%s\n", cli_safe(&q, r.title));
		}
		shown++;
	}
	if (json) {
		scan_json_close(&w, ']');
		scan_buf_putc(&b, '\n');
	} else {
		scan_buf_printf(&b, "%zu rules\n", shown);
	}
	rc = json && (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&b, NULL);
	scan_buf_dispose(&b);
	scan_buf_dispose(&q);
	return rc;
}

static int rules_show(const scan_rules *rs, const char *id, bool json)
{
	long i = scan_rules_find(rs, id);
	scan_buf b = CLI_REPORT_BUF_INIT, q = SCAN_BUF_INIT;
	scan_json w;
	scan_rule_info r;
	int rc, lrc;

	if (i < 0)
		return cli_error("rules show: no rule '%s' (see 'rampart rules list')", id);
	scan_rules_get(rs, (size_t)i, &r);
	scan_json_init(&w, &b, false);
	if (json) {
		json_rule(&w, &r);
		scan_buf_putc(&b, '\n');
	} else {
		/* A rule pack is untrusted text (--rules, .rampart/rules): each field quoted for the terminal. */
		scan_buf_printf(&b, "%s\n", cli_safe(&q, r.rule_id));
		scan_buf_printf(&b, "  %s\n\n", cli_safe(&q, r.title));
		scan_buf_printf(&b, "  languages    %s\n", cli_safe(&q, r.languages));
		scan_buf_printf(&b, "  severity     %s\n  confidence   %u\n  category     %s\n",
		                scan_severity_name(r.severity), r.confidence, scan_category_name(r.category));
		scan_buf_printf(&b, "  cwe          %s\n", cli_safe(&q, r.cwe ? r.cwe : "-"));
		scan_buf_printf(&b, "  owasp        %s\n", cli_safe(&q, r.owasp ? r.owasp : "-"));
		if (r.ai_rule)
			scan_buf_printf(&b, "  ai rule      %s\n", cli_safe(&q, r.ai_rule));
		scan_buf_printf(&b, "  defined at   %s\n", cli_safe(&q, r.origin));
		scan_buf_printf(&b, "  fixtures     %zu vulnerable, %zu safe\n", r.vulnerable_fixtures, r.safe_fixtures);
		scan_buf_printf(&b, "\n  message      %s\n", cli_safe(&q, r.message));
		if (r.remediation)
			scan_buf_printf(&b, "  remediation  %s\n", cli_safe(&q, r.remediation));
		if (r.fix)
			scan_buf_printf(&b, "  fix          %s\n", cli_safe(&q, r.fix));
		for (size_t k = 0; k < r.reference_count; k++)
			scan_buf_printf(&b, "  %s %s\n", k ? "            " : "references ", cli_safe(&q, r.references[k]));
	}
	rc = json && (lrc = scan_json_finish(&w)) != 0 ? cli_error_lib(lrc) : cli_emit(&b, NULL);
	scan_buf_dispose(&b);
	scan_buf_dispose(&q);
	return rc;
}

typedef struct {
	size_t fixtures;
} test_tally;

static void print_result(const scan_rule_test_result *r, void *payload)
{
	test_tally *t = payload;
	scan_buf id = SCAN_BUF_INIT, problem = SCAN_BUF_INIT;

	t->fixtures++;
	if (r->passed && !o.verbose)
		return;
	cli_safe(&id, r->rule_id);
	if (r->passed)
		printf("ok    %s fixture %zu (%s, line %u): %u match%s\n", id.ptr, r->fixture + 1,
		       r->vulnerable ? "vulnerable" : "safe", r->line, r->matches, r->matches == 1 ? "" : "es");
	else if (r->line)
		printf("FAIL  %s fixture %zu (%s, line %u): %s\n", id.ptr, r->fixture + 1,
		       r->vulnerable ? "vulnerable" : "safe", r->line, cli_safe(&problem, r->problem));
	else
		printf("FAIL  %s: %s\n", id.ptr, cli_safe(&problem, r->problem));
	scan_buf_dispose(&id);
	scan_buf_dispose(&problem);
}

/* "AI017", "ai/AI017": a rule the ai analyzer applies itself, tested on its own fixtures. */
static bool is_ai_rule(const char *id)
{
	if (!strncmp(id, "ai/", 3))
		id += 3;
	return !strncmp(id, "AI", 2) && strlen(id) == 5 && strspn(id + 2, "0123456789") == 3;
}

static int rules_test(const scan_rules *rs, const char *id)
{
	test_tally t = { 0 };
	size_t failed = 0, ai_failed = 0, ai_rules = 0, which = (size_t)-1;
	bool ai_only = id && is_ai_rule(id) && scan_rules_find(rs, id) < 0;
	int rc;

	if (id && !ai_only) {
		long i = scan_rules_find(rs, id);
		if (i < 0)
			return cli_error("rules test: no rule '%s' (see 'rampart rules list')", id);
		which = (size_t)i;
	}
	if (!ai_only && (rc = scan_rules_test(rs, which, print_result, &t, &failed)) != 0)
		return cli_error_lib(rc);
	/* The ai analyzer's own rules, with the built-in packs (not with --no-builtin alone). */
	if ((ai_only || (!id && !o.no_builtin)) &&
	    (rc = scan_ai_rules_test(ai_only ? id : NULL, cli_getvar("TMPDIR", NULL), print_result, &t, &ai_rules,
	                             &ai_failed)) != 0)
		return cli_error_lib(rc);
	failed += ai_failed;
	printf("%zu rule%s, %zu fixtures: ", id ? (size_t)1 : scan_rules_count(rs) + ai_rules, id ? "" : "s", t.fixtures);
	if (failed)
		printf("%zu failed\n", failed);
	else
		printf("all passed\n");
	fflush(stdout);
	return failed ? EXIT_FAILED : EXIT_OK;
}

static void print_problem(const char *message, void *payload)
{
	(void)payload;
	cli_put_safe(stderr, message);
	fputc('\n', stderr);
}

static int rules_validate(const char *path)
{
	size_t files = 0, bad = 0;
	int rc = scan_rules_validate(path, print_problem, NULL, &files, &bad);
	if (rc)
		return cli_error_lib(rc);
	if (!files)
		return cli_error("rules validate: no rule files (*.yaml, *.yml) in '%s'", path);
	if (bad)
		printf("%zu rule file%s checked: %zu invalid\n", files, files == 1 ? "" : "s", bad);
	else
		printf("%zu rule file%s checked: all valid\n", files, files == 1 ? "" : "s");
	return bad ? EXIT_FAILED : EXIT_OK;
}

int cmd_rules(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_rules *rs = NULL;
	bool help, json = false;
	const cli_verb *verb;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_rules_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if (o.format && strcmp(o.format, "text") && strcmp(o.format, "json")) {
		rc = cli_error("rules: --format is text or json, not '%s'", o.format);
		goto done;
	}
	json = o.format && !strcmp(o.format, "json");
	if ((rc = cli_verb_of(&verb, &cli_rules_def, &pos, false)) != EXIT_OK)
		goto done;
	if (cli_verb_is(verb, "tree")) {
		char *tree = NULL;
		if ((rc = scan_rules_dump_tree(pos.items[1], &tree)) != 0) {
			rc = cli_error_lib(rc);
		} else {
			/* Leaves show the file's own text: each line quoted for the terminal. */
			for (char *line = tree, *nl; *line; line = nl ? nl + 1 : line + strlen(line)) {
				if ((nl = strchr(line, '\n')))
					*nl = '\0';
				cli_put_safe(stdout, line);
				putchar('\n');
			}
		}
		free(tree);
		goto done;
	}
	if (cli_verb_is(verb, "validate")) {
		rc = rules_validate(pos.items[1]);
		goto done;
	}
	if ((rc = scan_rules_load(&rs, !o.no_builtin, o.rules, NULL)) != 0) {
		rc = cli_error_lib(rc);
		goto done;
	}
	if (cli_verb_is(verb, "list"))
		rc = rules_list(rs, json);
	else if (cli_verb_is(verb, "show"))
		rc = rules_show(rs, pos.items[1], json);
	else
		rc = rules_test(rs, pos.count == 2 ? pos.items[1] : NULL);
done:
	scan_rules_free(rs);
	cli_strlist_dispose(&pos);
	return rc;
}
