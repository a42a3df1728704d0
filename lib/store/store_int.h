/* lib/store/store_int.h - the SQLite backend behind include/scan/store.h */
#ifndef SCAN_STORE_STORE_INT_H
#define SCAN_STORE_STORE_INT_H

#include <sqlite3.h>
#include "scan/store.h"
#include "util/arena.h"

struct scan_store {
	sqlite3 *db;
	char *path;
	int schema_version;
};

/* The migrations, oldest first; migration i takes the schema from version i to i+1. */
extern const char *const scan__store_migrations[];
extern const int scan__store_migration_count;
#define SCAN_STORE_APPLICATION_ID 0x52414D50 /* "RAMP" */

/* Raise SCAN_ESTORE (or SCAN_ENOMEM) from the connection's last error. */
int scan__db_error(scan_store *st, const char *what);
int scan__db_exec(scan_store *st, const char *sql);
int scan__db_prepare(scan_store *st, sqlite3_stmt **stmt, const char *sql);
int scan__db_begin(scan_store *st);  /* BEGIN IMMEDIATE: take the write lock up front */
int scan__db_commit(scan_store *st);
void scan__db_rollback(scan_store *st);

void scan__db_bind_text(sqlite3_stmt *s, int i, const char *v);   /* NULL binds NULL */
void scan__db_bind_time(sqlite3_stmt *s, int i, time_t t);        /* 0 binds NULL */
void scan__db_bind_id(sqlite3_stmt *s, int i, int64_t v);         /* 0 binds NULL */
/* Column readers that copy into an arena; NULL columns stay NULL. */
const char *scan__db_col_text(sqlite3_stmt *s, int i, scan_arena *a, int *oom);
time_t scan__db_col_time(sqlite3_stmt *s, int i);

/* Loads what the gate needs for a scan and evaluates it at `now`. */
int scan__store_gate_compute(scan_gate_report **out, scan_store *st, int64_t scan_id,
                             int64_t pr_number, time_t now);
/* The quality summary, metrics and new lines of a scan being recorded (quality.c). */
struct scan_result;
int scan__store_quality_record(scan_store *st, int64_t scan_id, const struct scan_result *r);
/* The scan's components and their edges (scan_dependencies), with each one's vulnerability count. */
int scan__store_dependencies_record(scan_store *st, int64_t scan_id, const struct scan_result *r);

int scan__store_gate_save(scan_store *st, int64_t scan_id, const scan_gate_report *r, time_t now);

#endif
