/* lib/db/driver.h - what a database driver implements behind lib/db/db.h */
#ifndef SCAN_DB_DRIVER_H
#define SCAN_DB_DRIVER_H

#include "db/db.h"

typedef struct {
	scan_db_engine engine;
	void (*close)(scan_db *db);
	int (*error)(scan_db *db, const char *what);
	scan_db_failure (*last_failure)(const scan_db *db);
	int (*exec)(scan_db *db, const char *sql);
	int (*prepare)(scan_db *db, scan_db_stmt **out, const char *sql);
	void (*finalize)(scan_db_stmt *s);
	void (*reset)(scan_db_stmt *s);
	void (*bind_int64)(scan_db_stmt *s, int i, int64_t v);
	void (*bind_double)(scan_db_stmt *s, int i, double v);
	void (*bind_null)(scan_db_stmt *s, int i);
	void (*bind_text)(scan_db_stmt *s, int i, const char *v);
	int (*step)(scan_db_stmt *s);
	bool (*column_is_null)(scan_db_stmt *s, int i);
	int64_t (*column_int64)(scan_db_stmt *s, int i);
	double (*column_double)(scan_db_stmt *s, int i);
	const char *(*column_text)(scan_db_stmt *s, int i);
	size_t (*column_bytes)(scan_db_stmt *s, int i);
	int64_t (*changes)(scan_db *db);
	int (*begin)(scan_db *db);
	void (*rollback)(scan_db *db);
	bool (*in_transaction)(scan_db *db);
	int (*listen)(scan_db *db, const char *channel, int timeout_ms, scan_db_notify_fn fn, void *ctx);
} scan_db_driver;

/* The head of every driver's connection and statement. */
struct scan_db {
	const scan_db_driver *drv;
	char *label;
};

struct scan_db_stmt {
	scan_db *db;
};

#endif
