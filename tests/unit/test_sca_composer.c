/*
 * tests/unit/test_sca_composer.c - composer.lock: packages and
 * packages-dev, versions without "v", licenses, require edges without
 * platform packages, path and git sources, direct requirements from
 * composer.json, and hostile input.
 */
#include "sca_expect.h"

#define D SCAN_DEP_DIRECT
#define T SCAN_DEP_TRANSITIVE
#define DEV SCAN_DEP_DEV
#define GIT SCAN_DEP_GIT
#define LOCAL SCAN_DEP_LOCAL

static void test_detects(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_composer_lock("composer.lock", "composer.lock"));
	assert_true(scan_lockfile__is_composer_lock("web/composer.lock", "composer.lock"));
	assert_false(scan_lockfile__is_composer_lock("composer.json", "composer.json"));
}

/*
 * Composer 2.7 lockfile with composer.json beside it: a path package, a
 * VCS package with no dist, a dev-master branch, Symfony's "v" versions, a
 * triple-licensed package, a license written as a string, a require key in
 * another case, platform requirements (php, ext-*, lib-*,
 * composer-runtime-api) and virtual ones (psr/log-implementation).
 */
static void test_app(void **state)
{
	static const sca_want want[] = {
		{ "acme/internal-lib", "dev-main", D | LOCAL, 10, "psr/log@3.0.0", "proprietary" },
		{ "monolog/monolog", "3.6.0", D, 35, "psr/log@3.0.0", "MIT" },
		{ "nette/utils", "4.0.4", D, 88, NULL, "BSD-3-Clause OR GPL-2.0-only OR GPL-3.0-only" },
		{ "private/vcs-package", "2.1.0", D | GIT, 118, NULL, "proprietary" },
		{ "psr/log", "3.0.0", T, 137, NULL, "MIT" },
		{ "symfony/console", "6.4.8", D, 161, "symfony/polyfill-mbstring@1.30.0", "MIT" },
		{ "symfony/polyfill-mbstring", "1.30.0", T, 195, NULL, "MIT" },
		{ "vendor/branchy", "dev-master", D | GIT, 222, "symfony/polyfill-mbstring@1.30.0", "MIT" },
		{ "myclabs/deep-copy", "1.12.0", T | DEV, 247, NULL, "MIT" },
		{ "phpunit/phpunit", "10.5.24", D | DEV, 271, "myclabs/deep-copy@1.12.0 sebastian/diff@5.1.1",
		  "BSD-3-Clause" },
		{ "sebastian/diff", "5.1.1", T | DEV, 299, NULL, "BSD-3-Clause" },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_composer_lock, "composer", "app/composer.lock");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	assert_string_equal(sca_find(&inv, "symfony/console")->purl, "pkg:composer/symfony/console@6.4.8");
	scan_inventory__dispose(&inv);
}

/* Composer 1 lockfile, no composer.json: neither DIRECT nor TRANSITIVE; "packages-dev": null. */
static void test_without_manifest(void **state)
{
	static const sca_want want[] = {
		{ "guzzlehttp/guzzle", "6.5.5", 0, 10, "guzzlehttp/promises@1.3.1", "MIT" },
		{ "guzzlehttp/promises", "1.3.1", 0, 38, NULL, "MIT" },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_composer_lock, "composer", "nomanifest/composer.lock");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/* A broken composer.json does not fail the lockfile; it just gives no direct information. */
static void test_broken_manifest(void **state)
{
	static const char lock[] = "{\"packages\": [{\"name\": \"Psr/Container\", \"version\": \"V2.0.2\"}],"
	                           " \"packages-dev\": []}";
	static const sca_want want[] = {
		{ "psr/container", "2.0.2", 0, 1, NULL, NULL },
	};
	char *dir = th_tmpdir();
	scan_sca_inventory inv;
	int fd, err;

	(void)state;
	th_write(dir, "composer.json", "{\"require\": {\"psr/container\": \"^2\"}, \"require\": {}}");
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(fd >= 0);
	err = sca_run(&inv, scan_lockfile__extract_composer_lock, fd, "composer.lock", lock, strlen(lock));
	assert_int_equal(err, 0);
	sca_expect(&inv, want, 1);
	scan_inventory__dispose(&inv);
	close(fd);
	th_rmtree(dir);
	free(dir);
}

static void test_malformed(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "{\"packages\": [", "composer.lock:1: not valid JSON" },
		{ "[]", "no \"packages\" array: not a composer.lock" },
		{ "{\"packages\": {}}", "no \"packages\" array" },
		{ "{\"packages\": [], \"packages-dev\": 3}", "\"packages-dev\" is not an array" },
		{ "{\"packages\": [{\"version\": \"1.0.0\"}]}", "a package without a name" },
		{ "{\"packages\": [\"a/b\"]}", "a package without a name" },
		{ "{\"packages\": [{\"name\": \"a/b\", \"version\": 1}]}", "package 'a/b' has no version" },
		{ "{\"packages\": [{\"name\": \"a/b\", \"version\": \"1\", \"name\": \"c/d\"}]}", "duplicate key 'name'" },
		{ "{\"packages\": [{\"name\": \"a/\\nb\", \"version\": \"1\"}]}", "invalid package name" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_composer_lock, "composer.lock", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

static void test_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_sca_inventory inv;
	double t0 = th_cpu_seconds();

	(void)state;
	/* Nesting past the limit. */
	scan_buf_puts(&b, "{\"packages\": [], \"extra\": ");
	for (int i = 0; i < 300; i++)
		scan_buf_putc(&b, '[');
	for (int i = 0; i < 300; i++)
		scan_buf_putc(&b, ']');
	scan_buf_putc(&b, '}');
	sca_expect_error(scan_lockfile__extract_composer_lock, "composer.lock", b.ptr, b.size, SCAN_ELIMIT, "nested deeper");
	/* 40,000 packages in compact JSON (no lines to find), each requiring the next. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"packages\":[");
	for (int i = 0; i < 40000; i++)
		scan_buf_printf(&b, "%s{\"name\":\"v/p%d\",\"version\":\"v1.0.%d\",\"require\":{\"php\":\">=8\",\"v/p%d\":\"*\"},"
		                "\"license\":[\"MIT\"]}", i ? "," : "", i, i, i + 1);
	scan_buf_puts(&b, "]}");
	assert_false(scan_buf_failed(&b));
	sca_run_str(&inv, scan_lockfile__extract_composer_lock, "composer.lock", b.ptr);
	assert_int_equal(inv.count, 40000);
	assert_string_equal(inv.items[7].version, "1.0.7");
	assert_int_equal(inv.items[7].line, 0);
	assert_int_equal(inv.items[7].ndeps, 1);
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);
	assert_true(th_cpu_seconds() - t0 < SCA_FAST_SECONDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detects),
		cmocka_unit_test(test_app),
		cmocka_unit_test(test_without_manifest),
		cmocka_unit_test(test_broken_manifest),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
