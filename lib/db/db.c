/* lib/db/db.c - the calls of lib/db/db.h, dispatched to the connection's driver */
#include <string.h>
#include "db/driver.h"
#include "util/error.h"
#include "util/timefmt.h"

/*
 * A NULL connection is one the store could not open for this thread; the
 * reason is already the last error, which these calls pass on.
 */
static int no_connection(void)
{
	int code = scan_error_last()->code;

	return code ? code : scan_util__error(SCAN_ESTORE, "no database connection");
}

void scan_db__close(scan_db *db)
{
	if (db)
		db->drv->close(db);
}

scan_db_engine scan_db__engine(const scan_db *db)
{
	return db->drv->engine;
}

const char *scan_db__label(const scan_db *db)
{
	return db->label;
}

int scan_db__error(scan_db *db, const char *what)
{
	if (!db)
		return no_connection();
	return db->drv->error(db, what);
}

scan_db_failure scan_db__last_failure(const scan_db *db)
{
	return db ? db->drv->last_failure(db) : SCAN_DB_FAIL_OTHER;
}

int scan_db__exec(scan_db *db, const char *sql)
{
	if (!db)
		return no_connection();
	return db->drv->exec(db, sql);
}

int scan_db__prepare(scan_db *db, scan_db_stmt **out, const char *sql)
{
	*out = NULL;
	if (!db)
		return no_connection();
	return db->drv->prepare(db, out, sql);
}

void scan_db__finalize(scan_db_stmt *s)
{
	if (s)
		s->db->drv->finalize(s);
}

void scan_db__reset(scan_db_stmt *s)
{
	s->db->drv->reset(s);
}

void scan_db__bind_int64(scan_db_stmt *s, int i, int64_t v)
{
	s->db->drv->bind_int64(s, i, v);
}

void scan_db__bind_double(scan_db_stmt *s, int i, double v)
{
	s->db->drv->bind_double(s, i, v);
}

void scan_db__bind_null(scan_db_stmt *s, int i)
{
	s->db->drv->bind_null(s, i);
}

void scan_db__bind_text(scan_db_stmt *s, int i, const char *v)
{
	if (v)
		s->db->drv->bind_text(s, i, v);
	else
		s->db->drv->bind_null(s, i);
}

void scan_db__bind_time(scan_db_stmt *s, int i, time_t t)
{
	char buf[SCAN_TIME_LEN];

	if (!t) {
		scan_db__bind_null(s, i);
		return;
	}
	scan_util__time_format(buf, t);
	s->db->drv->bind_text(s, i, buf);
}

void scan_db__bind_id(scan_db_stmt *s, int i, int64_t v)
{
	if (v)
		scan_db__bind_int64(s, i, v);
	else
		scan_db__bind_null(s, i);
}

int scan_db__step(scan_db_stmt *s)
{
	return s->db->drv->step(s);
}

bool scan_db__column_is_null(scan_db_stmt *s, int i)
{
	return s->db->drv->column_is_null(s, i);
}

int64_t scan_db__column_int64(scan_db_stmt *s, int i)
{
	return s->db->drv->column_int64(s, i);
}

int scan_db__column_int(scan_db_stmt *s, int i)
{
	return (int)s->db->drv->column_int64(s, i);
}

double scan_db__column_double(scan_db_stmt *s, int i)
{
	return s->db->drv->column_double(s, i);
}

const char *scan_db__column_text(scan_db_stmt *s, int i)
{
	return s->db->drv->column_text(s, i);
}

size_t scan_db__column_bytes(scan_db_stmt *s, int i)
{
	return s->db->drv->column_bytes(s, i);
}

const char *scan_db__col_text(scan_db_stmt *s, int i, scan_arena *a, int *oom)
{
	const char *t = scan_db__column_text(s, i), *copy;

	if (!t)
		return NULL;
	if (!(copy = scan_arena__strndup(a, t, scan_db__column_bytes(s, i))))
		*oom = 1;
	return copy;
}

time_t scan_db__col_time(scan_db_stmt *s, int i)
{
	time_t t = 0;

	if (scan_util__time_parse(&t, scan_db__column_text(s, i)) != 0)
		return 0;
	return t;
}

int64_t scan_db__changes(scan_db *db)
{
	return db ? db->drv->changes(db) : 0;
}

int scan_db__begin(scan_db *db)
{
	return db ? db->drv->begin(db) : no_connection();
}

int scan_db__commit(scan_db *db)
{
	int rc;

	if (!db)
		return no_connection();
	/* A commit that fails leaves the transaction open on both engines: end it. */
	if ((rc = db->drv->exec(db, "COMMIT")) != 0)
		db->drv->rollback(db);
	return rc;
}

void scan_db__rollback(scan_db *db)
{
	if (db)
		db->drv->rollback(db);
}

bool scan_db__in_transaction(scan_db *db)
{
	return db && db->drv->in_transaction(db);
}

int scan_db__listen(scan_db *db, const char *channel, int timeout_ms, scan_db_notify_fn fn, void *ctx)
{
	return db ? db->drv->listen(db, channel, timeout_ms, fn, ctx) : no_connection();
}
