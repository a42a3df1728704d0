/*
 * tests/unit/test_sca_cargo.c - Cargo.lock v1, v3 and v4 as cargo writes
 * them: workspaces, path, git and registry packages, two versions of one
 * crate, dependencies named by "name", "name version" and
 * "name version (source)", and hostile input.
 *
 * tests/sca/cargo/workspace/Cargo.lock and v3-sources/Cargo.lock were
 * written by cargo 1.95 (`cargo generate-lockfile`, offline, crates.io
 * replaced by a vendored directory and git dependencies by local
 * repositories whose URLs were then rewritten to github.com); v3 comes
 * from `rust-version = "1.70"`. v1/Cargo.lock is in the format of cargo
 * before 1.41 ([metadata] checksums, every dependency with its source).
 */
#include "sca_expect.h"
#include "scan/buf.h"
#include "scan/common.h"

#define DIR_ SCAN_DEP_DIRECT
#define TRN SCAN_DEP_TRANSITIVE
#define LOC SCAN_DEP_LOCAL
#define GIT SCAN_DEP_GIT

/* The inventory holds exactly w[], crates all. */
#define CHECK(inv, w) \
	do { \
		sca_expect(inv, w, sizeof(w) / sizeof((w)[0])); \
		sca_expect_ecosystem(inv, SCAN_ECO_CARGO, "pkg:cargo/"); \
	} while (0)

#define LOCK "svc/Cargo.lock"   /* the document a string is read as, without a file system */

/* text as LOCK; the test fails on an error. */
static void run(scan_sca_inventory *inv, const char *text)
{
	sca_run_str(inv, scan_lockfile__extract_cargo_lock, LOCK, text);
}

static void test_is_cargo_lock(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_cargo_lock("Cargo.lock", "Cargo.lock"));
	assert_true(scan_lockfile__is_cargo_lock("crates/x/Cargo.lock", "Cargo.lock"));
	assert_false(scan_lockfile__is_cargo_lock("cargo.lock", "cargo.lock"));
	assert_false(scan_lockfile__is_cargo_lock("Cargo.toml", "Cargo.toml"));
	assert_false(scan_lockfile__is_cargo_lock("Cargo.lock.bak", "Cargo.lock.bak"));
}

/*
 * Version 4, a workspace of app and util (util a path dependency of app):
 * rand twice (0.7.3 under the name rand07), rand_core twice, a git
 * dependency with a tag. util's dev-dependency itoa is indistinguishable
 * from a normal one in the lockfile.
 */
static void test_workspace_v4(void **state)
{
	static const sca_want w[] = {
		{ "app", "0.1.0", LOC, 5,
		  "gitdep@0.3.0 rand@0.7.3 rand@0.8.5 serde@1.0.200 util@0.2.0", NULL },
		{ "gitdep", "0.3.0", DIR_ | GIT, 16, "itoa@1.0.11", NULL },
		{ "itoa", "1.0.11", DIR_, 24, NULL, NULL },
		{ "libc", "0.2.155", TRN, 30, NULL, NULL },
		{ "rand", "0.7.3", DIR_, 36, "rand_core@0.5.1", NULL },
		{ "rand", "0.8.5", DIR_, 45, "libc@0.2.155 rand_core@0.6.4", NULL },
		{ "rand_core", "0.5.1", TRN, 55, NULL, NULL },
		{ "rand_core", "0.6.4", TRN, 61, NULL, NULL },
		{ "serde", "1.0.200", DIR_, 67, NULL, NULL },
		{ "util", "0.2.0", DIR_ | LOC, 73, "itoa@1.0.11 serde@1.0.200", NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_cargo_lock, "cargo/workspace", "Cargo.lock");
	CHECK(&inv, w);
	assert_string_equal(inv.items[5].purl, "pkg:cargo/rand@0.8.5");
	assert_string_equal(inv.items[0].file, "Cargo.lock");
	scan_inventory__dispose(&inv);
}

/*
 * Version 3: itoa 1.0.11 from crates.io and from git, told apart in the
 * dependency list only by "(source)", where the git source leaves out the
 * "#commit". Both are one component (one name and version); outside is a
 * path dependency outside the workspace: local too.
 */
static void test_v3_sources(void **state)
{
	static const sca_want w[] = {
		{ "itoa", "1.0.11", DIR_ | GIT, 5, NULL, NULL },
		{ "libc", "0.2.155", DIR_, 16, NULL, NULL },
		{ "outside", "0.0.1", DIR_ | LOC, 22, "libc@0.2.155", NULL },
		{ "serde", "1.0.200", DIR_, 29, NULL, NULL },
		{ "tool", "1.2.0", LOC, 35, "itoa@1.0.11 outside@0.0.1 serde@1.0.200", NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_cargo_lock, "cargo/v3-sources", "Cargo.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Version 1: dependencies always "name version (source)", checksums in [metadata]. */
static void test_v1(void **state)
{
	static const sca_want w[] = {
		{ "app", "0.1.0", LOC, 3, "libc@0.2.58 patched@0.4.0 rand@0.6.5 util@0.2.0", NULL },
		{ "autocfg", "0.1.4", TRN, 13, NULL, NULL },
		{ "libc", "0.2.58", DIR_, 18, NULL, NULL },
		{ "patched", "0.4.0", DIR_ | GIT, 23, NULL, NULL },
		{ "rand", "0.6.5", DIR_, 28, "autocfg@0.1.4 libc@0.2.58 rand_core@0.4.0", NULL },
		{ "rand_core", "0.3.1", DIR_, 38, "rand_core@0.4.0", NULL },
		{ "rand_core", "0.4.0", TRN, 46, NULL, NULL },
		{ "util", "0.2.0", DIR_ | LOC, 51, "rand_core@0.3.1", NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_cargo_lock, "cargo/v1", "Cargo.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* The [root] table of the oldest lockfiles, [[patch.unused]], and edges to packages not listed. */
static void test_root_table_and_odd_edges(void **state)
{
	static const sca_want w[] = {
		{ "old", "0.0.1", LOC, 1, "log@0.3.1", NULL },
		{ "log", "0.3.1", DIR_, 6, NULL, NULL },
		{ "winapi", "0.2.8", TRN, 10, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	run(&inv, "[root]\n"
	          "name = \"old\"\n"
	          "version = \"0.0.1\"\n"
	          "dependencies = [\"log 0.3.1 (registry+https://github.com/rust-lang/crates.io-index)\", \"gone 1.0.0\"]\n"
	          "\n[[package]]\n"
	          "name = \"log\"\n"
	          "version = \"0.3.1\"\n"
	          "source = \"registry+https://github.com/rust-lang/crates.io-index\"\n"
	          "[[package]]\n"
	          "name = \"winapi\"\n"
	          "version = \"0.2.8\"\n"
	          "source = \"registry+https://github.com/rust-lang/crates.io-index\"\n"
	          "\n[[patch.unused]]\n"
	          "name = \"unused\"\n"
	          "version = \"1.0.0\"\n");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	/* No packages at all, and an edge by a version no package has. */
	run(&inv, "version = 4\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
	run(&inv, "[[package]]\nname = \"a\"\nversion = \"1.0.0\"\ndependencies = [\"b 9.9.9\"]\n"
	          "[[package]]\nname = \"b\"\nversion = \"1.0.0\"\nsource = \"registry+x\"\n");
	assert_int_equal(inv.count, 2);
	assert_int_equal(inv.items[0].ndeps, 0);
	assert_int_equal(inv.items[1].flags, TRN);
	scan_inventory__dispose(&inv);
}

static void test_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "[[package]]\nversion = \"1.0.0\"\n", "svc/Cargo.lock:1: package without a name" },
		{ "[[package]]\nname = \"a\"\n", "package without a version" },
		{ "package = 3\n", "not an array of tables" },
		{ "package = [1]\n", "not a table" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = \"b\"\n",
		  "dependencies is not an array" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [1]\n", "not a string" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"b 1.0 registry\"]\n",
		  "malformed dependency 'b 1.0 registry'" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"b \"]\n", "malformed dependency" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"\"]\n", "malformed dependency" },
		{ "[[package]]\nname = \"\"\nversion = \"1\"\n", "invalid package name" },
		{ "[[package]]\nname = \"a\\nb\"\nversion = \"1\"\n", "invalid package name" },
		/* The TOML underneath: a package listed twice in one table is a duplicate key. */
		{ "[[package]]\nname = \"a\"\nname = \"b\"\nversion = \"1\"\n",
		  "svc/Cargo.lock:3: duplicate key 'name'" },
		{ "[[package]\n", "svc/Cargo.lock:1:" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_cargo_lock, LOCK, cases[i].text, strlen(cases[i].text), SCAN_EPARSE,
		                 cases[i].message);
}

/* Many packages, each depending on the next: linear time, every edge kept. */
static void test_large_chain(void **state)
{
	scan_sca_inventory inv;
	char *text;
	size_t cap = 20000 * 160, at = 0;
	(void)state;

	text = malloc(cap);
	assert_non_null(text);
	at += (size_t)snprintf(text + at, cap - at, "version = 3\n\n[[package]]\nname = \"root\"\nversion = \"0.1.0\"\n"
	                                              "dependencies = [\"c0\"]\n");
	for (int i = 0; i < 20000; i++)
		at += (size_t)snprintf(text + at, cap - at,
		                       "\n[[package]]\nname = \"c%d\"\nversion = \"1.0.%d\"\nsource = \"registry+r\"\n"
		                       "dependencies = [\"c%d\"]\n",
		                       i, i, i + 1);
	assert_true(at < cap);
	run(&inv, text);
	assert_int_equal(inv.count, 20001);
	assert_int_equal(inv.items[1].flags, DIR_);
	assert_int_equal(inv.items[2].flags, TRN);
	for (size_t i = 0; i + 1 < inv.count; i++) {
		assert_int_equal(inv.items[i].ndeps, 1);
		assert_int_equal(inv.items[i].deps[0], i + 1);
	}
	scan_inventory__dispose(&inv);
	free(text);
}

/*
 * Thousands of versions of one crate and edges naming a version none has:
 * each edge would look at every version. The work is bounded, and refused
 * past the bound rather than taking quadratic time.
 */
static void test_many_versions_bounded(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	(void)state;

	scan_buf_puts(&b, "version = 3\n[[package]]\nname = \"root\"\nversion = \"0.1.0\"\ndependencies = [\n");
	for (int i = 0; i < 4000; i++)
		scan_buf_puts(&b, " \"a 9.9.9\",\n");
	scan_buf_puts(&b, "]\n");
	for (int i = 0; i < 10000; i++)
		scan_buf_printf(&b, "[[package]]\nname = \"a\"\nversion = \"1.0.%d\"\nsource = \"registry+r\"\n", i);
	assert_int_equal(scan_buf_failed(&b), 0);
	/* Refused within SCA_REFUSE_SECONDS. */
	sca_expect_error(scan_lockfile__extract_cargo_lock, LOCK, b.ptr, b.size, SCAN_ELIMIT, "too costly");
	scan_buf_dispose(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_is_cargo_lock),
		cmocka_unit_test(test_workspace_v4),
		cmocka_unit_test(test_v3_sources),
		cmocka_unit_test(test_v1),
		cmocka_unit_test(test_root_table_and_odd_edges),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_large_chain),
		cmocka_unit_test(test_many_versions_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
