/*
 * tests/unit/test_sca_go.c - go.mod: requires, "// indirect", replace
 * directives, the standard library from the go and toolchain lines, go.sum
 * for modules before Go 1.17, and hostile input.
 */
#include "sca_expect.h"

#define D SCAN_DEP_DIRECT
#define T SCAN_DEP_TRANSITIVE
#define LOCAL SCAN_DEP_LOCAL
#define UNPINNED SCAN_DEP_UNPINNED

static void test_detects(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_go_mod("go.mod", "go.mod"));
	assert_true(scan_lockfile__is_go_mod("cmd/tool/go.mod", "go.mod"));
	assert_false(scan_lockfile__is_go_mod("go.sum", "go.sum"));
	assert_false(scan_lockfile__is_go_mod("go.mod.bak", "go.mod.bak"));
	assert_false(scan_lockfile__is_go_mod("go.work", "go.work"));
}

/*
 * Go 1.24 module: two require blocks (direct, then indirect), a single-line
 * require with a comment that is not "indirect", replace by module version
 * (all versions, and one exact version), a replace whose version does not
 * match, a directory replace, quoted paths, pseudo-versions, +incompatible,
 * godebug/retract/tool/exclude; go.sum beside it is not read (pruned graph).
 */
static void test_service(void **state)
{
	static const sca_want want[] = {
		{ "example.com/internal/auth", NULL, D | LOCAL, 13, NULL, NULL },
		{ "github.com/aws/aws-sdk-go-v2", "v1.30.3", D, 14, NULL, NULL },
		{ "github.com/docker/docker", "v24.0.9+incompatible", D, 15, NULL, NULL },
		{ "github.com/gin-gonic/gin", "v1.10.0", D, 16, NULL, NULL },
		{ "github.com/google/uuid", "v1.6.0", D, 17, NULL, NULL },
		{ "github.com/prometheus/client_golang", "v1.19.1", D, 18, NULL, NULL },
		{ "golang.org/x/crypto", "v0.25.0", D, 19, NULL, NULL },
		{ "golang.org/x/net", "v0.28.0", D, 20, NULL, NULL },
		{ "gopkg.in/yaml.v3", "v3.0.1", D, 21, NULL, NULL },
		{ "github.com/beorn7/perks", "v1.0.1", T, 25, NULL, NULL },
		{ "github.com/bytedance/sonic", "v1.11.6", T, 26, NULL, NULL },
		{ "github.com/cespare/xxhash/v2", "v2.3.0", T, 27, NULL, NULL },
		{ "github.com/regen-network/protobuf", "v1.3.3-alpha.regen.1", T, 28, NULL, NULL },
		{ "github.com/golang/groupcache", "v0.0.0-20210331224755-41bb18bfe9da", T, 29, NULL, NULL },
		{ "golang.org/x/sys", "v0.22.0", T, 30, NULL, NULL },
		{ "golang.org/x/text", "v0.16.0", T, 31, NULL, NULL },
		{ "google.golang.org/protobuf", "v1.34.2", T, 32, NULL, NULL },
		{ "github.com/stretchr/testify", "v1.9.0", D, 35, NULL, NULL },
		{ "stdlib", "v1.24.4", D | UNPINNED, 5, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_go_mod, "go", "service/go.mod");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	assert_string_equal(sca_find(&inv, "github.com/docker/docker")->purl,
	                    "pkg:golang/github.com/docker/docker@v24.0.9%2Bincompatible");
	assert_string_equal(sca_find(&inv, "stdlib")->purl, "pkg:golang/stdlib@v1.24.4");
	assert_string_equal(inv.items[0].file, "service/go.mod");
	scan_inventory__dispose(&inv);
}

/*
 * Go 1.16: go.mod lists only what the module requires itself; go.sum adds
 * the modules built with a content hash, at the highest version of each
 * (testify v1.10.0 over v1.7.0 and v1.2.2), never "/go.mod"-only ones,
 * nothing go.mod requires (nor cobra's replacement again), and the fork
 * that replaces blackfriday, which only the dependencies require.
 */
static void test_legacy_with_gosum(void **state)
{
	static const sca_want want[] = {
		{ "github.com/sirupsen/logrus", "v1.8.1", D, 6, NULL, NULL },
		{ "github.com/example/cobra", "v1.1.4-0.20210601120000-abcdefabcdef", D, 7, NULL, NULL },
		{ "golang.org/x/sys", "v0.0.0-20210510120138-977fb7262007", T, 8, NULL, NULL },
		{ "stdlib", "v1.16.0", D | UNPINNED, 3, NULL, NULL },
		{ "github.com/cpuguy83/go-md2man/v2", "v2.0.0", T, 0, NULL, NULL },
		{ "github.com/davecgh/go-spew", "v1.1.1", T, 0, NULL, NULL },
		{ "github.com/example/blackfriday/v2", "v2.0.2", T, 0, NULL, NULL },
		{ "github.com/inconshreveable/mousetrap", "v1.0.0", T, 0, NULL, NULL },
		{ "github.com/pmezard/go-difflib", "v1.0.0", T, 0, NULL, NULL },
		{ "github.com/shurcooL/sanitized_anchor_name", "v1.0.0", T, 0, NULL, NULL },
		{ "github.com/spf13/pflag", "v1.0.5", T, 0, NULL, NULL },
		{ "github.com/stretchr/testify", "v1.10.0", T, 0, NULL, NULL },
		{ "gopkg.in/yaml.v2", "v2.4.0", T, 0, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_go_mod, "go", "legacy/go.mod");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/* No go line, no go.sum: nothing but the module line, so nothing to report. */
static void test_minimal(void **state)
{
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_go_mod, "go", "minimal/go.mod");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

/* The standard library's version from the go and toolchain lines, as semver. */
static void test_stdlib_versions(void **state)
{
	static const struct {
		const char *text, *version;
		unsigned line;
	} cases[] = {
		{ "module m\ngo 1.21\n", "v1.21.0", 2 },
		{ "module m\ngo 1.21.13\n", "v1.21.13", 2 },
		{ "module m\ngo 1.21rc2\n", "v1.21.0-rc.2", 2 },
		{ "module m\ngo 1.19beta1\n", "v1.19.0-beta.1", 2 },
		{ "module m\n\ngo 1.22.0\n\ntoolchain go1.23.2\n", "v1.23.2", 5 },
		{ "module m\ngo 1.22.0\ntoolchain default\n", "v1.22.0", 2 },
		{ "module m\ngo 1.22.0\ntoolchain go1.22.3-custom.build\n", "v1.22.3", 3 },
		{ "module m\ngo 1.25rc1\ntoolchain go1.25rc1\n", "v1.25.0-rc.1", 3 },
		{ "module m\r\ngo 1.20\r\n", "v1.20.0", 2 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_sca_inventory inv;
		sca_want want = { "stdlib", cases[i].version, D | UNPINNED, cases[i].line, NULL, NULL };
		sca_run_str(&inv, scan_lockfile__extract_go_mod, "go.mod", cases[i].text);
		sca_expect(&inv, &want, 1);
		scan_inventory__dispose(&inv);
	}
}

/* Lexical corners: raw strings, escapes, comments, "()" blocks, block verbs for any directive. */
static void test_syntax(void **state)
{
	static const char text[] =
		"// leading comment\n"
		"module \"example.com/quoted\" // the main module\n"
		"go 1.22.1\n"
		"require ()\n"
		"require `github.com/raw/path` v1.0.0\n"
		"require \"github.com/esc\\\"aped\" v2.0.0+incompatible // indirect\n"
		"require (\n"
		"\t// a comment inside the block\n"
		"\n"
		"\tgithub.com/a/b v0.1.0 //indirect\n"
		"\tgithub.com/c/d v0.2.0 // indirectly needed\n"
		")\n"
		"replace (\n"
		"\tgithub.com/a/b v0.1.0 => github.com/a/b v0.1.1\n"
		"\tgithub.com/a/b => github.com/fork/b v9.0.0\n"
		"\tgithub.com/c/d => ../d\n"
		")\n"
		"replace github.com/raw/path v0.9.0 => /abs/path\n"
		"exclude (\n"
		"\tgithub.com/a/b v0.0.9\n"
		")\n"
		"futureverb something new\n"
		"godebug asynctimerchan=1\n";
	static const sca_want want[] = {
		{ "github.com/raw/path", "v1.0.0", D, 5, NULL, NULL },
		{ "github.com/esc\"aped", "v2.0.0+incompatible", T, 6, NULL, NULL },
		{ "github.com/a/b", "v0.1.1", T, 10, NULL, NULL },
		{ "github.com/c/d", NULL, D | LOCAL, 11, NULL, NULL },
		{ "stdlib", "v1.22.1", D | UNPINNED, 3, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_go_mod, "go.mod", text);
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/* Without a file system go.sum cannot be read: an old module reports go.mod alone. */
static void test_old_module_without_filesystem(void **state)
{
	static const sca_want want[] = {
		{ "github.com/pkg/errors", "v0.9.1", D, 3, NULL, NULL },
		{ "stdlib", "v1.13.0", D | UNPINNED, 2, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_go_mod, "go.mod",
	            "module m\ngo 1.13\nrequire github.com/pkg/errors v0.9.1\n");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/* A malformed go.sum is refused with its own name and line. */
static void test_bad_gosum(void **state)
{
	char *dir = th_tmpdir();
	scan_sca_inventory inv;
	const char *mod = "module m\ngo 1.15\nrequire github.com/pkg/errors v0.9.1\n";
	int fd, err;

	(void)state;
	th_write(dir, "sub/go.mod", mod);
	th_write(dir, "sub/go.sum", "github.com/pkg/errors v0.9.1 h1:FEBLx1zS214owpjy7qsBeixbURkuhQAwrK5UwLGTwt4=\n"
	                            "github.com/broken\n");
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(fd >= 0);
	err = sca_run(&inv, scan_lockfile__extract_go_mod, fd, "sub/go.mod", mod, strlen(mod));
	assert_int_equal(err, SCAN_EPARSE);
	assert_non_null(strstr(scan_error_last()->message, "sub/go.sum:2: malformed line"));
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
	close(fd);
	th_rmtree(dir);
	free(dir);
}

static void test_malformed(void **state)
{
	static const char nul[] = "module m\nrequire a\0 v1\n";
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "module m\nrequire (\n\tgithub.com/a/b v1.0.0\n", "go.mod:2: block opened with '(' is not closed" },
		{ "module m\n/* old */\n", "go.mod:2: go.mod files use // comments, not /* */" },
		{ "module m\nrequire \"github.com/a/b v1.0.0\n", "go.mod:2: unterminated string" },
		{ "module m\nrequire github.com/a/b\n", "go.mod:2: malformed require" },
		{ "module m\nrequire github.com/a/b v1 v2\n", "go.mod:2: malformed require" },
		{ "module m\nreplace github.com/a/b => github.com/c/d\n", "a module replacement needs a version" },
		{ "module m\nreplace github.com/a/b => ./d v1.0.0\n", "a directory replacement takes no version" },
		{ "module m\nreplace github.com/a/b github.com/c/d v1.0.0\n", "malformed replace" },
		{ "module m\nrequire (\n\trequire (\n", "go.mod:3: unexpected '('" },
		{ "module m\n)\n", "go.mod:2: expected a directive" },
		{ "module m\ngo banana\n", "go.mod:2: invalid go version 'banana'" },
		{ "module m\ngo 1.22\ntoolchain 1.22.0\n", "go.mod:3: invalid toolchain version" },
		{ "module m\nrequire (\n) extra\n", "go.mod:3: unexpected text after ')'" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_go_mod, "go.mod", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
	sca_expect_error(scan_lockfile__extract_go_mod, "go.mod", nul, sizeof(nul) - 1, SCAN_EPARSE, "go.mod:2: NUL byte");
}

static void test_hostile(void **state)
{
	size_t n = 200000, len;
	char *big = malloc(n + 64);
	scan_buf b = SCAN_BUF_INIT;
	scan_sca_inventory inv;
	double t0;

	(void)state;
	assert_non_null(big);
	/* One line past the limit. */
	memcpy(big, "module m\nrequire ", 17);
	memset(big + 17, 'a', n - 17);
	big[n] = '\0';
	t0 = th_cpu_seconds();
	sca_expect_error(scan_lockfile__extract_go_mod, "go.mod", big, n, SCAN_ELIMIT, "go.mod:2: line longer than");
	/* A name over the name limit. */
	len = (size_t)snprintf(big, 32, "require ");
	memset(big + len, 'b', 5000);
	memcpy(big + len + 5000, " v1.0.0\n", 9);
	sca_expect_error(scan_lockfile__extract_go_mod, "go.mod", big, strlen(big), SCAN_EPARSE, "invalid package name");
	free(big);
	/* 60,000 requires and as many replaces read in linear-ish time. */
	scan_buf_puts(&b, "module m\ngo 1.22\nrequire (\n");
	for (int i = 0; i < 60000; i++)
		scan_buf_printf(&b, "\texample.com/m%d v1.0.%d // indirect\n", i, i);
	scan_buf_puts(&b, ")\nreplace (\n");
	for (int i = 0; i < 60000; i++)
		scan_buf_printf(&b, "\texample.com/m%d => example.com/r%d v2.0.0\n", i, i);
	scan_buf_puts(&b, ")\n");
	assert_false(scan_buf_failed(&b));
	sca_run_str(&inv, scan_lockfile__extract_go_mod, "go.mod", b.ptr);
	assert_int_equal(inv.count, 60001);
	assert_string_equal(inv.items[59999].name, "example.com/r59999");
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);
	/* Only garbage. */
	sca_expect_error(scan_lockfile__extract_go_mod, "go.mod", "\xff\xfe(((", 5, SCAN_EPARSE, NULL);
	assert_true(th_cpu_seconds() - t0 < SCA_FAST_SECONDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detects),
		cmocka_unit_test(test_service),
		cmocka_unit_test(test_legacy_with_gosum),
		cmocka_unit_test(test_minimal),
		cmocka_unit_test(test_stdlib_versions),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_old_module_without_filesystem),
		cmocka_unit_test(test_bad_gosum),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
