/*
 * tests/unit/sca_expect.h - running one lockfile extractor and comparing
 * its inventory with an exact expected component list (static helpers,
 * included by the test_sca_*.c files of the extractors).
 */
#ifndef RAMPART_TEST_SCA_EXPECT_H
#define RAMPART_TEST_SCA_EXPECT_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "helpers.h"
#include "lockfile/extractors.h"
#include "scan/buf.h"

#define SCA_FIXTURES RAMPART_SOURCE_DIR "/tests/sca/"
/*
 * Hostile inputs must be refused or read long before this: a hang or a
 * quadratic blow-up detector (such a blow-up costs hundreds of times more),
 * not a speed target. Measured in the thread's CPU time, so other work on
 * the machine (a parallel ctest, a build) does not make it fail; generous
 * for sanitizer builds.
 */
#define SCA_FAST_SECONDS 40.0
/* A refused document must be refused sooner still. */
#define SCA_REFUSE_SECONDS 20.0

/*
 * One expected component; deps is "name@version name@version" (a name
 * alone for a component without a version) in sorted order, NULL for
 * none: the order of a component's deps is not part of the inventory's
 * contract.
 */
typedef struct {
	const char *name, *version;
	unsigned flags, line;
	const char *deps, *license;
} sca_want;

/* Run fn over text as the document `file` (relative to root_fd, -1 for none). */
static inline int sca_run(scan_sca_inventory *inv, scan_sca_extract_fn fn, int root_fd, const char *file,
                   const char *text, size_t len)
{
	scan_sca_doc d;
	int err;

	scan_inventory__init(inv);
	if ((err = scan_lockfile__doc_begin(&d, inv, file, root_fd)) < 0)
		return err;
	err = fn(&d, text, len);
	if (err == 0)
		err = scan_lockfile__doc_end(&d);
	else
		scan_lockfile__doc_abort(&d);
	return err;
}

/* sca_run with the directory at root (NULL: no file system) as the root. */
static inline int sca_run_path(scan_sca_inventory *inv, scan_sca_extract_fn fn, const char *root, const char *file,
                        const char *text, size_t len)
{
	int fd = -1, err;

	if (root && (fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		fail_msg("cannot open %s", root);
	err = sca_run(inv, fn, fd, file, text, len);
	if (fd >= 0)
		close(fd);
	return err;
}

/*
 * fn over the fixture tests/sca/<dir>/<file>, with tests/sca/<dir> as the
 * root (use_fs), or without a file system (siblings and includes unseen).
 */
static inline void sca_run_fixture_fs(scan_sca_inventory *inv, scan_sca_extract_fn fn, const char *dir,
                                      const char *file, bool use_fs)
{
	char path[2048];
	size_t len;
	char *text;
	int fd = -1, err;

	snprintf(path, sizeof(path), SCA_FIXTURES "%s", dir);
	if (use_fs && (fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		fail_msg("cannot open %s", path);
	snprintf(path, sizeof(path), SCA_FIXTURES "%s/%s", dir, file);
	if (!(text = th_read(path, &len)))
		fail_msg("cannot read %s", path);
	err = sca_run(inv, fn, fd, file, text, len);
	free(text);
	if (fd >= 0)
		close(fd);
	if (err)
		fail_msg("%s: extract failed (%d): %s", path, err, scan_error_last()->message);
}

static inline void sca_run_fixture(scan_sca_inventory *inv, scan_sca_extract_fn fn, const char *dir, const char *file)
{
	sca_run_fixture_fs(inv, fn, dir, file, true);
}

static inline void sca_run_str(scan_sca_inventory *inv, scan_sca_extract_fn fn, const char *file, const char *text)
{
	int err = sca_run(inv, fn, -1, file, text, strlen(text));

	if (err)
		fail_msg("extract failed (%d): %s", err, scan_error_last()->message);
}

/*
 * The extractor must refuse text with code, a one-line message containing
 * want, and no components; root as for sca_run_path().
 */
static inline void sca_expect_error_path(scan_sca_extract_fn fn, const char *root, const char *file, const char *text,
                                         size_t len, int code, const char *want)
{
	scan_sca_inventory inv;
	double t0 = th_cpu_seconds();
	int err = sca_run_path(&inv, fn, root, file, text, len);

	if (th_cpu_seconds() - t0 > SCA_REFUSE_SECONDS)
		fail_msg("took %.2f s to refuse", th_cpu_seconds() - t0);
	if (err != code)
		fail_msg("expected %d, got %d: %s", code, err, err ? scan_error_last()->message : "(no error)");
	assert_int_equal(scan_error_last()->code, code);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static inline void sca_expect_error(scan_sca_extract_fn fn, const char *file, const char *text, size_t len, int code,
                             const char *want)
{
	sca_expect_error_path(fn, NULL, file, text, len, code, want);
}

static inline int sca_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline void sca_deps_string(const scan_sca_inventory *inv, const scan_component *c, scan_buf *b)
{
	char **words = calloc(c->ndeps + 1, sizeof(*words));

	assert_non_null(words);
	for (size_t k = 0; k < c->ndeps; k++) {
		const scan_component *t = &inv->items[c->deps[k]];
		scan_buf w = SCAN_BUF_INIT;
		scan_buf_puts(&w, t->name);
		if (t->version)
			scan_buf_printf(&w, "@%s", t->version);
		assert_non_null(words[k] = scan_buf_detach(&w));
	}
	qsort(words, c->ndeps, sizeof(*words), sca_cmp_str);
	for (size_t k = 0; k < c->ndeps; k++) {
		if (k)
			scan_buf_putc(b, ' ');
		scan_buf_puts(b, words[k]);
		free(words[k]);
	}
	free(words);
}

static inline void sca_dump(const scan_sca_inventory *inv)
{
	for (size_t i = 0; i < inv->count; i++) {
		const scan_component *c = &inv->items[i];
		scan_buf b = SCAN_BUF_INIT;
		sca_deps_string(inv, c, &b);
		fprintf(stderr, "  { \"%s\", %s%s%s, 0x%x, %u, %s%s%s, %s%s%s },\n", c->name,
		        c->version ? "\"" : "", c->version ? c->version : "NULL", c->version ? "\"" : "",
		        c->flags, c->line, b.size ? "\"" : "", b.size ? b.ptr : "NULL", b.size ? "\"" : "",
		        c->license ? "\"" : "", c->license ? c->license : "NULL", c->license ? "\"" : "");
		scan_buf_dispose(&b);
	}
}

static inline bool sca_streq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The inventory holds exactly want[0..n), in that order. */
static inline void sca_expect(const scan_sca_inventory *inv, const sca_want *want, size_t n)
{
	bool ok = inv->count == n;

	for (size_t i = 0; ok && i < n; i++) {
		const scan_component *c = &inv->items[i];
		scan_buf b = SCAN_BUF_INIT;
		sca_deps_string(inv, c, &b);
		ok = !strcmp(c->name, want[i].name) && sca_streq(c->version, want[i].version) &&
		     c->ecosystem == inv->items[0].ecosystem &&
		     c->flags == want[i].flags && c->line == want[i].line &&
		     sca_streq(b.size ? b.ptr : NULL, want[i].deps) && sca_streq(c->license, want[i].license) &&
		     c->purl && !strncmp(c->purl, "pkg:", 4);
		if (!ok)
			fprintf(stderr, "component %zu differs: want %s@%s\n", i, want[i].name,
			        want[i].version ? want[i].version : "NULL");
		scan_buf_dispose(&b);
	}
	if (!ok) {
		fprintf(stderr, "got %zu components, want %zu:\n", inv->count, n);
		sca_dump(inv);
		fail_msg("inventory differs");
	}
}

/* Every component of the inventory is of eco, its purl starting with purl_prefix ("pkg:pypi/"). */
static inline void sca_expect_ecosystem(const scan_sca_inventory *inv, scan_ecosystem eco, const char *purl_prefix)
{
	for (size_t i = 0; i < inv->count; i++) {
		const scan_component *c = &inv->items[i];
		if (c->ecosystem != eco || !c->purl || strncmp(c->purl, purl_prefix, strlen(purl_prefix)))
			fail_msg("component %zu (%s): ecosystem %d, purl %s; want %d, %s...", i, c->name,
			         (int)c->ecosystem, c->purl ? c->purl : "NULL", (int)eco, purl_prefix);
	}
}

static inline void sca_expect_fixture(scan_sca_extract_fn fn, const char *dir, const char *file, const sca_want *want,
                               size_t n)
{
	scan_sca_inventory inv;

	sca_run_fixture(&inv, fn, dir, file);
	sca_expect(&inv, want, n);
	scan_inventory__dispose(&inv);
}

static inline void sca_expect_text(scan_sca_extract_fn fn, const char *file, const char *text, const sca_want *want,
                            size_t n)
{
	scan_sca_inventory inv;

	sca_run_str(&inv, fn, file, text);
	sca_expect(&inv, want, n);
	scan_inventory__dispose(&inv);
}

static inline const scan_component *sca_find(const scan_sca_inventory *inv, const char *name)
{
	for (size_t i = 0; i < inv->count; i++)
		if (!strcmp(inv->items[i].name, name))
			return &inv->items[i];
	fail_msg("no component '%s'", name);
	return NULL;
}

#endif
