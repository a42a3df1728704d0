/*
 * tests/unit/test_sca_python.c - the Python extractors on files in the
 * formats pip-compile, Poetry 1.1 / 1.8 / 2.x, uv, Pipenv and the
 * packaging PEPs define: requirements files with hashes, continuations,
 * includes (and their cycles) and constraints; lockfiles with their
 * pyproject.toml or Pipfile beside them, and without; workspaces, git,
 * path and URL packages, extras, markers and two versions of one package;
 * and hostile input.
 */
#include "sca_expect.h"
#include "scan/buf.h"
#include "scan/common.h"

#define DIR_ SCAN_DEP_DIRECT
#define TRN SCAN_DEP_TRANSITIVE
#define DEV SCAN_DEP_DEV
#define OPT SCAN_DEP_OPTIONAL
#define LOC SCAN_DEP_LOCAL
#define GIT SCAN_DEP_GIT
#define URL SCAN_DEP_URL
#define UNP SCAN_DEP_UNPINNED

/* The inventory holds exactly w[], PyPI components all. */
#define CHECK(inv, w) \
	do { \
		sca_expect(inv, w, sizeof(w) / sizeof((w)[0])); \
		sca_expect_ecosystem(inv, SCAN_ECO_PYPI, "pkg:pypi/"); \
	} while (0)

static void test_is_rules(void **state)
{
	static const struct {
		const char *path;
		bool yes;
	} req[] = {
		{ "requirements.txt", true },
		{ "svc/requirements-dev.txt", true },
		{ "dev-requirements.txt", true },
		{ "requirements_test.txt", true },
		{ "Requirements.TXT", true },
		{ "requirements/base.txt", true },
		{ "svc/requirements/prod.txt", true },
		{ "constraints.txt", true },
		{ "constraints-py311.txt", true },
		{ "requirements.in", false },
		{ "requirements", false },
		{ "notes.txt", false },
		{ "myrequirements/x.txt", false },
		{ "requirements.txt.bak", false },
		{ "docs/requirements/readme.md", false },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		const char *base = strrchr(req[i].path, '/');
		base = base ? base + 1 : req[i].path;
		if (scan_lockfile__is_requirements(req[i].path, base) != req[i].yes)
			fail_msg("is_requirements(%s) != %d", req[i].path, req[i].yes);
	}
	assert_true(scan_lockfile__is_poetry_lock("a/poetry.lock", "poetry.lock"));
	assert_false(scan_lockfile__is_poetry_lock("a/Poetry.lock", "Poetry.lock"));
	assert_true(scan_lockfile__is_pipfile_lock("Pipfile.lock", "Pipfile.lock"));
	assert_false(scan_lockfile__is_pipfile_lock("Pipfile", "Pipfile"));
	assert_true(scan_lockfile__is_uv_lock("x/uv.lock", "uv.lock"));
	assert_true(scan_lockfile__is_pyproject("pyproject.toml", "pyproject.toml"));
	assert_false(scan_lockfile__is_pyproject("pyproject.toml.orig", "pyproject.toml.orig"));
}

/* ---- requirements ---- */

/*
 * pip-compile output with hashes on continuation lines and "# via"
 * comments, option lines, -r (which -r's back: a cycle), -c (which pins
 * flask, Django and numpy==1.26.*), a missing include, markers, extras,
 * ===, parentheses, editable VCS and path requirements, direct
 * references and bare URLs and paths.
 */
static void test_requirements_fixture(void **state)
{
	static const sca_want w[] = {
		{ "attrs", "23.2.0", DIR_, 12, NULL, NULL },
		{ "packaging", "24.0", DIR_, 12, NULL, NULL },
		{ "certifi", "2024.2.2", DIR_, 16, NULL, NULL },
		{ "charset-normalizer", "3.3.2", DIR_, 20, NULL, NULL },
		{ "idna", "3.6", DIR_, 24, NULL, NULL },
		{ "requests", "2.31.0", DIR_, 28, NULL, NULL },
		{ "urllib3", "2.2.1", DIR_, 31, NULL, NULL },
		{ "typing_extensions", "4.10.0", DIR_, 32, NULL, NULL },
		{ "Django", "4.2.11", DIR_, 33, NULL, NULL },
		{ "flask", "3.0.2", DIR_, 34, NULL, NULL },
		{ "numpy", "1.26.4", DIR_, 35, NULL, NULL },
		{ "PyYAML", "6.0.1", DIR_, 36, NULL, NULL },
		{ "tomli", NULL, DIR_ | UNP, 37, NULL, NULL },
		{ "six", "1.16.0", DIR_, 39, NULL, NULL },
		{ "editable-lib", "v1.4.0", DIR_ | GIT, 40, NULL, NULL },
		{ "localpkg", NULL, DIR_ | LOC, 41, NULL, NULL },
		{ "no-ref", NULL, DIR_ | GIT | UNP, 43, NULL, NULL },
		{ "mylib", "2f1c3a4b5d6e7f8091a2b3c4d5e6f708192a3b4c", DIR_ | GIT, 44, NULL, NULL },
		{ "wheelpkg", "0.9.1", DIR_ | URL, 45, NULL, NULL },
		{ "vendored_pkg", "2.0.0", DIR_ | LOC, 46, NULL, NULL },
		{ "tarball-pkg", "1.2.3", DIR_ | URL, 47, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_requirements, "python/requirements", "requirements.txt");
	CHECK(&inv, w);
	assert_string_equal(inv.items[8].purl, "pkg:pypi/django@4.2.11");
	assert_string_equal(inv.items[7].purl, "pkg:pypi/typing-extensions@4.10.0");
	scan_inventory__dispose(&inv);
}

/* An included file as a document of its own: the include of it from the file it includes is a cycle. */
static void test_requirements_included_file(void **state)
{
	static const sca_want w[] = {
		{ "certifi", "2024.2.2", DIR_, 2, NULL, NULL },
		{ "charset-normalizer", "3.3.2", DIR_, 2, NULL, NULL },
		{ "idna", "3.6", DIR_, 2, NULL, NULL },
		{ "requests", "2.31.0", DIR_, 2, NULL, NULL },
		{ "urllib3", "2.2.1", DIR_, 2, NULL, NULL },
		{ "typing_extensions", "4.10.0", DIR_, 2, NULL, NULL },
		{ "Django", "4.2.11", DIR_, 2, NULL, NULL },
		{ "flask", "3.0.2", DIR_, 2, NULL, NULL },
		{ "numpy", "1.26.4", DIR_, 2, NULL, NULL },
		{ "PyYAML", "6.0.1", DIR_, 2, NULL, NULL },
		{ "tomli", NULL, DIR_ | UNP, 2, NULL, NULL },
		{ "six", "1.16.0", DIR_, 2, NULL, NULL },
		{ "editable-lib", "v1.4.0", DIR_ | GIT, 2, NULL, NULL },
		{ "localpkg", NULL, DIR_ | LOC, 2, NULL, NULL },
		{ "no-ref", NULL, DIR_ | GIT | UNP, 2, NULL, NULL },
		{ "mylib", "2f1c3a4b5d6e7f8091a2b3c4d5e6f708192a3b4c", DIR_ | GIT, 2, NULL, NULL },
		{ "wheelpkg", "0.9.1", DIR_ | URL, 2, NULL, NULL },
		{ "vendored_pkg", "2.0.0", DIR_ | LOC, 2, NULL, NULL },
		{ "tarball-pkg", "1.2.3", DIR_ | URL, 2, NULL, NULL },
		{ "attrs", "23.2.0", DIR_, 3, NULL, NULL },
		{ "packaging", "24.0", DIR_, 4, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_requirements, "python/requirements", "requirements/base.txt");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* A constraints file read on its own lists what it pins. */
static void test_constraints_file(void **state)
{
	static const sca_want w[] = {
		{ "Flask", "3.0.2", DIR_, 2, NULL, NULL },
		{ "django", "4.2.11", DIR_, 3, NULL, NULL },
		{ "numpy", "1.26.4", DIR_, 4, NULL, NULL },
		{ "gunicorn", "22.0.0", DIR_, 5, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_requirements, "python/requirements", "constraints.txt");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Without a file system the includes are skipped and the constraints unknown. */
static void test_requirements_without_fs(void **state)
{
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture_fs(&inv, scan_lockfile__extract_requirements, "python/requirements", "requirements.txt", false);
	assert_int_equal(inv.count, 19);
	assert_string_equal(inv.items[0].name, "certifi");
	assert_string_equal(inv.items[6].name, "Django");
	assert_null(inv.items[6].version);
	assert_int_equal(inv.items[6].flags, DIR_ | UNP);
	assert_string_equal(inv.items[8].name, "numpy");
	assert_null(inv.items[8].version);
	scan_inventory__dispose(&inv);
}

static void test_requirements_forms(void **state)
{
	static const sca_want w[] = {
		{ "pkg-a", "1.0", DIR_, 2, NULL, NULL },
		{ "pkg_b", "2.0-custom", DIR_, 3, NULL, NULL },
		{ "pkg.c", "1.5", DIR_, 4, NULL, NULL },
		{ "pkg-d", NULL, DIR_ | UNP, 5, NULL, NULL },
		{ "pkg-e", NULL, DIR_ | UNP, 6, NULL, NULL },
		{ "pkg-f", "1.0+cpu", DIR_, 7, NULL, NULL },
		{ "pkg-g", "3.0", DIR_, 8, NULL, NULL },
		{ "priv", "deadbeef", DIR_ | GIT, 14, NULL, NULL },
		{ "hgpkg", "1.2", DIR_ | URL, 15, NULL, NULL },
		{ "dir", NULL, DIR_ | LOC, 16, NULL, NULL },
		{ "localthing", NULL, DIR_ | LOC, 17, NULL, NULL },
		{ "Some_Pkg", "4.5.6", DIR_ | URL, 18, NULL, NULL },
		{ "repo-name", NULL, DIR_ | GIT | UNP, 19, NULL, NULL },
		{ "other_pkg", "0.1", DIR_ | LOC, 20, NULL, NULL },
		{ "named", "2.0", DIR_ | LOC, 21, NULL, NULL },
		{ "cont", "1.0", DIR_, 25, NULL, NULL },
		{ "after", "2.0", DIR_, 27, NULL, NULL },
		{ "last", "9.0", DIR_, 28, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_str(&inv, scan_lockfile__extract_requirements, "req.txt",
	            "\xEF\xBB\xBF# every form pip accepts\r\n"
	            "pkg-a==1.0\r\n"
	            "pkg_b === 2.0-custom\n"
	            "pkg.c[extra1, extra2] (>=1.0, ==1.5) ; os_name == \"nt\"\n"
	            "pkg-d ~= 1.4.2\n"
	            "pkg-e != 1.0, == 1.1.*\n"
	            "pkg-f==1.0+cpu --hash=sha256:abc --global-option=\"--x\"\n"
	            "pkg-g \\\n"
	            "  ==3.0 \\\n"
	            "  --hash=sha256:aa\n"
	            "-r other.txt\n"
	            "-c cons.txt\n"
	            "--requirement=x.txt\n"
	            "-e git+ssh://git@github.com/org/priv.git@deadbeef#egg=priv&subdirectory=pkg\n"
	            "-e hg+https://hg.example.com/repo@1.2#egg=hgpkg\n"
	            "-e ./sub/dir[extra]\n"
	            "--editable=file:///abs/path/localthing\n"
	            "https://example.com/pkgs/Some_Pkg-4.5.6-cp311-cp311-manylinux_2_17_x86_64.whl ; sys_platform == \"linux\"\n"
	            "git+https://github.com/org/repo-name.git\n"
	            "file:../wheels/other_pkg-0.1.zip\n"
	            "named @ file:///tmp/named-2.0.tar.gz\n"
	            "pkg-a==1.0  # the same again: one component\n"
	            "    # an indented comment\n"
	            "--index-url https://x.example/simple\n"
	            "cont==1.0 \\\n"
	            "# a comment line ends the continuation\n"
	            "after==2.0\n"
	            "last==9.0 \\");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	/* Nothing but comments and options. */
	sca_run_str(&inv, scan_lockfile__extract_requirements, "req.txt", "# x\n--pre\n-e .\n\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static void test_requirements_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "a==1\nrequests==\n", "r.txt:2: invalid version in a specifier: 'requests=='" },
		{ "foo bar\n", "r.txt:1: invalid version specifier" },
		{ "\n\n[extra]pkg\n", "r.txt:3: invalid requirement" },
		{ "pkg[extra\n", "unterminated extras" },
		{ "pkg @\n", "missing URL" },
		{ "pkg @ https://x/y.whl z\n", "after the URL" },
		{ "pkg (>=1.0\n", "unterminated" },
		{ "-e\n", "-e without a path or URL" },
		/* A continued line is reported where it starts; control bytes are not echoed. */
		{ "ok==1\nbad\\\n==\x01\n", "r.txt:2:" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_requirements, "r.txt", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

/* Includes on a real file system: relative to the including file, cycles, escapes, symlinks, the limit. */
static void test_requirements_includes(void **state)
{
	static const sca_want w[] = {
		{ "six", "1.16.0", DIR_, 1, NULL, NULL },
		{ "attrs", "1.0", DIR_, 1, NULL, NULL },
		{ "flask", "3.0.0", DIR_, 7, NULL, NULL },
		{ "django", NULL, DIR_ | UNP, 8, NULL, NULL },
	};
	char *root = th_tmpdir(), *link, *target;
	scan_sca_inventory inv;
	scan_buf b = SCAN_BUF_INIT;
	const char *text;
	int rc;
	(void)state;

	text = "-r ../shared/base.txt\n"
	       "-r /etc/passwd\n"
	       "-r ../../escape.txt\n"
	       "-r https://example.com/r.txt\n"
	       "-r link.txt\n"
	       "-c constraints/c.txt\n"
	       "flask\n"
	       "django\n";
	th_write(root, "svc/requirements.txt", text);
	th_write(root, "shared/base.txt", "-r deeper/d.txt\nattrs==1.0\n");
	th_write(root, "shared/deeper/d.txt", "-r ../base.txt\nsix==1.16.0\n");
	th_write(root, "shared/linked.txt", "linked==1.0\n");
	th_write(root, "svc/constraints/c.txt", "--requirement more.txt\n");
	th_write(root, "svc/constraints/more.txt", "Flask==3.0.0\nunused==1.0\n");
	link = th_join(root, "svc/link.txt");
	target = th_join(root, "shared/linked.txt");
	assert_int_equal(symlink(target, link), 0);
	rc = sca_run_path(&inv, scan_lockfile__extract_requirements, root, "svc/requirements.txt", text, strlen(text));
	if (rc)
		fail_msg("%d %s", rc, scan_error_last()->message);
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	/* A chain longer than SCAN_SCA_INCLUDES_MAX. */
	for (int i = 0; i < 40; i++) {
		char name[32], body[64];
		snprintf(name, sizeof(name), "chain/%d.txt", i);
		snprintf(body, sizeof(body), "-r %d.txt\npkg%d==1.0\n", i + 1, i);
		th_write(root, name, body);
	}
	text = "-r 1.txt\n";
	sca_expect_error_path(scan_lockfile__extract_requirements, root, "chain/0.txt", text, strlen(text), SCAN_ELIMIT,
	                      "more than 32 included files");

	/* Many requirements: linear, one component each. */
	for (int i = 0; i < 20000; i++)
		scan_buf_printf(&b, "package-%d==1.%d \\\n    --hash=sha256:%064d\n", i, i, i);
	rc = sca_run_path(&inv, scan_lockfile__extract_requirements, NULL, "big.txt", b.ptr, b.size);
	assert_int_equal(rc, 0);
	assert_int_equal(inv.count, 20000);
	assert_string_equal(inv.items[19999].version, "1.19999");
	assert_int_equal(inv.items[19999].line, 39999);
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);

	th_rmtree(root);
	free(link);
	free(target);
	free(root);
}

/* ---- poetry.lock ---- */

/* Poetry 1.1: category says dev; pyproject.toml says what is direct. */
static void test_poetry_1_1(void **state)
{
	static const sca_want w[] = {
		{ "atomicwrites", "1.4.0", TRN | DEV, 1, NULL, NULL },
		{ "attrs", "21.4.0", TRN | DEV, 9, NULL, NULL },
		{ "certifi", "2021.10.8", TRN, 21, NULL, NULL },
		{ "charset-normalizer", "2.0.12", TRN, 29, NULL, NULL },
		{ "colorama", "0.4.4", TRN | DEV, 40, NULL, NULL },
		{ "gitpkg", "0.5.0", DIR_ | GIT, 48, "certifi@2021.10.8", NULL },
		{ "idna", "3.3", TRN, 66, NULL, NULL },
		{ "iniconfig", "1.1.1", TRN | DEV, 74, NULL, NULL },
		{ "localpkg", "0.0.1", DIR_ | LOC, 82, "six@1.16.0", NULL },
		{ "packaging", "21.3", TRN | DEV, 98, "pyparsing@3.0.7", NULL },
		{ "pluggy", "1.0.0", TRN | DEV, 109, NULL, NULL },
		{ "py", "1.11.0", TRN | DEV, 121, NULL, NULL },
		{ "pyparsing", "3.0.7", TRN | DEV, 129, NULL, NULL },
		{ "pysocks", "1.7.1", TRN, 140, NULL, NULL },
		{ "pytest", "7.0.1", DIR_ | DEV, 148, "atomicwrites@1.4.0 attrs@21.4.0 colorama@0.4.4 iniconfig@1.1.1 packaging@21.3 pluggy@1.0.0 py@1.11.0 tomli@2.0.1", NULL },
		{ "requests", "2.27.1", DIR_, 169, "certifi@2021.10.8 charset-normalizer@2.0.12 idna@3.3 pysocks@1.7.1 urllib3@1.26.8", NULL },
		{ "six", "1.16.0", TRN, 188, NULL, NULL },
		{ "tomli", "2.0.1", TRN | DEV, 196, NULL, NULL },
		{ "urllib3", "1.26.8", TRN, 204, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_poetry_lock, "python/poetry-1.1", "poetry.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Poetry 1.8 (lock-version 2.0): neither category nor groups; dev from the pyproject's groups. */
static void test_poetry_2_0(void **state)
{
	static const sca_want w[] = {
		{ "click", "8.1.7", DIR_, 3, "colorama@0.4.6", NULL },
		{ "colorama", "0.4.6", TRN, 17, NULL, NULL },
		{ "ghp-import", "2.1.0", TRN | DEV, 28, "python-dateutil@2.9.0.post0", NULL },
		{ "iniconfig", "2.0.0", TRN | DEV, 45, NULL, NULL },
		{ "jinja2", "3.1.4", DIR_, 56, "markupsafe@2.1.5", NULL },
		{ "markupsafe", "2.1.5", TRN, 73, NULL, NULL },
		{ "mkdocs", "1.6.0", DIR_ | DEV, 84, "click@8.1.7 colorama@0.4.6 ghp-import@2.1.0 jinja2@3.1.4 markupsafe@2.1.5", NULL },
		{ "packaging", "24.1", TRN | DEV, 102, NULL, NULL },
		{ "pluggy", "1.5.0", TRN | DEV, 113, NULL, NULL },
		{ "pytest", "8.2.2", DIR_ | DEV, 128, "colorama@0.4.6 iniconfig@2.0.0 packaging@24.1 pluggy@1.5.0", NULL },
		{ "python-dateutil", "2.9.0.post0", TRN | DEV, 148, "six@1.16.0", NULL },
		{ "six", "1.16.0", TRN | DEV, 162, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_poetry_lock, "python/poetry-2.0", "poetry.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Poetry 2 (lock-version 2.1): groups, an optional extra, numpy at two versions; PEP 621 pyproject. */
static void test_poetry_2_1(void **state)
{
	static const sca_want w[] = {
		{ "certifi", "2025.1.31", TRN, 3, NULL, NULL },
		{ "charset-normalizer", "3.4.1", TRN, 15, NULL, NULL },
		{ "colorama", "0.4.6", TRN | DEV, 27, NULL, NULL },
		{ "idna", "3.10", TRN, 40, NULL, NULL },
		{ "iniconfig", "2.0.0", TRN | DEV, 55, NULL, NULL },
		{ "numpy", "2.2.0", DIR_, 67, NULL, NULL },
		{ "numpy", "2.2.3", DIR_, 80, NULL, NULL },
		{ "packaging", "24.2", TRN | DEV, 93, NULL, NULL },
		{ "pandas", "2.2.3", DIR_, 105, "numpy@2.2.0 numpy@2.2.3 python-dateutil@2.9.0.post0 pytz@2025.1 tzdata@2025.1", NULL },
		{ "pluggy", "1.5.0", TRN | DEV, 131, NULL, NULL },
		{ "pysocks", "1.7.1", DIR_ | OPT, 147, NULL, NULL },
		{ "pytest", "8.3.4", DIR_ | DEV, 161, "colorama@0.4.6 iniconfig@2.0.0 packaging@24.2 pluggy@1.5.0", NULL },
		{ "python-dateutil", "2.9.0.post0", TRN, 182, "six@1.17.0", NULL },
		{ "pytz", "2025.1", TRN, 197, NULL, NULL },
		{ "requests", "2.32.3", DIR_, 209, "certifi@2025.1.31 charset-normalizer@3.4.1 idna@3.10 pysocks@1.7.1 urllib3@2.3.0", NULL },
		{ "six", "1.17.0", TRN, 232, NULL, NULL },
		{ "tzdata", "2025.1", TRN, 244, NULL, NULL },
		{ "urllib3", "2.3.0", TRN, 256, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_poetry_lock, "python/poetry-2.1", "poetry.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Without pyproject.toml nothing says what is direct; lock-version 2.0 cannot say what is dev either. */
static void test_poetry_without_pyproject(void **state)
{
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture_fs(&inv, scan_lockfile__extract_poetry_lock, "python/poetry-2.0", "poetry.lock", false);
	assert_int_equal(inv.count, 12);
	for (size_t i = 0; i < inv.count; i++)
		assert_int_equal(inv.items[i].flags, 0);
	assert_int_equal(inv.items[6].ndeps, 5);
	scan_inventory__dispose(&inv);

	sca_run_fixture_fs(&inv, scan_lockfile__extract_poetry_lock, "python/poetry-1.1", "poetry.lock", false);
	assert_int_equal(inv.count, 19);
	assert_int_equal(inv.items[0].flags, DEV);
	assert_int_equal(inv.items[5].flags, GIT);
	assert_int_equal(inv.items[8].flags, LOC);
	assert_int_equal(inv.items[15].flags, 0);
	scan_inventory__dispose(&inv);

	/* A pyproject.toml that is not TOML is as good as none. */
	{
		char *root = th_tmpdir();
		const char *lock = "[[package]]\nname = \"a\"\nversion = \"1.0\"\n";
		int rc;
		th_write(root, "pyproject.toml", "[project\n");
		rc = sca_run_path(&inv, scan_lockfile__extract_poetry_lock, root, "poetry.lock", lock, strlen(lock));
		assert_int_equal(rc, 0);
		assert_int_equal(inv.count, 1);
		assert_int_equal(inv.items[0].flags, 0);
		scan_inventory__dispose(&inv);
		th_rmtree(root);
		free(root);
	}
}

static void test_poetry_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "[[package]]\nversion = \"1\"\n", "poetry.lock:1: package without a name" },
		{ "[[package]]\nname = \"a\"\n", "package without a version" },
		{ "package = \"x\"\n", "not an array" },
		{ "package = [\"x\"]\n", "not a table" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\n[package.dependencies]\nb = \"*\"\nb = \"*\"\n",
		  "poetry.lock:6: duplicate key 'b'" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_poetry_lock, "poetry.lock", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

/* ---- uv.lock ---- */

/*
 * A workspace: app (editable ".") and member-lib (editable, version
 * dynamic so absent); httpx from git with its http2 extra, a directory
 * and a URL package, click as an extra, pytest in the dev group, numpy
 * at two versions by Python version.
 */
static void test_uv_workspace(void **state)
{
	static const sca_want w[] = {
		{ "anyio", "4.4.0", DIR_, 15, "exceptiongroup@1.2.2 idna@3.8 sniffio@1.3.1 typing-extensions@4.12.2", NULL },
		{ "app", "0.1.0", LOC, 30, "anyio@4.4.0 click@8.1.7 httpx@0.27.0 member-lib numpy@1.26.4 numpy@2.1.3 pytest@8.3.2", NULL },
		{ "certifi", "2024.8.30", DIR_, 66, NULL, NULL },
		{ "click", "8.1.7", DIR_ | OPT, 75, "colorama@0.4.6", NULL },
		{ "colorama", "0.4.6", TRN | OPT, 87, NULL, NULL },
		{ "exceptiongroup", "1.2.2", TRN, 96, NULL, NULL },
		{ "h11", "0.14.0", TRN, 105, NULL, NULL },
		{ "h2", "4.1.0", TRN, 114, "hpack@4.0.0 hyperframe@6.0.1", NULL },
		{ "hpack", "4.0.0", TRN, 127, NULL, NULL },
		{ "httpcore", "1.0.5", TRN, 136, "certifi@2024.8.30 h11@0.14.0", NULL },
		{ "httpx", "0.27.0", DIR_ | GIT, 149, "anyio@4.4.0 certifi@2024.8.30 h2@4.1.0 httpcore@1.0.5 idna@3.8 sniffio@1.3.1", NULL },
		{ "hyperframe", "6.0.1", TRN, 166, NULL, NULL },
		{ "idna", "3.8", TRN, 175, NULL, NULL },
		{ "iniconfig", "2.0.0", TRN | DEV, 184, NULL, NULL },
		{ "localdep", "0.3.0", DIR_ | LOC, 193, "urlpkg@1.0.0", NULL },
		{ "member-lib", NULL, DIR_ | LOC, 204, "certifi@2024.8.30 localdep@0.3.0", NULL },
		{ "numpy", "1.26.4", DIR_, 218, NULL, NULL },
		{ "numpy", "2.1.3", DIR_, 230, NULL, NULL },
		{ "packaging", "24.1", TRN | DEV, 242, NULL, NULL },
		{ "pluggy", "1.5.0", TRN | DEV, 251, NULL, NULL },
		{ "pytest", "8.3.2", DIR_ | DEV, 260, "colorama@0.4.6 exceptiongroup@1.2.2 iniconfig@2.0.0 packaging@24.1 pluggy@1.5.0 tomli@2.0.1", NULL },
		{ "sniffio", "1.3.1", TRN, 277, NULL, NULL },
		{ "tomli", "2.0.1", TRN | DEV, 286, NULL, NULL },
		{ "typing-extensions", "4.12.2", TRN, 295, NULL, NULL },
		{ "urlpkg", "1.0.0", TRN | URL, 304, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_uv_lock, "python/uv-workspace", "uv.lock");
	CHECK(&inv, w);
	assert_string_equal(inv.items[15].purl, "pkg:pypi/member-lib");
	scan_inventory__dispose(&inv);
}

/* A virtual root, the manifest's own requirements and groups, a wheel by path, [[distribution]]. */
static void test_uv_virtual_and_manifest(void **state)
{
	static const sca_want w[] = {
		{ "workspace-root", NULL, LOC, 11, NULL, NULL },
		{ "lib-a", "1.0.0", LOC, 15, "lib-b@0.5.0 six@1.16.0", NULL },
		{ "lib-b", "0.5.0", DIR_ | LOC, 21, NULL, NULL },
		{ "mypy", "1.10.0", DIR_ | DEV, 26, NULL, NULL },
		{ "ruff", "0.4.4", DIR_, 31, NULL, NULL },
		{ "six", "1.16.0", DIR_, 36, NULL, NULL },
		{ "wheelonly", "2.0", TRN | LOC, 41, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_str(&inv, scan_lockfile__extract_uv_lock, "uv.lock",
	            "version = 1\n"
	            "requires-python = \">=3.12\"\n"
	            "\n"
	            "[manifest]\n"
	            "members = [\"lib-a\", \"lib-b\"]\n"
	            "requirements = [{ name = \"ruff\", specifier = \">=0.4\" }]\n"
	            "\n"
	            "[manifest.dependency-groups]\n"
	            "lint = [{ name = \"mypy\" }]\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"workspace-root\"\n"
	            "source = { virtual = \".\" }\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"lib-a\"\n"
	            "version = \"1.0.0\"\n"
	            "source = { editable = \"lib-a\" }\n"
	            "dependencies = [{ name = \"lib-b\" }, { name = \"six\" }]\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"lib-b\"\n"
	            "version = \"0.5.0\"\n"
	            "source = { editable = \"lib-b\" }\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"mypy\"\n"
	            "version = \"1.10.0\"\n"
	            "source = { registry = \"https://pypi.org/simple\" }\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"ruff\"\n"
	            "version = \"0.4.4\"\n"
	            "source = { registry = \"https://pypi.org/simple\" }\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"six\"\n"
	            "version = \"1.16.0\"\n"
	            "source = { registry = \"https://pypi.org/simple\" }\n"
	            "\n"
	            "[[package]]\n"
	            "name = \"wheelonly\"\n"
	            "version = \"2.0\"\n"
	            "source = { path = \"dist/wheelonly-2.0-py3-none-any.whl\" }\n");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	sca_run_str(&inv, scan_lockfile__extract_uv_lock, "uv.lock",
	            "version = 1\n[[distribution]]\nname = \"anyio\"\nversion = \"3.7.0\"\n"
	            "source = { registry = \"https://pypi.org/simple\" }\n");
	assert_int_equal(inv.count, 1);
	assert_string_equal(inv.items[0].version, "3.7.0");
	scan_inventory__dispose(&inv);
}

static void test_uv_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "[[package]]\nversion = \"1\"\n", "uv.lock:1: package without a name" },
		{ "[[package]]\nname = \"a\"\nsource = { registry = \"https://pypi.org/simple\" }\n",
		  "package without a version" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"b\"]\n",
		  "uv.lock:4: a dependency is not a table with a name" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = { name = \"b\" }\n", "not an array" },
		{ "[[package]]\nname = \"a\"\nversion = \"1\"\n[package.dev-dependencies]\ndev = 1\n", "not an array" },
		{ "version = 1\nversion = 2\n", "duplicate key" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_uv_lock, "uv.lock", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

/* ---- Pipfile.lock ---- */

/* default and develop; the Pipfile beside it says which are direct (Requests is requests). */
static void test_pipfile_lock(void **state)
{
	static const sca_want w[] = {
		{ "blinker", "1.7.0", TRN, 19, NULL, NULL },
		{ "certifi", "2024.2.2", TRN, 27, NULL, NULL },
		{ "flask", "9b2b6e5d8f1d6b0e6c3a7d4f1e2c3b4a5d6e7f80", DIR_ | GIT, 36, NULL, NULL },
		{ "mylib", NULL, DIR_ | LOC, 41, NULL, NULL },
		{ "pysocks", "1.7.1", TRN, 45, NULL, NULL },
		{ "requests", "2.31.0", DIR_, 53, NULL, NULL },
		{ "vendored", "1.4.0", DIR_ | URL, 65, NULL, NULL },
		{ "iniconfig", "2.0.0", TRN | DEV, 79, NULL, NULL },
		{ "pytest", "8.0.2", DIR_ | DEV, 87, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_pipfile_lock, "python/pipenv", "Pipfile.lock");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Without the Pipfile the lock cannot say what is direct. */
static void test_pipfile_lock_alone(void **state)
{
	static const sca_want w[] = {
		{ "blinker", "1.7.0", 0, 19, NULL, NULL },
		{ "certifi", "2024.2.2", 0, 27, NULL, NULL },
		{ "flask", "9b2b6e5d8f1d6b0e6c3a7d4f1e2c3b4a5d6e7f80", GIT, 36, NULL, NULL },
		{ "mylib", NULL, LOC, 41, NULL, NULL },
		{ "pysocks", "1.7.1", 0, 45, NULL, NULL },
		{ "requests", "2.31.0", 0, 53, NULL, NULL },
		{ "vendored", "1.4.0", URL, 65, NULL, NULL },
		{ "iniconfig", "2.0.0", DEV, 79, NULL, NULL },
		{ "pytest", "8.0.2", DEV, 87, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture_fs(&inv, scan_lockfile__extract_pipfile_lock, "python/pipenv", "Pipfile.lock", false);
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	/* Compact JSON, keys with escapes: lines where they can be found, 0 where not. */
	sca_run_str(&inv, scan_lockfile__extract_pipfile_lock, "Pipfile.lock",
	            "{\"default\":{\"a\":{\"version\":\"==1\"},\"\\u0062\":{\"version\":\"*\"}},\n\"develop\":{}}");
	assert_int_equal(inv.count, 2);
	assert_int_equal(inv.items[0].line, 1);
	assert_int_equal(inv.items[1].line, 0);
	assert_string_equal(inv.items[1].name, "b");
	assert_null(inv.items[1].version);
	assert_int_equal(inv.items[1].flags, UNP);
	scan_inventory__dispose(&inv);
}

static void test_pipfile_lock_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "[]", "not a Pipfile.lock" },
		{ "{\"default\": [] }", "'default' is not an object" },
		{ "{\"default\": {\"a\": 1} }", "entry 'a' is not an object" },
		{ "{\n\"default\": {\"a\": {}\n", "not valid JSON" },
		{ "{\"default\": {\"a\": {}, \"a\": {}} }", "duplicate key 'a'" },
		/* Found by fuzzing: an empty name, spelled plainly or through an escape, once hung the line search. */
		{ "{\"default\":{\"\":{\"version\":\"==1\"}}}", "invalid package name" },
		{ "{\"default\":{\"a\":{\"version\":\"==1\"},\"\\u006null0\":{\"git\":\"x\"}}}",
		  "invalid package name" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_pipfile_lock, "Pipfile.lock", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

/* ---- pyproject.toml ---- */

/* PEP 621, PEP 735 (with include-group), tool.uv; a name both main and optional is main. */
static void test_pyproject_pep621(void **state)
{
	static const sca_want w[] = {
		{ "requests", NULL, DIR_ | UNP, 13, NULL, NULL },
		{ "Django", "4.2.11", DIR_, 14, NULL, NULL },
		{ "typing-extensions", NULL, DIR_ | UNP, 15, NULL, NULL },
		{ "attrs", "23.2.0", DIR_, 16, NULL, NULL },
		{ "mylib", "v1.0.0", DIR_ | GIT, 17, NULL, NULL },
		{ "tomli", NULL, DIR_ | UNP, 18, NULL, NULL },
		{ "numpy", NULL, DIR_ | UNP, 19, NULL, NULL },
		{ "PyYAML", "6.0.1", DIR_ | OPT, 23, NULL, NULL },
		{ "sphinx", NULL, DIR_ | OPT | UNP, 25, NULL, NULL },
		{ "pytest", NULL, DIR_ | DEV | UNP, 33, NULL, NULL },
		{ "coverage", "7.5.0", DIR_ | DEV, 33, NULL, NULL },
		{ "ruff", "0.4.4", DIR_ | DEV, 34, NULL, NULL },
		{ "mypy", "1.10.0", DIR_ | DEV, 37, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_pyproject, "python/pyproject-pep621", "pyproject.toml");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);
}

/* Poetry's tables: exact versions, carets, git tag and branch, path, url, multiple constraints, groups. */
static void test_pyproject_poetry(void **state)
{
	static const sca_want w[] = {
		{ "numpy", "1.26.4", DIR_, 9, NULL, NULL },
		{ "pandas", NULL, DIR_ | UNP, 10, NULL, NULL },
		{ "Flask", "3.0.2", DIR_, 11, NULL, NULL },
		{ "private", "v2.1.0", DIR_ | GIT, 12, NULL, NULL },
		{ "branchy", NULL, DIR_ | GIT | UNP, 13, NULL, NULL },
		{ "sibling", NULL, DIR_ | LOC, 14, NULL, NULL },
		{ "tarball", "0.1", DIR_ | URL, 15, NULL, NULL },
		{ "multi", "1.0", DIR_, 17, NULL, NULL },
		{ "multi", "2.0", DIR_, 18, NULL, NULL },
		{ "opt", "3.1.0", DIR_ | OPT, 20, NULL, NULL },
		{ "black", "24.4.2", DIR_ | DEV, 26, NULL, NULL },
		{ "ruff", NULL, DIR_ | DEV | UNP, 29, NULL, NULL },
		{ "click", "8.1.7", DIR_, 32, NULL, NULL },
	};
	scan_sca_inventory inv;
	(void)state;

	sca_run_fixture(&inv, scan_lockfile__extract_pyproject, "python/pyproject-poetry", "pyproject.toml");
	CHECK(&inv, w);
	scan_inventory__dispose(&inv);

	/* No dependencies at all. */
	sca_run_str(&inv, scan_lockfile__extract_pyproject, "pyproject.toml", "[project]\nname = \"x\"\n[tool.black]\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static void test_pyproject_errors(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "[project]\ndependencies = [\n  \"ok\",\n  \"requests>=\",\n]\n",
		  "pyproject.toml:4: invalid version in a specifier" },
		{ "[project]\ndependencies = [1]\n", "a dependency is not a string" },
		{ "[project]\ndependencies = \"x\"\n", "dependencies are not an array" },
		{ "[tool.poetry.dependencies]\n\"bad name\" = \"1\"\n", "pyproject.toml:2: invalid package name" },
		{ "[tool.poetry.dependencies]\nx = 1\n", "not a string, table or array" },
		{ "[project]\n[project]\n", "pyproject.toml:2: table 'project' is defined twice" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		sca_expect_error(scan_lockfile__extract_pyproject, "pyproject.toml", cases[i].text, strlen(cases[i].text),
		                 SCAN_EPARSE, cases[i].message);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_is_rules),
		cmocka_unit_test(test_requirements_fixture),
		cmocka_unit_test(test_requirements_included_file),
		cmocka_unit_test(test_constraints_file),
		cmocka_unit_test(test_requirements_without_fs),
		cmocka_unit_test(test_requirements_forms),
		cmocka_unit_test(test_requirements_errors),
		cmocka_unit_test(test_requirements_includes),
		cmocka_unit_test(test_poetry_1_1),
		cmocka_unit_test(test_poetry_2_0),
		cmocka_unit_test(test_poetry_2_1),
		cmocka_unit_test(test_poetry_without_pyproject),
		cmocka_unit_test(test_poetry_errors),
		cmocka_unit_test(test_uv_workspace),
		cmocka_unit_test(test_uv_virtual_and_manifest),
		cmocka_unit_test(test_uv_errors),
		cmocka_unit_test(test_pipfile_lock),
		cmocka_unit_test(test_pipfile_lock_alone),
		cmocka_unit_test(test_pipfile_lock_errors),
		cmocka_unit_test(test_pyproject_pep621),
		cmocka_unit_test(test_pyproject_poetry),
		cmocka_unit_test(test_pyproject_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
