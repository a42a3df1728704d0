/*
 * tests/fuzz/fuzz_secrets.c - the matcher over hostile file contents with the
 * built-in pack: candidates, validators, dedupe and masking on any bytes.
 */
#include <stdlib.h>
#include <string.h>
#include "secrets/engine.h"
#include "secrets/rules.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static scan_secret_ruleset set;
static scan_secret_engine *engine;
static scan_secret_scratch *scratch;

static int check(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	char mask[96];

	(void)payload;
	if (m->start >= m->end || m->end > in->len || m->line_start > m->start || !m->line)
		abort();
	/* The mask never holds more than four characters of the secret. */
	if (scan_secrets__mask(mask, sizeof(mask), in->data + m->start, m->end - m->start) > 4 + 4 &&
	    memcmp(in->data + m->start, "-----BEGIN ", 11))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	scan_secret_input in = { size && data[0] == 't' ? "tests/a.py" : "a.py", data, size, false };

	if (!engine) {
		if (scan_secrets__load_builtin(&set) || scan_secrets__engine_new(&engine, &set, NULL) ||
		    scan_secrets__scratch_new(&scratch, engine))
			abort();
	}
	scan_secrets__scan(engine, scratch, &in, check, NULL);
	return 0;
}
