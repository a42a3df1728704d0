/* lib/store/store_int.h - the store behind include/scan/store.h, over lib/db */
#ifndef SCAN_STORE_STORE_INT_H
#define SCAN_STORE_STORE_INT_H

#include "db/db.h"
#include "scan/buf.h"
#include "scan/store.h"
#include "util/arena.h"

struct scan_store {
	scan_db *db;           /* all SQL goes through lib/db */
	char *path;
	int schema_version;
};

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
