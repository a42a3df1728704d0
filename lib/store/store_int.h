/* lib/store/store_int.h - the store behind include/scan/store.h, over lib/db */
#ifndef SCAN_STORE_STORE_INT_H
#define SCAN_STORE_STORE_INT_H

#include <pthread.h>
#include "db/db.h"
#include "scan/buf.h"
#include "scan/store.h"
#include "util/arena.h"

#define SCAN_STORE_CONNS_MAX 64

/*
 * A store may be shared by threads: each thread works on its own connection
 * (scan__store_conn()), opened on its first call, so a statement, a
 * transaction or an error message never crosses threads. A connection
 * outlives its thread until the store is freed; a new thread that gets the
 * same pthread_t takes it over, idle.
 */
struct scan_store {
	scan_db *db;           /* the opening thread's connection: the schema check and migrations */
	char *path;            /* the database as messages name it (a URL without its password) */
	char *target;          /* what further connections open: the file (or its URI) or the URL; never shown */
	unsigned sqlite_flags; /* SCAN_DB_* the first connection was opened with */
	int schema_version;
	pthread_mutex_t lock;  /* guards conns */
	struct {
		pthread_t owner;
		scan_db *db;
	} conns[SCAN_STORE_CONNS_MAX];
	size_t nconns;
};

/* The calling thread's connection; NULL with the error set when none can be opened. */
scan_db *scan__store_conn(scan_store *st);

/* The migrations, oldest first; migration i takes the schema from version i to i+1. */
extern const char *const scan__store_migrations[];
extern const int scan__store_migration_count;
/* Migration i in PostgreSQL's dialect, appended to out. */
int scan__store_migration_postgres(scan_buf *out, int i);
#define SCAN_STORE_APPLICATION "rampart"   /* PostgreSQL: rampart_schema.application */
#define SCAN_STORE_APPLICATION_ID 0x52414D50 /* "RAMP" */

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
