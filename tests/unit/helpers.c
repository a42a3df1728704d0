/* tests/unit/helpers.c */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include "helpers.h"

char *th_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *p;

	if (!base || !*base)
		base = "/tmp";
	p = th_join(base, "rampart-test-XXXXXX");
	if (!mkdtemp(p)) {
		perror("mkdtemp");
		abort();
	}
	return p;
}

char *th_join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (!p)
		abort();
	snprintf(p, n, "%s/%s", a, b);
	return p;
}

static void mkparents(char *path)
{
	for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			perror(path);
			abort();
		}
		*s = '/';
	}
}

void th_write_bytes(const char *dir, const char *rel, const void *data, size_t len)
{
	char *p = th_join(dir, rel);
	FILE *f;

	mkparents(p);
	if (!(f = fopen(p, "wb")) || fwrite(data, 1, len, f) != len) {
		perror(p);
		abort();
	}
	fclose(f);
	free(p);
}

void th_write(const char *dir, const char *rel, const char *content)
{
	th_write_bytes(dir, rel, content, strlen(content));
}

char *th_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 4096) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb)
				abort();
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void th_rmtree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *th_pg_url(void)
{
	const char *u = getenv("RAMPART_TEST_DATABASE_URL");

	return u && *u ? u : NULL;
}

static PGconn *pg_connect(const char *url)
{
	PGconn *c = PQconnectdb(url);

	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("cannot connect to %s: %s", url, PQerrorMessage(c));
	return c;
}

void th_pg_exec(const char *url, const char *sql)
{
	PGconn *c = pg_connect(url);
	PGresult *r = PQexec(c, sql);

	if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	PQclear(r);
	PQfinish(c);
}

long long th_pg_count(const char *url, const char *sql)
{
	PGconn *c = pg_connect(url);
	PGresult *r = PQexec(c, sql);
	long long n = -1;

	if (PQresultStatus(r) != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	if (PQntuples(r) > 0 && !PQgetisnull(r, 0, 0))
		n = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	PQclear(r);
	PQfinish(c);
	return n;
}

/* The base URL with its database (the path after "///") replaced by a new, empty one. */
char *th_pg_fresh_db(void)
{
	static unsigned counter;
	const char *base = th_pg_url(), *slash = NULL, *rest;
	char name[64], sql[128], *url;
	size_t len;

	if (!base || !(slash = strstr(base, ":///")))
		fail_msg("RAMPART_TEST_DATABASE_URL must look like postgresql:///DB?host=...");
	snprintf(name, sizeof(name), "t_%ld_%u_%ld", (long)getpid(), counter++, (long)time(NULL));
	snprintf(sql, sizeof(sql), "CREATE DATABASE %s", name);
	th_pg_exec(base, sql);
	rest = slash + 4 + strcspn(slash + 4, "?");
	len = (size_t)(slash + 4 - base) + strlen(name) + strlen(rest) + 1;
	url = malloc(len);
	assert_non_null(url);
	snprintf(url, len, "%.*s%s%s", (int)(slash + 4 - base), base, name, rest);
	return url;
}

double th_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A count from the database through a second, raw connection. */
long long th_db_count(const char *db, const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *s;
	long long n = -1;

	if (th_pg_url())
		return th_pg_count(db, sql);
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &s, NULL), SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		n = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(h);
	return n;
}

void th_db_exec(const char *db, const char *sql)
{
	sqlite3 *h;
	char *err = NULL;

	if (th_pg_url()) {
		th_pg_exec(db, sql);
		return;
	}
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), SQLITE_OK);
	if (sqlite3_exec(h, sql, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", sql, err ? err : "?");
	sqlite3_close(h);
}
