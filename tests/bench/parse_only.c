/*
 * tests/bench/parse_only.c DIR - the baseline of the SAST benchmark: walk DIR
 * as a scan does, read every file of a language Rampart parses, and parse it
 * with the same grammars and bounds, on one thread, doing nothing else.
 * Prints files, MB and seconds.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "parse/language.h"
#include "parse/tree.h"
#include "walk/walk.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	scan_walk_list files = { 0 };
	scan_walk_options wo = { 0 };
	scan_parse_state ps;
	char root[4096];
	size_t parsed = 0, skipped = 0, bytes = 0;
	double t0;

	if (argc != 2 || !realpath(argv[1], root)) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	memset(&ps, 0, sizeof(ps));
	wo.root = root;
	t0 = now();
	if (scan_walk__list(&files, &wo) != 0) {
		fprintf(stderr, "cannot walk %s\n", root);
		return 2;
	}
	for (size_t i = 0; i < files.count; i++) {
		char path[8192];
		scan_lang lang = scan_lang__detect(files.entries[i].path, NULL, 0);
		const char *why = NULL;
		char *buf;
		FILE *f;
		long n;
		if (!scan_parse__ts_language(lang))
			continue;
		snprintf(path, sizeof(path), "%s/%s", root, files.entries[i].path);
		if (!(f = fopen(path, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		rewind(f);
		if (n < 0 || n > (8L << 20) || !(buf = malloc((size_t)n + 1))) {
			fclose(f);
			continue;
		}
		n = (long)fread(buf, 1, (size_t)n, f);
		fclose(f);
		scan_parse__reset(&ps);
		if (scan_parse__parse(&ps, lang, buf, (size_t)n, &why))
			parsed++, bytes += (size_t)n;
		else
			skipped++;
		free(buf);
	}
	scan_parse__dispose(&ps);
	printf("parse-only: %zu files parsed (%zu skipped), %.1f MB in %.2f s: %.2f MB/s\n", parsed, skipped,
	       (double)bytes / 1e6, now() - t0, (double)bytes / 1e6 / (now() - t0));
	scan_walk__dispose(&files);
	return 0;
}
