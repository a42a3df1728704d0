/* tests/fuzz/fuzz_ai_policy.c - an AI policy document from arbitrary bytes (an API body) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A document the reader accepts writes back as JSON it accepts again, with
 * the same fields; and any accepted policy, over the default, gives a verdict.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_ai_policy p, q, def, eff;
	scan_ai_verdict v;
	scan_ai_policy_facts facts = { NULL, NULL, NULL, 0 };
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	scan_json w;

	if (scan_aiasset__policy_parse(&p, (const char *)data, size) != 0) {
		scan_aiasset__policy_dispose(&p);
		return 0;
	}
	scan_json_init(&w, &a, false);
	scan_json_open(&w, NULL, '{');
	scan_aiasset__policy_fields_json(&w, &p);
	scan_json_close(&w, '}');
	if (scan_json_finish(&w) != 0 || scan_aiasset__policy_parse(&q, a.ptr, a.size) != 0)
		abort();
	scan_json_init(&w, &b, false);
	scan_json_open(&w, NULL, '{');
	scan_aiasset__policy_fields_json(&w, &q);
	scan_json_close(&w, '}');
	if (scan_json_finish(&w) != 0 || strcmp(a.ptr, b.ptr))
		abort();
	scan_aiasset__policy_default(&def);
	scan_aiasset__policy_overlay(&eff, &def, &p);
	if (scan_aiasset__policy_evaluate(&v, &eff, &facts) != 0 || !v.status)
		abort();
	scan_aiasset__verdict_dispose(&v);
	scan_aiasset__policy_dispose(&q);
	scan_aiasset__policy_dispose(&p);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);
	return 0;
}
