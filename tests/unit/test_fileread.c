/*
 * tests/unit/test_fileread.c - the one bounded reader of input files
 * (scan_file_read, scan_util__read_file_at, scan_util__read_fd): regular files only,
 * opened non-blocking so a FIFO is refused at once, a size limit, symbolic
 * links refused on request, absent files optional on request.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/file.h"
#include "util/rulefiles.h"

typedef struct {
	char *dir;
} fixture;

/* What *out held before a failing call: the reader must set it to NULL. */
static char sentinel[] = "untouched";

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));

	f->dir = th_tmpdir();
	*state = f;
	/* A FIFO that blocked the reader would hang the test: fail it instead. */
	alarm(60);
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;

	alarm(0);
	th_rmtree(f->dir);
	free(f->dir);
	free(f);
	return 0;
}

static void expect_error(int rc, int code, const char *fragment)
{
	if (rc != code)
		fail_msg("expected %d, got %d: %s", code, rc, scan_error_last()->message);
	if (!strstr(scan_error_last()->message, fragment))
		fail_msg("'%s' does not say '%s'", scan_error_last()->message, fragment);
}

static void test_regular_file(void **state)
{
	fixture *f = *state;
	char *path = th_join(f->dir, "a.yml"), *text = NULL;
	size_t len = 0;

	th_write(f->dir, "a.yml", "name: x\n");
	assert_int_equal(scan_file_read(&text, &len, path, 100, 0), 0);
	assert_int_equal(len, 8);
	assert_string_equal(text, "name: x\n");
	free(text);
	/* exactly at the limit is fine, one byte over is not, and nothing is handed out */
	assert_int_equal(scan_file_read(&text, &len, path, 8, 0), 0);
	free(text);
	text = sentinel;
	expect_error(scan_file_read(&text, &len, path, 7, 0), SCAN_ELIMIT, "larger than 7 bytes");
	assert_null(text);
	expect_error(scan_file_read(&text, &len, path, 0, 0), SCAN_ELIMIT, "larger than");
	/* an empty file is an empty text */
	th_write(f->dir, "empty", "");
	free(path);
	path = th_join(f->dir, "empty");
	assert_int_equal(scan_file_read(&text, &len, path, 100, 0), 0);
	assert_int_equal(len, 0);
	assert_string_equal(text, "");
	free(text);
	free(path);
}

static void test_not_regular(void **state)
{
	fixture *f = *state;
	char *fifo = th_join(f->dir, "fifo"), *text = NULL;
	size_t len;

	/* a FIFO with no writer: refused at once, never waited on, whatever the flags */
	assert_int_equal(mkfifo(fifo, 0600), 0);
	expect_error(scan_file_read(&text, &len, fifo, 1 << 20, 0), SCAN_EINVAL, "it is a FIFO, not a regular file");
	expect_error(scan_file_read(&text, &len, fifo, 1 << 20, SCAN_FILE_OPTIONAL | SCAN_FILE_NOFOLLOW), SCAN_EINVAL,
	             "a FIFO");
	expect_error(scan_util__read_file_at(&text, &len, AT_FDCWD, fifo, "label.yml", 100, 0), SCAN_EINVAL,
	             "cannot read 'label.yml': it is a FIFO");
	assert_null(text);
	/* a directory, a character device */
	expect_error(scan_file_read(&text, &len, f->dir, 1 << 20, 0), SCAN_EINVAL, "a directory");
	expect_error(scan_file_read(&text, &len, "/dev/null", 1 << 20, 0), SCAN_EINVAL, "a character device");
	free(fifo);
}

static void test_links_and_absence(void **state)
{
	fixture *f = *state;
	char *target = th_join(f->dir, "t.yml"), *link = th_join(f->dir, "l.yml"), *missing = th_join(f->dir, "none");
	char *text = NULL;
	size_t len;

	th_write(f->dir, "t.yml", "x");
	assert_int_equal(symlink("t.yml", link), 0);
	/* a path the user named may be a link; the repository's files may not */
	assert_int_equal(scan_file_read(&text, &len, link, 10, 0), 0);
	assert_string_equal(text, "x");
	free(text);
	expect_error(scan_file_read(&text, &len, link, 10, SCAN_FILE_NOFOLLOW), SCAN_EINVAL, "a symbolic link");
	expect_error(scan_util__read_file(&text, &len, link, 10), SCAN_EINVAL, "a symbolic link");
	/* absent: an error, or nothing at all when optional */
	expect_error(scan_file_read(&text, &len, missing, 10, 0), SCAN_ENOTFOUND, "cannot open");
	scan_error_clear();
	text = sentinel;
	assert_int_equal(scan_file_read(&text, &len, missing, 10, SCAN_FILE_OPTIONAL), 0);
	assert_null(text);
	assert_int_equal(len, 0);
	assert_int_equal(scan_error_last()->code, 0);
	free(target);
	free(link);
	free(missing);
}

static void test_read_fd(void **state)
{
	fixture *f = *state;
	char *path = th_join(f->dir, "b"), *text = NULL;
	size_t len;
	int fd;

	th_write(f->dir, "b", "hello");
	assert_true((fd = open(path, O_RDONLY)) >= 0);
	assert_int_equal(scan_util__read_fd(&text, &len, fd, "b", 5), 0);
	assert_string_equal(text, "hello");
	free(text);
	close(fd);
	assert_true((fd = open(f->dir, O_RDONLY | O_DIRECTORY)) >= 0);
	expect_error(scan_util__read_fd(&text, &len, fd, "dir", 5), SCAN_EINVAL, "cannot read 'dir': it is a directory");
	close(fd);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_regular_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_regular, setup, teardown),
		cmocka_unit_test_setup_teardown(test_links_and_absence, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_fd, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
