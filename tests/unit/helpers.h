/* tests/unit/helpers.h - sandboxes and files for unit tests */
#ifndef RAMPART_TEST_HELPERS_H
#define RAMPART_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

/* A fresh private directory under $TMPDIR; malloc'd absolute path. */
char *th_tmpdir(void);
/* Writes content to dir/rel, creating parent directories. */
void th_write(const char *dir, const char *rel, const char *content);
void th_write_bytes(const char *dir, const char *rel, const void *data, size_t len);
/* malloc'd contents of path, NUL-terminated; NULL when it cannot be read. */
char *th_read(const char *path, size_t *len);
/* rm -rf without following symlinks. */
void th_rmtree(const char *dir);
/* malloc'd "a/b". */
char *th_join(const char *a, const char *b);
/*
 * CPU seconds of the calling thread, for bounds that catch a hang or a
 * quadratic blow-up: unlike the wall clock, other work on the machine (a
 * parallel ctest, a build) does not count.
 */
double th_cpu_seconds(void);

/*
 * PostgreSQL, when the test runs against it: RAMPART_TEST_DATABASE_URL is
 * "postgresql:///DB?host=...&user=..." (tests/db/pg.sh). th_pg_url() is that
 * URL or NULL; th_pg_fresh_db() creates an empty database of its own on the
 * same server and returns its URL (malloc'd); th_pg_count() and
 * th_pg_exec() run SQL on a database through a second connection.
 */
const char *th_pg_url(void);
char *th_pg_fresh_db(void);
long long th_pg_count(const char *url, const char *sql);
void th_pg_exec(const char *url, const char *sql);
/* The same on the test's database, whichever engine: db is a SQLite file or a PostgreSQL URL. */
long long th_db_count(const char *db, const char *sql);
void th_db_exec(const char *db, const char *sql);

#endif
