/*
 * tests/fuzz/fuzz_sca_version.c - the version orderings must be orders, on
 * any input: the first byte picks the ecosystem, the rest is two or three
 * NUL-separated strings a, b[, c].
 * - comparing never fails but with SCAN_EPARSE and a one-line message, and
 *   fails exactly when one side is not a version;
 * - reflexive: cmp(a, a) == 0;
 * - antisymmetric: sign(cmp(a, b)) == -sign(cmp(b, a));
 * - transitive: a <= b and b <= c give a <= c (and equality carries);
 * - an OSV range [introduced b, fixed c) holds a as the comparisons say.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "version/version.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Versions are capped at 256 bytes; a little more exercises the refusal. */
#define FUZZ_STR_MAX 300

static void check_error(int rc)
{
	const scan_error *e;

	if (rc == 0)
		return;
	e = scan_error_last();
	if (rc != SCAN_EPARSE || e->code != SCAN_EPARSE || !e->message[0] || strchr(e->message, '\n'))
		abort();
}

/* cmp(a, b), or 2 when either is refused. */
static int cmp(scan_ecosystem eco, const char *a, const char *b)
{
	int c = 7;
	int rc = scan_version__cmp(eco, a, b, &c);

	check_error(rc);
	if (rc) {
		if (c != 0)
			abort();
		return 2;
	}
	if (c != -1 && c != 0 && c != 1)
		abort();
	return c;
}

static bool valid(scan_ecosystem eco, const char *v)
{
	int rc = scan_version__check(eco, v);

	check_error(rc);
	return rc == 0;
}

static void check_range(scan_ecosystem eco, const char *a, const char *b, const char *c)
{
	const scan_osv_event ev[] = { { SCAN_OSV_INTRODUCED, b }, { SCAN_OSV_FIXED, c } };
	const scan_osv_range r = { SCAN_OSV_RANGE_ECOSYSTEM, ev, 2 };
	bool affected, want, intro, fix;
	const char *fixed;
	int rc = scan_version__osv_affects(eco, &r, 1, NULL, 0, a, &affected, &fixed);

	check_error(rc);
	if (rc != 0 || !valid(eco, a))
		return;
	intro = !strcmp(b, "0") || (valid(eco, b) && cmp(eco, a, b) >= 0);
	fix = valid(eco, c) && cmp(eco, a, c) >= 0;
	if (intro && fix)
		/* Both hold: the greater event decides; at a tie, introduced (fixed X, introduced X). */
		want = !strcmp(b, "0") ? false : cmp(eco, b, c) >= 0;
	else
		want = intro;
	if (affected != want)
		abort();
	/* The fix offered is c, when a is affected and below it. */
	if (fixed != (affected && valid(eco, c) && cmp(eco, c, a) > 0 ? c : NULL))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[3][FUZZ_STR_MAX + 1];
	size_t n = 0, pos = 1;
	scan_ecosystem eco;

	if (size < 1)
		return 0;
	eco = (scan_ecosystem)(data[0] % SCAN_ECO__COUNT);
	/* Up to three strings, each cut at FUZZ_STR_MAX bytes. */
	while (n < 3 && pos <= size) {
		const uint8_t *end = pos < size ? memchr(data + pos, '\0', size - pos) : NULL;
		size_t len = end ? (size_t)(end - (data + pos)) : size - pos;
		size_t keep = len > FUZZ_STR_MAX ? FUZZ_STR_MAX : len;

		memcpy(s[n], data + pos, keep);
		s[n][keep] = '\0';
		n++;
		pos += len + 1;
	}
	while (n < 2) {
		memcpy(s[n], s[0], sizeof(s[0]));
		n++;
	}

	for (size_t i = 0; i < n; i++) {
		int self = cmp(eco, s[i], s[i]);
		if (self != (valid(eco, s[i]) ? 0 : 2))
			abort();
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			int x = cmp(eco, s[i], s[j]), y = cmp(eco, s[j], s[i]);
			if ((x == 2) != (y == 2) || (x == 2) != (!valid(eco, s[i]) || !valid(eco, s[j])))
				abort();
			if (x != 2 && x != -y)
				abort();
		}
	if (n == 3) {
		/* Every ordering of the three: a <= b <= c implies a <= c, equal when both are. */
		static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
		for (int p = 0; p < 6; p++) {
			const char *a = s[perm[p][0]], *b = s[perm[p][1]], *c = s[perm[p][2]];
			int ab = cmp(eco, a, b), bc = cmp(eco, b, c), ac = cmp(eco, a, c);
			if (ab == 2 || bc == 2)
				continue;
			if (ab <= 0 && bc <= 0 && ac > 0)
				abort();
			if (ab == 0 && bc == 0 && ac != 0)
				abort();
		}
		check_range(eco, s[0], s[1], s[2]);
	}
	return 0;
}
