/* lib/store/store_int.h - the store behind include/scan/store.h, over lib/db */
#ifndef SCAN_STORE_STORE_INT_H
#define SCAN_STORE_STORE_INT_H

#include <pthread.h>
#include "db/db.h"
#include "store/cache.h"
#include "scan/buf.h"
#include "scan/store.h"
#include "util/arena.h"
#include "scan/array.h"

#define SCAN_STORE_CONNS_MAX 64

/*
 * A store may be shared by threads: each thread works on its own connection
 * (scan_store__conn()), opened on its first call, so a statement, a
 * transaction or an error message never crosses threads. A connection
 * outlives its thread until the store is freed; a new thread that gets the
 * same pthread_t takes it over, idle.
 */
struct scan_store {
	scan_db *db;           /* the opening thread's connection: the schema check and migrations */
	char *path;            /* the database as messages name it (a URL without its password) */
	char *target;          /* what further connections open: the file (or its URI) or the URL; never shown */
	unsigned sqlite_flags; /* SCAN_DB_* the first connection was opened with */
	bool read_only;        /* PostgreSQL: every connection's transactions are read-only */
	int schema_version;
	pthread_mutex_t lock;  /* guards conns */
	struct {
		pthread_t owner;
		scan_db *db;
	} conns[SCAN_STORE_CONNS_MAX];
	size_t nconns;
	scan_store_cache *cache; /* PostgreSQL, a server's: scan_store_cache_start() */
};

/*
 * SQL that confines rows keyed by a scan to the organization bound at
 * param: every read and write of a scan's rows names it, so a scan id of
 * another organization matches nothing.
 */
#define SCAN_STORE_SCAN_IN_ORG(column, param) " " column " IN (SELECT id FROM scans WHERE org_id = " param ")"
#define SCAN_STORE_REPO_IN_ORG(column, param) " " column " IN (SELECT id FROM repositories WHERE org_id = " param ")"

/*
 * A list of records read from the store, with the strings they point to in
 * its arena: the struct and its count, get and free functions, defined once
 * for each public list type (name_list of T).
 */
#define SCAN_STORE_LIST(name, T)                                                    \
	struct name##_list {                                                        \
		T *items;                                                           \
		size_t count, cap;                                                  \
		scan_arena arena;                                                   \
	};                                                                          \
	size_t name##_list_count(const struct name##_list *l)                       \
	{                                                                           \
		return l ? l->count : 0;                                            \
	}                                                                           \
	const T *name##_list_get(const struct name##_list *l, size_t i)             \
	{                                                                           \
		return l && i < l->count ? &l->items[i] : NULL;                     \
	}                                                                           \
	void name##_list_free(struct name##_list *l)                                \
	{                                                                           \
		if (!l)                                                             \
			return;                                                     \
		free(l->items);                                                     \
		scan_arena__dispose(&l->arena);                                     \
		free(l);                                                            \
	}

/* One row into a new item of a list: the item is zeroed, *oom set when a copy fails. */
typedef void (*scan_store_row_reader)(scan_db_stmt *s, void *item, scan_arena *a, int *oom);
/* Steps s into a list of name_list layout (items, count, cap, arena); what names the records in an error. */
int scan_store__read_rows(scan_store *st, scan_db_stmt *s, void *itemsp, size_t *count, size_t *cap, scan_arena *a,
                          size_t size, scan_store_row_reader read, const char *what);
#define SCAN_STORE_READ_LIST(st, s, l, read, what)                                                            \
	scan_store__read_rows((st), (s), &(l)->items, &(l)->count, &(l)->cap, &(l)->arena, sizeof(*(l)->items), \
	                      (read), (what))
/* A zeroed list of list_size bytes, and sql prepared to fill it; NULL with *rc set on failure. */
void *scan_store__new_list(size_t list_size, scan_store *st, scan_db_stmt **s, const char *sql, int *rc);

/* 0 when repo_id is a repository of org, else SCAN_ENOTFOUND ("Repository not found"). */
int scan_store__repo_in_org(scan_store *st, int64_t org, int64_t repo_id);

/* The calling thread's connection; NULL with the error set when none can be opened. */
scan_db *scan_store__conn(scan_store *st);

/* The migrations, oldest first; migration i takes the schema from version i to i+1. */
extern const char *const scan_store__migrations[];
extern const int scan_store__migration_count;
/* Migration i in PostgreSQL's dialect, appended to out. */
int scan_store__migration_postgres(scan_buf *out, int i);
#define SCAN_STORE_APPLICATION "rampart"   /* PostgreSQL: rampart_schema.application */
#define SCAN_STORE_APPLICATION_ID 0x52414D50 /* "RAMP" */

/* The AI-BOM generations of a repository, newest first; generation 0: all of them (aiasm.c). */
struct scan_ai_records;
int scan_store__ai_generation_read(struct scan_ai_records *out, scan_store *st, int64_t org, int64_t repo_id,
                                   int64_t generation);

#endif
