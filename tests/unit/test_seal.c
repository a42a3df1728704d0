/* tests/unit/test_seal.c - key files and sealed values (include/scan/seal.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "helpers.h"
#include "scan/seal.h"

static void test_seal_round_trip(void **state)
{
	unsigned char key[SCAN_SEAL_KEY_BYTES], other[SCAN_SEAL_KEY_BYTES];
	char *a = NULL, *b = NULL, *open = NULL;
	(void)state;

	memset(key, 7, sizeof(key));
	memset(other, 8, sizeof(other));
	assert_int_equal(scan_seal(&a, key, "ghp_secret-token"), 0);
	assert_int_equal(scan_seal(&b, key, "ghp_secret-token"), 0);
	/* A fresh nonce each time; the token is nowhere in the box. */
	assert_string_not_equal(a, b);
	assert_null(strstr(a, "secret"));
	assert_int_equal(scan_unseal(&open, key, a), 0);
	assert_string_equal(open, "ghp_secret-token");
	free(open);
	/* Another key, or one digit changed, opens nothing. */
	assert_int_equal(scan_unseal(&open, other, a), SCAN_EINVAL);
	assert_null(open);
	a[30] = a[30] == '0' ? '1' : '0';
	assert_int_equal(scan_unseal(&open, key, a), SCAN_EINVAL);
	assert_int_equal(scan_unseal(&open, key, "zz"), SCAN_EINVAL);
	assert_int_equal(scan_unseal(&open, key, "00"), SCAN_EINVAL);
	assert_int_equal(scan_unseal(&open, key, ""), SCAN_EINVAL);
	free(a);
	free(b);
}

static void test_key_file(void **state)
{
	char *dir = th_tmpdir(), *path = th_join(dir, "token.key"), *link = th_join(dir, "link.key");
	unsigned char k1[32], k2[32];
	struct stat st;
	(void)state;

	assert_int_equal(scan_key_file(k1, sizeof(k1), path, false), SCAN_EIO);
	assert_int_equal(scan_key_file(k1, sizeof(k1), path, true), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_size, 32);
	assert_int_equal(scan_key_file(k2, sizeof(k2), path, false), 0);
	assert_memory_equal(k1, k2, sizeof(k1));
	/* Read by others, of another size, or behind a symbolic link: refused. */
	assert_int_equal(chmod(path, 0640), 0);
	assert_int_equal(scan_key_file(k2, sizeof(k2), path, false), SCAN_EINVAL);
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(scan_key_file(k2, 16, path, false), SCAN_EINVAL);
	assert_int_equal(symlink(path, link), 0);
	assert_int_not_equal(scan_key_file(k2, sizeof(k2), link, false), 0);
	th_rmtree(dir);
	free(dir), free(path), free(link);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seal_round_trip),
		cmocka_unit_test(test_key_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
