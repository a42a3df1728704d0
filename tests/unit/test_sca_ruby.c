/*
 * tests/unit/test_sca_ruby.c - Gemfile.lock and gems.locked: GEM, GIT and
 * PATH sources, platform gems, DEPENDENCIES, skipped sections, and
 * hostile input.
 */
#include "sca_expect.h"

#define D SCAN_DEP_DIRECT
#define T SCAN_DEP_TRANSITIVE
#define GIT SCAN_DEP_GIT
#define LOCAL SCAN_DEP_LOCAL

static void test_detects(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_gemfile_lock("Gemfile.lock", "Gemfile.lock"));
	assert_true(scan_lockfile__is_gemfile_lock("apps/api/gems.locked", "gems.locked"));
	assert_false(scan_lockfile__is_gemfile_lock("Gemfile", "Gemfile"));
	assert_false(scan_lockfile__is_gemfile_lock("gemfile.lock", "gemfile.lock"));
}

/*
 * Bundler 2.5 lockfile of an application: two GIT sources, a PATH gem,
 * nokogiri for three platforms (one component, its edges merged), sqlite3
 * only as platform gems, CHECKSUMS, RUBY VERSION, a DEPENDENCIES entry with
 * no spec for this platform (tzinfo-data).
 */
static void test_app(void **state)
{
	static const sca_want want[] = {
		{ "rack-test", "2.1.0", D | GIT, 5, "rack@3.1.7", NULL },
		{ "factory_bot", "6.4.6", D | GIT, 13, "activesupport@7.1.3.4", NULL },
		{ "billing", "0.3.0", D | LOCAL, 19, "activesupport@7.1.3.4 money@6.19.0", NULL },
		{ "activesupport", "7.1.3.4", D, 26,
		  "base64@0.2.0 bigdecimal@3.1.8 concurrent-ruby@1.3.3 connection_pool@2.4.1 drb@2.2.1 "
		  "i18n@1.14.5 minitest@5.24.1 mutex_m@0.2.0 tzinfo@2.0.6", NULL },
		{ "base64", "0.2.0", T, 36, NULL, NULL },
		{ "bigdecimal", "3.1.8", T, 37, NULL, NULL },
		{ "concurrent-ruby", "1.3.3", T, 38, NULL, NULL },
		{ "connection_pool", "2.4.1", T, 39, NULL, NULL },
		{ "diff-lcs", "1.5.1", T, 40, NULL, NULL },
		{ "drb", "2.2.1", T, 41, NULL, NULL },
		{ "i18n", "1.14.5", T, 42, "concurrent-ruby@1.3.3", NULL },
		{ "mini_portile2", "2.8.7", T, 44, NULL, NULL },
		{ "minitest", "5.24.1", T, 45, NULL, NULL },
		{ "money", "6.19.0", T, 46, "i18n@1.14.5", NULL },
		{ "mutex_m", "0.2.0", T, 48, NULL, NULL },
		{ "nokogiri", "1.16.6", D, 49, "mini_portile2@2.8.7 racc@1.8.0", NULL },
		{ "pg", "1.5.6", D, 56, NULL, NULL },
		{ "racc", "1.8.0", T, 57, NULL, NULL },
		{ "rack", "3.1.7", T, 58, NULL, NULL },
		{ "rspec", "3.13.0", D, 59, "rspec-core@3.13.0 rspec-expectations@3.13.1 rspec-mocks@3.13.1", NULL },
		{ "rspec-core", "3.13.0", T, 63, "rspec-support@3.13.1", NULL },
		{ "rspec-expectations", "3.13.1", T, 65, "diff-lcs@1.5.1 rspec-support@3.13.1", NULL },
		{ "rspec-mocks", "3.13.1", T, 68, "diff-lcs@1.5.1 rspec-support@3.13.1", NULL },
		{ "rspec-support", "3.13.1", T, 71, NULL, NULL },
		{ "sqlite3", "1.7.3", D, 72, NULL, NULL },
		{ "tzinfo", "2.0.6", T, 74, "concurrent-ruby@1.3.3", NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_gemfile_lock, "ruby", "app/Gemfile.lock");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	assert_string_equal(sca_find(&inv, "nokogiri")->purl, "pkg:gem/nokogiri@1.16.6");
	scan_inventory__dispose(&inv);
}

/*
 * Bundler 1.17 gems.locked of a gem: its own gemspec as PATH "remote: .",
 * a GEM section with two remotes, a java platform gem, and a PLUGIN SOURCE
 * whose specs are not gems of the bundle.
 */
static void test_gem_locked(void **state)
{
	static const sca_want want[] = {
		{ "my_gem", "1.2.0", D | LOCAL, 4, "json@2.7.2", NULL },
		{ "json", "2.7.2", T, 11, NULL, NULL },
		{ "rake", "13.2.1", D, 13, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_gemfile_lock, "ruby", "legacy/gems.locked");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/* CRLF, a BOM, DEPENDENCIES before the specs, a "!" after a requirement, unknown sections. */
static void test_variants(void **state)
{
	static const char text[] =
		"\xEF\xBB\xBF"
		"DEPENDENCIES\r\n"
		"  puma (>= 6.0)!\r\n"
		"\r\n"
		"GIT\r\n"
		"  remote: https://github.com/puma/puma.git\r\n"
		"  revision: 1f0e5c7a8b9d0e1f2a3b4c5d6e7f8091a2b3c4d5\r\n"
		"  tag: v6.4.2\r\n"
		"  specs:\r\n"
		"    puma (6.4.2)\r\n"
		"      nio4r (~> 2.0)\r\n"
		"\r\n"
		"GEM\r\n"
		"  remote: https://rubygems.org/\r\n"
		"  specs:\r\n"
		"    nio4r (2.7.3)\r\n"
		"\r\n"
		"FUTURE SECTION\r\n"
		"  anything: at all\r\n"
		"      even (deeper)\r\n";
	static const sca_want want[] = {
		{ "puma", "6.4.2", D | GIT, 9, "nio4r@2.7.3", NULL },
		{ "nio4r", "2.7.3", T, 15, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_gemfile_lock, "Gemfile.lock", text);
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
	/* An empty lockfile (no gems at all) is an empty inventory. */
	sca_run_str(&inv, scan_lockfile__extract_gemfile_lock, "Gemfile.lock", "\n\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
	sca_run_str(&inv, scan_lockfile__extract_gemfile_lock, "Gemfile.lock",
	            "PLATFORMS\n  ruby\n\nDEPENDENCIES\n\nBUNDLED WITH\n   2.5.3\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static void test_malformed(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "GEM\n  remote: https://rubygems.org/\n  specs:\n<<<<<<< HEAD\n    rack (3.0.0)\n",
		  "Gemfile.lock:4: merge conflict marker" },
		{ "GEM\n  specs:\n    rack 3.0.0\n", "Gemfile.lock:3: malformed spec" },
		{ "GEM\n  specs:\n    rack ()\n", "Gemfile.lock:3: malformed spec" },
		{ "GEM\n  specs:\n    rack (-x86_64-linux)\n", "Gemfile.lock:3: malformed spec" },
		{ "GEM\n  specs:\n      rack (>= 1)\n", "Gemfile.lock:3: dependency line outside a spec" },
		{ "GEM\n  remote: x\n    rack (1.0)\n", "Gemfile.lock:3: unexpected indentation of 4 spaces" },
		{ "GEM\n  specs:\n     rack (1.0)\n", "Gemfile.lock:3: unexpected indentation of 5 spaces" },
		{ "GEM\n\tspecs:\n", "Gemfile.lock:2: expected a section header" },
		{ "  specs:\nGEM\n", "Gemfile.lock:1: indented line before the first section" },
		{ "GEM\n  remote\n", "Gemfile.lock:2: malformed source option" },
		{ "DEPENDENCIES\n    rack\n", "Gemfile.lock:2: malformed DEPENDENCIES entry" },
		{ "{\"not\": \"a lockfile\"}\n", "Gemfile.lock:1: expected a section header" },
		{ "PLATFORMS\n  ruby\n", "no GEM, GIT, PATH or DEPENDENCIES section" },
	};
	static const char nul[] = "GEM\n  specs:\n    ra\0ck (1.0)\n";

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_gemfile_lock, "Gemfile.lock", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
	sca_expect_error(scan_lockfile__extract_gemfile_lock, "Gemfile.lock", nul, sizeof(nul) - 1, SCAN_EPARSE,
	                 "Gemfile.lock:3: NUL byte");
}

static void test_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_sca_inventory inv;
	double t0 = th_cpu_seconds();
	char *big;

	(void)state;
	/* A line past the limit. */
	assert_non_null(big = malloc(100001));
	memcpy(big, "GEM\n  specs:\n    ", 17);
	memset(big + 17, 'x', 100000 - 17);
	big[100000] = '\0';
	sca_expect_error(scan_lockfile__extract_gemfile_lock, "Gemfile.lock", big, 100000, SCAN_ELIMIT,
	                 "Gemfile.lock:3: line longer than");
	free(big);
	/* 50,000 gems each depending on the next, and as many DEPENDENCIES. */
	scan_buf_puts(&b, "GEM\n  remote: https://rubygems.org/\n  specs:\n");
	for (int i = 0; i < 50000; i++)
		scan_buf_printf(&b, "    g%d (1.%d)\n      g%d (>= 1)\n", i, i, i + 1);
	scan_buf_puts(&b, "\nDEPENDENCIES\n");
	for (int i = 0; i < 50000; i += 2)
		scan_buf_printf(&b, "  g%d\n", i);
	assert_false(scan_buf_failed(&b));
	sca_run_str(&inv, scan_lockfile__extract_gemfile_lock, "Gemfile.lock", b.ptr);
	assert_int_equal(inv.count, 50000);
	assert_int_equal(inv.items[0].flags, D);
	assert_int_equal(inv.items[1].flags, T);
	assert_int_equal(inv.items[0].ndeps, 1);
	assert_int_equal(inv.items[49999].ndeps, 0);
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);
	assert_true(th_cpu_seconds() - t0 < SCA_FAST_SECONDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detects),
		cmocka_unit_test(test_app),
		cmocka_unit_test(test_gem_locked),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
