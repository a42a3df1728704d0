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

	return code ? code : scan__error(SCAN_ESTORE, "no database connection");
}

void scan__db_close(scan_db *db)
{
	if (db)
		db->drv->close(db);
}

scan_db_engine scan__db_engine(const scan_db *db)
{
	return db->drv->engine;
}

const char *scan__db_label(const scan_db *db)
{
	return db->label;
}

int scan__db_error(scan_db *db, const char *what)
{
	if (!db)
		return no_connection();
	return db->drv->error(db, what);
}

scan_db_failure scan__db_last_failure(const scan_db *db)
{
	return db ? db->drv->last_failure(db) : SCAN_DB_FAIL_OTHER;
}

int scan__db_exec(scan_db *db, const char *sql)
{
	if (!db)
		return no_connection();
	return db->drv->exec(db, sql);
}

int scan__db_prepare(scan_db *db, scan_db_stmt **out, const char *sql)
{
	*out = NULL;
	if (!db)
		return no_connection();
	return db->drv->prepare(db, out, sql);
}

void scan__db_finalize(scan_db_stmt *s)
{
	if (s)
		s->db->drv->finalize(s);
}

void scan__db_reset(scan_db_stmt *s)
{
	s->db->drv->reset(s);
}

void scan__db_bind_int64(scan_db_stmt *s, int i, int64_t v)
{
	s->db->drv->bind_int64(s, i, v);
}

void scan__db_bind_double(scan_db_stmt *s, int i, double v)
{
	s->db->drv->bind_double(s, i, v);
}

void scan__db_bind_null(scan_db_stmt *s, int i)
{
	s->db->drv->bind_null(s, i);
}

void scan__db_bind_text(scan_db_stmt *s, int i, const char *v)
{
	if (v)
		s->db->drv->bind_text(s, i, v);
	else
		s->db->drv->bind_null(s, i);
}

void scan__db_bind_time(scan_db_stmt *s, int i, time_t t)
{
	char buf[SCAN_TIME_LEN];

	if (!t) {
		scan__db_bind_null(s, i);
		return;
	}
	scan__time_format(buf, t);
	s->db->drv->bind_text(s, i, buf);
}

void scan__db_bind_id(scan_db_stmt *s, int i, int64_t v)
{
	if (v)
		scan__db_bind_int64(s, i, v);
	else
		scan__db_bind_null(s, i);
}

int scan__db_step(scan_db_stmt *s)
{
	return s->db->drv->step(s);
}

bool scan__db_column_is_null(scan_db_stmt *s, int i)
{
	return s->db->drv->column_is_null(s, i);
}

int64_t scan__db_column_int64(scan_db_stmt *s, int i)
{
	return s->db->drv->column_int64(s, i);
}

int scan__db_column_int(scan_db_stmt *s, int i)
{
	return (int)s->db->drv->column_int64(s, i);
}

double scan__db_column_double(scan_db_stmt *s, int i)
{
	return s->db->drv->column_double(s, i);
}

const char *scan__db_column_text(scan_db_stmt *s, int i)
{
	return s->db->drv->column_text(s, i);
}

size_t scan__db_column_bytes(scan_db_stmt *s, int i)
{
	return s->db->drv->column_bytes(s, i);
}

const char *scan__db_col_text(scan_db_stmt *s, int i, scan_arena *a, int *oom)
{
	const char *t = scan__db_column_text(s, i), *copy;

	if (!t)
		return NULL;
	if (!(copy = scan__arena_strndup(a, t, scan__db_column_bytes(s, i))))
		*oom = 1;
	return copy;
}

time_t scan__db_col_time(scan_db_stmt *s, int i)
{
	time_t t = 0;

	if (scan__time_parse(&t, scan__db_column_text(s, i)) != 0)
		return 0;
	return t;
}

int64_t scan__db_changes(scan_db *db)
{
	return db ? db->drv->changes(db) : 0;
}

int scan__db_begin(scan_db *db)
{
	return db ? db->drv->begin(db) : no_connection();
}

int scan__db_commit(scan_db *db)
{
	return db ? db->drv->commit(db) : no_connection();
}

void scan__db_rollback(scan_db *db)
{
	if (db)
		db->drv->rollback(db);
}
