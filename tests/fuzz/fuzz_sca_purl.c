/* tests/fuzz/fuzz_sca_purl.c - package URLs on arbitrary bytes, and the round trip with scan_model__purl */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "model/purl.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool clean(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/*
 * A parsed purl has a lower-case type, a name, no control characters in
 * any part, qualifiers sorted with unique keys and values. A purl that
 * maps to an ecosystem builds (scan_model__purl) a purl that parses back to
 * the same ecosystem and version and builds the same purl again. Refusals
 * carry a documented code and a one-line message.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1);
	scan_arena a = SCAN_ARENA_INIT;
	scan_purl p, q;
	scan_purl_package pk, pk2;
	const char *built, *again;
	int err;

	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	err = scan_model__purl_parse(&p, text, size, &a);
	if (err < 0) {
		const scan_error *e = scan_error_last();
		if ((err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM) || e->code != err ||
		    !e->message[0] || strchr(e->message, '\n'))
			abort();
		goto done;
	}
	if (!p.type[0] || !p.name[0] || !clean(p.type) || !clean(p.ns) || !clean(p.name) || !clean(p.version) ||
	    !clean(p.subpath))
		abort();
	for (const char *t = p.type; *t; t++)
		if (*t >= 'A' && *t <= 'Z')
			abort();
	for (size_t i = 0; i < p.nqualifiers; i++)
		if (!p.qualifiers[i].value[0] || !clean(p.qualifiers[i].value) ||
		    (i && strcmp(p.qualifiers[i - 1].key, p.qualifiers[i].key) >= 0))
			abort();

	err = scan_model__purl_package(&pk, &p, &a);
	if (err < 0) {
		if (err != SCAN_EINVAL && err != SCAN_EPARSE && err != SCAN_ENOMEM)
			abort();
		goto done;
	}
	if ((unsigned)pk.ecosystem >= SCAN_ECO__COUNT || !pk.name[0])
		abort();
	/* The inventory takes names and versions up to these sizes; beyond, scan_lockfile__add refuses them. */
	if (strlen(pk.name) > SCAN_SCA_NAME_MAX || (pk.version && strlen(pk.version) > SCAN_SCA_VERSION_MAX))
		goto done;
	if (scan_model__purl(&a, pk.ecosystem, pk.name, pk.version, &built) < 0)
		abort();
	if (scan_model__purl_parse(&q, built, strlen(built), &a) < 0 || scan_model__purl_package(&pk2, &q, &a) < 0)
		abort();
	if (pk2.ecosystem != pk.ecosystem)
		abort();
	/* Composer drops one "v" before a digit each time a version is read. */
	if (pk.ecosystem != SCAN_ECO_PACKAGIST || !pk.version || (pk.version[0] != 'v' && pk.version[0] != 'V')) {
		if ((pk.version == NULL) != (pk2.version == NULL) || (pk.version && strcmp(pk.version, pk2.version)))
			abort();
		if (scan_model__purl(&a, pk2.ecosystem, pk2.name, pk2.version, &again) < 0 || strcmp(built, again))
			abort();
	}
done:
	scan_arena__dispose(&a);
	free(text);
	return 0;
}
