/* tests/unit/test_buf.c - the bounded string buffer (include/scan/buf.h) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/buf.h"

/* The invariants every buffer keeps, whatever happened to it. */
static void check_invariants(const scan_buf *b)
{
	assert_non_null(b->ptr);
	assert_int_equal(b->ptr[b->size], '\0');
	assert_true(b->size <= b->max);
	if (b->asize)
		assert_true(b->size + 1 <= b->asize);
	else
		assert_ptr_equal(b->ptr, scan_buf__empty);
}

static void test_empty_is_never_null(void **state)
{
	scan_buf a = SCAN_BUF_INIT, b;

	(void)state;
	assert_non_null(a.ptr);
	assert_string_equal(a.ptr, "");
	assert_int_equal(a.size, 0);
	assert_int_equal(a.asize, 0);
	assert_int_equal(a.max, SCAN_BUF_MAX_DEFAULT);
	assert_int_equal(scan_buf_failed(&a), 0);
	check_invariants(&a);

	scan_buf_init(&b, 0); /* 0: the default cap */
	assert_ptr_equal(b.ptr, scan_buf__empty);
	assert_int_equal(b.max, SCAN_BUF_MAX_DEFAULT);
	assert_string_equal(b.ptr, "");

	/* Operations on an empty buffer never write the shared "". */
	scan_buf_truncate(&b, 0);
	scan_buf_truncate(&b, 10);
	scan_buf_clear(&b);
	assert_int_equal(scan_buf_put(&b, "x", 0), 0);
	assert_int_equal(scan_buf_puts(&b, ""), 0);
	assert_ptr_equal(b.ptr, scan_buf__empty);
	/* An empty printf may allocate; the content stays "". */
	assert_int_equal(scan_buf_printf(&b, "%s", ""), 0);
	assert_string_equal(b.ptr, "");
	assert_int_equal(b.size, 0);
	assert_int_equal(scan_buf__empty[0], '\0');
	scan_buf_dispose(&b);
	assert_ptr_equal(b.ptr, scan_buf__empty);
	check_invariants(&b);
}

static void test_growth(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	char expect[20001];

	(void)state;
	for (size_t i = 0; i < 20000; i++) {
		char c = (char)('a' + i % 26);
		assert_int_equal(scan_buf_putc(&b, c), 0);
		expect[i] = c;
		check_invariants(&b);
	}
	expect[20000] = '\0';
	assert_int_equal(b.size, 20000);
	assert_memory_equal(b.ptr, expect, 20001);
	assert_true(b.asize >= 20001);

	/* Binary data with NULs goes in whole. */
	scan_buf_clear(&b);
	assert_int_equal(scan_buf_put(&b, "a\0b", 3), 0);
	assert_int_equal(b.size, 3);
	assert_memory_equal(b.ptr, "a\0b\0", 4);

	/* One big append, larger than any doubling step. */
	{
		size_t n = 1u << 20;
		char *big = malloc(n);
		assert_non_null(big);
		memset(big, 'z', n);
		assert_int_equal(scan_buf_put(&b, big, n), 0);
		assert_int_equal(b.size, 3 + n);
		assert_int_equal(b.ptr[3 + n - 1], 'z');
		check_invariants(&b);
		free(big);
	}
	scan_buf_dispose(&b);
	check_invariants(&b);
}

static void test_puts_putc_mix(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	assert_int_equal(scan_buf_puts(&b, "hello"), 0);
	assert_int_equal(scan_buf_putc(&b, ','), 0);
	assert_int_equal(scan_buf_putc(&b, ' '), 0);
	assert_int_equal(scan_buf_puts(&b, "world"), 0);
	assert_string_equal(b.ptr, "hello, world");
	assert_int_equal(b.size, 12);
	scan_buf_dispose(&b);
}

static void test_max_cap_is_sticky(void **state)
{
	scan_buf b;

	(void)state;
	scan_buf_init(&b, 10);
	assert_int_equal(scan_buf_puts(&b, "0123456789"), 0); /* exactly max fits */
	assert_int_equal(b.size, 10);
	check_invariants(&b);
	assert_true(b.asize <= 11); /* never allocates beyond max + NUL */

	assert_int_equal(scan_buf_putc(&b, 'x'), SCAN_ELIMIT);
	assert_int_equal(scan_buf_failed(&b), SCAN_ELIMIT);
	/* A failed append leaves the content as it was. */
	assert_string_equal(b.ptr, "0123456789");
	check_invariants(&b);

	/* Sticky: everything after fails the same way, even what would fit. */
	scan_buf_truncate(&b, 2);
	assert_string_equal(b.ptr, "01");
	assert_int_equal(scan_buf_putc(&b, 'y'), SCAN_ELIMIT);
	assert_int_equal(scan_buf_puts(&b, "z"), SCAN_ELIMIT);
	assert_int_equal(scan_buf_put(&b, "z", 0), SCAN_ELIMIT);
	assert_int_equal(scan_buf_printf(&b, "%d", 1), SCAN_ELIMIT);
	assert_string_equal(b.ptr, "01");
	assert_int_equal(scan_buf_failed(&b), SCAN_ELIMIT);

	/* A failed buffer detaches to NULL and is reset. */
	assert_null(scan_buf_detach(&b));
	assert_int_equal(scan_buf_failed(&b), 0);
	assert_ptr_equal(b.ptr, scan_buf__empty);
	assert_int_equal(b.max, 10);

	/* clear() lifts the error and keeps the cap. */
	assert_int_equal(scan_buf_puts(&b, "0123456789A"), SCAN_ELIMIT);
	assert_string_equal(b.ptr, ""); /* nothing of the too-long append landed */
	scan_buf_clear(&b);
	assert_int_equal(scan_buf_failed(&b), 0);
	assert_int_equal(scan_buf_puts(&b, "abc"), 0);
	assert_string_equal(b.ptr, "abc");
	assert_int_equal(scan_buf_printf(&b, "%s", "12345678"), SCAN_ELIMIT);
	assert_string_equal(b.ptr, "abc");
	scan_buf_dispose(&b);
	assert_int_equal(b.max, 10);
	assert_int_equal(scan_buf_failed(&b), 0);
}

static void test_max_one(void **state)
{
	scan_buf b;

	(void)state;
	scan_buf_init(&b, 1);
	assert_int_equal(scan_buf_putc(&b, 'a'), 0);
	assert_string_equal(b.ptr, "a");
	assert_int_equal(scan_buf_putc(&b, 'b'), SCAN_ELIMIT);
	scan_buf_dispose(&b);
	/* A single append larger than max, even a huge length, fails without allocating. */
	assert_int_equal(scan_buf_put(&b, "x", SIZE_MAX), SCAN_ELIMIT);
	assert_ptr_equal(b.ptr, scan_buf__empty);
	scan_buf_dispose(&b);
}

static void test_printf(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	char expect[64];

	(void)state;
	assert_int_equal(scan_buf_printf(&b, "%d-%s-%c", 42, "x", 'y'), 0);
	assert_string_equal(b.ptr, "42-x-y");
	assert_int_equal(b.size, 6);
	assert_int_equal(scan_buf_printf(&b, "|%05.1f|", 3.25), 0);
	snprintf(expect, sizeof(expect), "42-x-y|%05.1f|", 3.25);
	assert_string_equal(b.ptr, expect);
	assert_int_equal(scan_buf_printf(&b, "%s", ""), 0);
	assert_string_equal(b.ptr, expect);

	/* A long expansion: more than the first allocation. */
	scan_buf_clear(&b);
	assert_int_equal(scan_buf_printf(&b, "%5000d", 7), 0);
	assert_int_equal(b.size, 5000);
	assert_int_equal(b.ptr[4999], '7');
	assert_int_equal(b.ptr[0], ' ');
	check_invariants(&b);
	scan_buf_dispose(&b);
}

static void test_truncate(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	scan_buf_puts(&b, "abcdef");
	scan_buf_truncate(&b, 10); /* longer than the content: no-op */
	assert_string_equal(b.ptr, "abcdef");
	scan_buf_truncate(&b, 6);
	assert_string_equal(b.ptr, "abcdef");
	scan_buf_truncate(&b, 3);
	assert_string_equal(b.ptr, "abc");
	assert_int_equal(b.size, 3);
	scan_buf_puts(&b, "XY");
	assert_string_equal(b.ptr, "abcXY");
	scan_buf_truncate(&b, 0);
	assert_string_equal(b.ptr, "");
	assert_int_equal(b.size, 0);
	check_invariants(&b);
	scan_buf_dispose(&b);
}

static void test_detach(void **state)
{
	scan_buf b;
	char *s;

	(void)state;
	scan_buf_init(&b, 100);
	scan_buf_puts(&b, "owned");
	s = scan_buf_detach(&b);
	assert_non_null(s);
	assert_string_equal(s, "owned");
	/* b is reset (cap kept) and independent of s. */
	assert_ptr_equal(b.ptr, scan_buf__empty);
	assert_int_equal(b.size, 0);
	assert_int_equal(b.asize, 0);
	assert_int_equal(b.max, 100);
	scan_buf_puts(&b, "again");
	assert_string_equal(s, "owned");
	free(s);

	/* Detaching an empty buffer hands out a real, freeable "". */
	scan_buf_dispose(&b);
	s = scan_buf_detach(&b);
	assert_non_null(s);
	assert_string_equal(s, "");
	assert_ptr_not_equal(s, scan_buf__empty);
	free(s);
	scan_buf_dispose(&b);
}

static void test_dispose_twice(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	scan_buf_puts(&b, "x");
	scan_buf_dispose(&b);
	scan_buf_dispose(&b);
	assert_ptr_equal(b.ptr, scan_buf__empty);
	assert_int_equal(b.size, 0);
	assert_int_equal(b.asize, 0);
	assert_int_equal(b.error, 0);
	/* Usable again after dispose. */
	assert_int_equal(scan_buf_puts(&b, "y"), 0);
	assert_string_equal(b.ptr, "y");
	scan_buf_dispose(&b);
}

static void test_clear_keeps_allocation(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	char *before;

	(void)state;
	scan_buf_puts(&b, "some content");
	before = b.ptr;
	scan_buf_clear(&b);
	assert_ptr_equal(b.ptr, before);
	assert_string_equal(b.ptr, "");
	assert_int_equal(b.size, 0);
	assert_true(b.asize > 0);
	scan_buf_dispose(&b);
}

/*
 * An "unlimited" cap. The child does the appends so that a memory error
 * (which ASan turns into an abort) shows up as a failed assertion here.
 */
static void test_max_size_max(void **state)
{
	pid_t pid;
	int status;

	(void)state;
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		scan_buf b;
		scan_buf_init(&b, SIZE_MAX);
		if (scan_buf_puts(&b, "abc") != 0 || strcmp(b.ptr, "abc") != 0 || b.asize < b.size + 1)
			_exit(1);
		scan_buf_dispose(&b);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	/* Regression test for a bug once in lib/util/buf.c buf_grow. */
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_is_never_null),
		cmocka_unit_test(test_growth),
		cmocka_unit_test(test_puts_putc_mix),
		cmocka_unit_test(test_max_cap_is_sticky),
		cmocka_unit_test(test_max_one),
		cmocka_unit_test(test_printf),
		cmocka_unit_test(test_truncate),
		cmocka_unit_test(test_detach),
		cmocka_unit_test(test_dispose_twice),
		cmocka_unit_test(test_clear_keeps_allocation),
		cmocka_unit_test(test_max_size_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
