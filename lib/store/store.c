/* lib/store/store.c - open the database file and apply migrations */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "store/store_int.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "util/timefmt.h"

bool scan_store_is_server(const char *target)
{
	return scan_db__is_postgres_url(target);
}

/*
 * A database named by the user (--db, $RAMPART_DB) is created only in a
 * directory that exists: a mistyped path must not leave a fresh database
 * and its directories behind.
 */
static int check_parent_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	scan_buf dir = SCAN_BUF_INIT;
	struct stat sb;
	int rc = 0;

	if (!slash || slash == path)
		return 0; /* the working directory, or the root */
	scan_buf_put(&dir, path, (size_t)(slash - path));
	if (scan_buf_failed(&dir))
		rc = scan_error__oom();
	else if (stat(dir.ptr, &sb) != 0)
		rc = scan_util__error(SCAN_EINVAL, "cannot create database '%s': directory '%s' %s", path, dir.ptr,
		                      errno == ENOENT ? "does not exist" : strerror(errno));
	else if (!S_ISDIR(sb.st_mode))
		rc = scan_util__error(SCAN_EINVAL, "cannot create database '%s': '%s' is not a directory", path, dir.ptr);
	scan_buf_dispose(&dir);
	return rc;
}

/* mkdir -p of the database's directory, private to the user: it holds findings. */
static int make_parent_dirs(const char *path)
{
	char *dir = strdup(path);
	int rc = 0;

	if (!dir)
		return scan_error__oom();
	for (char *s = strchr(dir + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			rc = scan_util__error(SCAN_EIO, "cannot create directory '%s': %s", dir, strerror(errno));
			break;
		}
		*s = '/';
	}
	free(dir);
	return rc;
}

/* One integer of a one-row query about the schema (a pragma, a count). */
static int query_int(scan_store *st, const char *sql, int64_t *out)
{
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = scan_db__prepare(st->db, &s, sql)) != 0)
		return rc;
	if (scan_db__step(s) != SCAN_DB_ROW)
		rc = scan_db__error(st->db, "cannot read the schema version");
	else
		*out = scan_db__column_int64(s, 0);
	scan_db__finalize(s);
	return rc;
}

/* The schema's version, after refusing someone else's SQLite file and a newer schema; reads only. */
static int schema_check(scan_store *st, int *version)
{
	int64_t v = 0, app_id = 0, tables = 0;
	int rc;

	if ((rc = query_int(st, "PRAGMA user_version", &v)) != 0 ||
	    (rc = query_int(st, "PRAGMA application_id", &app_id)) != 0 ||
	    (rc = query_int(st, "SELECT count(*) FROM sqlite_master", &tables)) != 0)
		return rc;
	*version = (int)v;
	/* Someone else's SQLite file: refuse rather than add our tables to it. */
	if ((app_id && app_id != SCAN_STORE_APPLICATION_ID) || (!app_id && tables))
		return scan_util__error(SCAN_ESTORE, "'%s' is not a rampart database", st->path);
	if (*version > scan_store__migration_count)
		return scan_util__error(SCAN_EVERSION,
		                        "database '%s' has schema version %d, newer than this rampart knows (%d): "
		                        "upgrade rampart", st->path, *version, scan_store__migration_count);
	return 0;
}

/*
 * The end of a migration, either engine: rc 0 runs `record` (the statement
 * that stores the new version) and commits; an error, or a failure of
 * either, rolls the whole migration back.
 */
static int migrated(scan_store *st, scan_buf *record, int rc)
{
	if (!rc && (rc = scan_buf_failed(record) ? scan_error__oom() : 0) == 0 &&
	    (rc = scan_db__exec(st->db, record->ptr)) == 0 && (rc = scan_db__commit(st->db)) == 0)
		st->schema_version = scan_store__migration_count;
	else if (rc)
		scan_db__rollback(st->db);
	scan_buf_dispose(record);
	return rc;
}

static int migrate(scan_store *st)
{
	int version, rc;
	scan_buf sql = SCAN_BUF_INIT;

	if ((rc = schema_check(st, &version)) != 0)
		return rc;
	st->schema_version = version;
	if (version == scan_store__migration_count)
		return 0;
	if ((rc = scan_db__begin(st->db)) != 0)
		return rc;
	for (int v = version; v < scan_store__migration_count; v++)
		if ((rc = scan_db__exec(st->db, scan_store__migrations[v])) != 0)
			goto fail;
	scan_buf_printf(&sql, "PRAGMA user_version = %d; PRAGMA application_id = %d;",
	                scan_store__migration_count, SCAN_STORE_APPLICATION_ID);
	return migrated(st, &sql, 0);
fail:
	return migrated(st, &sql, rc);
}

/*
 * The database must be a regular file, or nothing yet: SQLite would write
 * through a symbolic link, write into a device (--db /dev/null) or block on
 * a FIFO. *exists says whether there is one already.
 */
static int check_path(const char *path, bool *exists)
{
	struct stat sb;

	*exists = false;
	if (lstat(path, &sb) != 0)
		return 0; /* missing: created below; other errors are SQLite's to report */
	if (S_ISLNK(sb.st_mode))
		return scan_util__error(SCAN_EINVAL, "database '%s' is a symbolic link: name the file it points to", path);
	if (!S_ISREG(sb.st_mode))
		return scan_util__error(SCAN_EINVAL, "database '%s' is %s, not a regular file", path,
		                        scan_util__file_kind(sb.st_mode));
	*exists = true;
	return 0;
}

static int db_connect(scan_store *st, const char *name, unsigned flags)
{
	char *target = strdup(name);

	if (!target)
		return scan_error__oom();
	free(st->target);
	st->target = target;
	st->sqlite_flags = flags & ~SCAN_DB_CREATE;
	return scan_db__open_sqlite(&st->db, name, flags, st->path);
}

static scan_store *store_new(void)
{
	scan_store *st = calloc(1, sizeof(*st));

	if (st)
		pthread_mutex_init(&st->lock, NULL);
	return st;
}

/* The opening thread's connection is its first. */
static void register_first(scan_store *st)
{
	st->conns[0].owner = pthread_self();
	st->conns[0].db = st->db;
	st->nconns = 1;
}

/* Settings SQLite keeps per connection; the file's journal mode is already WAL. */
#define SQLITE_CONNECTION_PRAGMAS "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"

/* PostgreSQL's read-only handle: the server refuses its writes, as SQLite does a read-only file's. */
#define POSTGRES_READ_ONLY "SET default_transaction_read_only = on"

static int connect_more(scan_store *st, scan_db **out)
{
	int rc;

	*out = NULL;
	if (scan_db__engine(st->db) == SCAN_DB_POSTGRES) {
		if ((rc = scan_db__open_postgres(out, st->target)) == 0 && st->read_only &&
		    (rc = scan_db__exec(*out, POSTGRES_READ_ONLY)) != 0) {
			scan_db__close(*out);
			*out = NULL;
		}
		return rc;
	}
	if ((rc = scan_db__open_sqlite(out, st->target, st->sqlite_flags, st->path)) == 0 &&
	    (rc = scan_db__exec(*out, SQLITE_CONNECTION_PRAGMAS)) != 0) {
		scan_db__close(*out);
		*out = NULL;
	}
	return rc;
}

scan_db *scan_store__conn(scan_store *st)
{
	pthread_t self = pthread_self();
	scan_db *db = NULL;

	pthread_mutex_lock(&st->lock);
	for (size_t i = 0; i < st->nconns && !db; i++)
		if (pthread_equal(st->conns[i].owner, self))
			db = st->conns[i].db;
	if (!db) {
		if (st->nconns == SCAN_STORE_CONNS_MAX)
			scan_util__error(SCAN_ELIMIT, "database '%s': more than %d threads use one store", st->path,
			                 SCAN_STORE_CONNS_MAX);
		else if (connect_more(st, &db) == 0)
			st->conns[st->nconns].owner = self, st->conns[st->nconns++].db = db;
	}
	pthread_mutex_unlock(&st->lock);
	return db;
}

int scan_store_transact(scan_store *st, int (*body)(scan_store *st, void *ctx), void *ctx)
{
	scan_db *db = scan_store__conn(st);
	int rc = 0;

	for (int attempt = 1; attempt <= SCAN_STORE_ATTEMPTS; attempt++) {
		bool conflict;
		if ((rc = scan_db__begin(db)) != 0)
			return rc;
		if ((rc = body(st, ctx)) == 0) {
			rc = scan_db__commit(db); /* a failed commit is rolled back */
			conflict = rc && scan_db__last_failure(db) == SCAN_DB_FAIL_CONFLICT;
		} else {
			conflict = scan_db__last_failure(db) == SCAN_DB_FAIL_CONFLICT;
			scan_db__rollback(db);
		}
		if (!rc || !conflict)
			return rc;
		/* The other transaction needs a moment to finish: a short wait, longer each time. */
		nanosleep(&(struct timespec){ 0, 20000000L * attempt }, NULL);
	}
	return rc;
}

static void db_disconnect(scan_store *st)
{
	scan_db__close(st->db);
	st->db = NULL;
}

/* "file:/a%20b/r.db?immutable=1": the path percent-encoded where a URI needs it. */
static int immutable_uri(scan_buf *uri, const char *path)
{
	scan_buf_puts(uri, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if (*p == '%' || *p == '?' || *p == '#' || *p <= ' ' || *p >= 0x7F)
			scan_buf_printf(uri, "%%%02X", *p);
		else
			scan_buf_putc(uri, (char)*p);
	scan_buf_puts(uri, "?immutable=1");
	return scan_buf_failed(uri) ? scan_error__oom() : 0;
}

/*
 * A read-only connection to an existing database; *stale when its schema is
 * older than this binary's. A WAL database needs its -shm file, which a
 * read-only directory cannot get: when the open fails for that reason and no
 * -wal file holds changes to replay, the file is read as immutable (no
 * writer can be at work in a directory nobody may write).
 */
static int open_read_only(scan_store *st, bool *stale)
{
	scan_buf wal = SCAN_BUF_INIT, uri = SCAN_BUF_INIT;
	struct stat sb;
	int version = 0, rc;

	*stale = false;
	if ((rc = db_connect(st, st->path, SCAN_DB_READ_ONLY)) == 0 && (rc = schema_check(st, &version)) != 0) {
		scan_buf_printf(&wal, "%s-wal", st->path);
		if (scan_db__last_failure(st->db) == SCAN_DB_FAIL_ACCESS && !scan_buf_failed(&wal) &&
		    lstat(wal.ptr, &sb) != 0 && errno == ENOENT) {
			db_disconnect(st);
			if ((rc = immutable_uri(&uri, st->path)) == 0 &&
			    (rc = db_connect(st, uri.ptr, SCAN_DB_READ_ONLY | SCAN_DB_URI)) == 0)
				rc = schema_check(st, &version);
		}
	}
	scan_buf_dispose(&wal);
	scan_buf_dispose(&uri);
	if (rc)
		return rc;
	st->schema_version = version;
	*stale = version < scan_store__migration_count;
	return 0;
}

/*
 * PostgreSQL keeps the schema's version in rampart_schema. A database with
 * tables but no such table is someone else's, refused; migrations run in
 * one transaction holding that table's lock, so two processes starting at
 * once migrate one after the other.
 */
static int migrate_postgres(scan_store *st)
{
	scan_buf sql = SCAN_BUF_INIT;
	int64_t tables = 0, ours = 0, version = 0;
	int rc;

	if ((rc = query_int(st, "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()",
	                    &tables)) != 0 ||
	    (rc = query_int(st, "SELECT count(*) FROM information_schema.tables"
	                        " WHERE table_schema = current_schema() AND table_name = 'rampart_schema'", &ours)) != 0)
		return rc;
	if (!ours && tables)
		return scan_util__error(SCAN_ESTORE, "'%s' is not a rampart database", st->path);
	if ((rc = scan_db__begin(st->db)) != 0)
		return rc;
	if ((!ours && (rc = scan_db__exec(st->db, "CREATE TABLE IF NOT EXISTS rampart_schema ("
	                                          " application TEXT NOT NULL, version INTEGER NOT NULL);"
	                                          "INSERT INTO rampart_schema SELECT 'rampart', 0"
	                                          " WHERE NOT EXISTS (SELECT 1 FROM rampart_schema)")) != 0) ||
	    (rc = scan_db__exec(st->db, "LOCK TABLE rampart_schema IN EXCLUSIVE MODE")) != 0 ||
	    (rc = query_int(st, "SELECT version FROM rampart_schema WHERE application = 'rampart'", &version)) != 0)
		goto fail;
	if (version > scan_store__migration_count) {
		rc = scan_util__error(SCAN_EVERSION, "database '%s' has schema version %lld, newer than this rampart knows "
		                      "(%d): upgrade rampart", st->path, (long long)version, scan_store__migration_count);
		goto fail;
	}
	for (int v = (int)version; v < scan_store__migration_count; v++) {
		scan_buf_clear(&sql);
		if ((rc = scan_store__migration_postgres(&sql, v)) != 0 || (rc = scan_db__exec(st->db, sql.ptr)) != 0)
			goto fail;
	}
	scan_buf_clear(&sql);
	scan_buf_printf(&sql, "UPDATE rampart_schema SET version = %d", scan_store__migration_count);
	return migrated(st, &sql, 0);
fail:
	return migrated(st, &sql, rc);
}

static int open_postgres(scan_store **out, const char *url, bool read_only)
{
	scan_store *st = store_new();
	int rc;

	if (!st)
		return scan_error__oom();
	if ((rc = scan_db__open_postgres(&st->db, url)) != 0 ||
	    !(st->path = strdup(scan_db__label(st->db))) || /* the URL without its password */
	    !(st->target = strdup(url))) {
		rc = rc ? rc : scan_error__oom();
		goto fail;
	}
	/* Created or upgraded first, as SQLite's read-only open does with a missing or older file. */
	if ((rc = migrate_postgres(st)) != 0 || (read_only && (rc = scan_db__exec(st->db, POSTGRES_READ_ONLY)) != 0))
		goto fail;
	st->read_only = read_only;
	register_first(st);
	*out = st;
	return 0;
fail:
	scan_store_free(st);
	return rc;
}

int scan_store_open(scan_store **out, const char *path)
{
	return scan_store_open_ext(out, path, NULL);
}

int scan_store_open_ext(scan_store **out, const char *path, const scan_store_options *opts)
{
	scan_store *st = NULL;
	bool exists, stale = true, own_dir = opts && opts->create_dirs;
	int rc;

	*out = NULL;
	if ((rc = scan_error__check_version(opts, 1, "scan_store_options")) != 0)
		return rc;
	if (!path || !*path) {
		rc = scan_util__error(SCAN_EINVAL, "empty database path");
		goto done;
	}
	if (scan_db__is_postgres_url(path)) {
		rc = open_postgres(&st, path, opts && opts->read_only);
		goto done;
	}
	if ((rc = check_path(path, &exists)) != 0)
		goto done;
	if (!(st = store_new()) || !(st->path = strdup(path))) {
		rc = scan_error__oom();
		goto done;
	}
	if (opts && opts->read_only && exists) {
		if ((rc = open_read_only(st, &stale)) != 0 || !stale)
			goto done;
		db_disconnect(st); /* an older schema: upgraded as a writer would */
	}
	if ((rc = own_dir ? make_parent_dirs(path) : check_parent_dir(path)) != 0 ||
	    (rc = db_connect(st, path, SCAN_DB_CREATE)) != 0)
		goto done;
	/* The schema check comes first: pragmas that write must not touch a foreign file. */
	if ((rc = migrate(st)) != 0)
		goto done;
	if ((rc = scan_db__exec(st->db, "PRAGMA journal_mode = WAL; " SQLITE_CONNECTION_PRAGMAS)) != 0)
		goto done;
done:
	if (rc) {
		scan_store_free(st);
		return rc;
	}
	if (!st->nconns)
		register_first(st);
	*out = st;
	return 0;
}

void scan_store_free(scan_store *st)
{
	if (!st)
		return;
	scan_store__cache_stop(st);
	if (!st->nconns)
		scan_db__close(st->db);
	for (size_t i = 0; i < st->nconns; i++)
		scan_db__close(st->conns[i].db);
	pthread_mutex_destroy(&st->lock);
	free(st->target);
	free(st->path);
	free(st);
}

const char *scan_store_path(const scan_store *st)
{
	return st->path;
}

int scan_store_schema_version(const scan_store *st)
{
	return st->schema_version;
}

int scan_store__read_rows(scan_store *st, scan_db_stmt *s, void *itemsp, size_t *count, size_t *cap, scan_arena *a,
                          size_t size, scan_store_row_reader read, const char *what)
{
	int step, oom = 0;

	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		void *item = scan_array_push(itemsp, count, cap, size);
		if (!item)
			return SCAN_ENOMEM;
		read(s, item, a, &oom);
		if (oom)
			return scan_error__oom();
	}
	if (step != SCAN_DB_DONE)
		return scan_db__error(scan_store__conn(st), what);
	return 0;
}

void *scan_store__new_list(size_t list_size, scan_store *st, scan_db_stmt **s, const char *sql, int *rc)
{
	void *l = calloc(1, list_size);

	*rc = 0;
	if (!l) {
		*rc = scan_error__oom();
		return NULL;
	}
	if ((*rc = scan_db__prepare(scan_store__conn(st), s, sql)) != 0) {
		free(l);
		return NULL;
	}
	return l;
}
