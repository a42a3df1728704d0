/*
 * tests/unit/test_sca_js.c - the JavaScript lockfile extractors (npm, yarn,
 * pnpm) on lockfiles the real tools wrote, on the awkward cases, and on
 * hostile input.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "helpers.h"
#include "lockfile/extractors.h"
#include "lockfile/js_common.h"
#include "lockfile/lockfile.h"
#include "scan/buf.h"

#define FIXTURES RAMPART_SOURCE_DIR "/tests/sca/npm/"
/* A hang or quadratic blow-up detector (see sca_expect.h), not a speed target. */
#define FAST_SECONDS 20.0

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The inventory as text, one component a line, sorted:
 *   name@version FLAGS :line [license] -> dep@version ...
 * FLAGS: D direct, T transitive, v dev, o optional, L local, G git, U url; '-' none.
 */
static char *dump(const scan_sca_inventory *inv)
{
	char **lines = calloc(inv->count + 1, sizeof(*lines));
	scan_buf out = SCAN_BUF_INIT;

	assert_non_null(lines);
	for (size_t i = 0; i < inv->count; i++) {
		const scan_component *c = &inv->items[i];
		char **deps = calloc(c->ndeps + 1, sizeof(*deps));
		scan_buf b = SCAN_BUF_INIT;
		char fl[8];
		int k = 0;

		assert_non_null(deps);
		if (c->flags & SCAN_DEP_DIRECT)
			fl[k++] = 'D';
		if (c->flags & SCAN_DEP_TRANSITIVE)
			fl[k++] = 'T';
		if (c->flags & SCAN_DEP_DEV)
			fl[k++] = 'v';
		if (c->flags & SCAN_DEP_OPTIONAL)
			fl[k++] = 'o';
		if (c->flags & SCAN_DEP_LOCAL)
			fl[k++] = 'L';
		if (c->flags & SCAN_DEP_GIT)
			fl[k++] = 'G';
		if (c->flags & SCAN_DEP_URL)
			fl[k++] = 'U';
		if (!k)
			fl[k++] = '-';
		fl[k] = '\0';
		assert_int_equal(c->ecosystem, SCAN_ECO_NPM);
		assert_non_null(c->purl);
		scan_buf_printf(&b, "%s@%s %s :%u", c->name, c->version ? c->version : "-", fl, c->line);
		if (c->license)
			scan_buf_printf(&b, " [%s]", c->license);
		scan_buf_puts(&b, " ->");
		for (size_t j = 0; j < c->ndeps; j++) {
			const scan_component *t = &inv->items[c->deps[j]];
			size_t n = strlen(t->name) + (t->version ? strlen(t->version) : 1) + 2;
			deps[j] = malloc(n);
			assert_non_null(deps[j]);
			snprintf(deps[j], n, "%s@%s", t->name, t->version ? t->version : "-");
		}
		qsort(deps, c->ndeps, sizeof(*deps), cmp_str);
		for (size_t j = 0; j < c->ndeps; j++) {
			scan_buf_printf(&b, " %s", deps[j]);
			free(deps[j]);
		}
		free(deps);
		lines[i] = scan_buf_detach(&b);
		assert_non_null(lines[i]);
	}
	qsort(lines, inv->count, sizeof(*lines), cmp_str);
	for (size_t i = 0; i < inv->count; i++) {
		scan_buf_puts(&out, lines[i]);
		scan_buf_putc(&out, '\n');
		free(lines[i]);
	}
	free(lines);
	{
		char *s = scan_buf_detach(&out);
		if (!s)
			s = calloc(1, 1);
		assert_non_null(s);
		return s;
	}
}

/* Extract text as file `label` of the folder dir (NULL: no file system); the code it returns. */
static int run(scan_sca_extract_fn fn, const char *dir, const char *label, const char *text, size_t len,
               char **out)
{
	scan_sca_inventory inv;
	scan_sca_doc d;
	int fd = -1, err;

	*out = NULL;
	if (dir) {
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		assert_true(fd >= 0);
	}
	scan_inventory__init(&inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &inv, label, fd), 0);
	err = fn(&d, text, len);
	if (err == 0)
		err = scan_lockfile__doc_end(&d);
	else
		scan_lockfile__doc_abort(&d);
	if (err == 0)
		*out = dump(&inv);
	else
		assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
	if (fd >= 0)
		close(fd);
	return err;
}

static void expect_dump(const char *got, const char *want, const char *what)
{
	if (strcmp(got, want)) {
		printf("--- got\n%s--- want\n%s", got, want);
		fail_msg("%.100s: inventory differs", what);
	}
}

/* Fixture case/file, with the folder as the scanned root (use_fs) or without a file system. */
static void expect_fixture(scan_sca_extract_fn fn, const char *cas, const char *file, bool use_fs, const char *want)
{
	char dir[1024], path[1200];
	size_t len;
	char *text, *got;
	int err;

	snprintf(dir, sizeof(dir), FIXTURES "%s", cas);
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	text = th_read(path, &len);
	if (!text)
		fail_msg("cannot read %s", path);
	err = run(fn, use_fs ? dir : NULL, file, text, len, &got);
	if (err)
		fail_msg("%s: extract failed (%d): %s", path, err, scan_error_last()->message);
	expect_dump(got, want, path);
	free(got);
	free(text);
}

static void expect_str(scan_sca_extract_fn fn, const char *label, const char *text, const char *want)
{
	char *got;
	int err = run(fn, NULL, label, text, strlen(text), &got);

	if (err)
		fail_msg("%s: extract failed (%d): %s", label, err, scan_error_last()->message);
	expect_dump(got, want, text);
	free(got);
}

/* The extraction fails with code, quickly, with a one-line message containing want. */
static void expect_error_len(scan_sca_extract_fn fn, const char *label, const char *text, size_t len, int code,
                             const char *want)
{
	char *got = NULL;
	double t0 = th_cpu_seconds();
	int err = run(fn, NULL, label, text, len, &got);

	if (err != code)
		fail_msg("expected %d, got %d: %s", code, err, err ? scan_error_last()->message : got);
	assert_int_equal(scan_error_last()->code, code);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
	if (th_cpu_seconds() - t0 > FAST_SECONDS)
		fail_msg("hostile input took %.1f s", th_cpu_seconds() - t0);
}

static void expect_error(scan_sca_extract_fn fn, const char *label, const char *text, int code, const char *want)
{
	expect_error_len(fn, label, text, strlen(text), code, want);
}

/* Write files into a fresh folder: pairs of relative path and content, NULL-terminated. */
static char *sandbox(const char *rel, ...)
{
	char *dir = th_tmpdir();
	va_list ap;

	va_start(ap, rel);
	for (; rel; rel = va_arg(ap, const char *))
		th_write(dir, rel, va_arg(ap, const char *));
	va_end(ap);
	return dir;
}

static void expect_sandbox(scan_sca_extract_fn fn, const char *dir, const char *file, const char *want)
{
	char *path = th_join(dir, file), *text, *got;
	size_t len;
	int err;

	text = th_read(path, &len);
	assert_non_null(text);
	err = run(fn, dir, file, text, len, &got);
	if (err)
		fail_msg("%s: extract failed (%d): %s", path, err, scan_error_last()->message);
	expect_dump(got, want, path);
	free(got);
	free(text);
	free(path);
}

/* ---- which files ---- */

static void test_matches(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_npm_lock("package-lock.json", "package-lock.json"));
	assert_true(scan_lockfile__is_npm_lock("a/b/npm-shrinkwrap.json", "npm-shrinkwrap.json"));
	assert_false(scan_lockfile__is_npm_lock("node_modules/.package-lock.json", ".package-lock.json"));
	assert_false(scan_lockfile__is_npm_lock("package.json", "package.json"));
	assert_true(scan_lockfile__is_yarn_lock("web/yarn.lock", "yarn.lock"));
	assert_false(scan_lockfile__is_yarn_lock("yarn.lock.bak", "yarn.lock.bak"));
	assert_true(scan_lockfile__is_pnpm_lock("pnpm-lock.yaml", "pnpm-lock.yaml"));
	assert_false(scan_lockfile__is_pnpm_lock("pnpm-workspace.yaml", "pnpm-workspace.yaml"));
}

/* ---- npm ---- */

/*
 * One project written by npm 11 (v3), npm 8 (v2) and npm 6 (v1): workspaces
 * packages/a (@app/a) and packages/b, debug@2.6.9 with its own ms@2.0.0
 * nested, ms@^2.1.3 hoisted, foo as an alias of ms@1.0.0, a scoped package,
 * react with use-sync-external-store's peer, a git dependency, a directory
 * (local-lib) and a tarball (tarpkg) dependency, is-number@7 for dev and
 * is-number@6 under the optional is-odd.
 */
static const char npm_v3_want[] =
	"@app/a@1.0.0 DL :169 -> debug@4.4.3\n"
	"@types/ms@0.7.34 D :42 [MIT] ->\n"
	"b@2.0.0 DL :193 -> @app/a@1.0.0 ms@2.1.3\n"
	"debug@2.6.9 D :52 [MIT] -> ms@2.0.0\n"
	"debug@4.4.3 D :176 [MIT] -> ms@2.1.3\n"
	"gitpkg@1.3.0 DG :74 [WTFPL] -> ms@2.1.3\n"
	"is-number@6.0.0 To :105 [MIT] ->\n"
	"is-number@7.0.0 Dv :82 [MIT] ->\n"
	"is-odd@3.0.1 Do :92 [MIT] -> is-number@6.0.0\n"
	"js-tokens@4.0.0 T :115 [MIT] ->\n"
	"local-lib@0.1.0 DL :31 [ISC] -> ms@2.1.3\n"
	"loose-envify@1.4.0 T :125 [MIT] -> js-tokens@4.0.0\n"
	"ms@1.0.0 D :67 [MIT] ->\n"
	"ms@2.0.0 T :61 [MIT] ->\n"
	"ms@2.1.3 D :137 [MIT] ->\n"
	"react@18.2.0 D :143 [MIT] -> loose-envify@1.4.0\n"
	"tarpkg@0.5.0 DL :155 ->\n"
	"use-sync-external-store@1.2.0 D :160 [MIT] -> react@18.2.0\n";

static void test_npm_v3_workspaces(void **state)
{
	(void)state;
	expect_fixture(scan_lockfile__extract_npm_lock, "v3-workspace", "package-lock.json", false, npm_v3_want);
}

static void test_npm_v2_reads_packages(void **state)
{
	(void)state;
	/* the same tree, with v1's "dependencies" beside it: only "packages" counts */
	expect_fixture(scan_lockfile__extract_npm_lock, "v2-workspace", "package-lock.json", false, npm_v3_want);
}

/* npm 6 knows no workspaces; git and file: dependencies are specs in "version". */
static const char npm_v1_tree[] =
	"@types/ms@0.7.34 D :7 ->\n"
	"debug@2.6.9 D :12 -> ms@2.0.0\n"
	"gitpkg@d02fb7a461faaf03b43cbf72aea14fb5d405f44c DG :32 -> ms@2.1.3\n"
	"is-number@6.0.0 To :54 ->\n"
	"is-number@7.0.0 Dv :39 ->\n"
	"is-odd@3.0.1 Do :45 -> is-number@6.0.0\n"
	"js-tokens@4.0.0 %s :62 ->\n"
	"local-lib@- DL :67 -> ms@2.1.3\n"
	"loose-envify@1.4.0 %s :73 -> js-tokens@4.0.0\n"
	"ms@1.0.0 D :27 ->\n"
	"ms@2.0.0 T :20 ->\n"
	"ms@2.1.3 %s :81 ->\n"
	"react@18.2.0 D :86 -> loose-envify@1.4.0\n"
	"tarpkg@- DL :94 ->\n"
	"use-sync-external-store@1.2.0 D :98 ->\n";

static void test_npm_v1_with_manifest(void **state)
{
	char want[sizeof(npm_v1_tree) + 16];

	(void)state;
	snprintf(want, sizeof(want), npm_v1_tree, "T", "T", "D");
	expect_fixture(scan_lockfile__extract_npm_lock, "v1", "package-lock.json", true, want);
}

static void test_npm_v1_alone(void **state)
{
	char want[sizeof(npm_v1_tree) + 16];

	(void)state;
	/* no package.json: top-level packages others require may be direct or not, so neither */
	snprintf(want, sizeof(want), npm_v1_tree, "-", "-", "-");
	expect_fixture(scan_lockfile__extract_npm_lock, "v1-alone", "package-lock.json", true, want);
	expect_fixture(scan_lockfile__extract_npm_lock, "v1", "package-lock.json", false, want);
}

static void test_npm_resolution(void **state)
{
	(void)state;
	/*
	 * Node's lookup: a's own b@1 shadows the hoisted b@2 for a and for what
	 * is nested under a (d); c sees the hoisted one. A scoped alias, a
	 * dangling link, a tarball URL, an old-style license object, devOptional.
	 */
	expect_str(scan_lockfile__extract_npm_lock, "package-lock.json",
	           "{\"name\":\"x\",\"lockfileVersion\":3,\"requires\":true,\"packages\":{\n"
	           "\"\":{\"name\":\"x\",\"dependencies\":{\"a\":\"1\",\"c\":\"1\",\"@my/alias\":\"npm:@real/pkg@3\",\n"
	           "  \"gone\":\"file:../gone\",\"tar\":\"https://example.com/tar-1.0.0.tgz\"}},\n"
	           "\"node_modules/a\":{\"version\":\"1.0.0\",\"dependencies\":{\"b\":\"^1\",\"d\":\"1\"}},\n"
	           "\"node_modules/a/node_modules/b\":{\"version\":\"1.5.0\",\"license\":{\"type\":\"BSD\"}},\n"
	           "\"node_modules/a/node_modules/d\":{\"version\":\"1.0.0\",\"dependencies\":{\"b\":\"*\",\"missing\":\"1\"}},\n"
	           "\"node_modules/b\":{\"version\":\"2.0.0\",\"devOptional\":true},\n"
	           "\"node_modules/c\":{\"version\":\"1.0.0\",\"dependencies\":{\"b\":\"^2\"},\"peerDependencies\":{\"@my/alias\":\"*\"}},\n"
	           "\"node_modules/@my/alias\":{\"name\":\"@real/pkg\",\"version\":\"3.1.0\"},\n"
	           "\"node_modules/gone\":{\"resolved\":\"../gone\",\"link\":true},\n"
	           "\"node_modules/tar\":{\"version\":\"1.0.0\",\"resolved\":\"https://example.com/tar-1.0.0.tgz\"}\n"
	           "}}",
	           "@real/pkg@3.1.0 D :9 ->\n"
	           "a@1.0.0 D :4 -> b@1.5.0 d@1.0.0\n"
	           "b@1.5.0 T :5 [BSD] ->\n"
	           "b@2.0.0 To :7 ->\n"
	           "c@1.0.0 D :8 -> @real/pkg@3.1.0 b@2.0.0\n"
	           "d@1.0.0 T :6 -> b@1.5.0\n"
	           "gone@- DL :10 ->\n"
	           "tar@1.0.0 DU :11 ->\n");
}

static void test_npm_v1_bundled(void **state)
{
	(void)state;
	/* bundled packages ship inside their parent's tarball and resolve like any nested one */
	expect_str(scan_lockfile__extract_npm_lock, "npm-shrinkwrap.json",
	           "{\n"
	           "  \"name\": \"x\",\n"
	           "  \"lockfileVersion\": 1,\n"
	           "  \"dependencies\": {\n"
	           "    \"fsevents\": {\n"
	           "      \"version\": \"1.2.13\",\n"
	           "      \"optional\": true,\n"
	           "      \"requires\": { \"nan\": \"^2.12.1\", \"abbrev\": \"1\" },\n"
	           "      \"dependencies\": {\n"
	           "        \"abbrev\": { \"version\": \"1.1.1\", \"bundled\": true, \"optional\": true },\n"
	           "        \"@scope/deep\": {\n"
	           "          \"version\": \"2.0.0\", \"bundled\": true,\n"
	           "          \"requires\": { \"abbrev\": \"1\" }\n"
	           "        }\n"
	           "      }\n"
	           "    },\n"
	           "    \"nan\": { \"version\": \"2.14.0\", \"optional\": true },\n"
	           "    \"aliased\": { \"version\": \"npm:@real/thing@1.2.3\" },\n"
	           "    \"tarball\": { \"version\": \"https://example.com/t.tgz\" }\n"
	           "  }\n"
	           "}\n",
	           "@real/thing@1.2.3 D :18 ->\n"
	           "@scope/deep@2.0.0 T :11 -> abbrev@1.1.1\n"
	           "abbrev@1.1.1 To :10 ->\n"
	           "fsevents@1.2.13 Do :5 -> abbrev@1.1.1 nan@2.14.0\n"
	           "nan@2.14.0 o :17 ->\n"
	           "tarball@- DU :19 ->\n");
}

static void test_npm_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"packages\": {", SCAN_EPARSE, "not valid JSON");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "[1,2]", SCAN_EPARSE, "not an object");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json",
	             "{\"lockfileVersion\":3,\"packages\":{\"node_modules/a\":{\"version\":\"1\"},"
	             "\"node_modules/a\":{\"version\":\"2\"}}}",
	             SCAN_EPARSE, "duplicate key 'node_modules/a'");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"lockfileVersion\":\"3\",\"packages\":{}}",
	             SCAN_EPARSE, "lockfileVersion");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"lockfileVersion\":3,\"packages\":[]}",
	             SCAN_EPARSE, "\"packages\" is not an object");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json",
	             "{\"lockfileVersion\":3,\"packages\":{\"node_modules/a\":\"1.0.0\"}}", SCAN_EPARSE,
	             "entry 'node_modules/a' is not an object");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json",
	             "{\"lockfileVersion\":3,\"packages\":{\"node_modules/a\":{\"version\":\"1\\u0001\"}}}", SCAN_EPARSE,
	             "invalid version");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"lockfileVersion\":2,\"dependencies\":{}}",
	             SCAN_EPARSE, "without \"packages\"");
	/* what the file says goes into a message on one line */
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"packages\":{\"a\\nb\":1}}", SCAN_EPARSE,
	             "entry 'a\\x0ab' is not an object");
	/* JSON nested past the cap */
	for (int i = 0; i < 300; i++)
		scan_buf_puts(&b, "{\"dependencies\":");
	scan_buf_puts(&b, "{}");
	for (int i = 0; i < 300; i++)
		scan_buf_putc(&b, '}');
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", b.ptr, SCAN_ELIMIT, "nested deeper");
	/* v1 nesting that stays within the JSON cap but builds a location past Node's path limit */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"lockfileVersion\":1,\"dependencies\":");
	for (int i = 0; i < 60; i++)
		scan_buf_puts(&b, "{\"a-rather-long-package-name-to-fill-the-path-up-past-what-node-would-ever-open-xx\":"
		                  "{\"version\":\"1.0.0\",\"dependencies\":");
	scan_buf_puts(&b, "{}");
	for (int i = 0; i < 60; i++)
		scan_buf_puts(&b, "}}");
	scan_buf_putc(&b, '}');
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", b.ptr, SCAN_ELIMIT, "nested too deep");
	/* a location with too many folders */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"lockfileVersion\":3,\"packages\":{\"");
	for (int i = 0; i < 300; i++)
		scan_buf_puts(&b, "x/");
	scan_buf_puts(&b, "node_modules/a\":{\"version\":\"1\"}}}");
	expect_error(scan_lockfile__extract_npm_lock, "package-lock.json", b.ptr, SCAN_ELIMIT, "deeper than 256 folders");
	/* many dependencies of one package cost their size, nothing more */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"lockfileVersion\":3,\"packages\":{\"\":{\"dependencies\":{");
	for (int i = 0; i < 200000; i++)
		scan_buf_printf(&b, "%s\"p%d\":\"1\"", i ? "," : "", i);
	scan_buf_puts(&b, "}},\"node_modules/p7\":{\"version\":\"1.0.0\"}}}");
	{
		char *got;
		double t0 = th_cpu_seconds();
		int err = run(scan_lockfile__extract_npm_lock, NULL, "package-lock.json", b.ptr, b.size, &got);
		double dt = th_cpu_seconds() - t0;
		scan_buf_dispose(&b);
		assert_int_equal(err, 0);
		assert_string_equal(got, "p7@1.0.0 D :1 ->\n");
		free(got);
		assert_true(dt < FAST_SECONDS);
	}
	/* an empty lockfile of npm 6 is a lockfile with nothing in it */
	expect_str(scan_lockfile__extract_npm_lock, "package-lock.json", "{\"name\":\"x\",\"lockfileVersion\":1}", "");
}

/* ---- yarn ---- */

/*
 * yarn 1.22 and yarn 4 on the project above (berry also with resolve,
 * which it patches; classic given its workspaces by path).
 */
static const char yarn_v1_want[] =
	"@app/a@1.0.0 DL :0 -> debug@4.4.3\n"
	"@types/ms@0.7.34 D :5 ->\n"
	"b@2.0.0 DL :0 -> @app/a@1.0.0 ms@2.1.3\n"
	"debug@2.6.9 D :10 -> ms@2.0.0\n"
	"debug@4.4.3 D :17 -> ms@2.1.3\n"
	"gitpkg@1.3.0 DG :29 -> ms@2.1.3\n"
	"is-number@6.0.0 To :40 ->\n"
	"is-number@7.0.0 Dv :35 ->\n"
	"is-odd@3.0.1 Do :45 -> is-number@6.0.0\n"
	"js-tokens@4.0.0 T :52 ->\n"
	"local-lib@0.1.0 DL :57 -> ms@2.1.3\n"
	"loose-envify@1.4.0 T :62 -> js-tokens@4.0.0\n"
	"ms@1.0.0 D :24 ->\n"
	"ms@2.0.0 T :69 ->\n"
	"ms@2.1.3 D :74 ->\n"
	"react@18.2.0 D :79 -> loose-envify@1.4.0\n"
	"tarpkg@0.5.0 DL :86 ->\n"
	"use-sync-external-store@1.2.0 D :90 ->\n";

static void test_yarn_classic(void **state)
{
	(void)state;
	expect_fixture(scan_lockfile__extract_yarn_lock, "yarn-v1", "yarn.lock", true, yarn_v1_want);
}

static void test_yarn_classic_alone(void **state)
{
	(void)state;
	/* no package.json: the lockfile does not say what is direct or dev */
	expect_fixture(scan_lockfile__extract_yarn_lock, "yarn-v1", "yarn.lock", false,
	               "@types/ms@0.7.34 - :5 ->\n"
	               "debug@2.6.9 - :10 -> ms@2.0.0\n"
	               "debug@4.4.3 - :17 -> ms@2.1.3\n"
	               "gitpkg@1.3.0 G :29 -> ms@2.1.3\n"
	               "is-number@6.0.0 - :40 ->\n"
	               "is-number@7.0.0 - :35 ->\n"
	               "is-odd@3.0.1 - :45 -> is-number@6.0.0\n"
	               "js-tokens@4.0.0 - :52 ->\n"
	               "local-lib@0.1.0 L :57 -> ms@2.1.3\n"
	               "loose-envify@1.4.0 - :62 -> js-tokens@4.0.0\n"
	               "ms@1.0.0 - :24 ->\n"
	               "ms@2.0.0 - :69 ->\n"
	               "ms@2.1.3 - :74 ->\n"
	               "react@18.2.0 - :79 -> loose-envify@1.4.0\n"
	               "tarpkg@0.5.0 L :86 ->\n"
	               "use-sync-external-store@1.2.0 - :90 ->\n");
}

static void test_yarn_classic_glob_workspaces(void **state)
{
	char *dir;

	(void)state;
	/* a workspace pattern cannot be listed: direct from the root only, nothing called transitive or dev */
	dir = sandbox("package.json",
	              "{\"name\":\"r\",\"workspaces\":[\"packages/*\"],\"devDependencies\":{\"a\":\"^1.0.0\"}}\n",
	              "packages/w/package.json", "{\"name\":\"w\",\"dependencies\":{\"b\":\"^2\"}}\n",
	              "yarn.lock",
	              "# yarn lockfile v1\n\n\n"
	              "a@^1.0.0:\n  version \"1.0.0\"\n  dependencies:\n    c \"1\"\n\n"
	              "b@^2:\n  version \"2.0.0\"\n\n"
	              "c@1:\n  version \"1.0.0\"\n",
	              NULL);
	expect_sandbox(scan_lockfile__extract_yarn_lock, dir, "yarn.lock",
	               "a@1.0.0 D :4 -> c@1.0.0\n"
	               "b@2.0.0 - :9 ->\n"
	               "c@1.0.0 - :12 ->\n");
	th_rmtree(dir);
	free(dir);
	/* the same with the workspace by path: complete, so dev and transitive are known */
	dir = sandbox("package.json",
	              "{\"name\":\"r\",\"workspaces\":[\"packages/w\"],\"devDependencies\":{\"a\":\"^1.0.0\"}}\n",
	              "packages/w/package.json", "{\"name\":\"w\",\"dependencies\":{\"b\":\"^2\"}}\n",
	              "yarn.lock",
	              "# yarn lockfile v1\n\n\n"
	              "a@^1.0.0:\n  version \"1.0.0\"\n  dependencies:\n    c \"1\"\n\n"
	              "b@^2:\n  version \"2.0.0\"\n\n"
	              "c@1:\n  version \"1.0.0\"\n",
	              NULL);
	expect_sandbox(scan_lockfile__extract_yarn_lock, dir, "yarn.lock",
	               "a@1.0.0 Dv :4 -> c@1.0.0\n"
	               "b@2.0.0 D :9 ->\n"
	               "c@1.0.0 Tv :12 ->\n"
	               "w@- DL :0 -> b@2.0.0\n");
	th_rmtree(dir);
	free(dir);
}

static void test_yarn_classic_syntax(void **state)
{
	(void)state;
	/*
	 * CRLF, comments, quoted and escaped headers, a scoped npm: alias, a
	 * GitHub shorthand, a tarball URL, blocks this reader skips, an
	 * optionalDependencies block, a dependency on an entry further down.
	 */
	expect_str(scan_lockfile__extract_yarn_lock, "yarn.lock",
	           "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\r\n"
	           "# yarn lockfile v1\r\n"
	           "\r\n"
	           "\"@my/alias@npm:@real/pkg@^1\", \"@my/alias@npm:@real/pkg@^1.1\":\r\n"
	           "  version \"1.2.0\"\r\n"
	           "  resolved \"https://registry.yarnpkg.com/@real/pkg/-/pkg-1.2.0.tgz#abc\"\r\n"
	           "  dependencies:\r\n"
	           "    \"we\\\"ird\" \"~3\"\r\n"
	           "  optionalDependencies:\r\n"
	           "    fsevents \"^2\"\r\n"
	           "  bin:\r\n"
	           "    pkg cli.js\r\n"
	           "\r\n"
	           "\"we\\\"ird@~3\":\r\n"
	           "  version \"3.0.0\"\r\n"
	           "\r\n"
	           "\"gh@user/repo#v1\":\r\n"
	           "  version \"0.1.0\"\r\n"
	           "  resolved \"https://codeload.github.com/user/repo/tar.gz/0123abc\"\r\n"
	           "\r\n"
	           "\"tb@https://example.com/tb-1.tgz\":\r\n"
	           "  version \"1.0.0\"\r\n"
	           "  resolved \"https://example.com/tb-1.tgz\"\r\n",
	           "@real/pkg@1.2.0 - :4 -> we\"ird@3.0.0\n"
	           "gh@0.1.0 G :17 ->\n"
	           "tb@1.0.0 U :21 ->\n"
	           "we\"ird@3.0.0 - :14 ->\n");
}

static void test_yarn_berry(void **state)
{
	static const char want[] =
		"@app/a@0.0.0-use.local DL :8 -> debug@4.4.3\n"
		"@types/ms@0.7.34 D :16 ->\n"
		"b@0.0.0-use.local DL :45 -> @app/a@0.0.0-use.local ms@2.1.3\n"
		"debug@2.6.9 D :54 -> ms@2.0.0\n"
		"debug@4.4.3 D :63 -> ms@2.1.3\n"
		"function-bind@1.1.2 T :82 ->\n"
		"gitpkg@1.3.0 DG :89 -> ms@2.1.3\n"
		"hasown@2.0.4 T :98 -> function-bind@1.1.2\n"
		"is-core-module@2.18.0 T :107 -> hasown@2.0.4\n"
		"is-number@6.0.0 To :123 ->\n"
		"is-number@7.0.0 D%s :116 ->\n"
		"is-odd@3.0.1 Do :130 -> is-number@6.0.0\n"
		"js-tokens@4.0.0 T :139 ->\n"
		"local-lib@0.1.0 DL :146 -> ms@2.1.3\n"
		"loose-envify@1.4.0 T :155 -> js-tokens@4.0.0\n"
		"ms@1.0.0 D :75 ->\n"
		"ms@2.0.0 T :166 ->\n"
		"ms@2.1.3 D :173 ->\n"
		"path-parse@1.0.7 T :180 ->\n"
		"react@18.2.0 D :187 -> loose-envify@1.4.0\n"
		"resolve@1.22.8 D :196 -> is-core-module@2.18.0 path-parse@1.0.7 supports-preserve-symlinks-flag@1.0.0\n"
		"supports-preserve-symlinks-flag@1.0.0 T :222 ->\n"
		"tarpkg@0.5.0 DL :229 ->\n"
		"use-sync-external-store@1.2.0 D :236 ->\n";
	char buf[sizeof(want) + 8];

	(void)state;
	/* with the package.json files, is-number@7 is known as dev */
	snprintf(buf, sizeof(buf), want, "v");
	expect_fixture(scan_lockfile__extract_yarn_lock, "yarn-berry", "yarn.lock", true, buf);
	/* without them, berry still lists the workspaces: only dev is unknown */
	snprintf(buf, sizeof(buf), want, "");
	expect_fixture(scan_lockfile__extract_yarn_lock, "yarn-berry", "yarn.lock", false, buf);
}

static void test_yarn_berry_patch_and_dev(void **state)
{
	(void)state;
	/* the patched typescript is what the dev dependency installs: still dev, one component */
	expect_str(scan_lockfile__extract_yarn_lock, "yarn.lock",
	           "__metadata:\n  version: 8\n  cacheKey: 10c0\n\n"
	           "\"app@workspace:.\":\n  version: 0.0.0-use.local\n  resolution: \"app@workspace:.\"\n"
	           "  dependencies:\n    typescript: \"patch:typescript@npm%3A^5.4.5#optional!builtin<compat/typescript>\"\n"
	           "    left: \"npm:^1\"\n  languageName: unknown\n  linkType: soft\n\n"
	           "\"typescript@npm:^5.4.5\":\n  version: 5.4.5\n  resolution: \"typescript@npm:5.4.5\"\n"
	           "  languageName: node\n  linkType: hard\n\n"
	           "\"typescript@patch:typescript@npm%3A^5.4.5#optional!builtin<compat/typescript>\":\n"
	           "  version: 5.4.5\n"
	           "  resolution: \"typescript@patch:typescript@npm%3A5.4.5#optional!builtin<compat/typescript>::version=5.4.5&hash=5adc0c\"\n"
	           "  languageName: node\n  linkType: hard\n\n"
	           "\"left@npm:^1\":\n  version: 1.0.0\n  resolution: \"left@npm:1.0.0\"\n"
	           "  dependencies:\n    tgz: \"https://example.com/tgz-2.0.0.tgz\"\n"
	           "  dependenciesMeta:\n    tgz:\n      optional: true\n"
	           "  languageName: node\n  linkType: hard\n\n"
	           "\"tgz@https://example.com/tgz-2.0.0.tgz\":\n  version: 2.0.0\n"
	           "  resolution: \"tgz@https://example.com/tgz-2.0.0.tgz\"\n  languageName: node\n  linkType: hard\n",
	           "left@1.0.0 D :26 -> tgz@2.0.0\n"
	           "tgz@2.0.0 ToU :37 ->\n"
	           "typescript@5.4.5 D :14 ->\n");
}

static void test_yarn_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n\tversion \"1\"\n", SCAN_EPARSE, "tab");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n  version \"1\n", SCAN_EPARSE, "unterminated");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "  version \"1\"\n", SCAN_EPARSE, "outside an entry");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1\n", SCAN_EPARSE, "ending in ':'");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "nonsense:\n", SCAN_EPARSE, "descriptor");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n   version \"1\"\n", SCAN_EPARSE, "indentation");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n  version \"1\"\n\na@1, a@2:\n  version \"2\"\n",
	             SCAN_EPARSE, "listed twice");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n  dependencies:\n    b:\n", SCAN_EPARSE,
	             "block inside dependencies");
	expect_error_len(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n  version \"1\0\"\n", 18, SCAN_EPARSE, "NUL");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "a@1:\n  version \"\\u0007\"\n", SCAN_EPARSE,
	             "invalid version");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "__metadata:\n  version: 8\n\"a@npm:1\": [1, 2]\n",
	             SCAN_EPARSE, "not a mapping");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "__metadata:\n  version: 8\n\"a@npm:1\":\n  version: 1\n",
	             SCAN_EPARSE, "without a name@reference resolution");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock",
	             "__metadata:\n  version: 8\n\"a@npm:1\": &x\n  resolution: \"a@npm:1\"\n\"b@npm:1\": *x\n",
	             SCAN_EPARSE, "anchors");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "__metadata:\n  version: [\n", SCAN_EPARSE, NULL);
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", "__metadata:\n  version: 8\n\"a\\nb\": {}\n", SCAN_EPARSE,
	             "'a\\x0ab' is not a name@range descriptor");
	/* a line past the cap */
	scan_buf_puts(&b, "a@1:\n  version \"");
	for (int i = 0; i < 70000; i++)
		scan_buf_putc(&b, '1');
	scan_buf_puts(&b, "\"\n");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", b.ptr, SCAN_ELIMIT, "longer than");
	/* more entries than an inventory holds */
	scan_buf_clear(&b);
	for (int i = 0; i <= SCAN_SCA_COMPONENTS_MAX; i++)
		scan_buf_printf(&b, "p%d@1:\n  version \"1\"\n", i);
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", b.ptr, SCAN_ELIMIT, "more than 500000");
	/* berry past the YAML reader's size cap */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "__metadata:\n  version: 8\n");
	b.max = 2 * SCAN_SCA_FILE_MAX;
	while (b.size <= SCAN_SCA_FILE_MAX && !b.error)
		scan_buf_puts(&b, "# padding padding padding padding padding padding padding padding\n");
	expect_error(scan_lockfile__extract_yarn_lock, "yarn.lock", b.ptr, SCAN_ELIMIT, "larger than");
	scan_buf_dispose(&b);
}

/* ---- pnpm ---- */

/* pnpm 10 (9.0), 8 (6.0) and 7 (5.4) on the project above, as a pnpm workspace */
static const char pnpm_want[] =
	"@app/a@1.0.0 DL :%u -> debug@4.4.3\n"
	"@types/ms@0.7.34 D :%u ->\n"
	"b@2.0.0 DL :%u -> @app/a@1.0.0 ms@2.1.3\n"
	"debug@2.6.9 D :%u -> ms@2.0.0\n"
	"debug@4.4.3 D :%u -> ms@2.1.3\n"
	"gitpkg@1.3.0 DG :%u -> ms@2.1.3\n"
	"is-number@6.0.0 To :%u ->\n"
	"is-number@7.0.0 Dv :%u ->\n"
	"is-odd@3.0.1 Do :%u -> is-number@6.0.0\n"
	"js-tokens@4.0.0 T :%u ->\n"
	"local-lib@%s DL :%u -> ms@2.1.3\n"
	"loose-envify@1.4.0 T :%u -> js-tokens@4.0.0\n"
	"ms@1.0.0 D :%u ->\n"
	"ms@2.0.0 T :%u ->\n"
	"ms@2.1.3 D :%u ->\n"
	"react@18.2.0 D :%u -> loose-envify@1.4.0\n"
	"tarpkg@0.5.0 DL :%u ->\n"
	"use-sync-external-store@1.2.0 D :%u -> react@18.2.0\n";

static void test_pnpm_v9(void **state)
{
	char want[sizeof(pnpm_want) + 128];

	(void)state;
	snprintf(want, sizeof(want), pnpm_want, 47, 64, 53, 67, 75, 84, 88, 92, 96, 100, "-", 103, 106, 110, 113, 116,
	         119, 123, 127);
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v9", "pnpm-lock.yaml", true, want);
}

static void test_pnpm_v6(void **state)
{
	char want[sizeof(pnpm_want) + 128];

	(void)state;
	snprintf(want, sizeof(want), pnpm_want, 47, 64, 53, 68, 79, 150, 91, 98, 103, 112, "-", 158, 116, 123, 127,
	         131, 135, 165, 142);
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v6", "pnpm-lock.yaml", true, want);
}

static void test_pnpm_v5(void **state)
{
	char want[sizeof(pnpm_want) + 128];

	(void)state;
	snprintf(want, sizeof(want), pnpm_want, 33, 49, 39, 53, 64, 134, 76, 82, 87, 96, "0.1.0", 142, 100, 107, 111,
	         115, 119, 150, 126);
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v5", "pnpm-lock.yaml", true, want);
}

static void test_pnpm_without_manifests(void **state)
{
	(void)state;
	/* packages/a is named by b's link to it; packages/a/package.json is not read, so no version */
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v9", "pnpm-lock.yaml", false,
	               "@app/a@- DL :47 -> debug@4.4.3\n"
	               "@types/ms@0.7.34 D :64 ->\n"
	               "debug@2.6.9 D :67 -> ms@2.0.0\n"
	               "debug@4.4.3 D :75 -> ms@2.1.3\n"
	               "gitpkg@1.3.0 DG :84 -> ms@2.1.3\n"
	               "is-number@6.0.0 To :88 ->\n"
	               "is-number@7.0.0 Dv :92 ->\n"
	               "is-odd@3.0.1 Do :96 -> is-number@6.0.0\n"
	               "js-tokens@4.0.0 T :100 ->\n"
	               "local-lib@- DL :103 -> ms@2.1.3\n"
	               "loose-envify@1.4.0 T :106 -> js-tokens@4.0.0\n"
	               "ms@1.0.0 D :110 ->\n"
	               "ms@2.0.0 T :113 ->\n"
	               "ms@2.1.3 D :116 ->\n"
	               "react@18.2.0 D :119 -> loose-envify@1.4.0\n"
	               "tarpkg@0.5.0 DL :123 ->\n"
	               "use-sync-external-store@1.2.0 D :127 -> react@18.2.0\n");
}

/* pnpm 7 (5.4) and 8 (6.0) without workspaces: the dependencies at the top, react-dom with react's peer */
static void test_pnpm_single(void **state)
{
	static const char want[] =
		"@types/ms@0.7.34 D :%u ->\n"
		"is-number@6.0.0 To :%u ->\n"
		"is-number@7.0.0 Dv :%u ->\n"
		"is-odd@3.0.1 Do :%u -> is-number@6.0.0\n"
		"js-tokens@4.0.0 T :%u ->\n"
		"loose-envify@1.4.0 T :%u -> js-tokens@4.0.0\n"
		"react-dom@18.2.0 D :%u -> loose-envify@1.4.0 react@18.2.0 scheduler@0.23.2\n"
		"react@18.2.0 D :%u -> loose-envify@1.4.0\n"
		"scheduler@0.23.2 T :%u -> loose-envify@1.4.0\n";
	char buf[sizeof(want) + 64];

	(void)state;
	snprintf(buf, sizeof(buf), want, 23, 27, 33, 38, 47, 51, 58, 68, 75);
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v5-single", "pnpm-lock.yaml", false, buf);
	snprintf(buf, sizeof(buf), want, 30, 34, 41, 46, 55, 59, 66, 76, 83);
	expect_fixture(scan_lockfile__extract_pnpm_lock, "pnpm-v6-single", "pnpm-lock.yaml", false, buf);
}

static void test_pnpm_peers_git_links(void **state)
{
	(void)state;
	/*
	 * v9: one package in two peer contexts is one component with both
	 * contexts' dependencies; a GitHub dependency as pnpm writes it (a
	 * codeload tarball); a link to a folder that is no workspace; a dev
	 * dependency's own dependencies are dev too, unless production also
	 * reaches them; an optional package for another platform is absent.
	 */
	expect_str(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml",
	           "lockfileVersion: '9.0'\n"
	           "importers:\n"
	           "  .:\n"
	           "    dependencies:\n"
	           "      '@x/ui':\n        specifier: ^1\n        version: 1.0.0(react@18.2.0)\n"
	           "      shared:\n        specifier: 1.0.0\n        version: 1.0.0\n"
	           "      gh:\n        specifier: github:user/gh\n"
	           "        version: https://codeload.github.com/user/gh/tar.gz/0123abc\n"
	           "      tools:\n        specifier: link:../tools\n        version: link:../tools\n"
	           "    devDependencies:\n"
	           "      lint:\n        specifier: ^2\n        version: 2.0.0\n"
	           "      '@x/ui-old':\n        specifier: npm:@x/ui@1.0.0\n        version: '@x/ui@1.0.0(react@17.0.0)'\n"
	           "packages:\n"
	           "  '@x/ui@1.0.0':\n    resolution: {integrity: sha512-a}\n    peerDependencies:\n      react: '*'\n"
	           "  react@18.2.0:\n    resolution: {integrity: sha512-b}\n"
	           "  react@17.0.0:\n    resolution: {integrity: sha512-c}\n"
	           "  shared@1.0.0:\n    resolution: {integrity: sha512-d}\n"
	           "  lint@2.0.0:\n    resolution: {integrity: sha512-e}\n"
	           "  lint-helper@1.0.0:\n    resolution: {integrity: sha512-f}\n"
	           "  gh@https://codeload.github.com/user/gh/tar.gz/0123abc:\n"
	           "    resolution: {tarball: https://codeload.github.com/user/gh/tar.gz/0123abc}\n"
	           "    version: 0.3.0\n"
	           "snapshots:\n"
	           "  '@x/ui@1.0.0(react@18.2.0)':\n    dependencies:\n      react: 18.2.0\n"
	           "  '@x/ui@1.0.0(react@17.0.0)':\n    dependencies:\n      react: 17.0.0\n"
	           "  react@18.2.0: {}\n"
	           "  react@17.0.0: {}\n"
	           "  shared@1.0.0: {}\n"
	           "  lint@2.0.0:\n    dependencies:\n      shared: 1.0.0\n      lint-helper: 1.0.0\n"
	           "    optionalDependencies:\n      lint-darwin: 2.0.0\n"
	           "  lint-helper@1.0.0: {}\n"
	           "  gh@https://codeload.github.com/user/gh/tar.gz/0123abc: {}\n",
	           "@x/ui@1.0.0 D :25 -> react@17.0.0 react@18.2.0\n"
	           "gh@0.3.0 DG :39 ->\n"
	           "lint-helper@1.0.0 Tv :37 ->\n"
	           "lint@2.0.0 Dv :35 -> lint-helper@1.0.0 shared@1.0.0\n"
	           "react@17.0.0 Tv :31 ->\n"
	           "react@18.2.0 T :29 ->\n"
	           "shared@1.0.0 D :33 ->\n"
	           "tools@- DL :14 ->\n");
}

static void test_pnpm_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", "packages: {}\n", SCAN_EPARSE, "no lockfileVersion");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", "lockfileVersion: 3\n", SCAN_EPARSE,
	             "unsupported lockfileVersion '3'");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", "- 1\n- 2\n", SCAN_EPARSE, "not a mapping");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", "lockfileVersion: '9.0'\nimporters: [1]\n",
	             SCAN_EPARSE, "not a mapping");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml",
	             "lockfileVersion: '6.0'\npackages:\n  /a@1.0.0: {}\n  /a@1.0.0: {}\n", SCAN_EPARSE, "listed twice");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml",
	             "lockfileVersion: '6.0'\npackages:\n  weird-key: {}\n", SCAN_EPARSE, "cannot tell the package");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml",
	             "lockfileVersion: '6.0'\ndependencies:\n  a: [1]\n", SCAN_EPARSE, "malformed dependency");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml",
	             "lockfileVersion: '9.0'\nimporters:\n  .: {}\n  ./: {}\n", SCAN_EPARSE, "listed twice");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", "lockfileVersion: '9.0'\n: [\n", SCAN_EPARSE, NULL);
	/* nesting past the YAML reader's cap */
	scan_buf_puts(&b, "lockfileVersion: '9.0'\npackages: ");
	for (int i = 0; i < 100; i++)
		scan_buf_putc(&b, '[');
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", b.ptr, SCAN_ELIMIT, "nesting");
	/* more nodes than the YAML reader takes */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "lockfileVersion: '9.0'\npackages: [");
	for (int i = 0; i < SCAN_SCA_YAML_NODES_MAX; i++)
		scan_buf_puts(&b, "1,");
	scan_buf_puts(&b, "1]\n");
	expect_error(scan_lockfile__extract_pnpm_lock, "pnpm-lock.yaml", b.ptr, SCAN_ELIMIT, "too many nodes");
	scan_buf_dispose(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matches),
		cmocka_unit_test(test_npm_v3_workspaces),
		cmocka_unit_test(test_npm_v2_reads_packages),
		cmocka_unit_test(test_npm_v1_with_manifest),
		cmocka_unit_test(test_npm_v1_alone),
		cmocka_unit_test(test_npm_resolution),
		cmocka_unit_test(test_npm_v1_bundled),
		cmocka_unit_test(test_npm_hostile),
		cmocka_unit_test(test_yarn_classic),
		cmocka_unit_test(test_yarn_classic_alone),
		cmocka_unit_test(test_yarn_classic_glob_workspaces),
		cmocka_unit_test(test_yarn_classic_syntax),
		cmocka_unit_test(test_yarn_berry),
		cmocka_unit_test(test_yarn_berry_patch_and_dev),
		cmocka_unit_test(test_yarn_hostile),
		cmocka_unit_test(test_pnpm_v9),
		cmocka_unit_test(test_pnpm_v6),
		cmocka_unit_test(test_pnpm_v5),
		cmocka_unit_test(test_pnpm_without_manifests),
		cmocka_unit_test(test_pnpm_single),
		cmocka_unit_test(test_pnpm_peers_git_links),
		cmocka_unit_test(test_pnpm_hostile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
