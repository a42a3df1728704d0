/* lib/db/postgres.c - the PostgreSQL driver, over libpq: for when one machine is not enough */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libpq-fe.h>
#include "db/driver.h"
#include "util/hash.h"
#include "util/error.h"

/* libpq's type ids (catalog/pg_type.h, not installed with libpq-dev) */
#define PG_INT8OID 20
#define PG_FLOAT8OID 701

/*
 * Statements are sent with PQexecPrepared (PQexecParams past the cache of
 * prepared ones), parameters as text: integers
 * typed int8, reals float8, text and NULL left for the server to infer from
 * where they stand (an unknown literal takes the type of the column it is
 * compared with or stored in), which is how the one SQL text serves both
 * engines. A result is read whole; the store's queries are paged.
 */
/*
 * A statement run on a connection is prepared there once, by name, and
 * executed by name from then on (the server answers the same few queries
 * over and over; parsing and planning each was most of their cost).
 * Named statements outlive transactions, rolled back or not.
 */
#define STMT_CACHE 64

typedef struct {
	char *sql;                /* as sent: ?N rewritten as $N */
	uint64_t hash;
	char name[16];
} pg_prepared;

typedef struct {
	scan_db head;
	PGconn *conn;
	char message[512];        /* the last error, first line, for scan_db__error() */
	char sqlstate[6];
	int64_t changes;
	pg_prepared cache[STMT_CACHE];
	size_t ncache;
	bool listening;           /* LISTEN sent (scan_db__listen) */
} pg_db;

typedef struct {
	scan_db_stmt head;
	char *sql;                /* ?N rewritten as $N */
	int nparams;
	char **values;            /* owned text of each parameter; NULL for NULL */
	Oid *types;
	PGresult *res;
	int row, nrows;
} pg_stmt;

static pg_db *db_of(scan_db *db)
{
	return (pg_db *)db;
}

static pg_stmt *stmt_of(scan_db_stmt *s)
{
	return (pg_stmt *)s;
}

/* The server's words, first line only: a message names no password, but may run long. */
static void keep_error(pg_db *d, const PGresult *res)
{
	const char *msg = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	size_t n;

	if (!msg)
		msg = PQerrorMessage(d->conn);
	n = strcspn(msg, "\n");
	snprintf(d->message, sizeof(d->message), "%.*s", (int)(n < sizeof(d->message) ? n : sizeof(d->message) - 1),
	         msg);
	snprintf(d->sqlstate, sizeof(d->sqlstate), "%s", state ? state : "");
}

static void db_close(scan_db *db)
{
	pg_db *d = db_of(db);

	for (size_t i = 0; i < d->ncache; i++)
		free(d->cache[i].sql);
	PQfinish(d->conn);
	free(db->label);
	free(d);
}

static int db_error(scan_db *db, const char *what)
{
	pg_db *d = db_of(db);

	if (PQstatus(d->conn) == CONNECTION_BAD)
		return scan_util__error(SCAN_ESTORE, "database '%s': the connection is lost: %s", db->label, d->message);
	/* 40001 serialization failure, 40P01 deadlock, 55P03 lock not available */
	if (!strcmp(d->sqlstate, "40001") || !strcmp(d->sqlstate, "40P01") || !strcmp(d->sqlstate, "55P03"))
		return scan_util__error(SCAN_ESTORE, "database '%s' is busy: %s", db->label, d->message);
	if (!strcmp(d->sqlstate, "42501") || !strcmp(d->sqlstate, "25006"))
		return scan_util__error(SCAN_ESTORE, "cannot write database '%s': %s", db->label, d->message);
	return scan_util__error(SCAN_ESTORE, "database '%s': %s: %s", db->label, what, d->message);
}

static scan_db_failure db_last_failure(const scan_db *db)
{
	const pg_db *d = (const pg_db *)db;

	if (!strcmp(d->sqlstate, "42501") || !strcmp(d->sqlstate, "25006"))
		return SCAN_DB_FAIL_ACCESS;
	/* 40001 serialization failure, 40P01 deadlock: the server undid the transaction so another could go on. */
	if (!strcmp(d->sqlstate, "40001") || !strcmp(d->sqlstate, "40P01"))
		return SCAN_DB_FAIL_CONFLICT;
	return SCAN_DB_FAIL_OTHER;
}

static int result_ok(pg_db *d, PGresult *res)
{
	ExecStatusType st = PQresultStatus(res);

	if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) {
		const char *n = PQcmdTuples(res);
		d->changes = n && *n ? strtoll(n, NULL, 10) : 0;
		d->message[0] = d->sqlstate[0] = '\0';
		return 1;
	}
	keep_error(d, res);
	return 0;
}

static int db_exec(scan_db *db, const char *sql)
{
	pg_db *d = db_of(db);
	PGresult *res = PQexec(d->conn, sql);
	int ok = res && result_ok(d, res);

	if (!res)
		keep_error(d, NULL);
	PQclear(res);
	return ok ? 0 : db_error(db, "statement failed");
}

/* ?N as $N, outside quoted text; *nparams the largest N. */
static char *rewrite_params(const char *sql, int *nparams)
{
	size_t len = strlen(sql);
	char *out = malloc(len + 1), *o = out;
	char quote = 0;

	*nparams = 0;
	if (!out)
		return NULL;
	for (const char *p = sql; *p; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '?' && p[1] >= '0' && p[1] <= '9') {
			int n = (int)strtol(p + 1, NULL, 10);
			if (n > *nparams)
				*nparams = n;
			*o++ = '$';
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

static void db_finalize(scan_db_stmt *s)
{
	pg_stmt *ps = stmt_of(s);

	PQclear(ps->res);
	for (int i = 0; i < ps->nparams; i++)
		free(ps->values[i]);
	free(ps->values);
	free(ps->types);
	free(ps->sql);
	free(ps);
}

static int db_prepare(scan_db *db, scan_db_stmt **out, const char *sql)
{
	pg_stmt *s = calloc(1, sizeof(*s));

	if (!s)
		return scan_error__oom();
	s->head.db = db;
	s->row = -1;
	if (!(s->sql = rewrite_params(sql, &s->nparams)) ||
	    (s->nparams && (!(s->values = calloc((size_t)s->nparams, sizeof(*s->values))) ||
	                    !(s->types = calloc((size_t)s->nparams, sizeof(*s->types)))))) {
		db_finalize(&s->head);
		return scan_error__oom();
	}
	*out = &s->head;
	return 0;
}

static void db_reset(scan_db_stmt *s)
{
	pg_stmt *ps = stmt_of(s);

	PQclear(ps->res);
	ps->res = NULL;
	ps->row = -1;
	ps->nrows = 0;
}

/* Bindings out of range are ignored, as SQLite ignores them (with an error code nobody reads). */
static void set_param(scan_db_stmt *s, int i, char *value, Oid type)
{
	pg_stmt *ps = stmt_of(s);

	if (i < 1 || i > ps->nparams) {
		free(value);
		return;
	}
	free(ps->values[i - 1]);
	ps->values[i - 1] = value;
	ps->types[i - 1] = type;
}

static void db_bind_int64(scan_db_stmt *s, int i, int64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRId64, v);
	set_param(s, i, strdup(buf), PG_INT8OID);
}

static void db_bind_double(scan_db_stmt *s, int i, double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.17g", v);
	set_param(s, i, strdup(buf), PG_FLOAT8OID);
}

static void db_bind_null(scan_db_stmt *s, int i)
{
	set_param(s, i, NULL, 0);
}

static void db_bind_text(scan_db_stmt *s, int i, const char *v)
{
	set_param(s, i, strdup(v), 0);
}

/*
 * The name the statement is prepared under on this connection, preparing
 * it (with the parameter types of this first run) while there is room;
 * NULL: send it whole. A statement the server refuses to prepare is sent
 * whole, and the error comes from running it.
 */
static const char *prepared(pg_db *d, const pg_stmt *ps)
{
	uint64_t h = scan_hash__bytes(SCAN_HASH_SEED, ps->sql, strlen(ps->sql));
	pg_prepared *p;
	PGresult *res;
	bool ok;

	for (size_t i = 0; i < d->ncache; i++)
		if (d->cache[i].hash == h && !strcmp(d->cache[i].sql, ps->sql))
			return d->cache[i].name;
	if (d->ncache == STMT_CACHE || PQtransactionStatus(d->conn) == PQTRANS_INERROR)
		return NULL;
	p = &d->cache[d->ncache];
	snprintf(p->name, sizeof(p->name), "rampart_%zu", d->ncache);
	res = PQprepare(d->conn, p->name, ps->sql, ps->nparams, ps->types);
	ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
	PQclear(res);
	if (!ok || !(p->sql = strdup(ps->sql)))
		return NULL;
	p->hash = h;
	d->ncache++;
	return p->name;
}

static int db_step(scan_db_stmt *s)
{
	pg_stmt *ps = stmt_of(s);
	pg_db *d = db_of(s->db);

	if (!ps->res) {
		const char *name = prepared(d, ps);
		ps->res = name ? PQexecPrepared(d->conn, name, ps->nparams, (const char *const *)ps->values, NULL, NULL, 0)
		               : PQexecParams(d->conn, ps->sql, ps->nparams, ps->types, (const char *const *)ps->values, NULL,
		                              NULL, 0);
		if (!ps->res) {
			keep_error(d, NULL);
			return SCAN_DB_ERROR;
		}
		if (!result_ok(d, ps->res)) {
			PQclear(ps->res);
			ps->res = NULL;
			return SCAN_DB_ERROR;
		}
		ps->nrows = PQresultStatus(ps->res) == PGRES_TUPLES_OK ? PQntuples(ps->res) : 0;
		ps->row = -1;
	}
	if (ps->row + 1 < ps->nrows) {
		ps->row++;
		return SCAN_DB_ROW;
	}
	ps->row = ps->nrows;
	return SCAN_DB_DONE;
}

static bool in_row(const pg_stmt *ps, int i)
{
	return ps->res && ps->row >= 0 && ps->row < ps->nrows && i >= 0 && i < PQnfields(ps->res);
}

static bool db_column_is_null(scan_db_stmt *s, int i)
{
	pg_stmt *ps = stmt_of(s);

	return !in_row(ps, i) || PQgetisnull(ps->res, ps->row, i);
}

static const char *db_column_text(scan_db_stmt *s, int i)
{
	pg_stmt *ps = stmt_of(s);

	return db_column_is_null(s, i) ? NULL : PQgetvalue(ps->res, ps->row, i);
}

/* Booleans come back as "t" and "f". */
static int64_t db_column_int64(scan_db_stmt *s, int i)
{
	const char *t = db_column_text(s, i);

	if (!t)
		return 0;
	if (t[0] == 't' && !t[1])
		return 1;
	return strtoll(t, NULL, 10);
}

static double db_column_double(scan_db_stmt *s, int i)
{
	const char *t = db_column_text(s, i);

	return t ? strtod(t, NULL) : 0.0;
}

static size_t db_column_bytes(scan_db_stmt *s, int i)
{
	pg_stmt *ps = stmt_of(s);

	return db_column_is_null(s, i) ? 0 : (size_t)PQgetlength(ps->res, ps->row, i);
}

static int64_t db_changes(scan_db *db)
{
	return db_of(db)->changes;
}

static int db_begin(scan_db *db)
{
	return db_exec(db, "BEGIN");
}

static void db_rollback(scan_db *db)
{
	pg_db *d = db_of(db);

	if (PQtransactionStatus(d->conn) != PQTRANS_IDLE)
		PQclear(PQexec(d->conn, "ROLLBACK"));
}

static bool db_in_transaction(scan_db *db)
{
	return PQtransactionStatus(db_of(db)->conn) != PQTRANS_IDLE;
}

static int broken(pg_db *d, const char *what)
{
	keep_error(d, NULL);
	return scan_util__error(SCAN_ESTORE, "%s: %s", what, d->message);
}

static int db_listen(scan_db *db, const char *channel, int timeout_ms, scan_db_notify_fn fn, void *ctx)
{
	pg_db *d = db_of(db);
	struct pollfd pfd = { PQsocket(d->conn), POLLIN, 0 };
	PGnotify *n;
	int rc;

	if (!d->listening) {
		char sql[96];
		/* The channel is the caller's constant; still, only an identifier is sent as one. */
		if (strspn(channel, "abcdefghijklmnopqrstuvwxyz_") != strlen(channel) || strlen(channel) > 63)
			return scan_util__error(SCAN_EINVAL, "bad notification channel");
		snprintf(sql, sizeof(sql), "LISTEN %s", channel);
		if ((rc = db_exec(db, sql)) != 0)
			return rc;
		d->listening = true;
	}
	if (pfd.fd < 0 || PQstatus(d->conn) != CONNECTION_OK)
		return broken(d, "the database connection is lost");
	if (poll(&pfd, 1, timeout_ms) < 0 && errno != EINTR)
		return scan_util__error(SCAN_EIO, "cannot wait for notifications: %s", strerror(errno));
	if (!PQconsumeInput(d->conn))
		return broken(d, "the database connection is lost");
	while ((n = PQnotifies(d->conn)) != NULL) {
		fn(ctx, n->relname, n->extra);
		PQfreemem(n);
	}
	return 0;
}

static const scan_db_driver postgres_driver = {
	SCAN_DB_POSTGRES,
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

/* The server's notices ("relation already exists, skipping") are not the user's concern. */
static void quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

bool scan_db__is_postgres_url(const char *target)
{
	return target && (!strncmp(target, "postgres://", 11) || !strncmp(target, "postgresql://", 13));
}

void scan_db__redact_url(char *out, size_t cap, const char *url)
{
	const char *scheme = strstr(url, "://"), *auth = NULL, *auth_end = NULL, *at = NULL, *colon = NULL;
	size_t o = 0;

	if (cap == 0)
		return;
	if (scheme) {
		auth = scheme + 3;
		auth_end = auth + strcspn(auth, "/?#");
		for (const char *q = auth; q < auth_end; q++)
			if (*q == '@')
				at = q; /* the last one: the host follows it */
		if (at)
			colon = memchr(auth, ':', (size_t)(at - auth));
	}
	for (const char *p = url; *p && o + 1 < cap;) {
		if (colon && p == colon + 1) {
			/* user:password@host -> user:***@host */
			for (const char *r = "***"; *r && o + 1 < cap; r++)
				out[o++] = *r;
			p = at;
			continue;
		}
		if ((p > url && (p[-1] == '?' || p[-1] == '&')) && !strncmp(p, "password=", 9)) {
			/* ?password=... in the query */
			for (const char *r = "password=***"; *r && o + 1 < cap; r++)
				out[o++] = *r;
			p += 9 + strcspn(p + 9, "&#");
			continue;
		}
		out[o++] = *p++;
	}
	out[o] = '\0';
}

int scan_db__open_postgres(scan_db **out, const char *url)
{
	pg_db *d = calloc(1, sizeof(*d));
	char label[512];
	int rc;

	*out = NULL;
	scan_db__redact_url(label, sizeof(label), url);
	if (!d || !(d->head.label = strdup(label))) {
		free(d);
		return scan_error__oom();
	}
	d->head.drv = &postgres_driver;
	if (!(d->conn = PQconnectdb(url)) || PQstatus(d->conn) != CONNECTION_OK) {
		keep_error(d, NULL);
		rc = scan_util__error(SCAN_ESTORE, "cannot connect to database '%s': %s", label,
		                      d->conn ? d->message : "out of memory");
		db_close(&d->head);
		return rc;
	}
	PQsetNoticeProcessor(d->conn, quiet, NULL);
	if ((rc = db_exec(&d->head, "SET client_min_messages = warning; SET TIME ZONE 'UTC'")) != 0) {
		db_close(&d->head);
		return rc;
	}
	*out = &d->head;
	return 0;
}
