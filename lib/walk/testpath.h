/* lib/walk/testpath.h - which paths hold test and example code */
#ifndef SCAN_WALK_TESTPATH_H
#define SCAN_WALK_TESTPATH_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Test and example code is told by its path: the conventional directories
 * and file names of each language (test/, tests/, __tests__/, spec/,
 * testdata/, fixtures/, examples/, *_test.go, test_*.py, *.spec.ts,
 * *Test.java, ... - docs/test-code.md lists them), then the repository's
 * own rules, then the caller's, all in gitignore syntax: later rules win,
 * and a '!' rule says a path is production code after all.
 *
 * A path is test code when the last rule that matches it, or failing that
 * the nearest of its directories any rule matches, says so: "test/" marks
 * everything below a directory named test, "!test/support/" takes a
 * subtree back.
 */
typedef struct scan_test_paths scan_test_paths;

/* The conventional rules alone. */
int scan_walk__test_paths_new(scan_test_paths **out);
/* Rules in gitignore syntax, one per line, relative to the root (.rampart/test-paths). */
int scan_walk__test_paths_add_text(scan_test_paths *t, const char *text, size_t len);
/* One rule, e.g. from --test-path. */
int scan_walk__test_paths_add_rule(scan_test_paths *t, const char *pattern);
/* path: relative to the root, '/'-separated. NULL t: nothing is test code. */
bool scan_walk__is_test_path(const scan_test_paths *t, const char *path);
void scan_walk__test_paths_free(scan_test_paths *t);

#endif
