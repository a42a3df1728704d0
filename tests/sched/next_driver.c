/* tests/sched/next_driver.c - scan_cron_next() over lines of stdin, for tests/sched/reference.py */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/schedule.h"

/*
 * Each line is "zone<TAB>expression<TAB>after<TAB>count"; each answer line
 * is the next count fire instants (epoch seconds, space-separated), "none"
 * in place of a fire the eight-year search did not find (and nothing after
 * it), or "error" when the zone or the expression does not open. An
 * optional argument is the zoneinfo directory.
 */

#define ZONES_MAX 64
#define COUNT_MAX 100

typedef struct {
	char *name;
	scan_tz *tz;
	int rc;
} zone_entry;

static zone_entry zones[ZONES_MAX];
static size_t nzones;

/* Zones open once: a run has thousands of lines over a handful of zones. */
static int zone_get(const char *name, const char *dir, scan_tz **tz)
{
	size_t n;

	for (size_t i = 0; i < nzones; i++) {
		if (strcmp(zones[i].name, name) == 0) {
			*tz = zones[i].tz;
			return zones[i].rc;
		}
	}
	if (nzones == ZONES_MAX)
		return scan_tz_open(tz, name, dir) == 0 ? (scan_tz_free(*tz), *tz = NULL, -1) : -1;
	n = strlen(name) + 1;
	if (!(zones[nzones].name = malloc(n)))
		abort();
	memcpy(zones[nzones].name, name, n);
	zones[nzones].rc = scan_tz_open(&zones[nzones].tz, name, dir);
	*tz = zones[nzones].tz;
	return zones[nzones++].rc;
}

static bool parse_ll(const char *s, long long *out)
{
	char *end;

	errno = 0;
	*out = strtoll(s, &end, 10);
	return errno == 0 && end != s && *end == '\0';
}

static void answer(char *line, const char *dir)
{
	char *f[4], *p = line;
	long long after, count;
	scan_tz *tz = NULL;
	scan_cron cron;
	int64_t t;

	for (int i = 0; i < 4; i++) {
		f[i] = p;
		p = strchr(p, '\t');
		if (i < 3 && !p) {
			puts("error");
			return;
		}
		if (p)
			*p++ = '\0';
	}
	if (p || !parse_ll(f[2], &after) || !parse_ll(f[3], &count) || count < 1 || count > COUNT_MAX ||
	    zone_get(f[0], dir, &tz) != 0 || scan_cron_parse(&cron, f[1], NULL) != 0) {
		puts("error");
		return;
	}
	t = after;
	for (long long i = 0; i < count; i++) {
		int rc = scan_cron_next(&t, &cron, tz, t);
		if (rc == SCAN_ENOTFOUND) {
			printf("%snone", i ? " " : "");
			break;
		}
		if (rc != 0) {
			printf("%serror", i ? " " : "");
			break;
		}
		printf("%s%lld", i ? " " : "", (long long)t);
	}
	putchar('\n');
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : NULL;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, stdin)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		answer(line, dir);
	}
	free(line);
	for (size_t i = 0; i < nzones; i++) {
		scan_tz_free(zones[i].tz);
		free(zones[i].name);
	}
	return ferror(stdout) ? 1 : 0;
}
