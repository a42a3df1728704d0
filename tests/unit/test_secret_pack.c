/*
 * tests/unit/test_secret_pack.c - every built-in secret rule against its own
 * examples: each positive found by the rule alone, each negative not, and
 * each positive still found by some rule when the whole pack runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "secrets/engine.h"
#include "secrets/rules.h"

typedef struct {
	const char *want;     /* rule id, or NULL for any */
	size_t found;
} tally;

static int count(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	tally *t = payload;

	(void)in;
	if (!t->want || !strcmp(m->rule->id, t->want))
		t->found++;
	return 0;
}

static size_t run(const scan_secret_engine *e, const char *want, const char *text)
{
	scan_secret_scratch *s = NULL;
	/* A path that is not a test path: examples are judged at full confidence. */
	scan_secret_input in = { "src/example.txt", (const unsigned char *)text, strlen(text), false };
	tally t = { want, 0 };

	assert_int_equal(scan_secrets__scratch_new(&s, e), 0);
	assert_int_equal(scan_secrets__scan(e, s, &in, count, &t), 0);
	scan_secrets__scratch_free(s);
	return t.found;
}

static void test_every_rule_on_its_examples(void **state)
{
	scan_secret_ruleset pack;
	scan_secret_engine *all = NULL;
	size_t failures = 0, checked = 0;

	(void)state;
	memset(&pack, 0, sizeof(pack));
	assert_int_equal(scan_secrets__load_builtin(&pack), 0);
	assert_int_equal(scan_secrets__engine_new(&all, &pack, NULL), 0);
	for (size_t i = 0; i < pack.count; i++) {
		const scan_secret_rule *r = &pack.rules[i];
		scan_secret_rule copy = *r;
		scan_secret_ruleset one = { &copy, 1, 1, SCAN_ARENA_INIT };
		scan_secret_engine *e = NULL;

		assert_true(r->positive_count >= 2 && r->negative_count >= 2);
		if (scan_secrets__engine_new(&e, &one, NULL) != 0) {
			printf("%s: %s\n", r->origin, scan_error_last()->message);
			failures++;
			continue;
		}
		for (size_t k = 0; k < r->positive_count; k++, checked++) {
			if (!run(e, r->id, r->positives[k])) {
				printf("%s %s: positive %zu not found: %.60s\n", r->origin, r->id, k + 1, r->positives[k]);
				failures++;
			} else if (!run(all, NULL, r->positives[k])) {
				printf("%s %s: positive %zu lost in the full pack\n", r->origin, r->id, k + 1);
				failures++;
			}
		}
		for (size_t k = 0; k < r->negative_count; k++, checked++)
			if (run(e, r->id, r->negatives[k])) {
				printf("%s %s: negative %zu found: %.60s\n", r->origin, r->id, k + 1, r->negatives[k]);
				failures++;
			}
		scan_secrets__engine_free(e);
	}
	printf("%zu rules, %zu examples checked, %zu failures\n", pack.count, checked, failures);
	scan_secrets__engine_free(all);
	scan_secrets__ruleset_dispose(&pack);
	assert_int_equal(failures, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_rule_on_its_examples),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
