/*
 * tests/unit/test_sca_version.c - version ordering per ecosystem: each
 * ordering on chains written from its specification (every pair of a
 * chain is checked both ways), equalities, huge numbers, and refusals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "version/version.h"
#include "scan/common.h"

#define CHAIN_MAX 48

/*
 * A chain "a < b = c < d": each version with its rank (equal versions share
 * one). Versions are separated by " < " or " = ".
 */
typedef struct {
	char buf[2048];
	const char *v[CHAIN_MAX];
	int rank[CHAIN_MAX];
	size_t n;
} chain;

static void chain_split(chain *c, const char *text)
{
	size_t len = strlen(text), i = 0, start = 0;
	int rank = 0;

	assert_true(len < sizeof(c->buf));
	memcpy(c->buf, text, len + 1);
	c->n = 0;
	while (i <= len) {
		bool lt = i + 3 <= len && !memcmp(c->buf + i, " < ", 3);
		bool eq = i + 3 <= len && !memcmp(c->buf + i, " = ", 3);

		if (lt || eq || i == len) {
			assert_true(c->n < CHAIN_MAX);
			c->buf[i] = '\0';
			c->v[c->n] = c->buf + start;
			c->rank[c->n] = rank;
			c->n++;
			if (lt)
				rank++;
			i += 3;
			start = i;
			continue;
		}
		i++;
	}
}

static int cmp_ok(scan_ecosystem eco, const char *a, const char *b)
{
	int c = 42;
	int rc = scan_version__cmp(eco, a, b, &c);

	if (rc)
		fail_msg("%s: '%s' vs '%s': %d: %s", scan_ecosystem_name(eco), a, b, rc, scan_error_last()->message);
	assert_true(c == -1 || c == 0 || c == 1);
	return c;
}

/* Every pair of the chain, both ways, and each version against itself. */
static void check_chain(scan_ecosystem eco, const char *text)
{
	chain c;

	chain_split(&c, text);
	for (size_t i = 0; i < c.n; i++) {
		if (scan_version__check(eco, c.v[i]))
			fail_msg("%s: '%s' refused: %s", scan_ecosystem_name(eco), c.v[i], scan_error_last()->message);
		for (size_t j = 0; j < c.n; j++) {
			int want = c.rank[i] < c.rank[j] ? -1 : c.rank[i] > c.rank[j] ? 1 : 0;
			int got = cmp_ok(eco, c.v[i], c.v[j]);

			if (got != want)
				fail_msg("%s: cmp('%s', '%s') = %d, want %d (chain: %s)", scan_ecosystem_name(eco),
				         c.v[i], c.v[j], got, want, text);
		}
	}
}

static void check_chains(scan_ecosystem eco, const char *const *chains, size_t n)
{
	for (size_t i = 0; i < n; i++)
		check_chain(eco, chains[i]);
}

#define CHAINS(eco, arr) check_chains(eco, arr, sizeof(arr) / sizeof(arr[0]))

/* v must be refused with SCAN_EPARSE and a one-line message naming it and eco. */
static void expect_refused(scan_ecosystem eco, const char *v)
{
	int c = 42;
	int rc = scan_version__check(eco, v);
	char quoted[128];

	if (rc != SCAN_EPARSE)
		fail_msg("%s: '%s' accepted (%d)", scan_ecosystem_name(eco), v, rc);
	assert_int_equal(scan_error_last()->code, SCAN_EPARSE);
	snprintf(quoted, sizeof(quoted), "'%.60s", v);
	/* Messages are one line: a newline in the version reads as a blank. */
	for (char *p = quoted; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (!strstr(scan_error_last()->message, quoted) ||
	    !strstr(scan_error_last()->message, scan_ecosystem_name(eco)))
		fail_msg("message '%s' does not name '%s' and %s", scan_error_last()->message, v,
		         scan_ecosystem_name(eco));
	assert_null(strchr(scan_error_last()->message, '\n'));
	/* Either side of a comparison. */
	assert_int_equal(scan_version__cmp(eco, v, "1.0.0", &c), SCAN_EPARSE);
	assert_int_equal(c, 0);
	assert_int_equal(scan_version__cmp(eco, "1.0.0", v, &c), SCAN_EPARSE);
}

static void expect_all_refused(scan_ecosystem eco, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		expect_refused(eco, v[i]);
}

#define REFUSED(eco, arr) expect_all_refused(eco, arr, sizeof(arr) / sizeof(arr[0]))

/* --- SemVer: npm and crates.io ---------------------------------------------- */

static const char *const semver_chains[] = {
	/* semver.org section 11.4, verbatim */
	("1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta < 1.0.0-beta < 1.0.0-beta.2 < 1.0.0-beta.11"
	 " < 1.0.0-rc.1 < 1.0.0"),
	/* section 11.2 */
	"1.0.0 < 2.0.0 < 2.1.0 < 2.1.1",
	/* numbers numerically, not as text */
	"0.0.9 < 0.0.10 < 0.9.0 < 0.10.0 < 9.0.0 < 10.0.0 < 100.0.0",
	/* build metadata is ignored (section 10) */
	"1.0.0-alpha+001 = 1.0.0-alpha < 1.0.0+20130313144700 = 1.0.0 = 1.0.0+exp.sha.5114f85 < 1.0.1",
	/* numeric identifiers sort below alphanumeric ones; ASCII order; hyphens */
	"1.0.0-1 < 1.0.0-2 < 1.0.0-10 < 1.0.0--1 < 1.0.0-0a < 1.0.0-A < 1.0.0-Z < 1.0.0-a < 1.0.0-a-b < 1.0.0-z",
	/* a longer list of identifiers sorts higher when one is a prefix of the other */
	"1.0.0-rc < 1.0.0-rc.0 < 1.0.0-rc.0.0 < 1.0.0-rc.1 < 1.0.0-rc.1.a",
	/* huge numbers compare as digit strings, never wrap */
	"1.0.0 < 18446744073709551615.0.0 < 18446744073709551616.0.0 < 99999999999999999999999999.0.0",
	"1.18446744073709551616.0 < 1.18446744073709551617.0 < 2.0.0",
	"1.0.0-18446744073709551616 < 1.0.0-18446744073709551617 < 1.0.0-a",
	"0.0.0 < 0.0.1-0 < 0.0.1",
};

static const char *const npm_chains[] = {
	/* node-semver trims and reads a leading "v" or "=" */
	"1.2.3 = v1.2.3 = =1.2.3 = =v1.2.3 = 1.2.3 \n = = v1.2.3 < v1.2.4-beta < 1.2.4",
};

static const char *const semver_refused[] = {
	"1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "1.2.3-01", "1.2.3-", "1.2.3-a..b",
	"1.2.3+", "1.2.3+a..b", "1.2.3-a_b", "1.2.3 beta", "a.b.c", "1.2.-3", "-1.2.3", "1.2.3-beta!",
	"", "x", "1..2.3",
};

static const char *const cargo_refused[] = {
	"v1.2.3", "=1.2.3", " 1.2.3", "1.2.3 ", "^1.2.3", "~1.2.3", "1.2.*",
};

static void test_semver(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_NPM, semver_chains);
	CHAINS(SCAN_ECO_CARGO, semver_chains);
	CHAINS(SCAN_ECO_NPM, npm_chains);
	REFUSED(SCAN_ECO_NPM, semver_refused);
	REFUSED(SCAN_ECO_CARGO, semver_refused);
	REFUSED(SCAN_ECO_CARGO, cargo_refused);
	expect_refused(SCAN_ECO_NPM, "^1.2.3");
	expect_refused(SCAN_ECO_NPM, "1.2.x");
	expect_refused(SCAN_ECO_NPM, ">=1.2.3");
	expect_refused(SCAN_ECO_NPM, "V1.2.3");
	expect_refused(SCAN_ECO_NPM, "==1.2.3");
}

/* --- Go ------------------------------------------------------------------------ */

static const char *const go_chains[] = {
	/* a pseudo-version on v1.2.3 is a pre-release of v1.2.4: above v1.2.3, below v1.2.4 */
	("v1.2.3 < v1.2.4-0.20191109021931-daa7c04131f5 < v1.2.4-0.20200101000000-0123456789ab"
	 " < v1.2.4-beta < v1.2.4"),
	/* on a pre-release base: vX.Y.Z-pre.0.yyyymmddhhmmss-hash */
	"v1.2.4-beta < v1.2.4-beta.0.20191109021931-daa7c04131f5 < v1.2.4-beta.1 < v1.2.4",
	/* no base at all: below every release of the major */
	"v0.0.0-20170915032832-14c0d48ead0c < v0.0.0-20191109021931-daa7c04131f5 < v0.0.1 < v0.1.0",
	/* +incompatible is build metadata */
	"v1.9.9 < v2.0.0+incompatible = v2.0.0 = 2.0.0 < v2.0.1+incompatible < v3.0.0+incompatible",
	/* OSV's Go records drop the "v" */
	"1.2.3 = v1.2.3 < 1.2.4-0.20191109021931-daa7c04131f5 < v1.10.0 < 10.0.0",
	"v1.0.0 < v1.0.99999999999999999999 < v1.0.100000000000000000000",
};

static const char *const go_refused[] = {
	"v1", "v1.2", "V1.2.3", "vv1.2.3", "v01.2.3", "v1.2.3-01", "v1.2.3-", "go1.21", "latest",
	"master", "v1.2.3 ", "=v1.2.3",
};

static void test_go(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_GO, go_chains);
	REFUSED(SCAN_ECO_GO, go_refused);
}

/* --- PEP 440 ------------------------------------------------------------------- */

static const char *const pep440_chains[] = {
	/* the PEP's own example of a release's pre, post and dev releases */
	("1.0.dev456 < 1.0a1 < 1.0a2.dev456 < 1.0a12.dev456 < 1.0a12 < 1.0b1.dev456 < 1.0b2"
	 " < 1.0b2.post345.dev456 < 1.0b2.post345 < 1.0rc1.dev456 < 1.0rc1 < 1.0 < 1.0+abc.5"
	 " < 1.0+abc.7 < 1.0+5 < 1.0.post456.dev34 < 1.0.post456 < 1.0.15 < 1.1.dev1"),
	"1.0.dev1 < 1.0a1 < 1.0b1 < 1.0rc1 < 1.0 < 1.0.post1",
	"1.0 < 1.0.post1.dev1 < 1.0.post1 < 1.0.post2.dev0 < 1.0.post2",
	/* epochs come first */
	"2.0 < 2013.10 < 1!0.1 < 1!1.0 < 1!2.0.dev1 < 2!0.0.1",
	"0!1.0 = 1.0 < 1!1.0",
	/* release: trailing zeros do not count; numbers not text */
	"1 = 1.0 = 1.0.0 = 1.0.0.0 = 01.00 < 1.0.0.1 < 1.1 < 1.9 < 1.10 < 1.10.0.1 < 2",
	/* spellings and case: normalisation */
	"1.0-alpha1 = 1.0a1 = 1.0.a1 = 1.0_a_1 = 1.0ALPHA1 = 1.0a-1 = 1.0a.1 < 1.0a2",
	"1.0a = 1.0a0 < 1.0b = 1.0beta0 = 1.0-beta < 1.0c = 1.0rc = 1.0pre = 1.0preview = 1.0-RC0 < 1.0rc1 = 1.0c1",
	"1.0-1 = 1.0.post1 = 1.0post1 = 1.0-post-1 = 1.0_r1 = 1.0.rev1 = 1.0-POST1 < 1.0.post2",
	"1.0.post = 1.0.post0 = 1.0-r < 1.0-1",
	"1.0-dev = 1.0.dev0 = 1.0dev = 1.0_DEV_0 < 1.0.dev1 < 1.0a1",
	"v1.0 = V1.0 = 1.0 =  1.0  < 1.0.1",
	/* local versions: above the public version; numbers above words; more segments higher */
	"1.0 < 1.0+abc < 1.0+abc.1 < 1.0+abc.2 < 1.0+abc.10 < 1.0+abd < 1.0+1 < 1.0+1.abc < 1.0+2 < 1.0.post1",
	"1.0+ubuntu-1 = 1.0+ubuntu.1 = 1.0+ubuntu_1 = 1.0+UBUNTU.01 < 1.0+ubuntu.1.1",
	/* dev of a pre and of a post */
	"1.0a1.dev1 < 1.0a1 < 1.0a1.post1.dev1 < 1.0a1.post1 < 1.0b1",
	/* huge numbers */
	"1.0 < 1.99999999999999999999999 < 1.100000000000000000000000 < 99999999999999999999999999",
	"1.0a18446744073709551616 < 1.0a18446744073709551617 < 1.0b0",
};

static const char *const pep440_refused[] = {
	"1.0-", "1.0.", "a1", "1.0+", "1.0+abc.", "1.0+abc..1", "1.0a1b1", "1.0.post1.post2", "1.0.dev1.dev2",
	"1.0-beta.1.2", "1.0 beta", "1.0,2", "1!", "!1.0", "1.0!2", "1.0-devel", "1.0.0-SNAPSHOT",
	"dev", "1.0.x", "1.*", "==1.0", "",
};

static void test_pep440(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_PYPI, pep440_chains);
	REFUSED(SCAN_ECO_PYPI, pep440_refused);
}

/* --- Maven ---------------------------------------------------------------------- */

static const char *const maven_chains[] = {
	/* the POM reference's "End Result Examples" */
	"1 < 1.1",
	"1-snapshot < 1 < 1-sp",
	"1-foo2 < 1-foo10",
	"1.foo = 1-foo < 1-1 < 1.1",
	"1.ga = 1-ga = 1-0 = 1.0 = 1 < 1-sp",
	"1-ga.1 < 1-sp.1",
	"1-sp-1 < 1-ga-1",
	"1-a1 = 1-alpha-1",
	"1.0-alpha1 = 1.0-ALPHA1",
	"1.K < 1.7",
	"5.aardvark < 5.zebra",
	/* trimming examples */
	"1.0.0 = 1 = 1. = 1- = 1.ga = 1.final = 1.0.0-0.0.0 < 1.0.0-foo.0.0 = 1-foo < 1.0.0.1",
	/* the qualifier order */
	("1.0-alpha = 1.0-alpha-0 < 1.0-alpha1 = 1.0a1 < 1.0-beta < 1.0-b2 < 1.0-milestone < 1.0-m3 < 1.0-rc"
	 " = 1.0-cr < 1.0-RC1 = 1.0-cr1 < 1.0-SNAPSHOT < 1.0 = 1.0-ga = 1.0-final = 1.0-release = 1.0.GA"
	 " < 1.0-sp < 1.0-sp1 < 1.0-abc < 1.0-foo < 1.0-jre < 1.0-1 < 1.0.1"),
	/* snapshots of pre-releases, as Maven sorts them */
	("1.0a1-SNAPSHOT < 1.0-alpha1 < 1.0beta1-SNAPSHOT < 1.0-b2 < 1.0-beta3.SNAPSHOT < 1.0-beta3"
	 " < 1.0-milestone1-SNAPSHOT < 1.0-m2 < 1.0-rc1-SNAPSHOT < 1.0-cr1 < 1.0-SNAPSHOT < 1.0 < 1.0-sp"
	 " < 1.0-a < 1.0-PATCH1 < 1.0-1 < 1.0.1"),
	/* '-' against '.': 1-1 sorts below 1.1; 1.0.RC2 < 1.0-RC3 < 1.0.1 */
	"1-1 < 1.1",
	"1.0.RC2 < 1.0-RC3 < 1.0.1",
	"2.0.0.RC1 = 2.0.0-RC1 < 2.0.0.RC2 < 2.0.0 = 2.0.0.RELEASE = 2.0.0.Final < 2.0.0.SP1 < 2.0.1",
	/* Spring's old snapshots sort above the release: an unknown word beats "" */
	"5.0.0.M1 < 5.0.0.M2 < 5.0.0.RC1 < 5.0.0.RELEASE < 5.0.0.BUILD-SNAPSHOT",
	/* numbers numerically, digit strings of any length */
	"1.9 < 1.10 < 1.99999999999999999999 < 1.100000000000000000000 < 2",
	"31.1-android < 31.1-jre < 32.0.0-android < 32.0.0-jre",
	"1.0.0 = 01.00.000 < 1.0.0.0.1",
	"0.7 < 1",
};

static const char *const maven_refused[] = {
	"", "${project.version}", "[1.0,2.0)", "(,1.0]", "1.0,2.0", "1.0 beta", "1.0\tx", "1.0\n",
	"1.0/2", "1:0", "LATEST*",
};

static void test_maven(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_MAVEN, maven_chains);
	REFUSED(SCAN_ECO_MAVEN, maven_refused);
}

/* --- RubyGems ------------------------------------------------------------------- */

static const char *const rubygems_chains[] = {
	/* prereleases (any letter) sort before the release */
	"1.0.a < 1.0.a1 < 1.0.a2 < 1.0.b1 < 1.0.rc1 < 1.0 < 1.0.1",
	"1.0 = 1.0.0 = 1 = 1.0.0.0 < 1.0.0.1 < 1.1 < 1.9 < 1.10 < 2",
	/* trailing zeros dropped in both parts */
	"1.a = 1.0.a = 1.0.a.0 < 1.0.a.1",
	/* '-' reads as ".pre." */
	"1.0.0-rc1 = 1.0.0.pre.rc1 < 1.0.0.rc1 < 1.0.0",
	"1.0.0-1 = 1.0.0.pre.1 < 1.0.0",
	/* strings compare byte by byte, so case matters; a string below a number */
	"1.0.A < 1.0.B < 1.0.a < 1.0.b < 1.0.0.1",
	"1.0.beta < 1.0.beta.1 < 1.0.beta2 < 1.0.beta.10 < 1.0",
	/* blanks around are ignored */
	" 1.2.3 = 1.2.3 = 1.2.3\n < 1.2.4",
	"2.0.0.pre < 2.0.0.pre1 < 2.0.0.rc < 2.0.0",
	"1.18446744073709551616 < 1.18446744073709551617 < 2",
};

static const char *const rubygems_refused[] = {
	"", "a", "a.1", "1..0", "1.0.", ".1", "1.0-", "1.0+build", "1.0 1", "1.0_1", "v1.0", "~> 1.0",
	"1.0-a..b",
};

static void test_rubygems(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_RUBYGEMS, rubygems_chains);
	REFUSED(SCAN_ECO_RUBYGEMS, rubygems_refused);
}

/* --- NuGet ---------------------------------------------------------------------- */

static const char *const nuget_chains[] = {
	"1 = 1.0 = 1.0.0 = 1.0.0.0 < 1.0.0.1 < 1.0.1 < 1.0.1.1 < 1.1 < 1.10 < 2.0.0.0",
	/* leading zeros are read as numbers by NuGet */
	"1.01 = 1.1 < 1.2",
	/* labels: SemVer 2.0 with case-insensitive letters */
	("1.0.0-alpha = 1.0.0-ALPHA = 1.0.0-Alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta < 1.0.0-BETA"
	 " < 1.0.0-beta.2 < 1.0.0-Beta.11 < 1.0.0-rc.1 = 1.0.0-RC.1 < 1.0.0 = 1.0.0.0"),
	"1.0.0-1 < 1.0.0-2 < 1.0.0-10 < 1.0.0-a",
	/* metadata does not count */
	"1.0.0+build.5 = 1.0.0 = 1.0.0.0+abc < 1.0.0.1-beta < 1.0.0.1",
	"4.5.0-preview1-final < 4.5.0-preview2 < 4.5.0-rc1 < 4.5.0",
	"1.0.0 < 1.0.18446744073709551616 < 1.0.18446744073709551617",
};

static const char *const nuget_refused[] = {
	"", "1.0.0.0.0", "v1.0", "1.0-", "1.0.0-beta..1", "1.0+", "1.0.0-beta_1", "1.0 ", " 1.0", "1.",
	".1", "[1.0,2.0)", "1.*",
};

static void test_nuget(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_NUGET, nuget_chains);
	REFUSED(SCAN_ECO_NUGET, nuget_refused);
}

/* --- Composer ------------------------------------------------------------------- */

static const char *const composer_chains[] = {
	("1.0.0-dev < 1.0.0-alpha < 1.0.0-alpha1 < 1.0.0-beta1 < 1.0.0-beta2 < 1.0.0-RC1 < 1.0.0"
	 " < 1.0.0-patch1 < 1.0.0.1 < 1.0.1"),
	"1.0.0-beta2 < 1.0.0-RC1 < 1.0.0",
	/* v prefix, padding to four numbers, "stable", build metadata */
	"v1.0.0 = 1.0.0 = 1.0 = 1 = 1.0.0.0 = V1.0 = 1.0.0-stable = 1.0.0+build.1 < 1.0.0.1 < 1.0.1",
	/* spellings of the stabilities, with or without separators */
	("1.0.0a1 = 1.0.0-a1 = 1.0.0.alpha1 = 1.0.0_alpha.1 < 1.0.0-b1 = 1.0.0beta1 = 1.0.0-BETA1"
	 " < 1.0.0-rc1 = 1.0.0.RC.1 = 1.0.0RC1 < 1.0.0 < 1.0.0-p1 = 1.0.0-pl1 = 1.0.0-patch1"),
	/* -dev of a pre-release sits below it and above the one before */
	"1.0.0-beta1 < 1.0.0-beta2-dev < 1.0.0-beta2 < 1.0.0-beta2.1",
	"1.0.0-dev = 1.0.0.dev = 1.0.0dev < 1.0.0-alpha",
	/* four numbers */
	"1.2.3.4 < 1.2.3.5 < 1.2.4 < 1.10.0.0 < 20100102",
	"2.0.0 < 2.0.18446744073709551616 < 2.0.18446744073709551617",
};

static const char *const composer_refused[] = {
	/* branches are not versions (see ver_composer.c) */
	"dev-main", "dev-master", "DEV-feature/x", "1.0.x-dev", "1.x-dev", "2.*", "1.0.*",
	"", "1.0.0.0.0", "1.0.0-1", "1.0.0-foo", "1.0.0-beta-", "1.0.0+", "v", "1.0.0-alpha1 as 1.0.0",
	"^1.0", "~1.0", "1.0.0-beta2-dev-dev",
};

static void test_composer(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_PACKAGIST, composer_chains);
	REFUSED(SCAN_ECO_PACKAGIST, composer_refused);
}

/* --- dpkg ------------------------------------------------------------------------ */

static const char *const dpkg_chains[] = {
	/* '~' before anything, even the end of a part */
	"1.0~~ < 1.0~~a < 1.0~ < 1.0~rc1 < 1.0~rc2 < 1.0 < 1.0a < 1.0+b1 < 1.0.1",
	/* letters before non-letters */
	"1.0A < 1.0Z < 1.0a < 1.0z < 1.0+ < 1.0.",
	/* epochs first */
	"9.9 < 1:0.1 < 1:1.0 < 2:0.0.1 < 10:0",
	"0:1.0 = 1.0 < 1.0-1",
	/* the revision; absent is "0" */
	"1.0 = 1.0-0 < 1.0-0.1 < 1.0-1 < 1.0-1+deb10u1 < 1.0-1.1 < 1.0-2 < 1.0-10",
	"2.30-1~bpo11+1 < 2.30-1 < 2.30-1+deb12u1 < 2.30-1+deb12u2 < 2.30-1.1",
	"1.2.3-1ubuntu0.1 < 1.2.3-1ubuntu0.2 < 1.2.3-1ubuntu1",
	/* the last hyphen starts the revision: upstream may hold hyphens */
	"1.0-rc1-1 < 1.0-rc1-2 < 1.0-rc2-1",
	/* numbers numerically, leading zeros aside, any length */
	"1.01 = 1.1 < 1.2 < 1.10 < 1.99999999999999999999 < 1.100000000000000000000",
	"1:2.0 < 18446744073709551616:1.0 < 18446744073709551617:1.0",
	/* dpkg lets ':' through in the upstream version after an epoch */
	"1:1.0:1 < 1:1.0:2",
	/* blanks around are ignored */
	" 1.0-1 = 1.0-1  < 1.0-2",
};

static const char *const dpkg_refused[] = {
	"", "a1.0", ":1.0", "a:1.0", "1.0-", "-1", "1:", "1.0_1", "1.0-1_2", "1.0-a:b", "1 0", "~1.0", "1:a1",
	"1.0-1/2", "1.0!",
};

static void test_dpkg(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_DEBIAN, dpkg_chains);
	REFUSED(SCAN_ECO_DEBIAN, dpkg_refused);
}

/* --- apk ------------------------------------------------------------------------- */

static const char *const apk_chains[] = {
	("1.2.3_alpha < 1.2.3_alpha1 < 1.2.3_beta < 1.2.3_pre2 < 1.2.3_rc1 < 1.2.3 < 1.2.3_cvs < 1.2.3_svn"
	 " < 1.2.3_git20200101 < 1.2.3_hg < 1.2.3_p1 < 1.2.3_p2 < 1.2.3.1"),
	"1.2.3_rc1 < 1.2.3 < 1.2.3_p1",
	/* -r is the build: absent is -r0 */
	"1.2.3 = 1.2.3-r0 < 1.2.3-r1 < 1.2.3-r2 < 1.2.3-r10 < 1.2.3_p1-r0 < 1.2.3a-r0",
	/* the letter after the numbers */
	"1.2 < 1.2a < 1.2b < 1.2z < 1.2.1 < 1.3",
	/* more numbers sort higher; a pre-release suffix does not change that */
	"1.2 < 1.2_p1 < 1.2.0 < 1.2.1 < 1.3_pre1 < 1.3 < 1.3.0.0",
	/* after the first number, one with a leading zero compares as a fraction */
	"1.02 < 1.1 < 1.10 < 1.20 < 1.100",
	"1.0 < 1.00.1 < 1.01",
	"1.2.07.8 < 1.2.12.04 < 1.2.12.05",
	/* the first number is a plain number */
	"3.0.20060720 < 006 = 6 < 20060720",
	/* extra suffixes: a pre-release one lowers, a post-release one raises */
	"0.1.0_alpha_pre2 < 0.1.0_alpha < 0.1.0_alpha_p1 < 0.1.0_beta",
	"1.0_p9 < 1.0_p10 < 1.0_p10_p1 < 1.0.1",
	/* the commit hash (kept for reference; ordered only to stay consistent) */
	"1.0 < 1.0-r1 < 1.0~abc < 1.0~abd < 1.0~abd-r1 < 1.0.1",
	"1.0.0_pre20191002222144-r0 < 1.0.0_pre20210530193627-r0 < 1.0.0",
	"1.99999999999999999999 < 1.100000000000000000000 < 2",
};

static const char *const apk_refused[] = {
	"", "1.0bc", "23_foo", "1.0_", "1.0-r", "1.0-1", "1.0~", "1.0~XYZ", "a1.0", "1..0", "1.0.", "1.0A",
	"1.0_RC1", "1.0-r1-r2", "v1.0", "1.0 ",
};

static void test_apk(void **state)
{
	(void)state;
	CHAINS(SCAN_ECO_ALPINE, apk_chains);
	REFUSED(SCAN_ECO_ALPINE, apk_refused);
}

/* --- every ecosystem --------------------------------------------------------------- */

/* Longer than SCAN_SCA_VERSION_MAX, or with too many parts: refused, quickly. */
static void test_hostile(void **state)
{
	char big[4096], parts[200];

	(void)state;
	memset(big, '1', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	for (size_t i = 0; i + 1 < sizeof(parts); i += 2) {
		parts[i] = '1';
		parts[i + 1] = '.';
	}
	parts[sizeof(parts) - 2] = '1';
	parts[sizeof(parts) - 1] = '\0';
	for (int e = 0; e < SCAN_ECO__COUNT; e++) {
		expect_refused((scan_ecosystem)e, big);
		assert_non_null(strstr(scan_error_last()->message, "..."));
		expect_refused((scan_ecosystem)e, "");
	}
	/* 100 numbers: too many for the fixed-size parse of the families that split */
	expect_refused(SCAN_ECO_PYPI, parts);
	expect_refused(SCAN_ECO_MAVEN, parts);
	expect_refused(SCAN_ECO_RUBYGEMS, parts);
	expect_refused(SCAN_ECO_ALPINE, parts);
	/* dpkg compares the text as it goes: any length up to the cap is fine */
	assert_int_equal(scan_version__check(SCAN_ECO_DEBIAN, parts), 0);
	/* a NUL ends the string: what follows is not read */
	assert_int_equal(scan_version__check(SCAN_ECO_NPM, "1.2.3\0garbage"), 0);
}

/* The same version in every ecosystem that reads it the same way. */
static void test_common_versions(void **state)
{
	static const char *const plain[] = { "1.2.3", "0.0.1", "10.20.30" };

	(void)state;
	for (int e = 0; e < SCAN_ECO__COUNT; e++)
		for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
			if (scan_version__check((scan_ecosystem)e, plain[i]))
				fail_msg("%s refuses %s: %s", scan_ecosystem_name((scan_ecosystem)e), plain[i],
				         scan_error_last()->message);
			assert_int_equal(cmp_ok((scan_ecosystem)e, "1.2.3", "1.2.4"), -1);
			assert_int_equal(cmp_ok((scan_ecosystem)e, "1.10.0", "1.9.0"), 1);
			assert_int_equal(cmp_ok((scan_ecosystem)e, plain[i], plain[i]), 0);
		}
}

/*
 * Matching thousands of components against hundreds of thousands of ranges
 * compares millions of times: a comparison parses on the stack, nothing
 * else. Generous bound for sanitizer builds.
 */
static void test_speed(void **state)
{
	static const struct {
		scan_ecosystem eco;
		const char *a, *b;
		int want;
	} pairs[] = {
		{ SCAN_ECO_NPM, "1.2.3-beta.4", "1.2.3-beta.11", -1 },
		{ SCAN_ECO_PYPI, "2!1.0.post1.dev3+local.7", "2!1.0.post1", -1 },
		{ SCAN_ECO_MAVEN, "5.3.20.RELEASE", "5.3.20-SNAPSHOT", 1 },
		{ SCAN_ECO_DEBIAN, "1:2.30-1+deb12u1", "1:2.30-1~bpo11+1", 1 },
		{ SCAN_ECO_ALPINE, "1.2.3_rc1-r4", "1.2.3-r0", -1 },
		{ SCAN_ECO_RUBYGEMS, "7.0.4.rc1", "7.0.4", -1 },
		{ SCAN_ECO_NUGET, "6.0.0-preview.7.21377.19", "6.0.0", -1 },
		{ SCAN_ECO_PACKAGIST, "v5.4.0-RC1", "5.4.0", -1 },
		{ SCAN_ECO_GO, "v0.0.0-20191109021931-daa7c04131f5", "v0.1.0", -1 },
	};
	double t0 = th_cpu_seconds();

	(void)state;
	for (int round = 0; round < 20000; round++)
		for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
			int c;
			assert_int_equal(scan_version__cmp(pairs[i].eco, pairs[i].a, pairs[i].b, &c), 0);
			if (c != pairs[i].want)
				fail_msg("%s vs %s: %d", pairs[i].a, pairs[i].b, c);
		}
	if (th_cpu_seconds() - t0 > 10.0)
		fail_msg("180000 comparisons took %.1f s", th_cpu_seconds() - t0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_semver),
		cmocka_unit_test(test_go),
		cmocka_unit_test(test_pep440),
		cmocka_unit_test(test_maven),
		cmocka_unit_test(test_rubygems),
		cmocka_unit_test(test_nuget),
		cmocka_unit_test(test_composer),
		cmocka_unit_test(test_dpkg),
		cmocka_unit_test(test_apk),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_common_versions),
		cmocka_unit_test(test_speed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
