/* tests/unit/test_containers.c - the one array (include/scan/array.h) and the one map (include/scan/map.h) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/array.h"
#include "scan/map.h"

static void test_array_grows_and_keeps_items(void **state)
{
	int *v = NULL, *p;
	size_t count = 0, cap = 0;

	(void)state;
	for (int i = 0; i < 5000; i++) {
		assert_int_equal(scan_array_reserve(&v, &cap, count + 1, sizeof(*v)), 0);
		v[count++] = i;
	}
	assert_true(cap >= 5000);
	assert_int_equal(cap & (cap - 1), 0); /* doubled from 16 */
	for (int i = 0; i < 5000; i++)
		assert_int_equal(v[i], i);
	/* push hands back a zeroed item */
	v[count] = 77;
	assert_non_null(p = scan_array_push(&v, &count, &cap, sizeof(*v)));
	assert_int_equal(*p, 0);
	assert_int_equal(count, 5001);
	free(v);
}

static void test_array_refuses_overflow(void **state)
{
	char *v = NULL;
	size_t cap = 0;

	(void)state;
	assert_int_equal(scan_array_reserve(&v, &cap, SIZE_MAX / 2, 4), SCAN_ENOMEM);
	assert_null(v);
	assert_int_equal(cap, 0);
}

static void test_map_strings(void **state)
{
	scan_map m = SCAN_MAP_INIT;
	char keys[3000][16];
	size_t v = 0;

	(void)state;
	assert_false(scan_map_get(&m, "absent", NULL, &v));
	for (size_t i = 0; i < 3000; i++) {
		snprintf(keys[i], sizeof(keys[i]), "key-%zu", i);
		assert_int_equal(scan_map_put(&m, keys[i], NULL, i, NULL), 0);
	}
	assert_int_equal(m.count, 3000);
	assert_true(2 * m.count <= m.cap); /* at most half full */
	for (size_t i = 0; i < 3000; i++) {
		char probe[16];
		snprintf(probe, sizeof(probe), "key-%zu", i); /* equal bytes, another address */
		assert_true(scan_map_get(&m, probe, NULL, &v));
		assert_int_equal(v, i);
	}
	/* a key already there: not replaced, its value reported */
	assert_int_equal(scan_map_put(&m, "key-7", NULL, 999, &v), 1);
	assert_int_equal(v, 7);
	assert_true(scan_map_set(&m, "key-7", NULL, 999));
	assert_true(scan_map_get(&m, "key-7", NULL, &v));
	assert_int_equal(v, 999);
	assert_false(scan_map_set(&m, "key-x", NULL, 1));
	scan_map_dispose(&m);
	assert_int_equal(m.count, 0);
}

static void test_map_two_part_keys_do_not_run_together(void **state)
{
	scan_map m = SCAN_MAP_INIT;
	size_t v = 0;

	(void)state;
	assert_int_equal(scan_map_put(&m, "ab", "c", 1, NULL), 0);
	assert_int_equal(scan_map_put(&m, "a", "bc", 2, NULL), 0);
	assert_int_equal(scan_map_put(&m, "abc", NULL, 3, NULL), 0);
	assert_int_equal(scan_map_put(&m, "abc", "", 4, NULL), 0); /* an empty second part is still a part */
	assert_true(scan_map_get(&m, "ab", "c", &v));
	assert_int_equal(v, 1);
	assert_true(scan_map_get(&m, "a", "bc", &v));
	assert_int_equal(v, 2);
	assert_true(scan_map_get(&m, "abc", NULL, &v));
	assert_int_equal(v, 3);
	assert_true(scan_map_get(&m, "abc", "", &v));
	assert_int_equal(v, 4);
	scan_map_dispose(&m);
}

static void test_map_byte_keys(void **state)
{
	static const char text[] = "alpha beta alpha gam\0ma";
	scan_map m = SCAN_MAP_INIT;
	unsigned char id1[20] = { 1, 2, 3 }, id2[20] = { 1, 2, 3 };
	const void *table = &m;
	size_t v = 0;

	(void)state;
	/* substrings of one text, compared by their bytes, not their address */
	assert_int_equal(scan_map_put_bytes(&m, text, 5, NULL, 0, 10, NULL), 0);
	assert_int_equal(scan_map_put_bytes(&m, text + 11, 5, NULL, 0, 11, &v), 1);
	assert_int_equal(v, 10);
	assert_false(scan_map_get_bytes(&m, text, 4, NULL, 0, NULL)); /* a prefix is another key */
	/* a NUL inside a key is part of it */
	assert_int_equal(scan_map_put_bytes(&m, text + 17, 6, NULL, 0, 12, NULL), 0);
	assert_false(scan_map_get_bytes(&m, text + 17, 3, NULL, 0, NULL));
	assert_true(scan_map_get_bytes(&m, "gam\0ma", 6, NULL, 0, &v));
	assert_int_equal(v, 12);
	/* binary ids; a pointer's own bytes with a name */
	id2[19] = 9;
	assert_int_equal(scan_map_put_bytes(&m, id1, sizeof(id1), NULL, 0, 20, NULL), 0);
	assert_false(scan_map_get_bytes(&m, id2, sizeof(id2), NULL, 0, NULL));
	assert_int_equal(scan_map_put_bytes(&m, &table, sizeof(table), "name", 4, 30, NULL), 0);
	assert_true(scan_map_get_bytes(&m, &table, sizeof(table), "name", 4, &v));
	assert_int_equal(v, 30);
	assert_true(scan_map_set_bytes(&m, &table, sizeof(table), "name", 4, 31));
	assert_true(scan_map_get_bytes(&m, &table, sizeof(table), "name", 4, &v));
	assert_int_equal(v, 31);
	assert_false(scan_map_get_bytes(&m, &table, sizeof(table), "nam", 3, NULL));
	scan_map_dispose(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_array_grows_and_keeps_items),
		cmocka_unit_test(test_array_refuses_overflow),
		cmocka_unit_test(test_map_strings),
		cmocka_unit_test(test_map_two_part_keys_do_not_run_together),
		cmocka_unit_test(test_map_byte_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
