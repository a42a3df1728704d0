/*
 * tests/fuzz/fuzz_secret_rules.c - a rule pack comes from --secret-rules and
 * may be hostile: the YAML tree, the loader and the compilers must hold up.
 */
#include <string.h>
#include "secrets/engine.h"
#include "secrets/rules.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static int ignore(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	(void)m;
	(void)in;
	(void)payload;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	scan_secret_ruleset set;
	scan_secret_engine *e = NULL;

	memset(&set, 0, sizeof(set));
	if (scan_secrets__load_text(&set, (const char *)data, size, "fuzz.yaml") == 0 && set.count &&
	    scan_secrets__engine_new(&e, &set, NULL) == 0) {
		scan_secret_scratch *s = NULL;
		if (scan_secrets__scratch_new(&s, e) == 0) {
			/* Run the loaded rules over the rule file itself: it holds their examples. */
			scan_secret_input in = { "fuzz.yaml", data, size, false };
			scan_secrets__scan(e, s, &in, ignore, NULL);
		}
		scan_secrets__scratch_free(s);
	}
	scan_secrets__engine_free(e);
	scan_secrets__ruleset_dispose(&set);
	return 0;
}
