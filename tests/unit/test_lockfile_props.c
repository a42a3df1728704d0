/* tests/unit/test_lockfile_props.c - build-file properties (lib/lockfile/props.c) shared by Maven and MSBuild */
#include <string.h>
#include "helpers.h"
#include "lockfile/props.h"

static const char *table_lookup(void *ctx, const char *name, size_t len)
{
	const scan_lockfile__prop *p = scan_lockfile__props_find(ctx, name, len);

	return p ? p->value : NULL;
}

static void test_last_unconditional_wins_and_conditions_must_agree(void **state)
{
	scan_lockfile__props t = { .fold_case = true };

	(void)state;
	assert_int_equal(scan_lockfile__props_add(&t, "Ver", "1.0", 1, false), 0);
	assert_int_equal(scan_lockfile__props_add(&t, "VER", "2.0", 2, false), 0); /* same name without case */
	assert_int_equal(scan_lockfile__props_add(&t, "Ver", "9.9", 3, true), 0);  /* conditional: loses */
	assert_int_equal(scan_lockfile__props_add(&t, "Both", "x", 4, true), 0);
	assert_int_equal(scan_lockfile__props_add(&t, "Both", "x", 5, true), 0);
	assert_int_equal(scan_lockfile__props_add(&t, "Split", "a", 6, true), 0);
	assert_int_equal(scan_lockfile__props_add(&t, "Split", "b", 7, true), 0);
	scan_lockfile__props_resolve(&t);
	assert_int_equal(t.n, 3);
	assert_string_equal(scan_lockfile__props_find(&t, "ver", 3)->value, "2.0");
	assert_string_equal(scan_lockfile__props_find(&t, "both", 4)->value, "x");
	assert_non_null(scan_lockfile__props_find(&t, "Split", 5));
	assert_null(scan_lockfile__props_find(&t, "Split", 5)->value); /* depends on the build */
	assert_null(scan_lockfile__props_find(&t, "Spl", 3));
	scan_lockfile__props_dispose(&t);
}

static void test_case_matters_unless_folded(void **state)
{
	scan_lockfile__props t = { .fold_case = false };

	(void)state;
	assert_int_equal(scan_lockfile__props_add(&t, "version", "1", 0, false), 0);
	assert_int_equal(scan_lockfile__props_add(&t, "Version", "2", 1, false), 0);
	scan_lockfile__props_resolve(&t);
	assert_int_equal(t.n, 2);
	assert_string_equal(scan_lockfile__props_find(&t, "version", 7)->value, "1");
	assert_string_equal(scan_lockfile__props_find(&t, "Version", 7)->value, "2");
	scan_lockfile__props_dispose(&t);
}

static void test_interpolation(void **state)
{
	scan_lockfile__props t = { .fold_case = false };
	scan_arena arena = SCAN_ARENA_INIT;
	scan_lockfile__interp_rules r = { '{', '}', false, 16, 1000, 4096, table_lookup, &t };
	const char *out;
	size_t made = 0;

	(void)state;
	scan_lockfile__props_add(&t, "a", "${b}.${b}", 0, false);
	scan_lockfile__props_add(&t, "b", " 7 ", 1, false);
	scan_lockfile__props_add(&t, "loop", "${loop}", 2, false);
	scan_lockfile__props_add(&t, "x", "${y}", 3, false);
	scan_lockfile__props_add(&t, "y", "${x}", 4, false);
	scan_lockfile__props_resolve(&t);

	assert_int_equal(scan_lockfile__interp(&r, &arena, "v${a}-rc", &out, &made), 0);
	assert_string_equal(out, "v 7 . 7 -rc");
	assert_int_equal(made, 3);
	assert_int_equal(scan_lockfile__interp(&r, &arena, " ${b} ", &out, NULL), 0);
	assert_string_equal(out, "7"); /* trimmed */
	/* unknown, circular, unterminated: no value */
	assert_int_equal(scan_lockfile__interp(&r, &arena, "${nope}", &out, NULL), 0);
	assert_null(out);
	assert_int_equal(scan_lockfile__interp(&r, &arena, "${loop}", &out, NULL), 0);
	assert_null(out);
	assert_int_equal(scan_lockfile__interp(&r, &arena, "${x}", &out, NULL), 0);
	assert_null(out);
	assert_int_equal(scan_lockfile__interp(&r, &arena, "1.${b", &out, NULL), 0);
	assert_null(out);
	assert_int_equal(scan_lockfile__interp(&r, &arena, "", &out, NULL), 0);
	assert_null(out);
	/* the other brackets leave ${} alone */
	r.open = '(', r.close = ')';
	assert_int_equal(scan_lockfile__interp(&r, &arena, "$(b)/${b}", &out, NULL), 0);
	assert_string_equal(out, "7 /${b}");
	scan_arena__dispose(&arena);
	scan_lockfile__props_dispose(&t);
}

static void test_budget_stops_a_blowup(void **state)
{
	scan_lockfile__props t = { .fold_case = false };
	scan_arena arena = SCAN_ARENA_INIT;
	scan_lockfile__interp_rules r = { '{', '}', false, 16, 1000, 1u << 20, table_lookup, &t };
	const char *names[] = { "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11" };
	const char *values[] = { "${p1}${p1}", "${p2}${p2}", "${p3}${p3}", "${p4}${p4}", "${p5}${p5}", "${p6}${p6}",
	                         "${p7}${p7}", "${p8}${p8}", "${p9}${p9}", "${p10}${p10}", "${p11}${p11}", "x" };
	const char *out = "unset";
	size_t made = 0;

	(void)state;
	for (size_t i = 0; i < 12; i++)
		scan_lockfile__props_add(&t, names[i], values[i], i, false);
	scan_lockfile__props_resolve(&t);
	/* 2^12 substitutions wanted, 1000 allowed: no value, and no more work than the budget */
	assert_int_equal(scan_lockfile__interp(&r, &arena, "${p0}", &out, &made), 0);
	assert_null(out);
	assert_int_equal(made, 1000);
	scan_arena__dispose(&arena);
	scan_lockfile__props_dispose(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_last_unconditional_wins_and_conditions_must_agree),
		cmocka_unit_test(test_case_matters_unless_folded),
		cmocka_unit_test(test_interpolation),
		cmocka_unit_test(test_budget_stops_a_blowup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
