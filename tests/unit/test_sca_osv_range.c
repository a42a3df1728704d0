/*
 * tests/unit/test_sca_osv_range.c - OSV range evaluation: the schema's
 * "Evaluation" pseudocode over each ecosystem's ordering, one table row per
 * case, each asserting whether the version is affected and the fix offered.
 */
#include <string.h>
#include "helpers.h"
#include "version/version.h"
#include "scan/common.h"

#define EV(kind, v) { SCAN_OSV_##kind, v }
/* A range of type t with the events given. */
#define RANGE(t, ...) \
	{ SCAN_OSV_RANGE_##t, (const scan_osv_event[]){ __VA_ARGS__ }, \
	  sizeof((const scan_osv_event[]){ __VA_ARGS__ }) / sizeof(scan_osv_event) }

#define RANGES_MAX 3
#define VERSIONS_MAX 4

typedef struct {
	const char *name;
	scan_ecosystem eco;
	scan_osv_range ranges[RANGES_MAX];
	size_t nranges;
	const char *versions[VERSIONS_MAX];
	size_t nversions;
	const char *version;
	bool affected;
	const char *fixed;         /* NULL: none offered */
} osv_case;

static const osv_case cases[] = {
	{ "introduced 0 alone: every version", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0")) }, 1, { NULL }, 0, "0.0.1", true, NULL },
	{ "introduced 0 covers the highest versions too", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0")) }, 1, { NULL }, 0, "999.0.0", true, NULL },
	{ "below the fix", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.0.2")) }, 1, { NULL }, 0, "1.0.1", true, "1.0.2" },
	{ "the fixed version itself is not affected", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.0.2")) }, 1, { NULL }, 0, "1.0.2", false, NULL },
	{ "a pre-release of the fix is below it", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.0.2")) }, 1, { NULL }, 0, "1.0.2-rc.1", true, "1.0.2" },
	{ "below introduced", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "1.0.0"), EV(FIXED, "1.0.2")) }, 1, { NULL }, 0, "0.9.9", false, NULL },
	{ "introduced itself is affected", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "1.0.0"), EV(FIXED, "1.0.2")) }, 1, { NULL }, 0, "1.0.0", true, "1.0.2" },
	{ "two pairs in one range: in the gap", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "1.0.0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "3.2.5")) },
	  1, { NULL }, 0, "2.0.0", false, NULL },
	{ "two pairs in one range: in the second", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "1.0.0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "3.2.5")) },
	  1, { NULL }, 0, "3.1.0", true, "3.2.5" },
	{ "two pairs in one range: the fix is the one above, not the first", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "3.2.5")) },
	  1, { NULL }, 0, "3.0.0", true, "3.2.5" },
	{ "unsorted events: in the second pair", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(FIXED, "3.2.5"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "1.0.0")) },
	  1, { NULL }, 0, "3.1.0", true, "3.2.5" },
	{ "unsorted events: in the first pair, the nearest fix", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(FIXED, "3.2.5"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "1.0.0")) },
	  1, { NULL }, 0, "1.0.1", true, "1.0.2" },
	{ "unsorted events: in the gap", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(FIXED, "3.2.5"), EV(INTRODUCED, "3.0.0"), EV(FIXED, "1.0.2"), EV(INTRODUCED, "1.0.0")) },
	  1, { NULL }, 0, "2.9.9", false, NULL },
	{ "last_affected is inclusive", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(LAST_AFFECTED, "1.5")) }, 1, { NULL }, 0, "1.5", true, NULL },
	{ "last_affected: the next version is not affected", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(LAST_AFFECTED, "1.5")) }, 1, { NULL }, 0, "1.5.post1", false, NULL },
	{ "last_affected is compared in the ecosystem's order (1.5.0 == 1.5)", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(LAST_AFFECTED, "1.5")) }, 1, { NULL }, 0, "1.5.0", true, NULL },
	{ "introduced X, last_affected X: X alone", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "2.3.4"), EV(LAST_AFFECTED, "2.3.4")) }, 1, { NULL }, 0, "2.3.4", true, NULL },
	{ "introduced X, last_affected X: not the next", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(LAST_AFFECTED, "2.3.4"), EV(INTRODUCED, "2.3.4")) }, 1, { NULL }, 0, "2.3.5", false, NULL },
	{ "fixed X, introduced X joins two ranges", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "1.0.0"), EV(FIXED, "2.0.0"), EV(INTRODUCED, "2.0.0"), EV(FIXED, "3.0.0")) },
	  1, { NULL }, 0, "2.5.0", true, "3.0.0" },
	{ "limit caps an open range", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(LIMIT, "2.0.0")) }, 1, { NULL }, 0, "1.9.9", true, NULL },
	{ "limit: at the limit, out", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(LIMIT, "2.0.0")) }, 1, { NULL }, 0, "2.0.0", false, NULL },
	{ "limit: several limits, below one of them", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(LIMIT, "1.5.0"), EV(LIMIT, "3.0.0")) }, 1, { NULL }, 0, "2.0.0",
	  true, NULL },
	{ "limit *: no cap", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(LIMIT, "*")) }, 1, { NULL }, 0, "99.0.0", true, NULL },
	{ "several ranges: affected by the second", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(FIXED, "1.1")),
	    RANGE(ECOSYSTEM, EV(INTRODUCED, "2.0"), EV(FIXED, "2.1")) }, 2, { NULL }, 0, "2.0.5", true, "2.1" },
	{ "several ranges: in none", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(FIXED, "1.1")),
	    RANGE(ECOSYSTEM, EV(INTRODUCED, "2.0"), EV(FIXED, "2.1")) }, 2, { NULL }, 0, "1.5", false, NULL },
	{ "several ranges holding it: the smallest fix above", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "2.0")),
	    RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0"), EV(FIXED, "1.5")) }, 2, { NULL }, 0, "1.2", true, "1.5" },
	{ "a fix of a range that does not hold it is not offered", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(LAST_AFFECTED, "1.4")),
	    RANGE(ECOSYSTEM, EV(INTRODUCED, "1.5"), EV(FIXED, "1.6")) }, 2, { NULL }, 0, "1.4", true, NULL },
	{ "explicit versions: PEP 440 equality, not text", SCAN_ECO_PYPI,
	  { { SCAN_OSV_RANGE_ECOSYSTEM, NULL, 0 } }, 0, { "0.9", "1.0", "1.1" }, 3, "1.0.0", true, NULL },
	{ "explicit versions: no match", SCAN_ECO_PYPI,
	  { { SCAN_OSV_RANGE_ECOSYSTEM, NULL, 0 } }, 0, { "0.9", "1.0", "1.1" }, 3, "1.0.post1", false, NULL },
	{ "explicit versions: an unparseable entry is skipped", SCAN_ECO_MAVEN,
	  { { SCAN_OSV_RANGE_ECOSYSTEM, NULL, 0 } }, 0, { "${bad}", "2.0.0.RELEASE" }, 2, "2.0", true, NULL },
	{ "in versions[] and in a range: the range's fix", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1.2")) }, 1, { "1.1" }, 1, "1.1", true, "1.2" },
	{ "GIT ranges are ignored", SCAN_ECO_GO,
	  { RANGE(GIT, EV(INTRODUCED, "0"), EV(FIXED, "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678")) }, 1, { NULL }, 0,
	  "v1.0.0", false, NULL },
	{ "GIT beside SEMVER: the SEMVER range decides", SCAN_ECO_GO,
	  { RANGE(GIT, EV(INTRODUCED, "0")), RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.2.4")) }, 2, { NULL }, 0,
	  "v1.2.3", true, "1.2.4" },
	{ "Go: a pseudo-version before the fix release is affected", SCAN_ECO_GO,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.2.4")) }, 1, { NULL }, 0,
	  "v1.2.4-0.20191109021931-daa7c04131f5", true, "1.2.4" },
	{ "Go: a pseudo-version after the fix is not", SCAN_ECO_GO,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "1.2.4")) }, 1, { NULL }, 0,
	  "v1.2.5-0.20191109021931-daa7c04131f5", false, NULL },
	{ "Go: +incompatible is ignored", SCAN_ECO_GO,
	  { RANGE(SEMVER, EV(INTRODUCED, "2.0.0"), EV(FIXED, "2.0.1")) }, 1, { NULL }, 0, "v2.0.0+incompatible", true,
	  "2.0.1" },
	{ "an unparseable event is skipped, the rest still counts", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "not a version!"), EV(FIXED, "2.0")) }, 1, { NULL }, 0,
	  "1.5", true, "2.0" },
	{ "a range whose only introduced does not parse affects nothing", SCAN_ECO_PYPI,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "one"), EV(FIXED, "2.0")) }, 1, { NULL }, 0, "1.5", false, NULL },
	{ "a range with no introduced affects nothing", SCAN_ECO_NPM,
	  { RANGE(SEMVER, EV(FIXED, "2.0.0")) }, 1, { NULL }, 0, "1.0.0", false, NULL },
	{ "a SEMVER range cannot read a PEP 440 version: skipped", SCAN_ECO_PYPI,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "2.0.0")),
	    RANGE(ECOSYSTEM, EV(INTRODUCED, "3.0"), EV(FIXED, "3.1")) }, 2, { NULL }, 0, "1.0", false, NULL },
	{ "a PEP 440 version that is also SemVer is read in a SEMVER range", SCAN_ECO_PYPI,
	  { RANGE(SEMVER, EV(INTRODUCED, "0"), EV(FIXED, "2.0.0")) }, 1, { NULL }, 0, "1.0.0", true, "2.0.0" },
	{ "no ranges, no versions", SCAN_ECO_NPM,
	  { { SCAN_OSV_RANGE_SEMVER, NULL, 0 } }, 0, { NULL }, 0, "1.0.0", false, NULL },
	{ "Debian: the epoch counts", SCAN_ECO_DEBIAN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1:2.30-1+deb12u1")) }, 1, { NULL }, 0, "2.31-1", true,
	  "1:2.30-1+deb12u1" },
	{ "Debian: a security update is the fix", SCAN_ECO_DEBIAN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1:2.30-1+deb12u1")) }, 1, { NULL }, 0,
	  "1:2.30-1+deb12u1", false, NULL },
	{ "Debian: a backport below the fix", SCAN_ECO_DEBIAN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1:2.30-1")) }, 1, { NULL }, 0, "1:2.30-1~bpo11+1", true,
	  "1:2.30-1" },
	{ "Alpine: the build number", SCAN_ECO_ALPINE,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1.2.3-r1")) }, 1, { NULL }, 0, "1.2.3-r0", true,
	  "1.2.3-r1" },
	{ "Alpine: a _p release is past the fix", SCAN_ECO_ALPINE,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "1.2.3-r1")) }, 1, { NULL }, 0, "1.2.3_p1-r0", false, NULL },
	{ "Maven: a release candidate of the fix is affected", SCAN_ECO_MAVEN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "2.0-beta9"), EV(FIXED, "2.15.0")) }, 1, { NULL }, 0, "2.15.0-rc1", true,
	  "2.15.0" },
	{ "Maven: 2.15.0.RELEASE is 2.15.0", SCAN_ECO_MAVEN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "2.0-beta9"), EV(FIXED, "2.15.0")) }, 1, { NULL }, 0, "2.15.0.RELEASE",
	  false, NULL },
	{ "Maven: below introduced", SCAN_ECO_MAVEN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "2.0-beta9"), EV(FIXED, "2.15.0")) }, 1, { NULL }, 0, "2.0-alpha1", false,
	  NULL },
	{ "RubyGems: a prerelease of the fix", SCAN_ECO_RUBYGEMS,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "5.0.0"), EV(FIXED, "5.2.1")) }, 1, { NULL }, 0, "5.2.1.rc1", true, "5.2.1" },
	{ "NuGet: labels case-insensitively, four numbers", SCAN_ECO_NUGET,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0.0-BETA"), EV(FIXED, "1.0.0.1")) }, 1, { NULL }, 0, "1.0.0-beta.2",
	  true, "1.0.0.1" },
	{ "Composer: v prefix and stabilities", SCAN_ECO_PACKAGIST,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "1.0.0-beta1"), EV(FIXED, "1.0.0-RC1")) }, 1, { NULL }, 0, "v1.0.0-beta2",
	  true, "1.0.0-RC1" },
	{ "crates.io: SEMVER range", SCAN_ECO_CARGO,
	  { RANGE(SEMVER, EV(INTRODUCED, "0.0.0-0"), EV(FIXED, "0.8.13")) }, 1, { NULL }, 0, "0.8.12", true, "0.8.13" },
	{ "introduced 0 where 0 is itself a version (Debian)", SCAN_ECO_DEBIAN,
	  { RANGE(ECOSYSTEM, EV(INTRODUCED, "0"), EV(FIXED, "0.5")) }, 1, { NULL }, 0, "0~beta1", true, "0.5" },
};

static void test_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const osv_case *c = &cases[i];
		bool affected = !c->affected;
		const char *fixed = "unset";
		int rc = scan_version__osv_affects(c->eco, c->ranges, c->nranges, c->versions, c->nversions, c->version,
		                                   &affected, &fixed);

		if (rc)
			fail_msg("%s: %d: %s", c->name, rc, scan_error_last()->message);
		if (affected != c->affected)
			fail_msg("%s: %s affected=%d, want %d", c->name, c->version, affected, c->affected);
		if ((fixed == NULL) != (c->fixed == NULL) || (fixed && strcmp(fixed, c->fixed)))
			fail_msg("%s: fixed '%s', want '%s'", c->name, fixed ? fixed : "(none)", c->fixed ? c->fixed : "(none)");
		/* Borrowed from the events, not copied. */
		if (fixed) {
			bool found = false;
			for (size_t r = 0; r < c->nranges; r++)
				for (size_t e = 0; e < c->ranges[r].nevents; e++)
					found |= c->ranges[r].events[e].version == fixed;
			assert_true(found);
		}
	}
}

/* The version itself must parse: SCAN_EPARSE names it; outputs are reset. */
static void test_bad_version(void **state)
{
	static const scan_osv_event ev[] = { EV(INTRODUCED, "0") };
	const scan_osv_range r = { SCAN_OSV_RANGE_ECOSYSTEM, ev, 1 };
	bool affected = true;
	const char *fixed = "x";

	(void)state;
	assert_int_equal(scan_version__osv_affects(SCAN_ECO_PYPI, &r, 1, NULL, 0, "not-a-version", &affected, &fixed),
	                 SCAN_EPARSE);
	assert_false(affected);
	assert_null(fixed);
	assert_non_null(strstr(scan_error_last()->message, "'not-a-version'"));
	assert_non_null(strstr(scan_error_last()->message, "PyPI"));
	assert_int_equal(scan_version__osv_affects(SCAN_ECO_PACKAGIST, &r, 1, NULL, 0, "dev-main", &affected, &fixed),
	                 SCAN_EPARSE);
	assert_int_equal(scan_version__osv_affects(SCAN_ECO_GO, &r, 1, NULL, 0, "", &affected, &fixed), SCAN_EPARSE);
}

/* Hostile records: many events, events with NULL or huge versions. */
static void test_hostile(void **state)
{
	static scan_osv_event ev[20001];
	char huge[1024];
	const scan_osv_range r = { SCAN_OSV_RANGE_ECOSYSTEM, ev, sizeof(ev) / sizeof(ev[0]) };
	static const char *const vs[] = { NULL, "1.0" };
	bool affected;
	const char *fixed;

	(void)state;
	memset(huge, '9', sizeof(huge) - 1);
	huge[sizeof(huge) - 1] = '\0';
	for (size_t i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
		ev[i].kind = i % 2 ? SCAN_OSV_FIXED : SCAN_OSV_INTRODUCED;
		ev[i].version = i % 3 == 0 ? huge : i % 3 == 1 ? NULL : "1.0";
	}
	ev[0].version = "0";
	assert_int_equal(scan_version__osv_affects(SCAN_ECO_PYPI, &r, 1, vs, 2, "1.5", &affected, &fixed), 0);
	/* introduced 0 and 1.0, fixed 1.0: at 1.0 fixed sorts first, introduced wins */
	assert_true(affected);
	assert_null(fixed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_bad_version),
		cmocka_unit_test(test_hostile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
