/* tests/unit/test_sca_inventory.c - the inventory builder: merging, edges, purls, lookup names, sibling paths */
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include "helpers.h"
#include "lockfile/lockfile.h"
#include "scan/scan.h"

static void test_merge_flags(void **state)
{
	scan_sca_inventory inv;
	scan_sca_doc d;
	int a, b, c;

	(void)state;
	scan_inventory__init(&inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &inv, "package-lock.json", -1), 0);
	a = scan_lockfile__add(&d, SCAN_ECO_NPM, "left-pad", 8, "1.3.0", 5, SCAN_DEP_TRANSITIVE | SCAN_DEP_DEV, 3);
	b = scan_lockfile__add(&d, SCAN_ECO_NPM, "left-pad", 8, "1.3.0", 5, SCAN_DEP_DIRECT, 9);
	c = scan_lockfile__add(&d, SCAN_ECO_NPM, "left-pad", 8, "1.2.0", 5, SCAN_DEP_DEV, 12);
	assert_true(a >= 0);
	assert_int_equal(a, b);             /* same name and version: one component */
	assert_int_not_equal(a, c);         /* another version: another component */
	/* direct wins over transitive; dev only while every declaration is dev */
	assert_int_equal(inv.items[a].flags, SCAN_DEP_DIRECT);
	assert_int_equal(inv.items[a].line, 3);
	assert_int_equal(inv.items[c].flags, SCAN_DEP_DEV);
	assert_int_equal(scan_lockfile__dep(&d, c, "left-pad", 8, "1.3.0", 5), 0);
	assert_int_equal(scan_lockfile__dep(&d, c, "missing", 7, NULL, 0), 0);
	assert_int_equal(scan_lockfile__doc_end(&d), 0);
	assert_int_equal(inv.items[c].ndeps, 1);  /* the unknown target is dropped */
	assert_int_equal(inv.items[c].deps[0], (size_t)a);
	assert_string_equal(inv.items[a].purl, "pkg:npm/left-pad@1.3.0");
	scan_inventory__dispose(&inv);
}

static void test_bad_names_abort(void **state)
{
	scan_sca_inventory inv;
	scan_sca_doc d;

	(void)state;
	scan_inventory__init(&inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &inv, "go.mod", -1), 0);
	assert_true(scan_lockfile__add(&d, SCAN_ECO_GO, "example.com/a", 13, "v1.0.0", 6, 0, 1) >= 0);
	assert_int_equal(scan_lockfile__add(&d, SCAN_ECO_GO, "", 0, "v1", 2, 0, 2), SCAN_EPARSE);
	assert_int_equal(scan_lockfile__add(&d, SCAN_ECO_GO, "a\nb", 3, "v1", 2, 0, 2), SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "go.mod:2:"));
	scan_lockfile__doc_abort(&d);
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static void test_purls_and_keys(void **state)
{
	scan_arena a = SCAN_ARENA_INIT;
	const char *s;

	(void)state;
	assert_int_equal(scan_model__purl(&a, SCAN_ECO_NPM, "@Babel/Core", "7.0.0-beta.1+b", &s), 0);
	assert_string_equal(s, "pkg:npm/%40babel/core@7.0.0-beta.1%2Bb");
	assert_int_equal(scan_model__purl(&a, SCAN_ECO_PYPI, "Django_REST.framework", "3.0", &s), 0);
	assert_string_equal(s, "pkg:pypi/django-rest-framework@3.0");
	assert_int_equal(scan_model__purl(&a, SCAN_ECO_MAVEN, "org.apache.logging.log4j:log4j-core", "2.14.1", &s), 0);
	assert_string_equal(s, "pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1");
	assert_int_equal(scan_model__purl(&a, SCAN_ECO_DEBIAN, "openssl", "1:3.0.11-1", &s), 0);
	assert_string_equal(s, "pkg:deb/debian/openssl@1:3.0.11-1");
	assert_int_equal(scan_model__name_key(&a, SCAN_ECO_PYPI, "Jinja2", &s), 0);
	assert_string_equal(s, "jinja2");
	assert_int_equal(scan_model__name_key(&a, SCAN_ECO_PYPI, "zope.interface__x", &s), 0);
	assert_string_equal(s, "zope-interface-x");
	assert_int_equal(scan_model__name_key(&a, SCAN_ECO_CARGO, "Serde_JSON", &s), 0);
	assert_string_equal(s, "serde-json");
	assert_int_equal(scan_model__name_key(&a, SCAN_ECO_GO, "github.com/BurntSushi/toml", &s), 0);
	assert_string_equal(s, "github.com/BurntSushi/toml");
	assert_int_equal(scan_ecosystem_parse("Debian:12"), SCAN_ECO_DEBIAN);
	assert_int_equal(scan_ecosystem_parse("Hackage"), -1);
	scan_arena__dispose(&a);
}

static void test_sibling_stays_inside(void **state)
{
	char *dir = th_tmpdir(), *text = NULL;
	scan_sca_inventory inv;
	scan_sca_doc d;
	size_t len;
	int fd;

	(void)state;
	th_write(dir, "root/app/go.mod", "module x\n");
	th_write(dir, "root/app/go.sum", "x v1 h1:abc\n");
	th_write(dir, "secret", "outside\n");
	{
		char *root = th_join(dir, "root");
		fd = open(root, O_RDONLY | O_DIRECTORY);
		free(root);
	}
	assert_true(fd >= 0);
	scan_inventory__init(&inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &inv, "app/go.mod", fd), 0);
	assert_int_equal(scan_lockfile__read_sibling(&d, "go.sum", &text, &len), 0);
	assert_string_equal(text, "x v1 h1:abc\n");
	free(text);
	assert_int_equal(scan_lockfile__read_sibling(&d, "../../secret", &text, &len), SCAN_EINVAL);
	assert_null(text);
	assert_int_equal(scan_lockfile__read_sibling(&d, "/etc/passwd", &text, &len), SCAN_EINVAL);
	assert_int_equal(scan_lockfile__read_sibling(&d, "missing", &text, &len), SCAN_ENOTFOUND);
	scan_lockfile__doc_abort(&d);
	scan_inventory__dispose(&inv);
	close(fd);
	th_rmtree(dir);
	free(dir);
}

/*
 * The monorepo of every lockfile fixture, scanned with one worker and with
 * eight: the same components in the same order (by file, then as each file
 * declares them), with the same edges - whatever order workers finish in.
 */
static scan_result *scan_fixtures(unsigned jobs)
{
	scan_options o = SCAN_OPTIONS_INIT;
	scan_result *r = NULL;

	o.target = RAMPART_SOURCE_DIR "/tests/sca";
	o.analyzers = "sca";
	o.jobs = jobs;
	assert_int_equal(scan_run(&r, &o), 0);
	return r;
}

static void test_order_does_not_depend_on_workers(void **state)
{
	scan_result *one = scan_fixtures(1), *many = scan_fixtures(8);
	size_t n1, n8;
	const scan_component *a = scan_result_components(one, &n1), *b = scan_result_components(many, &n8);

	(void)state;
	assert_true(n1 > 100);
	assert_int_equal(n1, n8);
	for (size_t i = 0; i < n1; i++) {
		assert_string_equal(a[i].purl, b[i].purl);
		assert_string_equal(a[i].file, b[i].file);
		assert_int_equal(a[i].ndeps, b[i].ndeps);
		for (size_t d = 0; d < a[i].ndeps; d++)
			assert_int_equal(a[i].deps[d], b[i].deps[d]);
		if (i)
			assert_true(strcmp(a[i - 1].file, a[i].file) <= 0);
	}
	scan_result_free(one);
	scan_result_free(many);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_flags),
		cmocka_unit_test(test_order_does_not_depend_on_workers),
		cmocka_unit_test(test_bad_names_abort),
		cmocka_unit_test(test_purls_and_keys),
		cmocka_unit_test(test_sibling_stays_inside),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
