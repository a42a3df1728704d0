/* lib/db/sqlite.c - the SQLite driver: the embedded default database */
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sqlite3.h>
#include "db/driver.h"
#include "util/hash.h"
#include "util/error.h"

#define SQLITE_BUSY_TIMEOUT_MS 10000

/*
 * Prepared statements are kept per connection, by their text, and handed
 * out again once finalized: a server request runs the same few statements
 * over and over, and compiling them was a third of its time.
 */
#define STMT_CACHE 64

typedef struct {
	scan_db_stmt head;
	sqlite3_stmt *stmt;
	char *sql;                /* the text, when the statement is kept; NULL: finalized for good */
	uint64_t hash;
	bool busy;                /* handed out and not finalized yet */
} sqlite_stmt;

typedef struct {
	scan_db head;
	sqlite3 *conn;
	sqlite_stmt *cache[STMT_CACHE];
	size_t ncache;
} sqlite_db;

static sqlite3 *conn_of(const scan_db *db)
{
	return ((const sqlite_db *)db)->conn;
}

static sqlite3_stmt *stmt_of(scan_db_stmt *s)
{
	return ((sqlite_stmt *)s)->stmt;
}

static void db_close(scan_db *db)
{
	sqlite_db *d = (sqlite_db *)db;

	for (size_t i = 0; i < d->ncache; i++) {
		sqlite3_finalize(d->cache[i]->stmt);
		free(d->cache[i]->sql);
		free(d->cache[i]);
	}
	sqlite3_close_v2(conn_of(db));
	free(db->label);
	free(db);
}

static int db_error(scan_db *db, const char *what)
{
	sqlite3 *c = conn_of(db);
	int code = sqlite3_extended_errcode(c) & 0xFF;

	if (code == SQLITE_NOMEM)
		return scan_error__oom();
	if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
		return scan_util__error(SCAN_ESTORE, "database '%s' is corrupt or not a database", db->label);
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return scan_util__error(SCAN_ESTORE, "database '%s' is busy: another process holds it", db->label);
	if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM)
		return scan_util__error(SCAN_ESTORE, "cannot write database '%s': %s", db->label, sqlite3_errmsg(c));
	return scan_util__error(SCAN_ESTORE, "database '%s': %s: %s", db->label, what, sqlite3_errmsg(c));
}

/* A busy database has already been waited for (busy_timeout): not retried again. */
static scan_db_failure db_last_failure(const scan_db *db)
{
	int code = sqlite3_extended_errcode(conn_of(db)) & 0xFF;

	return code == SQLITE_READONLY || code == SQLITE_CANTOPEN ? SCAN_DB_FAIL_ACCESS : SCAN_DB_FAIL_OTHER;
}

static int db_exec(scan_db *db, const char *sql)
{
	if (sqlite3_exec(conn_of(db), sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_error(db, "statement failed");
	return 0;
}

static int db_prepare(scan_db *db, scan_db_stmt **out, const char *sql)
{
	sqlite_db *d = (sqlite_db *)db;
	uint64_t h = scan_hash__bytes(SCAN_HASH_SEED, sql, strlen(sql));
	sqlite_stmt *s;

	for (size_t i = 0; i < d->ncache; i++) {
		s = d->cache[i];
		if (!s->busy && s->hash == h && !strcmp(s->sql, sql)) {
			s->busy = true;
			*out = &s->head;
			return 0;
		}
	}
	if (!(s = calloc(1, sizeof(*s))))
		return scan_error__oom();
	s->head.db = db;
	if (sqlite3_prepare_v3(conn_of(db), sql, -1, d->ncache < STMT_CACHE ? SQLITE_PREPARE_PERSISTENT : 0, &s->stmt,
	                       NULL) != SQLITE_OK) {
		free(s);
		return db_error(db, "cannot prepare a statement");
	}
	/* Kept while there is room; past it a statement is compiled and dropped each time, as before. */
	if (d->ncache < STMT_CACHE && (s->sql = strdup(sql)) != NULL) {
		s->hash = h;
		s->busy = true;
		d->cache[d->ncache++] = s;
	}
	*out = &s->head;
	return 0;
}

static void db_finalize(scan_db_stmt *s)
{
	sqlite_stmt *ss = (sqlite_stmt *)s;

	if (ss->sql) {
		/* Back to the cache, unbound and reset: it holds no read transaction open. */
		sqlite3_reset(ss->stmt);
		sqlite3_clear_bindings(ss->stmt);
		ss->busy = false;
		return;
	}
	sqlite3_finalize(ss->stmt);
	free(ss);
}

static void db_reset(scan_db_stmt *s)
{
	sqlite3_reset(stmt_of(s));
}

static void db_bind_int64(scan_db_stmt *s, int i, int64_t v)
{
	sqlite3_bind_int64(stmt_of(s), i, v);
}

static void db_bind_double(scan_db_stmt *s, int i, double v)
{
	sqlite3_bind_double(stmt_of(s), i, v);
}

static void db_bind_null(scan_db_stmt *s, int i)
{
	sqlite3_bind_null(stmt_of(s), i);
}

static void db_bind_text(scan_db_stmt *s, int i, const char *v)
{
	sqlite3_bind_text(stmt_of(s), i, v, -1, SQLITE_TRANSIENT);
}

static int db_step(scan_db_stmt *s)
{
	int rc = sqlite3_step(stmt_of(s));

	return rc == SQLITE_ROW ? SCAN_DB_ROW : rc == SQLITE_DONE ? SCAN_DB_DONE : SCAN_DB_ERROR;
}

static bool db_column_is_null(scan_db_stmt *s, int i)
{
	return sqlite3_column_type(stmt_of(s), i) == SQLITE_NULL;
}

static int64_t db_column_int64(scan_db_stmt *s, int i)
{
	return sqlite3_column_int64(stmt_of(s), i);
}

static double db_column_double(scan_db_stmt *s, int i)
{
	return sqlite3_column_double(stmt_of(s), i);
}

static const char *db_column_text(scan_db_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(stmt_of(s), i);
}

static size_t db_column_bytes(scan_db_stmt *s, int i)
{
	return (size_t)sqlite3_column_bytes(stmt_of(s), i);
}

static int64_t db_changes(scan_db *db)
{
	return sqlite3_changes64(conn_of(db));
}

static int db_begin(scan_db *db)
{
	return db_exec(db, "BEGIN IMMEDIATE");
}

static void db_rollback(scan_db *db)
{
	if (!sqlite3_get_autocommit(conn_of(db)))
		sqlite3_exec(conn_of(db), "ROLLBACK", NULL, NULL, NULL);
}

static bool db_in_transaction(scan_db *db)
{
	return !sqlite3_get_autocommit(conn_of(db));
}

static int db_listen(scan_db *db, const char *channel, int timeout_ms, scan_db_notify_fn fn, void *ctx)
{
	(void)db, (void)channel, (void)timeout_ms, (void)fn, (void)ctx;
	return scan_util__error(SCAN_EINVAL, "SQLite has no notifications");
}

static const scan_db_driver sqlite_driver = {
	SCAN_DB_SQLITE,
	db_close,
	db_error,
	db_last_failure,
	db_exec,
	db_prepare,
	db_finalize,
	db_reset,
	db_bind_int64,
	db_bind_double,
	db_bind_null,
	db_bind_text,
	db_step,
	db_column_is_null,
	db_column_int64,
	db_column_double,
	db_column_text,
	db_column_bytes,
	db_changes,
	db_begin,
	db_rollback,
	db_in_transaction,
	db_listen,
};

/*
 * SQLite counts every allocation under one process-wide mutex unless told
 * not to; with many threads each on its own connection (the server) that
 * mutex is where they queue. Said once, before SQLite starts.
 */
static pthread_once_t sqlite_config_once = PTHREAD_ONCE_INIT;

static void sqlite_config(void)
{
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int scan_db__open_sqlite(scan_db **out, const char *name, unsigned flags, const char *label)
{
	sqlite_db *db = calloc(1, sizeof(*db));
	int oflags = SQLITE_OPEN_FULLMUTEX, rc;

	*out = NULL;
	if (!db || !(db->head.label = strdup(label))) {
		free(db);
		return scan_error__oom();
	}
	db->head.drv = &sqlite_driver;
	oflags |= flags & SCAN_DB_READ_ONLY ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
	if ((flags & SCAN_DB_CREATE) && !(flags & SCAN_DB_READ_ONLY))
		oflags |= SQLITE_OPEN_CREATE;
	if (flags & SCAN_DB_URI)
		oflags |= SQLITE_OPEN_URI;
#ifdef SQLITE_OPEN_NOFOLLOW
	oflags |= SQLITE_OPEN_NOFOLLOW; /* a link swapped in after the caller looked */
#endif
	pthread_once(&sqlite_config_once, sqlite_config);
	if (sqlite3_open_v2(name, &db->conn, oflags, NULL) != SQLITE_OK) {
		rc = db->conn ? db_error(&db->head, "cannot open")
		              : scan_util__error(SCAN_ENOMEM, "out of memory opening '%s'", label);
		db_close(&db->head);
		return rc;
	}
	sqlite3_busy_timeout(db->conn, SQLITE_BUSY_TIMEOUT_MS);
	sqlite3_extended_result_codes(db->conn, 1);
	*out = &db->head;
	return 0;
}
