/* tests/fuzz/fuzz_compliance_framework.c - an organization's framework document (YAML or JSON) on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/compliance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * What the reader accepts is a framework that evaluates: one framework,
 * every control with an id, a name and a compiled pass condition, and an
 * evaluation over empty facts gives every control an outcome.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_framework_set *set = NULL;
	scan_compliance_report *rep = NULL;
	scan_compliance_facts facts;
	const scan_framework *f;

	if (scan_compliance_framework_parse(&set, (const char *)data, size, "fuzz", SCAN_FRAMEWORK_CUSTOM) != 0) {
		if (set)
			abort();
		return 0;
	}
	if (scan_framework_set_count(set) != 1)
		abort();
	f = scan_framework_set_get(set, 0);
	for (size_t i = 0; i < f->count; i++)
		if (!f->controls[i].id || !f->controls[i].name || !f->controls[i].pass_expr)
			abort();
	memset(&facts, 0, sizeof(facts));
	facts.now = 1800000000;
	if (scan_compliance_evaluate(&rep, &f, 1, NULL, 0, &facts, true) != 0)
		abort();
	if (scan_compliance_report_get(rep, 0)->count != f->count)
		abort();
	scan_compliance_report_free(rep);
	scan_framework_set_free(set);
	return 0;
}
