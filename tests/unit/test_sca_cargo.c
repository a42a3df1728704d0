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
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "helpers.h"
#include "sca/extractors.h"
#include "scan/buf.h"
#include "scan/common.h"

#define FIXTURES RAMPART_SOURCE_DIR "/tests/sca/cargo/"

#define DIR_ SCAN_DEP_DIRECT
#define TRN SCAN_DEP_TRANSITIVE
#define LOC SCAN_DEP_LOCAL
#define GIT SCAN_DEP_GIT

typedef struct {
	const char *name, *version;   /* version NULL: none */
	unsigned flags, line;
	const char *deps;             /* "name@version" of each dependency, sorted, space-separated */
} want;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void deps_of(const scan_sca_inventory *inv, const scan_component *c, char *out, size_t cap)
{
	const char *parts[256];
	char bufs[256][128];
	size_t n = c->ndeps < 256 ? c->ndeps : 256, at = 0;

	for (size_t k = 0; k < n; k++) {
		const scan_component *t = &inv->items[c->deps[k]];
		snprintf(bufs[k], sizeof(bufs[k]), "%s@%s", t->name, t->version ? t->version : "");
		parts[k] = bufs[k];
	}
	qsort(parts, n, sizeof(parts[0]), cmp_str);
	out[0] = '\0';
	for (size_t k = 0; k < n; k++)
		at += (size_t)snprintf(out + at, at < cap ? cap - at : 0, "%s%s", k ? " " : "", parts[k]);
}

static void dump(const scan_sca_inventory *inv)
{
	char deps[4096];

	for (size_t i = 0; i < inv->count; i++) {
		const scan_component *c = &inv->items[i];
		deps_of(inv, c, deps, sizeof(deps));
		printf("\t{ \"%s\", %s%s%s, 0x%x, %u, \"%s\" },\n", c->name, c->version ? "\"" : "",
		       c->version ? c->version : "NULL", c->version ? "\"" : "", c->flags, c->line, deps);
	}
}

static void check(const scan_sca_inventory *inv, const want *w, size_t n)
{
	char deps[4096];

	if (inv->count != n) {
		dump(inv);
		fail_msg("%zu components, want %zu", inv->count, n);
	}
	for (size_t i = 0; i < n; i++) {
		const scan_component *c = &inv->items[i];
		deps_of(inv, c, deps, sizeof(deps));
		if (strcmp(c->name, w[i].name) || (!c->version) != (!w[i].version) ||
		    (c->version && strcmp(c->version, w[i].version)) || c->flags != w[i].flags || c->line != w[i].line ||
		    strcmp(deps, w[i].deps)) {
			dump(inv);
			fail_msg("component %zu: got %s@%s flags 0x%x line %u deps '%s'; want %s@%s flags 0x%x line %u deps '%s'",
			         i, c->name, c->version ? c->version : "-", c->flags, c->line, deps, w[i].name,
			         w[i].version ? w[i].version : "-", w[i].flags, w[i].line, w[i].deps);
		}
		assert_int_equal(c->ecosystem, SCAN_ECO_CARGO);
		assert_non_null(c->purl);
	}
}

#define CHECK(inv, arr) check(inv, arr, sizeof(arr) / sizeof(arr[0]))

/* Extract text as `label`; root is a directory for sibling files, or NULL. */
static int extract(scan_sca_inventory *inv, const char *root, const char *label, const char *text, size_t len)
{
	scan_sca_doc d;
	int fd = root ? open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	int rc;

	if (root && fd < 0)
		fail_msg("cannot open %s", root);
	assert_int_equal(scan_sca__doc_begin(&d, inv, label, fd), 0);
	rc = scan_sca__extract_cargo_lock(&d, text, len);
	if (rc == 0)
		rc = scan_sca__doc_end(&d);
	else
		scan_sca__doc_abort(&d);
	if (fd >= 0)
		close(fd);
	return rc;
}

static void fixture(scan_sca_inventory *inv, const char *dir)
{
	char *root = th_join(FIXTURES, dir), *file = th_join(root, "Cargo.lock");
	size_t len;
	char *text = th_read(file, &len);
	int rc;

	if (!text)
		fail_msg("cannot read %s", file);
	scan_sca__inventory_init(inv);
	rc = extract(inv, root, "Cargo.lock", text, len);
	if (rc)
		fail_msg("%s: %d %s", dir, rc, scan_error_last()->message);
	free(text);
	free(file);
	free(root);
}

static int extract_str(scan_sca_inventory *inv, const char *text)
{
	scan_sca__inventory_init(inv);
	return extract(inv, NULL, "svc/Cargo.lock", text, strlen(text));
}

static void expect_error(const char *text, int code, const char *msg)
{
	scan_sca_inventory inv;
	int rc = extract_str(&inv, text);

	if (rc != code)
		fail_msg("expected %d, got %d (%s)", code, rc, rc ? scan_error_last()->message : "ok");
	assert_int_equal(inv.count, 0);
	if (msg && !strstr(scan_error_last()->message, msg))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, msg);
	assert_null(strchr(scan_error_last()->message, '\n'));
	scan_sca__inventory_dispose(&inv);
}

static void test_is_cargo_lock(void **state)
{
	(void)state;
	assert_true(scan_sca__is_cargo_lock("Cargo.lock", "Cargo.lock"));
	assert_true(scan_sca__is_cargo_lock("crates/x/Cargo.lock", "Cargo.lock"));
	assert_false(scan_sca__is_cargo_lock("cargo.lock", "cargo.lock"));
	assert_false(scan_sca__is_cargo_lock("Cargo.toml", "Cargo.toml"));
	assert_false(scan_sca__is_cargo_lock("Cargo.lock.bak", "Cargo.lock.bak"));
}

/*
 * Version 4, a workspace of app and util (util a path dependency of app):
 * rand twice (0.7.3 under the name rand07), rand_core twice, a git
 * dependency with a tag. util's dev-dependency itoa is indistinguishable
 * from a normal one in the lockfile.
 */
static void test_workspace_v4(void **state)
{
	static const want w[] = {
		{ "app", "0.1.0", LOC, 5,
		  "gitdep@0.3.0 rand@0.7.3 rand@0.8.5 serde@1.0.200 util@0.2.0" },
		{ "gitdep", "0.3.0", DIR_ | GIT, 16, "itoa@1.0.11" },
		{ "itoa", "1.0.11", DIR_, 24, "" },
		{ "libc", "0.2.155", TRN, 30, "" },
		{ "rand", "0.7.3", DIR_, 36, "rand_core@0.5.1" },
		{ "rand", "0.8.5", DIR_, 45, "libc@0.2.155 rand_core@0.6.4" },
		{ "rand_core", "0.5.1", TRN, 55, "" },
		{ "rand_core", "0.6.4", TRN, 61, "" },
		{ "serde", "1.0.200", DIR_, 67, "" },
		{ "util", "0.2.0", DIR_ | LOC, 73, "itoa@1.0.11 serde@1.0.200" },
	};
	scan_sca_inventory inv;
	(void)state;

	fixture(&inv, "workspace");
	CHECK(&inv, w);
	assert_string_equal(inv.items[5].purl, "pkg:cargo/rand@0.8.5");
	assert_string_equal(inv.items[0].file, "Cargo.lock");
	scan_sca__inventory_dispose(&inv);
}

/*
 * Version 3: itoa 1.0.11 from crates.io and from git, told apart in the
 * dependency list only by "(source)", where the git source leaves out the
 * "#commit". Both are one component (one name and version); outside is a
 * path dependency outside the workspace: local too.
 */
static void test_v3_sources(void **state)
{
	static const want w[] = {
		{ "itoa", "1.0.11", DIR_ | GIT, 5, "" },
		{ "libc", "0.2.155", DIR_, 16, "" },
		{ "outside", "0.0.1", DIR_ | LOC, 22, "libc@0.2.155" },
		{ "serde", "1.0.200", DIR_, 29, "" },
		{ "tool", "1.2.0", LOC, 35, "itoa@1.0.11 outside@0.0.1 serde@1.0.200" },
	};
	scan_sca_inventory inv;
	(void)state;

	fixture(&inv, "v3-sources");
	CHECK(&inv, w);
	scan_sca__inventory_dispose(&inv);
}

/* Version 1: dependencies always "name version (source)", checksums in [metadata]. */
static void test_v1(void **state)
{
	static const want w[] = {
		{ "app", "0.1.0", LOC, 3, "libc@0.2.58 patched@0.4.0 rand@0.6.5 util@0.2.0" },
		{ "autocfg", "0.1.4", TRN, 13, "" },
		{ "libc", "0.2.58", DIR_, 18, "" },
		{ "patched", "0.4.0", DIR_ | GIT, 23, "" },
		{ "rand", "0.6.5", DIR_, 28, "autocfg@0.1.4 libc@0.2.58 rand_core@0.4.0" },
		{ "rand_core", "0.3.1", DIR_, 38, "rand_core@0.4.0" },
		{ "rand_core", "0.4.0", TRN, 46, "" },
		{ "util", "0.2.0", DIR_ | LOC, 51, "rand_core@0.3.1" },
	};
	scan_sca_inventory inv;
	(void)state;

	fixture(&inv, "v1");
	CHECK(&inv, w);
	scan_sca__inventory_dispose(&inv);
}

/* The [root] table of the oldest lockfiles, [[patch.unused]], and edges to packages not listed. */
static void test_root_table_and_odd_edges(void **state)
{
	static const want w[] = {
		{ "old", "0.0.1", LOC, 1, "log@0.3.1" },
		{ "log", "0.3.1", DIR_, 6, "" },
		{ "winapi", "0.2.8", TRN, 10, "" },
	};
	scan_sca_inventory inv;
	(void)state;

	assert_int_equal(extract_str(&inv, "[root]\n"
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
	                                   "version = \"1.0.0\"\n"),
	                 0);
	CHECK(&inv, w);
	scan_sca__inventory_dispose(&inv);

	/* No packages at all, and an edge by a version no package has. */
	assert_int_equal(extract_str(&inv, "version = 4\n"), 0);
	assert_int_equal(inv.count, 0);
	scan_sca__inventory_dispose(&inv);
	assert_int_equal(extract_str(&inv, "[[package]]\nname = \"a\"\nversion = \"1.0.0\"\ndependencies = [\"b 9.9.9\"]\n"
	                                   "[[package]]\nname = \"b\"\nversion = \"1.0.0\"\nsource = \"registry+x\"\n"),
	                 0);
	assert_int_equal(inv.count, 2);
	assert_int_equal(inv.items[0].ndeps, 0);
	assert_int_equal(inv.items[1].flags, TRN);
	scan_sca__inventory_dispose(&inv);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("[[package]]\nversion = \"1.0.0\"\n", SCAN_EPARSE, "svc/Cargo.lock:1: package without a name");
	expect_error("[[package]]\nname = \"a\"\n", SCAN_EPARSE, "package without a version");
	expect_error("package = 3\n", SCAN_EPARSE, "not an array of tables");
	expect_error("package = [1]\n", SCAN_EPARSE, "not a table");
	expect_error("[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = \"b\"\n", SCAN_EPARSE,
	             "dependencies is not an array");
	expect_error("[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [1]\n", SCAN_EPARSE, "not a string");
	expect_error("[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"b 1.0 registry\"]\n", SCAN_EPARSE,
	             "malformed dependency 'b 1.0 registry'");
	expect_error("[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"b \"]\n", SCAN_EPARSE,
	             "malformed dependency");
	expect_error("[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"\"]\n", SCAN_EPARSE,
	             "malformed dependency");
	expect_error("[[package]]\nname = \"\"\nversion = \"1\"\n", SCAN_EPARSE, "invalid package name");
	expect_error("[[package]]\nname = \"a\\nb\"\nversion = \"1\"\n", SCAN_EPARSE, "invalid package name");
	/* The TOML underneath: a package listed twice in one table is a duplicate key. */
	expect_error("[[package]]\nname = \"a\"\nname = \"b\"\nversion = \"1\"\n", SCAN_EPARSE,
	             "svc/Cargo.lock:3: duplicate key 'name'");
	expect_error("[[package]\n", SCAN_EPARSE, "svc/Cargo.lock:1:");
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
	assert_int_equal(extract_str(&inv, text), 0);
	assert_int_equal(inv.count, 20001);
	assert_int_equal(inv.items[1].flags, DIR_);
	assert_int_equal(inv.items[2].flags, TRN);
	for (size_t i = 0; i + 1 < inv.count; i++) {
		assert_int_equal(inv.items[i].ndeps, 1);
		assert_int_equal(inv.items[i].deps[0], i + 1);
	}
	scan_sca__inventory_dispose(&inv);
	free(text);
}

/*
 * Thousands of versions of one crate and edges naming a version none has:
 * each edge would look at every version. The work is bounded, and refused
 * past the bound rather than taking quadratic time.
 */
static void test_many_versions_bounded(void **state)
{
	scan_sca_inventory inv;
	scan_buf b = SCAN_BUF_INIT;
	double t0 = (double)clock() / CLOCKS_PER_SEC;
	int rc;
	(void)state;

	scan_buf_puts(&b, "version = 3\n[[package]]\nname = \"root\"\nversion = \"0.1.0\"\ndependencies = [\n");
	for (int i = 0; i < 4000; i++)
		scan_buf_puts(&b, " \"a 9.9.9\",\n");
	scan_buf_puts(&b, "]\n");
	for (int i = 0; i < 10000; i++)
		scan_buf_printf(&b, "[[package]]\nname = \"a\"\nversion = \"1.0.%d\"\nsource = \"registry+r\"\n", i);
	assert_int_equal(scan_buf_failed(&b), 0);
	rc = extract_str(&inv, b.ptr);
	assert_int_equal(rc, SCAN_ELIMIT);
	assert_non_null(strstr(scan_error_last()->message, "too costly"));
	assert_true((double)clock() / CLOCKS_PER_SEC - t0 < 10.0);
	scan_sca__inventory_dispose(&inv);
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
