/*
 * tests/fuzz/fuzz_sast_rules.c - a code rule pack comes from --rules or from
 * the scanned repository's .rampart/rules, so it may be hostile: the YAML
 * tree, the loader, the pattern compiler and the matcher must hold up.
 */
#include <string.h>
#include "parse/tree.h"
#include "sast/engine.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static int ignore(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	(void)ud, (void)r, (void)m, (void)flow;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	sast_ruleset set;
	sast_engine *e = NULL;
	sast_ctx *c = NULL;
	scan_parse_state ps;

	memset(&set, 0, sizeof(set));
	memset(&ps, 0, sizeof(ps));
	if (scan_sast__load_text(&set, (const char *)data, size, "fuzz.yaml") == 0 && set.count &&
	    scan_sast__engine_new(&e, &set) == 0 && scan_sast__ctx_new(&c, e) == 0) {
		/* Run every rule over its own fixtures, as `rampart rules test` does. */
		for (size_t i = 0; i < set.count; i++)
			for (size_t k = 0; k < set.rules[i].nfixtures; k++) {
				const sast_fixture *fx = &set.rules[i].fixtures[k];
				const char *path = fx->path ? fx->path : "fuzz.py", *why = NULL;
				scan_lang lang = scan_lang__detect(path, (const unsigned char *)fx->code, strlen(fx->code));
				const TSTree *tree;
				scan_parse__reset(&ps);
				tree = scan_parse__parse(&ps, lang, fx->code, strlen(fx->code), &why);
				if (!why)
					scan_sast__scan_file(c, lang, path, fx->code, strlen(fx->code), tree, ignore, NULL, &why);
			}
	}
	scan_parse__dispose(&ps);
	scan_sast__ctx_free(c);
	scan_sast__engine_free(e);
	scan_sast__ruleset_dispose(&set);
	return 0;
}
