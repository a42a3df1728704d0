/* tests/unit/test_db.c - lib/db: what a PostgreSQL URL shows of itself, and a failed connection's message */
#include <stdio.h>
#include <string.h>
#include "helpers.h"
#include "db/db.h"
#include "scan/common.h"

static void test_redact_url(void **state)
{
	static const struct {
		const char *url, *shown;
	} cases[] = {
		{ "postgresql://rampart:s3cret@db.internal:5432/rampart", "postgresql://rampart:***@db.internal:5432/rampart" },
		{ "postgres://u:p@h/d", "postgres://u:***@h/d" },
		{ "postgresql://u:p%40ss@h/d?sslmode=require", "postgresql://u:***@h/d?sslmode=require" },
		{ "postgresql:///rampart?host=/run/pg&password=hunter2&user=u",
		  "postgresql:///rampart?host=/run/pg&password=***&user=u" },
		{ "postgresql://h/d?password=x", "postgresql://h/d?password=***" },
		{ "postgresql://rampart@h/d", "postgresql://rampart@h/d" },
		{ "postgresql://h/d?user=a@b", "postgresql://h/d?user=a@b" },
	};
	char out[256];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		scan_db__redact_url(out, sizeof(out), cases[i].url);
		if (strcmp(out, cases[i].shown))
			fail_msg("%s shown as %s, not %s", cases[i].url, out, cases[i].shown);
	}
	/* Cut short, still terminated. */
	scan_db__redact_url(out, 12, cases[0].url);
	assert_int_equal(strlen(out), 11);
	assert_true(scan_db__is_postgres_url("postgresql:///x"));
	assert_true(scan_db__is_postgres_url("postgres://h/x"));
	assert_false(scan_db__is_postgres_url("/tmp/postgresql://x"));
	assert_false(scan_db__is_postgres_url(NULL));
}

/* No server listens on port 1: the error names the database without its password. */
static void test_failed_connection_hides_password(void **state)
{
	scan_db *db = NULL;
	const char *msg;

	(void)state;
	assert_int_equal(scan_db__open_postgres(&db, "postgresql://rampart:hunter2@127.0.0.1:1/rampart?connect_timeout=2"),
	                 SCAN_ESTORE);
	assert_null(db);
	msg = scan_error_last()->message;
	assert_non_null(strstr(msg, "postgresql://rampart:***@127.0.0.1:1/rampart"));
	assert_null(strstr(msg, "hunter2"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_redact_url),
		cmocka_unit_test(test_failed_connection_hides_password),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
