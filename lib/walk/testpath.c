/* lib/walk/testpath.c - which paths hold test and example code */
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "walk/ignore.h"
#include "walk/testpath.h"

struct scan_test_paths {
	scan_ignore *rules;
};

/*
 * The conventions of each language's test runners and project layouts
 * (docs/test-code.md). Directory names are case-sensitive, as the tools
 * that use them are. Go's testing/ package and benchmark directories are
 * production code and stay out.
 */
static const char conventional[] =
	"test/\ntests/\nTest/\nTests/\n__tests__/\nt/\n"
	"spec/\nspecs/\ntestdata/\nfixtures/\n__fixtures__/\n__mocks__/\n"
	"examples/\nexample/\nsamples/\ndemo/\ndemos/\ne2e/\n"
	/* ...but a JVM source root's packages are code: com/example/demo is Spring Initializr's default */
	"!src/main/**/example/\n!src/main/**/demo/\n!src/main/**/examples/\n!src/main/**/samples/\n"
	"!**/src/main/**/example/\n!**/src/main/**/demo/\n!**/src/main/**/examples/\n!**/src/main/**/samples/\n"
	"*.Tests/\n*.Test/\n"
	/* Go, Python */
	"*_test.go\ntest_*.py\n*_test.py\nconftest.py\ntests.py\n"
	/* JavaScript and TypeScript (jest, mocha, vitest, jasmine) */
	"*.test.[jt]s\n*.test.[jt]sx\n*.test.mjs\n*.test.cjs\n"
	"*.spec.[jt]s\n*.spec.[jt]sx\n*.spec.mjs\n*.spec.cjs\n"
	/* Ruby, PHP, Elixir, Dart */
	"*_spec.rb\n*_test.rb\n*Test.php\n*_test.exs\n*_test.dart\n"
	/* JVM and .NET */
	"*Test.java\n*Tests.java\n*IT.java\n*TestCase.java\n*Test.kt\n*Tests.kt\n"
	"*Test.scala\n*Spec.scala\n*Spec.groovy\n*Test.groovy\n*Test.cs\n*Tests.cs\n*Tests.swift\n"
	/* C and C++ */
	"*_test.c\n*_test.cc\n*_test.cpp\n*_unittest.cc\n*_unittest.cpp\ntest_*.c\n";

int scan_walk__test_paths_new(scan_test_paths **out)
{
	scan_test_paths *t = calloc(1, sizeof(*t));
	int rc;

	*out = NULL;
	if (!t)
		return scan_error__oom();
	if ((rc = scan_ignore__new(&t->rules)) != 0 ||
	    (rc = scan_ignore__add_text(t->rules, "", conventional, sizeof(conventional) - 1)) != 0) {
		scan_walk__test_paths_free(t);
		return rc;
	}
	*out = t;
	return 0;
}

int scan_walk__test_paths_add_text(scan_test_paths *t, const char *text, size_t len)
{
	return scan_ignore__add_text(t->rules, "", text, len);
}

int scan_walk__test_paths_add_rule(scan_test_paths *t, const char *pattern)
{
	return scan_ignore__add_rule(t->rules, pattern);
}

bool scan_walk__is_test_path(const scan_test_paths *t, const char *path)
{
	char stack[512], *prefix;
	size_t len;
	int d = -1;

	if (!t || !path)
		return false;
	if ((d = scan_ignore__decide(t->rules, path, false)) >= 0)
		return d == 1;
	/* The nearest directory a rule decides for decides for what is below it. */
	len = strlen(path);
	prefix = len < sizeof(stack) ? stack : malloc(len + 1);
	if (!prefix)
		return false; /* out of memory: production code, the stricter reading */
	memcpy(prefix, path, len + 1);
	while (d < 0 && len > 0) {
		while (len > 0 && prefix[len - 1] != '/')
			len--;
		if (len == 0)
			break;
		prefix[--len] = '\0';
		d = scan_ignore__decide(t->rules, prefix, true);
	}
	if (prefix != stack)
		free(prefix);
	return d == 1;
}

void scan_walk__test_paths_free(scan_test_paths *t)
{
	if (!t)
		return;
	scan_ignore__free(t->rules);
	free(t);
}
