/*
 * tests/fuzz/fuzz_sca_cvss.c - CVSS vectors come from advisories: whatever
 * the bytes, scoring either succeeds with a rated one-decimal score from 0.0
 * to 10.0, or refuses with SCAN_EPARSE and a one-line message.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sca/cvss.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	double score = -1;
	scan_cvss_version version = 0;
	int rc;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	rc = scan_sca__cvss_score(s, &score, &version);
	if (rc == 0) {
		if (!(score >= 0 && score <= 10) || fabs(score * 10 - round(score * 10)) > 1e-9)
			abort();
		if (version != SCAN_CVSS_V2 && version != SCAN_CVSS_V3 && version != SCAN_CVSS_V4)
			abort();
		if (!scan_sca__cvss_severity(score, version))
			abort();
	} else {
		const scan_error *e = scan_error_last();

		if (rc != SCAN_EPARSE || e->code != SCAN_EPARSE || !e->message[0] || strchr(e->message, '\n'))
			abort();
		/* A refused vector leaves the outputs alone. */
		if (score != -1 || version != 0)
			abort();
	}
	free(s);
	return 0;
}
