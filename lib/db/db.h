/* lib/db/db.h - one SQL connection, whichever database engine is behind it */
#ifndef SCAN_DB_DB_H
#define SCAN_DB_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "util/arena.h"

/*
 * The store speaks SQL through this interface only; a driver (SQLite now,
 * PostgreSQL next) implements it. The shape is SQLite's - prepare, bind by
 * position, step through rows, read columns - because that is what the
 * store was written against and what libpq can give.
 *
 * SQL is written once, in the subset both engines accept: parameters as
 * ?1, ?2 ... (a driver rewrites them to its own form), ON CONFLICT ...
 * DO NOTHING, RETURNING id instead of a last-insert-id call.
 *
 * Errors: a call that fails returns a SCAN_E* code with the scan error set
 * (util/error.h), except scan_db__step(), which returns SCAN_DB_ERROR and
 * keeps the engine's error for scan_db__error() to raise with the caller's
 * words, as the store has always done.
 *
 * Threads: a connection and its statements belong to one thread at a time.
 */
typedef struct scan_db scan_db;
typedef struct scan_db_stmt scan_db_stmt;

typedef enum {
	SCAN_DB_SQLITE = 1,
	SCAN_DB_POSTGRES,
} scan_db_engine;

#define SCAN_DB_ROW 100
#define SCAN_DB_DONE 101
#define SCAN_DB_ERROR (-1)

/* SQLite: how to open the file (scan_db__open_sqlite). */
#define SCAN_DB_READ_ONLY 0x1u
#define SCAN_DB_CREATE    0x2u  /* create the file when missing (read-write only) */
#define SCAN_DB_URI       0x4u  /* name is a "file:" URI */

/*
 * A SQLite connection to name (a path, or a URI with SCAN_DB_URI); label
 * names the database in messages (the path as the user gave it). Links are
 * not followed where SQLite can refuse them.
 */
int scan_db__open_sqlite(scan_db **out, const char *name, unsigned flags, const char *label);
/*
 * A PostgreSQL connection from a libpq URL ("postgresql://user@host/db",
 * a password from the URL or PGPASSWORD); messages name the URL with its
 * password replaced by "***". Times are UTC.
 */
int scan_db__open_postgres(scan_db **out, const char *url);
/* Whether target is a PostgreSQL URL rather than a file. */
bool scan_db__is_postgres_url(const char *target);
/* url with the password of its userinfo or query shown as "***", cut to cap. */
void scan_db__redact_url(char *out, size_t cap, const char *url);
void scan_db__close(scan_db *db); /* NULL is fine */
scan_db_engine scan_db__engine(const scan_db *db);
const char *scan_db__label(const scan_db *db);

/* Raise SCAN_ESTORE (or SCAN_ENOMEM, a busy or unwritable database) from the connection's last error. */
int scan_db__error(scan_db *db, const char *what);
/* What kind of failure the engine's last error was, for a caller that acts on it. */
typedef enum {
	SCAN_DB_FAIL_OTHER = 0,
	SCAN_DB_FAIL_ACCESS,   /* read-only, or cannot open */
	SCAN_DB_FAIL_CONFLICT, /* the engine gave up on the transaction for another's sake: run it again */
} scan_db_failure;
scan_db_failure scan_db__last_failure(const scan_db *db);

int scan_db__exec(scan_db *db, const char *sql); /* statements separated by ';', no rows */
int scan_db__prepare(scan_db *db, scan_db_stmt **out, const char *sql);
void scan_db__finalize(scan_db_stmt *s); /* NULL is fine */
/* Ready to step again from the first row; bindings are kept. */
void scan_db__reset(scan_db_stmt *s);

void scan_db__bind_int64(scan_db_stmt *s, int i, int64_t v);
void scan_db__bind_double(scan_db_stmt *s, int i, double v);
void scan_db__bind_null(scan_db_stmt *s, int i);
void scan_db__bind_text(scan_db_stmt *s, int i, const char *v); /* copied; NULL binds NULL */
void scan_db__bind_time(scan_db_stmt *s, int i, time_t t);      /* ISO 8601 text; 0 binds NULL */
void scan_db__bind_id(scan_db_stmt *s, int i, int64_t v);       /* 0 binds NULL */

/* SCAN_DB_ROW, SCAN_DB_DONE or SCAN_DB_ERROR. */
int scan_db__step(scan_db_stmt *s);

/* Columns of the current row, from 0. Text is valid until the next step, reset or finalize. */
bool scan_db__column_is_null(scan_db_stmt *s, int i);
int64_t scan_db__column_int64(scan_db_stmt *s, int i);
int scan_db__column_int(scan_db_stmt *s, int i);
double scan_db__column_double(scan_db_stmt *s, int i);
const char *scan_db__column_text(scan_db_stmt *s, int i);
size_t scan_db__column_bytes(scan_db_stmt *s, int i);
/* Copies into an arena (NULL stays NULL; *oom set on failure), and ISO 8601 text as a time (0 when NULL). */
const char *scan_db__col_text(scan_db_stmt *s, int i, scan_arena *a, int *oom);
time_t scan_db__col_time(scan_db_stmt *s, int i);

/* Rows the last INSERT, UPDATE or DELETE changed. */
int64_t scan_db__changes(scan_db *db);

int scan_db__begin(scan_db *db);  /* takes the write lock up front */
int scan_db__commit(scan_db *db); /* rolls back when the commit fails */
void scan_db__rollback(scan_db *db); /* only when a transaction is open */
bool scan_db__in_transaction(scan_db *db);

/*
 * PostgreSQL's notifications: listens on channel (a plain identifier) on
 * this connection, the first time, then waits up to timeout_ms and calls fn
 * for every notification that arrived, in the order the transactions that
 * sent them committed. Returns 0 (none is fine), or the error that broke
 * the connection. SQLite has none: SCAN_EINVAL.
 */
typedef void (*scan_db_notify_fn)(void *ctx, const char *channel, const char *payload);
int scan_db__listen(scan_db *db, const char *channel, int timeout_ms, scan_db_notify_fn fn, void *ctx);

#endif
