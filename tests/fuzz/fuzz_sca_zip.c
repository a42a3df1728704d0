/* tests/fuzz/fuzz_sca_zip.c - the zip reader on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "feeds/feeds.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A refusal is a documented code with a one-line message. */
static void check_refusal(int err)
{
	const scan_error *e = scan_error_last();

	if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
		abort();
	if (e->code != err || !e->message[0] || strchr(e->message, '\n'))
		abort();
}

/*
 * Whatever opens has entries whose names are strings, flagged unsafe when
 * they could escape a directory, and whose reads return exactly the
 * recorded size (NUL-terminated) or nothing.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_zip *z = NULL;
	int err = scan_zip__open(&z, data, size, "fuzz.zip");

	if (err) {
		if (z)
			abort();
		check_refusal(err);
		return 0;
	}
	for (size_t i = 0; i < scan_zip__count(z) && i < 64; i++) {
		const char *name = NULL;
		uint64_t usize = 0;
		bool safe = false;
		char *out = NULL;
		size_t len = 1;

		if (scan_zip__entry(z, i, &name, &usize, &safe) != 0 || !name)
			abort();
		if (safe) {
			size_t n = strlen(name);
			if (!n || name[0] == '/' || strchr(name, '\\') || !strcmp(name, "..") || !strncmp(name, "../", 3) ||
			    strstr(name, "/../") || (n >= 3 && !strcmp(name + n - 3, "/..")))
				abort();
		}
		err = scan_zip__read(z, i, (size_t)1 << 20, &out, &len);
		if (err == 0) {
			if (!out || len != usize || out[len] != '\0')
				abort();
			free(out);
		} else {
			if (out || len != 0)
				abort();
			check_refusal(err);
		}
	}
	scan_zip__free(z);
	return 0;
}
